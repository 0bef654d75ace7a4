/**
 * An import report written as JSON a few hundred rows at a time (issue 24, decision 0050): the
 * same text `importReportSchema` gives (its keys in its order), streamed to the response, so a
 * 50,000-row report is never held twice (the schema's encoded copy) nor as one 9 MB string.
 */
import { Readable } from "node:stream";
import type { ImportLocation, ImportReport, ImportRow } from "@treiber/contract";

/** Rows per chunk: ~200 B each, so chunks of ~100 kB. */
const ROWS_PER_CHUNK = 500;

const locationJson = (location: ImportLocation | null) =>
  location === null
    ? "null"
    : JSON.stringify({
        source: location.source,
        latitude: location.latitude,
        longitude: location.longitude,
        confidence: location.confidence,
        label: location.label,
      });

/** A row's optional lists (issue 33), written only when present, as the schema does. */
const extrasJson = (row: ImportRow) =>
  `${row.changes ? `,"changes":${JSON.stringify(row.changes)}` : ""}${
    row.warnings
      ? `,"warnings":${JSON.stringify(row.warnings.map(({ code, message }) => ({ code, message })))}`
      : ""
  }`;

const rowJson = (row: ImportRow) =>
  `{"row":${JSON.stringify(row.row)},"action":${JSON.stringify(row.action)},"key":${JSON.stringify(row.key)},"name":${JSON.stringify(row.name)},"location":${locationJson(row.location)}${extrasJson(row)}}`;

/** The report's JSON in pieces; `tail` fields (a refusal's statusCode and message) close it. */
export function* importReportJson(report: ImportReport, tail: Record<string, unknown> = {}) {
  const { dryRun, total, valid, invalid, created, updated, unchanged, warned, errors, warnings, rows } =
    report;
  const invitations = report.invitations && {
    count: report.invitations.count,
    sendAt: report.invitations.sendAt,
  };
  const head = { dryRun, total, valid, invalid, created, updated, unchanged, warned, invitations };
  yield `${JSON.stringify(head).slice(0, -1)},"errors":[`;
  for (let start = 0; start < errors.length; start += ROWS_PER_CHUNK) {
    const part = errors
      .slice(start, start + ROWS_PER_CHUNK)
      .map(({ row, column, message }) => JSON.stringify({ row, column, message }));
    yield `${start > 0 ? "," : ""}${part.join(",")}`;
  }
  yield `],"warnings":${JSON.stringify(warnings)},"rows":[`;
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    yield `${start > 0 ? "," : ""}${rows
      .slice(start, start + ROWS_PER_CHUNK)
      .map(rowJson)
      .join(",")}`;
  }
  const extra = JSON.stringify(tail).slice(1);
  yield extra === "}" ? "]}" : `],${extra}`;
}

/** The report as a readable stream of JSON text (for `reply.send`). */
export const importReportStream = (report: ImportReport, tail?: Record<string, unknown>) =>
  Readable.from(importReportJson(report, tail), { objectMode: false });
