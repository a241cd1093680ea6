// Issue #32: `--paint` measures this build beside an earlier commit's (BENCH_PAINT_BASE, the
// previous commit by default) in the same interleaved Lighthouse rounds, because figures from
// different runs on this shared machine are not comparable. The earlier commit's files are
// written to a temp directory with `git archive` (the repository and its worktrees are left
// untouched), share this checkout's node_modules, and are built there with the same command.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, onCleanup } from './processes.mjs';

/** The commit to compare with, or null with `--no-compare`. */
export const baseRef = (args) => (args.has('--no-compare') ? null : (process.env.BENCH_PAINT_BASE ?? 'HEAD~1'));

/** Writes and builds `ref` in a temp directory (removed at cleanup); returns that directory and the commit. */
export function buildBase(ref) {
  const commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'tracker-bench-base-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: REPO_ROOT, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit}: ${archive.stderr}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // The local driver package's own node_modules (the native build) is not in git either.
  const driverModules = join('packages', 'better-sqlite3-node20', 'node_modules');
  if (existsSync(join(REPO_ROOT, driverModules)) && existsSync(join(dir, 'packages', 'better-sqlite3-node20'))) {
    symlinkSync(join(REPO_ROOT, driverModules), join(dir, driverModules), 'dir');
  }
  console.log(`Building ${commit} (${ref}) in ${dir} for the side-by-side rounds...`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`the build of ${commit} failed`);
  return { dir, commit };
}
