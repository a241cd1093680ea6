/**
 * The pseudo-locale's finder, shared by the pseudo-locale render tests of each converted feature
 * (test/i18n/pseudoLocale*.test.tsx): a text shown or read aloud without the pseudo-locale's marks
 * escaped translation.
 */
import { beforeAll, beforeEach } from 'vitest';
import { loadCatalogue } from '@/i18n/catalogue';
import { createI18n, setActiveI18n, type I18n } from '@/i18n/i18n';

/** A text with a letter and none of the pseudo-locale's marks (its brackets, its accented letters). */
const LETTER = /\p{L}/u;
const PSEUDO = /[[\]áÅçÇéÉíÎñÑóÖúÛýÝšŠžŽ]/;
const escaped = (text: string) => LETTER.test(text) && !PSEUDO.test(text);

/** Every text node and every read-aloud attribute of `root` that escaped translation. */
export function untranslated(root: ParentNode): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (parent && ['STYLE', 'SCRIPT'].includes(parent.tagName)) continue;
    if (escaped(text)) found.push(text);
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
      const value = element.getAttribute(name);
      if (value && escaped(value)) found.push(`${name}="${value}"`);
    }
  }
  return found;
}

/** Makes every test of the calling file run in the pseudo-locale (test/setup.ts puts English back after each). */
export function inPseudoLocale(): void {
  let pseudo: I18n;
  beforeAll(async () => {
    pseudo = createI18n({ locale: 'en-XA', messages: await loadCatalogue('en-XA'), timeZone: 'UTC' });
  });
  beforeEach(() => {
    setActiveI18n(pseudo);
  });
}
