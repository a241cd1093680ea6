/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * Issue #43: the learner's tokens are listed oldest first, and two minted within one millisecond
 * (or under a clock that stands still) have the same `created_at`. `position` is the order of
 * minting within the learner's tokens (1, 2, …), given by the mint's transaction, which holds the
 * learner's row; the tokens already held are numbered by their creation instant, then id.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`
    update access_tokens set position = (
      select count(*) from access_tokens earlier
      where earlier.user_id = access_tokens.user_id
        and (earlier.created_at < access_tokens.created_at or (earlier.created_at = access_tokens.created_at and earlier.id <= access_tokens.id))
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').dropColumn('position').execute();
}
