import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent } from "node:https";
import type { ResolvedAddress } from "./push-destination.js";

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the connection that answers `hostname` with the addresses already checked and
 * nothing else: the socket never asks the resolver a second time, so a name that answered a
 * public address to the check cannot answer 127.0.0.1 to the connection (DNS rebinding).
 */
export function pinnedLookup(hostname: string, addresses: readonly ResolvedAddress[]) {
  return (name: string, options: LookupOptions, callback: LookupCallback) => {
    const family =
      options.family === 4 || options.family === "IPv4"
        ? 4
        : options.family === 6 || options.family === "IPv6"
          ? 6
          : 0;
    const usable = addresses.filter((candidate) => family === 0 || candidate.family === family);
    const first = usable[0];
    if (name.toLowerCase() !== hostname.toLowerCase() || !first) {
      const error: NodeJS.ErrnoException = new Error(`${name}: no checked address`);
      error.code = "ENOTFOUND";
      callback(error, "");
      return;
    }
    if (options.all) {
      // Node's happy eyeballs (autoSelectFamily) asks for every address.
      callback(
        null,
        usable.map(({ address, family }) => ({ address, family })),
      );
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/**
 * An HTTPS agent for one send: connects only to the checked `addresses` of `hostname` (SNI,
 * certificate check and Host stay the name) and keeps no socket for later. `ca` replaces the
 * trusted roots (tests' local push service).
 */
export function pinnedAgent(hostname: string, addresses: readonly ResolvedAddress[], ca?: string | Buffer) {
  return new Agent({ lookup: pinnedLookup(hostname, addresses), keepAlive: false, ...(ca && { ca }) });
}
