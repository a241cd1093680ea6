/**
 * The catalogues in the browser (and the server's render): each locale's precompiled messages are a
 * chunk of their own (scripts/i18n/catalogues.mjs), loaded once, on demand. The messages of the
 * imports' readers come in a later chunk, with their code (loadLaterMessages): once one is wanted,
 * every locale loaded afterwards (a switch in Settings) brings its later chunk too.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { laterLoaders, loaders } from 'virtual:i18n-catalogues';

/** Each key's precompiled message, or the message itself when it is plain text. */
export type Messages = Record<string, MessageFormatElement[] | string>;

/** Whether some screen wanted the later messages: then every locale's come with its first chunk. */
let laterWanted = false;
const later = new Map<string, Promise<void>>();

const loaded = new Map<string, Messages>();
const loading = new Map<string, Promise<Messages>>();

/** The locales a catalogue can be loaded for (the shipped ones, plus the pseudo-locale outside a build). */
export const catalogueTags = (): string[] => Object.keys(loaders);

/** One locale's catalogue, loaded once (a second call waits for the first). */
export function loadCatalogue(tag: string): Promise<Messages> {
  const ready = loaded.get(tag);
  if (ready) return laterWanted ? addLater(tag, ready).then(() => ready) : Promise.resolve(ready);
  let pending = loading.get(tag);
  if (!pending) {
    const load = loaders[tag];
    if (!load) return Promise.reject(new Error(`No catalogue for ${tag}`));
    pending = load().then(
      async (module) => {
        // A copy: the later messages join it, and the module's own object stays as it came.
        const messages: Messages = { ...module.default };
        loaded.set(tag, messages);
        if (laterWanted) await addLater(tag, messages);
        loading.delete(tag);
        return messages;
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

/** Adds `tag`'s later chunk to its messages (once). A chunk that cannot come leaves the keys missing, shown as they are. */
function addLater(tag: string, messages: Messages): Promise<void> {
  let pending = later.get(tag);
  if (!pending) {
    const load = laterLoaders[tag];
    pending = load
      ? load().then(
          (module) => void Object.assign(messages, module.default),
          (err: unknown) => {
            later.delete(tag);
            throw err;
          },
        )
      : Promise.resolve();
    later.set(tag, pending);
  }
  return pending;
}

/**
 * The later messages (the imports' readers) of `tag`, and of every locale loaded from now on: the
 * code that shows them waits for this beside its own chunk.
 */
export async function loadLaterMessages(tag: string): Promise<void> {
  laterWanted = true;
  await addLater(tag, await loadCatalogue(tag));
}
