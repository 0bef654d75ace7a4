import { randomUUID } from "node:crypto";
import { ADMIN_ROLES, type Role, type SignInResponse } from "@treiber/contract";
import type { AuthUser, SessionUser } from "../../lib/auth-user.js";
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from "../../lib/http-error.js";
import type { Mailer } from "../../mail/mailer.js";
import type { AccountRights } from "../accounts/account-rights.js";
import { mayManage } from "../accounts/peer-policy.js";
import type { AuthLimits } from "./auth-limits.js";
import type { AuthRepository } from "./auth-repository.js";
import {
  dummyPasswordHash,
  hashPassword,
  resetCode,
  temporaryPassword,
  verifyPassword,
} from "./passwords.js";
import type { SignInThrottle } from "./sign-in-throttle.js";
import { hashToken, REFRESH_TOKEN_TTL_MS, type TokenService } from "./token-service.js";

export const INVALID_CREDENTIALS = "Correo o contraseña incorrectos";
export const INVALID_SESSION = "La sesión expiró o no es válida. Inicie sesión nuevamente.";
/** "Demasiados intentos fallidos. Intente de nuevo en 8 segundos." (or minutes). */
const tooManyAttempts = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? "segundo" : "segundos"}`
      : `${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
  return `Demasiados intentos fallidos. Intente de nuevo en ${wait}.`;
};
const TOO_MANY_RESET_REQUESTS = "Demasiadas solicitudes de código. Espere unos minutos antes de pedir otro.";
const TOO_MANY_WRONG_CODES = "Demasiados códigos incorrectos. Espere antes de intentarlo de nuevo.";
const TOO_MANY_WRONG_PASSWORDS =
  "Demasiados intentos con una contraseña actual incorrecta. Espere unos minutos.";
/** A 429 that the route answers with `Retry-After: seconds`. */
const tooMany = (message: string, retryAfter: number) =>
  Object.assign(tooManyRequests(message), { retryAfter });

/** Runs `work`; when it throws, gives back the attempt reserved for it (it checked no secret). */
async function orRelease<T>(release: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await release();
    throw error;
  }
}

/** A rotated refresh token presented again this soon, before its successor was used, is a retry. */
export const ROTATION_GRACE_MS = 10_000;
const RESET_CODE_TTL_MS = 15 * 60_000;
const RESET_CODE_MAX_ATTEMPTS = 5;
export const FORGET_PASSWORD_MESSAGE =
  "Si el correo está registrado, enviamos un código para restablecer la contraseña.";

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  repo: AuthRepository;
  tokens: TokenService;
  throttle: SignInThrottle;
  limits: AuthLimits;
  mailer: Mailer;
  /** Where the work done after the answer (the reset code's mail) reports its errors. */
  onBackgroundError?: (error: unknown) => void;
  /** Told after every change that ends sessions or changes rights (decision 0023). */
  rights: AccountRights;
  /**
   * Roles that sign in with the company account only (issue 39, decision 0087), and the name of
   * that account for the message that says so.
   */
  passwordSignIn?: { disabledRoles: readonly Role[]; companySignInName: string };
}) {
  const { repo, tokens, throttle, limits, mailer, rights } = deps;
  const passwordOff = (role: string) => deps.passwordSignIn?.disabledRoles.includes(role as Role) === true;
  const onBackgroundError = deps.onBackgroundError ?? (() => {});

  /** Creates and mails a reset code when the e-mail names an active user; nothing otherwise. */
  async function sendResetCode(email: string) {
    const user = await repo.findUserByEmail(email);
    if (user?.status !== "active" || passwordOff(user.role)) return;
    const code = resetCode();
    await repo.insertResetCode({
      userId: user.id,
      codeHash: hashToken(`${user.id}:${code}`),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS),
    });
    await mailer.send({
      to: user.email,
      subject: "Treiber: código para restablecer su contraseña",
      text: `Su código para restablecer la contraseña es ${code}. Vence en 15 minutos. Si no lo solicitó, ignore este correo.`,
    });
  }

  async function issueSession(
    user: { id: number; role: string; mustChangePassword: boolean },
    familyId: string = randomUUID(),
  ): Promise<SignInResponse & { refreshTokenId: number }> {
    const role = user.role as Role;
    const refresh = tokens.newRefreshToken();
    const refreshTokenId = await repo.insertRefreshToken({
      userId: user.id,
      tokenHash: refresh.hash,
      familyId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    if (refreshTokenId === undefined) throw new Error("refresh token not stored");
    return {
      token: await tokens.signAccessToken(
        { id: user.id, role, mustChangePassword: user.mustChangePassword },
        familyId,
      ),
      refreshToken: refresh.token,
      roles: [role],
      userId: user.id,
      mustChangePassword: user.mustChangePassword,
      user: await repo.sessionProfile(user.id),
      refreshTokenId,
    };
  }

  const withoutId = ({ refreshTokenId: _, ...session }: SignInResponse & { refreshTokenId: number }) =>
    session;

  return {
    /** The attempt is counted before the password is checked; a failure keeps it (decision 0036). */
    async signIn(email: string, password: string, ip: string): Promise<SignInResponse> {
      const { retryAfter, holdMs } = await throttle.reserve(email, ip);
      if (retryAfter > 0) throw tooMany(tooManyAttempts(retryAfter), retryAfter);
      const { user, valid } = await orRelease(
        () => throttle.release(email, ip),
        async () => {
          if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
          const found = await repo.findUserByEmail(email);
          const hash = found?.passwordHash ?? (await dummyPasswordHash());
          return { user: found, valid: await verifyPassword(hash, password) };
        },
      );
      if (!user || !valid || user.status !== "active") throw unauthorized(INVALID_CREDENTIALS);
      await throttle.succeed(email, ip);
      // Said only to whoever knows the password, so the role of an e-mail is not given away.
      if (passwordOff(user.role)) {
        throw forbidden(
          `Su rol entra con la cuenta de la empresa. Use «Entrar con ${deps.passwordSignIn?.companySignInName}».`,
        );
      }
      await repo.touchSignIn(user.id);
      return withoutId(await issueSession(user));
    },

    /**
     * Treiber's own session for a user the company's identity provider vouched for (issue 39):
     * the same tokens, refresh rotation and revocation as a password sign-in. Undefined when the
     * user is gone or inactive.
     */
    async companySignIn(userId: number): Promise<SignInResponse | undefined> {
      const user = await repo.findUserById(userId);
      if (user?.status !== "active") return undefined;
      await repo.touchSignIn(user.id);
      return withoutId(await issueSession(user));
    },

    /** Rotates a refresh token; presenting an already-rotated one revokes its whole family. */
    async refresh(refreshToken: string): Promise<SignInResponse> {
      const stored = await repo.findRefreshToken(hashToken(refreshToken));
      if (!stored) throw unauthorized(INVALID_SESSION);
      if (stored.expiresAt.getTime() <= Date.now()) throw unauthorized(INVALID_SESSION);
      // The token to rotate: this one, or (a retry within the grace period, e.g. a reload that
      // aborted the first refresh) its still unused successor. Any other reuse revokes the family.
      let current: { id: number; familyId: string } = stored;
      if (stored.revokedAt) {
        const successor =
          stored.replacedById === null ? undefined : await repo.findRefreshTokenById(stored.replacedById);
        const retry =
          successor !== undefined &&
          successor.revokedAt === null &&
          Date.now() - stored.revokedAt.getTime() <= ROTATION_GRACE_MS;
        if (!retry || !successor) {
          if (stored.replacedById !== null) {
            await repo.revokeFamily(stored.familyId);
            await rights.changed(stored.userId);
          }
          throw unauthorized(INVALID_SESSION);
        }
        current = successor;
      }
      const user = await repo.findUserById(stored.userId);
      if (user?.status !== "active") {
        await repo.revokeFamily(stored.familyId);
        throw unauthorized(INVALID_SESSION);
      }
      // The successor is stored before the old token is claimed, so the family always has a live
      // token and access tokens of this session stay valid during the rotation (decision 0023).
      const session = await issueSession(user, stored.familyId);
      if (!(await repo.claimRefreshToken(current.id))) {
        await repo.revokeFamily(stored.familyId);
        await rights.changed(stored.userId);
        throw unauthorized(INVALID_SESSION);
      }
      await repo.setReplacedBy(current.id, session.refreshTokenId);
      return withoutId(session);
    },

    /** Ends the session the refresh token belongs to (its whole family). Idempotent. */
    async revoke(refreshToken: string, caller: AuthUser | undefined) {
      const stored = await repo.findRefreshToken(hashToken(refreshToken));
      if (!stored) return;
      if (caller && caller.id !== stored.userId) throw forbidden();
      await repo.revokeFamily(stored.familyId);
      await rights.changed(stored.userId);
    },

    /**
     * Changes the caller's password after checking the current one (5 wrong ones in 15 minutes
     * answer 429; each check is counted before it is made), and ends the user's other sessions:
     * every refresh token family but the one the caller's access token was issued for.
     */
    async changePassword(caller: SessionUser, currentPassword: string, newPassword: string) {
      const id = String(caller.id);
      const wait = await limits.wrongCurrentPasswords.reserve(id);
      if (wait > 0) throw tooMany(TOO_MANY_WRONG_PASSWORDS, wait);
      const release = () => limits.wrongCurrentPasswords.release(id);
      const user = await orRelease(release, () => repo.findUserById(caller.id));
      if (user?.status !== "active") {
        await release();
        throw unauthorized();
      }
      // A wrong current password keeps its reservation: that is what the limit counts.
      if (!(await orRelease(release, () => verifyPassword(user.passwordHash, currentPassword)))) {
        throw badRequest("La contraseña actual es incorrecta", {
          currentPassword: "La contraseña actual es incorrecta",
        });
      }
      if (currentPassword === newPassword) {
        await release();
        throw badRequest("La nueva contraseña debe ser distinta de la actual", {
          newPassword: "La nueva contraseña debe ser distinta de la actual",
        });
      }
      await orRelease(release, async () => {
        const passwordHash = await hashPassword(newPassword);
        await repo.transaction(async (tx) => {
          await repo.updatePassword(user.id, passwordHash, false, tx);
          await repo.revokeUserTokensExcept(user.id, caller.sessionId, tx);
        });
      });
      await rights.changed(user.id);
      await limits.wrongCurrentPasswords.clear(id);
    },

    /**
     * Same answer, at once, whether or not the e-mail exists: the code (8 digits, valid 15 minutes)
     * is created and mailed after the answer. At most 3 requests per e-mail and 10 per IP in 15
     * minutes (429), counted on both at once before anything is sent.
     */
    async forgetPassword(email: string, ip: string) {
      const wait = await limits.reserveAll(limits.forgetPerEmail.claim(email), limits.forgetPerIp.claim(ip));
      if (wait > 0) throw tooMany(TOO_MANY_RESET_REQUESTS, wait);
      void sendResetCode(email).catch(onBackgroundError);
    },

    /**
     * Wrong codes count per e-mail across codes: 10 in an hour answer 429 until the hour ends; and
     * 5 per code. Both count the guess before the code is compared (decision 0036).
     */
    async changePasswordForget(email: string, code: string, newPassword: string) {
      const wait = await limits.wrongResetCodes.reserve(email);
      if (wait > 0) throw tooMany(TOO_MANY_WRONG_CODES, wait);
      const release = () => limits.wrongResetCodes.release(email);
      // A guess that fails keeps its reservation: that is what the limit counts.
      const invalid = () =>
        badRequest("El código es inválido o expiró", { code: "El código es inválido o expiró" });
      const user = await orRelease(release, () => repo.findUserByEmail(email));
      if (user?.status !== "active" || passwordOff(user.role)) throw invalid();
      const stored = await orRelease(release, () => repo.claimResetAttempt(user.id, RESET_CODE_MAX_ATTEMPTS));
      if (stored?.codeHash !== hashToken(`${user.id}:${code}`)) throw invalid();
      await release();
      const passwordHash = await hashPassword(newPassword);
      const alreadyUsed = badRequest("El código es inválido o expiró", {
        code: "El código es inválido o expiró",
      });
      await repo.transaction(async (tx) => {
        if (!(await repo.useResetCode(stored.id, tx))) throw alreadyUsed;
        await repo.updatePassword(user.id, passwordHash, false, tx);
        await repo.revokeUserTokens(user.id, tx);
      });
      await rights.changed(user.id);
    },

    /**
     * A new temporary password, mailed; it must be changed at next sign-in. Only a SuperAdmin
     * regenerates an Admin's or SuperAdmin's, and only a SuperAdmin reads it in the answer.
     */
    async regeneratePassword(caller: AuthUser, userId: number) {
      const user = await repo.findUserById(userId);
      if (!user) throw notFound("Usuario no encontrado");
      if (!mayManage(caller, user)) {
        throw forbidden("Solo un SuperAdmin puede regenerar la contraseña de un Admin o SuperAdmin");
      }
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      await repo.transaction(async (tx) => {
        await repo.updatePassword(user.id, passwordHash, true, tx);
        await repo.revokeUserTokens(user.id, tx);
      });
      await rights.changed(user.id);
      await mailer.send({
        to: user.email,
        subject: "Treiber: su nueva contraseña temporal",
        text: `Su contraseña temporal es ${password}. Deberá cambiarla al iniciar sesión.`,
      });
      if (caller.role !== "SuperAdmin") {
        return { userId: user.id, message: "Contraseña regenerada y enviada por correo al usuario." };
      }
      return {
        userId: user.id,
        temporaryPassword: password,
        message: "Contraseña regenerada. Se muestra una sola vez.",
      };
    },

    /**
     * Changes a user's role; only a SuperAdmin grants or removes SuperAdmin or changes an Admin's
     * role (an Admin may still promote a Collaborator); nobody changes their own role (as nobody
     * deactivates themselves) and never the last active SuperAdmin.
     */
    async setRole(caller: AuthUser, userId: number, role: Role) {
      await repo.transaction(async (tx) => {
        const superAdmins = await repo.lockActiveSuperAdmins(tx);
        const user = await repo.findUserById(userId, tx);
        if (!user) throw notFound("Usuario no encontrado");
        if ((role === "SuperAdmin" || user.role === "SuperAdmin") && caller.role !== "SuperAdmin") {
          throw forbidden("Solo un SuperAdmin puede otorgar o quitar el rol SuperAdmin");
        }
        if (!mayManage(caller, user)) {
          throw forbidden("Solo un SuperAdmin puede cambiar el rol de un Admin");
        }
        if (user.id === caller.id && role !== user.role) {
          throw conflict("No puede cambiar su propio rol", { role: "No puede cambiar su propio rol" });
        }
        if ((user.role === "Driver") !== (role === "Driver")) {
          throw conflict("Un chofer no puede pasar a un rol de colaborador ni un colaborador a chofer", {
            role: "Cambio de rol no permitido",
          });
        }
        // A supplier's user has no employee record, nor an employee a supplier (decision 0077).
        if ((user.role === "Supplier") !== (role === "Supplier")) {
          throw conflict("Un usuario de suplidor no puede cambiar de rol ni otro usuario pasar a suplidor", {
            role: "Cambio de rol no permitido",
          });
        }
        if (
          user.role === "SuperAdmin" &&
          role !== "SuperAdmin" &&
          user.status === "active" &&
          superAdmins.length <= 1
        ) {
          throw conflict("No se puede quitar el rol al último SuperAdmin activo", {
            role: "Último SuperAdmin activo",
          });
        }
        await repo.setRole(user.id, role, tx);
      });
      await rights.changed(userId);
    },

    isAdmin: (user: AuthUser) => ADMIN_ROLES.includes(user.role),
  };
}
