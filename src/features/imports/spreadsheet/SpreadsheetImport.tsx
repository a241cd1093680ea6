/**
 * The spreadsheet import (issue #52): the learner picks a CSV or TSV file, which is read on the
 * device; they map its columns (first guessed, or remembered from the last file with the same
 * header), see the days and every row's problem by its line, and only then import. Loaded lazily.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { SKILLS, type Skill } from '@common/domain';
import { useGetLanguagesQuery } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { CheckboxRow } from '@/components/CheckboxRow';
import { Select } from '@/components/Select';
import { ErrorText } from '@/components/StatusMessage';
import { useImportTexts } from '../texts';
import {
  applyMapping, DATE_FORMATS, distinctValues, DURATION_FORMATS, guessMapping, guessSkill, rememberedMapping, rememberMapping,
  type DateFormat, type DayMinutes, type DurationFormat, type Mapping, type SkillChoice,
} from './mapping';
import { DELIMITERS, readSheet, type Delimiter, type Sheet } from './sheet';

export interface SpreadsheetImportProps {
  /** Sends one language's days ('' = the current language); resolves when they are in. */
  onConfirm(byLanguage: Map<string, DayMinutes[]>): Promise<void>;
}

const PREVIEW_ROWS = 5;
const SHOWN_PROBLEMS = 20;

export function SpreadsheetImport({ onConfirm }: SpreadsheetImportProps) {
  const t = useImportTexts();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);

  const load = (content: string, options: { delimiter?: Delimiter; hasHeader?: boolean } = {}) => {
    try {
      const read = readSheet(content, options);
      if (read.rows.length === 0) {
        setFileError(t.emptyFile);
        setSheet(null);
        return;
      }
      setFileError(null);
      setSheet(read);
      setMapping(rememberedMapping(read) ?? guessMapping(read));
    } catch {
      setFileError(t.unreadableFile);
      setSheet(null);
    }
  };

  const pick = async (file: File) => {
    try {
      const content = await file.text();
      setText(content);
      load(content);
    } catch {
      setFileError(t.unreadableFile);
    }
  };

  return (
    <Stack>
      <p>{t.sheetIntro}</p>
      <Field>
        <label htmlFor={inputId}>{t.fileLabel}</label>
        <Hint id={hintId}>{t.fileHint}</Hint>
        <input
          id={inputId}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          aria-describedby={hintId}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void pick(file);
          }}
        />
      </Field>
      {fileError && <ErrorText>{fileError}</ErrorText>}
      {sheet && mapping && text !== null && (
        <MappingForm
          sheet={sheet}
          mapping={mapping}
          onMapping={setMapping}
          onReread={(options) => load(text, { delimiter: sheet.delimiter, hasHeader: sheet.hasHeader, ...options })}
          onConfirm={async (byLanguage) => {
            rememberMapping(sheet, mapping);
            await onConfirm(byLanguage);
          }}
        />
      )}
    </Stack>
  );
}

interface MappingFormProps {
  sheet: Sheet;
  mapping: Mapping;
  onMapping(mapping: Mapping): void;
  onReread(options: { delimiter?: Delimiter; hasHeader?: boolean }): void;
  onConfirm(byLanguage: Map<string, DayMinutes[]>): Promise<void>;
}

function MappingForm({ sheet, mapping, onMapping, onReread, onConfirm }: MappingFormProps) {
  const t = useImportTexts();
  const id = useId();
  const languages = useGetLanguagesQuery().data;
  const known = useMemo(() => new Set((languages ?? []).map((l) => l.name)), [languages]);
  const result = useMemo(() => applyMapping(sheet, mapping, (name) => known.has(name)), [sheet, mapping, known]);
  const [sending, setSending] = useState(false);
  const days = [...result.languages.values()].reduce((n, list) => n + list.length, 0);
  const minutes = [...result.languages.values()].flat().reduce((n, day) => n + Object.values(day.minutes).reduce((a, b) => a + b, 0), 0);
  const dates = [...result.languages.values()].flat().map((d) => d.date).sort();
  const columnOptions = sheet.columns.map((name, i) => (
    <option key={i} value={i}>
      {name}
    </option>
  ));
  const set = (change: Partial<Mapping>) => onMapping({ ...mapping, ...change });
  const single = mapping.minutes.kind === 'single' ? mapping.minutes : null;
  const skillSource = single?.skill;

  const skillColumn = (column: number) => ({
    kind: 'column' as const,
    column,
    values: Object.fromEntries(distinctValues(sheet, column).map((v) => [v, guessSkill(v)])) as Record<string, SkillChoice>,
  });

  const confirm = async () => {
    setSending(true);
    try {
      await onConfirm(result.languages);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Row>
        <Labelled label={t.delimiterLabel} id={`${id}-delimiter`}>
          <Select id={`${id}-delimiter`} value={sheet.delimiter} onChange={(e) => onReread({ delimiter: e.target.value as Delimiter })}>
            {DELIMITERS.map((d) => (
              <option key={d} value={d}>
                {t.delimiters[d]}
              </option>
            ))}
          </Select>
        </Labelled>
        <CheckboxRow>
          <input type="checkbox" checked={sheet.hasHeader} onChange={(e) => onReread({ hasHeader: e.target.checked })} />
          {t.headerLabel}
        </CheckboxRow>
      </Row>

      <TableScroll tabIndex={0} role="region" aria-labelledby={`${id}-rows`}>
        <table>
          <caption id={`${id}-rows`}>{t.firstRows}</caption>
          <thead>
            <tr>
              <th scope="col">{t.lineColumn}</th>
              {sheet.columns.map((name, i) => (
                <th key={i} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.slice(0, PREVIEW_ROWS).map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                {sheet.columns.map((_, i) => (
                  <td key={i}>{row.cells[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <Fieldset>
        <legend>{t.mappingLegend}</legend>
        <Row>
          <Labelled label={t.dateColumnLabel} id={`${id}-date`}>
            <Select id={`${id}-date`} value={mapping.dateColumn} onChange={(e) => set({ dateColumn: Number(e.target.value) })}>
              {columnOptions}
            </Select>
          </Labelled>
          <Labelled label={t.dateFormatLabel} id={`${id}-date-format`}>
            <Select id={`${id}-date-format`} value={mapping.dateFormat} onChange={(e) => set({ dateFormat: e.target.value as DateFormat })}>
              {DATE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t.dateFormats[f]}
                </option>
              ))}
            </Select>
          </Labelled>
        </Row>

        <Fieldset>
          <legend>{t.minutesKindLegend}</legend>
          <CheckboxRow>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={mapping.minutes.kind === 'single'}
              onChange={() => set({ minutes: { kind: 'single', column: 0, skill: { kind: 'fixed', skill: 'listening' } } })}
            />
            {t.singleColumn}
          </CheckboxRow>
          <CheckboxRow>
            <input type="radio" name={`${id}-kind`} checked={mapping.minutes.kind === 'perSkill'} onChange={() => set({ minutes: { kind: 'perSkill', columns: {} } })} />
            {t.perSkillColumns}
          </CheckboxRow>
        </Fieldset>

        <Row>
          {single && (
            <Labelled label={t.durationColumnLabel} id={`${id}-duration`}>
              <Select id={`${id}-duration`} value={single.column} onChange={(e) => set({ minutes: { ...single, column: Number(e.target.value) } })}>
                {columnOptions}
              </Select>
            </Labelled>
          )}
          {mapping.minutes.kind === 'perSkill' &&
            SKILLS.map((skill) => {
              const columns = mapping.minutes.kind === 'perSkill' ? mapping.minutes.columns : {};
              return (
                <Labelled key={skill} label={t.skillColumnFor(t.skills[skill])} id={`${id}-${skill}`}>
                  <Select
                    id={`${id}-${skill}`}
                    value={columns[skill] ?? ''}
                    onChange={(e) => {
                      const next = { ...columns };
                      if (e.target.value === '') delete next[skill];
                      else next[skill] = Number(e.target.value);
                      set({ minutes: { kind: 'perSkill', columns: next } });
                    }}
                  >
                    <option value="">{t.noColumn}</option>
                    {columnOptions}
                  </Select>
                </Labelled>
              );
            })}
          <Labelled label={t.durationFormatLabel} id={`${id}-unit`}>
            <Select id={`${id}-unit`} value={mapping.durationFormat} onChange={(e) => set({ durationFormat: e.target.value as DurationFormat })}>
              {DURATION_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t.durationFormats[f]}
                </option>
              ))}
            </Select>
          </Labelled>
        </Row>

        {single && skillSource && (
          <Fieldset>
            <legend>{t.skillSourceLegend}</legend>
            <CheckboxRow>
              <input type="radio" name={`${id}-skill-kind`} checked={skillSource.kind === 'fixed'} onChange={() => set({ minutes: { ...single, skill: { kind: 'fixed', skill: 'listening' } } })} />
              {t.fixedSkill}
            </CheckboxRow>
            <CheckboxRow>
              <input type="radio" name={`${id}-skill-kind`} checked={skillSource.kind === 'column'} onChange={() => set({ minutes: { ...single, skill: skillColumn(0) } })} />
              {t.skillFromColumn}
            </CheckboxRow>
            {skillSource.kind === 'fixed' ? (
              <Labelled label={t.fixedSkillLabel} id={`${id}-fixed`}>
                <Select id={`${id}-fixed`} value={skillSource.skill} onChange={(e) => set({ minutes: { ...single, skill: { kind: 'fixed', skill: e.target.value as Skill } } })}>
                  {SKILLS.map((skill) => (
                    <option key={skill} value={skill}>
                      {t.skills[skill]}
                    </option>
                  ))}
                </Select>
              </Labelled>
            ) : (
              <>
                <Labelled label={t.skillColumnLabel} id={`${id}-skill-column`}>
                  <Select id={`${id}-skill-column`} value={skillSource.column} onChange={(e) => set({ minutes: { ...single, skill: skillColumn(Number(e.target.value)) } })}>
                    {columnOptions}
                  </Select>
                </Labelled>
                <Row>
                  {Object.entries(skillSource.values).map(([value, choice], i) => (
                    <Labelled key={value} label={t.valueMeans(value)} id={`${id}-value-${i}`}>
                      <Select
                        id={`${id}-value-${i}`}
                        value={choice}
                        onChange={(e) => set({ minutes: { ...single, skill: { ...skillSource, values: { ...skillSource.values, [value]: e.target.value as SkillChoice } } } })}
                      >
                        {SKILLS.map((skill) => (
                          <option key={skill} value={skill}>
                            {t.skills[skill]}
                          </option>
                        ))}
                        <option value="skip">{t.leaveOut}</option>
                      </Select>
                    </Labelled>
                  ))}
                </Row>
              </>
            )}
          </Fieldset>
        )}

        <Labelled label={t.languageColumnLabel} id={`${id}-language`}>
          <Select id={`${id}-language`} value={mapping.languageColumn ?? ''} onChange={(e) => set({ languageColumn: e.target.value === '' ? null : Number(e.target.value) })}>
            <option value="">{t.languageNone}</option>
            {columnOptions}
          </Select>
        </Labelled>
      </Fieldset>

      <section aria-labelledby={`${id}-preview`}>
        <h4 id={`${id}-preview`}>{t.previewTitle}</h4>
        <p role="status">{t.previewDays(days, minutes)}</p>
        {dates.length > 0 && <p>{t.previewRange(dates[0], dates[dates.length - 1])}</p>}
        {mapping.languageColumn !== null && (
          <ul>
            {[...result.languages].map(([language, list]) => (
              <li key={language}>{t.previewLanguage(language || t.currentLanguage, list.length)}</li>
            ))}
          </ul>
        )}
        {result.skippedRows > 0 && <p>{t.skipped(result.skippedRows)}</p>}
        {result.problems.length > 0 && (
          <div role="alert">
            <p>{t.problemsTitle(result.problems.length)}</p>
            <ul>
              {result.problems.slice(0, SHOWN_PROBLEMS).map((p) => (
                <li key={`${p.line}-${p.problem.code}`}>{t.problem(p.line, p.problem)}</li>
              ))}
            </ul>
            {result.problems.length > SHOWN_PROBLEMS && <p>{t.moreProblems(result.problems.length - SHOWN_PROBLEMS)}</p>}
          </div>
        )}
      </section>
      <Button $variant="primary" disabled={sending || days === 0 || result.problems.length > 0} onClick={() => void confirm()}>
        {sending ? t.sending : t.importButton(days)}
      </Button>
    </>
  );
}

function Labelled({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {children}
    </Field>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: end;
`;

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 8px 12px 12px;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.875rem;
`;

const TableScroll = styled.div`
  overflow-x: auto;
  max-width: 100%;

  table {
    border-collapse: collapse;
    font-size: 0.875rem;
  }

  caption {
    text-align: start;
    font-weight: 600;
    padding-block-end: 4px;
  }

  th,
  td {
    border: 1px solid ${({ theme }) => theme.colors.border};
    padding: 2px 6px;
    white-space: nowrap;
  }
`;
