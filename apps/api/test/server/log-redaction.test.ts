import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { users } from "../../src/db/schema.js";
import { createUser, testConfig, testDatabase, unique } from "../helpers/test-app.js";

// Issue 12 (low): a failed query's log line must not print its parameters (names, e-mails).

describe("error logs", () => {
  it("redact a failed query's parameters and PostgreSQL's details, keeping the SQL and the code", async () => {
    const taken = await createUser();
    const secretName = unique("Secreta");
    const database = await testDatabase();
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: "error" }),
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    // Two real failures with personal data as parameters: a duplicate e-mail, and a bad integer.
    app.get("/prueba/falla-unica", async () => {
      await database.db.insert(users).values({
        email: taken.email,
        passwordHash: secretName,
        role: "Collaborator",
        mustChangePassword: false,
      });
    });
    app.get("/prueba/falla-entero", async () => {
      await database.db.execute(sql`select ${secretName}::int`);
    });
    await app.ready();
    try {
      for (const url of ["/prueba/falla-unica", "/prueba/falla-entero"]) {
        const response = await app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(500);
        expect(response.body).not.toContain(secretName);
      }
    } finally {
      await app.close();
    }
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.err);
    expect(errors).toHaveLength(2);
    const text = JSON.stringify(errors);
    expect(text).not.toContain(taken.email);
    expect(text).not.toContain(secretName);
    expect(text).toContain("insert into");
    expect(text).toContain("[redactado]");
    expect(text).toContain("23505");
  });
});
