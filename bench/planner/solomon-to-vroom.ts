import type { VroomInput } from "@treiber/planner";

/** Distances, times and service × 1000, rounded, as VROOM's vrptw_to_json.py does. */
export const PRECISION = 1000;
/** Far above any route's distance: fewest vehicles first, then distance. */
export const FIXED_COST = 1e9;

export type SolomonInstance = {
  name: string;
  vehicles: number;
  capacity: number;
  /** Row 0 is the depot. */
  customers: {
    id: number;
    x: number;
    y: number;
    demand: number;
    ready: number;
    due: number;
    service: number;
  }[];
};

export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const name = lines.find((line) => line.length > 0) ?? "";
  const vehicleLine = lines.findIndex((line) => line.startsWith("NUMBER"));
  const [vehicles = 0, capacity = 0] = (lines[vehicleLine + 1] ?? "").split(/\s+/).map(Number);
  const customers = lines
    .slice(lines.findIndex((line) => line.startsWith("CUST NO.")) + 1)
    .filter((line) => /^\d/.test(line))
    .map((line) => {
      const [id = 0, x = 0, y = 0, demand = 0, ready = 0, due = 0, service = 0] = line
        .split(/\s+/)
        .map(Number);
      return { id, x, y, demand, ready, due, service };
    });
  return { name, vehicles, capacity, customers };
}

/** The customer at a row (0: the depot). */
export function customerAt(instance: SolomonInstance, row: number): SolomonInstance["customers"][number] {
  const customer = instance.customers[row];
  if (!customer) throw new Error(`${instance.name} has no row ${row}`);
  return customer;
}

export function euclidean(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function solomonToVroom(instance: SolomonInstance): VroomInput {
  const { customers } = instance;
  const durations = customers.map((a) => customers.map((b) => Math.floor(PRECISION * euclidean(a, b) + 0.5)));
  const depot = customerAt(instance, 0);
  return {
    jobs: customers.slice(1).map((customer, index) => ({
      id: customer.id,
      location: [customer.x, customer.y],
      location_index: index + 1,
      delivery: [customer.demand],
      time_windows: [[PRECISION * customer.ready, PRECISION * customer.due]],
      service: PRECISION * customer.service,
    })),
    vehicles: Array.from({ length: instance.vehicles }, (_, id) => ({
      id,
      start: [depot.x, depot.y],
      start_index: 0,
      end: [depot.x, depot.y],
      end_index: 0,
      capacity: [instance.capacity],
      time_window: [PRECISION * depot.ready, PRECISION * depot.due] as [number, number],
      costs: { fixed: FIXED_COST },
    })),
    matrices: { car: { durations } },
  };
}
