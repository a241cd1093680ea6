/** The messages between the Anki import's screen and its worker (ankiWorker.ts). */
import type { AnkiReadErrorCode, AnkiReading, ReadStep } from './readCollection';

export interface AnkiWorkerRequest {
  file: File;
  timeZone: string;
  dayBoundaryMinutes: number;
}

export type AnkiProgress = { stage: 'reading'; done: number; total: number } | { stage: ReadStep };

/** `unreadable`: the browser could not read the file (moved, or access withdrawn) or the reader failed to load. */
export type AnkiErrorCode = AnkiReadErrorCode | 'unreadable';

export type AnkiWorkerMessage =
  | { type: 'progress'; progress: AnkiProgress }
  | { type: 'done'; reading: AnkiReading }
  | { type: 'error'; code: AnkiErrorCode };

/** A deck export (`.apkg`) or a whole collection (any other name: `.colpkg`). */
export const packageKind = (fileName: string) => (/\.apkg$/i.test(fileName) ? 'apkg' : 'colpkg');
