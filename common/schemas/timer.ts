/** Shapes of the running timer (contract, third edition). */
import type { FromSchema } from 'json-schema-to-ts';
import { errorSchema } from './errors';
import { IDEMPOTENCY_KEY_MIN_LENGTH, KEY_CHARACTERS, SKILLS, TIMER_ID_MAX_LENGTH } from '../domain';

export const timerIdSchema = {
  type: 'string',
  minLength: IDEMPOTENCY_KEY_MIN_LENGTH,
  maxLength: TIMER_ID_MAX_LENGTH,
  pattern: `^[${KEY_CHARACTERS}]+$`,
  description: `A key the client makes (a UUID): ${IDEMPOTENCY_KEY_MIN_LENGTH} to ${TIMER_ID_MAX_LENGTH} letters, digits, "-", "_" or ":"`,
} as const;

export const runningTimerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'language', 'skill', 'startedAt'],
  properties: {
    id: { type: 'string' },
    language: { type: 'string' },
    skill: { type: 'string', enum: SKILLS },
    startedAt: { type: 'string', description: 'The instant of the tap that started it, ISO 8601 in UTC' },
  },
} as const;
export type RunningTimer = FromSchema<typeof runningTimerSchema>;

export const timerAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['timer'],
  properties: { timer: { anyOf: [{ type: 'null' }, runningTimerSchema] } },
} as const;
export type TimerAnswer = FromSchema<typeof timerAnswerSchema>;

export const startTimerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'skill', 'startedAt'],
  properties: {
    id: timerIdSchema,
    skill: { type: 'string', enum: SKILLS },
    startedAt: { type: 'string', maxLength: 40, description: "The client's instant of the tap, ISO 8601 with a time zone (e.g. 2026-11-25T07:30:00.000Z)" },
  },
} as const;
export type StartTimer = FromSchema<typeof startTimerSchema>;

/** The start's 409: the error shape, plus the running timer under `timer` when another one runs. */
export const startTimerConflictSchema = {
  ...errorSchema,
  properties: {
    ...errorSchema.properties,
    error: { ...errorSchema.properties.error, enum: ['NO_LANGUAGE', 'LANGUAGE_NOT_STARTED', 'TIMER_RUNNING', 'TIMER_STOPPED'] },
    timer: runningTimerSchema,
  },
  description:
    'NO_LANGUAGE: no language chosen yet; LANGUAGE_NOT_STARTED: ?language= names a language the learner has never chosen; ' +
    'TIMER_RUNNING: another timer (a different id) is running, and it is under `timer`; TIMER_STOPPED: this id was stopped, nothing starts',
} as const;

export const timerParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: TIMER_ID_MAX_LENGTH } },
} as const;
