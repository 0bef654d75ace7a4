import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { type PushEndpointProblem, pushEndpointProblem } from "@treiber/contract";
import { isPublicAddress } from "./public-address.js";

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Every address a host name resolves to (an IP literal resolves to itself). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver, as a connection would use it (getaddrinfo: /etc/hosts, then DNS). */
export const systemResolveHost: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Why a send is refused: the endpoint's own problem, `private-address` (the name resolves to at
 * least one address that is not public) or `unresolved` (no answer: may be temporary).
 */
export type PushDestinationRefusal = PushEndpointProblem | "private-address" | "unresolved";

export type PushDestination =
  | {
      ok: true;
      /** The endpoint as a URL parser reads it: what is sent to (`href`) and named in SNI and Host. */
      url: URL;
      /** The checked addresses the connection may use, and no others. */
      addresses: ResolvedAddress[];
    }
  | { ok: false; reason: PushDestinationRefusal };

/**
 * Where a push may go (issue 32), checked right before the send: the endpoint must pass the
 * subscribe-time rule again (rows stored before it existed) and EVERY address its name resolves to
 * must be public, so a public name pointing inside (or a resolver that answers differently now)
 * is refused. The caller connects only to `addresses`: no second lookup can answer otherwise.
 * Hosts in `allowedPrivateHosts` (PUSH_ALLOWED_PRIVATE_HOSTS: tests' local push service) skip
 * both rules; their addresses are still the ones connected to.
 */
export async function pushDestination(
  endpoint: string,
  options: { resolve: ResolveHost; allowedPrivateHosts: readonly string[]; timeoutMs: number },
): Promise<PushDestination> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const allowed = options.allowedPrivateHosts.includes(hostname);
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") {
    return { ok: false, reason: "malformed" };
  }
  if (!allowed) {
    const problem = pushEndpointProblem(endpoint);
    if (problem) return { ok: false, reason: problem };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await withTimeout(options.resolve(hostname), options.timeoutMs);
  } catch {
    return { ok: false, reason: "unresolved" };
  }
  if (addresses.length === 0 || addresses.some(({ address }) => isIP(address) === 0)) {
    return { ok: false, reason: "unresolved" };
  }
  if (!allowed && !addresses.every(({ address }) => isPublicAddress(address))) {
    return { ok: false, reason: "private-address" };
  }
  return { ok: true, url, addresses };
}

/** A resolver that never answers must not hold the alerts back longer than a slow push service. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("resolve timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
