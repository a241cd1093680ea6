/** Spreadsheet imports (issue #52): reading the shapes learners' files have and mapping them to minutes per day. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMapping, guessMapping, parseDate, parseDuration, rememberedMapping, rememberMapping, type Mapping } from '@/features/imports/spreadsheet/mapping';
import { guessDelimiter, readSheet } from '@/features/imports/spreadsheet/sheet';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'imports', name), 'utf8');
const known = (name: string) => ['Spanish', 'French'].includes(name);
const daysOf = (mapping: ReturnType<typeof applyMapping>, language = '') => mapping.languages.get(language);

describe('reading a spreadsheet', () => {
  it('guesses the delimiter: comma, semicolon, tab', () => {
    expect(guessDelimiter(fixture('clockify-detailed.csv'))).toBe(',');
    expect(guessDelimiter(fixture('dmy-decimal-comma.csv'))).toBe(';');
    expect(guessDelimiter(fixture('skills.tsv'))).toBe('\t');
  });

  it('takes a first row of names as the header, and numbers each row by its line in the file', () => {
    const sheet = readSheet(fixture('dmy-decimal-comma.csv'));
    expect(sheet.hasHeader).toBe(true);
    expect(sheet.columns).toEqual(['Fecha', 'Actividad', 'Horas']);
    expect(sheet.rows[0]).toEqual({ line: 2, cells: ['01/03/2024', 'Escuchar', '1,5'] });
    const bare = readSheet('2024-01-01,30\n2024-01-02,40\n');
    expect(bare.hasHeader).toBe(false);
    expect(bare.rows).toHaveLength(2);
  });
});

describe('dates and durations', () => {
  it.each([
    ['2024-03-01', 'iso', '2024-03-01'],
    ['01/03/2024', 'dmy', '2024-03-01'],
    ['01.03.24', 'dmy', '2024-03-01'],
    ['03/01/2024', 'mdy', '2024-03-01'],
    ['2024-03-01T21:30:00Z', 'datetime', '2024-03-01'],
    ['2024-03-01 08:00', 'datetime', '2024-03-01'],
    ['31/02/2024', 'dmy', null],
    ['13/13/2024', 'mdy', null],
    ['yesterday', 'iso', null],
  ] as const)('%s read as %s is %s', (text, format, date) => {
    expect(parseDate(text, format)).toBe(date);
  });

  it.each([
    ['45', 'minutes', { minutes: 45 }],
    ['1,5', 'hours', { minutes: 90 }],
    ['1.25', 'hours', { minutes: 75 }],
    ['1:15', 'hms', { minutes: 75 }],
    ['0:40:30', 'hms', { minutes: 40.5 }],
    ['', 'minutes', { empty: true }],
    ['-2000', 'hours', { problem: 'negative' }],
    ['2000', 'minutes', { problem: 'tooLong' }],
    ['ten', 'minutes', { problem: 'duration' }],
    ['1.000,5', 'hours', { problem: 'duration' }],
  ] as const)('%s in %s is %o', (text, format, result) => {
    expect(parseDuration(text, format)).toEqual(result);
  });
});

describe('mapping columns to days', () => {
  it('a day/month/year sheet with a decimal comma in hours: rows of one day and skill are summed, to whole minutes', () => {
    const sheet = readSheet(fixture('dmy-decimal-comma.csv'));
    const guessed = guessMapping(sheet);
    expect(guessed).toMatchObject({ dateColumn: 0, dateFormat: 'dmy', durationFormat: 'hours', minutes: { kind: 'single', column: 2, skill: { kind: 'column', column: 1 } } });
    const mapping: Mapping = {
      ...guessed,
      minutes: { kind: 'single', column: 2, skill: { kind: 'column', column: 1, values: { Escuchar: 'listening', Leer: 'reading', Escribir: 'writing' } } },
    };
    const result = applyMapping(sheet, mapping, known);
    expect(result.problems).toEqual([]);
    expect(daysOf(result)).toEqual([
      { date: '2024-03-01', minutes: { listening: 105, reading: 30 } },
      { date: '2024-03-02', minutes: { writing: 45 } },
      { date: '2024-03-13', minutes: { reading: 120 } },
    ]);
  });

  it('a Clockify detailed report missing a column: the project names the skill, other projects are left out', () => {
    const sheet = readSheet(fixture('clockify-detailed.csv'));
    const guessed = guessMapping(sheet);
    expect(guessed).toMatchObject({ dateColumn: 7, dateFormat: 'mdy', durationFormat: 'hms', minutes: { kind: 'single', column: 11 } });
    expect(guessed.minutes.kind === 'single' && guessed.minutes.skill).toEqual({
      kind: 'column', column: 0, values: { Listening: 'listening', Reading: 'reading', Admin: 'skip', Speaking: 'speaking' },
    });
    const result = applyMapping(sheet, guessed, known);
    expect(result.problems).toEqual([]);
    expect(result.skippedRows).toBe(1);
    expect(daysOf(result)).toEqual([
      { date: '2024-03-01', minutes: { listening: 135 } },
      { date: '2024-03-02', minutes: { reading: 20 } },
      { date: '2024-03-13', minutes: { speaking: 60 } },
    ]);
  });

  it('a habit tracker export with one column per skill: the skills it names, other habits ignored', () => {
    const sheet = readSheet(fixture('loop-habits.csv'));
    const guessed = guessMapping(sheet);
    expect(guessed.minutes).toEqual({ kind: 'perSkill', columns: { listening: 1, reading: 2 } });
    const result = applyMapping(sheet, guessed, known);
    expect(result.problems).toEqual([]);
    expect(daysOf(result)).toEqual([
      { date: '2024-03-01', minutes: { listening: 45, reading: 20 } },
      { date: '2024-03-02', minutes: { listening: 30 } },
      { date: '2024-03-03', minutes: { reading: 15 } },
      { date: '2024-03-04', minutes: { listening: 60, reading: 0 } },
    ]);
  });

  it('a TSV with H:MM[:SS] durations', () => {
    const sheet = readSheet(fixture('skills.tsv'));
    const result = applyMapping(sheet, guessMapping(sheet), known);
    expect(daysOf(result)).toEqual([
      { date: '2024-03-05', minutes: { reading: 75, listening: 41 } },
      { date: '2024-03-06', minutes: { writing: 20 } },
    ]);
  });

  it('every row that cannot be read is a problem of its line: a bad date, a negative or absurd duration, an unmapped skill', () => {
    const sheet = readSheet(fixture('with-problems.csv'));
    const guessed = guessMapping(sheet);
    const mapping: Mapping = { ...guessed, minutes: { kind: 'single', column: 2, skill: { kind: 'column', column: 1, values: { listening: 'listening', reading: 'reading', speaking: 'speaking', writing: 'writing' } } } };
    const result = applyMapping(sheet, mapping, known);
    expect(result.problems.map((p) => [p.line, p.problem.code])).toEqual([[3, 'date'], [4, 'negative'], [5, 'skill'], [6, 'duration'], [7, 'tooLong']]);
    expect(result.skippedRows).toBe(1);
    expect(daysOf(result)).toEqual([{ date: '2024-03-01', minutes: { listening: 30 } }]);
  });

  it('a language column sends each row to its language; an unknown language is a problem', () => {
    const sheet = readSheet('Date,Language,Minutes\n2024-01-01,Spanish,10\n2024-01-01,French,5\n2024-01-02,Klingon,5\n');
    const mapping: Mapping = { ...guessMapping(sheet), minutes: { kind: 'single', column: 2, skill: { kind: 'fixed', skill: 'reading' } } };
    expect(mapping.languageColumn).toBe(1);
    const result = applyMapping(sheet, mapping, known);
    expect(daysOf(result, 'Spanish')).toEqual([{ date: '2024-01-01', minutes: { reading: 10 } }]);
    expect(daysOf(result, 'French')).toEqual([{ date: '2024-01-01', minutes: { reading: 5 } }]);
    expect(result.problems).toEqual([{ line: 4, problem: { code: 'language' } }]);
  });

  it('a day over the daily limits once its rows are summed is a problem', () => {
    const sheet = readSheet('Date,Minutes\n2024-01-01,600\n2024-01-01,600\n');
    const mapping: Mapping = { ...guessMapping(sheet), minutes: { kind: 'single', column: 1, skill: { kind: 'fixed', skill: 'reading' } } };
    expect(applyMapping(sheet, mapping, known).problems).toEqual([{ line: 3, problem: { code: 'dayOverLimit', date: '2024-01-01' } }]);
  });

  it('the mapping is remembered for the next file with the same header', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const sheet = readSheet(fixture('dmy-decimal-comma.csv'));
    expect(rememberedMapping(sheet, storage)).toBeNull();
    const mapping = { ...guessMapping(sheet), dateFormat: 'mdy' as const };
    rememberMapping(sheet, mapping, storage);
    expect(rememberedMapping(readSheet(fixture('dmy-decimal-comma.csv')), storage)).toEqual(mapping);
    expect(rememberedMapping(readSheet(fixture('skills.tsv')), storage)).toBeNull();
  });
});
