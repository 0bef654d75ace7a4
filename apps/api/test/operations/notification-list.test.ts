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

  it("validates its query, is for every signed-in role and shows only the caller's notifications", async () => {
    const badTag = await list("tag=OTHER");
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().message).toBe("Etiqueta inválida");
    const badDate = await list("sinceDate=2026-03-01");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe("Fecha inválida (formato MM/DD/YYYY)");
    expect((await list("amount=0")).statusCode).toBe(400);
    expect((await list("", null)).statusCode).toBe(401);
    // Issue 33: a driver or a collaborator lists their own notices (Treiber App «Avisos»), never the admins'.
    const driver = (await signedInDriver(app)).session;
    const collaborator = (await signedInCollaborator(app)).session;
    for (const session of [driver, collaborator]) {
      const own = await list("", session);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ amount: 0, data: [] });
    }
    const other = await signedInAs(app, "SuperAdmin");
    expect((await list("", other)).json()).toEqual({ amount: 0, data: [] });
  });

  it("a collaborator sees and marks only their own; the admin's stay as they were", async () => {
    const { db } = await testDatabase();
    const ana = await signedInCollaborator(app, { name: "Ana" });
    const beto = await signedInCollaborator(app, { name: "Beto" });
    const row = (userId: number, message: string) => ({
      userId,
      title: "Tu ruta cambió",
      message,
      tag: "ASSIGNED",
      messageJson: "{}",
    });
    const [toAna, toBeto] = await db
      .insert(notifications)
      .values([row(ana.user.id, "Para Ana"), row(beto.user.id, "Para Beto")])
      .returning({ id: notifications.id });
    const listed = (session: SignedIn) =>
      list("", session).then((r) => r.json().data.map((n: { id: number }) => n.id));
    expect(await listed(ana.session)).toEqual([toAna?.id]);
    expect(await listed(beto.session)).toEqual([toBeto?.id]);
    const put = (url: string, session: SignedIn) =>
      app.inject({ method: "PUT", url, headers: { ...session.headers, gmt: "4" } });
    const markAsRead = (id: number | undefined) =>
      API.notification.markAsRead.path.replace("{id}", String(id));
    // Beto's, or the admin's, cannot be marked by Ana (answered as a missing one).
    expect((await put(markAsRead(toBeto?.id), ana.session)).statusCode).toBe(404);
    expect((await put(markAsRead(ids.assigned), ana.session)).statusCode).toBe(404);
    expect((await put(API.notification.markAsReadAll.path, ana.session)).statusCode).toBe(200);
    const unread = (session: SignedIn) =>
      app
        .inject({ method: "GET", url: API.notification.unread.path, headers: session.headers })
        .then((r) => r.json().map((n: { id: number }) => n.id));
    expect(await unread(ana.session)).toEqual([]);
    expect(await unread(beto.session)).toEqual([toBeto?.id]);
    const adminRows = (await list("")).json();
    expect(adminRows.amount).toBe(3);
    expect(adminRows.data.find((n: { id: number }) => n.id === ids.assigned).readDate).toBeNull();
  });
});
