/** #44 items 7 and 10: the running timer on the dashboard, as a careful learner sees it. */
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StartTimer } from '@common/schemas/timer';
import { db, seedSignedInLearner } from '../../mocks/db';
import { setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from './renderDashboard';

const running = (skill: StartTimer['skill'], ms: number) => {
  db.timer = { id: 'timer-1', skill, language: 'Spanish', startedAt: new Date(Date.now() - ms).toISOString() };
};
const tileOf = (skill: string) => screen.getByRole('heading', { name: skill, level: 3 }).parentElement as HTMLElement;
const strayTexts = (element: Element) => [...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());

describe('the running timer on the dashboard', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => seedSignedInLearner());

  for (const width of [1280, 390]) {
    it(`shows no stray "0" under a timer that has not run for 8 hours (${width} px)`, async () => {
      setViewportWidth(width);
      running('listening', 5 * 60_000);
      await renderDashboard();
      await screen.findByRole('timer');
      const bar = screen.getByRole('region', { name: 'Timer' });
      expect(strayTexts(bar)).toEqual([]);
      expect(bar.textContent).not.toMatch(/Stop timer0/);
    });
  }

  it("says on the running skill's card, in words, that its timer runs; the other cards do not", async () => {
    setViewportWidth(1280);
    running('reading', 60_000);
    await renderDashboard();
    await screen.findByRole('timer');
    expect(within(tileOf('Reading')).getByText('Timer running')).toBeInTheDocument();
    for (const other of ['Listening', 'Speaking', 'Writing']) expect(within(tileOf(other)).queryByText('Timer running')).not.toBeInTheDocument();
  });

  it("on a phone, the timer's strip above the bottom navigation takes no taps; the bar in it does", async () => {
    setViewportWidth(390);
    await renderDashboard();
    await screen.findByRole('navigation');
    const strip = screen.getByRole('region', { name: 'Timer', hidden: true }).parentElement as HTMLElement;
    expect(getComputedStyle(strip).pointerEvents).toBe('none');
    expect(getComputedStyle(strip).position).toBe('fixed');
  });
});
