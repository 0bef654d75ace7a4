import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { QueuedAction, RejectedAction } from "./field-action";

export const OUTBOX_DB_NAME = "treiber-outbox";

interface OutboxSchema extends DBSchema {
  /** Waiting actions, keyed by an auto-increment `seq`: key order is send order (FIFO). */
  actions: { key: number; value: QueuedAction; indexes: { id: string } };
  /** Actions the server refused (4xx), by id. */
  rejected: { key: string; value: RejectedAction };
  /** The trip each Start sent from the queue created (null: refused), by the Start's actionId. */
  trips: { key: string; value: { startActionId: string; tripId: number | null; at: number } };
}

/** Starts older than this are forgotten (a trip started offline is sent within the day). */
const TRIP_REF_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Whose actions a read concerns: a user id (that user's actions, plus unowned ones from before
 * actions had an owner), or `undefined` for every action.
 */
export type Owner = number | undefined;

const ownedBy = (owner: Owner) => (action: { userId?: number }) =>
  owner === undefined || action.userId === undefined || action.userId === owner;

/** The outbox's IndexedDB database: everything survives closing or reloading the app. */
export interface OutboxStore {
  add(action: QueuedAction): Promise<QueuedAction>;
  /** The oldest waiting action (of `owner`), or undefined. */
  first(owner?: Owner): Promise<QueuedAction | undefined>;
  all(): Promise<QueuedAction[]>;
  /** The waiting actions (of `owner`), oldest first. */
  list(owner?: Owner): Promise<QueuedAction[]>;
  count(owner?: Owner): Promise<number>;
  /** Start actionId → the trip it created (null: the Start was refused). */
  trips(): Promise<Record<string, number | null>>;
  setTrip(startActionId: string, tripId: number | null): Promise<void>;
  update(action: QueuedAction): Promise<void>;
  remove(action: QueuedAction): Promise<void>;
  /** Moves a refused action from the queue to the rejected list, in one transaction. */
  reject(action: QueuedAction, rejected: RejectedAction): Promise<void>;
  rejected(owner?: Owner): Promise<RejectedAction[]>;
  dismissRejected(id: string): Promise<void>;
  close(): void;
}

export function createOutboxStore(name = OUTBOX_DB_NAME): OutboxStore {
  let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const db = () => {
    opening ??= openDB<OutboxSchema>(name, 2, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          const actions = database.createObjectStore("actions", { keyPath: "seq", autoIncrement: true });
          actions.createIndex("id", "id", { unique: true });
          database.createObjectStore("rejected", { keyPath: "id" });
        }
        if (oldVersion < 2) database.createObjectStore("trips", { keyPath: "startActionId" });
      },
    });
    return opening;
  };
  const keyOf = (action: QueuedAction): number => {
    if (action.seq === undefined) throw new Error("Acción sin posición en la cola");
    return action.seq;
  };

  return {
    async add(action) {
      const { seq: _ignored, ...value } = action;
      const seq = await (await db()).add("actions", value as QueuedAction);
      return { ...value, seq };
    },
    async first(owner) {
      if (owner === undefined) {
        const [action] = await (await db()).getAll("actions", undefined, 1);
        return action;
      }
      const mine = ownedBy(owner);
      let cursor = await (await db()).transaction("actions").store.openCursor();
      while (cursor) {
        if (mine(cursor.value)) return cursor.value;
        cursor = await cursor.continue();
      }
      return undefined;
    },
    async all() {
      return (await db()).getAll("actions");
    },
    async list(owner) {
      return (await (await db()).getAll("actions")).filter(ownedBy(owner));
    },
    async count(owner) {
      if (owner === undefined) return (await db()).count("actions");
      return (await (await db()).getAll("actions")).filter(ownedBy(owner)).length;
    },
    async trips() {
      const oldest = Date.now() - TRIP_REF_MAX_AGE_MS;
      const rows = (await (await db()).getAll("trips")).filter((row) => row.at >= oldest);
      return Object.fromEntries(rows.map((row) => [row.startActionId, row.tripId]));
    },
    async setTrip(startActionId, tripId) {
      await (await db()).put("trips", { startActionId, tripId, at: Date.now() });
    },
    async update(action) {
      await (await db()).put("actions", action);
    },
    async remove(action) {
      await (await db()).delete("actions", keyOf(action));
    },
    async reject(action, rejected) {
      const tx = (await db()).transaction(["actions", "rejected"], "readwrite");
      await Promise.all([
        tx.objectStore("actions").delete(keyOf(action)),
        tx.objectStore("rejected").put(rejected),
        tx.done,
      ]);
    },
    async rejected(owner) {
      const list = (await (await db()).getAll("rejected")).filter(ownedBy(owner));
      return list.sort((a, b) => a.rejectedAt - b.rejectedAt || a.createdAt - b.createdAt);
    },
    async dismissRejected(id) {
      await (await db()).delete("rejected", id);
    },
    close() {
      void opening?.then((database) => database.close());
      opening = null;
    },
  };
}
