import { getErrorMessage } from "@treiber/client";
import { formatDateTime } from "@treiber/client/format";
import type { TripRider } from "@treiber/contract";
import { Alert, Empty, List, Spin, Typography } from "antd";
import { useCancelComment, useRiderComments } from "../api/list-rider-comments";

export interface RiderCommentsProps {
  intermediateRouteId: number;
  rider: TripRider;
}

/** A rider's comments on the trip and, if cancelled, the cancellation comment. */
export function RiderComments({ intermediateRouteId, rider }: RiderCommentsProps) {
  const comments = useRiderComments(intermediateRouteId, rider.employeeId);
  const canceled = rider.status === "Canceled";
  const cancel = useCancelComment(intermediateRouteId, rider.employeeId, canceled);

  if (comments.isLoading || (canceled && cancel.isLoading)) return <Spin size="small" />;
  if (comments.error) return <Alert type="error" showIcon message={getErrorMessage(comments.error)} />;

  const cancelText = cancel.data?.comment ?? rider.comment;
  return (
    <div data-testid="rider-comments">
      {canceled ? (
        <Typography.Paragraph style={{ marginBottom: 8 }}>
          <Typography.Text strong>Motivo de cancelación: </Typography.Text>
          {cancelText || "Sin comentario"}
          {cancel.data?.canceledDate || rider.canceledDate ? (
            <Typography.Text type="secondary">
              {` (${formatDateTime(cancel.data?.canceledDate ?? rider.canceledDate ?? "")})`}
            </Typography.Text>
          ) : null}
        </Typography.Paragraph>
      ) : null}
      {comments.data && comments.data.length > 0 ? (
        <List
          size="small"
          header={<Typography.Text strong>Comentarios</Typography.Text>}
          dataSource={comments.data}
          renderItem={(item) => (
            <List.Item key={item.id}>
              <List.Item.Meta title={item.comment} description={formatDateTime(item.createdDate)} />
            </List.Item>
          )}
        />
      ) : canceled ? null : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin comentarios" />
      )}
    </div>
  );
}
