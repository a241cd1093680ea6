// @ts-check
/**
 * How deep a JSON text may nest, found before anything parses or walks it (contract, fourth
 * edition, "Requests no one can make expensive"; issue #38). Plain JavaScript so the JSON body
 * parser's worker thread (server/src/plugins/jsonWorker.mjs, which runs without tsx) imports the
 * same scan as the server and the importer.
 */

/** Arrays and objects together. */
export const JSON_MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Finds where a JSON text first opens a level deeper than `max`: one pass that stops there, so
 * its cost never depends on what follows, fed whole or in slices (a long text between turns of
 * the event loop). Brackets inside strings do not count (escapes are followed). Not a validator:
 * broken JSON is JSON.parse's to refuse. A Uint8Array is read as UTF-8: every byte of a
 * multi-byte character is 0x80 or more, so none is taken for a bracket or a quote.
 */
export class DepthScan {
  depth = 0;
  inString = false;
  /** Where the next slice starts (past `end` when an escape straddles two slices). */
  next = 0;
  /** Arrays and objects opened so far, and the values they hold beyond their first (commas outside strings). */
  containers = 0;
  separators = 0;

  /** @param {number} [max] */
  constructor(max = JSON_MAX_DEPTH) {
    this.max = max;
  }

  /**
   * Reads `text` from where the last slice stopped up to `end`; the offset of the first level too
   * deep, or -1.
   * @param {string} text
   * @param {number} [end]
   * @returns {number}
   */
  scanString(text, end = text.length) {
    let { depth, inString, containers, separators } = this;
    const max = this.max;
    let i = this.next;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === BACKSLASH) i++;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === COMMA) separators++;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        containers++;
        if (++depth > max) return i;
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    }
    Object.assign(this, { depth, inString, next: i, containers, separators });
    return -1;
  }

  /**
   * The same over UTF-8 bytes, whole.
   * @param {Uint8Array} bytes
   * @returns {number}
   */
  scanBytes(bytes) {
    let { depth, inString } = this;
    const max = this.max;
    let i = this.next;
    for (; i < bytes.length; i++) {
      const c = bytes[i];
      if (inString) {
        if (c === BACKSLASH) i++;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (++depth > max) return i;
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    }
    Object.assign(this, { depth, inString, next: i });
    return -1;
  }
}

/**
 * The offset where a whole JSON text (or its UTF-8 bytes) first nests deeper than `max`, or -1.
 * @param {string | Uint8Array} text
 * @param {number} [max]
 * @returns {number}
 */
export function tooDeepAt(text, max = JSON_MAX_DEPTH) {
  const scan = new DepthScan(max);
  return typeof text === 'string' ? scan.scanString(text) : scan.scanBytes(text);
}
