/**
 * Pure helpers of the "Your data" import: which source a picked file most likely is, and the
 * project and tag names of a Toggl Track export that a learner can map to skills.
 */
import type { ImportSource } from '@common/schemas/data';

/** Our JSON export starts with an object; our CSV with its own header; anything else CSV is taken for Toggl. */
export function detectSource(fileName: string, text: string): ImportSource {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (fileName.toLowerCase().endsWith('.json') || start.startsWith('{')) return 'lingualog-json';
  const header = start.slice(0, start.search(/\r?\n|$/)).toLowerCase();
  if (header.startsWith('language,date,')) return 'lingualog-csv';
  return 'toggl-csv';
}

const MAX_NAMES = 60;

/** Every project and tag of a Toggl export, most used first (at most MAX_NAMES), from its parsed rows. */
export function togglNames(rows: string[][]): string[] {
  const [header = [], ...entries] = rows;
  const columns = header.map((cell) => cell.replace(/^\uFEFF/, '').trim().toLowerCase());
  const project = columns.indexOf('project');
  const tags = columns.indexOf('tags');
  const counts = new Map<string, number>();
  for (const row of entries) {
    const names = [project >= 0 ? row[project] : '', ...(tags >= 0 ? (row[tags] ?? '').split(',') : [])];
    for (const name of names.map((n) => (n ?? '').trim()).filter(Boolean)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, MAX_NAMES).map(([name]) => name);
}
