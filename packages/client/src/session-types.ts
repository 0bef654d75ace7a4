import type { SignInResponse } from "@treiber/contract";

/** What is persisted in localStorage under the key 'Treiber' (spec §3): the sign-in answer. */
export type Session = Pick<
  SignInResponse,
  "token" | "refreshToken" | "roles" | "userId" | "user" | "mustChangePassword"
>;
