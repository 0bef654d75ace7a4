import {
  EMPLOYEE_ROLES,
  errorResponses,
  myHomeLocationSchema,
  myRoutesResponseSchema,
  todayQuerySchema,
  todayRoutesResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { FieldAppService } from "./field-app-service.js";

/** The Treiber App's own screens: the driver's "Hoy" and the collaborator's "Mis rutas". */
export function registerFieldAppRoutes(app: FastifyInstance, service: FieldAppService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.intermediateRoute.today),
    {
      config: { access: ["Driver"] },
      schema: {
        tags: ["IntermediateRoute"],
        summary: "(Treiber App) «Hoy» del chofer: sus rutas de hoy con pasajeros esperados y estado",
        description:
          "Rutas programadas asignadas al chofer cuyos días incluyen hoy y rutas no programadas suyas " +
          "de hoy (día local según el encabezado `GMT`), ordenadas por hora de salida. Cada una con " +
          "destino, salida, pasajeros esperados (`amountRiders` y `riders`) y estado: `Pendiente`, " +
          "`En curso` (con `intermediateRouteId` de la ruta en curso, aunque haya empezado ayer) o " +
          "`Finalizada` (con la última ruta finalizada hoy). Una ruta con paradas trae `stops` en orden " +
          "(nombre, dirección, coordenadas, hora planificada `HH:mm` y `employeeIds` de quienes suben o " +
          "bajan) y `direction` de su turno; sin paradas, `stops` vacío. `serviceDate` (`YYYY-MM-DD`) es la " +
          "fecha de servicio de la sucursal de esa salida (la de su ruta en curso o finalizada, si no la de " +
          "una que empezara ahora; una ruta de noche es del día siguiente): la de su `Booking/manifest`. " +
          "`null` en una ruta no programada. Con `date` (`YYYY-MM-DD`, de hoy a hoy + 7, «Mañana»): las " +
          "rutas de esa fecha de servicio, sin iniciar (solo lectura). Con un plan del día en esa fecha, " +
          "paradas, horas y pasajeros son los del día, y una ruta liberada viene con `released: true` " +
          "(sin paradas ni pasajeros).",
        querystring: todayQuerySchema,
        response: { 200: todayRoutesResponseSchema, ...errorResponses },
      },
    },
    (request) => service.today(currentUser(request), request.clock, Date.now(), request.query),
  );

  r.get(
    routePath(API.employee.myRoutes),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags: ["Employee"],
        summary: "(Treiber App) «Mis rutas» del colaborador, con la ruta en curso de cada una",
        description:
          "Rutas programadas activas del colaborador y sus rutas no programadas desde ayer: días, hora " +
          "de salida, destino (nombre, latitud, longitud), chofer(es) con teléfono, vehículo (placa, " +
          "modelo) y suplidor, `stop` (su propia parada: nombre, dirección, coordenadas y hora " +
          "planificada `HH:mm`; `null` sin parada) y `currentTrip` (id, inicio y última posición) cuando " +
          "hay una ruta en curso; con ese id la app sigue su bus (`IntermediateRoute/current/{id}` y el " +
          "grupo del hub).",
        response: { 200: myRoutesResponseSchema, ...errorResponses },
      },
    },
    (request) => service.myRoutes(currentUser(request)),
  );

  r.get(
    routePath(API.employee.myLocation),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags: ["Employee"],
        summary: "(Treiber App) Ubicación de la casa del colaborador registrada por la administración",
        description:
          "Dirección, latitud y longitud registradas por un administrador (`Employee/addLocation`), o `null` si no hay; «Mi bus» " +
          "calcula con ellas la distancia y la llegada estimada de su bus.",
        response: { 200: myHomeLocationSchema, ...errorResponses },
      },
    },
    (request) => service.myLocation(currentUser(request)),
  );
}
