#!/usr/bin/env python3
"""test_nhref.py -- the Python package nhref (run by `make check`; also by
`python3 -m unittest` or pytest from python/).

Expected values come from data/golden (values, certified digits, the skater's
fall time, checksums) and from identities (the same numbers in another form give
the same digits; RK4's digits rise by log10(16) = 1.2 when h halves; a double
is the rounding of its decimal string).  Exit status 77 (skipped) without numpy.
"""
import decimal
import math
import os
import shutil
import sys
import tempfile
import unittest

try:
    import numpy as np
except ImportError:
    print("SKIP: numpy is missing (Debian: python3-numpy)")
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import nhref  # noqa: E402
import nhref.golden  # noqa: E402
import nhref.testing  # noqa: E402

try:
    import pandas as pd
except ImportError:
    pd = None

TOP = os.environ.get("top_srcdir", os.path.join(HERE, "..", ".."))
GOLDEN = os.path.join(TOP, "data", "golden")
decimal.getcontext().prec = 120


def agree(a, b):
    """digits = -log10(|a - b| / max(|b|, 1)) of two decimal strings (DESIGN §4)"""
    a, b = decimal.Decimal(a), decimal.Decimal(b)
    if a == b:
        return math.inf
    return -float(((a - b).copy_abs() / max(b.copy_abs(), decimal.Decimal(1))).log10())


def rk4(h, t_end=10.0):
    """The sleigh (m = 2, J = 30, a = 1) by a classical RK4 in double: rows
    (t, x, y, phi, v, omega) every 0.1 s."""
    g = 2.0 / 32.0

    def f(s):
        x, y, phi, v, om = s
        return [v * math.cos(phi), v * math.sin(phi), om, om * om, -g * v * om]

    n = round(t_end / h)
    every = max(1, round(0.1 / h))
    s = [0.0, 0.0, 0.0, 0.0, 1.0]
    rows = []
    for i in range(n + 1):
        if i % every == 0:
            rows.append([i * h] + s)
        k1 = f(s)
        k2 = f([a + h / 2 * b for a, b in zip(s, k1)])
        k3 = f([a + h / 2 * b for a, b in zip(s, k2)])
        k4 = f([a + h * b for a, b in zip(s, k3)])
        s = [a + h / 6 * (p + 2 * q + 2 * r + w) for a, p, q, r, w in zip(s, k1, k2, k3, k4)]
    return np.array(rows)


NAMES = ["t", "x", "y", "phi", "v", "omega"]


class TestImport(unittest.TestCase):
    def test_library_found(self):
        self.assertTrue(os.path.exists(nhref._lib.path) or "/" not in nhref._lib.path)
        self.assertRegex(nhref.__version__, r"^\d+\.\d+")


class TestGolden(unittest.TestCase):
    def setUp(self):
        os.environ["NHREF_GOLDEN_DIR"] = GOLDEN

    def test_by_name_and_path(self):
        g = nhref.golden.load("chaplygin_sleigh/PUB-1")
        h = nhref.golden.load(os.path.join(GOLDEN, "chaplygin_sleigh", "PUB-1.csv"))
        self.assertEqual(os.path.realpath(g.path), os.path.realpath(h.path))
        self.assertEqual(g.model, "chaplygin_sleigh")
        self.assertEqual(g.case, "PUB-1")
        self.assertEqual(g.params, {"m": "2", "J": "30", "a": "1"})
        self.assertEqual(g.init["omega"], "1")
        self.assertEqual(g.names[0], "t")
        self.assertEqual(len(g), 11)
        # the certified digits as the file states them ("# certified: x = 40 (...)")
        with open(g.path) as f:
            stated = {l.split()[2]: l.split()[4] for l in f if l.startswith("# certified: ")}
        for name in ["x", "y", "phi", "v", "omega", "E", "P1", "P2", "t0"]:
            self.assertEqual(g.certified[name], float(stated[name]))
        self.assertEqual(g.certified["t"], math.inf)
        # the level of each column as the file states it ("# proven: x = PROVEN: ...")
        with open(g.path) as f:
            levels = {l.split()[2]: l.split()[4].rstrip(":") for l in f if l.startswith("# proven: ")}
        self.assertTrue(levels)
        for name, level in levels.items():
            self.assertEqual(g.level[name], level)
            if level == "PROVEN":
                self.assertLess(g.proven_bound[name], 10.0 ** -g.certified[name])
        # doubles are the rounding of the strings
        for j, name in enumerate(g.names):
            self.assertEqual(list(g.values[:, j]), [float(s) for s in g.text[name]])

    def test_event(self):
        g = nhref.golden.load("skater/fall-A1-0")
        self.assertEqual(g.event[0], "fall")
        self.assertTrue(g.event[1].startswith("1.32928443200152259288"))

    def test_checksum_and_errors(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, "PUB-1.csv")
            with open(os.path.join(GOLDEN, "chaplygin_sleigh", "PUB-1.csv")) as f:
                text = f.read()
            i = text.index("\n1,3.79733870") + 5
            with open(bad, "w") as f:
                f.write(text[:i] + ("8" if text[i] != "8" else "9") + text[i + 1:])
            with self.assertRaisesRegex(ValueError, "checksum mismatch"):
                nhref.golden.load(bad)
        with self.assertRaisesRegex(FileNotFoundError, "no golden file 'chaplygin_sleigh/NOPE'"):
            nhref.golden.load("chaplygin_sleigh/NOPE")


class TestRun(unittest.TestCase):
    def test_against_golden(self):
        g = nhref.golden.load(os.path.join(GOLDEN, "chaplygin_sleigh", "PUB-2.csv"))
        tr = nhref.run(g.model, params=g.params, init=g.init, t=g.text["t"], digits=40, exact=True)
        self.assertEqual(tr.names, g.names[:-2])  # the golden file adds "digits", "sig_digits"
        self.assertEqual(tr.outcome, "reached the final time")
        self.assertEqual(tr.nrows, len(g))
        for name in tr.names[1:]:
            for got, want in zip(tr.text[name], g.text[name]):
                self.assertGreaterEqual(agree(got, want), min(38, g.certified[name]),
                                        (name, got, want))
            # the doubles are the rounding of the strings
            self.assertEqual(list(tr[name]), [float(s) for s in tr.text[name]])
        self.assertEqual(list(tr.t), [float(s) for s in g.text["t"]])
        self.assertGreaterEqual(tr.prec, 165)

    def test_floats_are_decimal(self):
        # 0.1 as a float means the decimal 0.1: the same row as the string "0.1"
        a = nhref.run("chaplygin_sleigh", t=[0.1], digits=30)
        b = nhref.run("chaplygin_sleigh", t=["0.1"], digits=30)
        self.assertEqual(a.strings("x"), b.strings("x"))

    def test_fall(self):
        g = nhref.golden.load(os.path.join(GOLDEN, "skater", "fall-A1-0.csv"))
        tr = nhref.run("skater", params=g.params, init=g.init, t=np.arange(0, 3.01, 0.25), digits=30)
        self.assertEqual(tr.event, "fall")
        self.assertEqual(tr.outcome, "stopped by an event")
        self.assertGreaterEqual(agree(tr.t_end, g.event[1]), 29)
        self.assertEqual(list(tr.t), [0.25 * k for k in range(6)])  # up to 1.25 < fall

    def test_errors(self):
        with self.assertRaisesRegex(nhref.NhrefError, "unknown model 'sleigh'"):
            nhref.run("sleigh", t=[1])
        with self.assertRaisesRegex(nhref.NhrefError, "unknown parameter 'q' of model chaplygin_sleigh"):
            nhref.run("chaplygin_sleigh", params={"q": 1}, t=[1])
        with self.assertRaisesRegex(nhref.NhrefError, r"m must be > 0"):
            nhref.run("chaplygin_sleigh", params={"m": -1}, t=[1])
        with self.assertRaisesRegex(nhref.NhrefError, "the times must be monotone"):
            nhref.run("chaplygin_sleigh", t=[1, 2, 1.5])
        with self.assertRaises(TypeError):
            nhref.run("chaplygin_sleigh", t=[True])


class TestVerify(unittest.TestCase):
    def setUp(self):
        os.environ["NHREF_GOLDEN_DIR"] = GOLDEN

    def test_rk4_order(self):
        digits = [nhref.verify(dict(zip(NAMES, rk4(h).T)), "chaplygin_sleigh").digits
                  for h in (0.1, 0.05, 0.025)]
        for name in NAMES[1:]:
            for a, b in zip(digits, digits[1:]):
                self.assertTrue(0.9 < b[name] - a[name] < 1.5, (name, a[name], b[name]))

    def test_forms_give_the_same_digits(self):
        rows = rk4(0.05)
        want = nhref.verify(dict(zip(NAMES, rows.T)), "chaplygin_sleigh")
        self.assertTrue(want.passed)
        self.assertEqual(want.json["min_digits"], 6)
        forms = {
            "array": (rows, {"names": NAMES}),
            "structured": (np.rec.fromarrays(rows.T, names=NAMES), {}),
            "strings": ({n: [repr(float(x)) for x in rows[:, j]] for j, n in enumerate(NAMES)}, {}),
        }
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "rk4.csv")
            with open(path, "w") as f:
                f.write(",".join(NAMES) + "\n")
                for r in rows:
                    f.write(",".join(repr(float(x)) for x in r) + "\n")
            forms["file"] = (path, {})
            if pd is not None:
                df = pd.DataFrame(rows, columns=NAMES)
                forms["DataFrame"] = (df, {})
                forms["DataFrame indexed by t"] = (df.set_index("t"), {})
                df.to_csv(os.path.join(d, "pandas.csv"))  # with pandas' index column
                forms["df.to_csv()"] = (os.path.join(d, "pandas.csv"), {})
            for what, (data, kw) in forms.items():
                got = nhref.verify(data, "chaplygin_sleigh", **kw)
                for name in NAMES[1:]:
                    self.assertAlmostEqual(got.digits[name], want.digits[name], delta=0.005,
                                           msg="%s, %s" % (what, name))
        if pd is None:
            print("note: pandas is missing: the DataFrame forms were not tested")

    def test_wrong_mass_fails(self):
        tr = nhref.run("chaplygin_sleigh", params={"m": "2.5"}, t=np.linspace(0, 10, 21))
        rep = nhref.verify(dict(zip(NAMES, tr.values[:, :6].T)), "chaplygin_sleigh")
        self.assertFalse(rep.passed)
        self.assertTrue(rep.summary.startswith("FAIL: "))
        self.assertLess(min(rep.digits.values()), 6)
        with self.assertRaises(AssertionError):
            nhref.testing.assert_trajectory(dict(zip(NAMES, tr.values[:, :6].T)), "chaplygin_sleigh")
        # with the right mass it passes
        good = nhref.testing.assert_trajectory(dict(zip(NAMES, tr.values[:, :6].T)),
                                               "chaplygin_sleigh", params={"m": 2.5},
                                               min_digits=15)
        self.assertTrue(good.passed)

    def test_golden_values_against_golden(self):
        g = nhref.golden.load("chaplygin_sleigh/PUB-1")
        rep = nhref.verify(g.text, golden="chaplygin_sleigh/PUB-1", min_digits=38)
        self.assertTrue(rep.passed, rep.summary)
        self.assertEqual(rep.json["input"]["not_compared"], ["digits", "sig_digits"])
        for name, d in rep.digits.items():
            self.assertGreaterEqual(d, 38, name)

    def test_thresholds_map_and_fall(self):
        rows = rk4(0.1)
        data = dict(zip(["time", "X"] + NAMES[2:], rows.T))
        with self.assertRaisesRegex(nhref.NhrefError, "no time column 't'"):
            nhref.verify(data, "chaplygin_sleigh")
        rep = nhref.verify(data, "chaplygin_sleigh", map={"time": "t", "X": "x"},
                           min_digits={None: 6, "y": 7}, min_drift_digits={"E": 5})
        self.assertFalse(rep.passed)  # y: 6.68 < 7
        self.assertFalse(rep.column("y")["pass"])
        self.assertEqual(rep.column("X")["compared_as"], "x")
        self.assertGreater(rep.drift["E"], 5)
        # rows after the skater's fall
        g = nhref.golden.load("skater/fall-A1-0")
        text = {n: v + ["0"] for n, v in g.text.items()}
        text["t"][-1] = "2"
        rep = nhref.verify(text, golden="skater/fall-A1-0")
        fwd = rep.reference["forward"]
        self.assertFalse(rep.passed)
        self.assertEqual((fwd["outcome"], fwd["event"], fwd["rows_beyond"]), ("event", "fall", 1))
        self.assertIn("the event 'fall' at t = 1.3292844320015225928", rep.summary)


if __name__ == "__main__":
    unittest.main(verbosity=1)
