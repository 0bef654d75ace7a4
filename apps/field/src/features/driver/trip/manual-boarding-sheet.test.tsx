import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { TripRider } from "@treiber/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualBoardingSheet } from "./manual-boarding-sheet";

const rider = (employeeId: number, name: string, codeEmployee: string): TripRider => ({
  employeeId,
  name,
  lastname: "Pérez",
  codeEmployee,
  department: null,
  jobTitle: null,
  status: "Pending",
  scannedDate: null,
  canceledDate: null,
  comment: null,
});

afterEach(cleanup);

describe("Abordar sin QR", () => {
  it("requires a rider and a reason, in Spanish, then sends the trimmed reason", async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <ManualBoardingSheet
        riders={[rider(1, "Ana", "E-1"), rider(2, "Bea", "E-2")]}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Abordar" }));
    expect(await screen.findByText("Seleccione un pasajero")).toBeTruthy();
    expect(screen.getByText("Este campo es requerido")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Buscar por nombre o código de empleado"), {
      target: { value: "e-2" },
    });
    expect(screen.queryByRole("radio", { name: /Ana/ })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /Bea/ }));
    fireEvent.change(screen.getByLabelText("Motivo"), { target: { value: "  Olvidó su teléfono " } });
    fireEvent.click(screen.getByRole("button", { name: "Abordar" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(2, "Olvidó su teléfono"));
  });

  it("shows the server's message when the boarding is refused", async () => {
    const onSubmit = vi.fn(async () => {
      // What axios rejects with on a 409 (the server's Spanish message in the body).
      throw {
        isAxiosError: true,
        response: { status: 409, data: { message: "El colaborador ya abordó esta ruta" } },
      };
    });
    render(<ManualBoardingSheet riders={[rider(1, "Ana", "E-1")]} onSubmit={onSubmit} onClose={() => {}} />);
    fireEvent.click(screen.getByRole("radio", { name: /Ana/ }));
    fireEvent.change(screen.getByLabelText("Motivo"), { target: { value: "Sin teléfono" } });
    fireEvent.click(screen.getByRole("button", { name: "Abordar" }));
    expect((await screen.findByRole("alert")).textContent).toBe("El colaborador ya abordó esta ruta");
  });
});
