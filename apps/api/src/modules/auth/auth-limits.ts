import { type AttemptClaim, type AttemptStore, createAttemptLimit, waitSeconds } from "./attempt-store.js";

const MINUTE = 60_000;

/**
 * The fixed-window limits of the password calls (decision 0022); counters in the shared store,
 * each attempt reserved before its secret is checked (decision 0036).
 */
export const AUTH_LIMITS = {
  /** Reset codes requested for one e-mail (known or not, so the answer tells nothing). */
  forgetPerEmail: { max: 3, windowMs: 15 * MINUTE },
  /** Reset codes requested from one IP. */
  forgetPerIp: { max: 10, windowMs: 15 * MINUTE },
  /** Wrong reset codes for one e-mail, across every code it was sent. */
  wrongResetCodes: { max: 10, windowMs: 60 * MINUTE },
  /** Wrong current passwords in changePassword, per user. */
  wrongCurrentPasswords: { max: 5, windowMs: 15 * MINUTE },
  /** Sign-ins with the company account started from one IP (each writes a row; issue 39). */
  companySignInPerIp: { max: 30, windowMs: 15 * MINUTE },
} as const;

export type AuthLimits = ReturnType<typeof createAuthLimits>;

export function createAuthLimits(
  store: AttemptStore,
  options: { limits?: Partial<Record<keyof typeof AUTH_LIMITS, { max: number; windowMs: number }>> } = {},
) {
  const limits = { ...AUTH_LIMITS, ...options.limits };
  const limit = (prefix: string, values: { max: number; windowMs: number }) =>
    createAttemptLimit(store, { prefix, ...values });
  return {
    /** Reserves one attempt on several limits at once, all or none: seconds to wait (0: counted). */
    async reserveAll(...claims: AttemptClaim[]) {
      return waitSeconds((await store.reserve(claims)).waitMs);
    },
    forgetPerEmail: limit("forget:email", limits.forgetPerEmail),
    forgetPerIp: limit("forget:ip", limits.forgetPerIp),
    wrongResetCodes: limit("reset:wrong", limits.wrongResetCodes),
    wrongCurrentPasswords: limit("change:wrong", limits.wrongCurrentPasswords),
    companySignInPerIp: limit("oidc:ip", limits.companySignInPerIp),
  };
}
