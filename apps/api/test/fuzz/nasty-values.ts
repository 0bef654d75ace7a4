import fc from "fast-check";

/** One mebibyte of text: a body or a field this long must answer 413 or 400, never 500. */
export const ONE_MB = "x".repeat(1_048_576);

/** Impossible or out-of-range dates in both API formats (MM/DD/YYYY and cut instants). */
export const NASTY_DATES = [
  "02/30/2025",
  "12/31/9999",
  "00/00/0000",
  "13/01/2025",
  "01/01/0001",
  "02/29/2023",
  "2025-02-30T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "0000-01-01T00:00:00Z",
  "+275760-09-13T00:00:00Z",
];

/** Strings a careless or hostile client sends: control characters, encodings, injections, paths. */
export const NASTY_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\u0007\u0008\u001b[31m",
  "línea\r\nnueva\ttab",
  "\u007f",
  "\ud800",
  "\udfff\ud800",
  "\u202eRTL",
  "😀👍🏽",
  "ñÑáÉ",
  "",
  " ",
  "%00",
  "%",
  "_",
  "\\",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, on purpose
  "${7*7}",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "0x10",
  " 1 ",
  "2147483648",
  "-2147483649",
  "9".repeat(400),
  "x".repeat(10_000),
  ...NASTY_DATES,
];

/** Numbers and other JSON values where a string or an id is expected. */
export const NASTY_VALUES: unknown[] = [
  0,
  -0,
  -1,
  1.5,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  null,
  true,
  false,
  [],
  [null],
  {},
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
  ["\u0000"],
  { "\u0000": "\u0000" },
];

export const nastyString = fc.constantFrom(...NASTY_STRINGS);
/** The database refuses NUL in text: these must reach the services often. */
export const controlString = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "Piantini\u0000",
  "\u0001\u001f",
  "x\u007f",
);
export const nastyValue = fc.oneof(
  { weight: 3, arbitrary: controlString },
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 1, arbitrary: fc.constant(ONE_MB) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
);

/** A JSON document `depth` levels deep, as text (the parser, not the schema, meets it first). */
export const deepJson = (depth: number) => `${'{"a":['.repeat(depth)}1${"]}".repeat(depth)}`;

/**
 * Text the API must never show a caller: driver and database errors, SQL, stack frames, file
 * paths, JavaScript error names.
 */
export const INTERNAL_TEXT =
  /invalid byte sequence|invalid input syntax|syntax error|out of range for type|violates .* constraint|duplicate key|relation "|column "|\bSELECT\b|\bINSERT INTO\b|\bUPDATE\b .* \bSET\b|DELETE FROM|\bat .+\.(?:ts|js|mjs):\d+|node_modules|\/work\/|\/src\/|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|undefined is not|ZodError|drizzle|pglite|postgres|stack/i;
