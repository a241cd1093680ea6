/**
 * One input hygiene for every text a client sends (issue #30): no NUL, no other C0/C1 control
 * character and no bidirectional control. PostgreSQL refuses NUL in text outright (a 500 before
 * this rule) and SQLite would store it; control and bidi characters make look-alike or garbled
 * values. An imported file's own text is the importer's to judge (it reports problems by line).
 * Every string, those included, must be well-formed Unicode (issue #38: JSON's "\ud800" escape
 * parses to a lone surrogate, stored as invalid UTF-8), and an email holds no invisible character.
 *
 * The walk is iterative (an explicit stack) and keeps only each value's parent, so its cost is
 * linear in the body whatever its shape; the dotted path is built only for the field it reports.
 */
import { hasInvisibleCharacter, hasUnsafeCharacter } from '@common/domain';

export type TextProblem = { field: string; message: string };

const UNSAFE = 'contains a control or bidirectional character.';
const BROKEN = 'is not well-formed Unicode text (it holds a lone surrogate).';
const INVISIBLE = 'contains an invisible (format) character, which an email may not hold.';
/** Top-level fields holding an email address, wherever a call takes one. */
const EMAIL_FIELDS = new Set(['email']);

// Node 20's String.prototype.isWellFormed, which TypeScript's ES2023 library does not declare yet.
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

type Frame = { value: unknown; key: string; parent: Frame | null };

const pathOf = (frame: Frame): string => {
  const keys: string[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The first string under `value` (keys included) that breaks a rule, with its dotted path, or
 * null. `lenient` names top-level fields left to their own rules (an import's file, a password):
 * they are only held to well-formed Unicode.
 */
export function textProblem(value: unknown, lenient: ReadonlySet<string> = new Set()): TextProblem | null {
  const stack: Frame[] = [{ value, key: '', parent: null }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { value: inner, parent } = frame;
    if (typeof inner === 'string') {
      const topLevel = parent !== null && parent.parent === null;
      const message = !isWellFormed(inner)
        ? BROKEN
        : topLevel && lenient.has(frame.key)
          ? null
          : hasUnsafeCharacter(inner)
            ? UNSAFE
            : topLevel && EMAIL_FIELDS.has(frame.key) && hasInvisibleCharacter(inner)
              ? INVISIBLE
              : null;
      if (message) return { field: pathOf(frame), message };
      continue;
    }
    if (inner === null || typeof inner !== 'object') continue;
    const entries = Object.entries(inner);
    // Pushed last to first, so fields are judged in the order they were sent.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const childFrame = { value: child, key, parent: frame };
      if (!isWellFormed(key)) return { field: pathOf(childFrame), message: BROKEN };
      if (hasUnsafeCharacter(key)) return { field: pathOf(childFrame), message: UNSAFE };
      stack.push(childFrame);
    }
  }
  return null;
}
