import type { PayloadAction } from '@reduxjs/toolkit';
import { createListenerMiddleware, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { ACTIVE_TAB_COOKIE } from '@common/cookies';
import { apiSlice } from '@/api/apiSlice';

export const TABS = ['daily', 'calendar', 'progress', 'levels'] as const;
export type Tab = (typeof TABS)[number];

/** Spec 2: the chosen narrow-screen tab is kept in local storage under `activeTab`. */
const ACTIVE_TAB_KEY = 'activeTab';
const DEFAULT_TAB: Tab = 'daily';

function storedTab(): Tab {
  try {
    return tabOrDefault(window.localStorage.getItem(ACTIVE_TAB_KEY) ?? undefined);
  } catch {
    return DEFAULT_TAB;
  }
}

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: () => ({ activeTab: storedTab() }),
  reducers: {
    tabSelected(state, action: PayloadAction<Tab>) {
      state.activeTab = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Local storage is cleared before each sign-in (spec 2), and sign-up and sign-out forget the
    // tab too (issue #39), so the next learner starts on the default tab.
    const learnerChanges = isAnyOf(apiSlice.endpoints.login.matchPending, apiSlice.endpoints.register.matchPending, apiSlice.endpoints.logout.matchFulfilled);
    builder.addMatcher(learnerChanges, (state) => {
      state.activeTab = DEFAULT_TAB;
    });
  },
  selectors: {
    selectActiveTab: (state) => state.activeTab,
  },
});

export const { tabSelected } = dashboardSlice.actions;
export const { selectActiveTab } = dashboardSlice.selectors;

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/**
 * The tab is also named in a cookie (common/cookies.ts), so the server's render of the dashboard's
 * first screen (issue #32) shows the same tab the app will; signing in forgets it, as it does local storage.
 */
const writeTabCookie = (value: string, maxAge: number) => {
  document.cookie = `${ACTIVE_TAB_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax`;
};

export const persistActiveTab = createListenerMiddleware();
persistActiveTab.startListening({
  actionCreator: tabSelected,
  effect: (action) => {
    writeTabCookie(action.payload, YEAR_SECONDS);
    try {
      window.localStorage.setItem(ACTIVE_TAB_KEY, action.payload);
    } catch {
      // Storage may be full or disabled; the tab still works for this visit.
    }
  },
});
persistActiveTab.startListening({
  matcher: apiSlice.endpoints.login.matchPending,
  effect: () => writeTabCookie('', 0),
});

/** A tab's name from outside (a cookie), or the default. */
export const tabOrDefault = (value: string | undefined): Tab =>
  (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : DEFAULT_TAB;
