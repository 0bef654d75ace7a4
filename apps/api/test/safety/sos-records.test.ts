import { API } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, signedInAs } from "../helpers/test-app.js";
import {
  type Clock,
  officeWithContacts,
  personOf,
  raiseSos,
  sosBody,
  startSosApp,
  tripOf,
} from "./sos-kit.js";

/**
 * Every SOS is kept with who, when, where and who attended it (issue 38): the trip sheet lists the
 * trip's SOS with the person, the outcome and who closed it; the incidents report lists them (an
 * SOS without a trip by its own branch office), in its Excel too.
 */
const clock: Clock = { now: Date.UTC(2026, 2, 10, 15, 0) };
let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  ({ app } = await startSosApp(clock));
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: "GET", url, headers: admin.headers });
const close = (id: number, outcome: string) =>
  app.inject({
    method: "PUT",
    url: API.incident.close.path,
    headers: admin.headers,
    payload: { id, note: "Llamada al colaborador", outcome },
  });

describe("SOS in the trip sheet and the incidents report", () => {
  it("shows who raised it, the outcome and who closed it", async () => {
    const office = await officeWithContacts();
    const ana = await personOf(app, "Collaborator", office.id, "Ana");
    const beto = await personOf(app, "Collaborator", office.id, "Beto");
    const { trip } = await tripOf(app, {
      branchOfficeId: office.id,
      at: clock.now,
      riders: [ana.employee.id],
    });
    const onTrip = (await raiseSos(app, ana.session, sosBody(clock.now))).json().incidentId as number;
    const alone = (await raiseSos(app, beto.session, sosBody(clock.now))).json().incidentId as number;
    expect((await close(onTrip, "FALSE_ALARM")).statusCode).toBe(200);
    const adminName = (
      await get(`${API.incident.list.path}?type=SOS&status=CLOSED&branchOfficeId=${office.id}`)
    ).json().list[0].closedBy as string;
    expect(adminName).toBe("María Rodríguez");

    const sheet = await get(`${API.intermediateRoute.sheet.path}?intermediateRouteId=${trip.id}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().incidents).toEqual([
      expect.objectContaining({
        id: onTrip,
        type: "SOS",
        status: "CLOSED",
        personName: "Ana Féliz",
        outcome: "FALSE_ALARM",
        closedBy: adminName,
        note: "Llamada al colaborador",
      }),
    ]);

    const range = "sinceDate=03/10/2026&untilDate=03/10/2026";
    const report = await get(
      `${API.incident.reportIncidents.path}?${range}&branchOfficeId=${office.id}&amount=50`,
    );
    expect(report.statusCode, report.body).toBe(200);
    const items = report.json().list as Array<Record<string, unknown>>;
    expect(items.map((item) => item.id)).toEqual([onTrip, alone]);
    expect(items[0]).toMatchObject({
      type: "SOS",
      personName: "Ana Féliz",
      outcome: "FALSE_ALARM",
      closedBy: adminName,
      intermediateRouteId: trip.id,
    });
    expect(items[1]).toMatchObject({
      type: "SOS",
      personName: "Beto Féliz",
      outcome: null,
      closedBy: null,
      intermediateRouteId: null,
      open: true,
    });

    const excel = await get(`${API.incident.reportExcel.path}?${range}&branchOfficeId=${office.id}`);
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet("Incidencias")?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const header = rows.find((row) => row[0] === "Apertura") as unknown[];
    const column = (name: string) => header.indexOf(name);
    const anaRow = rows.find((row) => row[column("Persona")] === "Ana Féliz") as unknown[];
    expect(anaRow[column("Tipo")]).toBe("SOS");
    expect(anaRow[column("Resultado")]).toBe("Falsa alarma");
    expect(anaRow[column("Cerrada por")]).toBe(adminName);
    expect(rows.some((row) => row[column("Persona")] === "Beto Féliz")).toBe(true);
  });
});
