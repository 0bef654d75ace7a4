import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";
import {
  ACCOUNTS,
  afterListAnswer,
  DEMO_PASSWORD,
  listCall,
  rowDetails,
  tableSettled,
  useSessionOf,
} from "./helpers";

/**
 * Every page as each role, one journey per role (decision 0054 merged the 43 accessibility scans of
 * decision 0027 and the table checks of decision 0028 into them): on a 1366×800 laptop,
 *
 * - axe-core (WCAG 2 A and AA) on every route the role can open (Admin, SuperAdmin with its
 *   «Integraciones», collaborator, driver, a supplier's user in the portal, signed out), serious and
 *   critical violations printed and failing, and so does a skipped heading level (`heading-order`);
 *   one h1 per page;
 * - on every main list, as Admin and as SuperAdmin, "Estado" and every row action in view without
 *   scrolling sideways, the total shown, and sorting a column reorders the rows as the API does;
 * - a 120-character name cut with an ellipsis and readable whole;
 * - the other lists (trips, history, notifications, reports, cuts) fit the card;
 * - the users list offers an Admin nothing it may not do to a SuperAdmin, and a SuperAdmin is not
 *   offered their own role or status;
 * - the open «Nueva ruta» dialog scanned too.
 */
test.use({ viewport: { width: 1366, height: 800 } });

const WIDTH = 1366;

interface ListPage {
  path: string;
  heading: string;
  /** The list call. */
  list: ApiEndpoint;
  /** The sortable header clicked, and the field it sorts by. */
  sortHeader: string;
  sortBy: string;
  /** The list item's field shown in that column, to compare with the API's order. */
  field: string;
  /** The search box's label. */
  search: string;
}

const PAGES: ListPage[] = [
  {
    path: "/branchOffice",
    heading: "Sucursales",
    list: API.branchOffice.list,
    sortHeader: "Nombre",
    sortBy: "name",
    field: "name",
    search: "Buscar sucursal",
  },
  {
    path: "/collaborator",
    heading: "Colaboradores",
    list: API.employee.list,
    sortHeader: "Nombre",
    sortBy: "name",
    field: "name",
    search: "Buscar colaborador",
  },
  {
    path: "/users",
    heading: "Usuarios",
    list: API.user.list,
    sortHeader: "Correo",
    sortBy: "email",
    field: "email",
    search: "Buscar usuario",
  },
  {
    path: "/driver",
    heading: "Choferes",
    list: API.driver.list,
    sortHeader: "Nombre",
    sortBy: "name",
    field: "name",
    search: "Buscar chofer",
  },
  {
    path: "/supplier",
    heading: "Suplidores",
    list: API.supplier.list,
    sortHeader: "Nombre",
    sortBy: "name",
    field: "name",
    search: "Buscar suplidor",
  },
  {
    path: "/routeDestination",
    heading: "Rutas Destino",
    list: API.destination.list,
    sortHeader: "Nombre",
    sortBy: "name",
    field: "name",
    search: "Buscar destino",
  },
  {
    path: "/route",
    heading: "Rutas Programadas",
    list: API.route.list,
    sortHeader: "Nombre",
    sortBy: "name",
    field: "name",
    search: "Buscar ruta",
  },
  {
    path: "/routeNotScheduled",
    heading: "Rutas No Programdas",
    list: API.routeNotScheduled.list,
    sortHeader: "Nombre",
    sortBy: "name",
    field: "name",
    search: "Buscar ruta",
  },
];

const ROLES = [
  { role: "Admin", email: ACCOUNTS.admin },
  { role: "SuperAdmin", email: ACCOUNTS.superAdmin },
] as const;

async function apiSession(request: APIRequestContext, email: string) {
  const response = await request.post(API.auth.signIn.path, { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, GMT: "4" };
}

/** A name of exactly 120 characters that starts with `prefix` (unique per run). */
const longName = (prefix: string) =>
  `${`${prefix} ${"Nombre muy largo de prueba ".repeat(6)}`.slice(0, 119)}Z`;

/** The 0-based index of a header in the table (by its text). */
async function columnIndex(page: Page, header: string) {
  const headers = await page.locator(".ant-table-thead th").allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `${header} en ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** Every control in `cell` lies inside the 1366-px viewport. */
async function expectInView(cell: Locator, what: string) {
  const controls = cell.locator("button, [role=switch], .ant-tag");
  const count = await controls.count();
  expect(count, `${what}: sin controles`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const box = await controls.nth(index).boundingBox();
    expect(box, `${what} #${index}`).not.toBeNull();
    if (!box) continue;
    expect(box.x, `${what} #${index}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} #${index}`).toBeLessThanOrEqual(WIDTH);
  }
}

/** Neither the page nor the table needs sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const region = document.querySelector<HTMLElement>(".ant-table-content, .ant-table-body");
    return {
      document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: region ? region.scrollWidth - region.clientWidth : 0,
    };
  });
  expect(overflow.document).toBeLessThanOrEqual(0);
  expect(overflow.table).toBeLessThanOrEqual(1);
}

async function openList(
  page: Page,
  list: ListPage,
  go: (page: Page, path: string) => Promise<unknown> = load,
) {
  const answer = page.waitForResponse((response) => listCall(list.list)(new URL(response.url())));
  await go(page, list.path);
  await expect(page.getByRole("heading", { name: list.heading, level: 1 })).toBeVisible({ timeout: 30_000 });
  expect((await answer).ok()).toBe(true);
  await tableSettled(page);
}

/** Clicks a sortable header and returns the API's answer (the rows' order) once the table shows it. */
async function sortBy(page: Page, list: ListPage, order: "asc" | "desc") {
  let body: { list: Record<string, unknown>[] } | undefined;
  await afterListAnswer(page, listCall(list.list, { sortBy: list.sortBy, sortOrder: order }), async () => {
    const answer = page.waitForResponse((response) =>
      listCall(list.list, { sortBy: list.sortBy, sortOrder: order })(new URL(response.url())),
    );
    await page.locator(".ant-table-thead th").filter({ hasText: list.sortHeader }).first().click();
    body = (await (await answer).json()) as { list: Record<string, unknown>[] };
  });
  return (body?.list ?? []).map((row) => String(row[list.field]));
}

/** The users list's row of exactly this e-mail ("admin@…" is also in "superadmin@…"). */
const userRow = (page: Page, email: string) =>
  page.locator(".ant-table-row").filter({ has: page.getByText(email, { exact: true }) });

/**
 * Every back-office route an Admin or a SuperAdmin can open (spec §2 route table, issue 23's pages, and
 * the later ones: issue 37's supplier portal pages /compliance and /documents).
 */
const ADMIN_ROUTES = [
  "/",
  "/booking",
  "/branchOffice",
  "/collaborator",
  "/compliance",
  "/documents",
  "/driver",
  "/historyRoutes",
  "/listRoutes",
  "/Notifications",
  "/planning",
  "/reportBooking",
  "/reportCollaborator",
  "/reportCut",
  "/reportDestinationDELETED",
  "/reportDriver",
  "/reportIncident",
  "/reportRoute",
  "/reportSafeArrival",
  "/reportSavings",
  "/route",
  "/routeDestination",
  "/routeNotScheduled",
  "/shift",
  "/supplier",
  "/users",
];

/** Issue 39's «Integraciones» (API keys, audit log, webhooks): a SuperAdmin's pages only. */
const SUPER_ADMIN_ROUTES = ["/apiKeys", "/audit", "/webhooks"];

/** The routes each administrator role can open. */
const ROUTES_OF = {
  Admin: ADMIN_ROUTES,
  SuperAdmin: [...ADMIN_ROUTES, ...SUPER_ADMIN_ROUTES],
} as const;

/** The other lists (trips, history, notifications, reports, cuts): they fit the card too. */
const OTHER_LISTS = [
  "/listRoutes",
  "/historyRoutes",
  "/Notifications",
  "/reportCollaborator",
  "/reportDriver",
  "/reportRoute",
  "/reportDestinationDELETED",
  "/reportCut",
];

const PUBLIC_ROUTES = [
  "/login",
  "/forgetPassword",
  "/privacy-policy",
  "/terms-and-conditions",
  "/no-existe",
  // Issue 38: a shared trip's page; an unknown link shows «Este enlace ya no está disponible».
  "/seguir/enlace-que-no-existe",
];

/** A page has shown its heading, and no spinner turns nor placeholder waits for data. */
async function settle(page: Page) {
  await expect(page.getByRole("heading").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".ant-spin-spinning, .ant-skeleton")).toHaveCount(0);
}

/** axe-core's WCAG 2 A/AA scan and heading order: serious and critical violations fail, and any skipped heading level; printed. */
async function scan(page: Page, key: string, include?: string) {
  // One h1 per page: its title.
  if (!include) await expect(page.locator("h1"), `${key}: un h1`).toHaveCount(1);
  // One run: the WCAG tags plus heading-order (a best practice, enabled by name on top of the tags).
  let builder = new AxeBuilder({ page })
    .options({ rules: { "heading-order": { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa"]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical" || v.id === "heading-order",
  );
  const report = blocking.map(
    (v) =>
      `${key} · ${v.impact} · ${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ")} — ${v.nodes[0]?.failureSummary?.replace(/\s+/g, " ") ?? ""}`,
  );
  if (report.length > 0) console.log(report.join("\n"));
  expect(
    blocking.map((v) => v.id),
    report.join("\n"),
  ).toEqual([]);
}

/** A full page load of `path`. */
const load = (page: Page, path: string) => page.goto(path);

/**
 * Goes to `path` inside the running app, as a link in the sidebar would (the router follows the
 * history; no reload), or loads it when the tab has no page of the app yet.
 */
async function navigate(page: Page, path: string) {
  if (!page.url().startsWith("http")) return load(page, path);
  // The page left keeps its h1 on screen until the next one renders: it is marked first, and the
  // next page counts as shown once an unmarked h1 is.
  await page.evaluate((to) => {
    for (const heading of Array.from(document.querySelectorAll("h1")))
      heading.setAttribute("data-e2e-left", "");
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page.locator("h1:not([data-e2e-left])")).toBeVisible({ timeout: 30_000 });
}

/** Opens `path` and scans it once it settled; a main list is opened as `openList` does. */
async function visitAndScan(page: Page, path: string) {
  const list = PAGES.find((candidate) => candidate.path === path);
  if (list) await openList(page, list, navigate);
  else await navigate(page, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
  await settle(page);
  await scan(page, path);
}

/** On a main list: "Estado" and the actions in view, the total, and sorting by the API's order. */
async function checkMainList(page: Page, list: ListPage) {
  await expect(page.getByTestId("table-total")).toHaveText(/^\d[\d.,]* registros?$/);
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  const status = await columnIndex(page, "Estado").catch(() => -1);
  const actions = await columnIndex(page, "Acciones");
  const rowCount = Math.min(await rows.count(), 3);
  for (let index = 0; index < rowCount; index += 1) {
    const cells = rows.nth(index).locator("> td");
    if (status >= 0) await expectInView(cells.nth(status), `${list.path} Estado fila ${index}`);
    await expectInView(cells.nth(actions), `${list.path} Acciones fila ${index}`);
  }
  await expectNoSidewaysScroll(page);

  // Sorting: the rows follow the API's order, ascending then descending.
  const column = await columnIndex(page, list.sortHeader);
  const shown = async () =>
    (await rows.locator(`> td:nth-child(${column + 1})`).allInnerTexts()).map((text) => text.trim());
  const ascending = await sortBy(page, list, "asc");
  expect(await shown()).toEqual(ascending);
  await expect(page).toHaveURL(new RegExp(`sortBy=${list.sortBy}&sortOrder=asc`));
  const descending = await sortBy(page, list, "desc");
  expect(await shown()).toEqual(descending);
  if (ascending.length > 1) expect(descending).not.toEqual(ascending);
}

/** On the other lists: neither the page nor any of its tables scrolls sideways. */
async function checkOtherListFits(page: Page, path: string) {
  await expect(page.locator(".ant-table").first()).toBeVisible();
  await tableSettled(page);
  const overflow = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: Array.from(document.querySelectorAll<HTMLElement>(".ant-table-content, .ant-table-body")).map(
      (region) => region.scrollWidth - region.clientWidth,
    ),
  }));
  expect(overflow.document, path).toBeLessThanOrEqual(0);
  for (const table of overflow.tables) expect(table, path).toBeLessThanOrEqual(1);
}

/** A 120-character name is cut with an ellipsis in the list and can be read whole. */
async function checkLongNames(page: Page, request: APIRequestContext, role: string, email: string) {
  const headers = await apiSession(request, email);
  const stamp = `${role}${Date.now()}`;
  const created = [
    {
      list: PAGES[0] as ListPage,
      create: API.branchOffice.create,
      name: longName(`Sucursal ${stamp}`),
      body: { address: "Av. Abraham Lincoln 1003, Santo Domingo" },
    },
    {
      list: PAGES[4] as ListPage,
      create: API.supplier.create,
      name: longName(`Suplidor ${stamp}`),
      body: { telephone: "(809) 555-7788" },
    },
    {
      list: PAGES[5] as ListPage,
      create: API.destination.create,
      name: longName(`Destino ${stamp}`),
      body: {},
    },
  ];
  for (const item of created) {
    expect(item.name).toHaveLength(120);
    const response = await request.post(apiPath(item.create), {
      headers,
      data: { name: item.name, ...item.body },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  for (const item of created) {
    await openList(page, item.list);
    // The search takes up to 100 characters: the unique start of the name finds it.
    const criterion = item.name.slice(0, 60).trim();
    await afterListAnswer(page, listCall(item.list.list, { criterion }), () =>
      page.getByLabel(item.list.search).fill(criterion),
    );
    const row = page.locator(".ant-table-row").filter({ hasText: item.name.slice(0, 20) });
    await expect(row).toHaveCount(1);
    const cell = row.locator("> td").nth(await columnIndex(page, "Nombre"));
    // The whole name is the cell's title (tooltip), its text is cut, and the columns keep their widths.
    await expect(cell).toHaveAttribute("title", item.name);
    const { scroll, client } = await cell.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(scroll).toBeGreaterThan(client);
    expect(client).toBeLessThan(300);
    await expectInView(row.locator("> td").nth(await columnIndex(page, "Acciones")), "Acciones");
    await expectNoSidewaysScroll(page);
    // And the row's details show it whole.
    await expect(await rowDetails(row)).toContainText(item.name);
  }
}

/** The users list offers an Admin nothing it may not do to a SuperAdmin. */
async function checkAdminOnSuperAdmin(page: Page) {
  await openList(page, PAGES[2] as ListPage);
  await afterListAnswer(page, listCall(API.user.list, { criterion: ACCOUNTS.superAdmin }), () =>
    page.getByLabel("Buscar usuario").fill(ACCOUNTS.superAdmin),
  );
  const row = userRow(page, ACCOUNTS.superAdmin);
  await expect(row).toHaveCount(1);
  // No status switch: the state shows once, as a tag.
  await expect(row.getByRole("switch")).toHaveCount(0);
  await expect(row.locator(".ant-tag").filter({ hasText: /^Activo$/ })).toHaveCount(1);
  // "Regenerar contraseña" is disabled and says why; the role is not a select.
  const regenerate = row.getByRole("button", { name: /Regenerar contraseña/ });
  await expect(regenerate).toBeDisabled();
  await expect(regenerate).toHaveAccessibleName(/Solo un Super administrador puede regenerar la contraseña/);
  await expect(row.getByRole("combobox")).toHaveCount(0);

  // A collaborator's row keeps its actions.
  await afterListAnswer(page, listCall(API.user.list, { criterion: ACCOUNTS.collaborator }), () =>
    page.getByLabel("Buscar usuario").fill(ACCOUNTS.collaborator),
  );
  const collaborator = userRow(page, ACCOUNTS.collaborator);
  await expect(collaborator.getByRole("switch")).toBeVisible();
  await expect(collaborator.getByRole("button", { name: "Regenerar contraseña" })).toBeEnabled();
}

/** A SuperAdmin is not offered to change their own role or status; other admins' rows they manage. */
async function checkSuperAdminOwnRow(page: Page) {
  await openList(page, PAGES[2] as ListPage);
  await afterListAnswer(page, listCall(API.user.list, { criterion: ACCOUNTS.superAdmin }), () =>
    page.getByLabel("Buscar usuario").fill(ACCOUNTS.superAdmin),
  );
  const own = userRow(page, ACCOUNTS.superAdmin);
  await expect(own).toHaveCount(1);
  await expect(own.getByRole("switch")).toHaveCount(0);
  await expect(own.getByRole("combobox")).toHaveCount(0);
  // Another SuperAdmin's or Admin's row is still the SuperAdmin's to manage.
  await afterListAnswer(page, listCall(API.user.list, { criterion: ACCOUNTS.admin }), () =>
    page.getByLabel("Buscar usuario").fill(ACCOUNTS.admin),
  );
  const admin = userRow(page, ACCOUNTS.admin);
  await expect(admin.getByRole("switch")).toBeVisible();
  await expect(admin.getByRole("combobox")).toBeVisible();
}

for (const { role, email } of ROLES) {
  test(`every page as ${role}: accessible, one h1, lists that fit and sort`, async ({ page, request }) => {
    // One journey over 26–29 pages: a budget of its own (the per-test 90 s is for one screen), the
    // 420 s it had for 24 pages and 17.5 s for each page added since.
    const routes = ROUTES_OF[role];
    test.setTimeout(420_000 + 17_500 * (routes.length - 24));
    await useSessionOf(page, email);
    for (const path of routes) {
      await test.step(path, async () => {
        await visitAndScan(page, path);
        const list = PAGES.find((candidate) => candidate.path === path);
        if (list) await checkMainList(page, list);
        if (OTHER_LISTS.includes(path)) await checkOtherListFits(page, path);
      });
    }
    await test.step("a 120-character name is cut with an ellipsis and can be read whole", () =>
      checkLongNames(page, request, role, email));
    if (role === "Admin") {
      await test.step("the users list offers an Admin nothing it may not do to a SuperAdmin", () =>
        checkAdminOnSuperAdmin(page));
      await test.step("the open «Nueva ruta» dialog on /route", async () => {
        await page.goto("/route");
        await settle(page);
        await page.getByRole("button", { name: "Nueva ruta" }).click();
        await expect(page.getByRole("dialog", { name: "Nueva ruta" })).toBeVisible();
        await scan(page, "Nueva ruta", ".ant-modal-wrap");
      });
    } else {
      await test.step("a SuperAdmin is not offered to change their own role or status", () =>
        checkSuperAdminOwnRow(page));
    }
  });
}

for (const { role, paths } of [
  { role: "collaborator", paths: ["/codeQr", "/profile"] },
  { role: "driver", paths: ["/profile", "/changePassword"] },
  // Issue 37's supplier portal: every page a supplier's user can open (the guards' `portal` pages).
  {
    role: "supplier",
    paths: [
      "/compliance",
      "/documents",
      "/driver",
      "/historyRoutes",
      "/Notifications",
      "/reportCut",
      "/reportIncident",
      "/profile",
    ],
  },
] as const) {
  test(`every page as ${role}: accessible, one h1`, async ({ page }) => {
    // The per-test 90 s is for one screen; 17.5 s more for each other page (as the journeys above).
    test.setTimeout(90_000 + 17_500 * (paths.length - 1));
    await useSessionOf(page, ACCOUNTS[role]);
    for (const path of paths) await test.step(path, () => visitAndScan(page, path));
  });
}

test("every page signed out: accessible, one h1", async ({ page }) => {
  for (const path of PUBLIC_ROUTES) {
    await test.step(path, async () => {
      await page.goto(path);
      await settle(page);
      await scan(page, path);
    });
  }
});
