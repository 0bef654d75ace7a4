import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";

export interface IncidentPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/**
 * Previous / next over the panel's pages ('Página 2 de 3'). Not antd's Pagination: it brings its
 * size select's virtual list (the table chunk, ~50 KB gzip) to the dashboard.
 */
export function IncidentPager({ page, pageSize, total, onChange }: IncidentPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Páginas de incidencias">
      <Flex justify="flex-end" align="center" gap={8}>
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label="Página anterior"
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        />
        <Typography.Text data-testid="incidents-page">
          Página {Math.min(page, pages)} de {pages}
        </Typography.Text>
        <Button
          size="small"
          icon={<RightOutlined />}
          aria-label="Página siguiente"
          disabled={page >= pages}
          onClick={() => onChange(page + 1)}
        />
      </Flex>
    </nav>
  );
}
