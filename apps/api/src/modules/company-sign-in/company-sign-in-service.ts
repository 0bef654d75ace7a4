import { createHash, randomBytes } from "node:crypto";
import type { SignInResponse } from "@treiber/contract";
import type { CompanySignInError } from "@treiber/contract/messages";
import * as oidc from "openid-client";
import { z } from "zod";
import type { CompanySignInConfig } from "../../config.js";
import { HttpError, tooManyRequests, unauthorized } from "../../lib/http-error.js";
import type { AuthLimits } from "../auth/auth-limits.js";
import type { AuthRepository } from "../auth/auth-repository.js";
import type { AuthService } from "../auth/auth-service.js";
import type { SignupService } from "../auth/signup-service.js";
import type { CompanySignInApp, CompanySignInRepository } from "./company-sign-in-repository.js";
import { newAccountFromClaims } from "./new-account-from-claims.js";

/** From leaving for the identity provider to coming back. */
const SIGN_IN_TTL_MS = 10 * 60_000;
/** From the callback to the login page exchanging its code. */
const HANDOFF_TTL_MS = 60_000;
const SCOPE = "openid email profile";

export const HANDOFF_EXPIRED =
  "El inicio de sesión con la cuenta de la empresa expiró. Intente de nuevo desde la página de inicio.";

/** The login page of each app; the callback sends the browser back there with `#oidc=` or `#oidcError=`. */
export const LOGIN_PAGES: Record<CompanySignInApp, string> = { web: "/login", field: "/app/login" };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const emailSchema = z.email();

/** A refusal that sends the browser back to its login page with a reason, not an error page. */
class SignInRefused extends Error {
  constructor(readonly reason: CompanySignInError) {
    super(reason);
  }
}

export type CompanySignInService = ReturnType<typeof createCompanySignInService>;

/**
 * Sign-in with the company account (issue 39, decision 0087): OpenID Connect authorization code
 * with PKCE, state and nonce through `openid-client`. The user is matched by a verified e-mail;
 * the session given is Treiber's own (the same one a password sign-in gives).
 */
export function createCompanySignInService(deps: {
  config: CompanySignInConfig;
  repo: CompanySignInRepository;
  users: Pick<AuthRepository, "findUserByEmail">;
  auth: Pick<AuthService, "companySignIn">;
  signups: Pick<SignupService, "companyAccount">;
  limits: Pick<AuthLimits, "companySignInPerIp">;
  log: { warn(details: object, message: string): void };
  /** Told of each account a first sign-in created (the audit trail: the callback is a GET). */
  onAccountCreated?: (account: {
    userId: number;
    employeeId: number;
    email: string;
    ip: string;
  }) => Promise<void>;
}) {
  const { config, repo, users, auth, signups, limits, log } = deps;
  let discovered: Promise<oidc.Configuration> | undefined;

  /** The provider's metadata, read once; a failed read is tried again by the next sign-in. */
  function provider(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        undefined,
        config.clientSecret ? oidc.ClientSecretPost(config.clientSecret) : oidc.None(),
        // An http:// issuer is a test or in-house provider the operator chose explicitly.
        { execute: config.issuer.startsWith("http:") ? [oidc.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  const refusedAt = (app: CompanySignInApp, reason: CompanySignInError) =>
    `${LOGIN_PAGES[app]}#oidcError=${reason}`;

  /** The user the provider vouched for: found by e-mail, or created when OIDC_AUTO_CREATE allows. */
  async function userFor(claims: oidc.UserInfoResponse, ip: string): Promise<number> {
    if (claims.email_verified !== true) throw new SignInRefused("unverified");
    const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
    if (!emailSchema.safeParse(email).success) throw new SignInRefused("unverified");
    const found = await users.findUserByEmail(email);
    if (found) {
      if (found.status !== "active") throw new SignInRefused("inactive");
      return found.id;
    }
    if (config.autoCreateBranchOfficeId === undefined) throw new SignInRefused("unknown");
    try {
      const created = await signups.companyAccount(
        newAccountFromClaims(email, claims, config.autoCreateBranchOfficeId),
      );
      await deps.onAccountCreated?.({ userId: created.userId, employeeId: created.id, email, ip });
      return created.userId;
    } catch (error) {
      // The same person signing in twice at once: the other sign-in created the account.
      const raced = await users.findUserByEmail(email);
      if (raced?.status === "active") return raced.id;
      log.warn({ err: error }, "company sign-in could not create the account");
      throw new SignInRefused(error instanceof HttpError && error.statusCode === 404 ? "unknown" : "failed");
    }
  }

  /** The identity the provider answers for this callback (ID token, and user info if it lacks the e-mail). */
  async function identityFrom(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<oidc.UserInfoResponse> {
    const configuration = await provider();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("no ID token");
    if (typeof claims.email === "string") return claims as oidc.UserInfoResponse;
    return oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
  }

  return {
    name: config.name,

    /**
     * Where the browser goes to sign in, and the state the caller keeps in its cookie (the
     * callback must come back to the same browser). At most 30 starts per IP in 15 minutes.
     */
    async start(app: CompanySignInApp, redirectUri: string, ip: string) {
      const wait = await limits.companySignInPerIp.reserve(ip);
      if (wait > 0) {
        throw Object.assign(tooManyRequests("Demasiados intentos. Espere unos minutos."), {
          retryAfter: wait,
        });
      }
      let configuration: oidc.Configuration;
      try {
        configuration = await provider();
      } catch (error) {
        log.warn({ err: error }, "company sign-in: the identity provider's metadata could not be read");
        return { location: refusedAt(app, "unavailable"), state: undefined };
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await repo.insert({
        stateHash: sha256(state),
        nonce,
        codeVerifier,
        app,
        expiresAt: new Date(Date.now() + SIGN_IN_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      });
      return { location: url.href, state };
    },

    /**
     * The provider's answer: checks state (against the browser's cookie and the stored row, used
     * once), PKCE and nonce, finds the user, and sends the browser to its login page with a
     * one-time hand-off code, or with the reason it was refused.
     */
    async callback(
      query: Record<string, string | undefined>,
      cookieState: string | undefined,
      redirectUri: string,
      ip: string,
    ): Promise<string> {
      const state = query.state;
      if (!state) return refusedAt("web", "expired");
      const stateHash = sha256(state);
      const app = (await repo.appOf(stateHash)) ?? "web";
      if (cookieState !== state) return refusedAt(app, "expired");
      const row = await repo.claimForCallback(stateHash, new Date());
      if (!row) return refusedAt(app, "expired");
      if (query.error) return refusedAt(app, query.error === "access_denied" ? "denied" : "failed");
      try {
        const callbackUrl = new URL(redirectUri);
        for (const [key, value] of Object.entries(query)) {
          if (value !== undefined) callbackUrl.searchParams.set(key, value);
        }
        const identity = await identityFrom(callbackUrl, {
          state,
          nonce: row.nonce,
          codeVerifier: row.codeVerifier,
        });
        const userId = await userFor(identity, ip);
        const handoff = randomBytes(32).toString("base64url");
        await repo.setHandoff(row.id, {
          userId,
          handoffHash: sha256(handoff),
          handoffExpiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
        });
        return `${LOGIN_PAGES[row.app]}#oidc=${handoff}`;
      } catch (error) {
        if (error instanceof SignInRefused) return refusedAt(row.app, error.reason);
        log.warn({ err: error }, "company sign-in refused by its checks");
        return refusedAt(row.app, "failed");
      }
    },

    /** Treiber's session for a hand-off code (once, within 60 s of the callback). */
    async session(code: string): Promise<SignInResponse> {
      const userId = await repo.claimHandoff(sha256(code), new Date());
      if (userId === undefined) throw unauthorized(HANDOFF_EXPIRED);
      const session = await auth.companySignIn(userId);
      if (!session) throw unauthorized(HANDOFF_EXPIRED);
      return session;
    },
  };
}
