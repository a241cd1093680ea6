/**
 * Concurrent writes to one learner's day on SQLite (in-process): no minute lost, no limit
 * overshot, no server error, and interleaved edits end in a state some serial order explains.
 */
import { describe, expect, it } from 'vitest';
import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS } from '@common/domain';
import { signUp, testAppForFile, todayIso, withLanguage } from '../test/helper';
import { runInterleavedChecked, runParallelAdds, serialOrderViolations, withinLimits, type DayRecord, type Send } from './support/raceWorkload';

const PARALLEL = 100;
const t = testAppForFile();

async function learnerSend(): Promise<{ send: Send; read: () => Promise<DayRecord> }> {
  const { cookie } = await signUp(t.app);
  await withLanguage(t.app, cookie);
  const send: Send = async (method, payload) => {
    const res = await t.app.inject({ method, url: '/api/user/daily-activity', headers: { cookie }, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const read = async () => (await t.app.inject({ method: 'GET', url: `/api/user/daily-activity?date=${todayIso()}`, headers: { cookie } })).json() as DayRecord;
  return { send, read };
}

describe('concurrent adds on SQLite', () => {
  // The first case fills one skill to its 960-minute cap; the second starts with reading at 900 so
  // the 1440-minute day total binds first (540 minutes of headroom).
  it.each([
    { limit: 'per-skill', presetReading: 0, minutes: 15, expectedOk: DAILY_SKILL_LIMIT_MINS / 15 },
    { limit: 'total', presetReading: 900, minutes: 20, expectedOk: Math.floor((DAILY_TOTAL_LIMIT_MINS - 900) / 20) },
  ])('100 parallel adds store N × successes and stop exactly at the $limit limit', async ({ limit, presetReading, minutes, expectedOk }) => {
    const { send, read } = await learnerSend();
    const date = todayIso();
    if (presetReading) {
      const preset = await send('PATCH', { date, isToday: true, listeningDailyMins: 0, readingDailyMins: presetReading, speakingDailyMins: 0, writingDailyMins: 0 }, 0);
      expect(preset.status).toBe(200);
    }
    const { counts, stored } = await runParallelAdds({ label: `concurrency/sqlite ${limit}`, send, read, date, minutes }, PARALLEL);
    expect(counts.serverErrors).toBe(0);
    expect(counts.other).toEqual([]);
    expect(stored.listeningDailyMins).toBe(minutes * counts.ok);
    expect(counts.ok).toBe(expectedOk);
    expect(withinLimits(stored)).toBe(true);
  });

  it('100 adds interleaved with 10 edits end in a state some serial order explains', async () => {
    const { send, read } = await learnerSend();
    const workload = { label: 'concurrency/sqlite interleaved', send, read, date: todayIso(), minutes: 90 };
    const { adds, edits, violations } = await runInterleavedChecked(workload, PARALLEL, 10);
    expect(adds.serverErrors + edits.serverErrors).toBe(0);
    expect([...adds.other, ...edits.other]).toEqual([]);
    expect(edits.ok).toBe(10);
    expect(violations).toEqual([]);
  });
});

describe('the serial-order check itself', () => {
  const date = '2025-06-10';
  const day = (listening: number, reading: number) => ({ listeningDailyMins: listening, readingDailyMins: reading, speakingDailyMins: 0, writingDailyMins: 0 });
  const run = { adds: [{ status: 200, body: day(10, 1) }, { status: 200, body: day(20, 1) }], edits: [{ status: 200, body: day(0, 1) }] };

  it('accepts a run a serial order explains', () => {
    expect(serialOrderViolations(run, day(20, 1), date, 10)).toEqual([]);
  });

  it('catches a lost add, minutes nobody sent and a state over the limit', () => {
    expect(serialOrderViolations(run, day(10, 1), date, 10)).toHaveLength(1);
    expect(serialOrderViolations(run, day(25, 1), date, 10).length).toBeGreaterThan(0);
    expect(serialOrderViolations(run, day(970, 1), date, 10).some((p) => p.includes('over a limit'))).toBe(true);
  });
});
