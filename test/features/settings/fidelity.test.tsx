import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderApp, setViewportWidth } from '../../utils';
import { openSettings } from './helpers';

const before = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('settings: what a careful learner trips on (#27)', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish');
  });

  it('on a wide screen a failed save shows its message above the form, not below the sections', async () => {
    server.use(http.post(api('/user/previous-time'), () => apiError(500, 'INTERNAL_ERROR')));
    const { user } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('Error updating previous hours');
    expect(before(error, screen.getByRole('heading', { name: 'Language' }))).toBe(true);
  });

  it('refused milestones read the catalogue message, with the thousands separator', async () => {
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Level 2'));
    await user.type(screen.getByLabelText('Level 2'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Level milestones must be whole hours from 1 to 100,000, each higher than the one before',
    );
  });

  it('"Your data" closed by going wide stays closed when the screen turns narrow again', async () => {
    setViewportWidth(375);
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: /Your data/ }));
    expect(await screen.findByRole('dialog', { name: 'Your data' })).toBeInTheDocument();
    setViewportWidth(1280);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your data' })).not.toBeInTheDocument());
    setViewportWidth(375);
    await screen.findByRole('button', { name: /Your data/ });
    expect(screen.queryByRole('dialog', { name: 'Your data' })).not.toBeInTheDocument();
  });
});
