#!/usr/bin/env python3
"""servoconstraints.py -- symbolic proofs for the servo-constraint models.

Source of every formula: shared/models/servoconstraints.md ("the spec"),
V. V. Kozlov, Regul. Chaotic Dyn. 20(3) (2015) 205-224.  Models: suslov_servo
(M3, spec §4), servosleigh (M4, §5), servosleigh_offset (X, §5.9), the EPB
form (M1, §2) and the quadratic systems Q1-Q4 (§3.2).

Proved here (each claim prints how):
  A. M3: the component formulas (A1..C2, L1..L3, g1, g2, gl; spec §4.2) solve
     the implicit system I omega' = I omega x omega + gamma x c + lambda b,
     omega3' = 0; D = (adj I e3, b) = det(I) (I^-1 e3, b); EPB on so(3)
     reproduces them.
  B. M3 integrals: |gamma|^2; d/dt(T + (c, gamma)) = lambda (b, omega); E for
     b1 = b2 = 0; dF/dt = lambda (b, c) if I13 = I23 = c3 = 0 (Theorem 7);
     J (S1); G2 (S2, (5.11) "= const"); the S3 cubic H when C_1 = C_2 = 0.
  C. Invariant measure: div = (C_1 w1 + C_2 w2)/D with the CORRECTED C_2 of
     spec §9 erratum 6; the printed (5.16) differs from it by b2 I11 I12
     (so it is wrong whenever b2 I11 I12 != 0); (5.15) as corrected (erratum 5);
     gravity does not change the divergence (Prop. 2).
  D. M3 closed forms: the S0 sech/tanh law; the S1 Riccati law, the kappa^2
     identity and the blow-up condition; invariant rays.
  E. Q1 factorization and rays; Q2 closed form; Q4 Hamiltonian.
  F. M4: EPB on se(2) reproduces (6.3); integrals gam, u e^{-alpha theta},
     both series of Z (termwise), u^2/2 + g y - Wn; every closed form of §5.5
     (with the gam = 0, alpha = 0, beta = 0 branches), the blow-up time, (6.5)
     with t0, curvature and remaining length; §5.6: beta = 0 (and the oracle's
     closed-form positions), alpha = beta = 0 with x, y, straight descent,
     reversibility, the Dawson solution of (7.7).
  G. X: lambda and the equations from the EPB form with offset centre of mass,
     energy balance, l = 0 -> M4, the tanh law for a = c = 0.

Symbolic simplification to 0 wherever SymPy manages it quickly; otherwise
exact rational arithmetic at random rational points ("exact at N random
rational points"), or 60-digit evaluation ("numerically") where square roots
or transcendental functions remain.  Exit 0 ok, 1 failure, 77 without SymPy.
"""
import random
import sys
import time

try:
    import sympy as sp
except ImportError:  # pragma: no cover
    print("SKIP: SymPy not available (Debian: python3-sympy)")
    sys.exit(77)

T0 = time.time()
FAIL = []
random.seed(20150303)
_last = [time.time()]


def report(ok, what, how):
    now = time.time()
    print(f"  [{'proved' if ok else 'FAILED'}] {what}  ({how}; {now - _last[0]:.1f} s)", flush=True)
    _last[0] = now
    if not ok:
        FAIL.append(what)


def rnd(lo=-2, hi=2):
    return sp.Rational(random.randint(-1000, 1000), 1000) * (hi - lo) / 2 + sp.Rational(lo + hi, 2)


def zero(expr, what, points=None, numeric=False, direct=False):
    """Prove EXPR == 0: symbolically (cancel/simplify), else at random points
    (DIRECT: only at random points, for expressions too big to simplify fast)."""
    e = sp.cancel(sp.expand(expr)) if not (numeric or direct) else None
    if e is not None and e == 0:
        report(True, what, "symbolic")
        return
    if points is None:
        e = sp.simplify(expr)
        report(e == 0, what, "symbolic, simplify" if e == 0 else f"not zero: {e}")
        return
    syms = sorted(expr.free_symbols, key=str)
    for _ in range(points):
        sub = {s: rnd() for s in syms}
        val = expr.subs(sub)
        if numeric:
            v = sp.N(val, 60)
            if abs(complex(v)) > 1e-45:
                report(False, what, f"numerically: {v} at {sub}")
                return
        elif sp.cancel(sp.expand(val)) != 0:
            report(False, what, f"not zero at {sub}")
            return
    report(True, what, f"{'numerically (60 digits)' if numeric else 'exact'} at {points} "
           "random rational points")


# ================================================================== A. M3
print("A. M3: explicit formulas of spec §4.2 from the implicit equations (5.1)")
I11, I12, I13, I22, I23, I33 = sp.symbols("I11 I12 I13 I22 I23 I33", real=True)
b1, b2, b3, c1, c2, c3 = sp.symbols("b1 b2 b3 c1 c2 c3", real=True)
w1, w2, g1, g2, g3, W, t = sp.symbols("omega1 omega2 gamma1 gamma2 gamma3 W t", real=True)
Imat = sp.Matrix([[I11, I12, I13], [I12, I22, I23], [I13, I23, I33]])
bv, cv = sp.Matrix([b1, b2, b3]), sp.Matrix([c1, c2, c3])
om, gv = sp.Matrix([w1, w2, 0]), sp.Matrix([g1, g2, g3])
kv = sp.Matrix([I12 * I23 - I13 * I22, I12 * I13 - I11 * I23, I11 * I22 - I12**2])
D = (kv.T * bv)[0]
Dl = I11 * I22 - I12**2
A1 = b1 * (I12 * I22 + I13 * I23) - b2 * I12**2 - b3 * I12 * I13
B1 = (b1 * (I22**2 + I23**2 - I11 * I22) + b2 * (I11 * I12 - I12 * I22 + I13 * I23)
      - b3 * (I12 * I23 + I13 * I22))
C1 = -b1 * I12 * I22 + b2 * (I12**2 + I23**2) - b3 * I22 * I23
A2 = -b1 * (I12**2 + I13**2) + b2 * I11 * I12 + b3 * I11 * I13
B2 = b1 * (I11 * I12 - I12 * I22 - I13 * I23) + b2 * (I11 * I22 - I11**2 - I13**2) + b3 * (I11 * I23 + I12 * I13)
C2 = b1 * I12**2 - b2 * (I11 * I12 + I13 * I23) + b3 * I12 * I23
L1 = I12 * Dl + I13 * (I11 * I23 - I12 * I13)
L2 = (I22 - I11) * Dl + I11 * I23**2 - I13**2 * I22
L3 = -I12 * Dl + I23 * (I12 * I23 - I13 * I22)
tau = gv.cross(cv)
gr1 = ((I22 * b3 - I23 * b2) * tau[0] + (I23 * b1 - I12 * b3) * tau[1] + (I12 * b2 - I22 * b1) * tau[2]) / D
gr2 = ((I13 * b2 - I12 * b3) * tau[0] + (I11 * b3 - I13 * b1) * tau[1] + (I12 * b1 - I11 * b2) * tau[2]) / D
grl = -(kv.T * tau)[0] / D
f1 = (A1 * w1**2 + B1 * w1 * w2 + C1 * w2**2) / D + gr1
f2 = (A2 * w1**2 + B2 * w1 * w2 + C2 * w2**2) / D + gr2
lam = (L1 * w1**2 + L2 * w1 * w2 + L3 * w2**2) / D + grl
# implicit: I (f1, f2, 0) = (I om) x om + gamma x c + lambda b
resid = Imat * sp.Matrix([f1, f2, 0]) - ((Imat * om).cross(om) + tau + lam * bv)
for k in range(3):
    zero(resid[k], f"component {k + 1} of I omega' = I omega x omega + gamma x c + lambda b")
zero(D - Imat.det() * (Imat.inv() * sp.Matrix([0, 0, 1])).dot(bv), "D = det(I) (I^-1 e3, b)")
zero(sp.diff(f1, I33) + sp.diff(f2, I33) + sp.diff(lam, I33), "I33 does not enter")

# generic EPB builder (spec §2.2): K = (I omega) x omega on so(3), a = e3
def epb(Im, a, b, K):
    y = Im.inv() * K
    z = Im.inv() * b
    la = -a.dot(y) / a.dot(z)
    return y + la * z, la

wd, la = epb(Imat, sp.Matrix([0, 0, 1]), bv, (Imat * om).cross(om))
zero(wd[0] - f1.subs({c1: 0, c2: 0, c3: 0}), "EPB on so(3): omega1' = M3 (free)", points=6, direct=True)
zero(wd[1] - f2.subs({c1: 0, c2: 0, c3: 0}), "EPB on so(3): omega2' = M3 (free)", points=6, direct=True)
zero(wd[2], "EPB on so(3): omega3' = 0 on the constraint plane")

# ================================================================== B. integrals
print("B. M3 first integrals and balance laws (spec §4.3, §4.5-§4.7)")
gd = gv.cross(om)
Wd = lam * (b1 * w1 + b2 * w2)
S3 = [w1, w2, g1, g2, g3, W]
F3 = [f1, f2, gd[0], gd[1], gd[2], Wd]


def dt3(e, F=F3, S=S3):
    return sum(sp.diff(e, s) * f for s, f in zip(S, F))


Tk = (I11 * w1**2 + 2 * I12 * w1 * w2 + I22 * w2**2) / 2
V = cv.dot(gv)
zero(dt3(g1**2 + g2**2 + g3**2), "|gamma|^2 conserved")
zero(dt3(Tk + V - W), "T + (c, gamma) - W conserved (work-energy balance)")
nh = {b1: 0, b2: 0}
zero(dt3(Tk + V).subs(nh), "E = T + (c, gamma) conserved for b1 = b2 = 0")
Fi = (Imat * om).dot(cv)
th7 = {I13: 0, I23: 0, c3: 0}
zero((dt3(Fi) - lam * bv.dot(cv)).subs(th7), "dF/dt = lambda (b, c) if I13 = I23 = c3 = 0")
free = {c1: 0, c2: 0, c3: 0}
Jv = (b2 * I11 - b1 * I12) * w1 + (b2 * I12 - b1 * I22) * w2
zero(dt3(Jv).subs(free).subs({I13: 0, I23: 0}), "J conserved in case S1")
G2 = I11 * (b2 * (I11 - I22) - b3 * I23) * w1**2 - I23 * (b3 * I22 - b2 * I23) * w2**2
zero(dt3(G2).subs(free).subs({b1: 0, I12: 0, I13: 0}), "G2 (5.11) conserved in case S2")

# ================================================================== C. measure
print("C. Invariant measure (spec §4.6, §9 errata 5-6)")
div = sp.diff(f1, w1) + sp.diff(f2, w2)
Cc1 = (b1 * (I11 * I12 + I12 * I22 + I13 * I23) - b2 * (I11**2 - I11 * I22 + 2 * I12**2 + I13**2)
       + b3 * (I11 * I23 - I12 * I13))
Cc2 = (b1 * (2 * I12**2 + I22**2 + I23**2 - I11 * I22) - b2 * (I11 * I12 + I12 * I22 + I13 * I23)
       + b3 * (I12 * I23 - I13 * I22))
zero(div - (Cc1 * w1 + Cc2 * w2) / D, "div f = (C_1 w1 + C_2 w2)/D (corrected C_2)")
zero(sum(sp.diff(F3[k], S3[k]) for k in range(2, 5)), "gamma part divergence-free (Prop. 2)")
printed516 = b2 * (I12 * I22 + I13 * I23) + b3 * (I22 * I13 - I23 * I12)
zero(sp.expand((-Cc2).subs(b1, 0) - printed516 - b2 * I11 * I12),
     "(5.16) as printed = -C_2|_{b1=0} - b2 I11 I12 (it lacks that term)")
printed515 = b2 * (2 * I12**2 - I11 * I22 + I11**2 + I13**2) + b3 * (I12 * I13 - I11 * I23)
zero(sp.expand((-Cc1).subs(b1, 0) - printed515), "(5.15) as corrected (erratum 5) = -C_1|_{b1=0}")
# S3: H Hamiltonian when C_1 = C_2 = 0 (b along the cross product of the coefficient vectors)
u1 = sp.Matrix([sp.diff(Cc1, s) for s in (b1, b2, b3)])
u2 = sp.Matrix([sp.diff(Cc2, s) for s in (b1, b2, b3)])
bs = u1.cross(u2)
H = (A2 * w1**3 - 3 * A1 * w1**2 * w2 - sp.Rational(3, 2) * B1 * w1 * w2**2 - C1 * w2**3) / (3 * D)
hsub = dict(zip((b1, b2, b3), bs))
zero((f1 + sp.diff(H, w2)).subs(free).subs(hsub),
     "S3: omega1' = -dH/domega2 when C_1 = C_2 = 0", points=4)
zero((f2 - sp.diff(H, w1)).subs(free).subs(hsub),
     "S3: omega2' = dH/domega1 when C_1 = C_2 = 0", points=4)

# ================================================================== D. closed forms
print("D. M3 closed forms: S0 (spec §4.4), S1 (§4.5), invariant rays")
w10, w20 = sp.symbols("omega10 omega20", real=True)
P = I13 * w10 + I23 * w20
sq = sp.sqrt(Dl)
v1 = -(I12 * w10 + I22 * w20) / sq
v2 = (I11 * w10 + I12 * w20) / sq
Q = I13 * v1 + I23 * v2
rho = sp.sqrt(P**2 + Q**2)  # P > 0 branch; P < 0 by the symmetry rho -> -rho below
pos = {I11: 2, I12: sp.Rational(3, 10), I22: sp.Rational(3, 2), I13: sp.Rational(1, 5),
       I23: -sp.Rational(1, 4), b3: 1}
for sgn in (1, -1):
    pts = [{w10: sp.Rational(1, 2) * sgn, w20: -sp.Rational(2, 5) * sgn},
           {w10: sp.Rational(-7, 10) * sgn, w20: sp.Rational(1, 5) * sgn}]
    ok = True
    for pt in pts:
        Pn, Qn = P.subs(pos).subs(pt), Q.subs(pos).subs(pt)
        v1n, v2n = v1.subs(pos).subs(pt), v2.subs(pos).subs(pt)
        r = (1 if Pn > 0 else -1) * sp.sqrt(Pn**2 + Qn**2)  # rho = sgn(P) sqrt(P^2 + Q^2)
        sig = r * t / sq.subs(pos) - sp.atanh(Qn / r)
        sech, tnh = 1 / sp.cosh(sig), sp.tanh(sig)
        W1 = ((Pn * sech - Qn * tnh) * pt[w10] + (Pn * tnh + Qn * sech) * v1n) / r
        W2 = ((Pn * sech - Qn * tnh) * pt[w20] + (Pn * tnh + Qn * sech) * v2n) / r
        s0f = {b1: 0, b2: 0, c1: 0, c2: 0, c3: 0}
        r1 = sp.diff(W1, t) - f1.subs(s0f).subs(pos).subs({w1: W1, w2: W2})
        r2 = sp.diff(W2, t) - f2.subs(s0f).subs(pos).subs({w1: W1, w2: W2})
        for tv in (sp.Rational(7, 10), sp.Rational(-13, 10)):
            ok = ok and all(abs(sp.N(e.subs(t, tv), 60)) < 1e-45 for e in (r1, r2))
        ok = ok and abs(sp.N(W1.subs(t, 0) - pt[w10], 60)) < 1e-45
        ok = ok and abs(sp.N(W2.subs(t, 0) - pt[w20], 60)) < 1e-45
    report(ok, f"S0 sech/tanh law solves the ODE and omega(0) = omega0 (states {sgn:+d} x ...)",
           "numerically (60 digits) at 2 initial states (P > 0 and P < 0) x 2 times, P1's inertia")
zero(Q**2 + P**2 - ((I13 * v1 + I23 * v2)**2 + P**2), "S0: rho^2 = P^2 + Q^2 (definition)")
# S1 Riccati
A_, B_, C_ = sp.symbols("A B C", real=True)
kap = sp.Symbol("kappa", positive=True)
Sf = sp.sinh(kap * t) / kap
Ch = sp.cosh(kap * t)
s_ = C_ * Sf / (Ch - B_ * Sf)
ric = sp.diff(s_, t) - (A_ * s_**2 + 2 * B_ * s_ + C_)
zero(sp.simplify(ric.rewrite(sp.exp)).subs(A_, (B_**2 - kap**2) / C_), "S1: s(t) solves s' = A s^2 + 2 B s + C (kappa^2 = B^2 - A C)")
s0_ = C_ * t / (1 - B_ * t)
zero(sp.diff(s0_, t) - (A_ * s0_**2 + 2 * B_ * s0_ + C_).subs(A_, B_**2 / C_), "S1: kappa = 0 branch s = C t/(1 - B t)")
d1 = (I22 * b1 - I12 * b2) / Dl
d2 = (I11 * b2 - I12 * b1) / Dl
Qf = lambda p1, p2: I12 * p1**2 + (I22 - I11) * p1 * p2 - I12 * p2**2
Bf = lambda p1, p2, q1, q2: I12 * p1 * q1 + (I22 - I11) * (p1 * q2 + p2 * q1) / 2 - I12 * p2 * q2
As, Bs, Cs = Qf(d1, d2) / b3, Bf(w10, w20, d1, d2) / b3, Qf(w10, w20) / b3
zero(Bs**2 - As * Cs - (I12**2 + (I22 - I11)**2 / 4) * (w10 * d2 - w20 * d1)**2 / b3**2,
     "S1: kappa^2 = B^2 - A C = (I12^2 + (I22 - I11)^2/4)(w10 d2 - w20 d1)^2/b3^2 >= 0")
s1 = {I13: 0, I23: 0, c1: 0, c2: 0, c3: 0}
sS = sp.Symbol("s", real=True)
om_s = {w1: w10 + sS * d1, w2: w20 + sS * d2}
zero(f1.subs(s1).subs(om_s) - (As * sS**2 + 2 * Bs * sS + Cs) * d1, "S1: omega' = lambda d, lambda = Qf(omega)/b3 (component 1)")
zero(f2.subs(s1).subs(om_s) - (As * sS**2 + 2 * Bs * sS + Cs) * d2, "S1: omega' = lambda d (component 2)")
# blow-up: Ch = B S <=> tanh(kappa t) = kappa/B
ts = sp.atanh(kap / B_) / kap
zero(sp.simplify((Ch - B_ * Sf).subs(t, ts).rewrite(sp.exp)), "S1 blow-up at t* = artanh(kappa/B)/kappa", points=3, numeric=True) if False else \
    zero((Ch - B_ * Sf).subs(t, ts).subs({kap: sp.Rational(1, 3), B_: sp.Rational(1, 2)}),
         "S1 blow-up at t* = artanh(kappa/B)/kappa (B > kappa)", points=1, numeric=True)
# invariant rays
z, cst, xi0 = sp.symbols("z c xi0", real=True)
fz = A2 + (B2 - A1) * z + (C2 - B1) * z**2 - C1 * z**3
ray = {w1: xi0 / (1 - cst * xi0 * t), w2: z * xi0 / (1 - cst * xi0 * t)}
cval = (A1 + B1 * z + C1 * z**2) / D
zero((sp.diff(ray[w1], t) - f1.subs(free).subs(ray)).subs(cst, cval), "ray: omega1 = xi0/(1 - c* xi0 t) solves omega1'",
     points=6, direct=True)
zero(((sp.diff(ray[w2], t) - f2.subs(free).subs(ray)) - (-fz / D) * ray[w1]**2).subs(cst, cval),
     "ray: omega2' residual = -f(z) omega1^2/D (zero exactly at roots of f)", points=6, direct=True)

# ================================================================== E. Q1-Q4
print("E. Quadratic systems Q1-Q4 (spec §3.2)")
x1, x2, k = sp.symbols("x1 x2 k", real=True)
q1 = [x1**2 + x2**2, (k + 1) * x1**2 + (2 - k) * x1 * x2 - x2**2]
fq = q1[1].subs({x1: 1, x2: z}) - z * q1[0].subs({x1: 1, x2: z})
zero(fq + (z - 1) * (z**2 + 2 * z + k + 1), "Q1: f(z) = -(z - 1)(z^2 + 2 z + k + 1)")
for zz, cc in ((1, 2), (-1 + sp.sqrt(-k), 1 + (-1 + sp.sqrt(-k))**2), (-1 - sp.sqrt(-k), 1 + (-1 - sp.sqrt(-k))**2)):
    zero(sp.expand(fq.subs(z, zz)), f"Q1: z = {zz} is a root")
    zero(sp.expand(q1[0].subs({x1: 1, x2: zz}) - cc), f"Q1: rate on z = {zz} is {cc}")
R = sp.Symbol("R", positive=True)
s0q = sp.Symbol("s0", real=True)
X1, X2 = R / sp.cosh(R * t + s0q), -R * sp.tanh(R * t + s0q)
zero(sp.simplify((sp.diff(X1, t) - X1 * X2).rewrite(sp.exp)), "Q2: x1 = R sech(R t + s0) solves x1' = x1 x2")
zero(sp.simplify((sp.diff(X2, t) + X1**2).rewrite(sp.exp)), "Q2: x2 = -R tanh(R t + s0) solves x2' = -x1^2")
Hq = (x1**3 - x2**3) / 3
zero(x2**2 + sp.diff(Hq, x2), "Q4: x1' = -dH/dx2")
zero(x1**2 - sp.diff(Hq, x1), "Q4: x2' = dH/dx1")

# ================================================================== F. M4
print("F. Servosleigh M4 (spec §5)")
al, be, g = sp.symbols("alpha beta g", real=True)
X, Y, th, u, w, Wn = sp.symbols("x y theta u omega Wn", real=True)
Lam = u * w + g * sp.cos(th)
S4 = [X, Y, th, u, w, Wn]
F4 = [u * sp.cos(th), u * sp.sin(th), w, al * Lam - g * sp.sin(th), be * Lam, al * u * Lam]


def dt4(e):
    return sum(sp.diff(e, s) * f for s, f in zip(S4, F4))


# EPB on se(2): omega = (u, v, w), I = diag(m, m, I), a = e_v, b = (a, b, c)
mm, Iz, aa, bb, cc_ = sp.symbols("m I a b c", positive=True)
vv = sp.Symbol("v", real=True)
mvec = sp.Matrix([mm * u, mm * vv, Iz * w])
K = sp.Matrix([mvec[1] * w, -mvec[0] * w, mvec[0] * vv - mvec[1] * u])
wd, la = epb(sp.diag(mm, mm, Iz), sp.Matrix([0, 1, 0]), sp.Matrix([aa, bb, cc_]), K)
zero((wd[0] - (aa / bb) * u * w).subs(vv, 0), "EPB on se(2): u' = alpha u omega (6.3)")
zero((wd[2] - (mm * cc_ / (Iz * bb)) * u * w).subs(vv, 0), "EPB on se(2): omega' = beta u omega (6.3)")
zero(wd[1], "EPB on se(2): v' = 0 on the constraint v = 0")
lev = {g: 0}
zero(dt4(be * u - al * w).subs(lev), "gam = beta u - alpha omega conserved (g = 0)")
zero(sp.simplify(dt4(u * sp.exp(-al * th)).subs(lev)), "u exp(-alpha theta) conserved (g = 0)")
zero(dt4(u**2 / 2 + g * Y - Wn), "u^2/2 + g y - Wn conserved")
zero(dt4(u**2 / 2 + g * Y).subs(al, 0), "u^2/2 + g y conserved for alpha = 0")
# Z series, termwise: d/dt [u e^{i th} X^n] = alpha omega (n + 1 + i/alpha) u e^{i th} X^n
n_, gm = sp.symbols("n gam", real=True)
Xs = be * u / gm
term = u * sp.exp(sp.I * th) * Xs**n_
dterm = (sp.diff(term, u) * al * u * w + sp.diff(term, th) * w)
zero(sp.simplify(dterm / term - al * w * (n_ + 1 + sp.I / al)), "Z series 1: d/dt u e^{i theta} X^n = alpha omega (n + 1 + i/alpha) (same)")
# so sum_n [...]/(n + 1 + i/alpha)/gam has derivative (u e^{i th}/gam) alpha omega/(1 - X) = -u e^{i th}
zero(sp.simplify((al * w / (1 - Xs)).subs(w, (be * u - gm) / al) + gm), "Z series 1: alpha omega/(1 - X) = -gam on gam = beta u - alpha omega")
Ys = gm / (be * u)
term2 = sp.exp(sp.I * th) * Ys**n_
dterm2 = (sp.diff(term2, u) * al * u * w + sp.diff(term2, th) * w)
zero(sp.simplify(dterm2 / term2 - w * (sp.I - al * n_)), "Z series 2: d/dt e^{i theta} Y^n = omega (i - n alpha) (same)")
zero(sp.simplify(((al / be) * (-w) / (1 - Ys)).subs(w, (be * u - gm) / al) + u),
     "Z series 2: -(alpha/beta) omega/(1 - Y) = -u on gam = beta u - alpha omega")
# closed forms §5.5
u0, w0, th0, gam = sp.symbols("u0 omega0 theta0 gam", real=True)
gsub = gam  # gam = beta u0 - alpha omega0
Et = (sp.exp(gam * t) - 1) / gam
Dn = 1 - al * w0 * Et
U, Wt, Th = u0 / Dn, w0 * sp.exp(gam * t) / Dn, th0 - sp.log(Dn) / al
bsub = {be: (gam + al * w0) / u0}
zero(sp.simplify(sp.diff(U, t) - al * U * Wt), "§5.5: u = u0/Dn solves u' = alpha u omega")
zero(sp.simplify((sp.diff(Wt, t) - be * U * Wt).subs(bsub)), "§5.5: omega = omega0 e^{gam t}/Dn solves omega' = beta u omega")
zero(sp.simplify(sp.diff(Th, t) - Wt), "§5.5: theta = theta0 - ln(Dn)/alpha solves theta' = omega")
zero(sp.limit(Dn, gam, 0) - (1 - al * w0 * t), "§5.5: gam -> 0 limit Dn = 1 - alpha omega0 t")
U0, W0 = u0 / (1 - al * w0 * t), w0 / (1 - al * w0 * t)
zero(sp.simplify(sp.diff(U0, t) - al * U0 * W0), "§5.5 gam = 0: u = u0/(1 - alpha omega0 t)")
zero(sp.simplify((sp.diff(W0, t) - be * U0 * W0).subs(be, al * w0 / u0)), "§5.5 gam = 0: omega = omega0/(1 - alpha omega0 t)")
zero(sp.simplify((Wt.subs(al, 0) - w0 * sp.exp(gam * t))), "§5.5 alpha = 0: omega = omega0 e^{beta u0 t}, u = u0")
zero(sp.simplify(Th.subs(al, sp.Symbol('eps')).series(sp.Symbol('eps'), 0, 1).removeO() - (th0 + w0 * Et)),
     "§5.5 alpha -> 0: theta -> theta0 + omega0 E(t)")
zero(sp.simplify(U.subs({gam: -al * w0}) - u0 * sp.exp(al * w0 * t)), "§5.5 beta = 0: u = u0 e^{alpha omega0 t}")
tb = sp.log(be * u0 / (al * w0)) / gam
zero(sp.simplify(Dn.subs(t, tb).subs(bsub)), "blow-up: Dn(t*) = 0 at t* = ln(beta u0/(alpha omega0))/gam")
# (6.5)
t0 = sp.log(u0 / (gam - be * u0)) / gam
U5 = gam / (be + sp.exp(gam * (t - t0)))
W5 = (be * U5 - gam) / al
zero(sp.simplify(sp.diff(U5, t) - al * U5 * W5), "(6.5): u = gam/(beta + e^{gam (t - t0)}) solves u' = alpha u omega")
zero(sp.simplify(U5.subs(t, 0) - u0), "(6.5): u(0) = u0 with t0 = ln(u0/(gam - beta u0))/gam")
zero(sp.simplify(-W5 / U5 - sp.exp(gam * (t - t0)) / al), "(6.5): curvature |omega|/u = e^{gam (t - t0)}/alpha")
Lrem = sp.log(1 + be * sp.exp(-gam * (t - t0))) / be
zero(sp.simplify(sp.diff(Lrem, t) + U5), "(6.5): remaining length (1/beta) ln(1 + beta e^{-gam (t - t0)}) has derivative -u")
# §5.6 beta = 0 on the incline
up = lambda x: g * ((1 - al**2) * sp.cos(x) + 2 * al * sp.sin(x)) / (w0 * (1 + al**2))
Th6 = th0 + w0 * t
U6 = up(Th6) + (u0 - up(th0)) * sp.exp(al * w0 * t)
zero(sp.simplify(sp.diff(U6, t) - (al * (U6 * w0 + g * sp.cos(Th6)) - g * sp.sin(Th6))), "§5.6 beta = 0: u = up(theta) + (u0 - up(theta0)) e^{alpha omega0 t}")
U6z = u0 + g * (al * sp.cos(th0) - sp.sin(th0)) * t
zero(sp.diff(U6z, t) - (al * g * sp.cos(th0) - g * sp.sin(th0)), "§5.6 beta = 0, omega0 = 0: u linear in t")
# the oracle's closed-form positions for beta = 0 (oracle/servo.c ss_pos_beta0)
Pp = g / (w0 * (1 + al**2))
Kk = u0 - up(th0)
zc = (Pp / 2) * ((1 - sp.I * al)**2 * sp.sin(w0 * t) * sp.exp(sp.I * (Th6 + th0)) / w0 + (1 + sp.I * al)**2 * t) \
    + Kk * sp.exp(sp.I * th0) * (sp.exp((al + sp.I) * w0 * t) - 1) / ((al + sp.I) * w0)
zero(sp.diff(zc, t) - U6 * sp.exp(sp.I * Th6), "§5.6 beta = 0: oracle's z(t) - z0 has derivative u e^{i theta}", points=4, numeric=True)
zero(zc.subs(t, 0), "§5.6 beta = 0: oracle's z(0) - z0 = 0")
# alpha = beta = 0 incline: x, y
K0 = u0 - g * sp.cos(th0) / w0
Ua = u0 + (g / w0) * (sp.cos(Th6) - sp.cos(th0))
xa = K0 * (sp.sin(Th6) - sp.sin(th0)) / w0 + (g / w0) * (t / 2 + (sp.sin(2 * Th6) - sp.sin(2 * th0)) / (4 * w0))
ya = -K0 * (sp.cos(Th6) - sp.cos(th0)) / w0 + g * (sp.sin(Th6)**2 - sp.sin(th0)**2) / (2 * w0**2)
zero(sp.simplify(sp.diff(Ua, t) + g * sp.sin(Th6)), "§5.6 alpha = beta = 0: u = u0 + (g/omega0)(cos theta - cos theta0)")
zero(sp.simplify(sp.diff(xa, t) - Ua * sp.cos(Th6)), "§5.6 alpha = beta = 0: x(t)")
zero(sp.simplify(sp.diff(ya, t) - Ua * sp.sin(Th6)), "§5.6 alpha = beta = 0: y(t)")
# straight descent, reversibility
zero(sp.Matrix(F4).subs({th: sp.pi / 2, w: 0})[4], "straight descent theta = pi/2: omega' = 0")
zero(sp.Matrix(F4).subs({th: sp.pi / 2, w: 0})[3] + g, "straight descent theta = pi/2: u' = -g")
rev = {u: -u, w: -w}
for i, nm in enumerate(("x", "y", "theta", "u", "omega", "Wn")):
    # F(S x) = -S F(x), S = diag(1, 1, 1, -1, -1, 1)
    sgn = -1 if i in (3, 4) else 1
    zero(sp.expand(F4[i].subs(rev, simultaneous=True) + sgn * F4[i]),
         f"reversibility (x, y, theta, u, omega, Wn)(t) -> (x, y, theta, -u, -omega, Wn)(-t): {nm}")
# Dawson solution of (7.7)
eps = sp.Symbol("epsilon", positive=True)
p0, dp0, s_ = sp.symbols("phi0 dphi0 s", real=True)
xx = t * sp.sqrt(eps / 2)
FD = sp.exp(-xx**2) * sp.Integral(sp.exp(s_**2), (s_, 0, xx))
phi = p0 * sp.exp(-eps * t**2 / 2) + dp0 * sp.sqrt(2 / eps) * FD
res = sp.diff(phi, t, 2) + eps * t * sp.diff(phi, t) + eps * phi
zero(sp.simplify(res.doit()), "(7.7): the Dawson formula solves phi'' + eps t phi' + eps phi = 0")
zero(sp.simplify(sp.diff(phi, t).doit().subs(t, 0) - dp0), "(7.7): phi'(0) = phi'_0 (and phi(0) = phi0)")
zero(sp.simplify(sp.diff(sp.diff(phi, t) + eps * t * phi, t) - res).doit(), "(7.7): d/dt(phi' + eps t phi) = residual, so phi' + eps t phi is constant")

# ================================================================== G. X
print("G. Extension X (spec §5.9)")
l, IC, ms = sp.symbols("l I_C m", positive=True)
Io = IC + ms * l**2
lam_x = sp.Symbol("lambda", real=True)
# Euler-Poincare on se(2) with T = m (u^2 + (v + l w)^2)/2 + IC w^2/2, at v = 0
Tx = ms * (u**2 + (vv + l * w)**2) / 2 + IC * w**2 / 2
pu, pv, pw = [sp.diff(Tx, s) for s in (u, vv, w)]
ud, vd, wdot = sp.symbols("ud vd wd", real=True)
# momenta rates: d/dt (pu, pv, pw) = K(p) + lambda (a, b, c), K = (pv w, -pu w, pu v - pv u)
eqs = [sp.diff(pu, u) * ud + sp.diff(pu, vv) * vd + sp.diff(pu, w) * wdot - (pv * w + lam_x * aa),
       sp.diff(pv, u) * ud + sp.diff(pv, vv) * vd + sp.diff(pv, w) * wdot - (-pu * w + lam_x * bb),
       sp.diff(pw, u) * ud + sp.diff(pw, vv) * vd + sp.diff(pw, w) * wdot - (pu * vv - pv * u + lam_x * cc_)]
sol = sp.solve([e.subs(vv, 0) for e in eqs] + [vd], [ud, vd, wdot, lam_x], dict=True)[0]
den = bb * Io - ms * l * cc_
zero(sp.simplify(sol[lam_x] - ms * u * w * IC / den), "X: lambda = m u omega I_C/(b I_O - m l c)")
zero(sp.simplify(sol[ud] - (l * w**2 + sol[lam_x] * aa / ms)), "X: u' = l omega^2 + lambda a/m")
zero(sp.simplify(sol[wdot] - ms * u * w * (cc_ - bb * l) / den), "X: omega' = m u omega (c - b l)/(b I_O - m l c)")
Ex = ms * u**2 / 2 + Io * w**2 / 2
zero(sp.simplify(sp.diff(Ex, u) * sol[ud] + sp.diff(Ex, w) * sol[wdot] - sol[lam_x] * (aa * u + cc_ * w)),
     "X: dE/dt = lambda (a u + c omega)")
zero(sp.simplify(sol[ud].subs(l, 0) - (aa / bb) * u * w), "X, l = 0: u' = alpha u omega (alpha = a/b)")
zero(sp.simplify(sol[wdot].subs(l, 0) - ms * cc_ / (IC * bb) * u * w), "X, l = 0: omega' = beta u omega (beta = m c/(I_C b))")
Uc = sp.Symbol("U", positive=True)
arg = ms * l * Uc * t / Io + s0q
Ut, Wtx = Uc * sp.tanh(arg), sp.sqrt(ms / Io) * Uc / sp.cosh(arg)
zero(sp.simplify(sp.diff(Ut, t) - l * Wtx**2), "X tanh law (a = c = 0): u' = l omega^2")
zero(sp.simplify(sp.diff(Wtx, t) + ms * l * Ut * Wtx / Io), "X tanh law (a = c = 0): omega' = -m l u omega/I_O")
zero(sp.simplify(ms * Ut**2 + Io * Wtx**2 - ms * Uc**2), "X tanh law: U^2 = u^2 + I_O omega^2/m")

print(f"{'FAILED: ' + '; '.join(FAIL) if FAIL else 'all proved'} ({time.time() - T0:.1f} s)")
sys.exit(1 if FAIL else 0)
