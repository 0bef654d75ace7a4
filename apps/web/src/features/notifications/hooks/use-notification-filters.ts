import { NOTIFICATION_PAGE_SIZE, type NotificationTag } from "@treiber/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { readPage, useUrlParamsUpdate } from "../../../shared/components/data-table";
import { DEFAULT_RANGE_DAYS } from "../../../shared/constants";
import { dayjs, lastDays, toApiDate } from "../../../shared/format";
import type { NotificationListRequest } from "../api/list-notifications";
import { NOTIFICATION_TAG_LABELS } from "../notification-tag-labels";

const API_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

function isTag(value: string | null): value is NotificationTag {
  return value !== null && Object.hasOwn(NOTIFICATION_TAG_LABELS, value);
}

/**
 * Filters of the notifications page, kept in the URL: `page`, `tag`, `sinceDate`, `untilDate`
 * (MM/DD/YYYY). Without dates the range is the last 6 days through today (spec §9).
 */
export function useNotificationFilters(today: Date = new Date()) {
  const [searchParams] = useSearchParams();
  const todayKey = toApiDate(today);

  const filters = useMemo(() => {
    const [defaultSince, defaultUntil] = lastDays(DEFAULT_RANGE_DAYS, dayjs(todayKey, "MM/DD/YYYY"));
    const since = searchParams.get("sinceDate");
    const until = searchParams.get("untilDate");
    const custom = since !== null && until !== null && API_DATE.test(since) && API_DATE.test(until);
    const tag = searchParams.get("tag");
    return {
      page: readPage(searchParams.get("page")),
      tag: isTag(tag) ? tag : undefined,
      sinceDate: custom ? since : toApiDate(defaultSince),
      untilDate: custom ? until : toApiDate(defaultUntil),
    };
  }, [searchParams, todayKey]);

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
