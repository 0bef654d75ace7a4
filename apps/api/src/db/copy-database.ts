import type { PGlite, Transaction } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "./client.js";

/**
 * Tables the migrations themselves fill (the days of the week, 0002): a freshly migrated target
 * has these rows and still counts as empty.
 */
const FILLED_BY_MIGRATIONS = new Set(["days"]);

/** Rows per INSERT at most, and text per INSERT at most (profile images are kilobytes each). */
const BATCH_ROWS = 2000;
const BATCH_CHARS = 8_000_000;
/** PostgreSQL's limit of parameters per statement. */
const MAX_PARAMS = 65_535;

export type CopyTableResult = { table: string; rows: number };
export type CopyResult = { tables: CopyTableResult[]; sequences: number; elapsedMs: number };

export class CopyRefused extends Error {}

type Column = { name: string; type: string };
type TableInfo = { name: string; columns: Column[]; identity: boolean };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies an embedded database (a PGlite data folder) into a PostgreSQL database: migrates the
 * target, refuses it when it already holds data unless `replace` (then empties it), and in one
 * transaction on the target copies every table of the `public` schema parents first (foreign
 * keys), in multi-row INSERT batches of the values as text (exact: microseconds, numerics, bytea),
 * with the tables' own triggers off so the summary tables (decision 0013) and the snapshots
 * (decision 0021) are copied as they are rather than recomputed and the append-only audit trail
 * (decision 0084) can be emptied by `replace` and filled with the source's; then sets every sequence where
 * the source's was and checks each table's row count before committing (decision 0032).
 */
export async function copyEmbeddedToPostgres(options: {
  from: string;
  to: string;
  replace?: boolean;
  onTable?: (result: CopyTableResult) => void;
}): Promise<CopyResult> {
  const started = performance.now();
  const target = await openDatabase({ url: options.to });
  try {
    await target.migrate();
  } finally {
    await target.close();
  }
  const sourceDatabase = await openDatabase({ dataDir: options.from });
  const client = new pg.Client({ connectionString: options.to });
  // A connection lost between statements fails the next one (reported by the CLI), not the process.
  client.on("error", () => {});
  await client.connect();
  try {
    // The source is migrated as the app would on its next start, so both have the same tables.
    await sourceDatabase.migrate();
    const source = sourceDatabase.db.$client as unknown as PGlite;
    const tables = await readTables(source);
    const occupied: string[] = [];
    for (const table of tables) {
      if (FILLED_BY_MIGRATIONS.has(table.name)) continue;
      const { rowCount } = await client.query(`select 1 from ${quote(table.name)} limit 1`);
      if (rowCount) occupied.push(table.name);
    }
    if (occupied.length && !options.replace) {
      throw new CopyRefused(
        `La base de destino ya tiene datos (${occupied.join(", ")}). Use --replace para vaciarla y copiar encima.`,
      );
    }
    const results: CopyTableResult[] = [];
    let sequences = 0;
    await source.transaction(async (tx) => {
      await tx.query("set transaction isolation level repeatable read");
      await client.query("begin");
      try {
        // Triggers off first: audit_log's refuses TRUNCATE (decision 0084), and a replaced target's
        // trail is replaced by the source's whole trail, in this transaction (rolled back together).
        for (const table of tables) {
          await client.query(`alter table ${quote(table.name)} disable trigger user`);
        }
        await client.query(
          `truncate ${tables.map((t) => quote(t.name)).join(", ")} restart identity cascade`,
        );
        for (const table of tables) {
          const rows = await copyTable(tx, client, table);
          const result = { table: table.name, rows };
          results.push(result);
          options.onTable?.(result);
        }
        for (const table of tables) {
          await client.query(`alter table ${quote(table.name)} enable trigger user`);
        }
        sequences = await copySequences(tx, client);
        for (const { table, rows } of results) {
          const { rows: counted } = await client.query(`select count(*)::int as n from ${quote(table)}`);
          if (counted[0]?.n !== rows) {
            throw new Error(`${table}: ${rows} filas leídas, ${counted[0]?.n} en el destino`);
          }
        }
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      }
    });
    return { tables: results, sequences, elapsedMs: performance.now() - started };
  } finally {
    await client.end();
    await sourceDatabase.close();
  }
}

/** The `public` tables, parents before children (foreign keys), with their stored columns. */
async function readTables(source: PGlite): Promise<TableInfo[]> {
  const { rows: tableRows } = await source.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const { rows: columnRows } = await source.query<{
    table: string;
    name: string;
    type: string;
    identity: string;
  }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
       a.attidentity as identity
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = ''
     order by c.relname, a.attnum`,
  );
  const { rows: edges } = await source.query<{ child: string; parent: string }>(
    `select distinct c.relname as child, p.relname as parent
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>(tableRows.map((t) => [t.name, new Set<string>()]));
  for (const edge of edges) parents.get(edge.child)?.add(edge.parent);
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`Ciclo de claves foráneas en ${name}`);
    state.set(name, "visiting");
    for (const parent of parents.get(name) ?? []) visit(parent);
    state.set(name, "done");
    ordered.push(name);
  };
  for (const { name } of tableRows) visit(name);
  return ordered.map((name) => {
    const columns = columnRows.filter((c) => c.table === name);
    return {
      name,
      columns: columns.map(({ name: column, type }) => ({ name: column, type })),
      identity: columns.some((c) => c.identity === "a"),
    };
  });
}

/** One table through a cursor on the source, in multi-row INSERTs of text values cast to each column's type. */
async function copyTable(tx: Transaction, client: pg.Client, table: TableInfo): Promise<number> {
  const { columns } = table;
  const rowsPerInsert = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  const head = `insert into ${quote(table.name)} (${columns.map((c) => quote(c.name)).join(", ")})${
    table.identity ? " overriding system value" : ""
  } values `;
  const flush = async (batch: (string | null)[][]) => {
    if (!batch.length) return;
    const params: (string | null)[] = [];
    const tuples = batch.map((row) => {
      const placeholders = row.map((value, i) => {
        params.push(value);
        return `$${params.length}::${columns[i]?.type}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    await client.query(head + tuples.join(", "), params);
  };
  const cursor = `copy_${table.name}`;
  await tx.query(
    `declare ${quote(cursor)} no scroll cursor for select ${columns
      .map((c) => `${quote(c.name)}::text`)
      .join(", ")} from ${quote(table.name)}`,
  );
  let copied = 0;
  let batch: (string | null)[][] = [];
  let chars = 0;
  for (;;) {
    const { rows } = await tx.query<Record<string, string | null>>(
      `fetch ${BATCH_ROWS} from ${quote(cursor)}`,
      [],
      {
        rowMode: "array",
      },
    );
    if (!rows.length) break;
    for (const row of rows as unknown as (string | null)[][]) {
      batch.push(row);
      for (const value of row) chars += value?.length ?? 0;
      if (batch.length >= rowsPerInsert || chars >= BATCH_CHARS) {
        await flush(batch);
        copied += batch.length;
        batch = [];
        chars = 0;
      }
    }
  }
  await flush(batch);
  copied += batch.length;
  await tx.query(`close ${quote(cursor)}`);
  return copied;
}

/** Every `public` sequence set where the source's is (next value included). */
async function copySequences(tx: Transaction, client: pg.Client): Promise<number> {
  const { rows } = await tx.query<{ name: string; last_value: string | null }>(
    "select sequencename as name, last_value::text from pg_sequences where schemaname = 'public'",
  );
  for (const row of rows) {
    const name = `public.${quote(row.name)}`;
    if (row.last_value === null) await client.query("select setval($1::regclass, 1, false)", [name]);
    else await client.query("select setval($1::regclass, $2::bigint, true)", [name, row.last_value]);
  }
  return rows.length;
}
