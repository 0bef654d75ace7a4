import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { apiKeys } from "../../src/db/schema.js";
import { sha256Hex } from "../../src/lib/sha256-hex.js";
import { API_KEY_TOUCH_MS, createApiKeyGate } from "../../src/modules/api-keys/api-key-gate.js";
import { insertApiKey } from "../../src/modules/api-keys/api-key-repository.js";
import { apiKeyPrefix, newApiKey } from "../../src/modules/api-keys/api-key-service.js";
import { createMemoryAttemptStore } from "../../src/modules/auth/attempt-store.js";
import { createUser, testDatabase } from "../helpers/test-app.js";

/** A request of `ip` to GET Route/list (routes:read), as the access hook hands it to the gate. */
const request = (ip: string) =>
  ({
    method: "GET",
    ip,
    routeOptions: { url: API.route.list.path },
    body: undefined,
  }) as unknown as FastifyRequest;
const reply = { header: () => reply } as unknown as FastifyReply;

describe("an API key's last use", () => {
  it("is written at most once a minute per key (fake clock), then again with the new address", async () => {
    const { db } = await testDatabase();
    const creator = await createUser({ role: "SuperAdmin" });
    const key = newApiKey();
    const id = await insertApiKey(db, {
      name: "Reloj",
      keyHash: sha256Hex(key),
      prefix: apiKeyPrefix(key),
      scopes: ["routes:read"],
      createdByUserId: creator.id,
    });
    const clock = { now: Date.parse("2031-03-01T12:00:00Z") };
    const gate = createApiKeyGate({
      db,
      attempts: createMemoryAttemptStore(() => clock.now),
      ratePerMinute: 1000,
      now: () => clock.now,
    });
    const read = async () => {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
      return { at: row?.lastUsedAt?.toISOString(), ip: row?.lastUsedIp };
    };

    const caller = await gate.authenticate(key, request("198.51.100.1"), reply);
    expect(caller).toMatchObject({ id: 0, role: "Admin", apiKey: { id, scopes: ["routes:read"] } });
    expect(await read()).toEqual({ at: "2031-03-01T12:00:00.000Z", ip: "198.51.100.1" });

    clock.now += API_KEY_TOUCH_MS - 1_000;
    await gate.authenticate(key, request("198.51.100.2"), reply);
    expect(await read()).toEqual({ at: "2031-03-01T12:00:00.000Z", ip: "198.51.100.1" });

    clock.now += 1_000;
    await gate.authenticate(key, request("198.51.100.2"), reply);
    expect(await read()).toEqual({ at: "2031-03-01T12:01:00.000Z", ip: "198.51.100.2" });
  });
});
