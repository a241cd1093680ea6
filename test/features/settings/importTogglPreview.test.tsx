import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { ImportDialog } from '@/features/settings/ImportDialog';
import { seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderWithProviders } from '../../utils';

const TOGGL = [
  'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount ()',
  'Ana,ana@example.com,,Listening,,,No,2025-03-14,08:00:00,2025-03-14,08:45:00,00:45:00,,',
].join('\n');
const RULE = "Toggl entries replace only their skill's minutes on their day; that day's other skills keep the minutes you logged.";

describe('import dialog: the preview states the Toggl merge rule (#31 item 5)', { timeout: 30000 }, () => {
  it('a Toggl file in merge mode: the preview says only its skills change on its days; in replace mode it does not', async () => {
    seedSignedInLearner('Spanish');
    server.use(http.post(api(API_PATHS.import), () => HttpResponse.json({ dryRun: true, languages: ['Spanish'], days: 1, minutes: 45, replacedDays: 1 })));
    const { user } = renderWithProviders(<ImportDialog onClose={vi.fn()} />);
    await user.upload(screen.getByLabelText('File'), new File([TOGGL], 'toggl.csv', { type: 'text/csv' }));
    // Preview is there at once but waits, disabled, until the file has been read.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled(), { timeout: 20000 });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/^Preview:/, undefined, { timeout: 10000 })).toHaveTextContent(RULE);
    await user.click(screen.getByRole('radio', { name: /^Replace/ }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/^Preview:/, undefined, { timeout: 10000 })).not.toHaveTextContent(RULE);
  });
});
