import { readFile, rename, stat, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseProblem } from "./parse-problem.js";
import { planWithVroomServer } from "./plan-with-vroom-server.js";
import { PlannerInputError } from "./planner-input-error.js";
import { defaultSeconds, solve } from "./solve.js";
import type { VroomOutput } from "./vroom-output.js";

export const MAX_INPUT_BYTES = 50 * 1024 * 1024;

const USAGE = `Usage / uso: npm run plan -- --input problem.json --output solution.json [--seconds N] [--seed N]
  Reads a problem in VROOM's input format and writes VROOM's output format.
  Lee un problema en el formato de entrada de VROOM y escribe el formato de salida de VROOM.
  PLANNER_URL=http://host:3000/ sends the problem to a VROOM server instead / envía el problema a un servidor VROOM.`;

type Io = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
};

/** The CLI without process globals: returns the exit code (0 ok, 1 failure, 2 bad usage or bad input). */
export async function runCli(args: string[], io: Io): Promise<number> {
  let options: { input: string; output: string; seconds?: number; seed?: number };
  try {
    options = parseArgs(args);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const inputPath = resolve(io.cwd, options.input);
  const outputPath = resolve(io.cwd, options.output);
  let output: VroomOutput;
  try {
    const size = (await stat(inputPath)).size;
    if (size > MAX_INPUT_BYTES) {
      throw new PlannerInputError(
        `${options.input} is ${(size / 1048576).toFixed(0)} MB, more than the 50 MB allowed`,
        `${options.input} pesa ${(size / 1048576).toFixed(0)} MB, más de los 50 MB permitidos`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(await readFile(inputPath, "utf8"));
    } catch (error) {
      throw new PlannerInputError(
        `${options.input} is not valid JSON (${(error as Error).message})`,
        `${options.input} no es JSON válido`,
      );
    }
    const problem = parseProblem(json);
    const url = io.env.PLANNER_URL;
    output = url
      ? await planWithVroomServer(url, problem)
      : solve(problem, { seconds: options.seconds ?? secondsLeft(problem.jobs.length), seed: options.seed });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      io.stderr(
        `Cannot read ${options.input}: no such file / no se puede leer ${options.input}: no existe\n`,
      );
      return 2;
    }
    if (error instanceof PlannerInputError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    io.stderr(`Planning failed / la planificación falló: ${(error as Error).message}\n`);
    return 1;
  }
  const temporary = `${outputPath}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(output)}\n`);
  await rename(temporary, outputPath);
  const { summary } = output;
  io.stdout(
    `${summary.routes} routes / rutas, ${summary.unassigned} unassigned / sin asignar, cost / costo ${summary.cost}` +
      ` → ${options.output}\n`,
  );
  return 0;
}

/** Kept for writing the answer and for npm around the process. */
const WRITE_AND_EXIT_SECONDS = 0.5;

/**
 * Without --seconds the whole command, from the process start (performance.now()), fits in the
 * planner's default budget: starting tsx and reading the file count too.
 */
function secondsLeft(jobCount: number): number {
  return Math.max(0.5, defaultSeconds(jobCount) - performance.now() / 1000 - WRITE_AND_EXIT_SECONDS);
}

function parseArgs(args: string[]): { input: string; output: string; seconds?: number; seed?: number } {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const name = args[i] ?? "";
    if (!["--input", "--output", "--seconds", "--seed"].includes(name)) {
      throw new Error(`Unknown argument / argumento desconocido: ${name}`);
    }
    const value = args[++i];
    if (value === undefined) throw new Error(`${name} needs a value / ${name} necesita un valor`);
    values.set(name, value);
  }
  const input = values.get("--input");
  const output = values.get("--output");
  if (!input || !output)
    throw new Error("--input and --output are required / --input y --output son obligatorios");
  const number = (name: string, min: number, max: number): number | undefined => {
    const text = values.get(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new Error(
        `${name} must be a number from ${min} to ${max} / ${name} debe ser un número de ${min} a ${max}`,
      );
    }
    return value;
  };
  return { input, output, seconds: number("--seconds", 0.1, 3600), seed: number("--seed", 0, 2 ** 32 - 1) };
}
