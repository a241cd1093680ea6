/**
 * The app in the learner's language (contract, fifth edition): the server draws a visitor's first
 * page in the language the browser asks for, the account's "App language" sets `<html lang>` and,
 * for Arabic, right to left with the layout mirrored; German and French fit 320 px; axe finds
 * nothing serious in German and Arabic; the server's first screen hydrates in every direction.
 * The assertions are about the locale being applied, not about any screen's wording.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { checkScreen, expect, test } from '../fixtures';
import { appIsLive } from '../support/dashboard';

const messages = (tag: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../../common/locales/${tag}/${namespace}.json`, import.meta.url), 'utf8'));

/** A browser of the project's kind, signed out, whose languages are `tag`. */
async function visitor(browser: Browser, testInfo: TestInfo, tag: string) {
  const { javaScriptEnabled: _js, ...use } = testInfo.project.use;
  return browser.newContext({ ...use, locale: tag, extraHTTPHeaders: { 'Accept-Language': tag } });
}

/** Settings' "App language", found by its options (its label is in whatever language the app speaks). */
async function chooseAppLanguage(page: Page, tag: string) {
  await page.goto('/settings');
  const select = page.locator('select').filter({ has: page.locator(`option[value="${tag}"]`) });
  await select.selectOption(tag);
  await expect(page.locator('html')).toHaveAttribute('lang', tag);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a fresh browser asking for Spanish gets the landing page and the sign-in page in Spanish', async ({ browser }, testInfo) => {
  const context = await visitor(browser, testInfo, 'es');
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', messages('es', 'landing')['landing.meta.description']);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: messages('es', 'auth')['auth.signIn.title'] })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('German chosen in Settings: <html lang="de">, axe finds nothing serious on Settings and the dashboard; German and French fit 320 px', async ({
  browser,
  page,
  learner: _learner,
}, testInfo) => {
  test.slow();
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const tag of ['de', 'fr']) {
    const context = await visitor(browser, testInfo, tag);
    try {
      const signedOut = await context.newPage();
      await signedOut.setViewportSize({ width: 320, height: 700 });
      await signedOut.goto('/login');
      await expect(signedOut.locator('html')).toHaveAttribute('lang', tag);
      await expect(signedOut.getByRole('heading', { level: 1, name: messages(tag, 'auth')['auth.signIn.title'] })).toBeVisible();
      expect(await noSidewaysScroll(signedOut), `${tag}: the sign-in page scrolls sideways at 320 px`).toBe(true);
    } finally {
      await context.close();
    }
    await page.setViewportSize(size);
    await chooseAppLanguage(page, tag);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    if (tag === 'de') await checkScreen(page, testInfo, 'locales-de-settings');
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.getByRole('banner')).toBeVisible();
    if (tag === 'de') await checkScreen(page, testInfo, 'locales-de-dashboard');
    await page.setViewportSize({ width: 320, height: 700 });
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    expect(await noSidewaysScroll(page), `${tag}: the dashboard scrolls sideways at 320 px`).toBe(true);
  }
});

test('Arabic: right to left, the bottom navigation and a dialog mirrored, and axe finds nothing serious', async ({ page, learner: _learner, isPhone }, testInfo) => {
  // A dialog's close button sits at the end of its title row: the right in English, the left in Arabic.
  const closeSide = async (tag: string) => {
    await page.goto('/settings');
    await page.getByRole('button', { name: messages(tag, 'imports')['imports.section.ankiButton'] }).click();
    const dialog = page.getByRole('dialog', { name: messages(tag, 'imports')['imports.section.ankiDialogTitle'] });
    const title = await dialog.getByRole('heading').first().boundingBox();
    const close = await dialog.getByRole('button').first().boundingBox();
    expect(title && close).toBeTruthy();
    await page.keyboard.press('Escape');
    return close!.x + close!.width / 2 > title!.x + title!.width / 2 ? 'right' : 'left';
  };
  expect(await closeSide('en')).toBe('right');

  await chooseAppLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await closeSide('ar')).toBe('left');
  await checkScreen(page, testInfo, 'locales-ar-settings');

  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('banner')).toBeVisible();
  if (isPhone) {
    // The first tab of the bottom navigation is at the right, the last at the left.
    const tabs = page.getByRole('navigation').last().getByRole('button');
    const first = await tabs.first().boundingBox();
    const last = await tabs.last().boundingBox();
    expect(first!.x).toBeGreaterThan(last!.x);
  }
  await checkScreen(page, testInfo, 'locales-ar-dashboard');
});

test('the server’s first screen hydrates with no mismatch in English, German and Arabic', async ({ page, learner: _learner }) => {
  test.slow();
  for (const tag of ['en', 'de', 'ar']) {
    const answer = await page.request.put('/api/user/preferences', { data: { uiLocale: tag } });
    expect(answer.ok(), await answer.text()).toBe(true);
    // The app names its zone on its first run (the tz cookie); the server then draws the whole first screen.
    await page.goto('/dashboard');
    const errors: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    };
    const onError = (error: Error) => errors.push(error.message);
    page.on('console', onConsole);
    page.on('pageerror', onError);
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.locator('html')).toHaveAttribute('dir', tag === 'ar' ? 'rtl' : 'ltr');
    await appIsLive(page);
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('banner')).toHaveCount(1);
    page.off('console', onConsole);
    page.off('pageerror', onError);
    expect(errors, `${tag}: console errors while the app took the server's screen over`).toEqual([]);
  }
});
