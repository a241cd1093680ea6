import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import type { Credentials, EmailAnswer } from '@common/api-types';
import { db } from '../db';
import { api, apiError, unauthenticated } from '../http';

export const authHandlers = [
  http.get(api(API_PATHS.authCheck), () => (db.signedIn ? HttpResponse.json<EmailAnswer>({ email: db.email }) : unauthenticated())),
  // The network banner's check that the server answers again (src/lib/apiAnswers.ts).
  http.head(api(API_PATHS.authCheck), () => new HttpResponse(null, { status: db.signedIn ? 200 : 401 })),
  http.post(api(API_PATHS.authRegister), async ({ request }) => {
    const body = (await request.json()) as Credentials;
    if (body.email.trim().toLowerCase() === db.email) return apiError(409, 'EMAIL_EXISTS', 'That email is taken');
    db.signedIn = true;
    db.email = body.email;
    db.password = body.password;
    return HttpResponse.json<EmailAnswer>({ email: body.email }, { status: 201 });
  }),
  http.post(api(API_PATHS.authLogin), async ({ request }) => {
    const body = (await request.json()) as Credentials;
    if (body.email !== db.email || body.password !== db.password) {
      return apiError(401, 'INVALID_CREDENTIALS', 'Wrong email or password');
    }
    db.signedIn = true;
    return HttpResponse.json<EmailAnswer>({ email: db.email });
  }),
  http.post(api(API_PATHS.authLogout), () => {
    db.signedIn = false;
    return new HttpResponse(null, { status: 204 });
  }),
  http.delete(api(API_PATHS.user), () => {
    if (!db.signedIn) return unauthenticated();
    db.signedIn = false;
    db.currentLanguage = null;
    db.languages = [];
    db.perLanguage = {};
    return new HttpResponse(null, { status: 204 });
  }),
];
