import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DAY_PLAN_CHANGED_MESSAGE } from "@treiber/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Ant Design and Leaflet in jsdom are slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 120_000 });

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { dayProposal } from "../test/day-plan-data";
import { renderWithClient } from "../test/day-plan-harness";
import { PARAMS } from "../test/planning-data";
import { httpError } from "../test/planning-view-harness";
import { DayPlanSection } from "./day-plan-section";

const LONG = { timeout: 15_000 };

function renderSection(
  handlers: { onApplied?: () => void; onRepropose?: () => void } = {},
  proposal = dayProposal(),
) {
  renderWithClient(
    <DayPlanSection
      shiftId={7}
      destinationId={5}
      proposal={proposal}
      workplaceName="Oficina Piantini"
      riderName={(id) => `Nombre${id} Apellido${id}`}
      onDiscard={() => {}}
      onApplied={handlers.onApplied ?? (() => {})}
      onRepropose={handlers.onRepropose ?? (() => {})}
    />,
  );
}

const figure = (name: string) => {
  const table = screen.getByRole("table", { name: "Cifras del plan fijo y del plan del día" });
  const row = within(table).getByText(name).closest("tr") as HTMLElement;
  return [...row.querySelectorAll("td")].map((cell) => cell.textContent);
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe("Plan del día: the proposal beside the standing plan", () => {
  it("compares the figures, lists the buses released, who moves and who has no seat", async () => {
    renderSection();
    await screen.findByRole("region", { name: "Plan del día propuesto" }, LONG);
    expect(figure("Vehículos")).toEqual(["Vehículos", "3", "1", "−2"]);
    expect(figure("kg CO₂")).toEqual(["kg CO₂", "24.3 kg", "9.7 kg", "−14.6 kg"]);
    expect(figure("Ocupación de asientos")).toEqual(["Ocupación de asientos", "25 %", "50 %", "+25 p. p."]);
    expect(screen.getByText("14.6 kg CO₂ evitados")).toBeTruthy();

    const released = screen.getByRole("list", { name: "Buses liberados" });
    expect(
      within(released)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Ruta Sur · Chofer2 García · P2", "Ruta Este · Sin chofer · P3"]);

    const moved = screen.getByRole("table", { name: "Colaboradores con otra hora" });
    const row = within(moved).getByText("Nombre13 Apellido13").closest("tr") as HTMLElement;
    expect(row.textContent).toContain("7:40:00 am → 7:48:00 am");
    expect(row.textContent).toContain("+8 min");
    expect(row.textContent).toContain("Ruta Sur → Ruta Norte");
    expect(row.textContent).toContain("Se avisa");
    const early = within(moved).getByText("Nombre11 Apellido11").closest("tr") as HTMLElement;
    expect(early.textContent).toContain("−3 min");
    expect(early.textContent).not.toContain("Se avisa");

    expect(screen.getByText("Sin ubicación")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Rutas del día" })).toBeTruthy();
  });

  it("says when the routing server failed and the model timed the day, or that roads did (issue 36)", async () => {
    const note =
      "El servidor de rutas no respondió a tiempo: tiempos y distancias estimados en línea recta con el modelo calibrado";
    renderSection({}, { ...dayProposal(), travelSource: "model", travelNote: note });
    const region = await screen.findByRole("region", { name: "Plan del día propuesto" }, LONG);
    expect(within(region).getByText(note).closest("[role=alert]")).toBeTruthy();
  });

  it("on roads, says the times and km come from the streets", async () => {
    renderSection({}, { ...dayProposal(), travelSource: "roads", travelNote: null });
    const region = await screen.findByRole("region", { name: "Plan del día propuesto" }, LONG);
    expect(within(region).getByText(/Tiempos, distancias y trazado por calles/)).toBeTruthy();
    expect(within(region).queryByText(/El servidor de rutas/)).toBeNull();
  });

  it("says what applying does, then applies that date", async () => {
    const onApplied = vi.fn();
    post.mockResolvedValue({
      data: {
        message: "Plan del día aplicado",
        dayPlanId: 40,
        date: "2030-06-04",
        running: 1,
        released: 2,
        notified: 1,
        driversNotified: 0,
      },
    });
    renderSection({ onApplied });
    fireEvent.click(await screen.findByRole("button", { name: "Aplicar plan del día" }, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    const summary = within(dialog).getByRole("list", { name: "Qué cambia al aplicar" });
    expect(
      within(summary)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Solo cambia el 04/06/2030: las rutas fijas siguen igual los demás días.",
      "2 buses liberados ese día: Ruta Sur, Ruta Este.",
      "1 colaborador avisado de su nueva hora o bus.",
    ]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Aplicar plan del día" }));
    expect(
      await screen.findByText(
        "Plan del día aplicado: 2 buses liberados; 1 colaboradores notificados",
        {},
        LONG,
      ),
    ).toBeTruthy();
    expect(onApplied).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      clientPath(API.planning.dayApply),
      expect.objectContaining({ shiftId: 7, destinationId: 5, date: "2030-06-04", version: "d1" }),
    );
  });

  it("shows a 409 clearly and proposes again", async () => {
    const onRepropose = vi.fn();
    post.mockRejectedValue(httpError(409, DAY_PLAN_CHANGED_MESSAGE));
    renderSection({ onRepropose });
    fireEvent.click(await screen.findByRole("button", { name: "Aplicar plan del día" }, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    fireEvent.click(within(dialog).getByRole("button", { name: "Aplicar plan del día" }));
    expect(await screen.findByText(DAY_PLAN_CHANGED_MESSAGE, {}, LONG)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), LONG);
    expect((screen.getByRole("button", { name: "Aplicar plan del día" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("button", { name: "Volver a proponer" }));
    expect(onRepropose).toHaveBeenCalledTimes(1);
  });

  it("a ride over the maximum must be accepted before applying, and the acceptance is sent", async () => {
    post.mockResolvedValue({
      data: {
        message: "Plan del día aplicado",
        dayPlanId: 40,
        date: "2030-06-04",
        running: 1,
        released: 2,
        notified: 1,
        driversNotified: 0,
      },
    });
    renderSection({}, dayProposal({ params: { ...PARAMS, maxRideMinutes: 5 } }));
    fireEvent.click(await screen.findByRole("button", { name: "Aplicar plan del día" }, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    expect(within(dialog).getByText("Hay viajes más largos que el máximo")).toBeTruthy();
    const ok = within(dialog).getByRole("button", { name: "Aplicar plan del día" }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole("checkbox", { name: "Aplicar de todos modos con estos viajes más largos" }),
    );
    await waitFor(() => expect(ok.disabled).toBe(false));
    fireEvent.click(ok);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        clientPath(API.planning.dayApply),
        expect.objectContaining({ acceptBrokenLimits: true }),
      ),
    );
  });
});
