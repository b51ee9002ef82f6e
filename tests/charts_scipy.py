#!/usr/bin/env python3
"""charts_scipy.py -- the Chaplygin sleigh and the knife edge on an incline integrated by
SciPy (solve_ivp, DOP853, rtol 1e-12), written in one of the conventions other codes use,
for tests/verify_charts.sh.

Usage: charts_scipy.py MODEL CONVENTION OUT [PERTURB_ROW]

sleigh (docs/models/chaplygin-sleigh.md §3.1): x' = v cos phi, y' = v sin phi,
phi' = omega, v' = a omega^2, omega' = -(m a / IA) v omega, IA = J + m a^2; the default
parameters m = 2, J = 30, a = 1, the initial state x = y = 0, phi = 2.5, v = 0.5,
omega = 1 (verify_charts.sh gives the same --init), t = 0 to 10 every 0.5.
  plain      x, y, phi, v, omega              the model's own columns
  com        xc, yc, phi, v, omega            the centre of mass C = A + a e1
  cartesian  x, y, phi, vx, vy, omega         the velocity of A, v (cos phi, sin phi)
  momenta    x, y, phi, p_v, p_omega          p_v = m v, p_omega = IA omega
  wrapped    x, y, phi, v, omega              phi reduced to (-pi, pi]
  missing    x, phi, v, omega                 no y

knife (docs/models/knife_edge_incline.md §3, the default case of the model file): u the
speed along the blade, u' = g sin(alpha) cos(phi), phi' = phi_dot constant, x' = u cos(phi),
y' = u sin(phi); g = 9.81, alpha = pi/6, from x = y = phi = 0, u = 1, phi_dot = 2, t = 0 to
5 every 0.5.
  plain      x, y, phi, x_dot, y_dot, phi_dot the model's own columns
  speed      x, y, phi, u, phi_dot            u in place of x_dot, y_dot
  missing    y, phi, x_dot, y_dot, phi_dot    no x

PERTURB_ROW: add 1e-6 at that row (0-based) to the convention's own column (xc, vx, p_v,
u), else to phi (wrapped) or to the fourth column written (missing).
"""
import sys

import numpy as np
from scipy.integrate import solve_ivp


def sleigh(conv):
    m, J, a = 2.0, 30.0, 1.0
    IA = J + m * a * a

    def f(t, s):
        x, y, phi, v, w = s
        return [v * np.cos(phi), v * np.sin(phi), w, a * w * w, -(m * a / IA) * v * w]

    t = np.arange(0, 10.0001, 0.5)
    r = solve_ivp(f, (0, 10), [0, 0, 2.5, 0.5, 1], method="DOP853", t_eval=t, rtol=1e-12,
                  atol=1e-12)
    x, y, phi, v, w = r.y
    table = {
        "plain": (["x", "y", "phi", "v", "omega"], [x, y, phi, v, w], 2),
        "com": (["xc", "yc", "phi", "v", "omega"],
                [x + a * np.cos(phi), y + a * np.sin(phi), phi, v, w], 0),
        "cartesian": (["x", "y", "phi", "vx", "vy", "omega"],
                      [x, y, phi, v * np.cos(phi), v * np.sin(phi), w], 3),
        "momenta": (["x", "y", "phi", "p_v", "p_omega"], [x, y, phi, m * v, IA * w], 3),
        "wrapped": (["x", "y", "phi", "v", "omega"],
                    [x, y, np.pi - np.mod(np.pi - phi, 2 * np.pi), v, w], 2),
        "missing": (["x", "phi", "v", "omega"], [x, phi, v, w], 3),
    }
    return (t,) + table[conv]


def knife(conv):
    g, alpha = 9.81, np.pi / 6

    def f(t, s):
        x, y, phi, u, w = s
        return [u * np.cos(phi), u * np.sin(phi), w, g * np.sin(alpha) * np.cos(phi), 0.0]

    t = np.arange(0, 5.0001, 0.5)
    r = solve_ivp(f, (0, 5), [0, 0, 0, 1, 2], method="DOP853", t_eval=t, rtol=1e-12, atol=1e-12)
    x, y, phi, u, w = r.y
    xd, yd = u * np.cos(phi), u * np.sin(phi)
    table = {
        "plain": (["x", "y", "phi", "x_dot", "y_dot", "phi_dot"], [x, y, phi, xd, yd, w], 2),
        "speed": (["x", "y", "phi", "u", "phi_dot"], [x, y, phi, u, w], 3),
        "missing": (["y", "phi", "x_dot", "y_dot", "phi_dot"], [y, phi, xd, yd, w], 3),
    }
    return (t,) + table[conv]


def main():
    model, conv, out = sys.argv[1], sys.argv[2], sys.argv[3]
    perturb = int(sys.argv[4]) if len(sys.argv) > 4 else -1
    t, names, cols, own = {"sleigh": sleigh, "knife": knife}[model](conv)
    if perturb >= 0:
        cols[own] = cols[own].copy()
        cols[own][perturb] += 1e-6
    with open(out, "w") as fh:
        fh.write(",".join(["t"] + names) + "\n")
        for i in range(len(t)):
            fh.write(",".join("%.17g" % c for c in [t[i]] + [c[i] for c in cols]) + "\n")


if __name__ == "__main__":
    main()
