import { Card, Typography } from "antd";
import type { ReactNode } from "react";
import { PageTitle } from "../../shared/components/page-title";

export interface SectionPlaceholderProps {
  title: string;
  description?: string;
  children?: ReactNode;
}

/** Page title plus a short note while the section's content is being prepared. */
export function SectionPlaceholder({ title, description, children }: SectionPlaceholderProps) {
  return (
    <section>
      <PageTitle style={{ marginTop: 0 }}>{title}</PageTitle>
      <Card>
        <Typography.Paragraph type="secondary" style={{ marginBottom: children ? 16 : 0 }}>
          {description ?? "Estamos preparando esta sección. Muy pronto podrá gestionarla desde aquí."}
        </Typography.Paragraph>
        {children}
      </Card>
    </section>
  );
}
