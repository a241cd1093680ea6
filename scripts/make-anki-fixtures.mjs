/**
 * Builds the Anki packages of test/fixtures/anki (issue #52), so anyone can see what they hold:
 *   node scripts/make-anki-fixtures.mjs
 *
 * Every readable package holds the same review log (REVIEWS below), in each of Anki's three
 * collection files: test/features/imports/ankiFixtures.test.ts asserts the minutes per learner day
 * it gives. The schemas are Anki's own (rslib/src/storage/schema11.sql and upgrades/schema15_upgrade.sql
 * in ankitects/anki), cut to the tables the reader and a realistic package need.
 *
 * collection.anki21b is zstd-compressed SQLite. Node 20 has no zstd encoder, and npm's (e.g.
 * @bokuweb/zstd-wasm) would be a dependency for these few files: the script compresses with the
 * `zstd` command when it is on the PATH, and otherwise writes a zstd frame of raw (stored) blocks,
 * which is valid zstd that every decoder reads.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const require = createRequire(import.meta.url);
// The SQLite driver for this Node.js (server/src/db/sqliteDriver.ts).
const Database = require(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');

const outDir = fileURLToPath(new URL('../test/fixtures/anki/', import.meta.url));
const MTIME = new Date('2026-01-01T00:00:00Z');

const SCHEMA11 = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL,
  odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

// Schema 18 (Anki 2.1.50+): the same four tables plus the ones that replaced col's JSON. Names are
// declared with Anki's own `unicase` collation; better-sqlite3 cannot declare one, so the tables are
// made with NOCASE and the declaration is then written as Anki writes it (see withUnicase).
const SCHEMA18 = `${SCHEMA11.replace('CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);', '')}
CREATE TABLE graves (oid integer NOT NULL, type integer NOT NULL, usn integer NOT NULL, PRIMARY KEY (oid, type)) WITHOUT ROWID;
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE NOCASE, mtime_secs integer NOT NULL,
  usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL) WITHOUT ROWID;
CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL COLLATE NOCASE, mtime_secs integer NOT NULL,
  usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE NOCASE, mtime_secs integer NOT NULL,
  usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY COLLATE NOCASE, usn integer NOT NULL, collapsed boolean NOT NULL, config blob NULL) WITHOUT ROWID;
`;

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

/** Writes Anki's `unicase` collation into the schema, as real schema-18 collections declare it. */
function withUnicase(db) {
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  db.prepare("UPDATE sqlite_master SET sql = replace(sql, 'COLLATE NOCASE', 'COLLATE unicase') WHERE type = 'table'").run();
  db.pragma('writable_schema = OFF');
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

/** A zstd frame of raw blocks: valid zstd without compression (RFC 8878 3.1.1). */
function zstdRawFrame(data) {
  const BLOCK = 128 * 1024;
  const blocks = Math.max(1, Math.ceil(data.length / BLOCK));
  const out = new Uint8Array(4 + 1 + 8 + blocks * 3 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0xfd2fb528, true);
  out[4] = 0xe0; // single segment, 8-byte content size, no checksum, no dictionary
  view.setBigUint64(5, BigInt(data.length), true);
  let at = 13;
  for (let i = 0; i < blocks; i++) {
    const chunk = data.subarray(i * BLOCK, (i + 1) * BLOCK);
    const header = (chunk.length << 3) | (0 << 1) | (i === blocks - 1 ? 1 : 0);
    out[at] = header & 0xff;
    out[at + 1] = (header >> 8) & 0xff;
    out[at + 2] = (header >> 16) & 0xff;
    out.set(chunk, at + 3);
    at += 3 + chunk.length;
  }
  return out;
}

function zstd(data) {
  const cli = spawnSync('zstd', ['-19', '-q', '-c'], { input: data, maxBuffer: 1 << 30 });
  if (cli.status === 0 && cli.stdout.length > 0) return { bytes: new Uint8Array(cli.stdout), how: 'zstd -19' };
  return { bytes: zstdRawFrame(data), how: 'raw zstd blocks' };
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
