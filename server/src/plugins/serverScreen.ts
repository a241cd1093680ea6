/**
 * Issue #32: the dashboard's first screen rendered on the server from the app's own components
 * (src/ssr/dashboardScreen.tsx, built into dist/ssr by `npm run build`). Issue #45: the page holds
 * it in the app's root, inert (it reads as the dashboard, but nothing in it answers a tap before
 * the app does), with what it was drawn for (the learner's today, the width class, whether the
 * day's figures are drawn) on the root, and the app hydrates it (src/app/start.tsx). Without that
 * build, or if it throws, the plain shell of the three facts (common/firstScreen.ts) stands
 * beside the root until the app draws (src/app/firstAnswers.ts, keepFirstScreen).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ACTIVE_TAB_COOKIE } from '@common/cookies';
import { dashboardShell, type FirstAnswers } from './firstAnswers';
import { ScreenMemory } from './screenMemory';

interface Renderer {
  renderDashboardScreen(input: { answers: unknown; today: string; narrow: boolean; tab?: string; now?: number; locale?: string; timeZone?: string }): {
    markup: string;
    styleTags: string;
  };
  /** Loads the catalogues once, so that each render (one i18n instance per request) is synchronous. */
  prepareLocales?: () => Promise<void>;
}

/** What goes into the page: in its head, before its root, and in place of its empty root (a rendered screen). */
export interface ScreenParts {
  head: string;
  body: string;
  root?: string;
}

export type DashboardScreen = (request: FastifyRequest, answers: FirstAnswers) => ScreenParts;

/**
 * The bound on the renders (issue #38: about 19 ms each, unbounded, so 8 connections loading
 * /dashboard raised another learner's p50 to 78 ms): over time they take at most RENDER_SHARE of
 * the event loop, and after a quiet spell at most RENDER_BURST_MS of it at once (a few learners
 * opening the app together are all rendered). A page asked for when that budget is spent gets the
 * plain first facts at once (a working page, drawn by the app a moment later) rather than waiting.
 */
export const RENDER_SHARE = 0.25;
export const RENDER_BURST_MS = 100;

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

export interface ScreenOptions {
  /** Called for each render made (not for a page given a kept one, screenMemory.ts): tests count them. */
  onRender?: () => void;
  /** The render time a quiet spell earns (RENDER_BURST_MS): tests of what a page shows raise it, so a slow test host still renders. */
  burstMs?: number;
}

export async function loadDashboardScreen(spaRoot: string, log: FastifyBaseLogger, { onRender, burstMs = RENDER_BURST_MS }: ScreenOptions = {}): Promise<DashboardScreen> {
  const file = resolve(spaRoot, 'ssr', 'dashboardScreen.js');
  let renderer: Renderer | null = null;
  try {
    if (existsSync(file)) {
      renderer = (await import(pathToFileURL(file).href)) as Renderer;
      await renderer.prepareLocales?.();
    }
    else log.warn(`No server render of the dashboard in ${file}: its page shows the plain first facts`);
  } catch (err) {
    log.error({ err }, 'The server render of the dashboard did not load: its page shows the plain first facts');
  }
  // Milliseconds of render time left: spent by each render, earned back at RENDER_SHARE of the time passing.
  let budget = burstMs;
  let budgetAt = performance.now();
  const memory = new ScreenMemory();
  return (request, { answers, today, zoneKnown, locale, timeZone }) => {
    const started = performance.now();
    budget = Math.min(burstMs, budget + (started - budgetAt) * RENDER_SHARE);
    budgetAt = started;
    if (renderer) {
      const draw = renderer;
      const narrow = isPhone(request);
      const tab = request.cookies[ACTIVE_TAB_COOKIE];
      const learner = (answers.find((a) => a.endpointName === 'checkAuth')?.value as { email?: string } | undefined)?.email;
      let rendered = false;
      // A running timer's elapsed time is drawn for the instant of the render, which is then part of what it is drawn from.
      const runningTimer = (answers.find((a) => a.endpointName === 'getTimer')?.value as { timer?: unknown } | undefined)?.timer;
      const now = Date.now();
      try {
        // A kept render costs no budget; a new one is made only while the budget lasts.
        const screen = memory.rendered(`${learner}\u0000${narrow}\u0000${tab}\u0000${locale}`, { answers, today, zoneKnown, locale, timeZone, ...(runningTimer ? { now } : {}) }, () => {
          if (budget <= 0) throw new BudgetSpent();
          rendered = true;
          onRender?.();
          return { ...draw.renderDashboardScreen({ answers, today, narrow, tab, now, locale, timeZone }), now };
        });
        const drawnFor = `data-today="${today}" data-narrow="${narrow}" data-day-drawn="${zoneKnown}" data-now="${screen.now}"`;
        return { head: screen.styleTags, body: '', root: `<div id="root" data-server-screen ${drawnFor} inert>${screen.markup}</div>` };
      } catch (err) {
        if (!(err instanceof BudgetSpent)) log.error({ err }, 'The server render of the dashboard failed: its page shows the plain first facts');
      } finally {
        if (rendered) budget -= performance.now() - started;
      }
    }
    const shell = dashboardShell(answers, locale);
    return { head: '', body: shell && `<div id="first-screen">${shell}</div>` };
  };
}

class BudgetSpent extends Error {}
