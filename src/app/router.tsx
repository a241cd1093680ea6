import { createBrowserRouter, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { paths } from '@/app/paths';
import { RequireAuth, VisitorOnly } from '@/app/guards';
import { afterNextPaint, prefetchDashboard, prefetchGuard } from '@/app/prefetch';
import type { AppStore } from '@/app/store';
import { NotFoundScreen, RouteErrorScreen } from '@/components/ErrorScreens';
import { LoadingScreen } from '@/components/StatusMessage';
import { chunkLoaded } from '@/lib/chunkReload';

/** A screen whose code loads on first visit; a successful load re-arms the one-time reload of a failed one. */
const screen = (load: () => Promise<ComponentType>) => async () => {
  const Component = await load();
  chunkLoaded();
  return { Component };
};

/**
 * Routes are split per screen so the landing, sign-in and sign-up pages load no chart or
 * dashboard code. The guarded routes' loaders start their reads (src/app/prefetch.ts) while the
 * screen's code loads, and return at once: the screens read the same cache through their hooks.
 */
const screens = (store: AppStore): RouteObject[] => [
  {
    path: paths.landing,
    lazy: screen(async () => (await import('@/features/auth/LandingPage')).LandingPage),
  },
  // A forgotten password: open signed in or not (an emailed link may be opened anywhere).
  { path: paths.forgotPassword, lazy: screen(async () => (await import('@/features/auth/ForgotPasswordPage')).ForgotPasswordPage) },
  { path: paths.resetPassword, lazy: screen(async () => (await import('@/features/auth/ResetPasswordPage')).ResetPasswordPage) },
  {
    Component: VisitorOnly,
    children: [
      { path: paths.register, lazy: screen(async () => (await import('@/features/auth/RegisterPage')).RegisterPage) },
      { path: paths.login, lazy: screen(async () => (await import('@/features/auth/LoginPage')).LoginPage) },
    ],
  },
  {
    Component: RequireAuth,
    loader: () => {
      afterNextPaint(() => prefetchGuard(store.dispatch));
      return null;
    },
    children: [
      {
        path: paths.registerLanguage,
        lazy: screen(async () => (await import('@/features/onboarding/LanguageStep')).LanguageStep),
      },
      { path: paths.registerGoal, lazy: screen(async () => (await import('@/features/onboarding/GoalStep')).GoalStep) },
      {
        path: paths.registerPreviousTime,
        lazy: screen(async () => (await import('@/features/onboarding/PreviousTimeStep')).PreviousTimeStep),
      },
      {
        path: paths.dashboard,
        loader: () => {
          afterNextPaint(() => {
            prefetchDashboard(store);
            // The pie chart's drawing (victory) loads beside the data rather than after it; a
            // failure here is met again, and handled, where the chart itself loads it.
            import('@/components/charts/PieRing').catch(() => undefined);
          });
          return null;
        },
        lazy: screen(async () => (await import('@/app/DashboardScreen')).DashboardScreen),
      },
      {
        path: paths.settings,
        lazy: screen(async () => (await import('@/features/settings/SettingsPage')).SettingsPage),
      },
      {
        path: paths.insights,
        lazy: async () => ({ Component: (await import('@/features/insights/InsightsPage')).InsightsPage }),
      },
    ],
  },
  { path: '*', Component: NotFoundScreen },
];

/**
 * One root so the first lazy screen shows 'Loading...' while its code arrives, and so any
 * screen's failure (render or code load) shows our error screen rather than the developer one.
 */
export const makeRoutes = (store: AppStore): RouteObject[] => [
  { HydrateFallback: LoadingScreen, errorElement: <RouteErrorScreen />, children: screens(store) },
];

export const makeBrowserRouter = (store: AppStore) => createBrowserRouter(makeRoutes(store));

/** For tests: the same routes in memory, starting at `initialPath`. */
export const makeMemoryRouter = (initialPath: string, store: AppStore) =>
  createMemoryRouter(makeRoutes(store), { initialEntries: [initialPath] });
