/**
 * Issue #25: two tabs of one learner share the device's outbox (one IndexedDB per origin). Adds
 * made offline in either tab reach the server exactly once when both tabs flush at the same
 * moment (with the outbox's Web Lock bypassed, the first test saw every add sent twice), an add
 * left behind by a closed tab is sent by the tab still open, and an add that the other tab's
 * flush sends still closes its dialog. As in offline.spec.ts, "offline" also aborts the
 * context's requests (playwright#2311).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import type { SkillName } from '../support/dashboard';
import { addTime, appIsLive, openAddTime, today } from '../support/dashboard';

const ADD_PATH = '/api/user/daily-activity';

async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

/**
 * Back online with every add held at the server's door for a moment: a tab that sent an add the
 * other tab is already sending would do so while the first answer is still on its way.
 */
async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.route(`**${ADD_PATH}`, async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fallback();
  });
  await context.setOffline(false);
}

/** Every add that reached the server, by its Idempotency-Key: a key seen twice is an add sent twice. */
function countAdds(context: BrowserContext): Map<string, number> {
  const sent = new Map<string, number>();
  context.on('requestfinished', (request) => {
    // The add names its language (?language=, issue #39): the path is what counts.
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith(ADD_PATH)) return;
    const key = request.headers()['idempotency-key'] ?? 'no key';
    sent.set(key, (sent.get(key) ?? 0) + 1);
  });
  return sent;
}

/** The day's minutes as the server holds them. */
async function serverDay(page: Page) {
  const answer = await page.request.get(`${ADD_PATH}?date=${today()}`);
  expect(answer.status()).toBe(200);
  return answer.json();
}

/** A skill's tile on the Daily panel: its minutes, its chip and its Add button. */
const tile = (page: Page, skill: SkillName) => page.getByRole('button', { name: `${skill} Time` }).locator('xpath=..');

// Two tabs each render the dashboard, after a sign-up's slow password hash, on two cores that the
// other worker shares: 20-45 s a test here, and beyond 60 s with a benchmark running beside it.
test.slow();

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByText('Total 0h 0m')).toBeVisible();
  await appIsLive(page);
}

test('adds made offline in two tabs reach the server exactly once when both tabs flush at once', async ({ page, context, learner: _learner }) => {
  const sent = countAdds(context);
  const tabA = page;
  const tabB = await context.newPage();
  await openDashboard(tabA);
  await openDashboard(tabB);

  await goOffline(context);
  await addTime(tabA, 'Listening', '', '12');
  await addTime(tabB, 'Reading', '', '25');
  await addTime(tabA, 'Writing', '', '7');
  const adds = { Listening: 12, Reading: 25, Writing: 7 } as const;

  // One outbox on the device: each tab shows every waiting add, its own and the other tab's.
  for (const tab of [tabA, tabB]) {
    await expect(tab.getByText('3 waiting to sync')).toBeVisible();
    for (const [skill, minutes] of Object.entries(adds) as [SkillName, number][]) {
      await expect(tile(tab, skill).getByText('Waiting to sync')).toBeVisible();
      await expect(tile(tab, skill).getByText(`0h ${minutes}m`)).toBeVisible();
    }
    await expect(tab.getByText('Total 0h 44m')).toBeVisible();
  }
  expect(sent.size).toBe(0);

  // The network returns to both tabs at once, and each is told so and focused at the same moment.
  await goOnline(context);
  await Promise.all(
    [tabA, tabB].map((tab) =>
      tab.evaluate(() => {
        window.dispatchEvent(new Event('online'));
        window.dispatchEvent(new Event('focus'));
      }),
    ),
  );

  for (const tab of [tabA, tabB]) {
    await expect(tab.getByText(/waiting to sync/i)).toHaveCount(0, { timeout: 15_000 });
    await expect(tab.getByText('Total 0h 44m')).toBeVisible();
    for (const [skill, minutes] of Object.entries(adds) as [SkillName, number][]) {
      await expect(tile(tab, skill).getByText(`0h ${minutes}m`)).toBeVisible();
    }
  }
  expect(await serverDay(tabA)).toMatchObject({
    listeningDailyMins: 12,
    readingDailyMins: 25,
    writingDailyMins: 7,
    speakingDailyMins: 0,
    totalDailyMins: 44,
  });
  // Three adds, three keys, each sent once: neither tab sent what the other was sending.
  expect([...sent.values()]).toEqual([1, 1, 1]);
});

test('an add left by a tab closed while offline is sent by the tab still open', async ({ page, context, learner: _learner }) => {
  const sent = countAdds(context);
  const tabA = await context.newPage();
  const tabB = page;
  await openDashboard(tabA);
  await openDashboard(tabB);

  await goOffline(context);
  await addTime(tabA, 'Speaking', '', '14');
  // Tab B learns of it from the shared outbox before tab A goes.
  await expect(tabB.getByText('1 waiting to sync')).toBeVisible();
  await expect(tile(tabB, 'Speaking').getByText('Waiting to sync')).toBeVisible();
  await tabA.close();

  await goOnline(context);
  await expect(tabB.getByText(/waiting to sync/i)).toHaveCount(0, { timeout: 15_000 });
  await expect(tabB.getByText('Total 0h 14m')).toBeVisible();
  expect(await serverDay(tabB)).toMatchObject({ speakingDailyMins: 14, totalDailyMins: 14 });
  expect([...sent.values()]).toEqual([1]);
});

/** The outbox's Web Lock, held by `page` as a tab in the middle of a flush holds it, until released. */
async function holdOutboxLock(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(
    () =>
      new Promise<void>((held) => {
        void navigator.locks.request('lingualog-outbox', () => new Promise((done) => {
          Object.assign(window, { releaseOutboxLock: done });
          held();
        }));
      }),
  );
  return () => page.evaluate(() => (window as unknown as { releaseOutboxLock: () => void }).releaseOutboxLock());
}

test("an add that the other tab's flush sends closes its dialog: the learner is not left on 'Adding...'", async ({ page, context, learner: _learner }) => {
  const sent = countAdds(context);
  const tabA = page;
  const tabB = await context.newPage();
  await openDashboard(tabA);
  await openDashboard(tabB);
  // Tab A is flushing and is asked to flush again (focus) before the learner taps Add in tab B:
  // A's turn comes first, and A's flush finds and sends B's add.
  const release = await holdOutboxLock(tabA);
  await tabA.evaluate(() => window.dispatchEvent(new Event('focus')));
  const dialog = await openAddTime(tabB, 'Listening');
  await dialog.getByLabel('Minutes').fill('10');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => tabA.evaluate(async () => (await navigator.locks.query()).pending?.length)).toBe(2);
  await release();

  await expect(dialog).toBeHidden();
  for (const tab of [tabA, tabB]) {
    await expect(tab.getByText('Total 0h 10m')).toBeVisible();
    await expect(tab.getByText(/waiting to sync/i)).toHaveCount(0);
  }
  expect(await serverDay(tabB)).toMatchObject({ listeningDailyMins: 10, totalDailyMins: 10 });
  expect([...sent.values()]).toEqual([1]);
});
