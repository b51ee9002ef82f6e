/* oracle_servo.h -- oracle of the servo-constraint models: first integrals
 * and closed forms of shared/models/servoconstraints.md §3-§5 in plain MPFR.
 *
 * Source of every formula: V. V. Kozlov, "The Dynamics of Systems with
 * Servoconstraints. I", Regul. Chaotic Dyn. 20(3) (2015) 205-224, as
 * re-derived in the spec (`spec §n` below); "derived here" in the spec marks
 * formulas that are not in the paper.  Proofs: proofs/servoconstraints.py.
 *
 * Models and vectors (the order of the model tables, `nhref describe MODEL`):
 *   suslov_servo (M3)     p: 12 (I11, I12, I13, I22, I23, I33, b1, b2, b3, c1, c2, c3)
 *                         s: 6 (omega1, omega2, gamma1, gamma2, gamma3, W)
 *                         units kg m^2, 1, N m; rad/s, 1, J
 *   servosleigh (M4)      p: 3 (alpha, beta, g); s: 6 (x, y, theta, u, omega, Wn)
 *                         units 1, 1/m, m/s^2; m, m, rad, m/s, rad/s, m^2/s^2
 *   servosleigh_offset (X) p: 6 (m, IC, l, a, b, c); s: 5 (x, y, theta, u, omega)
 *                         units kg, kg m^2, m, 1, 1, m
 *   Q1-Q4 (spec §3.2)     x: 2 (x1, x2); Q1 has the parameter k
 *
 * Precision (all functions): outputs are rounded to nearest at their own
 * precision; the work is done at the largest output precision plus 64 guard
 * bits, so results are good to about that precision relative (absolute near
 * zeros of the value; closed forms lose what their condition number loses,
 * e.g. near a blow-up).  Inputs are used as given (exact).  VALIDATED, not
 * RIGOROUS: no interval bounds.  Outputs may not alias inputs.
 * Statuses: NHREF_OK; NHREF_EPARAM for parameters outside the model's range
 * (the same conditions as the model's check; spec §10 item 1);
 * NHREF_EDOMAIN where the formula does not apply (stated per function);
 * NHREF_EINVAL for a NULL pointer or a non-finite input.
 *
 * Private to oracle/ and the tests (not installed, not exported from libnhref.so: no
 * NHREF_BEGIN_DECLS, and the library is built with -fvisibility=hidden).  What the
 * library's consumers call is the registry of nhref_oracle.h (nhref_oracle_find),
 * which reaches these functions through its entries.
 */
#ifndef NHREF_ORACLE_SERVO_PRIVATE_H
#define NHREF_ORACLE_SERVO_PRIVATE_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_status.h"

enum {
    NHREF_ORACLE_SUSLOV_NPARAM = 12,
    NHREF_ORACLE_SUSLOV_NSTATE = 6,
    NHREF_ORACLE_SUSLOV_NINTEGRAL = 8,
    NHREF_ORACLE_SERVOSLEIGH_NPARAM = 3,
    NHREF_ORACLE_SERVOSLEIGH_NSTATE = 6,
    NHREF_ORACLE_SERVOSLEIGH_NINTEGRAL = 4,
    NHREF_ORACLE_OFFSET_NPARAM = 6,
    NHREF_ORACLE_OFFSET_NSTATE = 5,
    NHREF_ORACLE_OFFSET_NINTEGRAL = 1
};

/* ================================================================== M3: suslov_servo */

/* nhref_oracle_suslov_check -- spec §10 item 1 for M3: the block [[I11, I12],
 * [I12, I22]] positive definite, I33 >= 0 (0: not given; > 0: det I > 0),
 * b != 0 and D = (adj(I) e3, b) != 0 (|D| <= 2^-200 times the sum of the
 * magnitudes of its terms counts as 0).
 * Returns NHREF_OK, NHREF_EPARAM, NHREF_EINVAL (NULL or non-finite).
 * Source: spec §4.1, §4.2 (realizability, paper (5.5)). */
int nhref_oracle_suslov_check(mpfr_srcptr p);

/* nhref_oracle_suslov_D -- the realizability determinant D = (adj(I) e3, b)
 * (spec §4.2) [kg^2 m^4].  Returns NHREF_OK or NHREF_EINVAL. */
int nhref_oracle_suslov_D(mpfr_ptr D, mpfr_srcptr p);

/* nhref_oracle_suslov_rhs_implicit -- the right-hand side of M3 at state S
 * from the implicit equations (paper (5.1)): the 3x3 linear system
 *     [I e1, I e2, -b] (omega1', omega2', lambda) = (I omega) x omega + gamma x c
 * solved by Gaussian elimination with partial pivoting, then
 * gamma' = gamma x omega and W' = lambda (b1 omega1 + b2 omega2).
 * Shapes:  f: 6 values (the derivatives of s); lambda: 1 value (may be NULL);
 *          p: 12; s: 6.  Units: those of s per second; lambda in N m.
 * Returns: NHREF_OK; NHREF_EDOMAIN if the system is singular (D = 0);
 *          NHREF_EINVAL.  Cost: ~60 MPFR operations.
 * Source:  spec §4.2 (paper (5.1)/(8.1)); spec §10 item 2. */
int nhref_oracle_suslov_rhs_implicit(mpfr_ptr f, mpfr_ptr lambda, mpfr_srcptr p, mpfr_srcptr s);

/* nhref_oracle_suslov_integrals -- the quantities of spec §4.3 at state S, in
 * the order of the model's integral table:
 *   0 gamma_sq = |gamma|^2 (always conserved)        [1]
 *   1 T = (I11 w1^2 + 2 I12 w1 w2 + I22 w2^2)/2         [J]
 *   2 E = T + (c, gamma)   (conserved for b1 = b2 = 0)  [J]
 *   3 E - W                (always conserved)           [J]
 *   4 F = (I omega, c)     (Theorem 7 / Kharlamova)     [N kg m^3/s]
 *   5 J = (b2 I11 - b1 I12) w1 + (b2 I12 - b1 I22) w2 (S1)
 *   6 G2 = I11 [b2 (I11 - I22) - b3 I23] w1^2 - I23 (b3 I22 - b2 I23) w2^2 (S2)
 *   7 H = (A2 w1^3 - 3 A1 w1^2 w2 - (3/2) B1 w1 w2^2 - C1 w2^3)/(3 D) (S3)
 * T is not used (the integrals do not depend on time).
 * Shapes: I: 8; p: 12; s: 6.  Returns NHREF_OK, NHREF_EPARAM, NHREF_EINVAL.
 * Source: spec §4.3, §4.5 (paper (5.11), corrected "= const"), §4.6. */
int nhref_oracle_suslov_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* nhref_oracle_suslov_coefficients -- the coefficients of the reduced free
 * system (spec §4.2): out = (A1, B1, C1, A2, B2, C2, L1, L2, L3, D), so that
 * omega1' = (A1 w1^2 + B1 w1 w2 + C1 w2^2)/D etc.  Shapes: out: 10; p: 12.
 * Returns NHREF_OK or NHREF_EINVAL.  Source: spec §4.2. */
int nhref_oracle_suslov_coefficients(mpfr_ptr out, mpfr_srcptr p);

/* nhref_oracle_suslov_divergence -- the divergence coefficients of the
 * reduced M3 field, div = (C_1 omega1 + C_2 omega2)/D, with the CORRECTED
 * C_2 (spec §9 erratum 6; the paper's (5.16) lacks the term b2 I11 I12):
 *   C_1 = b1 (I11 I12 + I12 I22 + I13 I23) - b2 (I11^2 - I11 I22 + 2 I12^2 + I13^2)
 *         + b3 (I11 I23 - I12 I13),
 *   C_2 = b1 (2 I12^2 + I22^2 + I23^2 - I11 I22) - b2 (I11 I12 + I12 I22 + I13 I23)
 *         + b3 (I12 I23 - I13 I22).
 * Shapes: out: 3 values (C_1, C_2, D); p: 12.  Returns NHREF_OK, NHREF_EINVAL.
 * Source: spec §4.6, §9 items 5-6. */
int nhref_oracle_suslov_divergence(mpfr_ptr out, mpfr_srcptr p);

/* nhref_oracle_suslov_measure_direction -- a servo direction b (not
 * normalized) for which the reduced free field is divergence-free for the
 * inertia of P (its b is ignored): the cross product of the coefficient
 * vectors of C_1 and C_2 as linear forms in b (spec §4.6).
 * Shapes: b: 3 values; p: 12.  Returns NHREF_OK; NHREF_EDOMAIN if the cross
 * product vanishes (the direction is not unique); NHREF_EINVAL. */
int nhref_oracle_suslov_measure_direction(mpfr_ptr b, mpfr_srcptr p);

/* nhref_oracle_suslov_s0 -- classical Suslov problem (S0: b1 = b2 = 0, c = 0;
 * the equations do not depend on b3) in closed form (spec §4.4, derived
 * there): with P = I13 w10 + I23 w20, w0 = (-(I12 w10 + I22 w20), I11 w10 +
 * I12 w20)/sqrt(Delta), Q = I13 w0_1 + I23 w0_2, rho = sgn(P) sqrt(P^2 + Q^2),
 * sigma = rho t/sqrt(Delta) - artanh(Q/rho):
 *   omega(t) = [(P sech sigma - Q tanh sigma) omega0 + (P tanh sigma + Q sech sigma) w0]/rho;
 * omega(t) = omega0 if P = 0 (an equilibrium).
 * Shapes: w: 2 (omega1, omega2 at T); p: 12 (only I11..I23 used); w0: 2.
 * Returns NHREF_OK; NHREF_EPARAM (Delta <= 0); NHREF_EINVAL.
 * Cost: O(1) (sqrt, atanh, exp).  Source: spec §4.4. */
int nhref_oracle_suslov_s0(mpfr_ptr w, mpfr_srcptr p, mpfr_srcptr w0, mpfr_srcptr t);

/* nhref_oracle_suslov_s1 -- case S1 (I13 = I23 = 0, c = 0) in closed form
 * (spec §4.5): omega(t) = omega0 + s(t) d, d = I2^-1 (b1, b2), where s solves
 * the Riccati equation s' = A s^2 + 2 B s + C, s(0) = 0:
 *   s(t) = C S(t) / (Ch(t) - B S(t)),  S = sinh(kappa t)/kappa, Ch = cosh(kappa t),
 *   kappa^2 = B^2 - A C >= 0;
 * and lambda(t) = s'(t) = A s^2 + 2 B s + C (= Qf(omega)/b3, spec §4.5).
 * Shapes: w: 3 values (omega1, omega2, lambda) at T; p: 12; w0: 2.
 * Returns: NHREF_OK; NHREF_EPARAM (model check fails, I13 != 0, I23 != 0 or
 *          c != 0); NHREF_EDOMAIN if T is at or beyond the blow-up time
 *          (nhref_oracle_suslov_s1_blowup_time, either direction);
 *          NHREF_EINVAL.
 * Source: spec §4.5 ("closed form, derived here"). */
int nhref_oracle_suslov_s1(mpfr_ptr w, mpfr_srcptr p, mpfr_srcptr w0, mpfr_srcptr t);

/* nhref_oracle_suslov_s1_blowup_time -- the first t > 0 with Ch(t) = B S(t)
 * (spec §4.5), the blow-up time of the S1 solution from W0; +Inf if the
 * solution exists for all t > 0.  (kappa > 0: t* = artanh(kappa/B)/kappa when
 * B > kappa; kappa = 0: t* = 1/B when B > 0.)
 * Shapes: tstar: 1 value [s]; p: 12; w0: 2.  Returns as _s1 (no EDOMAIN). */
int nhref_oracle_suslov_s1_blowup_time(mpfr_ptr tstar, mpfr_srcptr p, mpfr_srcptr w0);

/* nhref_oracle_suslov_rays -- the invariant lines omega2 = z omega1 of the
 * free reduced system (spec §4.5 "Invariant rays"): the real roots z of
 *   f(z) = A2 + (B2 - A1) z + (C2 - B1) z^2 - C1 z^3,
 * with the rate c = (A1 + B1 z + C1 z^2)/D (on the ray omega1' = c omega1^2).
 * Shapes: z, c: 3 values each (the first *N are set, z increasing); N: 0..3.
 *         *AXIS = 1 if omega1 = 0 is also invariant (C1 = 0; on it
 *         omega2' = C2 omega2^2/D, spec §4.5).
 * Roots: as zeros of g(phi) = cos^3(phi) f(tan phi) on (-pi/2, pi/2): sign
 *        changes on a grid of 4000 points, then bisection to the working
 *        precision.  A double root (no sign change) or two roots closer
 *        than pi/4000 in phi are missed: VALIDATED on the spec's cases only.
 * Cost:  ~4000 + 3 (WP + 16) sin/cos evaluations.
 * Returns NHREF_OK, NHREF_EPARAM, NHREF_EINVAL.  Source: spec §3.1, §4.5. */
int nhref_oracle_suslov_rays(mpfr_ptr z, mpfr_ptr c, int *n, int *axis, mpfr_srcptr p);

/* nhref_oracle_ray_solution -- the solution along an invariant ray:
 * xi(t) = xi0 / (1 - c xi0 t) (spec §3.1 Theorem 1, §4.5); blow-up at
 * t* = 1/(c xi0) when that is > 0.
 * Shapes: one value each.  Returns NHREF_OK; NHREF_EDOMAIN at or beyond the
 * blow-up (1 - c xi0 t <= 0); NHREF_EINVAL. */
int nhref_oracle_ray_solution(mpfr_ptr xi, mpfr_srcptr c, mpfr_srcptr xi0, mpfr_srcptr t);

/* ================================================================== M2: Q1-Q4 */

/* nhref_oracle_q1_rays -- the invariant lines x2 = z x1 of Q1 (paper (4.1)):
 * z = 1 (rate 2) for every k; for k < 0 also z = -1 -+ sqrt(-k) with rate
 * 1 + z^2 (spec §3.2).  Shapes: z, c: 3 values; *n = 1 or 3 (2 distinct
 * lines at k = 0 are returned once: z = -1 has multiplicity 2, *n = 2).
 * Returns NHREF_OK or NHREF_EINVAL. */
int nhref_oracle_q1_rays(mpfr_ptr z, mpfr_ptr c, int *n, mpfr_srcptr k);

/* nhref_oracle_q2 -- Q2 (x1' = x1 x2, x2' = -x1^2) in closed form (spec §3.2):
 * R^2 = x1^2 + x2^2, x1 = sgn(x1(0)) R sech(R t + s0), x2 = -R tanh(R t + s0),
 * s0 = artanh(-x2(0)/R); x1(0) = 0 is an equilibrium.
 * Shapes: x: 2 (at T); x0: 2.  Returns NHREF_OK or NHREF_EINVAL. */
int nhref_oracle_q2(mpfr_ptr x, mpfr_srcptr x0, mpfr_srcptr t);

/* nhref_oracle_q3 -- Q3 (x1' = x2^2, x2' = 0): x1 = x10 + x20^2 t, x2 = x20.
 * Shapes: x: 2; x0: 2.  Returns NHREF_OK or NHREF_EINVAL. */
int nhref_oracle_q3(mpfr_ptr x, mpfr_srcptr x0, mpfr_srcptr t);

/* nhref_oracle_q4_hamiltonian -- H = (x1^3 - x2^3)/3 of Q4 (spec §3.2).
 * Returns NHREF_OK or NHREF_EINVAL. */
int nhref_oracle_q4_hamiltonian(mpfr_ptr h, mpfr_srcptr x);

/* ================================================================== M4: servosleigh */

/* nhref_oracle_servosleigh_integrals -- spec §5.3-§5.4, in the model's order:
 *   0 gam = beta u - alpha omega (g = 0)      [1/s]
 *   1 u exp(-alpha theta)        (g = 0)      [m/s]
 *   2 u^2/2 + g y - Wn           (always)     [m^2/s^2]
 *   3 u^2/2 + g y                (alpha = 0)  [m^2/s^2]
 * Shapes: I: 4; p: 3; s: 6; T unused.  Returns NHREF_OK, NHREF_EPARAM (g < 0),
 * NHREF_EINVAL. */
int nhref_oracle_servosleigh_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s,
                                       mpfr_srcptr t);

/* nhref_oracle_servosleigh_centre -- the complex centre integral Z = ReZ + i ImZ
 * of the level servosleigh (spec §5.4, derived there), z = x + i y:
 *   |X| < 1, X = beta u/gam:   Z = z + (u e^{i theta}/gam) sum_n X^n/(n + 1 + i/alpha),
 *   |Y| < 1, Y = gam/(beta u): Z = z + (alpha e^{i theta}/beta) sum_n Y^n/(n alpha - i),
 * summed until the geometric tail bound |q|^N/((1 - |q|) min|denominator|)
 * is below 2^-(prec + 8) of the first term.  *SERIES = 1 or 2 says which
 * (NULL allowed).  The two series are different functions of the state; each
 * is conserved along motions staying in its region.
 * Shapes: Z: 2 values; p: 3; s: 6.
 * Returns: NHREF_OK; NHREF_EDOMAIN if g != 0, alpha = 0, neither |X| nor
 *          |Y| is <= 0.98 (convergence too slow), or gam = 0 with beta = 0
 *          or u = 0; NHREF_EPARAM (g < 0); NHREF_EINVAL.
 * Cost: up to ~(prec / -log2 |q|) complex terms. */
int nhref_oracle_servosleigh_centre(mpfr_ptr Z, int *series, mpfr_srcptr p, mpfr_srcptr s);

/* nhref_oracle_servosleigh_velocity -- u, omega, theta of the level
 * servosleigh (g = 0) in closed form (spec §5.5: one formula for all
 * branches): gam = beta u0 - alpha omega0, E(t) = expm1(gam t)/gam (= t if
 * gam = 0), Dn = 1 - alpha omega0 E,
 *   u = u0/Dn,  omega = omega0 e^{gam t}/Dn,
 *   theta = theta0 - ln(Dn)/alpha (alpha != 0, as log1p),  theta0 + omega0 E (alpha = 0);
 * and on the incline (g > 0) the branch beta = 0 (spec §5.6):
 *   omega = omega0, theta = theta0 + omega0 t,
 *   u = up(theta) + (u0 - up(theta0)) e^{alpha omega0 t},
 *   up(th) = g [(1 - alpha^2) cos th + 2 alpha sin th]/(omega0 (1 + alpha^2)),
 *   u = u0 + g (alpha cos theta0 - sin theta0) t if omega0 = 0.
 * Shapes: v: 3 values (u, omega, theta) at T; p: 3; s0: 6 (x, y unused).
 * Returns: NHREF_OK; NHREF_EDOMAIN if T is at or beyond the blow-up (Dn <= 0),
 *          or g > 0 with beta != 0 (no closed form, spec §5.6); NHREF_EPARAM;
 *          NHREF_EINVAL. */
int nhref_oracle_servosleigh_velocity(mpfr_ptr v, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t);

/* nhref_oracle_servosleigh_blowup_time -- the forward blow-up time of the
 * level servosleigh from S0 (spec §5.5): the root t* > 0 of Dn(t) = 0,
 *   t* = ln(beta u0/(alpha omega0))/gam (gam != 0),  t* = 1/(alpha omega0) (gam = 0),
 * or +Inf if Dn > 0 for all t > 0 (no blow-up to the future).
 * Shapes: tstar: 1 [s]; p: 3; s0: 6.  Returns NHREF_OK; NHREF_EDOMAIN if
 * g != 0; NHREF_EPARAM; NHREF_EINVAL. */
int nhref_oracle_servosleigh_blowup_time(mpfr_ptr tstar, mpfr_srcptr p, mpfr_srcptr s0);

/* nhref_oracle_servosleigh_spiral -- the paper's doubly asymptotic solution
 * (6.5) (alpha, beta, gam > 0, 0 < u0 < gam/beta; spec §5.5):
 *   out[0] u(t) = gam/(beta + e^{gam (t - t0)}),  t0 = ln(u0/(gam - beta u0))/gam,
 *   out[1] omega(t) = (beta u - gam)/alpha,
 *   out[2] t0,
 *   out[3] the curvature of the path of O, |omega|/u = e^{gam (t - t0)}/alpha
 *          (spec §9 erratum 8),
 *   out[4] the remaining path length (1/beta) ln(1 + beta e^{-gam (t - t0)}).
 * Shapes: out: 5; p: 3; s0: 6 (u0 = s0[3]; omega0 = s0[4] fixes gam).
 * Returns NHREF_OK; NHREF_EDOMAIN outside that regime or g != 0; NHREF_EINVAL. */
int nhref_oracle_servosleigh_spiral(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t);

/* nhref_oracle_servosleigh_descent -- the straight descent of spec §5.6 (any
 * alpha, beta): theta = theta0 = +-pi/2 (sign s = +-1), omega = 0,
 * u = u0 - s g t, x = x0, y = y0 + s u0 t - g t^2/2, Wn = Wn0 (Lambda = 0
 * on it).  The state S0 is taken with theta0 = s pi/2 exactly (the sign of
 * its theta gives s).
 * Shapes: s: 6 at T; p: 3; s0: 6.  Returns NHREF_OK, NHREF_EPARAM, NHREF_EINVAL. */
int nhref_oracle_servosleigh_descent(mpfr_ptr s, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t);

/* nhref_oracle_servosleigh_linear_phi -- the exact solution of the linearized
 * deviation equation phi'' + eps t phi' + eps phi = 0 (paper (7.7), spec §5.6;
 * time from the instant the unperturbed u = -g t vanishes, eps = beta g):
 *   phi(t) = phi(0) e^{-eps t^2/2} + phi'(0) sqrt(2/eps) F_D(t sqrt(eps/2)),
 *   F_D(x) = e^{-x^2} int_0^x e^{s^2} ds (Dawson), summed as
 *   F_D(x) = e^{-x^2} sum_n x^{2n+1}/(n! (2n+1)).
 * Shapes: phi: 2 values (phi, phi') at T; one value each for the rest.
 * Returns NHREF_OK; NHREF_EDOMAIN if eps <= 0; NHREF_EINVAL.
 * Cost: O(eps t^2 + prec) series terms, at precision + 2 eps t^2 log2(e) bits. */
int nhref_oracle_servosleigh_linear_phi(mpfr_ptr phi, mpfr_srcptr eps, mpfr_srcptr phi0,
                                        mpfr_srcptr dphi0, mpfr_srcptr t);

/* A closed-form solution (full state) of the servosleigh from S0 at t = 0.
 * Covers: g = 0, every (alpha, beta); g > 0 with beta = 0.  Positions:
 * exact for beta = 0 (level or inclined: elementary integrals of spec §5.6)
 * and for gam = 0 (Z = z + i alpha e^{i theta}/beta); by the centre integral
 * Z (spec §5.4: z(t) = z0 + term(0) - term(t)) when |X| <= 0.9 at 0 and t (or
 * |Y| <= 0.9); otherwise by composite Gauss–Legendre quadrature of
 * u e^{i theta} over [0, t] with n = prec/4 + 12 nodes per panel, panels
 * doubled until two successive sums agree to 2^-(prec + 8) max(1, |z - z0|)
 * (a VALIDATED estimate, not a bound).  Wn = Wn0 + (u^2 - u0^2)/2 + g (y - y0).
 * _new returns NHREF_ENOTFOUND for g > 0 with beta != 0 (no closed form),
 * NHREF_EPARAM (g < 0), NHREF_EINVAL; _state returns NHREF_EDOMAIN at or
 * beyond a blow-up and NHREF_EMAXSTEPS if the quadrature needs > 2^16 panels.
 * Shapes: p: 3; s0, s: 6.  Cost of _state: O(1), O(prec) series terms, or
 * panels * n closed-form evaluations. */
typedef struct nhref_oracle_servosleigh nhref_oracle_servosleigh_t;
int nhref_oracle_servosleigh_new(nhref_oracle_servosleigh_t **o, mpfr_srcptr p, mpfr_srcptr s0,
                                 mpfr_prec_t prec);
int nhref_oracle_servosleigh_state(mpfr_ptr s, nhref_oracle_servosleigh_t *o, mpfr_srcptr t);
void nhref_oracle_servosleigh_free(nhref_oracle_servosleigh_t *o);

/* ================================================================== X: servosleigh_offset */

/* nhref_oracle_offset_check -- spec §10 item 1 for X: m > 0, IC > 0,
 * b I_O - m l c != 0 (I_O = IC + m l^2).  Returns NHREF_OK, NHREF_EPARAM,
 * NHREF_EINVAL. */
int nhref_oracle_offset_check(mpfr_srcptr p);

/* nhref_oracle_offset_integrals -- E = (m u^2 + I_O omega^2)/2 [J] (conserved
 * for a = c = 0).  Shapes: I: 1; p: 6; s: 5.  Returns as _check. */
int nhref_oracle_offset_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* nhref_oracle_offset_tanh -- the nonholonomic limit a = c = 0 (spec §5.9):
 *   u = U tanh(m l U t/I_O + s0),  omega = sgn(omega0) sqrt(m/I_O) U sech(m l U t/I_O + s0),
 *   U^2 = u0^2 + I_O omega0^2/m,  s0 = artanh(u0/U)   (omega0 != 0);
 * omega0 = 0: u = u0, omega = 0; l = 0: u = u0, omega = omega0.
 * Shapes: v: 2 (u, omega) at T; p: 6; s0: 5.
 * Returns NHREF_OK; NHREF_EPARAM (check fails, or a != 0 or c != 0); NHREF_EINVAL. */
int nhref_oracle_offset_tanh(mpfr_ptr v, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t);

/* Full-state closed form of X (registry): a = c = 0 through the Chaplygin
 * sleigh oracle (nhref_oracle_sleigh_*, J = IC, a = l: the same ODE, spec
 * §5.9), l = 0 through the servosleigh oracle (alpha = a/b, beta = m c/(IC b),
 * g = 0).  _new returns NHREF_ENOTFOUND otherwise (no closed form).
 * Shapes: p: 6; s0, s: 5. */
typedef struct nhref_oracle_offset nhref_oracle_offset_t;
int nhref_oracle_offset_new(nhref_oracle_offset_t **o, mpfr_srcptr p, mpfr_srcptr s0,
                            mpfr_prec_t prec);
int nhref_oracle_offset_state(mpfr_ptr s, nhref_oracle_offset_t *o, mpfr_srcptr t);
void nhref_oracle_offset_free(nhref_oracle_offset_t *o);

/* Registry wrappers (void * interface of nhref_oracle_t) for the two
 * closed forms above. */
int nhref_oracle_servosleigh_reg_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec);
int nhref_oracle_servosleigh_reg_state(mpfr_ptr s, void *sol, mpfr_srcptr t);
void nhref_oracle_servosleigh_reg_free(void *sol);
int nhref_oracle_offset_reg_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec);
int nhref_oracle_offset_reg_state(mpfr_ptr s, void *sol, mpfr_srcptr t);
void nhref_oracle_offset_reg_free(void *sol);

#endif /* NHREF_ORACLE_SERVO_PRIVATE_H */
