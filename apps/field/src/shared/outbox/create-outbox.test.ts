import "fake-indexeddb/auto";
import { NetworkError } from "@treiber/client";
import { ALREADY_SCANNED_MESSAGE, TRIP_FINISHED_MESSAGE } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { describe, expect, it, vi } from "vitest";
import type { FieldAction } from "./field-action";
import {
  END,
  httpError,
  network,
  START,
  scan,
  sentPaths,
  setup,
  UUID,
  withOutboxTestDatabase,
} from "./outbox-test-kit";
import { TRIP_NOT_STARTED_MESSAGE } from "./trip-refs";

withOutboxTestDatabase();

describe("offline outbox", () => {
  it("sends now when online with nothing waiting, with a UUID actionId", async () => {
    const send = vi.fn(async (_action: FieldAction) => ({ ok: true }));
    const { outbox } = setup(send);
    const result = await outbox.submit<{ ok: boolean }>(START);
    expect(result).toEqual({ status: "sent", data: { ok: true } });
    expect(send.mock.calls[0]?.[0]?.body.actionId).toMatch(UUID);
    expect(outbox.getSnapshot().pending).toBe(0);
  });

  it("keeps an actionId given by the caller", async () => {
    const send = vi.fn(async (_action: FieldAction) => ({}));
    const { outbox } = setup(send);
    await outbox.submit({ ...END, body: { ...END.body, actionId: "11111111-1111-4111-8111-111111111111" } });
    expect(send.mock.calls[0]?.[0]?.body.actionId).toBe("11111111-1111-4111-8111-111111111111");
  });

  it("queues offline and replays in order (FIFO) when the connection returns", async () => {
    network.online = false;
    const send = vi.fn(async () => ({}));
    const { outbox } = setup(send);
    for (const action of [START, scan("A"), scan("B"), END]) {
      expect(await outbox.submit(action)).toEqual({ status: "queued" });
    }
    expect(send).not.toHaveBeenCalled();
    expect(outbox.getSnapshot().pending).toBe(4);
    network.online = true;
    await outbox.flush(true);
    expect(sentPaths(send)).toEqual([
      clientPath(API.intermediateRoute.start),
      "/TransportService A",
      "/TransportService B",
      clientPath(API.intermediateRoute.end),
    ]);
    expect(outbox.getSnapshot().pending).toBe(0);
  });

  it("does not let a new action overtake a queued one", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const send = vi.fn<(action: FieldAction) => Promise<unknown>>();
    send.mockRejectedValueOnce(new NetworkError()).mockResolvedValue({});
    const { outbox } = setup(send);
    expect(await outbox.submit(START)).toEqual({ status: "queued" });
    // Online again, but the Start waits: the scan goes behind it, not straight to the server.
    expect(await outbox.submit(scan("A"))).toEqual({ status: "queued" });
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await outbox.flush();
    expect(sentPaths(send)).toEqual([
      clientPath(API.intermediateRoute.start),
      clientPath(API.intermediateRoute.start),
      "/TransportService A",
    ]);
    expect(outbox.getSnapshot().pending).toBe(0);
  });

  it("retries network errors and 5xx with exponential backoff, always with the same actionId", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const send = vi.fn<(action: FieldAction) => Promise<unknown>>();
    send
      .mockRejectedValueOnce(new NetworkError())
      .mockRejectedValueOnce(httpError(503, "Servicio no disponible"))
      .mockRejectedValueOnce(new NetworkError())
      .mockResolvedValue({});
    const { outbox, store } = setup(send);
    expect(await outbox.submit(scan("A"))).toEqual({ status: "queued" });
    expect(send).toHaveBeenCalledTimes(1);
    const [queued] = await store.all();
    expect(queued?.attempts).toBe(1);

    // random() = 1: waits of 1 s, 2 s, 2 s after the 1st, 2nd and 3rd failures.
    for (const [wait, callsAfter] of [
      [1_000, 2],
      [2_000, 3],
      [2_000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      await outbox.flush();
      expect(send).toHaveBeenCalledTimes(callsAfter - 1);
      await vi.advanceTimersByTimeAsync(1);
      await outbox.flush();
      expect(send).toHaveBeenCalledTimes(callsAfter);
    }
    expect(outbox.getSnapshot().pending).toBe(0);
    const ids = new Set(send.mock.calls.map(([action]) => action.body.actionId));
    expect([...ids]).toEqual([queued?.id]);
    expect(queued?.body.actionId).toBe(queued?.id);
  });

  it("drops an action the server refuses (4xx) and reports it with the server's message", async () => {
    network.online = false;
    const send = vi.fn<(action: FieldAction) => Promise<unknown>>();
    send.mockRejectedValueOnce(httpError(409, "Ya abordó")).mockResolvedValue({});
    const { outbox } = setup(send);
    await outbox.submit(scan("A"));
    await outbox.submit(scan("B"));
    network.online = true;
    await outbox.flush(true);
    expect(sentPaths(send)).toEqual(["/TransportService A", "/TransportService B"]);
    const { pending, rejected } = outbox.getSnapshot();
    expect(pending).toBe(0);
    expect(rejected).toMatchObject([
      { path: clientPath(API.transportService.scan), status: 409, message: "Ya abordó" },
    ]);
    expect(rejected[0]?.body.codeQr).toBe("A");
    await outbox.dismissRejected(rejected[0]?.id ?? "");
    expect(outbox.getSnapshot().rejected).toEqual([]);
  });

  it("throws a 4xx of a direct send and queues nothing", async () => {
    const send = vi.fn(async () => {
      throw httpError(403, "El colaborador no está en esta ruta");
    });
    const { outbox, store } = setup(send);
    await expect(outbox.submit(scan("X"))).rejects.toMatchObject({ response: { status: 403 } });
    expect(await store.count()).toBe(0);
  });

  it("keeps waiting actions across a reload (new outbox on the same database)", async () => {
    network.online = false;
    const first = setup(vi.fn(async () => ({})));
    await first.outbox.submit(START);
    await first.outbox.submit(scan("A"));
    const ids = (await first.store.all()).map((action) => action.id);
    first.store.close();

    network.online = true;
    const send = vi.fn(async (_action: FieldAction) => ({}));
    const second = setup(send);
    await second.outbox.flush(true);
    expect(send.mock.calls.map(([action]) => action.body.actionId)).toEqual(ids);
    expect(second.outbox.getSnapshot().pending).toBe(0);
  });

  it("replays on the online event once started", async () => {
    network.online = false;
    const send = vi.fn(async () => ({}));
    const { outbox, store } = setup(send);
    const stop = outbox.start();
    await outbox.submit(END);
    network.online = true;
    window.dispatchEvent(new Event("online"));
    await outbox.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(await store.count()).toBe(0);
    stop();
  });

  it("sends each user's actions only in that user's session", async () => {
    network.online = false;
    let signedIn: number | null = 1;
    const send = vi.fn(async (_action: FieldAction) => ({}));
    const { outbox, store } = setup(send, () => signedIn);
    await outbox.submit(scan("A"));
    await outbox.submit(END);
    expect((await store.all()).map((action) => action.userId)).toEqual([1, 1]);

    signedIn = null;
    network.online = true;
    outbox.ownerChanged();
    await outbox.flush(true);
    expect(send).not.toHaveBeenCalled();
    expect(outbox.getSnapshot().pending).toBe(0);

    signedIn = 2;
    expect(await outbox.submit(scan("B"))).toEqual({ status: "sent", data: {} });
    await outbox.flush(true);
    expect(sentPaths(send)).toEqual(["/TransportService B"]);
    expect(await store.count()).toBe(2);

    signedIn = 1;
    outbox.ownerChanged();
    await outbox.flush(true);
    expect(sentPaths(send)).toEqual([
      "/TransportService B",
      "/TransportService A",
      clientPath(API.intermediateRoute.end),
    ]);
    expect(await store.count()).toBe(0);
  });

  it("shows every waiting action in the snapshot, oldest first, at once", async () => {
    network.online = false;
    const { outbox } = setup(vi.fn(async () => ({})));
    await outbox.submit(START);
    await outbox.submit({ ...scan("A"), local: { employeeId: 5 } });
    const { actions, pending } = outbox.getSnapshot();
    expect(pending).toBe(2);
    expect(actions.map((action) => action.path)).toEqual([
      clientPath(API.intermediateRoute.start),
      clientPath(API.transportService.scan),
    ]);
    expect(actions[1]?.local).toEqual({ employeeId: 5 });
  });

  it("sends the actions of a trip started offline with the id its Start got", async () => {
    network.online = false;
    const send = vi.fn(async (action: FieldAction) =>
      action.path.endsWith("/Start") ? { intermediateRoute: { id: 42 } } : {},
    );
    const { outbox } = setup(send);
    const startId = "22222222-2222-4222-8222-222222222222";
    await outbox.submit({ ...START, body: { ...START.body, actionId: startId } });
    await outbox.submit({ ...scan("A"), tripRef: startId });
    await outbox.submit({ ...END, body: {}, tripRef: startId });
    network.online = true;
    await outbox.flush(true);
    expect(send.mock.calls.map(([action]) => action.body.intermediateRouteId)).toEqual([undefined, 42, 42]);
    expect(outbox.getSnapshot().trips[startId]).toBe(42);
    expect(outbox.getSnapshot().recent.map((item) => item.action.path)).toEqual([
      clientPath(API.intermediateRoute.start),
      clientPath(API.transportService.scan),
      clientPath(API.intermediateRoute.end),
    ]);
  });

  it("refuses the actions of a trip whose offline Start the server refused", async () => {
    network.online = false;
    const send = vi.fn<(action: FieldAction) => Promise<unknown>>();
    send.mockRejectedValueOnce(httpError(409, "Ya tiene una ruta en curso")).mockResolvedValue({});
    const { outbox } = setup(send);
    const startId = "33333333-3333-4333-8333-333333333333";
    await outbox.submit({ ...START, body: { ...START.body, actionId: startId } });
    await outbox.submit({ ...scan("A"), tripRef: startId });
    network.online = true;
    await outbox.flush(true);
    expect(send).toHaveBeenCalledTimes(1);
    // Both refused in the same millisecond at times: compared as a set.
    expect(
      outbox
        .getSnapshot()
        .rejected.map((action) => action.message)
        .sort(),
    ).toEqual(["Ya tiene una ruta en curso", TRIP_NOT_STARTED_MESSAGE].sort());
  });

  it("does not report refusals that repeat what the server holds, nor refused positions", async () => {
    network.online = false;
    const send = vi.fn<(action: FieldAction) => Promise<unknown>>();
    send
      .mockRejectedValueOnce(httpError(409, ALREADY_SCANNED_MESSAGE))
      .mockRejectedValueOnce(httpError(409, "La ruta no está en curso"))
      .mockRejectedValueOnce(httpError(409, TRIP_FINISHED_MESSAGE));
    const { outbox } = setup(send);
    await outbox.submit(scan("A"));
    await outbox.submit({
      method: "POST",
      path: clientPath(API.intermediateRoute.position),
      body: { latitude: 1 },
    });
    await outbox.submit(END);
    network.online = true;
    await outbox.flush(true);
    expect(send).toHaveBeenCalledTimes(3);
    const { pending, rejected, recent } = outbox.getSnapshot();
    expect(pending).toBe(0);
    expect(rejected).toEqual([]);
    // The boarding and the End stay shown until the screen refetches the server's state.
    expect(recent.map((item) => item.action.path)).toEqual([
      clientPath(API.transportService.scan),
      clientPath(API.intermediateRoute.end),
    ]);
  });

  it("answers queued at once when the first attempt gets no answer", async () => {
    const send = vi.fn(async () => {
      throw new NetworkError();
    });
    const { outbox } = setup(send);
    expect(await outbox.submit(scan("A"))).toEqual({ status: "queued" });
    expect(outbox.getSnapshot().pending).toBe(1);
  });

  it("gives a waiting caller the «already boarded» answer itself (the sheet says «Ya abordó»)", async () => {
    const send = vi.fn(async () => {
      throw httpError(409, ALREADY_SCANNED_MESSAGE);
    });
    const { outbox } = setup(send);
    await expect(outbox.submit(scan("A"))).rejects.toMatchObject({ response: { status: 409 } });
    const { pending, rejected, recent } = outbox.getSnapshot();
    expect([pending, rejected.length, recent.length]).toEqual([0, 0, 1]);
  });

  const WAIT = { timeout: 5_000, interval: 50 };
  it("tries again at once when a send that hung is followed by one that breaks (the signal is back)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const hangs = () =>
      new Promise((_resolve, reject) => setTimeout(() => reject(new NetworkError()), 6_000));
    const send = vi.fn<(action: FieldAction) => Promise<unknown>>();
    send
      .mockImplementationOnce(hangs)
      .mockImplementationOnce(hangs)
      .mockRejectedValueOnce(new NetworkError())
      .mockResolvedValue({});
    const { outbox } = setup(send);
    expect(await outbox.submit(scan("A"), { waitMs: 0 })).toEqual({ status: "queued" });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1), WAIT);
    // vi.waitFor moves the fake clock on by 50 ms per check (for up to 5 s of it here).
    await vi.advanceTimersByTimeAsync(6_000); // the 1st hangs up; the 2nd after the 1-s backoff
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2), WAIT);
    await vi.advanceTimersByTimeAsync(6_000); // the 2nd hangs up; the 3rd after 2 s, and it breaks
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(3), WAIT);
    const brokeAt = Date.now();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(4), WAIT);
    expect(Date.now() - brokeAt).toBeLessThan(1_000);
    await vi.waitFor(() => expect(outbox.getSnapshot().pending).toBe(0), WAIT);
  });
});
