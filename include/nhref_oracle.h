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

NHREF_BEGIN_DECLS

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

/* ------------------------------------------------------------------ other models
 * Each model family's oracle API lives in its own header, included here. */
#include "nhref_oracle_skater.h"
#include "nhref_oracle_servo.h"
#include "nhref_oracle_wheeled.h"
#include "nhref_oracle_affine.h"
/* new oracle headers: one #include each above this line */

/* ------------------------------------------------------------------ registry
 * The oracles by model name, with one interface, for `nhref golden` and
 * `nhref verify`: a closed-form solution from an initial state (NULL where the
 * model has none), and the first integrals.  Vectors follow the model's state,
 * parameter and integral tables (the spec's order).
 */
typedef struct {
    const char *model;       /* the model it judges, e.g. "chaplygin_sleigh" */
    const char *description; /* what the closed form covers, one line */
    size_t nparam, nstate, nintegral;
    int (*solution_new)(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec);
    int (*solution_state)(mpfr_ptr s, void *sol, mpfr_srcptr t);
    void (*solution_free)(void *sol);
    int (*integrals)(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t);
} nhref_oracle_t;

/* solution_new returns NHREF_ENOTFOUND when the model has no closed form for
 * these parameters or this initial state (a closed form of some branches only):
 * then there is simply no closed-form route (nhref golden, nhref verify). */

/* The oracle of MODEL, or NULL if there is none. */
const nhref_oracle_t *nhref_oracle_find(const char *model);

/* The oracle registry (oracle/registry.c), in its order: nhref_oracle_count()
 * entries; nhref_oracle_get(i) is entry I, or NULL for i >= count.  Each entry
 * judges the registered model of its name, with that model's nparam, nstate and
 * nintegral (nhref_model_check and tests/check_model.c hold the two registries
 * together; the oracle itself calls nothing of src/). */
size_t nhref_oracle_count(void);
const nhref_oracle_t *nhref_oracle_get(size_t i);

/* ------------------------------------------------------------------ comparison
 * The one measure of agreement used by certification (`nhref golden`) and by
 * `nhref verify`: decimal digits of agreement of a value A with a reference B,
 * mixed absolute/relative with a scale S (DESIGN §4):
 *     digits(A, B) = -log10( |A - B| / max(|B|, S) ),
 * NHREF_ORACLE_DIGITS_EXACT when A = B, -Inf when either is NaN and the other
 * is not, NHREF_ORACLE_DIGITS_EXACT when both are NaN (an integral undefined on
 * both sides agrees).  S = 1 matches the integrators' error control
 * |error| <= tol max(1, |x|).
 */
#define NHREF_ORACLE_DIGITS_EXACT 1e6

/* nhref_oracle_agree_digits -- digits(A, B) with scale S (> 0), computed at the
 * larger of the operands' precisions plus 64 bits, returned as a double. */
double nhref_oracle_agree_digits(mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr s);

/* A column summary: the worst agreement over the rows seen so far. */
typedef struct {
    double digits;     /* min over rows of digits(a, b); NHREF_ORACLE_DIGITS_EXACT if none */
    double max_abs;    /* max |a - b| (as a double, 0 if none) */
    size_t worst_row;  /* row of the minimum */
    size_t rows;       /* rows compared (both defined or both NaN) */
    size_t nan_rows;   /* rows where exactly one side is NaN */
} nhref_oracle_column_t;

void nhref_oracle_column_init(nhref_oracle_column_t *c);
/* Add row ROW: A against the reference B, scale S. */
void nhref_oracle_column_add(nhref_oracle_column_t *c, size_t row, mpfr_srcptr a, mpfr_srcptr b,
                             mpfr_srcptr s);

NHREF_END_DECLS

#endif /* NHREF_ORACLE_H */
