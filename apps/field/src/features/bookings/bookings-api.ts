import type {
  BookingRouteItem,
  BookingRoutesResponse,
  MyBookingItem,
  MyBookingsResponse,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";

/** What «Mis viajes» reads from the server (tests give their own). */
export interface BookingsApi {
  /** `GET Booking/my`: the next 14 days (the server's default range). */
  my(): Promise<MyBookingItem[]>;
  /** `GET Booking/routes?date=`: other routes of the branch office where «Pedir asiento» can ask. */
  routes(date: string): Promise<BookingRouteItem[]>;
}

export const httpBookingsApi: BookingsApi = {
  async my() {
    const { data } = await http.get<MyBookingsResponse>(clientPath(API.booking.my));
    return data.list;
  },
  async routes(date) {
    const { data } = await http.get<BookingRoutesResponse>(clientPath(API.booking.routes), {
      params: { date },
    });
    return data.list;
  },
};
