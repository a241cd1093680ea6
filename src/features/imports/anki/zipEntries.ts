/**
 * The zip side of an Anki package (`.colpkg`, `.apkg`): which entries it holds, whether one is
 * password-protected, and which collection file to read. Anki packages are zips whose
 * collection is `collection.anki21b` (zstd-compressed SQLite, schema 18, Anki 2.1.50 and later),
 * `collection.anki21` or `collection.anki2` (schema 11). Since 2.1.50 the `collection.anki2`
 * beside a `collection.anki21b` is a stub that only says "update Anki", so the newest wins.
 */

export interface ZipEntry {
  name: string;
  /** General-purpose flag bit 0: the entry is encrypted (a password-protected zip). */
  encrypted: boolean;
}

export type CollectionFile = 'collection.anki21b' | 'collection.anki21' | 'collection.anki2';

/** The collection files in the order they are read: the first present wins. */
export const COLLECTION_FILES: readonly CollectionFile[] = ['collection.anki21b', 'collection.anki21', 'collection.anki2'];

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end-of-central-directory record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

export class ZipFormatError extends Error {
  constructor(readonly reason: 'notZip' | 'damaged') {
    super(reason === 'notZip' ? 'not a zip file' : 'damaged zip file');
  }
}

/** Whether the bytes begin as a zip does (a local file header, or an empty zip's end record). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const signature = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  return signature === LOCAL_SIGNATURE || signature === EOCD_SIGNATURE;
}

/**
 * The entries of the zip's central directory. Throws ZipFormatError: `notZip` when the bytes are
 * not a zip at all, `damaged` when they start as one but the directory cannot be read (a cut-off
 * download, a broken copy).
 */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  if (!looksLikeZip(bytes)) throw new ZipFormatError('notZip');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - EOCD_SEARCH); at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('damaged');
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || offset === 0xffffffff) {
    // ZIP64 (a collection with media past 4 GB): the locator just before the end record points to the real record.
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== 0x07064b50) throw new ZipFormatError('damaged');
    const record = Number(view.getBigUint64(locator + 8, true));
    if (record + 56 > bytes.length || view.getUint32(record, true) !== 0x06064b50) throw new ZipFormatError('damaged');
    count = Number(view.getBigUint64(record + 32, true));
    offset = Number(view.getBigUint64(record + 48, true));
  }
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) throw new ZipFormatError('damaged');
    const flags = view.getUint16(offset + 8, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) throw new ZipFormatError('damaged');
    entries.push({ name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)), encrypted: (flags & 1) === 1 });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The collection file to read among the zip's entry names, or null when the zip holds none (not an Anki package). */
export function pickCollectionFile(names: readonly string[]): CollectionFile | null {
  return COLLECTION_FILES.find((file) => names.includes(file)) ?? null;
}
