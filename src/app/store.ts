import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { apiSlice } from '@/app/apiSlice';
import { endSessionOnUnauthorized, sessionSlice } from '@/app/session';
import { dashboardSlice, persistActiveTab } from '@/features/dashboard/dashboardSlice';
import { settingsSlice } from '@/features/settings/settingsSlice';
import { outboxMiddleware } from '@/features/sync/outbox';
import { syncSlice } from '@/features/sync/syncSlice';
import { persistUnsentTimer, timerSlice } from '@/features/timer/timerSlice';

const rootReducer = combineSlices(apiSlice, sessionSlice, dashboardSlice, settingsSlice, syncSlice, timerSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().concat(apiSlice.middleware, endSessionOnUnauthorized, persistActiveTab.middleware, persistUnsentTimer.middleware, outboxMiddleware()),
    devTools: import.meta.env.DEV,
  });
  // Enables refetchOnFocus / refetchOnReconnect for the queries that ask for it.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
