import { expect, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import { ACCOUNTS, cspViolations, DEMO_PASSWORD, sidebar, signInAs, useSessionOf } from "./helpers";

const ADMIN_MENU = [
  "Dashboard",
  "Usuarios",
  "Notificaciones",
  "Colaboradores",
  "Rutas",
  "Transporte",
  "Reportes",
];

test.describe("sign in as each demo role", () => {
  for (const [email, landing] of [
    [ACCOUNTS.superAdmin, "/"],
    [ACCOUNTS.admin, "/"],
  ] as const) {
    test(`${email} lands on the dashboard with the admin menu`, async ({ page }) => {
      const violations = cspViolations(page);
      await signInAs(page, email, landing);
      for (const label of ADMIN_MENU)
        await expect(sidebar(page).getByText(label, { exact: true })).toBeVisible();
      await expect(sidebar(page).getByText("Perfil", { exact: true })).toHaveCount(0);
      await expect(page.getByTestId("notification-bell")).toBeVisible();
      await expect(page.getByTestId("version-label")).toHaveText("Versión 1.5.0");
      await expect(page.getByTestId("footer")).toHaveText(
        `Todos los derechos reservados Treiber ${new Date().getFullYear()}`,
      );
      const session = await page.evaluate(() => JSON.parse(localStorage.getItem("Treiber") ?? "null"));
      expect(session.token).toBeTruthy();
      expect(session.refreshToken).toBeTruthy();
      // Login page, dashboard (charts) and antd's injected styles passed the CSP.
      expect(violations).toEqual([]);
    });
  }

  test("a collaborator lands on /codeQr and only sees Perfil", async ({ page }) => {
    await signInAs(page, ACCOUNTS.collaborator, "/codeQr");
    await expect(sidebar(page).getByText("Perfil", { exact: true })).toBeVisible();
    for (const label of ADMIN_MENU)
      await expect(sidebar(page).getByText(label, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("notification-bell")).toHaveCount(0);
  });

  test("a driver lands on /profile and only sees Perfil", async ({ page }) => {
    await signInAs(page, ACCOUNTS.driver, "/profile");
    await expect(sidebar(page).getByText("Perfil", { exact: true })).toBeVisible();
    await expect(sidebar(page).getByText("Usuarios", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("notification-bell")).toHaveCount(0);
  });

  test("wrong credentials show the server's Spanish message", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill(ACCOUNTS.admin);
    await page.getByLabel("Contraseña").fill("NoEsLaClave1");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByTestId("login-error")).toContainText("Correo o contraseña incorrectos");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("required fields say 'Este campo es requerido'", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByText("Este campo es requerido")).toHaveCount(2);
  });
});

test.describe("guards", () => {
  test("without a session every dashboard page goes to /login", async ({ page }) => {
    for (const path of ["/", "/users", "/profile", "/codeQr", "/reportCut"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("a collaborator is sent from admin pages to /codeQr", async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.collaborator);
    await page.goto("/codeQr");
    await page.goto("/users");
    await expect(page).toHaveURL(/\/codeQr$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/codeQr$/);
  });

  test("a driver is sent from admin pages and /codeQr to /profile", async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.driver);
    await page.goto("/profile");
    for (const path of ["/", "/driver", "/codeQr"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/profile$/);
    }
  });

  test("a signed-in admin visiting /login goes to the dashboard", async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto("/");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("shell", () => {
  test("groups expand on click and lead to their pages (spec paths, case-insensitive)", async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto("/");
    await sidebar(page).getByText("Rutas", { exact: true }).click();
    await sidebar(page).getByText("Rutas No Programdas", { exact: true }).click();
    await expect(page).toHaveURL(/\/routeNotScheduled$/);
    await sidebar(page).getByText("Reportes", { exact: true }).click();
    await sidebar(page).getByText("Reporte Colaboradores", { exact: true }).click();
    await expect(page).toHaveURL(/\/reportcollaborator$/);
    await expect(page.getByRole("heading", { name: "Reporte Colaboradores" })).toBeVisible();
    await sidebar(page).getByText("Notificaciones", { exact: true }).click();
    await expect(page).toHaveURL(/\/notifications$/);
  });

  test("the top bar shows the user and the notifications bell opens the panel", async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto("/");
    await expect(page.getByTestId("topbar-user-name")).not.toBeEmpty();
    await page.getByTestId("notification-bell").click();
    await expect(page.getByTestId("notification-panel")).toBeVisible();
    await expect(
      page.getByTestId("notification-panel").getByText("Notificaciones", { exact: true }),
    ).toBeVisible();
  });

  test("logout asks first, revokes the session and clears storage", async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto("/");
    const refreshToken = await page.evaluate(
      () => JSON.parse(localStorage.getItem("Treiber") ?? "{}").refreshToken,
    );
    await page.getByTestId("user-menu").click();
    await page.getByText("Cerrar sesión", { exact: true }).click();
    await expect(page.locator(".ant-modal-confirm-title")).toHaveText("¿Seguro que desea cerrar sesión?");
    await page.locator(".ant-modal-confirm-btns").getByRole("button").last().click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("Treiber"))).toBeNull();
    const reuse = await page.request.post(API.auth.refreshToken.path, { data: { refreshToken } });
    expect(reuse.status()).toBe(401);
    await page.goto("/users");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an expired access token is refreshed transparently", async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto("/");
    // Spoil the access token in the next document only, before the app reads it.
    await page.addInitScript(() => {
      if (sessionStorage.getItem("spoiled")) return;
      sessionStorage.setItem("spoiled", "1");
      const session = JSON.parse(localStorage.getItem("Treiber") ?? "{}");
      session.token = "expired.token.value";
      localStorage.setItem("Treiber", JSON.stringify(session));
    });
    const refreshed = page.waitForResponse(
      (r) => r.url().includes(API.auth.refreshToken.path) && r.status() === 200,
    );
    await page.goto("/users");
    await refreshed;
    await expect(page).toHaveURL(/\/users$/);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("Treiber") ?? "{}").token);
    expect(token).not.toBe("expired.token.value");
  });

  test("unknown routes show the not-found page", async ({ page }) => {
    await page.goto("/esta-ruta-no-existe");
    await expect(page.getByText("Error no found")).toBeVisible();
    await expect(page.getByText("This page could not be found")).toBeVisible();
  });

  test("below 430px a burger opens the menu, which closes when an item is clicked", async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto("/");
    await page.getByTestId("burger").click();
    const menu = page.locator(".ant-drawer").getByTestId("sidebar");
    await expect(menu).toBeVisible();
    await menu.getByText("Usuarios", { exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(menu).toBeHidden();
  });

  test("public pages: privacy policy, terms and forgotten password", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByText(/privacidad@treiber\.app/).first()).toBeVisible();
    await page.goto("/terms-and-conditions");
    await expect(page.getByRole("heading").first()).toBeVisible();
    await page.goto("/forgetPassword");
    await page.getByLabel("Correo electrónico").fill("nadie@treiber.app");
    await page.getByRole("button").first().click();
    await expect(page.getByTestId("code-sent")).toBeVisible();
  });
});

test("a temporary password: only the change is allowed until it is changed, then the app works", async ({
  page,
  request,
}) => {
  const admin = await request.post(API.auth.signIn.path, {
    data: { email: ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await admin.json()).token}` };
  const offices = await request.get(API.branchOffice.listName.path, { headers });
  const [office] = (await offices.json()) as { id: number }[];
  const stamp = `${Date.now()}`;
  const email = `temporal-${stamp}@e2e.treiber.app`;
  const created = await request.post(API.auth.employeeSignup.path, {
    headers,
    data: {
      email,
      name: "Tania",
      lastname: "Temporal",
      codeEmployee: `T-${stamp.slice(-8)}`,
      department: "Operaciones",
      jobTitle: "Operadora",
      telephone: "(809) 555-0303",
      branchOfficeId: office?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };

  await signInAs(page, email, "/changePassword", temporaryPassword);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("Treiber") ?? "{}").token);
  const blocked = await request.get(API.employee.myRoutes.path, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(blocked.status()).toBe(403);

  await page.getByLabel("Contraseña actual").fill(temporaryPassword);
  await page.getByLabel("Nueva contraseña").fill("Definitiva123");
  await page.getByLabel("Confirmar contraseña").fill("Definitiva123");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/codeQr$/);
  const allowed = await request.get(API.employee.myRoutes.path, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(allowed.status()).toBe(200);
});

test("Swagger UI renders under the CSP", async ({ page }) => {
  const violations = cspViolations(page);
  const response = await page.goto("/docs");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { name: /Treiber API/ })).toBeVisible();
  await expect(page.getByText(API.auth.signIn.path).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("API docs and health answer", async ({ request }) => {
  expect((await request.get("/health")).status()).toBe(200);
  expect((await request.get("/docs/json")).status()).toBe(200);
  const signIn = await request.post(API.auth.signIn.path, {
    data: { email: ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
});
