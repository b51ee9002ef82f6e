/* nhref_oracle.h -- independent truth: closed forms and first integrals in plain MPFR.
 *
 * The oracle is coded directly from the model specifications (shared/models/<name>.md)
 * and shares no code with the tape, the jets or the schemes: it is what the
 * tests, `nhref golden` and `nhref verify` judge the integrators by.
 *
 * Conventions.  A vector is a contiguous array of MPFR numbers passed as
 * mpfr_ptr (output) or mpfr_srcptr (input); an array declared `mpfr_t v[n]` is
 * passed as `v[0]`.  Outputs are rounded to nearest at their own precision;
 * internal work uses that precision plus guard bits.  Outputs may not alias
 * inputs.
 */
#ifndef NHREF_ORACLE_H
#define NHREF_ORACLE_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_status.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * Precision: the solution is evaluated with PREC + guard bits internally;
 *            v, omega, phi to about PREC bits relative; x, y by composite
 *            Gauss–Legendre quadrature of v e^{i phi} (spec §5.3) to about
 *            PREC bits relative to max(1, |z|).
 * Returns:   NHREF_OK; NHREF_EPARAM if m <= 0, J < 0, J = a = 0 or a value is
 *            not finite (spec §1); NHREF_ENOMEM.
 * Cost:      O(1) closed-form constants; the quadrature nodes for PREC are
 *            computed here once (O(n^2) MPFR operations, n ~ PREC / 6).
 * Source:    spec §5.1 branches 1–3 (omega0 = 0; a = 0; general, including
 *            J = 0, a < 0, v0 = 0), §5.3 for the positions.
 */
int nhref_oracle_sleigh_new(nhref_oracle_sleigh_t **o, mpfr_srcptr p, mpfr_srcptr s0,
                            mpfr_prec_t prec);

/* nhref_oracle_sleigh_state -- the closed-form state S at time T (any sign).
 * Shapes:  s: 5 values, each rounded at its own precision (use >= PREC of _new).
 * Returns: NHREF_OK; NHREF_EDOMAIN if an intermediate overflows. */
int nhref_oracle_sleigh_state(mpfr_ptr s, nhref_oracle_sleigh_t *o, mpfr_srcptr t);

void nhref_oracle_sleigh_free(nhref_oracle_sleigh_t *o);

/* nhref_oracle_sleigh_integrals -- the first integrals (E, P1, P2, t0) of spec
 * §4 at state S and time T.
 * Shapes:  I: 4 values; p: 3; s: 5.
 * Returns: NHREF_OK; t0 is NaN (and the status still NHREF_OK) where it is
 *          undefined: a = 0 or omega = 0.  NHREF_EPARAM for invalid P.
 * Source:  spec §4 table: E = (m v^2 + IA omega^2)/2,
 *          P1 + i P2 = m (v + i rho omega) exp(i a phi / rho),
 *          t0 = t - (rho^2/(a c)) artanh(v/c), c = sqrt(2E/m). */
int nhref_oracle_sleigh_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);

/* nhref_oracle_sleigh_reaction -- the constraint reaction lambda = m J v omega / IA [N]
 * (spec §3.2) at state S.  Returns NHREF_OK or NHREF_EPARAM. */
int nhref_oracle_sleigh_reaction(mpfr_ptr lambda, mpfr_srcptr p, mpfr_srcptr s);

#ifdef __cplusplus
}
#endif

#endif /* NHREF_ORACLE_H */
