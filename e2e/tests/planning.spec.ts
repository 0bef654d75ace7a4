import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";
import { auth, digits, firstId, PASSWORD, PHONE_CONTEXT, send, signInToApp, tokenOf } from "./field-fixtures";
import { ACCOUNTS, identityCardOf, useSessionOf } from "./helpers";

/**
 * Issue 23's journey: an admin proposes the routes of a shift on Planificación, moves a rider to a
 * route of their own, applies, and each driver's Treiber App shows the new stops in order with the
 * planned times the plan wrote. Everything before the page is made through the API: a workplace, an
 * Entrada shift every day, two drivers (6 seats each) and five collaborators with homes, all on one
 * route with one driver and no stops (drawn by nobody).
 */

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

type Person = { id: number; email: string; name: string; lastname: string };

/** Homes in a line north of the workplace, ~1.1 km apart: the planner visits them in order. */
const HOMES = [
  ["Lucía", 18.51],
  ["Mateo", 18.5],
  ["Sofía", 18.49],
  ["Diego", 18.48],
  ["Valeria", 18.475],
] as const;

async function createPlanningFixture(request: APIRequestContext) {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  const [branchOfficeId, supplierId] = await Promise.all([
    firstId(request, admin, API.branchOffice.listName),
    firstId(request, admin, API.supplier.listName),
  ]);
  const destinationName = `Planta Planificada ${tag}`;
  const destination = await send<{ id: number }>(request, admin, API.destination.create, {
    name: destinationName,
    address: "Av. Winston Churchill, Piantini",
    latitude: 18.4697,
    longitude: -69.9386,
  });
  const shiftName = `Turno Plan ${tag}`;
  const shift = await send<{ id: number }>(request, admin, API.shift.create, {
    branchOfficeId,
    name: shiftName,
    direction: "inbound",
    time: "08:00",
    dayIds: ALL_DAYS,
  });
  const drivers: Person[] = [];
  for (const [index, name] of ["Ramón", "Julio"].entries()) {
    const person = {
      email: `chofer-plan-${index}-${stamp}@e2e.treiber.app`,
      name,
      lastname: `Plan${tag}`,
    };
    const created = await send<{ id: number }>(request, admin, API.auth.driverSignup, {
      ...person,
      password: PASSWORD,
      identityCard: identityCardOf(),
      telephone: "(809) 555-0606",
      licenseNumber: `LIC-${index}${stamp.slice(-7)}`,
      supplierId,
      vehiclePlate: `Q${index}${stamp.slice(-5)}`,
      vehicleModel: "Toyota Hiace",
      vehicleCapacity: 6,
    });
    drivers.push({ ...person, id: created.id });
  }
  const riders: Person[] = [];
  for (const [index, [name, latitude]] of HOMES.entries()) {
    const person = { email: `plan-${index}-${stamp}@e2e.treiber.app`, name, lastname: `Casa${tag}` };
    const created = await send<{ id: number }>(request, admin, API.auth.employeeLocationSignup, {
      ...person,
      password: PASSWORD,
      codeEmployee: `PL${index}-${stamp.slice(-7)}`,
      department: "Operaciones",
      jobTitle: "Operador",
      telephone: "(809) 555-0707",
      branchOfficeId,
      location: { address: `Calle ${name} ${index + 1}, Santo Domingo`, latitude, longitude: -69.935 },
    });
    riders.push({ ...person, id: created.id });
  }
  const route = await send<{ id: number }>(request, admin, API.route.create, {
    name: `Ruta a mano ${tag}`,
    destinationId: destination.id,
    dayIds: ALL_DAYS,
    departureTime: "07:00",
    cost: 40,
    shiftId: shift.id,
  });
  const assign = async (endpoint: ApiEndpoint, query: string) => {
    const response = await request.put(`${endpoint.path}?${query}&routeId=${route.id}`, {
      headers: auth(admin),
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await assign(API.driver.addRoute, `driverId=${drivers[0]?.id}`);
  for (const rider of riders) await assign(API.employee.addRoute, `employeeId=${rider.id}`);
  return { admin, branchOfficeId, shiftId: shift.id, shiftName, destinationName, drivers, riders, tag };
}

type StoredStops = { routeName: string; stops: { name: string; plannedTime: string }[] };

/** The routes of the shift now, with their first driver's id and their stops as stored. */
async function routesOfShift(request: APIRequestContext, token: string, shiftId: number) {
  const list = await request.get(`${apiPath(API.route.list)}?shiftId=${shiftId}&amount=50&skip=1`, {
    headers: auth(token),
  });
  expect(list.status()).toBe(200);
  const routes = ((await list.json()) as { list: { id: number; status: string }[] }).list.filter(
    (route) => route.status === "active",
  );
  const out: (StoredStops & { driverId: number })[] = [];
  for (const route of routes) {
    const [stops, assignments] = await Promise.all([
      request.get(apiPath(API.route.stops, { routeId: route.id }), { headers: auth(token) }),
      request.get(`${apiPath(API.route.assignments)}?routeId=${route.id}`, { headers: auth(token) }),
    ]);
    const { drivers } = (await assignments.json()) as { drivers: { id: number }[] };
    out.push({ ...((await stops.json()) as StoredStops), driverId: drivers[0]?.id ?? 0 });
  }
  return out;
}

/** The driver's Treiber App: start the route from Hoy and read the trip's stops, in the order shown. */
async function stopsInTreiberApp(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  route: string,
) {
  const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL });
  try {
    const page = await context.newPage();
    await signInToApp(page, email);
    await expect(page).toHaveURL(/\/app\/hoy$/);
    const row = page.getByRole("listitem").filter({ hasText: route });
    await row.getByRole("button", { name: "Iniciar ruta" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
    await expect(page).toHaveURL(/\/app\/viaje\/\d+$/);
    const cards = page.getByRole("list", { name: "Próximas paradas" }).getByTestId("trip-stop");
    await expect(cards.first()).toBeVisible();
    return await cards.evaluateAll((items) => items.map((item) => item.getAttribute("aria-label") ?? ""));
  } finally {
    await context.close();
  }
}

/** Opens the select `label` and clicks `option`; `search` types first (long lists render only a window). */
async function chooseOption(page: Page, label: string, option: string | RegExp, search?: string) {
  await expect(async () => {
    const select = page.getByLabel(label, { exact: true });
    await select.click();
    if (search) await select.fill(search);
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
}

test("an admin proposes, moves a rider, applies; each driver's Treiber App shows the new stops in order", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const fixture = await createPlanningFixture(request);
  const [ramon, julio] = fixture.drivers as [Person, Person];
  const valeria = fixture.riders[4] as Person;

  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto(`/planning?branchOfficeId=${fixture.branchOfficeId}&shiftId=${fixture.shiftId}`);
  await expect(page.getByRole("heading", { name: "Planificación" })).toBeVisible();
  await expect(page.getByText(`${fixture.shiftName} — Entrada 8:00:00 am`)).toBeVisible();
  await expect(page.getByTestId("planned-riders")).toHaveText("5 a planificar");

  // Both vehicles may be used: Ramón drives the route today, Julio is free.
  const julioName = `${julio.name} ${julio.lastname}`;
  await chooseOption(page, "Choferes y vehículos", julioName, julioName);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("chosen-seats")).toContainText("2 vehículos, 12 asientos");

  await page.getByRole("button", { name: "Proponer rutas" }).click();
  const figures = page.getByRole("table", { name: "Cifras de las rutas actuales y de la propuesta" });
  await expect(figures).toBeVisible({ timeout: 60_000 });
  // Five riders fit one bus of six: the planner uses one vehicle.
  const proposedVehicles = figures.getByRole("row").filter({ hasText: "Vehículos" }).getByRole("cell").nth(2);
  await expect(proposedVehicles).toHaveText("1");
  const proposed = page.getByRole("table", { name: "Rutas propuestas" });
  await expect(proposed.locator("tbody tr.ant-table-row")).toHaveCount(1);

  // Move Valeria (nearest the workplace) to a route of her own with the unused driver.
  await proposed
    .locator("tbody tr.ant-table-row")
    .first()
    .getByRole("button", { name: /Expandir/ })
    .click();
  const riderName = `${valeria.name} ${valeria.lastname}`;
  // The planner drives it with either of the two: the other one takes Valeria.
  const usesRamon = ((await proposed.textContent()) ?? "").includes(`${ramon.name} ${ramon.lastname}`);
  const free = usesRamon ? julio : ramon;
  await chooseOption(page, `Mover a ${riderName} a…`, `Nueva ruta con ${free.name} ${free.lastname}`);
  await expect(proposedVehicles).toHaveText("2");

  await page.getByRole("button", { name: "Aplicar" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Aplicar la propuesta?" });
  await expect(confirm).toContainText(riderName);
  await confirm.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText(/Plan aplicado: 1 rutas nuevas, 1 actualizadas/)).toBeVisible({
    timeout: 30_000,
  });

  // What was written: two routes, Valeria alone on one, the other four in order on the other.
  const routes = await routesOfShift(request, fixture.admin, fixture.shiftId);
  expect(routes).toHaveLength(2);
  const alone = routes.find((route) => route.stops.length === 1);
  const shared = routes.find((route) => route.stops.length === 4);
  expect(alone?.stops[0]?.name).toContain("Valeria");
  expect(shared?.stops.map((stop) => stop.name)).toEqual([
    expect.stringContaining("Lucía"),
    expect.stringContaining("Mateo"),
    expect.stringContaining("Sofía"),
    expect.stringContaining("Diego"),
  ]);

  // Each driver's Treiber App lists its route's stops in that order, with the planned times.
  for (const route of [shared, alone]) {
    if (!route) throw new Error("ruta faltante");
    const driver = route.driverId === ramon.id ? ramon : julio;
    const shown = await stopsInTreiberApp(browser, baseURL, driver.email, route.routeName);
    expect(shown).toEqual(
      route.stops.map((stop, index) =>
        index === 0
          ? `Próxima parada: ${stop.name}, ${stop.plannedTime}`
          : `${stop.name}, ${stop.plannedTime}`,
      ),
    );
  }
});
