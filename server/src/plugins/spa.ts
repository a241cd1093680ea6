/**
 * Serves the built SPA: hashed files under /assets are cached for a year, index.html is
 * revalidated every time so a deploy is picked up at once. Any GET outside /api that is not a
 * file answers index.html, so deep links like /dashboard work on reload. A signed-in screen's
 * page, asked with a live session, also carries its first reads' answers (firstAnswers.ts) and
 * is then private and never stored.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answersScript, drawableAnswers, firstAnswers, isSignedInScreen } from './firstAnswers';
import { loadDashboardScreen, type ScreenOptions, type ScreenParts } from './serverScreen';
import { localeDir } from '@common/locales';
import { requestLocale } from './answerLocale';

const NO_CACHE = 'no-cache';

/**
 * A page that carries its first screen needs no script for its first paint: its scripts are asked
 * for at low priority, so nothing of them is needed before the server's screen paints.
 * Lighthouse's simulated first paint then no longer waits for 135 KB of script over slow 4G (issue
 * #32, docs/PERFORMANCE.md).
 */
export function codeAfterPaint(page: string): string {
  return page.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
}

/**
 * Issue #45: the copy of a screen's page whose head holds only a small loader that asks for the
 * app's code once the server's screen has painted (src/paintFirst.ts; scripts/route-pages.mjs
 * writes it). Issue #54: every signed-in dashboard whose first screen the server drew gets it, with
 * or without the `tz` cookie: the screen paints from the HTML alone, so the code, kept by a
 * returning device or still to come over the network on a new one, waits until it has painted.
 */
export const paintFirstCopy = (page: string) => page.replace(/\.html$/, '.paint-first.html');

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

export async function registerSpa(app: FastifyInstance, spaDir: string, screenOptions: ScreenOptions = {}): Promise<SpaFallback | null> {
  const root = resolve(spaDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`No built SPA in ${root}: serving the API only`);
    return null;
  }
  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
    // The server's own code (dist/server, scripts/build-server.mjs) and its render code (dist/ssr,
    // serverScreen.ts) are not the site's.
    allowedPath: (pathName) => !/^\/(ssr|server)(\/|$)/.test(pathName),
    // The build writes .br and .gz copies (vite.config.ts); browsers that accept one get it.
    preCompressed: true,
    setHeaders: (res, path) => {
      const assets = path.startsWith(resolve(root, 'assets'));
      res.setHeader('cache-control', assets ? 'public, max-age=31536000, immutable' : NO_CACHE);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // A screen's path answers its copy of index.html that also preloads the screen's code
  // (scripts/route-pages.mjs); any other path, index.html itself.
  const pagesFile = resolve(root, 'route-pages.json');
  const routePages = new Map<string, string>(existsSync(pagesFile) ? Object.entries(JSON.parse(readFileSync(pagesFile, 'utf8'))) : []);
  const paintFirstPages = new Set([...routePages.values()].filter((page) => existsSync(resolve(root, paintFirstCopy(page)))));
  const dashboardScreen = await loadDashboardScreen(root, app.log, screenOptions);
  const sendAnswered = async (request: FastifyRequest, reply: FastifyReply, path: string, page: string) => {
    const answers = await firstAnswers(app, request, path);
    if (!answers) return reply.header('cache-control', NO_CACHE).sendFile(page);
    // The dashboard's first screen is in the page before any script runs: in the SPA's root, which
    // the SPA hydrates (src/app/start.tsx), or, as the plain first facts, beside it until the SPA draws.
    // The day's figures only for a day of the learner's known zone (issue #44): their device's time-zone
    // cookie, else the zone their account keeps (issue #54); without either the server's guessed day
    // could be another, so those panels show they load.
    const screen: ScreenParts = path === '/dashboard' ? dashboardScreen(request, drawableAnswers(answers)) : { head: '', body: '' };
    const drawn = Boolean(screen.body || screen.root);
    const template = readFileSync(resolve(root, drawn && paintFirstPages.has(page) ? paintFirstCopy(page) : page), 'utf8');
    // The page names its locale (contract, fifth edition): the app loads that catalogue before it draws or hydrates.
    const html = (drawn ? codeAfterPaint(template) : template)
      .replace(/<html lang="[^"]*"/, `<html lang="${answers.locale}" dir="${localeDir(answers.locale)}" data-locale="${answers.locale}"`)
      .replace('</head>', `${screen.head}</head>`)
      .replace('<div id="root"></div>', `${screen.body}${screen.root ?? '<div id="root"></div>'}`)
      .replace('</body>', `${answersScript(answers)}\n</body>`);
    reply.header('cache-control', 'private, no-store').header('content-type', 'text/html; charset=utf-8').header('content-language', answers.locale);
    reply.header('vary', 'Cookie, Accept-Encoding, Accept-Language');
    if (!/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html);
    // Compressed as the build's own files are (a 10-year learner's answers are tens of KB).
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0].replace(/(.)\/+$/, '$1');
    const page = routePages.get(path) ?? 'index.html';
    if (!isSignedInScreen(path)) return reply.header('cache-control', NO_CACHE).sendFile(page);
    // A signed-in screen's page differs by session (src/plugins/firstAnswers.ts): no cache may give it to another.
    reply.header('vary', 'Cookie, Accept-Encoding');
    if (!request.headers.cookie) return reply.header('cache-control', NO_CACHE).sendFile(page);
    sendAnswered(request, reply, path, page).catch((err: unknown) => reply.send(err));
    return reply;
  };

  // `/` answers the landing page pre-rendered at build time (scripts/prerender-landing.mjs): complete
  // HTML with no script, its buttons plain links into the app. Without that file, the app itself.
  // (The root is a directory, which the static handler refuses, so it gets its own route.)
  // In the visitor's locale (the best match of Accept-Language, contract, fifth edition): landing.<tag>.html, English's is landing.html.
  const landing = existsSync(resolve(root, 'landing.html')) ? 'landing.html' : 'index.html';
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    const locale = requestLocale(request);
    const localized = `landing.${locale}.html`;
    const page = landing === 'landing.html' && locale !== 'en' && existsSync(resolve(root, localized)) ? localized : landing;
    return reply
      .header('cache-control', NO_CACHE)
      .header('vary', 'Accept-Language, Accept-Encoding')
      .header('content-language', page === landing && landing === 'landing.html' ? 'en' : locale)
      .sendFile(page);
  });
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    // A missing hashed asset is a real 404: answering HTML for a script only hides the error.
    if (/^\/(api|assets)(\/|\?|$)/.test(request.url)) return null;
    return sendIndex(request, reply);
  };
}
