import { expect, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import { auth, digits, firstId, PASSWORD, send, signInToApp, tokenOf } from "./field-fixtures";
import { ACCOUNTS, hubReady } from "./helpers";

/**
 * Issue 33: a rider is told their route changed. An admin assigns a collaborator (made by the test,
 * with its own route) to a route while Treiber App is open: the «Avisos» tab counts it live (the hub's
 * `ReceiveNotification`), the screen lists it as «Nuevo» and opening it marks it read; the list opens
 * without a connection. A phone journey: the assignment notifies every admin (see the config).
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("«Avisos»: a route assigned reaches the open app live, is listed as «Nuevo», marked read on open and kept offline", async ({
  page,
  context,
  request,
}) => {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  const branchOfficeId = await firstId(request, admin, API.branchOffice.listName);
  const destination = await send<{ id: number }>(request, admin, API.destination.create, {
    name: `Torre Avisos ${tag}`,
    address: "Av. Gustavo Mejía Ricart, Piantini",
    latitude: 18.4697,
    longitude: -69.9386,
  });
  const routeName = `Ruta avisos ${tag}`;
  const route = await send<{ id: number }>(request, admin, API.route.create, {
    name: routeName,
    destinationId: destination.id,
    dayIds: [1, 2, 3, 4, 5],
    departureTime: "06:15",
    cost: 30,
  });
  const email = `avisos-${stamp}@e2e.treiber.app`;
  const rider = await send<{ id: number }>(request, admin, API.auth.employeeSignup, {
    email,
    password: PASSWORD,
    name: "Ana",
    lastname: `Avisos ${tag}`,
    codeEmployee: `AV-${stamp.slice(-8)}`,
    department: "Operaciones",
    jobTitle: "Operadora",
    telephone: "(809) 555-0606",
    branchOfficeId,
  });

  // The collaborator has Treiber App open on Mi QR, connected to the hub; nothing to read yet.
  const hub = hubReady(page);
  await signInToApp(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/app\/qr$/);
  await hub;
  const tab = page.getByRole("link", { name: /^Avisos/ });
  await expect(tab).toHaveAccessibleName("Avisos");

  // An admin assigns the route: the tab counts it at once.
  const assigned = await request.put(
    `${API.employee.addRoute.path}?employeeId=${rider.id}&routeId=${route.id}`,
    { headers: auth(admin) },
  );
  expect(assigned.status(), await assigned.text()).toBe(200);
  await expect(page.getByTestId("notices-badge")).toHaveText("1");
  await expect(tab).toHaveAccessibleName("Avisos, 1 sin leer");

  // Opened: listed as «Nuevo», marked read on the server, the badge goes.
  await tab.click();
  await expect(page.getByRole("heading", { name: "Avisos", level: 1 })).toBeVisible();
  const notice = page.getByRole("list", { name: "Avisos" }).getByTestId("notice").first();
  await expect(notice).toContainText("Tu ruta cambió");
  await expect(notice).toContainText(
    `Tu ruta cambió: te asignaron la ruta ${routeName}, que sale a las 6:15 a. m.`,
  );
  await expect(notice).toContainText("Nuevo");
  await expect(page.getByTestId("notices-badge")).toHaveCount(0);
  const token = await tokenOf(request, email, PASSWORD);
  await expect
    .poll(async () => {
      const unread = await request.get(API.notification.unread.path, { headers: auth(token) });
      return ((await unread.json()) as unknown[]).length;
    })
    .toBe(0);

  // No signal: the list kept on the phone opens (the service worker serves the app shell).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("saved-copy")).toHaveText(
    "Sin conexión: se muestra lo último que se recibió.",
  );
  await expect(page.getByTestId("notice").first()).toContainText(`te asignaron la ruta ${routeName}`);
  await context.setOffline(false);
});
