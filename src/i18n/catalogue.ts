/**
 * The catalogues in the browser (and the server's render): each locale's precompiled messages are a
 * chunk of their own (scripts/i18n/catalogues.mjs), loaded once, on demand.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { loaders } from 'virtual:i18n-catalogues';

export type Messages = Record<string, MessageFormatElement[]>;

const loaded = new Map<string, Messages>();
const loading = new Map<string, Promise<Messages>>();

/** The locales a catalogue can be loaded for (the shipped ones, plus the pseudo-locale outside a build). */
export const catalogueTags = (): string[] => Object.keys(loaders);

/** One locale's catalogue, loaded once (a second call waits for the first). */
export function loadCatalogue(tag: string): Promise<Messages> {
  const ready = loaded.get(tag);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(tag);
  if (!pending) {
    const load = loaders[tag];
    if (!load) return Promise.reject(new Error(`No catalogue for ${tag}`));
    pending = load().then(
      (module) => {
        loaded.set(tag, module.default);
        loading.delete(tag);
        return module.default;
      },
      (err: unknown) => {
        loading.delete(tag);
        throw err;
      },
    );
    loading.set(tag, pending);
  }
  return pending;
}

/** A catalogue already loaded, or undefined. */
export const loadedCatalogue = (tag: string): Messages | undefined => loaded.get(tag);
