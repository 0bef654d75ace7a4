import { Flex } from "antd";
import { Link } from "react-router";

export interface RelatedLink {
  to: string;
  label: string;
}

/** Links from a page to the pages users expect to reach from it (those the sidebar does not list). */
export function RelatedLinks({
  links,
  label = "Páginas relacionadas",
}: {
  links: RelatedLink[];
  label?: string;
}) {
  return (
    <nav aria-label={label} style={{ marginBottom: 16 }}>
      <Flex gap={16} wrap>
        {links.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </Flex>
    </nav>
  );
}
