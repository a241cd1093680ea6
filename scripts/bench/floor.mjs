// Floors for the real server (issue #10): what the stack itself costs when a route does the least
// work its job needs, in one process started the same way as the real server.
//   GET  /hello         the bare route
//   GET  /floor/read    + parse the `sid` cookie, SHA-256 it, one prepared better-sqlite3 lookup by key
//   POST /floor/write   + one better-sqlite3 transaction, WAL and synchronous=FULL (one fsync per commit)
// The database is its own file, FLOOR_DB, on the same disk as the server's; it holds FLOOR_SESSIONS
// sessions whose tokens are `floor-<n>`.
import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { SQLite } from './util.mjs';

const SESSIONS = Number(process.env.FLOOR_SESSIONS ?? 100_000);
const db = new SQLite(process.env.FLOOR_DB);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, last_seen_at REAL NOT NULL);
         CREATE TABLE IF NOT EXISTS counters (user_id INTEGER PRIMARY KEY, minutes INTEGER NOT NULL)`);
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const insert = db.prepare('INSERT OR IGNORE INTO sessions (token_hash, user_id, last_seen_at) VALUES (?, ?, ?)');
db.transaction(() => {
  for (let n = 1; n <= SESSIONS; n += 1) insert.run(sha256(`floor-${n}`), n, Date.now());
})();

const lookup = db.prepare('SELECT user_id, last_seen_at FROM sessions WHERE token_hash = ?');
const upsert = db.prepare('INSERT INTO counters (user_id, minutes) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET minutes = minutes + excluded.minutes');
const write = db.transaction((userId, minutes) => upsert.run(userId, minutes));

const app = Fastify({ logger: false });
await app.register(cookie);
app.get('/hello', async () => ({ ok: true }));
app.get('/floor/read', async (request, reply) => {
  const token = request.cookies.sid;
  const row = token ? lookup.get(sha256(token)) : undefined;
  if (!row) return reply.code(401).send({ error: 'UNAUTHENTICATED' });
  return { userId: row.user_id };
});
app.post('/floor/write', async (request) => {
  const { userId, minutes } = request.body;
  write(userId, minutes);
  return { ok: true };
});

process.once('SIGTERM', () => app.close().then(() => { db.close(); process.exit(0); }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
