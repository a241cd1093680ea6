/**
 * Reads an Anki package's review log into review time per learner day and deck. Runs in the
 * import's worker (ankiWorker.ts) and, in the tests and the bench, under Node: sql.js is handed in.
 */
import { unzipSync } from 'fflate';
import { decompress as zstdDecompress } from 'fzstd';
import type { Database, SqlJsStatic } from 'sql.js';
import { QUARTER_HOUR_MS, toLearnerDays, type DayDeckTime, type QuarterDeckTime } from './reviewDays';
import { listZipEntries, pickCollectionFile, ZipFormatError, type CollectionFile } from './zipEntries';

export type AnkiReadErrorCode = 'notAnki' | 'encrypted' | 'damaged' | 'unknownVersion' | 'noScheduling' | 'noReviews' | 'unknownZone';

export class AnkiReadError extends Error {
  constructor(readonly code: AnkiReadErrorCode) {
    super(code);
  }
}

/** The steps after the file's bytes are in memory, in order (the progress bar counts them). */
export const READ_STEPS = ['unpacking', 'opening', 'summing'] as const;
export type ReadStep = (typeof READ_STEPS)[number];

/** A deck that has reviews; `id` -1 holds the reviews of cards deleted since. */
export interface AnkiDeck {
  id: number;
  name: string;
}

export const DELETED_CARDS_DECK = -1;

export interface AnkiReading {
  collectionFile: CollectionFile;
  /** The collection's schema version (`col.ver`): 11 or 18 in the packages of current Anki. */
  schema: number;
  reviews: number;
  decks: AnkiDeck[];
  /** Review time per learner day and deck (the deck a card in a filtered deck came from). */
  dayDeckTimes: DayDeckTime[];
}

export interface ReadOptions {
  /** `apkg` (a deck export) or `colpkg` (a whole collection): which message fits a package without reviews. */
  kind: 'apkg' | 'colpkg';
  timeZone: string;
  dayBoundaryMinutes: number;
  onStep?: (step: ReadStep) => void;
}

/** Schemas whose review log and decks this reader knows: 11 (collection.anki2/anki21) to 18 (collection.anki21b). */
const KNOWN_SCHEMAS = { min: 11, max: 18 };
const SQLITE_HEADER = 'SQLite format 3\0';
/** Manual (4) and rescheduled (5) entries are changes to a card, not reviews: they carry no time. */
const NOT_REVIEWS = '(4, 5)';

function collectionBytes(zip: Uint8Array): { file: CollectionFile; bytes: Uint8Array } {
  let entries;
  try {
    entries = listZipEntries(zip);
  } catch (err) {
    if (err instanceof ZipFormatError) throw new AnkiReadError(err.reason === 'notZip' ? 'notAnki' : 'damaged');
    throw err;
  }
  const file = pickCollectionFile(entries.map((entry) => entry.name));
  if (!file) throw new AnkiReadError('notAnki');
  if (entries.some((entry) => entry.name === file && entry.encrypted)) throw new AnkiReadError('encrypted');
  let stored: Uint8Array | undefined;
  try {
    stored = unzipSync(zip, {
      filter: (info) => {
        // 99: WinZip's AES encryption, which leaves the flag bit to the method.
        if (info.name === file && info.compression === 99) throw new AnkiReadError('encrypted');
        return info.name === file;
      },
    })[file];
  } catch (err) {
    throw err instanceof AnkiReadError ? err : new AnkiReadError('damaged');
  }
  if (!stored) throw new AnkiReadError('damaged');
  if (file !== 'collection.anki21b') return { file, bytes: stored };
  try {
    return { file, bytes: zstdDecompress(stored) };
  } catch {
    throw new AnkiReadError('damaged');
  }
}

function isSqlite(bytes: Uint8Array): boolean {
  return bytes.length >= 100 && new TextDecoder().decode(bytes.subarray(0, SQLITE_HEADER.length)) === SQLITE_HEADER;
}

const one = (db: Database, sql: string): unknown => db.exec(sql)[0]?.values[0]?.[0];

/** Deck names: a `decks` table since schema 15 (name parts joined by U+001F), JSON in `col.decks` before. */
function deckNames(db: Database): Map<number, string> {
  const names = new Map<number, string>();
  if (one(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'decks'") === 1) {
    // The name column is declared with Anki's own `unicase` collation, which sql.js lacks: read it without comparing.
    for (const [id, name] of db.exec('SELECT id, CAST(name AS BLOB) FROM decks')[0]?.values ?? []) {
      names.set(Number(id), new TextDecoder().decode(name as Uint8Array).replaceAll('\x1f', '::'));
    }
    return names;
  }
  const json = one(db, 'SELECT decks FROM col');
  const decks = typeof json === 'string' && json !== '' ? (JSON.parse(json) as Record<string, { id?: number; name?: string }>) : {};
  for (const [key, deck] of Object.entries(decks)) names.set(Number(deck.id ?? key), String(deck.name ?? key));
  return names;
}

/** Each card's deck: the deck a card in a filtered deck came from (`odid`), else its own. */
function cardDecks(db: Database): Map<number, number> {
  const decks = new Map<number, number>();
  for (const [id, deck] of db.exec('SELECT id, CASE WHEN odid <> 0 THEN odid ELSE did END FROM cards')[0]?.values ?? []) decks.set(Number(id), Number(deck));
  return decks;
}

/**
 * The reviews' time per quarter hour and deck. The review log is read in its own order and summed
 * here: a GROUP BY in SQLite sorts every review first, four times slower in WebAssembly.
 */
function reviewTime(db: Database): { reviews: number; quarters: QuarterDeckTime[] } {
  const decks = cardDecks(db);
  const perDeck = new Map<number, Map<number, number>>();
  let reviews = 0;
  const statement = db.prepare(`SELECT id, cid, time FROM revlog WHERE type NOT IN ${NOT_REVIEWS}`);
  try {
    while (statement.step()) {
      const [id, cardId, ms] = statement.get() as number[];
      reviews++;
      const deck = decks.get(cardId) ?? DELETED_CARDS_DECK;
      let quarters = perDeck.get(deck);
      if (!quarters) perDeck.set(deck, (quarters = new Map()));
      const quarter = Math.floor(id / QUARTER_HOUR_MS);
      quarters.set(quarter, (quarters.get(quarter) ?? 0) + Math.max(ms, 0));
    }
  } finally {
    statement.free();
  }
  const quarters: QuarterDeckTime[] = [];
  for (const [deck, times] of perDeck) for (const [quarter, ms] of times) quarters.push([quarter, deck, ms]);
  return { reviews, quarters };
}

function readOpened(db: Database, file: CollectionFile, options: ReadOptions): AnkiReading {
  let schema: number;
  try {
    schema = Number(one(db, 'SELECT ver FROM col'));
  } catch {
    throw new AnkiReadError('notAnki');
  }
  if (!(schema >= KNOWN_SCHEMAS.min && schema <= KNOWN_SCHEMAS.max)) throw new AnkiReadError('unknownVersion');
  const names = deckNames(db);
  options.onStep?.('summing');
  const { reviews, quarters } = reviewTime(db);
  if (reviews === 0) throw new AnkiReadError(options.kind === 'apkg' ? 'noScheduling' : 'noReviews');
  let dayDeckTimes: DayDeckTime[];
  try {
    dayDeckTimes = toLearnerDays(quarters, options.timeZone, options.dayBoundaryMinutes);
  } catch (err) {
    if (err instanceof RangeError) throw new AnkiReadError('unknownZone');
    throw err;
  }
  const deckIds = new Set(dayDeckTimes.map(([, deckId]) => deckId));
  const decks = [...deckIds].map((id) => ({ id, name: names.get(id) ?? '' }));
  return { collectionFile: file, schema, reviews, decks, dayDeckTimes };
}

/** Reads the package's bytes. Throws AnkiReadError with what the learner is told. */
export function readAnkiPackage(zip: Uint8Array, SQL: SqlJsStatic, options: ReadOptions): AnkiReading {
  options.onStep?.('unpacking');
  const { file, bytes } = collectionBytes(zip);
  if (!isSqlite(bytes)) throw new AnkiReadError('damaged');
  options.onStep?.('opening');
  let db: Database;
  try {
    db = new SQL.Database(bytes);
  } catch {
    throw new AnkiReadError('damaged');
  }
  try {
    return readOpened(db, file, options);
  } catch (err) {
    // SQLite's own errors (a page that does not read, a table missing) mean a broken collection.
    throw err instanceof AnkiReadError ? err : new AnkiReadError('damaged');
  } finally {
    db.close();
  }
}
