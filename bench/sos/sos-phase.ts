/**
 * One phase of `npm run bench:sos`: every rider raises an SOS at the same moment, each sent twice —
 * to instance i mod 2 and, at once, the retry with the same body and actionId to the other
 * instance — either `POST Sos` (online) or, after the phones were offline `offlineMs`, the outbox's
 * `POST FieldAction/batch` carrying the SOS queued with the phone's time of the press. Measured per
 * delivery (SOS × admin): request sent → `ReceiveIncident` at that admin's socket, both on this
 * process's clock. Lost: an SOS with no incident, or an admin that never got it; duplicated: a retry
 * answered with another incident, a person with more than one SOS incident in the database, or an
 * admin told twice about the same incident.
 */
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { API, API_PREFIX, clientPath } from "@treiber/contract/api-paths";
import type pg from "pg";
import { percentile } from "../lib/percentile.js";
import { sleep } from "../lib/stats.js";
import type { ControlRoom } from "./load.js";

export type PhaseRider = { userId: number; name: string; tripId: number; token: string };

export type SosPhaseResult = {
  label: string;
  sos: number;
  /** Retries sent (the same SOS, the other instance). */
  retries: number;
  admins: number;
  /** Distinct incidents the answers named. */
  incidents: number;
  deliveries: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** SOS that opened no incident at all, and (SOS × admin) deliveries that never arrived. */
  lostSos: number;
  lostDeliveries: number;
  /** Retries answered with another incident; persons with > 1 SOS incident; repeated announcements. */
  duplicateIncidents: number;
  duplicatePersons: number;
  duplicateAnnouncements: number;
  /** Answers other than 2xx (first or retry), with the first one's status and message. */
  failedRequests: number;
  firstFailure?: string;
  /** Request sent → its HTTP answer (first and retry), ms. */
  answerP50: number;
  answerP99: number;
  /** Offline: incidents opened at the phone's time (openedAt before the batch was sent). */
  openedAtPhoneTime?: number;
  loadStart: number;
  loadEnd: number;
};

type Answer = { incidentId?: number; failure?: string; ms: number };

async function post(baseUrl: string, path: string, token: string, body: unknown, at: () => number) {
  const started = at();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, ms: at() - started };
  } catch (error) {
    return { status: 0, text: (error as Error).message, ms: at() - started };
  }
}

/** The SOS's answer, direct (`POST Sos`) or the batch's first result. */
function readAnswer(viaBatch: boolean, reply: { status: number; text: string; ms: number }): Answer {
  let json: unknown;
  try {
    json = JSON.parse(reply.text);
  } catch {
    json = undefined;
  }
  let status = reply.status;
  let body = json as { incidentId?: number; message?: string } | undefined;
  if (viaBatch && status === 200) {
    const first = (json as { results?: { statusCode: number; body: unknown }[] } | undefined)?.results?.[0];
    status = first?.statusCode ?? 0;
    body = first?.body as typeof body;
  }
  if (status >= 200 && status < 300 && typeof body?.incidentId === "number") {
    return { incidentId: body.incidentId, ms: reply.ms };
  }
  return { failure: `${status} ${body?.message ?? reply.text.slice(0, 120)}`, ms: reply.ms };
}

export async function runSosPhase(options: {
  label: string;
  baseUrls: string[];
  riders: PhaseRider[];
  room: ControlRoom;
  admins: number;
  /** Offline this long before sending through FieldAction/batch; undefined: online, `POST Sos`. */
  offlineMs?: number;
  /** Each SOS also sent at once to the other instance with the same actionId. */
  retry: boolean;
  /** The reference: one SOS at a time, this long after the previous one's answer. */
  spacingMs?: number;
  /** Right before the first request (the servers' CPU counters start there). */
  beforeSend?: () => Promise<void>;
  drainMs: number;
  sql: pg.Client;
  now: () => number;
}): Promise<SosPhaseResult> {
  const { riders, room, now, baseUrls } = options;
  const loadStart = loadavg()[0] ?? Number.NaN;
  const viaBatch = options.offlineMs !== undefined;
  const pressedAt = Date.now();
  const bodies = riders.map((rider, index) => ({
    intermediateRouteId: rider.tripId,
    latitude: 18.48 + index * 1e-4,
    longitude: -69.94,
    accuracy: 12,
    recordedAt: new Date(pressedAt).toISOString(),
    actionId: randomUUID(),
  }));
  if (viaBatch) await sleep(options.offlineMs ?? 0);
  await options.beforeSend?.();
  const firstReceipt = room.receipts.length;
  const sentWallMs = Date.now();
  const sentAt: number[] = [];
  const path = viaBatch
    ? `${API_PREFIX}${clientPath(API.fieldAction.batch)}`
    : `${API_PREFIX}${clientPath(API.sos.raise)}`;
  const payload = (index: number) =>
    viaBatch
      ? { actions: [{ method: "POST", path: clientPath(API.sos.raise), body: bodies[index] }] }
      : bodies[index];
  // All at once: each SOS to one instance and its retry (same actionId) to the other. The reference
  // sends them one at a time instead, `spacingMs` apart.
  const send = (rider: PhaseRider, index: number) => {
    sentAt[index] = now();
    const first = baseUrls[index % baseUrls.length] as string;
    const retry = baseUrls[(index + 1) % baseUrls.length] as string;
    return Promise.all([
      post(first, path, rider.token, payload(index), now),
      ...(options.retry ? [post(retry, path, rider.token, payload(index), now)] : []),
    ]);
  };
  const replies: Awaited<ReturnType<typeof send>>[] = [];
  if (options.spacingMs === undefined) replies.push(...(await Promise.all(riders.map(send))));
  else
    for (const [index, rider] of riders.entries()) {
      replies.push(await send(rider, index));
      await sleep(options.spacingMs);
    }
  const answers = replies.map((pair) => pair.map((reply) => readAnswer(viaBatch, reply)));

  // Which SOS each incident is; then wait for every admin to have every one (or the drain to end).
  const sosOfIncident = new Map<number, number>();
  let duplicateIncidents = 0;
  answers.forEach((pair, index) => {
    const ids = new Set(
      pair.flatMap((answer) => (answer.incidentId === undefined ? [] : [answer.incidentId])),
    );
    if (ids.size > 1) duplicateIncidents += ids.size - 1;
    for (const id of ids) sosOfIncident.set(id, index);
  });
  const sosOfName = new Map(riders.map((rider, index) => [rider.name, index]));
  const received = () => {
    const seen = new Set<string>();
    for (let i = firstReceipt; i < room.receipts.length; i++) {
      const receipt = room.receipts[i];
      if (receipt && sosOfIncident.has(receipt.incidentId))
        seen.add(`${receipt.admin}:${receipt.incidentId}`);
    }
    return seen.size;
  };
  const expected = sosOfIncident.size * options.admins;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, options.drainMs);
    function done() {
      clearTimeout(timer);
      room.onReceipt(undefined);
      resolve();
    }
    room.onReceipt(() => received() >= expected && done());
    if (received() >= expected) done();
  });
  await sleep(1000); // late repeats, if any

  const latencies: number[] = [];
  const firstAt = new Map<string, number>();
  const deliveredOf = new Map<number, Set<number>>();
  let duplicateAnnouncements = 0;
  for (let i = firstReceipt; i < room.receipts.length; i++) {
    const receipt = room.receipts[i];
    if (!receipt) continue;
    let sos = sosOfIncident.get(receipt.incidentId);
    if (sos === undefined && receipt.personName !== null) {
      // An incident no answer named (both requests failed): still the rider's SOS.
      sos = sosOfName.get(receipt.personName);
      if (sos !== undefined) sosOfIncident.set(receipt.incidentId, sos);
    }
    if (sos === undefined) continue;
    const key = `${receipt.admin}:${receipt.incidentId}`;
    if (firstAt.has(key)) {
      duplicateAnnouncements++;
      continue;
    }
    firstAt.set(key, receipt.at);
    latencies.push(receipt.at - (sentAt[sos] as number));
    const admins = deliveredOf.get(sos) ?? new Set<number>();
    admins.add(receipt.admin);
    deliveredOf.set(sos, admins);
  }
  const incidentsOfSos = new Set(sosOfIncident.values());
  const lostSos = riders.length - incidentsOfSos.size;
  let lostDeliveries = 0;
  for (let sos = 0; sos < riders.length; sos++)
    lostDeliveries += options.admins - (deliveredOf.get(sos)?.size ?? 0);

  const { rows } = await options.sql.query<{ person: number; n: number; early: number }>(
    `select person_user_id as person, count(*)::int as n,
            count(*) filter (where opened_at < $2::timestamptz - interval '1 second')::int as early
     from incidents where type = 'SOS' and person_user_id = any($1::int[]) group by person_user_id`,
    [riders.map((rider) => rider.userId), new Date(sentWallMs).toISOString()],
  );
  const failures = answers.flat().filter((answer) => answer.failure !== undefined);
  const answerMs = answers
    .flat()
    .map((answer) => answer.ms)
    .sort((a, b) => a - b);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    label: options.label,
    sos: riders.length,
    retries: options.retry ? riders.length : 0,
    admins: options.admins,
    incidents: sosOfIncident.size,
    deliveries: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    lostSos,
    lostDeliveries,
    duplicateIncidents,
    duplicatePersons: rows.filter((row) => row.n > 1).length,
    duplicateAnnouncements,
    failedRequests: failures.length,
    firstFailure: failures[0]?.failure,
    answerP50: percentile(answerMs, 50),
    answerP99: percentile(answerMs, 99),
    openedAtPhoneTime: viaBatch ? rows.reduce((sum, row) => sum + row.early, 0) : undefined,
    loadStart,
    loadEnd: loadavg()[0] ?? Number.NaN,
  };
}
