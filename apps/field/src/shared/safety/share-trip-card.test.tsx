import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ShareApi, ShareTripCard } from "./share-trip-card";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const LINK = {
  url: "https://treiber.example/seguir/abcDEF123_-xyz",
  token: "abcDEF123_-xyz",
  expiresAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
};

function fakeApi(overrides: Partial<ShareApi> = {}): ShareApi {
  return {
    create: vi.fn(async () => LINK),
    revoke: vi.fn(async () => undefined),
    share: null,
    copy: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe("«Compartir mi viaje»", () => {
  it("opens the phone's share sheet with the link", async () => {
    const share = vi.fn(async () => undefined);
    const api = fakeApi({ share });
    render(<ShareTripCard tripId={9} routeName="Naco 1" api={api} />);
    fireEvent.click(screen.getByRole("button", { name: "Compartir mi viaje" }));
    await waitFor(() => expect(share).toHaveBeenCalledOnce());
    expect(api.create).toHaveBeenCalledWith(9);
    expect(share).toHaveBeenCalledWith({
      title: "Mi viaje en Treiber",
      text: "Siga mi bus (Naco 1) en vivo:",
      url: LINK.url,
    });
    // Closing the sheet is not a failure; the link stays active and can be revoked.
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByRole("button", { name: "Dejar de compartir" })).toBeTruthy();
  });

  it("without a share sheet shows the link with «Copiar»", async () => {
    const api = fakeApi();
    render(<ShareTripCard tripId={9} routeName="Naco 1" api={api} />);
    fireEvent.click(screen.getByRole("button", { name: "Compartir mi viaje" }));
    const link = (await screen.findByRole("textbox", { name: "Enlace para compartir" })) as HTMLInputElement;
    expect(link.value).toBe(LINK.url);
    fireEvent.click(screen.getByRole("button", { name: "Copiar" }));
    expect((await screen.findByRole("status")).textContent).toBe("Enlace copiado");
    expect(api.copy).toHaveBeenCalledWith(LINK.url);
  });

  it("a share sheet that fails (not closed by the person) falls back to the link", async () => {
    const api = fakeApi({ share: vi.fn(async () => Promise.reject(new Error("NotAllowed"))) });
    render(<ShareTripCard tripId={9} routeName="Naco 1" api={api} />);
    fireEvent.click(screen.getByRole("button", { name: "Compartir mi viaje" }));
    expect(await screen.findByRole("button", { name: "Copiar" })).toBeTruthy();
  });

  it("«Dejar de compartir» revokes the link; sharing again makes a new one", async () => {
    const api = fakeApi();
    render(<ShareTripCard tripId={9} routeName="Naco 1" api={api} />);
    fireEvent.click(screen.getByRole("button", { name: "Compartir mi viaje" }));
    fireEvent.click(await screen.findByRole("button", { name: "Dejar de compartir" }));
    expect((await screen.findByRole("status")).textContent).toContain("Dejó de compartir");
    expect(api.revoke).toHaveBeenCalledWith(LINK.token);
    expect(screen.queryByRole("textbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Compartir mi viaje" }));
    await screen.findByRole("button", { name: "Copiar" });
    expect(api.create).toHaveBeenCalledTimes(2);
  });

  it("the server's refusal (not on this trip) is shown", async () => {
    const refusal = {
      isAxiosError: true,
      response: { status: 403, data: { statusCode: 403, message: "No va en este viaje" } },
    };
    const api = fakeApi({ create: vi.fn(async () => Promise.reject(refusal)) });
    render(<ShareTripCard tripId={9} routeName="Naco 1" api={api} />);
    fireEvent.click(screen.getByRole("button", { name: "Compartir mi viaje" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No va en este viaje");
  });

  it("a link still alive is remembered after a reload", async () => {
    const api = fakeApi();
    const first = render(<ShareTripCard tripId={9} routeName="Naco 1" api={api} />);
    fireEvent.click(screen.getByRole("button", { name: "Compartir mi viaje" }));
    await screen.findByRole("button", { name: "Dejar de compartir" });
    first.unmount();
    render(<ShareTripCard tripId={9} routeName="Naco 1" api={fakeApi()} />);
    expect(screen.getByRole("button", { name: "Dejar de compartir" })).toBeTruthy();
  });
});
