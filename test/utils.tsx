import type { RenderOptions } from '@testing-library/react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { vi } from 'vitest';
import { makeMemoryRouter } from '@/app/router';
import type { AppStore, RootState } from '@/app/store';
import { makeStore } from '@/app/store';
import { theme } from '@/styles/theme';
import { I18nProvider } from '@/i18n/I18nProvider';

interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** Renders `ui` inside the app's providers with a fresh store. */
export function renderWithProviders(ui: ReactElement, { preloadedState, store = makeStore(preloadedState), ...options }: ExtendedRenderOptions = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <I18nProvider>
        <ThemeProvider theme={theme}>{children}</ThemeProvider>
      </I18nProvider>
    </Provider>
  );
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** Renders the whole app (real routes, guards and lazy screens) starting at `path`. */
export function renderApp(path: string, { preloadedState, store = makeStore(preloadedState), ...options }: ExtendedRenderOptions = {}) {
  const router = makeMemoryRouter(path, store);
  const result = renderWithProviders(<RouterProvider router={router} />, { store, ...options });
  return { ...result, router };
}

/** Sets the jsdom viewport width (narrow is under 640 px) and fires resize. */
export function setViewportWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

/**
 * Starts the clock at local noon today and lets it run on, so a test's "started N minutes ago"
 * never crosses midnight (a CI run at 00:27 split such a timer over two days). Undo with
 * `vi.useRealTimers()`.
 */
export function runClockFromLocalNoon() {
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: noon });
}
