import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Button, Form } from "antd";
import { describe, expect, it, vi } from "vitest";
import { hasLocation, LocationFields } from "./location-fields";

// antd renders slowly in jsdom when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 30_000 });

function Harness({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <Form onFinish={onFinish}>
      <LocationFields allOrNone />
      <Button htmlType="submit">Guardar</Button>
    </Form>
  );
}

describe("LocationFields", () => {
  it("is optional as a whole", async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} />);
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
  });

  it("requires the coordinates once the address is filled", async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} />);
    fireEvent.change(screen.getByLabelText("Dirección"), { target: { value: "Calle 1, Naco" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    // Both messages appear, not necessarily in the same render: wait for the second.
    await waitFor(() => expect(screen.getAllByText("Este campo es requerido")).toHaveLength(2));
    expect(onFinish).not.toHaveBeenCalled();
  });
});

describe("hasLocation", () => {
  it("needs all three fields", () => {
    expect(hasLocation({ address: "Calle 1", latitude: 18.4, longitude: -69.9 })).toBe(true);
    expect(hasLocation({ address: "Calle 1", latitude: 18.4 })).toBe(false);
    expect(hasLocation({ address: " ", latitude: 18.4, longitude: -69.9 })).toBe(false);
  });
});
