import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import {
  type DestinationListResponse,
  type RouteListResponse,
  SHIFT_NAME_DUPLICATE_MESSAGE,
} from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import {
  ACCOUNTS,
  afterListAnswer,
  DEMO_PASSWORD,
  listCall,
  pickOption,
  rowDetails,
  searchList,
  sidebar,
  tableSettled,
  useSessionOf,
} from "./helpers";

/**
 * Turnos (issue 23, decision 0048) at 1366×800: an admin reaches the page from the sidebar, creates
 * a shift (the server's duplicate-name 409 shown on «Nombre» first), edits it, filters by branch
 * office, puts it on a new route in the route form with its own seats, is told why a change that
 * breaks the route's saved stops is refused (on «Turno» in the route form, above the shift form),
 * and deactivates the shift.
 */

test.use({ viewport: { width: 1366, height: 800 } });

const stamp = `${Date.now()}`;
const shiftName = `Turno E2E ${stamp.slice(-7)}`;
const routeName = `Ruta Turno ${stamp}`;
const PIANTINI = "Sede Central Piantini";

const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const row = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });
/** The form item (label, control and its messages) of a field. */
const field = (modal: Locator, label: string) =>
  modal.locator(".ant-form-item").filter({
    has: modal.page().locator("label", { hasText: new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`) }),
  });

async function apiHeaders(request: APIRequestContext) {
  const response = await request.post(API.auth.signIn.path, {
    data: { email: ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, GMT: "4" };
}

/** Types a time in a picker and commits it. */
async function typeTime(input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press("Enter");
}

/** Neither the page nor the table needs sideways scrolling, and the row's actions are in view. */
async function expectFits(page: Page, target: Locator) {
  const overflow = await page.evaluate(() => {
    const region = document.querySelector<HTMLElement>(".ant-table-content, .ant-table-body");
    return {
      document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: region ? region.scrollWidth - region.clientWidth : 0,
    };
  });
  expect(overflow.document).toBeLessThanOrEqual(0);
  expect(overflow.table).toBeLessThanOrEqual(1);
  for (const control of [target.getByRole("switch"), target.getByRole("button", { name: /^Editar/ })]) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    if (box) expect(box.x + box.width).toBeLessThanOrEqual(1366);
  }
}

async function expectAccessible(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(" | ")}`)).toEqual(
    [],
  );
}

async function editRoute(page: Page) {
  await page.goto("/route");
  await searchList(page, "Buscar ruta", routeName, API.route.list);
  await row(page, routeName)
    .getByRole("button", { name: `Editar ${routeName}` })
    .click();
  const edit = dialog(page, "Editar ruta");
  await expect(edit).toBeVisible();
  return edit;
}

test("an admin creates, edits, assigns and deactivates a shift", async ({ page, request }) => {
  test.setTimeout(300_000);
  await useSessionOf(page, ACCOUNTS.admin);

  // The sidebar's group Rutas leads to /shift; the demo's shifts are listed and the table fits.
  await page.goto("/");
  await sidebar(page).getByText("Rutas", { exact: true }).click();
  const link = sidebar(page).getByRole("link", { name: "Turnos", exact: true });
  await expect(link).toHaveAttribute("href", "/shift");
  const firstList = page.waitForResponse((response) => listCall(API.shift.list)(new URL(response.url())));
  await link.click();
  await expect(page).toHaveURL(/\/shift$/);
  await expect(page.getByRole("heading", { name: "Turnos", level: 1 })).toBeVisible();
  expect((await firstList).ok()).toBe(true);
  await tableSettled(page);
  const morning = row(page, "Mañana").filter({ hasText: PIANTINI });
  await expect(morning).toContainText("Entrada");
  await expect(morning).toContainText("08:00");
  await expect(morning).toContainText("Lun–Vie");
  await expectFits(page, morning);
  await expectAccessible(page);

  // Create: the name the office already uses is refused on «Nombre», then the new one is saved.
  await page.getByRole("button", { name: "Nuevo turno" }).click();
  const create = dialog(page, "Nuevo turno");
  await expect(create).toBeVisible();
  await pickOption(page, create, "Sucursal", "Piantini", PIANTINI);
  await create.getByLabel("Nombre", { exact: true }).fill("mañana");
  await create.getByRole("radio", { name: "Entrada" }).check();
  await typeTime(create.getByLabel("Hora", { exact: true }), "06:30");
  await expect(create.getByLabel("Hora", { exact: true })).toHaveValue("06:30");
  await create.getByRole("checkbox", { name: "Lunes" }).check();
  await create.getByRole("checkbox", { name: "Martes" }).check();
  await expectAccessible(page, ".ant-modal-wrap");
  await create.getByRole("button", { name: "Guardar" }).click();
  await expect(field(create, "Nombre")).toContainText(SHIFT_NAME_DUPLICATE_MESSAGE);
  await create.getByLabel("Nombre", { exact: true }).fill(shiftName);
  await create.getByRole("button", { name: "Guardar" }).click();
  await expect(create).toBeHidden();
  await expect(page.locator(".ant-message")).toContainText(`Guardado: ${shiftName}`);

  await searchList(page, "Buscar turno", shiftName, API.shift.list);
  const shiftRow = row(page, shiftName);
  await expect(shiftRow).toHaveCount(1);
  await expect(shiftRow).toContainText(PIANTINI);
  await expect(shiftRow).toContainText("06:30");
  await expect(shiftRow).toContainText("Lun, Mar");

  // Edit: a later time and one more day.
  await shiftRow.getByRole("button", { name: `Editar ${shiftName}` }).click();
  const edit = dialog(page, "Editar turno");
  await expect(edit.getByLabel("Hora", { exact: true })).toHaveValue("06:30");
  await typeTime(edit.getByLabel("Hora", { exact: true }), "06:45");
  await edit.getByRole("checkbox", { name: "Miércoles" }).check();
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(edit).toBeHidden();
  await expect(shiftRow).toContainText("06:45");
  await expect(shiftRow).toContainText("Lun–Mié");

  // The «Sucursal» filter goes into the URL and the list call.
  await afterListAnswer(
    page,
    listCall(API.shift.list, { branchOfficeId: /^\d+$/, criterion: shiftName }),
    () => pickFilter(page, "Sucursal", PIANTINI),
  );
  await expect(page).toHaveURL(/branchOfficeId=\d+/);
  await expect(shiftRow).toHaveCount(1);

  // The route form puts the shift and its own seats on a new route.
  await page.goto("/route");
  await page.getByRole("button", { name: "Nueva ruta" }).click();
  const newRoute = dialog(page, "Nueva ruta");
  await newRoute.getByLabel("Nombre", { exact: true }).fill(routeName);
  await pickOption(page, newRoute, "Destino", "Itabo", "Parque Industrial Itabo");
  await newRoute.getByRole("checkbox", { name: "Lunes" }).check();
  await typeTime(newRoute.getByLabel("Hora de salida"), "06:00");
  await newRoute.getByLabel("Costo (USD)").fill("50");
  await pickOption(page, newRoute, "Turno", shiftName, `${PIANTINI} · ${shiftName} (Entrada 06:45)`);
  await newRoute.getByLabel("Asientos").fill("14");
  await newRoute.getByRole("button", { name: "Guardar" }).click();
  await expect(newRoute).toBeHidden();
  await expect(page.locator(".ant-message")).toContainText(`Guardado: ${routeName}`);
  await searchList(page, "Buscar ruta", routeName, API.route.list);
  const details = await rowDetails(row(page, routeName));
  await expect(details).toContainText(`${shiftName} (Entrada)`);
  await expect(details).toContainText("14");

  // Saved stops (through the API, as Planificación would save them) on the side of the shift.
  const headers = await apiHeaders(request);
  const routes = (await (
    await request.get(apiPath(API.route.list), { headers, params: { criterion: routeName } })
  ).json()) as RouteListResponse;
  const route = routes.list.find((item) => item.name === routeName);
  expect(route?.shiftName).toBe(shiftName);
  expect(route?.seats).toBe(14);
  const destinations = (await (
    await request.get(apiPath(API.destination.list), { headers, params: { criterion: "Itabo" } })
  ).json()) as DestinationListResponse;
  const itabo = destinations.list.find((item) => item.name === "Parque Industrial Itabo");
  expect(itabo?.latitude).not.toBeNull();
  const saved = await request.put(apiPath(API.route.saveStops), {
    headers,
    data: {
      routeId: route?.id,
      stops: [
        {
          position: 1,
          name: "Parada E2E",
          latitude: itabo?.latitude,
          longitude: itabo?.longitude,
          plannedTime: "06:20",
          employeeIds: [],
        },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The evening shift (Salida 17:00) would leave the 06:20 stop out: refused on «Turno».
  const refused = await editRoute(page);
  await expect(field(refused, "Turno")).toContainText(`${PIANTINI} · ${shiftName} (Entrada 06:45)`);
  await pickOption(page, refused, "Turno", "Tarde", `${PIANTINI} · Tarde (Salida 17:00)`);
  await refused.getByRole("button", { name: "Guardar" }).click();
  await expect(field(refused, "Turno")).toContainText(
    "Las paradas de la ruta no cumplen la dirección u hora del nuevo turno",
  );
  await expect(refused).toBeVisible();
  await refused.getByRole("button", { name: "Cancelar" }).click();

  // And the shift itself cannot turn into a Salida while its route's stops are before it.
  await page.goto(`/shift?criterion=${encodeURIComponent(shiftName)}`);
  await expect(shiftRow).toContainText("06:45");
  await expect(shiftRow.locator("td").nth(6)).toHaveText("1");
  await shiftRow.getByRole("button", { name: `Editar ${shiftName}` }).click();
  const toOutbound = dialog(page, "Editar turno");
  await expect(toOutbound).toContainText("Lo atienden 1 ruta");
  await toOutbound.getByRole("radio", { name: "Salida" }).check();
  await toOutbound.getByRole("button", { name: "Guardar" }).click();
  await expect(toOutbound.getByRole("alert")).toContainText(routeName);
  await toOutbound.getByRole("button", { name: "Cancelar" }).click();
  await expect(toOutbound).toBeHidden();

  // Deactivate, after the confirmation.
  const toggle = shiftRow.getByRole("switch", { name: `Cambiar estado de ${shiftName}` });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await page.getByRole("button", { name: "Sí" }).click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toContainText("Inactivo");

  // The route keeps it, named as inactive; the select no longer offers it to other routes.
  const after = await editRoute(page);
  await expect(field(after, "Turno")).toContainText(`${shiftName} (Entrada) · inactivo`);
  await after.getByRole("button", { name: "Cancelar" }).click();
});

/** Picks `option` in the list's filter select labelled `label`. */
async function pickFilter(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: option })
    .click();
}
