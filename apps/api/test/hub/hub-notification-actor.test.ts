import type { HubConnection } from "@microsoft/signalr";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../src/db/schema.js";
import { createEmployee, createRoute } from "../helpers/route-factories.js";
import { signedInAs, testDatabase } from "../helpers/test-app.js";
import { nextEvent, officialClient, startApp } from "./hub-test-kit.js";

describe("hub /server: nobody is notified of their own action (official client)", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  const open: HubConnection[] = [];

  async function connect(token: string) {
    const connection = officialClient(baseUrl, token);
    await connection.start();
    open.push(connection);
    return connection;
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startApp());
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()));
  });
  afterAll(async () => {
    await app.close();
  });

  it("an admin assigning a collaborator gets no push and no row; another admin gets both", async () => {
    const actor = await signedInAs(app, "Admin");
    const other = await signedInAs(app, "SuperAdmin");
    const actorHub = await connect(actor.token);
    const actorSecondTab = await connect(actor.token);
    const otherHub = await connect(other.token);
    const seen: string[] = [];
    for (const [name, hub] of [
      ["actor", actorHub],
      ["actor-tab", actorSecondTab],
      ["other", otherHub],
    ] as const) {
      hub.on("ReceiveNotification", (json: string) => seen.push(`${name}:${JSON.parse(json).tag}`));
    }

    const route = await createRoute();
    const employee = await createEmployee({ name: "Ana", lastname: "Féliz" });
    const otherGotIt = nextEvent(otherHub, "ReceiveNotification");
    const response = await app.inject({
      method: "PUT",
      url: `/api/v1/Employee/addRoute?employeeId=${employee.id}&routeId=${route.id}`,
      headers: actor.headers,
    });
    expect(response.statusCode).toBe(200);
    const [json] = await otherGotIt;
    expect(JSON.parse(json as string)).toMatchObject({
      tag: "ASSIGNED",
      message: `Ana Féliz fue asignado(a) a la ruta ${route.name}`,
    });

    // Round trips on the actor's connections: a push meant for them would have arrived before these answers.
    for (const hub of [actorHub, actorSecondTab]) {
      await hub.invoke("LeaveGroupIntermediateRoute", "intermediate-group-1");
    }
    expect(seen).toEqual(["other:ASSIGNED"]);

    const { db } = await testDatabase();
    const rowsOf = (userId: number) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.tag, "ASSIGNED")))
        .then((rows) => rows.filter((row) => row.message.endsWith(`a la ruta ${route.name}`)));
    expect(await rowsOf(actor.userId)).toEqual([]);
    expect(await rowsOf(other.userId)).toHaveLength(1);
    const bell = await app.inject({ method: "GET", url: "/api/v1/Notification", headers: actor.headers });
    expect(bell.json().some((n: { message: string }) => n.message.endsWith(`a la ruta ${route.name}`))).toBe(
      false,
    );
  });
});
