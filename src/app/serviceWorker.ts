/**
 * Registers the service worker (src/sw.ts) in a production build, and tells the app when a new
 * version is installed and waiting: it takes over only when the learner says so (UpdatePrompt),
 * never in the middle of an entry. Development and tests run without it.
 */
import type { Workbox } from 'workbox-window';

type Listener = (waiting: boolean) => void;
let registering = false;
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<Listener>();

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registering) return;
  registering = true;
  // workbox-window is a chunk of its own, asked for only now: the entry the dashboard's page
  // evaluates after its first paint does not carry it (issue #45).
  void import('workbox-window')
    .then(({ Workbox }) => {
      workbox = new Workbox('/sw.js');
      workbox.addEventListener('waiting', () => {
        waiting = true;
        listeners.forEach((listener) => listener(true));
      });
      return workbox.register();
    })
    // A refused registration (a certificate the browser does not trust, storage blocked) or a chunk
    // that could not arrive leaves the app as it was without a worker: online only.
    .catch(() => undefined);
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting);
  return () => listeners.delete(listener);
}

/** The learner accepted: the waiting version takes over and the page reloads into it. */
export function updateNow(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
