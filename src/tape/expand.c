/* expand.c -- products of linear forms of the state written over the monomials
 * (nhref_tape_expand_products, nhref_tape.h): the model compiler's pass that brings a
 * right-hand side written as products of linear forms, (a1 x1 + a2 x2)(b1 x1 + b2 x2),
 * to the products of states a hand-written model would use (x1^2, x1 x2, x2^2), when
 * that makes fewer of them.
 *
 * A node is a linear form of the state when it is a state, a sum, difference or
 * negation of linear forms, or a linear form times or over a constant node (one that
 * depends on the parameters and constants only); its coefficient of state s is a
 * constant node.  The candidates are the products (MUL) of two linear forms and the
 * squares (SQR) of one.  Expanded, candidate L M becomes
 *   sum_{p <= q} c_pq x_p x_q,  c_pp = l_p m_p,  c_pq = l_p m_q + l_q m_p (p < q),
 * over the monomials its two supports make; the monomials x_p x_q (SQR for p = q) are
 * shared by every candidate (the programs compute a repeated node once, tape/program.h),
 * and the coefficients are constant nodes, evaluated once per parameter set.  A Taylor
 * coefficient of order k costs k + 1 products for a MUL, about half for a SQR, and one
 * for a product by a constant, so the pass rewrites the candidates when the monomials
 * are fewer than the candidates, and leaves the tape as it is otherwise. */
#include "tape_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ZERO NHREF_TAPE_ZERO /* a coefficient that is 0 (never built) */
#define ONE (-3)             /* a coefficient that is 1 (never built) */

typedef struct {
    const nhref_tape_t *src;
    size_t ns, words;
    uint64_t *supp;     /* nnodes * words: the states of a linear form (none: not one) */
    char *lin;          /* nnodes: 1 if the node is a linear form of the state */
    char *cand;         /* nnodes: 1 if the node is a candidate */
    nhref_node_t *coef; /* nnodes * ns: the coefficients built in DST (INVALID: not yet) */
    nhref_node_t one, zero;
} expand_t;

static int in_supp(const expand_t *e, size_t i, size_t s)
{
    return (e->supp[i * e->words + s / 64] >> (s % 64)) & 1;
}

/* the node of coefficient C in DST */
static nhref_node_t mat(expand_t *e, nhref_tape_t *dst, nhref_node_t c)
{
    if (c == ONE)
        return e->one != NHREF_NODE_INVALID ? e->one : (e->one = nhref_tape_const(dst, "1"));
    if (c == ZERO)
        return e->zero != NHREF_NODE_INVALID ? e->zero : (e->zero = nhref_tape_const(dst, "0"));
    return c;
}

/* C * D of two coefficients */
static nhref_node_t cmul(expand_t *e, nhref_tape_t *dst, nhref_node_t c, nhref_node_t d)
{
    if (c == ZERO || d == ZERO)
        return ZERO;
    if (c == ONE)
        return d;
    if (d == ONE)
        return c;
    return nhref_tape_mul(dst, c, d);
}

/* C + D of two coefficients */
static nhref_node_t cadd(expand_t *e, nhref_tape_t *dst, nhref_node_t c, nhref_node_t d)
{
    if (c == ZERO)
        return d;
    if (d == ZERO)
        return c;
    return nhref_tape_add(dst, mat(e, dst, c), mat(e, dst, d));
}

/* the coefficient of state S in linear form I (a node of DST, ZERO or ONE); MAP: SRC's
 * nodes before the one being copied, in DST */
static nhref_node_t coef(expand_t *e, nhref_tape_t *dst, size_t i, size_t s, const nhref_node_t *map)
{
    const nhref_tape_node_t *nd = &e->src->node[i];
    nhref_node_t *memo = &e->coef[i * e->ns + s], c, d;

    if (!in_supp(e, i, s))
        return ZERO;
    if (*memo != NHREF_NODE_INVALID)
        return *memo;
    switch (nd->op) {
    case NHREF_OP_STATE:
        c = ONE;
        break;
    case NHREF_OP_ADD:
        c = cadd(e, dst, coef(e, dst, (size_t)nd->a, s, map), coef(e, dst, (size_t)nd->b, s, map));
        break;
    case NHREF_OP_SUB:
        d = coef(e, dst, (size_t)nd->b, s, map);
        c = coef(e, dst, (size_t)nd->a, s, map);
        c = d == ZERO   ? c
            : c == ZERO ? nhref_tape_neg(dst, mat(e, dst, d))
                        : nhref_tape_sub(dst, mat(e, dst, c), mat(e, dst, d));
        break;
    case NHREF_OP_NEG:
        c = nhref_tape_neg(dst, mat(e, dst, coef(e, dst, (size_t)nd->a, s, map)));
        break;
    case NHREF_OP_MUL: /* one factor constant, in its place */
        if (e->src->node[nd->a].constant)
            c = cmul(e, dst, map[nd->a], coef(e, dst, (size_t)nd->b, s, map));
        else
            c = cmul(e, dst, coef(e, dst, (size_t)nd->a, s, map), map[nd->b]);
        break;
    case NHREF_OP_DIV: /* by a constant */
        c = nhref_tape_div(dst, mat(e, dst, coef(e, dst, (size_t)nd->a, s, map)), map[nd->b]);
        break;
    default: /* not a linear form: in_supp said 0 */
        c = ZERO;
        break;
    }
    return *memo = c;
}

/* the hook of the copy: candidate I expanded, or NHREF_NODE_INVALID (copied as it is) */
static nhref_node_t expand_node(void *ctx, nhref_tape_t *dst, size_t i, const nhref_node_t *map)
{
    expand_t *e = ctx;
    const nhref_tape_node_t *nd = &e->src->node[i];
    size_t a = (size_t)nd->a, b = nd->op == NHREF_OP_SQR ? a : (size_t)nd->b;
    nhref_node_t sum = NHREF_NODE_INVALID;

    if (!e->cand[i])
        return NHREF_NODE_INVALID;
    for (size_t p = 0; p < e->ns; p++)
        for (size_t q = p; q < e->ns; q++) {
            nhref_node_t c, mono, term;
            if (!((in_supp(e, a, p) && in_supp(e, b, q)) || (in_supp(e, a, q) && in_supp(e, b, p))))
                continue;
            c = cmul(e, dst, coef(e, dst, a, p, map), coef(e, dst, b, q, map));
            if (q != p)
                c = cadd(e, dst, c, cmul(e, dst, coef(e, dst, a, q, map), coef(e, dst, b, p, map)));
            if (c == ZERO)
                continue;
            mono = p == q ? nhref_tape_sqr(dst, nhref_tape_state(dst, p))
                          : nhref_tape_mul(dst, nhref_tape_state(dst, p), nhref_tape_state(dst, q));
            term = c == ONE ? mono : nhref_tape_mul(dst, c, mono);
            sum = sum == NHREF_NODE_INVALID ? term : nhref_tape_add(dst, sum, term);
        }
    return sum == NHREF_NODE_INVALID ? mat(e, dst, ZERO) : sum;
}

/* the linear forms and the candidates of E->src; the number of candidates and of the
 * monomials they make */
static void analyse(expand_t *e, size_t *ncand, size_t *nmono)
{
    const nhref_tape_t *t = e->src;
    char *mono = calloc(e->ns * e->ns + 1, 1);
    size_t w = e->words;

    *ncand = *nmono = 0;
    for (size_t i = 0; i < t->nnodes; i++) {
        const nhref_tape_node_t *nd = &t->node[i];
        uint64_t *si = e->supp + i * w;
        const uint64_t *sa = nd->a >= 0 ? e->supp + (size_t)nd->a * w : NULL;
        const uint64_t *sb = nd->b >= 0 ? e->supp + (size_t)nd->b * w : NULL;
        int la = nd->a >= 0 && e->lin[nd->a], lb = nd->b >= 0 && e->lin[nd->b];
        int ca = nd->a >= 0 && t->node[nd->a].constant, cb = nd->b >= 0 && t->node[nd->b].constant;
        int lin = 0;

        switch (nd->op) {
        case NHREF_OP_STATE:
            si[(size_t)nd->n / 64] |= (uint64_t)1 << ((size_t)nd->n % 64);
            lin = 1;
            break;
        case NHREF_OP_ADD:
        case NHREF_OP_SUB:
            if ((lin = la && lb))
                for (size_t k = 0; k < w; k++)
                    si[k] = sa[k] | sb[k];
            break;
        case NHREF_OP_NEG:
            if ((lin = la))
                for (size_t k = 0; k < w; k++)
                    si[k] = sa[k];
            break;
        case NHREF_OP_MUL:
            if ((lin = (la && cb) || (ca && lb)))
                for (size_t k = 0; k < w; k++)
                    si[k] = la ? sa[k] : sb[k];
            e->cand[i] = la && lb;
            break;
        case NHREF_OP_DIV:
            if ((lin = la && cb))
                for (size_t k = 0; k < w; k++)
                    si[k] = sa[k];
            break;
        case NHREF_OP_SQR:
            e->cand[i] = la;
            break;
        default:
            break;
        }
        e->lin[i] = (char)lin;
        if (!e->cand[i])
            continue;
        (*ncand)++;
        if (nd->op == NHREF_OP_SQR)
            sb = sa;
        for (size_t p = 0; mono != NULL && p < e->ns; p++)
            for (size_t q = 0; q < e->ns; q++)
                if (((sa[p / 64] >> (p % 64)) & 1) && ((sb[q / 64] >> (q % 64)) & 1)) {
                    size_t lo = p < q ? p : q, hi = p < q ? q : p;
                    *nmono += !mono[lo * e->ns + hi];
                    mono[lo * e->ns + hi] = 1;
                }
    }
    if (mono == NULL)
        *nmono = SIZE_MAX; /* memory short: no expansion */
    free(mono);
}

int nhref_tape_expand_products(nhref_tape_t **out, const nhref_tape_t *src, size_t *ncand,
                               size_t *nmono)
{
    expand_t e = {src, src->nstate, (src->nstate + 63) / 64, NULL, NULL, NULL, NULL,
                  NHREF_NODE_INVALID, NHREF_NODE_INVALID};
    size_t n = src->nnodes, nc = 0, nm = 0;
    nhref_tape_t *t = NULL;
    nhref_node_t *map = NULL;
    int status;

    *out = NULL;
    if ((status = nhref_tape_status(src)) != NHREF_OK)
        return status;
    e.supp = calloc(n * e.words + 1, sizeof *e.supp);
    e.lin = calloc(n + 1, 1);
    e.cand = calloc(n + 1, 1);
    status = e.supp == NULL || e.lin == NULL || e.cand == NULL ? NHREF_ENOMEM : NHREF_OK;
    if (status == NHREF_OK)
        analyse(&e, &nc, &nm);
    if (ncand != NULL)
        *ncand = nc;
    if (nmono != NULL)
        *nmono = nm;
    if (status == NHREF_OK && nm < nc) {
        e.coef = malloc((n * e.ns + 1) * sizeof *e.coef);
        map = malloc((n + 1) * sizeof *map);
        status = e.coef == NULL || map == NULL
                     ? NHREF_ENOMEM
                     : nhref_tape_new(&t, src->nstate, src->nparam, src->nout);
        for (size_t k = 0; status == NHREF_OK && k < n * e.ns; k++)
            e.coef[k] = NHREF_NODE_INVALID;
        if (status == NHREF_OK) {
            nhref_tape_copy_hooked(t, src, map, expand_node, &e);
            for (size_t o = 0; o < src->nout; o++)
                nhref_tape_set_output(t, o, map[src->out[o]]);
            /* without the nodes no output needs any more (the factors' linear forms) */
            if ((status = nhref_tape_status(t)) == NHREF_OK &&
                (status = nhref_tape_select(out, t, 0, src->nout)) == NHREF_OK)
                memcpy((*out)->label, src->label, sizeof src->label);
        }
    }
    free(e.supp);
    free(e.lin);
    free(e.cand);
    free(e.coef);
    free(map);
    nhref_tape_free(t);
    if (status == NHREF_OK && *out == NULL) { /* nothing to expand: a copy */
        status = nhref_tape_new(out, src->nstate, src->nparam, src->nout);
        if (status == NHREF_OK && (status = nhref_tape_copy(*out, src)) != NHREF_OK) {
            nhref_tape_free(*out);
            *out = NULL;
        }
        if (*out != NULL)
            memcpy((*out)->label, src->label, sizeof src->label);
    }
    return status;
}
