#!/usr/bin/env python3
"""A chess GUI analysing with the module for hours, in minutes: `go infinite`, an option
changed while it runs (`setoption name MultiPV`), `isready`, `stop`, and again, round after
round with random waits, through `c7010 uci` on a pipe.

It counts what a GUI would notice: a `readyok` later than 100 ms (UCI: answered at once,
even while the engine calculates), a command left unanswered for 10 s (`isready` with no
`readyok`, `stop` with no `bestmove`), a `bestmove` that is not a legal move of the position
the GUI set up, and the engine process ending. Example (the figures in the issue's note):

    python3 tools/analysis_soak.py --rounds 1000

Exits non-zero when anything failed.
"""

import argparse
import queue
import random
import shlex
import subprocess
import sys
import threading
import time

import chess

PATIENCE = 10.0  # seconds for an answer before the command counts as unanswered


class Engine:
    """The engine on a pipe, its lines read on a thread of their own (with their times)."""

    def __init__(self, command):
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), line.strip()))
        self.lines.put((time.monotonic(), None))

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return time.monotonic()

    def wait_for(self, word):
        """(when, line) of the first line starting with `word`; None after PATIENCE."""
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                when, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None
            if line is None:
                return None
            if line.startswith(word):
                return when, line


def positions(rng, count):
    """Positions a GUI would analyse: random plies from the start."""
    out = []
    for _ in range(count):
        board = chess.Board()
        for _ in range(rng.randrange(0, 30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            out.append(board)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="target/release/c7010 uci")
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7010)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    engine.send("uci")
    if engine.wait_for("uciok") is None:
        sys.exit("no uciok")
    boards = positions(rng, 50)
    latencies, unanswered, illegal = [], 0, 0
    board = boards[0]
    started = time.monotonic()
    for n in range(args.rounds):
        if n % 10 == 0:
            board = boards[(n // 10) % len(boards)]
            moves = " ".join(m.uci() for m in board.move_stack)
            engine.send("position startpos" + (f" moves {moves}" if moves else ""))
        engine.send("go infinite")
        time.sleep(rng.uniform(0.0, 0.3))
        engine.send(f"setoption name MultiPV value {rng.randint(1, 4)}")
        sent = engine.send("isready")
        ready = engine.wait_for("readyok")
        if ready is None:
            unanswered += 1
        else:
            latencies.append((ready[0] - sent) * 1000)
        time.sleep(rng.uniform(0.0, 0.2))
        engine.send("stop")
        best = engine.wait_for("bestmove")
        if best is None:
            unanswered += 1
            continue
        word = best[1].split()[1]
        if chess.Move.from_uci(word) not in board.legal_moves:
            illegal += 1
            print(f"round {n + 1}: bestmove {word} is not legal in {board.fen()}", flush=True)
        if (n + 1) % 100 == 0:
            print(f"{n + 1} rounds: {illegal} illegal, {unanswered} unanswered, longest "
                  f"readyok {max(latencies):.1f} ms", flush=True)
    engine.send("quit")
    alive = engine.process.wait(timeout=10) is None
    minutes = (time.monotonic() - started) / 60
    slow = sum(1 for ms in latencies if ms > 100)
    print(f"{args.rounds} rounds in {minutes:.1f} min: {illegal} illegal moves, {unanswered} "
          f"unanswered commands, isready answered in {max(latencies):.1f} ms at most "
          f"(median {sorted(latencies)[len(latencies) // 2]:.1f} ms, {slow} over 100 ms)")
    return 1 if illegal or unanswered or slow or alive else 0


if __name__ == "__main__":
    sys.exit(main())
