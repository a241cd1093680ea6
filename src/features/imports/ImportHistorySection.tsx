/**
 * "Bring your history" in Settings (issue #52): an Anki collection or any spreadsheet, each read on
 * the device in a dialog loaded only when opened, and sent as `source: "days"` imports that only
 * set the skills they name. A feature of its own; src/app/SettingsSections.tsx places it.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { CodeBoundary } from '@/components/CodeBoundary';
import { Modal } from '@/components/Modal';
import { ErrorText, StatusText, SuccessText } from '@/components/StatusMessage';
import { useDayEndsAtHour } from '@/api/useLearnerToday';
import { loadLaterMessages } from '@/i18n/catalogue';
import { getI18n } from '@/i18n/i18n';
import { useImportTexts } from './texts';
import { DaysRefused, useSendDays, type DaysToSend, type SentDays } from './useSendDays';

// Each reader comes with its messages (the catalogue's later chunk, src/i18n/catalogue.ts).
const withMessages = <T,>(code: Promise<T>): Promise<T> => Promise.all([code, loadLaterMessages(getI18n().locale)]).then(([module]) => module);
const AnkiImport = lazy(() => withMessages(import('./anki/AnkiImport')).then((m) => ({ default: m.AnkiImport })));
const SpreadsheetImport = lazy(() => withMessages(import('./spreadsheet/SpreadsheetImport')).then((m) => ({ default: m.SpreadsheetImport })));

type Open = 'anki' | 'sheet' | null;
type Outcome = { sent: SentDays } | { refused: DaysRefused['problems'] } | { failed: true } | null;

export function ImportHistorySection() {
  const t = useImportTexts();
  const titleId = useId();
  const [open, setOpen] = useState<Open>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const send = useSendDays();
  const dayEndsAtHour = useDayEndsAtHour();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const sendAll = async (byLanguage: Map<string, DaysToSend[]>) => {
    setOutcome(null);
    const total: SentDays = { days: 0, minutes: 0 };
    try {
      for (const [language, days] of byLanguage) {
        const sent = await send(days, language || null);
        total.days += sent.days;
        total.minutes += sent.minutes;
      }
      setOutcome({ sent: total });
    } catch (err) {
      setOutcome(err instanceof DaysRefused ? { refused: err.problems } : { failed: true });
      throw err;
    }
  };

  const close = () => setOpen(null);
  const dialog = (title: string, body: ReactNode) => (
    <Modal title={title} onClose={close}>
      <CodeBoundary fallback={<StatusText role="status">{t.loadingReader}</StatusText>} failed={<ErrorText>{t.readerFailed}</ErrorText>}>
        {() => <Suspense fallback={<StatusText role="status">{t.loadingReader}</StatusText>}>{body}</Suspense>}
      </CodeBoundary>
      <Outcome outcome={outcome} />
    </Modal>
  );

  return (
    <Card aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{t.sectionTitle}</PanelTitle>
      <p>{t.sectionIntro}</p>
      <Button onClick={() => { setOutcome(null); setOpen('anki'); }}>{t.ankiButton}</Button>{' '}
      <Button onClick={() => { setOutcome(null); setOpen('sheet'); }}>{t.sheetButton}</Button>
      {open === null && <Outcome outcome={outcome} />}
      {open === 'anki' &&
        dialog(
          t.ankiDialogTitle,
          <AnkiImport
            timeZone={timeZone}
            dayBoundaryMinutes={dayEndsAtHour * 60}
            onConfirm={async (days, skill) => {
              await sendAll(new Map([['', days.map(({ date, minutes }) => ({ date, minutes: { [skill]: minutes } }))]]));
            }}
          />,
        )}
      {open === 'sheet' && dialog(t.sheetDialogTitle, <SpreadsheetImport onConfirm={(byLanguage) => sendAll(byLanguage).catch(() => undefined)} />)}
    </Card>
  );
}

function Outcome({ outcome }: { outcome: Outcome }) {
  const t = useImportTexts();
  if (!outcome) return null;
  if ('sent' in outcome) return <SuccessText>{t.sent(outcome.sent.days, outcome.sent.minutes)}</SuccessText>;
  if ('failed' in outcome) return <ErrorText>{t.sendFailed}</ErrorText>;
  return (
    <div role="alert">
      <p>{t.serverProblems}</p>
      <ul>
        {outcome.refused.map((p, i) => (
          <li key={i}>{p.date ? t.dayProblem(p.date, p.message) : p.message}</li>
        ))}
      </ul>
    </div>
  );
}
