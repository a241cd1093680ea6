/**
 * What the domain needs of the running server: the database and the clock. Routes pass
 * `{ db: app.db, now: app.now }`; a command or a test can pass its own, no Fastify needed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface DomainContext {
  db: Kysely<Database>;
  /** The server's clock (a test's manual clock in tests). */
  now: () => Date;
}
