import "fake-indexeddb/auto";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import {
  NO_SHOW_RECORDED_MESSAGE,
  type NoShowResponse,
  noShowWaitMessage,
  type TodayStop,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { afterEach, describe, expect, it } from "vitest";
import { createOutbox } from "../../../shared/outbox/create-outbox";
import type { FieldAction, FieldActionResult } from "../../../shared/outbox/field-action";
import { createOutboxStore, type OutboxStore } from "../../../shared/outbox/outbox-store";
import type { ShownRider } from "./local-trip";
import { NO_POSITION_MESSAGE, NoShowDialog } from "./no-show-dialog";
import { NotRidingList } from "./not-riding-list";
import { TripStops } from "./trip-stops";

const rider = (employeeId: number, name: string, extra: Partial<ShownRider> = {}): ShownRider => ({
  employeeId,
  name,
  lastname: "Pérez",
  codeEmployee: `E${employeeId}`,
  department: null,
  jobTitle: null,
  status: "Pending",
  scannedDate: null,
  canceledDate: null,
  comment: null,
  unsent: false,
  codeQrHash: null,
  ...extra,
});

const stop: TodayStop = {
  position: 1,
  name: "Parque",
  address: null,
  latitude: 18.47,
  longitude: -69.9,
  plannedTime: "06:40",
  employeeIds: [1, 2],
};

const AT_STOP = { latitude: 18.47, longitude: -69.9 };
const WAIT = noShowWaitMessage("06:42");
let online = true;
let count = 0;
const stores: OutboxStore[] = [];

/** The outbox the trip uses, in front of a server that refuses «Ausente» before 06:42 (409). */
function noShowServer(refuse: boolean) {
  const sent: FieldAction[] = [];
  const send = async (action: FieldAction): Promise<unknown> => {
    sent.push(action);
    if (refuse)
      throw { isAxiosError: true, response: { status: 409, data: { statusCode: 409, message: WAIT } } };
    return { status: "NO_SHOW", message: NO_SHOW_RECORDED_MESSAGE };
  };
  count += 1;
  const store = createOutboxStore(`no-show-outbox-${count}`);
  stores.push(store);
  const outbox = createOutbox({ store, send, isOnline: () => online, random: () => 1 });
  const markNoShow = (employeeId: number, position: { latitude: number; longitude: number }) =>
    outbox.submit<NoShowResponse>({
      method: "PUT",
      path: clientPath(API.transportService.noShow),
      body: { intermediateRouteId: 7, employeeId, ...position, recordedAt: new Date().toISOString() },
    }) as Promise<FieldActionResult<NoShowResponse>>;
  return { outbox, sent, markNoShow };
}

afterEach(() => {
  cleanup();
  online = true;
  for (const store of stores.splice(0)) store.close();
});

describe("the driver's trip with bookings", () => {
  it("offers «Ausente» on expected riders only, and folds who does not ride as «No viaja»", () => {
    const asked: string[] = [];
    const riders = [rider(1, "Ana"), rider(2, "Beto", { noShow: "unsent" })];
    render(
      <>
        <TripStops
          stops={[stop]}
          direction="inbound"
          riders={riders}
          startedDate={null}
          running
          now={new Date()}
          onNoShow={(one) => asked.push(one.name)}
        />
        <NotRidingList
          riders={[
            {
              employeeId: 3,
              name: "Carla",
              lastname: "Pérez",
              codeEmployee: "E3",
              stopName: "Parque",
              reason: "Vacaciones",
            },
          ]}
        />
      </>,
    );
    const onStop = screen.getByRole("list", { name: "Pasajeros de Parque" });
    const beto = within(onStop).getAllByRole("listitem")[1] as HTMLElement;
    expect(within(beto).getByText("Ausente")).toBeTruthy();
    expect(within(beto).getByText("Por enviar")).toBeTruthy();
    expect(within(onStop).queryByRole("button", { name: "Ausente: Beto Pérez" })).toBeNull();
    fireEvent.click(within(onStop).getByRole("button", { name: "Ausente: Ana Pérez" }));
    expect(asked).toEqual(["Ana"]);

    const folded = screen.getByText("No viaja (1)").closest("details") as HTMLDetailsElement;
    expect(folded.open).toBe(false);
    const notRiding = within(folded).getByRole("list", { name: "No viaja", hidden: true });
    expect(within(notRiding).getByText("Carla Pérez")).toBeTruthy();
    expect(within(notRiding).getByText("«Vacaciones»")).toBeTruthy();
    expect(within(onStop).queryByText("Carla Pérez")).toBeNull();
  });

  it("shows the server's refusal of «Ausente» plainly («Espere hasta las 06:42 en la parada»)", async () => {
    const server = noShowServer(true);
    const done: string[] = [];
    render(
      <NoShowDialog
        rider={rider(1, "Ana")}
        position={AT_STOP}
        send={server.markNoShow}
        onDone={(message) => done.push(message)}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole("dialog", { name: "¿Marcar ausente a Ana Pérez?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Marcar ausente" }));
    expect((await screen.findByRole("alert")).textContent).toBe(WAIT);
    expect(done).toEqual([]);
    expect(server.sent[0]?.body).toMatchObject({ employeeId: 1, ...AT_STOP, intermediateRouteId: 7 });
    expect(typeof server.sent[0]?.body.actionId).toBe("string");
    expect(server.outbox.getSnapshot().pending).toBe(0);
  });

  it("keeps «Ausente» on the phone without signal, with its position and time, and says so", async () => {
    online = false;
    const server = noShowServer(false);
    const done: string[] = [];
    render(
      <NoShowDialog
        rider={rider(1, "Ana")}
        position={AT_STOP}
        send={server.markNoShow}
        onDone={(message) => done.push(message)}
        onCancel={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Marcar ausente" }));
    await expect
      .poll(() => done)
      .toEqual(["Ana Pérez marcado ausente. Guardado; se enviará al volver la conexión."]);
    const [queued] = server.outbox.getSnapshot().actions;
    expect(queued?.body).toMatchObject({ employeeId: 1, ...AT_STOP });
    expect(typeof queued?.body.recordedAt).toBe("string");
    expect(server.sent).toEqual([]);
  });

  it("asks for the phone's position before marking absent", () => {
    const server = noShowServer(false);
    render(
      <NoShowDialog
        rider={rider(1, "Ana")}
        position={null}
        send={server.markNoShow}
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Marcar ausente" }));
    expect(screen.getByRole("alert").textContent).toBe(NO_POSITION_MESSAGE);
    expect(server.sent).toEqual([]);
  });
});
