import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { useGetLanguagesQuery, useGetProgressQuery, useSetUserLanguageMutation } from '@/app/apiSlice';
import { Select } from '@/components/Select';
import { ErrorText } from '@/components/StatusMessage';
import { messageFor } from '@/lib/errorMessages';

interface LanguageSelectProps {
  current: string;
}

/**
 * Switches the learning language. The languages already started come first, so switching back
 * is one step; every other language is offered below so a new one can be started here too.
 */
export function LanguageSelect({ current }: LanguageSelectProps) {
  const progress = useGetProgressQuery();
  const all = useGetLanguagesQuery();
  const [setLanguage, { error, isLoading }] = useSetUserLanguageMutation();

  const started = progress.data?.languages.map((l) => l.name) ?? [];
  if (!started.includes(current)) started.unshift(current);
  const others = (all.data ?? []).map((l) => l.name).filter((name) => !started.includes(name));

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.target.value !== current) void setLanguage({ name: event.target.value });
  };

  return (
    <Wrapper>
      <label htmlFor="learning-language" className="visually-hidden">
        Learning language
      </label>
      <LanguageSelectBox id="learning-language" value={current} onChange={onChange} disabled={isLoading}>
        <optgroup label="Your languages">
          {started.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </optgroup>
        {others.length > 0 && (
          <optgroup label="Start a new language">
            {others.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </optgroup>
        )}
      </LanguageSelectBox>
      {error && <ErrorText>{messageFor(error, 'UPDATE_LANGUAGE_ERROR')}</ErrorText>}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const LanguageSelectBox = styled(Select)`
  width: 100%;
  max-width: 220px;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ theme }) => theme.font.size.lg};
`;
