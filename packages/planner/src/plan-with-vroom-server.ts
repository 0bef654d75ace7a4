import { z } from "zod";
import { PlannerInputError } from "./planner-input-error.js";
import type { VroomInput } from "./vroom-input-schema.js";
import { UNASSIGNED_REASONS, type VroomOutput } from "./vroom-output.js";

const answerSchema = z.looseObject({
  code: z.number().int(),
  error: z.string().optional(),
  summary: z.looseObject({ cost: z.number(), routes: z.number(), unassigned: z.number() }).optional(),
  unassigned: z.array(z.looseObject({ id: z.number(), type: z.string() })).optional(),
  routes: z
    .array(z.looseObject({ vehicle: z.number(), steps: z.array(z.looseObject({ type: z.string() })) }))
    .optional(),
});

/**
 * Sends the problem, as it is, to a VROOM server (vroom-express: POST of the JSON problem to its root)
 * and returns its answer in the same format, its unassigned jobs marked with the reason «remote».
 * For fleets larger than this machine plans comfortably (PLANNER_URL).
 */
export async function planWithVroomServer(
  url: string,
  input: VroomInput,
  options: { timeoutSeconds?: number } = {},
): Promise<VroomOutput> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(1000 * (options.timeoutSeconds ?? 300)),
    });
  } catch (error) {
    throw new Error(
      `VROOM server ${url} did not answer (${(error as Error).message}) / el servidor VROOM ${url} no respondió`,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(
      `VROOM server answered HTTP ${response.status} without JSON / el servidor VROOM respondió HTTP ${response.status} sin JSON`,
    );
  }
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) {
    throw new Error("VROOM server answered in another format / el servidor VROOM respondió en otro formato");
  }
  const answer = parsed.data;
  if (answer.code !== 0 || !response.ok) {
    const message = answer.error ?? `code ${answer.code}`;
    if (answer.code === 2) {
      throw new PlannerInputError(
        `VROOM server refused the problem: ${message}`,
        `el servidor VROOM rechazó el problema: ${message}`,
      );
    }
    throw new Error(`VROOM server failed: ${message} / el servidor VROOM falló: ${message}`);
  }
  const output = answer as unknown as VroomOutput;
  return {
    ...output,
    unassigned: (output.unassigned ?? []).map((task) => ({
      ...task,
      reason: UNASSIGNED_REASONS.remote,
      reason_code: "remote" as const,
    })),
  };
}
