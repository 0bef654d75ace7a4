import {
  NO_RATE,
  type PlanningContext,
  type PlanningDriver,
  type PlanningProposal,
  type PlanningRider,
  type PlanParams,
  type PlanPoint,
  type PlanRoute,
  type PlanStop,
} from "@treiber/contract";

/** Test data of the Planificación page: points on a line north of the workplace, km apart. */
export const at = (kmNorth: number, kmEast = 0): PlanPoint => ({
  latitude: 18.45 + kmNorth * 0.008993,
  longitude: -69.95 + kmEast * 0.009482,
});

export const WORKPLACE = at(0);

export const PARAMS: PlanParams = {
  direction: "inbound",
  shiftTime: "08:00",
  workplace: WORKPLACE,
  speedKmh: 24,
  circuity: 1.3,
  serviceMinutes: 2,
  maxRideMinutes: 60,
};

export function stop(key: string, point: PlanPoint, employeeIds: number[], name = `Parada ${key}`): PlanStop {
  return { key, name, address: null, ...point, plannedTime: "", employeeIds };
}

export function route(overrides: Partial<PlanRoute> & Pick<PlanRoute, "key" | "stops">): PlanRoute {
  return {
    routeId: null,
    name: `Ruta ${overrides.key}`,
    driverId: 1,
    driverName: "Juan Pérez",
    supplierName: "Transportes Norte",
    vehiclePlate: "A100001",
    seats: 4,
    cost: 50,
    ...overrides,
  };
}

export function rider(overrides: Partial<PlanningRider> & Pick<PlanningRider, "employeeId">): PlanningRider {
  const home = at(overrides.employeeId % 10);
  return {
    name: `Nombre${overrides.employeeId}`,
    lastname: `Apellido${overrides.employeeId}`,
    codeEmployee: `E${overrides.employeeId}`,
    address: `Calle ${overrides.employeeId}`,
    latitude: home.latitude,
    longitude: home.longitude,
    routeId: null,
    routeName: null,
    otherRouteName: null,
    ...overrides,
  };
}

export function driver(
  overrides: Partial<PlanningDriver> & Pick<PlanningDriver, "driverId">,
): PlanningDriver {
  return {
    name: `Chofer${overrides.driverId}`,
    lastname: "García",
    supplierName: "Transportes Norte",
    vehiclePlate: `P${overrides.driverId}`,
    vehicleModel: "Toyota Hiace",
    seats: 4,
    cost: 50,
    rate: NO_RATE,
    routeId: null,
    ...overrides,
  };
}

/** Two current routes (Ruta Norte, id 1: riders 11 and 12; Ruta Sur, id 2: rider 13), one rider without route (14), one without location (15), one on another workplace's route (16). */
export function planningContext(): PlanningContext {
  const current = [
    route({
      key: "r1",
      routeId: 1,
      name: "Ruta Norte",
      driverId: 1,
      stops: [stop("c1", at(9), [11]), stop("c2", at(6), [12])],
    }),
    route({
      key: "r2",
      routeId: 2,
      name: "Ruta Sur",
      driverId: 2,
      driverName: "Chofer2 García",
      stops: [stop("c3", at(3), [13])],
    }),
  ];
  return {
    shift: {
      id: 7,
      name: "Mañana",
      direction: "inbound",
      time: "08:00",
      days: [
        { id: 1, name: "Lunes" },
        { id: 2, name: "Martes" },
      ],
      branchOfficeId: 3,
      branchOfficeName: "Sede Central",
    },
    destinationId: 5,
    destinations: [
      { id: 5, name: "Oficina Piantini", ...WORKPLACE, amountRoutes: 2 },
      { id: 6, name: "Almacén Herrera", latitude: 18.47, longitude: -69.98, amountRoutes: 0 },
    ],
    riders: [
      rider({ employeeId: 11, ...at(9), routeId: 1, routeName: "Ruta Norte" }),
      rider({ employeeId: 12, ...at(6), routeId: 1, routeName: "Ruta Norte" }),
      rider({ employeeId: 13, ...at(3), routeId: 2, routeName: "Ruta Sur" }),
      rider({ employeeId: 14, ...at(7.5) }),
      rider({ employeeId: 15, latitude: null, longitude: null, address: null }),
      rider({ employeeId: 16, otherRouteName: "Ruta Almacén" }),
    ],
    drivers: [
      driver({ driverId: 1, routeId: 1 }),
      driver({ driverId: 2, routeId: 2 }),
      driver({ driverId: 3, seats: 15, supplierName: "Autobuses del Este" }),
      driver({ driverId: 4, seats: 0, vehiclePlate: null }),
    ],
    calibration: {
      trips: 2,
      minTrips: 5,
      calibrated: false,
      peakSpeedKmh: 22,
      offPeakSpeedKmh: 32,
      circuity: 1.35,
      peakTrips: 2,
      offPeakTrips: 0,
      circuityTrips: 2,
      peakSpeedMedianKmh: null,
      offPeakSpeedMedianKmh: null,
      circuityMedian: null,
    },
    travelModel: {
      speedKmh: 24,
      circuity: 1.3,
      peak: true,
      speedSource: "override",
      circuitySource: "override",
      travelSpeedKmh: 24,
      travelCircuity: 1.3,
    },
    params: PARAMS,
    current: {
      routes: current,
      figures: { vehicles: 2, riders: 3, km: 19.5, seatFill: 0.375, longestRideMinutes: 35, cost: 100 },
    },
    version: "v1",
  };
}

/** The planner's answer: one route (Ruta Norte, driver 1) with every rider, 14 in between. */
export function proposal(overrides: Partial<PlanningProposal> = {}): PlanningProposal {
  return {
    params: PARAMS,
    routes: [
      route({
        key: "p1",
        routeId: 1,
        name: "Ruta Norte",
        stops: [
          stop("s1", at(9), [11]),
          stop("s2", at(7.5), [14]),
          stop("s3", at(6), [12]),
          stop("s4", at(3), [13]),
        ],
      }),
    ],
    figures: { vehicles: 1, riders: 4, km: 11.7, seatFill: 1, longestRideMinutes: 37, cost: 50 },
    unassigned: [
      {
        employeeId: 15,
        name: "Nombre15",
        lastname: "Apellido15",
        reasonCode: "no_location",
        reason: "Sin ubicación",
      },
    ],
    version: "v1",
    seconds: 1.2,
    nextRouteNumber: 2,
    ...overrides,
  };
}

/** The item at `index`, failing the test when there is none. */
export function nth<T>(list: readonly T[] | undefined, index: number): T {
  const item = list?.[index];
  if (item === undefined) throw new Error(`No item ${index}`);
  return item;
}
