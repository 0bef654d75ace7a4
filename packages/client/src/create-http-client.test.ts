import type { SignInResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHttpClient, type SessionAccess } from "./create-http-client";
import { getErrorMessage } from "./get-error-message";
import { NetworkError } from "./network-error";
import type { Session } from "./session-types";

const user = { name: "Ana", lastname: "Pérez", jobTitle: "Gerente", image: null };

function memorySession(initial: Session | null) {
  let current = initial;
  const access: SessionAccess & { resets: number } = {
    resets: 0,
    getSession: () => current,
    signIn: (response: SignInResponse) => {
      current = { ...response };
      return current;
    },
    resetSession: () => {
      access.resets += 1;
      current = null;
    },
  };
  return access;
}

function session(token: string, refreshToken = "refresh-1"): Session {
  return { token, refreshToken, roles: ["Admin"], userId: 7, user, mustChangePassword: false };
}

function reply(config: InternalAxiosRequestConfig, status: number, data: unknown): Promise<AxiosResponse> {
  const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
  if (status >= 200 && status < 300) return Promise.resolve(response);
  return Promise.reject(
    new AxiosError(
      `Request failed with status code ${status}`,
      AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    ),
  );
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A fake server: accepts only `Bearer <validToken>`, counts refresh calls. */
function fakeServer(options: { refreshStatus?: number } = {}) {
  const calls: { url: string; authorization: string; body: unknown }[] = [];
  let refreshCalls = 0;
  const validToken = "token-2";
  const adapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? "";
    const authorization = String(config.headers.get("Authorization") ?? "");
    calls.push({ url, authorization, body: config.data ? JSON.parse(String(config.data)) : undefined });
    await tick();
    if (url === clientPath(API.auth.refreshToken)) {
      refreshCalls += 1;
      if (options.refreshStatus)
        return reply(config, options.refreshStatus, { statusCode: 401, message: "Sesión expirada" });
      const body: SignInResponse = {
        token: validToken,
        refreshToken: "refresh-2",
        roles: ["Admin"],
        userId: 7,
        mustChangePassword: false,
        user,
      };
      return reply(config, 200, body);
    }
    if (authorization !== `Bearer ${validToken}`) {
      return reply(config, 401, { statusCode: 401, message: "No autorizado" });
    }
    return reply(config, 200, { url });
  };
  return { adapter, calls, refreshCount: () => refreshCalls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("http client", () => {
  it("sends Accept JSON, the bearer token and the GMT header", async () => {
    vi.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(240);
    let seen: InternalAxiosRequestConfig | undefined;
    const client = createHttpClient({
      session: memorySession(session("token-2")),
      adapter: (config) => {
        seen = config;
        return reply(config, 200, {});
      },
    });
    await client.get(clientPath(API.notification.unread));
    expect(seen?.baseURL).toBe("/api/v1");
    expect(seen?.headers.get("Authorization")).toBe("Bearer token-2");
    expect(seen?.headers.get("GMT")).toBe("4");
    expect(String(seen?.headers.get("Accept"))).toContain("application/json");
  });

  it("GMT is the offset in hours with the sign inverted, no Authorization without a session", async () => {
    vi.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(-330);
    let seen: InternalAxiosRequestConfig | undefined;
    const client = createHttpClient({
      session: memorySession(null),
      adapter: (config) => {
        seen = config;
        return reply(config, 200, {});
      },
    });
    await client.post(clientPath(API.auth.signIn), { email: "a@b.c", password: "x" });
    expect(seen?.headers.get("GMT")).toBe("-5.5");
    expect(seen?.headers.has("Authorization")).toBe(false);
  });

  it("concurrent 401s share ONE refresh and each request is retried once with the new token", async () => {
    const server = fakeServer();
    const store = memorySession(session("token-1"));
    const onSessionExpired = vi.fn();
    const client = createHttpClient({ session: store, adapter: server.adapter, onSessionExpired });

    const results = await Promise.all(["/a", "/b", "/c"].map((url) => client.get<{ url: string }>(url)));

    expect(results.map((result) => result.data.url)).toEqual(["/a", "/b", "/c"]);
    expect(server.refreshCount()).toBe(1);
    const refresh = server.calls.filter((call) => call.url === clientPath(API.auth.refreshToken));
    expect(refresh[0]?.body).toEqual({ refreshToken: "refresh-1" });
    for (const url of ["/a", "/b", "/c"]) {
      const attempts = server.calls.filter((call) => call.url === url);
      expect(attempts.map((call) => call.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
    }
    expect(store.getSession()?.token).toBe("token-2");
    expect(store.getSession()?.refreshToken).toBe("refresh-2");
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("retries only once: a second 401 is passed on", async () => {
    let refreshCalls = 0;
    const client = createHttpClient({
      session: memorySession(session("token-1")),
      adapter: (config) => {
        if (config.url === clientPath(API.auth.refreshToken)) {
          refreshCalls += 1;
          return reply(config, 200, { ...session("token-9"), refreshToken: "refresh-9" });
        }
        return reply(config, 401, { statusCode: 401, message: "No autorizado" });
      },
    });
    await expect(client.get("/x")).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshCalls).toBe(1);
  });

  it("a failed refresh resets the session once and rejects every waiting request", async () => {
    const server = fakeServer({ refreshStatus: 401 });
    const store = memorySession(session("token-1"));
    const onSessionExpired = vi.fn();
    const client = createHttpClient({ session: store, adapter: server.adapter, onSessionExpired });

    const outcomes = await Promise.allSettled([client.get("/a"), client.get("/b")]);

    expect(outcomes.every((outcome) => outcome.status === "rejected")).toBe(true);
    expect(server.refreshCount()).toBe(1);
    expect(store.getSession()).toBeNull();
    expect(store.resets).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("without a refresh token it resets the session without calling refresh", async () => {
    const server = fakeServer();
    const store = memorySession(session("token-1", ""));
    const onSessionExpired = vi.fn();
    const client = createHttpClient({ session: store, adapter: server.adapter, onSessionExpired });
    await expect(client.get("/a")).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.refreshCount()).toBe(0);
    expect(store.getSession()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("never refreshes for the auth calls themselves", async () => {
    const server = fakeServer();
    const client = createHttpClient({ session: memorySession(null), adapter: server.adapter });
    const failure = await client
      .post(clientPath(API.auth.signIn), { email: "a@b.c", password: "x" })
      .catch((e: unknown) => e);
    expect(server.refreshCount()).toBe(0);
    expect(getErrorMessage(failure)).toBe("No autorizado");
  });

  it("a network failure rejects with 'Verifique su conexión a internet'", async () => {
    const onNetworkError = vi.fn();
    const client = createHttpClient({
      session: memorySession(session("token-1")),
      onNetworkError,
      adapter: (config) => Promise.reject(new AxiosError("Network Error", AxiosError.ERR_NETWORK, config)),
    });
    const failure = await client.get("/a").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as Error).message).toBe("Verifique su conexión a internet");
    expect(getErrorMessage(failure)).toBe("Verifique su conexión a internet");
    expect(onNetworkError).toHaveBeenCalledWith("Verifique su conexión a internet");
  });

  it("other errors pass through with the server's message", async () => {
    const client = createHttpClient({
      session: memorySession(session("token-2")),
      adapter: (config) => reply(config, 409, { statusCode: 409, message: "Ya existe" }),
    });
    const failure = await client.get("/a").catch((e: unknown) => e);
    expect(getErrorMessage(failure)).toBe("Ya existe");
    expect(getErrorMessage(new Error("x"))).toBe("Ocurrió un error inesperado");
  });
});
