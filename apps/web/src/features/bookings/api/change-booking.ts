import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingAdminRequest, BookingAdminResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { BOOKINGS_KEY, REPORTS_KEY } from "../../../shared/api/query-keys";

/**
 * PUT /api/v1/Booking/admin { employeeId, routeId, date, status, reason } (Admin, SuperAdmin): an
 * administrator's change of a rider's booking, with its reason, also after the cut-off.
 */
export async function changeBooking(body: BookingAdminRequest): Promise<BookingAdminResponse> {
  const { data } = await http.put<BookingAdminResponse>(clientPath(API.booking.admin), body);
  return data;
}

/** Changes a booking; the day's routes, the manifests and the reports reload. */
export function useChangeBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBooking,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
      ]),
  });
}
