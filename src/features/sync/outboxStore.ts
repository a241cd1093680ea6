import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import type { OutboxEntry } from './syncSlice';

/** The cached reads of one learner, kept so the dashboard shows its last figures offline. */
export interface SavedCache {
  owner: string;
  savedAt: number;
  api: unknown;
}

interface LinguaLogDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry };
  cache: { key: string; value: SavedCache };
}

/** The durable side of the outbox and of the read cache: IndexedDB, or memory where there is none. */
export interface OfflineStore {
  entries(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
  removeOwnedBy(owner: string): Promise<void>;
  saveCache(cache: SavedCache): Promise<void>;
  loadCache(): Promise<SavedCache | undefined>;
  clearCache(): Promise<void>;
}

const DB_NAME = 'lingualog-offline';
const CACHE_KEY = 'last';

function indexedDbStore(): OfflineStore {
  let opened: Promise<IDBPDatabase<LinguaLogDb>> | undefined;
  const db = () =>
    (opened ??= openDB<LinguaLogDb>(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('outbox', { keyPath: 'key' });
        database.createObjectStore('cache');
      },
    }));
  return {
    entries: async () => (await db()).getAll('outbox'),
    put: async (entry) => void (await (await db()).put('outbox', entry)),
    remove: async (key) => (await db()).delete('outbox', key),
    removeOwnedBy: async (owner) => {
      const tx = (await db()).transaction('outbox', 'readwrite');
      for await (const cursor of tx.store) if (cursor.value.owner === owner) await cursor.delete();
      await tx.done;
    },
    saveCache: async (cache) => void (await (await db()).put('cache', cache, CACHE_KEY)),
    loadCache: async () => (await db()).get('cache', CACHE_KEY),
    clearCache: async () => (await db()).delete('cache', CACHE_KEY),
  };
}

function memoryStore(): OfflineStore {
  const outbox = new Map<string, OutboxEntry>();
  let cache: SavedCache | undefined;
  return {
    entries: async () => [...outbox.values()],
    put: async (entry) => void outbox.set(entry.key, entry),
    remove: async (key) => void outbox.delete(key),
    removeOwnedBy: async (owner) => {
      for (const [key, entry] of outbox) if (entry.owner === owner) outbox.delete(key);
    },
    saveCache: async (saved) => void (cache = saved),
    loadCache: async () => cache,
    clearCache: async () => void (cache = undefined),
  };
}

/** jsdom and some private modes have no IndexedDB: the outbox then lives as long as the page. */
export const openOfflineStore = (): OfflineStore => (typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore());
