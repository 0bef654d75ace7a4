import { NOTIFICATION_PAGE_SIZE, type NotificationTag } from "@treiber/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { readPage, useUrlParamsUpdate } from "../../../shared/components/data-table";
import { DEFAULT_RANGE_DAYS } from "../../../shared/constants";
import { useUrlDateRange } from "../../../shared/hooks/use-url-date-range";
import type { NotificationListRequest } from "../api/list-notifications";
import { NOTIFICATION_TAG_LABELS } from "../notification-tag-labels";

function isTag(value: string | null): value is NotificationTag {
  return value !== null && Object.hasOwn(NOTIFICATION_TAG_LABELS, value);
}

/**
 * Filters of the notifications page, kept in the URL: `page`, `tag`, `sinceDate`, `untilDate`
 * (MM/DD/YYYY). Without dates the range is the last 6 days through today (spec §9).
 */
export function useNotificationFilters(today: Date = new Date()) {
  const [searchParams] = useSearchParams();
  const range = useUrlDateRange(DEFAULT_RANGE_DAYS, today);

  const filters = useMemo(() => {
    const tag = searchParams.get("tag");
    return {
      page: readPage(searchParams.get("page")),
      tag: isTag(tag) ? tag : undefined,
      sinceDate: range.sinceDate,
      untilDate: range.untilDate,
    };
  }, [searchParams, range]);

  const update = useUrlParamsUpdate();

  const request: NotificationListRequest = useMemo(
    () => ({
      amount: NOTIFICATION_PAGE_SIZE,
      skip: filters.page,
      ...(filters.tag && { tag: filters.tag }),
      sinceDate: filters.sinceDate,
      untilDate: filters.untilDate,
    }),
    [filters],
  );

  return {
    filters,
    request,
    pageSize: NOTIFICATION_PAGE_SIZE,
    setPage: (page: number) => update({ page }),
    setTag: (tag: NotificationTag | undefined) => update({ tag, page: undefined }),
    setDateRange: (sinceDate: string | undefined, untilDate: string | undefined) =>
      update({ sinceDate, untilDate, page: undefined }),
  };
}
