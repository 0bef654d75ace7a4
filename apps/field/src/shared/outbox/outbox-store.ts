import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { QueuedAction, RejectedAction } from "./field-action";

export const OUTBOX_DB_NAME = "treiber-outbox";

interface OutboxSchema extends DBSchema {
  /** Waiting actions, keyed by an auto-increment `seq`: key order is send order (FIFO). */
  actions: { key: number; value: QueuedAction; indexes: { id: string } };
  /** Actions the server refused (4xx), by id. */
  rejected: { key: string; value: RejectedAction };
}

/** The outbox's IndexedDB database: everything survives closing or reloading the app. */
export interface OutboxStore {
  add(action: QueuedAction): Promise<QueuedAction>;
  /** The oldest waiting action, or undefined. */
  first(): Promise<QueuedAction | undefined>;
  all(): Promise<QueuedAction[]>;
  count(): Promise<number>;
  update(action: QueuedAction): Promise<void>;
  remove(action: QueuedAction): Promise<void>;
  /** Moves a refused action from the queue to the rejected list, in one transaction. */
  reject(action: QueuedAction, rejected: RejectedAction): Promise<void>;
  rejected(): Promise<RejectedAction[]>;
  dismissRejected(id: string): Promise<void>;
  close(): void;
}

export function createOutboxStore(name = OUTBOX_DB_NAME): OutboxStore {
  let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const db = () => {
    opening ??= openDB<OutboxSchema>(name, 1, {
      upgrade(database) {
        const actions = database.createObjectStore("actions", { keyPath: "seq", autoIncrement: true });
        actions.createIndex("id", "id", { unique: true });
        database.createObjectStore("rejected", { keyPath: "id" });
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
    async first() {
      const [action] = await (await db()).getAll("actions", undefined, 1);
      return action;
    },
    async all() {
      return (await db()).getAll("actions");
    },
    async count() {
      return (await db()).count("actions");
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
    async rejected() {
      const list = await (await db()).getAll("rejected");
      return list.sort((a, b) => a.rejectedAt - b.rejectedAt);
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
