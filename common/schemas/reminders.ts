/** Shapes of the daily reminder and the devices it reaches (contract, fourth edition). */
import type { FromSchema } from 'json-schema-to-ts';

export const REMINDER_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
/** Most devices a learner keeps: a new one past it drops the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

export const vapidKeySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['publicKey'],
  properties: {
    publicKey: { type: 'string', description: "The server's VAPID public key: a P-256 point, 65 bytes uncompressed, base64url without padding" },
  },
} as const;
export type VapidKey = FromSchema<typeof vapidKeySchema>;

export const reminderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'time', 'timeZone', 'skipWhenGoalMet'],
  properties: {
    enabled: { type: 'boolean' },
    time: { type: 'string', pattern: REMINDER_TIME_PATTERN, description: 'Local wall time, 00:00 to 23:59' },
    timeZone: { type: 'string', minLength: 1, maxLength: 64, description: 'An IANA time zone name, e.g. Europe/Berlin' },
    skipWhenGoalMet: { type: 'boolean', description: "No reminder on a day whose minutes already reach that day's goal" },
  },
} as const;
export type Reminder = FromSchema<typeof reminderSchema>;

const endpointSchema = {
  type: 'string',
  minLength: 1,
  maxLength: PUSH_ENDPOINT_MAX_LENGTH,
  // A browser's endpoint is an ASCII URL (an international name is in punycode): a bound in bytes too.
  pattern: '^[!-~]+$',
  description: 'The push service URL of the device (https; printable ASCII, as browsers give it)',
} as const;

export const pushSubscriptionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint', 'keys'],
  properties: {
    endpoint: endpointSchema,
    expirationTime: { type: ['number', 'null'], description: 'As PushSubscription.toJSON() gives it; not used' },
    keys: {
      type: 'object',
      additionalProperties: false,
      required: ['p256dh', 'auth'],
      properties: {
        p256dh: { type: 'string', minLength: 1, maxLength: 200, description: "The device's P-256 public key, 65 bytes uncompressed, base64url" },
        auth: { type: 'string', minLength: 1, maxLength: 100, description: 'The 16-byte authentication secret, base64url' },
      },
    },
  },
} as const;
export type PushSubscriptionBody = FromSchema<typeof pushSubscriptionSchema>;

export const pushEndpointBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint'],
  properties: { endpoint: endpointSchema },
} as const;
export type PushEndpointBody = FromSchema<typeof pushEndpointBodySchema>;

export const pushDeviceListSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['endpoint', 'createdAt'],
    properties: {
      endpoint: { type: 'string' },
      createdAt: { type: 'string', description: 'When the device was first added, ISO 8601 in UTC' },
    },
  },
} as const;
export type PushDeviceList = FromSchema<typeof pushDeviceListSchema>;

export const testReminderAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['result'],
  properties: {
    result: {
      type: 'string',
      enum: ['sent', 'gone', 'failed'],
      description: 'sent: the push service took it; gone: it answered 404/410 and the device was removed; failed: it refused or could not be reached',
    },
  },
} as const;
export type TestReminderAnswer = FromSchema<typeof testReminderAnswerSchema>;
