import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MILESTONES } from '@common/domain';
import { seedSignedInLearner } from '../../mocks/db';
import { setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT, renderDashboard, warmUpDashboard } from './renderDashboard';

async function levelCards() {
  const panel = await screen.findByRole('region', { name: 'Levels' });
  return within(panel).findAllByRole('listitem', {}, { timeout: 3000 }).then((items) =>
    items.filter((li) => li.parentElement?.tagName === 'OL'),
  );
}

describe('levels panel', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  beforeEach(() => setViewportWidth(1280));

  it('lists six levels in order with their title and milestone hours', async () => {
    seedSignedInLearner('Spanish', { milestones: { ...DEFAULT_MILESTONES, level1: 60 } });
    await renderDashboard();
    expect(await screen.findByText('Click for detailed descriptions')).toBeInTheDocument();
    const cards = await levelCards();
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'The Survivor · 60 hours',
      'The Doer · 200 hours',
      'The Small Talker · 400 hours',
      'The Self-Starter · 800 hours',
      'The Social Butterfly · 1,200 hours',
      'The Professional · 1,800 hours',
    ]);
  });

  it('highlights the current level and marks higher levels as not reached', async () => {
    seedSignedInLearner('Spanish', { previousHours: 400 });
    await renderDashboard();
    const cards = await levelCards();
    expect(cards.map((c) => c.getAttribute('aria-current'))).toEqual([null, null, 'true', null, null, null]);
    expect(within(cards[2]).getByText('Current level')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Reached')).toBeInTheDocument();
    for (const card of cards.slice(3)) expect(within(card).getByText('Not reached yet')).toBeInTheDocument();
  });

  it("opens a level's detailed description from its badge", async () => {
    seedSignedInLearner();
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Level 5 details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level 5' });
    expect(within(dialog).getByRole('heading', { name: 'The Social Butterfly' })).toBeInTheDocument();
    expect(within(dialog).getByText('Speaking')).toBeInTheDocument();
  });
});
