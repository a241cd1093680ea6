import type { Dialect, Driver } from 'kysely';

/** `dialect` with its driver wrapped by `wrap`: the adapter, introspector and compiler stay its own. */
export function withDriver(dialect: Dialect, wrap: (driver: Driver) => Driver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => wrap(dialect.createDriver()),
  };
}
