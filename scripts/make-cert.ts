// `npm run cert`: a self-signed certificate for this machine's names and network addresses, so a phone
// on the same network can open Treiber App over HTTPS (camera and GPS need a secure context).
import { mkdirSync, writeFileSync } from "node:fs";
import { hostname, networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { generate } from "selfsigned";

const dir = resolve(process.env.DATA_DIR ?? "./data", "tls");
const addresses = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry !== undefined && !entry.internal && entry.family === "IPv4")
  .map((entry) => entry?.address ?? "");
const names = ["localhost", hostname()];
const ips = ["127.0.0.1", ...addresses];

const pems = await generate([{ name: "commonName", value: "Treiber" }], {
  keySize: 2048,
  algorithm: "sha256",
  notAfterDate: new Date(Date.now() + 365 * 86_400_000),
  extensions: [
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: [
        ...names.map((value) => ({ type: 2 as const, value })),
        ...ips.map((ip) => ({ type: 7 as const, ip })),
      ],
    },
  ],
});
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "cert.pem"), pems.cert);
writeFileSync(join(dir, "key.pem"), pems.private, { mode: 0o600 });

const port = process.env.PORT ?? "8080";
console.log(
  [
    `Certificado autofirmado en ${dir} (válido un año) para: ${[...names, ...ips].join(", ")}`,
    "Inicie el servidor con HTTPS:",
    `  TLS_CERT_FILE=${join(dir, "cert.pem")} TLS_KEY_FILE=${join(dir, "key.pem")} npm start`,
    "y abra desde el teléfono (misma red):",
    ...addresses.map((ip) => `  https://${ip}:${port}/app/`),
    "El teléfono avisará que el certificado no es de confianza: acéptelo para probar.",
  ].join("\n"),
);
