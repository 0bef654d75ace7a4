import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Ant Design and Leaflet in jsdom are slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 120_000 });

const { get, post, del } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), del: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, post, delete: del } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { dayjs, toServiceDate } from "../../../shared/format";
import { appliedDayPlan, dayProposal } from "../test/day-plan-data";
import { renderWithClient } from "../test/day-plan-harness";
import { planningContext } from "../test/planning-data";
import { DayPlanWorkspace } from "./day-plan-workspace";

const LONG = { timeout: 15_000 };
const TOMORROW = toServiceDate(dayjs().add(1, "day"));

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
});

describe("Plan del día: the date, what is applied and «Proponer plan del día»", () => {
  it("proposes tomorrow's plan by default and shows it", async () => {
    get.mockResolvedValue({ data: { dayPlan: null } });
    post.mockResolvedValue({ data: dayProposal({ date: TOMORROW }) });
    renderWithClient(<DayPlanWorkspace context={planningContext()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Proponer plan del día" }, LONG));
    await screen.findByRole("region", { name: "Plan del día propuesto" }, LONG);
    expect(get).toHaveBeenCalledWith(clientPath(API.planning.day), {
      params: { shiftId: 7, destinationId: 5, date: TOMORROW },
    });
    const [url, body] = post.mock.calls[0] ?? [];
    expect(url).toBe(clientPath(API.planning.dayPropose));
    expect(body).toEqual({ shiftId: 7, destinationId: 5, date: TOMORROW });
    expect(screen.queryByText(/Plan del día aplicado/)).toBeNull();
  });

  it("shows the day plan applied for the date and goes back to the standing plan", async () => {
    let applied = true;
    get.mockImplementation(async () => ({ data: applied ? appliedDayPlan() : { dayPlan: null } }));
    del.mockImplementation(async () => {
      applied = false;
      return { data: { message: "El día vuelve al plan fijo", notified: 1, driversNotified: 1 } };
    });
    renderWithClient(<DayPlanWorkspace context={planningContext()} />);
    expect(await screen.findByText(/^Plan del día aplicado el .* \(por Ana Pérez\)$/, {}, LONG)).toBeTruthy();
    expect(screen.getByText(/2 buses liberados: Ruta Sur, Ruta Este/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Volver al plan fijo" }));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    expect(within(dialog).getByText(/corren otra vez las rutas fijas/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Volver al plan fijo" }));
    });
    await waitFor(() =>
      expect(del).toHaveBeenCalledWith(clientPath(API.planning.dayDelete), {
        data: { shiftId: 7, destinationId: 5, date: TOMORROW },
      }),
    );
    await waitFor(() => expect(screen.queryByText(/Plan del día aplicado el/)).toBeNull(), LONG);
    expect(
      await screen.findByText("El día vuelve al plan fijo: 1 colaboradores y 1 chofer notificados", {}, LONG),
    ).toBeTruthy();
  });
});
