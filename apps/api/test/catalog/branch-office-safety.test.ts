import { SAFETY_MESSAGES } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, signedInAs, unique } from "../helpers/test-app.js";

/**
 * Issue 38: a branch office's emergency phone and contacts, its night window and its safe-arrival
 * delays. A new office takes the defaults; an update without a field keeps what is stored.
 */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const URL = API.branchOffice.create.path;
const base = () => ({ name: unique("Sucursal "), address: "Av. Máximo Gómez 12, Santo Domingo" });
const send = (method: "POST" | "PUT", payload: object) =>
  app.inject({ method, url: URL, headers: admin.headers, payload });
async function itemNamed(name: string) {
  const res = await app.inject({
    method: "GET",
    url: `${URL}/list`,
    headers: admin.headers,
    query: { criterion: name },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list[0];
}
const SAFETY_KEYS = [
  "emergencyPhone",
  "emergencyEmails",
  "nightStart",
  "nightEnd",
  "safeArrivalAskMinutes",
  "safeArrivalWaitMinutes",
] as const;
const safetyOf = (item: Record<string, unknown>) =>
  Object.fromEntries(SAFETY_KEYS.map((key) => [key, item[key]]));

describe("branch office safety fields", () => {
  it("a new office without them: no emergency contact, 20:00–06:00, 20 and 15 minutes", async () => {
    const body = base();
    expect((await send("POST", body)).statusCode).toBe(200);
    expect(safetyOf(await itemNamed(body.name))).toEqual({
      emergencyPhone: null,
      emergencyEmails: [],
      nightStart: "20:00",
      nightEnd: "06:00",
      safeArrivalAskMinutes: 20,
      safeArrivalWaitMinutes: 15,
    });
  });

  it("stores what create sends (e-mails lower case) and lists it", async () => {
    const body = {
      ...base(),
      emergencyPhone: "(809) 555-0911",
      emergencyEmails: ["Seguridad@Empresa.do", "turno.noche@empresa.do"],
      nightStart: "21:30",
      nightEnd: "05:00",
      safeArrivalAskMinutes: 25,
      safeArrivalWaitMinutes: 10,
    };
    expect((await send("POST", body)).statusCode).toBe(200);
    expect(safetyOf(await itemNamed(body.name))).toEqual({
      emergencyPhone: "(809) 555-0911",
      emergencyEmails: ["seguridad@empresa.do", "turno.noche@empresa.do"],
      nightStart: "21:30",
      nightEnd: "05:00",
      safeArrivalAskMinutes: 25,
      safeArrivalWaitMinutes: 10,
    });
  });

  it("an update without them keeps what is stored; with them, changes it; a short number is valid", async () => {
    const body = base();
    const full = {
      emergencyPhone: "911",
      emergencyEmails: ["a@empresa.do"],
      nightStart: "19:00",
      nightEnd: "07:00",
      safeArrivalAskMinutes: 30,
      safeArrivalWaitMinutes: 20,
    };
    const { id } = (await send("POST", { ...body, ...full })).json();
    const kept = await send("PUT", { id, ...body, address: "Calle 2" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(safetyOf(await itemNamed(body.name))).toEqual(full);

    const nulls = await send("PUT", {
      id,
      ...body,
      emergencyEmails: null,
      nightStart: null,
      nightEnd: null,
      safeArrivalAskMinutes: null,
      safeArrivalWaitMinutes: null,
    });
    expect(nulls.statusCode, nulls.body).toBe(200);
    expect(safetyOf(await itemNamed(body.name))).toEqual(full);

    const changed = await send("PUT", {
      id,
      ...body,
      emergencyPhone: "(829) 555-0100",
      emergencyEmails: [],
      nightStart: "22:00",
      safeArrivalWaitMinutes: 5,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(safetyOf(await itemNamed(body.name))).toEqual({
      ...full,
      emergencyPhone: "(829) 555-0100",
      emergencyEmails: [],
      nightStart: "22:00",
      safeArrivalWaitMinutes: 5,
    });

    // An empty or null phone clears it.
    expect((await send("PUT", { id, ...body, emergencyPhone: "" })).statusCode).toBe(200);
    expect((await itemNamed(body.name)).emergencyPhone).toBeNull();
  });

  it("refuses bad values in Spanish on create and update", async () => {
    const { id } = (await send("POST", base())).json();
    const cases: [object, string, string][] = [
      [{ emergencyPhone: "8095550911" }, "emergencyPhone", SAFETY_MESSAGES.emergencyPhone],
      [{ emergencyEmails: ["no-es-correo"] }, "emergencyEmails", SAFETY_MESSAGES.emergencyEmails],
      [
        { emergencyEmails: Array.from({ length: 11 }, (_, i) => `c${i}@empresa.do`) },
        "emergencyEmails",
        SAFETY_MESSAGES.emergencyEmails,
      ],
      [{ nightStart: "25:00" }, "nightStart", "Hora inválida (HH:mm)"],
      [{ nightEnd: "6:00" }, "nightEnd", "Hora inválida (HH:mm)"],
      [{ safeArrivalAskMinutes: 0 }, "safeArrivalAskMinutes", SAFETY_MESSAGES.delayAsk],
      [{ safeArrivalAskMinutes: 181 }, "safeArrivalAskMinutes", SAFETY_MESSAGES.delayAsk],
      [{ safeArrivalWaitMinutes: 2.5 }, "safeArrivalWaitMinutes", SAFETY_MESSAGES.delayWait],
      [{ safeArrivalWaitMinutes: 121 }, "safeArrivalWaitMinutes", SAFETY_MESSAGES.delayWait],
    ];
    for (const [fields, key, message] of cases) {
      const created = await send("POST", { ...base(), ...fields });
      expect(created.statusCode, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(created.json().errors), JSON.stringify(fields)).toContain(message);
      expect(Object.keys(created.json().errors).join(","), JSON.stringify(fields)).toContain(key);
      const updated = await send("PUT", { id, ...base(), ...fields });
      expect(updated.statusCode, JSON.stringify(fields)).toBe(400);
    }
  });
});
