import "fake-indexeddb/auto";
import { NetworkError } from "@treiber/client";
import { ALREADY_SCANNED_MESSAGE } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { describe, expect, it, vi } from "vitest";
import { createOutbox } from "./create-outbox";
import type { FieldAction } from "./field-action";
import {
  END,
  httpError,
  network,
  openTestStore,
  START,
  scan,
  sentPaths,
  withOutboxTestDatabase,
} from "./outbox-test-kit";

withOutboxTestDatabase();

describe("offline outbox in batches (FieldAction/batch)", () => {
  type Answer = { statusCode: number; body: unknown };
  function setupBatch(answer: (actions: FieldAction[]) => Promise<Answer[]>) {
    const store = openTestStore();
    const send = vi.fn(async (action: FieldAction) =>
      action.path.endsWith("/Start") ? { intermediateRoute: { id: 42 } } : {},
    );
    const sendBatch = vi.fn(answer);
    const outbox = createOutbox({ store, send, sendBatch, isOnline: () => network.online, random: () => 1 });
    return { store, outbox, send, sendBatch };
  }
  const created = (actions: FieldAction[]) =>
    Promise.resolve(
      actions.map((action) => ({
        statusCode: action.path.endsWith("/Start") ? 200 : 201,
        body: action.path.endsWith("/Start") ? { intermediateRoute: { id: 42 } } : {},
      })),
    );

  it("sends an outage's queue in one request, in order, and settles each action", async () => {
    network.online = false;
    const { outbox, send, sendBatch } = setupBatch(created);
    for (const action of [scan("A"), scan("B"), END]) await outbox.submit(action);
    network.online = true;
    await outbox.flush(true);
    expect(send).not.toHaveBeenCalled();
    expect(sendBatch).toHaveBeenCalledTimes(1);
    expect(sendBatch.mock.calls[0]?.[0].map((action) => action.body.codeQr ?? action.path)).toEqual([
      "A",
      "B",
      clientPath(API.intermediateRoute.end),
    ]);
    expect(outbox.getSnapshot().pending).toBe(0);
    expect(outbox.getSnapshot().recent).toHaveLength(3);
  });

  it("keeps what the server would have retried, and everything behind it, in the queue", async () => {
    network.online = false;
    const { outbox, store, sendBatch } = setupBatch(async () => [
      { statusCode: 201, body: {} },
      { statusCode: 409, body: { message: ALREADY_SCANNED_MESSAGE } },
      { statusCode: 503, body: { message: "Servicio no disponible" } },
    ]);
    for (const action of [scan("A"), scan("A"), scan("B"), scan("C")]) await outbox.submit(action);
    network.online = true;
    await outbox.flush(true);
    expect(sendBatch).toHaveBeenCalledTimes(1);
    const left = await store.all();
    expect(left.map((action) => [action.body.codeQr, action.attempts])).toEqual([
      ["B", 1],
      ["C", 0],
    ]);
    // The repeated scan is what the server holds: no red banner.
    expect(outbox.getSnapshot().rejected).toEqual([]);
  });

  it("keeps the whole queue when the batch gets no answer", async () => {
    network.online = false;
    const { outbox, store } = setupBatch(() => Promise.reject(new NetworkError()));
    for (const action of [scan("A"), scan("B")]) await outbox.submit(action);
    network.online = true;
    await outbox.flush(true);
    expect((await store.all()).map((action) => [action.body.codeQr, action.attempts])).toEqual([
      ["A", 1],
      ["B", 0],
    ]);
  });

  it("sends the head alone when the server refuses the batch as a whole", async () => {
    network.online = false;
    const { outbox, send } = setupBatch(() => Promise.reject(httpError(404, "No encontrado")));
    for (const action of [scan("A"), scan("B")]) await outbox.submit(action);
    network.online = true;
    await outbox.flush(true);
    expect(sentPaths(send)).toEqual(["/TransportService A", "/TransportService B"]);
    expect(outbox.getSnapshot()).toMatchObject({ pending: 0, rejected: [] });
  });

  it("lets an offline Start's answer name the trip before its actions go", async () => {
    network.online = false;
    const { outbox, send, sendBatch } = setupBatch(created);
    const startId = "44444444-4444-4444-8444-444444444444";
    await outbox.submit(scan("A"));
    await outbox.submit({ ...START, body: { ...START.body, actionId: startId } });
    await outbox.submit({ ...scan("B"), tripRef: startId });
    await outbox.submit({ ...END, body: {}, tripRef: startId });
    network.online = true;
    await outbox.flush(true);
    // The scan and the Start together; the Start's trip then goes into the next batch.
    expect(sendBatch.mock.calls.map(([actions]) => actions.map((action) => action.path))).toEqual([
      [clientPath(API.transportService.scan), clientPath(API.intermediateRoute.start)],
      [clientPath(API.transportService.scan), clientPath(API.intermediateRoute.end)],
    ]);
    expect(send).not.toHaveBeenCalled();
    expect(sendBatch.mock.calls[1]?.[0].map((action) => action.body.intermediateRouteId)).toEqual([42, 42]);
  });
});
