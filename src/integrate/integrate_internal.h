/* integrate_internal.h -- what the drivers of integrate/ share (private, not
 * installed): the statistics of a run (stats.c), and the test hook of the validated
 * integrator (proven.c). */
#ifndef NHREF_INTEGRATE_INTERNAL_H
#define NHREF_INTEGRATE_INTERNAL_H

#include "nhref_integrate.h"
#include "schemes/scheme.h"

/* Statistics of the drivers (integrate/stats.c): a fresh record; one step taken
 * (LAST: the step that reached the end, whose clipped size says nothing of h_min). */
void nhref_stats_start(nhref_stats_t *s);
void nhref_stats_step(nhref_stats_t *s, const nhref_step_info_t *info, int last);

/* nhref_digits_prec -- the one rule of digits and precision (options.c): the precision
 * ceil(DIGITS log2 10) + NHREF_GUARD_BITS for DIGITS digits; the digits BITS log10 2 - 1
 * that a precision alone implies. */
long nhref_digits_prec(double digits);
double nhref_prec_digits(long bits);

/* nhref_integrator_limit_steps -- IG's step limit (nhref_options_t.max_steps) set to
 * MAX_STEPS for its next integrations (0: none): nhref_lyapunov gives each of its
 * intervals what is left of the run's limit.  MPFR integrators (driver.c). */
void nhref_integrator_limit_steps(nhref_integrator_t *ig, unsigned long max_steps);

/* ---------------------------------------------------------------- test hooks
 * For the tests only (they link the static libnhrefcore; not exported).
 *
 * nhref_proven_test_scale_remainder -- PV's Lagrange remainder term, in every step
 * and dense row, is multiplied by K (1 after nhref_proven_new).  Only for
 * tests/check_proven.c, which sets 0 to show that dropping the remainder makes
 * the containment tests fail: any K != 1 breaks the proof.  A setting of one
 * integrator, not a global: other integrators, in any thread, are unaffected. */
struct nhref_proven;
void nhref_proven_test_scale_remainder(struct nhref_proven *pv, double k);

#endif /* NHREF_INTEGRATE_INTERNAL_H */
