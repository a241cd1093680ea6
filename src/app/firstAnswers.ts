/**
 * Issue #32: a signed-in screen's page may carry the answers of the screen's first reads
 * (server/src/plugins/firstAnswers.ts, keyed as common/firstReads.ts). They go into RTK Query's
 * cache before the first render, as if those reads had just answered, so no panel waits for the
 * network; the cache stays the one source of truth and later refreshes follow the tags as ever.
 */
import { TIME_ZONE_COOKIE } from '@common/cookies';
import { apiSlice } from '@/api/apiSlice';
import type { AppStore } from '@/app/store';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

type Entries = Parameters<typeof apiSlice.util.upsertQueryEntries>[0];

/**
 * Names this device's time zone to the server in the `tz` cookie, which then answers the reads
 * keyed by the learner's date (today's minutes, this month) for the same date the SPA will ask
 * for, and draws the dashboard's first screen only for a day the device named (issue #44: without
 * the cookie it sends the plain app shell). Written whenever the cookie is missing or names
 * another zone: at the start, and whenever the page is shown again (a phone that travelled with the
 * app open names its new zone before the next page is asked for).
 */
export function rememberTimeZone(doc: Document = document): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const value = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (doc.cookie.split(/;\s*/).includes(value)) return;
  doc.cookie = `${value}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** rememberTimeZone now and whenever the page is shown again. */
export function keepTimeZone(win: Window = window): void {
  const remember = () => rememberTimeZone(win.document);
  remember();
  win.addEventListener('pageshow', remember);
  win.document.addEventListener('visibilitychange', () => win.document.visibilityState === 'visible' && remember());
}

/** The answers the page carries, if any, and the time zone whose date keyed them; the element is removed once read. */
export function readFirstAnswers(doc: Document = document): { entries: Entries; usedZone: string | null } | null {
  const element = doc.getElementById('first-answers');
  if (!element) return null;
  element.remove();
  const usedZone = element.getAttribute('data-time-zone');
  try {
    const entries = JSON.parse(element.textContent ?? '[]') as Entries;
    return { entries: Array.isArray(entries) ? entries : [], usedZone };
  } catch {
    // A page cut short in transit: the reads simply go out as without answers.
    return { entries: [], usedZone };
  }
}

/** Puts answers into the cache as if their reads had just answered. */
export function seedAnswers(store: AppStore, entries: Entries): void {
  if (entries.length > 0) store.dispatch(apiSlice.util.upsertQueryEntries(entries));
}

/**
 * Seeds the cache with the answers the page carries, if any; the element is removed once read.
 * Returns the time zone whose date keyed them (null: no answers).
 */
export function seedFirstAnswers(store: AppStore, doc: Document = document): string | null {
  const first = readFirstAnswers(doc);
  if (!first) return null;
  seedAnswers(store, first.entries);
  return first.usedZone;
}

/**
 * The dashboard's first facts, written by the server beside the root (common/firstScreen.ts),
 * stay up while the app shows only its 'Loading...' screen, and go in the same frame as the
 * first real screen appears (a mutation observer runs before the next paint): nothing moves on
 * the page, and the facts never stand beside a screen they do not belong to.
 */
export function keepFirstScreen(doc: Document = document): void {
  const shell = doc.getElementById('first-screen');
  const root = doc.getElementById('root');
  if (!shell || !root) return;
  const observer = new MutationObserver(() => {
    const children = [...root.children];
    if (children.length === 0 || children.some((child) => child.hasAttribute('data-loading-screen'))) return;
    shell.remove();
    observer.disconnect();
  });
  observer.observe(root, { childList: true });
}
