/* scheme_num.h -- the operations of one scheme in the number type being compiled
 * (include after num/num.h, in a source compiled once per type with NHREF_NUM;
 * private, not installed).  A scheme file (src/schemes/) is compiled once per type and
 * defines one such table; its descriptor (name, options) is type independent
 * (nhref_scheme.h), and so is what it is given and reports (schemes/scheme.h). */
#ifndef NHREF_SCHEMES_SCHEME_NUM_H
#define NHREF_SCHEMES_SCHEME_NUM_H

#include "num/num.h"

#include "nhref_model.h"
#include "nhref_scheme.h"
#include "schemes/scheme.h"

typedef struct {
    const nhref_scheme_t *desc;

    /* alloc -- a scheme state for SYS (its parameters are read now) into *ST.
     * Returns NHREF_OK, NHREF_EINVAL (an option out of range), NHREF_EDOMAIN (a
     * constant of the model undefined for these parameters), NHREF_ENOMEM. */
    int (*alloc)(void **st, const nhref_system_t *sys, const nhref_scheme_opts_t *opts);

    /* step -- one step from (*T, X) towards *T + H_MAX: a step h with the sign of
     * H_MAX and |h| <= |H_MAX|, chosen to meet the tolerance (exactly H_MAX with a
     * fixed step).  On success *T and X are advanced and the step is kept for dense;
     * INFO->full says whether h = H_MAX.  Returns NHREF_OK; NHREF_EDOMAIN if f is
     * undefined at (*T, X) (nothing changed); NHREF_ESTEP if the step size the
     * tolerance asks for vanishes at the working precision; NHREF_ENOCONV if an
     * implicit scheme's iteration fails at every step size tried. */
    int (*step)(void *st, num_ptr t, num_ptr x, num_srcptr h_max, nhref_step_info_t *info);

    /* dense -- X = the state at time T within the last successful step (between its
     * start and end, inclusive), to the step's accuracy. */
    int (*dense)(void *st, num_ptr x, num_srcptr t);

    /* reset -- forget everything carried from step to step (step-size history,
     * compensation): called at the start of every integration. */
    void (*reset)(void *st);

    /* order -- the order of the method as configured (Taylor: N; Gauss: 2s) */
    unsigned (*order)(const void *st);

    void (*free)(void *st);
} scheme_ops_t;

/* the operations of the scheme DESC in this type (every registered scheme has them) */
/* nhref_scheme_ops_mp, nhref_scheme_ops_d, nhref_scheme_ops_arb */
const scheme_ops_t *NUM_IN(nhref_scheme_ops)(const nhref_scheme_t *desc);

#endif /* NHREF_SCHEMES_SCHEME_NUM_H */
