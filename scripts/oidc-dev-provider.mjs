// A development OpenID Connect provider (`oidc-provider`, a devDependency) to try «Entrar con …»
// without a company's Entra ID, Google Workspace or Keycloak (issue 39, decision 0087). Its login
// page accepts any e-mail with any password and vouches for it as verified; an e-mail that starts
// with "noverificado" is sent as not verified. Never for production: it keeps nothing.
//
//   OIDC_DEV_PORT=4400 TREIBER_URL=http://127.0.0.1:8080 node scripts/oidc-dev-provider.mjs
//   then start Treiber with OIDC_ISSUER=http://127.0.0.1:4400 OIDC_CLIENT_ID=treiber-dev
//   OIDC_CLIENT_SECRET=secreto-de-desarrollo OIDC_NAME="Proveedor de prueba"
import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
// @ts-expect-error oidc-provider ships no types (the tests declare the parts they use)
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_DEV_PORT ?? 4400);
const treiber = (process.env.TREIBER_URL ?? "http://127.0.0.1:8080").replace(/\/+$/, "");
const issuer = `http://127.0.0.1:${port}`;
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? "treiber-dev",
      client_secret: process.env.OIDC_CLIENT_SECRET ?? "secreto-de-desarrollo",
      redirect_uris: [`${treiber}/api/v1/Auth/oidc/callback`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "dev", use: "sig", alg: "RS256" }] },
  cookies: { keys: ["clave-de-cookies-de-desarrollo"] },
  pkce: { required: () => true },
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name", "given_name", "family_name"],
  },
  ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  // The login typed is the account: its e-mail, verified unless it starts with "noverificado".
  findAccount: (/** @type {unknown} */ _ctx, /** @type {string} */ sub) => ({
    accountId: sub,
    claims: () => ({
      sub,
      email: sub.toLowerCase(),
      email_verified: !sub.toLowerCase().startsWith("noverificado"),
      given_name: sub.split("@")[0],
      family_name: "Prueba",
    }),
  }),
});

createServer(provider.callback()).listen(port, "127.0.0.1", () => {
  console.log(`Proveedor OIDC de desarrollo en ${issuer} (vuelve a ${treiber})`);
});
