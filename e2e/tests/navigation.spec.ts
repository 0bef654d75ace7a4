import { expect, type Page, test } from "@playwright/test";
import { API } from "@treiber/contract/api-paths";
import { ACCOUNTS, DEMO_PASSWORD, sidebar, signInAs, useSessionOf } from "./helpers";

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

test("the sidebar's items are real links, with the current page marked", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/");
  for (const [label, href] of [
    ["Dashboard", "/"],
    ["Usuarios", "/users"],
    ["Notificaciones", "/notifications"],
    ["Colaboradores", "/collaborator"],
  ] as const) {
    await expect(sidebar(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
  await sidebar(page).getByText("Reportes", { exact: true }).click();
  const cut = sidebar(page).getByRole("link", { name: "Reporte Corte", exact: true });
  await expect(cut).toHaveAttribute("href", "/reportCut");
  await cut.click();
  await expect(page).toHaveURL(/\/reportCut$/);
  await expect(sidebar(page).locator(".ant-menu-item-selected")).toHaveText("Reporte Corte");
});

test("the four pages outside the sidebar are reached by clicking from where a user starts", async ({
  page,
}) => {
  await signInAs(page, ACCOUNTS.admin, "/");

  // Dashboard → "Rutas en curso" (the live map's header) → "Historial".
  await page.getByTestId("live-map").getByRole("link", { name: "Rutas en curso" }).click();
  await expect(page).toHaveURL(/\/listRoutes$/);
  await expect(heading(page, "Rutas en curso")).toBeVisible();
  await page.getByRole("link", { name: "Historial", exact: true }).click();
  await expect(page).toHaveURL(/\/historyRoutes$/);
  await expect(heading(page, "Historial de rutas")).toBeVisible();

  // Colaboradores → "Sucursales".
  await sidebar(page).getByRole("link", { name: "Colaboradores", exact: true }).click();
  await expect(page).toHaveURL(/\/collaborator$/);
  await page.getByRole("main").getByRole("link", { name: "Sucursales", exact: true }).click();
  await expect(page).toHaveURL(/\/branchOffice$/);
  await expect(heading(page, "Sucursales")).toBeVisible();
  await expect(page).toHaveTitle("Sucursales · Treiber");

  // Reporte Rutas → "Reporte por destino".
  await sidebar(page).getByText("Reportes", { exact: true }).click();
  await sidebar(page).getByRole("link", { name: "Reporte Rutas", exact: true }).click();
  await expect(page).toHaveURL(/\/reportRoute$/);
  await page.getByRole("link", { name: "Reporte por destino", exact: true }).click();
  await expect(page).toHaveURL(/\/reportDestinationDELETED$/);
  await expect(heading(page, "Reporte por destino")).toBeVisible();
  await expect(page).toHaveTitle("Reporte por destino · Treiber");

  // The dashboard also leads to the branch offices.
  await sidebar(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await page
    .getByRole("navigation", { name: "Páginas relacionadas" })
    .getByRole("link", { name: "Sucursales" })
    .click();
  await expect(page).toHaveURL(/\/branchOffice$/);
});

test("a temporary password cannot be skipped by typing another URL", async ({ page, request }) => {
  const admin = await request.post(API.auth.signIn.path, {
    data: { email: ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await admin.json()).token}` };
  const [office] = (await (await request.get(API.branchOffice.listName.path, { headers })).json()) as {
    id: number;
  }[];
  const stamp = `${Date.now()}`;
  const email = `saltar-${stamp}@e2e.treiber.app`;
  const created = await request.post(API.auth.employeeSignup.path, {
    headers,
    data: {
      email,
      name: "Sara",
      lastname: "Saltarina",
      codeEmployee: `S-${stamp.slice(-8)}`,
      department: "Operaciones",
      jobTitle: "Operadora",
      telephone: "(809) 555-0404",
      branchOfficeId: office?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };

  await signInAs(page, email, "/changePassword", temporaryPassword);
  for (const typed of ["/codeQr", "/profile", "/"]) {
    await page.goto(typed);
    await expect(page).toHaveURL(/\/changePassword$/);
    await expect(
      page.getByText("Por seguridad, debe cambiar su contraseña antes de continuar"),
    ).toBeVisible();
  }
  await expect(page.getByText("Debe cambiar su contraseña temporal antes de continuar.")).toHaveCount(0);

  await page.getByLabel("Contraseña actual").fill(temporaryPassword);
  await page.getByLabel("Nueva contraseña").fill("Definitiva123");
  await page.getByLabel("Confirmar contraseña").fill("Definitiva123");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/codeQr$/);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem("Treiber") ?? "{}"));
  expect(session.mustChangePassword).toBe(false);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
});

test("a signed-in user finds 'Cambiar contraseña' in the user menu", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/changePassword$/);
  await expect(page.getByText("Ingrese su contraseña actual y la nueva contraseña")).toBeVisible();
  await page.getByRole("link", { name: "Volver" }).click();
  await expect(page).toHaveURL(/\/$/);
});
