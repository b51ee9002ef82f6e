/* nhref_fast.h -- the double-precision fast path: the same models (the same tapes,
 * interpreted in IEEE double), the same schemes and the same driver as the MPFR
 * integrators of nhref_integrate.h -- one source compiled for both number types --
 * for users who validate double-precision codes or sweep many initial conditions.
 * How far it can be trusted is measured against the golden data by the test suite
 * (tests/check_fast.c).
 *
 * Everything nhref_integrate.h says holds here, with `double` for `mpfr_t`: events
 * (located on the dense output to double precision), the blow-up outcome, the model's
 * initial-state checks (evaluated on the double values), dense output, statistics and
 * progress.  Differences: the working precision is 53 bits; the tolerance is
 * 10^-digits with digits at most 16 (default 15); the parameters are the system's
 * decimal strings correctly rounded to double (nhref_fast_check_params says when
 * that changes the model); the state and time are updated with Kahan's compensated
 * summation.  The step loop allocates nothing.
 *
 * Usage:
 *     nhref_options_t opt;
 *     nhref_options_default(&opt);  opt.digits = 12;
 *     nhref_integrator_new_d(&ig, sys, &opt);
 *     nhref_integrate_grid_d(ig, out, x0, tgrid, n, &stats);
 */
#ifndef NHREF_FAST_H
#define NHREF_FAST_H

#include <stddef.h>

#include "nhref_integrate.h"
#include "nhref_model.h"
#include "nhref_status.h"

NHREF_BEGIN_DECLS

typedef struct nhref_integrator_d nhref_integrator_d_t;

/* nhref_integrator_new_d -- as nhref_integrator_new, in double.  OPT->prec must be
 * 0 or 53 and OPT->digits in [1, 16] (0: 15), else NHREF_EINVAL. */
int nhref_integrator_new_d(nhref_integrator_d_t **ig, const nhref_system_t *sys,
                           const nhref_options_t *opt);
void nhref_integrator_free_d(nhref_integrator_d_t *ig);

long nhref_integrator_prec_d(const nhref_integrator_d_t *ig);
double nhref_integrator_digits_d(const nhref_integrator_d_t *ig);
const nhref_scheme_t *nhref_integrator_scheme_d(const nhref_integrator_d_t *ig);
const nhref_system_t *nhref_integrator_system_d(const nhref_integrator_d_t *ig);
unsigned nhref_integrator_order_d(const nhref_integrator_d_t *ig);

/* Row and event callbacks, as nhref_integrator_on_row / _on_event. */
void nhref_integrator_on_row_d(nhref_integrator_d_t *ig,
                               int (*fn)(void *arg, size_t i, const double *t, const double *x),
                               void *arg);
void nhref_integrator_on_event_d(nhref_integrator_d_t *ig,
                                 void (*fn)(void *arg, size_t k, const double *t,
                                            const double *x),
                                 void *arg);

/* nhref_fast_check_params -- do SYS's parameters rounded to double define the model
 * that their decimal strings define, as far as it matters at the start (T0, X0)?
 * The double path rounds every parameter to the nearest double; where a coefficient
 * of the model is ill-conditioned in the parameters (a realizability determinant
 * that they make nearly 0, e.g. suslov_servo with b1 = 2.91, b2 = 0,
 * b3 = 0.37500000000000000000000000001: D = 2.91e-29 in decimal, -2.2e-16 in
 * double), the double model is another model: the MPFR path sees a blow-up at
 * t = 3e-29, the double path none.  The rule, two tests:
 *   (a) the model's admissibility checks (nhref_system_check: ranges,
 *       realizability) on the parameters rounded to double, taken as exact values;
 *   (b) the right-hand side f at (T0, X0) with the decimal parameters (MPFR, 256
 *       bits) and with the double parameters (double): for every state component,
 *       |f_double - f_decimal| <= NHREF_FAST_PARAM_TOL max(1, |f_decimal|_inf),
 *       and f_double defined wherever f_decimal is.  Double rounding changes f by
 *       about 1e-16 relative on well-conditioned models; 1e-10 leaves six orders of
 *       magnitude to their conditioning, and is far above the fast path's
 *       tolerance (1e-13 to 1e-15), so a failing model cannot be trusted to it.
 * REL (NULL allowed) receives the relative difference of (b) (NaN if not reached,
 * inf if f_double is undefined); WHY (LEN bytes, NULL allowed) why it failed.
 * Shapes:    x0: nstate doubles.
 * Returns:   NHREF_OK; NHREF_EPARAM (a test failed: WHY says which, with the
 *            values); NHREF_EDOMAIN if f is undefined at (T0, X0) with the decimal
 *            parameters (nothing to compare: the integrators report it);
 *            NHREF_EPARSE if a parameter is not a decimal number; NHREF_ENOMEM.
 * Cost:      one evaluation of f at 256 bits and one in double; the model's check.
 * nhref_integrator_new_d does not run it (it has no initial state): call it first, as
 * nhref run --fast does (it refuses a failing case, exit status 2). */
#define NHREF_FAST_PARAM_TOL 1e-10
int nhref_fast_check_params(const nhref_system_t *sys, double t0, const double *x0, double *rel,
                            char *why, size_t len);

/* nhref_integrate_grid_d -- as nhref_integrate_grid: from X0 at TGRID[0] through
 * TGRID[i], i < N (monotone); OUT: N rows of nstate doubles (row-major), or NULL with
 * a row callback.  Same statuses and outcomes (REACHED, EVENT, BLOWUP, UNDERFLOW, FAILED).
 * Cost: about nsteps K_eff N^2 / 2 flops (Taylor). */
int nhref_integrate_grid_d(nhref_integrator_d_t *ig, double *out, const double *x0,
                           const double *tgrid, size_t n, nhref_stats_t *stats);

/* nhref_integrate_until_d -- X from *T to T_END; on return X and *T hold where it
 * stopped (the end, a terminal event, a blow-up or an error). */
int nhref_integrate_until_d(nhref_integrator_d_t *ig, double *x, double *t, const double *t_end,
                            nhref_stats_t *stats);

/* The time and state where the last integration stopped. */
void nhref_integrator_state_d(const nhref_integrator_d_t *ig, double *t, double *x);

/* nhref_integrator_integrals_d -- the model's first integrals at (T, X) in double
 * (NaN where undefined); NHREF_EINVAL if the model has none. */
int nhref_integrator_integrals_d(nhref_integrator_d_t *ig, double *I, const double *t,
                                 const double *x);

NHREF_END_DECLS

#endif /* NHREF_FAST_H */
