/** The importer takes untrusted text: generated and mutated files never make it answer 5xx. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { SKILLS } from '@common/domain';
import { describeDb, testAppForFile } from './helper';
import { day, exported, fixture, importFile, learner, type ImportRequest } from './dataSupport';

const t = testAppForFile();
const SOURCES = ['lingualog-json', 'lingualog-csv', 'toggl-csv'] as const;

/** Edits at random places: deletions, insertions of random or CSV/JSON-meaningful text. */
const mutated = (base: string) =>
  fc
    .array(
      fc.record({
        at: fc.nat({ max: Math.max(0, base.length) }),
        remove: fc.nat({ max: 20 }),
        insert: fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('"', ',', '\n', '\r', '\uFFFD', '\u0000', '=1+1', '9999:00:00', '1999-12-31', '2999-01-01', '-5', '1e9', '{', ']', 'null', '""'),
        ),
      }),
      { minLength: 1, maxLength: 6 },
    )
    .map((edits) => edits.reduce((text, e) => text.slice(0, e.at) + e.insert + text.slice(e.at + e.remove), base));

describeDb('POST /api/user/import under fuzzing', () => {
  it('answers 200 or 400 with the contract\'s shapes, never 5xx, for generated and mutated files', async () => {
    const me = await learner(t.app, t.db, 'Spanish');
    for (const d of [day('2024-05-01', 20, 0, 0, 0), day('2024-05-02', 0, 40, 0, 0, true)]) await me.api.patch('/api/user/daily-activity', d);
    const bases = [
      (await exported(me.api, 'json')).body,
      (await exported(me.api, 'csv')).body,
      fixture('ana-spanish-mapped.csv'),
      fixture('ben-japanese-named.csv'),
    ];
    const request = fc.record({
      source: fc.constantFrom(...SOURCES),
      content: fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom(...bases).chain(mutated)),
      mode: fc.constantFrom('merge' as const, 'replace' as const),
      dryRun: fc.boolean(),
      skillMap: fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 15 }), fc.constantFrom(...SKILLS), { maxKeys: 4 }), { nil: undefined }),
    });

    let fiveHundreds = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const body: ImportRequest = { ...r, ...(r.source === 'toggl-csv' && r.skillMap ? { skillMap: r.skillMap } : { skillMap: undefined }) };
        const res = await importFile(me.api, body);
        if (res.statusCode >= 500) fiveHundreds += 1;
        expect(res.statusCode, res.body).toBeLessThan(500);
        const json = res.json();
        if (res.statusCode === 200) expect(Object.keys(json).sort()).toEqual(['days', 'dryRun', 'languages', 'minutes', 'replacedDays']);
        else expect(json).toMatchObject({ error: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
      }),
      { numRuns: 100 },
    );
    expect(fiveHundreds).toBe(0);
    // Whatever was imported, the running totals still equal the sum of the stored days.
    const days = (await me.api.get('/api/user/daily-activity/all')).json() as Record<string, number>[];
    const sum = days.reduce((total, d) => total + SKILLS.reduce((s, skill) => s + d[`${skill}DailyMins`], 0), 0);
    expect((await me.api.get('/api/user/progress')).json().totalOverallMins).toBe(sum);
  }, 180_000);
});
