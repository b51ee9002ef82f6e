#!/usr/bin/env python3
"""sleigh_scipy.py -- the Chaplygin sleigh integrated by SciPy (solve_ivp, DOP853, rtol
1e-12), written in one of the conventions other codes use, for tests/verify_charts.sh.

Usage: sleigh_scipy.py CONVENTION OUT [PERTURB_ROW]

The equations (docs/models/chaplygin-sleigh.md §3.1): x' = v cos phi, y' = v sin phi,
phi' = omega, v' = a omega^2, omega' = -(m a / IA) v omega, IA = J + m a^2; the default
parameters m = 2, J = 30, a = 1 and the initial state x = y = 0, phi = 2.5, v = 0.5,
omega = 1 (verify_charts.sh gives the same --init), from t = 0 to 10 every 0.5 s.

CONVENTION (the columns written after t):
  plain      x, y, phi, v, omega              the model's own
  com        xc, yc, phi, v, omega            the centre of mass C = A + a e1
  cartesian  x, y, phi, vx, vy, omega         the velocity of A, v (cos phi, sin phi)
  momenta    x, y, phi, p_v, p_omega          p_v = m v, p_omega = IA omega
  wrapped    x, y, phi, v, omega              phi reduced to (-pi, pi]
  missing    x, phi, v, omega                 no y
PERTURB_ROW: add 1e-6 at that row (0-based) to xc (com), vx (cartesian), p_v (momenta),
else to the third column written (phi; v for missing).
"""
import sys

import numpy as np
from scipy.integrate import solve_ivp

M, J, A = 2.0, 30.0, 1.0
IA = J + M * A * A


def f(t, s):
    x, y, phi, v, w = s
    return [v * np.cos(phi), v * np.sin(phi), w, A * w * w, -(M * A / IA) * v * w]


def main():
    conv, out = sys.argv[1], sys.argv[2]
    perturb = int(sys.argv[3]) if len(sys.argv) > 3 else -1
    t = np.arange(0, 10.0001, 0.5)
    r = solve_ivp(f, (0, 10), [0, 0, 2.5, 0.5, 1], method="DOP853", t_eval=t, rtol=1e-12,
                  atol=1e-12)
    x, y, phi, v, w = r.y
    if conv == "plain":
        names, cols = ["x", "y", "phi", "v", "omega"], [x, y, phi, v, w]
    elif conv == "com":
        names = ["xc", "yc", "phi", "v", "omega"]
        cols = [x + A * np.cos(phi), y + A * np.sin(phi), phi, v, w]
    elif conv == "cartesian":
        names = ["x", "y", "phi", "vx", "vy", "omega"]
        cols = [x, y, phi, v * np.cos(phi), v * np.sin(phi), w]
    elif conv == "momenta":
        names, cols = ["x", "y", "phi", "p_v", "p_omega"], [x, y, phi, M * v, IA * w]
    elif conv == "wrapped":
        wrapped = np.pi - np.mod(np.pi - phi, 2 * np.pi)  # in (-pi, pi]
        names, cols = ["x", "y", "phi", "v", "omega"], [x, y, wrapped, v, w]
    elif conv == "missing":
        names, cols = ["x", "phi", "v", "omega"], [x, phi, v, w]
    else:
        sys.exit("unknown convention %r" % conv)
    col = {"com": 0, "cartesian": 3, "momenta": 3}.get(conv, 2)
    if perturb >= 0:
        cols[col] = cols[col].copy()
        cols[col][perturb] += 1e-6
    with open(out, "w") as fh:
        fh.write(",".join(["t"] + names) + "\n")
        for i in range(len(t)):
            fh.write(",".join("%.17g" % c for c in [t[i]] + [c[i] for c in cols]) + "\n")


if __name__ == "__main__":
    main()
