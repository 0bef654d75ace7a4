import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from "@treiber/contract";
import { isAxiosError } from "axios";

/** Whether an API error is the server refusing a session until it changes its temporary password. */
export function isPasswordChangeRequired(error: unknown): boolean {
  if (!isAxiosError(error) || error.response?.status !== 403) return false;
  const data = error.response.data as { message?: unknown } | undefined;
  return data?.message === PASSWORD_CHANGE_REQUIRED_MESSAGE;
}
