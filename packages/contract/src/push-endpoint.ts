/**
 * Why a Web Push endpoint is refused before anything is stored or sent (issue 32): the server POSTs
 * to whatever URL a phone hands it, so the URL must name a push service on the Internet.
 * - `malformed`: not an `https://host/…` URL as browsers give it (user info, backslashes,
 *   percent-encoded or non-ASCII host, anything a URL parser would rewrite).
 * - `ip-address`: an IP literal in any notation (`127.1`, `0x7f.1`, `0177.0.0.1`, `2130706433`,
 *   `[::ffff:127.0.0.1]`): a URL parser turns them all into an address.
 * - `not-a-domain`: a single label (`localhost`, `metadata`), a trailing dot (`localhost.`) or a
 *   label that is not letters, digits and hyphens.
 * - `internal-name`: a name only a private resolver answers (`*.internal`, `*.local`, `*.svc`…).
 * The server checks again after resolving the name: a public name may still point inside.
 */
export type PushEndpointProblem = "malformed" | "ip-address" | "not-a-domain" | "internal-name";

/**
 * Top-level names (and `home.arpa`-like suffixes) that never reach a public push service:
 * special-use (RFC 6761, 6762, 8375, 9476), Kubernetes' and clouds' service names, and the private
 * top-level names networks commonly use. A name is internal when it is one of them or ends in
 * `.` + one of them (`metadata.google.internal`, `kubernetes.default.svc.cluster.local`).
 */
export const INTERNAL_NAME_SUFFIXES = [
  "localhost",
  "local",
  "localdomain",
  "internal",
  "intranet",
  "private",
  "corp",
  "home",
  "lan",
  "svc",
  "arpa",
  "test",
  "example",
  "invalid",
  "onion",
  "alt",
] as const;

/** `https://` then the host (with an optional port) as typed, up to the path, query or fragment. */
const AUTHORITY = /^https:\/\/([^/?#@\\\s]+)(?:[/?#]|$)/i;
/** Letters, digits and inner hyphens, 1–63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level name is never all digits (that would be an IPv4 address to a URL parser). */
const TOP_LEVEL = /^(?:[a-z][a-z0-9-]{0,61}[a-z0-9]|xn--[a-z0-9-]{1,59})$/;

/** Undefined when `endpoint` is an https URL naming a public host by a domain name; else why not. */
export function pushEndpointProblem(endpoint: string): PushEndpointProblem | undefined {
  const authority = AUTHORITY.exec(endpoint)?.[1]?.toLowerCase();
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "malformed";
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return "malformed";
  // A URL parser reads every IPv4 notation (hex, octal, short, one integer) as a dotted quad and
  // keeps IPv6 in brackets: checked on its result, no notation slips through.
  if (url.hostname.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname)) return "ip-address";
  // As typed it must already be what the parser made of it: nothing is rewritten on the way.
  if (authority?.replace(/:\d{1,5}$/, "") !== url.hostname) return "malformed";
  return pushHostNameProblem(url.hostname);
}

/** Undefined for a public domain name (lower case, as a URL parser gives it); else why not. */
export function pushHostNameProblem(hostname: string): PushEndpointProblem | undefined {
  const labels = hostname.split(".");
  const top = labels.at(-1) ?? "";
  if (hostname.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) {
    return "not-a-domain";
  }
  if (!TOP_LEVEL.test(top)) return "not-a-domain";
  const internal = INTERNAL_NAME_SUFFIXES.some(
    (suffix) => hostname === suffix || hostname.endsWith(`.${suffix}`),
  );
  return internal ? "internal-name" : undefined;
}
