import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RiderAlertsOptIn, type RiderPushApi } from "./rider-alerts-opt-in";
import {
  IN_PAGE_FALLBACK_TEXT,
  PUSH_UNAVAILABLE_TEXT,
  type PushEnvironment,
  pushAvailability,
  riderAlertTextOf,
} from "./rider-push";

afterEach(cleanup);

const android: PushEnvironment = {
  hasServiceWorker: true,
  hasPushManager: true,
  permission: "default",
  isIos: false,
  standalone: false,
};

describe("push availability", () => {
  it("is available with a service worker, the Push API and Notification; denied when blocked", () => {
    expect(pushAvailability(android)).toBe("available");
    expect(pushAvailability({ ...android, permission: "granted" })).toBe("available");
    expect(pushAvailability({ ...android, permission: "denied" })).toBe("denied");
  });

  it("on iPhone outside the Home Screen says how to get it; elsewhere unsupported", () => {
    const safari = { ...android, hasPushManager: false, permission: null, isIos: true };
    expect(pushAvailability(safari)).toBe("ios-browser");
    expect(pushAvailability({ ...android, hasServiceWorker: false })).toBe("unsupported");
    // iOS from the Home Screen has the Push API.
    expect(pushAvailability({ ...android, isIos: true, standalone: true })).toBe("available");
  });
});

describe("the hub's ReceiveRiderAlert in the page", () => {
  it("shows the contract's Spanish text; anything else is ignored", () => {
    const alert = { kind: "NEAR", intermediateRouteId: 3, routeName: "Ruta 1", minutes: 4, at: "" };
    expect(riderAlertTextOf(alert)).toBe("Tu bus llega en ~4 min");
    expect(riderAlertTextOf({ ...alert, kind: "LATE", minutes: 12 })).toBe("Tu bus va con 12 min de retraso");
    expect(riderAlertTextOf({ ...alert, kind: "DEPARTED", minutes: null })).toBe("Tu bus salió");
    expect(riderAlertTextOf({ kind: "OTRO" })).toBeNull();
    expect(riderAlertTextOf("Tu bus salió")).toBeNull();
  });
});

function fakeApi(overrides: Partial<RiderPushApi> = {}): RiderPushApi {
  return {
    availability: () => "available",
    enabled: vi.fn(async () => false),
    enable: vi.fn(async () => "enabled" as const),
    disable: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe("«Avisos de mi bus»", () => {
  it("turns the alerts on and off for this phone", async () => {
    const api = fakeApi();
    render(<RiderAlertsOptIn api={api} />);
    const on = await screen.findByRole("button", { name: "Activar avisos" });
    await waitFor(() => expect(on).toHaveProperty("disabled", false));
    fireEvent.click(on);
    expect(await screen.findByText("Avisos activados en este teléfono.")).toBeTruthy();
    expect(api.enable).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Desactivar avisos" }));
    await screen.findByRole("button", { name: "Activar avisos" });
    expect(api.disable).toHaveBeenCalledOnce();
  });

  it("refused permission: explains that notifications are blocked and that alerts show in the page", async () => {
    const api = fakeApi({ enable: vi.fn(async () => "denied" as const) });
    render(<RiderAlertsOptIn api={api} />);
    const on = await screen.findByRole("button", { name: "Activar avisos" });
    await waitFor(() => expect(on).toHaveProperty("disabled", false));
    fireEvent.click(on);
    const note = await screen.findByTestId("push-unavailable");
    expect(note.textContent).toBe(`${PUSH_UNAVAILABLE_TEXT.denied} ${IN_PAGE_FALLBACK_TEXT}`);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("on iPhone in Safari: no button, how to add it to the Home Screen", () => {
    render(<RiderAlertsOptIn api={fakeApi({ availability: () => "ios-browser" })} />);
    expect(screen.getByTestId("push-unavailable").textContent).toContain("pantalla de inicio");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("a failure says so in Spanish", async () => {
    const api = fakeApi({ enable: vi.fn(async () => Promise.reject(new Error("red"))) });
    render(<RiderAlertsOptIn api={api} />);
    const on = await screen.findByRole("button", { name: "Activar avisos" });
    await waitFor(() => expect(on).toHaveProperty("disabled", false));
    fireEvent.click(on);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "No se pudieron activar los avisos. Intente de nuevo.",
    );
  });
});
