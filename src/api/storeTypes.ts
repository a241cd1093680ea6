/**
 * The store's types for the floors below the composition root. The store is built on top
 * (app/store.ts) from the features' slices, so its type cannot be inferred down here without an
 * import pointing up; app/store.ts declares it into `StoreTypes` by declaration merging instead
 * (`declare module '@/api/storeTypes'`), and the hooks, the sync machinery and the features read
 * it from here. A type-only declaration: nothing at run time points up either.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by app/store.ts
export interface StoreTypes {}

type Declared = StoreTypes & { state: unknown; dispatch: unknown; store: unknown };

export type RootState = Declared['state'];
export type AppDispatch = Declared['dispatch'];
export type AppStore = Declared['store'];
