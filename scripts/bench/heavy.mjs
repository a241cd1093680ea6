// `npm run bench -- --heavy [--postgres]` (issue #30): a bystander's GET /api/auth/check while other
// learners run 5 MiB imports and wide /api/user/stats reads in parallel, beside the same bystander
// alone, in interleaved rounds (medians). Each import's answer is checked against the database:
// a 200 stored exactly the file's rows, a 503 or 429 left none. Then (issue #38) the same bystander
// beside a nested-JSON flood: three connections posting 7,000 levels (14 KB) to the sign-in, no
// session, and a learner's 4.8 MiB import of 850 arrays nested 3,000 deep.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { copyFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cpuSeconds, summariseProfile } from './cpu.mjs';
import { round, table } from './util.mjs';

const ROUNDS = Number(process.env.BENCH_HEAVY_ROUNDS ?? 5);
const ALONE_S = Number(process.env.BENCH_HEAVY_ALONE_S ?? 4);
const LOADED_S = Number(process.env.BENCH_HEAVY_LOADED_S ?? 10);
export const HEAVY_LEARNERS = Number(process.env.BENCH_HEAVY_LEARNERS ?? 3);
/** The bystander's steady rate: 10 connections, a request every 50 ms on each (200 requests/s). */
const BYSTANDER = { connections: 10, intervalMs: 50 };
const STATS_LOOPS_PER_LEARNER = Number(process.env.BENCH_HEAVY_STATS_LOOPS ?? 6);
const IMPORT_BODY_BYTES = 5 * 1024 * 1024 - 1024;
// Languages the seeded learners never started, so every stored row of them comes from an import.
const FILE_LANGUAGES = ['Afrikaans', 'Albanian', 'Basque', 'Bengali', 'Catalan', 'Croatian', 'Czech', 'Danish', 'Dutch', 'Estonian', 'Finnish', 'Greek', 'Hindi', 'Icelandic', 'Latin', 'Polish', 'Swahili', 'Welsh'];
const P99_TARGET_MS = 50;
const FLOOD_CONNECTIONS = 3;
const NESTED_LOGIN = `${'['.repeat(7000)}0${']'.repeat(7000)}`;
const NESTED_IMPORT = `{"source":"lingualog-json","mode":"merge","content":"","x":[${Array.from({ length: 850 }, () => `${'['.repeat(3000)}0${']'.repeat(3000)}`).join(',')}]}`;
/** The contract's bounds for a refused nesting: the sign-in's in well under 20 ms, the import's within 2 s. */
const FLOOD_ANSWER_MS = 20;
const NESTED_IMPORT_MS = 2000;

const loadText = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One HTTP request on `agent`; resolves with the status and body text (never rejects: a network error is status 0). */
function send(agent, url, { method = 'GET', cookie, body } = {}) {
  return new Promise((resolve) => {
    const headers = cookie ? { cookie } : {};
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve({ status: 0, text: '' }));
    });
    req.on('error', (err) => resolve({ status: 0, text: err.message }));
    req.end(body);
  });
}

/**
 * The bystander: each connection sends on a fixed schedule (every intervalMs), and a request's
 * latency is counted from its scheduled time, so a stall delays every request it held up
 * (no coordinated omission), not only the one in flight.
 */
async function bystanderLoop(url, cookie, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: BYSTANDER.connections });
  const latencies = [];
  const lateness = [];
  let failures = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: BYSTANDER.connections }, async (_, c) => {
      for (let due = start + (c * BYSTANDER.intervalMs) / BYSTANDER.connections; due < end; due += BYSTANDER.intervalMs) {
        const wait = due - performance.now();
        if (wait > 0) {
          await sleep(wait);
          // Woken late: the bench's own thread waited for a CPU. (A request sent late because the one before it answered late is the server's.)
          lateness.push(performance.now() - due);
        }
        const res = await send(agent, `${url}/api/auth/check`, { cookie });
        if (res.status !== 200) failures += 1;
        latencies.push(performance.now() - due);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  lateness.sort((a, b) => a - b);
  return { samples: latencies.length, failures, clientLateP99: lateness.length ? percentile(lateness, 99) : 0, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) };
}

/**
 * The bystander runs in a worker thread of its own: the heavy learners' 5 MiB request bodies and
 * database checks in this thread would otherwise delay its requests and count as the server's time.
 */
function bystander(url, cookie, seconds) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { url, cookie, seconds } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

if (!isMainThread && workerData?.cookie) {
  bystanderLoop(workerData.url, workerData.cookie, workerData.seconds).then((result) => parentPort.postMessage(result));
}

/** A LinguaLog CSV export of as many days as fit a 5 MiB request; `marker` is every day's writing minutes, so each import's rows can be told apart. */
export function importFile(today) {
  const head = 'language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved';
  const prefixes = [];
  let bytes = JSON.stringify({ source: 'lingualog-csv', mode: 'replace', dryRun: false, content: head }).length;
  outer: for (const language of FILE_LANGUAGES) {
    for (let day = Date.parse('2000-01-01T00:00:00Z'); ; day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      if (date >= today) break;
      const i = prefixes.length;
      const prefix = `${language},${date},${(i * 7) % 61},${(i * 3) % 31},${i % 13},`;
      // The row, its marker (3 digits), the empty achieved cell and the escaped line break.
      bytes += prefix.length + 3 + 1 + 2;
      if (bytes > IMPORT_BODY_BYTES) break outer;
      prefixes.push(prefix);
    }
  }
  return {
    rows: prefixes.length,
    body: (marker) => JSON.stringify({ source: 'lingualog-csv', mode: 'replace', dryRun: false, content: [head, ...prefixes.map((p) => `${p}${marker},`)].join('\n') }),
  };
}

const statuses = () => ({});
const countStatus = (counts, status) => {
  counts[status] = (counts[status] ?? 0) + 1;
};
const statusText = (counts) => Object.entries(counts).map(([s, n]) => `${s}: ${n}`).join(', ') || '-';

/**
 * One heavy learner for `seconds`: one import after another (each answer checked against the
 * database before the next), a second import of theirs sent while one runs (the per-learner ration
 * answers 429), and STATS_LOOPS_PER_LEARNER stats reads of up to 10 years of days in a loop.
 */
async function heavyLearner(ctx, learner, seconds) {
  const agent = new Agent({ keepAlive: true });
  const end = Date.now() + seconds * 1000;
  const { url, cookieOf, file, db, tally } = ctx;
  const cookie = cookieOf(learner.n);
  const importLoop = async () => {
    while (Date.now() < end) {
      const marker = ctx.nextMarker();
      let settled = false;
      const sent = performance.now();
      const pending = send(agent, `${url}/api/user/import`, { method: 'POST', cookie, body: file.body(marker) }).finally(() => (settled = true));
      // While it runs, a second import of the same learner: the ration refuses it (429), so it never stores anything.
      const duplicate = sleep(300).then(async () => {
        if (settled) return null;
        const extra = ctx.nextMarker();
        return { ...(await send(agent, `${url}/api/user/import`, { method: 'POST', cookie, body: file.body(extra) })), marker: extra };
      });
      const res = await pending;
      countStatus(tally.imports, res.status);
      (tally.importMs[res.status] ??= []).push(performance.now() - sent);
      await verify(db, learner, marker, res.status, file.rows, tally);
      const extra = await duplicate;
      if (extra) {
        countStatus(tally.imports, extra.status);
        if (extra.status !== 429) tally.problems.push(`learner ${learner.n}: a second import at once answered ${extra.status}, not 429`);
        await verify(db, learner, extra.marker, extra.status, file.rows, tally);
      }
      if (res.status !== 200) await sleep(500);
    }
  };
  const statsLoop = async (k) => {
    for (let i = 0; Date.now() < end; i++) {
      const language = (k + i) % 2 ? 'French' : 'Spanish';
      const res = await send(agent, `${url}/api/user/stats?from=${ctx.statsFrom}&to=${ctx.today}&bucket=day&language=${language}`, { cookie });
      countStatus(tally.stats, res.status);
      if (res.status !== 200) await sleep(200);
    }
  };
  await Promise.all([importLoop(), ...Array.from({ length: STATS_LOOPS_PER_LEARNER }, (_, k) => statsLoop(k))]);
  agent.destroy();
}

/**
 * The flood for `seconds`: FLOOD_CONNECTIONS connections posting NESTED_LOGIN to the sign-in one
 * after another, and one learner posting NESTED_IMPORT; every answer must be a 400.
 */
async function nestedFlood(ctx, seconds, tally) {
  const end = Date.now() + seconds * 1000;
  const loop = async (path, body, cookie, times) => {
    const agent = new Agent({ keepAlive: true });
    while (Date.now() < end) {
      const sent = performance.now();
      const res = await send(agent, `${ctx.url}${path}`, { method: 'POST', cookie, body });
      times.push(performance.now() - sent);
      countStatus(tally.statuses, res.status);
    }
    agent.destroy();
  };
  await Promise.all([
    ...Array.from({ length: FLOOD_CONNECTIONS }, () => loop('/api/auth/login', NESTED_LOGIN, undefined, tally.loginMs)),
    loop('/api/user/import', NESTED_IMPORT, ctx.cookieOf(1), tally.importMs),
  ]);
}

/** The bystander alone and beside the nested-JSON flood, in interleaved rounds; the flood's answers and times. */
async function floodRounds(ctx) {
  const tally = { statuses: statuses(), loginMs: [], importMs: [] };
  // The heavy section's last calls may still hold the server (a stats cache filling, a pruned import): let them settle.
  await sleep(3000);
  const rounds = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const alone = await bystander(ctx.url, ctx.bystanderCookie, ALONE_S);
    const flood = nestedFlood(ctx, LOADED_S, tally);
    const loaded = await bystander(ctx.url, ctx.bystanderCookie, LOADED_S);
    await flood;
    rounds.push({ alone, loaded });
  }
  const p = (values, q) => (values.length ? percentile([...values].sort((a, b) => a - b), q) : 0);
  const loadedP99 = median(rounds.map((r) => r.loaded.p99));
  const aloneP99 = median(rounds.map((r) => r.alone.p99));
  const statusesText = statusText(tally.statuses);
  const lines = [
    `nested-JSON flood: ${FLOOD_CONNECTIONS} connections posting ${NESTED_LOGIN.length} bytes of 7,000 levels to /api/auth/login (no session), one learner posting a ${round(NESTED_IMPORT.length / 1024 / 1024, 2)} MiB import of 850 arrays nested 3,000 deep`,
    table([
      ["bystander's GET /api/auth/check (200/s, 10 connections)", 'requests', 'failed', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      ...rounds.flatMap((r, i) => [
        [`round ${i + 1} alone`, r.alone.samples, r.alone.failures, round(r.alone.p50, 2), round(r.alone.p95, 1), round(r.alone.p99, 1), round(r.alone.max, 1)],
        [`round ${i + 1} beside the flood`, r.loaded.samples, r.loaded.failures, round(r.loaded.p50, 2), round(r.loaded.p95, 1), round(r.loaded.p99, 1), round(r.loaded.max, 1)],
      ]),
    ]),
    `flood answers: ${statusesText}; sign-in p50 ${round(p(tally.loginMs, 50), 2)} ms, p99 ${round(p(tally.loginMs, 99), 1)} ms (${tally.loginMs.length}); import p50 ${round(p(tally.importMs, 50), 1)} ms, max ${round(Math.max(0, ...tally.importMs), 1)} ms (${tally.importMs.length})`,
  ];
  const failed = rounds.reduce((n, r) => n + r.loaded.failures + r.alone.failures, 0);
  const checks = [
    { ok: loadedP99 < P99_TARGET_MS, text: `nested-JSON flood: the bystander's /api/auth/check p99 ${round(loadedP99, 1)} ms (< ${P99_TARGET_MS} ms; ${round(aloneP99, 1)} ms alone; median of ${ROUNDS} rounds)` },
    { ok: Object.keys(tally.statuses).every((status) => status === '400') && tally.loginMs.length > 0, text: `nested-JSON flood: every answer a 400 (${statusesText})` },
    { ok: p(tally.loginMs, 50) < FLOOD_ANSWER_MS, text: `nested-JSON flood: the sign-in's 400 p50 ${round(p(tally.loginMs, 50), 2)} ms (< ${FLOOD_ANSWER_MS} ms, as the client measures it)` },
    { ok: tally.importMs.length > 0 && Math.max(...tally.importMs) < NESTED_IMPORT_MS, text: `nested-JSON flood: the 4.8 MiB nested import refused within ${NESTED_IMPORT_MS} ms (max ${round(Math.max(0, ...tally.importMs), 1)} ms)` },
    { ok: failed === 0, text: `nested-JSON flood: the bystander's failed requests: ${failed}` },
  ];
  return { lines, checks };
}

/** The rows the import with `marker` left: all of the file's after a 200, none after anything else. */
async function verify(db, learner, marker, status, rows, tally) {
  const [{ n }] = await db.query('SELECT count(*) AS n FROM daily_activity WHERE user_id = ? AND writing = ?', [learner.id, marker]);
  const stored = Number(n);
  const expected = status === 200 ? rows : 0;
  tally.checked += 1;
  if (stored !== expected) tally.problems.push(`learner ${learner.n}: an import answered ${status} and left ${stored} rows (expected ${expected})`);
}

/** The CPU profile of round 1's loaded window (the server preloads profile-hook.mjs; SIGUSR2 starts and stops it). */
async function profileText(dir) {
  let file;
  while (!(file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile')))) await sleep(100);
  await sleep(500);
  // BENCH_PROFILE_COPY: keep the profile (the directory goes when the bench ends), e.g. for its long steps.
  if (process.env.BENCH_PROFILE_COPY) copyFileSync(join(dir, file), process.env.BENCH_PROFILE_COPY);
  const summary = summariseProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')), 25);
  const list = (entries) => entries.map((f) => `  ${String(f.pct).padStart(5)}%  ${f.name}`).join('\n');
  return [
    `CPU profile of round 1's loaded window (${summary.samples} samples): ${summary.owners.slice(0, 12).map((o) => `${o.name} ${o.pct}%`).join(', ')}`,
    `self time:\n${list(summary.functions)}`,
    `inclusive:\n${list(summary.inclusive)}`,
  ].join('\n');
}

/**
 * `ctx`: url, pid (the server's), db (seed.mjs's openDatabase), cookieOf(n) for heavy learner n,
 * bystanderCookie, ids of the heavy learners, today; profileDir to profile round 1's loaded window. Returns the text to print and the checks.
 */
export async function heavySection(ctx) {
  const file = importFile(ctx.today);
  let marker = 99;
  const tally = { imports: statuses(), importMs: {}, stats: statuses(), problems: [], checked: 0 };
  const full = { ...ctx, file, tally, nextMarker: () => (marker = marker >= 960 ? 100 : marker + 1) };
  const bodyMiB = round(file.body(100).length / 1024 / 1024, 2);
  const lines = [`import file: lingualog-csv, ${file.rows} days in ${FILE_LANGUAGES.length} languages at most, ${bodyMiB} MiB request; ${HEAVY_LEARNERS} heavy learners, each: imports one after another (+1 sent at once, for the ration), ${STATS_LOOPS_PER_LEARNER} stats loops (bucket=day, ${ctx.statsFrom}..${ctx.today})`];
  // Warm-up: the server's first import and stats read compile their code paths.
  await bystander(ctx.url, ctx.bystanderCookie, 1);
  const rounds = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const alone = await bystander(ctx.url, ctx.bystanderCookie, ALONE_S);
    const aloneLoad = loadText();
    const profiled = ctx.profileDir && r === 1;
    if (profiled) process.kill(ctx.pid, 'SIGUSR2');
    const cpuBefore = cpuSeconds(ctx.pid);
    const started = performance.now();
    const heavy = Promise.all(ctx.learners.map((learner) => heavyLearner(full, learner, LOADED_S)));
    const loaded = await bystander(ctx.url, ctx.bystanderCookie, LOADED_S);
    const cpu = (cpuSeconds(ctx.pid) - cpuBefore) / ((performance.now() - started) / 1000);
    const loadedLoad = loadText();
    if (profiled) process.kill(ctx.pid, 'SIGUSR2');
    // The heavy calls still in flight finish (or meet their deadline) before the next round's "alone".
    await heavy;
    rounds.push({ alone, loaded, cpu, aloneLoad, loadedLoad });
  }
  if (ctx.profileDir) lines.push(await profileText(ctx.profileDir));
  const row = (name, r) => [name, r.samples, r.failures, round(r.p50, 2), round(r.p95, 1), round(r.p99, 1), round(r.max, 1), round(r.clientLateP99, 1)];
  lines.push(
    table([
      ["bystander's GET /api/auth/check (200/s, 10 connections)", 'requests', 'failed', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'bench woke late p99', 'server CPU', 'load average'],
      ...rounds.flatMap((r, i) => [
        [...row(`round ${i + 1} alone`, r.alone), '', r.aloneLoad],
        [...row(`round ${i + 1} with the heavy learners`, r.loaded), `${Math.round(100 * r.cpu)}%`, r.loadedLoad],
      ]),
      ...['alone', 'loaded'].map((k) => {
        const m = (field) => median(rounds.map((r) => r[k][field]));
        return [`median of ${ROUNDS}, ${k}`, m('samples'), m('failures'), round(m('p50'), 2), round(m('p95'), 1), round(m('p99'), 1), round(m('max'), 1), round(m('clientLateP99'), 1), k === 'loaded' ? `${Math.round(100 * median(rounds.map((r) => r.cpu)))}%` : '', loadText()];
      }),
    ]),
  );
  lines.push(`heavy calls' answers: imports ${statusText(tally.imports)}; stats ${statusText(tally.stats)}; ${tally.checked} import answers checked against the database`);
  lines.push(`an import's time to its answer (median, max): ${Object.entries(tally.importMs).map(([status, ms]) => `${status}: ${Math.round(median(ms))}, ${Math.round(Math.max(...ms))} ms`).join('; ')}`);
  for (const problem of tally.problems.slice(0, 10)) lines.push(`  ${problem}`);
  const flood = await floodRounds(ctx);
  lines.push(...flood.lines);
  const loadedP99 = median(rounds.map((r) => r.loaded.p99));
  const aloneP99 = median(rounds.map((r) => r.alone.p99));
  const failed = rounds.reduce((n, r) => n + r.loaded.failures + r.alone.failures, 0);
  const checks = [
    { ok: loadedP99 < P99_TARGET_MS, text: `heavy learners: the bystander's /api/auth/check p99 ${round(loadedP99, 1)} ms (< ${P99_TARGET_MS} ms; ${round(aloneP99, 1)} ms alone; median of ${ROUNDS} rounds; load ${loadText()})` },
    { ok: tally.problems.length === 0 && tally.checked > 0, text: `heavy learners: every import's answer matches the database (${tally.checked} checked, ${tally.problems.length} mismatches)` },
    { ok: failed === 0, text: `heavy learners: the bystander's failed requests: ${failed}` },
    { ok: (tally.imports[200] ?? 0) > 0, text: `heavy learners: imports that answered 200: ${tally.imports[200] ?? 0}` },
    ...flood.checks,
  ];
  return { text: lines.join('\n'), checks };
}
