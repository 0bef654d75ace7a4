import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  EmissionFactorListResponse,
  EmissionFactorUpdateRequest,
  EmissionFactorUpdateResponse,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";

const EMISSION_FACTORS_KEY = [...REPORTS_KEY, "emissionFactors"] as const;

/** GET /api/v1/EmissionFactor/list (Admin, SuperAdmin): kg of CO₂ per km of each vehicle type. */
export async function listEmissionFactors(): Promise<EmissionFactorListResponse> {
  const { data } = await http.get<EmissionFactorListResponse>(clientPath(API.emissionFactor.list));
  return data;
}

export function useEmissionFactors(enabled: boolean) {
  return useQuery({ queryKey: EMISSION_FACTORS_KEY, queryFn: listEmissionFactors, enabled });
}

/** PUT /api/v1/EmissionFactor: one type's factor (0–5 kg per km). */
export async function updateEmissionFactor(
  body: EmissionFactorUpdateRequest,
): Promise<EmissionFactorUpdateResponse> {
  const { data } = await http.put<EmissionFactorUpdateResponse>(clientPath(API.emissionFactor.update), body);
  return data;
}

/** Saves factors; the reports (whose trips' CO₂ follows them) and the list load again. */
export function useUpdateEmissionFactors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: EmissionFactorUpdateRequest[]) => {
      for (const change of changes) await updateEmissionFactor(change);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}
