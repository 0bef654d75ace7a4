import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentUploadFields, DocumentUploadResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DOCUMENTS_KEY } from "../../../shared/api/query-keys";

export interface DocumentUpload {
  fields: DocumentUploadFields;
  file: File;
}

/** The multipart body: the text fields first, then the file (the server reads them in order). */
export function documentFormData({ fields, file }: DocumentUpload): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== "") body.append(name, String(value));
  }
  body.append("file", file, file.name);
  return body;
}

/** POST /api/v1/Document (multipart: ownerType, ownerId, type, number, expiresOn, category?, file). */
export async function uploadDocument(upload: DocumentUpload): Promise<DocumentUploadResponse> {
  const { data } = await http.post<DocumentUploadResponse>(
    clientPath(API.document.upload),
    documentFormData(upload),
  );
  return data;
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
