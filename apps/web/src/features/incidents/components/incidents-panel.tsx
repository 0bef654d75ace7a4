import { MutedOutlined, SettingOutlined, SoundOutlined } from "@ant-design/icons";
import type { IncidentItem } from "@treiber/contract";
import { Badge, Button, Empty, Flex, Skeleton, Tag, Tooltip } from "antd";
import { useId, useMemo, useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { SectionTitle } from "../../../shared/components/section-title";
import { useNow } from "../../../shared/hooks/use-now";
import { useIncidents } from "../api/list-incidents";
import { useIncidentFilters } from "../hooks/use-incident-filters";
import { useLiveIncidents } from "../hooks/use-live-incidents";
import { useSoundMuted } from "../hooks/use-sound-muted";
import { sortIncidents } from "../lib/incident-order";
import { IncidentFilters } from "./incident-filters";
import { IncidentPager } from "./incident-pager";
import { IncidentRow } from "./incident-row";
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
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex align="center" gap={8}>
            <SectionTitle size={4} style={{ margin: 0 }}>
              <span id={headingId}>Incidencias</span>
            </SectionTitle>
            <Badge
              count={openCount}
              showZero
              overflowCount={999}
              color={openCount > 0 ? "#cf1322" : "#1b5e20"}
              title={`${openCount} sin cerrar`}
              data-testid="incidents-open-count"
            />
            <span className="plain-visually-hidden">sin cerrar</span>
            {newCritical > 0 ? (
              <>
                <Tag color="red" data-testid="incidents-new-critical">
                  {newCritical === 1 ? "1 nueva crítica" : `${newCritical} nuevas críticas`}
                </Tag>
                <Button type="link" size="small" onClick={live.dismissAll} data-testid="incidents-seen">
                  Marcar como vistas
                </Button>
              </>
            ) : null}
          </Flex>
          <Flex gap={4}>
            <Tooltip title={muted ? "Activar el sonido de alertas" : "Silenciar el sonido de alertas"}>
              <Button
                type="text"
                icon={muted ? <MutedOutlined /> : <SoundOutlined />}
                aria-label="Silenciar alertas"
                aria-pressed={muted}
                onClick={toggle}
                data-testid="incidents-mute"
              />
            </Tooltip>
            <Tooltip title="Umbrales de incidencias">
              <Button
                type="text"
                icon={<SettingOutlined />}
                aria-label="Umbrales de incidencias"
                onClick={() => setThresholdsOpen(true)}
                data-testid="incidents-thresholds"
              />
            </Tooltip>
          </Flex>
        </Flex>
        <IncidentFilters
          filters={filters}
          onTypeChange={incidentFilters.setType}
          onStatusChange={incidentFilters.setStatus}
          onDateRangeChange={incidentFilters.setDateRange}
        />
        <div
          role="status"
          aria-live="polite"
          className="plain-visually-hidden"
          data-testid="incidents-announcement"
        >
          {live.announcement}
        </div>
        {incidents.error ? (
          <ErrorAlert error={incidents.error} onRetry={() => void incidents.refetch()} />
        ) : null}
        {incidents.isLoading ? (
          <div data-testid="incidents-loading" aria-busy="true">
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </div>
        ) : list.length === 0 && !incidents.error ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              filters.status === "OPEN" && !filters.type ? NO_OPEN_INCIDENTS_MESSAGE : NO_INCIDENTS_MESSAGE
            }
            data-testid="incidents-empty"
          />
        ) : list.length > 0 ? (
          <ul
            aria-labelledby={headingId}
            data-testid="incidents-list"
            style={{ margin: 0, padding: 0, maxHeight: listHeight, overflowY: "auto" }}
          >
            {list.map((item) => (
              <IncidentRow
                key={item.id}
                item={item}
                now={now}
                highlighted={live.highlighted.has(item.id)}
                onOpen={open}
                onAcknowledge={(incident) => {
                  live.dismiss(incident.id);
                  setAcknowledging(incident);
                }}
              />
            ))}
          </ul>
        ) : null}
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
