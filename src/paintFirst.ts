/**
 * Issue #45: the dashboard's page, which carries the server's first screen, asks for the app's code
 * only once that screen has painted, and evaluates it one chunk per task. Its page
 * (scripts/route-pages.mjs) names the chunks: `data-evaluate`, the entry's own in the order they
 * depend on each other, the entry last (it starts the app); `data-preload`, the screen's, which the
 * app imports itself. The app's code requested from the head made Lighthouse's LCP wait for its
 * download, and the entry evaluated at once was one task of 110-130 ms (docs/PERFORMANCE.md).
 * A file of its own, not inline (the page's CSP is `script-src 'self'`), and hashed like the app's
 * chunks (vite.config.ts), so a next visit takes it from the browser's cache without asking.
 */
const tag = document.querySelector('script[data-evaluate]');
const named = (attribute: string) => (tag?.getAttribute(attribute) ?? '').split(' ').filter(Boolean);

// A message to itself: a new task at once (nested timeouts are held back 4 ms each after the fifth).
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
// The frame that paints the server's screen, then the task after it. A hidden tab paints nothing
// (no frames): its code comes at once, so it is live when shown.
const afterFirstPaint = () =>
  document.hidden ? Promise.resolve() : new Promise<void>((resolve) => requestAnimationFrame(() => resolve(nextTask())));

await afterFirstPaint();
const evaluate = named('data-evaluate');
// Every chunk asked for at once (one round trip), evaluated only when imported below.
for (const href of [...evaluate, ...named('data-preload')]) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
for (const src of evaluate) {
  await import(/* @vite-ignore */ src);
  await nextTask();
}

export {};
