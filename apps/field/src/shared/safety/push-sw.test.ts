import type { SafeArrivalPush, SosPush } from "@treiber/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import code from "../../../public/push-sw.js?raw";

/** public/push-sw.js run in a stand-in for the service worker's global scope. */
function loadWorker(windows: { url: string }[] = []) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => ({ ok: true, status: 200 }));
  const scope = {
    addEventListener: (type: string, handler: (event: unknown) => void) => {
      handlers[type] = handler;
    },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        windows.map((client) => ({
          ...client,
          navigate: async (url: string) => {
            opened.push(`navigate ${url}`);
            return null;
          },
          focus: async () => undefined,
        })),
      openWindow: async (url: string) => {
        opened.push(`open ${url}`);
        return null;
      },
    },
    location: { origin: "https://treiber.example" },
  };
  new Function("self", "fetch", code)(scope, fetchMock);
  const run = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    handlers[type]?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return {
    shown,
    opened,
    fetchMock,
    push: (payload: unknown) => run("push", { data: { json: () => payload } }),
    click: (data: unknown, action = "") =>
      run("notificationclick", { action, notification: { data, close: () => undefined } }),
  };
}

afterEach(() => vi.restoreAllMocks());

const ARRIVAL: SafeArrivalPush = {
  kind: "SAFE_ARRIVAL",
  checkId: 31,
  token: "one-time-token",
  title: "¿Llegó bien?",
  message: "Bajó del bus Los Alcarrizos a las 11:40 p. m.",
  at: "2026-11-29T04:00:00.000Z",
};

describe("Treiber App's push handlers (push-sw.js)", () => {
  it("SAFE_ARRIVAL asks «¿Llegó bien?» with a «Sí» action; «Sí» answers with the token, no session", async () => {
    const worker = loadWorker();
    await worker.push(ARRIVAL);
    const [shown] = worker.shown;
    expect(shown?.title).toBe("¿Llegó bien?");
    expect(shown?.options.actions).toEqual([{ action: "yes", title: "Sí" }]);
    expect(shown?.options.requireInteraction).toBe(true);
    await worker.click(shown?.options.data, "yes");
    expect(worker.fetchMock).toHaveBeenCalledOnce();
    const [url, init] = worker.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/SafeArrival/answer");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ token: "one-time-token" });
    expect(worker.shown.at(-1)?.options.body).toBe("Gracias, registramos que llegó bien");
    expect(worker.opened).toEqual([]);
  });

  it("a refused answer (token used or expired) opens the app to answer there", async () => {
    const worker = loadWorker();
    worker.fetchMock.mockResolvedValueOnce({ ok: false, status: 404 });
    await worker.push(ARRIVAL);
    await worker.click(worker.shown[0]?.options.data, "yes");
    expect(worker.opened).toEqual(["open https://treiber.example/app/"]);
  });

  it("a tap on «¿Llegó bien?» (not «Sí») opens Treiber App without answering", async () => {
    const worker = loadWorker();
    await worker.push(ARRIVAL);
    await worker.click(worker.shown[0]?.options.data);
    expect(worker.fetchMock).not.toHaveBeenCalled();
    expect(worker.opened).toEqual(["open https://treiber.example/app/"]);
  });

  it("SOS shows who and where; a tap opens the back office's control room, not Treiber App", async () => {
    const sos: SosPush = {
      kind: "SOS",
      incidentId: 7,
      title: "SOS: Ana Pérez",
      message: "Naco 1 · 5:12 a. m.",
      at: "2026-11-29T09:12:00.000Z",
    };
    const worker = loadWorker([
      { url: "https://treiber.example/app/bus" },
      { url: "https://treiber.example/incidents" },
    ]);
    await worker.push(sos);
    expect(worker.shown[0]?.title).toBe("SOS: Ana Pérez");
    expect(worker.shown[0]?.options.body).toBe("Naco 1 · 5:12 a. m.");
    await worker.click(worker.shown[0]?.options.data);
    expect(worker.opened).toEqual(["navigate https://treiber.example/"]);
  });

  it("rider alerts still open Mi bus", async () => {
    const worker = loadWorker();
    await worker.push({
      kind: "NEAR",
      text: "Tu bus llega en ~4 min",
      routeName: "Naco 1",
      intermediateRouteId: 3,
    });
    expect(worker.shown[0]?.title).toBe("Tu bus llega en ~4 min");
    await worker.click(worker.shown[0]?.options.data);
    expect(worker.opened).toEqual(["open https://treiber.example/app/bus"]);
  });
});
