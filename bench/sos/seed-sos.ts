/**
 * The SOS benchmark's riders, on top of the hub benchmark's seed (bench/hub/seed.ts: drivers with a
 * trip in progress and admins): one branch office with an emergency phone and e-mail, an outbound
 * shift of that branch office for the hub seed's route (so the trips have a branch office), and
 * `riders` collaborators of the branch office, each boarded on a trip in progress (rider i on the
 * i-th driver's trip) with one live session for its access token.
 */
import type pg from "pg";

export type SosRider = {
  userId: number;
  employeeId: number;
  name: string;
  tripId: number;
  sessionId: string;
};

export async function seedSosRiders(
  client: pg.Client,
  options: { riders: number; tripIds: readonly number[] },
): Promise<{ branchOfficeId: number; riders: SosRider[] }> {
  if (options.tripIds.length === 0) throw new Error("sin viajes en curso para los pasajeros");
  await client.query("begin");
  const one = async (text: string, values: unknown[] = []) =>
    ((await client.query(text, values)).rows[0] as { id: number }).id;
  const branchOfficeId = await one(
    `insert into branch_offices (name, address, emergency_phone, emergency_emails)
     values ('Sucursal Banco', 'Santo Domingo', '(809) 555-0911', array['seguridad@bench.treiber'])
     returning id`,
  );
  const shiftId = await one(
    `insert into shifts (branch_office_id, name, direction, time)
     values ($1, 'Salida noche', 'outbound', '22:00') returning id`,
    [branchOfficeId],
  );
  await client.query("update routes set shift_id = $1", [shiftId]);
  await client.query(
    `insert into users (email, password_hash, role)
     select 'pasajero.sos' || g || '@bench.treiber', 'sin-clave', 'Collaborator' from generate_series(1, $1) g`,
    [options.riders],
  );
  await client.query(
    `insert into employees (user_id, code_employee, name, lastname, telephone, branch_office_id, code_qr)
     select id, 'SOS-' || id, 'Pasajera', 'SOS ' || id, '(809) 555-' || lpad((id % 10000)::text, 4, '0'), $1,
            'sos-qr-' || id
     from users where email like 'pasajero.sos%@bench.treiber'`,
    [branchOfficeId],
  );
  // Rider i boards the i-th trip (round robin when there are more riders than trips).
  await client.query(
    `insert into transport_services (intermediate_route_id, employee_id, status, scanned_at, boarding_method)
     select ($1::int[])[((row_number() over (order by e.id) - 1) % cardinality($1::int[])) + 1], e.id, 'Boarded', now() - interval '5 minutes', 'qr'
     from employees e where e.code_employee like 'SOS-%'`,
    [options.tripIds],
  );
  await client.query(
    `insert into refresh_tokens (user_id, token_hash, family_id, expires_at)
     select id, md5(random()::text || id::text), gen_random_uuid(), now() + interval '1 day'
     from users where email like 'pasajero.sos%@bench.treiber'`,
  );
  await client.query("commit");
  await client.query("analyze");
  const { rows } = await client.query<SosRider>(
    `select u.id as "userId", e.id as "employeeId", e.name || ' ' || e.lastname as name,
            ts.intermediate_route_id as "tripId", rt.family_id as "sessionId"
     from users u
     join employees e on e.user_id = u.id
     join transport_services ts on ts.employee_id = e.id
     join refresh_tokens rt on rt.user_id = u.id
     where u.email like 'pasajero.sos%@bench.treiber'
     order by e.id`,
  );
  return { branchOfficeId, riders: rows };
}
