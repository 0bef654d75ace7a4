import "fake-indexeddb/auto";
import { act, render, screen } from "@testing-library/react";
import { API, clientPath } from "@treiber/contract/api-paths";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../test-session";
import { PendingIndicator, pendingLabel } from "./pending-indicator";
import { sendFieldAction } from "./send-field-action";

afterEach(() => vi.restoreAllMocks());

describe("PendingIndicator", () => {
  it("says how many actions wait, in Spanish", () => {
    expect(pendingLabel(1)).toBe("1 pendiente de enviar");
    expect(pendingLabel(3)).toBe("3 pendientes de enviar");
  });

  it("shows 'Sin conexión' and the count of actions queued offline", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    signInTestUser();
    render(<PendingIndicator />);
    await act(async () => {
      const scan = { codeQr: "qr-1", scannedAt: new Date().toISOString() };
      expect(
        await sendFieldAction({ method: "POST", path: clientPath(API.transportService.scan), body: scan }),
      ).toEqual({
        status: "queued",
      });
      await sendFieldAction({
        method: "PUT",
        path: clientPath(API.intermediateRoute.end),
        body: { intermediateRouteId: 1 },
      });
    });
    expect(screen.getByText("Sin conexión")).toBeTruthy();
    expect(screen.getByText("2 pendientes de enviar")).toBeTruthy();
  });
});
