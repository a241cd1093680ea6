// Insights scenario (issue #13): GET /api/user/stats for the last 12 weeks and the last 12 months,
// a 1-month learner against the 10-year one. The 10-year learner is asked about a language whose
// goal changed every day for ten years (the most the contract allows), so a per-day goal lookup
// that grew with the goal history would show here.
import { measure } from './load.mjs';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
const utc = (date) => Date.parse(`${date}T00:00:00Z`);

export function statsReads(today) {
  const weekStart = utc(today) - new Date(utc(today)).getUTCDay() * DAY_MS;
  const [y, m] = today.split('-').map(Number);
  const monthsBack = iso(Date.UTC(y, m - 1 - 11, 1));
  return [
    { name: 'GET /api/user/stats 12 weeks', path: `/api/user/stats?from=${iso(weekStart - 77 * DAY_MS)}&to=${today}&bucket=week` },
    { name: 'GET /api/user/stats 12 months', path: `/api/user/stats?from=${monthsBack}&to=${today}&bucket=month` },
  ];
}

/** A goal change on every one of the learner's `days` past days in `language`. */
export async function seedDailyGoalChanges(db, email, language, days, today) {
  const [{ id }] = await db.query('SELECT id FROM users WHERE email = ?', [email]);
  const BATCH = 500;
  for (let first = 1; first <= days; first += BATCH) {
    const rows = [];
    for (let k = first; k < Math.min(days + 1, first + BATCH); k += 1) rows.push([id, language, iso(utc(today) - k * DAY_MS), 5 * (1 + (k % 24))]);
    await db.query(
      `INSERT INTO daily_goals (user_id, language, effective_from, minutes) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')}`,
      rows.flat(),
    );
  }
}

/**
 * Both reads for each learner, in alternating rounds so drift in load hits all alike. Rows for
 * growthTable: the 10-year learner against the 1-month one (the figure), and against a
 * 1-year learner, whose range holds as many days: that pair isolates the cost of a long history.
 */
export async function statsGrowth(baseUrl, learners, today) {
  const rows = [];
  for (const read of statsReads(today)) {
    const target = (learner) => ({ ...read, baseUrl, path: `${read.path}${learner.query ?? ''}`, headers: { cookie: learner.cookie } });
    const best = {};
    for (let round = 0; round < 2; round += 1) {
      for (const [label, learner] of Object.entries(learners)) {
        const r = await measure(target(learner));
        const a = best[label];
        best[label] = !a ? r : { ...(a.mean <= r.mean ? a : r), errors: a.errors + r.errors, non2xx: a.non2xx + r.non2xx };
      }
    }
    rows.push({ name: read.name, small: best.month, large: best.decade });
    rows.push({ name: `${read.name}, 1 year vs 10 years`, small: best.year, large: best.decade });
  }
  return rows;
}

/**
 * The first read after the history moved (what an edit of a past day or an import does to the
 * remembered weeks and months) against the read right after it, which finds them remembered
 * again: `times` pairs of single requests on one keep-alive connection, medians in ms (client side,
 * loopback). `moveHistory` moves the learner's history_version without changing a day.
 */
export async function readAfterHistoryMoved(baseUrl, learner, today, moveHistory, times = 15) {
  const rows = [];
  for (const read of statsReads(today)) {
    const url = `${baseUrl}${read.path}${learner.query ?? ''}`;
    const once = async () => {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie: learner.cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${read.name} answered ${res.status}`);
      return performance.now() - started;
    };
    const first = [];
    const next = [];
    for (let i = 0; i < times; i += 1) {
      await moveHistory();
      first.push(await once());
      next.push(await once());
    }
    const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
    rows.push({ name: read.name, firstMs: median(first), nextMs: median(next), firstMaxMs: Math.max(...first) });
  }
  return rows;
}
