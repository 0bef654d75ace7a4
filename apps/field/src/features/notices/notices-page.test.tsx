import "fake-indexeddb/auto";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import type { NotificationListItem } from "@treiber/contract";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../../shared/test-session";
import type { NoticesApi } from "./notices-api";
import { NoticesProvider, NoticesTab } from "./notices-context";
import type { NoticesHub } from "./notices-hub";
import { NoticesPage } from "./notices-page";

afterEach(cleanup);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notice(
  id: number,
  message: string,
  options: { minutes: number; read?: boolean },
): NotificationListItem {
  return {
    id,
    title: "Tu ruta cambió",
    message,
    tag: "ASSIGNED",
    createdDate: minutesAgo(options.minutes),
    messageJson: "{}",
    readDate: options.read ? minutesAgo(options.minutes - 1) : null,
  };
}

const NEW_STOP = "Tu ruta cambió: nueva parada «Parque» a las 5:42 a. m. (ruta Naco 1)";
const OLD_STOP = "Tu ruta cambió: nueva parada «Esquina» a las 6:10 a. m. (ruta Naco 1)";
const NO_ROUTE = "Ya no tienes ruta asignada en el turno Mañana (antes: ruta Naco 1)";

/** A server keeping the user's notices: `list` answers them; `markRead` sets their readDate. */
function fakeServer(initial: NotificationListItem[]) {
  let notices = initial;
  let reachable = true;
  const api = {
    list: vi.fn(async () => {
      if (!reachable) throw new Error("Sin conexión");
      return notices.map((n) => ({ ...n }));
    }),
    markRead: vi.fn(async (ids: readonly number[]) => {
      if (!reachable) throw new Error("Sin conexión");
      const now = new Date().toISOString();
      notices = notices.map((n) => (ids.includes(n.id) ? { ...n, readDate: now } : n));
    }),
  } satisfies NoticesApi;
  return {
    api,
    add(item: NotificationListItem) {
      notices = [item, ...notices];
    },
    setReachable(value: boolean) {
      reachable = value;
    },
  };
}

/** A hub whose `ReceiveNotification` the test fires. */
function fakeHub() {
  let onNotice: (() => void) | undefined;
  const hub: NoticesHub = {
    listen(notice) {
      onNotice = notice;
      return () => {
        onNotice = undefined;
      };
    },
  };
  return {
    hub,
    receive() {
      act(() => onNotice?.());
    },
  };
}

function renderNotices(server: ReturnType<typeof fakeServer>, hub = fakeHub(), withPage = true) {
  render(
    <MemoryRouter initialEntries={[withPage ? "/avisos" : "/qr"]}>
      <NoticesProvider api={server.api} hub={hub.hub}>
        <nav>
          <NoticesTab to="/avisos" label="Avisos" />
        </nav>
        {withPage ? <NoticesPage /> : null}
      </NoticesProvider>
    </MemoryRouter>,
  );
  return hub;
}

const cards = () => screen.queryAllByTestId("notice");
const badge = () => screen.queryByTestId("notices-badge")?.textContent ?? null;

describe("«Avisos»", () => {
  it("lists the notices newest first, marks the unread «Nuevo», marks them read on open and clears the badge", async () => {
    signInTestUser(101);
    const server = fakeServer([
      notice(2, NEW_STOP, { minutes: 5 }),
      notice(1, OLD_STOP, { minutes: 60 * 26, read: true }),
    ]);
    renderNotices(server);

    await waitFor(() => expect(cards()).toHaveLength(2));
    const [newest, older] = cards() as [HTMLElement, HTMLElement];
    expect(within(newest).getByText(NEW_STOP)).toBeTruthy();
    expect(within(newest).getByText("Nuevo")).toBeTruthy();
    expect(within(newest).getByText("Hace 5 minutos")).toBeTruthy();
    expect(within(older).getByText(OLD_STOP)).toBeTruthy();
    expect(within(older).queryByText("Nuevo")).toBeNull();
    expect(within(older).getByText("Hace un día")).toBeTruthy();

    // Opened: the unread one is marked read on the server, the badge drops, «Nuevo» stays this visit.
    await waitFor(() => expect(server.api.markRead).toHaveBeenCalledWith([2]));
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.getByRole("link", { name: "Avisos" })).toBeTruthy();
    expect(within(cards()[0] as HTMLElement).getByText("Nuevo")).toBeTruthy();
    expect(server.api.markRead).toHaveBeenCalledOnce();
  });

  it("on another tab, the badge counts the unread and a live ReceiveNotification adds the new one", async () => {
    signInTestUser(102);
    const server = fakeServer([notice(5, OLD_STOP, { minutes: 30 })]);
    const hub = renderNotices(server, fakeHub(), false);
    await waitFor(() => expect(badge()).toBe("1"));
    expect(screen.getByRole("link", { name: "Avisos, 1 sin leer" }).textContent).toBe("Avisos1");

    server.add(notice(6, NO_ROUTE, { minutes: 0 }));
    hub.receive();
    await waitFor(() => expect(badge()).toBe("2"));
    expect(server.api.markRead).not.toHaveBeenCalled();
  });

  it("on the screen, a live notice shows at the top as «Nuevo» and is marked read", async () => {
    signInTestUser(103);
    const server = fakeServer([notice(7, OLD_STOP, { minutes: 90, read: true })]);
    const hub = renderNotices(server);
    await waitFor(() => expect(cards()).toHaveLength(1));

    server.add(notice(8, NEW_STOP, { minutes: 0 }));
    hub.receive();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const top = cards()[0] as HTMLElement;
    expect(within(top).getByText(NEW_STOP)).toBeTruthy();
    expect(within(top).getByText("Nuevo")).toBeTruthy();
    await waitFor(() => expect(server.api.markRead).toHaveBeenCalledWith([8]));
    await waitFor(() => expect(badge()).toBeNull());
  });

  it("offline: shows the copy kept on the phone with its unread marks and marks them once back online", async () => {
    signInTestUser(104);
    const server = fakeServer([notice(9, NO_ROUTE, { minutes: 10 })]);
    // Seen once online on another tab (kept on the phone, still unread).
    renderNotices(server, fakeHub(), false);
    await waitFor(() => expect(badge()).toBe("1"));
    cleanup();

    // The app opens again without signal.
    server.setReachable(false);
    renderNotices(server);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId("saved-copy").textContent).toBe(
      "Sin conexión: se muestra lo último que se recibió.",
    );
    expect(within(cards()[0] as HTMLElement).getByText(NO_ROUTE)).toBeTruthy();
    expect(within(cards()[0] as HTMLElement).getByText("Nuevo")).toBeTruthy();
    expect(badge()).toBe("1");
    expect(server.api.markRead).not.toHaveBeenCalled();

    // Back online: loaded again, marked read, the badge drops.
    server.setReachable(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(server.api.markRead).toHaveBeenCalledWith([9]));
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.queryByTestId("saved-copy")).toBeNull();
  });

  it("without notices says what will show here; with nothing on the phone and no server, an error to retry", async () => {
    signInTestUser(105);
    renderNotices(fakeServer([]));
    expect(await screen.findByText("No tiene avisos")).toBeTruthy();
    cleanup();

    signInTestUser(106);
    const server = fakeServer([]);
    server.setReachable(false);
    renderNotices(server);
    expect(await screen.findByText("No se pudieron cargar sus avisos")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeTruthy();
  });
});
