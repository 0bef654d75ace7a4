import { createECDH, randomBytes } from "node:crypto";
import { Agent, createServer, type Server } from "node:https";
import type { TLSSocket } from "node:tls";
import type { RiderAlert } from "@treiber/contract";
import { decrypt } from "http_ece";
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { generate } from "selfsigned";

/** A phone's side of a subscription: its ECDH key pair and auth secret. */
export type PhoneKeys = { ecdh: ReturnType<typeof createECDH>; p256dh: string; auth: string };

export function phoneKeys(): PhoneKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

export type PushDelivery = {
  path: string;
  /** The Host header and the TLS server name (SNI) the request came with. */
  host: string | undefined;
  servername: string | undefined;
  alert: RiderAlert;
  ttl: string | undefined;
  urgency: string | undefined;
};

/**
 * A push service on https://127.0.0.1 (its own certificate; `agent` and `ca` trust it) standing in for FCM or Mozilla's: it checks each request's VAPID
 * `Authorization: vapid t=<JWT>, k=<key>` (ES256, signed with the server's key, audience this
 * origin), decrypts the aes128gcm body with the phone's private key and keeps the RiderAlert.
 * Paths in `gone` answer 410 (the phone unsubscribed); paths in `redirects` answer 307 to their
 * Location. `names`: host names its certificate also holds, for endpoints that reach it by a name
 * a test resolver maps to 127.0.0.1 (the audience may then be `https://<name>:<port>`).
 */
export async function startLocalPushService(options: {
  vapidPublicKey: string;
  phones: Record<string, PhoneKeys>;
  gone?: string[];
  redirects?: Record<string, string>;
  names?: string[];
}) {
  const deliveries: PushDelivery[] = [];
  const refused: string[] = [];
  let origin = "";
  let audiences: string[] = [];
  const names = options.names ?? [];
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [{ type: 7, ip: "127.0.0.1" }, ...names.map((value) => ({ type: 2 as const, value }))],
      },
    ],
  });
  const server: Server = createServer({ cert: pems.cert, key: pems.private }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const path = request.url ?? "";
      try {
        if (options.gone?.includes(path)) {
          response.writeHead(410).end();
          refused.push(path);
          return;
        }
        const location = options.redirects?.[path];
        if (location) {
          response.writeHead(307, { location }).end();
          refused.push(`${path}: redirected`);
          return;
        }
        const header = request.headers.authorization ?? "";
        const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
        if (!match || match[2] !== options.vapidPublicKey) throw new Error(`bad Authorization: ${header}`);
        const token = match[1] as string;
        if (decodeProtectedHeader(token).alg !== "ES256") throw new Error("not ES256");
        const raw = Buffer.from(options.vapidPublicKey, "base64url");
        const key = await importJWK(
          {
            kty: "EC",
            crv: "P-256",
            x: raw.subarray(1, 33).toString("base64url"),
            y: raw.subarray(33, 65).toString("base64url"),
          },
          "ES256",
        );
        await jwtVerify(token, key, { audience: audiences });
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const phone = options.phones[path];
        if (!phone) throw new Error(`unknown subscription ${path}`);
        const plain = decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: phone.ecdh,
          authSecret: phone.auth,
        });
        deliveries.push({
          path,
          host: request.headers.host,
          servername: (request.socket as TLSSocket).servername || undefined,
          alert: JSON.parse(plain.toString("utf8")) as RiderAlert,
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
        });
        response.writeHead(201).end();
      } catch (error) {
        refused.push(`${path}: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    });
  });
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  origin = `https://127.0.0.1:${address.port}`;
  audiences = [origin, ...names.map((name) => `https://${name}:${address.port}`)];
  return {
    origin,
    port: address.port,
    /** For an HTTPS client: trusts this service's certificate. */
    agent: new Agent({ ca: pems.cert }),
    /** For the push sender (`ca`): this service's certificate. */
    ca: pems.cert,
    deliveries,
    /** Requests answered 410, or refused (with why). */
    refused,
    /** TCP connections accepted so far (a refused send must open none). */
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
