import { type ApiKeyItem, type ApiKeyScope, INTEGRATION_MESSAGES } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog, employees, users, webhooks } from "../../src/db/schema.js";
import { sha256Hex } from "../../src/lib/sha256-hex.js";
import {
  buildTestApp,
  createBranchOffice,
  createUser,
  type SignedIn,
  signedInAs,
  testConfig,
  testDatabase,
  uniqueEmail,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let superAdmin: SignedIn;

beforeAll(async () => {
  app = await buildTestApp();
  superAdmin = await signedInAs(app, "SuperAdmin");
});
afterAll(() => app.close());

/** A new key as the SuperAdmin creates it: its id and the `trb_…` shown once. */
async function createKey(scopes: ApiKeyScope[], on = app, session = superAdmin) {
  const response = await on.inject({
    method: "POST",
    url: API.apiKey.create.path,
    headers: session.headers,
    payload: { name: "ERP de nómina", scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; key: string };
}

const withKey = (key: string) => ({ authorization: `Bearer ${key}`, gmt: "0" });

async function listed(id: number): Promise<ApiKeyItem | undefined> {
  const response = await app.inject({
    method: "GET",
    url: API.apiKey.list.path,
    headers: superAdmin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { list: ApiKeyItem[] }).list.find((item) => item.id === id);
}

describe("API keys: created by a SuperAdmin, shown once, kept hashed", () => {
  it("answers the key once; the database keeps only its SHA-256 and a 4-character prefix", async () => {
    const { id, key } = await createKey(["reports:read", "routes:read", "reports:read"]);
    expect(key).toMatch(/^trb_[A-Za-z0-9_-]{43}$/);
    const { db } = await testDatabase();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.keyHash).toBe(sha256Hex(key));
    expect(row?.prefix).toBe(key.slice(0, 8));
    expect(JSON.stringify(row)).not.toContain(key);
    const item = await listed(id);
    expect(item).toMatchObject({
      name: "ERP de nómina",
      scopes: ["reports:read", "routes:read"],
      prefix: key.slice(0, 8),
      createdBy: "María Rodríguez",
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(item)).not.toContain(key);
  });

  it("refuses no scopes, an unknown scope, an Admin, and any API key (even one with every scope)", async () => {
    for (const scopes of [[], ["everything"]]) {
      const response = await app.inject({
        method: "POST",
        url: API.apiKey.create.path,
        headers: superAdmin.headers,
        payload: { name: "x", scopes },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(INTEGRATION_MESSAGES.scopes);
    }
    const admin = await signedInAs(app, "Admin");
    const asAdmin = await app.inject({ method: "GET", url: API.apiKey.list.path, headers: admin.headers });
    expect(asAdmin.statusCode).toBe(403);
    const { key } = await createKey([
      "reports:read",
      "people:write",
      "routes:read",
      "trips:read",
      "webhooks:manage",
    ]);
    for (const endpoint of [API.apiKey.list, API.apiKey.create]) {
      const response = await app.inject({
        method: endpoint.method,
        url: endpoint.path,
        headers: withKey(key),
        ...(endpoint.method === "POST" && { payload: { name: "otra", scopes: ["reports:read"] } }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(INTEGRATION_MESSAGES.keyScope);
    }
  });
});

describe("Bearer trb_…: the key's scopes decide", () => {
  it("reads what its scope allows and answers 403 with the scope message elsewhere", async () => {
    const { key } = await createKey(["routes:read"]);
    const routes = await app.inject({
      method: "GET",
      url: `${API.route.list.path}?amount=5`,
      headers: withKey(key),
    });
    expect(routes.statusCode, routes.body).toBe(200);
    const people = await app.inject({ method: "GET", url: API.employee.list.path, headers: withKey(key) });
    expect(people.statusCode).toBe(403);
    expect(people.json().message).toBe(INTEGRATION_MESSAGES.keyScope);
  });

  it("people:write creates a collaborator, but never an Admin or SuperAdmin account", async () => {
    const { id, key } = await createKey(["people:write"]);
    const office = await createBranchOffice();
    const person = (role?: string) => ({
      email: uniqueEmail(),
      name: "Rosa",
      lastname: "Almonte",
      codeEmployee: `E${Date.now()}${Math.floor(Math.random() * 1000)}`,
      department: "Recursos Humanos",
      jobTitle: "Analista",
      telephone: "(809) 555-1234",
      branchOfficeId: office.id,
      ...(role && { role }),
    });
    const created = await app.inject({
      method: "POST",
      url: API.auth.employeeSignup.path,
      headers: withKey(key),
      payload: person(),
    });
    expect(created.statusCode, created.body).toBe(201);
    // The audit trail (decision 0084) names the key, not a user.
    const { db } = await testDatabase();
    const trail = await db.select().from(auditLog).where(eq(auditLog.apiKeyId, id));
    expect(trail.length).toBeGreaterThan(0);
    expect(trail.every((row) => row.userId === null)).toBe(true);
    for (const role of ["Admin", "SuperAdmin"]) {
      const email = uniqueEmail();
      const refused = await app.inject({
        method: "POST",
        url: API.auth.employeeSignup.path,
        headers: withKey(key),
        payload: { ...person(role), email },
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(INTEGRATION_MESSAGES.keyScope);
      expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it("webhooks:manage creates and lists webhooks, recorded as the key's", async () => {
    const local = await buildTestApp({ config: testConfig({ WEBHOOK_ALLOW_PRIVATE: "true" }) });
    try {
      const session = await signedInAs(local, "SuperAdmin");
      const { id, key } = await createKey(["webhooks:manage"], local, session);
      const created = await local.inject({
        method: "POST",
        url: API.webhook.create.path,
        headers: withKey(key),
        payload: { url: "http://127.0.0.1:9/treiber", events: ["trip.started"] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { db } = await testDatabase();
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, created.json().id));
      expect(row).toMatchObject({ createdByApiKeyId: id, createdByUserId: null });
      const list = await local.inject({ method: "GET", url: API.webhook.list.path, headers: withKey(key) });
      expect(list.statusCode, list.body).toBe(200);
    } finally {
      await local.close();
    }
  });

  it("reaches no further than an Admin: it cannot deactivate a SuperAdmin", async () => {
    const { key } = await createKey(["people:write"]);
    const target = await createUser({ role: "SuperAdmin" });
    const { db } = await testDatabase();
    const [employee] = await db.select().from(employees).where(eq(employees.userId, target.id));
    const response = await app.inject({
      method: "PUT",
      url: API.employee.status.path,
      headers: withKey(key),
      payload: { id: employee?.id, status: "inactive" },
    });
    expect(response.statusCode, response.body).toBe(403);
    const [after] = await db.select().from(users).where(eq(users.id, target.id));
    expect(after?.status).toBe("active");
  });

  it("an unknown key, a malformed one and the hub answer 401", async () => {
    const unknown = await app.inject({
      method: "GET",
      url: API.route.list.path,
      headers: withKey(`trb_${"A".repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(INTEGRATION_MESSAGES.keyNotFound);
    const { key } = await createKey(["trips:read"]);
    const hub = await app.inject({
      method: "POST",
      url: "/server/negotiate?negotiateVersion=1",
      headers: withKey(key),
    });
    expect(hub.statusCode).toBe(401);
  });

  it("a revoked key answers 401 at once and stays in the list as revoked", async () => {
    const { id, key } = await createKey(["trips:read"]);
    const before = await app.inject({
      method: "GET",
      url: API.intermediateRoute.listActive.path,
      headers: withKey(key),
    });
    expect(before.statusCode, before.body).toBe(200);
    const revoke = await app.inject({
      method: "DELETE",
      url: apiPath(API.apiKey.revoke, { id }),
      headers: superAdmin.headers,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const after = await app.inject({
      method: "GET",
      url: API.intermediateRoute.listActive.path,
      headers: withKey(key),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(INTEGRATION_MESSAGES.keyRevoked);
    expect((await listed(id))?.revokedAt).toEqual(expect.any(String));
    // Again: the same answer; an unknown key: 404.
    const again = await app.inject({
      method: "DELETE",
      url: apiPath(API.apiKey.revoke, { id }),
      headers: superAdmin.headers,
    });
    expect(again.statusCode).toBe(200);
    const missing = await app.inject({
      method: "DELETE",
      url: apiPath(API.apiKey.revoke, { id: 999_999_999 }),
      headers: superAdmin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(INTEGRATION_MESSAGES.keyNotFound);
  });

  it("a key revoked on one instance is refused by another that reads it afresh", async () => {
    const { id, key } = await createKey(["trips:read"]);
    await app.inject({
      method: "DELETE",
      url: apiPath(API.apiKey.revoke, { id }),
      headers: superAdmin.headers,
    });
    const other = await buildTestApp();
    try {
      const refused = await other.inject({
        method: "GET",
        url: API.intermediateRoute.listActive.path,
        headers: withKey(key),
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("the list shows the key's last use (time and address)", async () => {
    const { id, key } = await createKey(["reports:read"]);
    const response = await app.inject({
      method: "GET",
      url: API.cut.list.path,
      headers: withKey(key),
      remoteAddress: "203.0.113.7",
    });
    expect(response.statusCode, response.body).toBe(200);
    const item = await listed(id);
    expect(item?.lastUsedIp).toBe("203.0.113.7");
    expect(Date.now() - Date.parse(item?.lastUsedAt ?? "")).toBeLessThan(60_000);
  });
});

describe("each key's own rate limit", () => {
  it("answers 429 with Retry-After past API_KEY_RATE_LIMIT_PER_MINUTE, per key", async () => {
    const limited = await buildTestApp({ config: testConfig({ API_KEY_RATE_LIMIT_PER_MINUTE: "3" }) });
    try {
      const session = await signedInAs(limited, "SuperAdmin");
      const first = await createKey(["routes:read"], limited, session);
      const second = await createKey(["routes:read"], limited, session);
      const call = (key: string) =>
        limited.inject({ method: "GET", url: API.shift.list.path, headers: withKey(key) });
      for (let i = 0; i < 3; i++) expect((await call(first.key)).statusCode).toBe(200);
      const refused = await call(first.key);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(INTEGRATION_MESSAGES.keyRateLimit);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await call(second.key)).statusCode).toBe(200);
      // People's sessions are not counted on a key's limit.
      const people = await limited.inject({
        method: "GET",
        url: API.shift.list.path,
        headers: session.headers,
      });
      expect(people.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
