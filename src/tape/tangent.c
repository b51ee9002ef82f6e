/* tangent.c -- forward-mode differentiation of a tape by source transformation
 * (see nhref_tape.h): the variational equations x' = f, w' = J w, and the
 * divergence div(rho f), built as new tapes from the model's own tape.
 *
 * A node's derivative along a direction is built node by node in SSA order with
 * the elementary rules (d(ab) = a'b + ab', d sin a = cos a a', d atan a =
 * a'/(1 + a^2), d asin a = a'/sqrt(1 - a^2), d a^b = a^b (b a'/a + b' log a), ...);
 * derivatives known to be zero are tracked and never built,
 * so a tape only grows by what the chain rule needs.  A linear solve y = M^-1 b
 * (SOLVE) has the derivative dy = M^-1 (db - dM y): a second SOLVE with the same
 * M (Golub & Van Loan, Matrix Computations, §2.6).
 */
#include "tape_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ZERO NHREF_TAPE_ZERO

/* The SOLVE group whose first node is ND (dim outputs), its arguments mapped by MAP,
 * with right-hand side B (DST nodes; NULL: ND's own, mapped): outputs to Y. */
static void copy_solve_rhs(nhref_tape_t *dst, const nhref_tape_node_t *nd, const nhref_node_t *map,
                           const nhref_node_t *b, nhref_node_t *y)
{
    size_t n = nd->dim;
    nhref_node_t *m = malloc((n * n + n) * sizeof *m);

    if (m == NULL) {
        for (size_t i = 0; i < n; i++)
            y[i] = NHREF_NODE_INVALID;
        dst->status = dst->status != NHREF_OK ? dst->status : NHREF_ENOMEM;
        return;
    }
    for (size_t i = 0; i < n * n + n; i++)
        m[i] = map[nd->args[i]];
    nhref_tape_solve(dst, y, n, m, b != NULL ? b : m + n * n);
    free(m);
}

static void copy_solve(nhref_tape_t *dst, const nhref_tape_node_t *nd, const nhref_node_t *map,
                       nhref_node_t *y)
{
    copy_solve_rhs(dst, nd, map, NULL, y);
}

void nhref_tape_copy_nodes(nhref_tape_t *dst, const nhref_tape_t *src, nhref_node_t *map,
                           size_t state0)
{
    nhref_tape_copy_live(dst, src, map, state0, NULL);
}

static void copy_live_as(nhref_tape_t *dst, const nhref_tape_t *src, nhref_node_t *map,
                         size_t state0, const char *live, const size_t *pstate,
                         nhref_tape_copy_hook_t hook, void *ctx);

void nhref_tape_copy_live(nhref_tape_t *dst, const nhref_tape_t *src, nhref_node_t *map,
                          size_t state0, const char *live)
{
    copy_live_as(dst, src, map, state0, live, NULL, NULL, NULL);
}

void nhref_tape_copy_hooked(nhref_tape_t *dst, const nhref_tape_t *src, nhref_node_t *map,
                            nhref_tape_copy_hook_t hook, void *ctx)
{
    copy_live_as(dst, src, map, 0, NULL, NULL, hook, ctx);
}

/* nhref_tape_copy_live; PSTATE (NULL, or SRC's nparam entries): parameter i becomes
 * DST's state PSTATE[i] unless that is SIZE_MAX; HOOK (NULL: none) as
 * nhref_tape_copy_hooked */
static void copy_live_as(nhref_tape_t *dst, const nhref_tape_t *src, nhref_node_t *map,
                         size_t state0, const char *live, const size_t *pstate,
                         nhref_tape_copy_hook_t hook, void *ctx)
{
    for (size_t i = 0; i < src->nnodes; i++) {
        const nhref_tape_node_t *nd = &src->node[i];
        nhref_node_t r;
        if (live != NULL && !live[i]) {
            if (nd->op != NHREF_OP_SOLVE || nd->args != NULL) /* a live group maps its followers */
                map[i] = NHREF_NODE_INVALID;
            continue;
        }
        if (hook != NULL && nd->op != NHREF_OP_SOLVE &&
            (r = hook(ctx, dst, i, map)) != NHREF_NODE_INVALID) {
            map[i] = r;
            continue;
        }
        nhref_node_t a = nd->a >= 0 ? map[nd->a] : NHREF_NODE_INVALID;
        nhref_node_t b = nd->b >= 0 ? map[nd->b] : NHREF_NODE_INVALID;
        switch (nd->op) {
        case NHREF_OP_CONST:
            map[i] = nhref_tape_const(dst, nd->str);
            break;
        case NHREF_OP_TIME:
            map[i] = nhref_tape_time(dst);
            break;
        case NHREF_OP_STATE:
            map[i] = nhref_tape_state(dst, state0 + (size_t)nd->n);
            break;
        case NHREF_OP_PARAM:
            map[i] = pstate != NULL && pstate[nd->n] != SIZE_MAX
                         ? nhref_tape_state(dst, pstate[nd->n])
                         : nhref_tape_param(dst, (size_t)nd->n);
            break;
        case NHREF_OP_ADD:
            map[i] = nhref_tape_add(dst, a, b);
            break;
        case NHREF_OP_SUB:
            map[i] = nhref_tape_sub(dst, a, b);
            break;
        case NHREF_OP_NEG:
            map[i] = nhref_tape_neg(dst, a);
            break;
        case NHREF_OP_MUL:
            map[i] = nhref_tape_mul(dst, a, b);
            break;
        case NHREF_OP_SQR:
            map[i] = nhref_tape_sqr(dst, a);
            break;
        case NHREF_OP_DIV:
            map[i] = nhref_tape_div(dst, a, b);
            break;
        case NHREF_OP_SQRT:
            map[i] = nhref_tape_sqrt(dst, a);
            break;
        case NHREF_OP_SIN:
            map[i] = nhref_tape_sin(dst, a);
            break;
        case NHREF_OP_COS:
            map[i] = nhref_tape_cos(dst, a);
            break;
        case NHREF_OP_EXP:
            map[i] = nhref_tape_exp(dst, a);
            break;
        case NHREF_OP_LOG:
            map[i] = nhref_tape_log(dst, a);
            break;
        case NHREF_OP_ATAN:
            map[i] = nhref_tape_atan(dst, a);
            break;
        case NHREF_OP_ATANH:
            map[i] = nhref_tape_atanh(dst, a);
            break;
        case NHREF_OP_TANH:
            map[i] = nhref_tape_tanh(dst, a);
            break;
        case NHREF_OP_POWI:
            map[i] = nhref_tape_powi(dst, a, nd->n);
            break;
        case NHREF_OP_ASIN:
            map[i] = nhref_tape_asin(dst, a);
            break;
        case NHREF_OP_ACOS:
            map[i] = nhref_tape_acos(dst, a);
            break;
        case NHREF_OP_SINH:
            map[i] = nhref_tape_sinh(dst, a);
            break;
        case NHREF_OP_COSH:
            map[i] = nhref_tape_cosh(dst, a);
            break;
        case NHREF_OP_POW:
            map[i] = nhref_tape_pow(dst, a, b);
            break;
        case NHREF_OP_SOLVE:
            if (nd->args != NULL) /* the group's first node: the whole group */
                copy_solve(dst, nd, map, map + i);
            break;
        default:
            map[i] = NHREF_NODE_INVALID;
            break;
        }
    }
}

int nhref_tape_copy(nhref_tape_t *dst, const nhref_tape_t *src)
{
    nhref_node_t *map;
    if (nhref_tape_status(src) != NHREF_OK || src->nstate != dst->nstate ||
        src->nparam != dst->nparam || src->nout != dst->nout)
        return NHREF_ETAPE;
    if ((map = malloc((src->nnodes + 1) * sizeof *map)) == NULL)
        return NHREF_ENOMEM;
    nhref_tape_copy_nodes(dst, src, map, 0);
    for (size_t o = 0; o < src->nout; o++)
        nhref_tape_set_output(dst, o, map[src->out[o]]);
    free(map);
    return nhref_tape_status(dst);
}

int nhref_tape_params_as_states(nhref_tape_t **out, const nhref_tape_t *f, size_t k,
                                const size_t *pidx)
{
    size_t n = f->nstate;
    nhref_tape_t *t;
    nhref_node_t *map, zero;
    size_t *pstate;
    int status;

    *out = NULL;
    if (nhref_tape_status(f) != NHREF_OK || f->nout < n)
        return NHREF_ETAPE;
    for (size_t j = 0; j < k; j++)
        for (size_t i = 0; i <= j; i++)
            if (pidx[j] >= f->nparam || (i < j && pidx[i] == pidx[j]))
                return NHREF_EINVAL;
    status = nhref_tape_new(&t, n + k, f->nparam, f->nout + k);
    if (status != NHREF_OK)
        return status;
    map = malloc((f->nnodes + 1) * sizeof *map);
    pstate = malloc((f->nparam + 1) * sizeof *pstate);
    if (map == NULL || pstate == NULL) {
        free(map);
        free(pstate);
        nhref_tape_free(t);
        return NHREF_ENOMEM;
    }
    for (size_t i = 0; i < f->nparam; i++)
        pstate[i] = SIZE_MAX;
    for (size_t j = 0; j < k; j++)
        pstate[pidx[j]] = n + j;
    copy_live_as(t, f, map, 0, NULL, pstate, NULL, NULL);
    zero = nhref_tape_const(t, "0");
    for (size_t o = 0; o < f->nout + k; o++)
        nhref_tape_set_output(t, o, o < n ? map[f->out[o]] : o < n + k ? zero : map[f->out[o - k]]);
    free(map);
    free(pstate);
    status = nhref_tape_status(t);
    if (status != NHREF_OK) {
        nhref_tape_free(t);
        return status == NHREF_ENOMEM ? status : NHREF_ETAPE;
    }
    *out = t;
    return NHREF_OK;
}

/* sums and products that know a ZERO operand */
static nhref_node_t d_add(nhref_tape_t *t, nhref_node_t x, nhref_node_t y)
{
    return x == ZERO ? y : y == ZERO ? x : nhref_tape_add(t, x, y);
}

static nhref_node_t d_sub(nhref_tape_t *t, nhref_node_t x, nhref_node_t y)
{
    return y == ZERO ? x : x == ZERO ? nhref_tape_neg(t, y) : nhref_tape_sub(t, x, y);
}

static nhref_node_t d_mul(nhref_tape_t *t, nhref_node_t value, nhref_node_t dx)
{
    return dx == ZERO ? ZERO : nhref_tape_mul(t, value, dx);
}

nhref_node_t nhref_tape_materialize(nhref_tape_t *t, nhref_node_t d)
{
    return d == ZERO ? nhref_tape_const(t, "0") : d;
}

/* The derivative DY (dim nodes or ZERO) of the SOLVE group whose first node is ND,
 * values Y: r = db - dM y, dy = M^-1 r (ZERO if r is identically zero). */
static void derive_solve(nhref_tape_t *dst, const nhref_tape_node_t *nd, const nhref_node_t *map,
                         const nhref_node_t *y, const nhref_node_t *d, nhref_node_t *dy)
{
    size_t n = nd->dim;
    nhref_node_t *r = malloc(n * sizeof *r);
    int zero = 1;

    if (r == NULL) {
        for (size_t i = 0; i < n; i++)
            dy[i] = NHREF_NODE_INVALID;
        dst->status = dst->status != NHREF_OK ? dst->status : NHREF_ENOMEM;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        r[i] = d[nd->args[n * n + i]];
        for (size_t j = 0; j < n; j++)
            r[i] = d_sub(dst, r[i], d_mul(dst, y[j], d[nd->args[i * n + j]]));
        zero = zero && r[i] == ZERO;
    }
    if (zero) {
        for (size_t i = 0; i < n; i++)
            dy[i] = ZERO;
    } else {
        for (size_t i = 0; i < n; i++)
            r[i] = nhref_tape_materialize(dst, r[i]);
        copy_solve_rhs(dst, nd, map, r, dy);
    }
    free(r);
}

void nhref_tape_derive(nhref_tape_t *dst, const nhref_tape_t *src, const nhref_node_t *map,
                       const nhref_node_t *seed, nhref_node_t tseed, nhref_node_t *d)
{
    for (size_t i = 0; i < src->nnodes; i++) {
        const nhref_tape_node_t *nd = &src->node[i];
        nhref_node_t w = map[i];
        nhref_node_t a = nd->a >= 0 ? map[nd->a] : NHREF_NODE_INVALID;
        nhref_node_t b = nd->b >= 0 ? map[nd->b] : NHREF_NODE_INVALID;
        nhref_node_t da = nd->a >= 0 ? d[nd->a] : ZERO;
        nhref_node_t db = nd->b >= 0 ? d[nd->b] : ZERO;

        if (nd->constant) {
            d[i] = ZERO;
            continue;
        }
        switch (nd->op) {
        case NHREF_OP_STATE:
            d[i] = seed[nd->n];
            break;
        case NHREF_OP_TIME:
            d[i] = tseed;
            break;
        case NHREF_OP_ADD:
            d[i] = d_add(dst, da, db);
            break;
        case NHREF_OP_SUB:
            d[i] = d_sub(dst, da, db);
            break;
        case NHREF_OP_NEG:
            d[i] = da == ZERO ? ZERO : nhref_tape_neg(dst, da);
            break;
        case NHREF_OP_MUL: /* a' b + a b' */
            d[i] = d_add(dst, d_mul(dst, b, da), d_mul(dst, a, db));
            break;
        case NHREF_OP_SQR: /* 2 a a' */
            d[i] = da == ZERO ? ZERO
                              : nhref_tape_mul(dst, nhref_tape_const(dst, "2"),
                                               nhref_tape_mul(dst, a, da));
            break;
        case NHREF_OP_DIV: /* (a' - w b') / b */
            d[i] = d_sub(dst, da, d_mul(dst, w, db));
            if (d[i] != ZERO)
                d[i] = nhref_tape_div(dst, d[i], b);
            break;
        case NHREF_OP_SQRT: /* a' / (2 w) */
            d[i] = da == ZERO ? ZERO
                              : nhref_tape_div(dst, da,
                                               nhref_tape_mul(dst, nhref_tape_const(dst, "2"), w));
            break;
        case NHREF_OP_SIN:
            d[i] = d_mul(dst, nhref_tape_cos(dst, a), da);
            break;
        case NHREF_OP_COS:
            d[i] = da == ZERO ? ZERO : nhref_tape_neg(dst, nhref_tape_mul(dst, nhref_tape_sin(dst, a), da));
            break;
        case NHREF_OP_EXP:
            d[i] = d_mul(dst, w, da);
            break;
        case NHREF_OP_LOG:
            d[i] = da == ZERO ? ZERO : nhref_tape_div(dst, da, a);
            break;
        case NHREF_OP_ATAN: /* a' / (1 + a^2) */
        case NHREF_OP_ATANH: /* a' / (1 - a^2) */
            if (da == ZERO) {
                d[i] = ZERO;
            } else {
                nhref_node_t one = nhref_tape_const(dst, "1"), a2 = nhref_tape_sqr(dst, a);
                d[i] = nhref_tape_div(dst, da,
                                      nd->op == NHREF_OP_ATAN ? nhref_tape_add(dst, one, a2)
                                                              : nhref_tape_sub(dst, one, a2));
            }
            break;
        case NHREF_OP_TANH: /* (1 - w^2) a' */
            d[i] = da == ZERO ? ZERO
                              : nhref_tape_mul(dst,
                                               nhref_tape_sub(dst, nhref_tape_const(dst, "1"),
                                                              nhref_tape_sqr(dst, w)),
                                               da);
            break;
        case NHREF_OP_POWI: /* n a^(n-1) a' */
            if (da == ZERO || nd->n == 0) {
                d[i] = ZERO;
            } else if (nd->n == 1) {
                d[i] = da;
            } else {
                char nstr[32];
                snprintf(nstr, sizeof nstr, "%ld", nd->n);
                /* a^(n-1), or a^n / a where n - 1 is below the builder's bound */
                nhref_node_t pw = nd->n == 2 ? a
                                  : nd->n - 1 < -NHREF_TAPE_POWI_MAX
                                      ? nhref_tape_div(dst, w, a)
                                      : nhref_tape_powi(dst, a, nd->n - 1);
                d[i] = nhref_tape_mul(
                    dst, nhref_tape_mul(dst, nhref_tape_const(dst, nstr), pw), da);
            }
            break;
        case NHREF_OP_ASIN: /* a' / sqrt(1 - a^2) */
        case NHREF_OP_ACOS: /* -a' / sqrt(1 - a^2) */
            if (da == ZERO) {
                d[i] = ZERO;
            } else {
                nhref_node_t r = nhref_tape_sqrt(
                    dst, nhref_tape_sub(dst, nhref_tape_const(dst, "1"), nhref_tape_sqr(dst, a)));
                d[i] =
                    nhref_tape_div(dst, nd->op == NHREF_OP_ASIN ? da : nhref_tape_neg(dst, da), r);
            }
            break;
        case NHREF_OP_SINH:
            d[i] = d_mul(dst, nhref_tape_cosh(dst, a), da);
            break;
        case NHREF_OP_COSH:
            d[i] = d_mul(dst, nhref_tape_sinh(dst, a), da);
            break;
        case NHREF_OP_POW: /* w (b a'/a + b' log a), a > 0 */
            d[i] =
                d_add(dst, da == ZERO ? ZERO : nhref_tape_div(dst, nhref_tape_mul(dst, b, da), a),
                      db == ZERO ? ZERO : nhref_tape_mul(dst, nhref_tape_log(dst, a), db));
            d[i] = d_mul(dst, w, d[i]);
            break;
        case NHREF_OP_SOLVE: /* y = M^-1 b: dy = M^-1 (db - dM y), the same M */
            if (nd->args != NULL)
                derive_solve(dst, nd, map, map + i, d, d + i);
            break;
        default: /* PARAM and CONST are constant */
            d[i] = ZERO;
            break;
        }
    }
}

int nhref_tape_linearize(nhref_tape_t **out, const nhref_tape_t *f, size_t m)
{
    size_t n = f->nstate;
    nhref_tape_t *t;
    nhref_node_t *map, *d, *seed;
    int status;

    *out = NULL;
    if (nhref_tape_status(f) != NHREF_OK || f->nout < n)
        return NHREF_ETAPE;
    status = nhref_tape_new(&t, n * (1 + m), f->nparam, n * (1 + m));
    if (status != NHREF_OK)
        return status;
    map = malloc((f->nnodes + 1) * sizeof *map);
    d = malloc((f->nnodes + 1) * sizeof *d);
    seed = malloc((n + 1) * sizeof *seed);
    if (map == NULL || d == NULL || seed == NULL) {
        free(map);
        free(d);
        free(seed);
        nhref_tape_free(t);
        return NHREF_ENOMEM;
    }
    nhref_tape_copy_nodes(t, f, map, 0);
    for (size_t i = 0; i < n; i++)
        nhref_tape_set_output(t, i, map[f->out[i]]);
    for (size_t j = 1; j <= m; j++) {
        for (size_t k = 0; k < n; k++)
            seed[k] = nhref_tape_state(t, n * j + k);
        nhref_tape_derive(t, f, map, seed, NHREF_TAPE_ZERO, d);
        for (size_t i = 0; i < n; i++)
            nhref_tape_set_output(t, n * j + i, nhref_tape_materialize(t, d[f->out[i]]));
    }
    free(map);
    free(d);
    free(seed);
    status = nhref_tape_status(t);
    if (status != NHREF_OK) {
        nhref_tape_free(t);
        return status == NHREF_ENOMEM ? status : NHREF_ETAPE;
    }
    *out = t;
    return NHREF_OK;
}

int nhref_tape_divergence(nhref_tape_t **out, const nhref_tape_t *f, const nhref_tape_t *rho)
{
    size_t n = f->nstate;
    nhref_tape_t *t;
    nhref_node_t *map, *rmap = NULL, *d, *dr = NULL, *seed, sum = ZERO;
    int status;

    *out = NULL;
    if (nhref_tape_status(f) != NHREF_OK || f->nout < n)
        return NHREF_ETAPE;
    if (rho != NULL && (nhref_tape_status(rho) != NHREF_OK || rho->nstate != n ||
                        rho->nparam != f->nparam))
        return NHREF_ETAPE;
    status = nhref_tape_new(&t, n, f->nparam, 1);
    if (status != NHREF_OK)
        return status;
    map = malloc((f->nnodes + 1) * sizeof *map);
    d = malloc((f->nnodes + 1) * sizeof *d);
    seed = malloc((n + 1) * sizeof *seed);
    if (rho != NULL) {
        rmap = malloc((rho->nnodes + 1) * sizeof *rmap);
        dr = malloc((rho->nnodes + 1) * sizeof *dr);
    }
    if (map == NULL || d == NULL || seed == NULL || (rho != NULL && (rmap == NULL || dr == NULL))) {
        status = NHREF_ENOMEM;
        goto out;
    }
    nhref_tape_copy_nodes(t, f, map, 0);
    if (rho != NULL)
        nhref_tape_copy_nodes(t, rho, rmap, 0);
    for (size_t i = 0; i < n; i++) {
        nhref_node_t term;
        for (size_t k = 0; k < n; k++)
            seed[k] = k == i ? nhref_tape_const(t, "1") : ZERO;
        nhref_tape_derive(t, f, map, seed, NHREF_TAPE_ZERO, d);
        term = d[f->out[i]]; /* d f_i / d x_i */
        if (rho != NULL) {   /* d(rho f_i)/dx_i = rho df_i/dx_i + f_i drho/dx_i */
            nhref_node_t r = rmap[rho->out[0]];
            nhref_tape_derive(t, rho, rmap, seed, NHREF_TAPE_ZERO, dr);
            term = d_add(t, d_mul(t, r, term), d_mul(t, map[f->out[i]], dr[rho->out[0]]));
        }
        sum = d_add(t, sum, term);
    }
    nhref_tape_set_output(t, 0, nhref_tape_materialize(t, sum));
    status = nhref_tape_status(t);
out:
    free(map);
    free(d);
    free(seed);
    free(rmap);
    free(dr);
    if (status != NHREF_OK) {
        nhref_tape_free(t);
        return status == NHREF_ENOMEM ? status : NHREF_ETAPE;
    }
    *out = t;
    return NHREF_OK;
}

int nhref_tape_gradient(nhref_tape_t **out, const nhref_tape_t *f, size_t k)
{
    size_t n = f->nstate;
    nhref_tape_t *t;
    nhref_node_t *map, *d, *seed;
    int status;

    *out = NULL;
    if (nhref_tape_status(f) != NHREF_OK || k >= f->nout)
        return NHREF_ETAPE;
    status = nhref_tape_new(&t, n, f->nparam, n ? n : 1);
    if (status != NHREF_OK)
        return status;
    map = malloc((f->nnodes + 1) * sizeof *map);
    d = malloc((f->nnodes + 1) * sizeof *d);
    seed = malloc((n + 1) * sizeof *seed);
    if (map == NULL || d == NULL || seed == NULL) {
        status = NHREF_ENOMEM;
    } else {
        nhref_tape_copy_nodes(t, f, map, 0);
        for (size_t i = 0; i < n; i++) {
            for (size_t q = 0; q < n; q++)
                seed[q] = q == i ? nhref_tape_const(t, "1") : ZERO;
            nhref_tape_derive(t, f, map, seed, NHREF_TAPE_ZERO, d);
            nhref_tape_set_output(t, i, nhref_tape_materialize(t, d[f->out[k]]));
        }
        status = nhref_tape_status(t);
    }
    free(map);
    free(d);
    free(seed);
    if (status != NHREF_OK) {
        nhref_tape_free(t);
        return status == NHREF_ENOMEM ? status : NHREF_ETAPE;
    }
    *out = t;
    return NHREF_OK;
}
