import { useEffect, useRef } from "react";
import type { OutboxSnapshot } from "../../shared/outbox/create-outbox";
import { keptChangeOf } from "./booking-change";

/**
 * «Mis viajes» asks the server again whenever a booking change that waited on the phone gets its
 * answer (taken or refused): the list then shows the real status, never the phone's guess.
 */
export function useBookingCatchUp(reload: () => Promise<boolean>, outbox: OutboxSnapshot): void {
  const taken = outbox.recent.filter((item) => keptChangeOf(item.action)).length;
  const refused = outbox.rejected.filter((action) => keptChangeOf(action)).length;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const before = useRef({ taken, refused });
  useEffect(() => {
    const previous = before.current;
    before.current = { taken, refused };
    if (taken > previous.taken || refused > previous.refused) void reloadRef.current();
  }, [taken, refused]);
}
