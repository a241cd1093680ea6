import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { apiSlice } from '@/api/apiSlice';
import { endSessionOnUnauthorized, sessionSlice } from '@/api/session';
import { dashboardSlice, persistActiveTab } from '@/features/dashboard/dashboardSlice';
import { settingsSlice } from '@/features/settings/settingsSlice';
import { callsInTurn } from '@/lib/callsInTurn';
import { createOutbox } from '@/sync/outbox';
import { syncSlice } from '@/sync/syncSlice';
import { persistUnsentTimer, timerSlice } from '@/features/timer/timerSlice';

const rootReducer = combineSlices(apiSlice, sessionSlice, dashboardSlice, settingsSlice, syncSlice, timerSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  // This store's own outbox and timer calls' line: its thunks (addTime, src/sync/outbox.ts; the
  // timer's, features/timer/timerCalls.ts) reach them as their extra argument.
  const outbox = createOutbox();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { outbox: outbox.waiters, timerCalls: callsInTurn() } } }).concat(
        apiSlice.middleware,
        endSessionOnUnauthorized,
        persistActiveTab.middleware,
        persistUnsentTimer.middleware,
        outbox.middleware,
      ),
    devTools: import.meta.env.DEV,
  });
  // Enables refetchOnFocus / refetchOnReconnect for the queries that ask for it.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

// The floors below read these through @/api/storeTypes, so none of them imports this file.
declare module '@/api/storeTypes' {
  // Spelled out: inside this block, RootState and the others would name storeTypes' own aliases.
  interface StoreTypes {
    state: ReturnType<typeof rootReducer>;
    dispatch: ReturnType<typeof makeStore>['dispatch'];
    store: ReturnType<typeof makeStore>;
  }
}
