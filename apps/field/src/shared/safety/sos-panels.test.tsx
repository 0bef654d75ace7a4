import "fake-indexeddb/auto";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import type { SosContactResponse } from "@treiber/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../test-session";
import { RiderSos } from "./sos-panels";

const loadSosContact = vi.fn<() => Promise<SosContactResponse>>();
vi.mock("./safety-api", async (original) => ({
  ...(await original<typeof import("./safety-api")>()),
  loadSosContact: () => loadSosContact(),
}));

afterEach(() => {
  cleanup();
  loadSosContact.mockReset();
});

const contact = (overrides: Partial<SosContactResponse>): SosContactResponse => ({
  branchOfficeName: "Santo Domingo",
  emergencyPhone: "(809) 555-0911",
  intermediateRouteId: null,
  availableUntil: null,
  followUntil: null,
  ...overrides,
});

describe("the rider's SOS on «Mi bus»", () => {
  it("shows during the trip", async () => {
    signInTestUser(31);
    loadSosContact.mockResolvedValue(contact({ intermediateRouteId: 8 }));
    render(<RiderSos tripId={8} />);
    expect(screen.getByRole("button", { name: "SOS" })).toBeTruthy();
  });

  it("stays for 30 minutes after the drop (the server's window), trip finished", async () => {
    signInTestUser(32);
    const until = new Date(Date.now() + 20 * 60_000).toISOString();
    loadSosContact.mockResolvedValue(contact({ intermediateRouteId: 8, availableUntil: until }));
    render(<RiderSos tripId={null} />);
    expect(await screen.findByRole("button", { name: "SOS" })).toBeTruthy();
  });

  it("without a trip or once the window closed there is no SOS", async () => {
    signInTestUser(33);
    const past = new Date(Date.now() - 60_000).toISOString();
    loadSosContact.mockResolvedValue(contact({ intermediateRouteId: 8, availableUntil: past }));
    render(<RiderSos tripId={null} />);
    await waitFor(() => expect(loadSosContact).toHaveBeenCalled());
    expect(screen.queryByRole("button", { name: "SOS" })).toBeNull();
  });
});
