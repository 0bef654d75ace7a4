import {
  assignedRouteSchema,
  driverRouteAssignmentSchema,
  driverRoutesQuerySchema,
  employeeRouteAssignmentSchema,
  employeeRoutesQuerySchema,
  routeAssignmentsQuerySchema,
  routeAssignmentsResponseSchema,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { adminRoutes } from "../../lib/admin-routes.js";
import { currentUser } from "../../plugins/access.js";
import type { RouteAssignmentsService } from "./route-assignments-service.js";

export function registerRouteAssignmentRoutes(app: FastifyInstance, service: RouteAssignmentsService) {
  const { employee, driver, route } = API;
  const routes = z.array(assignedRouteSchema);

  const employees = adminRoutes(app, ["Employee"]);
  employees.queryAction(
    employee.addRoute,
    "Asignar una ruta a un colaborador (notifica a los demás administradores, ASSIGNED, y al colaborador)",
    employeeRouteAssignmentSchema,
    (query, request) => service.addEmployee(query.employeeId, query.routeId, currentUser(request).id),
    "Ruta asignada al colaborador",
  );
  employees.queryAction(
    employee.removeRoute,
    "Quitar una ruta a un colaborador (se lo avisa en Treiber App)",
    employeeRouteAssignmentSchema,
    (query, request) => service.removeEmployee(query.employeeId, query.routeId, currentUser(request).id),
    "Ruta removida del colaborador",
  );
  employees.list(
    employee.routes,
    "Rutas asignadas a un colaborador",
    employeeRoutesQuerySchema,
    routes,
    (query) => service.employeeRoutes(query.employeeId),
  );

  const drivers = adminRoutes(app, ["Driver"]);
  drivers.queryAction(
    driver.addRoute,
    "Asignar una ruta a un chofer",
    driverRouteAssignmentSchema,
    (query) => service.addDriver(query.driverId, query.routeId),
    "Ruta asignada al chofer",
  );
  drivers.queryAction(
    driver.removeRoute,
    "Quitar una ruta a un chofer",
    driverRouteAssignmentSchema,
    (query) => service.removeDriver(query.driverId, query.routeId),
    "Ruta removida del chofer",
  );
  drivers.list(driver.routes, "Rutas asignadas a un chofer", driverRoutesQuerySchema, routes, (query) =>
    service.driverRoutes(query.driverId),
  );

  adminRoutes(app, ["Route"]).list(
    route.assignments,
    "Choferes y colaboradores asignados a una ruta",
    routeAssignmentsQuerySchema,
    routeAssignmentsResponseSchema,
    (query) => service.routeAssignments(query.routeId),
  );
}
