import { fireEvent, render, screen, within } from "@testing-library/react";
import { IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import { describe, expect, it, vi } from "vitest";
import { IMPORT_KINDS } from "../lib/import-kinds";
import { previewRows } from "../lib/preview-rows";
import { ImportPreviewTable } from "./import-preview-table";

vi.setConfig({ testTimeout: 30_000 });

// Issue 32: a stored person's row with another e-mail is a row error on «Correo», shown like the rest.
const mismatch = IMPORT_MESSAGES.emailMismatch("ana@empresa.do", "colaborador");
const report: Pick<ImportReport, "rows" | "errors"> = {
  rows: [
    { row: 2, action: "create", key: "E-2", name: "Luis Peña", location: null },
    { row: 3, action: "error", key: "E-3", name: "Ana Díaz", location: null },
  ],
  errors: [{ row: 3, column: "Correo", message: mismatch }],
};

describe("ImportPreviewTable", () => {
  it("shows a changed e-mail as the row's error, on Correo, first and under 'Con error'", () => {
    render(
      <ImportPreviewTable
        config={{ ...IMPORT_KINDS.employee, hasLocation: false }}
        rows={previewRows(report)}
        refused={new Set()}
        onAccept={() => {}}
      />,
    );
    const first = screen.getAllByRole("row")[1] as HTMLElement;
    expect(within(first).getByText("Ana Díaz")).toBeTruthy();
    expect(within(first).getByText("Error")).toBeTruthy();
    expect(within(first).getByText("Correo")).toBeTruthy();
    expect(first.textContent).toContain(mismatch);
    expect(mismatch).toContain("ana@empresa.do");

    fireEvent.click(screen.getByText("Con error (1)"));
    expect(screen.queryByText("Luis Peña")).toBeNull();
    expect(screen.getByText("Ana Díaz")).toBeTruthy();
  });
});
