/* oracle_sleigh.h -- independent truth for the Chaplygin sleigh (model
 * `chaplygin_sleigh`): the closed form of spec §5.1, the first integrals of §4 and the
 * constraint reaction, in plain MPFR (oracle/sleigh.c).
 *
 * Conventions of nhref_oracle.h: vectors are contiguous MPFR arrays, outputs rounded
 * to nearest at their own precision, no aliasing of outputs and inputs.
 *
 * Private to oracle/ and the tests (not installed, not exported from libnhref.so: no
 * NHREF_BEGIN_DECLS, and the library is built with -fvisibility=hidden).  What the
 * library's consumers call is the registry of nhref_oracle.h (nhref_oracle_find),
 * which reaches these functions through its entries.
 */
#ifndef NHREF_ORACLE_SLEIGH_PRIVATE_H
#define NHREF_ORACLE_SLEIGH_PRIVATE_H

#include <mpfr.h>

#include "nhref_status.h"

/* ------------------------------------------------------------------ Chaplygin sleigh
 * Spec: shared/models/chaplygin-sleigh.md (Čech & Musilová, seed 002).
 * Parameters p = (m, J, a) [kg, kg m^2, m]; state s = (x, y, phi, v, omega)
 * [m, m, rad, m/s, rad/s]; J is the moment of inertia about the centre of mass.
 */
enum { NHREF_ORACLE_SLEIGH_NPARAM = 3, NHREF_ORACLE_SLEIGH_NSTATE = 5 };

/* Number and names of the first integrals returned by nhref_oracle_sleigh_integrals,
 * in order: E [J], P1 [kg m/s], P2 [kg m/s], t0 [s]. */
enum { NHREF_ORACLE_SLEIGH_NINTEGRAL = 4 };

/* A closed-form solution of one initial-value problem (see _new). */
typedef struct nhref_oracle_sleigh nhref_oracle_sleigh_t;

/* nhref_oracle_sleigh_new -- prepare the closed form (spec §5.1) of the sleigh
 * with parameters P from the initial state S0 at t = 0, for evaluation at
 * PREC bits.
 *
 * Shapes:    p: 3 values (m, J, a); s0: 5 values (x, y, phi, v, omega).
 * Precision: the solution is evaluated with PREC + 48 (+ log2 k) bits
 *            internally and rounded to nearest at each output's precision;
 *            v, omega, phi to about PREC bits relative (omega relative even
 *            where it decays like exp(-|Omega t|)); x, y exactly in branches
 *            1 and 2, and in branch 3 by composite Gauss–Legendre quadrature
 *            of v e^{i phi} (spec §5.3) with a Bernstein-ellipse error bound
 *            of 2^-(PREC + 24) max(1, c |t|) (c the limiting speed), i.e.
 *            about PREC bits relative to max(1, |z|).  The bound is a
 *            derivation (oracle/sleigh.c), not interval arithmetic: VALIDATED,
 *            not RIGOROUS.  P and S0 are rounded to the internal precision.
 * Returns:   NHREF_OK; NHREF_EPARAM if m <= 0, J < 0, J = a = 0 or a value of
 *            P or S0 is not finite (spec §1), and *O is set to NULL;
 *            NHREF_EINVAL for a NULL pointer or PREC < MPFR_PREC_MIN;
 *            NHREF_ENOMEM.
 * Cost:      O(1) closed-form constants; the quadrature nodes for PREC are
 *            computed here once (O(n^2 log PREC) MPFR operations at about
 *            PREC bits, n = ceil((PREC + 35) / 4) nodes).
 * Source:    spec §5.1 branches 1–3 (omega0 = 0; a = 0; general, including
 *            J = 0, a < 0, v0 = 0, omega0 < 0), §5.3 for the positions.
 */
int nhref_oracle_sleigh_new(nhref_oracle_sleigh_t **o, mpfr_srcptr p, mpfr_srcptr s0,
                            mpfr_prec_t prec);

/* nhref_oracle_sleigh_state -- the closed-form state S at time T (any sign).
 * Shapes:  s: 5 values (x, y, phi, v, omega), each rounded to nearest at its
 *          own precision (use >= PREC of _new); phi is unwrapped.
 * Returns: NHREF_OK; NHREF_EINVAL if T is not finite or a pointer is NULL;
 *          NHREF_EDOMAIN if a result is not finite; NHREF_EMAXSTEPS if the
 *          quadrature would need more than 2^26 panels (only for absurd
 *          k = rho/|a| times |t|).
 * Cost:    branches 1, 2: a few MPFR operations.  Branch 3: about
 *          (number of panels) * n evaluations of sinh, atan, sin_cos; panels
 *          are ~1/k long in tau = tau0 + Omega t near tau = 0 and grow
 *          geometrically for |tau| > ~ln(2k), so any |t| costs O(k + log|t|)
 *          panels (10-20 ms at 333 bits for the spec's cases, any t). */
int nhref_oracle_sleigh_state(mpfr_ptr s, nhref_oracle_sleigh_t *o, mpfr_srcptr t);

/* nhref_oracle_sleigh_free -- release O (NULL is allowed). */
void nhref_oracle_sleigh_free(nhref_oracle_sleigh_t *o);

/* nhref_oracle_sleigh_integrals -- the first integrals (E, P1, P2, t0) of spec
 * §4 at state S and time T.
 * Shapes:  I: 4 values; p: 3; s: 5.
 * Precision: each value rounded to nearest at its own precision, computed
 *          with the largest of those precisions + 48 bits (S, P, T exact).
 * Returns: NHREF_OK; t0 is NaN (and the status still NHREF_OK) where it is
 *          undefined: a = 0 or omega = 0.  NHREF_EPARAM for invalid P;
 *          NHREF_EINVAL if a value of S or T is not finite.
 * Source:  spec §4 table: E = (m v^2 + IA omega^2)/2,
 *          P1 + i P2 = m (v + i rho omega) exp(i a phi / rho),
 *          t0 = t - (rho^2/(a c)) artanh(v/c), c = sqrt(2E/m), evaluated as
 *          t - (rho^2/(a c)) asinh(v/(rho |omega|)) (the same value, well
 *          conditioned when omega is small). */
int nhref_oracle_sleigh_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* nhref_oracle_sleigh_reaction -- the constraint reaction lambda = m J v omega / IA [N]
 * (spec §3.2) at state S, rounded to nearest at the precision of LAMBDA; the
 * force on the body is lambda e2 = lambda (-sin phi, cos phi), applied at A.
 * Returns NHREF_OK, NHREF_EPARAM (invalid P) or NHREF_EINVAL (S not finite). */
int nhref_oracle_sleigh_reaction(mpfr_ptr lambda, mpfr_srcptr p, mpfr_srcptr s);

#endif /* NHREF_ORACLE_SLEIGH_PRIVATE_H */
