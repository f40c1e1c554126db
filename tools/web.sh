#!/usr/bin/env bash
# The module in a web page.
#   tools/web.sh build [DIR]   builds the page into DIR (default target/web): index.html,
#                              c7010_web.wasm, the service worker sw.js (its cache named by
#                              the build), the app manifest and its icons; prints the size
#                              of the page and its module, and compressed (gzip -9)
#   tools/web.sh serve PORT [DIR]   serves DIR on http://127.0.0.1:PORT/ (builds it first
#                              if it is not there)
# Installs what it needs where it can: the Rust target wasm32-unknown-unknown (rustup);
# wasm-opt (Debian's binaryen) shrinks the module if it is there.
set -euo pipefail
cd "$(dirname "$0")/.."

build() {
  local dir="${1:-target/web}"
  rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown
  echo "web.sh: building the module for wasm32 (the first build takes a few minutes)" >&2
  cargo build --quiet --release --manifest-path web/Cargo.toml --target wasm32-unknown-unknown
  # Where cargo put it: CARGO_TARGET_DIR or build.target-dir may send it anywhere.
  local target
  target=$(cargo metadata --format-version 1 --no-deps --manifest-path web/Cargo.toml |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
  local wasm="$target/wasm32-unknown-unknown/release/c7010_web.wasm"
  mkdir -p "$dir"
  if command -v wasm-opt >/dev/null 2>&1; then
    wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals "$wasm" -o "$dir/.c7010_web.wasm.tmp"
  else
    cp "$wasm" "$dir/.c7010_web.wasm.tmp"
  fi
  local file
  for file in index.html manifest.webmanifest icon-192.png icon-512.png; do
    cp "web/$file" "$dir/.$file.tmp"
  done
  # The service worker's cache is named by the build: a new build replaces the old whole.
  local build
  build=$(cat "$dir/.c7010_web.wasm.tmp" web/index.html web/manifest.webmanifest \
    web/icon-192.png web/icon-512.png web/sw.js | sha256sum | cut -c1-16)
  sed "s/c7010-BUILD/c7010-$build/" web/sw.js > "$dir/.sw.js.tmp"
  for file in c7010_web.wasm index.html manifest.webmanifest icon-192.png icon-512.png sw.js; do
    mv "$dir/.$file.tmp" "$dir/$file"
  done
  local raw gz
  raw=$(cat "$dir/index.html" "$dir/c7010_web.wasm" | wc -c)
  gz=$(( $(gzip -9c "$dir/index.html" | wc -c) + $(gzip -9c "$dir/c7010_web.wasm" | wc -c) ))
  echo "web.sh: the page is in $dir (build $build): index.html and the module $raw bytes," \
    "$gz bytes compressed (gzip -9); with the service worker, manifest and icons"
}

serve() {
  local port="${1:?usage: tools/web.sh serve PORT [DIR]}" dir="${2:-target/web}"
  [ -f "$dir/index.html" ] && [ -f "$dir/c7010_web.wasm" ] && [ -f "$dir/sw.js" ] || build "$dir"
  echo "web.sh: serving http://127.0.0.1:$port/ (Ctrl-C stops)"
  exec python3 -m http.server --bind 127.0.0.1 --directory "$dir" "$port"
}

case "${1:-}" in
  build) shift; build "$@" ;;
  serve) shift; serve "$@" ;;
  *) echo "usage: tools/web.sh build [DIR] | serve PORT [DIR]" >&2; exit 2 ;;
esac
