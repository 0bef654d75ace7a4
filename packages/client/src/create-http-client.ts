import type { SignInResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
  isAxiosError,
} from "axios";
import { API_BASE_URL } from "./constants";
import { gmtHeaderValue } from "./gmt-header-value";
import { NetworkError } from "./network-error";
import type { Session } from "./session-types";

/** Calls that must never trigger a token refresh on 401 (they are the auth flow itself). */
const AUTH_CALLS = [
  clientPath(API.auth.signIn),
  clientPath(API.auth.refreshToken),
  clientPath(API.auth.revokeToken),
  clientPath(API.auth.forgetPassword),
  clientPath(API.auth.changePasswordForget),
];

export const REFRESH_TOKEN_PATH = clientPath(API.auth.refreshToken);

export interface SessionAccess {
  getSession(): Session | null;
  signIn(response: SignInResponse): Session;
  resetSession(): void;
}

export interface HttpClientOptions {
  session: SessionAccess;
  baseURL?: string;
  adapter?: AxiosAdapter;
  /** Refresh impossible or refused: the session was reset, send the user to /login. */
  onSessionExpired?: () => void;
  /** No answer from the server. */
  onNetworkError?: (message: string) => void;
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

function isAuthCall(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.split("?")[0]?.toLowerCase() ?? "";
  return AUTH_CALLS.some((call) => path.endsWith(call.toLowerCase()));
}

export type HttpClient = AxiosInstance & {
  /** Renews the access token now (single-flight, shared with the 401 retries); null if it cannot. */
  refreshSession(): Promise<string | null>;
};

/** The single axios instance of the app: bearer + GMT headers, single-flight 401 refresh, network message. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { session } = options;
  const client = axios.create({
    baseURL: options.baseURL ?? API_BASE_URL,
    headers: { Accept: "application/json" },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  let refreshing: Promise<string | null> | null = null;

  async function refreshToken(): Promise<string | null> {
    const refreshTokenValue = session.getSession()?.refreshToken;
    if (refreshTokenValue) {
      try {
        const { data } = await client.post<SignInResponse>(REFRESH_TOKEN_PATH, {
          refreshToken: refreshTokenValue,
        });
        if (data && typeof data.token === "string" && data.token) {
          return session.signIn(data).token;
        }
      } catch {
        // handled below: the session cannot be renewed
      }
    }
    session.resetSession();
    options.onSessionExpired?.();
    return null;
  }

  /** One refresh at a time, shared by every request that got a 401 meanwhile. */
  function refreshOnce(): Promise<string | null> {
    refreshing ??= refreshToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  client.interceptors.request.use((config) => {
    const token = session.getSession()?.token;
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    config.headers.set("GMT", gmtHeaderValue());
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || axios.isCancel(error)) throw error;
    const axiosError = error as AxiosError;
    if (!axiosError.response) {
      const networkError = new NetworkError({ cause: error });
      options.onNetworkError?.(networkError.message);
      throw networkError;
    }
    const config = axiosError.config as RetriableConfig | undefined;
    if (axiosError.response.status !== 401 || !config || config._retried || isAuthCall(config.url)) {
      throw error;
    }
    const usedToken = String(config.headers.get("Authorization") ?? "");
    const currentToken = session.getSession()?.token;
    // Another request already renewed the token: just retry with it.
    const token = currentToken && usedToken !== `Bearer ${currentToken}` ? currentToken : await refreshOnce();
    if (!token) throw error;
    config._retried = true;
    config.headers.set("Authorization", `Bearer ${token}`);
    return client.request(config);
  });

  return Object.assign(client, { refreshSession: refreshOnce });
}
