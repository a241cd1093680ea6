/**
 * The Anki import (issue #52): the learner picks a .colpkg or .apkg, a worker reads it on the
 * device, and the preview shows the days it holds; nothing is sent until the learner confirms, and
 * then the parent sends the days (`source: "days"`). Load this module lazily: the worker, sql.js
 * and its WebAssembly come with it.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { SKILLS, type Skill } from '@common/domain';
import { Button } from '@/components/Button';
import { CheckboxRow } from '@/components/CheckboxRow';
import { ProgressBar } from '@/components/ProgressBar';
import { ErrorText } from '@/components/StatusMessage';
import type { AnkiErrorCode, AnkiProgress } from './protocol';
import { DELETED_CARDS_DECK, READ_STEPS, type AnkiReading } from './readCollection';
import { readInWorker } from './readInWorker';
import { deckTimes, importDays, roundedMinutes, type ImportDay } from './reviewDays';
import { useAnkiTexts, type AnkiTexts } from './texts';

export interface AnkiImportProps {
  /** The learner's IANA zone, e.g. 'Europe/Madrid'. */
  timeZone: string;
  /** When the learner's day starts, in minutes after midnight: their "My day ends at" hour times 60 (common/learnerDay.ts). */
  dayBoundaryMinutes: number;
  /** Sends the days (the parent's `source: "days"` import); a rejection keeps the preview and says the import did not go through. */
  onConfirm(days: ImportDay[], skill: Skill): Promise<void> | void;
}

type State =
  | { phase: 'idle' }
  | { phase: 'reading'; progress: AnkiProgress }
  | { phase: 'error'; code: AnkiErrorCode }
  | { phase: 'preview'; reading: AnkiReading };

/** The file's bytes fill the bar's first 70%; the steps after it, the rest. */
const READING_SHARE = 70;

function progressValue(progress: AnkiProgress, t: AnkiTexts): { value: number; text: string } {
  if (progress.stage === 'reading') {
    return { value: progress.total > 0 ? (progress.done / progress.total) * READING_SHARE : 0, text: t.progressBytes(progress.done, progress.total) };
  }
  const step = READ_STEPS.indexOf(progress.stage);
  return { value: READING_SHARE + ((100 - READING_SHARE) * step) / READ_STEPS.length, text: t.steps[progress.stage] };
}

export function AnkiImport({ timeZone, dayBoundaryMinutes, onConfirm }: AnkiImportProps) {
  const t = useAnkiTexts();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const job = useRef<{ cancel(): void } | null>(null);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => () => job.current?.cancel(), []);

  const read = (file: File) => {
    job.current?.cancel();
    setState({ phase: 'reading', progress: { stage: 'reading', done: 0, total: file.size } });
    job.current = readInWorker(
      { file, timeZone, dayBoundaryMinutes },
      {
        onProgress: (progress) => setState({ phase: 'reading', progress }),
        onDone: (reading) => setState({ phase: 'preview', reading }),
        onError: (code) => setState({ phase: 'error', code }),
      },
    );
  };

  return (
    <Section aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>{t.title}</h3>
      <p>{t.intro}</p>
      <FileField>
        <label htmlFor={inputId}>{t.fileLabel}</label>
        <Hint id={hintId}>{t.fileHint}</Hint>
        {/* No `accept`: Android's picker greys out files of an extension it knows no type for, as .colpkg and .apkg. */}
        <input
          id={inputId}
          type="file"
          aria-describedby={hintId}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) read(file);
          }}
        />
      </FileField>
      {state.phase === 'reading' && <Reading progress={state.progress} />}
      {state.phase === 'error' && <ErrorText>{t.errors[state.code]}</ErrorText>}
      {state.phase === 'preview' && (
        <Preview reading={state.reading} timeZone={timeZone} dayBoundaryMinutes={dayBoundaryMinutes} onConfirm={onConfirm} />
      )}
    </Section>
  );
}

function Reading({ progress }: { progress: AnkiProgress }) {
  const t = useAnkiTexts();
  const { value, text } = progressValue(progress, t);
  return (
    <div>
      <ProgressBar value={Math.round(value)} max={100} label={t.progressLabel} valueText={text} minVisibleRatio={0} />
      {/* The stage, not every megabyte, is announced. */}
      <p role="status">{progress.stage === 'reading' ? t.progressLabel : t.steps[progress.stage]}</p>
    </div>
  );
}

const TOP_DECKS = 5;

interface PreviewProps extends AnkiImportProps {
  reading: AnkiReading;
}

function Preview({ reading, timeZone, dayBoundaryMinutes, onConfirm }: PreviewProps) {
  const t = useAnkiTexts();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const decks = useMemo(() => {
    const names = new Map(reading.decks.map((deck) => [deck.id, deck.name]));
    const nameOf = (id: number) => (id === DELETED_CARDS_DECK ? t.deletedCards : names.get(id) || t.unnamedDeck(id));
    return deckTimes(reading.dayDeckTimes).map(({ deckId, ms }) => ({ id: deckId, name: nameOf(deckId), minutes: roundedMinutes(ms) }));
  }, [reading, t]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(decks.map((deck) => deck.id)));
  const [skill, setSkill] = useState<Skill>('reading');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const allChosen = chosen.size === decks.length;
  const preview = useMemo(() => importDays(reading.dayDeckTimes, allChosen ? null : chosen), [reading, chosen, allChosen]);
  const skillName = useId();

  // The preview replaces the progress bar: focus goes to its heading so a screen reader reads on from there.
  useEffect(() => headingRef.current?.focus(), []);

  const toggle = (id: number) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const confirm = async () => {
    setSending(true);
    setFailed(false);
    try {
      await onConfirm(preview.days, skill);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <div>
      <h4 ref={headingRef} tabIndex={-1}>
        {t.previewTitle}
      </h4>
      <Facts>
        <dt>{t.days}</dt>
        <dd>{t.dayCount(preview.days.length)}</dd>
        <dt>{t.totalTime}</dt>
        <dd>{t.minutes(preview.totalMinutes)}</dd>
        {preview.firstDate && preview.lastDate && (
          <>
            <dt>{t.firstDay}</dt>
            <dd>{t.date(preview.firstDate)}</dd>
            <dt>{t.lastDay}</dt>
            <dd>{t.date(preview.lastDate)}</dd>
          </>
        )}
      </Facts>
      <p>{t.dayBoundary(dayBoundaryMinutes, timeZone)}</p>
      <Hint>
        {t.roundingNote} {t.reviewCount(reading.reviews)}
      </Hint>
      <h5>{t.topDecks}</h5>
      <ol>
        {decks.slice(0, TOP_DECKS).map((deck) => (
          <li key={deck.id}>{t.deckTime(deck.name, deck.minutes)}</li>
        ))}
      </ol>
      <Fieldset>
        <legend>{t.decksLegend}</legend>
        <CheckboxRow>
          <input
            type="checkbox"
            checked={allChosen}
            onChange={() => setChosen(allChosen ? new Set() : new Set(decks.map((deck) => deck.id)))}
          />
          {t.allDecks}
        </CheckboxRow>
        <DeckList>
          {decks.map((deck) => (
            <CheckboxRow key={deck.id}>
              <input type="checkbox" checked={chosen.has(deck.id)} onChange={() => toggle(deck.id)} />
              {t.deckTime(deck.name, deck.minutes)}
            </CheckboxRow>
          ))}
        </DeckList>
      </Fieldset>
      <Fieldset>
        <legend>{t.skillLegend}</legend>
        {SKILLS.map((s) => (
          <CheckboxRow key={s}>
            <input type="radio" name={skillName} value={s} checked={skill === s} onChange={() => setSkill(s)} />
            {t.skills[s]}
          </CheckboxRow>
        ))}
      </Fieldset>
      {preview.days.length === 0 && <p role="status">{t.nothingToImport}</p>}
      {failed && <ErrorText>{t.sendFailed}</ErrorText>}
      <Button type="button" onClick={() => void confirm()} disabled={sending || preview.days.length === 0} aria-busy={sending}>
        {sending ? t.sending : t.confirm(preview.days.length)}
      </Button>
    </div>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const FileField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  label {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  input {
    min-height: 44px;
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Fieldset = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  legend {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const DeckList = styled.div`
  max-height: 16rem;
  overflow-y: auto;
  padding-left: ${({ theme }) => theme.space.md};
`;
