/**
 * Concurrent write workloads on one learner's day and the checks that prove no minute was lost
 * and the outcome equals some serial order. Transport-agnostic: the caller supplies `send`
 * (app.inject in-process, or real HTTP to one of several server processes).
 */
import { DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS } from '@common/domain';

export interface Answer {
  status: number;
  body: unknown;
}
export type Send = (method: 'POST' | 'PATCH', body: object, index: number) => Promise<Answer>;

export interface DayRecord {
  listeningDailyMins: number;
  readingDailyMins: number;
  speakingDailyMins: number;
  writingDailyMins: number;
}

const LIMIT_CODES = new Set(['DAILY_TIME_EXCEEDED', 'TOTAL_DAILY_TIME_EXCEEDED']);

export const totalOf = (d: DayRecord) => d.listeningDailyMins + d.readingDailyMins + d.speakingDailyMins + d.writingDailyMins;
export const withinLimits = (d: DayRecord) =>
  [d.listeningDailyMins, d.readingDailyMins, d.speakingDailyMins, d.writingDailyMins].every((m) => m >= 0 && m <= DAILY_SKILL_LIMIT_MINS) &&
  totalOf(d) <= DAILY_TOTAL_LIMIT_MINS;

export interface Tally {
  ok: number;
  limitRejections: number;
  serverErrors: number;
  other: Answer[];
}

/** Sorts answers into successes, the contract's limit rejections, 5xx and anything else. */
export function tally(answers: Answer[]): Tally {
  const t: Tally = { ok: 0, limitRejections: 0, serverErrors: 0, other: [] };
  for (const a of answers) {
    const code = (a.body as { error?: string } | null)?.error;
    if (a.status === 200) t.ok++;
    else if (a.status === 400 && code && LIMIT_CODES.has(code)) t.limitRejections++;
    else if (a.status >= 500) t.serverErrors++;
    else t.other.push(a);
  }
  return t;
}

/** PATCH number k sets reading to k + 1, a value no add touches, so every record names the last edit before it. */
export function editBody(date: string, k: number): DayRecord & { date: string; isToday: boolean } {
  return { date, isToday: true, listeningDailyMins: 100 * (k % 4), readingDailyMins: k + 1, speakingDailyMins: 0, writingDailyMins: 0 };
}

export interface InterleavedRun {
  adds: Answer[];
  edits: Answer[];
}

/** Fires `addCount` adds of `minutes` listening minutes and `editCount` PATCHes, shuffled, all at once. */
export async function runInterleaved(send: Send, date: string, minutes: number, addCount: number, editCount: number): Promise<InterleavedRun> {
  const ops = [
    ...Array.from({ length: addCount }, () => ({ kind: 'add' as const, body: { date, listeningDailyMins: minutes } })),
    ...Array.from({ length: editCount }, (_, k) => ({ kind: 'edit' as const, body: editBody(date, k) })),
  ];
  for (let i = ops.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [ops[i], ops[j]] = [ops[j], ops[i]];
  }
  const answers = await Promise.all(ops.map((op, i) => send(op.kind === 'add' ? 'POST' : 'PATCH', op.body, i)));
  return {
    adds: answers.filter((_, i) => ops[i].kind === 'add'),
    edits: answers.filter((_, i) => ops[i].kind === 'edit'),
  };
}

/**
 * Problems that rule out every serial order (empty when some serial order explains the run):
 * each answered record and the final day must be "the edit named by reading, plus whole adds",
 * and the final listening minutes must equal that edit's value plus exactly the adds whose
 * answers saw that edit.
 */
export function serialOrderViolations(run: InterleavedRun, final: DayRecord, date: string, minutes: number): string[] {
  const problems: string[] = [];
  const baseOf = (d: DayRecord) => (d.readingDailyMins === 0 ? null : editBody(date, d.readingDailyMins - 1));
  const explain = (d: DayRecord, label: string, isAdd: boolean) => {
    if (!withinLimits(d)) problems.push(`${label} is over a limit: ${JSON.stringify(d)}`);
    const base = baseOf(d);
    const extra = d.listeningDailyMins - (base?.listeningDailyMins ?? 0);
    if (extra < (isAdd ? minutes : 0) || extra % minutes !== 0) problems.push(`${label} is no edit plus whole adds: ${JSON.stringify(d)}`);
    if (d.speakingDailyMins !== 0 || d.writingDailyMins !== 0) problems.push(`${label} has minutes nobody sent: ${JSON.stringify(d)}`);
  };
  run.adds.filter((a) => a.status === 200).forEach((a, i) => explain(a.body as DayRecord, `add answer ${i}`, true));
  run.edits.filter((a) => a.status === 200).forEach((a, i) => explain(a.body as DayRecord, `edit answer ${i}`, false));
  explain(final, 'final day', false);
  const lastEdit = baseOf(final);
  const addsAfterLastEdit = run.adds.filter((a) => a.status === 200 && (a.body as DayRecord).readingDailyMins === final.readingDailyMins).length;
  const expected = (lastEdit?.listeningDailyMins ?? 0) + minutes * addsAfterLastEdit;
  if (final.listeningDailyMins !== expected) {
    problems.push(`final listening ${final.listeningDailyMins} ≠ last edit + acknowledged adds after it = ${expected}`);
  }
  return problems;
}

export interface Workload {
  /** Prefix of the one summary line each run logs, naming the database and the workload. */
  label: string;
  send: Send;
  read: () => Promise<DayRecord>;
  date: string;
  minutes: number;
}

/** Fires `count` adds of `minutes` listening minutes at once, then reads the stored day. */
export async function runParallelAdds({ label, send, read, date, minutes }: Workload, count: number): Promise<{ counts: Tally; stored: DayRecord }> {
  const counts = tally(await Promise.all(Array.from({ length: count }, (_, i) => send('POST', { date, listeningDailyMins: minutes }, i))));
  const stored = await read();
  console.log(
    `[${label}] ${count} parallel adds of ${minutes} min: ${counts.ok} ok, ${counts.limitRejections} limit 400s, ` +
      `${counts.serverErrors} 5xx; stored listening ${stored.listeningDailyMins} = ${minutes} × ${counts.ok}, day total ${totalOf(stored)}`,
  );
  return { counts, stored };
}

/** Runs {@link runInterleaved}, reads the final day and checks it against every serial order. */
export async function runInterleavedChecked(
  { label, send, read, date, minutes }: Workload,
  addCount: number,
  editCount: number,
): Promise<{ adds: Tally; edits: Tally; violations: string[] }> {
  const run = await runInterleaved(send, date, minutes, addCount, editCount);
  const adds = tally(run.adds);
  const edits = tally(run.edits);
  const final = await read();
  const violations = serialOrderViolations(run, final, date, minutes);
  console.log(
    `[${label}] adds ${adds.ok} ok / ${adds.limitRejections} limit 400s / ${adds.serverErrors} 5xx; ` +
      `edits ${edits.ok} ok / ${edits.serverErrors} 5xx; final ${JSON.stringify(final)}; serial-order violations ${violations.length}`,
  );
  return { adds, edits, violations };
}
