/* nhref_scheme.h -- the scheme interface: a scheme is one file in src/schemes/
 * defining one `const nhref_scheme_type_t`, registered by one line in
 * src/schemes/schemes.def.  The scheme battery of the tests loops over the
 * registry, so a new scheme is tested by registering it.
 *
 * A scheme takes one step at a time from (t, x) and keeps what it needs for
 * dense output over that step; the driver (nhref_integrate.h) chooses where
 * to stop, fills output grids and keeps the statistics.
 */
#ifndef NHREF_SCHEME_H
#define NHREF_SCHEME_H

#include <mpfr.h>

#include "nhref_model.h"
#include "nhref_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a scheme is asked for at allocation. */
typedef struct {
    mpfr_prec_t prec; /* working precision [bits] of t, x and every internal value */
    double digits;    /* tolerance 10^-digits, mixed: |error| <= tol * max(1, |x|_inf) */
    unsigned order;   /* Taylor order; 0 = from the tolerance */
    unsigned stages;  /* collocation stages; 0 = from the precision */
    int fixed_step;   /* 1: take exactly the step the driver offers (|h| = |h_max|),
                         no error control (order studies) */
} nhref_scheme_opts_t;

/* What one step reports. */
typedef struct {
    double h;       /* the step taken (signed), rounded to double */
    unsigned order; /* the order used */
    double lrho;    /* ln of the estimated radius of convergence of the solution at the
                       step's start (distance to the nearest singularity in the complex
                       t plane), or NaN if the scheme has no estimate */
    double lnorm;   /* ln max(1, |x|_inf) at the step's start, or NaN */
} nhref_step_info_t;

/* capability flags */
enum {
    NHREF_SCHEME_DENSE = 1u << 0,   /* dense output over the last step */
    NHREF_SCHEME_ADAPTIVE = 1u << 1 /* chooses its own step size */
};

typedef struct nhref_scheme_type {
    const char *name;        /* "taylor", "gauss" */
    const char *description; /* one line */
    unsigned flags;

    /* alloc -- a scheme state for SYS (its parameters are read now, at
     * OPTS->prec) into *ST.  Returns NHREF_OK, NHREF_EINVAL for options out of
     * range, NHREF_EDOMAIN if a constant of the model is undefined for these
     * parameters, NHREF_ENOMEM. */
    int (*alloc)(void **st, const nhref_system_t *sys, const nhref_scheme_opts_t *opts);

    /* step -- one step from (*T, X) towards *T + H_MAX: a step h with the sign
     * of H_MAX and |h| <= |H_MAX|, chosen to meet the tolerance.  On success
     * *T and X are advanced and the step is kept for dense.  Returns NHREF_OK;
     * NHREF_EDOMAIN if f is undefined at (*T, X) (nothing changed);
     * NHREF_ESTEP if the step size the tolerance asks for vanishes at the
     * working precision; NHREF_ENOCONV if an implicit scheme's iteration fails
     * at every step size tried. */
    int (*step)(void *st, mpfr_ptr t, mpfr_ptr x, mpfr_srcptr h_max, nhref_step_info_t *info);

    /* dense -- X = the state at time T within the last successful step
     * (between its start and end, inclusive), to the step's accuracy. */
    int (*dense)(void *st, mpfr_ptr x, mpfr_srcptr t);

    /* reset -- forget everything carried from step to step (step-size history,
     * compensation): called by the driver at the start of every integration, so a
     * run does not depend on the runs before it.  NULL: nothing to forget. */
    void (*reset)(void *st);

    void (*free)(void *st);
} nhref_scheme_type_t;

/* The registry, in the order of schemes.def. */
size_t nhref_scheme_count(void);
const nhref_scheme_type_t *nhref_scheme_get(size_t i);
/* The scheme named NAME, or NULL. */
const nhref_scheme_type_t *nhref_scheme_find(const char *name);

#ifdef __cplusplus
}
#endif

#endif /* NHREF_SCHEME_H */
