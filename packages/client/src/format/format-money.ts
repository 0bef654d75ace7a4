const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Money in USD with no decimals (spec §9): 1234.5 → '$1,235'; missing or unreadable → '$0'. */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = Number(value ?? 0);
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

const usdCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money with its cents, for rates (a rate per km is usually a fraction of a dollar): 2.5 → '$2.50'. */
export function formatMoneyCents(value: number): string {
  return usdCents.format(Number.isFinite(value) ? value : 0);
}
