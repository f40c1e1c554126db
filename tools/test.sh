#!/usr/bin/env bash
# The whole test suite with everything it needs: installs the programs from outside the
# crate that some tests use, where it can, then runs `cargo test` (arguments go to it).
#   pasmo             asm and book tests check their recordings of pasmo's output are current
#   xvfb-run (xvfb)   window tests, under a virtual X server
#   xwininfo          the window tests' check that the X server sees the window
#   python-chess      a UCI client playing the engine, and tools/match.py's arithmetic
#   libasound2-dev    the `sound` feature (rodio) must build: checked before the tests
# What cannot be installed (no apt-get, no root or sudo, no pip) is reported and the tests
# that need it say in one line that they were skipped; under CI (`CI=true`) they fail.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says what it does: the first build and clippy take minutes with no other output.
say() { echo "test.sh: $*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else return 1
  fi
}

apt_install() {
  command -v apt-get >/dev/null 2>&1 || return 1
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

say "checking the programs the tests need (pasmo, xvfb, python-chess, ALSA headers)"
need=()
command -v pasmo >/dev/null 2>&1 || need+=(pasmo)
command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb)
command -v xwininfo >/dev/null 2>&1 || need+=(x11-utils)
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
pkg-config --exists alsa 2>/dev/null || need+=(libasound2-dev)
if [ ${#need[@]} -gt 0 ]; then
  apt_install "${need[@]}" ||
    echo "test.sh: could not install ${need[*]} (needs apt-get and root or sudo); their tests will be skipped" >&2
fi

if ! python3 -c 'import chess.engine' >/dev/null 2>&1; then
  # Debian's pip wants --break-system-packages outside a virtual environment.
  python3 -m pip install -q -r tools/requirements.txt 2>/dev/null ||
    python3 -m pip install -q --break-system-packages -r tools/requirements.txt 2>/dev/null ||
    python3 -m pip install -q --user --break-system-packages -r tools/requirements.txt ||
    echo "test.sh: could not install python-chess (tools/requirements.txt); its tests will be skipped" >&2
fi

if pkg-config --exists alsa 2>/dev/null; then
  say "clippy on every target with the sound feature (a first build takes several minutes)"
  cargo clippy --quiet --all-targets --features sound -- -D warnings
else
  echo "test.sh: skipped: the sound feature's build (needs libasound2-dev and pkg-config)" >&2
  if [ "${CI:-}" = true ]; then exit 1; fi
fi

# The API documentation builds without a broken link.
say "building the API documentation (cargo doc), no broken link allowed"
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps

say "cargo test $*"
exec cargo test "$@"
