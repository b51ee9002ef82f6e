/* interp_d.c -- the tape in IEEE double (the fast path): workspace, plain
 * evaluation and Taylor coefficients, mirroring workspace_mp.c, eval_mp.c and
 * jet_mp.c with the double kernels of nhref_jet.h. */
#include "tape_internal.h"

#include <math.h>
#include <stdlib.h>

#include "internal.h"

void nhref_tape_d_free(nhref_tape_d_t *ws)
{
    if (ws == NULL)
        return;
    free(ws->coef);
    free(ws->aux);
    free(ws->auxp);
    free(ws->aux_first);
    free(ws->param);
    free(ws->prog);
    free(ws);
}

/* the flat program: every non-constant operation with resolved series */
static int compile(nhref_tape_d_t *ws)
{
    const nhref_tape_t *tape = ws->tape;
    ws->prog = malloc((tape->nnodes ? tape->nnodes : 1) * sizeof *ws->prog);
    if (ws->prog == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < tape->nnodes; i++) {
        const nhref_tape_node_t *nd = &tape->node[i];
        nhref_instr_d_t *p = &ws->prog[ws->nprog];
        if (nd->constant || nd->op == NHREF_OP_CONST || nd->op == NHREF_OP_PARAM ||
            nd->op == NHREF_OP_TIME || nd->op == NHREF_OP_STATE || nd->op == NHREF_OP_COS)
            continue;
        p->op = nd->op;
        p->node = i;
        p->w = nhref_tape_d_node(ws, (nhref_node_t)i);
        p->w2 = nd->op == NHREF_OP_SIN ? nhref_tape_d_node(ws, nd->pair) : NULL;
        p->a = nd->a >= 0 ? nhref_tape_d_node(ws, nd->a) : NULL;
        p->b = nd->b >= 0 ? nhref_tape_d_node(ws, nd->b) : NULL;
        if (nd->op == NHREF_OP_MUL && tape->node[nd->b].constant) { /* constant first */
            const double *t = p->a;
            p->a = p->b;
            p->b = t;
        }
        if (nd->op == NHREF_OP_MUL && tape->node[nd->a].constant && tape->node[nd->b].constant)
            ; /* cannot happen: the node would be constant */
        else if (nd->op == NHREF_OP_MUL && (tape->node[nd->a].constant || tape->node[nd->b].constant))
            p->op = NHREF_DOP_MULC;
        if (nd->op == NHREF_OP_DIV && tape->node[nd->b].constant)
            p->op = NHREF_DOP_DIVC;
        ws->nprog++;
    }
    return NHREF_OK;
}

int nhref_tape_d_new(nhref_tape_d_t **wsp, const nhref_tape_t *tape, unsigned order)
{
    nhref_tape_d_t *ws;
    size_t nn = tape->nnodes;
    mpfr_t c;

    *wsp = NULL;
    if (nhref_tape_status(tape) != NHREF_OK)
        return NHREF_ETAPE;
    ws = calloc(1, sizeof *ws);
    if (ws == NULL)
        return NHREF_ENOMEM;
    ws->tape = tape;
    ws->order = order;
    ws->len = (size_t)order + 1;
    ws->aux_first = malloc((nn ? nn : 1) * sizeof *ws->aux_first);
    for (size_t i = 0; i < nn && ws->aux_first != NULL; i++) {
        ws->aux_first[i] = ws->naux;
        ws->naux += nhref_tape_node_naux(&tape->node[i]);
    }
    ws->coef = calloc((nn ? nn : 1) * ws->len, sizeof *ws->coef);
    ws->aux = calloc((ws->naux ? ws->naux : 1) * ws->len, sizeof *ws->aux);
    ws->auxp = malloc((ws->naux ? ws->naux : 1) * sizeof *ws->auxp);
    ws->param = calloc(tape->nparam ? tape->nparam : 1, sizeof *ws->param);
    if (ws->aux_first == NULL || ws->coef == NULL || ws->aux == NULL || ws->auxp == NULL ||
        ws->param == NULL) {
        nhref_tape_d_free(ws);
        return NHREF_ENOMEM;
    }
    for (size_t k = 0; k < ws->naux; k++)
        ws->auxp[k] = ws->aux + k * ws->len;
    for (size_t i = 0; i < tape->nparam; i++)
        ws->param[i] = NAN;
    /* constants: the decimal string correctly rounded to double; t series t + h */
    mpfr_init2(c, 53);
    for (size_t i = 0; i < nn; i++) {
        const nhref_tape_node_t *nd = &tape->node[i];
        if (nd->op == NHREF_OP_CONST) {
            nhref_decimal_set(c, nd->str);
            nhref_tape_d_node(ws, (nhref_node_t)i)[0] = mpfr_get_d(c, MPFR_RNDN);
        }
        if (nd->op == NHREF_OP_TIME && order >= 1)
            nhref_tape_d_node(ws, (nhref_node_t)i)[1] = 1;
    }
    mpfr_clear(c);
    if (compile(ws) != NHREF_OK) {
        nhref_tape_d_free(ws);
        return NHREF_ENOMEM;
    }
    *wsp = ws;
    return NHREF_OK;
}

/* value of node I (order 0); NHREF_EDOMAIN when not finite */
static int eval_node(nhref_tape_d_t *ws, size_t i)
{
    const nhref_tape_node_t *nd = &ws->tape->node[i];
    double *w = nhref_tape_d_node(ws, (nhref_node_t)i);
    double a = nd->a >= 0 ? nhref_tape_d_node(ws, nd->a)[0] : 0;
    double b = nd->b >= 0 ? nhref_tape_d_node(ws, nd->b)[0] : 0;

    switch (nd->op) {
    case NHREF_OP_CONST:
    case NHREF_OP_TIME:
    case NHREF_OP_STATE:
    case NHREF_OP_COS: /* with its SIN partner */
        return NHREF_OK;
    case NHREF_OP_PARAM:
        w[0] = ws->param[nd->n];
        break;
    case NHREF_OP_ADD:
        w[0] = a + b;
        break;
    case NHREF_OP_SUB:
        w[0] = a - b;
        break;
    case NHREF_OP_NEG:
        w[0] = -a;
        break;
    case NHREF_OP_MUL:
        w[0] = a * b;
        break;
    case NHREF_OP_SQR:
        w[0] = a * a;
        break;
    case NHREF_OP_DIV:
        w[0] = a / b;
        break;
    case NHREF_OP_SQRT:
        w[0] = a < 0 ? NAN : sqrt(a);
        break;
    case NHREF_OP_SIN:
        w[0] = sin(a);
        nhref_tape_d_node(ws, nd->pair)[0] = cos(a);
        break;
    case NHREF_OP_EXP:
        w[0] = exp(a);
        break;
    case NHREF_OP_LOG:
        w[0] = a > 0 ? log(a) : NAN;
        break;
    case NHREF_OP_ATAN:
        w[0] = atan(a);
        break;
    case NHREF_OP_ATANH:
        w[0] = fabs(a) < 1 ? atanh(a) : NAN;
        break;
    case NHREF_OP_TANH:
        w[0] = tanh(a);
        break;
    case NHREF_OP_POWI:
        if (a == 0 && nd->n < 0) {
            w[0] = NAN;
        } else {
            /* repeated squaring, as the kernel does at order 0 */
            double r = 1, base = nd->n < 0 ? 1 / a : a;
            unsigned long e = nd->n < 0 ? (unsigned long)(-(nd->n + 1)) + 1 : (unsigned long)nd->n;
            for (; e; e >>= 1, base *= base)
                if (e & 1)
                    r *= base;
            w[0] = r;
        }
        break;
    default:
        w[0] = NAN;
        break;
    }
    if (!isfinite(w[0])) {
        w[0] = NAN;
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_tape_d_set_params(nhref_tape_d_t *ws, const double *params)
{
    const nhref_tape_t *tape = ws->tape;
    int status = NHREF_OK;
    for (size_t i = 0; i < tape->nparam; i++)
        ws->param[i] = params[i];
    for (size_t i = 0; i < tape->nnodes; i++)
        if (tape->node[i].constant && eval_node(ws, i) != NHREF_OK)
            status = NHREF_EDOMAIN;
    return status;
}

static void load_inputs(nhref_tape_d_t *ws, double t, const double *x)
{
    const nhref_tape_t *tape = ws->tape;
    if (tape->time != NHREF_NODE_INVALID)
        nhref_tape_d_node(ws, tape->time)[0] = t;
    for (size_t i = 0; i < tape->nstate; i++)
        nhref_tape_d_node(ws, tape->state[i])[0] = x[i];
}

int nhref_tape_d_eval(double *out, nhref_tape_d_t *ws, double t, const double *x)
{
    const nhref_tape_t *tape = ws->tape;
    int status = NHREF_OK;
    load_inputs(ws, t, x);
    for (size_t i = 0; i < tape->nnodes; i++)
        if (!tape->node[i].constant && eval_node(ws, i) != NHREF_OK)
            status = NHREF_EDOMAIN;
    for (size_t i = 0; i < tape->nout; i++) {
        out[i] = nhref_tape_d_node(ws, tape->out[i])[0];
        if (isnan(out[i]))
            status = NHREF_EDOMAIN;
    }
    return status;
}

static int jet_node(nhref_tape_d_t *ws, size_t i, unsigned k)
{
    const nhref_tape_t *tape = ws->tape;
    const nhref_tape_node_t *nd = &tape->node[i];
    double *w = nhref_tape_d_node(ws, (nhref_node_t)i);
    const double *a = nd->a >= 0 ? nhref_tape_d_node(ws, nd->a) : NULL;
    const double *b = nd->b >= 0 ? nhref_tape_d_node(ws, nd->b) : NULL;
    double **aux = ws->auxp + ws->aux_first[i];

    switch (nd->op) {
    case NHREF_OP_CONST:
    case NHREF_OP_PARAM:
    case NHREF_OP_TIME:
    case NHREF_OP_STATE:
    case NHREF_OP_COS:
        return NHREF_OK;
    case NHREF_OP_ADD:
        return nhref_jet_add_d(w, a, b, k);
    case NHREF_OP_SUB:
        return nhref_jet_sub_d(w, a, b, k);
    case NHREF_OP_NEG:
        return nhref_jet_neg_d(w, a, k);
    case NHREF_OP_MUL:
        if (tape->node[nd->a].constant)
            return nhref_jet_mul_scalar_d(w, a[0], b, k);
        if (tape->node[nd->b].constant)
            return nhref_jet_mul_scalar_d(w, b[0], a, k);
        return nhref_jet_mul_d(w, a, b, k);
    case NHREF_OP_SQR:
        return nhref_jet_sqr_d(w, a, k);
    case NHREF_OP_DIV:
        if (tape->node[nd->b].constant) {
            w[k] = a[k] / b[0];
            return isfinite(w[k]) ? NHREF_OK : NHREF_EDOMAIN;
        }
        return nhref_jet_div_d(w, a, b, k);
    case NHREF_OP_SQRT:
        return nhref_jet_sqrt_d(w, a, k);
    case NHREF_OP_SIN:
        return nhref_jet_sincos_d(w, nhref_tape_d_node(ws, nd->pair), a, k);
    case NHREF_OP_EXP:
        return nhref_jet_exp_d(w, a, k);
    case NHREF_OP_LOG:
        return nhref_jet_log_d(w, a, k);
    case NHREF_OP_ATAN:
        return nhref_jet_atan_d(w, aux[0], a, k);
    case NHREF_OP_ATANH:
        return nhref_jet_atanh_d(w, aux[0], a, k);
    case NHREF_OP_TANH:
        return nhref_jet_tanh_d(w, aux[0], a, k);
    case NHREF_OP_POWI:
        return nhref_jet_pow_si_d(w, aux, a, nd->n, k);
    default:
        return NHREF_ETAPE;
    }
}

int nhref_tape_d_ode_jet(nhref_tape_d_t *ws, double t, const double *x, unsigned order)
{
    const nhref_tape_t *tape = ws->tape;
    const nhref_instr_d_t *end = ws->prog + ws->nprog;

    if (order > ws->order || tape->nout < tape->nstate)
        return NHREF_EINVAL;
    load_inputs(ws, t, x);
    for (unsigned k = 0; k < order; k++) {
        const double inv_k = k > 0 ? 1.0 / (double)k : 0;
        /* the hot operations inline, the others through their kernels; an overflow or
         * a NaN in an inlined operation reaches the state coefficients, checked below */
        for (const nhref_instr_d_t *p = ws->prog; p < end; p++) {
            double *w = p->w;
            const double *a = p->a, *b = p->b;
            switch (p->op) {
            case NHREF_OP_ADD:
                w[k] = a[k] + b[k];
                break;
            case NHREF_OP_SUB:
                w[k] = a[k] - b[k];
                break;
            case NHREF_OP_NEG:
                w[k] = -a[k];
                break;
            case NHREF_DOP_MULC:
                w[k] = a[0] * b[k];
                break;
            case NHREF_DOP_DIVC:
                if (b[0] == 0)
                    return NHREF_EDOMAIN;
                w[k] = a[k] / b[0];
                break;
            case NHREF_OP_MUL: {
                double sum = 0;
                for (unsigned j = 0; j <= k; j++)
                    sum += a[j] * b[k - j];
                w[k] = sum;
                break;
            }
            case NHREF_OP_SQR: {
                double sum = 0;
                unsigned j;
                for (j = 0; 2 * j < k; j++)
                    sum += a[j] * a[k - j];
                sum *= 2;
                if (2 * j == k)
                    sum += a[j] * a[j];
                w[k] = sum;
                break;
            }
            case NHREF_OP_SIN:
                if (k == 0) {
                    w[0] = sin(a[0]);
                    p->w2[0] = cos(a[0]);
                } else {
                    double s = 0, c = 0;
                    for (unsigned j = 1; j <= k; j++) {
                        double ja = (double)j * a[j];
                        s += ja * p->w2[k - j];
                        c += ja * w[k - j];
                    }
                    w[k] = s * inv_k;
                    p->w2[k] = -c * inv_k;
                }
                break;
            default: {
                int status = jet_node(ws, p->node, k);
                if (status != NHREF_OK)
                    return status;
            }
            }
        }
        for (size_t i = 0; i < tape->nstate; i++) {
            double v = nhref_tape_d_node(ws, tape->out[i])[k] / (double)(k + 1);
            if (!isfinite(v))
                return NHREF_EDOMAIN;
            nhref_tape_d_node(ws, tape->state[i])[k + 1] = v;
        }
    }
    return NHREF_OK;
}

const double *nhref_tape_d_state_series(const nhref_tape_d_t *ws, size_t i)
{
    return nhref_tape_d_node(ws, ws->tape->state[i]);
}
