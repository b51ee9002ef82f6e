/* eval_mp.c -- the tape as a function f(t, x) in MPFR: one correctly rounded
 * MPFR operation per node.  Domain errors give NaN and a status, and the
 * evaluation goes on (outputs that do not depend on the bad node stay valid). */
#include "tape_internal.h"

/* Value of node I (order 0) from its arguments.  Returns NHREF_EDOMAIN when
 * the result is not a finite number. */
static int eval_node(nhref_tape_mp_t *ws, size_t i)
{
    const nhref_tape_node_t *nd = &ws->tape->node[i];
    mpfr_ptr w = nhref_tape_mp_node(ws, (nhref_node_t)i);
    mpfr_srcptr a = nd->a >= 0 ? nhref_tape_mp_node(ws, nd->a) : NULL;
    mpfr_srcptr b = nd->b >= 0 ? nhref_tape_mp_node(ws, nd->b) : NULL;
    const mpfr_rnd_t r = MPFR_RNDN;

    switch (nd->op) {
    case NHREF_OP_CONST:
    case NHREF_OP_TIME:
    case NHREF_OP_STATE:
        return NHREF_OK; /* set by the caller or at allocation */
    case NHREF_OP_PARAM:
        mpfr_set(w, ws->param + nd->n, r);
        break;
    case NHREF_OP_ADD:
        mpfr_add(w, a, b, r);
        break;
    case NHREF_OP_SUB:
        mpfr_sub(w, a, b, r);
        break;
    case NHREF_OP_NEG:
        mpfr_neg(w, a, r);
        break;
    case NHREF_OP_MUL:
        mpfr_mul(w, a, b, r);
        break;
    case NHREF_OP_SQR:
        mpfr_sqr(w, a, r);
        break;
    case NHREF_OP_DIV:
        mpfr_div(w, a, b, r);
        break;
    case NHREF_OP_SQRT:
        mpfr_sqrt(w, a, r);
        break;
    case NHREF_OP_SIN:
        mpfr_sin_cos(w, nhref_tape_mp_node(ws, nd->pair), a, r);
        break;
    case NHREF_OP_COS:
        return NHREF_OK; /* computed with its SIN partner, which comes first */
    case NHREF_OP_EXP:
        mpfr_exp(w, a, r);
        break;
    case NHREF_OP_LOG:
        mpfr_log(w, a, r);
        break;
    case NHREF_OP_ATAN:
        mpfr_atan(w, a, r);
        break;
    case NHREF_OP_ATANH:
        mpfr_atanh(w, a, r);
        break;
    case NHREF_OP_TANH:
        mpfr_tanh(w, a, r);
        break;
    case NHREF_OP_POWI:
        if (mpfr_zero_p(a) && nd->n < 0)
            mpfr_set_nan(w);
        else
            mpfr_pow_si(w, a, nd->n, r);
        break;
    default:
        mpfr_set_nan(w);
        break;
    }
    if (!mpfr_number_p(w)) {
        mpfr_set_nan(w);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_tape_mp_set_params(nhref_tape_mp_t *ws, mpfr_srcptr params)
{
    const nhref_tape_t *tape = ws->tape;
    int status = NHREF_OK;

    for (size_t i = 0; i < tape->nparam; i++)
        mpfr_set(ws->param + i, params + i, MPFR_RNDN);
    for (size_t i = 0; i < tape->nnodes; i++)
        if (tape->node[i].constant && eval_node(ws, i) != NHREF_OK)
            status = NHREF_EDOMAIN;
    return status;
}

void nhref_tape_mp_load_inputs(nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x)
{
    const nhref_tape_t *tape = ws->tape;

    if (tape->time != NHREF_NODE_INVALID)
        mpfr_set(nhref_tape_mp_node(ws, tape->time), t, MPFR_RNDN);
    for (size_t i = 0; i < tape->nstate; i++)
        mpfr_set(nhref_tape_mp_node(ws, tape->state[i]), x + i, MPFR_RNDN);
}

int nhref_tape_mp_eval(mpfr_ptr out, nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x)
{
    const nhref_tape_t *tape = ws->tape;
    int status = NHREF_OK;

    nhref_tape_mp_load_inputs(ws, t, x);
    for (size_t i = 0; i < tape->nnodes; i++)
        if (!tape->node[i].constant && eval_node(ws, i) != NHREF_OK)
            status = NHREF_EDOMAIN;
    for (size_t i = 0; i < tape->nout; i++) {
        mpfr_srcptr v = nhref_tape_mp_node(ws, tape->out[i]);
        mpfr_set(out + i, v, MPFR_RNDN);
        if (mpfr_nan_p(v))
            status = NHREF_EDOMAIN;
    }
    return status;
}
