/**
 * Learners adding minutes until told to stop, each add followed by a read: every other add carries
 * an Idempotency-Key as the app's do (nginx may resend those), the others none, like any API client
 * (nginx never resends them, so only the processes' graceful stop keeps them from failing): every answer that is not 200 is a failure, and the minutes of every
 * acknowledged add are counted to compare with what the database kept.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SKILLS, skillDailyField } from '@common/domain';
import type { Learner } from './client';

export interface StreamResult {
  date: string;
  acknowledgedMinutes: number;
  failures: string[];
}

/** Far under the 24 hours a day allows, whatever the pace of the machine. */
const MAX_ADDS = 1200;

export function addStream(learners: Learner[]): { stop(): Promise<StreamResult[]> } {
  let stopping = false;
  const run = async (learner: Learner): Promise<StreamResult> => {
    const date = new Date().toISOString().slice(0, 10);
    const result: StreamResult = { date, acknowledgedMinutes: 0, failures: [] };
    const note = (what: string, status: number, body: string) => result.failures.push(`${what}: ${status} ${body.slice(0, 120)}`);
    for (let i = 0; !stopping && i < MAX_ADDS; i += 1) {
      const field = skillDailyField(SKILLS[i % SKILLS.length]);
      try {
        const key: Record<string, string> = i % 2 === 0 ? { 'idempotency-key': randomUUID() } : {};
        const add = await learner.request('POST', '/api/user/daily-activity', { date, [field]: 1 }, key);
        if (add.status === 200) result.acknowledgedMinutes += 1;
        else note('add', add.status, add.body);
        const read = await learner.request('GET', `/api/user/daily-activity?date=${date}`);
        if (read.status !== 200) note('read', read.status, read.body);
      } catch (error) {
        result.failures.push(`no answer: ${String(error)}`);
      }
      await sleep(40);
    }
    return result;
  };
  const running = Promise.all(learners.map(run));
  return {
    stop: () => {
      stopping = true;
      return running;
    },
  };
}
