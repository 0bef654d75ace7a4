import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { BookingManifestQuery, BookingManifestResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { BOOKINGS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/Booking/manifest?routeId=&date= (Admin, SuperAdmin): a route's riders on a service date. */
export async function getBookingManifest(query: BookingManifestQuery): Promise<BookingManifestResponse> {
  const { data } = await http.get<BookingManifestResponse>(clientPath(API.booking.manifest), {
    params: query,
  });
  return data;
}

export function bookingManifestQueryOptions(query: BookingManifestQuery) {
  return queryOptions({
    queryKey: [...BOOKINGS_KEY, "manifest", query],
    queryFn: () => getBookingManifest(query),
    placeholderData: keepPreviousData,
  });
}

/** The manifest of the chosen route and date; nothing is asked without a route. */
export function useBookingManifest(query: BookingManifestQuery | null) {
  return useQuery({
    ...bookingManifestQueryOptions(query ?? { routeId: 0, date: "" }),
    enabled: query !== null,
  });
}
