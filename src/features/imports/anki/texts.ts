/** Every English text of the Anki import, in one object so they move into translation catalogues in one step. */
import type { AnkiErrorCode } from './protocol';
import type { ReadStep } from './readCollection';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const megabytes = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-GB');

const plural = (n: number, unit: string) => `${count.format(n)} ${unit}${n === 1 ? '' : 's'}`;

function clockTime(minutesAfterMidnight: number): string {
  if (minutesAfterMidnight === 0) return 'midnight';
  const hour = Math.floor(minutesAfterMidnight / 60);
  const minute = minutesAfterMidnight % 60;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`} ${hour < 12 ? 'am' : 'pm'}`;
}

export const ankiTexts = {
  title: 'Import from Anki',
  intro: 'LinguaLog adds up the time of your Anki reviews per day. The file is read on this device and never uploaded: only the minutes per day are sent.',
  fileLabel: 'Anki file (.colpkg or .apkg)',
  fileHint: 'In Anki: File, Export, "Anki Collection Package" (without media is enough). A deck package (.apkg) needs "Include scheduling information".',
  progressLabel: 'Reading the Anki file',
  progressBytes: (done: number, total: number) => `${megabytes.format(done / 1e6)} of ${megabytes.format(total / 1e6)} MB read`,
  steps: {
    unpacking: 'Unpacking the collection',
    opening: 'Opening the collection',
    summing: 'Adding up your review time',
  } satisfies Record<ReadStep, string>,
  errors: {
    notAnki: 'This file is not an Anki collection. Choose a .colpkg or .apkg file exported from Anki.',
    encrypted: 'This file is a password-protected zip. Export it again from Anki, without a password.',
    damaged: 'This file is damaged and cannot be read. Export it again from Anki and choose the new file.',
    unknownVersion: 'This collection comes from a version of Anki that LinguaLog cannot read yet. Export it from Anki again, or with "Support older Anki versions" ticked.',
    noScheduling: 'This deck holds no review history: the deck was exported without scheduling information. Export it again with "Include scheduling information" ticked, or export the whole collection (.colpkg).',
    noReviews: 'This collection holds no reviews yet.',
    unknownZone: 'Your time zone is not known to this browser, so your days cannot be worked out. Check the time zone in your settings.',
    unreadable: 'The file could not be read on this device. Choose it again; if it holds media, export it from Anki without media first.',
  } satisfies Record<AnkiErrorCode, string>,
  previewTitle: 'What will be imported',
  days: 'Days',
  totalTime: 'Total time',
  firstDay: 'First day',
  lastDay: 'Last day',
  date: (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`)),
  minutes: (minutes: number) => (minutes < 60 ? plural(minutes, 'minute') : `${plural(Math.floor(minutes / 60), 'hour')} ${plural(minutes % 60, 'minute')}`),
  dayCount: (days: number) => plural(days, 'day'),
  reviewCount: (reviews: number) => `${plural(reviews, 'review')} in the file`,
  dayBoundary: (boundaryMinutes: number, timeZone: string) =>
    `Days start at ${clockTime(boundaryMinutes)} in ${timeZone}, as in your LinguaLog settings, not at Anki's 4 am: a review before then counts for the day before.`,
  roundingNote: "Each day's review time is rounded to the nearest minute; days under half a minute are left out.",
  topDecks: 'Top decks',
  decksLegend: 'Decks to import',
  allDecks: 'All decks',
  noDecks: 'No deck',
  deletedCards: 'Cards deleted since',
  unnamedDeck: (id: number) => `Deck ${id}`,
  deckTime: (name: string, minutes: number) => `${name}: ${minutes < 1 ? 'under a minute' : plural(minutes, 'minute')}`,
  skillLegend: 'Import the time as',
  nothingToImport: 'The decks you chose hold no day of half a minute or more.',
  confirm: (days: number) => `Import ${plural(days, 'day')}`,
  sending: 'Importing...',
  sendFailed: 'The import did not go through. Your file is still here: try again.',
  chooseAnother: 'Choose another file',
};
