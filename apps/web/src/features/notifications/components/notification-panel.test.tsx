import { fireEvent, render, screen } from "@testing-library/react";
import type { Notification } from "@treiber/contract";
import { describe, expect, it, vi } from "vitest";
import { NotificationPanel } from "./notification-panel";

const notification: Notification = {
  id: 3,
  title: "Servicio cancelado",
  message: "Ana Pérez canceló el servicio de la ruta Norte",
  tag: "CANCELED",
  createdDate: new Date(Date.now() - 5 * 60_000).toISOString(),
  messageJson: "{}",
};

describe("NotificationPanel", () => {
  it("shows the empty state", () => {
    render(<NotificationPanel notifications={[]} onMarkAsRead={vi.fn()} onMarkAllAsRead={vi.fn()} />);
    expect(screen.getByText("Notificaciones")).toBeTruthy();
    expect(screen.getByText("No tienes notificaciones")).toBeTruthy();
  });

  it("lists items with relative time and mark-as-read links", () => {
    const onMarkAsRead = vi.fn();
    const onMarkAllAsRead = vi.fn();
    render(
      <NotificationPanel
        notifications={[notification]}
        onMarkAsRead={onMarkAsRead}
        onMarkAllAsRead={onMarkAllAsRead}
      />,
    );
    expect(screen.getByText("Servicio cancelado")).toBeTruthy();
    expect(screen.getByText("Hace 5 minutos")).toBeTruthy();
    fireEvent.click(screen.getByText("Marcar como leído"));
    expect(onMarkAsRead).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByText("Marcar como leídos"));
    expect(onMarkAllAsRead).toHaveBeenCalledTimes(1);
  });

  it("shows loading and error states, with a retry", () => {
    const { rerender } = render(
      <NotificationPanel notifications={[]} loading onMarkAsRead={vi.fn()} onMarkAllAsRead={vi.fn()} />,
    );
    expect(screen.queryByText("No tienes notificaciones")).toBeNull();
    const onRetry = vi.fn();
    rerender(
      <NotificationPanel
        notifications={[]}
        error
        onRetry={onRetry}
        onMarkAsRead={vi.fn()}
        onMarkAllAsRead={vi.fn()}
      />,
    );
    expect(screen.getByText("No se pudieron cargar las notificaciones")).toBeTruthy();
    fireEvent.click(screen.getByText("Reintentar"));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("keeps the list scrolling within 500px", () => {
    render(
      <NotificationPanel notifications={[notification]} onMarkAsRead={vi.fn()} onMarkAllAsRead={vi.fn()} />,
    );
    const scroll = screen.getByTestId("notification-scroll");
    expect(scroll.style.maxHeight).toBe("500px");
    expect(scroll.style.overflowY).toBe("auto");
  });
});
