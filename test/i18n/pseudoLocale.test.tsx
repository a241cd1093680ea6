/**
 * Nothing escapes translation: the converted screens rendered in the pseudo-locale (en-XA, English
 * accented and bracketed, made from the catalogue) show no text, and name no control, without the
 * pseudo-locale's marks. A literal left in the code, or a message missing from the catalogue, is
 * shown as it is and fails here. The list of screens grows as folders are converted.
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmModal } from '@/components/ConfirmModal';
import { NotFoundScreen } from '@/components/ErrorScreens';
import { Emoji } from '@/components/Emoji';
import { GoalSelector } from '@/components/GoalSelector';
import { HoursMinutesInput } from '@/components/DigitsInput';
import { PasswordRules } from '@/components/PasswordRules';
import { Loading } from '@/components/StatusMessage';
import { BackHeader } from '@/components/BackHeader';
import { SkillPieChart } from '@/components/charts/SkillPieChart';
import { ERRORS } from '@/lib/errorMessages';
import { getI18n } from '@/i18n/i18n';
import { MemoryRouter } from 'react-router';
import { renderApp, renderWithProviders } from '../utils';
import { inPseudoLocale, untranslated } from './pseudo';

inPseudoLocale();

describe('the pseudo-locale', () => {
  it('is English accented and bracketed, placeholders and plurals kept', () => {
    const i18n = getI18n();
    expect(i18n.t('auth.signIn.title')).toBe('[Šígñ Îñ]');
    expect(i18n.t('auth.forgot.sent', { minutes: 30 })).toMatch(/^\[.*30 .*\]$/);
    expect(ERRORS.NETWORK_ERROR).toBe('[Šérvér úñréáçháblé, trý ágáíñ láTér]'.replace('T', 't'));
  });
});

describe('the converted screens show nothing untranslated in the pseudo-locale', () => {
  const pages = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/reset-password#token=abc', '/no-such-page'];
  for (const path of pages) {
    it(`${path}`, async () => {
      const view = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(untranslated(view.container)).toEqual([]);
    });
  }

  it('the sign-in form after a refusal, with its error message', async () => {
    const view = renderApp('/login');
    await screen.findByRole('heading', { level: 1 });
    await view.user.click(screen.getByRole('button'));
    await screen.findByText(/\[/, { selector: 'p' });
    expect(untranslated(view.container)).toEqual([]);
  });

  it('the shared components: a confirmation dialog, the password rules, the hours and minutes, a face, a chart, the back header', async () => {
    const view = renderWithProviders(
      <MemoryRouter>
        <BackHeader to="/dashboard">[x]</BackHeader>
        <Loading />
        <NotFoundScreen />
        <PasswordRules id="rules" password="short" repeat="other" />
        <PasswordRules id="rules-ok" password="long enough pass" repeat="long enough pass" />
        <HoursMinutesInput idPrefix="t" legend="[x]" hours="1" minutes="5" onHoursChange={() => {}} onMinutesChange={() => {}} />
        <GoalSelector idPrefix="g" value={30} onChange={() => {}} />
        <Emoji kind="happy" />
        <SkillPieChart minutes={{ listening: 0, reading: 0, speaking: 0, writing: 0 }} empty={<span>[ó]</span>} />
        <ConfirmModal question="[q]" confirmLabel="[c]" errorKey="DELETE_USER_ERROR" action={async () => {}} onDone={() => {}} onCancel={() => {}} />
      </MemoryRouter>,
    );
    await act(async () => {});
    // The dialog is in a portal on document.body.
    expect(untranslated(document.body)).toEqual([]);
    view.unmount();
  });
});
