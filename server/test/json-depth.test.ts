/**
 * Issue #38, contract fourth edition ("Requests no one can make expensive"): a JSON body nested
 * deeper than 64 levels (arrays and objects together), anywhere, signed in or not, is 400
 * INVALID_INPUT, found before anything walks it; no shape is answered 5xx; an imported LinguaLog
 * JSON file nested too deep is refused as a problem of the file.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage, type TestApp } from './helper';
import { expectError } from './requests';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  await withLanguage(t.app, cookie);
});
afterAll(() => t.close());

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });
const signedIn = (url: string, payload: string) => post(url, payload, { cookie });

const arrays = (levels: number, inner = '0') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
const objects = (levels: number, inner = '0') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
/** Arrays and objects alternating, `levels` in all. */
const mixed = (levels: number) => {
  let text = '0';
  for (let level = 0; level < levels; level++) text = level % 2 === 0 ? `[${text}]` : `{"k":${text}}`;
  return text;
};
const TOO_DEEP = /nests deeper than 64 levels/;

const expectTooDeep = (res: Awaited<ReturnType<typeof post>>) => {
  expectError(res, 400, 'INVALID_INPUT');
  expect(res.json().message).toMatch(TOO_DEEP);
};

describeDb('a JSON body nested deeper than 64 levels is 400 INVALID_INPUT, fast, on every route', () => {
  it('7,000 levels of arrays to the sign-in (no session): 400 INVALID_INPUT, each in well under 20 ms', async () => {
    const body = arrays(7000);
    expectTooDeep(await post('/api/auth/login', body));
    const times: number[] = [];
    for (let i = 0; i < 9; i++) {
      const started = performance.now();
      expectTooDeep(await post('/api/auth/login', body));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    // The median: the machine is shared; before the scan each took 300-400 ms.
    expect(times[4]).toBeLessThan(20);
  });

  it('65 levels are refused and 64 pass the parser (the route then judges the body), arrays, objects and both mixed', async () => {
    for (const shape of [arrays, objects, mixed]) {
      expectTooDeep(await post('/api/auth/login', shape(65)));
      expectTooDeep(await signedIn('/api/user/daily-goal', shape(65)));
      const allowed = await post('/api/auth/login', shape(64));
      expectError(allowed, 400, 'INVALID_INPUT');
      expect(allowed.json().message).not.toMatch(TOO_DEEP);
    }
    const deepField = await signedIn('/api/user/daily-goal', `{"dailyGoalMinutes":60,"date":"${todayIso()}","extra":${objects(63)}}`);
    expectError(deepField, 400, 'INVALID_INPUT');
    expect(deepField.json().message).toBe('Unknown field "extra".');
    expectTooDeep(await signedIn('/api/user/daily-goal', `{"dailyGoalMinutes":60,"date":"${todayIso()}","extra":${objects(64)}}`));
  });

  it('brackets inside strings do not count, escaped quotes included', async () => {
    const email = `${'['.repeat(40)}\\"${'{'.repeat(40)}\\\\@example.com`;
    const res = await post('/api/auth/login', `{"email":"${email}","password":"${'['.repeat(90)}"}`);
    expect(res.json().message).not.toMatch(TOO_DEEP);
    expectError(res, 401, 'INVALID_CREDENTIALS');
    // An escaped quote does not end the string: the brackets after it are still text.
    const quoted = await post('/api/auth/login', `{"email":"a\\"${'['.repeat(70)}@example.com","password":"long enough pass"}`);
    expectError(quoted, 401, 'INVALID_CREDENTIALS');
  });

  it('100,000 levels to the import (a body parsed off the event loop): 400 INVALID_INPUT, and the next large body still parses', async () => {
    const res = await signedIn('/api/user/import', `{"source":"lingualog-json","mode":"merge","content":"",${'"x":'}${arrays(100_000)}}`);
    expectTooDeep(res);
    expectTooDeep(await signedIn('/api/user/import', objects(100_000)));
    const rows = ['language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved'];
    for (let i = 0; i < 3000; i++) rows.push(`Spanish,${new Date(Date.UTC(2016, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)},10,0,0,0,`);
    const valid = await signedIn('/api/user/import', JSON.stringify({ source: 'lingualog-csv', mode: 'merge', dryRun: true, content: rows.join('\n') }));
    expect(valid.statusCode, valid.body).toBe(200);
  });

  it('a large body of more values than the call takes (a million zeros) is 400 INVALID_INPUT, refused off the event loop', async () => {
    const body = `{"source":"lingualog-csv","mode":"merge","content":"","x":[${'0,'.repeat(999_999)}0]}`;
    const started = performance.now();
    const res = await signedIn('/api/user/import', body);
    expectError(res, 400, 'INVALID_INPUT');
    // The import's bound is its 20,000 days' values (routes/import.ts); every other call keeps 10,000.
    expect(res.json().message).toBe('The request body holds more than 120,100 values, more than this call takes.');
    expect(performance.now() - started).toBeLessThan(2000);
    // A Toggl import's largest map (1,000 entries) is far within the bound: judged by the importer, not refused here.
    const skillMap = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`project ${i}`, 'reading']));
    const mapped = await signedIn('/api/user/import', JSON.stringify({ source: 'toggl-csv', mode: 'merge', dryRun: true, content: 'x'.repeat(70_000), skillMap }));
    expect(mapped.json().message).not.toMatch(/values/);
  });

  it('a 4.8 MiB import body of 850 arrays nested 3,000 deep is refused within 2 s', async () => {
    const body = `{"source":"lingualog-json","mode":"merge","content":"","x":[${Array.from({ length: 850 }, () => arrays(3000)).join(',')}]}`;
    expect(body.length).toBeGreaterThan(4.8 * 1024 * 1024);
    const started = performance.now();
    expectTooDeep(await signedIn('/api/user/import', body));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describeDb('an imported LinguaLog JSON file nested too deep is a problem of the file, never a 500', () => {
  const importJson = (content: string) => signedIn('/api/user/import', JSON.stringify({ source: 'lingualog-json', mode: 'merge', dryRun: true, content }));

  it('100,000 levels inside the file: 400 INVALID_IMPORT naming the depth and its line', async () => {
    const res = await importJson(`{\n"format": "lingualog",\n"languages": ${arrays(100_000)}\n}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().error).toBe('INVALID_IMPORT');
    expect(res.json().problems).toEqual([{ line: 3, message: expect.stringMatching(/file nests deeper than 64 levels/) }]);
  });

  it('a 4.8 MiB file of deep nesting is refused within 2 s; 64 levels are judged as any other file', async () => {
    const content = `[${Array.from({ length: 840 }, () => arrays(3000)).join(',')}]`;
    expect(content.length).toBeGreaterThan(4.8 * 1024 * 1024);
    const started = performance.now();
    const res = await importJson(content);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().problems[0].message).toMatch(/file nests deeper than 64 levels/);
    expect(performance.now() - started).toBeLessThan(2000);
    const allowed = await importJson(arrays(64));
    expect(allowed.statusCode).toBe(400);
    expect(allowed.json().problems[0].message).toMatch(/not a LinguaLog JSON export/);
  });

  it('a file of millions of small values is refused before it is parsed; a broken file of many is checked off the event loop', async () => {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    for (const days of [`${'0,'.repeat(2_400_000)}0`, `${'{},'.repeat(1_600_000)}{}`]) {
      const res = await importJson(`{"format":"lingualog","version":1,"languages":[{"name":"Spanish","days":[${days}]}]}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().problems).toEqual([{ line: 0, message: expect.stringMatching(/more arrays, objects or values than a LinguaLog JSON export/) }]);
    }
    expect(performance.now() - started).toBeLessThan(2000);
    // 590,000 wrong days: within the bound, every one an error for the schema, listed on the worker thread.
    const listed = await importJson(`{"format":"lingualog","version":1,"languages":[{"name":"Spanish","days":[${'0,'.repeat(589_999)}0]}]}`);
    loop.disable();
    expect(listed.statusCode).toBe(400);
    expect(listed.json().problems.length).toBeGreaterThan(10);
    // Before: 1.5 s to parse, 17 s to list the errors, all on the event loop.
    expect(loop.max / 1e6).toBeLessThan(300);
  });
});
