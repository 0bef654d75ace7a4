import type { BookingManifestResponse, ManifestItem, TripDetail, TripRider } from "@treiber/contract";

/** The TripPage tests' data: a driver's trip in progress with Ana and Beto, and its day's bookings. */
export const person = (employeeId: number, name: string) => ({
  employeeId,
  name,
  lastname: "Pérez",
  codeEmployee: `E${employeeId}`,
});
export const rider = (employeeId: number, name: string): TripRider => ({
  ...person(employeeId, name),
  department: null,
  jobTitle: null,
  status: "Pending",
  scannedDate: null,
  canceledDate: null,
  comment: null,
});
export const booking = (employeeId: number, name: string, status: ManifestItem["status"]): ManifestItem => ({
  ...person(employeeId, name),
  stopName: null,
  status,
  waitlistPosition: null,
  plannedTime: null,
  assigned: true,
  reason: status === "CANCELLED" ? "Trabaja desde casa" : null,
  changedAt: null,
  changedBy: null,
  changedByAdmin: false,
});

/** Trip 41 of route 5 («Naco 1»), in progress, with Ana and Beto; `overrides` change what a test needs. */
export const tripInProgress = (overrides: Partial<TripDetail> = {}): TripDetail => ({
  id: 41,
  routeId: 5,
  routeNotScheduledId: null,
  routeName: "Naco 1",
  driverId: 1,
  driverName: "Chofer",
  driverLastname: "Demo",
  supplierId: 1,
  supplierName: "Suplidor",
  status: "InProgress",
  startedDate: new Date().toISOString(),
  endedDate: null,
  cost: 0,
  lastLatitude: null,
  lastLongitude: null,
  lastPositionDate: null,
  amountCollaborators: 2,
  amountCanceled: 0,
  destinationName: "Planta",
  destinationLatitude: null,
  destinationLongitude: null,
  positions: [],
  riders: [rider(1, "Ana"), rider(2, "Beto")],
  comments: [],
  ...overrides,
});

/** The day's manifest of the route: Ana confirmed, Beto cancelled. */
export const manifestOf = (routeId: number, date: string): BookingManifestResponse => ({
  routeId,
  routeName: "Naco 1",
  date,
  shiftName: null,
  confirmationRequired: false,
  cutoffAt: new Date().toISOString(),
  seats: null,
  confirmed: 1,
  waitlisted: 0,
  cancelled: 1,
  noShow: 0,
  ridden: 0,
  list: [booking(1, "Ana", "CONFIRMED"), booking(2, "Beto", "CANCELLED")],
});
