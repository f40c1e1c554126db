#!/usr/bin/env bash
# Regenerates the committed ROM and its companions from the guest source:
# roms/c7010.bin (8 KB, padded with FF), c7010.lst (listing), c7010.sym (symbols),
# c7010.map (source map). Run from anywhere; tests/asm/roms.rs checks they are current.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --quiet --no-default-features -- asm asm/main.asm --size 8192 \
  -o roms/c7010.bin --listing roms/c7010.lst --symbols roms/c7010.sym --map roms/c7010.map
# pasmo's recorded output for asm/ (tests/data/pasmo) follows the source where pasmo is here.
if command -v pasmo >/dev/null 2>&1; then
  tools/record-pasmo.sh
else
  echo "build-rom.sh: pasmo is not installed; tests/data/pasmo is left as it was (tools/record-pasmo.sh records it where pasmo is)" >&2
fi
