/**
 * Reads CSV text with csv-parse, a slice at a time so a 5 MiB file never holds the event loop
 * for long, and turns its errors into line-numbered problems a learner can act on.
 */
import { parse, type CsvError, type Options } from 'csv-parse';
import { ENCODING_MESSAGE, encodingProblemLine, type Problems, yieldToLoop } from './plan';

// About 150 rows: a few milliseconds of parsing a turn, so other requests wait no longer than that (issue #30).
const SLICE_CHARS = 4 * 1024;
/** No line of an honest export comes near this; a longer one is refused instead of being held in memory. */
export const MAX_LINE_CHARS = 10_000;

const CSV_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted cell is never closed (a " is missing).',
  CSV_INVALID_CLOSING_QUOTE: 'A quoted cell is followed by more text; a " inside a cell must be written "".',
  CSV_MAX_RECORD_SIZE: `This line is too long (over ${MAX_LINE_CHARS} characters); is it really a CSV export?`,
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'A quoted cell is followed by more text; a " inside a cell must be written "".',
};

/**
 * Calls onRecord with each row's cells and its line (the line the row ends on). Answers false when
 * the text cannot be read as CSV (the problem is recorded); rows before that point were seen.
 * Rejects with `signal`'s reason once it aborts: a 5 MiB file takes seconds to read on a busy server.
 */
export async function readCsv(
  content: string,
  problems: Problems,
  onRecord: (cells: string[], line: number) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  const badLine = encodingProblemLine(content.replace(/^\uFEFF/, ''));
  if (badLine !== null) {
    problems.add(badLine, ENCODING_MESSAGE);
    return false;
  }
  const options: Options = {
    bom: true,
    // Cheaper than `info: true`, which copies the whole info object for every row.
    on_record: (record: string[], context) => Object.assign(record, { line: context.lines }),
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_LINE_CHARS,
    // Files edited by hand often mix line endings; each one ends a row.
    record_delimiter: ['\r\n', '\n', '\r'],
  };
  const parser = parse(options);
  let failed = false;
  const finished = new Promise<void>((resolve) => {
    parser.on('data', (row: string[] & { line: number }) => {
      if (!failed) onRecord(row, row.line);
    });
    parser.on('end', resolve);
    parser.on('error', (err: CsvError) => {
      if (!failed) problems.add(Number(err.lines) || 0, CSV_MESSAGES[err.code] ?? 'This line cannot be read as CSV.');
      failed = true;
      resolve();
    });
  });
  for (let at = 0; at < content.length && !failed; at += SLICE_CHARS) {
    parser.write(content.slice(at, at + SLICE_CHARS));
    await yieldToLoop();
    signal?.throwIfAborted();
  }
  if (!failed) parser.end();
  await finished;
  return !failed;
}

/** A cell as its author meant it: without the quote our export puts before formula-looking text. */
export function cellText(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** Whole minutes written as digits only: "=1+1", "12.5" or "-3" are not minutes. */
export function wholeMinutes(cell: string): number | null {
  return /^\d{1,6}$/.test(cell) ? Number(cell) : null;
}
