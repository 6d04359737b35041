import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

/** Raw SQL rows on both drivers (PGlite and pg both answer `{ rows }`). */
export async function selectRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const isoOrNull = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).toISOString());
export const iso = (value: Date | string) => new Date(value).toISOString();
