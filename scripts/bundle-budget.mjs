// Front-end budget: the gzip size of the JavaScript each route loads, from Vite's build manifest.
// Fails when the landing route exceeds 90 KB gzip, sign-in or sign-up 110 KB, or the dashboard 250 KB, or when a visitor route
// (landing, sign-in, sign-up) would load chart (victory) or dashboard code, or (sign-in, sign-up) the router or Redux.
// `/` is served as dist/landing.html, pre-rendered with no script (scripts/prerender-landing.mjs), so
// the landing route is measured from the script tags of that page. Sign-in and sign-up are measured
// from their own entry (src/visitor.tsx), which their pages load in the place of the app's. Each
// locale's first catalogue chunk is at most 15 KB gzip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest } from './manifest.mjs';

const dist = new URL('../dist/', import.meta.url).pathname;
const { manifest, staticClosure, entry, visitorEntry } = readManifest(dist);

const KB = 1024;
const routes = [
  // Issue #53: the sign-in and sign-up pages load their own entry (src/visitor.tsx, scripts/route-pages.mjs):
  // React, react-dom, styled-components and the form, no react-router or Redux: 85.4 KB gzip. The budget
  // adds about 8 KB for the i18n runtime and one locale's catalogue, which the forms' texts will need
  // (issue #53 sets 110 KB as the ceiling).
  { name: 'sign-in', module: 'src/features/auth/LoginPage.tsx', entry: visitorEntry, budget: 94 * KB, visitor: true },
  { name: 'sign-up', module: 'src/features/auth/RegisterPage.tsx', entry: visitorEntry, budget: 94 * KB, visitor: true },
  // The dashboard's page hydrates the server's screen (issue #45): that code, and the screen's through it.
  { name: 'dashboard', module: 'src/app/hydrateScreen.tsx', budget: 250 * KB },
  { name: 'settings', module: 'src/features/settings/SettingsPage.tsx', budget: 250 * KB },
];

let failed = false;
console.log('route        gzip KB   budget KB  chunks');

const landingBudget = 90 * KB;
const landingHtml = readFileSync(join(dist, 'landing.html'), 'utf8');
const landingScripts = [...landingHtml.matchAll(/<script[^>]*src="\/([^"]+)"/g)].map((m) => m[1]);
const landingGzip = landingScripts.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
const inlineScript = /<script(?![^>]*src=)[^>]*>/.test(landingHtml);
console.log(`${'landing'.padEnd(12)} ${(landingGzip / KB).toFixed(1).padStart(7)} ${String(landingBudget / KB).padStart(10)}  ${landingScripts.length}`);
failed ||= landingGzip > landingBudget || inlineScript;
for (const route of routes) {
  if (!manifest[route.module]) {
    console.error(`bundle-budget: ${route.module} is not a separate chunk in the build`);
    failed = true;
    continue;
  }
  const keys = new Set([...staticClosure(route.entry ?? entry), ...staticClosure(route.module)]);
  const files = [...keys].map((k) => manifest[k].file);
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
  const tooBig = gzip > route.budget;
  // Victory's components keep their display names when minified, so a chunk that contains
  // 'VictoryPie' carries chart code whatever the bundler named it.
  const leaks = route.visitor
    ? [...keys].filter(
        (k) =>
          /victory|features\/dashboard|features\/settings|react-router|redux/.test(k) ||
          readFileSync(join(dist, manifest[k].file), 'utf8').includes('VictoryPie'),
      )
    : [];
  console.log(
    `${route.name.padEnd(12)} ${(gzip / KB).toFixed(1).padStart(7)} ${String(route.budget / KB).padStart(10)}  ${files.length}` +
      (tooBig ? '  OVER BUDGET' : '') +
      (leaks.length ? `  loads ${leaks.join(', ')}` : ''),
  );
  failed ||= tooBig || leaks.length > 0;
}
// Issue #51: one locale's catalogue, the first chunk every screen waits for, is at most 15 KB gzip;
// the imports' readers bring the rest of their texts with their code (scripts/i18n/catalogues.mjs).
const catalogueBudget = 15 * KB;
const catalogues = Object.values(manifest).filter((chunk) => chunk.src?.startsWith('virtual:i18n-catalogue/'));
if (catalogues.length === 0) {
  console.error('bundle-budget: no catalogue chunk in the build manifest');
  failed = true;
}
for (const chunk of catalogues) {
  const name = chunk.src.slice('virtual:i18n-catalogue/'.length);
  const gzip = gzipSync(readFileSync(join(dist, chunk.file))).length;
  const tooBig = !name.endsWith('/later') && gzip > catalogueBudget;
  console.log(`${`i18n ${name}`.padEnd(12)} ${(gzip / KB).toFixed(1).padStart(7)} ${name.endsWith('/later') ? '' : String(catalogueBudget / KB).padStart(10)}${tooBig ? '  OVER BUDGET' : ''}`);
  failed ||= tooBig;
}
if (failed) {
  console.error('bundle-budget: FAILED');
  process.exit(1);
}
console.log('bundle-budget: every route within budget');
