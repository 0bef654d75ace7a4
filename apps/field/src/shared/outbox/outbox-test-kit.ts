import { API, clientPath } from "@treiber/contract/api-paths";
import { afterEach, beforeEach, vi } from "vitest";
import { createOutbox } from "./create-outbox";
import type { FieldAction } from "./field-action";
import { createOutboxStore, type OutboxStore } from "./outbox-store";

/**
 * What the outbox's tests share (fake-indexeddb: the test file imports `fake-indexeddb/auto` first):
 * the actions, the network switch, and an outbox on a database of its own per test.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const START: FieldAction = {
  method: "PUT",
  path: clientPath(API.intermediateRoute.start),
  body: { routeId: 1 },
};
export const scan = (codeQr: string): FieldAction => ({
  method: "POST",
  path: clientPath(API.transportService.scan),
  body: { codeQr, scannedAt: "2026-11-23T12:00:00.000Z" },
});
export const END: FieldAction = {
  method: "PUT",
  path: clientPath(API.intermediateRoute.end),
  body: { intermediateRouteId: 7 },
};

/** An answer of the server, as the HTTP client (axios) rejects with it. */
export const httpError = (status: number, message: string) => ({
  isAxiosError: true,
  response: { status, data: { message } },
});

/** Whether the phone is online (`isOnline` of every outbox the kit makes); each test starts online. */
export const network = { online: true };

let dbCount = 0;
let dbName = "";
const stores: OutboxStore[] = [];

/** Each test on a database of its own, online; real timers and the stores closed after it. */
export function withOutboxTestDatabase() {
  beforeEach(() => {
    dbCount += 1;
    dbName = `outbox-test-${dbCount}`;
    network.online = true;
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const store of stores.splice(0)) store.close();
  });
}

/** The test's store (a new one on the same database is a reload). */
export function openTestStore() {
  const store = createOutboxStore(dbName);
  stores.push(store);
  return store;
}

/** An outbox that sends with `send`, on the test's database. */
export function setup(send: (action: FieldAction) => Promise<unknown>, owner?: () => number | null) {
  const store = openTestStore();
  const outbox = createOutbox({ store, send, owner, isOnline: () => network.online, random: () => 1 });
  return { store, outbox };
}

/** The paths (and QR codes) `send` was called with, in order. */
export const sentPaths = (send: ReturnType<typeof vi.fn>) =>
  send.mock.calls.map(([action]) =>
    `${(action as FieldAction).path} ${(action as FieldAction).body.codeQr ?? ""}`.trim(),
  );
