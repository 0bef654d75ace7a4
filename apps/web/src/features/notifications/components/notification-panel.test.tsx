import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { AppNotification } from "../api/notification-types";
import { NotificationPanel } from "./notification-panel";

const notification: AppNotification = {
  id: 3,
  title: "Servicio cancelado",
  message: "Ana Pérez canceló el servicio de la ruta Norte",
  tag: "CANCELED",
  createdDate: new Date(Date.now() - 5 * 60_000).toISOString(),
  messageJson: null,
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
});
