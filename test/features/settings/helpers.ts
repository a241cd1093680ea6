import { configure, screen } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import { server } from '../../mocks/server';
import { renderApp } from '../../utils';

// These tests render the whole app with its lazy screens on a machine shared by many test runs:
// a second is not always enough for a screen's first appearance.
configure({ asyncUtilTimeout: 5000 });

/** Every call the SPA makes from now on, as 'METHOD /path' without the /api prefix or query. */
export function recordRequests(): string[] {
  const log: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    log.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return log;
}

/** Calls that change something (not GETs), in the order they were made. */
export const writes = (log: string[]) => log.filter((entry) => !entry.startsWith('GET '));

/** /settings rendered through the real router, once its saved values have arrived. */
export async function openSettings() {
  const result = renderApp('/settings');
  await screen.findByLabelText('Language you are learning');
  await screen.findByLabelText('Hours learned before');
  return result;
}
