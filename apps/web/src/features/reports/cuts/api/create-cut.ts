import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CutCreatedResponse, CutCreateRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../../shared/api/http-client";
import { CUTS_KEY, REPORTS_KEY } from "../../../../shared/api/query-keys";

/** POST /api/v1/Cut (sinceDate, untilDate as YYYY-MM-DDTHH:mm:ssZ); 409 if it overlaps another cut. */
export async function createCut(body: CutCreateRequest): Promise<CutCreatedResponse> {
  const { data } = await http.post<CutCreatedResponse>(clientPath(API.cut.create), body);
  return data;
}

export function useCreateCut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCut,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CUTS_KEY }),
        queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
      ]),
  });
}
