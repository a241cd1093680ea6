/**
 * Durability: a real server process on a SQLite file is SIGKILLed at random moments while
 * learners keep adding minutes. After each kill the file passes PRAGMA integrity_check and every
 * add that was answered 200 is stored (stored ≥ acknowledged, ≤ acknowledged + unanswered).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SKILLS, skillDailyField } from '@common/domain';
import { addDays } from '../test/requests';
import { SQLite } from '../src/db/sqliteDriver';
import { todayIso } from '../test/helper';
import { HttpLearner, uniqueEmail } from './support/httpClient';
import { isAlive, startServer, type ServerProcess } from './support/serverProcess';

const TRIALS = 5;
const LEARNERS = 6;
const WORKERS_PER_LEARNER = 3;

interface Ledger {
  learner: HttpLearner;
  email: string;
  acked: number;
  unanswered: number;
}

const dir = mkdtempSync(join(tmpdir(), 'tracker-crash-'));
const file = join(dir, 'crash.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One worker: adds 1 minute at a time, rotating skills and the three dates that count as today somewhere, until the server dies. */
async function worker(ledger: Ledger, seed: number): Promise<void> {
  const today = todayIso();
  const dates = [addDays(today, -1), today, addDays(today, 1)];
  for (let i = seed; ; i++) {
    const body = { date: dates[i % 3], [skillDailyField(SKILLS[Math.floor(i / 3) % 4])]: 1 };
    ledger.unanswered++;
    let status: number;
    try {
      status = (await ledger.learner.call('POST', '/api/user/daily-activity', body)).status;
    } catch {
      return; // The server died with this add in flight: it may or may not have been stored.
    }
    ledger.unanswered--;
    if (status === 200) ledger.acked++;
    else if (status !== 400) throw new Error(`add answered ${status}`);
  }
}

function inspectFile(ledgers: Ledger[]): { integrity: string; stored: number[] } {
  const db = new SQLite(file);
  try {
    const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? '';
    const stored = ledgers.map((l) => {
      const row = db
        .prepare(
          `select coalesce(sum(listening + reading + speaking + writing), 0) as total
           from daily_activity join users on users.id = daily_activity.user_id where users.email = ?`,
        )
        .get(l.email) as { total: number };
      return Number(row.total);
    });
    return { integrity, stored };
  } finally {
    db.close();
  }
}

describe('crash safety on SQLite', () => {
  it(`after ${TRIALS} SIGKILLs under write load every acknowledged add survives and integrity_check is ok`, async () => {
    let server: ServerProcess = await startServer(`sqlite:${file}`);
    const ledgers: Ledger[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const learner = new HttpLearner(server.url);
      const email = uniqueEmail('crash');
      await learner.register(email, 'correct horse battery');
      await learner.chooseLanguage();
      ledgers.push({ learner, email, acked: 0, unanswered: 0 });
    }

    for (let trial = 1; trial <= TRIALS; trial++) {
      const ackedBefore = ledgers.reduce((s, l) => s + l.acked, 0);
      const workers = ledgers.flatMap((l) => Array.from({ length: WORKERS_PER_LEARNER }, (_, w) => worker(l, w * 7)));
      const delay = 200 + Math.floor(Math.random() * 1300);
      await new Promise((r) => setTimeout(r, delay));
      const signal = await server.kill('SIGKILL');
      await Promise.all(workers);
      expect(signal).toBe('SIGKILL');
      expect(isAlive(server.pid)).toBe(false);

      const { integrity, stored } = inspectFile(ledgers);
      const acked = ledgers.map((l) => l.acked);
      const unanswered = ledgers.map((l) => l.unanswered);
      console.log(
        `[crash trial ${trial}] SIGKILL pid ${server.pid} after ${delay} ms: ${acked.reduce((a, b) => a + b, 0) - ackedBefore} adds acknowledged this trial, ` +
          `${unanswered.reduce((a, b) => a + b, 0)} unanswered; stored per learner ${stored.join('/')} vs acknowledged ${acked.join('/')}; integrity_check ${integrity}`,
      );
      expect(integrity).toBe('ok');
      ledgers.forEach((l, i) => {
        expect(stored[i], `learner ${i} lost acknowledged minutes`).toBeGreaterThanOrEqual(l.acked);
        expect(stored[i], `learner ${i} has minutes nobody sent`).toBeLessThanOrEqual(l.acked + l.unanswered);
        // An unanswered add that did commit counts from now on, so later trials compare against the truth.
        l.acked = stored[i];
        l.unanswered = 0;
      });

      server = await startServer(`sqlite:${file}`);
      for (const [i, l] of ledgers.entries()) {
        l.learner = l.learner.on(server.url);
        const progress = await l.learner.call('GET', '/api/user/progress');
        expect(progress.status, 'the session survives the restart').toBe(200);
        expect((progress.body as { totalOverallMins: number }).totalOverallMins).toBe(stored[i]);
      }
    }
    await server.kill('SIGTERM');
    expect(ledgers.reduce((s, l) => s + l.acked, 0), 'the load really wrote something').toBeGreaterThan(TRIALS * 10);
  });
});
