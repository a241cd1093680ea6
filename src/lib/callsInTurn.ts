/**
 * A line of calls that each wait for the one before them, settled or not. One line per store
 * (its thunks' extra argument, app/store.ts), so two stores in one process never wait on each other.
 */
export function callsInTurn() {
  let last: Promise<unknown> = Promise.resolve();
  return <R>(call: () => Promise<R>): Promise<R> => {
    const next = last.then(call, call);
    last = next.catch(() => undefined);
    return next;
  };
}

export type CallsInTurn = ReturnType<typeof callsInTurn>;
