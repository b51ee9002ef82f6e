#!/usr/bin/env python3
"""test_model.py -- models from model files in the Python package: nhref.Model (read
from a path, parsed from a string), nhref.run, verify and describe taking a Model or
a model file's path, and the errors of bad files (run by `make check`; also by
`python3 -m unittest` or pytest from python/).

Expected values come from the built-in chaplygin_sleigh (its equations are the
spec's, hand-written and checked against its closed forms by check_sleigh) through
the identities x, y, phi equal and phi_dot = omega, v = x_dot cos phi + y_dot sin phi
(examples/sleigh.model is the same sleigh from its Lagrangian and blade constraint);
from the file's text itself (a Model parsed from the text of a file runs the same
digits as the file); and from the messages of include/nhref_model_file.h ("FILE:LINE:
..."; the line counted here in the text).  Exit status 77 (skipped) without numpy.
"""
import decimal
import os
import signal
import sys
import tempfile
import threading
import unittest

try:
    import numpy as np  # noqa: F401  (nhref.run needs it)
except ImportError:
    print("SKIP: numpy is missing (Debian: python3-numpy)")
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import nhref  # noqa: E402

TOP = os.environ.get("top_srcdir", os.path.join(HERE, "..", ".."))
SLEIGH = os.path.join(TOP, "examples", "sleigh.model")
DISK = os.path.join(TOP, "data", "models", "rolling_disk.model")
decimal.getcontext().prec = 80
TIMES = ["0", "0.5", "1", "2.5", "4"]


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def mixed(a, b):
    """|a - b| / max(|b|, 1) of two decimal strings"""
    a, b = decimal.Decimal(a), decimal.Decimal(b)
    return (a - b).copy_abs() / max(b.copy_abs(), decimal.Decimal(1))


class TestModelFile(unittest.TestCase):
    def test_path_string_and_builtin(self):
        """the sleigh by its path, by a PathLike, as a Model read and as a Model parsed
        from the same text: the same digits; against the built-in within 10 tol"""
        text = read(SLEIGH)
        runs = [nhref.run(SLEIGH, t=TIMES, digits=30),
                nhref.run(Path(SLEIGH), t=TIMES, digits=30),
                nhref.run(nhref.Model.read(SLEIGH), t=TIMES, digits=30),
                nhref.run(nhref.Model.from_string(text, name="mine"), t=TIMES, digits=30)]
        first = runs[0]
        self.assertEqual(first.names, ["t", "x", "y", "phi", "x_dot", "y_dot", "phi_dot", "E",
                                       "blade"])
        for tr in runs[1:]:
            self.assertEqual(tr.names, first.names)
            for n in first.names:
                self.assertEqual(tr.strings(n), first.strings(n), n)
        ref = nhref.run("chaplygin_sleigh", t=TIMES, digits=30)
        tol = decimal.Decimal("1e-30")
        for r in range(len(TIMES)):
            for mine, theirs in (("x", "x"), ("y", "y"), ("phi", "phi"), ("phi_dot", "omega"),
                                 ("E", "E")):
                self.assertLess(mixed(first.strings(mine)[r], ref.strings(theirs)[r]), 10 * tol,
                                "%s at t = %s" % (mine, TIMES[r]))
            # v = x_dot cos(phi) + y_dot sin(phi), from the printed values (32 digits)
            phi = float(first.strings("phi")[r])
            v = first["x_dot"][r] * np.cos(phi) + first["y_dot"][r] * np.sin(phi)
            self.assertAlmostEqual(v, ref["v"][r], places=12)
            self.assertLess(abs(decimal.Decimal(first.strings("blade")[r])), 10 * tol)

    def test_params_init_and_verify(self):
        """parameters and initial values of a Model; verify against a Model, a path
        and the built-in agree on the digits of the same data"""
        m = nhref.Model.from_string(read(SLEIGH), name="mine.model")
        tr = nhref.run(m, params={"J": "20"}, init={"phi_dot": "0.5"}, t=TIMES)
        ref = nhref.run("chaplygin_sleigh", params={"J": "20"}, init={"omega": "0.5"}, t=TIMES)
        for r in range(len(TIMES)):
            self.assertLess(mixed(tr.strings("x")[r], ref.strings("x")[r]), 1e-29)
        # a perturbed copy of the built-in's x, y, phi: the same digits against each model
        data = {"t": [float(s) for s in TIMES],
                "x": ref["x"] * (1 + 1e-9), "y": ref["y"], "phi": ref["phi"]}
        kw = dict(params={"J": "20"}, init={"omega": "0.5"})
        want = nhref.verify(data, "chaplygin_sleigh", **kw).digits
        kw = dict(params={"J": "20"}, init={"phi_dot": "0.5"})
        for model in (m, SLEIGH):
            rep = nhref.verify(data, model, **kw)
            for n in ("x", "y", "phi"):
                self.assertAlmostEqual(rep.digits[n], want[n], delta=0.01, msg=n)
            self.assertEqual(rep.reference["model"], "sleigh_from_lagrangian")

    def test_describe(self):
        m = nhref.Model.read(DISK)
        text = m.describe()
        self.assertEqual(text, nhref.describe(DISK))
        self.assertEqual(text, nhref.describe(Path(DISK)))
        self.assertIn("Form: Lagrangian with 5 coordinates and 2 constraints", text)
        self.assertIn("roll_x = x_dot - R*psi_dot*cos(phi)", text)
        self.assertIn("M[x_dot, x_dot] = m", text)
        self.assertTrue(text.startswith("Model file: %s (10 state components, 5 parameters;" % DISK),
                        text)
        with self.assertRaisesRegex(ValueError, "nhref describe chaplygin_sleigh"):
            nhref.describe("chaplygin_sleigh")

    def test_errors(self):
        """a bad text raises NhrefError with "NAME:LINE: ..." and the status"""
        good = read(SLEIGH)
        lines = good.splitlines()
        k = next(i for i, l in enumerate(lines) if l.startswith("L = "))
        lines[k] = "L = m/2*(x_dot^2 + y_dot^2) + J/2*phi_dot^"
        with self.assertRaises(nhref.NhrefError) as c:
            nhref.Model.from_string("\n".join(lines) + "\n", name="mine")
        msg = str(c.exception)
        self.assertTrue(msg.startswith("mine:%d: [lagrangian] L: column " % (k + 1)), msg)
        self.assertIn("expected a number, a name or '('", msg)
        self.assertEqual(c.exception.status, 6)  # NHREF_EPARSE (nhref_status.h)
        self.assertNotIn("\n", msg)
        # an unknown name, an unknown section, no dynamics, a constraint not affine
        for text, where, what in (
                ("[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2/2 + k*x\n", 4,
                 "unknown name 'k'"),
                ("[coordinates]\nx = 0\n[lagrangian]\nL = x_dot^2\n[friction]\nx = 1\n", 5,
                 "unknown section [friction]"),
                ("[coordinates]\nx = 0\ny = 0\n[lagrangian]\nL = x_dot^2 + y_dot^2\n"
                 "[constraints]\nc = x_dot^2 - y_dot\n", 7, "not affine in the velocities")):
            with self.assertRaises(nhref.NhrefError) as c:
                nhref.Model.from_string(text, name="bad.model")
            self.assertTrue(str(c.exception).startswith("bad.model:%d: " % where), str(c.exception))
            self.assertIn(what, str(c.exception))
        with self.assertRaisesRegex(nhref.NhrefError, "^bad: no dynamics"):
            nhref.Model.from_string("[parameters]\nk = 1\n", name="bad")
        # run and verify of a path: the same message; a file that does not exist: EIO
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "bad.model")
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")
            for call in (lambda: nhref.run(path), lambda: nhref.verify({"t": [0], "x": [0]}, path),
                         lambda: nhref.Model.read(path)):
                with self.assertRaisesRegex(nhref.NhrefError,
                                            "^%s:%d: \\[lagrangian\\] L" % (path, k + 1)):
                    call()
            with self.assertRaises(nhref.NhrefError) as c:
                nhref.run(os.path.join(d, "none.model"))
            self.assertEqual(c.exception.status, 7)  # NHREF_EIO
            self.assertIn("none.model", str(c.exception))
        # initial velocities off the constraint: refused when the run starts
        with self.assertRaisesRegex(nhref.NhrefError, "off the constraint blade"):
            nhref.run(nhref.Model.from_string(good, name="mine"), init={"y_dot": "1"}, t=[1])
        with self.assertRaises(TypeError):
            nhref.run(42)

    def test_bytes_and_lifetime(self):
        """a Model from bytes; a spec keeps its own reference (the Model may go)"""
        m = nhref.Model.from_string(read(SLEIGH, "rb"), name="b")
        self.assertEqual(m.path, "b")
        tr1 = nhref.run(m, t=[1])
        del m
        tr2 = nhref.run(nhref.Model.from_string(read(SLEIGH)), t=[1])
        self.assertEqual(tr1.strings("x"), tr2.strings("x"))

    @unittest.skipUnless(hasattr(os, "mkfifo") and hasattr(signal, "alarm"), "no FIFOs")
    def test_read_once(self):
        """Model.read reads the file once (a FIFO has its text once: read again, it
        would block until the alarm)"""
        with tempfile.TemporaryDirectory() as d:
            fifo = os.path.join(d, "sleigh.model")
            os.mkfifo(fifo)

            def write():
                with open(fifo, "w") as f:
                    f.write(read(SLEIGH))

            writer = threading.Thread(target=write)
            writer.start()

            def alarm(signum, frame):  # not an OSError, which a reader might catch
                raise AssertionError("Model.read blocked on the FIFO")

            old = signal.signal(signal.SIGALRM, alarm)
            signal.alarm(10)
            try:
                m = nhref.Model.read(fifo)
            finally:
                signal.alarm(0)
                signal.signal(signal.SIGALRM, old)
                writer.join()
            self.assertEqual(nhref.run(m, t=[1]).strings("x"),
                             nhref.run(SLEIGH, t=[1]).strings("x"))

class Path(os.PathLike):
    """a minimal os.PathLike (pathlib's would do; this keeps the type explicit)"""

    def __init__(self, p):
        self.p = p

    def __fspath__(self):
        return self.p


if __name__ == "__main__":
    unittest.main(verbosity=1)
