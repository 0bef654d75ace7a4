import { HUB_EVENTS } from "@treiber/contract/hub-names";

/** How «Avisos» hears of a new notice while the app is open (tests give their own). */
export type NoticesHub = {
  /**
   * Calls `onNotice` on every `ReceiveNotification` and `onReconnected` after the hub came back (what
   * was pushed meanwhile is lost: reload). Returns the function that stops listening.
   */
  listen(onNotice: () => void, onReconnected: () => void): () => void;
};

/**
 * The app's one hub connection (`shared/hub`), loaded on demand: the SignalR client stays out of the
 * first screen's script. Started here; it stops when the session ends.
 */
export const appNoticesHub: NoticesHub = {
  listen(onNotice, onReconnected) {
    let listening = true;
    let stop = () => {};
    const handler = () => onNotice();
    void import("../../shared/hub")
      .then(({ appHub }) => {
        if (!listening) return;
        const hub = appHub();
        hub.on(HUB_EVENTS.receiveNotification, handler);
        const stopReconnected = hub.onReconnected(onReconnected);
        void hub.start();
        stop = () => {
          hub.off(HUB_EVENTS.receiveNotification, handler);
          stopReconnected();
        };
      })
      .catch(() => undefined);
    return () => {
      listening = false;
      stop();
    };
  },
};
