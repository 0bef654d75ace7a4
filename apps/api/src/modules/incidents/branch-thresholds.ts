import type { IncidentThresholds } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import { thresholdsOf } from "./thresholds-repository.js";
import { mergeThresholds } from "./trip-plan-loader.js";

/**
 * Each branch office's effective thresholds (the defaults, then what it saved), read once and kept
 * until `forget`: NOT_STARTED's scan reads them every sync; new ones forget the old.
 */
export function createThresholdsCache(db: Db) {
  const cache = new Map<number, IncidentThresholds>();
  return {
    async of(branchOfficeId: number | null): Promise<IncidentThresholds> {
      if (branchOfficeId === null) return mergeThresholds(undefined);
      const cached = cache.get(branchOfficeId);
      if (cached) return cached;
      const value = mergeThresholds((await thresholdsOf(db, branchOfficeId))?.values);
      cache.set(branchOfficeId, value);
      return value;
    },
    forget(branchOfficeId: number): void {
      cache.delete(branchOfficeId);
    },
  };
}
export type ThresholdsCache = ReturnType<typeof createThresholdsCache>;
