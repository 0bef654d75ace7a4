export const STAND_IN_SPEED_KMH: number;
export function gridMeters(a: [number, number], b: [number, number]): number;
export function gridSeconds(meters: number): number;
export type StandInFailure = "500" | "code" | "json";
export type OsrmStandIn = {
  url: string;
  requests: { table: number; route: number };
  behave(next?: { delayMs?: number; fail?: StandInFailure; only?: "table" | "route" }): void;
  close(): Promise<void>;
};
export function startOsrmStandIn(options?: { port?: number }): Promise<OsrmStandIn>;
