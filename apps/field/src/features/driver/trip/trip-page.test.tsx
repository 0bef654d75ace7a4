import "fake-indexeddb/auto";
import { act, cleanup, render, screen } from "@testing-library/react";
import { API, clientPath } from "@treiber/contract/api-paths";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendFieldAction } from "../../../shared/outbox/send-field-action";
import { signInTestUser } from "../../../shared/test-session";
import { TripPage } from "./trip-page";

vi.mock("./trip-api", async (original) => ({
  ...(await original<typeof import("./trip-api")>()),
  loadTrip: vi.fn(async () => {
    throw new Error("Sin conexión");
  }),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("TripPage", () => {
  it("shows how many actions wait on the phone, where the driver scans and ends offline", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    signInTestUser();
    render(
      <MemoryRouter initialEntries={["/viaje/7"]}>
        <Routes>
          <Route path="/viaje/:id" element={<TripPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await act(async () => {
      const scan = { codeQr: "qr-3", intermediateRouteId: 7, scannedAt: new Date().toISOString() };
      await sendFieldAction({ method: "POST", path: clientPath(API.transportService.scan), body: scan });
    });
    expect(await screen.findByText("1 pendiente de enviar")).toBeTruthy();
  });
});
