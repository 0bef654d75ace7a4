import type { ReactNode } from "react";
import { PageTitle } from "../../shared/components/page-title";

/** A page of the dashboard: its title (the page's heading) over its content. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <PageTitle style={{ marginTop: 0 }}>{title}</PageTitle>
      {children}
    </section>
  );
}
