import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { apiSlice } from '@/api/apiSlice';
import { endSessionOnUnauthorized, sessionSlice } from '@/api/session';
import { dashboardSlice, persistActiveTab } from '@/features/dashboard/dashboardSlice';
import { settingsSlice } from '@/features/settings/settingsSlice';
import { createOutbox } from '@/sync/outbox';
import { syncSlice } from '@/sync/syncSlice';
import { timerListener, timerSlice } from '@/features/timer/timerSlice';

const rootReducer = combineSlices(apiSlice, sessionSlice, dashboardSlice, settingsSlice, syncSlice, timerSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  // This store's own outbox (the adds and the timer's calls): its thunks (addTime, timerCallQueued,
  // src/sync/outbox.ts) reach its waiters as their extra argument.
  const outbox = createOutbox();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { outbox: outbox.waiters } } }).concat(
        apiSlice.middleware,
        endSessionOnUnauthorized,
        persistActiveTab.middleware,
        timerListener.middleware,
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
