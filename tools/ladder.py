#!/usr/bin/env python3
"""Rate players from the PGN files of tools/match.py: a strength ladder tied to anchors.

Every pair of players that met gives one measured Elo difference, with its 95% margin, by
match.py's own arithmetic (the logistic formula on the score, the margin from the per-game
results). The ratings are the weighted least-squares fit of all those differences, each
weighted by the inverse of its variance, with the anchors' ratings held fixed. On a chain
of matches (level 2 against an anchor, level 3 against level 2, ...) this is the sum of the
differences along the chain; where a player met two anchors, or two players were measured
both ways, the fit weighs the measurements. The margin of each rating is 1.96 standard
errors of the fit (the covariance of a weighted least-squares fit: the inverse of its
normal matrix).

    python3 tools/ladder.py --anchor "Stockfish 15.1 UCI_Elo 1500=1500" \\
        L2-sf1500.pgn L3-L2.pgn L4-L3.pgn L1-L4.pgn L5-L1.pgn

`--leave-out-time-losses` leaves out the games lost on time: on a loaded machine an engine
that lives on its increment can lose on time to the machine, not to its opponent.

A pair whose score is 0 or 1 has no finite difference: it is listed and left out of the
fit. Every player must be joined to an anchor through the pairs that count, or the
ladder has nothing to stand on: that is an error.
"""

import argparse
import math
import os
import sys

import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (the score arithmetic lives there, once)

# The z value of a 95% interval, the one match.py's margins use.
Z95 = 1.96


def tally(paths, leave_out_time_losses=False):
    """{(a, b): [wins of a, draws, losses of a]} over every game of the PGN files, a < b.

    With `leave_out_time_losses`, a game lost on time (match.py's Termination) is not
    counted: on a loaded machine a flag can be the machine's, not the engine's."""
    pairs = {}
    for path in paths:
        with open(path, encoding="utf-8") as pgn:
            while (headers := chess.pgn.read_headers(pgn)) is not None:
                white, black = headers.get("White", "?"), headers.get("Black", "?")
                result = headers.get("Result", "*")
                if result not in ("1-0", "0-1", "1/2-1/2") or white == black:
                    continue
                if leave_out_time_losses and "lost on time" in headers.get("Termination", ""):
                    continue
                a, b = sorted((white, black))
                row = pairs.setdefault((a, b), [0, 0, 0])
                if result == "1/2-1/2":
                    row[1] += 1
                elif (result == "1-0") == (white == a):
                    row[0] += 1
                else:
                    row[2] += 1
    return pairs


def differences(pairs):
    """[(a, b, elo of a over b, margin, (w, d, l))] for each pair, finite or not."""
    out = []
    for (a, b), (w, d, l) in sorted(pairs.items()):
        elo, margin = match.elo_with_margin(w, d, l)
        out.append((a, b, elo, margin, (w, d, l)))
    return out


def solve(matrix, vector):
    """x with matrix x = vector, by Gauss-Jordan elimination with partial pivoting."""
    n = len(vector)
    rows = [list(matrix[i]) + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("the ladder is not joined to an anchor")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                f = rows[r][col] / rows[col][col]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit(diffs, anchors):
    """{player: (rating, margin)} from the finite differences, the anchors held fixed.

    Raises ValueError naming the players no anchor reaches."""
    finite = [(a, b, e, m) for a, b, e, m, _ in diffs if math.isfinite(m)]
    players = sorted({p for a, b, _, _ in finite for p in (a, b)} - set(anchors))
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    normal = [[0.0] * n for _ in range(n)]
    rhs = [0.0] * n
    # Each difference is one equation r_a - r_b = e with variance (m / Z95)^2; a fixed
    # anchor's rating moves to the right-hand side.
    for a, b, e, m in finite:
        weight = (Z95 / m) ** 2
        terms = ((a, 1.0), (b, -1.0))
        known = e - sum(s * anchors[p] for p, s in terms if p in anchors)
        free = [(index[p], s) for p, s in terms if p in index]
        for i, si in free:
            rhs[i] += weight * si * known
            for j, sj in free:
                normal[i][j] += weight * si * sj
    reached = reachable(finite, anchors)
    lost = [p for p in players if p not in reached]
    if lost:
        raise ValueError(f"no anchor reaches {', '.join(lost)}")
    ratings = solve(normal, rhs) if n else []
    out = {p: (float(e), 0.0) for p, e in anchors.items()}
    for p, i in index.items():
        unit = [1.0 if j == i else 0.0 for j in range(n)]
        variance = solve(normal, unit)[i]
        out[p] = (ratings[i], Z95 * math.sqrt(variance))
    return out


def reachable(finite, anchors):
    """The players joined to an anchor through the finite pairs."""
    seen = set(anchors)
    grew = True
    while grew:
        grew = False
        for a, b, _, _ in finite:
            if (a in seen) != (b in seen):
                seen.update((a, b))
                grew = True
    return seen


def parse_anchor(text):
    name, sep, elo = text.rpartition("=")
    try:
        if not sep or not name:
            raise ValueError
        return name, float(elo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"anchor {text!r}: give NAME=ELO") from None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--anchor", action="append", type=parse_anchor, required=True,
                    help="a player's fixed rating, NAME=ELO (repeatable)")
    ap.add_argument("--leave-out-time-losses", action="store_true",
                    help="do not count games lost on time (a loaded machine's flags)")
    ap.add_argument("pgn", nargs="+", help="PGN files written by tools/match.py")
    args = ap.parse_args()
    anchors = dict(args.anchor)
    try:
        diffs = differences(tally(args.pgn, args.leave_out_time_losses))
        ratings = fit(diffs, anchors)
    except (OSError, ValueError) as e:
        sys.exit(f"ladder: {e}")
    print(f"{'pair':44} {'W':>4} {'D':>4} {'L':>4}  Elo (95%)")
    for a, b, elo, margin, (w, d, l) in diffs:
        note = "" if math.isfinite(margin) else "  (left out: no finite margin)"
        print(f"{a + ' - ' + b:44} {w:4} {d:4} {l:4}  {elo:+.0f} +/- {margin:.0f}{note}")
    print()
    print(f"{'player':32} {'rating':>7}  95%")
    for p, (r, m) in sorted(ratings.items(), key=lambda kv: kv[1][0]):
        fixed = "anchor" if p in anchors else f"+/- {m:.0f}"
        print(f"{p:32} {r:7.0f}  {fixed}")


if __name__ == "__main__":
    main()
