import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_CHANGE_REQUIRED } from "../../src/plugins/password-change-gate.js";
import { buildTestApp, type SignedIn, signedInAs, useOwnTestDatabase } from "../helpers/test-app.js";
import { deepJson, INTERNAL_TEXT, NASTY_DATES, nastyString, nastyValue, ONE_MB } from "./nasty-values.js";

/**
 * "Keep it found" (issue 12): every route of the app's OpenAPI table, fed generated inputs (valid
 * looking, from its schemas, and nasty: control characters, 1 MB strings, deep JSON, huge, negative
 * and non-numbers, impossible dates, wrong content types), as an anonymous caller, an Admin, a
 * Driver and a Collaborator. No answer may be a 5xx or show internal text. Seeded: FUZZ_SEED
 * reproduces a run (default: a fixed seed, so CI is deterministic; `FUZZ_SEED=random` explores a
 * new one and prints it), FUZZ_RUNS scales it (requests in all, default 3000).
 */
const DEFAULT_SEED = 20_261_124;
const SEED =
  process.env.FUZZ_SEED === "random"
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  nullable?: boolean;
  const?: unknown;
};
type Parameter = { in: "query" | "path" | "header"; name: string; schema: JsonSchema; required?: boolean };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
};

/** A value the schema accepts, more or less: enough to get past validation into the service. */
function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((item) => plausible(item, depth + 1)));
  if (schema.allOf?.length) return plausible(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
      return fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(schema.minimum ?? 1));
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 3 });
    case "object": {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = plausible(value, depth + 1);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case "string": {
      if (schema.pattern?.includes("(0[1-9]|1[0-2])\\/")) {
        return fc.constantFrom("03/01/2026", "12/31/2025", "01/01/2020", ...NASTY_DATES.slice(0, 3));
      }
      if (schema.pattern?.startsWith("^\\d{4}-")) {
        return fc.constantFrom("2026-03-01T00:00:00Z", "2025-01-01T12:00:00Z");
      }
      if (schema.format === "email") return fc.constantFrom("admin@treiber.app", "nadie@prueba.do");
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).map((value) => value.slice(0, 300));
        } catch {
          return fc.string({ maxLength: 20 });
        }
      }
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 20, 30) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer());
  }
}

/** Mostly plausible, sometimes nasty. */
const field = (schema: JsonSchema | undefined) =>
  fc.oneof({ weight: 3, arbitrary: plausible(schema) }, { weight: 2, arbitrary: nastyValue });

/** Percent-encoded; a lone surrogate goes as the bytes of one (an invalid UTF-8 sequence). */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
};

const asText = (value: unknown) =>
  typeof value === "string" ? value : value === undefined ? "" : (JSON.stringify(value) ?? String(value));

/** A nasty body: wrong content types, malformed or deep JSON, a lone value, 1 MB. */
const oddBody: fc.Arbitrary<Pick<InjectOptions, "payload" | "headers">> = fc.oneof(
  fc.constant({ payload: '{"a":', headers: { "content-type": "application/json" } }),
  fc.constant({ payload: deepJson(5000), headers: { "content-type": "application/json" } }),
  fc.constant({ payload: "nombre=x&id=1", headers: { "content-type": "application/x-www-form-urlencoded" } }),
  fc.constant({ payload: "hola", headers: { "content-type": "text/plain" } }),
  fc.constant({
    payload: "--b\r\n\r\nx\r\n--b--",
    headers: { "content-type": "multipart/form-data; boundary=b" },
  }),
  fc.constant({ payload: "\u0000\u0001", headers: { "content-type": "application/octet-stream" } }),
  fc.constant({ payload: JSON.stringify({ a: ONE_MB }), headers: { "content-type": "application/json" } }),
  fc.constant({ payload: "", headers: { "content-type": "application/json" } }),
  nastyValue.map((value) => ({
    payload: JSON.stringify(value) ?? "null",
    headers: { "content-type": "application/json" },
  })),
);

type Caller = "anonymous" | "Admin" | "Driver" | "Collaborator";
type Generated = { url: string; headers: Record<string, string>; payload?: string; caller: Caller };

/** Mostly an Admin (most routes are theirs); drivers and collaborators reach the field calls. */
const caller = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Caller>("anonymous") },
  { weight: 4, arbitrary: fc.constant<Caller>("Admin") },
  { weight: 1, arbitrary: fc.constant<Caller>("Driver") },
  { weight: 1, arbitrary: fc.constant<Caller>("Collaborator") },
);

function requests(operation: Operation): fc.Arbitrary<Generated> {
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const path = fc
    .tuple(...pathParams.map((p) => field(p.schema)))
    .map((values) =>
      pathParams.reduce(
        (url, p, i) => url.replace(`{${p.name}}`, encode(asText(values[i]).slice(0, 300))),
        operation.path,
      ),
    );
  // Each query parameter plausible or absent, then at most one of them nasty, so the nasty value
  // usually passes every other check and reaches the service and the database.
  const query = fc
    .record({
      values: fc.tuple(
        ...queryParams.map((p) => fc.option(plausible(p.schema), { nil: undefined, freq: 3 })),
      ),
      nasty: fc.option(fc.tuple(fc.nat(), nastyValue), { nil: undefined, freq: 2 }),
      extra: fc.option(fc.tuple(nastyString, nastyValue), { nil: undefined, freq: 6 }),
      raw: fc.option(fc.constantFrom("a=%", "%zz=1", "amount=%00", "skip[]=1", "criterion[a]=b", "=&&="), {
        nil: undefined,
        freq: 10,
      }),
    })
    .map(({ values, nasty, extra, raw }) => {
      const chosen = [...values];
      if (nasty && queryParams.length) chosen[nasty[0] % queryParams.length] = nasty[1];
      const pairs: string[] = [];
      queryParams.forEach((p, i) => {
        const value = chosen[i];
        if (value === undefined) return;
        for (const item of Array.isArray(value) && value.length ? value : [value]) {
          pairs.push(`${p.name}=${encode(asText(item))}`);
        }
      });
      if (extra) pairs.push(`${encode(extra[0])}=${encode(asText(extra[1]))}`);
      if (raw) pairs.push(raw);
      return pairs.length ? `?${pairs.join("&")}` : "";
    });
  const jsonBody = (operation.body ? plausibleBody(operation.body) : fc.constant(undefined)).map((value) => ({
    payload: value === undefined ? undefined : JSON.stringify(value),
    headers: value === undefined ? {} : { "content-type": "application/json" },
  }));
  const body =
    operation.method === "GET"
      ? jsonBody
      : fc.oneof({ weight: 4, arbitrary: jsonBody }, { weight: 1, arbitrary: oddBody });
  const gmt = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("0", "4", "-5.5") },
    { weight: 1, arbitrary: fc.constantFrom("", "abc", "99", "-0", "1e3", "4.4", "\u0000", "0x4") },
  );
  return fc.record({ path, query, body, gmt, caller }).map(({ path, query, body, gmt, caller }) => ({
    url: `${path}${query}`,
    headers: { ...(body.headers as Record<string, string>), gmt },
    ...(body.payload !== undefined && { payload: body.payload as string }),
    caller,
  }));
}

/** A body from the schema whose fields are each plausible or nasty, sometimes with a stray key. */
function plausibleBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (!schema.properties) return field(schema);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(schema.properties)) model[key] = field(value);
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(fc.tuple(nastyString, nastyValue), { nil: undefined, freq: 5 }),
    )
    .map(([body, extra]) => (extra ? { ...body, [extra[0]]: extra[1] } : body));
}

/** The API's operations, from its OpenAPI document (every route with a schema). */
function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: spec.parameters ?? [],
        body: spec.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

// As an Admin the fuzz writes anything (cuts, statuses, roles): on a database of its own, so no
// other test file sees its data.
useOwnTestDatabase();

let app: FastifyInstance;
const sessions = new Map<Caller, SignedIn>();
beforeAll(async () => {
  app = await buildTestApp();
  for (const role of ["Admin", "Driver", "Collaborator"] as const)
    sessions.set(role, await signedInAs(app, role));
});
afterAll(() => app.close());

describe("route fuzz", () => {
  it(`no route answers 5xx or internal text (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`, {
    timeout: 600_000,
  }, async () => {
    console.log(`route fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    const operations = operationsOf(app);
    expect(operations.length).toBeGreaterThan(100);
    const perOperation = Math.max(1, Math.ceil(RUNS / operations.length));
    const failures = new Map<string, string>();
    let sent = 0;
    for (const [index, operation] of operations.entries()) {
      const samples = fc.sample(requests(operation), { seed: SEED + index, numRuns: perOperation });
      for (const request of samples) {
        const session = request.caller === "anonymous" ? undefined : sessions.get(request.caller);
        const response = await app.inject({
          method: operation.method as InjectOptions["method"],
          url: request.url,
          headers: {
            ...request.headers,
            ...(session && { authorization: session.headers.authorization }),
          },
          ...(request.payload !== undefined && { payload: request.payload }),
        });
        sent++;
        const json = String(response.headers["content-type"] ?? "").includes("json");
        const leak = response.statusCode >= 400 && json && INTERNAL_TEXT.exec(response.body)?.[0];
        if (response.statusCode >= 500 || leak) {
          const key = `${operation.method} ${operation.path} → ${response.statusCode}${leak ? ` "${leak}"` : ""}`;
          if (!failures.has(key)) {
            failures.set(
              key,
              `${request.caller} ${request.url.slice(0, 200)} ${String(request.payload ?? "").slice(0, 200)} ⇒ ${response.body.slice(0, 200)}`,
            );
          }
        }
        // A request may have ended the caller's session (status, role, revoke) or asked it for a new
        // password (RegeneratePassword): sign in a new user of that role.
        const ended =
          response.statusCode === 401 ||
          (response.statusCode === 403 && response.body.includes(PASSWORD_CHANGE_REQUIRED));
        if (request.caller !== "anonymous" && ended) {
          sessions.set(request.caller, await signedInAs(app, request.caller));
        }
      }
    }
    console.log(`route fuzz: ${sent} requests over ${operations.length} operations`);
    expect([...failures].map(([key, example]) => `${key}\n    ${example}`)).toEqual([]);
  });
});
