import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/**
 * GET /api/v1/Document/{id}/file as a blob: through the HTTP client, so with the session's token
 * (the file is never served without a permission check, so a plain link could not open it).
 */
export async function downloadDocumentFile(id: number, signal?: AbortSignal): Promise<Blob> {
  const { data } = await http.get<Blob>(clientPath(API.document.file, { id }), {
    responseType: "blob",
    signal,
  });
  return data;
}
