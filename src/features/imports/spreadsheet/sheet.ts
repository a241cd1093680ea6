/**
 * A spreadsheet (CSV or TSV) as the learner's file holds it: the delimiter and the header guessed,
 * the rows as text. Pure, so the import's rules are tested without a browser; csv-parse does the
 * quoting and line endings.
 */
import { parse } from 'csv-parse/browser/esm/sync';

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export interface Sheet {
  delimiter: Delimiter;
  /** Whether the first row names the columns. */
  hasHeader: boolean;
  /** The column names: the header's cells, or "Column 1", … when there is none. */
  columns: string[];
  /** The data rows, each with the file's line number of its first line (1-based). */
  rows: { line: number; cells: string[] }[];
}

/** Counts a character outside double quotes in one line. */
function countOutsideQuotes(line: string, char: string): number {
  let inQuotes = false;
  let n = 0;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (c === char && !inQuotes) n += 1;
  }
  return n;
}

/** The delimiter that splits the first lines into the same, largest number of columns. */
export function guessDelimiter(text: string): Delimiter {
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '').slice(0, 20);
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    if (counts.length === 0 || counts[0] === 0) continue;
    const steady = counts.filter((c) => c === counts[0]).length / counts.length;
    const score = steady * counts[0];
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

const looksLikeData = (cell: string) => /^\s*[-+]?\d/.test(cell);

/** A first row none of whose cells starts like a number or a date is a header. */
export const guessHeader = (first: readonly string[]): boolean => first.length > 0 && first.every((cell) => cell.trim() === '' || !looksLikeData(cell));

export function readSheet(text: string, options: { delimiter?: Delimiter; hasHeader?: boolean } = {}): Sheet {
  const delimiter = options.delimiter ?? guessDelimiter(text);
  const records = parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const all = records.map(({ record, info }) => ({ cells: record.map((c) => c.trim()), line: info.lines }));
  const hasHeader = options.hasHeader ?? (all.length > 0 && guessHeader(all[0].cells));
  const width = Math.max(0, ...all.map((r) => r.cells.length));
  const header = hasHeader && all.length > 0 ? all[0].cells : [];
  const columns = Array.from({ length: width }, (_, i) => header[i] || `#${i + 1}`);
  return { delimiter, hasHeader, columns, rows: hasHeader ? all.slice(1) : all };
}
