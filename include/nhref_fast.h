/* nhref_fast.h -- the double-precision fast path: the same models (the same
 * tapes, interpreted in IEEE double) integrated by Taylor or Gauss–Legendre
 * schemes in double, for users who validate double-precision codes or sweep
 * many initial conditions.  How far it can be trusted is measured against the
 * golden data by the test suite (tests/check_fast.c).
 *
 * Differences from the MPFR integrators (nhref_integrate.h): no events and no
 * blow-up detection; the parameters are the system's decimal strings
 * correctly rounded to double; the state and time are updated with Kahan's
 * compensated summation.  The step loop allocates nothing.
 */
#ifndef NHREF_FAST_H
#define NHREF_FAST_H

#include <stddef.h>

#include "nhref_integrate.h"
#include "nhref_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *scheme;      /* "taylor" (default) or "gauss" */
    double tol;              /* mixed tolerance per step, |error| <= tol max(1, |x|_inf);
                                default 1e-15, at least 1e-16 */
    unsigned order;          /* Taylor order; 0 = ceil(-ln(tol)/2 + 1) (19 for 1e-15) */
    unsigned stages;         /* Gauss stages (order 2s); 0 = 8 (order 16, as IRKGL16) */
    unsigned long max_steps; /* 0 = no limit; default 10^8 */
    double h_fixed;          /* > 0: fixed step size, no error control */
    /* on_row: every output row of nhref_fast_grid as soon as it is known; a
     * non-zero return stops with NHREF_EIO.  With it, OUT may be NULL. */
    int (*on_row)(void *arg, size_t i, double t, const double *x);
    void *on_row_arg;
} nhref_fast_opts_t;

void nhref_fast_opts_default(nhref_fast_opts_t *opt);

typedef struct nhref_fast nhref_fast_t;

/* nhref_fast_new -- a double-precision integrator of SYS (current parameters).
 * Returns NHREF_OK; NHREF_EPARAM (parameters outside their range);
 * NHREF_ENOTFOUND (unknown scheme); NHREF_EINVAL (tol, order or stages out of
 * range); NHREF_EDOMAIN (a constant of the model undefined); NHREF_ENOMEM. */
int nhref_fast_new(nhref_fast_t **f, const nhref_system_t *sys, const nhref_fast_opts_t *opt);
void nhref_fast_free(nhref_fast_t *f);

/* nhref_fast_grid -- integrate from X0 at TGRID[0] through TGRID[i], i < N
 * (monotone); OUT: N rows of nstate doubles (row-major), by dense output
 * between steps.  Returns NHREF_OK (outcome REACHED), NHREF_EINVAL,
 * NHREF_EDOMAIN, NHREF_EMAXSTEPS, NHREF_ESTEP, NHREF_ENOCONV; rows up to
 * STATS->nrows are filled.  Cost: about nsteps K_eff N^2 / 2 flops (Taylor). */
int nhref_fast_grid(nhref_fast_t *f, double *out, const double *x0, const double *tgrid, size_t n,
                    nhref_stats_t *stats);

/* nhref_fast_until -- X from *T to T_END; on return X and *T hold where it stopped. */
int nhref_fast_until(nhref_fast_t *f, double *x, double *t, double t_end, nhref_stats_t *stats);

/* nhref_fast_integrals -- the model's first integrals at (T, X) in double (NaN
 * where undefined); NHREF_EINVAL if the model has none. */
int nhref_fast_integrals(nhref_fast_t *f, double *I, double t, const double *x);

#ifdef __cplusplus
}
#endif

#endif /* NHREF_FAST_H */
