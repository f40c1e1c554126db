#!/usr/bin/env python3
"""Write varied balanced openings for tools/match.py (EPD, with each opening's moves in `c0`).

Each opening is 8 plies from the initial position, every move drawn at random from
Stockfish's best four at depth 8; it is kept when Stockfish at depth 14 scores it within
half a pawn and it was not drawn before. Seeded, so the same file comes out again:

    python3 tools/balanced_openings.py --count 100 --seed 2026 > tools/openings-balanced.epd
"""

import argparse
import random
import sys

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 32})
    seen, out = set(), []
    while len(out) < args.count:
        board, sans = chess.Board(), []
        for _ in range(8):
            infos = sf.analyse(board, chess.engine.Limit(depth=8), multipv=4)
            move = rng.choice([i["pv"][0] for i in infos if "pv" in i])
            sans.append(board.san(move))
            board.push(move)
        key = board.epd()
        if key in seen or board.is_game_over():
            continue
        score = sf.analyse(board, chess.engine.Limit(depth=14))["score"].white()
        cp = score.score(mate_score=10000)
        if abs(cp) > 50:
            continue
        seen.add(key)
        out.append(f'{key} id "o{len(out) + 1} {cp:+d}"; c0 "{" ".join(sans)}";')
        print(f"{len(out)}/{args.count}", file=sys.stderr, end="\r")
    sf.quit()
    print(f"# {args.count} balanced openings for tools/match.py: tools/balanced_openings.py "
          f"--count {args.count} --seed {args.seed} (Stockfish depth 14 within 0.50)")
    print("\n".join(out))


if __name__ == "__main__":
    main()
