/**
 * Where the API lives. By default the SPA and the API share one origin; `VITE_API_URL`
 * (read at build time) points the SPA at a separate API host instead. The base is always
 * absolute, because fetch under Node (tests) cannot resolve a relative URL.
 */
export function apiBaseUrl(configured: string | undefined = import.meta.env.VITE_API_URL): string {
  // The server's render of a first screen (src/ssr) reads only the answers it is given: it never calls.
  const here = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const origin = configured && configured.trim() !== '' ? configured.trim() : here;
  return `${origin.replace(/\/+$/, '')}/api`;
}
