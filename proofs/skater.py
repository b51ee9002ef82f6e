#!/usr/bin/env python3
"""skater.py -- symbolic proofs for the 3-D figure skater (model `skater`).

Source of every formula: shared/models/skater.md ("the spec"), after V. Gzenda
and V. Putkaradze, arXiv:1809.11146.  Reduced state (theta, Omega1, Omega2, v),
parameters (m, g, I1, I2, I3, A1, A2, A3); the explicit right-hand side of
spec §2.3 is the one src/models/skater.c puts on its tape.

sin theta and cos theta are the symbols s, c with d/dtheta s = c,
d/dtheta c = -s; an expression polynomial in s, c (after clearing the
denominator Delta > 0) vanishes on the circle iff its remainder modulo
s^2 + c^2 - 1 (as a polynomial in c) is 0 -- that is how every identity below
is proved, exactly.

Proved here (each claim prints how):
  1. The explicit RHS (spec §2.3) solves the 3x3 mass-matrix system of §2.3,
     whose determinant is m Delta, and Delta's two forms agree.
  2. It equals the solution of the corrected 7x7 system of §2.5: the body-frame
     balance laws with N = m (Omega x Y + Omega1 Omega2 A x a3 + Omega x
     (Omega x A)) (the paper prints Omega x A: erratum §8.1); its determinant
     is -m Delta up to the order of the unknowns; the multipliers are those of
     §2.4.  The printed (uncorrected) N gives a different, wrong RHS.
  3. dE/dt = 0 for all parameters (spec §3.1).
  4. A1 = 0: dJ1/dt = 0, and dJ2/dt = 0 in each inertia branch (I2 > I3,
     I3 > I2, I2 = I3: beta1' = phi'/I_G for each closed form of §3.3).
  5. A1 != 0: dJ1/dt equals the closed form of §3.2 (proportional to A1) and
     dJ1/dt, dJ2/dt are not identically zero (an exact rational point).
Run:  python3 proofs/skater.py      Exit 0 all proved, 1 a failure, 77 no SymPy.
"""
import sys
import time

try:
    import sympy as sp
except ImportError:  # pragma: no cover
    print("SKIP: SymPy not available (Debian: python3-sympy)")
    sys.exit(77)

T_START = time.time()
_T_LAST = [time.time()]
FAILURES = []


def report(ok, what, how):
    now = time.time()
    print(f"  [{'proved' if ok else 'FAILED'}] {what}  ({how}; {now - _T_LAST[0]:.1f} s)",
          flush=True)
    _T_LAST[0] = now
    if not ok:
        FAILURES.append(what)


# ------------------------------------------------------------------ symbols
m, I1, I2, I3 = sp.symbols("m I1 I2 I3", positive=True)
g, A1, A2, A3 = sp.symbols("g A1 A2 A3", real=True)
s, c = sp.symbols("s c", real=True)  # sin theta, cos theta
w1, w2, v = sp.symbols("Omega1 Omega2 v", real=True)
CIRCLE = s**2 + c**2 - 1


DL = sp.Symbol("Delta", positive=True)  # stands for Delta(theta) > 0 (defined below)


def on_circle_zero(expr, at=None):
    """EXPR (rational in s, c, at most linear in 1/Delta) vanishes whenever
    s^2 + c^2 = 1: multiply by Delta, substitute its polynomial, and reduce
    modulo the circle.  AT: a substitution applied everywhere (e.g. A1 = 0)."""
    e = sp.expand(expr * DL)
    e = sp.expand(e.subs(DL, DELTA).subs(at or {}))
    num = sp.expand(sp.numer(sp.together(e)))
    if num == 0:
        return True
    r = sp.rem(sp.Poly(num, c), sp.Poly(CIRCLE, c))
    return sp.expand(r.as_expr()) == 0


def d_theta(expr):
    """d/dtheta of an expression in s, c."""
    return sp.diff(expr, s) * c - sp.diff(expr, c) * s


# ------------------------------------------------------------------ spec §2.2-2.3
phi = -A2 * c + A3 * s
dphi = A2 * s + A3 * c
IG = I2 * s**2 + I3 * c**2
D = I2 - I3
It1 = I1 + m * (A2**2 + A3**2)
a22 = IG + m * A1**2
DELTA = It1 * a22 - m**2 * A1**2 * dphi**2
Delta = DL
F1 = w2**2 * (D * s * c + m * phi * dphi) + m * dphi * v * w2 + m * g * phi
F2 = -m * A1 * (phi * (w1**2 + w2**2) + v * w2) - 2 * D * s * c * w1 * w2
dw1 = (a22 * F1 + m * A1 * dphi * F2) / Delta
dw2 = (It1 * F2 + m * A1 * dphi * F1) / Delta
dv = A1 * w2**2 - 2 * dphi * w1 * w2 - phi * dw2


def d_dt(expr):
    """Total time derivative of an expression in (s, c, Omega1, Omega2, v)."""
    return (d_theta(expr) * w1 + sp.diff(expr, w1) * dw1 + sp.diff(expr, w2) * dw2
            + sp.diff(expr, v) * dv)


# ------------------------------------------------------------------ 1. mass matrix
print("1. The explicit RHS (spec §2.3) and the 3x3 mass-matrix form")
Mm = sp.Matrix([[It1, -m * A1 * dphi, 0],
                [-m * A1 * dphi, IG + m * A1**2 + m * phi**2, m * phi],
                [0, m * phi, m]])
bm = sp.Matrix([F1,
                -m * A1 * phi * w1**2 - m * A1 * v * w2 - 2 * w1 * w2 * (D * s * c + m * phi * dphi),
                m * w2 * (A1 * w2 - 2 * dphi * w1)])
res = Mm * sp.Matrix([dw1, dw2, dv]) - bm
report(all(on_circle_zero(r) for r in res), "M (Omega1', Omega2', v') = b for the explicit RHS",
       "symbolic, remainder mod s^2 + c^2 - 1")
report(on_circle_zero(Mm.det() - m * DELTA), "det M = m Delta", "symbolic")
report(on_circle_zero(DELTA - ((I1 + m * phi**2) * a22 + m * dphi**2 * IG)),
       "Delta = (I1 + m phi^2)(I_G + m A1^2) + m phi'^2 I_G  (> 0)", "symbolic")

# ------------------------------------------------------------------ 2. the 7x7 system
print("2. The paper's 7x7 system (spec §2.5) with the corrected force term N")
a1 = sp.Matrix([1, 0, 0])
a2 = sp.Matrix([0, s, c])            # Gamma
a3 = sp.Matrix([0, -c, s])           # E1 x Gamma
A = sp.Matrix([A1, A2, A3])
Om = w1 * a1 + w2 * a2
Y = v * a1
In = sp.diag(I1, I2, I3)
P = m * (Y + Om.cross(A))
Pi = In * Om + A.cross(P)


def kkt(N):
    """Unknowns X = (Omega1', Omega2', Omega3', v', lambda, mu, kappa):
    linear  m v' a1 + m Oh' x A - lambda a2 - mu a3 = -N,
    angular I Oh' + A x (m v' a1 + m Oh' x A) - kappa a3 = rhs,  Omega3' = 0,
    Oh' = sum Omega_k' a_k (Omega' = Oh' - Omega1 Omega2 a3)."""
    rhs = (w1 * w2 * In * a3 - m * w1 * w2 * A.cross(A.cross(a3)) - Om.cross(Pi)
           + m * g * a2.cross(A) - Y.cross(P))
    cols = []
    for ak in (a1, a2, a3):
        cols.append(list(m * ak.cross(A)) + list(In * ak + m * A.cross(ak.cross(A))) + [0])
    cols[2][6] = 1
    cols.append(list(m * a1) + list(m * A.cross(a1)) + [0])
    cols.append(list(-a2) + [0, 0, 0, 0])
    cols.append(list(-a3) + [0, 0, 0, 0])
    cols.append([0, 0, 0] + list(-a3) + [0])
    K = sp.Matrix(cols).T
    b = sp.Matrix(list(-N) + list(rhs) + [0])
    return K, b


N_ok = m * (Om.cross(Y) + w1 * w2 * A.cross(a3) + Om.cross(Om.cross(A)))
K, b = kkt(N_ok)
lam = -m * (phi * dw1 + dphi * w1**2)
mu = m * (dphi * dw1 - A1 * dw2 - phi * (w1**2 + w2**2) - v * w2)
kap = (m * A1 * (dphi * (w2**2 - w1**2) - phi * dw1 + g)
       - (I1 + 2 * m * dphi**2 + D * (c**2 - s**2)) * w1 * w2
       - (D * s * c + m * phi * dphi) * dw2 - m * dphi * dv)
X = sp.Matrix([dw1, dw2, 0, dv, lam, mu, kap])
res = K * X - b
report(all(on_circle_zero(r) for r in res),
       "X = (explicit RHS, Omega3' = 0, lambda, mu, kappa of §2.4) solves the corrected 7x7 "
       "system", "symbolic, remainder mod s^2 + c^2 - 1")
detK = K.det(method="berkowitz")
report(on_circle_zero(detK + m * DELTA) or on_circle_zero(detK - m * DELTA),
       "det of the 7x7 system = -+ m Delta (never 0): the solution is unique", "symbolic")
# the printed N (Omega x A in the last term) gives another RHS: differs at a point
N_bad = m * (Om.cross(Y) + w1 * w2 * A.cross(a3) + Om.cross(A))
Kb, bb = kkt(N_bad)
pt = {m: 50, I1: sp.Rational(319, 20), I2: sp.Rational(339, 25), I3: sp.Rational(399, 100),
      A1: sp.Rational(1, 10), A2: sp.Rational(3, 25), A3: sp.Rational(7, 8), g: sp.Rational(-981, 100),
      s: sp.Rational(3, 5), c: sp.Rational(4, 5), w1: sp.Rational(1, 3), w2: sp.Rational(5, 4),
      v: sp.Rational(1, 2)}
pt_dl = {DL: DELTA.subs(pt)}
xb = Kb.subs(pt).LUsolve(bb.subs(pt))
xg = K.subs(pt).LUsolve(b.subs(pt))
report(xg[0] == dw1.subs(pt).subs(pt_dl) and xb[0] != dw1.subs(pt).subs(pt_dl),
       "the paper's printed N (Omega x A) does NOT give the explicit RHS (erratum §8.1): "
       f"Omega1' = {float(xb[0]):.6g} instead of {float(xg[0]):.6g}", "exact rational point")

# ------------------------------------------------------------------ 3. energy
print("3. Energy (spec §3.1), all parameters")
E = (It1 * w1**2 / 2 - m * A1 * dphi * w1 * w2 + (IG + m * A1**2) * w2**2 / 2
     + m * (v + phi * w2)**2 / 2 + m * g * dphi)
report(on_circle_zero(d_dt(E)), "dE/dt = 0 for all m, g, I, A", "symbolic")

# ------------------------------------------------------------------ 4. J1, J2 for A1 = 0
print("4. J1, J2 (spec §3.2-3.3) when A1 = 0, each inertia branch")
J1 = IG * w2
dJ1 = d_dt(J1)
report(on_circle_zero(dJ1, {A1: 0}), "dJ1/dt = 0 when A1 = 0", "symbolic")
# J2 = v + phi Omega2 + J1 beta1(theta) with beta1' = phi'/I_G:
# dJ2/dt = v' + d(phi Omega2)/dt + J1' beta1 + J1 (phi'/I_G) Omega1, and J1' = 0 at A1 = 0
dJ2_core = d_dt(v + phi * w2) + J1 * dphi / IG * w1
report(on_circle_zero(dJ2_core, {A1: 0}),
       "dJ2/dt = 0 when A1 = 0, given beta1' = phi'/I_G", "symbolic")
# each closed form of beta1 (spec §3.3) has beta1' = phi'/I_G
th = sp.Symbol("theta", real=True)
k = sp.Symbol("k", positive=True)  # Delta I = |I2 - I3| > 0
sn, cs = sp.sin(th), sp.cos(th)


def beta1_ok(beta1, i2, i3, what):
    d = sp.diff(beta1, th)
    d = d.subs({sp.sin(th): s, sp.cos(th): c})
    target = (A2 * s + A3 * c) / (i2 * s**2 + i3 * c**2)
    report(on_circle_zero(sp.simplify(d - target)), what, "symbolic")


# I2 > I3: I2 = I3 + k
i2 = I3 + k
beta_gt = (-A2 / sp.sqrt(i2 * k) * sp.atanh(sp.sqrt(k / i2) * cs)
           + A3 / sp.sqrt(I3 * k) * sp.atan(sp.sqrt(k / I3) * sn))
beta1_ok(beta_gt, i2, I3, "I2 > I3: beta1' = phi'/I_G for the atanh(cos)/atan(sin) form")
# I3 > I2: I3 = I2 + k
i3 = I2 + k
beta_lt = (-A2 / sp.sqrt(I2 * k) * sp.atan(sp.sqrt(k / I2) * cs)
           + A3 / sp.sqrt(i3 * k) * sp.atanh(sp.sqrt(k / i3) * sn))
beta1_ok(beta_lt, I2, i3, "I3 > I2: beta1' = phi'/I_G for the atan(cos)/atanh(sin) form")
beta_eq = (-A2 * cs + A3 * sn) / I2
beta1_ok(beta_eq, I2, I2, "I2 = I3: beta1 = phi/I has beta1' = phi'/I_G")
report(sp.simplify(sp.limit(beta_gt, k, 0, "+") - beta_eq.subs(I2, I3)) == 0
       and sp.simplify(sp.limit(beta_lt, k, 0, "+") - beta_eq) == 0,
       "both unequal branches tend to the equal branch as I2 - I3 -> 0", "symbolic limit")

# ------------------------------------------------------------------ 5. A1 != 0
print("5. A1 != 0: J1, J2 not conserved")
dJ1_spec = m * A1 * (-IG * It1 * (phi * (w1**2 + w2**2) + v * w2) + IG * dphi * F1
                     + 2 * A1 * D * s * c * w1 * w2 * (It1 - m * dphi**2)) / Delta
report(on_circle_zero(dJ1 - dJ1_spec), "dJ1/dt = the closed form of spec §3.2 (proportional to A1)",
       "symbolic")
beta_pt = beta_gt.subs({k: pt[I2] - pt[I3], I3: pt[I3], A2: pt[A2], A3: pt[A3],
                        th: sp.atan2(pt[s], pt[c])})
dJ2_full = dJ2_core + dJ1 * sp.Symbol("beta1")
v1 = dJ1.subs(pt).subs(pt_dl)
v2 = sp.N(dJ2_full.subs(pt).subs(pt_dl).subs(sp.Symbol("beta1"), beta_pt), 30)
report(v1 != 0 and abs(v2) > 1e-6,
       f"at the paper's skater (A1 = 0.1, a rational point): dJ1/dt = {float(v1):.6g}, "
       f"dJ2/dt = {float(v2):.6g}, both != 0", "exact rational point / 30 digits")

elapsed = time.time() - T_START
print(f"SymPy {sp.__version__}, {elapsed:.1f} s")
if FAILURES:
    print(f"FAILED: {len(FAILURES)} claim(s):")
    for f_ in FAILURES:
        print("  -", f_)
    sys.exit(1)
print("All claims proved.")
sys.exit(0)
