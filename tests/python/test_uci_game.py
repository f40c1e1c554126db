#!/usr/bin/env python3
"""A real UCI client (python-chess) plays one game between two `c7010 uci` processes.

Both sides play under a clock (python-chess sends wtime/btime/winc/binc); the game runs to
its end or to --plies plies. It fails if an engine answers an illegal move, loses on time,
sends no analysis (info) at all, or dies. Run by tests/uci/python_game.rs (and by hand:
    python3 tests/python/test_uci_game.py --c7010 target/debug/c7010 --white ref --black ref).
"""

import argparse
import sys
import time

import chess
import chess.engine
import chess.pgn


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--c7010", required=True, help="path of the c7010 binary")
    # "default": `c7010 uci` without --engine (the guest when its ROM plays, else the
    # reference).
    ap.add_argument("--white", default="default", choices=["default", "guest", "ref"])
    ap.add_argument("--black", default="ref", choices=["default", "guest", "ref"])
    ap.add_argument("--plies", type=int, default=40, help="stop after this many plies")
    ap.add_argument("--clock", type=float, default=20.0, help="seconds on each clock")
    ap.add_argument("--inc", type=float, default=0.2, help="increment per move, seconds")
    return ap.parse_args()


def main():
    args = parse_args()
    def command(choice):
        return [args.c7010, "uci"] + ([] if choice == "default" else ["--engine", choice])

    engines = {
        chess.WHITE: chess.engine.SimpleEngine.popen_uci(command(args.white)),
        chess.BLACK: chess.engine.SimpleEngine.popen_uci(command(args.black)),
    }
    clocks = {chess.WHITE: args.clock, chess.BLACK: args.clock}
    board = chess.Board()
    infos = 0
    try:
        for engine in engines.values():
            assert engine.id.get("name", "").startswith("c7010"), engine.id
            engine.configure({"Clock": "emulated"})
        while not board.is_game_over(claim_draw=True) and board.ply() < args.plies:
            side = board.turn
            limit = chess.engine.Limit(
                white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                white_inc=args.inc, black_inc=args.inc)
            started = time.monotonic()
            result = engines[side].play(board, limit, info=chess.engine.INFO_ALL)
            clocks[side] -= time.monotonic() - started
            if clocks[side] <= 0:
                sys.exit(f"{'White' if side else 'Black'} lost on time at ply {board.ply()}")
            clocks[side] += args.inc
            if result.move is None or result.move not in board.legal_moves:
                sys.exit(f"illegal move {result.move} at ply {board.ply()} in {board.fen()}")
            if "depth" in result.info and "score" in result.info and "nodes" in result.info:
                infos += 1
            board.push(result.move)
    finally:
        for engine in engines.values():
            engine.quit()
    if infos == 0:
        sys.exit("no info line (depth, score, nodes) came with any move")
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = f"c7010 {args.white}"
    game.headers["Black"] = f"c7010 {args.black}"
    print(game)
    print(f"plies {board.ply()}, info with {infos} moves, clocks "
          f"{clocks[chess.WHITE]:.1f}s / {clocks[chess.BLACK]:.1f}s")


if __name__ == "__main__":
    main()
