/**
 * Table types for Kysely. Timestamps are epoch milliseconds in a double precision column
 * (int8 would come back from pg as a string); calendar dates are 'YYYY-MM-DD' text so no
 * time zone conversion ever shifts a learner's day.
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  current_language: string | null;
  created_at: number;
  /** "My day ends at": 0 (midnight, the default) to 4; migration 20261125_03_day_boundary. */
  day_ends_at_hour: Generated<number>;
  /** "App language": a shipped locale's tag, null to follow the browser; migration 20261129_03_preferences. */
  ui_locale: string | null;
  /** The learner's IANA time zone as the app last sent it, null until then; migration 20261129_03_preferences. */
  time_zone: string | null;
}

export interface LanguagesTable {
  name: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
}

/** One row per language a user has started; holds the per-language settings. */
export interface UserLanguagesTable {
  user_id: number;
  language: string;
  previous_hours: number;
  level1: number;
  level2: number;
  level3: number;
  level4: number;
  level5: number;
  level6: number;
  created_at: number;
  /** Running sums of daily_activity for this language, maintained by db/activity.ts. */
  listening_total: Generated<number>;
  reading_total: Generated<number>;
  speaking_total: Generated<number>;
  writing_total: Generated<number>;
  /** Moves with every edit of a past day; see migration 20261123_02_streak_cache. */
  history_version: Generated<number>;
  /** Moves with every write of a day, a goal or the rest days; see migration 20261125_04_data_version. */
  data_version: Generated<number>;
  /** The streak state remembered up to streak_through (a settled day), valid for streak_version and streak_rest. */
  streak_version: number | null;
  streak_through: string | null;
  streak_rest: string | null;
  streak_run: number | null;
  streak_longest: number | null;
}

/** Goal history: a goal holds from effective_from until the next row's date. */
export interface DailyGoalsTable {
  user_id: number;
  language: string;
  effective_from: string;
  minutes: number;
}

export interface DailyActivityTable {
  user_id: number;
  language: string;
  date: string;
  listening: number;
  reading: number;
  speaking: number;
  writing: number;
  /** The learner's explicit "Daily Goal Achieved?" answer: 1, 0, or null when never set. */
  achieved_override: number | null;
}

/**
 * The insights' sums of one settled week or month (migration 20261123_03_stats_cache), valid
 * while `version` is the language's history_version; maintained by db/statsCache.ts.
 */
export interface StatsBucketsTable {
  user_id: number;
  language: string;
  bucket: 'week' | 'month';
  /** The bucket's first day, YYYY-MM-DD. */
  start: string;
  version: number;
  listening: number;
  reading: number;
  speaking: number;
  writing: number;
  /** Days with any minutes, and days achieved by the record rule. */
  active: number;
  achieved: number;
}

/** Fixed-window counters shared by every server process (login/register throttling). */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Weekdays (0 = Sunday) a learner rests on, as a JSON array; no row = no rest weekdays. */
export interface RestWeekdaysTable {
  user_id: number;
  weekdays: string;
}

/** Breaks: inclusive date ranges a learner rests, for every language. */
export interface RestPeriodsTable {
  user_id: number;
  from_date: string;
  to_date: string;
}

/** The stored answer of an add's first request with an Idempotency-Key (migration 20261125_01). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** The request the answer belongs to (language, date, skill, minutes). */
  fingerprint: string;
  status: number;
  /** The answer's body, byte for byte. */
  body: string;
  created_at: number;
  /** The access token that made the key, null for the learner's session (migration 20261129_02). */
  token_id: string | null;
}

/** A learner's running timer, at most one (migration 20261125_02). */
export interface TimersTable {
  user_id: number;
  id: string;
  language: string;
  skill: string;
  /** Epoch milliseconds of the tap that started it. */
  started_at: number;
}

/** The id of a stopped timer, kept as long as idempotency keys (migration 20261126_05). */
export interface StoppedTimersTable {
  user_id: number;
  id: string;
  /** Epoch milliseconds of the stop. */
  stopped_at: number;
}

/** A password-reset token's SHA-256, valid until `expires_at` (migration 20261126_04). */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

/** The server's VAPID key pair, one row (id 1), base64url (migration 20261126_03). */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: number;
}

/** A learner's daily reminder (migration 20261126_03). */
export interface RemindersTable {
  user_id: number;
  enabled: number;
  /** Local wall time "HH:MM" in time_zone. */
  time: string;
  time_zone: string;
  skip_when_goal_met: number;
  /** Epoch ms of the next firing; null while the reminder is off. */
  next_due_at: number | null;
  /** The learner day (YYYY-MM-DD) whose reminder was last claimed. */
  last_sent_day: string | null;
}

/** A device's push subscription (migration 20261126_03). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
  /** Daily reminders in a row whose push failed (after its retry); 7 removes the device. */
  failed_days: Generated<number>;
}

/** A personal access token: only the secret's SHA-256 is kept (migration 20261126_02). */
export interface AccessTokensTable {
  /** A random string, the learner's handle for the token (list, revoke). */
  id: string;
  user_id: number;
  token_hash: string;
  name: string;
  scope: 'log' | 'read';
  created_at: number;
  last_used_at: number | null;
  /** The order of minting among the learner's tokens, 1 first (migration 20261127_01): the list's order. */
  position: number;
  /** The instant (epoch ms) from which the token is refused, null: never (migration 20261129_02). */
  expires_at: number | null;
}

export interface Database {
  access_tokens: AccessTokensTable;
  users: UsersTable;
  languages: LanguagesTable;
  password_resets: PasswordResetsTable;
  sessions: SessionsTable;
  user_languages: UserLanguagesTable;
  daily_goals: DailyGoalsTable;
  daily_activity: DailyActivityTable;
  rate_limits: RateLimitsTable;
  rest_weekdays: RestWeekdaysTable;
  rest_periods: RestPeriodsTable;
  stats_buckets: StatsBucketsTable;
  idempotency_keys: IdempotencyKeysTable;
  timers: TimersTable;
  push_keys: PushKeysTable;
  reminders: RemindersTable;
  push_subscriptions: PushSubscriptionsTable;
  stopped_timers: StoppedTimersTable;
}
