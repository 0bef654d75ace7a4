import type { IncidentItem } from "@treiber/contract";
import { useState } from "react";

/**
 * Which incident the panel has open on the map, is attending or is closing: opening one of them
 * also stops its highlight (`dismiss`). `openedNow` is the opened one as it is now (acknowledged
 * or closed since, live or by this admin), looked up in the list and the pending SOS.
 */
export function useIncidentDialogs(options: {
  dismiss: (id: number) => void;
  list: readonly IncidentItem[];
  pendingSos: readonly IncidentItem[];
}) {
  const { dismiss, list, pendingSos } = options;
  const [opened, setOpened] = useState<IncidentItem | null>(null);
  const [acknowledging, setAcknowledging] = useState<IncidentItem | null>(null);
  const [closing, setClosing] = useState<IncidentItem | null>(null);

  const open = (item: IncidentItem) => {
    dismiss(item.id);
    setOpened(item);
  };
  const acknowledge = (item: IncidentItem) => {
    dismiss(item.id);
    setAcknowledging(item);
  };
  const closeIncident = (item: IncidentItem) => {
    dismiss(item.id);
    setClosing(item);
  };
  const openedNow = opened
    ? (list.find((item) => item.id === opened.id) ??
      pendingSos.find((item) => item.id === opened.id) ??
      opened)
    : null;

  return {
    openedNow,
    acknowledging,
    closing,
    open,
    acknowledge,
    closeIncident,
    closeOpened: () => setOpened(null),
    stopAcknowledging: () => setAcknowledging(null),
    stopClosing: () => setClosing(null),
    /** Closed from its drawer: the drawer goes too (a closed one may leave the list it came from). */
    closedFromDrawer: (id: number) => setOpened((current) => (current?.id === id ? null : current)),
  };
}

export type IncidentDialogs = ReturnType<typeof useIncidentDialogs>;
