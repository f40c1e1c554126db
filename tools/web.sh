#!/usr/bin/env bash
# The module in a web page.
#   tools/web.sh build [DIR]   builds the page into DIR (default target/web): index.html and
#                              c7010_web.wasm, all it needs; prints the size of its files
#                              and their size compressed (gzip -9)
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
  cargo build --quiet --release --manifest-path web/Cargo.toml --target wasm32-unknown-unknown
  mkdir -p "$dir"
  local wasm=web/target/wasm32-unknown-unknown/release/c7010_web.wasm
  if command -v wasm-opt >/dev/null 2>&1; then
    wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals "$wasm" -o "$dir/.c7010_web.wasm.tmp"
  else
    cp "$wasm" "$dir/.c7010_web.wasm.tmp"
  fi
  mv "$dir/.c7010_web.wasm.tmp" "$dir/c7010_web.wasm"
  cp web/index.html "$dir/.index.html.tmp" && mv "$dir/.index.html.tmp" "$dir/index.html"
  local raw gz
  raw=$(cat "$dir/index.html" "$dir/c7010_web.wasm" | wc -c)
  gz=$(( $(gzip -9c "$dir/index.html" | wc -c) + $(gzip -9c "$dir/c7010_web.wasm" | wc -c) ))
  echo "web.sh: the page is in $dir: $raw bytes, $gz bytes compressed (gzip -9)"
}

serve() {
  local port="${1:?usage: tools/web.sh serve PORT [DIR]}" dir="${2:-target/web}"
  [ -f "$dir/index.html" ] && [ -f "$dir/c7010_web.wasm" ] || build "$dir"
  echo "web.sh: serving http://127.0.0.1:$port/ (Ctrl-C stops)"
  exec python3 -m http.server --bind 127.0.0.1 --directory "$dir" "$port"
}

case "${1:-}" in
  build) shift; build "$@" ;;
  serve) shift; serve "$@" ;;
  *) echo "usage: tools/web.sh build [DIR] | serve PORT [DIR]" >&2; exit 2 ;;
esac
