/** Shapes of the language list and the current language. */
import type { FromSchema } from 'json-schema-to-ts';
import { languageNameSchema } from './primitives';

export const languageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string' } },
} as const;
export type Language = FromSchema<typeof languageSchema>;

export const languagesSchema = { type: 'array', items: languageSchema, description: 'Languages sorted by name' } as const;

export const userLanguageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: ['string', 'null'] } },
  description: 'name is null before a language is chosen',
} as const;
export type UserLanguage = FromSchema<typeof userLanguageSchema>;

export const chooseLanguageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: languageNameSchema },
} as const;
export type ChooseLanguage = FromSchema<typeof chooseLanguageSchema>;

export const hasLanguageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['hasLanguage'],
  properties: { hasLanguage: { type: 'boolean' } },
  description: 'OK',
} as const;
export type HasLanguage = FromSchema<typeof hasLanguageSchema>;
