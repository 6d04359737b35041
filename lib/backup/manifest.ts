// What a backup claims to hold, computed the same way on PGlite and PostgreSQL: every table of the
// database (found in the catalog, so a table added later is counted without a change here), its row
// count and a checksum of its rows that ignores their physical order. Compared after each restore.

/** Runs one statement and returns its rows; the caller holds one snapshot for all of them. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export type TableSummary = { table: string; rows: number; checksum: string };
export type Manifest = { tables: TableSummary[] };

// Row text must not depend on the session: dates in UTC and ISO, floats in full.
export const CANONICAL_SETTINGS = ["set local timezone = 'UTC'", "set local datestyle = 'ISO, YMD'", 'set local extra_float_digits = 1'];

const TABLES_SQL = `
  select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1`;

export async function listTables(query: Query): Promise<string[]> {
  return (await query(TABLES_SQL)).map((row) => String(row.name));
}

/** Inside a transaction (the settings are `set local`). */
export async function computeManifest(query: Query): Promise<Manifest> {
  for (const setting of CANONICAL_SETTINGS) await query(setting);
  const tables: TableSummary[] = [];
  for (const table of await listTables(query)) {
    const [row] = await query(
      `select count(*)::text as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum from (select md5(t::text) as h from ${table} t) s`,
    );
    tables.push({ table, rows: Number(row?.rows ?? 0), checksum: String(row?.checksum ?? '') });
  }
  return { tables };
}

/** The differences, one line each ("public.messages: 1000 rows, expected 1001"); empty when they agree. */
export function compareManifests({ expected, actual }: { expected: Manifest; actual: Manifest }): string[] {
  const found = new Map(actual.tables.map((table) => [table.table, table]));
  const problems: string[] = [];
  for (const want of expected.tables) {
    const got = found.get(want.table);
    found.delete(want.table);
    if (!got) problems.push(`${want.table}: missing`);
    else if (got.rows !== want.rows) problems.push(`${want.table}: ${got.rows} rows, expected ${want.rows}`);
    else if (got.checksum !== want.checksum) problems.push(`${want.table}: same ${got.rows} rows but different content (checksum)`);
  }
  for (const extra of found.keys()) problems.push(`${extra}: not in the backup`);
  return problems;
}
