import type { AuditItem } from "@treiber/contract";
import { Table, Typography } from "antd";

type DiffRow = { field: string; before: string; after: string };

const show = (value: unknown) =>
  value === undefined ? "" : value === null ? "—" : typeof value === "string" ? value : JSON.stringify(value);

const fieldsOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** One line per field of `before` and `after` (a value that is no object reads as «valor»). */
export function diffRows(item: Pick<AuditItem, "before" | "after">): DiffRow[] {
  const before = fieldsOf(item.before);
  const after = fieldsOf(item.after);
  if (!before && !after) {
    if (item.before === null && item.after === null) return [];
    return [{ field: "valor", before: show(item.before), after: show(item.after) }];
  }
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    before: before ? show(before[field]) : "",
    after: after ? show(after[field]) : "",
  }));
}

/** The expanded row of «Auditoría»: the fields before and after the change. */
export function AuditDiff({ item }: { item: AuditItem }) {
  const rows = diffRows(item);
  if (!rows.length) return <Typography.Text type="secondary">Sin datos de antes ni después</Typography.Text>;
  return (
    <Table<DiffRow>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: "Campo", dataIndex: "field", width: 220 },
        {
          title: "Antes",
          dataIndex: "before",
          render: (value: string) => <Typography.Text type="secondary">{value}</Typography.Text>,
        },
        {
          title: "Después",
          dataIndex: "after",
          render: (value: string) => <Typography.Text>{value}</Typography.Text>,
        },
      ]}
    />
  );
}
