import { getErrorStatus } from "@treiber/client";
import {
  IMPORT_FILE_FIELD,
  IMPORT_INVITATIONS_FIELD,
  IMPORT_SKIP_GEOCODE_FIELD,
  type ImportReport,
  importRefusedSchema,
} from "@treiber/contract";
import { type ApiEndpoint, clientPath } from "@treiber/contract/api-paths";
import { isAxiosError } from "axios";
import { http } from "../../../shared/api/http-client";

/**
 * The multipart body of an import call: `skipGeocodeRows` (when any) and `invitationsOn` (the
 * go-live date `MM/DD/YYYY` of «crear sin enviar», when chosen) before the file, so the server
 * knows them before it reads the sheet.
 */
export function importFormData(
  file: File,
  skipRows: readonly number[] = [],
  invitationsOn: string | null = null,
): FormData {
  const form = new FormData();
  if (skipRows.length > 0) form.append(IMPORT_SKIP_GEOCODE_FIELD, skipRows.join(","));
  if (invitationsOn) form.append(IMPORT_INVITATIONS_FIELD, invitationsOn);
  form.append(IMPORT_FILE_FIELD, file, file.name);
  return form;
}

export interface RunImportRequest {
  endpoint: ApiEndpoint;
  file: File;
  dryRun: boolean;
  skipRows?: readonly number[];
  /** «Crear sin enviar»: the invitations' date, `MM/DD/YYYY`. */
  invitationsOn?: string | null;
}

/**
 * POST Employee/import or Driver/import: the dry run (`dryRun=true`, nothing written) or the commit
 * (all or nothing: a 422 carries the report, see `refusedImport`).
 */
export async function runImport({
  endpoint,
  file,
  dryRun,
  skipRows,
  invitationsOn,
}: RunImportRequest): Promise<ImportReport> {
  const form = importFormData(file, skipRows, invitationsOn ?? null);
  const { data } = await http.post<ImportReport>(clientPath(endpoint), form, {
    params: { dryRun: String(dryRun) },
  });
  return data;
}

/** A commit the server refused because rows are invalid (422): its message and the report. */
export function refusedImport(error: unknown): { message: string; report: ImportReport } | null {
  if (getErrorStatus(error) !== 422 || !isAxiosError(error)) return null;
  const parsed = importRefusedSchema.safeParse(error.response?.data);
  if (!parsed.success) return null;
  const { statusCode: _, message, ...report } = parsed.data;
  return { message, report };
}
