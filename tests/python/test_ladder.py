#!/usr/bin/env python3
"""tools/ladder.py: ratings from match PGNs, tied to anchors. The expected values are worked
out by hand: a score of 3/4 is +190.85 Elo, an even score 0, and a chain of matches adds its
differences and their variances."""

import math
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import ladder  # noqa: E402
import match  # noqa: E402


def pgn(games, termination="checkmate"):
    """PGN text of (white, black, result) games, headers only and one move."""
    out = []
    for white, black, result in games:
        out.append(f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n'
                   f'[Termination "{termination}"]\n\n1. e4 {result}\n')
    return "\n".join(out)


def match_games(a, b, wins, draws, losses):
    """Games of `a` against `b`, colours alternating, with a's wins, draws and losses."""
    results = ["W"] * wins + ["D"] * draws + ["L"] * losses
    games = []
    for k, r in enumerate(results):
        white, black = (a, b) if k % 2 == 0 else (b, a)
        a_white = white == a
        result = {"D": "1/2-1/2", "W": "1-0" if a_white else "0-1",
                  "L": "0-1" if a_white else "1-0"}[r]
        games.append((white, black, result))
    return games


class LadderTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def file(self, name, games, termination="checkmate"):
        path = os.path.join(self.dir.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(pgn(games, termination))
        return path

    def test_tally_counts_both_colours_for_the_same_pair(self):
        path = self.file("m.pgn", match_games("x", "anchor", 3, 2, 1))
        self.assertEqual(ladder.tally([path]), {("anchor", "x"): [1, 2, 3]})

    def test_games_lost_on_time_can_be_left_out(self):
        board = self.file("b.pgn", match_games("x", "A", 1, 1, 1))
        flags = self.file("t.pgn", match_games("x", "A", 2, 0, 0), "A lost on time")
        self.assertEqual(ladder.tally([board, flags]), {("A", "x"): [1, 1, 3]})
        self.assertEqual(ladder.tally([board, flags], leave_out_time_losses=True),
                         {("A", "x"): [1, 1, 1]})

    def test_a_chain_adds_differences_and_variances(self):
        one = self.file("1.pgn", match_games("x", "A", 15, 0, 5))
        two = self.file("2.pgn", match_games("y", "x", 10, 0, 10))
        ratings = ladder.fit(ladder.differences(ladder.tally([one, two])), {"A": 1500.0})
        _, m1 = match.elo_with_margin(15, 0, 5)
        _, m2 = match.elo_with_margin(10, 0, 10)
        self.assertAlmostEqual(ratings["x"][0], 1690.85, delta=0.01)
        self.assertAlmostEqual(ratings["x"][1], m1, delta=0.01)
        self.assertAlmostEqual(ratings["y"][0], 1690.85, delta=0.01)
        self.assertAlmostEqual(ratings["y"][1], math.hypot(m1, m2), delta=0.01)
        self.assertEqual(ratings["A"], (1500.0, 0.0))

    def test_two_anchors_are_weighed_by_their_margins(self):
        games = match_games("x", "A", 6, 8, 6) + match_games("x", "B", 6, 8, 6)
        ratings = ladder.fit(ladder.differences(ladder.tally([self.file("m.pgn", games)])),
                             {"A": 1500.0, "B": 1600.0})
        _, m = match.elo_with_margin(6, 8, 6)
        self.assertAlmostEqual(ratings["x"][0], 1550.0, delta=0.01)
        self.assertAlmostEqual(ratings["x"][1], m / math.sqrt(2), delta=0.01)

    def test_a_sweep_is_left_out_and_its_player_has_no_anchor(self):
        path = self.file("m.pgn", match_games("x", "A", 10, 0, 0))
        diffs = ladder.differences(ladder.tally([path]))
        self.assertEqual(diffs[0][3], math.inf)
        with self.assertRaisesRegex(ValueError, "no anchor reaches"):
            ladder.fit(diffs + [("x", "y", 0.0, 50.0, (1, 0, 1))], {"A": 1500.0})

    def test_an_anchor_needs_a_name_and_a_number(self):
        self.assertEqual(ladder.parse_anchor("Stockfish 15.1 UCI_Elo 1500=1500"),
                         ("Stockfish 15.1 UCI_Elo 1500", 1500.0))
        for bad in ("1500", "=1500", "sf=x"):
            with self.assertRaises(Exception):
                ladder.parse_anchor(bad)


if __name__ == "__main__":
    unittest.main()
