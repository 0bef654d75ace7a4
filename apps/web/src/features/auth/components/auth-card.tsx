import { Card, Typography } from "antd";
import type { ReactNode } from "react";
import { PageTitle } from "../../../shared/components/page-title";

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Card style={{ width: "100%", maxWidth: 420 }}>
      <PageTitle size={3} style={{ marginTop: 0, textAlign: "center" }}>
        {title}
      </PageTitle>
      {subtitle ? (
        <Typography.Paragraph type="secondary" style={{ textAlign: "center" }}>
          {subtitle}
        </Typography.Paragraph>
      ) : null}
      {children}
    </Card>
  );
}
