import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { pinnedLookup } from "../push/pinned-agent.js";
import type { ResolvedAddress } from "../push/push-destination.js";

export type PostResult = { statusCode: number } | { error: string };

/**
 * POSTs `body` to `url`, connecting only to the checked `addresses` of `hostname` (TLS name and
 * Host stay the URL's), within `timeoutMs` for the whole exchange. The answer's body is read and
 * dropped (at most 64 KiB kept reading; then the socket is closed). No redirect is followed.
 */
export function postWebhook(
  target: { url: URL; hostname: string; addresses: readonly ResolvedAddress[] },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  const https = target.url.protocol === "https:";
  const lookup = pinnedLookup(target.hostname, target.addresses);
  const agent = https
    ? new HttpsAgent({ lookup, keepAlive: false })
    : new HttpAgent({ lookup, keepAlive: false });
  const send = https ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      agent.destroy();
      resolve(result);
    };
    const request = send(
      target.url,
      {
        method: "POST",
        agent,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Treiber-Webhooks/1",
        },
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > 65_536) response.destroy();
        });
        response.on("error", () => finish({ statusCode: response.statusCode ?? 0 }));
        response.on("close", () => finish({ statusCode: response.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ error: `Sin respuesta en ${timeoutMs / 1000} s` });
    }, timeoutMs);
    request.on("error", (error) => finish({ error: error.message }));
    request.end(body);
  });
}
