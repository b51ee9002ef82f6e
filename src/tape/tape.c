/* tape.c -- the tape builder: nodes in SSA order, sticky errors, sin/cos and
 * sinh/cosh pairing and constant classification (see nhref_tape.h). */
#include "tape_internal.h"

#include "nhref_io.h"
#include "strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    int arity;
} op_info[NHREF_OP_COUNT] = {
#define NHREF_X_OP(name, arity, str) {str, arity},
    NHREF_TAPE_OP_LIST(NHREF_X_OP)
#undef NHREF_X_OP
};

const char *nhref_tape_op_name(nhref_op_t op)
{
    return (unsigned)op < NHREF_OP_COUNT ? op_info[op].name : "?";
}

static nhref_node_t *new_index(size_t n)
{
    nhref_node_t *p = malloc((n ? n : 1) * sizeof *p);
    if (p != NULL)
        for (size_t i = 0; i < n; i++)
            p[i] = NHREF_NODE_INVALID;
    return p;
}

int nhref_tape_new(nhref_tape_t **tape, size_t nstate, size_t nparam, size_t nout)
{
    nhref_tape_t *t;

    *tape = NULL;
    if (nout == 0)
        return NHREF_EINVAL;
    t = calloc(1, sizeof *t);
    if (t == NULL)
        return NHREF_ENOMEM;
    t->nstate = nstate;
    t->nparam = nparam;
    t->nout = nout;
    t->time = NHREF_NODE_INVALID;
    t->out = new_index(nout);
    t->state = new_index(nstate);
    t->param = new_index(nparam);
    if (t->out == NULL || t->state == NULL || t->param == NULL) {
        nhref_tape_free(t);
        return NHREF_ENOMEM;
    }
    /* every state component has a node, used or not: the ODE jet needs its series */
    for (size_t i = 0; i < nstate; i++)
        nhref_tape_state(t, i);
    if (t->status != NHREF_OK) {
        nhref_tape_free(t);
        return NHREF_ENOMEM;
    }
    *tape = t;
    return NHREF_OK;
}

void nhref_tape_free(nhref_tape_t *tape)
{
    if (tape == NULL)
        return;
    for (size_t i = 0; i < tape->nnodes; i++)
        free(tape->node[i].str), free(tape->node[i].args);
    free(tape->node);
    free(tape->out);
    free(tape->state);
    free(tape->param);
    free(tape);
}

static nhref_node_t fail(nhref_tape_t *tape, int status)
{
    if (tape->status == NHREF_OK)
        tape->status = status;
    return NHREF_NODE_INVALID;
}

static int valid(const nhref_tape_t *tape, nhref_node_t a)
{
    return a >= 0 && (size_t)a < tape->nnodes;
}

/* Append a node; the caller has checked its arguments. */
static nhref_node_t push(nhref_tape_t *tape, nhref_op_t op, nhref_node_t a, nhref_node_t b,
                         long n)
{
    nhref_tape_node_t *nd;

    if (tape->nnodes == tape->cap) {
        size_t cap = tape->cap ? 2 * tape->cap : 32;
        nhref_tape_node_t *p = realloc(tape->node, cap * sizeof *p);
        if (p == NULL)
            return fail(tape, NHREF_ENOMEM);
        tape->node = p;
        tape->cap = cap;
    }
    nd = &tape->node[tape->nnodes];
    nd->op = op;
    nd->a = a;
    nd->b = b;
    nd->n = n;
    nd->pair = NHREF_NODE_INVALID;
    nd->str = NULL;
    nd->args = NULL;
    nd->dim = 0;
    switch (op) {
    case NHREF_OP_CONST:
    case NHREF_OP_PARAM:
        nd->constant = 1;
        break;
    case NHREF_OP_TIME:
    case NHREF_OP_STATE:
    case NHREF_OP_SOLVE: /* set by nhref_tape_solve */
        nd->constant = 0;
        break;
    default:
        nd->constant = tape->node[a].constant && (b < 0 || tape->node[b].constant);
    }
    return (nhref_node_t)tape->nnodes++;
}

nhref_node_t nhref_tape_time(nhref_tape_t *tape)
{
    if (tape->time == NHREF_NODE_INVALID)
        tape->time = push(tape, NHREF_OP_TIME, NHREF_NODE_INVALID, NHREF_NODE_INVALID, 0);
    return tape->time;
}

nhref_node_t nhref_tape_state(nhref_tape_t *tape, size_t i)
{
    if (i >= tape->nstate)
        return fail(tape, NHREF_EINVAL);
    if (tape->state[i] == NHREF_NODE_INVALID)
        tape->state[i] =
            push(tape, NHREF_OP_STATE, NHREF_NODE_INVALID, NHREF_NODE_INVALID, (long)i);
    return tape->state[i];
}

nhref_node_t nhref_tape_param(nhref_tape_t *tape, size_t i)
{
    if (i >= tape->nparam)
        return fail(tape, NHREF_EINVAL);
    if (tape->param[i] == NHREF_NODE_INVALID)
        tape->param[i] =
            push(tape, NHREF_OP_PARAM, NHREF_NODE_INVALID, NHREF_NODE_INVALID, (long)i);
    return tape->param[i];
}

nhref_node_t nhref_tape_const(nhref_tape_t *tape, const char *decimal)
{
    mpfr_t probe;
    int bad;
    nhref_node_t c;

    if (decimal == NULL)
        return fail(tape, NHREF_EINVAL);
    for (size_t i = 0; i < tape->nnodes; i++)
        if (tape->node[i].op == NHREF_OP_CONST && strcmp(tape->node[i].str, decimal) == 0)
            return (nhref_node_t)i;
    mpfr_init2(probe, 64);
    bad = nhref_decimal_set(probe, decimal) != NHREF_OK;
    mpfr_clear(probe);
    if (bad)
        return fail(tape, NHREF_EPARSE);
    c = push(tape, NHREF_OP_CONST, NHREF_NODE_INVALID, NHREF_NODE_INVALID, 0);
    if (c == NHREF_NODE_INVALID)
        return c;
    tape->node[c].str = nhref_strdup(decimal);
    if (tape->node[c].str == NULL) {
        tape->nnodes--;
        return fail(tape, NHREF_ENOMEM);
    }
    return c;
}

static nhref_node_t unary(nhref_tape_t *tape, nhref_op_t op, nhref_node_t a, long n)
{
    if (!valid(tape, a))
        return a == NHREF_NODE_INVALID ? a : fail(tape, NHREF_EINVAL);
    return push(tape, op, a, NHREF_NODE_INVALID, n);
}

static nhref_node_t binary(nhref_tape_t *tape, nhref_op_t op, nhref_node_t a, nhref_node_t b)
{
    if (!valid(tape, a) || !valid(tape, b))
        return (a == NHREF_NODE_INVALID || b == NHREF_NODE_INVALID) ? NHREF_NODE_INVALID
                                                                     : fail(tape, NHREF_EINVAL);
    return push(tape, op, a, b, 0);
}

nhref_node_t nhref_tape_add(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b)
{
    return binary(tape, NHREF_OP_ADD, a, b);
}

nhref_node_t nhref_tape_sub(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b)
{
    return binary(tape, NHREF_OP_SUB, a, b);
}

nhref_node_t nhref_tape_mul(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b)
{
    return binary(tape, NHREF_OP_MUL, a, b);
}

nhref_node_t nhref_tape_div(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b)
{
    return binary(tape, NHREF_OP_DIV, a, b);
}

nhref_node_t nhref_tape_neg(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_NEG, a, 0);
}

nhref_node_t nhref_tape_sqr(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_SQR, a, 0);
}

nhref_node_t nhref_tape_sqrt(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_SQRT, a, 0);
}

nhref_node_t nhref_tape_exp(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_EXP, a, 0);
}

nhref_node_t nhref_tape_log(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_LOG, a, 0);
}

nhref_node_t nhref_tape_atan(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_ATAN, a, 0);
}

nhref_node_t nhref_tape_atanh(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_ATANH, a, 0);
}

nhref_node_t nhref_tape_tanh(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_TANH, a, 0);
}

nhref_node_t nhref_tape_asin(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_ASIN, a, 0);
}

nhref_node_t nhref_tape_acos(nhref_tape_t *tape, nhref_node_t a)
{
    return unary(tape, NHREF_OP_ACOS, a, 0);
}

nhref_node_t nhref_tape_pow(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b)
{
    return binary(tape, NHREF_OP_POW, a, b);
}

nhref_node_t nhref_tape_powi(nhref_tape_t *tape, nhref_node_t a, long n)
{
    /* bounded, so that n - 1 (the derivative, tangent.c) and -n never overflow */
    if (valid(tape, a) && (n > NHREF_TAPE_POWI_MAX || n < -NHREF_TAPE_POWI_MAX))
        return fail(tape, NHREF_EINVAL);
    return unary(tape, NHREF_OP_POWI, a, n);
}

/* sin and cos of A: one adjacent (SIN, COS) pair per argument, made on first use; the
 * same for sinh and cosh (SINH, COSH).  WANT is one of the four; FIRST, SECOND the
 * pair's operations. */
static nhref_node_t pair_of(nhref_tape_t *tape, nhref_node_t a, nhref_op_t want, nhref_op_t first,
                            nhref_op_t second)
{
    nhref_node_t s, c;

    if (!valid(tape, a))
        return a == NHREF_NODE_INVALID ? a : fail(tape, NHREF_EINVAL);
    for (size_t i = 0; i < tape->nnodes; i++)
        if (tape->node[i].op == want && tape->node[i].a == a)
            return (nhref_node_t)i;
    s = push(tape, first, a, NHREF_NODE_INVALID, 0);
    c = push(tape, second, a, NHREF_NODE_INVALID, 0);
    if (s == NHREF_NODE_INVALID || c == NHREF_NODE_INVALID)
        return NHREF_NODE_INVALID;
    tape->node[s].pair = c;
    tape->node[c].pair = s;
    return want == first ? s : c;
}

nhref_node_t nhref_tape_sin(nhref_tape_t *tape, nhref_node_t a)
{
    return pair_of(tape, a, NHREF_OP_SIN, NHREF_OP_SIN, NHREF_OP_COS);
}

nhref_node_t nhref_tape_cos(nhref_tape_t *tape, nhref_node_t a)
{
    return pair_of(tape, a, NHREF_OP_COS, NHREF_OP_SIN, NHREF_OP_COS);
}

nhref_node_t nhref_tape_sinh(nhref_tape_t *tape, nhref_node_t a)
{
    return pair_of(tape, a, NHREF_OP_SINH, NHREF_OP_SINH, NHREF_OP_COSH);
}

nhref_node_t nhref_tape_cosh(nhref_tape_t *tape, nhref_node_t a)
{
    return pair_of(tape, a, NHREF_OP_COSH, NHREF_OP_SINH, NHREF_OP_COSH);
}

int nhref_tape_solve(nhref_tape_t *tape, nhref_node_t *y, size_t n, const nhref_node_t *m,
                     const nhref_node_t *b)
{
    size_t nargs = n * n + n, first;
    nhref_node_t *args;
    int constant = 1;

    for (size_t i = 0; i < n; i++)
        y[i] = NHREF_NODE_INVALID;
    if (tape->status != NHREF_OK)
        return tape->status;
    if (n == 0 || n > NHREF_TAPE_SOLVE_MAX)
        return fail(tape, NHREF_EINVAL), NHREF_EINVAL;
    for (size_t i = 0; i < nargs; i++) {
        nhref_node_t a = i < n * n ? m[i] : b[i - n * n];
        if (!valid(tape, a))
            return fail(tape, NHREF_EINVAL), NHREF_EINVAL;
        constant = constant && tape->node[a].constant;
    }
    if ((args = malloc(nargs * sizeof *args)) == NULL)
        return fail(tape, NHREF_ENOMEM), NHREF_ENOMEM;
    for (size_t i = 0; i < nargs; i++)
        args[i] = i < n * n ? m[i] : b[i - n * n];
    first = tape->nnodes;
    for (size_t i = 0; i < n; i++) {
        nhref_node_t v = push(tape, NHREF_OP_SOLVE, NHREF_NODE_INVALID, NHREF_NODE_INVALID, (long)i);
        if (v == NHREF_NODE_INVALID) {
            free(args);
            return tape->status;
        }
        tape->node[v].pair = (nhref_node_t)first;
        tape->node[v].constant = constant;
        y[i] = v;
    }
    tape->node[first].args = args;
    tape->node[first].dim = n;
    return NHREF_OK;
}

int nhref_tape_set_output(nhref_tape_t *tape, size_t i, nhref_node_t node)
{
    if (node == NHREF_NODE_INVALID && tape->status != NHREF_OK)
        return tape->status;
    if (i >= tape->nout || !valid(tape, node)) {
        fail(tape, NHREF_EINVAL);
        return NHREF_EINVAL;
    }
    tape->out[i] = node;
    return NHREF_OK;
}

void nhref_tape_set_label(nhref_tape_t *tape, const char *label)
{
    snprintf(tape->label, sizeof tape->label, "%s", label != NULL ? label : "");
}

int nhref_tape_status(const nhref_tape_t *tape)
{
    if (tape->status != NHREF_OK)
        return tape->status;
    for (size_t i = 0; i < tape->nout; i++)
        if (tape->out[i] == NHREF_NODE_INVALID)
            return NHREF_ETAPE;
    return NHREF_OK;
}

size_t nhref_tape_nstate(const nhref_tape_t *tape)
{
    return tape->nstate;
}

size_t nhref_tape_nparam(const nhref_tape_t *tape)
{
    return tape->nparam;
}

size_t nhref_tape_nout(const nhref_tape_t *tape)
{
    return tape->nout;
}

nhref_node_t nhref_tape_output(const nhref_tape_t *tape, size_t i)
{
    return i < tape->nout ? tape->out[i] : NHREF_NODE_INVALID;
}

size_t nhref_tape_nnodes(const nhref_tape_t *tape)
{
    return tape->nnodes;
}

void nhref_tape_mark_needs(const nhref_tape_t *tape, char *need, size_t end)
{
    for (size_t i = end; i-- > 0;) {
        const nhref_tape_node_t *nd = &tape->node[i];
        if (!need[i])
            continue;
        if (nd->a >= 0)
            need[nd->a] = 1;
        if (nd->b >= 0)
            need[nd->b] = 1;
        if (nd->op == NHREF_OP_SOLVE && nd->pair >= 0)
            need[nd->pair] = 1; /* the group's first node holds the system */
        for (size_t k = 0; nd->args != NULL && k < nd->dim * nd->dim + nd->dim; k++)
            need[nd->args[k]] = 1;
    }
}

char *nhref_tape_node_needs(const nhref_tape_t *tape, nhref_node_t node)
{
    char *need = calloc(tape->nnodes + 1, 1);
    if (need == NULL || node < 0 || (size_t)node >= tape->nnodes)
        return need;
    need[node] = 1;
    nhref_tape_mark_needs(tape, need, (size_t)node + 1);
    return need;
}

int nhref_tape_states_read(const nhref_tape_t *tape, char *used)
{
    char *need = calloc(tape->nnodes + 1, 1);
    if (need == NULL)
        return NHREF_ENOMEM;
    memset(used, 0, tape->nstate);
    for (size_t k = 0; k < tape->nout; k++)
        if (tape->out[k] >= 0 && (size_t)tape->out[k] < tape->nnodes)
            need[tape->out[k]] = 1;
    nhref_tape_mark_needs(tape, need, tape->nnodes);
    for (size_t i = 0; i < tape->nnodes; i++)
        if (need[i] && tape->node[i].op == NHREF_OP_STATE && tape->node[i].n >= 0 &&
            (size_t)tape->node[i].n < tape->nstate)
            used[tape->node[i].n] = 1;
    free(need);
    return NHREF_OK;
}

unsigned nhref_tape_node_inputs(const nhref_tape_t *tape, nhref_node_t node)
{
    unsigned mask = 0;
    char *need = nhref_tape_node_needs(tape, node);
    if (need == NULL)
        return NHREF_TAPE_READS_TIME | NHREF_TAPE_READS_STATE | NHREF_TAPE_READS_PARAM;
    for (size_t i = 0; i < tape->nnodes; i++) {
        nhref_op_t op = tape->node[i].op;
        if (need[i])
            mask |= op == NHREF_OP_TIME    ? NHREF_TAPE_READS_TIME
                    : op == NHREF_OP_STATE ? NHREF_TAPE_READS_STATE
                    : op == NHREF_OP_PARAM ? NHREF_TAPE_READS_PARAM
                                           : 0u;
    }
    free(need);
    return mask;
}

size_t nhref_tape_nnonlinear(const nhref_tape_t *tape)
{
    size_t n = 0;
    for (size_t i = 0; i < tape->nnodes; i++) {
        const nhref_tape_node_t *nd = &tape->node[i];
        if (nd->constant)
            continue;
        switch (nd->op) {
        case NHREF_OP_MUL:
            /* a product by a constant is one multiplication per order, not a convolution */
            n += !(tape->node[nd->a].constant || tape->node[nd->b].constant);
            break;
        case NHREF_OP_DIV:
            n += !tape->node[nd->b].constant;
            break;
        case NHREF_OP_SQR:
        case NHREF_OP_SQRT:
        case NHREF_OP_SIN: /* the pair costs two convolutions: counted once each */
        case NHREF_OP_COS:
        case NHREF_OP_SINH:
        case NHREF_OP_COSH:
        case NHREF_OP_EXP:
        case NHREF_OP_LOG:
        case NHREF_OP_POWI:
            n++;
            break;
        case NHREF_OP_SOLVE: /* each component: dim convolutions (M_j y_{k-j}) */
            n += tape->node[nd->pair].dim;
            break;
        case NHREF_OP_ATAN: /* the convolution and the auxiliary square */
        case NHREF_OP_ATANH:
        case NHREF_OP_TANH:
        case NHREF_OP_ASIN: /* the convolution, and two halves: the square, the root */
        case NHREF_OP_ACOS:
            n += 2;
            break;
        case NHREF_OP_POW: /* constant exponent: two sums (Miller); else log, product, exp */
            n += tape->node[nd->b].constant ? 2 : 3;
            break;
        default:
            break;
        }
    }
    return n;
}

size_t nhref_tape_node_naux(const nhref_tape_node_t *nd)
{
    switch (nd->op) {
    case NHREF_OP_ATAN:
    case NHREF_OP_ATANH:
    case NHREF_OP_TANH:
        return 1;
    case NHREF_OP_POWI:
        return nhref_jet_pow_si_naux(nd->n);
    case NHREF_OP_ASIN: /* q = 1 - u^2, d = sqrt(q) */
    case NHREF_OP_ACOS:
    case NHREF_OP_POW: /* l = log u, g = v l (unused when the exponent is constant) */
        return 2;
    default:
        return 0;
    }
}
