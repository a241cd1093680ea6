import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { retryPolicy } from '@/lib/retryPolicy';
import { loadCatalogue, loadLaterMessages } from '@/i18n/catalogue';
import { createI18n, setActiveI18n } from '@/i18n/i18n';
import { rememberSentZone } from '@/i18n/startLocale';
import { resetDb } from './mocks/db';
import { server } from './mocks/server';

// The app's texts in English (the source catalogue), as a browser whose language is English starts it;
// with the later chunk (the imports' readers), which tests render without their lazy loading.
await loadLaterMessages('en');
const english = createI18n({ locale: 'en', messages: await loadCatalogue('en'), timeZone: 'UTC' });
setActiveI18n(english);

// Retries keep their count (3) but not their seconds, so failure states show quickly in tests.
retryPolicy.baseDelayMs = 1;
retryPolicy.maxDelayMs = 4;

// jsdom has no matchMedia; tests choose the width with setViewportWidth() from test/utils.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const w = window.innerWidth;
      const matches = (!max || w <= Number(max[1])) && (!min || w >= Number(min[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetDb();
  window.localStorage.clear();
  // Each test's device has given the account its zone already (a device that has not sends it a moment after the start: test/app/zoneOnAccount.test.ts).
  rememberSentZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
});
afterEach(() => {
  // A test that switched the app's language leaves the next one in English.
  setActiveI18n(english);
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
