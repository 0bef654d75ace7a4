import { Card, Typography } from "antd";
import { Link } from "react-router";
import { PageTitle } from "../../../shared/components/page-title";
import { SectionTitle } from "../../../shared/components/section-title";

export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocumentProps {
  title: string;
  updatedAt: string;
  sections: LegalSection[];
}

export function LegalDocument({ title, updatedAt, sections }: LegalDocumentProps) {
  return (
    <Card style={{ width: "100%", maxWidth: 860 }}>
      <Typography>
        <PageTitle style={{ marginTop: 0 }}>{title}</PageTitle>
        <Typography.Paragraph type="secondary">Última actualización: {updatedAt}</Typography.Paragraph>
        {sections.map((section) => (
          <section key={section.title}>
            <SectionTitle size={4}>{section.title}</SectionTitle>
            {section.paragraphs.map((paragraph) => (
              <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
            ))}
            {section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>
                    <Typography.Text>{item}</Typography.Text>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <Typography.Paragraph>
          <Link to="/login">Volver a iniciar sesión</Link>
        </Typography.Paragraph>
      </Typography>
    </Card>
  );
}
