import { DISPUTE_STATUS_LABELS, type DisputeItem, type DisputeStatus } from "@treiber/contract";
import { Card, Empty, Segmented, Table, Tag } from "antd";
import { useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { useDisputes, useOpenDisputes } from "../api/list-disputes";
import type { DisputeViewer } from "../hooks/use-dispute-viewer";
import { disputeColumns } from "./dispute-columns";
import { type DisputeResolution, ResolveDisputeDialog } from "./resolve-dispute-dialog";

const PAGE_SIZE = 10;
type StatusFilter = DisputeStatus | "ALL";
const FILTERS: { label: string; value: StatusFilter }[] = [
  { label: "Todas", value: "ALL" },
  { label: DISPUTE_STATUS_LABELS.OPEN, value: "OPEN" },
  { label: DISPUTE_STATUS_LABELS.ACCEPTED, value: "ACCEPTED" },
  { label: DISPUTE_STATUS_LABELS.REJECTED, value: "REJECTED" },
];

/** «N abiertas» beside the card's title (the cut's open disputes, whatever the filter shows). */
function OpenCount({ cutId }: { cutId: number }) {
  const open = useOpenDisputes(cutId);
  if (open.data === undefined) return null;
  const count = open.data.amount;
  return (
    <Tag color={count > 0 ? "gold" : "default"} data-testid="open-disputes">
      {count === 1 ? "1 abierta" : `${count} abiertas`}
    </Tag>
  );
}

/**
 * «Disputas» of one cut (GET Dispute/list by cutId and status): who disputed which trip, why and for
 * how much, and how it was settled (who, when, note, the adjustment and the cut that pays it). A
 * supplier's user sees only theirs (the server filters); an admin accepts or rejects the open ones.
 */
export function CutDisputes({
  cutId,
  viewer,
  onOpenCut,
}: {
  cutId: number;
  viewer: DisputeViewer;
  onOpenCut?: (cutId: number) => void;
}) {
  const [status, setStatus] = useState<StatusFilter>("ALL");
  const [page, setPage] = useState(1);
  const [resolution, setResolution] = useState<DisputeResolution | null>(null);
  const query = useDisputes({
    cutId,
    status: status === "ALL" ? undefined : status,
    amount: PAGE_SIZE,
    skip: page,
  });
  const empty = status === "ALL" ? "Sin disputas en este corte" : "Sin disputas con este estado";

  return (
    <Card
      title={
        <>
          Disputas <OpenCount cutId={cutId} />
        </>
      }
      extra={
        <Segmented<StatusFilter>
          size="small"
          options={FILTERS}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      }
    >
      {query.error ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<DisputeItem>
          size="small"
          rowKey="id"
          columns={disputeColumns({ viewer, onResolve: setResolution, onOpenCut })}
          dataSource={query.data?.list}
          loading={query.isFetching}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.amount ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      )}
      <ResolveDisputeDialog resolution={resolution} onClose={() => setResolution(null)} />
    </Card>
  );
}
