/**
 * Whole-database views for "nothing changed" and "nothing left behind" checks. Tables are found
 * by introspection, so a table added later is covered without editing the tests.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database';

type Row = Record<string, unknown>;

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((t) => (t.schema && t.schema !== 'public' ? `${t.schema}.${t.name}` : t.name)).sort();
}

async function rowsOf(db: Kysely<Database>, table: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
  return rows.map((r) => JSON.stringify(r)).sort().map((r) => JSON.parse(r) as Row);
}

/** Every row of every table, in a stable order, for before/after comparison. */
export async function snapshotAll(db: Kysely<Database>): Promise<Record<string, Row[]>> {
  const snapshot: Record<string, Row[]> = {};
  for (const table of await tableNames(db)) snapshot[table] = await rowsOf(db, table);
  return snapshot;
}

/** Rows that mention the user: a user_id column equal to the id, the users row itself, or any text holding the email. */
export async function rowsMentioningUser(db: Kysely<Database>, userId: number, email: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(db)) {
    const rows = await rowsOf(db, table);
    counts[table] = rows.filter(
      (row) =>
        Number(row.user_id) === userId ||
        (table === 'users' && Number(row.id) === userId) ||
        Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(email.toLowerCase())),
    ).length;
  }
  return counts;
}

/** Whether any text value anywhere in the database contains `needle`. */
export async function databaseContains(db: Kysely<Database>, needle: string): Promise<boolean> {
  for (const table of await tableNames(db)) {
    for (const row of await rowsOf(db, table)) {
      if (Object.values(row).some((v) => typeof v === 'string' && v.includes(needle))) return true;
    }
  }
  return false;
}

/** Every row that belongs to one user (user_id column, or the users row itself), per table. */
export async function userRows(db: Kysely<Database>, userId: number): Promise<Record<string, Row[]>> {
  const owned: Record<string, Row[]> = {};
  for (const table of await tableNames(db)) {
    owned[table] = (await rowsOf(db, table)).filter((row) => Number(row.user_id) === userId || (table === 'users' && Number(row.id) === userId));
  }
  return owned;
}
