import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Ant Design in jsdom is slow on a loaded machine: generous, never timed assertions.
vi.setConfig({ testTimeout: 120_000 });

const { get, post } = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, post } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { renderView, serve } from "../test/planning-view-harness";

const LONG = { timeout: 15_000 };

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe("Planificación: «Plan fijo» and «Plan del día»", () => {
  it("switches to the plan of the day, kept in the URL", async () => {
    serve();
    const served = get.getMockImplementation();
    get.mockImplementation(async (url: string, config?: unknown) =>
      url === clientPath(API.planning.day) ? { data: { dayPlan: null } } : served?.(url, config),
    );
    const router = renderView();
    await screen.findByRole("button", { name: "Proponer rutas" }, LONG);
    fireEvent.click(screen.getByRole("radio", { name: "Plan del día" }));
    expect(await screen.findByRole("button", { name: "Proponer plan del día" }, LONG)).toBeTruthy();
    expect(screen.getByLabelText("Fecha del plan del día")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Proponer rutas" })).toBeNull();
    expect(router.state.location.search).toContain("plan=day");
  });
});
