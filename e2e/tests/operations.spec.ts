import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";
import {
  ACCOUNTS,
  afterListAnswer,
  cspViolations,
  DEMO_PASSWORD,
  listCall,
  tableSettled,
  useSessionOf,
} from "./helpers";

/**
 * Live operations: a collaborator's cancellation reaches the admin in real time (popup, bell,
 * trip detail), trips in progress and their live detail, the route history and the notification
 * history. Everything goes through the real API, hub and database.
 */

type Json = Record<string, unknown>;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(API.auth.signIn.path, { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const auth = (token: string) => ({
  Authorization: `Bearer ${token}`,
  // As the apps send it (@treiber/client): required on dated calls.
  GMT: String(new Date().getTimezoneOffset() / 60),
});

async function getJson<T>(
  request: APIRequestContext,
  token: string,
  endpoint: ApiEndpoint,
  params?: Json,
): Promise<T> {
  const response = await request.get(apiPath(endpoint), {
    headers: auth(token),
    params: params as Record<string, string | number>,
  });
  expect(response.status(), `GET ${endpoint.path}`).toBe(200);
  return (await response.json()) as T;
}

type CollaboratorTrip = { intermediateRouteId: number; routeName: string; status: string };
type StartableRoute = { routeId: number | null; routeNotScheduledId: number | null; name: string };
type TripSummary = {
  id: number;
  routeName: string;
  driverName: string;
  driverLastname: string;
  amountCollaborators: number;
  lastLatitude: number | null;
};

/**
 * A trip in progress the demo collaborator rides and has not boarded nor cancelled yet. If the
 * demo data has none, the demo driver starts one of its routes (the collaborator's route among them).
 */
async function tripForCollaborator(request: APIRequestContext, collaborator: string, driver: string) {
  const pending = async () => {
    const { response } = await getJson<{ response: CollaboratorTrip[] }>(
      request,
      collaborator,
      API.transportService.current,
    );
    return response.find((trip) => trip.status === "Pending");
  };
  const existing = await pending();
  if (existing)
    return { id: existing.intermediateRouteId, routeName: existing.routeName, startedHere: false };

  const { response: routes } = await getJson<{ response: StartableRoute[] }>(
    request,
    driver,
    API.intermediateRoute.driverRoutes,
  );
  for (const route of routes) {
    const body = route.routeId
      ? { routeId: route.routeId }
      : { routeNotScheduledId: route.routeNotScheduledId };
    const started = await request.put(API.intermediateRoute.start.path, {
      headers: auth(driver),
      data: body,
    });
    expect(started.status(), `Start ${route.name}`).toBe(200);
    const { intermediateRoute } = (await started.json()) as { intermediateRoute: { id: number } };
    const trip = await pending();
    if (trip) return { id: trip.intermediateRouteId, routeName: trip.routeName, startedHere: true };
    const ended = await request.put(API.intermediateRoute.end.path, {
      headers: auth(driver),
      data: { intermediateRouteId: intermediateRoute.id },
    });
    expect(ended.status()).toBe(200);
  }
  throw new Error("El colaborador demo no viaja en ninguna ruta del chofer demo");
}

/** Watches the page's hub socket: `ready` once the handshake answer `{}` arrived; every frame sent. */
function watchHub(page: Page) {
  const sent: string[] = [];
  const ready = new Promise<void>((resolve) => {
    page.on("websocket", (socket) => {
      if (!socket.url().includes("/server")) return;
      socket.on("framesent", ({ payload }) => sent.push(String(payload)));
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).startsWith("{}\u001e")) resolve();
      });
    });
  });
  /** Waits until an invocation of `method` with `group` was sent. */
  const invoked = (method: string, group: string) =>
    expect
      .poll(
        () => sent.some((frame) => frame.includes(`"target":"${method}"`) && frame.includes(`"${group}"`)),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
  return { ready, invoked };
}

const bellPanel = (page: Page) => page.getByTestId("notification-panel");

test("a cancellation reaches the admin live: popup, bell, trip detail; marked read until empty", async ({
  page,
  request,
}) => {
  const [admin, collaborator, driver] = await Promise.all([
    tokenOf(request, ACCOUNTS.admin),
    tokenOf(request, ACCOUNTS.collaborator),
    tokenOf(request, ACCOUNTS.driver),
  ]);
  const trip = await tripForCollaborator(request, collaborator, driver);
  test
    .info()
    .annotations.push({ type: "trip", description: trip.startedHere ? "started by the test" : "demo" });
  // Start from an empty bell: whatever the demo data left unread is read now.
  expect((await request.put(API.notification.markAsReadAll.path, { headers: auth(admin) })).status()).toBe(
    200,
  );

  // The server takes at most one position per second from a driver, as a real phone would send them.
  let lastSentAt = 0;
  const sendPosition = async (latitude: number, longitude: number) => {
    const wait = lastSentAt + 1_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastSentAt = Date.now();
    const sent = await request.post(API.intermediateRoute.position.path, {
      headers: auth(driver),
      data: { intermediateRouteId: trip.id, latitude, longitude },
    });
    expect(sent.status()).toBe(200);
  };

  await useSessionOf(page, ACCOUNTS.admin);
  const hub = watchHub(page);
  const violations = cspViolations(page);
  await page.goto("/listRoutes");
  await hub.ready;

  // The live map shows every trip in progress that has a position.
  const { response: active } = await getJson<{ response: { id: number; lastLatitude: number | null }[] }>(
    request,
    admin,
    API.intermediateRoute.listActive,
  );
  const placed = active.filter((item) => item.lastLatitude !== null).length;
  const liveCount = page.getByTestId("live-map-count");
  await expect(liveCount).toHaveText(`${placed} rutas en el mapa`, { timeout: 30_000 });
  if (trip.startedHere) {
    // The first position of the trip we started puts it on the live map as it arrives.
    await sendPosition(18.4772, -69.9115);
    await expect(liveCount).toHaveText(`${placed + 1} rutas en el mapa`);
  }

  // Its detail joins the trip's group.
  await page
    .locator(".ant-table-row")
    .filter({ hasText: trip.routeName })
    .first()
    .getByRole("button", { name: "Ver en el mapa" })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]trip=${trip.id}`));
  await hub.invoked("JoinGroupIntermediateRoute", `intermediate-group-${trip.id}`);

  const summary = page.getByTestId("trip-summary");
  await expect(summary).toContainText(trip.routeName, { timeout: 30_000 });
  await expect(page.getByTestId("trip-map").locator(".leaflet-container")).toBeVisible();
  await expect(page.getByTestId("trip-riders")).toContainText("Pendiente");

  if (trip.startedHere) {
    // One stored position: a marker, no trail yet. The next position arrives live and draws it.
    await expect(summary).toContainText("Hace unos segundos");
    await expect(page.getByTestId("trip-map").locator("path.trip-position-marker")).toBeVisible();
    await expect(page.getByTestId("trip-map").locator("path.trip-trail")).toHaveCount(0);
    await sendPosition(18.4801, -69.9152);
    await expect(page.getByTestId("trip-map").locator("path.trip-trail")).toBeVisible();
  }

  // The bell is empty before the cancellation.
  await page.getByTestId("notification-bell").click();
  await expect(bellPanel(page)).toContainText("No tienes notificaciones");
  await page.keyboard.press("Escape");

  const comment = `Cita médica E2E ${Date.now()}`;
  const canceled = await request.post(API.transportService.cancel.path, {
    headers: auth(collaborator),
    data: { intermediateRouteId: trip.id, comment },
  });
  expect(canceled.status()).toBe(201);

  // Popup with title and message (other specs in parallel may notify every admin too: this one's).
  const popup = page.getByTestId("realtime-notification").filter({ hasText: comment });
  await expect(popup).toContainText("Servicio cancelado");
  await expect(popup).toContainText(comment);

  // The trip detail shows the rider as cancelled with the comment.
  const riders = page.getByTestId("trip-riders");
  await expect(riders.locator(".ant-table-row").filter({ hasText: comment })).toContainText("Canceló");

  // The bell: red dot, the item with its relative time, marked read, then empty.
  await expect(page.getByTestId("notification-dot")).toBeVisible();
  await page.getByTestId("notification-bell").click();
  const panel = bellPanel(page);
  await expect(panel.getByText("Notificaciones", { exact: true })).toBeVisible();
  const item = panel.getByTestId("notification-item").filter({ hasText: comment });
  await expect(item).toContainText("Servicio cancelado");
  await expect(item).toContainText(/Hace /);
  await expect(panel.getByTestId("notification-count")).toContainText("1");
  await item.getByText("Marcar como leído", { exact: true }).click();
  await expect(panel).toContainText("No tienes notificaciones");
  await expect(page.getByTestId("notification-dot")).toHaveCount(0);

  const unread = await getJson<unknown[]>(request, admin, API.notification.unread);
  expect(unread).toEqual([]);

  await page.keyboard.press("Escape");
  if (trip.startedHere) {
    // The driver ends the trip: the detail hears `FinishIntermediateRoute` and says so.
    const ended = await request.put(API.intermediateRoute.end.path, {
      headers: auth(driver),
      data: { intermediateRouteId: trip.id },
    });
    expect(ended.status()).toBe(200);
    await expect(page.getByTestId("trip-finished")).toContainText("La ruta finalizó");
  }

  // Leaving the detail leaves the trip's group.
  await page.getByRole("button", { name: "Volver a rutas en curso" }).click();
  await hub.invoked("LeaveGroupIntermediateRoute", `intermediate-group-${trip.id}`);
  await expect(page.getByRole("heading", { name: "Rutas en curso" })).toBeVisible();
  // The hub's WebSocket, the popups and the bell passed the CSP.
  expect(violations).toEqual([]);
});

test("/listRoutes lists the trips in progress and opens one with its trail and riders", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, ACCOUNTS.admin);
  const { list } = await getJson<{ amount: number; list: TripSummary[] }>(
    request,
    admin,
    API.intermediateRoute.currentList,
    { amount: 10, skip: 1 },
  );
  expect(list.length).toBeGreaterThanOrEqual(2);

  const violations = cspViolations(page);
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/listRoutes");
  await expect(page.getByRole("heading", { name: "Rutas en curso" })).toBeVisible({ timeout: 30_000 });
  for (const trip of list) {
    await expect(page.locator(".ant-table-row").filter({ hasText: trip.routeName }).first()).toBeVisible();
  }

  // The demo trips have a trail: open the first one.
  const first = list.find((trip) => trip.lastLatitude !== null) as TripSummary;
  const row = page
    .locator(".ant-table-row")
    .filter({ hasText: first.routeName })
    .filter({ hasText: `${first.driverName} ${first.driverLastname}` });
  await row.getByRole("button", { name: "Ver en el mapa" }).click();
  await expect(page).toHaveURL(/[?&]trip=\d+/);
  const summary = page.getByTestId("trip-summary");
  await expect(summary).toContainText(first.routeName);
  await expect(summary).toContainText(`${first.driverName} ${first.driverLastname}`);
  await expect(summary).toContainText("En curso");
  await expect(page.getByTestId("trip-map").locator(".leaflet-container")).toBeVisible();
  await expect(page.getByTestId("trip-map").locator("path.trip-position-marker")).toBeVisible();
  await expect(page.getByTestId("trip-riders")).toContainText("Abordaron:");

  await page.getByRole("button", { name: "Volver a rutas en curso" }).click();
  await expect(page).not.toHaveURL(/trip=/);
  // The map (tiles, markers), antd's styles and the hub passed the CSP.
  expect(violations).toEqual([]);
});

test("/historyRoutes lists finished trips by driver, route and dates, with a detail", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/historyRoutes");
  await expect(page.getByRole("heading", { name: "Historial de rutas" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("history-driver-filter")).toContainText("Todas");
  await expect(page.getByTestId("history-route-filter")).toContainText("Todas las rutas");

  const table = page.getByTestId("trip-history-table");
  const rows = table.locator(".ant-table-row");
  await expect(rows).toHaveCount(5);
  await expect(table.locator(".ant-pagination-item-2")).toBeVisible();

  // Filter by the driver of the first row: every row is that driver's.
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText() is the rendered text.
  const driver = (await rows.first().locator("td").nth(1).innerText()).trim();
  await afterListAnswer(
    page,
    listCall(API.intermediateRoute.history, { driverId: /^[1-9]\d*$/ }),
    async () => {
      await page.getByTestId("history-driver-filter").click();
      await page.keyboard.type(driver);
      await page
        .locator(".ant-select-dropdown:visible .ant-select-item-option")
        .filter({ hasText: driver })
        .first()
        .click();
    },
  );
  await expect(page).toHaveURL(/driverId=\d+/);
  const cells = await rows.locator("td:nth-child(2)").allInnerTexts();
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) expect(cell.trim()).toBe(driver);

  await rows.first().getByRole("button", { name: "Ver detalle" }).click();
  await expect(page).toHaveURL(/[?&]trip=\d+/);
  const summary = page.getByTestId("trip-summary");
  await expect(summary).toContainText("Finalizada");
  await expect(summary).toContainText(driver);
  await expect(page.getByTestId("trip-map").locator(".leaflet-container")).toBeVisible();
  await expect(page.getByTestId("trip-map").locator("path.trip-trail")).toBeVisible();
  await expect(page.getByTestId("trip-riders")).toContainText("Abordaron:");

  await page.getByRole("button", { name: "Volver al historial" }).click();
  await expect(rows.first()).toBeVisible();
});

test("/Notifications pages the history with tag and date filters", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/Notifications");
  await expect(page.getByRole("heading", { name: "Notificaciones" })).toBeVisible({ timeout: 30_000 });
  // Last 6 days through today by default.
  const picker = page.getByLabel("Rango de fechas");
  await expect(picker.first()).toBeVisible();

  const table = page.getByTestId("notification-table");
  await tableSettled(page);
  // The rows are read once the filtered answer has landed and the table has left its loading state.
  await afterListAnswer(page, listCall(API.notification.list, { tag: "ASSIGNED" }), async () => {
    await page.getByTestId("notification-tag-filter").click();
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: "Asignación" })
      .click();
  });
  await expect(page).toHaveURL(/tag=ASSIGNED/);
  await expect(table.locator(".ant-table-row, .ant-empty").first()).toBeVisible();
  for (const type of await table.locator(".ant-table-row td:first-child").allInnerTexts())
    expect(type).toContain("Asignación");
});
