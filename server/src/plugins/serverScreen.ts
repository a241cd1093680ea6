/**
 * Issue #32: the dashboard's first screen rendered on the server from the app's own components
 * (src/ssr/dashboardScreen.tsx, built into dist/ssr by `npm run build`). The page shows it over
 * the app's root, out of the page's flow and inert (it reads as the dashboard, but nothing in it
 * answers a tap before the app does), until the app's own first screen is ready and takes its place in one frame
 * (src/app/firstAnswers.ts, keepFirstScreen). Without that build, or if it throws, the plain
 * shell of the three facts (common/firstScreen.ts) stands in.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { dashboardShell, type FirstAnswers } from './firstAnswers';

interface Renderer {
  renderDashboardScreen(input: { answers: unknown; today: string; narrow: boolean; tab?: string }): { markup: string; styleTags: string };
}

export type DashboardScreen = (request: FastifyRequest, answers: FirstAnswers) => { head: string; body: string };

/**
 * The bound on the renders (issue #38: about 19 ms each, unbounded, so 8 connections loading
 * /dashboard raised another learner's p50 to 78 ms): over time they take at most RENDER_SHARE of
 * the event loop, and after a quiet spell at most RENDER_BURST_MS of it at once (a few learners
 * opening the app together are all rendered). A page asked for when that budget is spent gets the
 * plain first facts at once (a working page, drawn by the app a moment later) rather than waiting.
 */
export const RENDER_SHARE = 0.25;
export const RENDER_BURST_MS = 100;

/** Over the root, as the app's background, so the 'Loading...' beneath never shows through. */
const OVERLAY_STYLE = '<style>#first-screen{position:absolute;top:0;left:0;right:0;z-index:1;min-height:100vh;background:#f7f5fb}</style>';

/**
 * A phone's page gets the narrow layout (under 640 px, spec 2): the server sees no screen, so it
 * goes by the browser's own word (the `Sec-CH-UA-Mobile` hint, else "Mobi" in its user agent, as
 * browsers' mobile versions say). A wrong guess only shows the other layout until the app draws.
 */
export function isPhone(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi|Android/i.test(String(request.headers['user-agent'] ?? ''));
}

export async function loadDashboardScreen(spaRoot: string, log: FastifyBaseLogger): Promise<DashboardScreen> {
  const file = resolve(spaRoot, 'ssr', 'dashboardScreen.js');
  let renderer: Renderer | null = null;
  try {
    if (existsSync(file)) renderer = (await import(pathToFileURL(file).href)) as Renderer;
    else log.warn(`No server render of the dashboard in ${file}: its page shows the plain first facts`);
  } catch (err) {
    log.error({ err }, 'The server render of the dashboard did not load: its page shows the plain first facts');
  }
  // Milliseconds of render time left: spent by each render, earned back at RENDER_SHARE of the time passing.
  let budget = RENDER_BURST_MS;
  let budgetAt = performance.now();
  return (request, { answers, today }) => {
    const started = performance.now();
    budget = Math.min(RENDER_BURST_MS, budget + (started - budgetAt) * RENDER_SHARE);
    budgetAt = started;
    if (renderer && budget > 0) {
      try {
        const { markup, styleTags } = renderer.renderDashboardScreen({ answers, today, narrow: isPhone(request), tab: request.cookies.activeTab });
        return { head: `${OVERLAY_STYLE}${styleTags}`, body: `<div id="first-screen" inert>${markup}</div>` };
      } catch (err) {
        log.error({ err }, 'The server render of the dashboard failed: its page shows the plain first facts');
      } finally {
        budget -= performance.now() - started;
      }
    }
    const shell = dashboardShell(answers);
    return { head: '', body: shell && `<div id="first-screen">${shell}</div>` };
  };
}
