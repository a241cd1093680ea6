import { http, HttpResponse } from 'msw';
import type { HasLanguage, Language, UserLanguage } from '@common/api-types';
import { ALL_LANGUAGES, db, newLanguageData } from '../db';
import { api, apiError, unauthenticated } from '../http';

export const languageHandlers = [
  http.get(api('/languages'), () => HttpResponse.json<Language[]>(ALL_LANGUAGES.map((name) => ({ name })))),
  http.get(api('/user/language'), () =>
    db.signedIn ? HttpResponse.json<UserLanguage>({ name: db.currentLanguage }) : unauthenticated(),
  ),
  http.get(api('/user/has-language'), () =>
    db.signedIn ? HttpResponse.json<HasLanguage>({ hasLanguage: db.currentLanguage !== null }) : unauthenticated(),
  ),
  http.post(api('/user/language'), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const { name } = (await request.json()) as { name: string };
    if (!ALL_LANGUAGES.includes(name)) return apiError(400, 'UNKNOWN_LANGUAGE', 'Unknown language');
    db.currentLanguage = name;
    if (!db.languages.includes(name)) db.languages.push(name);
    db.perLanguage[name] ??= newLanguageData();
    return HttpResponse.json<UserLanguage>({ name });
  }),
];
