import type { DemoRole } from "./demo-accounts.js";
import type { BranchKey } from "./demo-places.js";
import type { Point } from "./point.js";

/** The demo rows planned in memory before they are inserted (indexes refer to other plans). */
export type PersonPlan = {
  email: string;
  role: DemoRole;
  name: string;
  lastname: string;
  telephone: string;
  createdAt: Date;
};
export type EmployeePlan = PersonPlan & {
  code: string;
  department: string;
  jobTitle: string;
  branch: BranchKey;
  address: string;
  lat: number;
  lng: number;
};
export type DriverPlan = PersonPlan & {
  supplier: number;
  identityCard: string;
  licenseNumber: string;
  vehiclePlate: string;
  vehicleModel: string;
  vehicleCapacity: number;
};
export type TripPlan = {
  route?: number;
  rns?: number;
  driver: number;
  start: Date;
  end: Date | null;
  cost: string;
  from: Point;
  to: Point;
  withTrail: boolean;
  /** Employee indexes expected on board. */
  riders: number[];
  routeName: string;
};
export type ServicePlan = {
  trip: number;
  employee: number;
  status: "Boarded" | "Canceled";
  at: Date;
  comment: string | null;
};
