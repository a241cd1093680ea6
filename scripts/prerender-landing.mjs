// Writes dist/landing.html (English) and dist/landing.<tag>.html for every shipped locale, served for `/`
// by the best match of Accept-Language (server/src/plugins/spa.ts): the landing page rendered to static HTML at build time.
// It needs no script at all (its two buttons are plain links to /register and /login, which load the
// app), so a visitor's first page costs zero JavaScript. Vite's SSR loader renders the very same
// LandingPage component the app uses (src/prerender/landing.tsx), so there is one source of truth.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');

// styled-components ships CommonJS for Node; letting Vite transform it gives the same default export as in the browser.
const vite = await createServer({
  root,
  logLevel: 'error',
  server: { middlewareMode: true },
  appType: 'custom',
  ssr: { noExternal: ['styled-components'] },
});
try {
  const { renderLanding } = await vite.ssrLoadModule('/src/prerender/landing.tsx');
  const { LOCALE_TAGS } = await vite.ssrLoadModule('/common/locales.ts');
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  for (const tag of LOCALE_TAGS) {
    const { markup, styleTags, lang, dir, description } = await renderLanding(tag);
    const attribute = description.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const page = index
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}" dir="${dir}">`)
      .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${attribute}"`)
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace('</head>', `  ${styleTags}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
    if (!page.includes(`<html lang="${tag}"`) || page.includes('auth.landing.')) throw new Error(`the landing page did not render in ${tag}`);
    if (tag === 'en' && !page.includes('Keep track of your language learning with')) throw new Error('the landing page did not render');
    writeFileSync(join(dist, tag === 'en' ? 'landing.html' : `landing.${tag}.html`), page);
    if (tag === 'en') console.log(`prerender-landing: wrote dist/landing.html (${(page.length / 1024).toFixed(1)} KB, no script) and one per locale`);
  }
} finally {
  await vite.close();
}
