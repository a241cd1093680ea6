import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import type { HasLanguage, Language, UserLanguage } from '@common/api-types';
import { ALL_LANGUAGES, db, newLanguageData } from '../db';
import { api, apiError, unauthenticated } from '../http';

export const languageHandlers = [
  http.get(api(API_PATHS.languages), () => HttpResponse.json<Language[]>(ALL_LANGUAGES.map((name) => ({ name })))),
  http.get(api(API_PATHS.language), () =>
    db.signedIn ? HttpResponse.json<UserLanguage>({ name: db.currentLanguage }) : unauthenticated(),
  ),
  http.get(api(API_PATHS.hasLanguage), () =>
    db.signedIn ? HttpResponse.json<HasLanguage>({ hasLanguage: db.currentLanguage !== null }) : unauthenticated(),
  ),
  http.post(api(API_PATHS.language), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const { name } = (await request.json()) as { name: string };
    if (!ALL_LANGUAGES.includes(name)) return apiError(400, 'UNKNOWN_LANGUAGE', 'Unknown language');
    db.currentLanguage = name;
    if (!db.languages.includes(name)) db.languages.push(name);
    db.perLanguage[name] ??= newLanguageData();
    return HttpResponse.json<UserLanguage>({ name });
  }),
];
