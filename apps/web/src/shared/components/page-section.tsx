import { Typography } from "antd";
import type { ReactNode } from "react";

/** A page of the dashboard: its title (the page's heading) over its content. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
