/**
 * Issue #32: a page that already shows its first screen (the dashboard rendered on the server)
 * asks for the app's code only once that screen is painted. Its module script and modulepreload
 * links wait in an inert <template>, and a few lines of inline script put them into the head
 * after the first frame (or after half a second in a tab that paints no frame while hidden).
 * Requested from the head, the app's 135 KB of script shared a phone's slow link with the page
 * itself and held its first paint back; now the screen paints with the HTML and the code follows.
 * The inline script is allowed by its hash in the CSP (security.ts), never by 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';

const BOOT =
  "(function(){var t=document.getElementById('app-code');function go(){if(!t)return;document.head.appendChild(document.importNode(t.content,true));t=null}" +
  'if(typeof requestAnimationFrame==="function")requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})()';

/** The CSP source that allows the boot script and nothing else. */
export const DEFERRED_CODE_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;

const CODE_TAGS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/** The page with its app code moved from the head to after its first paint. */
export function deferAppCode(html: string): string {
  const tags = html.match(CODE_TAGS);
  if (!tags) return html;
  const code = `<template id="app-code">${tags.map((tag) => tag.trim()).join('')}</template><script>${BOOT}</script>`;
  return html.replace(CODE_TAGS, '').replace('</body>', `${code}\n</body>`);
}
