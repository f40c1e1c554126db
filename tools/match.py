#!/usr/bin/env python3
"""Play a match between two chess engines (UCI or xboard) and report it.

Each engine is given as a command line (for example `target/release/c7010 uci --engine ref`
or `/usr/games/stockfish`); python-chess does the protocol plumbing. Games start from the
openings of an EPD file (each opening twice, colours swapped; by default tools/openings.epd
beside this script, from any directory), each engine plays under the shared clock (--tc) or
its own limit (--limit1/--limit2: nodes, depth, movetime, or `level` for the engine's own
level budget). The games are written as PGN and a table of wins, draws and losses, the score
and the Elo difference with its 95% error margin is printed.

Example, the module's twin at level 2 against Debian's Stockfish held to depth 1
(`apt-get install stockfish`):

    python3 tools/match.py --engine1 "target/release/c7010 uci --engine ref" \\
        --option1 Level=2 --option1 Clock=emulated --limit1 level \\
        --engine2 /usr/games/stockfish --limit2 depth=1 \\
        --games 20 --pgn match.pgn

An xboard engine must declare `setboard`: python-chess refuses one that says `setboard=0`
(Debian's `fairymax` does), although games from the start position never need it. Such an
engine can still play if its declaration is rewritten on the way, as docs/engine.md did
for its Fairy-Max match:

        --engine2 "sh -c '/usr/games/fairymax | sed -u s/setboard=0/setboard=1/'" \\
        --proto2 xboard --limit2 depth=2
"""

import argparse
import math
import os
import shlex
import sys
import time
from dataclasses import dataclass, field

import chess
import chess.engine
import chess.pgn

try:
    from tqdm import tqdm
except ImportError:  # a plain progress line instead
    tqdm = None


# --- the score and the Elo difference -------------------------------------------------------

def elo_from_score(p):
    """Elo difference of a score fraction 0 < p < 1 by the logistic formula."""
    return -400.0 * math.log10(1.0 / p - 1.0)


def elo_with_margin(wins, draws, losses):
    """(elo, margin) of engine 1 against engine 2, the margin half the 95% interval.

    The score's standard error comes from the per-game results (1, 1/2, 0); the interval
    p +- 1.96 se is mapped through the logistic formula. A score of 0 or 1 has no finite
    Elo: returns +-inf and margin inf."""
    n = wins + draws + losses
    if n == 0:
        return 0.0, math.inf
    p = (wins + 0.5 * draws) / n
    if p <= 0.0 or p >= 1.0:
        return (math.inf if p >= 1.0 else -math.inf), math.inf
    var = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p ** 2) / n
    se = math.sqrt(var / n)
    lo, hi = p - 1.96 * se, p + 1.96 * se
    if lo <= 0.0 or hi >= 1.0:
        return elo_from_score(p), math.inf
    return elo_from_score(p), (elo_from_score(hi) - elo_from_score(lo)) / 2.0


# --- engines, limits, openings ------------------------------------------------------------------

@dataclass
class Player:
    """One engine of the match: its command, protocol, options and limit."""
    command: list
    protocol: str
    options: dict
    limit: str
    name: str = ""
    engine: object = None
    score: dict = field(default_factory=lambda: {"W": 0, "D": 0, "L": 0})

    def start(self):
        popen = (chess.engine.SimpleEngine.popen_uci if self.protocol == "uci"
                 else chess.engine.SimpleEngine.popen_xboard)
        self.engine = popen(self.command, stderr=sys.stderr if VERBOSE else None)
        if self.options:
            self.engine.configure(self.options)
        self.name = self.name or self.engine.id.get("name", self.command[0])

    def stop(self):
        if self.engine is not None:
            self.engine.quit()


VERBOSE = False

# The openings shipped beside this script: found from any working directory.
DEFAULT_OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.epd")


def parse_options(pairs):
    """NAME=VALUE pairs to a dict; numbers stay strings (python-chess converts them)."""
    options = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            sys.exit(f"option {pair!r} is not NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def parse_tc(text):
    """A clock `[moves/]seconds[+increment]`: 40/60+0.5, 300+2, 60."""
    moves = None
    if "/" in text:
        m, text = text.split("/", 1)
        moves = int(m)
    base, _, inc = text.partition("+")
    return moves, float(base), float(inc or 0)


def parse_limit(text):
    """`tc` (the shared clock), `level` (the engine's own budget), nodes=N, depth=N,
    movetime=S."""
    if text in ("tc", "level"):
        return text, None
    kind, sep, value = text.partition("=")
    if not sep or kind not in ("nodes", "depth", "movetime"):
        sys.exit(f"limit {text!r}: use tc, level, nodes=N, depth=N or movetime=SECONDS")
    return kind, float(value) if kind == "movetime" else int(value)


def read_openings(path):
    """Boards from an EPD file. An opening's `c0` moves are replayed from the start position,
    so engines that never get `setboard` can play it; otherwise the EPD is set up."""
    boards = []
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        sys.exit(f"cannot read the openings {path}: {e.strerror}")
    with f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            board, ops = chess.Board.from_epd(line)
            if "c0" in ops:
                board = chess.Board()
                for san in str(ops["c0"]).split():
                    board.push_san(san)
            boards.append((ops.get("id", f"opening {len(boards) + 1}"), board))
    if not boards:
        sys.exit(f"{path}: no openings")
    return boards


# --- one game --------------------------------------------------------------------------------

class Clock:
    """Both sides' clocks for a `[moves/]seconds+increment` time control."""

    def __init__(self, tc):
        self.moves, self.base, self.inc = tc
        self.left = {chess.WHITE: self.base, chess.BLACK: self.base}
        self.made = {chess.WHITE: 0, chess.BLACK: 0}

    def limit(self, board):
        to_go = None
        if self.moves:
            to_go = self.moves - self.made[board.turn] % self.moves
        return chess.engine.Limit(
            white_clock=self.left[chess.WHITE], black_clock=self.left[chess.BLACK],
            white_inc=self.inc, black_inc=self.inc, remaining_moves=to_go)

    def spend(self, side, seconds):
        """Charge a move; False when the side ran out of time."""
        self.left[side] -= seconds
        if self.left[side] < 0:
            return False
        self.left[side] += self.inc
        self.made[side] += 1
        if self.moves and self.made[side] % self.moves == 0:
            self.left[side] += self.base
        return True


def engine_limit(player, clock, board):
    kind, value = parse_limit(player.limit)
    if kind == "tc":
        return clock.limit(board), True
    if kind == "level":
        return chess.engine.Limit(), False
    return chess.engine.Limit(**{{"movetime": "time"}.get(kind, kind): value}), False


def play_game(white, black, opening, tc, max_plies, game_id):
    """Play one game; returns (result, termination, board)."""
    board = opening.copy()
    clock = Clock(tc)
    players = {chess.WHITE: white, chess.BLACK: black}
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.result(), outcome.termination.name.lower().replace("_", " "), board
        if board.ply() >= max_plies:
            return "1/2-1/2", f"adjudicated draw after {max_plies} plies", board
        side = board.turn
        mover = players[side]
        loser = "0-1" if side == chess.WHITE else "1-0"
        limit, timed = engine_limit(mover, clock, board)
        started = time.monotonic()
        try:
            played = mover.engine.play(board, limit, game=game_id)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
            return loser, f"{mover.name} failed: {e}", board
        spent = time.monotonic() - started
        if timed and not clock.spend(side, spent):
            return loser, f"{mover.name} lost on time", board
        if played.resigned:
            return loser, f"{mover.name} resigned", board
        if played.move is None or played.move not in board.legal_moves:
            return loser, f"{mover.name} played an illegal move {played.move}", board
        board.push(played.move)


# --- the match -------------------------------------------------------------------------------

def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    for n in (1, 2):
        ap.add_argument(f"--engine{n}", required=True, help=f"command of engine {n}")
        ap.add_argument(f"--proto{n}", choices=["uci", "xboard"], default="uci")
        ap.add_argument(f"--option{n}", action="append", metavar="NAME=VALUE",
                        help="engine option (repeatable)")
        ap.add_argument(f"--limit{n}", default="tc",
                        help="tc (the shared clock, default), level, nodes=N, depth=N, "
                             "movetime=SECONDS")
        ap.add_argument(f"--name{n}", default="", help="name in the PGN and table")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--tc", default="40/60+0", help="clock [moves/]seconds[+inc] (default 40/60+0)")
    ap.add_argument("--openings", default=DEFAULT_OPENINGS,
                    help="EPD file of openings (default: openings.epd beside this script)")
    ap.add_argument("--max-plies", type=int, default=300, help="adjudicate a draw after this")
    ap.add_argument("--pgn", default="match.pgn")
    ap.add_argument("--event", default="c7010 match")
    ap.add_argument("--verbose", action="store_true", help="show the engines' standard error")
    return ap.parse_args()


class Progress:
    """tqdm when installed, else a plain counter on standard error."""

    def __init__(self, total):
        self.bar = tqdm(total=total, unit="game") if tqdm else None
        self.total, self.done = total, 0

    def update(self, text):
        self.done += 1
        if self.bar:
            self.bar.set_postfix_str(text)
            self.bar.update(1)
        else:
            print(f"[{self.done}/{self.total}] {text}", file=sys.stderr, flush=True)

    def close(self):
        if self.bar:
            self.bar.close()


def table(p1, p2):
    w, d, l = p1.score["W"], p1.score["D"], p1.score["L"]
    n = w + d + l
    rows = [("engine", "W", "D", "L", "score", "%")]
    for p in (p1, p2):
        s = p.score
        pts = s["W"] + 0.5 * s["D"]
        rows.append((p.name, s["W"], s["D"], s["L"], f"{pts:g}/{n}",
                     f"{100.0 * pts / n:.1f}" if n else "-"))
    widths = [max(len(str(r[i])) for r in rows) for i in range(6)]
    lines = ["  ".join(str(c).ljust(widths[i]) if i == 0 else str(c).rjust(widths[i])
                       for i, c in enumerate(r)) for r in rows]
    elo, margin = elo_with_margin(w, d, l)
    elo = 0.0 if abs(elo) < 0.5 else elo  # no "-0"
    elo_text = f"{elo:+.0f}" if math.isfinite(elo) else ("+inf" if elo > 0 else "-inf")
    margin_text = f"{margin:.0f}" if math.isfinite(margin) else "inf"
    lines.append(f"Elo difference ({p1.name} - {p2.name}): {elo_text} +/- {margin_text} (95%)")
    return "\n".join(lines)


def main():
    global VERBOSE
    args = parse_args()
    VERBOSE = args.verbose
    tc = parse_tc(args.tc)
    openings = read_openings(args.openings)
    players = [
        Player(shlex.split(getattr(args, f"engine{n}")), getattr(args, f"proto{n}"),
               parse_options(getattr(args, f"option{n}")), getattr(args, f"limit{n}"),
               getattr(args, f"name{n}"))
        for n in (1, 2)
    ]
    for p in players:
        parse_limit(p.limit)
    p1, p2 = players
    try:
        for p in players:
            try:
                p.start()
            except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
                hint = ""
                if "setboard" in str(e):
                    hint = ("\n(python-chess refuses an xboard engine that declares setboard=0;"
                            " see --help for a way round)")
                sys.exit(f"engine {shlex.join(p.command)} did not start: {e}{hint}")
        progress = Progress(args.games)
        with open(args.pgn, "w", encoding="utf-8") as pgn:
            for i in range(args.games):
                name, opening = openings[(i // 2) % len(openings)]
                white, black = (p1, p2) if i % 2 == 0 else (p2, p1)
                result, why, board = play_game(white, black, opening, tc, args.max_plies, i)
                for p, colour in ((white, "1-0"), (black, "0-1")):
                    key = "D" if result == "1/2-1/2" else ("W" if result == colour else "L")
                    p.score[key] += 1
                game = chess.pgn.Game.from_board(board)
                game.headers.update({
                    "Event": args.event, "Site": "c7010 tools/match.py", "Round": str(i + 1),
                    "Date": time.strftime("%Y.%m.%d"), "White": white.name,
                    "Black": black.name, "Result": result, "Opening": name,
                    "Termination": why,
                    "TimeControl": args.tc if "tc" in (p1.limit, p2.limit) else "-",
                    "WhiteLimit": white.limit, "BlackLimit": black.limit,
                })
                print(game, file=pgn, end="\n\n", flush=True)
                s = p1.score
                progress.update(f"{p1.name}: +{s['W']} ={s['D']} -{s['L']}")
        progress.close()
    finally:
        for p in players:
            p.stop()
    print(table(p1, p2))
    print(f"games written to {args.pgn}")


if __name__ == "__main__":
    main()
