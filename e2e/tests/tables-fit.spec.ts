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
 * Tables on a 1366×800 laptop (issue 13 items 3, 11, 13): on every main list, as Admin and as
 * SuperAdmin, "Estado" and every row action are in view without scrolling sideways, a 120-character
 * name is cut with an ellipsis and can be read whole, the total shows, and sorting a column
 * reorders the rows; the users list does not offer an Admin what it may not do to a SuperAdmin.
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

async function openList(page: Page, list: ListPage) {
  const answer = page.waitForResponse((response) => listCall(list.list)(new URL(response.url())));
  await page.goto(list.path);
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

for (const { role, email } of ROLES) {
  test.describe(`tables at 1366×800 as ${role}`, () => {
    test.beforeEach(async ({ page }) => {
      await useSessionOf(page, email);
    });

    for (const list of PAGES) {
      test(`${list.path}: Estado and the actions in view, total and sorting`, async ({ page }) => {
        await openList(page, list);
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
      });
    }

    test("a 120-character name is cut with an ellipsis and can be read whole", async ({ page, request }) => {
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
    });
  });
}

test("the users list offers an Admin nothing it may not do to a SuperAdmin", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.admin);
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
});

test("a SuperAdmin is not offered to change their own role or status", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.superAdmin);
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
});

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

test("the other lists fit 1366×800 without sideways scrolling", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.admin);
  for (const path of OTHER_LISTS) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible({ timeout: 30_000 });
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
});
