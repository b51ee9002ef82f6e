#!/usr/bin/env python3
"""test_nhref.py -- the Python package nhref (run by `make check`; also by
`python3 -m unittest` or pytest from python/).

Expected values come from data/golden (values, certified digits, the skater's
fall time, checksums), from the sleigh's closed form (the tanh law of
docs/models/chaplygin-sleigh.md: with the defaults v = 4 tanh(t/4), so v crosses
V at t = 2 ln((4 + V)/(4 - V)), computed here with decimal), from runs at a higher
precision, and from identities (the same numbers in another form give the same
digits; RK4's digits rise by log10(16) = 1.2 when h halves; a double is the
rounding of its decimal string; an event function is zero where it stops the
run).  Exit status 77 (skipped) without numpy.
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


def v_crossing(V):
    """The time where the default sleigh's v = 4 tanh(t/4) crosses V (|V| < 4):
    2 ln((4 + V)/(4 - V)), a decimal string of 60 digits (the tanh law)."""
    V = decimal.Decimal(V)
    return str(2 * ((4 + V) / (4 - V)).ln())


def mixed(a, b):
    """|a - b| / max(|b|, 1) of two numbers given as decimal strings or floats"""
    a, b = decimal.Decimal(a), decimal.Decimal(b)
    return (a - b).copy_abs() / max(b.copy_abs(), decimal.Decimal(1))


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


class TestRunOptions(unittest.TestCase):
    """run()'s spec options: the number types, events, grid, scheme options and
    the messages of a refused spec."""

    def setUp(self):
        self.g = nhref.golden.load(os.path.join(GOLDEN, "chaplygin_sleigh", "PUB-1.csv"))

    def test_fast_agrees_with_golden(self):
        g = self.g
        tr = nhref.run(g.model, params=g.params, init=g.init, t=g.text["t"], fast=True)
        self.assertEqual((tr.type, tr.prec, tr.digits), ("double", 53, 15))
        self.assertEqual(tr.nrows, len(g))
        self.assertEqual(tr.outcome, "reached the final time")
        for name in tr.names:
            for r, want in enumerate(g.text[name]):
                # the golden file states the fast path's tolerance: 1e-13, mixed
                self.assertLessEqual(mixed(repr(float(tr[name][r])), want), 1e-13, (name, r))
        # exact=True: a double run's strings have 17 digits, and read back to the doubles
        tr = nhref.run(g.model, params=g.params, init=g.init, t=g.text["t"], fast=True, exact=True)
        for name in tr.names:
            self.assertEqual([float(s) for s in tr.text[name]], list(tr[name]))
            self.assertTrue(all(len(s.split("e")[0].replace("-", "").replace(".", "")) == 17
                                for s in tr.text[name]), tr.text[name])

    def test_rigorous_balls_contain_reference(self):
        g = self.g
        tr = nhref.run(g.model, params=g.params, init=g.init, t=g.text["t"], rigorous=True,
                       digits=30)
        self.assertEqual(tr.type, "proven")
        self.assertEqual(tr.radius.shape, tr.values.shape)
        ref = nhref.run(g.model, params=g.params, init=g.init, t=g.text["t"], digits=50,
                        exact=True)
        one = decimal.Decimal(1)
        for j, name in enumerate(tr.names):
            balls = tr.balls(name)
            for r, (mid, rad) in enumerate(balls):
                mid, rad = decimal.Decimal(mid), decimal.Decimal(rad)
                want = decimal.Decimal(g.text[name][r])
                # golden: certified to g.certified digits (mixed); the ball must
                # contain it up to that error, and be tight (30 digits asked)
                slack = decimal.Decimal(10) ** -int(min(g.certified[name], 60)) * max(abs(want), one)
                self.assertLessEqual(abs(want - mid), rad + slack, (name, r, mid, rad, want))
                self.assertLessEqual(rad, decimal.Decimal("1e-25") * max(abs(want), one), (name, r))
                # the MPFR run at 50 digits: |mpfr - mid| <= rad
                self.assertLessEqual(abs(decimal.Decimal(ref.text[name][r]) - mid),
                                     rad + decimal.Decimal("1e-45"), (name, r))
                # .radius bounds the error of the double in .values
                v, rv = decimal.Decimal(float(tr.values[r, j])), decimal.Decimal(float(tr.radius[r, j]))
                self.assertLessEqual(abs(want - v), rv + slack, (name, r))
                self.assertLessEqual(rv, decimal.Decimal("1e-15") * max(abs(want), one), (name, r))
            # the midpoints as strings are the first cells of the balls
            self.assertEqual(tr.strings(name), [b[0] for b in balls])
        if pd is not None:
            df = tr.to_pandas()
            self.assertEqual(list(df.columns[:4]), ["t", "t_rad", "x", "x_rad"])
            self.assertEqual(list(df["x_rad"]), list(tr.radius[:, 1]))
        with self.assertRaisesRegex(ValueError, "no balls"):
            ref.balls("x")
        self.assertIsNone(ref.radius)

    def test_rigorous_fall(self):
        g = nhref.golden.load(os.path.join(GOLDEN, "skater", "fall-A1-0.csv"))
        tr = nhref.run("skater", params=g.params, init=g.init, t_end=3, dt_out="0.25",
                       rigorous=True)
        self.assertEqual((tr.event, tr.outcome), ("fall", "stopped by an event"))
        self.assertEqual(len(tr.events), 1)
        fall = tr.events[0]
        self.assertTrue(fall.terminal)
        self.assertEqual(fall.event, "fall")
        mid, rad = (decimal.Decimal(s) for s in fall.balls["t"])
        self.assertLessEqual(abs(decimal.Decimal(g.event[1]) - mid), rad + decimal.Decimal("1e-35"))
        self.assertLess(rad, decimal.Decimal("1e-20"))
        self.assertEqual(tr.stop.balls["t"], fall.balls["t"])
        self.assertEqual(list(tr.t), [0.25 * k for k in range(6)])

    def test_stop_when_and_events(self):
        # the default sleigh: v = 4 tanh(t/4) crosses 1, 2 and 3 at 2 ln(5/3), 2 ln 3, 2 ln 7
        tr = nhref.run("chaplygin_sleigh", t_end=10, dt_out=1, digits=30,
                       events=["v - 1", "v - 2"], stop_when="v - 3")
        self.assertEqual((tr.outcome, tr.event), ("stopped by an event", "v - 3"))
        self.assertEqual([e.event for e in tr.events], ["v - 1", "v - 2", "v - 3"])
        self.assertEqual([e.terminal for e in tr.events], [False, False, True])
        for e, V in zip(tr.events, ["1", "2", "3"]):
            self.assertGreaterEqual(agree(e.text["t"], v_crossing(V)), 29, (V, e.text["t"]))
            self.assertGreaterEqual(agree(e.text["v"], V), 29, (V, e.text["v"]))
            self.assertTrue(math.isnan(e["E"]))  # a crossing has no integrals
        self.assertGreaterEqual(agree(tr.t_end, v_crossing("3")), 29)
        self.assertEqual(list(tr.t), [0, 1, 2, 3])  # the rows before 2 ln 7 = 3.89
        self.assertEqual(tr.stop.text["t"], tr.events[-1].text["t"])
        self.assertGreaterEqual(agree(tr.stop.text["E"], "16"), 29)  # the stop has integrals
        # the fast path: the same crossings to double's accuracy
        fast = nhref.run("chaplygin_sleigh", t_end=10, events="v - 2", stop_when="v - 3", fast=True)
        self.assertEqual([e.event for e in fast.events], ["v - 2", "v - 3"])
        self.assertLess(mixed(repr(fast.events[0].t), v_crossing("2")), 1e-13)
        self.assertLess(mixed(fast.t_end, v_crossing("3")), 1e-13)

    def test_stop_when_x(self):
        # x has no closed form: x = -5 where the run stops (the event's identity), and
        # the time agrees with a run at 50 digits
        tr = nhref.run("chaplygin_sleigh", t_end=10, stop_when="x + 5", digits=30)
        hi = nhref.run("chaplygin_sleigh", t_end=10, stop_when=["x + 5"], digits=50)
        self.assertEqual(tr.event, "x + 5")
        self.assertGreaterEqual(agree(tr.stop.text["x"], "-5"), 29, tr.stop.text["x"])
        self.assertGreaterEqual(agree(tr.t_end, hi.t_end), 28, (tr.t_end, hi.t_end))
        self.assertTrue(4 < tr.stop.t < 5)
        # two conditions: the first crossing stops the run
        both = nhref.run("chaplygin_sleigh", t_end=10, stop_when=["x + 5", "v - 2"])
        self.assertEqual(both.event, "v - 2")
        self.assertGreaterEqual(agree(both.t_end, v_crossing("2")), 29)

    def test_scheme_options(self):
        g = self.g
        cases = [dict(order=36), dict(order=60), dict(scheme="gauss", stages=18)]
        runs = [nhref.run(g.model, params=g.params, init=g.init, t=g.text["t"], digits=30,
                          exact=True, **kw) for kw in cases]
        self.assertEqual([(r.scheme, r.order) for r in runs],
                         [("taylor", 36), ("taylor", 60), ("gauss", 36)])
        for kw, tr in zip(cases, runs):
            for name in ["x", "y", "phi", "v", "omega", "E"]:
                for got, want in zip(tr.text[name], g.text[name]):
                    self.assertGreaterEqual(agree(got, want), 28, (kw, name, got, want))
        # a lower order takes more steps (the Taylor step is rho e^(-0.7/(N-1)) / e^2)
        low = nhref.run(g.model, params=g.params, init=g.init, t=g.text["t"], digits=30, order=20)
        self.assertGreater(low.steps, runs[1].steps)
        self.assertEqual(nhref.run(g.model, t=[1], scheme="gauss").scheme, "gauss")
        with self.assertRaisesRegex(nhref.NhrefError, "stages"):
            nhref.run("chaplygin_sleigh", t=[1], stages=3)  # taylor has no stages
        with self.assertRaisesRegex(nhref.NhrefError, "order"):
            nhref.run("chaplygin_sleigh", t=[1], order=1)

    def test_grid_and_precision(self):
        tr = nhref.run("chaplygin_sleigh", t_end=1, dt_out="0.1", fast=True)
        self.assertEqual(list(tr.t), [float("0.%d" % k) for k in range(10)] + [1.0])
        tr = nhref.run("chaplygin_sleigh")  # the model's grid: --t-end 10 --dt-out 1
        self.assertEqual(list(tr.t), [float(k) for k in range(11)])
        self.assertEqual((tr.prec, tr.digits), (132, 30))  # ceil(30 log2 10) + 32
        tr = nhref.run("chaplygin_sleigh", t=[1], prec=200)
        self.assertEqual(tr.prec, 200)
        self.assertAlmostEqual(tr.digits, 200 * math.log10(2) - 1, places=9)
        tr = nhref.run("chaplygin_sleigh", t=[10], max_steps=3)
        self.assertEqual((tr.nrows, tr.steps), (0, 3))
        self.assertEqual(tr.outcome, "stopped by an error (see the status)")
        self.assertEqual(tr.status, 8)  # NHREF_EMAXSTEPS (nhref_status.h)
        self.assertTrue(0 < tr.stop.t < 10)
        # the skater's fall is the model's event: off, the run goes on to t_end
        tr = nhref.run("skater", t_end=3, model_events=False, fast=True)
        self.assertEqual((tr.outcome, tr.event, tr.events), ("reached the final time", None, []))

    def test_errors_name_the_input(self):
        S = "chaplygin_sleigh"
        for kw, msg in [
                (dict(params={"m": -1}), r"parameter m must be > 0"),
                (dict(params=["m"]), r"parameter expects NAME=VALUE, got 'm'"),
                (dict(params={"J": "1e"}), r"parameter J: '1e'"),
                (dict(init={"v": "abc"}), r"initial value v: 'abc' is not a finite decimal"),
                (dict(init={"w": 1}), r"unknown state variable 'w' of model chaplygin_sleigh"),
                (dict(t_end=-1), r"t-end = -1 is out of range"),
                (dict(t_end=1, dt_out=0), r"dt-out = 0 is out of range"),
                (dict(t=[1], digits=2e6), r"digits 2e\+06: out of range"),
                (dict(t=[1], scheme="rk4"), r"unknown scheme 'rk4'"),
                (dict(t=[1], stop_when="x +"), r"stop-when 'x \+'"),
                (dict(t=[1], events=["log(x)"]), r"event 'log\(x\)' is undefined at the initial"),
                (dict(t=[1], rigorous=True, stop_when="x + 5"), r"the proven type .* stop-when"),
                (dict(t=[1], rigorous=True, scheme="gauss"), r"the proven type .* scheme"),
                (dict(t=[1], fast=True, prec=100), r"the double type .* no prec")]:
            with self.assertRaisesRegex(nhref.NhrefError, msg, msg=str(kw)):
                nhref.run(S, **kw)
        for kw in [dict(t=[1], t_end=2), dict(t=[1], order=True), dict(t=[1], stop_when=[5])]:
            with self.assertRaises(TypeError, msg=str(kw)):
                nhref.run(S, **kw)
        with self.assertRaisesRegex(ValueError, "exclude each other"):
            nhref.run(S, t=[1], fast=True, rigorous=True)
        with self.assertRaises(nhref.NhrefError) as cm:
            nhref.run(S, params={"m": 0})
        self.assertEqual(cm.exception.status, 4)  # NHREF_EPARAM (nhref_status.h)


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
        # a Trajectory goes in as it is (its integral columns too): the same verdicts
        self.assertFalse(nhref.verify(tr, "chaplygin_sleigh").passed)
        whole = nhref.verify(tr, "chaplygin_sleigh", params={"m": 2.5}, min_digits=15)
        self.assertTrue(whole.passed, whole.summary)
        self.assertEqual(set(whole.digits), set(tr.names[1:]))

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

    def test_errors_per_row(self):
        # rows shuffled: the arrays come in time order and .row maps back to the input;
        # the identities: min of row_digits = digits, max of errors = max_error; the
        # measure -log10(err / max(|ref|, 1)) with |ref| ~ |yours| (err < 1e-7)
        rows = rk4(0.05)
        perm = np.random.default_rng(25).permutation(len(rows))
        data = dict(zip(NAMES, rows[perm].T))
        rep = nhref.verify(data, "chaplygin_sleigh", errors=True)
        self.assertIsNone(nhref.verify(data, "chaplygin_sleigh").t)
        self.assertEqual(len(rep.t), len(rows))
        np.testing.assert_array_equal(rep.t, rows[:, 0])
        np.testing.assert_array_equal(rep.t, data["t"][rep.row])
        np.testing.assert_array_equal(rep.line, 0)
        np.testing.assert_array_equal(rep.where, 0)
        self.assertIsNone(rep.dist)
        for j, name in enumerate(NAMES[1:], 1):
            err, dig = rep.errors[name], rep.row_digits[name]
            self.assertEqual(np.min(dig), rep.digits[name])
            self.assertEqual(np.max(err), rep.column(name)["max_error"])
            self.assertEqual(rep.t[np.argmin(dig)], rep.column(name)["worst"]["t"])
            pos = err > 0
            want = -np.log10(err[pos] / np.maximum(np.abs(rows[pos, j]), 1))
            np.testing.assert_allclose(dig[pos], want, rtol=0, atol=1e-6)
            self.assertTrue(np.all(np.isinf(dig[~pos])))
        self.assertEqual(sorted(rep.row_drift), ["E", "P1", "P2", "t0"])
        self.assertEqual(np.max(np.abs(rep.row_drift["E"])), rep.json["drift"]["integrals"][0]["max_drift"])

    def test_errors_rigorous(self):
        # nhref's own 30-digit values with x at t = 1 moved by 1e-6: PROVEN FAIL there, and
        # the distance to the enclosure is that 1e-6 (less a radius < 1e-25) at that row only
        tr = nhref.run("chaplygin_sleigh", t=[0, 0.5, 1, 1.5, 2], digits=30)
        text = {n: tr.strings(n) for n in NAMES}
        text["x"][2] = str(decimal.Decimal(text["x"][2]) + decimal.Decimal("1e-6"))
        rep = nhref.verify(text, "chaplygin_sleigh", min_digits=20, rigorous=True, errors=True)
        self.assertEqual(rep.level, "PROVEN")
        self.assertFalse(rep.passed)
        d = rep.dist["x"]
        self.assertEqual(int(np.argmax(d)), 2)
        self.assertAlmostEqual(d[2] / 1e-6, 1, places=12)
        self.assertTrue(np.all(np.delete(d, 2) < 1e-25), d)
        self.assertTrue(np.all(rep.dist["v"] < 1e-25))
        # without the perturbation: PROVEN PASS
        ok = nhref.verify({n: tr.strings(n) for n in NAMES}, "chaplygin_sleigh", min_digits=20,
                          rigorous=True)
        self.assertEqual((ok.passed, ok.level), (True, "PROVEN"))

    def test_report_plot(self):
        rep = nhref.verify(dict(zip(NAMES, rk4(0.1).T)), "chaplygin_sleigh")
        with self.assertRaisesRegex(RuntimeError, r"errors=True"):
            rep.plot()
        try:
            import matplotlib
        except ImportError:
            self.skipTest("matplotlib is missing (Debian: python3-matplotlib)")
        matplotlib.use("Agg")
        rep = nhref.verify(dict(zip(NAMES, rk4(0.1).T)), "chaplygin_sleigh", errors=True)
        ax = rep.plot()
        # one line per column, drawn through every row; the threshold at 6
        self.assertEqual([ln.get_label() for ln in ax.get_lines()[:5]], NAMES[1:])
        np.testing.assert_array_equal(ax.get_lines()[0].get_xdata(), rep.t)
        self.assertEqual(list(ax.get_lines()[5].get_ydata()), [6, 6])
        with self.assertRaisesRegex(KeyError, "no compared column 'q'"):
            rep.plot(columns=["q"])
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "digits.png")
            ax.figure.savefig(path)
            with open(path, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
            self.assertGreater(os.path.getsize(path), 10000)

    def test_conventions(self):
        """define=, chart= and angles= pass through to the library (nhref_verify_define,
        _set_chart, _set_angles): the same RK4 rows in other variables (converted here,
        in double) give the model's digits to within the conversion's rounding."""
        rows = rk4(0.05)
        t, x, y, phi, v, om = rows.T
        plain = nhref.verify(dict(zip(NAMES, rows.T)), "chaplygin_sleigh")
        cart = {"t": t, "x": x, "y": y, "phi": phi, "vx": v * np.cos(phi), "vy": v * np.sin(phi),
                "omega": om}
        for kw in ({"define": {"v": "vx*cos(phi) + vy*sin(phi)"}}, {"chart": "cartesian"}):
            rep = nhref.verify(cart, "chaplygin_sleigh", **kw)
            self.assertTrue(rep.passed, rep.summary)
            self.assertAlmostEqual(rep.digits["v"], plain.digits["v"], delta=0.01)
            self.assertEqual(rep.column("v")["defined_as"], "vx*cos(phi) + vy*sin(phi)")
            self.assertEqual(rep.json["input"]["not_compared"], [])
        com = {"t": t, "xc": x + np.cos(phi), "yc": y + np.sin(phi), "phi": phi, "v": v,
               "omega": om}
        rep = nhref.verify(com, "chaplygin_sleigh", chart="com")
        self.assertEqual(rep.json["input"]["chart"], "com")
        self.assertAlmostEqual(rep.digits["x"], plain.digits["x"], delta=0.01)
        shifted = dict(zip(NAMES, rows.T))
        shifted["phi"] = phi + 2 * math.pi
        rep = nhref.verify(shifted, "chaplygin_sleigh")
        self.assertFalse(rep.passed)
        self.assertEqual(rep.column("phi")["off_by_2pi"], 1)
        self.assertIn("--angles wrapped", rep.summary)
        rep = nhref.verify(shifted, "chaplygin_sleigh", angles="wrapped")
        self.assertTrue(rep.passed, rep.summary)
        self.assertTrue(rep.column("phi")["wrapped"])
        self.assertAlmostEqual(rep.digits["phi"], plain.digits["phi"], delta=0.01)
        with self.assertRaisesRegex(nhref.NhrefError, "--define w=vx: 'w' is not a state"):
            nhref.verify(cart, "chaplygin_sleigh", define={"w": "vx"})
        with self.assertRaisesRegex(nhref.NhrefError, "--chart polar: .*charts: com, cartesian"):
            nhref.verify(cart, "chaplygin_sleigh", chart="polar")
        with self.assertRaisesRegex(nhref.NhrefError, "--angles: 'mod' is not"):
            nhref.verify(cart, "chaplygin_sleigh", angles="mod")


class TestStrictArguments(unittest.TestCase):
    """digits=nan, -5 and 0 ran at the default 30 digits, and strings(digits=2**32 + 5)
    wrapped through c_int to 5 digits (issue 28): each is an error naming the argument"""

    def test_run_digits(self):
        for bad in (float("nan"), -5, 0, 0.5, float("inf")):
            with self.assertRaisesRegex(ValueError, r"run: digits=.*digits must be a finite number >= 1", msg=repr(bad)):
                nhref.run("chaplygin_sleigh", t=[0, 1], digits=bad)
        for bad in ("30", True, None.__class__):
            with self.assertRaises(TypeError, msg=repr(bad)):
                nhref.run("chaplygin_sleigh", t=[0, 1], digits=bad)

    def test_verify_digits(self):
        data = {"t": ["0", "1"], "x": ["0", "0"]}
        with self.assertRaisesRegex(ValueError, r"verify: digits=0: digits must be a finite number >= 1"):
            nhref.verify(data, "chaplygin_sleigh", digits=0)

    def test_strings_digits(self):
        tr = nhref.run("chaplygin_sleigh", t=[0, 1], digits=12)
        self.assertEqual(len(tr.strings("x", digits=7)[1].lstrip("-").split("e")[0].replace(".", "")), 7)
        for bad in (2**32 + 5, 0, -1, 1.5, 100001):
            with self.assertRaisesRegex(ValueError, r"digits=.*a whole number of digits in \[1, 100000\]", msg=repr(bad)):
                tr.strings("x", digits=bad)

    def test_golden_reader_strict(self):
        src = os.path.join(HERE, "..", "..", "data", "golden", "chaplygin_sleigh", "PUB-1.csv")
        with open(src) as f:
            lines = f.read().splitlines(True)
        k = next(i for i, l in enumerate(lines) if l.startswith("# param: m = "))
        d = next(i for i, l in enumerate(lines) if l.startswith("# digits: "))
        cases = [(lines[:k] + ["# param: m = 7 [kg]\n"] + lines[k:], r"param m is given twice"),
                 (lines[:d] + ["# digits: +30\n"] + lines[d + 1:], r"malformed '# digits: \+30'"),
                 (lines[:d] + ["# digits: 20\n"] + lines[d:], r"'# digits:' line is given twice")]
        tmp = tempfile.mkdtemp()
        try:
            self.assertIsNotNone(nhref.golden.load(src).digits)
            for text, msg in cases:
                path = os.path.join(tmp, "g.csv")
                with open(path, "w") as f:
                    f.writelines(text)
                with self.assertRaisesRegex(ValueError, msg):
                    nhref.golden.load(path)
        finally:
            shutil.rmtree(tmp)

    def test_counts_do_not_wrap(self):
        with self.assertRaisesRegex(TypeError, r"order=.* is not an integer in \[0, 2\^63\)"):
            nhref.run("chaplygin_sleigh", t=[0, 1], scheme="taylor", order=2**64 + 20)


class TestBoundedInput(unittest.TestCase):
    """Every reader refuses beyond its limits as it reads (issue 28 item 2): /dev/zero
    and an endless pipe within seconds and 100 MB.  Each read runs in a child process
    limited to 1 GiB of address space and 60 s, so that a reader without bounds fails
    instead of filling the machine's memory."""

    def child(self, code):
        import resource
        import subprocess

        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

        prog = ("import resource, sys, time\n"
                "sys.path.insert(0, " + repr(os.path.join(HERE, "..")) + ")\n"
                "import nhref, nhref.golden, subprocess\n"
                "t0 = time.monotonic()\n"
                "try:\n"
                + "".join("    " + l + "\n" for l in code.splitlines()) +
                "    print('no error')\n"
                "except Exception as e:\n"
                "    print(type(e).__name__ + ': ' + str(e))\n"
                "print(time.monotonic() - t0)\n"
                "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
        r = subprocess.run([sys.executable, "-c", prog], preexec_fn=limit, timeout=60,
                           capture_output=True, text=True)
        out = r.stdout.strip().split("\n")
        self.assertEqual(len(out), 3, "the child failed: %s %s" % (r.stdout, r.stderr[-2000:]))
        secs, kb = float(out[1]), int(out[2])
        self.assertLess(secs, 10, out[0])
        self.assertLess(kb * 1024, 100e6, "%s: %d KB" % (out[0], kb))
        return out[0]

    def test_limits_are_the_c_ones(self):
        with open(os.path.join(TOP, "include", "nhref_io.h")) as f:
            h = f.read()
        import re
        for name, value in (("LINE", nhref.golden.MAX_LINE), ("BYTES", nhref.golden.MAX_BYTES),
                            ("STREAM", nhref.golden.MAX_STREAM)):
            m = re.search(r"#define NHREF_TABLE_MAX_%s \(\(?(?:size_t\))?1 << (\d+)\)" % name, h)
            self.assertIsNotNone(m, name)
            self.assertEqual(value, 1 << int(m.group(1)), name)

    def test_golden_dev_zero(self):
        self.assertRegex(self.child('nhref.golden.load("/dev/zero")'),
                         r"^ValueError: /dev/zero:1: a line longer than 1048576 bytes \(the limit")

    def test_golden_endless_pipe(self):
        out = self.child('p = subprocess.Popen(["yes", "0,0"], stdout=subprocess.PIPE)\n'
                         'nhref.golden.load("/dev/fd/%d" % p.stdout.fileno())')
        self.assertRegex(out, r"^ValueError: /dev/fd/\d+: more than 33554432 bytes \(the limit of a "
                              r"table read from a pipe")

    def test_golden_long_line_in_a_file(self):
        tmp = tempfile.mkdtemp()
        try:
            path = os.path.join(tmp, "long.csv")
            with open(path, "w") as f:
                f.write("t,x\n0," + "1" * (nhref.golden.MAX_LINE + 1) + "\n")
            with self.assertRaisesRegex(ValueError, r"long.csv:2: a line longer than 1048576 bytes"):
                nhref.golden.load(path)
            with open(path, "w") as f:  # a file of exactly the limit is read
                f.write("t,x\n0," + "1" * (nhref.golden.MAX_LINE - 2) + "\n")
            self.assertEqual(len(nhref.golden.load(path)), 1)
            os.truncate(path, nhref.golden.MAX_BYTES + 1)  # sparse: refused before it is read
            with self.assertRaisesRegex(ValueError, r"more than 1073741824 bytes \(the limit of a "
                                                    r"table in a file"):
                nhref.golden.load(path)
        finally:
            shutil.rmtree(tmp)

    def test_verify_and_model_files_through_c(self):
        self.assertRegex(self.child('nhref.verify("/dev/zero", "chaplygin_sleigh")'),
                         r"Error: /dev/zero:1: a line longer than 1048576 bytes \(the limit")
        out = self.child('p = subprocess.Popen(["yes", "0,0"], stdout=subprocess.PIPE)\n'
                         'nhref.verify("/dev/fd/%d" % p.stdout.fileno(), "chaplygin_sleigh")')
        self.assertRegex(out, r"Error: /dev/fd/\d+: more than 33554432 bytes")
        self.assertRegex(self.child('nhref.Model.read("/dev/zero")'),
                         r"Error: /dev/zero: more than 1048576 bytes \(the limit of a model file")


if __name__ == "__main__":
    unittest.main(verbosity=1)
