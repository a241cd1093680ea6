/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * The daily reminder (contract, fourth edition): the server's VAPID key pair (one row, made at
 * first start), each learner's reminder and the push subscriptions of their devices.
 * `next_due_at` is the reminder's next firing in epoch ms (null while it is off): the scheduler's
 * minute tick reads only the rows whose instant has come, on its index.
 */
import { SqliteAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reminders')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('skip_when_goal_met', 'integer', (c) => c.notNull())
    .addColumn('next_due_at', 'double precision')
    .addColumn('last_sent_day', 'text')
    .execute();
  await db.schema.createIndex('reminders_next_due_at').on('reminders').column('next_due_at').execute();
  await db.schema
    .createTable('push_subscriptions')
    // The order devices were added in, for "the oldest is dropped" (created_at can tie).
    .addColumn('id', 'integer', (c) =>
      db.getExecutor().adapter instanceof SqliteAdapter ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'double precision', (c) => c.notNull())
    .addUniqueConstraint('push_subscriptions_device', ['user_id', 'endpoint'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('reminders').execute();
  await db.schema.dropTable('push_keys').execute();
}
