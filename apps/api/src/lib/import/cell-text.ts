/**
 * A number as the text Excel shows in a General cell: 15 significant digits, so the binary noise
 * of a computed or stored value goes away (8095551234 → "8095551234", 18.4861 → "18.4861",
 * 0.1 + 0.2 → "0.3", 25 → "25").
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const plain = String(value);
  // Up to 15 characters there cannot be more than 15 significant digits (the common case).
  if (plain.length <= 15 && !plain.includes("e")) return plain;
  const rounded = Number(value.toPrecision(15));
  return String(rounded);
}

/**
 * OOXML writes characters XML cannot hold as `_xHHHH_` (`_x0007_` is BEL, `_x005F_` a literal
 * underscore): decoded, so a control character reaches the row schemas, which refuse it.
 */
export const decodeOoxmlEscapes = (text: string) =>
  text.includes("_x")
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    : text;
