import { createBrowserRouter, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { paths } from '@/api/paths';
import { RequireAuth, VisitorOnly } from '@/app/guards';
import { RoutedAuthPorts } from '@/app/RoutedAuthPorts';
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

const visitorScreens: RouteObject[] = [
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
];

/**
 * Routes are split per screen so the landing, sign-in and sign-up pages load no chart or
 * dashboard code. The guarded routes' loaders start their reads (src/app/prefetch.ts) while the
 * screen's code loads, and return at once: the screens read the same cache through their hooks.
 */
const screens = (store: AppStore, loaded: LoadedScreens): RouteObject[] => [
  // The visitor's pages: their forms reach the store and the router through src/app/RoutedAuthPorts.tsx.
  { Component: RoutedAuthPorts, children: visitorScreens },
  {
    id: GUARD_ROUTE_ID,
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
        id: DASHBOARD_ROUTE_ID,
        path: paths.dashboard,
        loader: () => {
          afterNextPaint(() => prefetchDashboard(store));
          return null;
        },
        ...(loaded.Dashboard
          ? { Component: loaded.Dashboard }
          : { lazy: screen(async () => (await import('@/app/DashboardScreen')).DashboardScreen) }),
      },
      {
        path: paths.settings,
        // The page and the sections other features bring (app/SettingsSections.tsx): features meet only here.
        lazy: screen(async () => {
          const [{ SettingsPage }, { SettingsSections }] = await Promise.all([
            import('@/features/settings/SettingsPage'),
            import('@/app/SettingsSections'),
          ]);
          return function SettingsScreen() {
            return <SettingsPage sections={<SettingsSections />} />;
          };
        }),
      },
      {
        path: paths.insights,
        lazy: async () => ({ Component: (await import('@/features/insights/InsightsPage')).InsightsPage }),
      },
    ],
  },
  { path: '*', Component: NotFoundScreen },
];

export const GUARD_ROUTE_ID = 'guard';
export const DASHBOARD_ROUTE_ID = 'dashboard';

/**
 * Issue #45: screens whose code is already at hand. A page that holds the server's render of the
 * dashboard is hydrated, and React must then draw the very tree the server drew, not the
 * 'Loading...' of a screen whose code is still on its way (src/app/start.tsx).
 */
export interface LoadedScreens {
  Dashboard?: ComponentType;
}

/**
 * One root so the first lazy screen shows 'Loading...' while its code arrives, and so any
 * screen's failure (render or code load) shows our error screen rather than the developer one.
 */
export const makeRoutes = (store: AppStore, loaded: LoadedScreens = {}): RouteObject[] => [
  { HydrateFallback: LoadingScreen, errorElement: <RouteErrorScreen />, children: screens(store, loaded) },
];

export const makeBrowserRouter = (store: AppStore, loaded: LoadedScreens = {}) => createBrowserRouter(makeRoutes(store, loaded));

/** For tests: the same routes in memory, starting at `initialPath`. */
export const makeMemoryRouter = (initialPath: string, store: AppStore) =>
  createMemoryRouter(makeRoutes(store), { initialEntries: [initialPath] });
