/**
 * #44: what a careful learner meets at every width: the panels side by side from 640 px, the
 * phone's timer strip that takes no taps, and a timer bar that never covers the last card.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';
import { monthTitle, today } from '../support/dashboard';

test.describe('at the widths between a phone and a desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'sets its own widths on the desktop browser');

  for (const width of [640, 660, 700, 1024, 1280]) {
    test(`the progress and calendar panels are side by side at ${width} px`, async ({ page, learner: _learner }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      const progress = page.getByRole('region', { name: 'Progress', exact: true });
      // The calendar panel is named by its month's title.
      const calendar = page.getByRole('region', { name: monthTitle(today()), exact: true });
      await expect(progress).toBeVisible();
      await expect(calendar).toBeVisible();
      const [p, c] = [await progress.boundingBox(), await calendar.boundingBox()];
      expect(p && c).toBeTruthy();
      // Beside each other: the calendar starts right of the progress panel, on the same row.
      expect(c!.x).toBeGreaterThanOrEqual(p!.x + p!.width);
      expect(Math.abs(c!.y - p!.y)).toBeLessThan(2);
      // Nothing scrolls sideways to get there.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('at 639 px the phone layout shows one panel at a time', async ({ page, learner: _learner }) => {
    await page.setViewportSize({ width: 639, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Calendar' }).or(page.getByRole('navigation').getByRole('link', { name: 'Calendar' })).first()).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.beforeEach(async ({ page, isMobile }) => {
    if (!isMobile) await page.setViewportSize({ width: 390, height: 844 });
  });

  test("with no timer running, the strip above the bottom navigation takes no taps: what is under it gets them", async ({ page, learner: _learner }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Listening Time' })).toBeVisible();
    const strip = page.getByRole('region', { name: 'Timer', includeHidden: true }).locator('..');
    const box = await strip.boundingBox();
    expect(box).toBeTruthy();
    const hit = await page.evaluate(({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      const bar = document.querySelector('section[aria-label="Timer"]')?.parentElement;
      return { inStrip: !!bar && !!element && bar.contains(element) };
    }, { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 });
    expect(hit.inStrip).toBe(false);
  });

  test('a running timer: no stray "0" under it, the card says it runs, and the floating bar never covers the last card', async ({ page, learner: _learner }) => {
    const started = await page.request.put('/api/user/timer', { data: { id: randomUUID(), skill: 'writing', startedAt: new Date(Date.now() - 5 * 60_000).toISOString() } });
    expect(started.ok(), await started.text()).toBe(true);
    await page.goto('/dashboard');
    const bar = page.getByRole('region', { name: 'Timer' });
    await expect(bar.getByRole('timer')).toBeVisible();
    expect(await bar.evaluate((el) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()).length)).toBe(0);
    await expect(page.getByRole('heading', { name: 'Writing', level: 3 }).locator('..').getByText('Timer running')).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastButton = page.getByRole('button', { name: 'Start timer for Writing' });
    const [last, floating] = [await lastButton.boundingBox(), await bar.boundingBox()];
    expect(last!.y + last!.height).toBeLessThanOrEqual(floating!.y);
  });

  test("the 'Stop the Listening timer and start Reading?' dialog's buttons are laid out evenly", async ({ page, learner: _learner }) => {
    const started = await page.request.put('/api/user/timer', { data: { id: randomUUID(), skill: 'listening', startedAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(started.ok(), await started.text()).toBe(true);
    await page.goto('/dashboard');
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByRole('button', { name: 'Start timer for Reading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop the Listening timer and start Reading?' });
    const boxes = await Promise.all(['Cancel', 'Stop and start Reading'].map((name) => dialog.getByRole('button', { name }).boundingBox()));
    const [a, b] = boxes.map((box) => box!);
    if (Math.abs(a.y - b.y) < 2) {
      // On one line: the same width.
      expect(Math.abs(a.width - b.width)).toBeLessThan(2);
    } else {
      // Stacked: each fills its line, both the same width and left edge.
      expect(Math.abs(a.width - b.width)).toBeLessThan(2);
      expect(Math.abs(a.x - b.x)).toBeLessThan(2);
    }
  });
});
