/**
 * The papers of `npm run bench:documents` (issue 37), generated in SQL: `suppliers` suppliers with
 * one portal user each, `drivers` drivers spread over them, three admins, and `documents` papers:
 * every driver's licence, insurance and inspection, every supplier's contract and tax registration,
 * and the rest old licences already renewed (history), ~5 % of the current ones waiting for review.
 * Expiries spread from 90 days ago to two years ahead of `today` (a deterministic hash of the row):
 * some expired, some within the 45 days of «por vencer», most valid.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../apps/api/src/db/client.js";

export type DocumentCounts = { suppliers: number; drivers: number; documents: number };

/** Days from `today` of a row's expiry: −90 … +640, from a hash of its number and kind. */
const spread = (key: string) => sql.raw(`(((${key}) * 7919 + 13) % 731) - 90`);

export async function seedDocuments(db: Db, counts: DocumentCounts, today: string) {
  const { suppliers, drivers } = counts;
  await db.execute(sql`
    insert into suppliers (name, rnc, telephone)
    select 'Suplidor ' || lpad(g::text, 4, '0'), (100000000 + g)::text, '(809) 555-1234'
    from generate_series(1, ${suppliers}) g`);
  await db.execute(sql`
    insert into users (email, password_hash, role)
    select 'bench.admin' || g || '@treiber.app', 'sin-clave', 'Admin' from generate_series(1, 3) g`);
  await db.execute(sql`
    with s as (select id, row_number() over (order by id) as n from suppliers),
    u as (
      insert into users (email, password_hash, role)
      select 'bench.suplidor' || n || '@treiber.app', 'sin-clave', 'Supplier' from s
      returning id, email)
    insert into supplier_users (user_id, supplier_id, name, lastname)
    select u.id, s.id, 'Usuario', 'Suplidor ' || s.n
    from u join s on u.email = 'bench.suplidor' || s.n || '@treiber.app'`);
  await db.execute(sql`
    with u as (
      insert into users (email, password_hash, role)
      select 'bench.chofer' || g || '@treiber.app', 'sin-clave', 'Driver' from generate_series(1, ${drivers}) g
      returning id)
    insert into drivers (user_id, supplier_id, name, lastname, identity_card, telephone, code_qr,
      vehicle_plate, vehicle_model, vehicle_capacity)
    select u.id, (select min(id) from suppliers) + u.id % ${suppliers},
      (array['Pedro','Juan','Rafael','Domingo','Luis','Manuel'])[1 + u.id % 6], 'Chofer ' || u.id,
      lpad((u.id % 1000)::text, 3, '0') || '-' || lpad(u.id::text, 7, '0') || '-' || (u.id % 10),
      '(829) 555-1234', 'bd' || u.id, 'A' || lpad(u.id::text, 6, '0'), 'Coaster', 30
    from u`);
  const current = drivers * 3 + suppliers * 2;
  const history = Math.max(0, counts.documents - current);
  const columns = sql`owner_type, owner_id, supplier_id, type, category, number, expires_on, review,
    storage_key, file_name, content_type, size_bytes, sha256, uploaded_by`;
  const file = sql`'bench/' || md5(random()::text), 'documento.pdf', 'application/pdf', 250000, md5('x'),
    (select min(id) from users where role = 'Admin')`;
  const review = (key: string) => sql.raw(`case when (${key}) % 20 = 0 then 'PENDING' else 'APPROVED' end`);
  await db.execute(sql`
    insert into documents (${columns})
    select t.owner_type, d.id, d.supplier_id, t.type, case when t.type = 'LICENSE' then '4' end,
      'N-' || d.id || '-' || t.k, ${today}::date + ${spread("d.id * 3 + t.k")}::int,
      ${review("d.id * 3 + t.k")}, ${file}
    from drivers d
    cross join (values ('DRIVER', 'LICENSE', 0), ('VEHICLE', 'INSURANCE', 1),
      ('VEHICLE', 'TECHNICAL_INSPECTION', 2)) as t(owner_type, type, k)`);
  await db.execute(sql`
    insert into documents (${columns})
    select 'SUPPLIER', s.id, s.id, t.type, null, 'S-' || s.id || '-' || t.k,
      ${today}::date + ${spread("s.id * 5 + t.k")}::int, 'APPROVED', ${file}
    from suppliers s
    cross join (values ('CONTRACT', 0), ('TAX_REGISTRATION', 1)) as t(type, k)`);
  // Renewed licences: the old paper, approved and expired long before the current one.
  await db.execute(sql`
    insert into documents (${columns})
    select 'DRIVER', d.id, d.supplier_id, 'LICENSE', '4', 'H-' || d.id || '-' || g,
      ${today}::date - 200 - (g * 365), 'APPROVED', ${file}
    from generate_series(1, ${history}) n
    join lateral (select ((n - 1) / ${drivers}) + 1 as g) x on true
    join drivers d on d.id = (select min(id) from drivers) + (n - 1) % ${drivers}`);
  await db.execute(sql`vacuum analyze`);
}
