import { Flex } from "antd";
import { useId, useMemo, useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { useNow } from "../../../shared/hooks/use-now";
import { useIncidents } from "../api/list-incidents";
import { useIncidentDialogs } from "../hooks/use-incident-dialogs";
import { useIncidentFilters } from "../hooks/use-incident-filters";
import { useLiveIncidents } from "../hooks/use-live-incidents";
import { useSosAlarm } from "../hooks/use-sos-alarm";
import { useSoundMuted } from "../hooks/use-sound-muted";
import { sortIncidents } from "../lib/incident-order";
import { IncidentDialogs } from "./incident-dialogs";
import { IncidentFilters } from "./incident-filters";
import { IncidentList } from "./incident-list";
import { IncidentPager } from "./incident-pager";
import { IncidentsAnnouncement } from "./incidents-announcement";
import { IncidentsPanelHeader } from "./incidents-panel-header";
import { SosBanner } from "./sos-banner";

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
 * on a click, and the branch offices' thresholds. An SOS (issue 38) lists first, rings a repeating
 * alarm with a red banner until someone takes it, and opens on the person's live position; safety
 * incidents close by hand («Cerrar», with a note and an outcome).
 */
export function IncidentsPanel({ listHeight = 420 }: IncidentsPanelProps) {
  const headingId = useId();
  const now = useNow(30_000);
  const incidentFilters = useIncidentFilters();
  const { filters, request, pageSize } = incidentFilters;
  const incidents = useIncidents(request);
  const { muted, toggle } = useSoundMuted();
  const live = useLiveIncidents({ loaded: incidents.data?.list, muted });
  const pendingSos = useSosAlarm();
  const [thresholdsOpen, setThresholdsOpen] = useState(false);

  // The server's order, kept after live upserts (by severity then newest for the unclosed view).
  const list = useMemo(
    () => sortIncidents(incidents.data?.list ?? [], request.status),
    [incidents.data?.list, request.status],
  );
  const total = incidents.data?.amount ?? 0;
  const openCount = incidents.data?.openCount ?? 0;
  const newCritical = live.highlighted.size;
  const dialogs = useIncidentDialogs({ dismiss: live.dismiss, list, pendingSos });
  const { open, acknowledge, closeIncident } = dialogs;

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
        <SosBanner pending={pendingSos} now={now} onOpen={open} onAcknowledge={acknowledge} />
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
          onAcknowledge={acknowledge}
          onCloseIncident={closeIncident}
        />
        <IncidentPager
          page={filters.page}
          pageSize={pageSize}
          total={total}
          onChange={incidentFilters.setPage}
        />
      </Flex>
      <IncidentDialogs
        dialogs={dialogs}
        thresholdsOpen={thresholdsOpen}
        onCloseThresholds={() => setThresholdsOpen(false)}
      />
    </section>
  );
}
