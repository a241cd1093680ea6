import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import { bucketStartIso, bucketStarts, daysInRange } from '@common/buckets';
import type { Stats, StatsBucket, StatsBucketRow } from '@common/schemas/stats';
import { current, db } from '../db';
import { api, unauthenticated } from '../http';

const zeros = (start: string): StatsBucketRow => ({
  start, listeningMins: 0, readingMins: 0, speakingMins: 0, writingMins: 0, totalMins: 0, activeDays: 0, achievedDays: 0,
});

/** The contract's insights answer, summed from the mock's day records. */
function stats(from: string, to: string, bucket: StatsBucket): Stats {
  const buckets = bucketStarts(from, to, bucket).map(zeros);
  const byStart = new Map(buckets.map((b) => [b.start, b]));
  for (const r of current().activities.filter((a) => a.date >= from && a.date <= to)) {
    const b = byStart.get(bucketStartIso(r.date, bucket));
    if (!b) continue;
    const total = r.listeningDailyMins + r.readingDailyMins + r.speakingDailyMins + r.writingDailyMins;
    b.listeningMins += r.listeningDailyMins;
    b.readingMins += r.readingDailyMins;
    b.speakingMins += r.speakingDailyMins;
    b.writingMins += r.writingDailyMins;
    b.totalMins += total;
    b.activeDays += total > 0 ? 1 : 0;
    b.achievedDays += r.achieved ? 1 : 0;
  }
  const totals = { ...zeros(''), days: daysInRange(from, to) };
  for (const b of buckets) for (const k of ['listeningMins', 'readingMins', 'speakingMins', 'writingMins', 'totalMins', 'activeDays', 'achievedDays'] as const) totals[k] += b[k];
  const { start: _start, ...rest } = totals;
  return { from, to, bucket, buckets, totals: rest };
}

export const statsHandlers = [
  http.get(api(API_PATHS.stats), ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const q = new URL(request.url).searchParams;
    return HttpResponse.json<Stats>(stats(q.get('from') ?? '', q.get('to') ?? '', (q.get('bucket') ?? 'day') as StatsBucket));
  }),
];

