/* model_oracle.c -- a model file's [solution] as a closed form (nhref_model_oracle):
 * the solution tape of model_compile.c evaluated in MPFR at the route's precision plus
 * guard bits, for `nhref golden`'s closed-form route and `nhref verify`. */
#include <stdlib.h>
#include <string.h>

#include "nhref_io.h"
#include "nhref_model_file.h"
#include "strutil.h"
#include "models/model_file_internal.h"

#define GUARD_BITS 32

typedef struct {
    nhref_tape_mp_t *ws;
    __mpfr_struct *x0, *out; /* the initial values and the outputs, at prec + guard */
    mpfr_t t;
    size_t ns;
} mf_sol_t;

static void sol_free(void *sol)
{
    mf_sol_t *s = sol;
    if (s == NULL)
        return;
    nhref_tape_mp_free(s->ws);
    nhref_vec_free(s->x0, s->ns);
    nhref_vec_free(s->out, s->ns);
    mpfr_clear(s->t);
    free(s);
}

/* the solution from S0 at time T0: the [solution] counts t from the initial state, so a
 * model whose equations read t (not autonomous) has it only from T0 = 0 */
static int sol_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t0, mpfr_prec_t prec,
                   const void *data)
{
    const nhref_model_file_t *mf = data;
    size_t ns = mf->model.nstate;
    mpfr_prec_t wp = prec + GUARD_BITS;
    mf_sol_t *s;
    int status;

    *sol = NULL;
    if (mf->solution == NULL || ((mf->rhs_reads & NHREF_TAPE_READS_TIME) && !mpfr_zero_p(t0)))
        return NHREF_ENOTFOUND;
    if ((s = calloc(1, sizeof *s)) == NULL)
        return NHREF_ENOMEM;
    s->ns = ns;
    mpfr_init2(s->t, wp);
    s->x0 = nhref_vec_new(ns, wp);
    s->out = nhref_vec_new(ns, wp);
    status = s->x0 == NULL || s->out == NULL ? NHREF_ENOMEM
                                             : nhref_tape_mp_new(&s->ws, mf->solution, wp, 0);
    /* also without parameters: the tape's constant nodes are computed here */
    if (status == NHREF_OK &&
        nhref_tape_mp_set_params(s->ws, mf->model.nparam > 0 ? p : s->t) != NHREF_OK)
        status = NHREF_EDOMAIN; /* a constant of the solution is undefined */
    if (status != NHREF_OK) {
        sol_free(s);
        return status;
    }
    for (size_t k = 0; k < ns; k++)
        mpfr_set(s->x0 + k, s0 + k, MPFR_RNDN);
    *sol = s;
    return NHREF_OK;
}

/* S = the solution at T after the initial state; NHREF_EDOMAIN where it is undefined */
static int sol_state(mpfr_ptr out, void *sol, mpfr_srcptr t)
{
    mf_sol_t *s = sol;
    int status;
    mpfr_set(s->t, t, MPFR_RNDN);
    status = nhref_tape_mp_eval(s->out, s->ws, s->t, s->x0);
    for (size_t k = 0; k < s->ns; k++) {
        mpfr_set(out + k, s->out + k, MPFR_RNDN);
        if (mpfr_nan_p(out + k))
            status = NHREF_EDOMAIN;
    }
    return status;
}

void mf_oracle_init(nhref_model_file_t *mf)
{
    memset(&mf->oracle, 0, sizeof mf->oracle);
    mf->oracle.model = mf->model.name;
    mf->oracle.description = "the model file's [solution], evaluated at the route's precision";
    mf->oracle.nparam = mf->model.nparam;
    mf->oracle.nstate = mf->model.nstate;
    mf->oracle.solution_state = sol_state;
    mf->oracle.solution_free = sol_free;
    mf->oracle.solution_new_data = sol_new;
    mf->oracle.data = mf;
}

const nhref_oracle_t *nhref_model_oracle(const nhref_model_t *m)
{
    const nhref_model_file_t *mf;
    if (m == NULL)
        return NULL;
    if (m->build != mf_build)
        return nhref_oracle_find(m->name);
    mf = m->data;
    return mf->solution != NULL ? &mf->oracle : NULL;
}
