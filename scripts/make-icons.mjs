// Draws the app icons of public/manifest.webmanifest from public/favicon.svg with Debian's
// Chromium (Playwright): 192 and 512 px, and maskable copies: the launcher cuts those to its own
// shape, so they are full-bleed (the logo's purple to every edge) with the owl alone, no rounded
// square of its own, inside the 80 % safe circle (an icon in an icon otherwise, issue #44).
// Run again after the logo changes:
//   node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const svg = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8');
/** The logo's own background, its rounded square: the maskable icons' full-bleed background. */
const BRAND = /<rect[^>]*fill="(#[0-9a-f]{6})"[^>]*\/>/i.exec(svg);
if (!BRAND) throw new Error('public/favicon.svg has no background <rect fill="#…"/>');
const OWL = svg.replace(BRAND[0], '');
/** The owl's farthest point (an ear tip) is 0.48 of the logo's side from its centre: at 0.8 of the icon it stays in the 0.4 safe radius. */
const MASKABLE_SCALE = 0.8;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const size of [192, 512]) {
    for (const maskable of [false, true]) {
      const inner = maskable ? Math.round(size * MASKABLE_SCALE) : size;
      const drawing = maskable ? OWL : svg;
      const html = `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? BRAND[1] : 'transparent'}">
        <div style="width:${inner}px;height:${inner}px">${drawing.replace('<svg', `<svg width="${inner}" height="${inner}"`)}</div></body>`;
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(html);
      const name = `icon-${size}${maskable ? '-maskable' : ''}.png`;
      await page.screenshot({ path: join(root, 'public', name), omitBackground: !maskable });
      console.log(`public/${name}`);
    }
  }
} finally {
  await browser.close();
}
