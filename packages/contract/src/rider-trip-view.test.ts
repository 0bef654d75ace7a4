import { describe, expect, it } from "vitest";
import { currentTripResponseSchema, type RiderTripView, type TripDetail } from "./operations.js";

const rider: RiderTripView = {
  view: "rider",
  id: 1,
  routeId: 2,
  routeNotScheduledId: null,
  routeName: "Ruta",
  status: "InProgress",
  startedDate: "2026-01-01T00:00:00.000Z",
  endedDate: null,
  driverId: 3,
  driverName: "Pedro",
  driverLastname: "Santos",
  driverImage: null,
  vehiclePlate: null,
  vehicleModel: null,
  destinationName: null,
  destinationLatitude: null,
  destinationLongitude: null,
  lastLatitude: null,
  lastLongitude: null,
  lastPositionDate: null,
  positions: [],
  myStatus: "Pending",
  amountExpected: 3,
  amountCollaborators: 1,
  amountCanceled: 1,
};

const whole: TripDetail = {
  ...rider,
  supplierId: 4,
  supplierName: "Suplidor",
  cost: 987.65,
  riders: [],
  comments: [],
};

describe("GET IntermediateRoute/current/{id} (issue 21)", () => {
  it("an answer marked as the rider's view keeps only the rider's fields, whatever else it carries", () => {
    const leaky = { ...whole, view: "rider", riders: [{ name: "Beto" }], comments: [{ comment: "x" }] };
    expect(currentTripResponseSchema.parse(leaky)).toEqual(rider);
  });

  it("an unmarked answer is the whole trip", () => {
    const {
      view: _view,
      myStatus: _mine,
      amountExpected: _expected,
      ...unmarked
    } = whole as TripDetail & Partial<RiderTripView>;
    expect(currentTripResponseSchema.parse(unmarked)).toHaveProperty("cost", 987.65);
  });
});
