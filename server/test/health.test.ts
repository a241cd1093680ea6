/**
 * The health check and the drain that starts a graceful stop: what nginx and the rolling restart
 * (docs/DEPLOY.md) rely on to stop sending a process work before it refuses any.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, signUp, todayIso, withLanguage } from './helper';

describeDb('health check and draining', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('answers 200 without a session while the process takes work and its database answers', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('once draining, refuses reads and the health check with 503 but still serves writes, closing each connection', async () => {
    const { app } = ctx;
    const { cookie } = await signUp(app);
    await withLanguage(app, cookie, 'Japanese');
    app.startDraining();

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    expect(health.headers['retry-after']).toBeDefined();

    const read = await app.inject({ method: 'GET', url: '/api/user/progress', headers: { cookie } });
    expect(read.statusCode).toBe(503);

    const add = await app.inject({
      method: 'POST',
      url: '/api/user/daily-activity',
      headers: { cookie },
      payload: { date: todayIso(), readingDailyMins: 25 },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ readingDailyMins: 25 });
    expect(add.headers.connection).toBe('close');
  });
});
