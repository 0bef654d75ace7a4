import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  appliedDayPlan,
  createDayPlanFixture,
  type DayPlanFixture,
  type DayPlanRoute,
} from "./day-plan-fixtures";
import { PHONE_CONTEXT, signInToApp } from "./field-fixtures";
import { chooseOption, clockOf, rowWith } from "./first-day-fixtures";
import { ACCOUNTS, useSessionOf } from "./helpers";

/**
 * Issue 36's journey: 40 % of a shift's riders say «No viajaré» for tomorrow (through the API, as
 * riders, before the cut-off); the admin opens Planificación, picks the shift and the workplace,
 * switches to «Plan del día» for tomorrow, proposes it, sees two buses released and fewer vehicles
 * than the standing plan, and applies it. In Treiber App's «Mañana», the driver of a route that
 * still runs sees tomorrow's stops and times of the day plan (with the stops it took over from a
 * released route); the driver of a released route sees it released. The site is made through the
 * API so that the planner's answer is forced (see `ROUTES` in day-plan-fixtures.ts). A phone
 * journey (the drivers' phones, see the config).
 */

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/** `YYYY-MM-DD` as the date picker writes it (DD/MM/YYYY). */
const pickerDate = (date: string) => date.split("-").reverse().join("/");

/** Planificación: the fixture's branch office, shift and workplace, in «Plan del día» for tomorrow. */
async function openDayPlan(page: Page, fixture: DayPlanFixture) {
  await page.goto("/planning");
  await chooseOption(page.getByRole("combobox", { name: "Sucursal" }), fixture.office, fixture.office);
  await expect(async () => {
    await page.getByRole("combobox", { name: "Turno" }).click();
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: fixture.shift })
      .click({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  await chooseOption(
    page.getByRole("combobox", { name: "Lugar de trabajo" }),
    fixture.workplace,
    fixture.workplace,
  );
  await page
    .getByRole("radiogroup", { name: "Modo de planificación" })
    .getByText("Plan del día", { exact: true })
    .click();
  await expect(page).toHaveURL(/plan=day/);
  const date = page.getByLabel("Fecha del plan del día");
  await date.click();
  await date.fill(pickerDate(fixture.tomorrow));
  await date.press("Enter");
  await expect(date).toHaveValue(pickerDate(fixture.tomorrow));
}

/** «Proponer plan del día»: 24 riders, A and B released, 3 vehicles instead of 5; applied. */
async function proposeAndApply(page: Page, fixture: DayPlanFixture) {
  const { A, B, C } = fixture.routes;
  await page.getByRole("button", { name: "Proponer plan del día" }).click();
  const proposal = page.getByRole("region", { name: "Plan del día propuesto" });
  await expect(proposal).toBeVisible({ timeout: 60_000 });
  await expect(proposal).toContainText(`${fixture.riders - fixture.cancelled} colaboradores viajan el`);

  const released = proposal.getByRole("list", { name: "Buses liberados" });
  await expect(proposal.getByRole("heading", { name: "Buses liberados (2)" })).toBeVisible();
  await expect(released.getByRole("listitem")).toHaveCount(2);
  await expect(released.getByRole("listitem").filter({ hasText: A.name })).toContainText(A.driverName);
  await expect(released.getByRole("listitem").filter({ hasText: B.name })).toContainText(B.driverName);

  const figures = proposal.getByRole("table", { name: "Cifras del plan fijo y del plan del día" });
  const vehicles = rowWith(figures, "Vehículos").locator("td");
  await expect(vehicles.nth(1)).toHaveText("5");
  await expect(vehicles.nth(2)).toHaveText("3");
  await expect(proposal.getByRole("group", { name: "Ahorro del plan del día" })).toContainText(
    "2 buses liberados",
  );

  // C, the cheap bus in the middle, takes the stops A and B keep.
  const routes = proposal.getByRole("table", { name: "Rutas del día" });
  await expect(routes.locator("tbody tr.ant-table-row")).toHaveCount(3);
  await rowWith(routes, C.name).locator(".ant-table-row-expand-icon").click();
  const stops = page.getByRole("table", { name: `Paradas de ${C.name}` });
  await expect(stops).toContainText(A.stops[1]?.name ?? "");
  await expect(stops).toContainText(B.stops[2]?.name ?? "");

  await proposal.getByRole("button", { name: "Aplicar plan del día" }).click();
  const confirm = dialog(page, "¿Aplicar el plan del día?");
  await expect(confirm.getByRole("list", { name: "Qué cambia al aplicar" })).toContainText(
    `2 buses liberados ese día: ${A.name}, ${B.name}.`,
  );
  await confirm.getByRole("button", { name: "Aplicar plan del día" }).click();
  await expect(confirm).toBeHidden({ timeout: 30_000 });
  const applied = page.getByRole("status").filter({ hasText: "Plan del día aplicado el" });
  await expect(applied).toContainText(`2 buses liberados: ${A.name}, ${B.name}.`);
  await expect(applied).toContainText("Vehículos: 5 en el plan fijo, 3 ese día.");
}

/** A driver's «Mañana» in Treiber App: their route's card. */
async function tomorrowCard(page: Page, route: DayPlanRoute) {
  await signInToApp(page, route.driverEmail);
  await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name: "Mañana" }).click();
  await expect(page).toHaveURL(/\/app\/manana/);
  const card = page
    .getByRole("list", { name: "Rutas de mañana" })
    .getByRole("listitem")
    .filter({ hasText: route.name });
  await expect(card).toBeVisible();
  return card;
}

/** C's driver: tomorrow's stops and times are the day plan's, A's and B's stops included. */
async function seeRunningRoute(
  page: Page,
  fixture: DayPlanFixture,
  request: Parameters<typeof appliedDayPlan>[0],
) {
  const { A, B, C } = fixture.routes;
  const plan = await appliedDayPlan(request, fixture);
  const day = plan?.routes.find((route) => route.routeId === C.id);
  expect(day, "C sale mañana").toBeDefined();
  const expected = day?.stops ?? [];
  expect(expected.map((stop) => stop.name)).toEqual(
    expect.arrayContaining([A.stops[1]?.name, B.stops[2]?.name]),
  );

  const card = await tomorrowCard(page, C);
  const stops = card.getByRole("region", { name: `Paradas de ${C.name}` });
  await expect(card.getByTestId("expected-riders")).toHaveText(
    String(expected.reduce((sum, stop) => sum + stop.employeeIds.length, 0)),
  );
  const rows = stops.getByTestId("today-stop");
  await expect(rows).toHaveCount(expected.length);
  for (const [index, stop] of expected.entries()) {
    await expect(rows.nth(index)).toContainText(`${index + 1}. ${stop.name}`);
    await expect(rows.nth(index)).toContainText(clockOf(stop.plannedTime));
  }
  // Not the standing plan: C's own far stops keep their place, not their standing times; its two
  // near stops are gone (nobody rides from them tomorrow).
  const standing = new Map(C.stops.map((stop) => [stop.name, stop.plannedTime]));
  const retimed = expected.filter(
    (stop) => standing.has(stop.name) && stop.plannedTime.slice(0, 5) !== standing.get(stop.name),
  );
  expect(retimed.length, "una parada de C con otra hora mañana").toBeGreaterThan(0);
  await expect(stops).not.toContainText(C.stops[2]?.name ?? "");
  await expect(stops).not.toContainText(C.stops[3]?.name ?? "");
}

/** A's driver: the route is released tomorrow, without stops. */
async function seeReleasedRoute(page: Page, route: DayPlanRoute) {
  const card = await tomorrowCard(page, route);
  await expect(card).toContainText(/Liberada/);
  await expect(card).toContainText("no sale en esta fecha");
  await expect(card.getByTestId("expected-riders")).toHaveText("0");
  await expect(card.getByTestId("today-stop")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Iniciar ruta" })).toHaveCount(0);
}

test("plan of the day: 40 % cancel, the admin proposes tomorrow's plan, two buses released, applied; the drivers see it in «Mañana»", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const fixture = await createDayPlanFixture(request);
  expect(fixture.cancelled / fixture.riders).toBe(0.4);
  const contexts: BrowserContext[] = [];
  const phone = async () => {
    const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL });
    contexts.push(context);
    return context.newPage();
  };
  try {
    await test.step("the admin proposes tomorrow's plan, sees two buses released and applies it", async () => {
      await useSessionOf(page, ACCOUNTS.admin);
      await openDayPlan(page, fixture);
      await proposeAndApply(page, fixture);
    });
    await test.step("the driver of a running route sees tomorrow's stops of the day plan", async () =>
      seeRunningRoute(await phone(), fixture, request));
    await test.step("the driver of a released route sees it released tomorrow", async () =>
      seeReleasedRoute(await phone(), fixture.routes.A));
  } finally {
    for (const context of contexts) await context.close();
  }
});
