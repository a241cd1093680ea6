// Query plans of what the dashboard reads run on every load, as the server issues them. A full
// table scan here is the cause of a read that slows down as the database grows.
const QUERIES = {
  'session lookup': ['SELECT * FROM sessions WHERE token_hash = ?', ['x']],
  'current language': ['SELECT current_language FROM users WHERE id = ?', [1]],
  'language settings': ['SELECT * FROM user_languages WHERE user_id = ? AND language = ?', [1, 'Spanish']],
  'languages started': ['SELECT language FROM user_languages WHERE user_id = ?', [1]],
  'progress sums': [
    'SELECT sum(listening), sum(reading), sum(speaking), sum(writing) FROM daily_activity WHERE user_id = ? AND language = ?',
    [1, 'Spanish'],
  ],
  'month total': [
    'SELECT sum(listening + reading + speaking + writing) FROM daily_activity WHERE user_id = ? AND language = ? AND date >= ? AND date <= ?',
    [1, 'Spanish', '2026-11-01', '2026-11-31'],
  ],
  "the calendar's month of days": [
    'SELECT date, listening, reading, speaking, writing, achieved_override FROM daily_activity WHERE user_id = ? AND language = ? AND date >= ? AND date <= ? ORDER BY date',
    [1, 'Spanish', '2026-11-01', '2026-11-30'],
  ],
  'first recorded day': ['SELECT date FROM daily_activity WHERE user_id = ? AND language = ? ORDER BY date LIMIT 1', [1, 'Spanish']],
  'goal in force on a day': [
    'SELECT effective_from, minutes FROM daily_goals WHERE user_id = ? AND language = ? AND effective_from <= ? ORDER BY effective_from DESC LIMIT 1',
    [1, 'Spanish', '2026-11-01'],
  ],
  'goal changes within a range': [
    'SELECT effective_from, minutes FROM daily_goals WHERE user_id = ? AND language = ? AND effective_from > ? AND effective_from <= ? ORDER BY effective_from',
    [1, 'Spanish', '2026-11-01', '2026-11-30'],
  ],
  'rest periods': ['SELECT from_date, to_date FROM rest_periods WHERE user_id = ? ORDER BY from_date', [1]],
};

/** SQLite reports "SCAN <table>" (even through an index, it reads all of it) and PostgreSQL "Seq Scan". */
const FULL_SCAN = { sqlite: /\bSCAN\b/, postgres: /Seq Scan/ };

export async function queryPlans(db) {
  const explain = db.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
  const plans = [];
  for (const [name, [text, params]] of Object.entries(QUERIES)) {
    const rows = await db.query(`${explain} ${text}`, params);
    const plan = rows.map((r) => r.detail ?? r['QUERY PLAN']).join(' | ');
    plans.push({ name, plan, fullScan: FULL_SCAN[db.dialect].test(plan) });
  }
  return plans;
}
