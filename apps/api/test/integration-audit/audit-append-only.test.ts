import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { API } from "@treiber/contract/api-paths";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { rowsOf } from "../../src/modules/reports/trip-scope.js";
import { call } from "../helpers/booking-factories.js";
import { signedInAs, testConfig, testDatabase, unique, useOwnTestDatabase } from "../helpers/test-app.js";

// Its own database: a constraint below makes the trail refuse rows for a while.
useOwnTestDatabase();

const log: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: "error" }),
    database: await testDatabase(),
    throttle: createSignInThrottle({ ip: { free: 100_000 } }),
    branchOfficeOffsetAt: () => 0,
    logStream: { write: (line) => log.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const count = async () => {
  const { db } = await testDatabase();
  const [row] = await rowsOf(db, sql`select count(*)::int as n from audit_log`);
  return Number(row?.n);
};

describe("audit_log is append-only", () => {
  it("the database refuses UPDATE, DELETE and TRUNCATE, whoever asks", async () => {
    const admin = await signedInAs(app, "SuperAdmin");
    const created = await call(app, admin, API.destination.create, { body: { name: unique("Destino ") } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const rows = await count();
    expect(rows).toBeGreaterThan(0);
    const { db } = await testDatabase();
    for (const statement of [
      sql`update audit_log set action = 'otra' where true`,
      sql`update audit_log set before = null, after = null where entity = 'Destination'`,
      sql`delete from audit_log where true`,
      sql`truncate audit_log`,
    ]) {
      await expect(db.execute(statement)).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringContaining("solo agregar") }),
      });
    }
    expect(await count()).toBe(rows);
    // Inserting is what it is for.
    await db.execute(sql`insert into audit_log (entity, action) values ('Prueba', 'create')`);
    expect(await count()).toBe(rows + 1);
  });

  it("no code of the API updates or deletes it: the only write is the recorder's insert", () => {
    const root = new URL("../../src/", import.meta.url).pathname;
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith(".ts")) files.push(path);
      }
    };
    walk(root);
    const writers = files.filter((file) => {
      const text = readFileSync(file, "utf8");
      return (
        /\.(update|delete)\(auditLog\)/.test(text) ||
        /(update|delete\s+from|truncate)\s+"?audit_log/i.test(text) ||
        /\.insert\(auditLog\)|insert\s+into\s+"?audit_log/i.test(text)
      );
    });
    expect(writers.map((file) => file.slice(root.length))).toEqual(["modules/audit/audit-repository.ts"]);
  });

  it("a trail that cannot be written never fails the call: the change is made and the failure logged", async () => {
    const { db } = await testDatabase();
    await db.execute(
      sql`alter table audit_log add constraint audit_log_refuse_for_test check (entity <> 'Destination') not valid`,
    );
    try {
      const admin = await signedInAs(app, "SuperAdmin");
      const before = await count();
      const name = unique("Destino ");
      const created = await call(app, admin, API.destination.create, { body: { name } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const listed = await call(app, admin, API.destination.list, { query: { criterion: name } });
      expect(JSON.stringify(listed.body)).toContain(name);
      expect(await count()).toBe(before);
      expect(log.join("\n")).toContain("auditoría: no se pudo registrar el cambio");
    } finally {
      await db.execute(sql`alter table audit_log drop constraint audit_log_refuse_for_test`);
    }
  });
});
