import { mkdtempSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { buildApp } from "../../src/app.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import { signedInAs, testConfig, testDatabase } from "../helpers/test-app.js";

const base = {
  JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
  DATA_DIR: "/tmp/treiber-test-data",
};

describe("TRUST_PROXY", () => {
  it("is off by default and takes a hop count or the proxies' addresses", () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe(
      "10.0.0.0/8, 127.0.0.1",
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: "yes please" })).toThrow(ConfigError);
  });

  it("refuses true, which lets any client pick its IP (issue 21 finding 5)", () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: true no se admite.*use 1.*IP\/CIDR/,
    );
  });

  it("with a hop count of 1 the client cannot pick its IP: only the address the proxy appended counts", async () => {
    const app = await buildApp({
      config: testConfig({ TRUST_PROXY: "1" }),
      database: await testDatabase(),
      logger: false,
    });
    app.get("/api/v1/test/ip", { config: { access: "public" } }, (request) => ({ ip: request.ip }));
    await app.ready();
    // The client sent "6.6.6.6"; the proxy appended the address it saw.
    const response = await app.inject({
      url: "/api/v1/test/ip",
      headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9", GMT: "0" },
    });
    expect(response.json()).toEqual({ ip: "203.0.113.9" });
    await app.close();
  });

  it("ignores X-Forwarded-For unless told to trust the proxy", async () => {
    const app = await buildApp({ config: testConfig(), database: await testDatabase(), logger: false });
    app.get("/api/v1/test/ip", { config: { access: "public" } }, (request) => ({ ip: request.ip }));
    const response = await app.inject({
      url: "/api/v1/test/ip",
      headers: { "x-forwarded-for": "203.0.113.7", GMT: "0" },
    });
    expect(response.json()).toEqual({ ip: "127.0.0.1" });
    await app.close();
  });

  it("makes the client's address the one the proxy forwards", async () => {
    const app = await buildApp({
      config: testConfig({ TRUST_PROXY: "1" }),
      database: await testDatabase(),
      logger: false,
    });
    app.get("/api/v1/test/ip", { config: { access: "public" } }, (request) => ({ ip: request.ip }));
    await app.ready();
    const response = await app.inject({
      url: "/api/v1/test/ip",
      headers: { "x-forwarded-for": "203.0.113.7", GMT: "0" },
    });
    expect(response.json()).toEqual({ ip: "203.0.113.7" });
    await app.close();
  });
});

describe("HTTPS", () => {
  let app: FastifyInstance;
  let port: number;
  let cert: string;

  beforeAll(async () => {
    const pems = await generate([{ name: "commonName", value: "localhost" }], {
      keySize: 2048,
      algorithm: "sha256",
      extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
    });
    cert = pems.cert;
    const dir = mkdtempSync(join(tmpdir(), "treiber-tls-"));
    writeFileSync(join(dir, "cert.pem"), pems.cert);
    writeFileSync(join(dir, "key.pem"), pems.private);
    app = await buildApp({
      config: testConfig({ TLS_CERT_FILE: join(dir, "cert.pem"), TLS_KEY_FILE: join(dir, "key.pem") }),
      database: await testDatabase(),
      logger: false,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it("serves the API over TLS when given a certificate and key, with HSTS", async () => {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpsRequest({ host: "127.0.0.1", port, path: "/health", ca: cert }, (res) => {
        res.resume();
        resolve(res);
      });
      req.on("error", reject);
      req.end();
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["strict-transport-security"]).toBe("max-age=15552000");
  });

  it("serves the hub over WSS on the same port", async () => {
    const { token } = await signedInAs(app, "Admin");
    const negotiated = await new Promise<{ connectionToken: string }>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/server/negotiate?negotiateVersion=1",
          headers: { authorization: `Bearer ${token}` },
          ca: cert,
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve(JSON.parse(body)));
        },
      );
      req.on("error", reject);
      req.end();
    });
    const socket = new WebSocket(`wss://127.0.0.1:${port}/server?id=${negotiated.connectionToken}`, {
      headers: { authorization: `Bearer ${token}` },
      ca: cert,
    });
    const handshake = await new Promise<string>((resolve, reject) => {
      socket.on("open", () => socket.send('{"protocol":"json","version":1}\x1e'));
      socket.on("message", (data) => resolve(String(data)));
      socket.on("error", reject);
    });
    socket.close();
    expect(handshake).toBe("{}\x1e");
  });

  it("refuses a certificate without its key", () => {
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: "/tmp/cert.pem" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: "/nope.pem", TLS_KEY_FILE: "/nope.key" })).toThrow(
      /TLS_CERT_FILE/,
    );
  });
});
