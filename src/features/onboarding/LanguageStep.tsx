import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { apiSlice, useGetLanguagesQuery, useGetUserLanguageQuery, useSetUserLanguageMutation } from '@/app/apiSlice';
import { useAppDispatch } from '@/app/hooks';
import { paths } from '@/app/paths';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import { VALIDATION, messageFor } from '@/lib/errorMessages';
import { OnboardingLayout } from './OnboardingLayout';

export function LanguageStep() {
  const languages = useGetLanguagesQuery();
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

  return (
    <OnboardingLayout step={1} title="Target language" onNext={next} error={error} busy={saving}>
      {languages.isLoading ? (
        <Loading />
      ) : languages.isError || !languages.data ? (
        <FailureNotice reads={[languages]} title="Error loading progress" />
      ) : (
        <List>
          <legend className="visually-hidden">Choose the language you are learning</legend>
          {languages.data.map(({ name }) => (
            <Option key={name} $selected={name === chosen}>
              <input
                type="radio"
                name="language"
                value={name}
                checked={name === chosen}
                onChange={() => {
                  setPicked(name);
                  setError(null);
                }}
              />
              {name}
            </Option>
          ))}
        </List>
      )}
    </OnboardingLayout>
  );
}

const List = styled.fieldset`
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
