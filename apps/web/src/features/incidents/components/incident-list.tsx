import type { IncidentItem } from "@treiber/contract";
import { Empty, Skeleton } from "antd";
import { IncidentRow } from "./incident-row";

export interface IncidentListProps {
  headingId: string;
  loading: boolean;
  /** The list failed to load: its error shows instead of «Sin incidencias». */
  failed: boolean;
  list: IncidentItem[];
  emptyMessage: string;
  listHeight: number;
  now: Date;
  highlighted: ReadonlySet<number>;
  onOpen: (item: IncidentItem) => void;
  onAcknowledge: (item: IncidentItem) => void;
  onCloseIncident: (item: IncidentItem) => void;
}

/** The incidents' scrolling list, its loading skeleton, or the empty message. */
export function IncidentList(props: IncidentListProps) {
  const { headingId, loading, failed, list, emptyMessage, listHeight, now, highlighted } = props;
  if (loading) {
    return (
      <div data-testid="incidents-loading" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (list.length === 0) {
    return failed ? null : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyMessage} data-testid="incidents-empty" />
    );
  }
  return (
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
          highlighted={highlighted.has(item.id)}
          onOpen={props.onOpen}
          onAcknowledge={props.onAcknowledge}
          onCloseIncident={props.onCloseIncident}
        />
      ))}
    </ul>
  );
}
