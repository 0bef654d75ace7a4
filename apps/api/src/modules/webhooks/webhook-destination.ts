import { isIP } from "node:net";
import { isPublicAddress } from "../push/public-address.js";
import type { ResolvedAddress, ResolveHost } from "../push/push-destination.js";

export type WebhookDestination =
  | { ok: true; url: URL; hostname: string; addresses: ResolvedAddress[] }
  | { ok: false; reason: "malformed" | "private-address" | "unresolved" };

/**
 * Where a webhook may send (decision 0085), checked when it is created and again before every
 * send: an http(s) URL without credentials whose name resolves, and (unless `allowPrivate`,
 * WEBHOOK_ALLOW_PRIVATE) only to public addresses: loopback, private, link-local (cloud
 * metadata), CGNAT, unique-local… are refused. The send connects only to `addresses` (no second
 * lookup a rebinding name could answer otherwise).
 */
export async function webhookDestination(
  target: string,
  options: { resolve: ResolveHost; allowPrivate: boolean; timeoutMs: number },
): Promise<WebhookDestination> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username !== "" || url.password !== "") {
    return { ok: false, reason: "malformed" };
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: ResolvedAddress[];
  try {
    addresses = await withTimeout(options.resolve(hostname), options.timeoutMs);
  } catch {
    return { ok: false, reason: "unresolved" };
  }
  if (addresses.length === 0 || addresses.some(({ address }) => isIP(address) === 0)) {
    return { ok: false, reason: "unresolved" };
  }
  if (!options.allowPrivate && !addresses.every(({ address }) => isPublicAddress(address))) {
    return { ok: false, reason: "private-address" };
  }
  return { ok: true, url, hostname, addresses };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("resolve timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
