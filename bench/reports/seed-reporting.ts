import { sql } from "drizzle-orm";
import type { Db } from "../../apps/api/src/db/client.js";

/** How big the generated year is. */
export type ReportingScale = {
  name: string;
  collaborators: number;
  drivers: number;
  routes: number;
  notScheduled: number;
};

/**
 * `big`: 3,000 collaborators, 400 drivers, 200 routes (~146k trips, ~2.9M services), the
 * PostgreSQL bench's scale. `mid`: a mid-size company, a fifth of it — 600 collaborators, 80
 * drivers, 40 routes (~29.5k trips, ~575k services), the embedded bench's scale.
 */
export const REPORTING_SCALES = {
  big: { name: "big", collaborators: 3000, drivers: 400, routes: 200, notScheduled: 1500 },
  mid: { name: "mid", collaborators: 600, drivers: 80, routes: 40, notScheduled: 300 },
} satisfies Record<string, ReportingScale>;

/**
 * BENCH_SCALE=mid|big (default `fallback`), each count overridable with BENCH_COLLABORATORS,
 * BENCH_DRIVERS, BENCH_ROUTES and BENCH_NOT_SCHEDULED.
 */
export function reportingScale(fallback: keyof typeof REPORTING_SCALES = "big"): ReportingScale {
  const name = process.env.BENCH_SCALE ?? fallback;
  const base = REPORTING_SCALES[name as keyof typeof REPORTING_SCALES];
  if (!base) throw new Error(`BENCH_SCALE=${name}: use mid o big`);
  const count = (variable: string, value: number) => {
    const raw = process.env[variable];
    if (!raw) return value;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${variable}=${raw}: un entero positivo`);
    return n;
  };
  const scale = {
    name: base.name,
    collaborators: count("BENCH_COLLABORATORS", base.collaborators),
    drivers: count("BENCH_DRIVERS", base.drivers),
    routes: count("BENCH_ROUTES", base.routes),
    notScheduled: count("BENCH_NOT_SCHEDULED", base.notScheduled),
  };
  const custom = (Object.keys(base) as (keyof ReportingScale)[]).some((key) => scale[key] !== base[key]);
  return custom ? { ...scale, name: "custom" } : scale;
}

/** Trips the seed makes at a scale: two runs a day per route for a year, plus one per not-scheduled route. */
export const expectedTrips = (scale: ReportingScale) => scale.routes * 2 * 365 + scale.notScheduled;

/**
 * One year of operations, generated in SQL (default `big`): collaborators, drivers of 20
 * suppliers, routes with two runs a day, every day, not-scheduled trips (one each, 10 riders),
 * 20 riders per scheduled trip (~96% boarded, ~2% canceled). Trips end before today.
 */
export async function seedReportingData(
  db: Db,
  passwordHash: string,
  scale: ReportingScale = REPORTING_SCALES.big,
) {
  // Literals, not parameters: `generate_series` and `%` need their integer types.
  const literal = (n: number) => sql.raw(String(Math.trunc(n)));
  const collaborators = literal(scale.collaborators);
  const drivers = literal(scale.drivers);
  const routes = literal(scale.routes);
  const notScheduled = literal(scale.notScheduled);
  await db.execute(sql`
    insert into branch_offices (name, address)
    select 'Sucursal Reporte ' || g, 'Av. Principal ' || g from generate_series(1, 12) g`);
  await db.execute(sql`
    insert into suppliers (name, rnc, telephone)
    select 'Transportes Reporte ' || g, (200000000 + g)::text, '(809) 555-1234' from generate_series(1, 20) g`);
  await db.execute(sql`
    insert into destinations (name) select 'Destino Reporte ' || g from generate_series(1, 30) g`);
  await db.execute(sql`
    with u as (
      insert into users (email, password_hash, role)
      select 'rep.colaborador' || g || '@treiber.app', ${passwordHash}, 'Collaborator' from generate_series(1, ${collaborators}) g
      returning id)
    insert into employees (user_id, code_employee, name, lastname, department, job_title, branch_office_id, code_qr)
    select u.id, 'R-' || u.id,
      (array['Ana','Carlos','María','José','Yokasta','Rafael','Luisa','Pedro'])[1 + u.id % 8],
      (array['Martínez','Féliz','Reyes','Pérez','Rodríguez','Santana','Almonte','Guzmán'])[1 + (u.id / 8) % 8] || ' ' || u.id,
      'Operaciones', 'Analista',
      case when u.id % 50 = 0 then null else (select min(id) from branch_offices) + u.id % 12 end,
      'rq' || u.id
    from u`);
  await db.execute(sql`
    with u as (
      insert into users (email, password_hash, role)
      select 'rep.chofer' || g || '@treiber.app', ${passwordHash}, 'Driver' from generate_series(1, ${drivers}) g
      returning id)
    insert into drivers (user_id, supplier_id, name, lastname, identity_card, code_qr)
    select u.id, (select min(id) from suppliers) + u.id % 20,
      (array['Pedro','Juan','Rafael','Domingo','Luis','Manuel'])[1 + u.id % 6], 'Chofer ' || u.id,
      '7' || lpad((u.id % 100)::text, 2, '0') || '-' || lpad(u.id::text, 7, '0') || '-' || (u.id % 10), 'rd' || u.id
    from u`);
  await db.execute(sql`
    insert into routes (name, destination_id, cost, departure_time)
    select 'Ruta Reporte ' || (array['Naco','Piantini','Herrera','Itabo','Boca Chica'])[1 + g % 5] || ' ' || g,
      (select min(id) from destinations) + g % 30, 20 + (g % 100) + (g % 4) * 0.25, '06:30'
    from generate_series(1, ${routes}) g`);

  const year = sql`date_trunc('day', now() - interval '365 days')`;
  await db.execute(sql`
    insert into intermediate_routes (route_id, driver_id, supplier_id, status, started_at, ended_at, cost, created_at, updated_at)
    select r.id, d.id, d.supplier_id, 'Finished', s.start,
      s.start + interval '50 minutes' + (random() * 40)::int * interval '1 minute', r.cost, s.start, s.start
    from (select id, cost, row_number() over (order by id) - 1 as ri from routes) r
      cross join generate_series(0, 364) day
      cross join generate_series(0, 1) run
      join (select id, supplier_id, row_number() over (order by id) - 1 as di from drivers) d
        on d.di = (r.ri * 2 + run) % ${drivers}
      cross join lateral (
        select ${year} + day * interval '1 day' + interval '10 hours' + run * interval '9 hours'
          + (random() * 20 + r.ri * 0)::int * interval '1 minute' as start
      ) s`);
  await db.execute(sql`
    insert into transport_services (intermediate_route_id, employee_id, status, scanned_at, canceled_at, comment, created_at)
    select trip_id, employee_id,
      case when x < 0.96 then 'Boarded' else 'Canceled' end,
      case when x < 0.96 then started_at + k * interval '1 minute' end,
      case when x >= 0.96 then started_at - interval '2 hours' end,
      case when x >= 0.96 then 'No puedo asistir' end,
      started_at
    from (
      select t.id as trip_id, t.started_at, e.id as employee_id, k, random() as x
      from intermediate_routes t
        join (select id, row_number() over (order by id) - 1 as ri from routes) r on r.id = t.route_id
        cross join generate_series(0, 19) k
        join (select id, row_number() over (order by id) - 1 as ei from employees where code_employee like 'R-%') e
          on e.ei = (r.ri * 15 + k) % ${collaborators}
    ) s
    where x < 0.98`);

  // Not-scheduled routes: one trip each, 10 riders.
  await db.execute(sql`
    insert into routes_not_scheduled (name, scheduled_at, driver_id, cost, destination_id)
    select 'Especial Reporte ' || g, ${year} + (g % 364) * interval '1 day' + interval '15 hours',
      (select min(id) from drivers) + g % ${drivers}, 50 + g % 100, (select min(id) from destinations) + g % 30
    from generate_series(1, ${notScheduled}) g`);
  await db.execute(sql`
    insert into intermediate_routes (route_not_scheduled_id, driver_id, supplier_id, status, started_at, ended_at, cost, created_at, updated_at)
    select rn.id, d.id, d.supplier_id, 'Finished', rn.scheduled_at, rn.scheduled_at + interval '80 minutes', rn.cost,
      rn.scheduled_at, rn.scheduled_at
    from routes_not_scheduled rn join drivers d on d.id = rn.driver_id
    where rn.name like 'Especial Reporte %'`);
  await db.execute(sql`
    insert into transport_services (intermediate_route_id, employee_id, status, scanned_at, created_at)
    select t.id, e.id, 'Boarded', t.started_at + k * interval '1 minute', t.started_at
    from intermediate_routes t
      cross join generate_series(0, 9) k
      join (select id, row_number() over (order by id) - 1 as ei from employees where code_employee like 'R-%') e
        on e.ei = (t.id * 7 + k * 13) % ${collaborators}
    where t.route_not_scheduled_id is not null`);
  await db.execute(sql`vacuum analyze`);
}
