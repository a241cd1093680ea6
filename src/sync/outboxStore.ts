import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import type { QueuedWrite } from './syncSlice';

interface LinguaLogDb extends DBSchema {
  outbox: { key: string; value: QueuedWrite };
  /**
   * Unused (the answers kept for an offline start live in localStorage, offlineCache.ts); still
   * created, so the database stays at version 1: dropping it takes a version change, which waits
   * (past OPEN_WAIT_MS, into memory only) while a tab of the previous app holds the database open.
   */
  cache: { key: string; value: never };
}

/** The durable side of the outbox: IndexedDB, or memory where there is none. */
export interface OfflineStore {
  entries(): Promise<QueuedWrite[]>;
  put(entry: QueuedWrite): Promise<void>;
  remove(key: string): Promise<void>;
  removeOwnedBy(owner: string): Promise<void>;
  /** True once the browser refused IndexedDB (a private window, a full disk, a blocked origin): the adds live in memory only. */
  refused(): Promise<boolean>;
}

const DB_NAME = 'lingualog-offline';

/** Opening IndexedDB: refused at once in some browsers, never answered in others (a blocked origin); either is a refusal. */
const OPEN_WAIT_MS = 3_000;

function openDatabase(): Promise<IDBPDatabase<LinguaLogDb>> {
  const opening = openDB<LinguaLogDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('outbox', { keyPath: 'key' });
      database.createObjectStore('cache');
    },
  });
  const unanswered = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('IndexedDB did not open')), OPEN_WAIT_MS));
  return Promise.race([opening, unanswered]);
}

/**
 * IndexedDB, or memory once the browser refuses to open it (issue #39): the adds are then still
 * shown and sent at once, only not kept if the tab closes, and `refused()` says so.
 */
function indexedDbStore(): OfflineStore {
  let opened: Promise<IDBPDatabase<LinguaLogDb> | null> | undefined;
  const memory = memoryStore();
  // Some browsers throw at once rather than fail the request: either way, memory.
  const db = () => (opened ??= Promise.resolve().then(openDatabase).catch(() => null));
  const either =
    <A extends unknown[], R>(durable: (database: IDBPDatabase<LinguaLogDb>, ...args: A) => Promise<R>, volatile: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const database = await db();
      return database ? durable(database, ...args) : volatile(...args);
    };
  return {
    entries: either((database) => database.getAll('outbox'), memory.entries),
    put: either(async (database, entry: QueuedWrite) => void (await database.put('outbox', entry)), memory.put),
    remove: either((database, key: string) => database.delete('outbox', key), memory.remove),
    removeOwnedBy: either(async (database, owner: string) => {
      const tx = database.transaction('outbox', 'readwrite');
      for await (const cursor of tx.store) if (cursor.value.owner === owner) await cursor.delete();
      await tx.done;
    }, memory.removeOwnedBy),
    refused: async () => (await db()) === null,
  };
}

function memoryStore(): OfflineStore {
  const outbox = new Map<string, QueuedWrite>();
  return {
    entries: async () => [...outbox.values()],
    put: async (entry) => void outbox.set(entry.key, entry),
    remove: async (key) => void outbox.delete(key),
    removeOwnedBy: async (owner) => {
      for (const [key, entry] of outbox) if (entry.owner === owner) outbox.delete(key);
    },
    refused: async () => false,
  };
}

/** jsdom has no IndexedDB: the outbox then lives as long as the page. */
export const openOfflineStore = (): OfflineStore => (typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore());

export const storageRefused = (store: OfflineStore): Promise<boolean> => store.refused();
