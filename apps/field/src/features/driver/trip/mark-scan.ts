/**
 * User Timing marks of a scan, read by `npm run bench:scan` (bench/field-scan.ts) and visible in any
 * browser's performance panel. Harmless in production: a mark is a few bytes in the page's
 * performance timeline, replaced by the next scan's.
 * - `treiber:scan-camera`: the scanner's first camera frame (what the camera sees is now in the page);
 * - `treiber:scan-frame`: the camera frame that held the code was grabbed (its `startTime`);
 * - `treiber:scan-decoded`: jsQR returned the code;
 * - `treiber:scan-acked`: the server answered the boarding (or it was queued / refused).
 */
export type ScanMark =
  | "treiber:scan-camera"
  | "treiber:scan-frame"
  | "treiber:scan-decoded"
  | "treiber:scan-acked";

export function markScan(name: ScanMark, startTime?: number): void {
  if (typeof performance === "undefined" || typeof performance.mark !== "function") return;
  performance.clearMarks(name);
  performance.mark(name, startTime === undefined ? undefined : { startTime });
}
