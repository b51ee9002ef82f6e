/* fast_scheme.h -- the interface of the double-precision schemes (private):
 * like nhref_scheme_type_t, in double.  Registered in fast_schemes.def. */
#ifndef NHREF_FAST_SCHEME_H
#define NHREF_FAST_SCHEME_H

#include "nhref_fast.h"
#include "nhref_scheme.h"

typedef struct {
    const char *name;
    /* a state for SYS with parameters P (nparam doubles) and options OPT */
    int (*alloc)(void **st, const nhref_system_t *sys, const double *p,
                 const nhref_fast_opts_t *opt);
    /* one step from (*T, X) towards *T + H_MAX (|h| <= |h_max|, exactly h_max
     * if opt->h_fixed); statuses as nhref_scheme_type_t's step */
    int (*step)(void *st, double *t, double *x, double h_max, nhref_step_info_t *info);
    /* X at time T within the last step */
    int (*dense)(void *st, double *x, double t);
    /* forget what is carried between steps; called at the start of every integration */
    void (*reset)(void *st);
    void (*free)(void *st);
} nhref_fast_scheme_t;

const nhref_fast_scheme_t *nhref_fast_scheme_find(const char *name);

#endif /* NHREF_FAST_SCHEME_H */
