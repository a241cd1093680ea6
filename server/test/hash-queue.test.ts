import { scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiHttpError } from '../src/domain/errors';
import { HashQueue } from '../src/plugins/hashQueue';
import { KEY_LENGTH, MAX_MEMORY } from '../src/plugins/password';

const OPTIONS = { N: 2 ** 14, r: 8, p: 1, maxmem: MAX_MEMORY };
const salt = Buffer.alloc(16, 7);
const live = () => new AbortController().signal;
let queue: HashQueue;
afterEach(() => queue.close());

describe('the password hash queue', () => {
  it('hashes exactly as node:crypto does, on its own threads', async () => {
    queue = new HashQueue({ workers: 1, maxQueued: 4 });
    const key = await queue.runner(live())('correct horse battery', salt, OPTIONS);
    expect(key.equals(scryptSync('correct horse battery', salt, KEY_LENGTH, OPTIONS))).toBe(true);
  });

  it('when every thread is busy and the queue is full, answers 503 SERVICE_UNAVAILABLE with Retry-After at once', async () => {
    queue = new HashQueue({ workers: 1, maxQueued: 2 });
    const accepted = [1, 2, 3].map((i) => queue.runner(live())(`password ${i}`, salt, OPTIONS));
    const refused = queue.runner(live())('password 4', salt, OPTIONS);
    await expect(refused).rejects.toBeInstanceOf(ApiHttpError);
    const err = (await refused.catch((e: unknown) => e)) as ApiHttpError;
    expect([err.statusCode, err.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(Number(err.headers['retry-after'])).toBeGreaterThan(0);
    expect((await Promise.all(accepted)).length).toBe(3);
    expect(queue.stats).toMatchObject({ started: 3, completed: 3, refused: 1, skipped: 0 });
  });

  it('never starts a hash whose client has gone, whether it went before or while it waited', async () => {
    queue = new HashQueue({ workers: 1, maxQueued: 4 });
    const running = queue.runner(live())('first', salt, OPTIONS);
    const waiting = new AbortController();
    const abandoned = queue.runner(waiting.signal)('second', salt, OPTIONS);
    waiting.abort();
    await expect(abandoned).rejects.toMatchObject({ statusCode: 503 });
    await expect(queue.runner(AbortSignal.abort())('third', salt, OPTIONS)).rejects.toMatchObject({ statusCode: 503 });
    await running;
    expect(queue.stats).toMatchObject({ started: 1, completed: 1, skipped: 2 });
    expect(queue.queued()).toBe(0);
  });
});
