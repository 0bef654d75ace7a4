import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { EMPLOYEE_IMPORT_COLUMNS } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { HUB_METHODS } from "@treiber/contract/hub-names";
import ExcelJS from "exceljs";
import { auth, digits, firstId, PASSWORD, send, tokenOf } from "./field-fixtures";
import { ACCOUNTS, identityCardOf } from "./helpers";

/** Fixtures of the first-day journey (first-day.spec.ts): the site's names, its sheet, the phones. */

export type Point = { latitude: number; longitude: number };

/** The new plant, in Piantini: the branch office and its workplace stand there. */
export const PLANT: Point = { latitude: 18.4697, longitude: -69.9386 };

/** Everything the journey creates is named with one tag, so a run never meets another's data. */
export function newSite() {
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  return {
    stamp,
    tag,
    office: `Sucursal Nueva ${tag}`,
    workplace: `Planta Nueva ${tag}`,
    shift: `Primer día ${tag}`,
    note: `Llamé al chofer: tomó la avenida equivocada (${tag})`,
  };
}
export type Site = ReturnType<typeof newSite>;

type Home = { name: string; latitude: number | string; longitude: number | string };

/**
 * The collaborators of the sheet: three good homes in a line north of the plant (one typed with
 * comma decimals, as a Spanish Excel writes them), and three bad ones: in the sea south of the
 * city, in Santiago (134 km away) and one with latitude and longitude swapped.
 */
export const HOMES = {
  lucia: { name: "Lucía", latitude: 18.5, longitude: -69.935 },
  mateo: { name: "Mateo", latitude: "18,49", longitude: "-69,935" },
  sofia: { name: "Sofía", latitude: 18.48, longitude: -69.935 },
  marina: { name: "Marina", latitude: 18.3, longitude: -69.9 },
  tomas: { name: "Tomás", latitude: 19.45, longitude: -70.69 },
  elena: { name: "Elena", latitude: -69.935, longitude: 18.47 },
} satisfies Record<string, Home>;
export type HomeKey = keyof typeof HOMES;

/** A collaborator of the sheet: code, e-mail and full name, by home. */
export function collaborator(site: Site, key: HomeKey) {
  const index = Object.keys(HOMES).indexOf(key) + 1;
  const home = HOMES[key];
  return {
    code: `D1-${site.tag}-${index}`,
    email: `primer-dia-${site.stamp}-${index}@e2e.treiber.app`,
    fullName: `${home.name} Día${site.tag}`,
    home,
  };
}

/** The sheet a new manager fills: the template's headers and one row per home. */
export async function writeCollaboratorsSheet(site: Site, path: string) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Colaboradores");
  sheet.addRow(EMPLOYEE_IMPORT_COLUMNS.map((column) => column.header));
  for (const key of Object.keys(HOMES) as HomeKey[]) {
    const person = collaborator(site, key);
    const values: Record<string, string | number> = {
      codeEmployee: person.code,
      name: person.home.name,
      lastname: `Día${site.tag}`,
      email: person.email,
      telephone: "(809) 555-0199",
      department: "Producción",
      jobTitle: "Operario",
      branchOffice: site.office,
      address: `Calle ${person.home.name}, Santo Domingo`,
      latitude: person.home.latitude,
      longitude: person.home.longitude,
    };
    sheet.addRow(EMPLOYEE_IMPORT_COLUMNS.map((column) => values[column.key] ?? null));
  }
  await workbook.xlsx.writeFile(path);
}

/** The supplier's driver of the new plant, registered beforehand (fifteen seats). */
export async function createDriver(request: APIRequestContext, site: Site) {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const supplierId = await firstId(request, admin, API.supplier.listName);
  const person = {
    email: `chofer-primer-dia-${site.stamp}@e2e.treiber.app`,
    name: "Ramiro",
    lastname: `Día${site.tag}`,
  };
  await send(request, admin, API.auth.driverSignup, {
    ...person,
    password: PASSWORD,
    identityCard: identityCardOf(),
    telephone: "(809) 555-0188",
    licenseNumber: `LIC-${site.stamp.slice(-8)}`,
    supplierId,
    vehiclePlate: `D${site.stamp.slice(-6)}`,
    vehicleModel: "Toyota Coaster",
    vehicleCapacity: 15,
  });
  return { ...person, fullName: `${person.name} ${person.lastname}` };
}

type StoredStop = { name: string; plannedTime: string; latitude: number; longitude: number };
type StoredRiders = { riders: { employeeId: number; name: string }[] };

/** The shift's active route as the plan wrote it: its name and stops, in order. */
export async function routeOfShift(request: APIRequestContext, shiftId: number) {
  const token = await tokenOf(request, ACCOUNTS.superAdmin);
  const list = await request.get(apiPath(API.route.list), {
    headers: auth(token),
    params: { shiftId, amount: 50, skip: 1 },
  });
  expect(list.status()).toBe(200);
  const routes = ((await list.json()) as { list: { id: number; status: string }[] }).list.filter(
    (route) => route.status === "active",
  );
  expect(routes, "una ruta del turno").toHaveLength(1);
  const stops = await request.get(apiPath(API.route.stops, { routeId: routes[0]?.id ?? 0 }), {
    headers: auth(token),
  });
  expect(stops.status()).toBe(200);
  return (await stops.json()) as { routeName: string; stops: (StoredStop & StoredRiders)[] };
}

/** 'HH:mm' as Treiber App reads a time out: '5:42 a. m.'. */
export function clockOf(time: string) {
  const [hours = 0, minutes = "00"] = [Number(time.slice(0, 2)), time.slice(3, 5)];
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "a. m." : "p. m."}`;
}

/** 'HH:mm' of an instant, on the test's clock (the browsers' time zone). */
export function hhmm(at: number) {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

/** The time of a shift starting in an hour, kept within today (23:59 late in the evening). */
export function inAnHour() {
  const now = new Date();
  const later = new Date(now.getTime() + 60 * 60_000);
  return later.getDate() === now.getDate() ? hhmm(later.getTime()) : "23:59";
}

/** Opens the search select `select`, types `search` and clicks `option`. */
export async function chooseOption(select: Locator, search: string, option: string | RegExp) {
  const page = select.page();
  await expect(async () => {
    await select.click();
    await select.fill(search);
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
}

/** The temporary password shown once to a SuperAdmin, read from its dialog and dismissed. */
export async function readTemporaryPassword(page: Page): Promise<string> {
  const dialog = page.getByRole("dialog", { name: "Contraseña temporal" });
  await expect(dialog.getByText("no se volverá a mostrar")).toBeVisible();
  const password = (
    (await dialog.locator("div.ant-typography, p.ant-typography").textContent()) ?? ""
  ).trim();
  expect(password.length).toBeGreaterThanOrEqual(8);
  await dialog.getByRole("button", { name: "Entendido" }).click();
  await expect(dialog).toBeHidden();
  return password;
}

/**
 * The driver's phone, whose clock runs behind the server's: Treiber App stamps the trip's start and
 * each position with the phone's time (hub `SendGeolocationAt`, or the outbox), so a minute of
 * driving takes the test a few seconds. Each fix waits until the phone has sent it.
 */
export class DriverPhone {
  /** The phone's time when last set, and the test's time then: the phone's clock runs on from it. */
  private at: number;
  private setAt = Date.now();
  private readonly sent: Point[] = [];

  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    behindMs: number,
  ) {
    this.at = Date.now() - behindMs;
    page.on("websocket", (socket) => {
      socket.on("framesent", ({ payload }) => {
        for (const record of String(payload).split("\u001e")) {
          if (!record.includes(`"${HUB_METHODS.sendGeolocationAt}"`)) continue;
          const { arguments: args } = JSON.parse(record) as { arguments: [number, number, number] };
          this.sent.push({ latitude: args[1], longitude: args[2] });
        }
      });
    });
    page.on("request", (request) => {
      if (request.method() !== "POST") return;
      if (new URL(request.url()).pathname !== apiPath(API.intermediateRoute.position)) return;
      this.sent.push(request.postDataJSON() as Point);
    });
  }

  /** Sets the phone's clock (before its first page load, too). */
  async setClock() {
    this.setAt = Date.now();
    await this.context.clock.setSystemTime(this.at);
  }

  /**
   * `seconds` later on the phone (never less than 5 s after the phone's now: its clock has run on
   * meanwhile, and Treiber App sends one position per 5 s), a fix at `point`; resolves once Treiber
   * App has sent it.
   */
  async fix(point: Point, seconds = 20) {
    const phoneNow = this.at + (Date.now() - this.setAt);
    this.at = Math.max(this.at + seconds * 1000, phoneNow + 5_000);
    await this.setClock();
    await this.context.setGeolocation(point);
    await expect
      .poll(() => this.sent.some((item) => near(item, point)), { message: `posición ${point.latitude}` })
      .toBe(true);
  }
}

const near = (a: Point, b: Point) =>
  Math.abs(a.latitude - b.latitude) < 1e-7 && Math.abs(a.longitude - b.longitude) < 1e-7;

/** `count` points from `from`, `stepDegrees` apart, straight away from `away`. */
export function driveAway(from: Point, away: Point, count: number, stepDegrees = 0.002): Point[] {
  const dLat = from.latitude - away.latitude;
  const dLon = from.longitude - away.longitude;
  const length = Math.hypot(dLat, dLon) || 1;
  return Array.from({ length: count }, (_, index) => ({
    latitude: from.latitude + ((index + 1) * stepDegrees * dLat) / length,
    longitude: from.longitude + ((index + 1) * stepDegrees * dLon) / length,
  }));
}

/** A row of the table in `scope` holding `text`. */
export const rowWith = (scope: Page | Locator, text: string) =>
  scope.locator(".ant-table-row").filter({ hasText: text });
