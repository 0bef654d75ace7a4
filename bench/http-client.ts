import http from "node:http";

/**
 * GETs over one kept-alive connection with `node:http`: the timings are the server's work plus
 * the least client cost Node allows (`fetch` adds ~0.4 ms of its own per call on this machine).
 */
export function createBenchClient(base: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get(path: string): Promise<{ status: number; body: Buffer }> {
      return new Promise((resolve, reject) => {
        const request = http.get(`${base}${path}`, { agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
          response.on("error", reject);
        });
        request.on("error", reject);
      });
    },
    close: () => agent.destroy(),
  };
}
