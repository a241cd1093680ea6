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
const { manifest, staticClosure, entry } = readManifest(dist);

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

const loadedByEntry = staticClosure(entry);
const index = readFileSync(join(dist, 'index.html'), 'utf8');
if (!index.includes('</head>')) throw new Error('route-pages: dist/index.html has no </head>');

mkdirSync(join(dist, 'routes'), { recursive: true });
const pages = {};
for (const [path, modules] of Object.entries(screens)) {
  const needed = new Set();
  for (const module of [modules].flat()) {
    if (!manifest[module]) throw new Error(`route-pages: ${module} (${path}) is not a chunk of the build`);
    for (const key of staticClosure(module)) needed.add(key);
  }
  const files = [...needed].filter((key) => !loadedByEntry.has(key)).map((key) => manifest[key].file);
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  const name = `routes/${path.slice(1).replaceAll('/', '-')}.html`;
  writeFileSync(join(dist, name), index.replace('</head>', `  ${links}\n  </head>`));
  pages[path] = name;
}
writeFileSync(join(dist, 'route-pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
console.log(`route-pages: wrote ${Object.keys(pages).length} pages with their screens' modulepreload links`);
