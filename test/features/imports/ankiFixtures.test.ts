/**
 * The Anki reader on the packages of test/fixtures/anki (built by scripts/make-anki-fixtures.mjs,
 * whose REVIEWS comment lists each day's reviews): exact minutes per learner day.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnkiReadError, DELETED_CARDS_DECK, readAnkiPackage, type AnkiReadErrorCode, type ReadOptions } from '@/features/imports/anki/readCollection';
import { deckTimes, importDays } from '@/features/imports/anki/reviewDays';

const require = createRequire(import.meta.url);
let SQL: SqlJsStatic;
beforeAll(async () => {
  // The WebAssembly handed in as bytes: under jsdom, sql.js would fetch it as in a browser.
  const wasm = readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'));
  SQL = await initSqlJs({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
});

const fixture = (name: string) => new Uint8Array(readFileSync(resolve('test/fixtures/anki', name)));
const MADRID_2AM: ReadOptions = { kind: 'colpkg', timeZone: 'Europe/Madrid', dayBoundaryMinutes: 120 };
const VOCAB = 1700000000001;
const LISTENING = 1700000000002;

const madridDays = [
  { date: '2026-03-01', minutes: 2 },
  { date: '2026-03-28', minutes: 1 },
  { date: '2026-03-29', minutes: 2 },
  { date: '2026-04-10', minutes: 1 },
  { date: '2026-04-11', minutes: 1 },
];

describe.each([
  ['collection-anki21b.colpkg', 'collection.anki21b', 18, 'colpkg'],
  ['collection-anki21.colpkg', 'collection.anki21', 11, 'colpkg'],
  ['deck-anki2.apkg', 'collection.anki2', 11, 'apkg'],
] as const)('%s', (name, collectionFile, schema, kind) => {
  it('reads the newest collection file of the package, not the stub beside it', () => {
    const reading = readAnkiPackage(fixture(name), SQL, { ...MADRID_2AM, kind });
    expect(reading.collectionFile).toBe(collectionFile);
    expect(reading.schema).toBe(schema);
    // 12 entries, of which one manual and one rescheduled.
    expect(reading.reviews).toBe(10);
  });

  it("sums review time per learner day in the learner's zone and day boundary, to the nearest minute, days under half a minute left out", () => {
    const reading = readAnkiPackage(fixture(name), SQL, { ...MADRID_2AM, kind });
    expect(importDays(reading.dayDeckTimes, null)).toEqual({ days: madridDays, totalMinutes: 7, firstDate: '2026-03-01', lastDate: '2026-04-11' });
  });

  it('gives the days of another zone and boundary by their own clock', () => {
    const reading = readAnkiPackage(fixture(name), SQL, { kind, timeZone: 'UTC', dayBoundaryMinutes: 0 });
    expect(importDays(reading.dayDeckTimes, null).days).toEqual([
      { date: '2026-03-01', minutes: 1 },
      { date: '2026-03-02', minutes: 1 },
      { date: '2026-03-29', minutes: 3 },
      { date: '2026-04-10', minutes: 1 },
      { date: '2026-04-11', minutes: 1 },
    ]);
  });

  it('names the decks (sub-decks with ::), counts a filtered card to the deck it came from, and filters by deck', () => {
    const reading = readAnkiPackage(fixture(name), SQL, { ...MADRID_2AM, kind });
    const names = Object.fromEntries(reading.decks.map((deck) => [deck.id, deck.name]));
    expect(names).toEqual({ 1: 'Default', [VOCAB]: 'Spanish::Vocab', [LISTENING]: 'Spanish::Listening', [DELETED_CARDS_DECK]: '' });
    expect(deckTimes(reading.dayDeckTimes)).toEqual([
      { deckId: VOCAB, ms: 205_000 },
      { deckId: LISTENING, ms: 75_000 },
      { deckId: DELETED_CARDS_DECK, ms: 40_000 },
      { deckId: 1, ms: 30_000 },
    ]);
    expect(importDays(reading.dayDeckTimes, new Set([VOCAB])).days).toEqual([
      { date: '2026-03-01', minutes: 1 },
      { date: '2026-03-28', minutes: 1 },
      { date: '2026-03-29', minutes: 1 },
    ]);
  });
});

describe('a file the reader cannot import gets its own error', () => {
  it.each([
    ['not-anki.zip', 'notAnki'],
    ['password.colpkg', 'encrypted'],
    ['damaged.colpkg', 'damaged'],
    ['future-version.colpkg', 'unknownVersion'],
    ['deck-without-scheduling.apkg', 'noScheduling'],
  ] as [string, AnkiReadErrorCode][])('%s: %s', (name, code) => {
    const kind = name.endsWith('.apkg') ? 'apkg' : 'colpkg';
    expect(() => readAnkiPackage(fixture(name), SQL, { ...MADRID_2AM, kind })).toThrow(expect.objectContaining({ code }));
  });

  it('a file that is no zip at all is not an Anki collection', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n'.repeat(20));
    expect(() => readAnkiPackage(pdf, SQL, MADRID_2AM)).toThrow(AnkiReadError);
    expect(() => readAnkiPackage(pdf, SQL, MADRID_2AM)).toThrow(expect.objectContaining({ code: 'notAnki' }));
  });

  it('a whole collection without reviews says so', () => {
    // A schema-11 collection with cards and no review log, read as a whole collection.
    const stubOnly = fixture('deck-without-scheduling.apkg');
    expect(() => readAnkiPackage(stubOnly, SQL, MADRID_2AM)).toThrow(expect.objectContaining({ code: 'noReviews' }));
  });

  it('an unknown time zone is refused before any day is made', () => {
    expect(() => readAnkiPackage(fixture('deck-anki2.apkg'), SQL, { ...MADRID_2AM, timeZone: 'Mars/Olympus' })).toThrow(
      expect.objectContaining({ code: 'unknownZone' }),
    );
  });
});
