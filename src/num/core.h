/* core.h -- the internal interfaces of the integration core for the number type
 * being compiled (include after num/num.h): the tape workspace type, the scheme
 * operations and the system helpers.  Every name here is per type (NUM_IN: _mp, _d,
 * _arb) and hidden from the library's users. */
#ifndef NHREF_NUM_CORE_H
#define NHREF_NUM_CORE_H

#include "num/num.h"

#include "nhref_integrate.h"
#include "nhref_model.h"
#include "nhref_scheme.h"
#include "nhref_tape.h"
#include "schemes/scheme.h"
#if NHREF_NUM == NHREF_NUM_ARB
#include "nhref_arb.h"
#endif

/* the tape workspace of this type: struct nhref_tape_mp, nhref_tape_d, nhref_tape_arb */
#define NUM_TAPE_STRUCT NHREF_CAT(nhref_tape_, NUM_TAPE_INFIX)
typedef struct NUM_TAPE_STRUCT tape_ws_t;

/* NUM_IN(nhref_system_params) -- P = the parameters of SYS (nparam values): their
 * decimal strings rounded to nearest (double, MPFR at P's precision) or enclosed
 * (Arb, at PREC bits).  NHREF_OK or NHREF_EPARSE. */
int NUM_IN(nhref_system_params)(num_ptr p, const nhref_system_t *sys, long prec);

/* NUM_IN(nhref_system_workspace) -- a workspace for TAPE (one of SYS's tapes, or one
 * derived from them) at PREC bits and jets to ORDER, with SYS's parameters set.
 * STRICT: a constant of the tape undefined for these parameters is NHREF_EDOMAIN (no
 * workspace); otherwise it evaluates as NaN (monitoring tapes).
 * Returns NHREF_OK or the status of the workspace or of the parameters. */
int NUM_IN(nhref_system_workspace)(tape_ws_t **ws, const nhref_system_t *sys,
                                   const nhref_tape_t *tape, long prec, unsigned order,
                                   int strict);

/* NUM_IN(nhref_tape_new_interpreted) -- NUM_TAPE_FN(new) without the generated jets:
 * the interpreter for every tape (the reference the generated jets are tested
 * against).  NUM_IN(nhref_tape_generated) -- the model whose generated jet WS uses, or
 * NULL (interpreted).  NUM_IN(nhref_tape_have_gen) -- nonzero if this type has
 * generated jets (double, unless configured without). */
int NUM_IN(nhref_tape_new_interpreted)(tape_ws_t **ws, const nhref_tape_t *tape, long prec,
                                       unsigned order);
const char *NUM_IN(nhref_tape_generated)(const tape_ws_t *ws);
int NUM_IN(nhref_tape_have_gen)(void);

/* NUM_IN(nhref_tape_gen_fma) -- which variant of the generated jets the workspaces made
 * from now on by the calling thread use (a test hook, for tests/check_tape.c only; the
 * setting is per thread): ON -1 the default (the FMA variant
 * where the CPU has FMA: fused multiply-adds in the sums, other last bits than the
 * interpreter), 0 the generic one (the interpreter's values, bit for bit), 1 the FMA
 * variant where the CPU has it.  Returns 1 if this build has FMA variants (double,
 * x86-64, GCC or Clang, generated jets) and this CPU can run them, else 0. */
int NUM_IN(nhref_tape_gen_fma)(int on);

/* The operations of one scheme in this number type: the scheme file (src/schemes/) is
 * compiled once per type and defines one such table; its descriptor (name, options)
 * is type independent (nhref_scheme.h). */
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
const scheme_ops_t *NUM_IN(nhref_scheme_ops)(const nhref_scheme_t *desc);

#endif /* NHREF_NUM_CORE_H */
