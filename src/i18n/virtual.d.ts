/** The catalogues' virtual module (scripts/i18n/catalogues.mjs): one lazily loaded chunk per locale. */
declare module 'virtual:i18n-catalogues' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  export const loaders: Record<string, () => Promise<{ default: Record<string, MessageFormatElement[]> }>>;
}
