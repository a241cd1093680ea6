/** #44 item 13: a real Toggl export in the import dialog: entries that name no skill, the summary's words, the file picker. */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@common/apiPaths';
import { ImportDialog } from '@/features/settings/ImportDialog';
import { importSummary } from '@/features/settings/importSummary';
import { seedSignedInLearner } from '../../mocks/db';
import { api } from '../../mocks/http';
import { server } from '../../mocks/server';
import { renderWithProviders } from '../../utils';

const TOGGL = [
  'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount ()',
  'Ana,ana@example.com,,Listening,,,No,2025-03-14,08:00:00,2025-03-14,08:45:00,00:45:00,,',
  'Ana,ana@example.com,,Spanish,,Podcast episode 12,No,2025-03-14,09:00:00,2025-03-14,09:25:00,00:25:00,,',
].join('\n');
const UNTAGGED = 'This entry ("Podcast episode 12", project "Spanish", 2025-03-14, 00:25:00) names no skill: map its project or a tag to a skill, put listening, reading, speaking or writing in its description, or skip such entries.';

/** Every import body the dialog sends from now on. */
function sentBodies(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(api(API_PATHS.import), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

async function openWithFile() {
  seedSignedInLearner('Spanish');
  const rendered = renderWithProviders(<ImportDialog onClose={vi.fn()} />);
  await rendered.user.upload(screen.getByLabelText('File'), new File([TOGGL], 'Toggl_time_entries.csv', { type: 'text/csv' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled(), { timeout: 20000 });
  return rendered;
}

describe('import dialog: Toggl entries that name no skill', { timeout: 40000 }, () => {
  it('shows the quoted entry, says how to go on, and a preview that skips them sends entriesWithoutSkill "skip"', async () => {
    const bodies = sentBodies((body) =>
      body.entriesWithoutSkill
        ? HttpResponse.json({ dryRun: true, languages: ['Spanish'], days: 1, minutes: 45, replacedDays: 0, skippedEntries: 1 })
        : HttpResponse.json({ error: 'INVALID_IMPORT', message: 'The file has a problem; nothing was imported.', problems: [{ line: 3, message: UNTAGGED }] }, { status: 400 }),
    );
    const { user } = await openWithFile();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(`Line 3: ${UNTAGGED}`, undefined, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByText(/can be skipped or counted for a skill/)).toBeInTheDocument();
    expect(bodies[0]).not.toHaveProperty('entriesWithoutSkill');

    await user.selectOptions(screen.getByLabelText('Entries that name no skill'), 'Skip them');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/^Preview:/, undefined, { timeout: 10000 })).toHaveTextContent(
      'Preview: 1 day (45 minutes) in Spanish; 1 entry naming no skill is left out.',
    );
    expect(bodies[1]).toMatchObject({ source: 'toggl-csv', entriesWithoutSkill: 'skip' });
  });

  it('can count them for a skill instead', async () => {
    const bodies = sentBodies(() => HttpResponse.json({ dryRun: true, languages: ['Spanish'], days: 1, minutes: 70, replacedDays: 0 }));
    const { user } = await openWithFile();
    await user.selectOptions(screen.getByLabelText('Entries that name no skill'), 'Count them as Listening');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText(/^Preview:/, undefined, { timeout: 10000 });
    expect(bodies[0]).toMatchObject({ entriesWithoutSkill: 'listening' });
  });

  it('the file picker is a labelled button over the file input, reachable by keyboard, naming the chosen file', async () => {
    await openWithFile();
    const input = screen.getByLabelText('File');
    expect(screen.getByText('Choose a file').closest('label')).toHaveAttribute('for', input.id);
    expect(screen.getByText('Toggl_time_entries.csv')).toBeInTheDocument();
    expect(input).not.toHaveAttribute('tabindex');
    input.focus();
    expect(input).toHaveFocus();
  });
});

describe('the import summary in words', () => {
  const answer = { dryRun: true, languages: ['Spanish'], days: 2, minutes: 140, replacedDays: 0 };
  it('leaves out a part that would say 0, and words counts singular or plural', () => {
    expect(importSummary(answer)).toBe('2 days (2 hours 20 minutes) in Spanish.');
    expect(importSummary({ ...answer, replacedDays: 1 })).toBe('2 days (2 hours 20 minutes) in Spanish; 1 day already logged changes.');
    expect(importSummary({ ...answer, replacedDays: 3 })).toBe('2 days (2 hours 20 minutes) in Spanish; 3 days already logged change.');
    expect(importSummary({ ...answer, days: 1, minutes: 60 })).toBe('1 day (1 hour) in Spanish.');
    expect(importSummary({ ...answer, days: 1, minutes: 5 })).toBe('1 day (5 minutes) in Spanish.');
    expect(importSummary({ ...answer, days: 0, minutes: 0, skippedEntries: 2 })).toBe('No days in Spanish; 2 entries naming no skill are left out.');
    expect(importSummary({ ...answer, replacedDays: 0 })).not.toMatch(/0 days already/);
  });
});
