import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import type { Skill } from '@common/domain';
import {
  IMPORT_MAX_BYTES, IMPORT_SOURCES, NO_SKILL_PROBLEM, type EntriesWithoutSkill, type ImportAnswer, type ImportMode, type ImportSource,
} from '@common/schemas/data';
import { useImportDataMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Select, SelectField } from '@/components/Select';
import { ErrorText, StatusText } from '@/components/StatusMessage';
import { detectSource } from '@/lib/dataFiles';
import { useT } from '@/i18n/I18nProvider';
import { callFailureMessage, isErrorAnswer, isServerFault } from '@/lib/errorMessages';
import { ImportProblems, type Problem } from './ImportProblems';
import { importSummary as summary } from './importSummary';
import { TogglSkillMap, UnnamedEntries } from './TogglSkillMap';
import { visuallyHidden } from '@/styles/visuallyHidden';

interface Picked {
  name: string;
  text: string;
}

type Outcome = { kind: 'preview' | 'done'; answer: ImportAnswer } | { kind: 'problems'; problems: Problem[] } | { kind: 'error'; message: string };

const TOO_LARGE = 'settings.import.tooLarge';

/** Each source's name in the select. */
const SOURCE_KEYS: Record<ImportSource, string> = {
  'lingualog-json': 'settings.import.sourceJson',
  'lingualog-csv': 'settings.import.sourceCsv',
  'toggl-csv': 'settings.import.sourceToggl',
};
const encoder = new TextEncoder();

/**
 * The server's limit applies to the JSON request, in which the file's text is escaped (a quote or
 * a line break takes two bytes), so a file just under the limit can make a request over it.
 */
const tooLarge = (body: object) => encoder.encode(JSON.stringify(body)).length > IMPORT_MAX_BYTES;

/** Pick a file, check its source, map Toggl names to skills, preview (a dry run), then import. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const fileId = useId();
  const sourceId = useId();
  const [runImport, { isLoading }] = useImportDataMutation();
  const [file, setFile] = useState<Picked | null>(null);
  const [source, setSource] = useState<ImportSource>('lingualog-json');
  const [mode, setMode] = useState<ImportMode>('merge');
  const [skillMap, setSkillMap] = useState<Record<string, Skill>>({});
  const [withoutSkill, setWithoutSkill] = useState<EntriesWithoutSkill>('refuse');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A Toggl file is previewed only once its projects and tags were read (their suggested skills are
  // part of the request): a Preview before that would send an empty map, and the map arriving after
  // its answer would then take that answer away.
  const [mapRead, setMapRead] = useState<string | null>(null);

  const changed = () => setOutcome(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    changed();
    const chosen = event.target.files?.[0];
    if (!chosen) return setFile(null);
    const text = chosen.size > IMPORT_MAX_BYTES ? null : await chosen.text();
    if (text === null || tooLarge({ content: text })) {
      setFile(null);
      return setOutcome({ kind: 'error', message: t(TOO_LARGE) });
    }
    setFile({ name: chosen.name, text });
    setSource(detectSource(chosen.name, text));
    setSkillMap({});
    setWithoutSkill('refuse');
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const toggl = source === 'toggl-csv' ? { skillMap, ...(withoutSkill === 'refuse' ? {} : { entriesWithoutSkill: withoutSkill }) } : {};
    const request = { source, content: file.text, mode, dryRun, ...toggl };
    if (tooLarge(request)) return setOutcome({ kind: 'error', message: t(TOO_LARGE) });
    const result = await runImport(request);
    if ('data' in result && result.data) return setOutcome({ kind: dryRun ? 'preview' : 'done', answer: result.data });
    const error = result.error;
    const body = (error as { data?: { problems?: Problem[]; message?: string } } | undefined)?.data;
    if (body?.problems) return setOutcome({ kind: 'problems', problems: body.problems });
    const explained = isErrorAnswer(error) && !isServerFault(error) && body?.message;
    setOutcome({ kind: 'error', message: explained || callFailureMessage('importData', error) });
  };

  const done = outcome?.kind === 'done';
  const footer = done ? (
    <Button onClick={onClose}>{t('settings.import.done')}</Button>
  ) : (
    <>
      <Button $variant="secondary" onClick={onClose} disabled={isLoading}>
        {t('settings.import.cancel')}
      </Button>
      {outcome?.kind === 'preview' ? (
        <Button onClick={() => void send(false)} disabled={isLoading} aria-busy={isLoading}>
          {t('settings.import.confirm')}
        </Button>
      ) : (
        <Button onClick={() => void send(true)} disabled={!file || isLoading || (source === 'toggl-csv' && mapRead !== file.text)} aria-busy={isLoading}>
          {t('settings.import.preview')}
        </Button>
      )}
    </>
  );

  return (
    <Modal title={t('settings.import.title')} onClose={onClose} footer={footer}>
      <Form onSubmit={(e) => e.preventDefault()}>
        <FilePicker>
          <span id={`${fileId}-label`}>{t('settings.import.file')}</span>
          {/* The native input, visually hidden, keeps the keyboard and screen readers; its label is the app's button. */}
          <FileInput
            id={fileId}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            aria-labelledby={`${fileId}-label`}
            onChange={(e) => void pick(e)}
            disabled={done}
          />
          <FileRow>
            <FileButton htmlFor={fileId} $disabled={done}>
              {t('settings.import.choose')}
            </FileButton>
            <FileName>{file ? file.name : t('settings.import.noFile')}</FileName>
          </FileRow>
        </FilePicker>
        {file && (
          <>
            <SelectField>
              <label htmlFor={sourceId}>{t('settings.import.source')}</label>
              <Select id={sourceId} value={source} disabled={done} onChange={(e) => { changed(); setSource(e.target.value as ImportSource); }}>
                {IMPORT_SOURCES.map((s) => (
                  <option key={s} value={s}>{t(SOURCE_KEYS[s])}</option>
                ))}
              </Select>
            </SelectField>
            <fieldset disabled={done}>
              <legend>{t('settings.import.modeLegend')}</legend>
              <Radio>
                <input type="radio" name="import-mode" checked={mode === 'merge'} onChange={() => { changed(); setMode('merge'); }} />
                {t('settings.import.merge')}
              </Radio>
              <Radio>
                <input type="radio" name="import-mode" checked={mode === 'replace'} onChange={() => { changed(); setMode('replace'); }} />
                {t('settings.import.replace')}
              </Radio>
            </fieldset>
            {source === 'toggl-csv' && (
              <>
                <TogglSkillMap
                  text={file.text}
                  value={skillMap}
                  disabled={done}
                  onChange={(map) => { changed(); setSkillMap(map); }}
                  onRead={(suggested) => { setSkillMap(suggested); setMapRead(file.text); }}
                />
                <UnnamedEntries value={withoutSkill} disabled={done} onChange={(choice) => { changed(); setWithoutSkill(choice); }} />
              </>
            )}
          </>
        )}
        <div aria-live="polite">
          {outcome?.kind === 'preview' && (
            <StatusText>
              {t('settings.import.previewResult', { summary: summary(outcome.answer) })}
              {source === 'toggl-csv' && mode === 'merge' && ` ${t('settings.import.togglMergeRule')}`}
            </StatusText>
          )}
          {outcome?.kind === 'done' && <StatusText>{t('settings.import.imported', { summary: summary(outcome.answer) })}</StatusText>}
        </div>
        {outcome?.kind === 'problems' && (
          <ImportProblems
            problems={outcome.problems}
            hint={source === 'toggl-csv' && outcome.problems.some((p) => p.message.includes(NO_SKILL_PROBLEM))
              ? t('settings.import.noSkillHint')
              : undefined}
          />
        )}
        {outcome?.kind === 'error' && <ErrorText>{outcome.message}</ErrorText>}
      </Form>
    </Modal>
  );
}


const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  select {
    width: 100%;
    min-width: 0;
  }
  /* A fieldset is as wide as its widest content unless told otherwise: it would push the dialog wider than a phone. */
  fieldset {
    min-width: 0;
    border: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  legend {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const FilePicker = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  > span {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

/* Visually hidden but focusable: Tab reaches it, and its focus shows on the button beside it. */
const FileInput = styled.input`
  ${visuallyHidden}
  opacity: 0;
`;

const FileRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const FileButton = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  input:focus-visible + ${FileRow} & {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &:hover {
    background: ${({ theme }) => theme.colors.primaryLight};
  }
`;

const FileName = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Radio = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  input { margin-top: 4px; }
`;
