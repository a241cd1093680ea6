/**
 * Parameters written `+?` on SQLite (db/plannerBlindParameters.ts): the statement is compiled
 * once whatever values are bound, and it must answer exactly as the plain `?` statement does and
 * still reach its index.
 */
import { describe, expect, it } from 'vitest';
import { plannerBlindParameters } from '../src/db/plannerBlindParameters';
import { SQLite } from '../src/db/sqliteDriver';

describe('planner-blind parameters', () => {
  it('rewrites only bare parameters, never text inside quotes or comments', () => {
    const sql = `select '?' as "a?", [b?], \`c?\` from t where x = ? and y in (?, ?) -- not ?\n/* nor ? */ limit ?`;
    expect(plannerBlindParameters(sql)).toBe(`select '?' as "a?", [b?], \`c?\` from t where x = +? and y in (+?, +?) -- not ?\n/* nor ? */ limit +?`);
    expect(plannerBlindParameters(`select 'it''s ?' where x = ?`)).toBe(`select 'it''s ?' where x = +?`);
    expect(plannerBlindParameters('select 1')).toBe('select 1');
  });

  it('gives the same rows as plain parameters for every column affinity and bound type', () => {
    const db = new SQLite(':memory:');
    db.exec(`CREATE TABLE t (i INTEGER, s TEXT, r REAL, n NUMERIC, b BLOB, x);
             INSERT INTO t VALUES (1, '1', 1.0, 1, x'01', 1), (2, '02', 2.5, '2', x'02', '2'), (NULL, 'a', NULL, 'a', NULL, 'a'), (10, '10', 10.0, 10, x'0a', 10.0)`);
    const values: unknown[] = [1, 2, '1', '2', '02', 2.5, '2.5', 10, '10', 'a', null, Buffer.from([1]), 1n];
    const comparisons = ['=', '<', '>=', 'IS', 'IS NOT', '<>'];
    for (const column of ['i', 's', 'r', 'n', 'b', 'x']) {
      for (const op of comparisons) {
        for (const value of values) {
          const sql = `SELECT rowid, typeof(${column}) FROM t WHERE ${column} ${op} ? ORDER BY rowid`;
          expect(db.prepare(plannerBlindParameters(sql)).all(value), `${sql} with ${String(value)}`).toEqual(db.prepare(sql).all(value));
        }
      }
      const sql = `SELECT rowid FROM t WHERE ${column} IN (?, ?) ORDER BY rowid`;
      expect(db.prepare(plannerBlindParameters(sql)).all('1', 10)).toEqual(db.prepare(sql).all('1', 10));
    }
    // A written value keeps its column's affinity, as a plain parameter's does.
    const insert = 'INSERT INTO t (i, s, r, n, b, x) VALUES (?, ?, ?, ?, ?, ?) RETURNING typeof(i), typeof(s), typeof(r), typeof(n), typeof(b), typeof(x)';
    for (const row of [['7', 7, '7.5', '8', 'b', '9'], [7.0, 7.25, 3, 'x', 5, 1.5]]) {
      expect(db.prepare(plannerBlindParameters(insert)).all(...row)).toEqual(db.prepare(insert).all(...row));
    }
    db.close();
  });

  it('still searches the index once the planner has samples (ANALYZE)', () => {
    const db = new SQLite(':memory:');
    db.exec(`CREATE TABLE goals (user_id INTEGER, language TEXT, effective_from TEXT, minutes INTEGER, PRIMARY KEY (user_id, language, effective_from));
             WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 2000)
             INSERT INTO goals SELECT n % 500, 'Spanish', date('2020-01-01', '+' || (n / 500) || ' days'), 30 FROM s;
             ANALYZE`);
    const sql = 'SELECT minutes FROM goals WHERE user_id = ? AND language = ? AND effective_from <= ? ORDER BY effective_from DESC LIMIT 1';
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${plannerBlindParameters(sql)}`).all(7, 'Spanish', '2020-01-03') as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toMatch(/SEARCH goals USING (COVERING )?INDEX .*user_id=\? AND language=\? AND effective_from<\?/);
    expect(db.prepare(plannerBlindParameters(sql)).all(7, 'Spanish', '2020-01-03')).toEqual(db.prepare(sql).all(7, 'Spanish', '2020-01-03'));
    db.close();
  });
});
