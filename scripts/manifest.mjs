// Vite's build manifest (dist/.vite/manifest.json), read by the scripts that size or preload a
// screen's code: scripts/bundle-budget.mjs and scripts/route-pages.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function readManifest(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  /** Every chunk a key loads up front: itself and its static imports, recursively (manifest keys). */
  const staticClosure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  return { manifest, staticClosure, entry };
}
