/** Every English text of the history imports (spreadsheet and the section), in one object so they move into translation catalogues in one step. */
import type { DateFormat, DurationFormat, ProblemCode } from './spreadsheet/mapping';

const count = new Intl.NumberFormat('en-GB');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

export const importTexts = {
  sectionTitle: 'Bring your history',
  sectionIntro:
    'Already tracked your time elsewhere? Add it here: your Anki reviews, or any spreadsheet of dates and minutes. Files are read on this device; only the minutes per day are sent, and the skills a file does not name keep what you logged.',
  ankiButton: 'Import from Anki',
  sheetButton: 'Import a spreadsheet',
  ankiDialogTitle: 'Import from Anki',
  sheetDialogTitle: 'Import a spreadsheet',
  close: 'Close',
  loadingReader: 'Loading the reader…',
  readerFailed: 'The reader could not be loaded. Check your connection and try again.',
  sent: (days: number, minutes: number) => `Imported ${plural(days, 'day', 'days')}, ${plural(minutes, 'minute', 'minutes')} in all. Your dashboard shows them now.`,
  sendFailed: 'The import did not go through; nothing was changed. Try again.',
  serverProblems: 'The server found problems; nothing was imported:',
  dayProblem: (date: string, message: string) => `${date}: ${message}`,

  // The spreadsheet import.
  sheetIntro: 'Choose a CSV or TSV file, tell LinguaLog which columns hold the date and the time, check the preview, then import.',
  fileLabel: 'Spreadsheet file (.csv, .tsv, .txt)',
  fileHint: 'Export or "Save as" CSV from Excel, Google Sheets, Numbers, Loop Habit Tracker, Clockify or any other app.',
  emptyFile: 'This file holds no rows.',
  unreadableFile: 'This file could not be read as a spreadsheet. Save it as CSV (UTF-8) and try again.',
  delimiterLabel: 'Columns separated by',
  delimiters: { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab', '|': 'Vertical bar (|)' } as Record<string, string>,
  headerLabel: 'The first row names the columns',
  firstRows: 'The first rows of the file',
  lineColumn: 'Line',
  mappingLegend: 'What the columns hold',
  dateColumnLabel: 'Date column',
  dateFormatLabel: 'Dates are written',
  dateFormats: {
    iso: 'Year-month-day (2024-03-31)',
    dmy: 'Day/month/year (31/03/2024)',
    mdy: 'Month/day/year (03/31/2024)',
    datetime: 'Date and time (2024-03-31 08:00)',
  } satisfies Record<DateFormat, string>,
  minutesKindLegend: 'Where the time is',
  singleColumn: 'One column of durations',
  perSkillColumns: 'One column for each skill',
  durationColumnLabel: 'Duration column',
  durationFormatLabel: 'Durations are in',
  durationFormats: {
    minutes: 'Minutes (45)',
    hours: 'Hours (1.5 or 1,5)',
    hms: 'Hours and minutes (1:30 or 1:30:00)',
  } satisfies Record<DurationFormat, string>,
  skillColumnFor: (skill: string) => `${skill} column`,
  noColumn: '(none)',
  skillSourceLegend: 'Which skill',
  fixedSkill: 'The same skill for every row',
  skillFromColumn: 'A column names the skill',
  fixedSkillLabel: 'Skill',
  skillColumnLabel: 'Skill column',
  valueMeans: (value: string) => `“${value}” means`,
  leaveOut: 'Leave out',
  languageColumnLabel: 'Language column (optional)',
  languageNone: 'None: everything goes to your current language',
  previewTitle: 'Preview',
  previewDays: (days: number, minutes: number) => `${plural(days, 'day', 'days')}, ${plural(minutes, 'minute', 'minutes')} in all`,
  previewRange: (first: string, last: string) => `From ${first} to ${last}`,
  previewLanguage: (language: string, days: number) => `${language}: ${plural(days, 'day', 'days')}`,
  currentLanguage: 'Your current language',
  skipped: (rows: number) => `${plural(rows, 'row', 'rows')} left out (no time, or a value you chose to leave out).`,
  problemsTitle: (n: number) => `${plural(n, 'row needs', 'rows need')} fixing before anything can be imported:`,
  problem: (line: number, problem: ProblemCode) => {
    const what = {
      date: () => `“${'text' in problem ? problem.text : ''}” is not a date in the format chosen above.`,
      duration: () => `“${'text' in problem ? problem.text : ''}” is not a duration in the unit chosen above.`,
      negative: () => `“${'text' in problem ? problem.text : ''}” is a negative duration.`,
      tooLong: () => `“${'text' in problem ? problem.text : ''}” is longer than a day.`,
      skill: () => `“${'text' in problem ? problem.text : ''}” is not mapped to a skill: choose one above, or leave it out.`,
      language: () => 'This row names a language LinguaLog does not offer.',
      dayOverLimit: () => `${'date' in problem ? problem.date : ''} would hold more than 16 hours of one skill or 24 hours in all.`,
    }[problem.code]();
    return `Line ${line}: ${what}`;
  },
  moreProblems: (n: number) => `…and ${plural(n, 'more row', 'more rows')}.`,
  importButton: (days: number) => `Import ${plural(days, 'day', 'days')}`,
  sending: 'Importing…',
};
