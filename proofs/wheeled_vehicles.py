#!/usr/bin/env python3
"""wheeled_vehicles.py -- symbolic proofs for the wheeled vehicles and the
Hadamard-Hamel problem.

Source of every formula: shared/models/wheeled-vehicles.md ("the spec"),
Borisov, Kilin & Mamaev, Regul. Chaotic Dyn. 20(6) (2015) 752-766.

Proved here (each claim prints how it was proved):
  1. Criterion values of spec §1.4 (Theorems 1, 2):
     a. HH-A particle: N = q2 q1' (q2', -q1') != 0 (not quasi-holonomic);
     b. one wheel, Cartesian: N = -(i u phi'/h^2) df/dz' on f = 0 (quasi-holonomic);
     c. wheel pair of a link, quasi-velocities (v1, v2, omega, psi'):
        [g_eta]_w = 0 identically, [g_xi]_w = ((omega + psi')/h) df/dw + (multiple of f);
     d. the knife edge substituted instead (y = X): N has a phi component
        outside span{df/dz'} (not quasi-holonomic).
  2. First integrals: HH-A true (E, p, q2dot) and substituted (E, p1) models;
     one_wheel E; two_links: f1, f2 are constant along the M5 field and
     dE/dt = lambda1 f1 + lambda2 f2 (at random rational points, 60 digits);
     GV: the restricted wheel energy T|_{g=0} = T^s - sum (i_k/h_k^2) f_k^2
     (spec §2.4, paper 3.12) for a general link.
  3. Closed forms: HH-A (spec §1.5) solves the true ODE; the one-wheeled
     closed form (spec §3.4: sech/tanh, phi via the Gudermannian, chi in closed
     form as in oracle/wheeled.c) solves the OW ODE; the HH-B KKT system with
     the wheel spin reduces to the OW ODE with M' = m + i/h^2 and its explicit
     off-manifold form (spec §1.6) is its solution.

Everything is proved by symbolic simplification to 0, except where stated
"numerically" (exact rational sample points, 60 digits).  Run:
    python3 proofs/wheeled_vehicles.py
Exit status 0 when everything holds; 1 with a message otherwise; 77 (skip)
without SymPy.
"""
import random
import sys
import time

try:
    import sympy as sp
except ImportError:
    print("SKIP: SymPy is not installed (Debian: python3-sympy)")
    sys.exit(77)

T0 = time.time()
FAILED = []


def claim(name, ok, how):
    print(("ok    " if ok else "FAIL  ") + name + "  [" + how + "]")
    if not ok:
        FAILED.append(name)


def zero(e):
    return sp.simplify(sp.expand(e)) == 0


def num_zero(e, syms, trials=6, ranges=None):
    """|e| < 1e-50 at random rational points (60 digits)."""
    rnd = random.Random(20150601)
    for _ in range(trials):
        sub = {}
        for s in syms:
            lo, hi = (ranges or {}).get(s, (-2, 2))
            sub[s] = sp.Rational(rnd.randint(int(lo * 1000), int(hi * 1000)), 1000)
        v = sp.N(e.subs(sub), 60)
        if abs(v) > sp.Float("1e-50"):
            return False
    return True


t = sp.symbols("t", real=True)

# ---------------------------------------------------------------- 1. criterion


def bracket_z(G, z, zd):
    """([g]_z)_j = sum_l (dG_j/dz_l - dG_l/dz_j) z_l'."""
    n = len(z)
    return [sum((sp.diff(G[j], z[l]) - sp.diff(G[l], z[j])) * zd[l] for l in range(n))
            for j in range(n)]


# a. particle
q1, q2, q1d, q2d = sp.symbols("q1 q2 q1d q2d", real=True)
N = [q2 * q1d * e for e in bracket_z([q2, 0], [q1, q2], [q1d, q2d])]
claim("1a HH-A particle: N = q2 q1' (q2', -q1') != 0, no f: not quasi-holonomic",
      zero(N[0] - q2 * q1d * q2d) and zero(N[1] + q2 * q1d * q1d), "symbolic")

# b. one wheel in Cartesian coordinates
X, Y, ph, u, phd, h, i_, m = sp.symbols("X Y phi u phid h i m", real=True)
G = [sp.sin(ph) / h, -sp.cos(ph) / h, 0]
z, zd = [X, Y, ph], [-u * sp.sin(ph), u * sp.cos(ph), phd]  # on f = 0
g_val = sum(G[k] * zd[k] for k in range(3))
p = i_ * g_val
N = [p * e for e in bracket_z(G, z, zd)]
F = [sp.cos(ph), sp.sin(ph), 0]
kappa = -i_ * u * phd / h**2
claim("1b one wheel (Cartesian): N = -(i u phi'/h^2) df/dz' on f = 0: quasi-holonomic",
      all(zero(N[k] - kappa * F[k]) for k in range(3)), "symbolic")

# d. the knife edge substituted: y = X, X' = -tan(phi) Y', z = (Y, phi, chi)
chi, Yd, chid, pX = sp.symbols("chi Yd chid pX", real=True)
G = [-sp.tan(ph), 0, 0]
N = [pX * e for e in bracket_z(G, [Y, ph, chi], [Yd, phd, chid])]
# F = (-1/cos phi, 0, h): its phi component is 0, N's is pX sec^2(phi) Y'
claim("1d knife edge substituted: N_phi = p_X Y' sec^2(phi) != 0 while df/dz' has no phi "
      "component: not quasi-holonomic", zero(N[1] - pX * Yd / sp.cos(ph)**2) and not zero(N[1]),
      "symbolic")

# c. wheel pair, Theorem 2 in quasi-velocities w = (v1, v2, omega, psi')
v1, v2, om, psd, psi, r1, r2, rn, rt, l = sp.symbols(
    "v1 v2 omega psid psi r1 r2 rhon rhot l", real=True)
w = [v1, v2, om, psd]
R = 4
cc = {}  # c[l][s][j], 1-based as in the spec
cc[(2, 3, 1)], cc[(2, 1, 3)], cc[(1, 3, 2)], cc[(1, 2, 3)] = 1, -1, -1, 1


def c_(l_, s_, j_):
    return cc.get((l_, s_, j_), 0)


def a_(s_, f):
    """frame fields a1, a2 (body translations), a3 = d/dphi, a4 = d/dpsi on
    functions of psi only."""
    return sp.diff(f, psi) if s_ == 4 else 0


def bracket_w(g):
    return [sum(w[s_ - 1] * (a_(s_, g[j_ - 1]) - a_(j_, g[s_ - 1])
                             - sum(c_(l_, s_, j_) * g[l_ - 1] for l_ in range(1, R + 1)))
                for s_ in range(1, R + 1)) for j_ in range(1, R + 1)]


c, s = sp.cos(psi), sp.sin(psi)
fk = [c, s, r1 * s - r2 * c - rt, -rt]
f_val = sum(fk[k] * w[k] for k in range(4))
g_xi = [-(-s) / h, -c / h, -(r1 * c + r2 * s + rn) / h, -rn / h]
g_eta = [0, 0, -l / h, -l / h]
Bxi, Beta = bracket_w(g_xi), bracket_w(g_eta)
claim("1c wheel pair: [g_eta]_w = 0 identically (paper 3.11)", all(zero(e) for e in Beta),
      "symbolic")
# [g_xi]_w - ((omega + psi')/h) df/dw must vanish on f = 0: it is a multiple of f
diff = [Bxi[k] - (om + psd) / h * fk[k] for k in range(4)]
ok = all(zero(d_ - sp.cancel(d_ / f_val) * f_val) and sp.cancel(d_ / f_val).free_symbols <=
         {h, psi, r1, r2, rn, rt, l} for d_ in diff if not zero(d_))
claim("1c wheel pair: [g_xi]_w = ((omega + psi')/h) df/dw + (const) f, so equal on f = 0 "
      "(spec erratum 4: the restriction is needed)", ok, "symbolic")

# ---------------------------------------------------------------- 2. integrals
# HH-A
fa_true = {q1: q1d, q2: q2d, q1d: -q2 * q1d * q2d / (1 + q2**2), q2d: 0}
fa_wrong = {q1: q1d, q2: q2d, q1d: -2 * q2 * q1d * q2d / (1 + q2**2), q2d: q2 * q1d**2}


def lie(e, field):
    return sum(sp.diff(e, k) * v_ for k, v_ in field.items())


E_a = ((1 + q2**2) * q1d**2 + q2d**2) / 2
claim("2 HH-A true: E, p = q1' sqrt(1 + q2^2), q2' conserved",
      zero(lie(E_a, fa_true)) and zero(lie(q1d * sp.sqrt(1 + q2**2), fa_true)), "symbolic")
claim("2 HH-A substituted: E, p1 = (1 + q2^2) q1' conserved",
      zero(lie(E_a, fa_wrong)) and zero(lie((1 + q2**2) * q1d, fa_wrong)), "symbolic")

# one wheel
j, Rn, Rt, vt = sp.symbols("j Rn Rtau v_tau", real=True)
Mp = m + i_ / h**2
D = Mp * j - m**2 * Rn**2
f_ow = {vt: m * Rt * om * (j * om + m * Rn * vt) / D, om: -m * Rt * om * (Mp * vt + m * Rn * om) / D}
E_ow = (Mp * vt**2 + 2 * m * Rn * vt * om + j * om**2) / 2
claim("2 one_wheel: E conserved", zero(lie(E_ow, f_ow)), "symbolic")

# two links: numerically at random rational points
mm, Jc, aa, b1, b2, C1, C2, p1, p2 = sp.symbols("m J_c a b1 b2 C1 C2 psi1 psi2", real=True)
c1, s1, c2, s2 = sp.cos(p1), sp.sin(p1), sp.cos(p2), sp.sin(p2)
U1, U2 = v1, v2 + aa * om
e1, e2 = aa * s1 + b1 * c1, aa * s2 - b2 * c2
d1, d2 = -aa * c1 + b1 * s1, -aa * c2 - b2 * s2
be = [-C1 * (-U1 * s1 + U2 * c1) - om * (C1 - om) * d1, -C2 * (-U1 * s2 + U2 * c2) - om * (C2 - om) * d2]
K11, K22 = 1 / mm + e1**2 / Jc, 1 / mm + e2**2 / Jc
K12 = sp.cos(p1 - p2) / mm + e1 * e2 / Jc
Dl = K11 * K22 - K12**2
l1, l2 = (K22 * be[0] - K12 * be[1]) / Dl, (K11 * be[1] - K12 * be[0]) / Dl
omd = -(l1 * e1 + l2 * e2) / Jc
f_tl = {p1: C1 - om, p2: C2 - om, om: omd, v1: om * U2 + (l1 * c1 + l2 * c2) / mm,
        v2: -om * U1 + (l1 * s1 + l2 * s2) / mm - aa * omd}
F1 = (v1 - b1 * om) * c1 + v2 * s1
F2 = (v1 + b2 * om) * c2 + v2 * s2
E_tl = mm * (v1**2 + (v2 + aa * om)**2) / 2 + Jc * om**2 / 2
syms = [v1, v2, om, p1, p2, aa, b1, b2, C1, C2]
rng = {mm: (0.5, 3), Jc: (0.1, 1)}
claim("2 two_links: f1, f2 constant along the M5 field (everywhere, not only on f = 0)",
      num_zero(lie(F1, f_tl), syms + [mm, Jc], ranges=rng) and
      num_zero(lie(F2, f_tl), syms + [mm, Jc], ranges=rng), "numerically, 6 random points")
claim("2 two_links: dE/dt = lambda1 f1 + lambda2 f2", num_zero(lie(E_tl, f_tl) - l1 * F1 - l2 * F2,
                                                               syms + [mm, Jc], ranges=rng),
      "numerically, 6 random points")

# GV: restricted wheel energy of one link = skate energy - (i/h^2) f^2
# link k with hinge velocity vk = (a1, a2) (body), omega_k, psi; masses m_k, R0, j_k
a1, a2, omk, mk, jk, R0a, R0b, ik, hk, lk = sp.symbols("a1 a2 omega_k m_k j_k R0a R0b i_k h_k l_k", real=True)
cn, sn = sp.symbols("c s", real=True)  # cos psi, sin psi with c^2 + s^2 = 1
vn, vtk = a1 * cn + a2 * sn, -a1 * sn + a2 * cn
Sk = (cn * mk * R0a - sn * mk * R0b, sn * mk * R0a + cn * mk * R0b)
cross = lambda A, B: A[0] * B[1] - A[1] * B[0]
chi1 = -(vtk + (rn + lk) * omk) / hk
chi2 = -(vtk + (rn - lk) * omk) / hk
T_w = mk * (a1**2 + a2**2) / 2 + omk * cross(Sk, (a1, a2)) + jk * omk**2 / 2 + ik * (chi1**2 + chi2**2) / 2
am = 2 * ik / hk**2
ms, Ssa, Ssb = mk + am, mk * R0a + am * rn, mk * R0b + am * rt
js = jk + am * (rn**2 + rt**2 + lk**2)
Ss = (cn * Ssa - sn * Ssb, sn * Ssa + cn * Ssb)
T_s = ms * (a1**2 + a2**2) / 2 + omk * cross(Ss, (a1, a2)) + js * omk**2 / 2
f_k = vn - rt * omk
dif = sp.expand(T_w - (T_s - ik / hk**2 * f_k**2))
dif = sp.expand(dif.subs(sn**2, 1 - cn**2))
claim("2 GV link: T|_{g=0} = T^s - (i/h^2) f^2 with the skate masses of spec §2.4 (paper 3.12)",
      dif == 0, "symbolic, c^2 + s^2 = 1")

# ---------------------------------------------------------------- 3. closed forms
# HH-A true closed form
q10, q20, c0, pp = sp.symbols("q10 q20 c p", real=True)
Q2 = q20 + c0 * t
Q1 = q10 + pp / c0 * (sp.asinh(Q2) - sp.asinh(q20))
S_ = pp / c0 * (sp.sqrt(1 + Q2**2) - sp.sqrt(1 + q20**2))
Q1d = pp / sp.sqrt(1 + Q2**2)
ok = zero(sp.diff(Q1, t) - Q1d) and zero(sp.diff(S_, t) - Q2 * Q1d) and \
    zero(sp.diff(Q1d, t) + Q2 * Q1d * c0 / (1 + Q2**2))
claim("3 HH-A closed form (spec §1.5, c != 0) solves the true ODE", ok, "symbolic")

# one-wheel closed form: s(t) = s0 + lambda t, W = omega0 cosh s0
W, s0, phi0 = sp.symbols("W s0 phi0", real=True)
sD = sp.sqrt(D)
lam = m * Rt * W / sD
S = s0 + lam * t
OM = W / sp.cosh(S)
V = W / Mp * (sD * sp.tanh(S) - m * Rn / sp.cosh(S))
PHI = phi0 + sD / (m * Rt) * (sp.atan(sp.sinh(S)) - sp.atan(sp.sinh(s0)))
CHI = -W / (h * Mp * lam) * (sD * (sp.log(sp.cosh(S)) - sp.log(sp.cosh(s0))) - m * Rn * (sp.atan(sp.sinh(S)) - sp.atan(sp.sinh(s0))))
res = [sp.diff(V, t) - f_ow[vt].subs({vt: V, om: OM}), sp.diff(OM, t) - f_ow[om].subs({vt: V, om: OM}),
       sp.diff(PHI, t) - OM, sp.diff(CHI, t) + V / h]
sy = [W, s0, t, m, j, Rn, Rt, i_, h]
ok = num_zero(res[0], sy, ranges={m: (0.5, 2), j: (2, 4), i_: (0, 0.1), h: (0.1, 1)}) and \
    num_zero(res[1], sy, ranges={m: (0.5, 2), j: (2, 4), i_: (0, 0.1), h: (0.1, 1)}) and \
    num_zero(res[2], sy, ranges={m: (0.5, 2), j: (2, 4), i_: (0, 0.1), h: (0.1, 1)}) and \
    num_zero(res[3], sy, ranges={m: (0.5, 2), j: (2, 4), i_: (0, 0.1), h: (0.1, 1)})
claim("3 one_wheel closed form (spec §3.4; chi in closed form) solves the OW ODE", ok,
      "numerically, 6 random points (j > m (Rn^2 + Rtau^2) so D > 0)")
claim("3 one_wheel closed form: W cosh s0 = omega(0) and 2 E M'/D = W^2",
      zero(OM.subs(t, 0) * sp.cosh(s0) - W) and
      num_zero(E_ow.subs({vt: V, om: OM}) * 2 * Mp / D - W**2, sy,
               ranges={m: (0.5, 2), j: (2, 4), i_: (0, 0.1), h: (0.1, 1)}),
      "symbolic / numerically")

# HH-B: KKT with the wheel spin reduces to OW; the explicit field of spec §1.6
wv = sp.symbols("v1 v2 omega chid", real=True)
Mm = sp.Matrix([[m, 0, -m * Rt, 0], [0, m, m * Rn, 0], [-m * Rt, m * Rn, j, 0], [0, 0, 0, i_]])
P = Mm * sp.Matrix(wv)
Gv = sp.Matrix([wv[2] * P[1], -wv[2] * P[0], -(wv[0] * P[1] - wv[1] * P[0]), 0])
A = sp.Matrix([[1, 0, 0, 0], [0, 1, 0, h]])
lam1, lam2 = sp.symbols("lam1 lam2")
wd = sp.Matrix(sp.symbols("d1 d2 d3 d4"))
eqs = list(Mm * wd - Gv - A.T * sp.Matrix([lam1, lam2])) + list(A * wd)
sol = sp.solve(eqs, list(wd) + [lam1, lam2], dict=True)[0]
Dd = Mp * j - m**2 * Rn**2
v2d_spec = m * wv[2] * (Rt * j * wv[2] + m * Rn * Rt * wv[1] - (j - m * Rn**2) * wv[0]) / Dd
omd_spec = -m * wv[2] * (Rt * (Mp * wv[1] + m * Rn * wv[2]) + i_ / h**2 * Rn * wv[0]) / Dd
ok = zero(sol[wd[0]]) and zero(sol[wd[1]] - v2d_spec) and zero(sol[wd[2]] - omd_spec) and \
    zero(sol[wd[3]] + v2d_spec / h)
claim("3 HH-B: the KKT system (4 velocities, 2 multipliers) has the explicit solution of "
      "spec §1.6 (off the manifold too)", ok, "symbolic")
on = {wv[0]: 0}
ok = zero(sol[wd[1]].subs(on) - f_ow[vt].subs({vt: wv[1], om: wv[2]})) and \
    zero(sol[wd[2]].subs(on) - f_ow[om].subs({vt: wv[1], om: wv[2]}))
claim("3 HH-B: on v1 = 0 it is the one_wheel ODE with M' = m + i/h^2 (wheel-spin "
      "substitution correct)", ok, "symbolic")
lam1_spec = -m * wv[2] * (Rn * wv[2] * (Dd - m**2 * Rt**2) + wv[1] * (Dd - m * Rt**2 * Mp)) / Dd
lam2_spec = -i_ * m * Rt * wv[2] * (m * Rn * wv[1] + j * wv[2]) / (h**2 * Dd)
claim("3 HH-B multipliers on the manifold (spec §1.6)",
      zero(sol[lam1].subs(on) - lam1_spec) and zero(sol[lam2].subs(on) - lam2_spec), "symbolic")

print("time %.1f s" % (time.time() - T0))
if FAILED:
    print("FAILED: " + "; ".join(FAILED))
    sys.exit(1)
sys.exit(0)
