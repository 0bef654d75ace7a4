import { describe, expect, it } from "vitest";
import { pushDestination, type ResolvedAddress, type ResolveHost } from "./push-destination.js";

/** A resolver answering from a table; it records every name it was asked. */
function resolverOf(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`${hostname}: ENOTFOUND`), { code: "ENOTFOUND" });
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { resolve, asked };
}

const check = (endpoint: string, table: Record<string, string[]>, allowedPrivateHosts: string[] = []) =>
  pushDestination(endpoint, { resolve: resolverOf(table).resolve, allowedPrivateHosts, timeoutMs: 1_000 });

describe("pushDestination: checked right before each send (issue 32)", () => {
  it("gives the URL and every address of a name that resolves only to public addresses", async () => {
    const destination = await check("https://fcm.googleapis.com/fcm/send/abc", {
      "fcm.googleapis.com": ["142.250.72.10", "2607:f8b0:4004:c07::5f"],
    });
    expect(destination).toEqual({
      ok: true,
      url: new URL("https://fcm.googleapis.com/fcm/send/abc"),
      addresses: [
        { address: "142.250.72.10", family: 4 },
        { address: "2607:f8b0:4004:c07::5f", family: 6 },
      ],
    });
  });

  it("refuses a public name that resolves to any private address (never just the first checked)", async () => {
    for (const addresses of [
      ["127.0.0.1"],
      ["10.0.0.7"],
      ["169.254.169.254"],
      ["::1"],
      ["::ffff:127.0.0.1"],
      ["fd00::1"],
      ["142.250.72.10", "127.0.0.1"],
      ["2607:f8b0:4004:c07::5f", "fe80::1"],
    ]) {
      expect(
        await check("https://push.example.com/x", { "push.example.com": addresses }),
        String(addresses),
      ).toEqual({ ok: false, reason: "private-address" });
    }
  });

  it("refuses what the subscribe-time rule refuses (rows stored before it) without resolving", async () => {
    const { resolve, asked } = resolverOf({});
    const options = { resolve, allowedPrivateHosts: [], timeoutMs: 1_000 };
    expect(await pushDestination("https://0x7f.1/x", options)).toEqual({ ok: false, reason: "ip-address" });
    expect(await pushDestination("https://[::1]:8443/x", options)).toEqual({
      ok: false,
      reason: "ip-address",
    });
    expect(await pushDestination("https://localhost./x", options)).toEqual({
      ok: false,
      reason: "not-a-domain",
    });
    expect(await pushDestination("https://metadata.google.internal/x", options)).toEqual({
      ok: false,
      reason: "internal-name",
    });
    expect(await pushDestination("http://push.example.com/x", options)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(await pushDestination("no es una url", options)).toEqual({ ok: false, reason: "malformed" });
    expect(asked).toEqual([]);
  });

  it("a name that does not resolve (or too slowly) is `unresolved`: maybe temporary", async () => {
    expect(await check("https://push.example.com/x", {})).toEqual({ ok: false, reason: "unresolved" });
    expect(await check("https://push.example.com/x", { "push.example.com": [] })).toEqual({
      ok: false,
      reason: "unresolved",
    });
    const never: ResolveHost = () => new Promise(() => undefined);
    expect(
      await pushDestination("https://push.example.com/x", {
        resolve: never,
        allowedPrivateHosts: [],
        timeoutMs: 20,
      }),
    ).toEqual({ ok: false, reason: "unresolved" });
  });

  it("an allowed host (PUSH_ALLOWED_PRIVATE_HOSTS, tests only) skips both rules, and only that host", async () => {
    const local = { "127.0.0.1": ["127.0.0.1"], "::1": ["::1"], "push.example.com": ["127.0.0.1"] };
    expect(await check("https://127.0.0.1:4443/ana", local, ["127.0.0.1"])).toMatchObject({
      ok: true,
      addresses: [{ address: "127.0.0.1", family: 4 }],
    });
    expect(await check("https://[::1]:4443/ana", local, ["::1"])).toMatchObject({ ok: true });
    expect(await check("https://127.0.0.1:4443/ana", local, ["::1"])).toEqual({
      ok: false,
      reason: "ip-address",
    });
    expect(await check("https://push.example.com/ana", local, ["127.0.0.1"])).toEqual({
      ok: false,
      reason: "private-address",
    });
    // Still https and without user info.
    expect(await check("http://127.0.0.1:4443/ana", local, ["127.0.0.1"])).toEqual({
      ok: false,
      reason: "malformed",
    });
  });
});
