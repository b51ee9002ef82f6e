#!/usr/bin/env python3
"""test_ensemble.py -- nhref.ensemble (batch mode, include/nhref_batch.h).

Expected values: each lane against the same lane run alone (B = 1), bit for bit; the
sleigh's energy m v^2/2 + (J + m a^2) omega^2/2, a first integral
(docs/models/chaplygin-sleigh.md); a lane with a NaN initial value refused (status 4,
NHREF_EPARAM) while the others run; a model file's lanes (data/models/sleigh_cartesian.model,
the sleigh in the centre of mass's chart) mapped to the built-in's chart
(x = xc - a cos phi, y = yc - a sin phi, v = xc' cos phi + yc' sin phi, omega = phi': the
file's header) against the built-in's lanes, and each against nhref.run(..., fast=True)
of the same file.  Exit status 77 (skipped) without numpy.
"""
import os
import sys
import unittest

try:
    import numpy as np
except ImportError:
    print("SKIP: numpy is missing (Debian: python3-numpy)")
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import nhref  # noqa: E402


class TestEnsemble(unittest.TestCase):
    def test_lanes_equal_single_runs(self):
        t = np.linspace(0, 5, 11)
        inits = np.zeros((6, 5))
        inits[:, 4] = 1 + np.arange(6) / 100.0  # omega(0)
        x, status = nhref.ensemble("chaplygin_sleigh", inits, t=t)
        self.assertEqual(x.shape, (6, 11, 5))
        self.assertTrue((status == 0).all())
        for b in range(6):
            xb, sb = nhref.ensemble("chaplygin_sleigh", inits[b:b + 1], t=t)
            self.assertEqual(sb[0], 0)
            self.assertTrue(np.array_equal(xb[0], x[b]))  # bit for bit

    def test_energy_is_conserved(self):
        # the sleigh's energy m v^2 / 2 + IA omega^2 / 2, IA = J + m a^2 = 32 (a first
        # integral, docs/models/chaplygin-sleigh.md)
        t = np.linspace(0, 10, 6)
        inits = np.zeros((4, 5))
        inits[:, 3] = [0, 0.1, -0.2, 0.3]
        inits[:, 4] = [1, 0.5, 2, -1]
        x, status = nhref.ensemble("chaplygin_sleigh", inits, t=t)
        self.assertTrue((status == 0).all())
        E = 2 * x[:, :, 3] ** 2 / 2 + 32 * x[:, :, 4] ** 2 / 2
        self.assertLess(np.max(np.abs(E - E[:, :1])), 1e-12 * np.max(E))

    def test_per_lane_params(self):
        t = [0, 1, 2]
        inits = np.zeros((2, 5))
        inits[:, 4] = 1
        x, status = nhref.ensemble("chaplygin_sleigh", inits, t=t,
                                   params=[{"J": "30"}, {"J": "10"}])
        self.assertTrue((status == 0).all())
        self.assertFalse(np.array_equal(x[0], x[1]))
        one, _ = nhref.ensemble("chaplygin_sleigh", inits[1:], t=t, params={"J": 10})
        self.assertTrue(np.array_equal(one[0], x[1]))

    def test_bad_lane_does_not_disturb(self):
        t = [0, 1]
        inits = np.zeros((3, 5))
        inits[:, 4] = 1
        inits[1, 0] = np.nan
        x, status = nhref.ensemble("chaplygin_sleigh", inits, t=t)
        self.assertEqual(list(status), [0, 4, 0])  # NHREF_EPARAM for the NaN lane
        self.assertTrue(np.isnan(x[1]).all())
        self.assertTrue(np.array_equal(x[0], x[2]))

    def test_model_file(self):
        # the sleigh written in the centre of mass's chart: the same motion as the
        # built-in's, a = 1 (the file's default)
        path = os.path.join(HERE, "..", "..", "data", "models", "sleigh_cartesian.model")
        t = np.linspace(0, 5, 6)
        a = 1.0
        phi = np.array([0.0, 0.0, -1.2, 2.0])
        v = np.array([0.0, 0.1, -0.2, 0.3])
        om = np.array([1.0, 0.5, 2.0, -1.0])
        builtin = np.zeros((4, 5))
        builtin[:, 2], builtin[:, 3], builtin[:, 4] = phi, v, om
        c, s = np.cos(phi), np.sin(phi)
        cart = np.stack([a * c, a * s, phi, v * c - a * om * s, v * s + a * om * c, om], axis=1)
        xb, sb = nhref.ensemble("chaplygin_sleigh", builtin, t=t)
        xf, sf = nhref.ensemble(path, cart, t=t)
        self.assertTrue((sb == 0).all() and (sf == 0).all(), (sb, sf))
        self.assertEqual(xf.shape, (4, 6, 6))
        cp, sp = np.cos(xf[:, :, 2]), np.sin(xf[:, :, 2])
        mapped = np.stack([xf[:, :, 0] - a * cp, xf[:, :, 1] - a * sp, xf[:, :, 2],
                           xf[:, :, 3] * cp + xf[:, :, 4] * sp, xf[:, :, 5]], axis=2)
        self.assertLess(np.max(np.abs(mapped - xb)), 1e-11)
        # an nhref.Model gives the same lanes, and each lane is the file's own fast run
        # (lanes 0 and 1, phi = 0: velocities on the blade's constraint exactly, which
        # nhref.run checks at the precision the digits imply, not at double's)
        xm, _ = nhref.ensemble(nhref.Model.read(path), cart, t=t)
        self.assertTrue(np.array_equal(xm, xf))
        names = ["xc", "yc", "phi", "xc_dot", "yc_dot", "phi_dot"]
        for b in (0, 1):
            tr = nhref.run(path, init={n: float(cart[b, i]) for i, n in enumerate(names)},
                           t=list(t), fast=True)
            self.assertTrue(np.array_equal(np.asarray(tr.values)[:, 1:7], xf[b]))

    def test_bad_shapes(self):
        with self.assertRaisesRegex(ValueError, "inits"):
            nhref.ensemble("chaplygin_sleigh", np.zeros(5), t=[0, 1])
        with self.assertRaisesRegex(ValueError, "5 state components"):
            nhref.ensemble("chaplygin_sleigh", np.zeros((2, 4)), t=[0, 1])
        with self.assertRaisesRegex(ValueError, "params: 3 parameter sets for 2"):
            nhref.ensemble("chaplygin_sleigh", np.zeros((2, 5)), t=[0, 1], params=[{}, {}, {}])
        with self.assertRaisesRegex(ValueError, "monotone"):
            nhref.ensemble("chaplygin_sleigh", np.zeros((2, 5)), t=[0, 2, 1])
        with self.assertRaisesRegex(ValueError, "no such built-in model"):
            nhref.ensemble("no_such_model", np.zeros((2, 5)), t=[0, 1])
        with self.assertRaisesRegex(nhref.NhrefError, "no_such.model"):
            nhref.ensemble("no_such.model", np.zeros((2, 5)), t=[0, 1])


if __name__ == "__main__":
    unittest.main()
