/** Every table's row count and a digest of its rows, read with psql: equal maps mean equal data. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PG_BIN } from './topology';

const psql = (url: string, query: string): string =>
  execFileSync(join(PG_BIN, 'psql'), ['-X', '-At', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', query], { encoding: 'utf8' }).trim();

export function tableDigests(url: string): Map<string, string> {
  const tables = psql(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1").split('\n').filter(Boolean);
  const digests = new Map<string, string>();
  for (const table of tables) {
    const [rows, digest] = psql(url, `SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM "${table}" t`).split('|');
    digests.set(`${table}:rows`, rows);
    digests.set(`${table}:digest`, digest);
  }
  return digests;
}
