import { expect, type Locator, type Page } from "@playwright/test";
import { identityCardCheckDigit } from "@treiber/contract";
import { API, type ApiEndpoint, apiPath } from "@treiber/contract/api-paths";

export const DEMO_PASSWORD = "Treiber123!";
export const ACCOUNTS = {
  superAdmin: "superadmin@treiber.app",
  admin: "admin@treiber.app",
  collaborator: "colaborador@treiber.app",
  driver: "chofer@treiber.app",
  // A user of chofer@treiber.app's supplier: the supplier portal (issue 37).
  supplier: "proveedor@treiber.app",
} as const;

/** A cédula `000-0000000-0` with a right check digit, from ten digits (random when not given). */
export function identityCardOf(
  firstTen = Array.from({ length: 10 }, () => Math.floor(Math.random() * 10)).join(""),
) {
  return `${firstTen.slice(0, 3)}-${firstTen.slice(3, 10)}-${identityCardCheckDigit(firstTen)}`;
}

/** Signs in through the login page and waits for the landing page. */
export async function signInAs(page: Page, email: string, landing: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(new RegExp(`${landing.replace("/", "\\/")}$`));
}

/**
 * Signs in through the API and hands the session to the next page load, as the login page would
 * store it. Journeys that are not about the login page use it to skip that page.
 */
export async function useSessionOf(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post(API.auth.signIn.path, { data: { email, password } });
  expect(response.status()).toBe(200);
  const session = JSON.stringify(await response.json());
  // Once per tab: later loads keep whatever the app stored (refreshed tokens, logout).
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem("e2e-session-seeded")) return;
    window.sessionStorage.setItem("e2e-session-seeded", "1");
    window.localStorage.setItem("Treiber", value);
  }, session);
}

/**
 * Collects what the page reports as Content Security Policy violations (Chromium logs each one on
 * the console), so a journey can end with `expect(violations).toEqual([])` (decision 0025).
 */
export function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) found.push(message.text());
  });
  return found;
}

export const sidebar = (page: Page) => page.getByTestId("sidebar");

/**
 * Runs `action` (typing a search, picking a filter or a range, sorting) and waits for the list's
 * answer that matches `matches`, then for the table to leave its loading state: the rows read next
 * are the filtered ones, never the previous answer's rows that stay on screen while it loads.
 */
export async function afterListAnswer(
  page: Page,
  matches: (url: URL) => boolean,
  action: () => Promise<unknown>,
  scope: Page | Locator = page,
) {
  const answer = page.waitForResponse(
    (response) => response.request().method() === "GET" && matches(new URL(response.url())),
  );
  await action();
  expect((await answer).ok()).toBe(true);
  await tableSettled(scope);
}

/** Waits until no list table in `scope` shows its loading state (`aria-busy` on its wrapper). */
export async function tableSettled(scope: Page | Locator) {
  await expect(scope.locator('div[aria-busy="true"]:has(.ant-table)')).toHaveCount(0);
}

/** A GET of `endpoint` whose query has every given parameter (value or pattern). */
export const listCall =
  (endpoint: ApiEndpoint, params: Record<string, string | RegExp> = {}) =>
  (url: URL) =>
    url.pathname === apiPath(endpoint) &&
    Object.entries(params).every(([key, value]) => {
      const actual = url.searchParams.get(key);
      return actual !== null && (typeof value === "string" ? actual === value : value.test(actual));
    });

/** Expands a list row and returns its details (the expanded row below it). */
export async function rowDetails(row: Locator): Promise<Locator> {
  await row.locator(".ant-table-row-expand-icon").click();
  const details = row.locator("xpath=following-sibling::tr[1]");
  await expect(details).toHaveClass(/ant-table-expanded-row/);
  return details;
}

/** Types a search and waits for the list's answer to it (never reading the previous rows). */
export async function searchList(page: Page, placeholder: string, text: string, list: ApiEndpoint) {
  await afterListAnswer(page, listCall(list, { criterion: text }), () =>
    page.getByLabel(placeholder).fill(text),
  );
  await expect(page).toHaveURL(
    new RegExp(`criterion=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`),
  );
}

/** In `modal`, opens the search select labelled `label`, types `filter` and picks `option`. */
export async function pickOption(page: Page, modal: Locator, label: string, filter: string, option: string) {
  const select = modal.getByLabel(label, { exact: true });
  const field = modal
    .locator(".ant-form-item")
    .filter({ has: page.locator("label", { hasText: new RegExp(`^${label}$`) }) });
  await expect(async () => {
    await select.click();
    await page.keyboard.type(filter);
    const item = page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: option });
    await item.first().click({ timeout: 3_000 });
    await expect(field).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Resolves once the page's hub socket answered the handshake (`{}`): pushes reach it from then on. */
export function hubReady(page: Page) {
  return new Promise<void>((resolve) => {
    page.on("websocket", (socket) => {
      if (!socket.url().includes("/server")) return;
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).startsWith("{}\u001e")) resolve();
      });
    });
  });
}

/**
 * Clicks `target` as a user would when a live notification popup (another journey's cancellation
 * reaches every admin) lies over it: closes the popups in the way and clicks again. The mouse
 * resting on a popup keeps it open, so waiting would not do.
 */
export async function clickPastPopups(page: Page, target: Locator) {
  await expect(async () => {
    const close = page.getByTestId("realtime-notification").locator(".ant-notification-notice-close");
    for (let open = await close.count(); open > 0; open -= 1) await close.first().click({ timeout: 2_000 });
    await target.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
