/**
 * A deploy replaces the hashed screen files: a page opened before it asks for files that no
 * longer exist. Reloading once fetches the new ones; the mark stops a reload loop when the file
 * really is missing, and is cleared whenever a screen loads.
 */
const RELOADED_KEY = 'lingualog:reloaded-for-chunk';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/** Marks a successful screen load: a later failed chunk may reload once again. */
export function chunkLoaded(): void {
  window.sessionStorage.removeItem(RELOADED_KEY);
}

/** True when the server answers at all: reloading while it is down would show the browser's own error page. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/** Reloads the page unless this already happened for a failed chunk; true when reloading. */
export function reloadOnceForChunk(): boolean {
  if (window.sessionStorage.getItem(RELOADED_KEY)) return false;
  window.sessionStorage.setItem(RELOADED_KEY, '1');
  window.location.reload();
  return true;
}
