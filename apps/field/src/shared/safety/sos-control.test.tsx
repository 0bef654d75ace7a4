import "fake-indexeddb/auto";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { SAFETY_MESSAGES, SOS_HOLD_MS, type SosRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appOutbox } from "../outbox/app-outbox";
import { signInTestUser } from "../test-session";
import { telHref } from "./emergency-call";
import { SOS_CANCELLED_MESSAGE, SOS_OFFLINE_MESSAGE, SosControl } from "./sos-control";
import { setSosFollowDeps, stopSosFollow } from "./sos-follow";

const FIX = { latitude: 18.4861, longitude: -69.9312, accuracy: 12 };
const sent = (followUntil = new Date(Date.now() + 30 * 60_000).toISOString()) =>
  vi.fn(async (_body: SosRequest) => ({
    status: "sent" as const,
    data: { incidentId: 41, followUntil, message: SAFETY_MESSAGES.sosSent },
  }));

/** Lets the awaited promises (position, outbox, IndexedDB) settle between fake-clock steps. */
const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

const positions: { fix: unknown; recordedAt: string }[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  signInTestUser(11);
  positions.length = 0;
  setSosFollowDeps({
    watch: () => () => undefined,
    send: (fix, recordedAt) => positions.push({ fix, recordedAt }),
  });
});

afterEach(() => {
  stopSosFollow();
  setSosFollowDeps(null);
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function holdSos() {
  fireEvent.pointerDown(screen.getByRole("button", { name: "SOS" }), { pointerId: 1 });
}

/** The whole gesture: 2 s held, then the 5 s countdown, one second (one render) at a time. */
async function holdAndWait() {
  holdSos();
  await advance(SOS_HOLD_MS);
  for (let second = 0; second < 5; second++) await advance(1000);
  await settle();
  await settle();
}

describe("the SOS control", () => {
  it("needs a 2 s hold: released earlier nothing happens", async () => {
    const raise = sent();
    render(
      <SosControl intermediateRouteId={5} emergencyPhone={null} locate={async () => FIX} raise={raise} />,
    );
    holdSos();
    await advance(SOS_HOLD_MS - 200);
    fireEvent.pointerUp(screen.getByRole("button", { name: "SOS" }), { pointerId: 1 });
    await advance(10_000);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(raise).not.toHaveBeenCalled();
  });

  it("held 2 s counts down 5…1 and «Cancelar» sends nothing", async () => {
    const raise = sent();
    render(
      <SosControl intermediateRouteId={5} emergencyPhone={null} locate={async () => FIX} raise={raise} />,
    );
    holdSos();
    await advance(SOS_HOLD_MS - 1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await advance(1);
    expect(screen.getByRole("alertdialog").textContent).toContain("Enviando SOS en 5…");
    await advance(1000);
    expect(screen.getByText("Enviando SOS en 4…")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    await advance(10_000);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe(SOS_CANCELLED_MESSAGE);
    expect(raise).not.toHaveBeenCalled();
  });

  it("the click of the finger that held SOS, landing on «Cancelar», does not cancel; a tap on it does", async () => {
    const raise = sent();
    render(
      <SosControl intermediateRouteId={5} emergencyPhone={null} locate={async () => FIX} raise={raise} />,
    );
    holdSos();
    await advance(SOS_HOLD_MS);
    const cancel = screen.getByRole("button", { name: "Cancelar" });
    // The lifted finger: a click with no press of its own on «Cancelar».
    fireEvent.click(cancel, { detail: 1 });
    expect(screen.getByRole("alertdialog")).toBeTruthy();
    fireEvent.pointerDown(cancel);
    fireEvent.click(cancel, { detail: 1 });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(raise).not.toHaveBeenCalled();
  });

  it("at the end of the countdown sends the phone's time and position once, then follows 30 min every 10 s", async () => {
    const raise = sent();
    render(
      <SosControl intermediateRouteId={5} emergencyPhone={null} locate={async () => FIX} raise={raise} />,
    );
    await holdAndWait();
    expect(raise).toHaveBeenCalledOnce();
    const body = raise.mock.calls[0]?.[0] as Record<string, unknown> | undefined;
    expect(body).toMatchObject({ intermediateRouteId: 5, latitude: FIX.latitude, longitude: FIX.longitude });
    expect(body?.accuracy).toBe(12);
    expect(typeof body?.actionId).toBe("string");
    expect(Number.isNaN(Date.parse(String(body?.recordedAt)))).toBe(false);
    expect(screen.getByRole("status").textContent).toBe(SAFETY_MESSAGES.sosSent);
    expect(screen.getByTestId("sos-following").textContent).toContain("Enviando su ubicación");
    // No call offer when the alert reached the control room.
    expect(screen.queryByTestId("sos-call")).toBeNull();
    await advance(10_000);
    await advance(10_000);
    expect(positions).toHaveLength(2);
    expect(positions[0]?.fix).toEqual(FIX);
  });

  it("offline: queued in the outbox with its time, says so and offers to call the cached emergency number", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(
      <SosControl intermediateRouteId={null} emergencyPhone="(809) 555-0911" locate={async () => FIX} />,
    );
    await holdAndWait();
    expect(screen.getByRole("alert").textContent).toBe(SOS_OFFLINE_MESSAGE);
    const call = screen.getByRole("link", { name: "Llamar a (809) 555-0911" });
    expect(call.getAttribute("href")).toBe("tel:8095550911");
    const queued = appOutbox()
      .getSnapshot()
      .actions.filter((action) => action.path === clientPath(API.sos.raise));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.body).toMatchObject({ latitude: FIX.latitude, longitude: FIX.longitude });
    expect(queued[0]?.body.intermediateRouteId).toBeUndefined();
    expect(queued[0]?.body.actionId).toBe(queued[0]?.id);
    expect(typeof queued[0]?.body.recordedAt).toBe("string");
    expect(screen.getByTestId("sos-following")).toBeTruthy();
  });

  it("a refusal (the hourly limit) shows the server's message and the call", async () => {
    const raise = vi.fn(async () => {
      throw {
        isAxiosError: true,
        response: { status: 429, data: { statusCode: 429, message: SAFETY_MESSAGES.sosLimit } },
      };
    });
    render(
      <SosControl intermediateRouteId={5} emergencyPhone={null} locate={async () => FIX} raise={raise} />,
    );
    await holdAndWait();
    expect(screen.getByRole("alert").textContent).toBe(SAFETY_MESSAGES.sosLimit);
    expect(screen.getByRole("link", { name: "Llamar a 911" }).getAttribute("href")).toBe("tel:911");
  });

  it("dials the number's digits", () => {
    expect(telHref("(809) 555-0911")).toBe("tel:8095550911");
    expect(telHref("911")).toBe("tel:911");
  });
});
