#!/usr/bin/env python3
"""tools/walk.py's reading of a callgrind file: Rust's legacy symbols demangled (a generic
function's instances told apart by their hash), and the walk's rule: a file counts when a
function of it is on a chain from the entry to an end (the chain over at its first end), not
when it only returns to it."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import walk  # noqa: E402

# A callgrind output file of a made-up run: the entry calls `go`, which calls a helper in
# another file that returns, then `send`, an end; a shared std function is called by the
# helper only. The end's own work calls into another file (`timing.rs`) and back into a
# function the end's pattern matches (`send_byte`): past its first end a chain is over.
CALLGRIND = """# callgrind format
version: 1
fl=(1) {root}/src/uci/session.rs
fn=(1) _ZN5c70103uci7session3run17h0000000000000001E
0 5
cfl=(2) {root}/src/uci/go.rs
cfn=(2) _ZN5c70103uci2go2go17h0000000000000002E
calls=1 0
0 10
fl=(2)
fn=(2)
0 3
cfl=(3) {root}/src/reference/board.rs
cfn=(3) _ZN5c70109reference5board4make17h0000000000000003E
calls=1 0
0 4
cfl=(4) {root}/src/protocol/module.rs
cfn=(4) _ZN5c70108protocol6module6Module4send17h0000000000000004E
calls=1 0
0 4
fl=(3)
fn=(3)
0 2
cfl=(5) /rustc/library/core/src/iter.rs
cfn=(5) _ZN4core4iter3map17h0000000000000005E
calls=1 0
0 1
fl=(4)
fn=(4)
0 1
cfl=(6) {root}/src/machine/timing.rs
cfn=(6) _ZN5c70107machine6timing6decode17h0000000000000006E
calls=1 0
0 2
fl=(6)
fn=(6)
0 1
cfl=(4)
cfn=(7) _ZN5c70108protocol6module6Module9send_byte17h0000000000000007E
calls=1 0
0 1
fl=(4)
fn=(7)
0 1
"""


class WalkTest(unittest.TestCase):
    def test_legacy_symbols_read_as_paths(self):
        self.assertEqual(
            walk.demangle("_ZN5c70103uci12session_core23GuiSession$LT$P$C$W$GT$3run17h736f8294fd024d2dE"),
            "c7010::uci::session_core::GuiSession<P,W>::run",
        )
        self.assertEqual(walk.demangle("memcpy"), "memcpy")

    def test_a_file_counts_on_a_chain_to_an_end_only(self):
        root = tempfile.mkdtemp()
        path = os.path.join(root, "callgrind.out")
        with open(path, "w") as f:
            f.write(CALLGRIND.format(root=root))
        files, edges = walk.graph(path)
        rule = {"entry": "uci::session::run", "ends": ["Module::send"]}
        self.assertEqual(
            walk.on_walk(files, edges, rule, root),
            ["src/protocol/module.rs", "src/uci/go.rs", "src/uci/session.rs"],
        )
        # Every file whose code ran: the helper's too, the end's own work too, std's never.
        self.assertEqual(
            walk.ran(files, root),
            ["src/machine/timing.rs", "src/protocol/module.rs", "src/reference/board.rs",
             "src/uci/go.rs", "src/uci/session.rs"],
        )


if __name__ == "__main__":
    unittest.main()
