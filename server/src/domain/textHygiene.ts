/**
 * One input hygiene for every text a client sends (issue #30): no NUL, no other C0/C1 control
 * character and no bidirectional control. PostgreSQL refuses NUL in text outright (a 500 before
 * this rule) and SQLite would store it; control and bidi characters make look-alike or garbled
 * values. An imported file's own text is the importer's to judge (it reports problems by line).
 */
import { hasUnsafeCharacter } from '@common/domain';

/** The dotted path of the first string under `value` holding an unsafe character, or null. */
export function unsafeTextField(value: unknown, path: string, skip: ReadonlySet<string> = new Set()): string | null {
  if (typeof value === 'string') return hasUnsafeCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (skip.has(innerPath)) continue;
    const found = hasUnsafeCharacter(key) ? innerPath : unsafeTextField(inner, innerPath, skip);
    if (found) return found;
  }
  return null;
}
