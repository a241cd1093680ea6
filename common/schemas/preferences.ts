/** The app in the learner's language (contract, fifth edition): the shipped locales and the account's preferences. */
import type { FromSchema } from 'json-schema-to-ts';

export const localeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tag', 'name', 'dir'],
  properties: {
    tag: { type: 'string', description: 'A BCP 47 tag: en, es, pt-BR, fr, de, it, ja, zh-Hans, ar' },
    name: { type: 'string', description: 'The locale\'s name in itself ("Español", "العربية")' },
    dir: { type: 'string', enum: ['ltr', 'rtl'] },
  },
} as const;

export const localesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['default', 'locales'],
  properties: {
    default: { type: 'string', description: 'The locale of an answer that names none: en' },
    locales: { type: 'array', items: localeSchema },
  },
} as const;
export type LocalesAnswer = FromSchema<typeof localesSchema>;

const uiLocale = { type: ['string', 'null'], maxLength: 35, description: 'A tag of GET /api/locales; null follows the browser' } as const;
const timeZone = { type: ['string', 'null'], maxLength: 100, description: 'An IANA time zone ("Europe/Berlin"); null until the app sends one' } as const;

export const preferencesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['uiLocale', 'timeZone'],
  properties: { uiLocale, timeZone },
} as const;
export type Preferences = FromSchema<typeof preferencesSchema>;

export const preferencesChangeSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { uiLocale, timeZone },
} as const;
export type PreferencesChange = FromSchema<typeof preferencesChangeSchema>;
