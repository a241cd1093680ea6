/**
 * The line of each value a problem is about, found by its path in one pass of jsonc-parser's
 * visitor that skips every part of the file holding none of them. Building the whole tree
 * (parseTree) and counting lines from the start for each problem took seconds on a 5 MiB file
 * with a problem on every day.
 */
import { visit, type JSONPath } from 'jsonc-parser';
import { pointerOf, type Path } from './lingualogJsonSchema';

/** Lines counted from 1, or 0 for a path the file does not have (a missing field). */
export function linesOf(text: string, paths: Path[]): number[] {
  const wanted = new Set(paths.map(pointerOf));
  const holdsWanted = new Set(paths.flatMap((path) => path.map((_, depth) => pointerOf(path.slice(0, depth)))));
  const offsets = new Map<string, number>();
  const note = (offset: number, pathOf: () => JSONPath) => {
    const pointer = pointerOf(pathOf());
    if (wanted.has(pointer) && !offsets.has(pointer)) offsets.set(pointer, offset);
    return pointer;
  };
  // Returning false skips a container's contents, until its end; the visitor counts ends only when it has end callbacks.
  const container = (offset: number, _length: number, _line: number, _column: number, pathOf: () => JSONPath) => holdsWanted.has(note(offset, pathOf));
  const end = () => undefined;
  visit(text, {
    onObjectBegin: container, onObjectEnd: end, onArrayBegin: container, onArrayEnd: end,
    onLiteralValue: (_value, offset, _length, _line, _column, pathOf) => void note(offset, pathOf),
  });

  const lineAtOffset = new Map<number, number>();
  let line = 1;
  let newline = text.indexOf('\n');
  for (const offset of [...new Set(offsets.values())].sort((a, b) => a - b)) {
    for (; newline >= 0 && newline < offset; newline = text.indexOf('\n', newline + 1)) line += 1;
    lineAtOffset.set(offset, line);
  }
  return paths.map((path) => lineAtOffset.get(offsets.get(pointerOf(path)) ?? -1) ?? 0);
}
