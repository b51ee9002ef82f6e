/* fold.c -- linear combinations of a tape folded into one sum of terms per value that
 * needs one (nhref_tape_fold_linear, nhref_tape.h): the model compiler's pass that
 * brings a right-hand side written with its coefficients multiplied out, such as
 * Cramer's rule [K1 N1 + K2 N2 + K3 N3]/D with each N a sum of products by parameters,
 * to the sums a hand-written model would use, sum_j c_j a_j with each c_j one constant.
 *
 * A non-constant node is linear when it is a sum, difference or negation, a product
 * by a constant node (one that depends on the parameters and constants only) or a
 * quotient by one; every other non-constant node (a state, the time, a product of two
 * series, a function) is an atom.  A linear node is the combination
 *   sum_j c_j a_j + c_0
 * of the atoms its linear arguments reach, with coefficients c_j that are constant
 * nodes: c1 (c2 x) has the coefficient c1 c2, (c1 x + c2 x)/d the coefficient
 * (c1 + c2)/d, evaluated once per parameter set (the constant program, tape/program.h).
 * Atoms are compared by their representatives (tape/program.h), so that a product
 * written twice is one atom.  A linear node that something other than a linear node
 * reads (an atom, an output, a SOLVE) is a root; a root is rebuilt as its combination
 * (one product by a constant per term whose coefficient is not +-1, one sum or
 * difference per term but the first) when that costs less than the linear nodes of
 * its cone, and is copied as it is otherwise.  Costs are per Taylor coefficient: a
 * sum, difference or negation 1, a product by a constant W_MULC, a quotient by one
 * W_DIVC (the atoms are the same either way).  The pass keeps the folded tape when its
 * program costs less than SRC's, and a copy of SRC otherwise.  Structural cancellations
 * (x - x, -x + x) drop the term; a coefficient written as 1 or -1 (CONST "1", "-1", or
 * its negation) is no product. */
#include "tape_internal.h"
#include "tape/program.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ONE (-3)          /* a coefficient that is 1 (never built) */
#define MONE (-4)         /* a coefficient that is -1 (never built) */
#define ZERO (-5)         /* a coefficient that cancelled (the term is dropped) */
#define FOLD_MAX_TERMS 64 /* a linear node of more terms is taken as an atom */
/* the weights of the linear instructions, a sum, difference or negation 1: one
 * coefficient of a product by a constant costs about two sums in MPFR, of a quotient
 * three */
#define W_MULC 2
#define W_DIVC 3

/* KIND of a node */
enum { K_CONST, K_ATOM, K_LIN };

typedef struct {
    size_t key;     /* the atom's representative in SRC; nnodes: the constant 1 */
    nhref_node_t c; /* its coefficient: a constant node of DST, ONE or MONE */
} term_t;

typedef struct {
    term_t *t;
    size_t n;
} terms_t;

typedef struct {
    const nhref_tape_t *src;
    size_t nn;
    nhref_node_t *rep; /* SRC's representatives (nhref_program_build) */
    char *kind;        /* nnodes: K_CONST, K_ATOM or K_LIN */
    char *root;        /* nnodes: a linear node read by something other than a linear node */
    terms_t *lin;      /* nnodes: a linear node's combination */
    size_t *stamp;     /* nnodes: the last root whose cone counted the node */
    size_t nstamp;
    nhref_tape_t *dst;      /* the tape built (coefficients); NULL in the analysis (keys only) */
    nhref_node_t one, mone; /* DST's constants 1 and -1, once built */
    int status;             /* NHREF_ENOMEM when memory ran short */
} fold_t;

/* ------------------------------------------------------------------ coefficients
 * (in the analysis, F->dst NULL, every coefficient is ONE: only the keys count) */
static nhref_node_t mat(fold_t *f, nhref_node_t c)
{
    if (c == ONE)
        return f->one != NHREF_NODE_INVALID ? f->one : (f->one = nhref_tape_const(f->dst, "1"));
    if (c == MONE)
        return f->mone != NHREF_NODE_INVALID ? f->mone : (f->mone = nhref_tape_const(f->dst, "-1"));
    return c;
}

static nhref_node_t cneg(fold_t *f, nhref_node_t c)
{
    if (f->dst == NULL)
        return ONE;
    return c == ONE ? MONE : c == MONE ? ONE : nhref_tape_neg(f->dst, c);
}

/* C + SIGN D (SIGN = +-1); ZERO when they cancel (the same coefficient subtracted) */
static nhref_node_t cadd(fold_t *f, nhref_node_t c, nhref_node_t d, int sign)
{
    if (f->dst == NULL)
        return ONE;
    if ((sign > 0 && ((c == ONE && d == MONE) || (c == MONE && d == ONE))) || (sign < 0 && c == d))
        return ZERO;
    return sign > 0 ? nhref_tape_add(f->dst, mat(f, c), mat(f, d))
                    : nhref_tape_sub(f->dst, mat(f, c), mat(f, d));
}

/* is constant node K of DST the constant 1 (1) or -1 (-1), as written (0: neither)?
 * (nhref_tape_expand_products writes the coefficient of -x y as -1) */
static int unit(const fold_t *f, nhref_node_t k)
{
    const nhref_tape_node_t *nd = &f->dst->node[k];
    if (nd->op == NHREF_OP_NEG)
        return -unit(f, nd->a);
    if (nd->op != NHREF_OP_CONST)
        return 0;
    return strcmp(nd->str, "1") == 0 ? 1 : strcmp(nd->str, "-1") == 0 ? -1 : 0;
}

/* C K (K a constant node of DST) */
static nhref_node_t cmul(fold_t *f, nhref_node_t c, nhref_node_t k)
{
    if (f->dst == NULL)
        return ONE;
    if (unit(f, k) != 0)
        return unit(f, k) > 0 ? c : cneg(f, c);
    return c == ONE ? k : c == MONE ? nhref_tape_neg(f->dst, k) : nhref_tape_mul(f->dst, c, k);
}

/* C / K */
static nhref_node_t cdiv(fold_t *f, nhref_node_t c, nhref_node_t k)
{
    if (f->dst == NULL)
        return ONE;
    return nhref_tape_div(f->dst, mat(f, c), k);
}

/* ------------------------------------------------------------------ combinations */
/* the combination of argument A of a linear node: its own if A is linear, else the
 * one term A (an atom) or c_0 = A (a constant); ONE_TERM: room for that term */
static terms_t arg_terms(const fold_t *f, const nhref_node_t *map, nhref_node_t a, term_t *one_term)
{
    terms_t r = {one_term, 1};
    if (f->kind[a] == K_LIN)
        return f->lin[a];
    if (f->kind[a] == K_CONST) {
        one_term->key = f->nn;
        one_term->c = f->dst != NULL ? map[a] : ONE;
    } else {
        one_term->key = (size_t)f->rep[a];
        one_term->c = ONE;
    }
    return r;
}

/* *OUT = A + SIGN B (SIGN = +-1), both sorted by key, as is *OUT */
static int merge(fold_t *f, terms_t *out, terms_t a, terms_t b, int sign)
{
    size_t i = 0, j = 0;
    out->n = 0;
    out->t = malloc((a.n + b.n + 1) * sizeof *out->t);
    if (out->t == NULL)
        return NHREF_ENOMEM;
    while (i < a.n || j < b.n) {
        term_t t;
        if (j == b.n || (i < a.n && a.t[i].key < b.t[j].key)) {
            t = a.t[i++];
        } else if (i == a.n || b.t[j].key < a.t[i].key) {
            t.key = b.t[j].key;
            t.c = sign > 0 ? b.t[j].c : cneg(f, b.t[j].c);
            j++;
        } else {
            t.key = a.t[i].key;
            t.c = cadd(f, a.t[i].c, b.t[j].c, sign);
            i++;
            j++;
            if (t.c == ZERO)
                continue;
        }
        out->t[out->n++] = t;
    }
    return NHREF_OK;
}

/* *OUT = A scaled: by -1 (OP NEG), by K (MUL) or by 1/K (DIV) */
static int scale(fold_t *f, terms_t *out, terms_t a, nhref_op_t op, nhref_node_t k)
{
    out->n = a.n;
    out->t = malloc((a.n + 1) * sizeof *out->t);
    if (out->t == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < a.n; i++) {
        out->t[i].key = a.t[i].key;
        out->t[i].c = op == NHREF_OP_NEG   ? cneg(f, a.t[i].c)
                      : op == NHREF_OP_MUL ? cmul(f, a.t[i].c, k)
                                           : cdiv(f, a.t[i].c, k);
    }
    return NHREF_OK;
}

/* the combination of linear node I into F->lin[I] (MAP: SRC's nodes before I in
 * F->dst; unused in the analysis) */
static int combine(fold_t *f, const nhref_node_t *map, size_t i)
{
    const nhref_tape_node_t *nd = &f->src->node[i];
    nhref_node_t a = nd->a, b = nd->b;
    term_t ta, tb;

    switch (nd->op) {
    case NHREF_OP_ADD:
    case NHREF_OP_SUB:
        return merge(f, &f->lin[i], arg_terms(f, map, a, &ta), arg_terms(f, map, b, &tb),
                     nd->op == NHREF_OP_ADD ? 1 : -1);
    case NHREF_OP_NEG:
        return scale(f, &f->lin[i], arg_terms(f, map, a, &ta), NHREF_OP_NEG, NHREF_NODE_INVALID);
    case NHREF_OP_MUL: /* the series first */
        if (f->kind[a] == K_CONST) {
            a = nd->b;
            b = nd->a;
        }
        return scale(f, &f->lin[i], arg_terms(f, map, a, &ta), NHREF_OP_MUL,
                     f->dst != NULL ? map[b] : NHREF_NODE_INVALID);
    default: /* DIV by a constant */
        return scale(f, &f->lin[i], arg_terms(f, map, a, &ta), NHREF_OP_DIV,
                     f->dst != NULL ? map[b] : NHREF_NODE_INVALID);
    }
}

/* is non-constant node ND linear (before the limit on its terms)? */
static int linear_op(const nhref_tape_t *t, const nhref_tape_node_t *nd)
{
    switch (nd->op) {
    case NHREF_OP_ADD:
    case NHREF_OP_SUB:
    case NHREF_OP_NEG:
        return 1;
    case NHREF_OP_MUL:
        return t->node[nd->a].constant != t->node[nd->b].constant;
    case NHREF_OP_DIV:
        return t->node[nd->b].constant;
    default:
        return 0;
    }
}

/* the kinds, the roots and the keys of every linear node */
static int analyse(fold_t *f)
{
    const nhref_tape_t *t = f->src;
    int s = NHREF_OK;

    for (size_t i = 0; i < f->nn && s == NHREF_OK; i++) {
        const nhref_tape_node_t *nd = &t->node[i];
        f->kind[i] = nd->constant ? K_CONST : K_ATOM;
        if (nd->constant || nd->op == NHREF_OP_SOLVE || !linear_op(t, nd))
            continue;
        f->kind[i] = K_LIN;
        if ((s = combine(f, NULL, i)) == NHREF_OK && f->lin[i].n > FOLD_MAX_TERMS)
            f->kind[i] = K_ATOM;
    }
    /* the roots: linear nodes read by an atom, a SOLVE or an output (a linear node
     * reads its arguments linearly, but a quotient its divisor, which is constant) */
    for (size_t i = 0; i < f->nn && s == NHREF_OK; i++) {
        const nhref_tape_node_t *nd = &t->node[i];
        nhref_node_t arg[2] = {nd->a, nd->b};
        for (int k = 0; k < 2; k++)
            if (arg[k] >= 0 && f->kind[arg[k]] == K_LIN && f->kind[i] != K_LIN)
                f->root[arg[k]] = 1;
        for (size_t k = 0; nd->args != NULL && k < nd->dim * nd->dim + nd->dim; k++)
            if (f->kind[nd->args[k]] == K_LIN)
                f->root[nd->args[k]] = 1;
    }
    for (size_t o = 0; o < t->nout && s == NHREF_OK; o++)
        if (f->kind[t->out[o]] == K_LIN)
            f->root[t->out[o]] = 1;
    /* the copy recomputes the combinations with their coefficients */
    for (size_t i = 0; i < f->nn; i++) {
        free(f->lin[i].t);
        f->lin[i].t = NULL;
        f->lin[i].n = 0;
    }
    return s;
}

/* the linear instructions of I's cone not yet counted for the root being decided
 * (F->nstamp), once per representative as the program computes them */
static size_t cone(fold_t *f, nhref_node_t i)
{
    const nhref_tape_node_t *nd = &f->src->node[i];
    if (f->kind[i] != K_LIN || f->stamp[f->rep[i]] == f->nstamp)
        return 0;
    f->stamp[f->rep[i]] = f->nstamp;
    return (nd->op == NHREF_OP_MUL   ? W_MULC
            : nd->op == NHREF_OP_DIV ? W_DIVC
                                     : 1) +
           cone(f, nd->a) + (nd->b >= 0 ? cone(f, nd->b) : 0);
}

/* term T of a combination as a node of DST (a coefficient -1 is left to the caller) */
static nhref_node_t term_node(fold_t *f, const term_t *t, const nhref_node_t *map)
{
    if (t->key == f->nn)
        return t->c;
    return t->c == ONE || t->c == MONE ? map[t->key] : nhref_tape_mul(f->dst, t->c, map[t->key]);
}

/* the hook of the copy: root I rebuilt as its combination, or NHREF_NODE_INVALID
 * (copied as it is) */
static nhref_node_t fold_node(void *ctx, nhref_tape_t *dst, size_t i, const nhref_node_t *map)
{
    fold_t *f = ctx;
    const terms_t *l = &f->lin[i];
    nhref_node_t sum;
    size_t cost = 0, first;

    if (f->kind[i] != K_LIN || f->status != NHREF_OK)
        return NHREF_NODE_INVALID;
    f->dst = dst;
    if ((f->status = combine(f, map, i)) != NHREF_OK || !f->root[i])
        return NHREF_NODE_INVALID;
    /* its cost folded: a product per coefficient other than +-1, a sum per term but
     * the first, a negation if every term has the coefficient -1 */
    first = l->n;
    for (size_t k = 0; k < l->n; k++) {
        cost +=
            (k > 0) + (l->t[k].key < f->nn && l->t[k].c != ONE && l->t[k].c != MONE ? W_MULC : 0);
        if (first == l->n && l->t[k].c != MONE)
            first = k;
    }
    cost += l->n > 0 && first == l->n;
    f->nstamp++;
    if (cost >= cone(f, (nhref_node_t)i))
        return NHREF_NODE_INVALID;
    if (l->n == 0) /* the terms cancelled */
        return nhref_tape_const(dst, "0");
    if (first == l->n) { /* every term -a */
        first = 0;
        sum = nhref_tape_neg(dst, map[l->t[0].key]);
    } else {
        sum = term_node(f, &l->t[first], map);
    }
    for (size_t k = 0; k < l->n; k++)
        if (k != first)
            sum = l->t[k].c == MONE ? nhref_tape_sub(dst, sum, map[l->t[k].key])
                                    : nhref_tape_add(dst, sum, term_node(f, &l->t[k], map));
    return sum;
}

/* the weighted instructions of program PG (non-constant): W_MULC, W_DIVC, 1 for the
 * others */
static size_t program_size(const nhref_program_t *pg)
{
    size_t n = 0;
    for (size_t k = 0; k < pg->nprog; k++)
        n += pg->prog[k].op == NHREF_PROG_MULC   ? W_MULC
             : pg->prog[k].op == NHREF_PROG_DIVC ? W_DIVC
                                                 : 1;
    return n;
}

int nhref_tape_fold_linear(nhref_tape_t **out, const nhref_tape_t *src, size_t *nbefore,
                           size_t *nafter)
{
    fold_t f;
    nhref_program_t pg, pf;
    nhref_tape_t *t = NULL, *folded = NULL;
    nhref_node_t *map = NULL;
    size_t nb = SIZE_MAX, na = SIZE_MAX;
    int status;

    *out = NULL;
    memset(&f, 0, sizeof f);
    f.src = src;
    f.nn = src->nnodes;
    f.one = f.mone = NHREF_NODE_INVALID;
    if ((status = nhref_tape_status(src)) != NHREF_OK)
        return status;
    if ((status = nhref_program_build(&pg, src)) != NHREF_OK)
        return status;
    nb = program_size(&pg);
    f.rep = pg.rep;
    f.kind = calloc(f.nn + 1, 1);
    f.root = calloc(f.nn + 1, 1);
    f.lin = calloc(f.nn + 1, sizeof *f.lin);
    f.stamp = calloc(f.nn + 1, sizeof *f.stamp);
    map = malloc((f.nn + 1) * sizeof *map);
    status = f.kind == NULL || f.root == NULL || f.lin == NULL || f.stamp == NULL || map == NULL
                 ? NHREF_ENOMEM
                 : analyse(&f);
    if (status == NHREF_OK)
        status = nhref_tape_new(&t, src->nstate, src->nparam, src->nout);
    if (status == NHREF_OK) {
        nhref_tape_copy_hooked(t, src, map, fold_node, &f);
        for (size_t o = 0; o < src->nout; o++)
            nhref_tape_set_output(t, o, map[src->out[o]]);
        if ((status = f.status) == NHREF_OK && (status = nhref_tape_status(t)) == NHREF_OK &&
            (status = nhref_tape_select(&folded, t, 0, src->nout)) == NHREF_OK) {
            memcpy(folded->label, src->label, sizeof src->label);
            if ((status = nhref_program_build(&pf, folded)) == NHREF_OK) {
                na = program_size(&pf);
                nhref_program_free(&pf);
            }
        }
    }
    for (size_t i = 0; f.lin != NULL && i < f.nn; i++)
        free(f.lin[i].t);
    free(f.kind);
    free(f.root);
    free(f.lin);
    free(f.stamp);
    free(map);
    nhref_program_free(&pg);
    nhref_tape_free(t);
    if (status == NHREF_OK && na < nb) {
        *out = folded;
    } else { /* no fewer instructions: a copy */
        nhref_tape_free(folded);
        na = nb;
        if (status == NHREF_OK &&
            (status = nhref_tape_new(out, src->nstate, src->nparam, src->nout)) == NHREF_OK) {
            if ((status = nhref_tape_copy(*out, src)) != NHREF_OK) {
                nhref_tape_free(*out);
                *out = NULL;
            } else {
                memcpy((*out)->label, src->label, sizeof src->label);
            }
        }
    }
    if (nbefore != NULL)
        *nbefore = nb;
    if (nafter != NULL)
        *nafter = na;
    return status;
}
