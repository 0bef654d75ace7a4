import { getErrorMessage } from "@treiber/client";
import type { BookingConfirmResponse } from "@treiber/contract";
import { useState } from "react";
import type { Outbox } from "../../shared/outbox/create-outbox";
import {
  type BookingChange,
  bookingChangeAction,
  changeName,
  queuedMessage,
  refusalMessage,
  sentMessage,
} from "./booking-change";
import { bookingKey } from "./booking-day";

export type ChangeNotice = { text: string; alert: boolean };

/**
 * Sends a booking change through the outbox and says what became of it: taken (the server's
 * answer), kept on the phone (not done yet), or refused (the server's message, and the list is asked
 * again so it shows the real status).
 */
export function useBookingChange(outbox: Outbox, reload: () => Promise<boolean>) {
  const [notice, setNotice] = useState<ChangeNotice | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const send = async (change: BookingChange) => {
    setBusyKey(bookingKey(change.routeId, change.date));
    setNotice(null);
    try {
      const result = await outbox.submit<Partial<BookingConfirmResponse>>(bookingChangeAction(change));
      const text = result.status === "sent" ? sentMessage(change, result.data) : queuedMessage(change);
      setNotice({ text, alert: false });
    } catch (error) {
      const refused = { ...change, id: "", name: changeName(change), requestedAt: null };
      setNotice({ text: refusalMessage(refused, getErrorMessage(error), false), alert: true });
      void reload();
    } finally {
      setBusyKey(null);
    }
  };

  return { notice, busyKey, send };
}
