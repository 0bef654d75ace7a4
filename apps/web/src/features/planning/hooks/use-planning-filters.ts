import { useSearchParams } from "react-router";
import { useUrlParamsUpdate } from "../../../shared/components/data-table/url-params";

/** «Plan fijo» (the standing routes), «Plan del día» (one date) or «Toda la sucursal» (issue 36). */
export type PlanningMode = "standing" | "day" | "company";

const readMode = (value: string | null): PlanningMode =>
  value === "day" || value === "company" ? value : "standing";

const readId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Sucursal → Turno → Lugar de trabajo, in the URL (`branchOfficeId`, `shiftId`, `destinationId`)
 * so a reload or a shared link opens the same plan. Choosing one clears the choices below it.
 * `plan=day`: the plan of the day instead of the standing plan; `plan=company`: «Toda la sucursal».
 */
export function usePlanningFilters() {
  const [searchParams] = useSearchParams();
  const update = useUrlParamsUpdate({ dropZero: true });
  return {
    branchOfficeId: readId(searchParams.get("branchOfficeId")),
    shiftId: readId(searchParams.get("shiftId")),
    destinationId: readId(searchParams.get("destinationId")),
    mode: readMode(searchParams.get("plan")),
    setMode: (mode: PlanningMode) => update({ plan: mode === "standing" ? undefined : mode }),
    setBranchOffice: (id: number) =>
      update({ branchOfficeId: id, shiftId: undefined, destinationId: undefined }),
    setShift: (id: number) => update({ shiftId: id, destinationId: undefined }),
    setDestination: (id: number) => update({ destinationId: id }),
    /** A shift just created here, of its branch office (issue 33). */
    selectShift: (branchOfficeId: number, shiftId: number) =>
      update({ branchOfficeId, shiftId, destinationId: undefined }),
  };
}
