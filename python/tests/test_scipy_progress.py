#!/usr/bin/env python3
"""test_scipy_progress.py -- nhref.verify of a scipy.integrate.solve_ivp result
(names=[...] for the rows of sol.y), the progress= hook of nhref.run and
nhref.verify, and run's fast path with a stop condition (issue 25 item 5).

Expected values: the sleigh's closed form (docs/models/chaplygin-sleigh.md: with
the defaults v = 4 tanh(t/4), so v = 3 at t = 2 ln 7), identities (a solve_ivp
result and the same arrays as a dict give the same digits; rows named in the wrong
order fail), the solver's tolerance (DOP853 at rtol 1e-10 is right to more than 8
digits on the sleigh over [0, 10]), and the hook's contract (fractions in [0, 1],
non-decreasing within a phase, a last call with 1.0, the phases named in
nhref_verify.h).  Exit status 77 (skipped) without numpy; the solve_ivp tests
are skipped without SciPy.
"""
import math
import os
import sys
import unittest

try:
    import numpy as np
except ImportError:
    print("SKIP: numpy is missing (Debian: python3-numpy)")
    sys.exit(77)
try:
    from scipy.integrate import solve_ivp
except ImportError:
    solve_ivp = None

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import nhref  # noqa: E402

STATE = ["x", "y", "phi", "v", "omega"]
M, J, A = 2.0, 30.0, 1.0  # the sleigh's defaults


def sleigh(t, s):
    """The sleigh's equations (chaplygin-sleigh.md, spec 3.1), written here."""
    x, y, phi, v, om = s
    return [v * math.cos(phi), v * math.sin(phi), om, A * om * om, -M * A / (J + M * A * A) * v * om]


@unittest.skipIf(solve_ivp is None, "SciPy is missing (Debian: python3-scipy)")
class TestSolveIvp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sol = solve_ivp(sleigh, (0, 10), [0, 0, 0, 0, 1], method="DOP853", rtol=1e-10,
                            atol=1e-12)
        assert cls.sol.success

    def test_accepted_and_judged(self):
        rep = nhref.verify(self.sol, "chaplygin_sleigh", names=STATE, min_digits=8)
        self.assertTrue(rep.passed, rep.summary)
        self.assertEqual([c["name"] for c in rep.columns], STATE)
        self.assertEqual(rep.json["input"]["rows"], len(self.sol.t))
        for name in STATE:
            self.assertGreater(rep.digits[name], 8)

    def test_same_as_arrays(self):
        rep = nhref.verify(self.sol, "chaplygin_sleigh", names=STATE)
        data = dict(zip(["t"] + STATE, [self.sol.t] + list(self.sol.y)))
        ref = nhref.verify(data, "chaplygin_sleigh")
        self.assertEqual(rep.digits, ref.digits)

    def test_wrong_names_fail(self):
        swapped = ["y", "x", "phi", "v", "omega"]
        rep = nhref.verify(self.sol, "chaplygin_sleigh", names=swapped)
        self.assertFalse(rep.passed)
        self.assertLess(rep.digits["x"], 1)

    def test_bad_names(self):
        with self.assertRaisesRegex(TypeError, r"needs names=\[\.\.\.\]"):
            nhref.verify(self.sol, "chaplygin_sleigh")
        with self.assertRaisesRegex(ValueError, r"4 names .* for the 5 rows of sol.y"):
            nhref.verify(self.sol, "chaplygin_sleigh", names=STATE[:4])
        with self.assertRaisesRegex(ValueError, r"'t' is sol.t"):
            nhref.verify(self.sol, "chaplygin_sleigh", names=["t", "x", "y", "phi", "v"])
        with self.assertRaisesRegex(TypeError, r"give a list of names"):
            nhref.verify(self.sol, "chaplygin_sleigh", names="x")

    def test_t_eval_rows(self):
        sol = solve_ivp(sleigh, (0, 10), [0, 0, 0, 0, 1], method="RK45", rtol=1e-8, atol=1e-10,
                        max_step=0.5, t_eval=np.linspace(0, 3, 31))
        rep = nhref.verify(sol, "chaplygin_sleigh", names=STATE)
        self.assertEqual(rep.json["input"]["rows"], 31)


class TestProgress(unittest.TestCase):
    def check_calls(self, calls, phases):
        self.assertGreater(len(calls), 1)
        for f, what in calls:
            self.assertIsInstance(f, float)
            self.assertTrue(0.0 <= f <= 1.0, f)
            self.assertIn(what, phases)
        self.assertEqual(calls[-1][0], 1.0)
        for (f0, w0), (f1, w1) in zip(calls, calls[1:]):
            if w0 == w1:
                self.assertLessEqual(f0, f1)

    def test_run(self):
        for fast in (False, True):
            calls = []
            tr = nhref.run("chaplygin_sleigh", t_end=10, fast=fast,
                           progress=lambda f, what: calls.append((f, what)))
            self.assertEqual(tr.t[-1], 10.0)
            self.check_calls(calls, {"integrating"})

    def test_verify(self):
        tr = nhref.run("chaplygin_sleigh", t_end=5, dt_out=0.5, fast=True)
        calls = []
        rep = nhref.verify(tr, "chaplygin_sleigh", progress=lambda f, what: calls.append((f, what)))
        self.assertTrue(rep.passed, rep.summary)
        self.check_calls(calls, {"integrating the reference", "evaluating the closed form",
                                 "first-integral drift"})
        self.assertIn("integrating the reference", {w for _, w in calls})

    def test_exception_raised_after_the_call(self):
        class Stop(Exception):
            pass

        n = []

        def boom(f, what):
            n.append(f)
            raise Stop("from the hook")

        with self.assertRaises(Stop):
            nhref.run("chaplygin_sleigh", t_end=10, progress=boom)
        self.assertEqual(len(n), 1)  # not called again after it raised
        with self.assertRaises(Stop):
            nhref.verify({"t": [0, 1], "x": [0, 0.5]}, "chaplygin_sleigh", progress=boom)

    def test_not_callable(self):
        with self.assertRaisesRegex(TypeError, "progress=3 is not callable"):
            nhref.run("chaplygin_sleigh", t_end=1, progress=3)


class TestFastStop(unittest.TestCase):
    def test_fast_stop_when(self):
        # v = 4 tanh(t/4) = 3 at t = 4 atanh(3/4) = 2 ln 7
        tr = nhref.run("chaplygin_sleigh", t_end=10, dt_out=1, fast=True, stop_when="v - 3")
        self.assertEqual(tr.type, "double")
        self.assertIsNotNone(tr.stop)
        self.assertEqual(tr.stop.event, "v - 3")
        self.assertLess(abs(tr.stop.t - 2 * math.log(7)), 1e-12)
        self.assertLess(tr.t[-1], tr.stop.t)


if __name__ == "__main__":
    unittest.main(verbosity=1)
