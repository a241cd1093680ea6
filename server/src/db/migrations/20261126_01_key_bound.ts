/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * A learner holds at most so many idempotency keys at once (contract, fourth edition; issue #38).
 * The bound is checked on every new key by reading that learner's keys newest first, and a refusal
 * reads when the oldest of them expires: both walk this index from its end, never the whole table.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idempotency_keys_user_created').on('idempotency_keys').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_user_created').execute();
}
