import { createBrowserRouter, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '@/app/paths';
import { RequireAuth, VisitorOnly } from '@/app/guards';
import { LoadingScreen } from '@/components/StatusMessage';

/**
 * Routes are split per screen so the landing, sign-in and sign-up pages load no chart or
 * dashboard code. No errorElement is set: react-router's default screen reads
 * 'Unexpected Application Error!' (spec 8).
 */
const screens: RouteObject[] = [
  {
    path: paths.landing,
    lazy: async () => ({ Component: (await import('@/features/auth/LandingPage')).LandingPage }),
  },
  {
    Component: VisitorOnly,
    children: [
      {
        path: paths.register,
        lazy: async () => ({ Component: (await import('@/features/auth/RegisterPage')).RegisterPage }),
      },
      {
        path: paths.login,
        lazy: async () => ({ Component: (await import('@/features/auth/LoginPage')).LoginPage }),
      },
    ],
  },
  {
    Component: RequireAuth,
    children: [
      {
        path: paths.registerLanguage,
        lazy: async () => ({ Component: (await import('@/features/onboarding/LanguageStep')).LanguageStep }),
      },
      {
        path: paths.registerGoal,
        lazy: async () => ({ Component: (await import('@/features/onboarding/GoalStep')).GoalStep }),
      },
      {
        path: paths.registerPreviousTime,
        lazy: async () => ({ Component: (await import('@/features/onboarding/PreviousTimeStep')).PreviousTimeStep }),
      },
      {
        path: paths.dashboard,
        lazy: async () => ({ Component: (await import('@/features/dashboard/DashboardPage')).DashboardPage }),
      },
      {
        path: paths.settings,
        lazy: async () => ({ Component: (await import('@/features/settings/SettingsPage')).SettingsPage }),
      },
      {
        path: paths.insights,
        lazy: async () => ({ Component: (await import('@/features/insights/InsightsPage')).InsightsPage }),
      },
    ],
  },
];

/** One root so the first lazy screen shows 'Loading...' while its code arrives. */
export const routes: RouteObject[] = [{ HydrateFallback: LoadingScreen, children: screens }];

export const makeBrowserRouter = () => createBrowserRouter(routes);

/** For tests: the same routes in memory, starting at `initialPath`. */
export const makeMemoryRouter = (initialPath: string) => createMemoryRouter(routes, { initialEntries: [initialPath] });
