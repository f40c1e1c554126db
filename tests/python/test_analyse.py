#!/usr/bin/env python3
"""python-chess analyses with the module over xboard and over UCI (issue 17).

Over xboard: the features are accepted without a warning (no "Rejecting feature"), every
option is seen and can be set, and `analyse` (python-chess sends `analyze`, then `.`,
`exit` and `ping`) gets thinking lines up to the depth asked. Over UCI: `analyse` to a
depth gets that depth, with multipv=3 three lines with distinct first moves (the start
position too: it is searched, not answered from the book), a time limit of 30 s governs the
default Level, and `play` with pondering gets a ponder move. Run by
tests/uci/python_game.rs (and by hand:
    python3 tests/python/test_analyse.py --c7010 target/release/c7010 --engine guest).
"""

import argparse
import logging
import sys

import chess
import chess.engine

# Out of the book (python-chess sends `setboard` for it): the guest reaches pass 2 here.
FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


class Warnings(logging.Handler):
    """Keeps python-chess's warnings (a rejected feature, unexpected output)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.seen = []

    def emit(self, record):
        self.seen.append(record.getMessage())


def check_pv(board, info, what):
    pv = info.get("pv") or []
    if not pv:
        sys.exit(f"{what}: no pv in {info}")
    b = board.copy()
    for m in pv:
        if m not in b.legal_moves:
            sys.exit(f"{what}: illegal pv move {m} in {info}")
        b.push(m)


def xboard(command):
    warnings = Warnings()
    logging.getLogger("chess.engine").addHandler(warnings)
    engine = chess.engine.SimpleEngine.popen_xboard(command)
    try:
        for name in ["Level", "Clock", "ClockMHz", "Rom"]:
            if name not in engine.options:
                sys.exit(f"xboard: option {name} not declared: {list(engine.options)}")
        engine.configure({"Level": 3})
        board = chess.Board(FEN)
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        if info.get("depth", 0) < 2 or "score" not in info:
            sys.exit(f"xboard: analyse to depth 2 gave {info}")
        check_pv(board, info, "xboard")
        print(f"xboard analyse: depth {info['depth']} score {info['score']} pv {info['pv']}")
    finally:
        engine.quit()
    rejected = [w for w in warnings.seen if "Rejecting" in w]
    if rejected:
        sys.exit(f"xboard: python-chess rejected features: {rejected}")


def uci(command):
    engine = chess.engine.SimpleEngine.popen_uci(command)
    try:
        board = chess.Board(FEN)
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        if info.get("depth", 0) < 2:
            sys.exit(f"uci: analyse to depth 2 gave {info}")
        check_pv(board, info, "uci")
        print(f"uci analyse: depth {info['depth']} score {info['score']} pv {info['pv']}")
        multipv(engine, board)
        gui_limits(engine)
        played = engine.play(board, chess.engine.Limit(time=2.0), ponder=True)
        if played.move not in board.legal_moves:
            sys.exit(f"uci: illegal move {played.move}")
        board.push(played.move)
        if played.ponder is not None and played.ponder not in board.legal_moves:
            sys.exit(f"uci: illegal ponder move {played.ponder}")
        print(f"uci play with ponder: {played.move} ponder {played.ponder}")
    finally:
        engine.quit()


def multipv(engine, board):
    """`analyse` with multipv=3: three lines, each a legal PV, with distinct first moves."""
    if "MultiPV" not in engine.options:
        sys.exit(f"uci: no MultiPV option: {list(engine.options)}")
    infos = engine.analyse(board, chess.engine.Limit(depth=2), multipv=3)
    if len(infos) != 3:
        sys.exit(f"uci: multipv 3 gave {len(infos)} lines: {infos}")
    for k, info in enumerate(infos):
        check_pv(board, info, f"uci multipv {k + 1}")
        if info.get("depth", 0) < 2 or "score" not in info:
            sys.exit(f"uci: multipv line {k + 1} to depth 2 gave {info}")
    firsts = [info["pv"][0] for info in infos]
    if len(set(firsts)) != 3:
        sys.exit(f"uci: multipv lines share a first move: {firsts}")
    print(f"uci analyse multipv 3: {' '.join(m.uci() for m in firsts)}")


def gui_limits(engine):
    """Issue 26, points 8 and 9: the book position is analysed (three lines, not `[{}]`),
    and a time limit governs the default Level (30 s reach pass 2 here; the Level's budget
    alone stops after pass 1)."""
    infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=2), multipv=3)
    if len(infos) != 3:
        sys.exit(f"uci: the start position with multipv 3 gave {infos}")
    for k, info in enumerate(infos):
        check_pv(chess.Board(), info, f"uci start position multipv {k + 1}")
    print(f"uci analyse start position multipv 3: {' '.join(i['pv'][0].uci() for i in infos)}")
    board = chess.Board(FEN)
    infos = engine.analyse(board, chess.engine.Limit(time=30), multipv=3)
    if infos[0].get("depth", 0) < 2:
        sys.exit(f"uci: analyse for 30 s stopped at {infos[0]}")
    print(f"uci analyse 30 s multipv 3: depth {infos[0]['depth']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--c7010", required=True, help="path of the c7010 binary")
    ap.add_argument("--engine", default="guest", choices=["guest", "ref"])
    args = ap.parse_args()
    xboard([args.c7010, "xboard", "--engine", args.engine])
    uci([args.c7010, "uci", "--engine", args.engine])


if __name__ == "__main__":
    main()
