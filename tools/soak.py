#!/usr/bin/env python3
"""Soak the module as a chess GUI would: many whole games through `c7010 uci` against
Debian's Stockfish (weakened with UCI_LimitStrength), at mixed time controls, and count
every failure.

A failure is anything a GUI user would notice: the engine process dying or hanging, a line
`info string the module failed ...` (the module was reset), `bestmove 0000` in a position
with legal moves, an illegal move, or a move later than the time control allows. The time
controls cycle game by game:

    fast        go movetime 100 (ms)
    blitz       a 3 minute clock with 2 s increments (go wtime/btime/winc/binc)
    rapid       40 moves in 10 minutes (go ... movestogo)
    nodes       go nodes 3000
    depth       go depth 2
    infinite    go infinite, then stop after 0.3 s of the GUI's time
    classical   40 moves in 90 minutes (every 50th game: each move thinks minutes of
                emulated time, seconds of host time)

The module's clock is emulated (the default `Clock` option), so a classical game costs a
few host minutes, not hours. Example (the figures in the issue's note):

    python3 tools/soak.py --games 200 --pgn soak.pgn
    python3 tools/soak.py --games 100 --ponder --multipv 3 --pgn soak.pgn

The PGN of every game is written at the end (to a temporary file, then renamed).
"""

import argparse
import logging
import os
import shlex
import sys
import tempfile
import time

import chess
import chess.engine
import chess.pgn

CONTROLS = ["fast", "blitz", "rapid", "nodes", "depth", "infinite"]


class ProtocolWatch(logging.Handler):
    """Counts the lines python-chess received that say the module failed."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.failures = []

    def emit(self, record):
        text = record.getMessage()
        if "<< info string the module failed" in text or "<< bestmove 0000" in text:
            self.failures.append(text)


def control_of(game_no):
    if game_no % 50 == 49:
        return "classical"
    return CONTROLS[game_no % len(CONTROLS)]


def module_move(module, board, control, clocks, moves_to_go, game_no):
    """The module's move under `control`; `clocks` are the GUI's clocks in seconds. With
    `--multipv N` every other round of the time controls asks every move as a GUI's
    analysis of N lines (`analyse` with `multipv`), the move the first line's, every line
    checked legal; with `--ponder` the other rounds ponder. (python-chess loses track of a ponder when one engine is asked
    both ways: it sends `ponderhit` to an engine that is not pondering and waits.)"""
    round_of_analysis = (game_no // len(CONTROLS)) % 2 == 1
    ponder = PONDER and not round_of_analysis
    if MULTIPV > 1 and round_of_analysis and control not in ("infinite",):
        limit = limit_of(control, clocks, moves_to_go)
        lines = module.analyse(board, limit, multipv=MULTIPV)
        for line in lines:
            if line.get("pv") and line["pv"][0] not in board.legal_moves:
                return None
        return lines[0]["pv"][0] if lines and lines[0].get("pv") else None
    if control == "fast":
        return module.play(board, chess.engine.Limit(time=0.1), ponder=ponder).move
    if control == "nodes":
        return module.play(board, chess.engine.Limit(nodes=3000), ponder=ponder).move
    if control == "depth":
        return module.play(board, chess.engine.Limit(depth=2), ponder=ponder).move
    if control == "infinite":
        with module.analysis(board) as analysis:
            time.sleep(0.3)
            analysis.stop()
            best = analysis.wait()
        return best.move
    return module.play(board, limit_of(control, clocks, moves_to_go), ponder=ponder).move


def limit_of(control, clocks, moves_to_go):
    """The python-chess limit of `control`."""
    if control == "fast":
        return chess.engine.Limit(time=0.1)
    if control == "nodes":
        return chess.engine.Limit(nodes=3000)
    if control == "depth":
        return chess.engine.Limit(depth=2)
    white, black = clocks
    inc = 2.0 if control == "blitz" else 0.0
    return chess.engine.Limit(white_clock=white, black_clock=black,
                              white_inc=inc, black_inc=inc, remaining_moves=moves_to_go)


# `--ponder`: the module thinks on the rival's time (python-chess sends `go ponder` and
# `ponderhit` or `stop`, as a GUI does).
PONDER = False
# `--multipv N`: lines a GUI's analysis asks for.
MULTIPV = 1


def starting_clock(control):
    return {"blitz": 180.0, "rapid": 600.0, "classical": 5400.0}.get(control)


def play_game(game_no, args, watch, openings):
    control = control_of(game_no)
    module = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine), timeout=60)
    # Level 6 has no budget of its own: the time controls alone end each thought (at
    # another level its budget would cap them; docs/uci.md, "The time rule").
    module.configure({"Level": 6})
    rival = chess.engine.SimpleEngine.popen_uci(args.opponent)
    rival.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo})
    fen = openings[game_no % len(openings)]
    board = chess.Board(fen)
    module_white = game_no % 2 == 0
    clock = starting_clock(control)
    clocks = [clock or 0.0, clock or 0.0]
    before = len(watch.failures)
    problems = []
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
            if board.turn == (chess.WHITE if module_white else chess.BLACK):
                moves_to_go = None
                if control in ("rapid", "classical"):
                    moves_to_go = 40 - (board.fullmove_number - 1) % 40
                started = time.monotonic()
                move = module_move(module, board, control, clocks, moves_to_go, game_no)
                spent = time.monotonic() - started
                if move is None or move not in board.legal_moves:
                    problems.append(f"illegal or no move {move} in {board.fen()}")
                    break
                if clock is not None:
                    side = 0 if board.turn == chess.WHITE else 1
                    clocks[side] -= spent
                    if clocks[side] < 0:
                        problems.append(f"lost on time in {board.fen()}")
                        break
                    if control == "blitz":
                        clocks[side] += 2.0
            else:
                move = rival.play(board, chess.engine.Limit(time=args.rival_time)).move
            board.push(move)
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as e:
        problems.append(f"engine error: {e!r}")
    finally:
        for engine in (module, rival):
            try:
                engine.quit()
            except Exception:  # noqa: BLE001 - a dead engine is already counted
                pass
    problems += watch.failures[before:]
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"c7010 soak ({control})"
    game.headers["Round"] = str(game_no + 1)
    game.headers["White"] = "c7010" if module_white else f"stockfish {args.elo}"
    game.headers["Black"] = f"stockfish {args.elo}" if module_white else "c7010"
    if board.is_game_over(claim_draw=True):
        game.headers["Result"] = board.result(claim_draw=True)
    elif not problems:
        game.headers["Result"] = "1/2-1/2"  # adjudicated at --max-plies
    return game, control, problems


def write_atomically(path, text):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".soak-", suffix=".pgn")
    with os.fdopen(fd, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="target/release/c7010 uci")
    ap.add_argument("--opponent", default="/usr/games/stockfish")
    ap.add_argument("--elo", type=int, default=1350)
    ap.add_argument("--rival-time", type=float, default=0.05, help="Stockfish's seconds a move")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--openings", default="tools/openings.epd")
    ap.add_argument("--pgn", default="soak.pgn")
    ap.add_argument("--ponder", action="store_true", help="the module ponders (go ponder)")
    ap.add_argument("--multipv", type=int, default=1, help="the module's MultiPV lines")
    args = ap.parse_args()
    global PONDER, MULTIPV
    PONDER, MULTIPV = args.ponder, args.multipv

    openings = []
    with open(args.openings) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                openings.append(" ".join(line.split()[:4]) + " 0 1")
    watch = ProtocolWatch()
    logging.getLogger("chess.engine").addHandler(watch)
    logging.getLogger("chess.engine").setLevel(logging.DEBUG)

    games, failures, tally = [], 0, {}
    started = time.monotonic()
    for n in range(args.games):
        game, control, problems = play_game(n, args, watch, openings)
        games.append(game)
        failures += bool(problems)
        tally[control] = tally.get(control, 0) + 1
        result = game.headers["Result"]
        print(f"game {n + 1}/{args.games} {control}: {result}, {game.end().ply()} plies"
              + (f"; FAILED: {problems}" if problems else ""), flush=True)
    text = "\n\n".join(str(g) for g in games) + "\n"
    write_atomically(args.pgn, text)
    minutes = (time.monotonic() - started) / 60
    controls = ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
    print(f"{args.games} games ({controls}) in {minutes:.0f} min; PGN in {args.pgn}")
    print(f"{args.games - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
