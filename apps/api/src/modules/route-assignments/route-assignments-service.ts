import { type AssignedRoute, INACTIVE_ASSIGNMENT_MESSAGE, type RouteAssignments } from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import { conflict, notFound } from "../../lib/http-error.js";
import { alignBookingsWithRiders, rebalanceWaitlists } from "../bookings/booking-assignments.js";
import type { BookingClock } from "../bookings/booking-clock.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { ROUTE_CHANGED_TITLE, riderNotice } from "../notifications/rider-notices.js";
import { daysOfRoutes, findRouteStatus, hhmm } from "../routes/routes-repository.js";
import { ROUTE_NOT_FOUND, type SeatsDeps } from "../routes/routes-service.js";
import {
  deleteRouteDriver,
  deleteRouteEmployee,
  driversOfRoute,
  employeesOfRoute,
  findDriverPerson,
  findEmployeePerson,
  firstDriverOfRoute,
  insertRouteDriver,
  insertRouteEmployee,
  lockRouteForAssignment,
  routesOfDriver,
  routesOfEmployee,
} from "./route-assignments-repository.js";

export const EMPLOYEE_NOT_FOUND = "Colaborador no encontrado";
export const DRIVER_NOT_FOUND = "Chofer no encontrado";
export const ASSIGNED_TITLE = "Colaborador asignado";

type AssignedRow = Awaited<ReturnType<typeof routesOfEmployee>>[number];

async function activeRoute(tx: Tx, routeId: number) {
  const route = await lockRouteForAssignment(tx, routeId);
  if (!route) throw notFound(ROUTE_NOT_FOUND);
  if (route.status !== "active") throw conflict(INACTIVE_ASSIGNMENT_MESSAGE);
  return route;
}

export type RouteAssignmentsService = ReturnType<typeof createRouteAssignmentsService>;

/** What the assignments tell bookings with (issue 35). */
export type AssignmentBookings = {
  /** The app's bookings clock: which days are coming and whether their cut-off passed. */
  clock: BookingClock;
  /**
   * What frees or adds seats on a route (a rider off it, a driver on or off it: its seats are the
   * smallest vehicle of its drivers unless its own) promotes its waitlists once committed.
   */
  seats?: SeatsDeps;
};

export function createRouteAssignmentsService(db: Db, notifier: Notifier, bookings: AssignmentBookings) {
  const { clock, seats } = bookings;
  const seatsMayHaveGrown = (routeId: number) =>
    seats ? seats.seatsGrew([routeId]) : rebalanceWaitlists(db, notifier, [routeId], clock);

  async function withDays(rows: AssignedRow[]): Promise<AssignedRoute[]> {
    const byRoute = await daysOfRoutes(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      destinationId: row.destinationId,
      destinationName: row.destinationName,
      days: byRoute.get(row.id) ?? [],
      departureTime: hhmm(row.departureTime),
      cost: Number(row.cost),
      status: row.status as AssignedRoute["status"],
      assignedDate: row.assignedAt.toISOString(),
    }));
  }

  return {
    /**
     * Assigns and notifies every active admin but the one who assigned (`actorUserId`), tag
     * ASSIGNED, and the collaborator («Tu ruta cambió: te asignaron la ruta …», issue 33) unless
     * they assigned themselves, in the same transaction, then pushes.
     */
    async addEmployee(employeeId: number, routeId: number, actorUserId: number) {
      const { notification, notices } = await db.transaction(async (tx) => {
        const employee = await findEmployeePerson(tx, employeeId);
        if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
        const route = await activeRoute(tx, routeId);
        if (employee.status !== "active") throw conflict(INACTIVE_ASSIGNMENT_MESSAGE);
        if (!(await insertRouteEmployee(tx, routeId, employeeId))) {
          throw conflict("El colaborador ya está asignado a esta ruta");
        }
        // Their seat requests on the route give way to the standing list (issue 35).
        await alignBookingsWithRiders(tx, [routeId], clock);
        const driver = await firstDriverOfRoute(tx, routeId);
        const facts = {
          driverName: driver?.name ?? "",
          driverLastname: driver?.lastname ?? "",
          employeeName: employee.name,
          employeeLastname: employee.lastname,
          comment: "",
          routeName: route.name,
        };
        const toRider: UserNotice[] =
          employee.userId === actorUserId
            ? []
            : [
                {
                  userId: employee.userId,
                  title: ROUTE_CHANGED_TITLE,
                  message: riderNotice.assigned(route.name, hhmm(route.departureTime)),
                  facts,
                },
              ];
        return {
          notification: await notifier.store(tx, "ASSIGNED", facts, actorUserId),
          notices: await notifier.storeNotices(tx, toRider),
        };
      });
      await notifier.push(notification);
      await notifier.pushNotices(notices);
    },

    /**
     * Takes the collaborator off the route and tells them («Ya no tienes asignada la ruta …», issue
     * 33) if their account is active and another user did it.
     */
    async removeEmployee(employeeId: number, routeId: number, actorUserId: number) {
      const notices = await db.transaction(async (tx) => {
        const employee = await findEmployeePerson(tx, employeeId);
        if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
        const route = await findRouteStatus(tx, routeId);
        if (!route) throw notFound(ROUTE_NOT_FOUND);
        if (!(await deleteRouteEmployee(tx, routeId, employeeId))) {
          throw notFound("El colaborador no está asignado a esta ruta");
        }
        // Their coming bookings on the route go with them (issue 35).
        await alignBookingsWithRiders(tx, [routeId], clock);
        if (employee.status !== "active" || employee.userId === actorUserId) return [];
        const notice: UserNotice = {
          userId: employee.userId,
          title: ROUTE_CHANGED_TITLE,
          message: riderNotice.removed(route.name),
          facts: {
            driverName: "",
            driverLastname: "",
            employeeName: employee.name,
            employeeLastname: employee.lastname,
            comment: "",
            routeName: route.name,
          },
        };
        return notifier.storeNotices(tx, [notice]);
      });
      await notifier.pushNotices(notices);
      // The seat they leave goes to the first waiting on each coming day.
      await seatsMayHaveGrown(routeId);
    },

    async employeeRoutes(employeeId: number) {
      if (!(await findEmployeePerson(db, employeeId))) throw notFound(EMPLOYEE_NOT_FOUND);
      return withDays(await routesOfEmployee(db, employeeId));
    },

    async addDriver(driverId: number, routeId: number) {
      await db.transaction(async (tx) => {
        const driver = await findDriverPerson(tx, driverId);
        if (!driver) throw notFound(DRIVER_NOT_FOUND);
        await activeRoute(tx, routeId);
        if (driver.status !== "active") throw conflict(INACTIVE_ASSIGNMENT_MESSAGE);
        if (!(await insertRouteDriver(tx, routeId, driverId))) {
          throw conflict("El chofer ya está asignado a esta ruta");
        }
      });
      // A route without seats of its own takes its drivers' smallest vehicle (decision 0048).
      await seatsMayHaveGrown(routeId);
    },

    async removeDriver(driverId: number, routeId: number) {
      if (!(await findDriverPerson(db, driverId))) throw notFound(DRIVER_NOT_FOUND);
      if (!(await findRouteStatus(db, routeId))) throw notFound(ROUTE_NOT_FOUND);
      if (!(await deleteRouteDriver(db, routeId, driverId))) {
        throw notFound("El chofer no está asignado a esta ruta");
      }
      // Without its smallest vehicle the route may have more seats: the first waiting get them.
      await seatsMayHaveGrown(routeId);
    },

    async driverRoutes(driverId: number) {
      if (!(await findDriverPerson(db, driverId))) throw notFound(DRIVER_NOT_FOUND);
      return withDays(await routesOfDriver(db, driverId));
    },

    /** Drivers and collaborators assigned to one route (any status of theirs or of the route). */
    async routeAssignments(routeId: number): Promise<RouteAssignments> {
      if (!(await findRouteStatus(db, routeId))) throw notFound(ROUTE_NOT_FOUND);
      const [driverRows, employeeRows] = await Promise.all([
        driversOfRoute(db, routeId),
        employeesOfRoute(db, routeId),
      ]);
      const status = (value: string) => value as RouteAssignments["drivers"][number]["status"];
      return {
        drivers: driverRows.map(({ assignedAt, ...row }) => ({
          ...row,
          status: status(row.status),
          assignedDate: assignedAt.toISOString(),
        })),
        employees: employeeRows.map(({ assignedAt, ...row }) => ({
          ...row,
          status: status(row.status),
          assignedDate: assignedAt.toISOString(),
        })),
      };
    },
  };
}
