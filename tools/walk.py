#!/usr/bin/env python3
"""Count the files of a walk: the files of `src/` a command crosses on its way to the module
and its answer's way back, read off a run of the program under Valgrind's callgrind.

The rule (docs/architecture.md, "Measured"): a file is on the walk when a function written in
it is on a call chain from the walk's entry to one of its ends: the input read; the command
encoded and queued at the module's latch, the latch polled (`Command::encode`,
`Endpoint::queue`, `Endpoint::poll`), the machine run (`machine/cpu_board/run.rs`), the
module's answer decoded (`Event::decode`); the answer given (a line to the GUI,
`session_core::say`; the console's move played on the game and the screen taken from
it, `Table::accept`, `Console::screen`). The collection starts in the walk's entry (the
GUI session's line loop, the terminal's frame loop), which the caller names once: a
pattern that matched a function inside it too would turn the collection off there. A chain
stops at its first end (what the machine runs inside, what a latch does with its bytes, is the
end's own work). Helpers that return before the chain goes on (a move generated, a number
formatted) are not on it. The
program is built with the `walk` profile (nothing of the crate inlined, so every call
between its files is a call the graph records).

    cargo build --profile walk
    python3 tools/walk.py uci      # a UCI `go` to its `bestmove`
    python3 tools/walk.py key      # a move typed in the terminal to the module's reply

Each prints the files, one a line, then their count.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A position out of the opening book, so the module searches.
MOVES = "a2a3 h7h6 h2h3 a7a6"

# Where a walk reaches the module: the command encoded and queued at the latch, the latch
# polled, the machine run, the answer decoded.
MODULE_ENDS = [
    "Command::encode",
    "Endpoint::queue",
    "Endpoint::poll",
    "cpu_board::run::",
    "Event::decode",
]

WALKS = {
    "uci": {
        "args": ["uci"],
        "entry": "GuiSession<P,W>::run",
        "toggle": "GuiSession*3run",
        "lines": ["position startpos moves " + MOVES, "go nodes 300"],
        "done": b"bestmove",
        "ends": [
            "Input::next_line",
            *MODULE_ENDS,
            "session_core::say",
        ],
    },
    "key": {
        "args": ["play", "--tui", "--colour", "white", "--level", "2",
                 "--fen", "rnbqkbnr/1pppppp1/p6p/8/8/P6P/1PPPPPP1/RNBQKBNR w KQkq - 0 3"],
        "entry": "TerminalLoop<W>::run",
        "toggle": "TerminalLoop$LT$W$GT$3run17h",
        "lines": ["b2b3"],
        "done": None,
        "ends": [
            "TerminalInput::take",
            *MODULE_ENDS,
            "Table::accept",
            "Console>::screen",
        ],
    },
}


def run(walk, out_file, tree):
    """Run the program under callgrind, collecting inside the entry, feeding the lines."""
    exe = os.path.join(tree, "target", "walk", "c7010")
    if not os.path.exists(exe):
        sys.exit("walk.py: build it first: cargo build --profile walk")
    cmd = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_file,
        "--collect-atstart=no", "--demangle=no",
        "--toggle-collect=*" + walk["toggle"] + "*",
        exe,
    ] + walk["args"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    for line in walk["lines"]:
        proc.stdin.write(line.encode() + b"\n")
    proc.stdin.flush()
    seen = b""
    deadline = time.time() + 1200
    while time.time() < deadline:
        chunk = proc.stdout.read1(4096)
        if not chunk:
            break
        seen += chunk
        if walk["done"] and walk["done"] in seen:
            break
        if walk["done"] is None and b"YOUR MOVE" in seen.split(b"b2b3", 1)[-1]:
            break
    proc.stdin.write(b"quit\n")
    proc.stdin.flush()
    proc.stdin.close()
    proc.stdout.read()
    proc.wait(timeout=600)


ESCAPES = {"$LT$": "<", "$GT$": ">", "$C$": ",", "$u20$": " ", "$RF$": "&", "$BP$": "*",
           "$SP$": "@", "$u7b$": "{", "$u7d$": "}", "$u5b$": "[", "$u5d$": "]",
           "$u27$": "'", "$u22$": '"', "$u3b$": ";", "$u2b$": "+", "..": "::"}


def demangle(symbol):
    """A Rust legacy symbol's path (`_ZN5c70103uci...17h<hash>E` to `c7010::uci::...`);
    the hash, which tells one instance of a generic function from another, dropped. Any
    other symbol is returned as it is."""
    m = re.match(r"_ZN(.*)E$", symbol)
    if not m:
        return symbol
    rest, parts = m.group(1), []
    while rest and rest[0].isdigit():
        n = re.match(r"\d+", rest).group(0)
        part, rest = rest[len(n):len(n) + int(n)], rest[len(n) + int(n):]
        parts.append(part)
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    text = "::".join(p.lstrip("_") if p.startswith("_$") else p for p in parts)
    for code, char in ESCAPES.items():
        text = text.replace(code, char)
    return text


def graph(out_file):
    """Callers to callees, and each function's file, from a callgrind output file."""
    names = {"fl": {}, "fn": {}}
    files, edges = {}, collections.defaultdict(set)
    fl = fn = cfl = None

    def name(kind, text):
        m = re.match(r"\((\d+)\)(?: (.*))?", text)
        if not m:
            return text
        key, value = m.group(1), m.group(2)
        if value is not None:
            names[kind][key] = value
        return names[kind][key]

    with open(out_file, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("fl="):
                fl = name("fl", line[3:])
            elif line.startswith("fi=") or line.startswith("fe="):
                # Inlined code's file: named here, the function's file stays.
                name("fl", line[3:])
            elif line.startswith("fn="):
                fn = name("fn", line[3:])
                files.setdefault(fn, fl)
            elif line.startswith("cfl=") or line.startswith("cfi="):
                cfl = name("fl", line[4:])
            elif line.startswith("cfn="):
                callee = name("fn", line[4:])
                files.setdefault(callee, cfl or fl)
                edges[fn].add(callee)
                cfl = None
    return files, edges


def on_walk(files, edges, walk, tree):
    """The crate's files with a function on a chain from the entry to an end."""
    def is_end(f):
        return any(e in demangle(f) for e in walk["ends"])

    # A chain stops at its first end: what an end calls (the instructions the machine runs,
    # the bytes a latch moves) is the end's own work, not a step of the walk.
    entries = [f for f in files if walk["entry"] in demangle(f)]
    reach, todo = set(entries), list(entries)
    while todo:
        f = todo.pop()
        if is_end(f) and f not in entries:
            continue
        for c in edges.get(f, ()):
            if c not in reach:
                reach.add(c)
                todo.append(c)
    callers = collections.defaultdict(set)
    for a, cs in edges.items():
        for c in cs:
            callers[c].add(a)
    ends = [f for f in reach if is_end(f)]
    chain, todo = set(ends), list(ends)
    while todo:
        for a in callers.get(todo.pop(), ()):
            if a in reach and a not in chain:
                chain.add(a)
                todo.append(a)
    src = os.path.join(tree, "src") + os.sep
    out = set()
    for f in chain:
        path = files.get(f) or ""
        if path.startswith(src):
            out.add(os.path.relpath(path, tree))
    return sorted(out)


def ran(files, tree):
    """Every file of the crate with a function that ran while collecting."""
    src = os.path.join(tree, "src") + os.sep
    return sorted({os.path.relpath(p, tree) for p in files.values() if p and p.startswith(src)})


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("walk", choices=sorted(WALKS))
    p.add_argument("--keep", help="keep callgrind's output file here")
    p.add_argument("--all", action="store_true",
                   help="every file of src/ whose code ran inside the entry, on a chain to "
                        "an end or not (the helpers too)")
    p.add_argument("--tree", default=ROOT,
                   help="the checkout whose target/walk/c7010 runs (another commit's, to "
                        "compare: a worktree built with the walk profile)")
    a = p.parse_args()
    walk = WALKS[a.walk]
    with tempfile.TemporaryDirectory() as d:
        out_file = a.keep or os.path.join(d, "callgrind.out")
        run(walk, out_file, os.path.abspath(a.tree))
        files, edges = graph(out_file)
    tree = os.path.abspath(a.tree)
    walked = ran(files, tree) if a.all else on_walk(files, edges, walk, tree)
    for f in walked:
        print(f)
    print(f"{len(walked)} files")


if __name__ == "__main__":
    main()
