import type { IncidentItem } from "@treiber/contract";
import { Flex } from "antd";
import { useId, useMemo, useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { useNow } from "../../../shared/hooks/use-now";
import { useIncidents } from "../api/list-incidents";
import { useIncidentFilters } from "../hooks/use-incident-filters";
import { useLiveIncidents } from "../hooks/use-live-incidents";
import { useSoundMuted } from "../hooks/use-sound-muted";
import { sortIncidents } from "../lib/incident-order";
import { IncidentFilters } from "./incident-filters";
import { IncidentList } from "./incident-list";
import { IncidentPager } from "./incident-pager";
import { IncidentsAnnouncement } from "./incidents-announcement";
import { IncidentsPanelHeader } from "./incidents-panel-header";
import { LazyAcknowledgeDialog, LazyIncidentTripDrawer, LazyThresholdsDialog } from "./lazy-dialogs";

export interface IncidentsPanelProps {
  /** Maximum height of the scrolling list (about the map's height beside it). */
  listHeight?: number;
}

export const NO_OPEN_INCIDENTS_MESSAGE = "Sin incidencias abiertas";
export const NO_INCIDENTS_MESSAGE = "Sin incidencias con estos filtros";

/**
 * «Incidencias» (issue 25), beside the live map: the unclosed incidents by severity then newest
 * (or the history with the filters, kept in the URL), live from ReceiveIncident, a beep and a
 * highlight for a new critical one (mute remembered), «Atender» with a note, the trip on the map
 * on a click, and the branch offices' thresholds.
 */
export function IncidentsPanel({ listHeight = 420 }: IncidentsPanelProps) {
  const headingId = useId();
  const now = useNow(30_000);
  const incidentFilters = useIncidentFilters();
  const { filters, request, pageSize } = incidentFilters;
  const incidents = useIncidents(request);
  const { muted, toggle } = useSoundMuted();
  const live = useLiveIncidents({ loaded: incidents.data?.list, muted });
  const [opened, setOpened] = useState<IncidentItem | null>(null);
  const [acknowledging, setAcknowledging] = useState<IncidentItem | null>(null);
  const [thresholdsOpen, setThresholdsOpen] = useState(false);

  // The server's order, kept after live upserts (by severity then newest for the unclosed view).
  const list = useMemo(
    () => sortIncidents(incidents.data?.list ?? [], request.status),
    [incidents.data?.list, request.status],
  );
  const total = incidents.data?.amount ?? 0;
  const openCount = incidents.data?.openCount ?? 0;
  const newCritical = live.highlighted.size;

  const open = (item: IncidentItem) => {
    live.dismiss(item.id);
    setOpened(item);
  };

  return (
    <section aria-labelledby={headingId} data-testid="incidents-panel">
      <Flex vertical gap={8}>
        <IncidentsPanelHeader
          headingId={headingId}
          openCount={openCount}
          newCritical={newCritical}
          onSeen={live.dismissAll}
          muted={muted}
          onToggleMuted={toggle}
          onThresholds={() => setThresholdsOpen(true)}
        />
        <IncidentFilters
          filters={filters}
          onTypeChange={incidentFilters.setType}
          onStatusChange={incidentFilters.setStatus}
          onDateRangeChange={incidentFilters.setDateRange}
        />
        <IncidentsAnnouncement text={live.announcement} />
        {incidents.error ? (
          <ErrorAlert error={incidents.error} onRetry={() => void incidents.refetch()} />
        ) : null}
        <IncidentList
          headingId={headingId}
          loading={incidents.isLoading}
          failed={Boolean(incidents.error)}
          list={list}
          emptyMessage={
            filters.status === "OPEN" && !filters.type ? NO_OPEN_INCIDENTS_MESSAGE : NO_INCIDENTS_MESSAGE
          }
          listHeight={listHeight}
          now={now}
          highlighted={live.highlighted}
          onOpen={open}
          onAcknowledge={(incident) => {
            live.dismiss(incident.id);
            setAcknowledging(incident);
          }}
        />
        <IncidentPager
          page={filters.page}
          pageSize={pageSize}
          total={total}
          onChange={incidentFilters.setPage}
        />
      </Flex>
      <LazyIncidentTripDrawer incident={opened} onClose={() => setOpened(null)} />
      <LazyAcknowledgeDialog incident={acknowledging} onClose={() => setAcknowledging(null)} />
      <LazyThresholdsDialog open={thresholdsOpen} onClose={() => setThresholdsOpen(false)} />
    </section>
  );
}
