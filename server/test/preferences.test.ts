/** The app in the learner's language (contract, fifth edition): locales, preferences, and the locale of an answer. */
import { expect, it } from 'vitest';
import { describeDb, signUp, testAppForFile } from './helper';
import { caller, expectError } from './requests';

const t = testAppForFile();
const PREFS = '/api/user/preferences';

describeDb('GET /api/locales', () => {
  it('lists the nine shipped locales, each named in itself with its direction, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/locales' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.default).toBe('en');
    expect(body.locales.map((l: { tag: string }) => l.tag)).toEqual(['en', 'es', 'pt-BR', 'fr', 'de', 'it', 'ja', 'zh-Hans', 'ar']);
    expect(body.locales).toContainEqual({ tag: 'es', name: 'Español', dir: 'ltr' });
    expect(body.locales).toContainEqual({ tag: 'ar', name: 'العربية', dir: 'rtl' });
  });
});

describeDb('GET and PUT /api/user/preferences', () => {
  it('is null and null by default (follow the browser; no zone yet)', async () => {
    const { cookie } = await signUp(t.app);
    const res = await caller(t.app, cookie).get(PREFS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uiLocale: null, timeZone: null });
  });

  it('saves either field or both, answers the saved value, and GET reads it back', async () => {
    const { cookie } = await signUp(t.app);
    const api = caller(t.app, cookie);
    expect((await api.put(PREFS, { uiLocale: 'pt-BR' })).json()).toEqual({ uiLocale: 'pt-BR', timeZone: null });
    expect((await api.put(PREFS, { timeZone: 'America/Sao_Paulo' })).json()).toEqual({ uiLocale: 'pt-BR', timeZone: 'America/Sao_Paulo' });
    expect((await api.put(PREFS, { uiLocale: null, timeZone: 'Asia/Tokyo' })).json()).toEqual({ uiLocale: null, timeZone: 'Asia/Tokyo' });
    expect((await api.get(PREFS)).json()).toEqual({ uiLocale: null, timeZone: 'Asia/Tokyo' });
  });

  it('refuses a tag not shipped, a zone Intl does not know and an empty body with 400 INVALID_INPUT, and saves nothing', async () => {
    const { cookie } = await signUp(t.app);
    const api = caller(t.app, cookie);
    await api.put(PREFS, { uiLocale: 'de', timeZone: 'Europe/Berlin' });
    for (const body of [{ uiLocale: 'pt' }, { uiLocale: 'xx-YY' }, { uiLocale: 'es', timeZone: 'Mars/Olympus' }, { timeZone: '' }, { uiLocale: 3 }, {}, { uiLocale: 'es', extra: 1 }]) {
      expectError(await api.put(PREFS, body), 400, 'INVALID_INPUT');
    }
    expect((await api.get(PREFS)).json()).toEqual({ uiLocale: 'de', timeZone: 'Europe/Berlin' });
  });

  it('without a session is 401', async () => {
    expectError(await caller(t.app).get(PREFS), 401, 'UNAUTHENTICATED');
    expectError(await caller(t.app).put(PREFS, { uiLocale: 'es' }), 401, 'UNAUTHENTICATED');
  });

  it('a token may read the preferences but not change them (403 TOKEN_SCOPE)', async () => {
    const { cookie, password } = await signUp(t.app);
    await caller(t.app, cookie).put(PREFS, { uiLocale: 'ja' });
    const minted = await t.app.inject({ method: 'POST', url: '/api/user/tokens', headers: { cookie }, payload: { name: 'Script', scope: 'log', password } });
    expect(minted.statusCode, minted.body).toBe(201);
    const authorization = `Bearer ${minted.json().token}`;
    const read = await t.app.inject({ method: 'GET', url: PREFS, headers: { authorization } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ uiLocale: 'ja', timeZone: null });
    const write = await t.app.inject({ method: 'PUT', url: PREFS, headers: { authorization }, payload: { uiLocale: 'es' } });
    expectError(write, 403, 'TOKEN_SCOPE');
    expect((await caller(t.app, cookie).get(PREFS)).json().uiLocale).toBe('ja');
  });
});

describeDb('The locale of an answer', () => {
  const badLogin = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email: 'nobody@example.com', password: 'wrong-password-1' } });

  it('English is unchanged byte for byte, the code never changes', async () => {
    const res = await badLogin();
    expect(res.body).toBe('{"error":"INVALID_CREDENTIALS","message":"Incorrect email and/or password, try again"}');
  });

  it("an error's message follows the best match of Accept-Language (pt gets pt-BR, zh-CN zh-Hans), with Content-Language and Vary", async () => {
    const pt = await badLogin({ 'accept-language': 'pt;q=0.9, en;q=0.5' });
    expect(pt.json()).toEqual({ error: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos; tente de novo' });
    expect(pt.headers['content-language']).toBe('pt-BR');
    expect(String(pt.headers.vary)).toMatch(/Accept-Language/);
    expect((await badLogin({ 'accept-language': 'zh-CN' })).json().message).toBe('邮箱或密码不正确，请重试');
    expect((await badLogin({ 'accept-language': 'tlh' })).json().message).toBe('Incorrect email and/or password, try again');
  });

  it("the account's App language wins over Accept-Language", async () => {
    const { cookie } = await signUp(t.app);
    await caller(t.app, cookie).put(PREFS, { uiLocale: 'de' });
    const res = await t.app.inject({ method: 'PUT', url: PREFS, headers: { cookie, 'accept-language': 'fr' }, payload: { uiLocale: 'tlh' } });
    expect(res.json().error).toBe('INVALID_INPUT');
    const unauthenticated = await t.app.inject({ method: 'GET', url: PREFS, headers: { 'accept-language': 'ar' } });
    expect(unauthenticated.json()).toEqual({ error: 'UNAUTHENTICATED', message: 'سجّل الدخول للمتابعة.' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/user/password', headers: { cookie, 'accept-language': 'fr' }, payload: { currentPassword: 'not-the-password', newPassword: 'another-long-pass-9' } });
    expect(wrong.json()).toEqual({ error: 'INVALID_CREDENTIALS', message: 'Das aktuelle Passwort stimmt nicht, versuch es noch einmal' });
  });
});
