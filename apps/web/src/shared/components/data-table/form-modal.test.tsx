import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App, Form, Input } from "antd";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { describe, expect, it, vi } from "vitest";
import { defaultSavedLabel, FormModal, savedMessage } from "./form-modal";

// antd renders slowly in jsdom when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 30_000 });

function conflictError() {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const message = "Ya existe una sucursal con este nombre";
  const response = {
    status: 409,
    statusText: "Conflict",
    headers: {},
    config,
    data: { statusCode: 409, message, errors: { name: message } },
  } as AxiosResponse;
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response);
}

function Harness({
  onSubmit,
  onClose,
}: {
  onSubmit: (values: { name: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <App>
      <FormModal<{ name: string }>
        open
        title="Nueva sucursal"
        form={form}
        onSubmit={onSubmit}
        onClose={onClose}
      >
        <Form.Item
          label="Nombre"
          name="name"
          rules={[{ required: true, message: "Este campo es requerido" }]}
        >
          <Input />
        </Form.Item>
      </FormModal>
    </App>
  );
}

describe("FormModal", () => {
  it("requires fields, then shows a server 409 on its field and stays open", async () => {
    const onSubmit = vi.fn().mockRejectedValue(conflictError());
    const onClose = vi.fn();
    render(<Harness onSubmit={onSubmit} onClose={onClose} />);

    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Este campo es requerido")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Nombre"), { target: { value: "Norte" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Ya existe una sucursal con este nombre")).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith({ name: "Norte" });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes after a successful save", async () => {
    const onClose = vi.fn();
    render(<Harness onSubmit={() => Promise.resolve({ id: 1 })} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText("Nombre"), { target: { value: "Norte" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText("Guardado: Norte")).toBeTruthy();
  });
});

describe("the saved message", () => {
  it("names what was saved", () => {
    expect(savedMessage(defaultSavedLabel({ name: " Sucursal Centro " }))).toBe("Guardado: Sucursal Centro");
    expect(savedMessage(defaultSavedLabel({ name: "Pedro", lastname: "Gómez" }))).toBe(
      "Guardado: Pedro Gómez",
    );
    expect(savedMessage(defaultSavedLabel({ address: "Calle 1" }))).toBe("Guardado");
  });
});
