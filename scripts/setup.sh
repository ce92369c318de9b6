#!/usr/bin/env bash
# Installs what spec-run needs and is missing, starts the Docker engine when it is not
# running, installs the npm packages and builds. Safe to run again: it does only what
# is missing. The single source of truth for set-up, used by the README and by CI.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*" >&2; }

# neovim: the real editor test/lsp/neovim.test.ts drives the language server with.
apt_packages=(sbcl cl-fiveam cl-bordeaux-threads docker.io busybox-static chromium neovim)
# `setup.sh --bench` also installs what the benchmarks' peer server (cl-mcp-server, see
# ../shared/peers) needs; the product itself does not need these.
if [ "${1:-}" = --bench ]; then
  apt_packages+=(cl-yason cl-alexandria cl-trivial-backtrace cl-trivial-gray-streams)
fi
missing=()
for package in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing ${missing[*]} from Debian"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "missing Debian packages: ${missing[*]}"
    say "install them as root: apt-get install ${missing[*]}"
    exit 1
  fi
fi

# The Docker engine: Debian's dockerd, started here when nothing answers. Without it
# spec-run still runs; its Docker checks then report SKIP with the reason.
if ! docker info >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v dockerd >/dev/null; then
    say "starting dockerd (log: ${TMPDIR:-/tmp}/spec-run-dockerd.log)"
    nohup dockerd >"${TMPDIR:-/tmp}/spec-run-dockerd.log" 2>&1 &
    for _ in $(seq 1 60); do
      docker info >/dev/null 2>&1 && break
      sleep 0.5
    done
    docker info >/dev/null 2>&1 || say "dockerd did not answer within 30 s; Docker checks will be skipped (see the log)"
  else
    say "no Docker engine answers and dockerd cannot be started here; Docker checks will be skipped"
  fi
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm ci runs the package's prepare script, which builds (all of it: the tests and benchmarks too).
  say "installing npm packages and building"
  SPEC_RUN_BUILD=all npm ci --no-audit --no-fund --loglevel=error
else
  say "building"
  npm run -s build
fi
