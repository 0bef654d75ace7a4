import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export type OidcAccount = {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

export const OIDC_CLIENT = { id: "treiber", secret: "secreto-de-prueba-del-proveedor" };

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 for the tests: one client
 * (`treiber`, client_secret_post, the given redirect URI) and accounts the test puts in `accounts`;
 * the interaction logs in as `next.subject` and grants what was asked, with no page.
 */
export async function startOidcProvider(redirectUri: string) {
  const accounts = new Map<string, OidcAccount>();
  const next = { subject: "" };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "test", use: "sig", alg: "RS256" }] },
    cookies: { keys: ["clave-de-cookies-de-prueba"] },
    pkce: { required: () => true },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...accounts.get(sub) }),
    }),
  });

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      await provider.interactionFinished(req, res, { login: { accountId: next.subject } });
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId as string,
      clientId: details.params.client_id as string,
    });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  const handle = provider.callback();
  server.on("request", (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    accounts,
    /** Signs in as this subject at the next interaction. */
    as(subject: string, account: OidcAccount) {
      accounts.set(subject, account);
      next.subject = subject;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's trip through the provider: follows its redirects with its cookies until it leaves for `until`. */
export async function followProvider(start: string, until: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let location = start;
  for (let hop = 0; hop < 12; hop += 1) {
    if (location.startsWith(until)) return new URL(location);
    const response = await fetch(location, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) cookies.set(name.trim(), value.join("="));
    }
    const nextLocation = response.headers.get("location");
    if (!nextLocation)
      throw new Error(`the provider stopped at ${location}: ${response.status} ${await response.text()}`);
    location = new URL(nextLocation, location).href;
  }
  throw new Error("too many redirects at the provider");
}
