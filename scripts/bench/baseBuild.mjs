// Issue #32: `--paint` measures this build beside an earlier commit's (BENCH_PAINT_BASE, the
// previous commit by default) in the same interleaved Lighthouse rounds, because figures from
// different runs on this shared machine are not comparable. The earlier commit's files are
// written to a temp directory with `git archive` (the repository and its worktrees are left
// untouched), share this checkout's node_modules, and are built there with the same command.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
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
  linkModules(dir);
  console.log(`Building ${commit} (${ref}) in ${dir} for the side-by-side rounds...`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`the build of ${commit} failed`);
  return { dir, commit };
}

/**
 * An earlier checkout in `dir` gets this checkout's node_modules. A package it depends on that this
 * checkout no longer has (e.g. @fastify/cors before f39e85f) is installed beside it at the version
 * of its own lockfile, and node_modules is then a directory of links to both.
 */
export function linkModules(dir) {
  const own = join(REPO_ROOT, 'node_modules');
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const lock = existsSync(join(dir, 'package-lock.json')) ? JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) : { packages: {} };
  const missing = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => !existsSync(join(own, name, 'package.json')))
    .filter((name) => !manifest.optionalDependencies?.[name]);
  if (missing.length === 0) {
    symlinkSync(own, join(dir, 'node_modules'), 'dir');
  } else {
    const extra = join(dir, '.earlier-modules');
    mkdirSync(extra);
    const specs = missing.map((name) => `${name}@${lock.packages[`node_modules/${name}`]?.version ?? manifest.dependencies?.[name] ?? manifest.devDependencies[name]}`);
    console.log(`Installing what ${dir} needs and this checkout no longer has: ${specs.join(', ')}`);
    const install = spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', extra, ...specs], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (install.status !== 0) throw new Error(`npm install ${specs.join(' ')} failed`);
    const linkAll = (from, to, extraFrom) => {
      mkdirSync(to, { recursive: true });
      const names = new Set([...readdirSync(from), ...(existsSync(extraFrom) ? readdirSync(extraFrom) : [])]);
      for (const name of names) {
        const mine = join(from, name);
        const theirs = join(extraFrom, name);
        if (name.startsWith('@') && existsSync(theirs) && existsSync(mine)) linkAll(mine, join(to, name), theirs);
        else symlinkSync(existsSync(mine) ? mine : theirs, join(to, name));
      }
    };
    linkAll(own, join(dir, 'node_modules'), join(extra, 'node_modules'));
  }
  // The local driver package's own node_modules (the native build) is not in git either.
  const driverModules = join('packages', 'better-sqlite3-node20', 'node_modules');
  if (existsSync(join(REPO_ROOT, driverModules)) && existsSync(join(dir, 'packages', 'better-sqlite3-node20'))) {
    symlinkSync(join(REPO_ROOT, driverModules), join(dir, driverModules), 'dir');
  }
}
