// The server's own CPU time, read from /proc/<pid>/stat (utime + stime) before and after a load,
// and the summary of a V8 CPU profile (self time by package / file, top functions).
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function owner(url) {
  if (!url) return null;
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  const src = url.match(/\/(server\/src\/.*|common\/.*|scripts\/.*)$/);
  return src ? src[1] : url;
}

/** Self time per owner (package, node: module or source file) and per function, in % of samples. */
export function summariseProfile(profile, top = 40) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const owners = new Map();
  const functions = new Map();
  for (const [id, count] of counts) {
    const { callFrame } = byId.get(id);
    const who = owner(callFrame.url) ?? callFrame.functionName ?? '(native)';
    owners.set(who, (owners.get(who) ?? 0) + count);
    const fn = `${callFrame.functionName || '(anonymous)'} ${who}:${callFrame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + count);
  }
  // Inclusive: samples with the function anywhere on the stack (counted once per sample).
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map();
  for (const [id, count] of counts) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at);
      if (!callFrame.url) continue;
      const fn = `${callFrame.functionName || '(anonymous)'} ${owner(callFrame.url)}:${callFrame.lineNumber + 1}`;
      if (!seen.has(fn)) inclusive.set(fn, (inclusive.get(fn) ?? 0) + count);
      seen.add(fn);
    }
  }
  const pct = (entries) =>
    [...entries].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, n]) => ({ name, pct: Math.round((1000 * n) / total) / 10 }));
  return { samples: total, owners: pct(owners), functions: pct(functions), inclusive: pct(inclusive) };
}
