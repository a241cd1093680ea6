import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { useT } from '@/i18n/I18nProvider';
import { useGetLanguagesQuery, useGetProgressQuery, useSetUserLanguageMutation } from '@/api/apiSlice';
import { ErrorText } from '@/components/StatusMessage';
import { messageFor } from '@/lib/errorMessages';
import { languageTitle } from '@/lib/languageNames';
import { media } from '@/styles/media';
import { StartLanguageModal } from './lazyDialogs';

interface LanguageSelectProps {
  current: string;
}

/**
 * Switches the learning language. The languages already started come first, so switching back
 * is one step; every other language is offered below, and starting one is confirmed first (it
 * begins with default settings). The name is drawn on one line over an invisible native select,
 * so the control stays a real select; a name longer than the room ends in an ellipsis, whole in
 * the select's title and its value.
 */
export function LanguageSelect({ current }: LanguageSelectProps) {
  const t = useT();
  const progress = useGetProgressQuery();
  const all = useGetLanguagesQuery();
  const [setLanguage, { error, isLoading }] = useSetUserLanguageMutation();
  const [starting, setStarting] = useState<string | null>(null);
  const id = useId();

  const started = progress.data?.languages.map((l) => l.name) ?? [];
  if (!started.includes(current)) started.unshift(current);
  const others = (all.data ?? []).map((l) => l.name).filter((name) => !started.includes(name));

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const name = event.target.value;
    if (name === current) return;
    if (started.includes(name)) void setLanguage({ name });
    else setStarting(name);
  };

  return (
    <Wrapper>
      <label htmlFor={id} className="visually-hidden">
        {t('dashboard.languageSelect.label')}
      </label>
      <Picker>
        <Shown aria-hidden="true">
          <Name>{languageTitle(current)}</Name>
          <Chevron>▾</Chevron>
        </Shown>
        <NativeSelect id={id} title={languageTitle(current)} value={current} onChange={onChange} disabled={isLoading}>
          <optgroup label={t('dashboard.languageSelect.started')}>
            {started.map((name) => (
              <option key={name} value={name}>
                {languageTitle(name)}
              </option>
            ))}
          </optgroup>
          {others.length > 0 && (
            <optgroup label={t('dashboard.languageSelect.others')}>
              {others.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
          )}
        </NativeSelect>
      </Picker>
      {error && !starting && <ErrorText>{messageFor(error, 'UPDATE_LANGUAGE_ERROR')}</ErrorText>}
      {starting && (
        <StartLanguageModal
          language={starting}
          current={current}
          onStart={async () => {
            await setLanguage({ name: starting }).unwrap();
          }}
          onClose={() => setStarting(null)}
        />
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  min-width: 0;
`;

const Picker = styled.div`
  position: relative;
  max-width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Shown = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  ${media.narrow} {
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

/* One line whatever the name: a wrapped name made the phone's header five lines tall (issue #31). */
const Name = styled.span`
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const Chevron = styled.span`
  flex: none;
  color: ${({ theme }) => theme.colors.primary};
`;

/* The real control, invisible over the shown name: keyboard, screen readers and the platform's picker all work. */
const NativeSelect = styled.select`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  opacity: 0;
  font-size: 16px;
  cursor: pointer;
`;
