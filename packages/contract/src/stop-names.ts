/**
 * Stop names without a home (issue 33): a stop is shared by riders and shown to every co-rider and
 * to the driver, so it never carries one rider's house: the street without its number, else a
 * landmark, else «Parada N». The same rules clean a stored name or address before Treiber App
 * shows it (decision 0061).
 */

/** The longest stop name and address Planning/apply and Route/stops accept. */
export const MAX_STOP_NAME = 120;
export const MAX_STOP_ADDRESS = 300;

/** «Parada N», the name of a stop nothing better names. */
export const genericStopName = (number: number) => `Parada ${number}`;

/** Words that only say what kind of way follows: «Calle 8» keeps its 8 (it is the street's name). */
const WAY_WORDS = new Set([
  "c",
  "c/",
  "calle",
  "cl",
  "av",
  "ave",
  "avda",
  "avenida",
  "autopista",
  "aut",
  "carretera",
  "carr",
  "ctra",
  "callejon",
  "callejón",
  "pasaje",
  "psje",
  "prolongacion",
  "prolongación",
  "prol",
  "boulevard",
  "bulevar",
  "blvd",
  "paseo",
  "camino",
  "parada",
  "km",
  "kilometro",
  "kilómetro",
  "ruta",
  "street",
  "st",
  "road",
  "rd",
  "avenue",
]);

/**
 * Words that open a dwelling's part (an apartment, a building, a house): from there on the text is
 * the rider's home. A whole part of the address that starts with one is dropped.
 */
const DWELLING =
  "apto|apt|aptos|apartamento|apartment|dpto|depto|departamento|piso|casa|local|suite|unidad|unit|bloque|block|blq|manzana|mz|mza|solar|lote|edif|edf|edificio|torre|residencial|resid|res|condominio|cond|habitaci[oó]n|hab|villa(?=\\s*\\d)|interior|puerta";

/** «#12», «No. 12», «Núm 12», «N° 12», «Nº12», «n.º 12»: a house number from here on. */
const HOUSE_MARK = /(?:#|\bn(?:o|ro|úm|um|\.?\s?[°º])\.?\s*(?=\d)|\bn[úu]mero\s+(?=\d))/iu;
/** A dwelling word followed by its number, letter or name: the rest of the part is the home. */
const DWELLING_PART = new RegExp(`(?:^|[\\s,;/-])(?:${DWELLING})\\b\\.?(?=\\s|\\d|#|$)`, "iu");
const DWELLING_START = new RegExp(`^(?:${DWELLING})\\b\\.?`, "iu");
/** A house number: «12», «12B», «12-B», «12/14», «1/2», «S/N». */
const NUMBER_TOKEN = /^(?:\d+[a-z]?(?:[-/]\d*[a-z]?)*|s\/n|sn)$/iu;
/** An ordinal street name: «3ra», «1ro», «2da», «10ma», «5°». */
const ORDINAL_TOKEN = /^\d+(?:ra|ro|da|do|er|ta|to|va|vo|ma|mo|na|no|°|º)\.?$/iu;

const isNumberToken = (token: string) =>
  NUMBER_TOKEN.test(token.replace(/[.,;:]+$/, "")) && !ORDINAL_TOKEN.test(token);
const fold = (word: string) => word.toLocaleLowerCase("es").replace(/\.$/, "");
const isWayWord = (token: string) => WAY_WORDS.has(fold(token));
const hasLetter = (text: string) => /\p{L}/u.test(text);

/** Trims spaces and the separators a cut leaves at either end. */
const tidy = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/^[\s,;:./\-–—]+|[\s,;:/\-–—(]+$/gu, "")
    .trim();

/**
 * One part of an address (between commas) without its house number: cut at «#», «No.», a
 * dwelling word («Apto 4B», «Edif. …», «Casa 3»), then leading and trailing numbers removed unless
 * what is left would only name the kind of way («Calle 8» stays). Empty when nothing of a street
 * is left.
 */
export function withoutHouseNumber(part: string): string {
  let text = part.replace(/\s+/g, " ").trim();
  if (DWELLING_START.test(text)) return "";
  const mark = text.search(HOUSE_MARK);
  if (mark >= 0) text = text.slice(0, mark);
  const dwelling = text.search(DWELLING_PART);
  if (dwelling >= 0) text = text.slice(0, dwelling);
  let tokens = tidy(text).split(" ").filter(Boolean);
  // Trailing numbers («Calle Las Flores 23», «Autopista Duarte Km 9 1/2»), never the way's own name.
  while (tokens.length > 0) {
    const last = tokens[tokens.length - 1] as string;
    const rest = tokens.slice(0, -1);
    const droppable = isNumberToken(last) || (fold(last) === "km" && rest.length > 1);
    if (!droppable || rest.length === 0 || rest.every(isWayWord)) break;
    tokens = rest;
  }
  // Leading numbers («23 Calle Las Flores»), not a date's day («27 de Febrero»).
  while (tokens.length > 1 && isNumberToken(tokens[0] as string)) {
    const next = fold(tokens[1] as string);
    if (next === "de" || next === "del" || next === "y") break;
    tokens = tokens.slice(1);
  }
  const street = tidy(tokens.join(" "));
  // Nothing of a street: no letters, a lone number, or only the kind of way («Calle»).
  if (!hasLetter(street) || tokens.every(isWayWord) || tokens.every(isNumberToken)) return "";
  return street;
}

const parts = (address: string) =>
  address
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The street of an address without its house number (its first part that names a street), or null. */
export function streetOf(address: string | null | undefined): string | null {
  if (!address) return null;
  for (const part of parts(address)) {
    const street = withoutHouseNumber(part);
    if (street) return street.slice(0, MAX_STOP_NAME).trim();
  }
  return null;
}

/**
 * An address a co-rider may see: every part without house numbers and dwelling parts («Calle
 * José Brea Peña #14, Apto 3B, Evaristo Morales» → «Calle José Brea Peña, Evaristo Morales»);
 * null when nothing is left.
 */
export function safeStopAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const kept = parts(address)
    .map(withoutHouseNumber)
    .filter(Boolean)
    .filter((part, i, all) => all.findIndex((other) => fold(other) === fold(part)) === i);
  const joined = kept.join(", ").slice(0, MAX_STOP_ADDRESS).trim();
  return joined || null;
}

/** The neighbourhood of an address: its second part that is not a house part, or null. */
export function sectorOf(address: string | null | undefined): string | null {
  const clean = safeStopAddress(address);
  if (!clean) return null;
  return parts(clean)[1] ?? null;
}

/** The name of a new stop: its street without the number, else the landmark, else «Parada N». */
export function stopNameFor(place: { address: string | null; landmark?: string | null }, number: number) {
  return streetOf(place.address) ?? place.landmark?.slice(0, MAX_STOP_NAME).trim() ?? genericStopName(number);
}

/**
 * A stored stop's name as it may be shown to co-riders and the driver: without a house number or
 * dwelling part; «Parada N» (its position) when nothing is left.
 */
export function safeStopName(name: string, position: number): string {
  const kept = parts(name).map(withoutHouseNumber).filter(Boolean).join(", ");
  return kept.slice(0, MAX_STOP_NAME).trim() || genericStopName(position);
}
