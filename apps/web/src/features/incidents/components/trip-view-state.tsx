import { getErrorStatus } from "@treiber/client";
import { Alert, Flex, Skeleton } from "antd";
import { ErrorAlert } from "../../../shared/components/error-alert";

/** Loading skeleton, not-found and error states of the incident's trip. */
export function TripViewState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (loading) {
    return (
      <Flex vertical gap={16} data-testid="incident-trip-loading" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
        <Skeleton.Node active style={{ width: "100%", height: 300 }} />
      </Flex>
    );
  }
  if (getErrorStatus(error) === 404) return <Alert type="warning" showIcon title="Viaje no encontrado" />;
  return <ErrorAlert error={error} onRetry={onRetry} />;
}
