/** Fresh PostgreSQL databases on the cluster that postgres-global-setup.ts started. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';

const adminUrl = inject('postgresUrl');

/** describe, or describe.skip when no PostgreSQL binaries exist (the global setup fails under CI instead). */
export const describePostgres = (adminUrl ? describe : describe.skip) as typeof describe;

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rel_${randomBytes(8).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
