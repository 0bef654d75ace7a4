import type { ErrorResponse } from "@treiber/contract";
import { isAxiosError } from "axios";
import { UNEXPECTED_ERROR_MESSAGE } from "./constants";
import { NetworkError } from "./network-error";

function errorBody(error: unknown): Partial<ErrorResponse> | null {
  if (!isAxiosError(error)) return null;
  const data: unknown = error.response?.data;
  return data && typeof data === "object" ? (data as Partial<ErrorResponse>) : null;
}

/** The Spanish message to show for a failed call. */
export function getErrorMessage(error: unknown, fallback = UNEXPECTED_ERROR_MESSAGE): string {
  if (error instanceof NetworkError) return error.message;
  const body = errorBody(error);
  if (body && typeof body.message === "string" && body.message.trim()) return body.message;
  return fallback;
}

/** Field-level validation messages ({ field: message }) of a 400 answer. */
export function getFieldErrors(error: unknown): Record<string, string> {
  const errors = errorBody(error)?.errors;
  return errors && typeof errors === "object" ? errors : {};
}

export function getErrorStatus(error: unknown): number | null {
  return isAxiosError(error) ? (error.response?.status ?? null) : null;
}
