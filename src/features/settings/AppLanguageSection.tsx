/**
 * Settings' "App language" (contract, fifth edition): a shipped locale, each named in itself, or
 * "Automatic" (the browser's best match); saved on the account (PUT /api/user/preferences) so every
 * device and the server's mail follow it; the page switches at once, without a reload. When a
 * catalogue exists for the language being learned, one tap shows the app in it for immersion; the
 * way back is named in the learner's own language (each locale's name in itself), with a globe icon.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { LOCALE_OF_LANGUAGE, LOCALES, negotiateLocale } from '@common/locales';
import { useGetUserLanguageQuery, useSavePreferencesMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { Select, SelectField } from '@/components/Select';
import { ErrorText } from '@/components/StatusMessage';
import { useI18n, useSwitchLocale } from '@/i18n/I18nProvider';
import { choiceBeforeImmersion, rememberChoiceBeforeImmersion, storedLocaleChoice } from '@/i18n/startLocale';
import { messageFor } from '@/lib/errorMessages';

const AUTOMATIC = 'auto';
const nameOf = (tag: string) => LOCALES.find((l) => l.tag === tag)?.name ?? tag;

export function AppLanguageSection() {
  const i18n = useI18n();
  const { t } = i18n;
  const titleId = useId();
  const selectId = useId();
  const switchLocale = useSwitchLocale();
  const [save, saving] = useSavePreferencesMutation();
  const [error, setError] = useState<string | null>(null);
  const learning = useGetUserLanguageQuery().data?.name ?? null;
  const choice = storedLocaleChoice();
  const browser = negotiateLocale({ requested: typeof navigator === 'undefined' ? [] : navigator.languages });
  const immersionTag = learning ? LOCALE_OF_LANGUAGE[learning] : undefined;
  const before = choiceBeforeImmersion();
  const immersed = before !== undefined && immersionTag === i18n.locale;

  /** Saves the choice on the account, then shows the app in it. */
  const choose = async (next: string | null) => {
    setError(null);
    try {
      await save({ uiLocale: next }).unwrap();
      await switchLocale(next);
    } catch (failure) {
      setError(messageFor(failure, 'SAVING_CHANGES_ERROR'));
    }
  };

  const immerse = async () => {
    if (!immersionTag) return;
    rememberChoiceBeforeImmersion(choice);
    await choose(immersionTag);
  };
  const comeBack = async () => {
    const previous = before ?? null;
    rememberChoiceBeforeImmersion(undefined);
    await choose(previous);
  };

  const languageName = (tag: string) => {
    try {
      return new Intl.DisplayNames([i18n.locale], { type: 'language' }).of(tag) ?? nameOf(tag);
    } catch {
      return nameOf(tag);
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <PanelTitle id={titleId}>
        <span aria-hidden="true">🌐 </span>
        {t('settings.appLanguage.title')}
      </PanelTitle>
      {error && <ErrorText>{error}</ErrorText>}
      <SelectField>
        <label htmlFor={selectId}>{t('settings.appLanguage.label')}</label>
        <Select
          id={selectId}
          value={choice ?? AUTOMATIC}
          disabled={saving.isLoading}
          onChange={(event) => {
            rememberChoiceBeforeImmersion(undefined);
            void choose(event.target.value === AUTOMATIC ? null : event.target.value);
          }}
        >
          <option value={AUTOMATIC}>{t('settings.appLanguage.automatic', { language: nameOf(browser) })}</option>
          {LOCALES.map((locale) => (
            <option key={locale.tag} value={locale.tag} lang={locale.tag} dir={locale.dir}>
              {locale.name}
            </option>
          ))}
        </Select>
      </SelectField>
      {immersed ? (
        <Button $variant="secondary" onClick={() => void comeBack()} disabled={saving.isLoading}>
          <span aria-hidden="true">🌐 ↩ </span>
          {/* Named in the language the learner came from, which they can read. */}
          <span lang={before ?? browser}>{nameOf(before ?? browser)}</span>
        </Button>
      ) : (
        immersionTag &&
        immersionTag !== i18n.locale && (
          <Immersion>
            <Button $variant="secondary" onClick={() => void immerse()} disabled={saving.isLoading}>
              {t('settings.appLanguage.immerse', { language: languageName(immersionTag) })}
            </Button>
            <Hint>{t('settings.appLanguage.immerseHint')}</Hint>
          </Immersion>
        )
      )}
    </Card>
  );
}

const Immersion = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
