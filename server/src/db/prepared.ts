/**
 * Queries built and compiled by Kysely once, then run with new values. Building a query
 * (immutable nodes, frozen at every step) and compiling it to SQL cost more CPU than SQLite takes to
 * answer a primary-key lookup (docs/PERFORMANCE.md, issue #10); the dashboard's hot queries do it
 * on every request otherwise. The query is still written with Kysely's typed builder, in either
 * dialect, and run through Kysely's executor: only the build and the compilation are skipped.
 *
 *   const findUser = prepared((db, p: { id: number }) => db.selectFrom('users').select('email').where('id', '=', p.id));
 *   const rows = await findUser.execute(app.db, { id: 1 });
 *
 * Each field of `p` stands for a value given at execution; it must be used as a plain value
 * (a comparison operand, an inserted value), never inspected while building.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './database';

/**
 * A way to run a compiled read at once, without Kysely's executor (its connection mutex and the
 * promise turns around it, about a tenth of a cheap read's CPU: docs/PERFORMANCE.md, issue #10).
 * Given by createDatabase for SQLite only; it answers null when the query must take Kysely's way.
 */
export type DirectReader = (sql: string, parameters: readonly unknown[]) => QueryResult<unknown> | null;

/**
 * A way to run a compiled write at once and commit it without waiting for the disk (a counter, a
 * last-use instant: what a power cut may lose at no cost), without Kysely's executor. Given by
 * createDatabase for SQLite only; it answers null when the write must take Kysely's way (a
 * transaction is open on the connection).
 */
export type DirectUnflushedWriter = (sql: string, parameters: readonly unknown[]) => QueryResult<unknown> | null;

/**
 * A way to run a whole transaction at once (issue #54): `work` runs between BEGIN and COMMIT in one
 * synchronous block, each statement given to `run`, and the COMMIT waits for the disk as every
 * transaction's does; a throw rolls it back. Kysely's way costs a write several turns of the event
 * loop and its connection mutex around each of BEGIN, every statement and COMMIT. Given by
 * createDatabase for SQLite only; undefined while a transaction is open on the connection (it is
 * Kysely's until its COMMIT: the caller takes Kysely's way too).
 */
export type DirectTransactor = <T>(work: (run: DirectRun) => T) => { value: T } | undefined;
export type DirectRun = (sql: string, parameters: readonly unknown[]) => QueryResult<unknown>;

/** A transaction run at once (DirectTransactor): its statements are run through `at` (Prepared.runAt). */
export interface AtOnce {
  db: Kysely<Database>;
  run: DirectRun;
}

const directReaders = new WeakMap<object, DirectReader>();
const unflushedWriters = new WeakMap<object, DirectUnflushedWriter>();
const transactors = new WeakMap<object, DirectTransactor>();

/** Registers the direct way for one database (the root Kysely instance; its transactions never use it). */
export function allowDirectReads(db: Kysely<Database>, reader: DirectReader, writer?: DirectUnflushedWriter, transactor?: DirectTransactor): void {
  directReaders.set(db, reader);
  if (writer) unflushedWriters.set(db, writer);
  if (transactor) transactors.set(db, transactor);
}

/**
 * `work` in one transaction run at once where the database offers that way (SQLite while no
 * transaction is open: DirectTransactor); undefined: the caller runs it the Kysely way.
 */
export function atOnce<T>(db: Kysely<Database>, work: (tx: AtOnce) => T): { value: T } | undefined {
  const transactor = transactors.get(db);
  return transactor?.((run) => work({ db, run }));
}

class Slot {
  constructor(readonly name: string) {}
}

export interface Prepared<P, R> {
  /** The driver's whole answer (rows, and numAffectedRows for a write). */
  run(db: Kysely<Database>, values: P): Promise<QueryResult<R>>;
  execute(db: Kysely<Database>, values: P): Promise<R[]>;
  takeFirst(db: Kysely<Database>, values: P): Promise<R | undefined>;
  /**
   * A write run at once and committed without waiting for the disk, where the database offers that
   * way (SQLite while no transaction is open); undefined: the caller takes its own way.
   */
  runUnflushedAtOnce(db: Kysely<Database>, values: P): QueryResult<R> | undefined;
  /** The statement inside a transaction run at once (atOnce). */
  runAt(tx: AtOnce, values: P): QueryResult<R>;
}

export function prepared<P extends Record<string, unknown>, R>(build: (db: Kysely<Database>, params: P) => Compilable<R>): Prepared<P, R> {
  const params = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as P;
  // Per database instance (tests build many apps, on both dialects), keyed by its dialect adapter,
  // which its transactions share (the migrations read it the same way).
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  const compile = (db: Kysely<Database>): CompiledQuery<R> => {
    const key = db.getExecutor().adapter;
    let query = compiled.get(key);
    if (!query) {
      query = build(db, params).compile();
      compiled.set(key, query);
    }
    return query;
  };
  const bind = (query: CompiledQuery<R>, values: P) => query.parameters.map((value) => (value instanceof Slot ? values[value.name] : value));
  const run = (db: Kysely<Database>, values: P): Promise<QueryResult<R>> => {
    const query = compile(db);
    const parameters = bind(query, values);
    const direct = directReaders.get(db);
    if (direct) {
      try {
        const result = direct(query.sql, parameters);
        if (result) return Promise.resolve(result as QueryResult<R>);
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return db.executeQuery<R>({ ...query, parameters });
  };
  const execute = async (db: Kysely<Database>, values: P): Promise<R[]> => (await run(db, values)).rows;
  const runUnflushedAtOnce = (db: Kysely<Database>, values: P): QueryResult<R> | undefined => {
    const writer = unflushedWriters.get(db);
    if (!writer) return undefined;
    const query = compile(db);
    return (writer(query.sql, bind(query, values)) as QueryResult<R> | null) ?? undefined;
  };
  const runAt = (tx: AtOnce, values: P): QueryResult<R> => {
    const query = compile(tx.db);
    return tx.run(query.sql, bind(query, values)) as QueryResult<R>;
  };
  return { run, execute, takeFirst: async (db, values) => (await execute(db, values))[0], runUnflushedAtOnce, runAt };
}
