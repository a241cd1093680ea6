import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, resetDb, seedSignedInLearner } from '../../mocks/db';
import { renderApp, setViewportWidth } from '../../utils';

// The router keeps the old URL until the dashboard's lazily loaded code (charts included) has arrived.
const DASHBOARD_LOAD = { timeout: 10000 };

describe('daily goal step (spec 2, step 2 of 3)', () => {
  it('is prefilled with the saved goal and offers no 0-minute goal at 0 hours', async () => {
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 90 });
    const { user } = renderApp('/register/goal');
    await screen.findByRole('heading', { name: 'Daily Goal' });
    expect(screen.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute('aria-valuetext', 'Step 2 of 3');
    expect(await screen.findByLabelText('Hours')).toHaveValue('1');
    expect(screen.getByLabelText('Minutes')).toHaveValue('30');
    await user.selectOptions(screen.getByLabelText('Hours'), '0');
    const minutes = within(screen.getByLabelText('Minutes')).getAllByRole('option').map((o) => o.textContent);
    expect(minutes).not.toContain('0');
  });

  it('goes back to the language step', async () => {
    seedSignedInLearner();
    const { user, router } = renderApp('/register/goal');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Target language' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/language');
  });

  it('uses arrow icon buttons named Back and Next on small screens', async () => {
    seedSignedInLearner();
    setViewportWidth(375);
    renderApp('/register/goal');
    expect(await screen.findByRole('button', { name: 'Back' })).toHaveTextContent('←');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveTextContent('→');
    setViewportWidth(1024);
  });
});

describe('previous time step (spec 2, step 3 of 3)', () => {
  it('is prefilled with the saved hours and goes back to the goal step', async () => {
    seedSignedInLearner('Spanish', { previousHours: 250 });
    const { user, router } = renderApp('/register/previoustime');
    await screen.findByRole('heading', { name: 'Learned before?' });
    expect(screen.getByRole('progressbar', { name: 'Sign-up progress' })).toHaveAttribute('aria-valuetext', 'Step 3 of 3');
    expect(await screen.findByLabelText('Previous hours')).toHaveValue('250');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Daily Goal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/goal');
  });
});

describe('sign-up flow: language, goal, previous time, dashboard (spec 4)', () => {
  it('saves every chosen value and reaches the dashboard', async () => {
    resetDb({ signedIn: true });
    const { user, router } = renderApp('/register/language');
    await user.click(await screen.findByRole('radio', { name: 'Japanese' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { name: 'Daily Goal' });
    expect(await screen.findByLabelText('Minutes')).toHaveValue('30');
    await user.selectOptions(screen.getByLabelText('Hours'), '1');
    await user.selectOptions(screen.getByLabelText('Minutes'), '15');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { name: 'Learned before?' });
    await user.selectOptions(await screen.findByLabelText('Previous hours'), '120');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await expect.poll(() => router.state.location.pathname, DASHBOARD_LOAD).toBe('/dashboard');
    expect(db.currentLanguage).toBe('Japanese');
    expect(db.perLanguage.Japanese).toMatchObject({ dailyGoalMinutes: 75, previousHours: 120 });
  });
});
