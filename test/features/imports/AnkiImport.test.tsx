/**
 * The Anki import's screen, with the worker stood in for by the same reader run in the page
 * (jsdom has no workers): a real fixture file, read to a preview, sent only on confirm.
 */
import { screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnkiImport } from '@/features/imports/anki/AnkiImport';
import { packageKind, type AnkiWorkerMessage, type AnkiWorkerRequest } from '@/features/imports/anki/protocol';
import { AnkiReadError, readAnkiPackage } from '@/features/imports/anki/readCollection';
import { renderWithProviders } from '../../utils';

const require = createRequire(import.meta.url);
let SQL: SqlJsStatic;

/** Answers as ankiWorker.ts does, in the page. */
class InPageWorker {
  onmessage: ((event: MessageEvent<AnkiWorkerMessage>) => void) | null = null;
  onerror: (() => void) | null = null;
  terminate() {}
  postMessage({ file, timeZone, dayBoundaryMinutes }: AnkiWorkerRequest) {
    const send = (data: AnkiWorkerMessage) => this.onmessage?.({ data } as MessageEvent<AnkiWorkerMessage>);
    const reader = new FileReader();
    reader.onload = () => {
      const buffer = reader.result as ArrayBuffer;
      send({ type: 'progress', progress: { stage: 'reading', done: file.size, total: file.size } });
      try {
        const reading = readAnkiPackage(new Uint8Array(buffer), SQL, { kind: packageKind(file.name), timeZone, dayBoundaryMinutes, onStep: (stage) => send({ type: 'progress', progress: { stage } }) });
        send({ type: 'done', reading });
      } catch (err) {
        send({ type: 'error', code: err instanceof AnkiReadError ? err.code : 'unreadable' });
      }
    };
    reader.readAsArrayBuffer(file);
  }
}

beforeAll(async () => {
  const wasm = readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'));
  SQL = await initSqlJs({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
  vi.stubGlobal('Worker', InPageWorker);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const fixtureFile = (name: string) => new File([readFileSync(resolve('test/fixtures/anki', name))], name);

function renderImport() {
  const onConfirm = vi.fn<(days: { date: string; minutes: number }[], skill: string) => Promise<void>>(() => Promise.resolve());
  const view = renderWithProviders(<AnkiImport timeZone="Europe/Madrid" dayBoundaryMinutes={120} onConfirm={onConfirm} />);
  return { ...view, onConfirm };
}

describe('the Anki import', () => {
  it('previews the days of the chosen file and sends them, to the chosen skill, only on confirm', async () => {
    const { user, onConfirm } = renderImport();
    await user.upload(screen.getByLabelText('Anki file (.colpkg or .apkg)'), fixtureFile('collection-anki21b.colpkg'));

    const heading = await screen.findByRole('heading', { name: 'What will be imported' });
    expect(heading).toHaveFocus();
    const facts = heading.nextElementSibling as HTMLElement;
    expect(within(facts).getByText('5 days')).toBeInTheDocument();
    expect(within(facts).getByText('7 minutes')).toBeInTheDocument();
    expect(within(facts).getByText('1 Mar 2026')).toBeInTheDocument();
    expect(within(facts).getByText('11 Apr 2026')).toBeInTheDocument();
    expect(screen.getByText(/Days start at 2 am in Europe\/Madrid, .*not at Anki's 4 am/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Reading' })).toBeChecked();
    expect(onConfirm).not.toHaveBeenCalled();

    // Only Spanish::Vocab: three days of one minute.
    await user.click(screen.getByRole('checkbox', { name: 'All decks' }));
    await user.click(screen.getByRole('checkbox', { name: /^Spanish::Vocab/ }));
    expect(within(facts).getByText('3 days')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Listening' }));
    await user.click(screen.getByRole('button', { name: 'Import 3 days' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(
      [
        { date: '2026-03-01', minutes: 1 },
        { date: '2026-03-28', minutes: 1 },
        { date: '2026-03-29', minutes: 1 },
      ],
      'listening',
    );
  });

  it('says why a deck export without review history cannot be imported, and offers nothing to send', async () => {
    const { user, onConfirm } = renderImport();
    await user.upload(screen.getByLabelText('Anki file (.colpkg or .apkg)'), fixtureFile('deck-without-scheduling.apkg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('the deck was exported without scheduling information');
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('tells a file that is not an Anki collection', async () => {
    const { user } = renderImport();
    await user.upload(screen.getByLabelText('Anki file (.colpkg or .apkg)'), fixtureFile('not-anki.zip'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not an Anki collection.');
  });
});
