import "fake-indexeddb/auto";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SAFETY_MESSAGES, type SafeArrivalCheck } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appOutbox } from "../outbox/app-outbox";
import { QUEUED_MESSAGE } from "../outbox/send-field-action";
import { signInTestUser } from "../test-session";
import { checkOf, type SafeArrivalApi, SafeArrivalPrompt } from "./safe-arrival-prompt";
import { confirmArrival } from "./safety-api";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CHECK: SafeArrivalCheck = {
  id: 31,
  intermediateRouteId: 8,
  routeName: "Los Alcarrizos",
  stopName: "Parada Duarte",
  droppedAt: "2026-11-28T23:40:00-04:00",
  askAt: "2026-11-29T00:00:00-04:00",
  escalateAt: "2026-11-29T00:15:00-04:00",
};

function fakeApi(overrides: Partial<SafeArrivalApi> = {}) {
  const hub: { push: (value: unknown) => void } = { push: () => undefined };
  const api: SafeArrivalApi = {
    pending: vi.fn(async () => [CHECK]),
    confirm: vi.fn(async () => ({ status: "sent" as const, data: { message: SAFETY_MESSAGES.arrived } })),
    listen: (onCheck) => {
      hub.push = onCheck;
      return () => undefined;
    },
    ...overrides,
  };
  return { api, hub };
}

describe("«¿Llegó bien?»", () => {
  it("shows the pending check and «Sí, llegué bien» answers it", async () => {
    signInTestUser(21);
    const { api } = fakeApi();
    render(<SafeArrivalPrompt api={api} />);
    const card = await screen.findByRole("alertdialog", { name: "¿Llegó bien?" });
    expect(card.textContent).toContain("Los Alcarrizos");
    expect(card.textContent).toContain("Parada Duarte");
    fireEvent.click(screen.getByRole("button", { name: "Sí, llegué bien" }));
    expect((await screen.findByTestId("arrival-thanks")).textContent).toBe(SAFETY_MESSAGES.arrived);
    expect(api.confirm).toHaveBeenCalledWith(31);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("a check pushed by the hub (ReceiveSafeArrivalCheck) shows at once", async () => {
    signInTestUser(21);
    const { api, hub } = fakeApi({ pending: vi.fn(async () => []) });
    render(<SafeArrivalPrompt api={api} />);
    await waitFor(() => expect(api.pending).toHaveBeenCalled());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    act(() => hub.push({ ...CHECK, id: 32 }));
    expect(await screen.findByRole("alertdialog", { name: "¿Llegó bien?" })).toBeTruthy();
  });

  it("offline: «Sí» is kept in the outbox and the question goes away", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    signInTestUser(22);
    const { api } = fakeApi({ confirm: confirmArrival });
    render(<SafeArrivalPrompt api={api} />);
    fireEvent.click(await screen.findByRole("button", { name: "Sí, llegué bien" }));
    expect((await screen.findByTestId("arrival-thanks")).textContent).toBe(
      `${SAFETY_MESSAGES.arrived}. ${QUEUED_MESSAGE}`,
    );
    const queued = appOutbox()
      .getSnapshot()
      .actions.filter((action) => action.path === clientPath(API.safeArrival.confirm));
    expect(queued.map((action) => action.body.id)).toEqual([31]);
    expect(typeof queued[0]?.body.actionId).toBe("string");
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("reads the hub's argument; anything else is not a check", () => {
    expect(checkOf(CHECK)).toEqual(CHECK);
    expect(checkOf({ id: "x" })).toBeNull();
    expect(checkOf(null)).toBeNull();
  });
});
