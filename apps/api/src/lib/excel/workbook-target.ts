import { PassThrough, type Writable } from "node:stream";
import type { FastifyReply } from "fastify";
import { XLSX_CONTENT_TYPE } from "./stream-sheet.js";

/** Where a workbook goes: a route's reply (as an attachment) or any writable stream. */
export type WorkbookTarget = FastifyReply | Writable;

const isReply = (target: WorkbookTarget): target is FastifyReply =>
  "send" in target && typeof target.send === "function" && "header" in target;

/**
 * Runs `write` (which writes an .xlsx into the stream it gets and ends it) into the target. A
 * reply gets the .xlsx headers and the stream as its body (returned, for the route to return);
 * a failure after the first bytes cuts the download short (logged). A stream is written and
 * awaited.
 */
export async function writeWorkbookTo(
  target: WorkbookTarget,
  fileName: string,
  write: (output: Writable) => Promise<void>,
): Promise<FastifyReply | undefined> {
  if (!isReply(target)) {
    await write(target);
    return undefined;
  }
  const output = new PassThrough();
  target
    .header("content-type", XLSX_CONTENT_TYPE)
    .header("content-disposition", `attachment; filename=${fileName}`)
    .header("cache-control", "no-store");
  void write(output).catch((error) => {
    target.log.error({ err: error }, "excel file failed");
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return target.send(output);
}
