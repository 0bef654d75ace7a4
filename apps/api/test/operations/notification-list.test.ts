import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../src/db/schema.js";
import { signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  const { db } = await testDatabase();
  const row = (key: string, tag: string, createdAt: string, readAt: Date | null = null) => ({
    userId: admin.userId,
    title: `Título ${key}`,
    message: `Mensaje ${key}`,
    tag,
    messageJson: JSON.stringify({ RouteName: key }),
    createdAt: new Date(createdAt),
    readAt,
  });
  const inserted = await db
    .insert(notifications)
    .values([
      // 23:30 on 03/09 and 00:30 on 03/10 in UTC-4 (GMT header 4).
      row("late", "CANCELED", "2026-03-10T03:30:00Z"),
      row("early", "COMMENT", "2026-03-10T04:30:00Z", new Date("2026-03-10T05:00:00Z")),
      row("assigned", "ASSIGNED", "2026-03-12T15:00:00Z"),
    ])
    .returning({ id: notifications.id, title: notifications.title });
  for (const n of inserted) ids[n.title.replace("Título ", "")] = n.id;
});
afterAll(() => app.close());

const list = (query: string, session: SignedIn | null = admin, gmt = "4") =>
  app.inject({
    method: "GET",
    url: `${API.notification.list.path}?${query}`,
    headers: { ...session?.headers, gmt },
  });

describe("GET /api/v1/Notification/list", () => {
  it("pages the user's notifications, read or not, newest first", async () => {
    const response = await list("");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.amount).toBe(3);
    expect(body.data.map((n: { id: number }) => n.id)).toEqual([ids.assigned, ids.early, ids.late]);
    expect(body.data[1]).toEqual({
      id: ids.early,
      title: "Título early",
      message: "Mensaje early",
      tag: "COMMENT",
      createdDate: "2026-03-10T04:30:00.000Z",
      messageJson: JSON.stringify({ RouteName: "early" }),
      readDate: "2026-03-10T05:00:00.000Z",
    });
    const page = (await list("amount=1&skip=2")).json();
    expect(page).toMatchObject({ amount: 3, data: [{ id: ids.early }] });
  });

  it("filters by tag and by whole local days of the GMT header", async () => {
    expect((await list("tag=CANCELED")).json().data.map((n: { id: number }) => n.id)).toEqual([ids.late]);
    const day = async (date: string, gmt: string) =>
      (await list(`sinceDate=${date}&untilDate=${date}`, admin, gmt))
        .json()
        .data.map((n: { id: number }) => n.id);
    expect(await day("03/09/2026", "4")).toEqual([ids.late]);
    expect(await day("03/10/2026", "4")).toEqual([ids.early]);
    expect(await day("03/10/2026", "0")).toEqual([ids.early, ids.late]);
    expect(await day("03/11/2026", "0")).toEqual([]);
    const range = (await list("sinceDate=03/09/2026&untilDate=03/12/2026&tag=ASSIGNED")).json();
    expect(range).toMatchObject({ amount: 1, data: [{ id: ids.assigned }] });
  });

  it("validates its query, is admin-only and shows only the caller's notifications", async () => {
    const badTag = await list("tag=OTHER");
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().message).toBe("Etiqueta inválida");
    const badDate = await list("sinceDate=2026-03-01");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe("Fecha inválida (formato MM/DD/YYYY)");
    expect((await list("amount=0")).statusCode).toBe(400);
    expect((await list("", null)).statusCode).toBe(401);
    expect((await list("", (await signedInDriver(app)).session)).statusCode).toBe(403);
    expect((await list("", (await signedInCollaborator(app)).session)).statusCode).toBe(403);
    const other = await signedInAs(app, "SuperAdmin");
    expect((await list("", other)).json()).toEqual({ amount: 0, data: [] });
  });
});
