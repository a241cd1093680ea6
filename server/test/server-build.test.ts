/**
 * Issue #53: production runs the server as built JavaScript (scripts/build-server.mjs, dist/server).
 * What the build must hold for `node dist/server/server.js` to run: every file of the server's own
 * code is in the bundle (nothing left to import by a relative path), and every worker thread the
 * code starts by URL is a built file where the rewritten URL points.
 */
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';

const outDir = mkdtempSync(join(tmpdir(), 'server-build-'));
let built: { entries: string[]; workers: string[] };

beforeAll(async () => {
  built = await buildServer(outDir);
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The worker files the server's sources start by URL (`new URL('./x.mjs', import.meta.url)`). */
function workersInSources(dir = resolve(import.meta.dirname, '../src')): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...workersInSources(path));
    else if (/\.(ts|mjs)$/.test(entry.name)) {
      for (const m of readFileSync(path, 'utf8').matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]+\.m?js)['"]\s*,\s*import\.meta\.url\s*\)/g)) {
        found.push(m[1].split('/').pop()!);
      }
    }
  }
  return found;
}

describe('the server built to JavaScript', () => {
  it('builds every worker thread the sources start, where the built code looks for it', () => {
    const sources = workersInSources();
    expect(sources.length).toBeGreaterThan(0);
    for (const name of sources) expect(built.workers, name).toContain(`workers/${name}`);
    for (const file of [...built.entries, ...built.workers]) {
      const code = readFileSync(join(outDir, file), 'utf8');
      for (const m of code.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)) {
        expect(existsSync(resolve(dirname(join(outDir, file)), m[1])), `${file}: ${m[1]}`).toBe(true);
      }
    }
  });

  it('bundles all of its own code: the built files import only packages and Node builtins', () => {
    for (const file of [...built.entries, ...built.workers]) {
      const code = readFileSync(join(outDir, file), 'utf8');
      const specifiers = [...code.matchAll(/(?:^|\n)\s*import\s[^;]*?from\s*"([^"]+)"|\bimport\("([^"]+)"\)|\brequire\("([^"]+)"\)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
      expect(specifiers.length, file).toBeGreaterThan(0);
      for (const specifier of specifiers) expect(specifier, `${file} imports ${specifier}`).not.toMatch(/^\.{1,2}\/|^\/|^@\/|^@common\//);
    }
  });
});
