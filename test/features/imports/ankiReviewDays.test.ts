/** The pure parts of the Anki import: picking the collection inside the zip, and review time as learner days. */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deckTimes, importDays, QUARTER_HOUR_MS, roundedMinutes, toLearnerDays, type QuarterDeckTime } from '@/features/imports/anki/reviewDays';
import { listZipEntries, pickCollectionFile, ZipFormatError } from '@/features/imports/anki/zipEntries';

const quarterOf = (iso: string) => Math.floor(Date.parse(iso) / QUARTER_HOUR_MS);

describe('the collection file read from a package', () => {
  it('is collection.anki21b when present, since the collection.anki2 beside it is a stub', () => {
    expect(pickCollectionFile(['collection.anki2', 'media', 'collection.anki21b', 'meta'])).toBe('collection.anki21b');
  });
  it('is collection.anki21 before collection.anki2', () => {
    expect(pickCollectionFile(['collection.anki2', 'collection.anki21', 'media'])).toBe('collection.anki21');
  });
  it('is collection.anki2 when it is the only one', () => {
    expect(pickCollectionFile(['media', 'collection.anki2'])).toBe('collection.anki2');
  });
  it('is none in a zip without a collection', () => {
    expect(pickCollectionFile(['notes.txt', 'folder/collection.anki2.bak'])).toBeNull();
  });
});

describe('the zip directory', () => {
  const zip = zipSync({ 'collection.anki2': new Uint8Array([1, 2, 3]), media: new TextEncoder().encode('{}') });

  it('lists the entries and whether each is password-protected', () => {
    expect(listZipEntries(zip)).toEqual([
      { name: 'collection.anki2', encrypted: false },
      { name: 'media', encrypted: false },
    ]);
  });
  it('tells a file that is no zip from a zip that is cut off', () => {
    expect(() => listZipEntries(new TextEncoder().encode('SQLite format 3\0 and more'))).toThrow(expect.objectContaining({ reason: 'notZip' }));
    expect(() => listZipEntries(zip.subarray(0, zip.length - 30))).toThrow(ZipFormatError);
    expect(() => listZipEntries(zip.subarray(0, zip.length - 30))).toThrow(expect.objectContaining({ reason: 'damaged' }));
  });
});

describe('review time as learner days', () => {
  it('rounds to the nearest minute: half a minute is a minute, less is none', () => {
    expect([29_999, 30_000, 89_999, 90_000].map(roundedMinutes)).toEqual([0, 1, 1, 2]);
  });

  it('leaves out a day under half a minute and sums the decks of a day before rounding', () => {
    const rows = toLearnerDays(
      [
        [quarterOf('2026-05-01T10:00:00Z'), 1, 20_000],
        [quarterOf('2026-05-01T11:00:00Z'), 2, 20_000],
        [quarterOf('2026-05-02T10:00:00Z'), 1, 29_000],
      ],
      'UTC',
      0,
    );
    expect(importDays(rows, null)).toEqual({ days: [{ date: '2026-05-01', minutes: 1 }], totalMinutes: 1, firstDate: '2026-05-01', lastDate: '2026-05-01' });
    // Deck 1 alone holds only 20 s that day: nothing to import.
    expect(importDays(rows, new Set([1]))).toEqual({ days: [], totalMinutes: 0, firstDate: null, lastDate: null });
  });

  it("puts a review before the learner's day boundary on the day before, by the wall clock across a DST change", () => {
    const quarters: QuarterDeckTime[] = [
      // New York, the night of the spring change (02:00 EST -> 03:00 EDT on 2026-03-08), day boundary 04:00.
      [quarterOf('2026-03-08T08:30:00Z'), 1, 60_000], // 04:30 EDT: the 8th
      [quarterOf('2026-03-08T07:30:00Z'), 1, 120_000], // 03:30 EDT: still the 7th
      [quarterOf('2026-03-07T08:45:00Z'), 1, 180_000], // 03:45 EST: the 6th
    ];
    expect(importDays(toLearnerDays(quarters, 'America/New_York', 240), null).days).toEqual([
      { date: '2026-03-06', minutes: 3 },
      { date: '2026-03-07', minutes: 2 },
      { date: '2026-03-08', minutes: 1 },
    ]);
  });

  it('takes zones a quarter or half hour off UTC by their own clock', () => {
    // 18:15 UTC is 00:00 the next day in Kathmandu (+05:45), 23:45 in Kolkata (+05:30).
    const quarters: QuarterDeckTime[] = [[quarterOf('2026-06-01T18:15:00Z'), 1, 60_000]];
    expect(importDays(toLearnerDays(quarters, 'Asia/Kathmandu', 0), null).days).toEqual([{ date: '2026-06-02', minutes: 1 }]);
    expect(importDays(toLearnerDays(quarters, 'Asia/Kolkata', 0), null).days).toEqual([{ date: '2026-06-01', minutes: 1 }]);
  });

  it('ranks the decks by their review time', () => {
    expect(deckTimes([[1, 5, 1000], [2, 7, 5000], [3, 5, 1000]])).toEqual([
      { deckId: 7, ms: 5000 },
      { deckId: 5, ms: 2000 },
    ]);
  });
});
