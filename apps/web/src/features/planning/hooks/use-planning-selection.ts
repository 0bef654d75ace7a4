import { useActiveShifts } from "../../../shared/lookups/list-active-shifts";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";
import { usePlanningContext } from "../api/get-planning-context";
import { useBranchOfficeShifts } from "../api/list-branch-office-shifts";
import { ownWorkplace } from "../lib/own-workplace";
import { usePlanningFilters } from "./use-planning-filters";

/**
 * The branch office, shift and workplace to plan: the URL's choice, else the first branch office
 * that has shifts (else the first), its first shift (by time) and the workplace its routes go to.
 */
export function usePlanningSelection() {
  const filters = usePlanningFilters();
  const branchOffices = useBranchOfficeNames();
  const branchOfficeList = branchOffices.data?.filter((item) => item.id > 0);
  const activeShifts = useActiveShifts(filters.branchOfficeId === null);
  const withShifts = new Set(activeShifts.data?.map((shift) => shift.branchOfficeId));
  const waitingForShifts = filters.branchOfficeId === null && activeShifts.isPending;
  const branchOfficeId =
    filters.branchOfficeId ??
    (waitingForShifts
      ? null
      : (branchOfficeList?.find((item) => withShifts.has(item.id)) ?? branchOfficeList?.[0])?.id) ??
    null;
  const shifts = useBranchOfficeShifts(branchOfficeId);
  const shiftId = filters.shiftId ?? shifts.data?.[0]?.id ?? null;
  const context = usePlanningContext(shiftId, filters.destinationId);
  // The server's own pick of a workplace counts only when it is one of the branch office's.
  const destinationId =
    filters.destinationId ?? (context.data && ownWorkplace(context.data) ? context.data.destinationId : null);
  return {
    filters,
    branchOffices,
    branchOfficeList,
    branchOfficeId,
    shifts,
    shiftId,
    context,
    destinationId,
  };
}
