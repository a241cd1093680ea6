/** #44 item 12: Insights without the server say so in words and offer a way on, at both widths. */
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';
import { DASHBOARD_TEST_TIMEOUT } from '../dashboard/renderDashboard';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('Insights without the server', { timeout: DASHBOARD_TEST_TIMEOUT }, () => {
  beforeAll(() => import('@/features/insights/InsightsPage'), 60000);
  beforeEach(() => seedSignedInLearner('Spanish'));
  afterEach(() => vi.restoreAllMocks());

  for (const width of [1280, 390]) {
    it(`offline, says so in words with 'Try again' and a way back to the dashboard, not a bare 'Loading...' (${width} px)`, async () => {
      setViewportWidth(width);
      server.use(http.get(api('/user/stats'), () => HttpResponse.error()));
      const { user } = renderApp('/insights');
      await screen.findByRole('heading', { name: 'Insights: Spanish', level: 1 }, { timeout: 5000 });
      setOnline(false);
      expect(await screen.findByText(/Insights are worked out on the server: they show again once you are back online\./)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
      expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

      // The server answers again: 'Try again' brings the insights.
      server.resetHandlers();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      setOnline(true);
      expect(await screen.findByRole('region', { name: 'Minutes per week, last 12 weeks' }, { timeout: 5000 })).toBeInTheDocument();
    });
  }

  it("the server out of reach: the app's network message beside 'Try again', never a lone button", async () => {
    setViewportWidth(1280);
    server.use(http.get(api('/user/stats'), () => HttpResponse.error()));
    renderApp('/insights');
    await screen.findByRole('heading', { name: 'Insights: Spanish', level: 1 }, { timeout: 5000 });
    const main = await screen.findByRole('main');
    await vi.waitFor(() => expect(main).toHaveTextContent('Server unreachable, try again later'), { timeout: 5000 });
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
