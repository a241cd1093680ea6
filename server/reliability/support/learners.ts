/** Learners with data in every table, for isolation and deletion checks. */
import type { FastifyInstance } from 'fastify';
import { signUp, todayIso, withLanguage } from '../../test/helper';
import { addDays } from '../../test/requests';

export interface Learner {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

/** Two languages, an added and an edited day, and changed goal, previous hours and milestones. */
export async function busyLearner(app: FastifyInstance, email?: string): Promise<Learner> {
  const { cookie, password, email: actualEmail } = await signUp(app, email);
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers: { cookie }, payload });
    if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode} ${res.body}`);
  };
  await withLanguage(app, cookie, 'French');
  await send('POST', '/api/user/daily-activity', { date: todayIso(), speakingDailyMins: 25 });
  await withLanguage(app, cookie, 'Spanish');
  await send('POST', '/api/user/daily-activity', { date: todayIso(), listeningDailyMins: 45 });
  await send('PATCH', '/api/user/daily-activity', {
    date: addDays(todayIso(), -3), isToday: false, listeningDailyMins: 10, readingDailyMins: 20, speakingDailyMins: 30, writingDailyMins: 40, achieved: true,
  });
  await send('POST', '/api/user/daily-goal', { dailyGoalMinutes: 60, date: todayIso() });
  await send('POST', '/api/user/previous-time', { previousHours: 120 });
  await send('POST', '/api/user/milestones', { level1: 10, level2: 20, level3: 30, level4: 40, level5: 50, level6: 60 });
  const row = await app.db.selectFrom('users').select('id').where('email', '=', actualEmail).executeTakeFirstOrThrow();
  return { id: Number(row.id), email: actualEmail, password, cookie };
}
