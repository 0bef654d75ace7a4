import { fireEvent, render, screen, within } from "@testing-library/react";
import { IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import { describe, expect, it, vi } from "vitest";
import type { ImportFlow } from "../hooks/use-import-flow";
import { IMPORT_KINDS } from "../lib/import-kinds";
import type { InvitationsChoice } from "../lib/invitation-wording";
import { previewRows } from "../lib/preview-rows";
import { ImportPreviewStep } from "./import-preview-step";

vi.setConfig({ testTimeout: 30_000 });

const home = (latitude: number, longitude: number) => ({
  source: "sheet" as const,
  latitude,
  longitude,
  confidence: null,
  label: null,
});

// Issue 33: a home in the sea, a real update, an unchanged person and two new accounts.
const report: ImportReport = {
  dryRun: true,
  total: 4,
  valid: 4,
  invalid: 0,
  created: 2,
  updated: 1,
  unchanged: 1,
  warned: 1,
  invitations: { count: 2, sendAt: null },
  errors: [],
  warnings: [],
  rows: [
    { row: 2, action: "create", key: "E-2", name: "Luis Peña", location: home(18.5, -69.95) },
    {
      row: 3,
      action: "create",
      key: "E-3",
      name: "Ana Díaz",
      location: home(18.2, -69.9),
      warnings: [{ code: "outsideCountry", message: IMPORT_MESSAGES.homeOutside }],
    },
    {
      row: 4,
      action: "update",
      key: "E-4",
      name: "Eva Ruiz",
      location: home(18.48, -69.93),
      changes: ["Teléfono"],
    },
    { row: 5, action: "unchanged", key: "E-5", name: "Noel Paz", location: home(18.47, -69.92) },
  ],
};

function flowOf(invitations: InvitationsChoice, chooseInvitations = vi.fn()) {
  return {
    step: "preview",
    file: new File(["x"], "personal.xlsx"),
    report,
    result: null,
    refused: new Set<number>(),
    invitations,
    error: null,
    busy: null,
    rows: previewRows(report),
    check: vi.fn(),
    commit: vi.fn(),
    restart: vi.fn(),
    acceptLocation: vi.fn(),
    chooseInvitations,
    dismissError: vi.fn(),
  } as unknown as ImportFlow;
}

describe("ImportPreviewStep", () => {
  it("shows each row's warnings first, what an update changes, the unchanged rows and the invitations line", () => {
    const choose = vi.fn();
    const { rerender } = render(
      <ImportPreviewStep config={IMPORT_KINDS.employee} flow={flowOf({ hold: false, on: null }, choose)} />,
    );
    const summary = screen.getByRole("group", { name: "Resumen de la revisión" });
    expect(within(summary).getByText("Con aviso")).toBeTruthy();
    expect(within(summary).getByText("Sin cambios")).toBeTruthy();
    expect(screen.getByText("1 fila tiene un aviso: se importará igual.")).toBeTruthy();

    const rows = screen.getAllByRole("row").slice(1);
    // The row with a warning comes first (no errors), its warning in «Errores y avisos».
    expect(within(rows[0] as HTMLElement).getByText("Ana Díaz")).toBeTruthy();
    expect(rows[0]?.textContent).toContain(`Aviso: ${IMPORT_MESSAGES.homeOutside}`);
    const update = rows.find((row) => row.textContent?.includes("Eva Ruiz")) as HTMLElement;
    expect(within(update).getByText("Actualiza")).toBeTruthy();
    expect(within(update).getByText("Cambia: Teléfono")).toBeTruthy();
    const same = rows.find((row) => row.textContent?.includes("Noel Paz")) as HTMLElement;
    expect(within(same).getByText("Sin cambios")).toBeTruthy();

    const invitations = screen.getByRole("group", { name: "Invitaciones" });
    expect(within(invitations).getByRole("status").textContent).toBe(
      "Se enviarán 2 invitaciones al importar: cada cuenta nueva recibe por correo su contraseña temporal.",
    );
    fireEvent.click(within(invitations).getByLabelText("Crear sin enviar hasta el día de inicio"));
    expect(choose).toHaveBeenCalledWith({ hold: true, on: null });

    rerender(<ImportPreviewStep config={IMPORT_KINDS.employee} flow={flowOf({ hold: true, on: null })} />);
    expect(screen.getByRole("group", { name: "Invitaciones" }).textContent).toContain(
      "Elija el día en que saldrán las invitaciones.",
    );
    rerender(
      <ImportPreviewStep config={IMPORT_KINDS.employee} flow={flowOf({ hold: true, on: "09/15/2030" })} />,
    );
    expect(screen.getByLabelText("Día de envío de las invitaciones")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Invitaciones" })).getByRole("status").textContent).toBe(
      "No se enviarán invitaciones hasta el 15/09/2030 a las 6:00: las 2 cuentas nuevas quedan creadas sin aviso.",
    );
  });

  it("filters the rows with warnings", () => {
    render(<ImportPreviewStep config={IMPORT_KINDS.employee} flow={flowOf({ hold: false, on: null })} />);
    fireEvent.click(screen.getByText("Con aviso (1)"));
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain("Ana Díaz");
  });
});
