import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentReviewRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DOCUMENTS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Document/approve: an administrator approves or rejects a pending paper (with a note). */
export async function reviewDocument(body: DocumentReviewRequest): Promise<void> {
  await http.put(clientPath(API.document.approve), body);
}

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDocument,
    // An approval can unblock a driver: «Cumplimiento» reloads with the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
