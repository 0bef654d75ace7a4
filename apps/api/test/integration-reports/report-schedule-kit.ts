import ExcelJS from "exceljs";
import { buildApp } from "../../src/app.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { testConfig, testDatabase } from "../helpers/test-app.js";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** The branch offices on UTC−4 (Santo Domingo): 07:00 local is 11:00 UTC. */
export const OFFSET_MINUTES = 240;

export type TestClock = { now: number };

/** An instance of the API on the test database whose schedule runner reads `clock`, mailing to `smtpPort`. */
export async function startScheduleApp(clock: TestClock, smtpPort: number) {
  const app = await buildApp({
    config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, API_DOCS: "false" }),
    database: await testDatabase(),
    logger: false,
    branchOfficeOffsetAt: () => OFFSET_MINUTES,
    throttle: createSignInThrottle({ ip: { free: 10_000 } }),
    reportSchedules: { now: () => clock.now },
  });
  await app.ready();
  return app;
}

/** The mail's attachment (the SMTP server keeps the raw message): file name and bytes. */
export function attachmentOf(message: string) {
  const lines = message.split("\n");
  const start = lines.findIndex((line) => /^Content-Disposition: attachment/i.test(line));
  if (start < 0) throw new Error("the mail has no attachment");
  let header = lines[start] ?? "";
  let index = start + 1;
  while (index < lines.length && /^\s/.test(lines[index] ?? "")) header += (lines[index++] ?? "").trim();
  while (index < lines.length && lines[index] !== "") index++;
  const body: string[] = [];
  for (index++; index < lines.length && !lines[index]?.startsWith("--"); index++)
    body.push(lines[index] ?? "");
  const filename = /filename="?([^";]+)"?/.exec(header)?.[1];
  return { filename, content: Buffer.from(body.join(""), "base64") };
}

/** Every cell's text of the workbook's first sheet, row by row. */
export async function sheetRows(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((value) => (value === null || value === undefined ? "" : String(value))));
  });
  return rows;
}
