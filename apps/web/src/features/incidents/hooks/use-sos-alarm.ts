import type { IncidentItem } from "@treiber/contract";
import { useEffect, useMemo } from "react";
import { type IncidentListRequest, useIncidents } from "../api/list-incidents";
import { playSosAlarm, SOS_ALARM_INTERVAL_MS } from "../lib/alert-sound";
import { compareNewest } from "../lib/incident-order";

/**
 * The unclosed SOS, whatever the panel's filters show: live `ReceiveIncident` upserts reach this
 * list too (it is cached under the incidents' list key with its request).
 */
export const SOS_ALARM_REQUEST: IncidentListRequest = { amount: 50, skip: 1, type: "SOS", status: "OPEN" };

/** The SOS nobody has taken yet (still OPEN), oldest first: the one waiting longest leads. */
export function pendingSos(list: readonly IncidentItem[] | undefined): IncidentItem[] {
  return (list ?? [])
    .filter((item) => item.type === "SOS" && item.status === "OPEN")
    .sort((a, b) => compareNewest(b, a));
}

/**
 * The SOS alarm (issue 38): while any SOS is open and nobody took it («Atender»), a siren distinct
 * from the critical beep repeats every few seconds; it stops once every one is acknowledged or
 * closed. It ignores the panel's mute (an SOS must not go unheard). Answers the pending SOS.
 */
export function useSosAlarm(): IncidentItem[] {
  const sos = useIncidents(SOS_ALARM_REQUEST);
  const pending = useMemo(() => pendingSos(sos.data?.list), [sos.data?.list]);
  useRepeatingAlarm(pending.length > 0);
  return pending;
}

/** While `ringing`: the SOS siren at once, then every SOS_ALARM_INTERVAL_MS until it stops. */
export function useRepeatingAlarm(ringing: boolean): void {
  useEffect(() => {
    if (!ringing) return;
    playSosAlarm();
    const timer = window.setInterval(playSosAlarm, SOS_ALARM_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [ringing]);
}
