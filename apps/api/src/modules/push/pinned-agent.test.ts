import type { LookupAddress, LookupOptions } from "node:dns";
import { describe, expect, it } from "vitest";
import { pinnedLookup } from "./pinned-agent.js";

const checked = [
  { address: "142.250.72.10", family: 4 as const },
  { address: "2607:f8b0:4004:c07::5f", family: 6 as const },
];

/** Calls the lookup as net.connect does and gives back what it answered. */
function ask(name: string, options: LookupOptions) {
  return new Promise<{
    error: NodeJS.ErrnoException | null;
    address: string | LookupAddress[];
    family?: number;
  }>((resolve) =>
    pinnedLookup("fcm.googleapis.com", checked)(name, options, (error, address, family) =>
      resolve({ error, address, family }),
    ),
  );
}

describe("pinnedLookup: the connection gets the checked addresses, no second resolution (issue 32)", () => {
  it("answers the checked name with the checked addresses, one or all, by family", async () => {
    expect(await ask("fcm.googleapis.com", {})).toEqual({ error: null, address: "142.250.72.10", family: 4 });
    expect(await ask("FCM.googleapis.com", { family: 6 })).toEqual({
      error: null,
      address: "2607:f8b0:4004:c07::5f",
      family: 6,
    });
    // Node's happy eyeballs (autoSelectFamily) asks for all of them.
    expect((await ask("fcm.googleapis.com", { all: true })).address).toEqual(checked);
    expect((await ask("fcm.googleapis.com", { all: true, family: 4 })).address).toEqual([checked[0]]);
  });

  it("answers any other name with ENOTFOUND", async () => {
    const other = await ask("localhost", {});
    expect(other.error?.code).toBe("ENOTFOUND");
    expect((await ask("fcm.googleapis.com.evil.example", { all: true })).error?.code).toBe("ENOTFOUND");
  });
});
