#!/usr/bin/env python3
"""rk4_sleigh.py -- a plain fixed-step classical Runge-Kutta (RK4) integration of
the Chaplygin sleigh in double precision: the kind of trajectory a user would
check with `nhref verify`.

    python3 rk4_sleigh.py [--euler] H [T [K]]  > rk4.csv
    nhref verify rk4.csv chaplygin_sleigh

Step H, final time T (default 10), a row every K steps (default: about every
0.1 s).  --euler: explicit Euler (order 1) instead, for order studies
(`nhref verify --study`), which read the "# step: H" and "# cost: N" lines
written first (N: right-hand-side evaluations, 4 per RK4 step, 1 per Euler step).  Equations (shared/models/chaplygin-sleigh.md, spec 3.1):
    x' = v cos phi, y' = v sin phi, phi' = omega,
    v' = a omega^2, omega' = -(m a / (J + m a^2)) v omega,
with m = 2, J = 30, a = 1 and (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1).
Writes the two comment lines, the CSV header "t,x,y,phi,v,omega" and repr() floats.
"""
import math
import sys

M, J, A = 2.0, 30.0, 1.0
G = M * A / (J + M * A * A)


def f(s):
    x, y, phi, v, omega = s
    return (v * math.cos(phi), v * math.sin(phi), omega, A * omega * omega, -G * v * omega)


def rk4_step(s, h):
    k1 = f(s)
    k2 = f([si + h / 2 * ki for si, ki in zip(s, k1)])
    k3 = f([si + h / 2 * ki for si, ki in zip(s, k2)])
    k4 = f([si + h * ki for si, ki in zip(s, k3)])
    return [si + h / 6 * (a + 2 * b + 2 * c + d) for si, a, b, c, d in zip(s, k1, k2, k3, k4)]


def euler_step(s, h):
    return [si + h * ki for si, ki in zip(s, f(s))]


def main(argv):
    step, evals = rk4_step, 4
    if len(argv) > 1 and argv[1] == "--euler":
        step, evals = euler_step, 1
        argv = argv[:1] + argv[2:]
    if len(argv) < 2 or len(argv) > 4:
        sys.exit("usage: rk4_sleigh.py [--euler] H [T [K]]")
    h = float(argv[1])
    t_end = float(argv[2]) if len(argv) > 2 else 10.0
    n = round(t_end / h)
    if h <= 0 or abs(n * h - t_end) > 1e-9 * t_end:
        sys.exit("rk4_sleigh.py: T must be a whole number of steps H > 0")
    every = int(argv[3]) if len(argv) > 3 else max(1, round(0.1 / h))
    s = [0.0, 0.0, 0.0, 0.0, 1.0]
    # the header row first: numpy.genfromtxt(names=True) and pandas take the first line
    # for the names; then the '#' lines nhref verify --study reads
    out = ["t,x,y,phi,v,omega", "# step: %r" % h, "# cost: %d" % (evals * n)]
    for i in range(n + 1):
        if i % every == 0 or i == n:
            out.append(",".join(repr(z) for z in [i * h] + s))
        if i < n:
            s = step(s, h)
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv)
