import { sql } from "drizzle-orm";
import type { Db } from "../apps/api/src/db/client.js";

/**
 * Bulk master data for the benchmarks, generated in SQL: 50k collaborators, 2k drivers,
 * 500 routes (with Spanish-looking names so trigram searches have realistic selectivity).
 */
export async function seedMasterData(db: Db, passwordHash: string) {
  await db.execute(sql`
    insert into branch_offices (name, address)
    select 'Sucursal ' || g, 'Av. Principal ' || g || ', Santo Domingo' from generate_series(1, 20) g`);
  await db.execute(sql`
    insert into suppliers (name, rnc, telephone)
    select 'Transporte ' || g, (100000000 + g)::text, '(809) 555-1234' from generate_series(1, 40) g`);
  await db.execute(sql`
    insert into destinations (name) select 'Destino ' || g from generate_series(1, 100) g`);
  await db.execute(sql`
    with names(n) as (select unnest(array['Ana','Carlos','María','José','Yokasta','Rafael','Luisa','Pedro','Carmen','Juan','Rosa','Miguel','Elena','Ramón','Altagracia','Francisco'])),
         lastnames(l) as (select unnest(array['Martínez','Féliz','Reyes','Pérez','Rodríguez','Santana','Almonte','Guzmán','Cabrera','Díaz','Jiménez','Núñez','Peña','Tavárez','Mejía','Castillo'])),
         g as (select g from generate_series(1, 50000) g),
         u as (
           insert into users (email, password_hash, role, created_at)
           select 'bench.colaborador' || g || '@treiber.app', ${passwordHash}, 'Collaborator',
                  now() - (g % 365) * interval '1 day'
           from g returning id, email, created_at)
    insert into employees (user_id, code_employee, name, lastname, department, job_title, telephone, branch_office_id, code_qr, created_at)
    select u.id, 'B-' || u.id,
           (array['Ana','Carlos','María','José','Yokasta','Rafael','Luisa','Pedro','Carmen','Juan','Rosa','Miguel','Elena','Ramón','Altagracia','Francisco'])[1 + u.id % 16],
           (array['Martínez','Féliz','Reyes','Pérez','Rodríguez','Santana','Almonte','Guzmán','Cabrera','Díaz','Jiménez','Núñez','Peña','Tavárez','Mejía','Castillo'])[1 + (u.id / 16) % 16] || ' ' || u.id,
           'Operaciones', 'Analista', '(809) 555-1234',
           (select min(id) from branch_offices) + u.id % 20, 'bq' || u.id, u.created_at
    from u`);
  await db.execute(sql`
    with u as (
      insert into users (email, password_hash, role)
      select 'bench.chofer' || g || '@treiber.app', ${passwordHash}, 'Driver' from generate_series(1, 2000) g
      returning id)
    insert into drivers (user_id, supplier_id, name, lastname, identity_card, telephone, code_qr)
    select u.id, (select min(id) from suppliers) + u.id % 40,
           (array['Pedro','Juan','Rafael','Domingo','Luis','Manuel'])[1 + u.id % 6], 'Chofer ' || u.id,
           lpad((u.id % 1000)::text, 3, '0') || '-' || lpad(u.id::text, 7, '0') || '-' || (u.id % 10),
           '(829) 555-1234', 'bd' || u.id
    from u`);
  await db.execute(sql`
    insert into routes (name, destination_id, cost, departure_time)
    select 'Ruta ' || (array['Naco','Piantini','Herrera','Los Alcarrizos','Villa Mella','Itabo','Boca Chica','Santiago'])[1 + g % 8] || ' ' || g,
           (select min(id) from destinations) + g % 100, 40 + g % 80, '06:30'
    from generate_series(1, 500) g`);
  // Autovacuum (off on the bench server) would vacuum these insert-only tables on a live system;
  // do it here so visibility maps and statistics look like production (index-only counts).
  await db.execute(sql`vacuum analyze`);
}
