import { formatMoney } from "@treiber/client/format";
import type { SupplierStatsItem } from "@treiber/contract";
import { Card, Empty, theme } from "antd";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** Services cost per supplier in the range (bar chart). */
export function SupplierChart({
  stats,
  loading,
}: {
  stats: SupplierStatsItem[] | undefined;
  loading: boolean;
}) {
  const rows = stats ?? [];
  const { token } = theme.useToken();
  return (
    <Card title="Monto por suplidor" loading={loading && !stats} data-testid="supplier-chart">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay servicios en el período" />
      ) : (
        <div style={{ width: "100%", height: Math.max(200, rows.length * 48 + 48) }}>
          <ResponsiveContainer>
            <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" tickFormatter={(value: number) => formatMoney(value)} />
              <YAxis type="category" dataKey="name" width={170} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(value) => [formatMoney(Number(value)), "Monto"]} />
              <Bar
                dataKey="amount"
                name="Monto"
                fill={token.colorPrimary}
                radius={[0, 4, 4, 0]}
                barSize={28}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <ul aria-label="Monto por suplidor" style={visuallyHidden}>
        {rows.map((row) => (
          <li key={row.supplierId}>{`${row.name}: ${formatMoney(row.amount)}`}</li>
        ))}
      </ul>
    </Card>
  );
}

const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
