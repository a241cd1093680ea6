/**
 * The Anki import's reading (issue #52): a collection of 200,000 reviews, as Anki 2.1.50+ packs it
 * (.colpkg, collection.anki21b, schema 18), read and summed per learner day in Node with the
 * reader the import's worker runs (src/features/imports/anki/readCollection.ts).
 *   node --import tsx scripts/bench/anki.mjs [reviews] [--out file.colpkg]
 * Prints the package's size and the time of each stage; `--out` also writes the package, to import
 * it by hand in the app.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { SCHEMA18, SQLite, withUnicase, zstd } from '../anki-collections.mjs';
import { readAnkiPackage } from '../../src/features/imports/anki/readCollection.ts';
import { importDays } from '../../src/features/imports/anki/reviewDays.ts';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outFile = outIndex >= 0 ? args.splice(outIndex, 2)[1] : undefined;
const REVIEWS = Number(args[0] ?? 200_000);
const DECKS = 12;
const CARDS = 20_000;
const DAYS = 3 * 365;

/** A learner's collection: REVIEWS reviews of CARDS cards in DECKS decks over three years, a few sessions a day. */
function makeCollection() {
  const db = new SQLite(':memory:');
  db.exec(SCHEMA18);
  db.prepare("INSERT INTO col VALUES (1, 0, 0, 0, 18, 0, 0, 0, '', '', '', '', '')").run();
  const deck = db.prepare("INSERT INTO decks VALUES (?, ?, 0, -1, x'', x'')");
  for (let d = 1; d <= DECKS; d++) deck.run(d, `Spanish\x1fDeck ${d}`);
  const card = db.prepare("INSERT INTO cards VALUES (?, ?, ?, 0, 0, -1, 2, 2, 10, 5, 2500, 3, 0, 0, 0, 0, 0, '')");
  const note = db.prepare("INSERT INTO notes VALUES (?, ?, 1, 0, -1, '', ?, ?, 0, 0, '')");
  const review = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, 3, 5, 1, 2500, ?, ?)');
  const start = Date.parse('2023-01-01T00:00:00Z');
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  db.transaction(() => {
    for (let c = 1; c <= CARDS; c++) {
      note.run(c, `g${c}`, `front ${c}\x1fback ${c}`, `front ${c}`);
      card.run(c, c, 1 + (c % DECKS));
    }
    const perDay = REVIEWS / DAYS;
    let id = start;
    for (let r = 0; r < REVIEWS; r++) {
      const day = Math.floor(r / perDay);
      // Sessions in the morning and the evening; ids stay unique and rising.
      id = Math.max(id + 1, start + day * 86_400_000 + (random() < 0.5 ? 7 : 19) * 3_600_000 + Math.floor(random() * 3_600_000));
      review.run(id, 1 + Math.floor(random() * CARDS), Math.floor(2_000 + random() * 20_000), random() < 0.02 ? 4 : 1);
    }
  })();
  withUnicase(db);
  const bytes = new Uint8Array(db.serialize());
  db.close();
  return bytes;
}

let t = performance.now();
const lap = () => {
  const now = performance.now();
  const ms = now - t;
  t = now;
  return `${ms.toFixed(0)} ms`;
};

const sqlite = makeCollection();
const compressed = zstd(sqlite);
const colpkg = zipSync({ 'collection.anki21b': [compressed.bytes, { level: 0 }], media: new Uint8Array() });
if (outFile) writeFileSync(outFile, colpkg);
console.log(`made ${REVIEWS.toLocaleString('en')} reviews: SQLite ${(sqlite.length / 1e6).toFixed(1)} MB, .colpkg ${(colpkg.length / 1e6).toFixed(1)} MB (${compressed.how}) in ${lap()}`);

const wasmPath = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
const SQL = await initSqlJs({ locateFile: () => wasmPath });
console.log(`sql.js loaded in ${lap()}`);

const steps = [];
const started = performance.now();
const reading = readAnkiPackage(colpkg, SQL, {
  kind: 'colpkg',
  timeZone: 'Europe/Madrid',
  dayBoundaryMinutes: 120,
  onStep: (step) => steps.push([step, performance.now()]),
});
const preview = importDays(reading.dayDeckTimes, null);
const ended = performance.now();
const stages = steps.map(([step, at], i) => `${step} ${((steps[i + 1]?.[1] ?? ended) - at).toFixed(0)} ms`).join(', ');
console.log(`read and summed ${reading.reviews.toLocaleString('en')} reviews into ${preview.days.length} days (${preview.totalMinutes} minutes) in ${(ended - started).toFixed(0)} ms: ${stages}`);
