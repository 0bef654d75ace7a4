import type { PlanRoute, routeFigures } from "@treiber/contract";

/** A proposal's route as its table shows it: its place, figures and warnings. */
export type PlanRouteRow = PlanRoute & {
  index: number;
  figures: ReturnType<typeof routeFigures>;
  warnings: string[];
};
