/** Reads an Anki package in a worker of its own; `cancel` stops it (another file chosen, the screen left). */
import type { AnkiErrorCode, AnkiProgress, AnkiWorkerMessage, AnkiWorkerRequest } from './protocol';
import type { AnkiReading } from './readCollection';

export interface AnkiReadCallbacks {
  onProgress(progress: AnkiProgress): void;
  onDone(reading: AnkiReading): void;
  onError(code: AnkiErrorCode): void;
}

export function readInWorker(request: AnkiWorkerRequest, callbacks: AnkiReadCallbacks): { cancel(): void } {
  const worker = new Worker(new URL('./ankiWorker.ts', import.meta.url), { type: 'module', name: 'anki-import' });
  worker.onmessage = ({ data }: MessageEvent<AnkiWorkerMessage>) => {
    if (data.type === 'progress') return callbacks.onProgress(data.progress);
    worker.terminate();
    if (data.type === 'done') callbacks.onDone(data.reading);
    else callbacks.onError(data.code);
  };
  worker.onerror = () => {
    worker.terminate();
    callbacks.onError('unreadable');
  };
  worker.postMessage(request);
  return { cancel: () => worker.terminate() };
}
