/* jet_mp.c -- Taylor coefficients of the solution of x' = f(t, x) in MPFR,
 * order by order: the coefficients of order k of every node, then
 * x_{k+1} = f_k / (k + 1).  Constant nodes keep their order-0 value and zeros. */
#include "tape_internal.h"

/* Coefficient K of node I. */
static int jet_node(nhref_tape_mp_t *ws, size_t i, unsigned k)
{
    const nhref_tape_t *tape = ws->tape;
    const nhref_tape_node_t *nd = &tape->node[i];
    mpfr_ptr w = nhref_tape_mp_node(ws, (nhref_node_t)i);
    mpfr_srcptr a = nd->a >= 0 ? nhref_tape_mp_node(ws, nd->a) : NULL;
    mpfr_srcptr b = nd->b >= 0 ? nhref_tape_mp_node(ws, nd->b) : NULL;
    mpfr_ptr *aux = ws->auxp + ws->aux_first[i];
    nhref_jet_ws_t *jw = &ws->jws;
    const mpfr_rnd_t r = MPFR_RNDN;

    switch (nd->op) {
    case NHREF_OP_CONST:
    case NHREF_OP_PARAM:
    case NHREF_OP_TIME:
    case NHREF_OP_STATE:
        return NHREF_OK;
    case NHREF_OP_ADD:
        return nhref_jet_add(w, a, b, k, r);
    case NHREF_OP_SUB:
        return nhref_jet_sub(w, a, b, k, r);
    case NHREF_OP_NEG:
        return nhref_jet_neg(w, a, k, r);
    case NHREF_OP_MUL:
        if (tape->node[nd->a].constant)
            return nhref_jet_mul_scalar(w, a, b, k, r);
        if (tape->node[nd->b].constant)
            return nhref_jet_mul_scalar(w, b, a, k, r);
        return nhref_jet_mul(w, a, b, k, jw, r);
    case NHREF_OP_SQR:
        return nhref_jet_sqr(w, a, k, jw, r);
    case NHREF_OP_DIV:
        if (tape->node[nd->b].constant) { /* w_k = u_k / v_0 */
            mpfr_div(w + k, a + k, b, r);
            return mpfr_number_p(w + k) ? NHREF_OK : NHREF_EDOMAIN;
        }
        return nhref_jet_div(w, a, b, k, jw, r);
    case NHREF_OP_SQRT:
        return nhref_jet_sqrt(w, a, k, jw, r);
    case NHREF_OP_SIN:
        return nhref_jet_sincos(w, nhref_tape_mp_node(ws, nd->pair), a, k, jw, r);
    case NHREF_OP_COS:
        return NHREF_OK; /* with its SIN partner, which comes first */
    case NHREF_OP_EXP:
        return nhref_jet_exp(w, a, k, jw, r);
    case NHREF_OP_LOG:
        return nhref_jet_log(w, a, k, jw, r);
    case NHREF_OP_ATAN:
        return nhref_jet_atan(w, aux[0], a, k, jw, r);
    case NHREF_OP_ATANH:
        return nhref_jet_atanh(w, aux[0], a, k, jw, r);
    case NHREF_OP_TANH:
        return nhref_jet_tanh(w, aux[0], a, k, jw, r);
    case NHREF_OP_POWI:
        return nhref_jet_pow_si(w, aux, a, nd->n, k, jw, r);
    default:
        return NHREF_ETAPE;
    }
}

int nhref_tape_mp_ode_jet(nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x, unsigned order)
{
    const nhref_tape_t *tape = ws->tape;

    if (order > ws->order || tape->nout < tape->nstate)
        return NHREF_EINVAL;
    nhref_tape_mp_load_inputs(ws, t, x);
    for (unsigned k = 0; k < order; k++) {
        for (size_t i = 0; i < tape->nnodes; i++) {
            int status;
            if (tape->node[i].constant)
                continue;
            status = jet_node(ws, i, k);
            if (status != NHREF_OK)
                return status;
        }
        for (size_t i = 0; i < tape->nstate; i++) {
            mpfr_ptr xi = nhref_tape_mp_node(ws, tape->state[i]);
            mpfr_srcptr fi = nhref_tape_mp_node(ws, tape->out[i]);
            mpfr_div_ui(xi + k + 1, fi + k, k + 1, MPFR_RNDN);
        }
    }
    return NHREF_OK;
}
