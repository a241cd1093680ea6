import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { apiSlice, useGetLanguagesQuery, useGetUserLanguageQuery, useSetUserLanguageMutation } from '@/api/apiSlice';
import { useAppDispatch } from '@/api/hooks';
import { paths } from '@/api/paths';
import { FailureNotice } from '@/components/FailureNotice';
import { Select, SelectField } from '@/components/Select';
import { Loading, StatusText } from '@/components/StatusMessage';
import { useT } from '@/i18n/I18nProvider';
import { VALIDATION, messageFor } from '@/lib/errorMessages';
import { languageTitle } from '@/lib/languageNames';
import { OnboardingLayout } from './OnboardingLayout';

/** Case and accents do not matter: 'espa' finds 'Español', 'chinese' both Chinese entries. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** Step 1: the language, from a list of 84 that a filter box narrows down (issue #31). */
export function LanguageStep() {
  const t = useT();
  const languages = useGetLanguagesQuery();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const current = useGetUserLanguageQuery();
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saveLanguage, { isLoading: saving }] = useSetUserLanguageMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // A learner coming back to this step sees the language they already study chosen.
  const chosen = picked ?? current.data?.name ?? null;

  const next = async () => {
    if (!chosen) {
      setError(VALIDATION.CHOOSE_LANGUAGE);
      return;
    }
    try {
      await saveLanguage({ name: chosen }).unwrap();
      // The guard must already know about the language, or it would send the learner back here.
      await dispatch(apiSlice.endpoints.hasLanguage.initiate(undefined, { subscribe: false, forceRefetch: true }));
    } catch (failure) {
      setError(messageFor(failure, 'UPDATE_LANGUAGE_ERROR'));
      return;
    }
    navigate(paths.registerGoal);
  };

  const pick = (name: string) => {
    setPicked(name);
    setError(null);
  };
  const shown = (languages.data ?? []).filter(({ name }) => [name, languageTitle(name)].some((shownName) => folded(shownName).includes(folded(filter.trim()))));
  // Enter in the filter picks the only match instead of sending the form.
  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (shown.length === 1) pick(shown[0].name);
  };

  return (
    <OnboardingLayout step={1} title={t('onboarding.language.title')} onNext={next} error={error} busy={saving}>
      {languages.isLoading ? (
        <Loading />
      ) : languages.isError || !languages.data ? (
        <FailureNotice reads={[languages]} title={t('onboarding.language.error')} />
      ) : (
        <>
          <Filter>
            <label htmlFor={filterId}>{t('onboarding.language.filter')}</label>
            <FilterInput
              as="input"
              id={filterId}
              type="search"
              value={filter}
              placeholder={t('onboarding.language.filterPlaceholder')}
              autoComplete="off"
              onChange={(event) => setFilter(event.target.value)}
              onKeyDown={onFilterKey}
            />
          </Filter>
          <StatusText role="status" aria-live="polite" className={filter.trim() ? undefined : 'visually-hidden'}>
            {filter.trim() &&
              (shown.length === 0
                ? t('onboarding.language.noMatch', { filter: filter.trim() })
                : t('onboarding.language.matches', { shown: shown.length, total: languages.data.length }))}
          </StatusText>
          <List>
            <legend className="visually-hidden">{t('onboarding.language.legend')}</legend>
            {shown.map(({ name }) => (
              <Option key={name} $selected={name === chosen}>
                <input
                  type="radio"
                  name="language"
                  value={name}
                  checked={name === chosen}
                  onChange={() => pick(name)}
                />
                {languageTitle(name)}
              </Option>
            ))}
          </List>
        </>
      )}
    </OnboardingLayout>
  );
}

const Filter = styled(SelectField)`
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

/* The form's field look (border, height, type size), as the selects of the next steps. */
const FilterInput = styled(Select)`
  width: 100%;
`;

const List = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  max-height: 50vh;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Option = styled.label<{ $selected: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $selected }) => ($selected ? theme.colors.onPrimary : theme.colors.text)};
  font-weight: ${({ theme, $selected }) => ($selected ? theme.font.weight.bold : theme.font.weight.regular)};
  &:hover {
    background: ${({ theme, $selected }) => ($selected ? theme.colors.primaryHover : theme.colors.primaryLight)};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
  input {
    accent-color: ${({ theme }) => theme.colors.onPrimary};
  }
`;
