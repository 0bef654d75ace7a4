import { render, screen } from "@testing-library/react";
import { COMPANY_SIGN_IN_ERRORS } from "@treiber/contract/messages";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CompanySignInSection } from "./company-sign-in-section";

/** The server's answer to GET Auth/signInOptions, as `fetch` gives it. */
const answer = (companySignIn: { name: string } | null) =>
  vi.fn(async () => new Response(JSON.stringify({ companySignIn }), { status: 200 }));

const renderSection = () => {
  const router = createMemoryRouter([{ path: "/login", element: <CompanySignInSection /> }], {
    initialEntries: ["/login"],
  });
  render(<RouterProvider router={router} />);
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("CompanySignInSection", () => {
  it("offers «Entrar con <nombre>» to the API's start when the company account is configured", async () => {
    vi.stubGlobal("fetch", answer({ name: "Contoso Entra ID" }));
    renderSection();
    const link = await screen.findByRole("link", { name: "Entrar con Contoso Entra ID" });
    expect(link.getAttribute("href")).toBe("/api/v1/Auth/oidc/start?app=web");
  });

  it("offers nothing when it is not configured or the server does not answer", async () => {
    const fetch = answer(null);
    vi.stubGlobal("fetch", fetch);
    renderSection();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("shows why the provider's sign-in was refused and takes the reason out of the address", async () => {
    vi.stubGlobal("fetch", answer({ name: "Contoso" }));
    window.history.replaceState(null, "", "/login#oidcError=unknown");
    renderSection();
    expect(screen.getByRole("alert").textContent).toBe(COMPANY_SIGN_IN_ERRORS.unknown);
    await vi.waitFor(() => expect(window.location.hash).toBe(""));
  });
});
