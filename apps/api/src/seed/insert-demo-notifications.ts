import type { SeededRandom } from "@treiber/contract/seeded-random";
import type { Tx } from "../db/client.js";
import { notifications } from "../db/schema.js";
import { DAY, MINUTE } from "./demo-clock.js";
import { ROUTES } from "./demo-routes.js";
import type { DemoBoardings } from "./insert-demo-boardings.js";
import type { DemoIds } from "./insert-demo-catalogue.js";
import type { DemoRoutes } from "./insert-demo-routes.js";
import { insertMany } from "./insert-many.js";
import { at } from "./must.js";
import type { DemoPeople } from "./plan-demo-people.js";
import type { DemoTrips } from "./plan-demo-trips.js";

/**
 * Inserts, for every Admin/SuperAdmin, the notifications of the last 10 days (cancellations,
 * comments, assignments), the newest 8 unread; answers how many rows it wrote.
 */
export async function insertDemoNotifications(
  tx: Tx,
  deps: {
    rng: SeededRandom;
    nowMs: number;
    people: DemoPeople;
    ids: DemoIds;
    routes: DemoRoutes;
    plan: DemoTrips;
    boardings: DemoBoardings;
  },
) {
  const { rng, nowMs } = deps;
  const { employeePlans, driverPlans } = deps.people;
  const { userId } = deps.ids;
  const { recentAssignments } = deps.routes;
  const { trips } = deps.plan;
  const { services, commentPlans } = deps.boardings;

  // --- Notifications for every Admin/SuperAdmin -------------------------------------------------
  type NotificationPlan = { title: string; message: string; tag: string; json: string; at: Date };
  const notificationPlans: NotificationPlan[] = [];
  const person = (e: number) => at(employeePlans, e);
  const json = (driver: number, employee: number, comment: string, routeName: string) =>
    JSON.stringify({
      DriverName: at(driverPlans, driver).name,
      DriverLastname: at(driverPlans, driver).lastname,
      EmployeeName: person(employee).name,
      EmployeeLastname: person(employee).lastname,
      Comment: comment,
      RouteName: routeName,
    });
  const tenDaysAgo = nowMs - 10 * DAY;
  const cancellations = services
    .filter((s) => s.status === "Canceled" && s.at.getTime() >= tenDaysAgo)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(-15);
  for (const s of cancellations) {
    const trip = at(trips, s.trip);
    const e = person(s.employee);
    notificationPlans.push({
      title: "Servicio cancelado",
      message: `${e.name} ${e.lastname} canceló su servicio en la ruta ${trip.routeName}: "${s.comment ?? ""}"`,
      tag: "CANCELED",
      json: json(trip.driver, s.employee, s.comment ?? "", trip.routeName),
      at: s.at,
    });
  }
  for (const c of commentPlans.filter((c) => c.at.getTime() >= tenDaysAgo)) {
    const trip = at(trips, c.trip);
    const e = person(c.employee);
    notificationPlans.push({
      title: "Nuevo comentario",
      message: `${e.name} ${e.lastname} comentó sobre la ruta ${trip.routeName}: "${c.text}"`,
      tag: "COMMENT",
      json: json(trip.driver, c.employee, c.text, trip.routeName),
      at: c.at,
    });
  }
  for (const a of recentAssignments) {
    const route = at(ROUTES, a.route);
    const e = person(a.employee);
    notificationPlans.push({
      title: "Colaborador asignado",
      message: `Se asignó a ${e.name} ${e.lastname} a la ruta ${route.name}.`,
      tag: "ASSIGNED",
      json: json(at(route.drivers, 0), a.employee, "", route.name),
      at: a.at,
    });
  }
  notificationPlans.sort((a, b) => b.at.getTime() - a.at.getTime());
  const admins = employeePlans.filter((e) => e.role === "Admin" || e.role === "SuperAdmin");
  const UNREAD_PER_ADMIN = 8;
  await insertMany(
    tx,
    notifications,
    admins.flatMap((admin) =>
      notificationPlans.map((n, position) => ({
        userId: userId(admin.email),
        title: n.title,
        message: n.message,
        tag: n.tag,
        messageJson: n.json,
        readAt:
          position < UNREAD_PER_ADMIN
            ? null
            : new Date(
                Math.max(
                  n.at.getTime(),
                  Math.min(n.at.getTime() + rng.int(20, 20 * 60) * MINUTE, nowMs - MINUTE),
                ),
              ),
        createdAt: n.at,
      })),
    ),
  );

  return admins.length * notificationPlans.length;
}
