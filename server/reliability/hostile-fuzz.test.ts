/**
 * Generated hostile traffic: ≥ 1000 requests derived from the published OpenAPI document, across
 * every endpoint, sent by an attacker (own session, forged session or none). Pass criteria: 0
 * answers of 5xx, every error in the {error, message} shape, and the victim's rows untouched.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp, testAppForFile, withLanguage } from '../test/helper';
import { busyLearner } from './support/learners';
import { endpointsOf, requestArbitrary, type FuzzRequest } from './support/schemaRequests';
import { userRows } from './support/snapshot';

const RUNS = 1200;
const t = testAppForFile();

describe('generated hostile requests', () => {
  it(`${RUNS} requests across every endpoint: 0 server errors, errors well-formed, the victim's data untouched`, async () => {
    const endpoints = endpointsOf(t.app.swagger() as unknown as Parameters<typeof endpointsOf>[0]);
    const victimId = (await busyLearner(t.app, 'victim@example.com')).id;
    const victimBefore = await userRows(t.db, victimId);

    let attacker = '';
    const freshAttacker = async () => {
      attacker = (await signUp(t.app)).cookie;
      await withLanguage(t.app, attacker, 'Spanish');
    };
    await freshAttacker();

    const statuses: Record<number, number> = {};
    const hits = new Map<string, number>();
    const failures: string[] = [];

    const send = async (req: FuzzRequest) => {
      const cookie = req.session === 'attacker' ? attacker : req.session === 'forged' ? `sid=${Math.random().toString(36).slice(2)}` : undefined;
      const headers: Record<string, string> = {};
      if (cookie) headers.cookie = cookie;
      if (req.payload !== undefined && req.contentType) headers['content-type'] = req.contentType;
      const res = await t.app.inject({ method: req.endpoint.method, url: req.url, headers, payload: req.payload } as InjectOptions);
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const key = `${req.endpoint.method} ${req.endpoint.path}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      const ended = req.session === 'attacker' && res.statusCode < 300 && (key === 'DELETE /api/user' || key === 'POST /api/auth/logout');
      if (ended) await freshAttacker();
      return res;
    };

    await fc.assert(
      fc.asyncProperty(requestArbitrary(endpoints), async (req) => {
        const res = await send(req);
        if (res.statusCode >= 500) failures.push(`${req.endpoint.method} ${req.url} ${req.payload ?? ''} → ${res.statusCode} ${res.body}`);
        expect(res.statusCode, `${req.endpoint.method} ${req.url} ${req.payload ?? ''}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json()).toEqual({ error: expect.stringMatching(/^[A-Z_]+$/), message: expect.stringMatching(/\S/) });
      }),
      { numRuns: RUNS },
    );

    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    const serverErrors = Object.entries(statuses).filter(([s]) => Number(s) >= 500).reduce((a, [, n]) => a + n, 0);
    console.log(
      `[hostile fuzz] ${total} requests over ${hits.size}/${endpoints.length} endpoints (fewest hits per endpoint ${Math.min(...hits.values())}); ` +
        `statuses ${JSON.stringify(statuses)}; 5xx ${serverErrors}`,
    );
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(1000);
    expect([...hits.keys()].sort()).toEqual(endpoints.map((e) => `${e.method} ${e.path}`).sort());
    expect(await userRows(t.db, victimId)).toEqual(victimBefore);
  });
});
