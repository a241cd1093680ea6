// Seeds learners straight into the database with set-based SQL (a number series joined to the
// users), in batches inside one transaction: 100,000 accounts take seconds, not an hour of sign-ups.
// Every learner gets what choosing a language gives through the API (settings row, default goal)
// and a session whose token is `<prefix>-<n>`, so the bench can act as any of them without signing in.
import { randomBytes, scrypt } from 'node:crypto';
import pg from 'pg';
import { SQLite, sha256Hex } from './util.mjs';

export const BENCH_PASSWORD = 'bench-password-1';
const BATCH_USERS = 5_000;
const DEFAULT_MILESTONES = [50, 200, 400, 800, 1200, 1800];

/** A real scrypt hash in the server's format at its production cost, so seeded learners can sign in. */
export function benchPasswordHash() {
  const cost = { N: 2 ** 17, r: 8, p: 1 };
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(BENCH_PASSWORD, salt, 32, { ...cost, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(['scrypt', 17, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')),
    ),
  );
}

/** One interface over both drivers; SQL is written with `?` placeholders. */
export async function openDatabase(databaseUrl) {
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let i = 0;
    const numbered = (text) => text.replace(/\?/g, () => `$${++i}`);
    return {
      dialect: 'postgres',
      query: async (text, params = []) => {
        i = 0;
        return (await client.query(numbered(text), params)).rows;
      },
      close: () => client.end(),
    };
  }
  const db = new SQLite(databaseUrl.replace(/^sqlite:/i, ''));
  db.pragma('busy_timeout = 5000');
  db.function('sha256hex', (text) => sha256Hex(text));
  return {
    dialect: 'sqlite',
    query: async (text, params = []) => {
      const statement = db.prepare(text);
      if (statement.reader) return statement.all(params);
      statement.run(params);
      return [];
    },
    close: async () => db.close(),
  };
}

/** Learners `<prefix>-<from>` .. `<prefix>-<to>` as SQL: a series n joined to their user rows. */
function learnerSql(db, from, to, days) {
  const sqlite = db.dialect === 'sqlite';
  const series = sqlite
    ? `s(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM s WHERE n < ${to})`
    : `s(n) AS (SELECT generate_series(${from}, ${to}))`;
  const dayList = `d(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM d WHERE k < ${days})`;
  return {
    with: `WITH RECURSIVE ${series}, ${dayList}`,
    email: sqlite ? `(? || '-' || s.n || '@example.test')` : `(?::text || '-' || s.n || '@example.test')`,
    token: sqlite ? `sha256hex(? || '-' || s.n)` : `encode(sha256(convert_to(?::text || '-' || s.n, 'UTF8')), 'hex')`,
    daysAgo: (today) => (sqlite ? `date('${today}', '-' || d.k || ' days')` : `to_char(DATE '${today}' - d.k, 'YYYY-MM-DD')`),
  };
}

/**
 * Learners `<prefix>-<first>` .. `<prefix>-<last>`, each with `days` days of history (ending
 * yesterday, so today stays free for adds) in every language of `languages`; the first is current.
 */
export async function seedLearners(db, { prefix, first, last, languages, days, passwordHash, today }) {
  const now = Date.now();
  await db.query('BEGIN');
  try {
    for (let from = first; from <= last; from += BATCH_USERS) {
      const to = Math.min(last, from + BATCH_USERS - 1);
      const q = learnerSql(db, from, to, days);
      const join = `FROM s JOIN users u ON u.email = ${q.email}`;
      await db.query(
        `${q.with} INSERT INTO users (email, password_hash, current_language, created_at) SELECT ${q.email}, CAST(? AS text), CAST(? AS text), CAST(? AS double precision) FROM s`,
        [prefix, passwordHash, languages[0], now],
      );
      await db.query(
        `${q.with} INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) SELECT ${q.token}, u.id, CAST(? AS double precision), CAST(? AS double precision) ${join}`,
        [prefix, now, now, prefix],
      );
      for (const language of languages) {
        await db.query(
          `${q.with} INSERT INTO user_languages (user_id, language, previous_hours, level1, level2, level3, level4, level5, level6, created_at)
           SELECT u.id, CAST(? AS text), 0, ${DEFAULT_MILESTONES.join(', ')}, CAST(? AS double precision) ${join}`,
          [language, now, prefix],
        );
        await db.query(`${q.with} INSERT INTO daily_goals (user_id, language, effective_from, minutes) SELECT u.id, CAST(? AS text), '0000-01-01', 30 ${join}`, [
          language,
          prefix,
        ]);
        // Varied, realistic minutes (a few minutes to an hour and a half per day) with no pattern a cache could exploit.
        await db.query(
          `${q.with} INSERT INTO daily_activity (user_id, language, date, listening, reading, speaking, writing, achieved_override)
           SELECT u.id, CAST(? AS text), ${q.daysAgo(today)}, (u.id + d.k) % 41, (u.id * 3 + d.k) % 23, d.k % 13, (u.id + 2 * d.k) % 7, NULL ${join} CROSS JOIN d`,
          [language, prefix],
        );
        // The running totals the server keeps on every write (migration 20261121_03_language_totals).
        const sum = (skill) =>
          `${skill}_total = (SELECT coalesce(sum(${skill}), 0) FROM daily_activity a WHERE a.user_id = user_languages.user_id AND a.language = user_languages.language)`;
        await db.query(
          `${q.with} UPDATE user_languages SET ${['listening', 'reading', 'speaking', 'writing'].map(sum).join(', ')}
           WHERE language = CAST(? AS text) AND user_id IN (SELECT u.id ${join})`,
          [language, prefix],
        );
      }
    }
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
  // Fresh planner statistics, as autovacuum / a periodic ANALYZE would have them in production.
  await db.query('ANALYZE');
}

// The bench runs the server with NODE_ENV=production, whose Secure cookie is __Host-sid.
export const sessionCookie = (prefix, n) => `__Host-sid=${prefix}-${n}`;
