// Writes one copy of dist/index.html per screen of the app, with a <link rel="modulepreload"> for
// every chunk that screen needs up front (its own lazy chunk and that chunk's static imports), and
// dist/route-pages.json mapping each path to its copy. The server answers a screen's path with its
// copy (server/src/plugins/spa.ts), so the browser asks for the screen's code together with the
// entry instead of discovering it only after the entry has run (issue #18: one round trip for the
// assets, one for the data). Any other path still gets index.html.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest } from './manifest.mjs';

const dist = join(import.meta.dirname, '..', 'dist');
const { manifest, staticClosure, entry, visitorEntry } = readManifest(dist);

/**
 * The screens of src/app/router.tsx, by path (src/api/paths.ts): the module, or the modules, its
 * route loads. `/` is the pre-rendered landing page.
 */
const screens = {
  '/login': 'src/features/auth/LoginPage.tsx',
  '/register': 'src/features/auth/RegisterPage.tsx',
  '/forgot-password': 'src/features/auth/ForgotPasswordPage.tsx',
  '/reset-password': 'src/features/auth/ResetPasswordPage.tsx',
  '/register/language': 'src/features/onboarding/LanguageStep.tsx',
  '/register/goal': 'src/features/onboarding/GoalStep.tsx',
  '/register/previoustime': 'src/features/onboarding/PreviousTimeStep.tsx',
  // The dashboard's page hydrates the server's screen (issue #45): that code, and the screen's through it.
  '/dashboard': 'src/app/hydrateScreen.tsx',
  // The page and the sections other features bring, loaded together (router.tsx).
  '/settings': ['src/features/settings/SettingsPage.tsx', 'src/app/SettingsSections.tsx'],
  '/insights': 'src/features/insights/InsightsPage.tsx',
};

/**
 * The pages that carry the server's first screen (server/src/plugins/serverScreen.ts) have a second
 * copy whose code is asked for after that screen has painted, by src/paintFirst.ts, instead of from
 * the head (issue #45: Lighthouse's LCP waited for it, and the entry evaluated at once was a long
 * task); the server gives it to a device that has run the app before.
 */
const paintFirst = new Set(['/dashboard']);

/**
 * Issue #53: the sign-in and sign-up pages load their own entry (src/visitor.tsx: the form with React
 * alone) in the place of the app's, and ask for the app's code only as a prefetch, which the browser
 * makes when it is idle, for the page the learner goes to next.
 */
const visitorPages = new Set(['/login', '/register']);

/** A chunk's static closure, each chunk after the ones it imports (manifest keys). */
const dependenciesFirst = (key, order = [], seen = new Set()) => {
  if (seen.has(key)) return order;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) dependenciesFirst(dep, order, seen);
  order.push(key);
  return order;
};

const loadedByEntry = staticClosure(entry);
const index = readFileSync(join(dist, 'index.html'), 'utf8');
if (!index.includes('</head>')) throw new Error('route-pages: dist/index.html has no </head>');
const entryTags = /\n?\s*<script type="module" crossorigin src="[^"]*"><\/script>|\n?\s*<link rel="modulepreload" crossorigin href="[^"]*">/g;
if ((index.match(entryTags) ?? []).length !== loadedByEntry.size) throw new Error("route-pages: dist/index.html's script and modulepreload tags are not the entry's chunks");
const url = (key) => `/${manifest[key].file}`;
// The loader, an asset of the build (vite.config.ts), hashed like the chunks.
const loaderFile = Object.values(manifest).find((chunk) => /^assets\/paint-first-[\w-]+\.js$/.test(chunk.file))?.file;
if (!loaderFile) throw new Error('route-pages: the build has no paint-first loader (src/paintFirst.ts, vite.config.ts)');

mkdirSync(join(dist, 'routes'), { recursive: true });
const pages = {};
for (const [path, modules] of Object.entries(screens)) {
  const needed = new Set();
  for (const module of [modules].flat()) {
    if (!manifest[module]) throw new Error(`route-pages: ${module} (${path}) is not a chunk of the build`);
    for (const key of staticClosure(module)) needed.add(key);
  }
  const screenChunks = [...needed].filter((key) => !loadedByEntry.has(key));
  const name = `routes/${path.slice(1).replaceAll('/', '-')}.html`;
  if (visitorPages.has(path)) {
    if (!manifest[visitorEntry]) throw new Error(`route-pages: the build has no ${visitorEntry} entry (vite.config.ts)`);
    const own = staticClosure(visitorEntry);
    const preload = [...own].filter((key) => key !== visitorEntry);
    const prefetch = [...loadedByEntry].filter((key) => !own.has(key) && !needed.has(key));
    const tags = [
      `<script type="module" crossorigin src="${url(visitorEntry)}"></script>`,
      ...preload.map((key) => `<link rel="modulepreload" crossorigin href="${url(key)}">`),
      ...prefetch.map((key) => `<link rel="prefetch" crossorigin href="${url(key)}">`),
    ].join('\n    ');
    writeFileSync(join(dist, name), index.replace(entryTags, '').replace('</head>', `  ${tags}\n  </head>`));
    pages[path] = name;
    continue;
  }
  const links = screenChunks.map((key) => `<link rel="modulepreload" crossorigin href="${url(key)}">`).join('\n    ');
  writeFileSync(join(dist, name), index.replace('</head>', `  ${links}\n  </head>`));
  if (paintFirst.has(path)) {
    // The copy for a device that has run the app before (server/src/plugins/spa.ts, paintFirstCopy).
    const evaluate = dependenciesFirst(entry).map(url).join(' ');
    const loader = `<script type="module" src="/${loaderFile}" data-evaluate="${evaluate}" data-preload="${screenChunks.map(url).join(' ')}"></script>`;
    writeFileSync(join(dist, name.replace(/\.html$/, '.paint-first.html')), index.replace(entryTags, '').replace('</head>', `  ${loader}\n  </head>`));
  }
  pages[path] = name;
}
writeFileSync(join(dist, 'route-pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
console.log(`route-pages: wrote ${Object.keys(pages).length} pages with their screens' modulepreload links`);
