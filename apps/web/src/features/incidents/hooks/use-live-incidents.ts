import { useQueryClient } from "@tanstack/react-query";
import { HUB_EVENTS, INCIDENT_TYPE_LABELS, type IncidentItem } from "@treiber/contract";
import { useEffect, useRef, useState } from "react";
import { INCIDENTS_KEY } from "../../../shared/api/query-keys";
import { useHubEvent, useHubReconnected } from "../../../shared/realtime";
import { playAlertBeep } from "../lib/alert-sound";
import { isNewCritical, nextHighlighted } from "../lib/critical-alert";
import { applyIncidentToCache } from "../lib/incident-cache";
import { parseIncident } from "../lib/parse-incident";

export interface LiveIncidentsOptions {
  /** Incidents already on screen: known, so they never ring. */
  loaded: readonly IncidentItem[] | undefined;
  muted: boolean;
}

/**
 * Live incidents: every `ReceiveIncident` is upserted into the cached lists and trip views; a new
 * critical one beeps (unless muted; an SOS rings its own alarm), is highlighted until opened, acknowledged or closed, and is
 * announced to screen readers. After a reconnect everything incident-related reloads.
 */
export function useLiveIncidents({ loaded, muted }: LiveIncidentsOptions) {
  const queryClient = useQueryClient();
  const seen = useRef(new Set<number>());
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(() => new Set());
  const [announcement, setAnnouncement] = useState("");
  const mutedRef = useRef(muted);
  mutedRef.current = muted;

  useEffect(() => {
    for (const item of loaded ?? []) seen.current.add(item.id);
  }, [loaded]);

  useHubEvent(HUB_EVENTS.receiveIncident, (argument) => {
    const item = parseIncident(argument);
    if (!item) {
      // Not an IncidentItem as the contract says: reload rather than miss the change.
      void queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY });
      return;
    }
    const rings = isNewCritical(item, seen.current);
    setHighlighted((current) => nextHighlighted(current, item, rings));
    seen.current.add(item.id);
    applyIncidentToCache(queryClient, item);
    if (!rings) return;
    // An SOS has its own repeating alarm (useSosAlarm), whatever the mute.
    if (!mutedRef.current && item.type !== "SOS") playAlertBeep();
    setAnnouncement(announce(item));
  });

  useHubReconnected(() => void queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY }));

  const dismiss = (id: number) =>
    setHighlighted((current) => {
      if (!current.has(id)) return current;
      const next = new Set(current);
      next.delete(id);
      return next;
    });

  return { highlighted, dismiss, dismissAll: () => setHighlighted(new Set()), announcement };
}

function announce(item: IncidentItem): string {
  if (item.type === "SOS")
    return `Alerta SOS: ${item.personName ?? "persona desconocida"}, ${item.routeName || "sin viaje"}`;
  return `Nueva incidencia crítica: ${INCIDENT_TYPE_LABELS[item.type]}, ${item.routeName}`;
}
