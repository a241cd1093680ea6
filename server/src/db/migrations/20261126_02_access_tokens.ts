/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * Personal access tokens (contract, fourth edition): only the SHA-256 of the secret is stored
 * (`token_hash`, unique: the one indexed lookup a bearer call makes). `id` is a random string
 * the learner's list and DELETE name. Rows go with the account (ON DELETE CASCADE); their
 * per-minute counters live in rate_limits under `token:<id>`.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'double precision', (c) => c.notNull())
    .addColumn('last_used_at', 'double precision')
    .execute();
  await db.schema.createIndex('access_tokens_user_id_idx').on('access_tokens').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_tokens').execute();
}
