/**
 * The cédula mask `000-0000000-0` (issue 13 item 10): keeps the digits of what was typed or pasted
 * (with or without hyphens) and inserts the hyphens. Digits beyond 11 are kept so the field's rule
 * refuses them instead of silently dropping them.
 */
export function maskIdentityCard(value: unknown): string {
  if (typeof value !== "string") return "";
  const digits = value.replace(/\D/g, "");
  if (digits.length <= 3) return digits;
  if (digits.length <= 10) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10)}`;
}
