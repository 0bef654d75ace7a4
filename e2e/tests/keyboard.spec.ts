import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, useSessionOf } from "./helpers";

/** Keyboard journey (issue 13 item 4): Tab walks a list page forward, through the date range, to the table. */

/** What has the focus: its accessible label, placeholder or text, and whether it sits in the table. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: "body", inTable: false };
    const name =
      element.getAttribute("placeholder") ??
      element.getAttribute("aria-label") ??
      (element.textContent ?? "").trim();
    return { name, inTable: element.closest(".ant-table") !== null };
  });
}

test("Tab from the search box reaches the date range, then “Nuevo colaborador” and the table", async ({
  page,
}) => {
  await useSessionOf(page, ACCOUNTS.admin);
  await page.goto("/collaborator");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await page.getByLabel("Buscar colaborador").focus();

  const visited: string[] = [];
  let reachedTable = false;
  for (let presses = 0; presses < 12 && !reachedTable; presses += 1) {
    await page.keyboard.press("Tab");
    const { name, inTable } = await focused(page);
    visited.push(inTable ? `tabla: ${name}` : name);
    reachedTable = inTable;
  }
  const since = visited.indexOf("Desde");
  const until = visited.indexOf("Hasta");
  const create = visited.indexOf("Nuevo colaborador");
  expect(since, visited.join(" → ")).toBeGreaterThanOrEqual(0);
  expect(until, visited.join(" → ")).toBeGreaterThan(since);
  expect(create, visited.join(" → ")).toBeGreaterThan(until);
  expect(reachedTable, visited.join(" → ")).toBe(true);
  // The range picker's panel does not stay open over the page once the focus has left it.
  await expect(page.locator(".ant-picker-dropdown:visible")).toHaveCount(0);
});
