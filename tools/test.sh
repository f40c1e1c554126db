#!/usr/bin/env bash
# The whole test suite with everything it needs: installs the programs from outside the
# crate that some tests use, where it can, then runs `cargo test` (arguments go to it).
#   pasmo             asm and book tests check their recordings of pasmo's output are current
#   xvfb-run (xvfb)   window tests, under a virtual X server
#   xwininfo          the window tests' check that the X server sees the window
#   xdotool, openbox  the window's keys typed into a real window, full screen under a window manager
#   python-chess      a UCI client playing the engine, and the arithmetic of tools/match.py and tools/ladder.py
#   stockfish         the opening sets in tools/ made again by their tools (Debian's Stockfish 15.1)
#   mingw-w64, wine   the Windows test: c7010.exe cross-built and run under wine (tests/reach)
#   chromium, chromium-driver, python3-selenium
#                     the web page's test in a real browser (tests/reach); binaryen's
#                     wasm-opt shrinks the page; the Rust targets wasm32-unknown-unknown and
#                     x86_64-pc-windows-gnu come from rustup
#   retroarch, dbus   the libretro core in RetroArch under Xvfb (tests/libretro; RetroArch 1.14
#                     aborts without a D-Bus session: dbus-run-session)
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

say "checking the programs the tests need (pasmo, xvfb, python-chess, stockfish, mingw-w64, wine, chromium, retroarch)"
need=()
command -v pasmo >/dev/null 2>&1 || need+=(pasmo)
command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb)
command -v xwininfo >/dev/null 2>&1 || need+=(x11-utils)
command -v xdotool >/dev/null 2>&1 || need+=(xdotool)
command -v openbox >/dev/null 2>&1 || need+=(openbox)
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
[ -x /usr/games/stockfish ] || need+=(stockfish)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
# The module for everyone (tests/reach): Windows under wine, the web page in Chromium.
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need+=(mingw-w64)
command -v wine >/dev/null 2>&1 || need+=(wine wine64)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
/usr/bin/python3 -c 'import selenium' >/dev/null 2>&1 || need+=(python3-selenium)
command -v wasm-opt >/dev/null 2>&1 || need+=(binaryen)
command -v retroarch >/dev/null 2>&1 || need+=(retroarch)
command -v dbus-run-session >/dev/null 2>&1 || need+=(dbus)
if [ ${#need[@]} -gt 0 ]; then
  apt_install "${need[@]}" ||
    echo "test.sh: could not install ${need[*]} (needs apt-get and root or sudo); their tests will be skipped" >&2
fi

if ! python3 -c 'import chess.engine, selenium' >/dev/null 2>&1; then
  # Debian's pip wants --break-system-packages outside a virtual environment.
  python3 -m pip install -q -r tools/requirements.txt 2>/dev/null ||
    python3 -m pip install -q --break-system-packages -r tools/requirements.txt 2>/dev/null ||
    python3 -m pip install -q --user --break-system-packages -r tools/requirements.txt ||
    echo "test.sh: could not install python-chess (tools/requirements.txt); its tests will be skipped" >&2
fi

say "adding the Rust targets of the Windows and web page tests"
for target in x86_64-pc-windows-gnu wasm32-unknown-unknown; do
  rustup target list --installed 2>/dev/null | grep -qx "$target" ||
    rustup target add "$target" ||
    echo "test.sh: could not add the Rust target $target; its test will be skipped" >&2
done

# The API documentation builds without a broken link.
say "building the API documentation (cargo doc), no broken link allowed"
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps

# Every test binary runs even when one fails: a failure in one area hides none in another.
say "cargo test --no-fail-fast $*"
exec cargo test --no-fail-fast "$@"
