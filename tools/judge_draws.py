#!/usr/bin/env python3
"""Judge the drawn games of match PGNs (tools/match.py) with stockfish: how the module stood
in the last position of each draw.

For every game drawn (1/2-1/2) the last position is searched by stockfish to a fixed depth
and the score is given from the view of the player whose name starts with --player (the
module, `c7010` by default), in pawns, with how the draw came about (threefold repetition,
fifty-move rule, stalemate, insufficient material, or the match's move limit). Then the
count of draws where the player stood better than --margin pawns.

Example, the matches of docs/engine-log.md ("2026-11-26, issue 18: matches before and after
the game's history"):

    python3 tools/judge_draws.py --depth 16 after/*.pgn
"""

import argparse
import sys

import chess
import chess.engine
import chess.pgn


def how_drawn(board):
    """Why the game in `board` (its last position, moves on the stack) is drawn."""
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "material"
    if board.can_claim_threefold_repetition() or board.is_fivefold_repetition():
        return "repetition"
    if board.can_claim_fifty_moves():
        return "fifty-move"
    return "move limit"


def drawn_games(path):
    """(game, last board) for every drawn game of a PGN file."""
    with open(path, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            if game.headers.get("Result") == "1/2-1/2":
                yield game, game.end().board()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+", help="match PGN files")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--player", default="c7010", help="the judged player's name prefix")
    ap.add_argument("--margin", type=float, default=2.0, help="pawns that count as ahead")
    args = ap.parse_args()
    judge = chess.engine.SimpleEngine.popen_uci(args.engine)
    ahead = draws = 0
    try:
        for path in args.pgn:
            for game, board in drawn_games(path):
                white = game.headers.get("White", "")
                side = chess.WHITE if white.startswith(args.player) else chess.BLACK
                info = judge.analyse(board, chess.engine.Limit(depth=args.depth))
                score = info["score"].pov(side)
                pawns = score.score(mate_score=100000) / 100.0
                text = f"mate {score.mate()}" if score.is_mate() else f"{pawns:+.1f}"
                draws += 1
                if pawns > args.margin:
                    ahead += 1
                print(f"{path} round {game.headers.get('Round', '?')}: {how_drawn(board)}, "
                      f"{args.player} {text} ({len(board.move_stack)} plies)")
    finally:
        judge.quit()
    print(f"{draws} draws, {ahead} with {args.player} ahead by more than {args.margin} pawns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
