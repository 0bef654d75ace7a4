/**
 * Kilometres in the back office (cut detail, trip sheet): Dominican grouping and decimal point,
 * at most `maximumFractionDigits` decimals: '1,234.56 km'.
 */
export function formatKm(km: number, maximumFractionDigits: 1 | 2): string {
  return `${km.toLocaleString("es-DO", { maximumFractionDigits })} km`;
}

/**
 * A distance in Treiber App (to the bus): metres to the ten under 1 km ('850 m'), else km with a
 * decimal comma, one decimal under 10 km ('2,4 km', '12 km').
 */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters / 10) * 10} m`;
  const km = meters / 1000;
  const digits = km < 10 ? 1 : 0;
  return `${km.toLocaleString("es", { maximumFractionDigits: digits, minimumFractionDigits: digits })} km`;
}
