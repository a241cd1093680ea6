/**
 * Serves the built SPA: hashed files under /assets are cached for a year, index.html is
 * revalidated every time so a deploy is picked up at once. Any GET outside /api that is not a
 * file answers index.html, so deep links like /dashboard work on reload.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NO_CACHE = 'no-cache';

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

export async function registerSpa(app: FastifyInstance, spaDir: string): Promise<SpaFallback | null> {
  const root = resolve(spaDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`No built SPA in ${root}: serving the API only`);
    return null;
  }
  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
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
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0].replace(/(.)\/+$/, '$1');
    return reply.header('cache-control', NO_CACHE).sendFile(routePages.get(path) ?? 'index.html');
  };
  // `/` answers the landing page pre-rendered at build time (scripts/prerender-landing.mjs): complete
  // HTML with no script, its buttons plain links into the app. Without that file, the app itself.
  // (The root is a directory, which the static handler refuses, so it gets its own route.)
  const landing = existsSync(resolve(root, 'landing.html')) ? 'landing.html' : 'index.html';
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', NO_CACHE).sendFile(landing));
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    // A missing hashed asset is a real 404: answering HTML for a script only hides the error.
    if (/^\/(api|assets)(\/|\?|$)/.test(request.url)) return null;
    return sendIndex(request, reply);
  };
}
