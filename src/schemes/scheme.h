/* scheme.h -- what every scheme is given at allocation, and the parsing of a scheme's
 * own options (internal, type independent). */
#ifndef NHREF_SCHEMES_SCHEME_H
#define NHREF_SCHEMES_SCHEME_H

#include <stddef.h>

#include "nhref_scheme.h"

typedef struct {
    long prec;       /* working precision [bits] of t, x and every internal value */
    double digits;   /* tolerance 10^-digits, mixed: |error| <= tol * max(1, |x|_inf) */
    int fixed_step;  /* 1: take exactly the step the driver offers, no error control */
    const char *opt; /* the scheme's own options, "NAME=VALUE[,NAME=VALUE]..." (checked
                        by nhref_scheme_check_opts), or NULL */
} nhref_scheme_opts_t;

/* What one step reports to the driver. */
typedef struct {
    double h;       /* the step taken (signed), rounded to double */
    unsigned order; /* the order used */
    double lrho;    /* ln of the estimated radius of convergence of the solution at the
                       step's start (distance to the nearest singularity in the complex
                       t plane), or NaN if the scheme has no estimate */
    double lnorm;   /* ln max(1, |x|_inf) at the step's start, or NaN */
    int full;       /* 1 if the step taken is the whole h_max offered */
} nhref_step_info_t;

/* nhref_scheme_opt_ulong -- *V = the value of option NAME in OPT (a list checked by
 * nhref_scheme_check_opts), or DEF if it is not given.  Returns NHREF_OK or
 * NHREF_EINVAL (not a whole number in the option's range [LO, HI]). */
int nhref_scheme_opt_ulong(unsigned long *v, const char *opt, const char *name, unsigned long def,
                           unsigned long lo, unsigned long hi);

#endif /* NHREF_SCHEMES_SCHEME_H */
