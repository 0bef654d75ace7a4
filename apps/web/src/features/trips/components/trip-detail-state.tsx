import { getErrorStatus } from "@treiber/client";
import { Alert, Flex, Skeleton } from "antd";
import type { ReactNode } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";

export interface TripDetailStateProps {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Message for a trip that does not exist (or is no longer in progress). */
  notFoundMessage: string;
  notFoundAction?: ReactNode;
}

/** Loading skeleton, not-found and error states of a trip detail. */
export function TripDetailState({
  loading,
  error,
  onRetry,
  notFoundMessage,
  notFoundAction,
}: TripDetailStateProps) {
  if (loading) {
    return (
      <Flex vertical gap={16} data-testid="trip-detail-loading">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
        <Skeleton.Node active style={{ width: "100%", height: 300 }} />
      </Flex>
    );
  }
  if (getErrorStatus(error) === 404) {
    return <Alert type="warning" showIcon message={notFoundMessage} action={notFoundAction} />;
  }
  return <ErrorAlert error={error} onRetry={onRetry} />;
}
