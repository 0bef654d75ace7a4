import { NetworkError } from "@treiber/client";
import type { AxiosProgressEvent } from "axios";
import { isAxiosError } from "axios";
import { http } from "../../api/http-client";

export const EXCEL_MIME_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const EXCEL_DOWNLOAD_ERROR_MESSAGE = "No se pudo descargar el archivo Excel. Intente de nuevo.";

/** Query of an Excel call: the report filters; paging is dropped (the file has every matching row). */
export type ExcelParams = object;

export interface ExcelProgress {
  loaded: number;
  /** Total bytes when the server tells them, else undefined. */
  total: number | undefined;
}

/** GET the Excel call as a blob, reporting progress while it downloads. */
export async function fetchExcel(
  path: string,
  params: ExcelParams,
  onProgress?: (progress: ExcelProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const { data } = await http.get<Blob>(path, {
    params: withoutPaging(params),
    responseType: "blob",
    headers: { Accept: `${EXCEL_MIME_TYPE}, application/json` },
    signal,
    onDownloadProgress: (event: AxiosProgressEvent) =>
      onProgress?.({ loaded: event.loaded, total: event.total || undefined }),
  });
  return data;
}

/** POST `body` (e.g. a multipart form with a file) to the Excel call and get the file as a blob. */
export async function postExcel(path: string, body: FormData, signal?: AbortSignal): Promise<Blob> {
  const { data } = await http.post<Blob>(path, body, {
    responseType: "blob",
    headers: { Accept: `${EXCEL_MIME_TYPE}, application/json` },
    signal,
  });
  return data;
}

function withoutPaging(params: ExcelParams): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([key, value]) => key !== "amount" && key !== "skip" && value !== undefined && value !== "",
    ),
  );
}

/** Hands the file to the browser as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before releasing the object URL.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * The Spanish message of a failed download. A blob request gets its JSON error body as a blob,
 * so it is read back as text to show the server's message.
 */
export async function excelErrorMessage(error: unknown): Promise<string> {
  if (error instanceof NetworkError) return error.message;
  if (!isAxiosError(error)) return EXCEL_DOWNLOAD_ERROR_MESSAGE;
  const data: unknown = error.response?.data;
  try {
    const text = data instanceof Blob ? await readBlobText(data) : typeof data === "string" ? data : null;
    const body: unknown = text ? JSON.parse(text) : data;
    if (body && typeof body === "object" && "message" in body) {
      const message = (body as { message: unknown }).message;
      if (typeof message === "string" && message.trim()) return message;
    }
  } catch {
    // not JSON: fall back to the generic message
  }
  return EXCEL_DOWNLOAD_ERROR_MESSAGE;
}

function readBlobText(blob: Blob): Promise<string> {
  if (typeof blob.text === "function") return blob.text();
  // Older engines (and jsdom) have no Blob.text().
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
