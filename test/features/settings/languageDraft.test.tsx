import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MILESTONES } from '@common/domain';
import { db, newLanguageData, seedSignedInLearner } from '../../mocks/db';
import { api, apiError } from '../../mocks/http';
import { server } from '../../mocks/server';
import { setViewportWidth } from '../../utils';
import { openSettings, recordRequests, writes } from './helpers';

const languageSelect = () => screen.getByLabelText('Language you are learning');

/** Picks French and waits until its saved values (500 hours before) have filled the form. */
async function chooseFrench(user: Awaited<ReturnType<typeof openSettings>>['user']) {
  await user.selectOptions(languageSelect(), 'French');
  await waitFor(() => expect(screen.getByLabelText('Hours learned before')).toHaveValue('500'));
}

describe('choosing another language in settings', { timeout: 20000 }, () => {
  beforeEach(() => {
    setViewportWidth(1280);
    seedSignedInLearner('Spanish', { dailyGoalMinutes: 30, previousHours: 0 });
    db.languages.push('French');
    db.perLanguage.French = {
      ...newLanguageData(),
      dailyGoalMinutes: 75,
      previousHours: 500,
      milestones: { ...DEFAULT_MILESTONES, level1: 20 },
    };
  });

  it("loads that language's goal, previous hours and milestones into the form without saving", async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await user.selectOptions(languageSelect(), 'French');

    await waitFor(() => expect(screen.getByLabelText('Hours learned before')).toHaveValue('500'));
    expect(screen.getByLabelText('Hours')).toHaveValue('1');
    expect(screen.getByLabelText('Minutes')).toHaveValue('15');
    expect(screen.getByLabelText('Level 1')).toHaveValue('20');
    expect(writes(log)).toEqual([]);
    expect(db.currentLanguage).toBe('Spanish');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('saves the language first and then only what was changed for it', async () => {
    const log = recordRequests();
    const { user } = await openSettings();
    await chooseFrench(user);
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '600');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
    expect(writes(log)).toEqual(['POST /user/language', 'POST /user/previous-time']);
    expect(db.currentLanguage).toBe('French');
    expect(db.perLanguage.French.previousHours).toBe(600);
    expect(db.perLanguage.Spanish.previousHours).toBe(0);
    expect(languageSelect()).toHaveValue('French');
    expect(screen.getByLabelText('Level 1')).toHaveValue('20');
  });

  it('going back to the saved language shows its saved values and nothing to save', async () => {
    const { user } = await openSettings();
    await chooseFrench(user);
    await user.selectOptions(languageSelect(), 'Spanish');
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('0');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('Discard returns to the saved language and its values', async () => {
    const { user } = await openSettings();
    await chooseFrench(user);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(languageSelect()).toHaveValue('Spanish');
    expect(screen.getByLabelText('Hours learned before')).toHaveValue('0');
  });

  it("shows 'Error getting unsaved language data' when that language's values cannot be read", async () => {
    server.use(http.get(api('/user/daily-goal/by-language'), () => apiError(500, 'INTERNAL_ERROR')));
    const log = recordRequests();
    const { user } = await openSettings();
    await user.selectOptions(languageSelect(), 'French');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error getting unsaved language data');
    expect(screen.queryByLabelText('Hours learned before')).not.toBeInTheDocument();
    expect(writes(log)).toEqual([]);
  });

  it("shows \"Error updating user's language\" and sends nothing else when the language save fails", async () => {
    server.use(http.post(api('/user/language'), () => apiError(400, 'UNKNOWN_LANGUAGE')));
    const log = recordRequests();
    const { user } = await openSettings();
    await chooseFrench(user);
    await user.selectOptions(screen.getByLabelText('Hours learned before'), '600');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("Error updating user's language")).toBeInTheDocument();
    expect(writes(log)).toEqual(['POST /user/language']);
    expect(db.perLanguage.French.previousHours).toBe(500);
  });
});
