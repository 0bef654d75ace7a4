import { identityCardSchema, rateCost } from "@treiber/contract";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.js";
import { CallerClock } from "../../src/lib/caller-clock.js";
import { verifyPassword } from "../../src/modules/auth/passwords.js";
import { createFieldAppService } from "../../src/modules/field-app/field-app-service.js";
import { planningContext } from "../../src/modules/planning/planning-context.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../src/seed/demo-accounts.js";
import { WEEKEND_ROUTE } from "../../src/seed/insert-demo-weekend-route.js";
import {
  DEMO_BRANCH_OFFICE_TIME,
  DEMO_PLANNING,
  demoPlanningCases,
} from "../../src/seed/plan-demo-shifts.js";
import { seedDemoData } from "../../src/seed/seed-demo-data.js";
import { openIsolatedDatabase } from "../helpers/isolated-database.js";

/** Tables the pages show: every one must have demo rows. */
const TABLES = [
  "users",
  "branch_offices",
  "employees",
  "suppliers",
  "drivers",
  "destinations",
  "routes",
  "route_days",
  "route_drivers",
  "route_employees",
  "routes_not_scheduled",
  "route_not_scheduled_employees",
  "intermediate_routes",
  "trip_positions",
  "transport_services",
  "comments",
  "notifications",
] as const;

let database: Database & { dispose(): Promise<void> };
let first: { seeded: boolean };
const now = new Date("2025-03-12T15:30:00Z"); // a Wednesday, 11:30 in Santo Domingo

const rows = async <T>(query: SQL) => (await database.db.execute(query)).rows as T[];
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [...TABLES, "cuts"]) {
    const [row] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = row?.n ?? -1;
  }
  return out;
}

beforeAll(async () => {
  database = await openIsolatedDatabase();
  first = await seedDemoData(database.db, { now });
});
afterAll(() => database?.dispose());

describe("seedDemoData", () => {
  it("seeds a fresh database", () => {
    expect(first).toEqual({ seeded: true });
  });

  it("plans Sede Central Piantini's shifts with the planner: every rider at a stop, in time for the shift", async () => {
    const cases = await demoPlanningCases(database.db);
    expect(cases.map((c) => `${c.shiftName} → ${c.destinationName}`)).toEqual([
      "Mañana → Parque Industrial Itabo",
      "Mañana → Torre Corporativa Naco",
      "Tarde → Parque Industrial Itabo",
    ]);
    for (const demo of cases) {
      const context = await planningContext(database.db, demo, DEMO_BRANCH_OFFICE_TIME);
      const riders = context.riders.filter((rider) => rider.routeId !== null).length;
      const atStops = context.current.routes.flatMap((route) =>
        route.stops.flatMap((stop) => stop.employeeIds),
      );
      expect(new Set(atStops).size, demo.shiftName).toBe(riders);
      expect(context.current.figures.longestRideMinutes).toBeLessThanOrEqual(DEMO_PLANNING.maxRideMinutes);
      expect(context.current.routes.every((route) => route.stops.length > 0)).toBe(true);
      // Every driver's supplier has a rate that prices a route it plans (decision 0061): no $0.
      for (const driver of context.drivers) {
        expect(rateCost(driver.rate, { km: 10, seats: driver.seats }), driver.name).toBeGreaterThan(0);
      }
    }
  });

  it("creates the five demo accounts with their roles and the demo password", async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.role)).toEqual([
      "SuperAdmin",
      "Admin",
      "Collaborator",
      "Driver",
      "Supplier",
    ]);
    for (const account of DEMO_ACCOUNTS) {
      expect(account.password).toBe(DEMO_PASSWORD);
      const [user] = await rows<{
        role: string;
        status: string;
        password_hash: string;
        must_change_password: boolean;
      }>(
        sql`select role, status, password_hash, must_change_password from users where email = ${account.email}`,
      );
      expect(user, account.email).toBeDefined();
      expect(user?.role).toBe(account.role);
      expect(user?.status).toBe("active");
      expect(user?.must_change_password).toBe(false);
      expect(await verifyPassword(user?.password_hash ?? "", "Treiber123!")).toBe(true);
    }
    const profiles = await rows<{ email: string; kind: string }>(sql`
      select u.email, case when e.id is not null then 'employee' when d.id is not null then 'driver' end as kind
      from users u left join employees e on e.user_id = u.id left join drivers d on d.user_id = u.id
      where u.email in ('superadmin@treiber.app', 'admin@treiber.app', 'colaborador@treiber.app', 'chofer@treiber.app')
      order by u.email`);
    expect(profiles).toEqual([
      { email: "admin@treiber.app", kind: "employee" },
      { email: "chofer@treiber.app", kind: "driver" },
      { email: "colaborador@treiber.app", kind: "employee" },
      { email: "superadmin@treiber.app", kind: "employee" },
    ]);
    const [colaborador] = await rows<{ routes: number }>(sql`
      select count(*)::int as routes from route_employees re join employees e on e.id = re.employee_id
      join users u on u.id = e.user_id where u.email = 'colaborador@treiber.app'`);
    expect(colaborador?.routes).toBeGreaterThan(0);
    const [chofer] = await rows<{ supplier_id: number; first_supplier: number }>(sql`
      select d.supplier_id, (select min(id) from suppliers)::int as first_supplier
      from drivers d join users u on u.id = d.user_id where u.email = 'chofer@treiber.app'`);
    expect(chofer?.supplier_id).toBe(chofer?.first_supplier);
    // proveedor@treiber.app is a user of chofer@treiber.app's supplier (issue 37).
    const [proveedor] = await rows<{ supplier_id: number }>(sql`
      select s.supplier_id from supplier_users s join users u on u.id = s.user_id
      where u.email = 'proveedor@treiber.app'`);
    expect(proveedor?.supplier_id).toBe(chofer?.first_supplier);
  });

  it("fills every table the pages show, and no cuts", async () => {
    const c = await counts();
    for (const table of TABLES) expect(c[table], table).toBeGreaterThan(0);
    expect(c.cuts).toBe(0);
    expect(c.intermediate_routes).toBeGreaterThanOrEqual(250);
    expect(c.intermediate_routes).toBeLessThanOrEqual(450);
  });

  it("every user is exactly one employee, one driver or one supplier user; unique cédulas and codes", async () => {
    const [orphans] = await rows<{ n: number }>(sql`
      select count(*)::int as n from users u
      where (select count(*) from employees e where e.user_id = u.id) + (select count(*) from drivers d where d.user_id = u.id)
        + (select count(*) from supplier_users s where s.user_id = u.id) <> 1`);
    expect(orphans?.n).toBe(0);
    const [roles] = await rows<{ n: number }>(sql`
      select count(*)::int as n from users u join drivers d on d.user_id = u.id where u.role <> 'Driver'`);
    expect(roles?.n).toBe(0);
    const cards = await rows<{ identity_card: string }>(sql`select identity_card from drivers`);
    for (const { identity_card } of cards)
      expect(identityCardSchema.safeParse(identity_card).success, identity_card).toBe(true);
  });

  it("finished trips end after they start and cost their route's cost", async () => {
    // The demo plans Piantini's shifts after its history: those routes now cost their supplier's
    // rate (decision 0061), while their past trips keep the cost they froze when they started.
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from intermediate_routes i
      left join routes r on r.id = i.route_id
      left join routes_not_scheduled rns on rns.id = i.route_not_scheduled_id
      where i.status = 'Finished'
        and (i.ended_at is null or i.ended_at <= i.started_at
          or (i.cost <> coalesce(r.cost, rns.cost) and not coalesce(r.cost_from_plan, false)))`);
    expect(bad?.n).toBe(0);
    const planned = await rows<{ cost: string }>(sql`
      select cost from routes where cost_from_plan and status = 'active'`);
    expect(planned.length).toBeGreaterThan(0);
    for (const route of planned) expect(Number(route.cost)).toBeGreaterThan(0);
    const [supplier] = await rows<{ n: number }>(sql`
      select count(*)::int as n from intermediate_routes i join drivers d on d.id = i.driver_id
      where i.supplier_id <> d.supplier_id`);
    expect(supplier?.n).toBe(0);
    const [future] = await rows<{ n: number }>(sql`
      select count(*)::int as n from intermediate_routes where started_at > ${now.toISOString()}::timestamptz
        or ended_at > ${now.toISOString()}::timestamptz`);
    expect(future?.n).toBe(0);
  });

  it("plans one branch office by shift: an Entrada and a Salida shift, their routes with ordered stops", async () => {
    const planned = await rows<{ shift: string; direction: string; time: string; routes: number }>(sql`
      select s.name as shift, s.direction, to_char(s.time, 'HH24:MI') as time, count(r.id)::int as routes
      from shifts s join branch_offices b on b.id = s.branch_office_id left join routes r on r.shift_id = s.id
      where b.name = 'Sede Central Piantini' group by s.id order by s.time`);
    expect(planned).toEqual([
      { shift: "Mañana", direction: "inbound", time: "08:00", routes: 2 },
      { shift: "Tarde", direction: "outbound", time: "17:00", routes: 1 },
    ]);
    // Every rider of a planned route has exactly one stop; stops are numbered 1…n with times in order.
    const [unplaced] = await rows<{ n: number }>(sql`
      select count(*)::int as n from route_employees re join routes r on r.id = re.route_id
      where r.shift_id is not null
        and not exists (select 1 from route_stop_riders sr where sr.route_id = re.route_id and sr.employee_id = re.employee_id)`);
    expect(unplaced?.n).toBe(0);
    const [disordered] = await rows<{ n: number }>(sql`
      select count(*)::int as n from route_stops a join route_stops b on b.route_id = a.route_id
      where b.position = a.position + 1 and b.planned_time < a.planned_time`);
    expect(disordered?.n).toBe(0);
    const [inbound] = await rows<{ late: number; stops: number }>(sql`
      select count(*) filter (where st.planned_time > s.time)::int as late, count(*)::int as stops
      from route_stops st join routes r on r.id = st.route_id join shifts s on s.id = r.shift_id
      where s.direction = 'inbound'`);
    expect(inbound?.stops).toBeGreaterThan(0);
    expect(inbound?.late).toBe(0);
    const [homes] = await rows<{ n: number }>(sql`
      select count(*)::int as n from employees e join users u on u.id = e.user_id
      where u.role = 'Collaborator' and (e.latitude is null or e.longitude is null)`);
    expect(homes?.n).toBe(0);
  });

  it("has exactly two live trips, by two drivers other than chofer@, started within the last hour", async () => {
    const live = await rows<{ driver_id: number; email: string; started_at: string; positions: number }>(sql`
      select i.driver_id, u.email, i.started_at,
        (select count(*)::int from trip_positions p where p.intermediate_route_id = i.id) as positions
      from intermediate_routes i join drivers d on d.id = i.driver_id join users u on u.id = d.user_id
      where i.status = 'InProgress'`);
    expect(live).toHaveLength(2);
    expect(new Set(live.map((t) => t.driver_id)).size).toBe(2);
    for (const trip of live) {
      expect(trip.email).not.toBe("chofer@treiber.app");
      const startedMs = new Date(trip.started_at).getTime();
      expect(now.getTime() - startedMs).toBeLessThanOrEqual(60 * 60_000);
      expect(now.getTime() - startedMs).toBeGreaterThan(0);
      expect(trip.positions).toBeGreaterThanOrEqual(3);
    }
  });

  it("leaves today's run of the demo accounts' route to be started from Treiber App", async () => {
    const today = await rows<{ n: number; yesterday: number }>(sql`
      select count(*) filter (where i.started_at >= '2025-03-12T04:00:00Z')::int as n,
        count(*) filter (where i.started_at < '2025-03-12T04:00:00Z'
          and i.started_at >= '2025-03-11T04:00:00Z')::int as yesterday
      from intermediate_routes i join routes r on r.id = i.route_id
      join route_employees re on re.route_id = r.id
      join employees e on e.id = re.employee_id join users u on u.id = e.user_id
      where u.email = 'colaborador@treiber.app'`);
    expect(today[0]?.n).toBe(0);
    expect(today[0]?.yesterday).toBeGreaterThan(0);
  });

  it("gives chofer@ a route on Saturday and Sunday too, pending with its stops, with colaborador@ on it", async () => {
    const [driver] = await rows<{ id: number }>(sql`select id from users where email = 'chofer@treiber.app'`);
    const today = createFieldAppService(database.db).today;
    const santoDomingo = new CallerClock(4);
    // Saturday and Sunday after the seed's Wednesday, 06:00 in Santo Domingo; and the Wednesday itself.
    for (const at of ["2025-03-15T10:00:00Z", "2025-03-16T10:00:00Z"]) {
      const routes = (await today({ id: driver?.id ?? 0, role: "Driver" }, santoDomingo, Date.parse(at)))
        .response;
      expect(
        routes.map((route) => route.name),
        at,
      ).toEqual([WEEKEND_ROUTE.name]);
      const [weekend] = routes;
      expect(weekend?.state).toBe("Pendiente");
      expect(weekend?.amountRiders).toBe(WEEKEND_ROUTE.riders);
      expect(weekend?.stops.length).toBeGreaterThan(0);
      const times = weekend?.stops.map((stop) => stop.plannedTime) ?? [];
      expect(times).toEqual([...times].sort());
      expect(weekend?.stops.flatMap((stop) => stop.employeeIds).length).toBe(WEEKEND_ROUTE.riders);
    }
    const weekday = (await today({ id: driver?.id ?? 0, role: "Driver" }, santoDomingo, now.getTime()))
      .response;
    expect(weekday.map((route) => route.name)).not.toContain(WEEKEND_ROUTE.name);
    expect(weekday.length).toBeGreaterThan(0);
    const [rides] = await rows<{ n: number }>(sql`
      select count(*)::int as n from route_employees re join routes r on r.id = re.route_id
      join employees e on e.id = re.employee_id join users u on u.id = e.user_id
      where u.email = 'colaborador@treiber.app' and r.name = ${WEEKEND_ROUTE.name}`);
    expect(rides?.n).toBe(1);
  });

  it("has no duplicate (trip, employee) and boards only employees assigned to the route", async () => {
    const [duplicates] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select intermediate_route_id, employee_id from transport_services group by 1, 2 having count(*) > 1) d`);
    expect(duplicates?.n).toBe(0);
    const [strangers] = await rows<{ n: number }>(sql`
      select count(*)::int as n from transport_services ts join intermediate_routes i on i.id = ts.intermediate_route_id
      where not exists (select 1 from route_employees re where re.route_id = i.route_id and re.employee_id = ts.employee_id)
        and not exists (select 1 from route_not_scheduled_employees rne
          where rne.route_not_scheduled_id = i.route_not_scheduled_id and rne.employee_id = ts.employee_id)`);
    expect(strangers?.n).toBe(0);
    const [inconsistent] = await rows<{ n: number }>(sql`
      select count(*)::int as n from transport_services
      where (status = 'Boarded' and (scanned_at is null or canceled_at is not null))
         or (status = 'Canceled' and (canceled_at is null or scanned_at is not null or coalesce(comment, '') = ''))`);
    expect(inconsistent?.n).toBe(0);
    const byStatus = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from transport_services group by status order by status`,
    );
    expect(byStatus.map((s) => s.status)).toEqual(["Boarded", "Canceled"]);
  });

  it("notifies every admin, with unread ones and the messageJson fields", async () => {
    const perAdmin = await rows<{ email: string; total: number; unread: number; tags: number }>(sql`
      select u.email, count(n.id)::int as total, count(n.id) filter (where n.read_at is null)::int as unread,
        count(distinct n.tag)::int as tags
      from users u left join notifications n on n.user_id = u.id
      where u.role in ('Admin', 'SuperAdmin') and u.status = 'active' group by u.email order by u.email`);
    expect(perAdmin.map((a) => a.email)).toEqual(["admin@treiber.app", "superadmin@treiber.app"]);
    for (const admin of perAdmin) {
      expect(admin.unread, admin.email).toBeGreaterThan(0);
      expect(admin.total).toBeGreaterThan(admin.unread);
      expect(admin.tags).toBe(3);
    }
    const [others] = await rows<{ n: number }>(sql`
      select count(*)::int as n from notifications n join users u on u.id = n.user_id
      where u.role not in ('Admin', 'SuperAdmin')`);
    expect(others?.n).toBe(0);
    const messages = await rows<{ message_json: string }>(sql`select message_json from notifications`);
    for (const { message_json } of messages) {
      expect(Object.keys(JSON.parse(message_json)).sort()).toEqual([
        "Comment",
        "DriverLastname",
        "DriverName",
        "EmployeeLastname",
        "EmployeeName",
        "RouteName",
      ]);
    }
  });

  it("a second call seeds nothing and changes no counts", async () => {
    const before = await counts();
    expect(await seedDemoData(database.db, { now })).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });
});
