#!/usr/bin/env python3
"""Unusual openings for tools/match.py: random legal plies from the initial position.

Issue 44 asks that strength be measured from two opening sets: the balanced set
(tools/openings-balanced.epd, each move one of Stockfish's best) and one of random, unusual
positions that no tuning has seen (for instance 1. g4 Nc6 2. g5 g6 3. Bg2 Rb8). This makes
the second kind without Stockfish: PLIES random legal moves, and the position is kept when
the module's twin (`c7010 search --engine ref --budget 3000`) scores it within LIMIT units
(16 a pawn) for the side to move. Each opening is played twice with colours swapped by
match.py, so what imbalance is left counts for neither engine.

    python3 tools/unusual_openings.py --count 100 --seed 44 > unusual.epd
"""

import argparse
import random
import re
import subprocess
import sys

import chess


def twin_score(c7010, board):
    """The twin's score of the position for the side to move, in units, or None."""
    out = subprocess.run(
        [c7010, "search", "--engine", "ref", "--no-book", "--budget", "3000",
         "--fen", board.fen()],
        capture_output=True, text=True, check=False).stdout
    found = re.search(r"^score .*\((-?\d+)\)", out, re.MULTILINE)
    return int(found.group(1)) if found else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=44)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--limit", type=int, default=8, help="units (16 a pawn), default 8")
    ap.add_argument("--c7010", default="target/release/c7010")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seen = set()
    print(f"# {args.count} unusual openings for tools/match.py: tools/unusual_openings.py "
          f"--count {args.count} --seed {args.seed} --plies {args.plies} (random plies, the "
          f"twin's score at 3,000 positions within {args.limit} units)")
    made = 0
    while made < args.count:
        board = chess.Board()
        sans = []
        for _ in range(args.plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            sans.append(board.san(move))
            board.push(move)
        key = board.epd()
        if board.is_game_over() or key in seen:
            continue
        score = twin_score(args.c7010, board)
        if score is None or abs(score) > args.limit:
            continue
        seen.add(key)
        made += 1
        print(f'{key} id "u{made} {score:+d}"; c0 "{" ".join(sans)}";')
        sys.stdout.flush()


if __name__ == "__main__":
    main()
