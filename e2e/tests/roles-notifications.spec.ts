import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import { auth, digits, firstId, PASSWORD, tokenOf } from "./field-fixtures";
import { ACCOUNTS, hubReady, useSessionOf } from "./helpers";

/**
 * Issue 13 item 12: the notification panel fits a 390×844 phone, and nobody is notified of their
 * own action: the admin who assigns a collaborator gets no popup, another signed-in admin does.
 */

type Person = { id: number; email: string; name: string; lastname: string; codeEmployee: string };

/** Fresh admins, collaborators and a route of their own, made by the demo SuperAdmin through the API. */
async function createFixture(request: APIRequestContext) {
  const superAdmin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const branchOfficeId = await firstId(request, superAdmin, API.branchOffice.listName);
  const destinationId = await firstId(request, superAdmin, API.destination.listName);
  const person = async (index: number, role: "Admin" | "Collaborator", name: string): Promise<Person> => {
    const data = {
      email: `rol-${index}-${stamp}@e2e.treiber.app`,
      name,
      lastname: `Aviso${stamp.slice(-5)}`,
      codeEmployee: `N${index}-${stamp.slice(-7)}`,
    };
    const created = await request.post(API.auth.employeeSignup.path, {
      headers: auth(superAdmin),
      data: {
        ...data,
        password: PASSWORD,
        role,
        department: "Operaciones",
        jobTitle: role === "Admin" ? "Coordinador" : "Operador",
        telephone: "(809) 555-0303",
        branchOfficeId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return { ...data, id: ((await created.json()) as { id: number }).id };
  };
  const actor = await person(0, "Admin", "Adela");
  const observer = await person(1, "Admin", "Octavio");
  const first = await person(2, "Collaborator", "Celia");
  const second = await person(3, "Collaborator", "Ciro");
  const routeName = `Ruta avisos ${stamp.slice(-6)}`;
  const route = await request.post(API.route.create.path, {
    headers: auth(superAdmin),
    data: { name: routeName, destinationId, dayIds: [1, 2, 3, 4, 5], departureTime: "07:30", cost: 40 },
  });
  expect(route.status(), await route.text()).toBe(201);
  const routeId = ((await route.json()) as { id: number }).id;
  return { actor, observer, first, second, routeName, routeId };
}

const popups = (page: Page) => page.getByTestId("realtime-notification");
const assignedText = (person: Person, routeName: string) =>
  `${person.name} ${person.lastname} fue asignado(a) a la ruta ${routeName}`;

/** In the drawer's collaborators section, picks `person` in the search select and assigns them. */
async function assignCollaborator(page: Page, section: Locator, person: Person) {
  const option = `${person.name} ${person.lastname} (${person.codeEmployee})`;
  const select = section.getByLabel("Buscar colaborador", { exact: true });
  await expect(async () => {
    await select.click();
    await page.keyboard.type(person.lastname);
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 });
    await expect(section.locator(".ant-select")).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await section.getByRole("button", { name: "Asignar" }).click();
}

test("the notification panel fits a 390×844 phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/");
  await page.getByTestId("notification-bell").click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Notificaciones", { exact: true })).toBeVisible();
  await expect(async () => {
    const box = await panel.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  }).toPass();
  // Its header, title and "Marcar como leídos" included, is wholly on screen.
  await expect(panel.locator("> div").first()).toBeInViewport({ ratio: 1 });
  await context.close();
});

test("an admin assigning a collaborator gets no popup of it; another signed-in admin does", async ({
  browser,
  request,
}) => {
  const { actor, observer, first, second, routeName, routeId } = await createFixture(request);

  const actorContext = await browser.newContext();
  const observerContext = await browser.newContext();
  const actorPage = await actorContext.newPage();
  const observerPage = await observerContext.newPage();
  await useSessionOf(actorPage, actor.email, PASSWORD);
  await useSessionOf(observerPage, observer.email, PASSWORD);
  const actorHub = hubReady(actorPage);
  const observerHub = hubReady(observerPage);
  await observerPage.goto("/");
  await actorPage.goto(`/route?criterion=${encodeURIComponent(routeName)}`);
  await Promise.all([actorHub, observerHub]);

  // The actor assigns the first collaborator in the route's assignments drawer.
  const routeRow = actorPage.locator(".ant-table-row").filter({ hasText: routeName });
  await routeRow.getByRole("button", { name: `Asignaciones de ${routeName}` }).click();
  const drawer = actorPage.getByRole("dialog", { name: `Asignaciones de la ruta ${routeName}` });
  await expect(drawer).toBeVisible();
  const section = drawer.getByRole("region", { name: "Colaboradores asignados" });
  await assignCollaborator(actorPage, section, first);
  const assigned = drawer.getByRole("list", { name: "Lista de colaboradores asignados" });
  await expect(assigned.getByRole("listitem", { name: `${first.name} ${first.lastname}` })).toBeVisible();

  // The other admin, signed in elsewhere, gets the popup live.
  const observed = popups(observerPage).filter({ hasText: assignedText(first, routeName) });
  await expect(observed).toContainText("Colaborador asignado");

  // Then the observer assigns the second collaborator: the actor's socket delivers in order, so
  // once this popup is on the actor's screen, a popup of the actor's own assignment would be too.
  const observerToken = await tokenOf(request, observer.email, PASSWORD);
  const byObserver = await request.put(
    `${API.employee.addRoute.path}?employeeId=${second.id}&routeId=${routeId}`,
    {
      headers: auth(observerToken),
    },
  );
  expect(byObserver.status()).toBe(200);
  await expect(popups(actorPage).filter({ hasText: assignedText(second, routeName) })).toContainText(
    "Colaborador asignado",
  );
  await expect(popups(actorPage).filter({ hasText: assignedText(first, routeName) })).toHaveCount(0);

  // The bell agrees: the actor has only the observer's assignment, the observer only the actor's.
  await actorPage.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await actorPage.getByTestId("notification-bell").click();
  const actorPanel = actorPage.getByTestId("notification-panel");
  await expect(actorPanel.getByText(assignedText(second, routeName))).toBeVisible();
  await expect(actorPanel.getByText(assignedText(first, routeName))).toHaveCount(0);
  await observerPage.getByTestId("notification-bell").click();
  const observerPanel = observerPage.getByTestId("notification-panel");
  await expect(observerPanel.getByText(assignedText(first, routeName))).toBeVisible();
  await expect(observerPanel.getByText(assignedText(second, routeName))).toHaveCount(0);

  await actorContext.close();
  await observerContext.close();
});
