import type { RawCell } from "./raw-row.js";

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

type RichText = { richText: { text?: string | null }[] };

/**
 * An exceljs cell value (streaming reader) as cell text: strings, shared strings, rich text,
 * numbers and booleans become text; a formula or a date is a problem (its value is never used);
 * an error value (#N/A) is its text.
 */
export function cellText(value: unknown): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return decodeOoxmlEscapes(value);
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return { problem: "date" };
  if (typeof value !== "object") return null;
  if ("formula" in value || "sharedFormula" in value) return { problem: "formula" };
  if ("richText" in value && Array.isArray((value as RichText).richText))
    return decodeOoxmlEscapes((value as RichText).richText.map((run) => run.text ?? "").join(""));
  if ("text" in value && typeof value.text === "string") return decodeOoxmlEscapes(value.text);
  if ("error" in value && typeof value.error === "string") return value.error;
  return null;
}
