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

/** A number with its sign: «+2», «−1.5 km» (a true minus sign), and zero without one («0 km»). */
export function formatSigned(value: number, format: (absolute: number) => string): string {
  if (Math.abs(value) < 1e-9) return format(0);
  return `${value > 0 ? "+" : "−"}${format(Math.abs(value))}`;
}

/** A latitude or longitude in degrees with `digits` decimals (5 ≈ 1 m): '18.47000', '-69.93000'. */
export function formatCoordinate(value: number, digits = 5): string {
  return formatNumber(value, digits, digits);
}
