#!/usr/bin/env python3
"""The arithmetic of tools/match.py: Elo from a score by the logistic formula, the 95% error
margin from the per-game results, and the clock of a time control. Reference values are
worked out by hand from Elo = -400 log10(1/p - 1)."""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import match  # noqa: E402


class EloTest(unittest.TestCase):
    def test_even_score_is_zero(self):
        elo, margin = match.elo_with_margin(5, 10, 5)
        self.assertAlmostEqual(elo, 0.0)
        # p = 0.5, per-game variance (5 * 0.25 + 10 * 0 + 5 * 0.25) / 20 = 0.125,
        # se = sqrt(0.125 / 20) = 0.0791: interval 0.345..0.655, Elo -111.3..+111.3.
        self.assertAlmostEqual(margin, 111.3, delta=0.1)

    def test_three_quarters_is_191(self):
        elo, margin = match.elo_with_margin(15, 0, 5)
        self.assertAlmostEqual(elo, 190.85, delta=0.01)
        self.assertTrue(0 < margin < math.inf)

    def test_losing_is_negative_and_symmetric(self):
        a, ma = match.elo_with_margin(12, 4, 4)
        b, mb = match.elo_with_margin(4, 4, 12)
        self.assertAlmostEqual(a, -b)
        self.assertAlmostEqual(ma, mb)

    def test_a_clean_sweep_has_no_finite_elo(self):
        self.assertEqual(match.elo_with_margin(20, 0, 0), (math.inf, math.inf))
        self.assertEqual(match.elo_with_margin(0, 0, 20), (-math.inf, math.inf))


class ClockTest(unittest.TestCase):
    def test_time_control_text(self):
        self.assertEqual(match.parse_tc("40/60+0.5"), (40, 60.0, 0.5))
        self.assertEqual(match.parse_tc("300+2"), (None, 300.0, 2.0))

    def test_a_new_session_adds_the_base_time(self):
        import chess
        clock = match.Clock((2, 10.0, 0.0))
        board = chess.Board()
        self.assertEqual(clock.limit(board).remaining_moves, 2)
        self.assertTrue(clock.spend(chess.WHITE, 4.0))
        self.assertEqual(clock.limit(board).remaining_moves, 1)
        self.assertTrue(clock.spend(chess.WHITE, 4.0))
        self.assertAlmostEqual(clock.left[chess.WHITE], 12.0)
        self.assertFalse(clock.spend(chess.BLACK, 10.5))


if __name__ == "__main__":
    unittest.main()
