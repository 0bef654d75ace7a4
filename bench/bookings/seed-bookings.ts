/**
 * The data of `npm run bench:bookings` (issue 35): a branch office with one inbound shift (08:00,
 * every day, cut-off 120 minutes before the first stop), 200 routes of 16 seats and 5 stops, 200
 * drivers, 3,000 collaborators (15 per route, each on a stop), then 20 service days of changes:
 * cancellations and seat requests through the bookings service (the requests go mostly to 20
 * popular routes, so they fill and riders wait), no-shows, and each route's trip with its
 * boardings (everyone expected but the absent).
 */
import { SeededRandom } from "@treiber/contract/seeded-random";
import { sql } from "drizzle-orm";
import type { Database } from "../../apps/api/src/db/client.js";
import { addDays } from "../../apps/api/src/modules/bookings/booking-clock.js";
import { rowsOf } from "../../apps/api/src/modules/bookings/bookings-repository.js";
import type { BookingsService } from "../../apps/api/src/modules/bookings/bookings-service.js";
import { inBatches } from "../lib/stats.js";

export const ROUTES = 200;
export const RIDERS = 3_000;
export const SEATS = 16;

/** The catalogue, the routes with their stops and riders, in a few set-based statements. */
export async function seedBookingWorld(database: Database) {
  const { db } = database;
  await db.execute(
    sql`insert into branch_offices (name, address) values ('Sucursal Reservas', 'Santo Domingo')`,
  );
  await db.execute(sql`insert into shifts (branch_office_id, name, direction, time)
    select id, 'Mañana', 'inbound', '08:00' from branch_offices`);
  await db.execute(
    sql`insert into shift_days (shift_id, day_id) select s.id, g from shifts s, generate_series(1, 7) g`,
  );
  await db.execute(sql`insert into destinations (name, address, latitude, longitude)
    values ('Zona Franca Reservas', 'Santo Domingo', 18.5, -69.9)`);
  await db.execute(sql`insert into suppliers (name) values ('Transporte Reservas')`);
  await db.execute(sql`insert into users (email, password_hash, role)
    select 'chofer.res' || g || '@bench.treiber', 'sin-clave', 'Driver' from generate_series(1, ${ROUTES}::int) g`);
  await db.execute(sql`insert into drivers (user_id, supplier_id, name, lastname, identity_card, code_qr, vehicle_capacity)
    select u.id, s.id, 'Chofer', 'R' || u.id, 'RES-' || u.id, 'res-qr-' || u.id, 20
    from users u, suppliers s where u.role = 'Driver'`);
  await db.execute(sql`insert into routes (name, destination_id, departure_time, cost, shift_id, seats)
    select 'Ruta Reservas ' || g, d.id, '06:00', 10, s.id, ${SEATS}
    from generate_series(1, ${ROUTES}::int) g, destinations d, shifts s`);
  await db.execute(
    sql`insert into route_days (route_id, day_id) select r.id, g from routes r, generate_series(1, 7) g`,
  );
  await db.execute(sql`insert into route_drivers (route_id, driver_id)
    select r.id, d.id from (select id, row_number() over (order by id) as n from routes) r
      join (select id, row_number() over (order by id) as n from drivers) d using (n)`);
  await db.execute(sql`insert into route_stops (route_id, position, name, latitude, longitude, planned_time)
    select r.id, p, 'Parada ' || p, 18.4 + r.id * 0.0001 + p * 0.002, -69.95, time '06:00' + make_interval(mins => p * 8)
    from routes r, generate_series(1, 5) p`);
  await db.execute(sql`insert into users (email, password_hash, role)
    select 'colab.res' || g || '@bench.treiber', 'sin-clave', 'Collaborator' from generate_series(1, ${RIDERS}::int) g`);
  await db.execute(sql`insert into employees (user_id, code_employee, name, lastname, branch_office_id, code_qr, latitude, longitude)
    select u.id, 'RES' || u.id, 'Colaborador', 'R' || u.id, b.id, 'res-eqr-' || u.id, 18.41, -69.95
    from users u, branch_offices b where u.role = 'Collaborator'`);
  await db.execute(sql`insert into route_employees (route_id, employee_id)
    select r.id, e.id from (select id, row_number() over (order by id) - 1 as n from employees) e
      join (select id, row_number() over (order by id) - 1 as n from routes) r on r.n = e.n % ${ROUTES}`);
  await db.execute(sql`insert into route_stop_riders (route_id, employee_id, stop_id)
    select re.route_id, re.employee_id, st.id from route_employees re
      join route_stops st on st.route_id = re.route_id and st.position = 1 + re.employee_id % 5`);
}

export type World = {
  routeIds: number[];
  riders: { employeeId: number; userId: number; routeId: number }[];
  adminUserId: number;
};

export async function loadWorld(database: Database): Promise<World> {
  const routes = await rowsOf(database.db, sql`select id from routes order by id`);
  const riders = await rowsOf(
    database.db,
    sql`select e.id, e.user_id, re.route_id from employees e join route_employees re on re.employee_id = e.id order by e.id`,
  );
  const [admin] = await rowsOf(
    database.db,
    sql`insert into users (email, password_hash, role) values ('admin.res@bench.treiber', 'sin-clave', 'Admin') returning id`,
  );
  return {
    routeIds: routes.map((row) => Number(row.id)),
    riders: riders.map((row) => ({
      employeeId: Number(row.id),
      userId: Number(row.user_id),
      routeId: Number(row.route_id),
    })),
    adminUserId: Number(admin?.id),
  };
}

/**
 * Twenty service days from `firstDay` of changes: per day 8 % of the riders cancel and 3 % ask a
 * seat on another route (through the service, before the cut-off), 2 % of the rest are absent,
 * and each route's trip carries everyone else. Returns how many service calls it made.
 */
export async function changeTwentyDays(
  database: Database,
  service: BookingsService,
  world: World,
  firstDay: string,
) {
  const seeded = new SeededRandom(35);
  const random = () => seeded.next();
  const pick = <T>(items: T[]) => items[seeded.below(items.length)] as T;
  let calls = 0;
  for (let day = 0; day < 20; day++) {
    const date = addDays(firstDay, day);
    const changes: (() => Promise<unknown>)[] = [];
    for (const rider of world.riders) {
      const user = { id: rider.userId, role: "Collaborator" as const };
      const draw = random();
      if (draw < 0.08) {
        changes.push(() => service.cancel(user, { routeId: rider.routeId, date, reason: "Permiso" }));
      } else if (draw < 0.11) {
        const popular = random() < 0.7;
        const target = popular ? world.routeIds[seeded.below(20)] : pick(world.routeIds);
        if (target !== undefined && target !== rider.routeId) {
          changes.push(() => service.confirm(user, { routeId: target, date }));
        }
      }
    }
    // Four at a time, as riders' phones would (the embedded database runs them one by one).
    await inBatches(changes, 4, (change) => change());
    calls += changes.length;
    await database.db.execute(sql`insert into bookings (route_id, service_date, employee_id, status, assigned, changed_at)
      select re.route_id, ${date}::date, re.employee_id, 'NO_SHOW', true, now()
      from route_employees re
      where (re.employee_id * 7 + ${day}) % 50 = 0
        and not exists (select 1 from bookings b where b.route_id = re.route_id
          and b.service_date = ${date}::date and b.employee_id = re.employee_id)`);
    await tripsOfDay(database, date);
  }
  return calls;
}

/** Each route's trip of the day (06:00 local, UTC−4) and the boardings of everyone expected. */
async function tripsOfDay(database: Database, date: string) {
  await database.db.execute(sql`insert into intermediate_routes (route_id, driver_id, supplier_id, status, cost, started_at, ended_at)
    select rd.route_id, d.id, d.supplier_id, 'Finished', 10,
      (${date}::date + time '09:55') at time zone 'UTC', (${date}::date + time '11:10') at time zone 'UTC'
    from route_drivers rd join drivers d on d.id = rd.driver_id`);
  await database.db.execute(sql`insert into transport_services (intermediate_route_id, employee_id, status, scanned_at, boarding_method)
    select ir.id, re.employee_id, 'Boarded', ir.started_at + interval '20 minutes', 'qr'
    from intermediate_routes ir join route_employees re on re.route_id = ir.route_id
    where ir.started_at = (${date}::date + time '09:55') at time zone 'UTC'
      and not exists (select 1 from bookings b where b.route_id = re.route_id
        and b.service_date = ${date}::date and b.employee_id = re.employee_id and b.status <> 'CONFIRMED')`);
}
