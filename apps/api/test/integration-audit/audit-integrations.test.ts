import type { AuditItem, AuditListResponse } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, signedInAs, testConfig } from "../helpers/test-app.js";

let app: FastifyInstance;
let superAdmin: SignedIn;

beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ WEBHOOK_ALLOW_PRIVATE: "true" }) });
  superAdmin = await signedInAs(app, "SuperAdmin");
});
afterAll(async () => {
  await app?.close();
});

async function rowsOf(entity: string, entityId: number): Promise<AuditItem[]> {
  const response = await app.inject({
    method: "GET",
    url: `${API.audit.list.path}?entity=${entity}&entityId=${entityId}`,
    headers: superAdmin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AuditListResponse).list;
}

/** Neither the key, its hash, nor a webhook's secret is ever in the trail. */
function noSecrets(rows: AuditItem[], ...secrets: string[]) {
  const text = JSON.stringify(rows);
  expect(text).not.toMatch(/hash|secret/i);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe("the audit trail of API keys and webhooks", () => {
  it("a key created and revoked, and a webhook a key created and a SuperAdmin deleted: who, without secrets", async () => {
    const created = await app.inject({
      method: "POST",
      url: API.apiKey.create.path,
      headers: superAdmin.headers,
      payload: { name: "ERP", scopes: ["webhooks:manage"] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id: keyId, key } = created.json() as { id: number; key: string };

    // The system with the key makes a webhook: the trail names the key, not a user.
    const hook = await app.inject({
      method: "POST",
      url: API.webhook.create.path,
      headers: { authorization: `Bearer ${key}`, gmt: "0" },
      payload: { url: "http://127.0.0.1:9/recibir", events: ["trip.started"] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { id: webhookId, secret } = hook.json() as { id: number; secret: string };
    const removed = await app.inject({
      method: "DELETE",
      url: apiPath(API.webhook.remove, { id: webhookId }),
      headers: superAdmin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const revoked = await app.inject({
      method: "DELETE",
      url: apiPath(API.apiKey.revoke, { id: keyId }),
      headers: superAdmin.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const keyRows = await rowsOf("ApiKey", keyId);
    expect(keyRows.map((row) => row.action)).toEqual(["delete", "create"]);
    expect(keyRows[1]).toMatchObject({ userId: superAdmin.userId, apiKeyId: null, after: { name: "ERP" } });
    expect(keyRows[0]?.before).toEqual({ revoked_at: null });
    expect(keyRows[0]?.after).toEqual({ revoked_at: expect.any(String) });
    noSecrets(keyRows, key);

    const hookRows = await rowsOf("Webhook", webhookId);
    expect(hookRows.map((row) => row.action)).toEqual(["delete", "create"]);
    expect(hookRows[1]).toMatchObject({
      userId: null,
      userName: null,
      apiKeyId: keyId,
      after: { url: "http://127.0.0.1:9/recibir", created_by_api_key_id: keyId },
    });
    expect(hookRows[0]).toMatchObject({ userId: superAdmin.userId, before: { deleted_at: null } });
    noSecrets(hookRows, secret, key);
  });
});
