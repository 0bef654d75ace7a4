import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommentForm } from "./comment-form";

afterEach(cleanup);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderForm(onSend: (comment: string, actionId: string) => Promise<string>, confirm = true) {
  const onSent = vi.fn();
  render(
    <CommentForm
      label="Motivo"
      submitLabel="Cancelar mi viaje"
      confirmQuestion={confirm ? "¿Cancelar su viaje de hoy?" : undefined}
      confirmLabel="Sí, cancelar mi viaje"
      onSend={onSend}
      onSent={onSent}
    />,
  );
  return onSent;
}

describe("comment form", () => {
  it("requires a comment, in Spanish, and sends nothing without it", () => {
    const onSend = vi.fn();
    renderForm(onSend);
    fireEvent.click(screen.getByRole("button", { name: "Cancelar mi viaje" }));
    expect(screen.getByRole("alert").textContent).toBe("Este campo es requerido");
    fireEvent.change(screen.getByLabelText("Motivo"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar mi viaje" }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it("asks for confirmation, then sends the trimmed comment with a UUID action id", async () => {
    const onSend = vi.fn(async () => "Servicio cancelado");
    const onSent = renderForm(onSend);
    fireEvent.change(screen.getByLabelText("Motivo"), { target: { value: "  Cita médica " } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar mi viaje" }));
    expect(screen.getByText("¿Cancelar su viaje de hoy?")).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Sí, cancelar mi viaje" }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith("Servicio cancelado"));
    expect(onSend).toHaveBeenCalledWith("Cita médica", expect.stringMatching(UUID));
  });

  it("retries a failed send with the same action id (applied at most once by the server)", async () => {
    const onSend = vi
      .fn<(comment: string, actionId: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error("Sin conexión"))
      .mockResolvedValueOnce("Comentario enviado");
    const onSent = renderForm(onSend, false);
    fireEvent.change(screen.getByLabelText("Motivo"), { target: { value: "Buen viaje" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancelar mi viaje" }));
    await screen.findByRole("alert");
    fireEvent.click(screen.getByRole("button", { name: "Cancelar mi viaje" }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const [first, second] = onSend.mock.calls;
    expect(first?.[1]).toBe(second?.[1]);
  });
});
