/** The cheapest statement that proves the database answers (the health check's only SQL). */
import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
