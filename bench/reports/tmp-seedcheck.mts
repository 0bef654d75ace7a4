import { performance } from "node:perf_hooks";
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { seedReportingData } from "./seed-reporting.js";

const base = "postgres://postgres@127.0.0.1:5432/postgres";
const name = "treiber_reports_speed_seedcheck";
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const database = await openDatabase({ url });
await database.migrate();
const t = performance.now();
await seedReportingData(database.db, "x");
console.log("seed ms", Math.round(performance.now() - t));
const c = new pg.Client({ connectionString: url });
await c.connect();
const q = async (s: string) => (await c.query(s)).rows;
console.log(await q("select (select count(*) from service_shares) shares, (select count(*) from transport_services s join intermediate_routes t on t.id = s.intermediate_route_id where t.status = 'Finished') services"));
// Same per-employee sums as the old window query, over the whole year.
console.log(await q(`
  with trips as (select t.id, round(t.cost*100)::bigint cost_cents, coalesce(tr.riders,0) riders from intermediate_routes t left join trip_riders tr on tr.intermediate_route_id = t.id where t.status='Finished'),
  services as (select s.employee_id, s.status, t.cost_cents, t.riders, row_number() over (partition by t.id, s.status order by s.employee_id) rn from trips t join transport_services s on s.intermediate_route_id = t.id),
  old as (select employee_id, count(*) filter (where status='Boarded') trips, count(*) filter (where status='Canceled') canceled,
    coalesce(sum(case when status = 'Boarded' then cost_cents / nullif(riders, 0) + case when rn <= cost_cents % nullif(riders, 0) then 1 else 0 end end), 0)::bigint cost_cents from services group by 1),
  new as (select employee_id, count(*) filter (where boarded) trips, count(*) filter (where not boarded) canceled, sum(share_cents)::bigint cost_cents from service_shares group by 1)
  select count(*) filter (where o is distinct from n) as differing, count(*) as employees from old o full join new n using (employee_id)`));
await c.end();
await database.close();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.end();
