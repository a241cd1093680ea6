import { createBrowserRouter, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { paths } from '@/app/paths';
import { RequireAuth, VisitorOnly } from '@/app/guards';
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
 * dashboard code.
 */
const screens: RouteObject[] = [
  {
    path: paths.landing,
    lazy: screen(async () => (await import('@/features/auth/LandingPage')).LandingPage),
  },
  {
    Component: VisitorOnly,
    children: [
      { path: paths.register, lazy: screen(async () => (await import('@/features/auth/RegisterPage')).RegisterPage) },
      { path: paths.login, lazy: screen(async () => (await import('@/features/auth/LoginPage')).LoginPage) },
    ],
  },
  {
    Component: RequireAuth,
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
        lazy: screen(async () => (await import('@/features/dashboard/DashboardPage')).DashboardPage),
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
export const routes: RouteObject[] = [
  { HydrateFallback: LoadingScreen, errorElement: <RouteErrorScreen />, children: screens },
];

export const makeBrowserRouter = () => createBrowserRouter(routes);

/** For tests: the same routes in memory, starting at `initialPath`. */
export const makeMemoryRouter = (initialPath: string) => createMemoryRouter(routes, { initialEntries: [initialPath] });
