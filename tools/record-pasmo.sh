#!/usr/bin/env bash
# Records pasmo's output for every source the tests compare with it (tests/data/pasmo/:
# NAME.bin, NAME.sym and NAME.crc32, the fingerprint of the source it was made from), so the
# comparison with pasmo runs on machines without it. Run it after changing asm/ or
# tests/data/asm/all_instructions.asm; where pasmo is installed the tests fail until the
# recordings are current. Needs pasmo (apt-get install pasmo).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pasmo >/dev/null || { echo "record-pasmo.sh: pasmo is not installed (apt-get install pasmo)" >&2; exit 1; }
export C7010_RECORD_PASMO=1
cargo test --quiet --test asm -- pasmo::
cargo test --quiet --test reference -- book::
git status --short tests/data/pasmo
