import type { APIRequestContext } from "@playwright/test";
import type { CutCheckResponse, CutCreatedResponse, DocumentType } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { localDate } from "./bookings-fixtures";
import { auth, digits, firstId, PASSWORD, send, tokenOf } from "./field-fixtures";
import { ACCOUNTS, identityCardOf } from "./helpers";

/** Fixtures of the supplier portal journeys (supplier-portal.spec.ts, issue 37). */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LONGITUDE = -69.95;
const hhmm = (at: number) => {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
};
/** An instant as the cut takes it: `YYYY-MM-DDTHH:mm:ssZ`, whole seconds. */
const cutInstant = (at: number) => `${new Date(Math.floor(at / 1000) * 1000).toISOString().slice(0, 19)}Z`;

/** The smallest file the server reads as a PDF (it checks the content, not the name). */
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The local calendar date `days` from today (negative: in the past), noon-based. */
export function dayFromToday(days: number) {
  const today = new Date();
  return localDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days, 12).getTime());
}

/**
 * A supplier of its own (named to sort after the demo ones: other journeys take the first of the
 * list), one of its drivers on a route of their own that sets off now, and the e-mail of a user of
 * the supplier: created through `POST Auth/supplierSignup` by the admin unless `portalUser` is
 * "later" (the journey creates it in «Suplidores»).
 */
export async function createSupplierFixture(
  request: APIRequestContext,
  label: string,
  portalUser: "now" | "later" = "now",
) {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  const supplierName = `Transportes Portal ${label} ${tag}`;
  const supplier = await send<{ id: number }>(request, admin, API.supplier.create, {
    name: supplierName,
    telephone: "(809) 555-0707",
  });
  const branchOfficeId = await firstId(request, admin, API.branchOffice.listName);
  const destination = await send<{ id: number }>(request, admin, API.destination.create, {
    name: `Planta Portal ${tag}`,
    address: "Av. Abraham Lincoln 1003",
    latitude: 18.48,
    longitude: LONGITUDE,
  });
  const now = Date.now();
  const shift = await send<{ id: number }>(request, admin, API.shift.create, {
    branchOfficeId,
    name: `Portal ${tag}`,
    direction: "inbound",
    time: hhmm(now + 60 * MINUTE),
    dayIds: [1, 2, 3, 4, 5, 6, 7],
  });
  const routeName = `Ruta Portal ${label} ${tag}`;
  const route = await send<{ id: number }>(request, admin, API.route.create, {
    name: routeName,
    destinationId: destination.id,
    dayIds: [1, 2, 3, 4, 5, 6, 7],
    departureTime: hhmm(now),
    cost: 35,
    shiftId: shift.id,
  });
  const driverEmail = `chofer-portal-${stamp}@e2e.treiber.app`;
  const driverLastname = `Portal ${label} ${tag}`;
  const driver = await send<{ id: number }>(request, admin, API.auth.driverSignup, {
    email: driverEmail,
    password: PASSWORD,
    name: "Chofer",
    lastname: driverLastname,
    identityCard: identityCardOf(),
    telephone: "(809) 555-0808",
    licenseNumber: `LP-${stamp.slice(-8)}`,
    supplierId: supplier.id,
    vehiclePlate: `S${stamp.slice(-6)}`,
    vehicleModel: "Toyota Hiace",
    vehicleCapacity: 15,
  });
  const assigned = await request.put(
    `${apiPath(API.driver.addRoute)}?driverId=${driver.id}&routeId=${route.id}`,
    { headers: auth(admin) },
  );
  if (assigned.status() !== 200) throw new Error(`Driver/addRoute: ${await assigned.text()}`);
  const supplierUserEmail = `suplidor-portal-${stamp}@e2e.treiber.app`;
  const supplierUserLastname = `Suplidora ${tag}`;
  if (portalUser === "now") {
    await send(request, admin, API.auth.supplierSignup, {
      email: supplierUserEmail,
      password: PASSWORD,
      name: "Sara",
      lastname: supplierUserLastname,
      supplierId: supplier.id,
    });
  }
  return {
    admin,
    tag,
    supplierId: supplier.id,
    supplierName,
    supplierUserEmail,
    supplierUserLastname,
    routeId: route.id,
    routeName,
    driverId: driver.id,
    driverEmail,
    driverName: `Chofer ${driverLastname}`,
  };
}
export type SupplierFixture = Awaited<ReturnType<typeof createSupplierFixture>>;

/** Uploads a paper of the driver through `POST Document` (multipart) as `token`; returns its id. */
export async function uploadDriverDocument(
  request: APIRequestContext,
  token: string,
  fixture: SupplierFixture,
  document: { type: DocumentType; number: string; expiresOn: string; category?: string },
) {
  const response = await request.post(apiPath(API.document.upload), {
    headers: auth(token),
    multipart: {
      ownerType: "DRIVER",
      ownerId: String(fixture.driverId),
      ...document,
      file: { name: `${document.number}.pdf`, mimeType: "application/pdf", buffer: PDF },
    },
  });
  if (response.status() !== 201 && response.status() !== 200) {
    throw new Error(`POST Document: ${response.status()} ${await response.text()}`);
  }
  return ((await response.json()) as { id: number }).id;
}

/** `PUT IntermediateRoute/Start` of the fixture's route with the driver's token: the raw answer. */
export async function startTrip(request: APIRequestContext, driverToken: string, fixture: SupplierFixture) {
  return request.put(apiPath(API.intermediateRoute.start), {
    headers: auth(driverToken),
    data: { routeId: fixture.routeId },
  });
}

/**
 * A finished trip of the fixture's driver (by default started 20 minutes ago and ended 15 minutes
 * ago, as a phone replaying its queue would send them; a later trip of the same driver starts after
 * that end) and a cut that bills it: from where the last cut ended (or a day ago before the first
 * one) to now. Returns the cut's id and the trip's.
 */
export async function billedTrip(
  request: APIRequestContext,
  fixture: SupplierFixture,
  { startedMinutesAgo = 20, endedMinutesAgo = 15 } = {},
) {
  const driver = await tokenOf(request, fixture.driverEmail, PASSWORD);
  const now = Date.now();
  const started = await request.put(apiPath(API.intermediateRoute.start), {
    headers: auth(driver),
    data: { routeId: fixture.routeId, startedAt: new Date(now - startedMinutesAgo * MINUTE).toISOString() },
  });
  if (started.status() !== 200) throw new Error(`Start: ${await started.text()}`);
  const tripId = ((await started.json()) as { intermediateRoute: { id: number } }).intermediateRoute.id;
  const ended = await request.put(apiPath(API.intermediateRoute.end), {
    headers: auth(driver),
    data: { intermediateRouteId: tripId, endedAt: new Date(now - endedMinutesAgo * MINUTE).toISOString() },
  });
  if (ended.status() !== 200) throw new Error(`End: ${await ended.text()}`);

  const checked = await request.get(apiPath(API.cut.check), { headers: auth(fixture.admin) });
  if (checked.status() !== 200) throw new Error(`Cut/check: ${await checked.text()}`);
  const { lastUntilDate } = (await checked.json()) as CutCheckResponse;
  const cut = await send<CutCreatedResponse>(request, fixture.admin, API.cut.create, {
    sinceDate: lastUntilDate ?? cutInstant(now - DAY),
    untilDate: cutInstant(Date.now()),
  });
  return { cutId: cut.id, tripId };
}
