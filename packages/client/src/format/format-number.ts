/**
 * A number in the back office, like its money and km: Dominican grouping and decimal point,
 * '1,234.56'; at most `maximumFractionDigits` decimals, at least `minimumFractionDigits`.
 */
export function formatNumber(value: number, maximumFractionDigits = 2, minimumFractionDigits = 0): string {
  return value.toLocaleString("es-DO", {
    maximumFractionDigits,
    minimumFractionDigits: Math.min(minimumFractionDigits, maximumFractionDigits),
  });
}

/** A share (0–1) as a percentage with a space before the sign: 0.333 → '33 %', with one decimal '33.3 %'. */
export function formatPercent(share: number, maximumFractionDigits = 0): string {
  return `${formatNumber(share * 100, maximumFractionDigits)} %`;
}
