import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import type { PushDeviceList, PushEndpointBody, PushSubscriptionBody, Reminder, TestReminderAnswer, VapidKey } from '@common/schemas/reminders';
import { db, type MockDb } from '../db';
import { api, apiError, unauthenticated } from '../http';

/** A P-256 public key (65 bytes, uncompressed), as GET /api/push/key answers. */
export const MOCK_VAPID_KEY = `BA${'A'.repeat(85)}`;

interface ReminderState {
  reminder: Reminder;
  devices: PushDeviceList;
  /** What a test reminder answers (contract: the push service's verdict). */
  testResult: TestReminderAnswer['result'];
  tests: string[];
}

/** The daily reminder's data lives beside the mock db: a reset db starts with the defaults again. */
const states = new WeakMap<MockDb, ReminderState>();

export function reminderState(): ReminderState {
  let state = states.get(db);
  if (!state) {
    state = { reminder: { enabled: false, time: '20:00', timeZone: 'UTC', skipWhenGoalMet: true }, devices: [], testResult: 'sent', tests: [] };
    states.set(db, state);
  }
  return state;
}

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The daily reminder of the contract's fourth edition. */
export const reminderHandlers = [
  http.get(api(API_PATHS.pushKey), () => HttpResponse.json<VapidKey>({ publicKey: MOCK_VAPID_KEY })),
  http.get(api(API_PATHS.reminder), () => (db.signedIn ? HttpResponse.json<Reminder>(reminderState().reminder) : unauthenticated())),
  http.put(api(API_PATHS.reminder), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as Reminder;
    if (!TIME.test(body.time) || !body.timeZone) return apiError(400, 'INVALID_INPUT', 'time must be HH:MM');
    reminderState().reminder = body;
    return HttpResponse.json<Reminder>(body);
  }),
  http.get(api(API_PATHS.pushSubscriptions), () => (db.signedIn ? HttpResponse.json<PushDeviceList>(reminderState().devices) : unauthenticated())),
  http.post(api(API_PATHS.pushSubscriptions), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as PushSubscriptionBody;
    if (!body.endpoint.startsWith('https:')) return apiError(400, 'INVALID_INPUT', 'The endpoint must be an https: URL.');
    const state = reminderState();
    if (!state.devices.some((d) => d.endpoint === body.endpoint)) state.devices = [...state.devices, { endpoint: body.endpoint, createdAt: new Date().toISOString() }].slice(-10);
    return new HttpResponse(null, { status: 201 });
  }),
  http.delete(api(API_PATHS.pushSubscriptions), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const { endpoint } = (await request.json()) as PushEndpointBody;
    const state = reminderState();
    state.devices = state.devices.filter((d) => d.endpoint !== endpoint);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(api(API_PATHS.reminderTest), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const { endpoint } = (await request.json()) as PushEndpointBody;
    const state = reminderState();
    if (!state.devices.some((d) => d.endpoint === endpoint)) return apiError(400, 'INVALID_INPUT', 'This device is not on the list.');
    state.tests.push(endpoint);
    if (state.testResult === 'gone') state.devices = state.devices.filter((d) => d.endpoint !== endpoint);
    return HttpResponse.json<TestReminderAnswer>({ result: state.testResult });
  }),
];
