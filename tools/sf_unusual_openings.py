#!/usr/bin/env python3
"""Unusual openings judged balanced by Stockfish: random legal plies, Stockfish's score.

Issue 44's losses against Stockfish came from six random plies that Stockfish judged
balanced at depth 12 (for instance 1. g4 Nc6 2. g5 g6 3. Bg2 Rb8). tools/unusual_openings.py
makes its set without Stockfish, keeping what the module's own twin scores within half a
pawn, so the twin's blind spots (a king's broken pawn front) are filtered out with it. This
makes the issue's kind: PLIES random legal moves from the initial position, kept when
Stockfish at DEPTH scores the position within LIMIT centipawns (and it is not over, not seen
before). Deterministic for a seed and a Stockfish build (one thread, a fresh hash each
position).

    python3 tools/sf_unusual_openings.py --count 100 --seed 44 > tools/openings-sf-unusual.epd
"""

import argparse
import random
import sys

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=44)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--limit", type=int, default=50, help="centipawns, default 50")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seen = set()
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1, "Hash": 16})
    name = engine.id.get("name", args.stockfish)
    print(f"# {args.count} unusual openings for tools/match.py: tools/sf_unusual_openings.py "
          f"--count {args.count} --seed {args.seed} --plies {args.plies} --depth {args.depth} "
          f"--limit {args.limit} (random plies, {name} at depth {args.depth} within "
          f"{args.limit} cp for the side to move)")
    made = 0
    try:
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
            seen.add(key)
            info = engine.analyse(board, chess.engine.Limit(depth=args.depth), game=object())
            score = info["score"].relative
            if score.is_mate() or abs(score.score()) > args.limit:
                continue
            made += 1
            print(f'{key} id "s{made} {score.score():+d}cp"; c0 "{" ".join(sans)}";')
            sys.stdout.flush()
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
