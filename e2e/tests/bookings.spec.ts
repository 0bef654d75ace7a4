import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createBookingsFixture, PAST_STOP } from "./bookings-fixtures";
import { PHONE_CONTEXT, signInToApp } from "./field-fixtures";
import { chooseOption, DriverPhone, rowWith } from "./first-day-fixtures";
import { ACCOUNTS, signInAs } from "./helpers";

/**
 * Issue 35's journey: a rider says «No viajaré» for tomorrow in Treiber App's «Mis viajes» before
 * the cut-off; the driver's list of that run (on «Hoy» before the start, and on the trip) no longer
 * expects her (folded as «No viaja»); a rider who asked for a seat on that full route (waitlisted) is
 * promoted and told in «Avisos»; another route's driver, at the stop past the wait, marks a rider
 * «Ausente»; the admin sees it in «Reservas» and «Reporte Reservas». The shifts, routes, drivers and
 * riders are made through the admin API (what happens elsewhere), timed from now so that it runs at
 * any hour (`journeyTimes`). A phone journey: it starts trips and its cancellation notifies admins
 * (see the config).
 */

const MINUTE = 60_000;
/** The early route's driver phone runs this far behind: the wait at the stop takes seconds. */
const PHONE_BEHIND = 5 * MINUTE;

async function newPhone(browser: Browser, baseURL: string | undefined, contexts: BrowserContext[]) {
  const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL });
  contexts.push(context);
  return context;
}

/** A rider signs in to Treiber App and opens «Mis viajes». */
async function openMyTrips(page: Page, email: string) {
  await signInToApp(page, email);
  await page.getByRole("link", { name: "Mis viajes" }).click();
  await expect(page).toHaveURL(/\/app\/viajes$/);
}

/** «Mis viajes»' card of a route on a date. */
const tripCard = (page: Page, routeName: string, date: string) =>
  page.locator(`[data-testid="booking"][data-date="${date}"]`).filter({ hasText: routeName });

type Fixture = Awaited<ReturnType<typeof createBookingsFixture>>;

/** The early route's driver, at Dario's stop: refused before the wait is over, recorded after it. */
async function markNoShow(context: BrowserContext, { early, dario }: Fixture) {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(PAST_STOP);
  const phone = new DriverPhone(context, await context.newPage(), PHONE_BEHIND);
  await phone.setClock();
  await signInToApp(phone.page, early.driverEmail);
  const row = phone.page.getByRole("listitem").filter({ hasText: early.name });
  await row.getByRole("button", { name: "Iniciar ruta" }).click();
  await phone.page.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
  await expect(phone.page).toHaveURL(/\/app\/viaje\/\d+$/);
  await phone.fix(PAST_STOP, 5);

  // Just arrived: the wait is not over yet.
  await phone.page.getByRole("button", { name: `Ausente: ${dario.fullName}` }).click();
  const confirm = phone.page.getByRole("dialog", { name: `¿Marcar ausente a ${dario.fullName}?` });
  await confirm.getByRole("button", { name: "Marcar ausente" }).click();
  await expect(confirm.getByRole("alert")).toContainText(/Espere hasta las \d\d:\d\d en la parada/);

  // Two minutes and a half later at the stop: recorded.
  await phone.fix({ latitude: PAST_STOP.latitude + 1e-5, longitude: PAST_STOP.longitude }, 150);
  await confirm.getByRole("button", { name: "Marcar ausente" }).click();
  await expect(confirm).toBeHidden();
  await expect(phone.page.getByText(`${dario.fullName}: Ausencia registrada.`)).toBeVisible();
}

/** «Reservas» of a shift on a service date. */
async function openBookings(page: Page, date: string, shiftName: string) {
  await page.goto(`/booking?date=${date}`);
  await expect(page.getByRole("heading", { name: "Reservas", level: 1 })).toBeVisible();
  await chooseOption(page.getByRole("combobox", { name: "Turno" }), shiftName, shiftName);
}

/** «Reservas»: tomorrow's counts of the full route, the early route's manifest with Dario absent. */
async function seeInBookings(page: Page, fixture: Fixture) {
  const { shiftName, earlyShiftName, full, early, ana, carla, dario, tomorrow, earlyDate } = fixture;
  await signInAs(page, ACCOUNTS.admin, "/");
  await openBookings(page, earlyDate, earlyShiftName);
  await page.getByRole("button", { name: `Ver manifiesto de ${early.name}` }).click();
  const manifest = page.locator(".ant-card").filter({ hasText: `Manifiesto: ${early.name}` });
  const figures = manifest.getByRole("group", { name: "Cifras del día" });
  await expect(figures.locator(".ant-statistic").filter({ hasText: "Ausentes" })).toContainText("1");
  await expect(rowWith(manifest, dario.fullName)).toContainText("Ausente");
  await openBookings(page, tomorrow, shiftName);
  await expect(rowWith(page, full.name)).toContainText("Completo");
  await page.getByRole("button", { name: `Ver manifiesto de ${full.name}` }).click();
  const fullManifest = page.locator(".ant-card").filter({ hasText: `Manifiesto: ${full.name}` });
  await expect(rowWith(fullManifest, carla.fullName)).toContainText("Confirmado");
  await expect(rowWith(fullManifest, ana.fullName)).toContainText("Cancelado");
}

/** «Reporte Reservas»: the early route's demand row of its service date, and Dario's no-show. */
async function seeInReport(page: Page, { early, dario, earlyDate }: Fixture) {
  const [year, month, day] = earlyDate.split("-");
  // The report's days run to today by default: its service date is today's, or tomorrow's at 23:38.
  const range = `${month}/${day}/${year}`;
  await page.goto(`/reportBooking?sinceDate=${range}&untilDate=${range}`);
  await expect(page.getByRole("heading", { name: "Reporte Reservas", level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: "Demanda por ruta y día" }).click();
  await page.getByPlaceholder("Buscar ruta").fill(early.name);
  const todayRow = rowWith(page, early.name).filter({ hasText: `${day}/${month}/${year}` });
  await expect(todayRow).toHaveCount(1);
  const headers = await page.locator(".ant-table-thead th").allInnerTexts();
  const absent = headers.findIndex((text) => text.trim() === "Ausentes");
  await expect(todayRow.locator("td").nth(absent)).toHaveText("1");
  await page.getByRole("tab", { name: "Ausencias por colaborador y ruta" }).click();
  await page.getByPlaceholder("Buscar colaborador").fill(dario.lastname);
  await expect(rowWith(page, early.name)).toContainText("Dario");
  await expect(page.getByRole("button", { name: /Exportar a Excel/ }).first()).toBeVisible();
}

test("bookings: a rider cancels, the waitlisted rider is promoted and told, a no-show at the stop, seen in «Reservas» and its report", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const fixture = await createBookingsFixture(request);
  const { full, ana, beto, carla, tomorrow } = fixture;
  const contexts: BrowserContext[] = [];
  try {
    const carlaPage = await (await newPhone(browser, baseURL, contexts)).newPage();
    await test.step("Carla asks for a seat on the full route tomorrow: waitlisted", async () => {
      await openMyTrips(carlaPage, carla.email);
      await carlaPage.getByRole("button", { name: "Pedir asiento" }).click();
      const sheet = carlaPage.getByRole("dialog", { name: "Pedir asiento" });
      await sheet.getByLabel("Fecha").selectOption(tomorrow);
      await sheet
        .getByRole("list", { name: "Rutas de su sucursal" })
        .getByRole("button", { name: `Pedir asiento en ${full.name}` })
        .click();
      await expect(tripCard(carlaPage, full.name, tomorrow).getByTestId("booking-status")).toHaveText(
        "En espera (n.º 1)",
      );
    });

    await test.step("Ana says «No viajaré» for tomorrow: Carla is promoted and told in «Avisos»", async () => {
      const anaPage = await (await newPhone(browser, baseURL, contexts)).newPage();
      await openMyTrips(anaPage, ana.email);
      const card = tripCard(anaPage, full.name, tomorrow);
      await card.getByRole("button", { name: "No viajaré" }).click();
      await expect(card.getByTestId("booking-status")).toHaveText("Cancelado");
      await expect(card.getByRole("button", { name: "Sí viajaré" })).toBeVisible();

      await carlaPage.reload();
      await expect(tripCard(carlaPage, full.name, tomorrow).getByTestId("booking-status")).toHaveText(
        "Confirmado",
      );
      await carlaPage.getByRole("link", { name: /^Avisos/ }).click();
      await expect(
        carlaPage.getByRole("list", { name: "Avisos" }).getByTestId("notice").first(),
      ).toContainText(`Tienes asiento en la ruta ${full.name}`);
    });

    await test.step("the full route's driver expects Beto and Carla, not Ana («No viaja»)", async () => {
      const driverPage = await (await newPhone(browser, baseURL, contexts)).newPage();
      await signInToApp(driverPage, full.driverEmail);
      // «Hoy», before the start: the run (tomorrow's service date, the server's) without Ana.
      const row = driverPage.getByRole("listitem").filter({ hasText: full.name });
      await expect(row.getByTestId("expected-riders")).toHaveText("2");
      await row.getByText("No viaja (1)").click();
      await expect(row.getByRole("list", { name: "No viaja" })).toContainText(ana.fullName);
      await row.getByRole("button", { name: "Iniciar ruta" }).click();
      await driverPage.getByRole("dialog").getByRole("button", { name: "Iniciar" }).click();
      await expect(driverPage).toHaveURL(/\/app\/viaje\/\d+$/);
      await expect(driverPage.getByRole("button", { name: `Ausente: ${beto.fullName}` })).toBeVisible();
      await expect(driverPage.getByRole("button", { name: `Ausente: ${carla.fullName}` })).toBeVisible();
      await expect(driverPage.getByRole("button", { name: `Ausente: ${ana.fullName}` })).toHaveCount(0);
      await driverPage.getByText("No viaja (1)").click();
      await expect(driverPage.getByRole("list", { name: "No viaja" })).toContainText(ana.fullName);
    });

    await test.step("the early route's driver marks Dario «Ausente» at his stop once the wait is over", async () =>
      markNoShow(await newPhone(browser, baseURL, contexts), fixture));
    await test.step("the admin sees it in «Reservas»", () => seeInBookings(page, fixture));
    await test.step("the admin sees it in «Reporte Reservas»", () => seeInReport(page, fixture));
  } finally {
    for (const context of contexts) await context.close();
  }
});
