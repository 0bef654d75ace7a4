/**
 * What runs under the SOS: the hub benchmark's drivers (raw sockets, bench/hub/clients.ts) each
 * invoking `SendGeolocation` once a period, spread evenly, and the control room's admins on the
 * official `@microsoft/signalr` client, each noting when every `ReceiveIncident` of type SOS reached
 * it (this process's clock, the one the requests are timed on).
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel } from "@microsoft/signalr";
import { HUB_EVENTS, type IncidentItem } from "@treiber/contract";
import type { WebSocket } from "ws";
import { rawConnection, recordSplitter, type Target } from "../hub/clients.js";
import { inBatches } from "../lib/stats.js";

const RS = "\x1e";

/** One `ReceiveIncident` of an SOS at one admin's socket. */
export type SosReceipt = {
  admin: number;
  incidentId: number;
  personName: string | null;
  status: string;
  at: number;
};

export type ControlRoom = {
  /** Every SOS `ReceiveIncident` so far, in arrival order. */
  receipts: SosReceipt[];
  /** `ReceivedDriverGeolocation` records the admins got (the position stream they watch meanwhile). */
  positionsReceived(): number;
  /** Called on every SOS receipt (the phases wait for their deliveries with it). */
  onReceipt(listener: (() => void) | undefined): void;
  stop(): Promise<void>;
};

/** `admins` official clients, admin i on target i mod targets. */
export async function connectControlRoom(
  targets: Target[],
  adminTokens: string[],
  now: () => number,
): Promise<ControlRoom> {
  const receipts: SosReceipt[] = [];
  let positions = 0;
  let listener: (() => void) | undefined;
  const connections = await inBatches(
    adminTokens.map((token, admin) => ({ token, admin })),
    10,
    async ({ token, admin }) => {
      const target = targets[admin % targets.length] as Target;
      const connection = new HubConnectionBuilder()
        .withUrl(`${target.baseUrl}/server`, {
          transport: HttpTransportType.WebSockets,
          accessTokenFactory: () => token,
        })
        .configureLogging(LogLevel.None)
        .build();
      connection.on(HUB_EVENTS.receiveIncident, (item: IncidentItem) => {
        if (item.type !== "SOS") return;
        receipts.push({
          admin,
          incidentId: item.id,
          personName: item.personName,
          status: item.status,
          at: now(),
        });
        listener?.();
      });
      connection.on(HUB_EVENTS.receivedDriverGeolocation, () => {
        positions++;
      });
      await connection.start();
      return connection;
    },
  );
  return {
    receipts,
    positionsReceived: () => positions,
    onReceipt(next) {
      listener = next;
    },
    async stop() {
      await Promise.all(connections.map((connection) => connection.stop().catch(() => {})));
    },
  };
}

export type PositionLoad = {
  /** Positions sent, acknowledged without error, refused (hub error) since the start. */
  counts: { sent: number; acked: number; errors: number; firstError?: string };
  stop(): void;
};

/** The drivers: driver i on target i mod targets, a position every `periodMs`, spread evenly. */
export async function startPositionLoad(
  targets: Target[],
  drivers: { token: string; tripId: number }[],
  periodMs: number,
): Promise<PositionLoad> {
  const counts: PositionLoad["counts"] = { sent: 0, acked: 0, errors: 0 };
  const onAck = recordSplitter((text) => {
    const message = JSON.parse(text) as { type: number; invocationId?: string; error?: string };
    if (message.type !== 3 || message.invocationId === undefined) return;
    if (message.error !== undefined) {
      counts.errors++;
      counts.firstError ??= message.error;
    } else counts.acked++;
  });
  const sockets: WebSocket[] = await inBatches(
    drivers.map((driver, index) => ({ ...driver, index })),
    50,
    ({ token, index }) => rawConnection(targets[index % targets.length] as Target, token, "driver", onAck),
  );
  const started = performance.now();
  let sends = 0;
  const scheduler = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * sockets.length) / periodMs) + 1;
    for (; sends < due; sends++) {
      const index = sends % sockets.length;
      const tripId = (drivers[index] as { tripId: number }).tripId;
      // A walk around Santo Domingo: the latitude moves a little with each round.
      const latitude = (18.47 + (Math.floor(sends / sockets.length) % 90) * 1e-4).toFixed(5);
      counts.sent++;
      (sockets[index] as WebSocket).send(
        `{"type":1,"invocationId":"${sends}","target":"SendGeolocation","arguments":[${tripId},${latitude},-69.93]}${RS}`,
      );
    }
  }, 5);
  return {
    counts,
    stop() {
      clearInterval(scheduler);
      for (const socket of sockets) socket.terminate();
    },
  };
}
