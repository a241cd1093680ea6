import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalendarPanel } from '@/features/dashboard/CalendarPanel';
import { seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, renderWithProviders } from '../../utils';
import { day, freezeToday } from './calendarHelpers';
import { DASHBOARD_TEST_TIMEOUT, warmUpDashboard } from './renderDashboard';

/** A day's accessible name: its weekday and date, its minutes, then its state ('goal achieved', 'rest day', ...). */
const named = (date: string, state: string) => new RegExp(`^\\w+ ${date}, .*${state}$`);

freezeToday();

const dayButton = (name: RegExp | string) => screen.findByRole('button', { name });

async function renderCalendar() {
  const result = renderWithProviders(<CalendarPanel />);
  await screen.findByRole('table', { name: 'November 2026' });
  return result;
}

describe('Calendar panel', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(...warmUpDashboard);
  it("shows 'Loading...' until the activity records arrive", async () => {
    seedSignedInLearner();
    renderWithProviders(<CalendarPanel />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Click to edit learning time!')).toBeInTheDocument();
  });

  it("titles the month in en-GB and heads the columns S M T W T F S with the weekdays' full names", async () => {
    seedSignedInLearner();
    await renderCalendar();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
    expect(headers.map((h) => h.getAttribute('aria-label'))).toEqual([
      'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday',
    ]);
  });

  it('shows only the days of the shown month, leaving the cells of neighbouring months empty', async () => {
    seedSignedInLearner();
    const { user } = await renderCalendar();
    const filled = () => screen.getAllByRole('cell').filter((c) => c.textContent !== '');
    expect(filled()).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByRole('heading', { name: 'December 2026' });
    // December is read when it is shown: its grid comes with its answer, after the heading.
    await waitFor(() => expect(screen.queryAllByRole('cell').filter((c) => c.textContent !== '')).toHaveLength(31));
    // 1 December 2026 is a Tuesday: Sunday and Monday of that week stay empty.
    expect(screen.getAllByRole('cell').slice(0, 3).map((c) => c.textContent === '')).toEqual([true, true, false]);
  });

  it('moves between months with the previous and next buttons, across the year end', async () => {
    seedSignedInLearner();
    const { user } = await renderCalendar();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
  });

  it('shows a happy face on achieved days, a sad face on missed days since the first record, and a neutral face today', async () => {
    seedSignedInLearner('Spanish', {
      activities: [day('2026-11-03', false, { readingDailyMins: 5 }), day('2026-11-05', true, { listeningDailyMins: 40 })],
    });
    await renderCalendar();
    expect(within(await dayButton('Thursday 5 November 2026, 40 minutes, goal achieved')).getByRole('img', { name: 'Happy face' })).toBeInTheDocument();
    expect(within(await dayButton('Tuesday 3 November 2026, 5 minutes, goal not achieved')).getByRole('img', { name: 'Sad face' })).toBeInTheDocument();
    // A day without a record after the first record counts as missed too.
    expect(within(await dayButton('Tuesday 10 November 2026, 0 minutes, goal not achieved')).getByRole('img', { name: 'Sad face' })).toBeInTheDocument();
    expect(within(await dayButton(/^Saturday 21 November 2026, 0 minutes, today/)).getByRole('img', { name: 'Neutral face' })).toBeInTheDocument();
  });

  it('greys out days before the first record and makes neither them nor future days clickable', async () => {
    seedSignedInLearner('Spanish', { activities: [day('2026-11-03', true, { listeningDailyMins: 30 })] });
    const { user } = await renderCalendar();
    expect(screen.queryByRole('button', { name: /^Monday 2 November 2026/ })).not.toBeInTheDocument();
    expect(screen.getByText('Monday 2 November 2026, before your first record')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sunday 22 November 2026/ })).not.toBeInTheDocument();
    const future = screen.getByText('Sunday 22 November 2026, upcoming').parentElement as HTMLElement;
    expect(within(future).queryByRole('img')).not.toBeInTheDocument();
    await user.click(future);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Only 3 to 21 November can be edited.
    const dayButtons = screen.getAllByRole('button').filter((b) => / November 2026, /.test(b.getAttribute('aria-label') ?? ''));
    expect(dayButtons).toHaveLength(19);
  });

  it('treats every day before today as before the start when there are no records', async () => {
    seedSignedInLearner();
    await renderCalendar();
    const dayButtons = screen.getAllByRole('button').filter((b) => / November 2026, /.test(b.getAttribute('aria-label') ?? ''));
    expect(dayButtons.map((b) => b.getAttribute('aria-label'))).toEqual(['Saturday 21 November 2026, 0 minutes, today, goal not achieved yet']);
    expect(screen.getByText('Friday 20 November 2026, before your first record')).toBeInTheDocument();
  });

  it("shows the shown month's total in whole hours, rounded down, beside the calendar, naming the month", async () => {
    seedSignedInLearner('Spanish', {
      activities: [
        day('2026-10-30', true, { listeningDailyMins: 600 }),
        day('2026-11-02', true, { listeningDailyMins: 400 }),
        day('2026-11-20', true, { writingDailyMins: 379 }),
      ],
    });
    const { user } = await renderCalendar();
    expect(await screen.findByText('November 2026: 12 hours')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('October 2026: 10 hours')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('September 2026: 0 hours')).toBeInTheDocument();
  });

  it('asks the server only for the shown month, once per month however often it is shown again', async () => {
    seedSignedInLearner('Spanish', { activities: [day('2026-10-01', true), day('2026-11-03', true)] });
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/user/daily-activity/all')) asked.push(url.search);
    };
    server.events.on('request:start', onRequest);
    try {
      const { user } = await renderCalendar();
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      await screen.findByRole('table', { name: 'October 2026' });
      expect(await dayButton(named('1 October 2026', 'goal achieved'))).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      await screen.findByRole('button', { name: named('3 November 2026', 'goal achieved') });
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      await screen.findByRole('button', { name: named('1 October 2026', 'goal achieved') });
      expect(asked).toEqual(['?from=2026-11-01&to=2026-11-30', '?from=2026-10-01&to=2026-10-31']);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });

  it('greys days before the first record even when that record lies in an earlier month', async () => {
    seedSignedInLearner('Spanish', { activities: [day('2026-10-15', true)] });
    const { user } = await renderCalendar();
    expect(await dayButton(named('2 November 2026', 'goal not achieved'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('Wednesday 14 October 2026, before your first record')).toBeInTheDocument();
  });

  it('marks an unachieved rest day with 😴 and the text "rest day", distinct from a missed day; an achieved rest day shows as achieved', async () => {
    const db = seedSignedInLearner('Spanish', { activities: [day('2026-11-02', true), day('2026-11-15', true)] });
    // Sundays: 8 and 15 November 2026 (the 15th achieved); a break on the 11th and 12th.
    db.restDays = { weekdays: [0], periods: [{ from: '2026-11-11', to: '2026-11-12' }] };
    await renderCalendar();
    expect(within(await dayButton(named('8 November 2026', 'rest day'))).getByRole('img', { name: 'Sleeping face' })).toHaveTextContent('😴');
    expect(await dayButton(named('11 November 2026', 'rest day'))).toBeInTheDocument();
    expect(within(await dayButton(named('15 November 2026', 'goal achieved'))).getByRole('img', { name: 'Happy face' })).toBeInTheDocument();
    expect(within(await dayButton(named('10 November 2026', 'goal not achieved'))).getByRole('img', { name: 'Sad face' })).toBeInTheDocument();
    expect(screen.getByText('Sunday 1 November 2026, before your first record')).toBeInTheDocument();
  });

  it("shows the learner's level and its title beside the calendar", async () => {
    seedSignedInLearner('Spanish', { previousHours: 60 });
    await renderCalendar();
    expect(await screen.findByText('Level 1')).toBeInTheDocument();
    expect(screen.getByText('The Survivor')).toBeInTheDocument();
  });

  it("shows 'Error loading calendar' when the records cannot be read", async () => {
    seedSignedInLearner();
    server.use(http.get(api('/user/daily-activity/all'), () => apiError(500, 'INTERNAL_ERROR')));
    renderWithProviders(<CalendarPanel />);
    expect(await screen.findByText('Error loading calendar')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is part of the dashboard, next to the streak panel', async () => {
    seedSignedInLearner('Spanish', { activities: [day('2026-11-21', true, { listeningDailyMins: 30 })] });
    renderApp('/dashboard');
    expect(await screen.findByRole('table', { name: 'November 2026' }, { timeout: 10000 })).toBeInTheDocument();
    expect(await screen.findByText("You've done 1 day in a row this week!")).toBeInTheDocument();
  });
});
