/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * Locked out means locked out (contract, fifth edition):
 * - `access_tokens.expires_at`: the instant (epoch ms) from which a token is refused, null for a
 *   token that never expires (every token minted before this migration).
 * - `idempotency_keys.token_id`: the access token that made the key, null for the learner's own
 *   session. Each token's keys are bounded on their own and deleted with the token; the index
 *   serves that bound (a token's newest keys) and the deletion.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_tokens').addColumn('expires_at', 'double precision').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('token_id', 'text').execute();
  await db.schema.createIndex('idempotency_keys_token_created').on('idempotency_keys').columns(['token_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_token_created').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('token_id').execute();
  await db.schema.alterTable('access_tokens').dropColumn('expires_at').execute();
}
