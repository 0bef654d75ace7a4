import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { API, type ApiEndpoint } from "@treiber/contract/api-paths";
import { auth, digits, firstId, PASSWORD, PHONE_CONTEXT, send, signInToApp, tokenOf } from "./field-fixtures";
import { ACCOUNTS, identityCardOf } from "./helpers";

/**
 * Issue 23 item 4: a route planned with stops in Treiber App. The driver's trip screen lists the
 * stops in order with their planned times and riders, the next stop first; they stay on the phone
 * (a reload without signal shows them); a boarding moves the next stop on. A rider sees their own
 * stop and its time in "Mis rutas". Everything is made here through the API (shift, route, stops).
 */

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

type Person = { id: number; email: string; name: string; lastname: string };

/**
 * A route on its own Entrada shift (08:00), every day, with a new driver and three riders: Ana boards
 * at Los Prados (06:30), Beto at Naco (06:42), nobody at Piantini (07:00); Carla has no stop yet.
 */
async function createStopsFixture(request: APIRequestContext) {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  const [branchOfficeId, supplierId] = await Promise.all([
    firstId(request, admin, API.branchOffice.listName),
    firstId(request, admin, API.supplier.listName),
  ]);
  const destination = await send<{ id: number }>(request, admin, API.destination.create, {
    name: `Torre Piantini ${tag}`,
    address: "Av. Gustavo Mejía Ricart, Piantini",
    latitude: 18.4697,
    longitude: -69.9386,
  });
  const shift = await send<{ id: number }>(request, admin, API.shift.create, {
    branchOfficeId,
    name: `Mañana ${tag}`,
    direction: "inbound",
    time: "08:00",
    dayIds: ALL_DAYS,
  });
  const routeName = `Ruta paradas ${tag}`;
  const route = await send<{ id: number }>(request, admin, API.route.create, {
    name: routeName,
    destinationId: destination.id,
    dayIds: ALL_DAYS,
    departureTime: "06:15",
    cost: 30,
    shiftId: shift.id,
  });

  const driverEmail = `chofer-paradas-${stamp}@e2e.treiber.app`;
  const driver = await send<{ id: number }>(request, admin, API.auth.driverSignup, {
    email: driverEmail,
    password: PASSWORD,
    name: "Chofer",
    lastname: `Paradas ${tag}`,
    identityCard: identityCardOf(),
    telephone: "(809) 555-0404",
    licenseNumber: `LIC-${stamp.slice(-8)}`,
    supplierId,
    vehiclePlate: `P${stamp.slice(-6)}`,
    vehicleModel: "Toyota Hiace",
    vehicleCapacity: 15,
  });
  const riders: Person[] = [];
  for (const [index, name] of ["Ana", "Beto", "Carla"].entries()) {
    const person = { email: `parada-${index}-${stamp}@e2e.treiber.app`, name, lastname: `Parada${tag}` };
    const created = await send<{ id: number }>(request, admin, API.auth.employeeSignup, {
      ...person,
      password: PASSWORD,
      codeEmployee: `S${index}-${stamp.slice(-7)}`,
      department: "Operaciones",
      jobTitle: "Operador",
      telephone: "(809) 555-0505",
      branchOfficeId,
    });
    riders.push({ ...person, id: created.id });
  }
  const [ana, beto, carla] = riders as [Person, Person, Person];

  const assign = async (endpoint: ApiEndpoint, query: string) => {
    const response = await request.put(`${endpoint.path}?${query}&routeId=${route.id}`, {
      headers: auth(admin),
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await assign(API.driver.addRoute, `driverId=${driver.id}`);
  for (const rider of riders) await assign(API.employee.addRoute, `employeeId=${rider.id}`);

  const stop = (position: number, name: string, plannedTime: string, employeeIds: number[]) => ({
    position,
    name,
    address: null,
    latitude: 18.47 + position / 200,
    longitude: -69.94,
    plannedTime,
    employeeIds,
  });
  await send(request, admin, API.route.saveStops, {
    routeId: route.id,
    stops: [
      stop(1, "Los Prados", "06:30", [ana.id]),
      stop(2, "Naco", "06:42", [beto.id]),
      stop(3, "Piantini", "07:00", []),
    ],
  });
  return { routeName, driverEmail, ana, beto, carla };
}

const fullName = (person: Person) => `${person.name} ${person.lastname}`;
const stopCards = (page: Page) =>
  page.getByRole("list", { name: "Próximas paradas" }).getByTestId("trip-stop");

async function newPhone(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({ ...PHONE_CONTEXT, baseURL });
}

test("a driver sees the route's stops in order with times, offline too; a rider sees their stop", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const fixture = await createStopsFixture(request);
  const { ana, beto, carla } = fixture;
  const contexts: BrowserContext[] = [];
  try {
    const driverContext = await newPhone(browser, baseURL);
    contexts.push(driverContext);
    const page = await driverContext.newPage();
    await signInToApp(page, fixture.driverEmail);
    await expect(page).toHaveURL(/\/app\/hoy$/);
    const row = page.getByRole("listitem").filter({ hasText: fixture.routeName });
    await row.getByRole("button", { name: "Iniciar ruta" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
    await expect(page).toHaveURL(/\/app\/viaje\/\d+$/);

    // The stops in order with their planned times; the next one (Ana still to board) first.
    await expect(page.getByRole("heading", { name: "Paradas (3)" })).toBeVisible();
    const cards = stopCards(page);
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toHaveAttribute("aria-label", "Próxima parada: Los Prados, 06:30");
    await expect(cards.nth(1)).toHaveAttribute("aria-label", "Naco, 06:42");
    await expect(cards.nth(2)).toHaveAttribute("aria-label", "Piantini, 07:00");
    await expect(cards.nth(0).getByText("06:30", { exact: true })).toBeVisible();
    await expect(
      cards
        .nth(0)
        .getByRole("listitem")
        .filter({ hasText: fullName(ana) }),
    ).toContainText("Pendiente");
    await expect(cards.nth(1).getByText(fullName(beto))).toBeVisible();
    await expect(cards.nth(2).getByText("Sin pasajeros")).toBeVisible();
    const apart = page.getByRole("list", { name: "Pasajeros sin parada" });
    await expect(apart.getByText(fullName(carla))).toBeVisible();

    // Kept on the phone: a reload without signal shows the same stops.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await driverContext.setOffline(true);
    await page.reload();
    await expect(page.getByTestId("saved-copy")).toBeVisible();
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toHaveAttribute("aria-label", "Próxima parada: Los Prados, 06:30");
    await expect(cards.nth(2)).toHaveAttribute("aria-label", "Piantini, 07:00");

    // Back online, Ana boards (without QR): Naco is next, Los Prados folds into the passed stops.
    await driverContext.setOffline(false);
    await page.getByRole("button", { name: "Abordar sin QR" }).click();
    const sheet = page.getByRole("dialog", { name: "Abordar sin QR" });
    await sheet.getByRole("radio", { name: new RegExp(fullName(ana)) }).check();
    await sheet.getByLabel("Motivo").fill("Olvidó su teléfono");
    await sheet.getByRole("button", { name: "Abordar" }).click();
    await expect(cards.nth(0)).toHaveAttribute("aria-label", "Próxima parada: Naco, 06:42");
    await expect(cards).toHaveCount(2);
    await page.getByText("Paradas pasadas (1)").click();
    const passed = page.getByRole("list", { name: "Paradas pasadas" });
    await expect(passed.getByTestId("trip-stop")).toHaveAttribute("aria-label", "Los Prados, 06:30");
    const boardedHere = passed.getByRole("list", { name: "Pasajeros de Los Prados" });
    await expect(boardedHere.getByRole("listitem").filter({ hasText: fullName(ana) })).toContainText(
      /Abordó \d/,
    );

    // The rider: "Mis rutas" gives their own stop and its planned time.
    const riderContext = await newPhone(browser, baseURL);
    contexts.push(riderContext);
    const riderPage = await riderContext.newPage();
    await signInToApp(riderPage, ana.email);
    await riderPage.getByRole("link", { name: "Mis rutas" }).click();
    const card = riderPage.getByRole("listitem").filter({ hasText: fixture.routeName });
    await expect(card.getByText("Su parada", { exact: true })).toBeVisible();
    await expect(card.getByTestId("my-stop")).toHaveText("Los Prados · 06:30");
  } finally {
    for (const context of contexts) await context.close();
  }
});
