/**
 * The texts of the history imports (spreadsheet and the section), from the learner's catalogue
 * (`imports.json`): `useImportTexts()` inside a component, numbers and plurals in the locale's way.
 */
import { SKILL_NAMES } from '@/lib/skills';
import { useMemo } from 'react';
import { useI18n } from '@/i18n/I18nProvider';
import type { I18n } from '@/i18n/i18n';
import type { DateFormat, DurationFormat, ProblemCode } from './spreadsheet/mapping';

export type ImportTexts = ReturnType<typeof importTexts>;

export function importTexts({ t }: I18n) {
  return {
    // The skills as every screen names them (src/lib/skills.ts).
    skills: { ...SKILL_NAMES },
    sectionTitle: t('imports.section.title'),
    sectionIntro: t('imports.section.intro'),
    ankiButton: t('imports.section.ankiButton'),
    sheetButton: t('imports.section.sheetButton'),
    ankiDialogTitle: t('imports.section.ankiDialogTitle'),
    sheetDialogTitle: t('imports.section.sheetDialogTitle'),
    close: t('imports.section.close'),
    loadingReader: t('imports.section.loadingReader'),
    readerFailed: t('imports.section.readerFailed'),
    sent: (days: number, minutes: number) => t('imports.section.sent', { days, minutes }),
    sendFailed: t('imports.section.sendFailed'),
    serverProblems: t('imports.section.serverProblems'),
    dayProblem: (date: string, message: string) => t('imports.section.dayProblem', { date, message }),

    // The spreadsheet import.
    sheetIntro: t('imports.sheet.intro'),
    fileLabel: t('imports.sheet.fileLabel'),
    fileHint: t('imports.sheet.fileHint'),
    emptyFile: t('imports.sheet.emptyFile'),
    unreadableFile: t('imports.sheet.unreadableFile'),
    delimiterLabel: t('imports.sheet.delimiterLabel'),
    delimiters: {
      ',': t('imports.sheet.delimiterComma'),
      ';': t('imports.sheet.delimiterSemicolon'),
      '\t': t('imports.sheet.delimiterTab'),
      '|': t('imports.sheet.delimiterBar'),
    } as Record<string, string>,
    headerLabel: t('imports.sheet.headerLabel'),
    firstRows: t('imports.sheet.firstRows'),
    lineColumn: t('imports.sheet.lineColumn'),
    mappingLegend: t('imports.sheet.mappingLegend'),
    dateColumnLabel: t('imports.sheet.dateColumnLabel'),
    dateFormatLabel: t('imports.sheet.dateFormatLabel'),
    dateFormats: {
      iso: t('imports.sheet.dateFormatIso'),
      dmy: t('imports.sheet.dateFormatDmy'),
      mdy: t('imports.sheet.dateFormatMdy'),
      datetime: t('imports.sheet.dateFormatDatetime'),
    } satisfies Record<DateFormat, string>,
    minutesKindLegend: t('imports.sheet.minutesKindLegend'),
    singleColumn: t('imports.sheet.singleColumn'),
    perSkillColumns: t('imports.sheet.perSkillColumns'),
    durationColumnLabel: t('imports.sheet.durationColumnLabel'),
    durationFormatLabel: t('imports.sheet.durationFormatLabel'),
    durationFormats: {
      minutes: t('imports.sheet.durationMinutes'),
      hours: t('imports.sheet.durationHours'),
      hms: t('imports.sheet.durationHms'),
    } satisfies Record<DurationFormat, string>,
    skillColumnFor: (skill: string) => t('imports.sheet.skillColumnFor', { skill }),
    noColumn: t('imports.sheet.noColumn'),
    skillSourceLegend: t('imports.sheet.skillSourceLegend'),
    fixedSkill: t('imports.sheet.fixedSkill'),
    skillFromColumn: t('imports.sheet.skillFromColumn'),
    fixedSkillLabel: t('imports.sheet.fixedSkillLabel'),
    skillColumnLabel: t('imports.sheet.skillColumnLabel'),
    valueMeans: (value: string) => t('imports.sheet.valueMeans', { value }),
    leaveOut: t('imports.sheet.leaveOut'),
    languageColumnLabel: t('imports.sheet.languageColumnLabel'),
    languageNone: t('imports.sheet.languageNone'),
    previewTitle: t('imports.sheet.previewTitle'),
    previewDays: (days: number, minutes: number) => t('imports.sheet.previewDays', { days, minutes }),
    previewRange: (first: string, last: string) => t('imports.sheet.previewRange', { first, last }),
    previewLanguage: (language: string, days: number) => t('imports.sheet.previewLanguage', { language, days }),
    currentLanguage: t('imports.sheet.currentLanguage'),
    skipped: (rows: number) => t('imports.sheet.skipped', { rows }),
    problemsTitle: (rows: number) => t('imports.sheet.problemsTitle', { rows }),
    problem: (line: number, problem: ProblemCode) => {
      const text = 'text' in problem ? problem.text : '';
      const what = {
        date: () => t('imports.sheet.problemDate', { text }),
        duration: () => t('imports.sheet.problemDuration', { text }),
        negative: () => t('imports.sheet.problemNegative', { text }),
        tooLong: () => t('imports.sheet.problemTooLong', { text }),
        skill: () => t('imports.sheet.problemSkill', { text }),
        language: () => t('imports.sheet.problemLanguage'),
        dayOverLimit: () => t('imports.sheet.problemDayOverLimit', { date: 'date' in problem ? problem.date : '' }),
      }[problem.code]();
      return t('imports.sheet.problemLine', { line, problem: what });
    },
    moreProblems: (rows: number) => t('imports.sheet.moreProblems', { rows }),
    importButton: (days: number) => t('imports.sheet.importButton', { days }),
    sending: t('imports.sheet.sending'),
  };
}

/** The import texts in the learner's locale. */
export function useImportTexts(): ImportTexts {
  const i18n = useI18n();
  return useMemo(() => importTexts(i18n), [i18n]);
}
