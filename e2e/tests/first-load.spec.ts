import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, cspViolations, useSessionOf } from "./helpers";

/**
 * What the back office downloads (issue 13, decision 0029): a signed-out visit is sent to /login
 * before any page code loads, the collaborators list loads no map code until a map is opened, and
 * the files next to the app answer as files.
 */

/** Every JavaScript file the page requests, in order, with its body once it arrives. */
function scriptsOf(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".js")) return;
    scripts.push({ url: url.pathname, body: response.text().catch(() => "") });
  });
  return scripts;
}

/** The scripts of the built index.html: its entry and the chunks it preloads. */
async function entryScripts(page: Page): Promise<Set<string>> {
  const html = await (await page.request.get("/login")).text();
  const found = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? "");
  expect(found.length).toBeGreaterThan(0);
  return new Set(found);
}

/** Leaflet's own class names: present in a chunk that carries the map library. */
const isLeaflet = (body: string) => body.includes("leaflet-pane") || body.includes("leaflet-container");

test.describe("first load", () => {
  test("a signed-out visit to / goes to /login downloading only the first chunk", async ({ page }) => {
    const violations = cspViolations(page);
    const scripts = scriptsOf(page);
    const entry = await entryScripts(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
    const requested = scripts.map((script) => script.url);
    // Nothing but index.html's own scripts: no dashboard, charts, tables, map, hub or Ant Design.
    expect(requested.filter((url) => !entry.has(url))).toEqual([]);
    expect(requested.filter((url) => /dashboard|chart|map|realtime|page-section|table/.test(url))).toEqual(
      [],
    );
    expect(violations).toEqual([]);
  });

  test("the sign-in form checks its fields, then signs in loading the HTTP client on demand", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByText("Este campo es requerido")).toHaveCount(2);
    await page.getByLabel("Correo electrónico").fill("no-es-un-correo");
    await expect(page.getByText("Correo electrónico inválido")).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(ACCOUNTS.admin);
    await page.getByLabel("Contraseña").fill("Treiber123!");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("sidebar")).toBeVisible();
  });

  test("the collaborators list loads the map code only once the location map is opened", async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
    const scripts = scriptsOf(page);
    await page.goto("/collaborator");
    const locate = page.getByRole("button", { name: /^Ubicación de / }).first();
    await expect(locate).toBeVisible();
    const bodies = async () => Promise.all(scripts.map((script) => script.body));
    expect((await bodies()).some(isLeaflet)).toBe(false);

    await locate.click();
    const modal = page.getByRole("dialog", { name: "Ubicación de residencia" });
    await expect(modal.getByRole("region", { name: "Mapa de ubicación" })).toBeVisible();
    expect((await bodies()).some(isLeaflet)).toBe(true);
  });

  test("the dashboard's live map never shows 'Sin conexión' while it connects", async ({ page }) => {
    // Records any text with "Sin conexión" the page ever shows, from the very first paint.
    await page.addInitScript(() => {
      const record = () => {
        if (document.body?.textContent?.includes("Sin conexión")) {
          (window as unknown as { sawOffline: boolean }).sawOffline = true;
        }
      };
      (window as unknown as { sawOffline: boolean }).sawOffline = false;
      new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto("/");
    await expect(page.getByTestId("live-map-connection")).toHaveText("En vivo");
    expect(await page.evaluate(() => (window as unknown as { sawOffline: boolean }).sawOffline)).toBe(false);
  });
});

test.describe("files next to the app", () => {
  test("robots.txt is a text file that keeps crawlers out", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toContain("Disallow: /");
  });

  test("a missing file answers 404, not the app's page", async ({ request }) => {
    for (const path of ["/foo.js", "/assets/no-such-chunk.js", "/favicon.ico"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).not.toContain('<div id="root">');
    }
  });
});
