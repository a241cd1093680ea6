// Vite's build manifest (dist/.vite/manifest.json), read by the scripts that size or preload a
// screen's code: scripts/bundle-budget.mjs and scripts/route-pages.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sign-in and sign-up pages' own entry (issue #53), loaded by their pages instead of the app's. */
export const VISITOR_ENTRY = 'src/visitor.tsx';

export function readManifest(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  /** Every chunk a key loads up front: itself and its static imports, recursively (manifest keys). */
  const staticClosure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
    return seen;
  };
  // The app's entry, the page's; the dashboard page's loader (src/paintFirst.ts) is an entry too.
  const entry = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
  return { manifest, staticClosure, entry, visitorEntry: VISITOR_ENTRY };
}
