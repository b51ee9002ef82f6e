/* oracle_wheeled.h -- oracle of the wheeled vehicles and the
 * Hadamard–Hamel problem: closed forms, quadratures, first integrals and the
 * quasi-holonomy criterion, in plain MPFR.
 *
 * Spec: shared/models/wheeled-vehicles.md ("the spec"); source paper
 * A. V. Borisov, A. A. Kilin, I. S. Mamaev, On the Hadamard–Hamel problem and
 * the dynamics of wheeled vehicles, Regul. Chaotic Dyn. 20(6) (2015) 752–766.
 * Conventions of nhref_oracle.h: vectors are contiguous MPFR arrays, outputs
 * rounded to nearest at their own precision, no aliasing of outputs and
 * inputs.  Parameter and state orders are those of the models' tables
 * (`nhref describe MODEL`):
 *   hh_a_*      state (q1, q2, s, q1dot, q2dot), no parameters (dimensionless);
 *   one_wheel / hh_b_knife_substituted
 *               p = (m, j, Rn, Rtau, i, h) [kg, kg m^2, m, m, kg m^2, m],
 *               state (X, Y, phi, chi, v_tau, omega) [m, m, rad, rad, m/s, rad/s];
 *   hh_b_dalembert  state (X, Y, phi, chi, v1, v2, omega, chidot);
 *   hh_b_spin_substituted  state (X, Y, phi, chi, v1, v2, omega);
 *   two_links   p = (m, J_c, a, b1, b2, C1, C2, h, l),
 *               state (X, Y, phi, psi1, psi2, v1, v2, omega, chi11, chi12, chi21, chi22);
 *   gv_*        p = (m_f, I_f, R_f1, R_f2, r_11, r_12, r_21, r_22, then for k = 1, 2:
 *               m_k, j_k, R0_kn, R0_ktau, rho_kn, rho_ktau, h_k, l_k, i_k) (26 values),
 *               gv_wheels state (X, Y, phi, psi1, psi2, chi11, chi12, chi21, chi22,
 *               v1, v2, omega, psi1dot, psi2dot, chi11dot, chi12dot, chi21dot, chi22dot),
 *               gv_skates state (X, Y, phi, psi1, psi2, v1, v2, omega, psi1dot, psi2dot,
 *               chi11, chi12, chi21, chi22).
 * Precision: every function computes with the largest output precision plus
 * at least 32 guard bits.  Level VALIDATED, not rigorous.
 *
 * Private to oracle/ and the tests (not installed, not exported from libnhref.so: no
 * NHREF_BEGIN_DECLS, and the library is built with -fvisibility=hidden).  What the
 * library's consumers call is the registry of nhref_oracle.h (nhref_oracle_find),
 * which reaches these functions through its entries.
 */
#ifndef NHREF_ORACLE_WHEELED_PRIVATE_H
#define NHREF_ORACLE_WHEELED_PRIVATE_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_status.h"

enum {
    NHREF_ORACLE_HHA_NSTATE = 5,
    NHREF_ORACLE_OW_NPARAM = 6,
    NHREF_ORACLE_OW_NSTATE = 6,
    NHREF_ORACLE_HHB_NSTATE = 8,
    NHREF_ORACLE_HHB_SPIN_NSTATE = 7,
    NHREF_ORACLE_TL_NPARAM = 9,
    NHREF_ORACLE_TL_NSTATE = 12,
    NHREF_ORACLE_GV_NPARAM = 26,
    NHREF_ORACLE_GV_FULL_NSTATE = 18,
    NHREF_ORACLE_GV_SKATE_NSTATE = 14
};

/* ------------------------------------------------------------------ Hadamard–Hamel criterion */

/* nhref_oracle_hh_criterion_z -- Theorem 1 (spec §1.1, paper §2): the
 * quasi-holonomy test of the constraints y_i' = sum_j G_ij(z) z_j' for a
 * Lagrangian with momenta p_i = (dL/dy_i')* and further constraints
 * f_alpha = sum_j F_alpha,j(z) z_j' = 0, evaluated at one point (z, z').
 *
 *   N_j = sum_i p_i ([g_i]_z)_j,  ([g_i]_z)_j = sum_l (dG_ij/dz_l - dG_il/dz_j) z_l',
 *   kappa = least-squares coefficients of N on the rows of F,
 *   RESID = |N - F^T kappa| / max(|N|, |p| |dG| |z'|)  (Euclidean norms; 0 if N = 0).
 * The constraints are quasi-holonomic at this point iff N lies in the span of
 * the rows of F (paper Theorem 1; then lambda' = lambda + kappa): *QUASI is 1
 * when RESID <= 2^(24 - prec), prec the precision of RESID.  The point must
 * satisfy f = 0 (the criterion is stated on f = 0; the caller's duty).
 *
 * Shapes:    N: n; kappa: k (may be NULL if k = 0); dG: m*n*n, entry
 *            [(i*n + j)*n + l] = dG_ij/dz_l; p: m; F: k*n row-major; zdot: n.
 * Returns:   NHREF_OK; NHREF_EINVAL for n = 0, a NULL pointer or a value not
 *            finite; NHREF_EDOMAIN if the rows of F are linearly dependent.
 * Cost:      O(m n^2 + k^2 n) MPFR operations.
 * Source:    paper eqs. (2.7)-(2.8) and Theorem 1; spec §1.1. */
int nhref_oracle_hh_criterion_z(mpfr_ptr N, mpfr_ptr kappa, mpfr_ptr resid, int *quasi, size_t n,
                                size_t m, size_t k, mpfr_srcptr dG, mpfr_srcptr p, mpfr_srcptr F,
                                mpfr_srcptr zdot);

/* nhref_oracle_hh_criterion_w -- Theorem 2 (spec §1.2): the same test in
 * quasi-velocities w (z' = sum_j a_j w_j, [a_s, a_j] = sum_l c^l_sj a_l) for
 * constraints y_i' = sum_j g_ij(z) w_j and f_alpha = sum_j F_alpha,j w_j = 0:
 *
 *   ([g_i]_w)_j = sum_s w_s [ a_s(g_ij) - a_j(g_is) - sum_l c^l_sj g_il ],
 *   N_j = sum_i p_i ([g_i]_w)_j,
 * then KAPPA, RESID, QUASI as for nhref_oracle_hh_criterion_z.
 *
 * Shapes:    N: r; kappa: k; g: m*r; ag: m*r*r, entry [(i*r + j)*r + s] =
 *            a_s(g_ij) (the derivative of g_ij along the frame field a_s);
 *            c: r*r*r, entry [(l*r + s)*r + j] = c^l_sj; p: m; F: k*r; w: r.
 * Returns:   as nhref_oracle_hh_criterion_z.
 * Cost:      O(m r^3 + k^2 r).
 * Source:    paper eqs. (2.12)-(2.15), Theorem 2; spec §1.2. */
int nhref_oracle_hh_criterion_w(mpfr_ptr N, mpfr_ptr kappa, mpfr_ptr resid, int *quasi, size_t r,
                                size_t m, size_t k, mpfr_srcptr g, mpfr_srcptr ag, mpfr_srcptr c,
                                mpfr_srcptr p, mpfr_srcptr F, mpfr_srcptr w);

/* nhref_oracle_hh_planar_c -- the structure constants of the planar body frame
 * (spec §0): quasi-velocities (v1, v2, omega, further angle rates), r >= 3;
 * C (r*r*r, layout of nhref_oracle_hh_criterion_w) gets c^2_31 = 1,
 * c^2_13 = -1, c^1_32 = -1, c^1_23 = 1 (1-based) and 0 elsewhere.
 * Returns NHREF_OK or NHREF_EINVAL (r < 3). */
int nhref_oracle_hh_planar_c(mpfr_ptr c, size_t r);

/* ------------------------------------------------------------------ HH-A */

/* nhref_oracle_hha_state -- the closed form of the TRUE (Lagrange–d'Alembert)
 * HH-A motion (spec §1.5) from S0 at time 0, at time T (any sign):
 *   q2 = q20 + c t, q1 = q10 + (p/c)(asinh q2 - asinh q20),
 *   s = s0 + (p/c)(sqrt(1 + q2^2) - sqrt(1 + q20^2)), q1dot = p/sqrt(1 + q2^2),
 *   q2dot = c;  c = 0: q1 = q10 + p t/sqrt(1 + q20^2), s = s0 + q20 p t/sqrt(1 + q20^2).
 * Shapes:  s, s0: 5 values.  Precision: each output to about its precision
 *          relative to max(1, |value|) (extra guard bits cover small c).
 * Returns: NHREF_OK; NHREF_EINVAL for a value not finite.
 * Cost:    a few MPFR operations.  Source: spec §1.5. */
int nhref_oracle_hha_state(mpfr_ptr s, mpfr_srcptr s0, mpfr_srcptr t);

/* nhref_oracle_hha_integrals -- (E, p, c) of the true model at S:
 * E = ((1 + q2^2) q1dot^2 + q2dot^2)/2, p = q1dot sqrt(1 + q2^2), c = q2dot.
 * nhref_oracle_hha_wrong_integrals -- (E, p1), p1 = (1 + q2^2) q1dot, the
 * integrals of the substituted (wrong) model.  P and T are unused (registry
 * interface).  Returns NHREF_OK or NHREF_EINVAL.  Source: spec §1.5. */
int nhref_oracle_hha_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
int nhref_oracle_hha_wrong_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* ------------------------------------------------------------------ one-wheeled vehicle (OW, HH-B) */

typedef struct nhref_oracle_ow nhref_oracle_ow_t;

/* nhref_oracle_ow_new -- the closed form of the one-wheeled vehicle (spec §3.4)
 * from S0 = (X, Y, phi, chi, v_tau, omega) at t = 0, evaluated at PREC bits:
 *   E = (M' v0^2 + 2 m Rn v0 omega0 + j omega0^2)/2, W = sign(omega0) sqrt(2 E M'/D),
 *   lambda = m Rtau W / sqrt(D), s(t) = asinh((M' v0 + m Rn omega0)/(sqrt(D) omega0)) + lambda t,
 *   omega = W sech s, v_tau = (W/M')(sqrt(D) tanh s - m Rn sech s),
 *   phi = phi0 + (sqrt(D)/(m Rtau)) (gd s - gd s0),     gd = atan o sinh,
 *   chi = chi0 - (W/(h M' lambda)) [sqrt(D) ln(cosh s / cosh s0) - m Rn (gd s - gd s0)]
 * (the last line is the spec's quadrature done in closed form).  Branch
 * omega0 = 0 or Rtau = 0: v_tau, omega constant, phi = phi0 + omega0 t,
 * uniform circle or straight line.  X, Y: X' = -v_tau sin phi,
 * Y' = v_tau cos phi by adaptive composite Gauss–Legendre quadrature in t
 * (uniform branch: in closed form), panels accepted when the rule and the
 * rule on the two halves agree to 2^-(PREC + 16) max(1, |panel value|).
 * KNIFE = 1 gives instead the motion of the WRONG knife-edge-substituted
 * model hh_b_knife_substituted (always the uniform branch).
 * Shapes:    p: 6; s0: 6.
 * Returns:   NHREF_OK; NHREF_EPARAM for parameters outside spec §3.1 (m <= 0,
 *            h <= 0, i < 0, D <= 0) or not finite (*O = NULL); NHREF_EINVAL
 *            (NULL pointer, PREC < MPFR_PREC_MIN, S0 not finite); NHREF_ENOMEM.
 * Cost:      the Gauss–Legendre rule, n = PREC/6 + 12 nodes, once.
 * Source:    spec §3.4 (verified symbolically in proofs/wheeled_vehicles.py). */
int nhref_oracle_ow_new(nhref_oracle_ow_t **o, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec,
                        int knife);

/* nhref_oracle_ow_state -- the state (X, Y, phi, chi, v_tau, omega) at time T
 * (any sign).  Returns NHREF_OK; NHREF_EINVAL (T not finite); NHREF_EMAXSTEPS
 * if the quadrature needed more than 2^20 panels.  Cost: O(|lambda t| + 1)
 * panels of n evaluations of sinh, atan, sin_cos. */
int nhref_oracle_ow_state(mpfr_ptr s, nhref_oracle_ow_t *o, mpfr_srcptr t);

/* nhref_oracle_ow_constants -- (W, lambda, s0) of the closed form [rad/s, 1/s, 1]
 * (NaN in the uniform branch).  Returns NHREF_OK. */
int nhref_oracle_ow_constants(mpfr_ptr c3, const nhref_oracle_ow_t *o);

void nhref_oracle_ow_free(nhref_oracle_ow_t *o);

/* nhref_oracle_ow_integrals -- (E, theta0, s0) of one_wheel at S, time T
 * (spec §3.3-3.4): E; theta0 = atan(q) - (m Rtau/sqrt(D)) phi and
 * s0 = asinh(q) - lambda t with q = (M' v + m Rn omega)/(sqrt(D) omega),
 * lambda = m Rtau omega sqrt(1 + q^2)/sqrt(D); theta0, s0 NaN for omega = 0.
 * Returns NHREF_OK; NHREF_EPARAM; NHREF_EINVAL. */
int nhref_oracle_ow_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* nhref_oracle_ow_multipliers -- the multipliers of HH-B on the constraint
 * manifold (spec §1.6), D = M' j - m^2 Rn^2:
 *   lambda1 = -m omega [Rn omega (D - m^2 Rtau^2) + v2 (D - m Rtau^2 M')]/D  [N],
 *   lambda2 = -i m Rtau omega (m Rn v2 + j omega)/(h^2 D)                   [N].
 * Shapes: lam: 2; p: 6.  Returns NHREF_OK, NHREF_EPARAM or NHREF_EINVAL. */
int nhref_oracle_ow_multipliers(mpfr_ptr lam, mpfr_srcptr p, mpfr_srcptr v2, mpfr_srcptr omega);

/* Integrals of the HH-B forms, in their models' orders (registry interface):
 *   hhb_integrals       (E, F1, F2) of hh_b_dalembert: T with wheel spin, v1, v2 + h chidot;
 *   hhb_spin_integrals  (E, F1) of hh_b_spin_substituted: T*, v1;
 *   hhb_knife_integrals (E, P2, Pomega) of hh_b_knife_substituted.
 * Returns NHREF_OK, NHREF_EPARAM or NHREF_EINVAL.  Source: spec §1.6. */
int nhref_oracle_hhb_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
int nhref_oracle_hhb_spin_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
int nhref_oracle_hhb_knife_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* ------------------------------------------------------------------ two symmetric links (TL) */

/* nhref_oracle_tl_initial -- a physical initial state of two_links (spec §4.5):
 * (v1, v2, omega) = u W(psi1, psi2), W = (b2 s1 c2 + b1 c1 s2, -(b1 + b2) c1 c2,
 * sin(psi2 - psi1)), X = Y = phi = 0 and wheel angles 0 unless XYPHI (3 values)
 * is given.  Shapes: s: 12; p: 9.  Returns NHREF_OK or NHREF_EINVAL. */
int nhref_oracle_tl_initial(mpfr_ptr s, mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2,
                            mpfr_srcptr u, mpfr_srcptr xyphi);

/* nhref_oracle_tl_Q -- Q(psi1, psi2) = m (W1^2 + (W2 + a W3)^2) + J_c W3^2 (spec §4.5). */
int nhref_oracle_tl_Q(mpfr_ptr q, mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2);

/* nhref_oracle_tl_integrals -- (E, f1, f2, delta0, w1, w2, K) of two_links at
 * S, time T (spec §4.4, §4.6): E = m (v1^2 + (v2 + a omega)^2)/2 + J_c omega^2/2,
 * f1 = (v1 - b1 omega) c1 + v2 s1, f2 = (v1 + b2 omega) c2 + v2 s2,
 * delta0 = psi1 - psi2 - (C1 - C2) t, w_k = chi_k1 - chi_k2 + 2 l C_k t/h,
 * K = omega sqrt(Q).  Returns NHREF_OK, NHREF_EPARAM (m, J_c <= 0, h <= 0),
 * NHREF_EINVAL. */
int nhref_oracle_tl_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* nhref_oracle_tl_quadrature -- the C1 = C2 = C quadratures of spec §4.6 for
 * the motion through (psi1, psi2, omega0) on f = 0:
 *   K = omega0 sqrt(Q0), delta = psi1 - psi2, Qh(psi) = Q(psi, psi - delta),
 *   g(psi) = C - K/sqrt(Qh(psi)),
 *   OUT[0] = T_psi = int_0^pi dpsi/|g|           (period; NaN if g has a zero),
 *   OUT[1] = Delta phi = int_0^pi (K/sqrt(Qh))/|g| dpsi   (heading per period; NaN likewise),
 *   OUT[2] = T_pi = (1/(|omega0| sqrt(Q0))) int_0^pi sqrt(Qh) dpsi  (the trammel half-turn
 *            time, meaningful for C = 0),
 *   OUT[3] = K.
 * The integrands are analytic and pi-periodic: the trapezoidal rule on a
 * period converges geometrically; the number of points is doubled until two
 * successive sums agree to 2^-(prec + 8) relative.
 * Returns NHREF_OK; NHREF_EINVAL (C1 != C2 or bad input); NHREF_ENOCONV if
 * 2^22 points do not converge.  Cost: O(points) evaluations of sin, cos, sqrt. */
int nhref_oracle_tl_quadrature(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2,
                               mpfr_srcptr omega0);

/* nhref_oracle_tl_equilibria -- the relative equilibria for C1 = C2 = C:
 * zeros psi* in [0, pi) of g(psi) = C - K/sqrt(Qh(psi)) (spec §4.6), at most
 * MAX of them, increasing, into ROOTS (*NROOTS set); STABLE[i] = 1 where
 * g'(psi*) < 0 (psi1' = g(psi1): an attracting zero).  Bracketed on a grid of
 * 4096 points, refined by bisection to the precision of ROOTS.
 * Returns NHREF_OK; NHREF_EINVAL.  Cost: 4096 + nroots * prec evaluations of g. */
int nhref_oracle_tl_equilibria(mpfr_ptr roots, int *stable, size_t max, size_t *nroots,
                               mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2,
                               mpfr_srcptr omega0);

/* nhref_oracle_tl_trammel_centre -- for C1 = C2 = 0: the intersection O* of
 * the two fixed lines swept by the hinges (through r_k along the absolute
 * blade directions tau_k, spec §4.6), from the state S (12 values) [m].
 * Shapes: o: 2.  Returns NHREF_OK; NHREF_EDOMAIN if the lines are parallel. */
int nhref_oracle_tl_trammel_centre(mpfr_ptr o, mpfr_srcptr p, mpfr_srcptr s);

/* ------------------------------------------------------------------ general vehicle (GV) */

/* nhref_oracle_gv_skate_params -- the skate masses of spec §2.4 (paper 3.13):
 * OUT = (m^s_1, m^s_1 R^s0_1n, m^s_1 R^s0_1tau, j^s_1, m^s_2, ..., j^s_2) (8 values):
 *   m^s = m + 2 i/h^2, m^s R^s0 = m R0 + (2 i/h^2) rho0, j^s = j + (2 i/h^2)(|rho0|^2 + l^2).
 * Returns NHREF_OK or NHREF_EINVAL (h = 0 or not finite). */
int nhref_oracle_gv_skate_params(mpfr_ptr out, mpfr_srcptr p);

/* nhref_oracle_gv_initial -- complete a physical initial state: given psi_k,
 * omega, psi_k' (in the state S of gv_wheels if FULL, else gv_skates), solve
 * f1 = f2 = 0 for (v1, v2) (2x2 system, spec §7.4) and, if FULL, set the
 * wheel spins from g_kj = 0 (spec 2.6).  Other components are left alone.
 * Returns NHREF_OK; NHREF_EDOMAIN if the 2x2 system is singular (sin(psi2 - psi1) = 0
 * with equal offsets); NHREF_EINVAL. */
int nhref_oracle_gv_initial(mpfr_ptr s, mpfr_srcptr p, int full);

/* nhref_oracle_gv_integrals -- the integrals of gv_wheels (10 values: T, f1, f2,
 * g11, g12, g21, g22, eta1, eta2, Ts) at state S, coded from the kinetic energy
 * of spec §2.3 and the constraints of paper 1.4 in vector form (not from the
 * mass matrix of spec §2.5): v_k = v + omega ez x r_k, omega_k = omega + psi_k',
 * T = m_f |v|^2/2 + m_f omega (R_f x v) + I_f omega^2/2 + sum_k [m_k |v_k|^2/2
 *     + m_k omega_k (R_k x v_k) + j_k omega_k^2/2 + i_k (chi_k1'^2 + chi_k2'^2)/2],
 * eta_k = h_k (chi_k1 - chi_k2)/2 + l_k (phi + psi_k), Ts the skate energy.
 * nhref_oracle_gv_skate_integrals -- (Ts, f1, f2, eta1, eta2) of gv_skates.
 * Returns NHREF_OK, NHREF_EINVAL. */
int nhref_oracle_gv_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
int nhref_oracle_gv_skate_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* ------------------------------------------------------------------ registry adapters
 * The closed forms above behind the registry's interface (nhref_oracle_t of
 * nhref_oracle.h), one per model: hh_a_dalembert (hha), one_wheel (ow),
 * hh_b_dalembert (hhb), hh_b_spin_substituted (hhb_spin) and
 * hh_b_knife_substituted (hhb_knife).  The HH-B forms are covered on the
 * constraint manifold only: _new returns NHREF_EDOMAIN for an initial state
 * with v1 != 0 (hhb: also |v2 + h chidot| > |v2|).  Other statuses as
 * nhref_oracle_ow_new / nhref_oracle_hha_state.  _state writes the model's
 * state vector; all share nhref_oracle_wheeled_solution_free. */
int nhref_oracle_hha_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec);
int nhref_oracle_hha_solution_state(mpfr_ptr s, void *sol, mpfr_srcptr t);
int nhref_oracle_ow_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec);
int nhref_oracle_hhb_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec);
int nhref_oracle_hhb_spin_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0,
                                       mpfr_prec_t prec);
int nhref_oracle_hhb_knife_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0,
                                        mpfr_prec_t prec);
int nhref_oracle_ow_solution_state(mpfr_ptr s, void *sol, mpfr_srcptr t);
void nhref_oracle_wheeled_solution_free(void *sol);

#endif /* NHREF_ORACLE_WHEELED_PRIVATE_H */
