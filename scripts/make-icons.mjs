// Draws the app icons of public/manifest.webmanifest from public/favicon.svg with Debian's
// Chromium (Playwright): 192 and 512 px, and maskable copies whose drawing stays inside the
// 80 % safe circle on the brand's background. Run again after the logo changes:
//   node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const svg = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8');
const BACKGROUND = '#f7f5fb';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const size of [192, 512]) {
    for (const maskable of [false, true]) {
      const inner = maskable ? Math.round(size * 0.6) : size;
      const html = `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? BACKGROUND : 'transparent'}">
        <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg', `<svg width="${inner}" height="${inner}"`)}</div></body>`;
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
