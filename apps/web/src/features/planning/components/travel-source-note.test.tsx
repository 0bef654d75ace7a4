import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { proposal } from "../test/planning-data";
import { TravelSourceNote } from "./travel-source-note";

describe("TravelSourceNote", () => {
  it("warns when the routing server failed and the model timed the proposal", () => {
    const note = "El servidor de rutas no respondió a tiempo: tiempos y distancias estimados en línea recta";
    render(<TravelSourceNote proposal={proposal({ travelSource: "model", travelNote: note })} />);
    expect(screen.getByRole("alert").textContent).toContain(note);
  });

  it("says the roads timed it, and shows nothing for the model alone", () => {
    const { unmount } = render(
      <TravelSourceNote proposal={proposal({ travelSource: "roads", travelNote: null })} />,
    );
    expect(screen.getByText(/por calles \(servidor de rutas\)/)).toBeTruthy();
    unmount();
    const { container } = render(<TravelSourceNote proposal={proposal({ travelSource: "model" })} />);
    expect(container.textContent).toBe("");
  });
});
