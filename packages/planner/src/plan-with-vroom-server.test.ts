import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseProblem } from "./parse-problem.js";
import { planWithVroomServer } from "./plan-with-vroom-server.js";
import { PlannerInputError } from "./planner-input-error.js";
import { runCli } from "./run-cli.js";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const problem = parseProblem(JSON.parse(fixture("vroom-example-2.json")));
const recordedAnswer = fixture("vroom-example-2-solution.json");

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

/** A stand-in for vroom-express: records what it receives and answers with a recorded VROOM answer. */
async function vroomServer(status: number, body: string): Promise<{ url: string; received: unknown[] }> {
  const received: unknown[] = [];
  const stub = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      received.push({
        method: request.method,
        type: request.headers["content-type"],
        body: JSON.parse(text),
      });
      response.writeHead(status, { "content-type": "application/json" }).end(body);
    });
  });
  server = stub;
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/`, received };
}

describe("planWithVroomServer", () => {
  it("posts the problem as it is and returns the server's answer", async () => {
    const { url, received } = await vroomServer(200, recordedAnswer);
    const output = await planWithVroomServer(url, problem);
    expect(received).toEqual([{ method: "POST", type: "application/json", body: problem }]);
    expect(output.code).toBe(0);
    expect(output.summary.cost).toBe(5461);
    expect(output.routes[0]!.steps.map((step) => step.id ?? step.type)).toEqual(["start", 1414, 1515, "end"]);
  });

  it("marks the jobs the server left unassigned with a Spanish reason", async () => {
    const answer = {
      ...JSON.parse(recordedAnswer),
      unassigned: [{ id: 1515, type: "job", location_index: 2 }],
    };
    const { url } = await vroomServer(200, JSON.stringify(answer));
    const output = await planWithVroomServer(url, problem);
    expect(output.unassigned).toEqual([
      {
        id: 1515,
        type: "job",
        location_index: 2,
        reason: "Sin asignar por el servidor VROOM",
        reason_code: "remote",
      },
    ]);
  });

  it("turns the server's input error into a PlannerInputError", async () => {
    const { url } = await vroomServer(400, JSON.stringify({ code: 2, error: "Invalid vehicles." }));
    await expect(planWithVroomServer(url, problem)).rejects.toThrow(PlannerInputError);
    await expect(planWithVroomServer(url, problem)).rejects.toThrow(
      /refused the problem: Invalid vehicles\./,
    );
  });

  it("says so when the server answers something else or nothing", async () => {
    const { url } = await vroomServer(502, "<html>Bad gateway</html>");
    await expect(planWithVroomServer(url, problem)).rejects.toThrow(/HTTP 502 without JSON/);
    server?.close();
    await expect(planWithVroomServer(url, problem)).rejects.toThrow(/did not answer/);
  });

  it("is what the CLI uses when PLANNER_URL is set", async () => {
    const { url, received } = await vroomServer(200, recordedAnswer);
    const folder = await mkdtemp(join(tmpdir(), "planner-remote-"));
    try {
      await writeFile(join(folder, "problem.json"), fixture("vroom-example-2.json"));
      const said: string[] = [];
      const code = await runCli(["--input", "problem.json", "--output", "solution.json"], {
        stdout: (text) => said.push(text),
        stderr: (text) => said.push(text),
        cwd: folder,
        env: { PLANNER_URL: url },
      });
      expect(code).toBe(0);
      expect(received).toHaveLength(1);
      expect(JSON.parse(await readFile(join(folder, "solution.json"), "utf8")).summary.cost).toBe(5461);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
