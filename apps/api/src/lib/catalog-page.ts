/** A page of catalog rows (branch offices, suppliers) as the API answers it: total, status, ISO creation date. */
export function catalogPage<Row extends { createdAt: Date; status: string }>(page: {
  total: number;
  rows: Row[];
}) {
  return {
    amount: page.total,
    list: page.rows.map(({ createdAt, status, ...row }) => ({
      ...row,
      status: status as "active" | "inactive",
      createdDate: createdAt.toISOString(),
    })),
  };
}
