import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../http";
import { sessionStore } from "../session";
import type { BatchAnswer } from "./batch-answer";
import { createOutbox, type Outbox } from "./create-outbox";
import { createOutboxStore } from "./outbox-store";

/** A request without an answer after this long counts as a network failure (the action is queued). */
export const FIELD_ACTION_TIMEOUT_MS = 6_000;

let outbox: Outbox | null = null;

/** The app's one outbox (database `treiber-outbox`), started on first use: it replays what a reload left. */
export function appOutbox(): Outbox {
  if (!outbox) {
    outbox = createOutbox({
      store: createOutboxStore(),
      owner: () => sessionStore.getSession()?.userId ?? null,
      send: async (action) => {
        const { data } = await http.request({
          method: action.method,
          url: action.path,
          data: action.body,
          timeout: FIELD_ACTION_TIMEOUT_MS,
        });
        return data;
      },
      sendBatch: async (actions) => {
        const { data } = await http.request<{ results: BatchAnswer[] }>({
          method: API.fieldAction.batch.method,
          url: clientPath(API.fieldAction.batch),
          data: { actions: actions.map(({ method, path, body }) => ({ method, path, body })) },
          timeout: FIELD_ACTION_TIMEOUT_MS,
        });
        return data.results;
      },
    });
    outbox.start();
    // Any answer from the server means the signal is back: what waits goes now, not after its backoff.
    const current = outbox;
    http.interceptors.response.use((response) => {
      if (current.getSnapshot().pending > 0) void current.flush(true);
      return response;
    });
    let userId = sessionStore.getSession()?.userId;
    sessionStore.subscribe(() => {
      const next = sessionStore.getSession()?.userId;
      if (next === userId) return;
      userId = next;
      outbox?.ownerChanged();
    });
  }
  return outbox;
}
