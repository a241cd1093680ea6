import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import type { StartTimer, TimerAnswer } from '@common/schemas/timer';
import { db } from '../db';
import { writeLanguage } from './activity';
import { api, apiError, unauthenticated } from '../http';

const TIMER = API_PATHS.timer;
/** Contract, fourth edition: a stopped timer's id never starts again (409 TIMER_STOPPED). */
const stopped = new Set<string>();

/** The running timer of the contract's third edition: one per learner, a start retried with its id starts nothing new. */
export const timerHandlers = [
  http.get(api(TIMER), () => {
    if (!db.signedIn) return unauthenticated();
    return HttpResponse.json<TimerAnswer>({ timer: db.timer });
  }),
  http.put(api(TIMER), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as StartTimer;
    if (db.timer?.id === body.id) return HttpResponse.json<TimerAnswer>({ timer: db.timer });
    if (stopped.has(body.id)) return apiError(409, 'TIMER_STOPPED', 'This timer was already stopped.');
    if (db.timer) {
      return HttpResponse.json({ error: 'TIMER_RUNNING', message: 'Another timer is running', timer: db.timer }, { status: 409 });
    }
    const { language, refusal } = writeLanguage(request);
    if (refusal) return refusal;
    if (!language) return apiError(409, 'NO_LANGUAGE');
    db.timer = { ...body, language };
    return HttpResponse.json<TimerAnswer>({ timer: db.timer });
  }),
  http.delete(api(`${TIMER}/:id`), ({ params }) => {
    if (!db.signedIn) return unauthenticated();
    if (db.timer?.id === params.id) {
      db.timer = null;
      stopped.add(String(params.id));
    }
    return new HttpResponse(null, { status: 204 });
  }),
];
