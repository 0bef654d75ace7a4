import { IMPORT_MESSAGES } from "@treiber/contract";
import { badRequest } from "../http-error.js";

/**
 * The sheet reader's time budget (issue 32): `deadline` is in performance.now() milliseconds, and a
 * file still being read past it is 400 «tardó más de…». Checked for each row and for each inflated
 * piece of an .xlsx part, so that a file that never completes a row is stopped too.
 */
export function checkDeadline(deadline: number): void {
  if (performance.now() > deadline) throw badRequest(IMPORT_MESSAGES.tooSlow);
}
