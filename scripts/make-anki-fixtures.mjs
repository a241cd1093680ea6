/**
 * Builds the Anki packages of test/fixtures/anki (issue #52), so anyone can see what they hold:
 *   node scripts/make-anki-fixtures.mjs
 *
 * Every readable package holds the same review log (REVIEWS below), in each of Anki's three
 * collection files: test/features/imports/ankiFixtures.test.ts asserts the minutes per learner day
 * it gives. The schemas and the zstd compression of collection.anki21b are in scripts/anki-collections.mjs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { SCHEMA11, SCHEMA18, SQLite as Database, withUnicase, zstd } from './anki-collections.mjs';

const outDir = fileURLToPath(new URL('../test/fixtures/anki/', import.meta.url));
const MTIME = new Date('2026-01-01T00:00:00Z');

const DECKS = {
  default: { id: 1, name: 'Default' },
  vocab: { id: 1700000000001, name: 'Spanish::Vocab' },
  listening: { id: 1700000000002, name: 'Spanish::Listening' },
  filtered: { id: 1700000000003, name: 'Filtered Deck 1' },
};

// One card per deck; `filtered` sits in the filtered deck and came from Spanish::Vocab (odid);
// `deleted` has reviews but no card any more.
const CARDS = {
  vocab: { id: 1600000000001, did: DECKS.vocab.id, odid: 0 },
  listening: { id: 1600000000002, did: DECKS.listening.id, odid: 0 },
  default: { id: 1600000000003, did: DECKS.default.id, odid: 0 },
  filtered: { id: 1600000000004, did: DECKS.filtered.id, odid: DECKS.vocab.id },
  deleted: { id: 1600000000005 },
};

/**
 * The review log: [instant, card, seconds, type]. Type 0 learning, 1 review, 2 relearning, 3 filtered,
 * 4 manual, 5 rescheduled (4 and 5 are not reviews: the reader skips them whatever their time).
 * Read in Europe/Madrid with the day starting at 02:00 (the tests' learner):
 *   2026-03-01  20+20 s Vocab, 20 s Listening, 45 s Vocab at 01:30 the next night  = 105 s -> 2 min
 *   2026-03-02  25 s Listening (the manual and rescheduled entries skipped)         =  25 s -> left out
 *   2026-03-28  60 s Vocab at 01:30 CET on the 29th                                 =  60 s -> 1 min
 *   2026-03-29  60 s filtered (from Vocab) at 03:30 CEST, 30 s Listening at 00:30 the next night = 90 s -> 2 min
 *   2026-04-10  40 s of a deleted card                                              =  40 s -> 1 min
 *   2026-04-11  30 s Default                                                        =  30 s -> 1 min
 */
const REVIEWS = [
  ['2026-03-01T10:00:00+01:00', 'vocab', 20, 1],
  ['2026-03-01T10:00:30+01:00', 'vocab', 20, 1],
  ['2026-03-01T10:01:00+01:00', 'listening', 20, 0],
  ['2026-03-02T01:30:00+01:00', 'vocab', 45, 2],
  ['2026-03-02T09:00:00+01:00', 'vocab', 0, 4],
  ['2026-03-02T09:05:00+01:00', 'vocab', 30, 5],
  ['2026-03-02T09:10:00+01:00', 'listening', 25, 1],
  ['2026-03-29T00:30:00Z', 'vocab', 60, 1],
  ['2026-03-29T01:30:00Z', 'filtered', 60, 3],
  ['2026-03-29T22:30:00Z', 'listening', 30, 1],
  ['2026-04-10T12:00:00+02:00', 'deleted', 40, 1],
  ['2026-04-11T12:00:00+02:00', 'default', 30, 1],
];

const deckJson = (deck) => ({ id: deck.id, name: deck.name, mod: 1767225600, usn: -1, dyn: deck.id === DECKS.filtered.id ? 1 : 0, conf: 1, desc: '', collapsed: false });

function fillCollection(db, { schema, withReviews = true }) {
  const now = 1767225600;
  const decksJson = schema === 11 ? JSON.stringify(Object.fromEntries(Object.values(DECKS).map((d) => [String(d.id), deckJson(d)]))) : '';
  db.prepare('INSERT INTO col VALUES (1, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?)').run(now, now * 1000, now * 1000, schema, schema === 11 ? '{}' : '', schema === 11 ? '{}' : '', decksJson, schema === 11 ? '{}' : '', schema === 11 ? '{}' : '');
  if (schema === 18) {
    const insertDeck = db.prepare('INSERT INTO decks VALUES (?, ?, ?, -1, x\'\', x\'\')');
    // Schema 18 joins a deck's name parts with U+001F, not '::'.
    for (const deck of Object.values(DECKS)) insertDeck.run(deck.id, deck.name.replaceAll('::', '\x1f'), now);
  }
  const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, 1, ?, -1, '', ?, ?, 0, 0, '')");
  const insertCard = db.prepare("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 2, 2, 10, 5, 2500, 3, 0, 0, 0, ?, 0, '')");
  for (const [key, card] of Object.entries(CARDS)) {
    if (!card.did) continue;
    insertNote.run(card.id, `guid-${key}`, now, `${key}\x1fback`, key);
    insertCard.run(card.id, card.id, card.did, now, card.odid);
  }
  if (!withReviews) return;
  const insertReview = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, 3, 5, 1, 2500, ?, ?)');
  REVIEWS.forEach(([instant, card, seconds, type]) => insertReview.run(Date.parse(instant), CARDS[card].id, seconds * 1000, type));
}

function collection(options) {
  const db = new Database(':memory:');
  db.exec(options.schema === 18 ? SCHEMA18 : SCHEMA11);
  fillCollection(db, options);
  if (options.schema === 18) withUnicase(db);
  const bytes = db.serialize();
  db.close();
  return new Uint8Array(bytes);
}

/** The collection.anki2 that Anki 2.1.50+ writes beside collection.anki21b: a schema-11 file whose one note asks for a newer Anki. */
function stubCollection() {
  const db = new Database(':memory:');
  db.exec(SCHEMA11);
  db.prepare("INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', '{}', '{\"1\":{\"id\":1,\"name\":\"Default\"}}', '{}', '{}')").run();
  db.prepare("INSERT INTO notes VALUES (1, 'stub', 1, 0, -1, '', 'Please update to the latest Anki version, then import the .colpkg/.apkg file again.', '', 0, 0, '')").run();
  db.prepare("INSERT INTO cards VALUES (1, 1, 1, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, '')").run();
  const bytes = db.serialize();
  db.close();
  return new Uint8Array(bytes);
}

const zip = (files) => zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { mtime: MTIME, level: name === 'collection.anki21b' ? 0 : 6 }]])));
const text = (s) => new TextEncoder().encode(s);

/** Marks every entry encrypted (general-purpose flag bit 0), as a password-protected zip has them. */
function withPasswordFlag(zipBytes) {
  const out = zipBytes.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint16(at + 6, view.getUint16(at + 6, true) | 1, true);
    if (signature === 0x02014b50) view.setUint16(at + 8, view.getUint16(at + 8, true) | 1, true);
  }
  return out;
}

const anki21b = zstd(collection({ schema: 18 }));
const colpkg21b = zip({ 'collection.anki2': stubCollection(), 'collection.anki21b': anki21b.bytes, meta: new Uint8Array([0x08, 0x03]), media: new Uint8Array() });
const files = {
  // Anki 2.1.50+: collection.anki21b beside the stub collection.anki2; meta says "latest" (protobuf: version 3).
  'collection-anki21b.colpkg': colpkg21b,
  // Anki 2.1.x before 2.1.50: collection.anki21 (schema 11) beside the stub.
  'collection-anki21.colpkg': zip({ 'collection.anki2': stubCollection(), 'collection.anki21': collection({ schema: 11 }), media: text('{}') }),
  // A deck export with scheduling information, in the oldest format: collection.anki2, decks as JSON in col.decks.
  'deck-anki2.apkg': zip({ 'collection.anki2': collection({ schema: 11 }), media: text('{}') }),
  // A deck export without scheduling information: cards, no review log.
  'deck-without-scheduling.apkg': zip({ 'collection.anki2': collection({ schema: 11, withReviews: false }), media: text('{}') }),
  // A collection of a version the reader does not know (col.ver 99).
  'future-version.colpkg': (() => {
    const db = new Database(':memory:');
    db.exec(SCHEMA11);
    fillCollection(db, { schema: 11 });
    db.prepare('UPDATE col SET ver = 99').run();
    const bytes = new Uint8Array(db.serialize());
    db.close();
    return zip({ 'collection.anki21': bytes, media: text('{}') });
  })(),
  // The 2.1.50+ package cut off in the middle, as a broken download leaves it.
  'damaged.colpkg': colpkg21b.subarray(0, Math.floor(colpkg21b.length / 2)),
  // A package whose entries are password-protected.
  'password.colpkg': withPasswordFlag(colpkg21b),
  // A zip that is not an Anki package.
  'not-anki.zip': zip({ 'notes.txt': text('Not an Anki package.\n') }),
};

mkdirSync(outDir, { recursive: true });
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(new URL(name, `file://${outDir}`), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}
console.log(`collection.anki21b compressed with ${anki21b.how}`);
