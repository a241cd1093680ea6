import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { localIsoDate } from '@common/domain';

export type Tab = 'Daily' | 'Calendar' | 'Progress' | 'Levels';
export type SkillName = 'Listening' | 'Reading' | 'Speaking' | 'Writing';

export const today = () => localIsoDate();

export function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  return localIsoDate(date);
}

const fromIso = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** The calendar's month title for a date, e.g. 'November 2026' (spec: long month and year, en-GB). */
export const monthTitle = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(fromIso(iso));

/** How a day tile names its date, e.g. 'Saturday 21 November 2026' (en-GB, as the month title). */
export const dayName = (iso: string) => {
  const d = fromIso(iso);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', options).format(d);
  return `${part({ weekday: 'long' })} ${part({ day: 'numeric', month: 'long', year: 'numeric' })}`;
};

/** The clickable tile of a day; its accessible name starts with the date. */
export const dayButton = (page: Page, iso: string) =>
  page.getByRole('table').getByRole('button', { name: new RegExp(`^${dayName(iso)},`) });

/** A day whether clickable or not: a static tile carries its name as visually hidden text. */
export const dayTile = (page: Page, iso: string) =>
  dayButton(page, iso).or(page.getByRole('table').getByText(new RegExp(`^${dayName(iso)},`)));

/** On a phone one panel shows at a time (bottom navigation); on wide screens all are visible. */
export async function showTab(page: Page, isPhone: boolean, tab: Tab): Promise<void> {
  if (!isPhone) return;
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('button', { name: tab }).click();
}

/** Goes to the calendar panel and pages back or forward to the month holding `iso`. */
export async function showMonth(page: Page, iso: string): Promise<void> {
  const title = monthTitle(iso);
  const shownNow = () => page.getByRole('heading', { name: title, exact: true });
  const direction = iso < today() ? 'Previous month' : 'Next month';
  // Wait for the calendar's first month before judging which one shows: a check made while the
  // panel still loads would page past the month (a slow machine showed August for November).
  await expect(page.getByRole('heading', { name: /^[A-Z][a-z]+ \d{4}$/ })).toBeVisible();
  for (let i = 0; i < 3 && !(await shownNow().isVisible()); i += 1) {
    await page.getByRole('button', { name: direction }).click();
  }
  await expect(shownNow()).toBeVisible();
}

/** Adds time through the skill's modal and waits for the modal to close (success). */
export async function addTime(page: Page, skill: SkillName, hours: string, minutes: string): Promise<void> {
  const dialog = await openAddTime(page, skill);
  await dialog.getByLabel('Hours').fill(hours);
  await dialog.getByLabel('Minutes').fill(minutes);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export async function openAddTime(page: Page, skill: SkillName) {
  await page.getByRole('button', { name: `${skill} Time` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${skill} Time` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * The dashboard's page without the first answers the server writes into it (#32): every read then
 * goes out from the page, as on a screen reached inside the app, and a test's routes see it.
 * Use with `test.use({ serviceWorkers: 'block' })`: a worker's requests never meet page routes.
 */
export async function withoutFirstAnswers(page: Page): Promise<void> {
  await page.route(/\/dashboard(\?.*)?$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script type="application\/json" id="first-answers"[^>]*>[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body });
  });
}

/** The app answers on the page (fixtures.ts, where the page fixture's goto and reload wait for it). */
export { appIsLive } from '../fixtures';
