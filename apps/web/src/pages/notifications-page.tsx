import { Card, Flex } from "antd";
import { useNotificationList } from "../features/notifications/api/list-notifications";
import { NotificationTable } from "../features/notifications/components/notification-table";
import { NotificationTagSelect } from "../features/notifications/components/notification-tag-select";
import { useNotificationFilters } from "../features/notifications/hooks/use-notification-filters";
import { DateRangeFilter } from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";

/** /Notifications: the notification history by type and date (last 6 days by default). */
export function NotificationsPage() {
  const { filters, request, pageSize, setPage, setTag, setDateRange } = useNotificationFilters();
  const query = useNotificationList(request);

  return (
    <PageSection title="Notificaciones">
      <Card>
        <Flex vertical gap={16}>
          <Flex gap={12} wrap align="center">
            <NotificationTagSelect value={filters.tag} onChange={setTag} />
            <DateRangeFilter
              sinceDate={filters.sinceDate}
              untilDate={filters.untilDate}
              onChange={setDateRange}
            />
          </Flex>
          <NotificationTable
            rows={query.data?.data}
            total={query.data?.amount}
            page={filters.page}
            pageSize={pageSize}
            loading={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            onPageChange={setPage}
          />
        </Flex>
      </Card>
    </PageSection>
  );
}
