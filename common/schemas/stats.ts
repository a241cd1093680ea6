/** Insights (contract, second edition): minutes per day, week (Sunday start) or month bucket. */
import type { FromSchema } from 'json-schema-to-ts';
import { FIRST_DATE } from '../domain';
import { dateSchema, languageQuery } from './primitives';

export const STATS_MAX_BUCKETS = 3700;
export const STATS_BUCKETS = ['day', 'week', 'month'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];

export const statsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'bucket'],
  properties: {
    ...languageQuery.properties,
    from: { ...dateSchema, description: `First day counted (inclusive), from ${FIRST_DATE}` },
    to: { ...dateSchema, description: 'Last day counted (inclusive), at most today' },
    bucket: { type: 'string', enum: STATS_BUCKETS, description: 'day, week (Sunday to Saturday) or calendar month' },
  },
} as const;
export type StatsQuery = FromSchema<typeof statsQuerySchema>;

const count = { type: 'integer', minimum: 0 } as const;
const bucketFields = {
  listeningMins: count,
  readingMins: count,
  speakingMins: count,
  writingMins: count,
  totalMins: count,
  activeDays: count,
  achievedDays: count,
} as const;
const BUCKET_REQUIRED = ['listeningMins', 'readingMins', 'speakingMins', 'writingMins', 'totalMins', 'activeDays', 'achievedDays'] as const;

export const statsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'bucket', 'buckets', 'totals'],
  properties: {
    from: dateSchema,
    to: dateSchema,
    bucket: { type: 'string', enum: STATS_BUCKETS },
    buckets: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['start', ...BUCKET_REQUIRED],
        properties: { start: { ...dateSchema, description: "The bucket's first day (may be before `from`)" }, ...bucketFields },
      },
    },
    totals: {
      type: 'object',
      additionalProperties: false,
      required: [...BUCKET_REQUIRED, 'days'],
      properties: { ...bucketFields, days: { ...count, description: 'Days in the range' } },
    },
  },
} as const;
export type Stats = FromSchema<typeof statsSchema>;
export type StatsBucketRow = Stats['buckets'][number];
