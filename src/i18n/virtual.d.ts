/** The catalogues' virtual module (scripts/i18n/catalogues.mjs): per locale, a first chunk and a later one, each loaded on demand. */
declare module 'virtual:i18n-catalogues' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  type Catalogue = Record<string, MessageFormatElement[] | string>;
  export const loaders: Record<string, () => Promise<{ default: Catalogue }>>;
  export const laterLoaders: Record<string, () => Promise<{ default: Catalogue }>>;
}
