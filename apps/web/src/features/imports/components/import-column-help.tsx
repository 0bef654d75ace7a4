import type { ImportColumn } from "@treiber/contract";
import { Collapse, Typography } from "antd";

/** The template's columns and the rule of each, folded under one heading. */
export function ImportColumnHelp({ columns }: { columns: readonly ImportColumn[] }) {
  return (
    <Collapse
      size="small"
      items={[
        {
          key: "columns",
          label: "Columnas de la plantilla y sus reglas",
          children: (
            <dl className="import-column-help" style={{ margin: 0 }}>
              {columns.map((column) => (
                <div key={column.key} style={{ marginBottom: 6 }}>
                  <dt style={{ display: "inline", fontWeight: 600 }}>
                    {column.header}
                    <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                      {column.required ? " (obligatoria)" : " (opcional)"}
                    </Typography.Text>
                    {": "}
                  </dt>
                  <dd style={{ display: "inline", margin: 0 }}>{column.rule}</dd>
                </div>
              ))}
            </dl>
          ),
        },
      ]}
    />
  );
}
