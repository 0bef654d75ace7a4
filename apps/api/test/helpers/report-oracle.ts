/**
 * What the reports must answer, computed in plain TypeScript from the trips and services a test
 * created (kept in a model the test updates with every change it makes to the database). The
 * definitions follow the reports' documented meaning, not their SQL: a report bills the finished
 * trips that ended in `[from, to)`; shares split a trip's cost evenly among its boarded riders, the
 * remaining cents one each to the first riders by employee id.
 */

type ModelEmployee = { codeEmployee: string; name: string; lastname: string; department: string | null };
export type ModelService = { employeeId: number; boarded: boolean; branchOfficeId: number | null };
export type ModelTrip = {
  id: number;
  routeId: number | null;
  specialId: number | null;
  /** The route's name when the trip started. */
  routeName: string;
  driverId: number;
  supplierId: number;
  costCents: number;
  startedAt: Date;
  /** Null while in progress. */
  endedAt: Date | null;
  services: ModelService[];
};
export type Model = {
  trips: ModelTrip[];
  routes: Map<number, { name: string; destinationId: number }>;
  specials: Map<number, { name: string; destinationId: number | null }>;
  destinations: Map<number, string>;
  suppliers: Map<number, string>;
  drivers: Map<number, { name: string; lastname: string; identityCard: string }>;
  employees: Map<number, ModelEmployee>;
  branchOffices: Map<number, string>;
};
export type ReportFilters = {
  criterion?: string;
  supplierName?: string;
  routeName?: string;
  destinationId?: number;
  driverId?: number;
};
type Kind = "scheduled" | "notScheduled" | "all";

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const matches = (criterion: string | undefined, ...texts: (string | null | undefined)[]) =>
  !criterion?.trim() || texts.some((text) => text != null && fold(text).includes(fold(criterion.trim())));
const sameName = (name: string | undefined, wanted: string) => name?.toLowerCase() === wanted.toLowerCase();
const perCollaborator = (cents: number, boardings: number) =>
  boardings > 0 ? Math.round(cents / boardings) / 100 : null;
const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);
const riders = (trip: ModelTrip) => trip.services.filter((service) => service.boarded).length;
/** Ascending by the keys in order (names are compared lower-cased). */
const byKeys =
  <T>(...keys: ((item: T) => string | number)[]) =>
  (a: T, b: T) => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
function groupBy<T>(items: T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

/** Each boarded rider's share of the trip's cost in cents. */
export function sharesOf(trip: ModelTrip): Map<number, number> {
  const boarded = trip.services
    .filter((service) => service.boarded)
    .map((service) => service.employeeId)
    .sort((a, b) => a - b);
  const n = boarded.length;
  return new Map(
    boarded.map((id, i) => [id, Math.floor(trip.costCents / n) + (i < trip.costCents % n ? 1 : 0)]),
  );
}

/** The finished trips of the range and kind that pass the trip filters. */
function tripsOf(model: Model, from: Date, to: Date, kind: Kind, filters: ReportFilters) {
  return model.trips.filter((trip) => {
    if (!trip.endedAt || trip.endedAt < from || trip.endedAt >= to) return false;
    const route = trip.routeId ? model.routes.get(trip.routeId) : undefined;
    const special = trip.specialId ? model.specials.get(trip.specialId) : undefined;
    if ((kind === "scheduled" && !route) || (kind === "notScheduled" && !special)) return false;
    const { supplierName, routeName, destinationId, driverId } = filters;
    if (supplierName && !sameName(model.suppliers.get(trip.supplierId), supplierName)) return false;
    if (routeName && ![route?.name, special?.name, trip.routeName].some((n) => sameName(n, routeName))) {
      return false;
    }
    if (destinationId && (route ?? special)?.destinationId !== destinationId) return false;
    return !driverId || trip.driverId === driverId;
  });
}

function routeReport(model: Model, from: Date, to: Date, filters: ReportFilters) {
  const trips = tripsOf(model, from, to, "scheduled", filters).filter((trip) => {
    const route = model.routes.get(Number(trip.routeId));
    return matches(filters.criterion, route?.name, trip.routeName, model.suppliers.get(trip.supplierId));
  });
  const items = groupBy(trips, (trip) => `${trip.routeId}/${trip.supplierId}`)
    .map((group) => {
      const last = group.reduce((a, b) =>
        Number(b.endedAt) > Number(a.endedAt) || (Number(b.endedAt) === Number(a.endedAt) && b.id > a.id)
          ? b
          : a,
      );
      const route = model.routes.get(Number(last.routeId));
      const collaborators = sum(group, riders);
      const charged = sum(
        group.filter((trip) => riders(trip) > 0),
        (trip) => trip.costCents,
      );
      return {
        routeId: Number(last.routeId),
        routeName: last.routeName,
        destinationName: model.destinations.get(Number(route?.destinationId)),
        supplierId: last.supplierId,
        supplierName: model.suppliers.get(last.supplierId),
        trips: group.length,
        collaborators,
        cost: sum(group, (trip) => trip.costCents) / 100,
        costPerCollaborator: perCollaborator(charged, collaborators),
      };
    })
    .sort(
      byKeys(
        (item) => item.routeName.toLowerCase(),
        (item) => item.routeId,
        (item) => item.supplierId,
      ),
    );
  return {
    amount: items.length,
    data: {
      total: sum(trips, (trip) => trip.costCents) / 100,
      items,
      amountCollaborator: sum(items, (item) => item.collaborators),
    },
  };
}

function driverReport(kind: Kind) {
  return (model: Model, from: Date, to: Date, filters: ReportFilters) => {
    const criterion = filters.criterion?.replaceAll("-", "");
    const trips = tripsOf(model, from, to, kind, filters).filter((trip) => {
      const driver = model.drivers.get(trip.driverId);
      return matches(
        criterion,
        driver && `${driver.name} ${driver.lastname} ${driver.identityCard.replaceAll("-", "")}`,
      );
    });
    const items = groupBy(trips, (trip) => `${trip.driverId}/${trip.supplierId}`)
      .map((group) => {
        const { driverId, supplierId } = group[0] as ModelTrip;
        const driver = model.drivers.get(driverId) as {
          name: string;
          lastname: string;
          identityCard: string;
        };
        return {
          driverId,
          driverName: `${driver.name} ${driver.lastname}`,
          name: driver.name,
          lastname: driver.lastname,
          identityCard: driver.identityCard,
          supplierName: model.suppliers.get(supplierId),
          supplierId,
          trips: group.length,
          collaborators: sum(group, riders),
          cost: sum(group, (trip) => trip.costCents) / 100,
        };
      })
      .sort(
        byKeys(
          (item) => item.driverName.toLowerCase(),
          (item) => item.driverId,
          (item) => item.supplierId,
        ),
      );
    return {
      amount: items.length,
      data: {
        total: sum(trips, (trip) => trip.costCents) / 100,
        items: items.map(({ supplierId: _, ...item }) => item),
        amountCollaborators: sum(items, (item) => item.collaborators),
      },
    };
  };
}

/** Each collaborator's services of the scope's trips, per branch office of the time of the service. */
function perEmployee(model: Model, from: Date, to: Date, filters: ReportFilters) {
  const rows = new Map<
    string,
    { employeeId: number; branchOfficeId: number; trips: number; canceled: number; cents: number }
  >();
  for (const trip of tripsOf(model, from, to, "all", filters)) {
    const shares = sharesOf(trip);
    for (const service of trip.services) {
      const branchOfficeId = service.branchOfficeId ?? 0;
      const key = `${service.employeeId}/${branchOfficeId}`;
      const row = rows.get(key) ?? {
        employeeId: service.employeeId,
        branchOfficeId,
        trips: 0,
        canceled: 0,
        cents: 0,
      };
      if (service.boarded) row.trips++;
      else row.canceled++;
      row.cents += shares.get(service.employeeId) ?? 0;
      rows.set(key, row);
    }
  }
  return [...rows.values()];
}

function employeeReport(model: Model, from: Date, to: Date, filters: ReportFilters) {
  const rows = perEmployee(model, from, to, filters)
    .map((row) => ({ ...row, employee: model.employees.get(row.employeeId) as ModelEmployee }))
    .filter(({ employee }) =>
      matches(filters.criterion, `${employee.name} ${employee.lastname} ${employee.codeEmployee}`),
    )
    .sort(
      byKeys(
        (row) => `${row.employee.name} ${row.employee.lastname}`.toLowerCase(),
        (row) => row.employeeId,
        (row) => row.branchOfficeId,
      ),
    );
  return {
    amount: rows.length,
    data: {
      total: sum(rows, (row) => row.cents) / 100,
      items: rows.map((row) => ({
        employeeId: row.employeeId,
        codeEmployee: row.employee.codeEmployee,
        name: row.employee.name,
        lastname: row.employee.lastname,
        department: row.employee.department,
        branchOfficeName: model.branchOffices.get(row.branchOfficeId) ?? null,
        trips: row.trips,
        canceledServices: row.canceled,
        cost: row.cents / 100,
        // The model has no bookings (test/reporting/employee-no-shows.test.ts covers them).
        noShows: 0,
        flagged: false,
      })),
      amountCollaborators: new Set(rows.filter((row) => row.trips > 0).map((row) => row.employeeId)).size,
    },
  };
}
export const NO_BRANCH_OFFICE = "Sin sucursal";

function branchOfficeReport(model: Model, from: Date, to: Date, filters: ReportFilters) {
  const items = groupBy(perEmployee(model, from, to, filters), (row) => String(row.branchOfficeId))
    .map((rows) => {
      const branchOfficeId = (rows[0] as { branchOfficeId: number }).branchOfficeId;
      return {
        branchOfficeId,
        name: model.branchOffices.get(branchOfficeId) ?? NO_BRANCH_OFFICE,
        collaborators: rows.filter((row) => row.trips > 0).length,
        trips: sum(rows, (row) => row.trips),
        cost: sum(rows, (row) => row.cents) / 100,
        cents: sum(rows, (row) => row.cents),
      };
    })
    .filter((item) => matches(filters.criterion, item.name))
    .sort(
      byKeys(
        (item) => item.name.toLowerCase(),
        (item) => item.branchOfficeId,
      ),
    );
  return {
    amount: items.length,
    data: {
      total: sum(items, (item) => item.cents) / 100,
      items: items.map(({ cents: _, ...item }) => item),
      amountCollaborators: sum(items, (item) => item.collaborators),
    },
  };
}

function routeNotScheduledReport(model: Model, from: Date, to: Date, filters: ReportFilters) {
  const trips = tripsOf(model, from, to, "notScheduled", filters)
    .filter((trip) => {
      const driver = model.drivers.get(trip.driverId);
      return matches(
        filters.criterion,
        trip.routeName,
        model.specials.get(Number(trip.specialId))?.name,
        driver && `${driver.name} ${driver.lastname}`,
        model.suppliers.get(trip.supplierId),
      );
    })
    .sort(
      byKeys(
        (trip) => -trip.startedAt.getTime(),
        (trip) => -trip.id,
      ),
    );
  return {
    amount: trips.length,
    data: {
      total: sum(trips, (trip) => trip.costCents) / 100,
      items: trips.map((trip) => {
        const special = model.specials.get(Number(trip.specialId));
        const driver = model.drivers.get(trip.driverId);
        return {
          intermediateRouteId: trip.id,
          routeNotScheduledId: Number(trip.specialId),
          name: trip.routeName,
          startedAt: trip.startedAt.toISOString(),
          endedAt: trip.endedAt?.toISOString(),
          destinationName: special?.destinationId ? model.destinations.get(special.destinationId) : null,
          driverId: trip.driverId,
          driverName: `${driver?.name} ${driver?.lastname}`,
          supplierName: model.suppliers.get(trip.supplierId),
          collaborators: riders(trip),
          cost: trip.costCents / 100,
          costPerCollaborator: perCollaborator(trip.costCents, riders(trip)),
        };
      }),
      amountCollaborator: sum(trips, riders),
    },
  };
}

/** The expected answer of each report (by its path under /api/v1) for the range and filters. */
export const REPORT_ORACLES = {
  "Route/report": routeReport,
  "Driver/report": driverReport("scheduled"),
  "Driver/report/routeNotScheduled": driverReport("notScheduled"),
  "Employee/report": employeeReport,
  "BranchOffice/report": branchOfficeReport,
  "RouteNotScheduled/report": routeNotScheduledReport,
};
