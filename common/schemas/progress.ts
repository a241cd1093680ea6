/** Overall minutes, the level, the languages started, and the month total for the calendar. */
import Type from 'typebox';
import { ISO_DATE_PATTERN, MAX_LEVEL } from '../domain';

const minutes = Type.Integer({ minimum: 0 });
const closed = { additionalProperties: false } as const;

export const progressSchema = Type.Object(
  {
    currentLevel: Type.Integer({ minimum: 0, maximum: MAX_LEVEL }),
    totalOverallMins: minutes,
    listeningOverallMins: minutes,
    readingOverallMins: minutes,
    speakingOverallMins: minutes,
    writingOverallMins: minutes,
    languages: Type.Array(Type.Object({ name: Type.String() }, closed)),
  },
  { ...closed, description: 'Totals of the language, its level, and every language the user has started' },
);
export type Progress = Type.Static<typeof progressSchema>;

// In a full migration these two would move to a TypeBox primitives module.
const languageProperty = Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Another language than the current one' }));
export const progressQuerySchema = Type.Object({ language: languageProperty }, closed);

export const monthTotalQuerySchema = Type.Object(
  { language: languageProperty, today: Type.String({ pattern: ISO_DATE_PATTERN, description: 'A calendar date, YYYY-MM-DD' }) },
  closed,
);

export const monthlyTotalSchema = Type.Object({ monthlyTotalMins: minutes }, { ...closed, description: 'OK' });
export type MonthlyTotal = Type.Static<typeof monthlyTotalSchema>;
