/**
 * The history imports show nothing untranslated: the "Bring your history" section, the spreadsheet
 * import up to its preview and its problems, and the Anki import's preview and its errors, rendered
 * in the pseudo-locale (test/i18n/pseudo.ts). What the learner's file holds (deck names, cells) is
 * shown inside translated messages or has no letters here.
 */
import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ImportHistorySection } from '@/features/imports/ImportHistorySection';
import { AnkiImport } from '@/features/imports/anki/AnkiImport';
import { packageKind, type AnkiWorkerMessage, type AnkiWorkerRequest } from '@/features/imports/anki/protocol';
import { AnkiReadError, readAnkiPackage } from '@/features/imports/anki/readCollection';
import { SpreadsheetImport } from '@/features/imports/spreadsheet/SpreadsheetImport';
import { renderWithProviders } from '../utils';
import { inPseudoLocale, untranslated } from './pseudo';

inPseudoLocale();

const require = createRequire(import.meta.url);
let SQL: SqlJsStatic;

/** The Anki worker's answers, given in the page (jsdom has no workers). */
class InPageWorker {
  onmessage: ((event: MessageEvent<AnkiWorkerMessage>) => void) | null = null;
  onerror: (() => void) | null = null;
  terminate() {}
  postMessage({ file, timeZone, dayBoundaryMinutes }: AnkiWorkerRequest) {
    const send = (data: AnkiWorkerMessage) => this.onmessage?.({ data } as MessageEvent<AnkiWorkerMessage>);
    void file.arrayBuffer().then((buffer) => {
      try {
        const reading = readAnkiPackage(new Uint8Array(buffer), SQL, { kind: packageKind(file.name), timeZone, dayBoundaryMinutes });
        send({ type: 'done', reading });
      } catch (err) {
        send({ type: 'error', code: err instanceof AnkiReadError ? err.code : 'unreadable' });
      }
    });
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

const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]')!;
const ankiFile = (name: string) => new File([readFileSync(resolve('test/fixtures/anki', name))], name);

describe('the history imports show nothing untranslated in the pseudo-locale', () => {
  it('the "Bring your history" section', async () => {
    const view = renderWithProviders(<ImportHistorySection />);
    await screen.findByRole('heading');
    expect(untranslated(view.container)).toEqual([]);
  });

  it('the spreadsheet import: its mapping, its preview and a row to fix', async () => {
    const view = renderWithProviders(<SpreadsheetImport onConfirm={() => Promise.resolve()} />);
    const csv = '2024-03-01,30\n2024-03-02,45\n2024-03-03,-5\n';
    await view.user.upload(fileInput(view.container), new File([csv], 'hours.csv', { type: 'text/csv' }));
    await screen.findByRole('table');
    await screen.findByRole('alert');
    expect(screen.getAllByRole('combobox').length).toBeGreaterThan(0);
    expect(untranslated(document.body)).toEqual([]);
  });

  it('the Anki import: its preview of the days, decks and skills', async () => {
    const view = renderWithProviders(<AnkiImport timeZone="Europe/Madrid" dayBoundaryMinutes={120} onConfirm={() => undefined} />);
    await view.user.upload(fileInput(view.container), ankiFile('collection-anki21b.colpkg'));
    await screen.findByRole('heading', { level: 4 });
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(untranslated(view.container)).toEqual([]);
  });

  it('the Anki import: a file that is not a collection', async () => {
    const view = renderWithProviders(<AnkiImport timeZone="Europe/Madrid" dayBoundaryMinutes={120} onConfirm={() => undefined} />);
    await view.user.upload(fileInput(view.container), ankiFile('not-anki.zip'));
    await screen.findByRole('alert');
    expect(untranslated(view.container)).toEqual([]);
  });
});
