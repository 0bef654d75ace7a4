import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, useSessionOf } from "./helpers";

/**
 * Accessibility scan (issue 13 item 6): axe-core (WCAG 2 A and AA) on every back-office route as
 * each role that can see it, plus the open "Nueva ruta" dialog. Serious and critical violations
 * fail the test and are printed, and so does a skipped heading level (`heading-order`, a moderate
 * best practice: h1 → h2 → h3).
 */

const ADMIN_ROUTES = [
  "/",
  "/branchOffice",
  "/collaborator",
  "/driver",
  "/historyRoutes",
  "/listRoutes",
  "/Notifications",
  "/reportCollaborator",
  "/reportCut",
  "/reportDestinationDELETED",
  "/reportDriver",
  "/reportRoute",
  "/route",
  "/routeDestination",
  "/routeNotScheduled",
  "/supplier",
  "/users",
];

/** Each role and the routes it can open (spec §2 route table and sidebar table). */
const VISITS: { role: keyof typeof ACCOUNTS; paths: string[] }[] = [
  { role: "superAdmin", paths: ADMIN_ROUTES },
  { role: "admin", paths: ADMIN_ROUTES },
  { role: "collaborator", paths: ["/codeQr", "/profile"] },
  { role: "driver", paths: ["/profile"] },
];

const PUBLIC_ROUTES = ["/login", "/forgetPassword", "/privacy-policy", "/terms-and-conditions", "/no-existe"];

async function settle(page: Page) {
  await expect(page.getByRole("heading").first()).toBeVisible();
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
}

async function scan(page: Page, key: string, include?: string) {
  // One h1 per page: its title.
  if (!include) await expect(page.locator("h1"), `${key}: un h1`).toHaveCount(1);
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  let order = new AxeBuilder({ page }).withRules(["heading-order"]);
  if (include) order = order.include(include);
  const blocking = [
    ...violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
    ...(await order.analyze()).violations,
  ];
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

for (const { role, paths } of VISITS) {
  for (const path of paths) {
    test(`axe: ${path} as ${role}`, async ({ page }) => {
      await useSessionOf(page, ACCOUNTS[role]);
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
      await settle(page);
      await scan(page, path);
    });
  }
}

for (const path of PUBLIC_ROUTES) {
  test(`axe: ${path} signed out`, async ({ page }) => {
    await page.goto(path);
    await settle(page);
    await scan(page, path);
  });
}

test("axe: the open “Nueva ruta” dialog on /route", async ({ page }) => {
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/route");
  await settle(page);
  await page.getByRole("button", { name: "Nueva ruta" }).click();
  await expect(page.getByRole("dialog", { name: "Nueva ruta" })).toBeVisible();
  await scan(page, "Nueva ruta", ".ant-modal-wrap");
});
