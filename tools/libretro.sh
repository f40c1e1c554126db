#!/usr/bin/env bash
# The module in RetroArch: the libretro core.
#   tools/libretro.sh build [DIR]   builds the core into DIR (default target/libretro):
#                                   c7010_libretro.so (.dll on Windows, .dylib on macOS) and
#                                   c7010_libretro.info, the core's description for RetroArch
# Install: copy the core into RetroArch's cores directory and the .info file into its info
# directory, or run `retroarch -L DIR/c7010_libretro.so` (docs/libretro.md).
set -euo pipefail
cd "$(dirname "$0")/.."

# The core is built in a folder of its own under the crate's target directory (cargo says
# where that is; CARGO_TARGET_DIR moves it), so a `cargo test` that builds it holds no lock
# the core's build waits for.
target_dir() {
  cargo metadata --format-version 1 --no-deps --manifest-path Cargo.toml |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p' | sed 's#\\\\#/#g'
}

info() {
  cat <<INFO
# The Philips Videopac C7010 chess module (1982) with an engine of our own, emulated exactly.
display_name = "Philips - Videopac C7010 chess module (c7010)"
authors = "the c7010 authors"
supported_extensions = "bin"
corename = "c7010"
categories = "Emulator"
license = "MIT|Apache-2.0"
permissions = ""
display_version = "$1"
manufacturer = "Philips"
systemname = "Videopac C7010 chess module"
systemid = "videopac_c7010"
database = ""
supports_no_game = "true"
savestate = "true"
savestate_features = "deterministic"
cheats = "false"
input_descriptors = "true"
memory_descriptors = "false"
libretro_saves = "false"
core_options = "true"
load_subsystem = "false"
hw_render = "false"
needs_fullpath = "false"
disk_control = "false"
is_experimental = "false"
description = "The C7010 chess module for the Videopac G7000: a Gambiet-style Z80 chess engine in 8 KB of ROM and 2 KB of RAM on an emulated NSC800, shown by a model of the Intel 8244. Needs no content (the ROM is built in); a ROM made with 'c7010 asm' loads as content. Save states replay the inputs on emulated time and are checked byte for byte."
INFO
}

build() {
  local dir="${1:-target/libretro}" target built version
  target="$(target_dir)/libretro-core"
  built=$(cargo build --release --manifest-path libretro/Cargo.toml --target-dir "$target" \
      --message-format=json-render-diagnostics |
    grep '"reason":"compiler-artifact"' | grep '"name":"c7010_libretro"' |
    grep -o '"[^"]*c7010_libretro\.\(so\|dll\|dylib\)"' | tr -d '"' | head -n 1)
  [ -n "$built" ] && [ -f "$built" ] || { echo "libretro.sh: cargo built no core" >&2; exit 1; }
  local ext="${built##*.}"
  version=$(sed -n 's/^version = "\(.*\)"/\1/p' libretro/Cargo.toml | head -n 1)
  mkdir -p "$dir"
  cp "$built" "$dir/.c7010_libretro.$ext.tmp" && mv "$dir/.c7010_libretro.$ext.tmp" "$dir/c7010_libretro.$ext"
  info "$version" >"$dir/.c7010_libretro.info.tmp" && mv "$dir/.c7010_libretro.info.tmp" "$dir/c7010_libretro.info"
  echo "libretro.sh: the core is $dir/c7010_libretro.$ext ($(wc -c <"$dir/c7010_libretro.$ext") bytes), its info $dir/c7010_libretro.info"
}

case "${1:-}" in
  build) shift; build "$@" ;;
  *) echo "usage: tools/libretro.sh build [DIR]" >&2; exit 2 ;;
esac
