/* program.c -- a tape compiled into flat programs of instructions on node indices, for
 * every number type (program.h). */
#include <stdlib.h>
#include <string.h>

#include "assertion.h"
#include "nhref_status.h"
#include "tape/program.h"

void nhref_program_free(nhref_program_t *pg)
{
    free(pg->rep);
    free(pg->prog);
    free(pg->cprog);
    memset(pg, 0, sizeof *pg);
}

/* ------------------------------------------------------------------ repeated nodes */
/* the key of a pure operation: 0 for the others (never shared) */
static int shareable(const nhref_tape_node_t *nd)
{
    switch (nd->op) {
    case NHREF_OP_ADD:
    case NHREF_OP_SUB:
    case NHREF_OP_MUL:
    case NHREF_OP_DIV:
    case NHREF_OP_NEG:
    case NHREF_OP_SQR:
    case NHREF_OP_SQRT:
    case NHREF_OP_SIN:
    case NHREF_OP_EXP:
    case NHREF_OP_LOG:
    case NHREF_OP_ATAN:
    case NHREF_OP_ATANH:
    case NHREF_OP_TANH:
    case NHREF_OP_POWI:
    case NHREF_OP_ASIN:
    case NHREF_OP_ACOS:
    case NHREF_OP_SINH:
    case NHREF_OP_POW:
        return !nd->constant;
    default:
        return 0;
    }
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
}

/* node I's operation on the representatives of its arguments */
static uint64_t op_key(const nhref_tape_node_t *nd, const nhref_node_t *rep)
{
    uint64_t h = mix(0, (uint64_t)nd->op);
    h = mix(h, nd->a >= 0 ? (uint64_t)rep[nd->a] : ~0ULL);
    h = mix(h, nd->b >= 0 ? (uint64_t)rep[nd->b] : ~0ULL);
    return mix(h, (uint64_t)nd->n);
}

static int same_op(const nhref_tape_node_t *x, const nhref_tape_node_t *y, const nhref_node_t *rep)
{
    return x->op == y->op && x->n == y->n &&
           (x->a >= 0 ? rep[x->a] : -1) == (y->a >= 0 ? rep[y->a] : -1) &&
           (x->b >= 0 ? rep[x->b] : -1) == (y->b >= 0 ? rep[y->b] : -1);
}

/* REP: each shareable node that repeats an earlier one maps to it (a SIN's COS, a
 * SINH's COSH moves with it); an open-addressing table of the first occurrences */
static int find_repeats(nhref_node_t *rep, const nhref_tape_t *tape)
{
    size_t nn = tape->nnodes, cap = 16;
    nhref_node_t *table;

    for (size_t i = 0; i < nn; i++)
        rep[i] = (nhref_node_t)i;
    while (cap < 2 * nn)
        cap *= 2;
    table = malloc(cap * sizeof *table);
    if (table == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < cap; i++)
        table[i] = NHREF_NODE_INVALID;
    for (size_t i = 0; i < nn; i++) {
        const nhref_tape_node_t *nd = &tape->node[i];
        size_t h;
        if (!shareable(nd))
            continue;
        for (h = op_key(nd, rep) & (cap - 1); table[h] != NHREF_NODE_INVALID; h = (h + 1) & (cap - 1))
            if (same_op(&tape->node[table[h]], nd, rep))
                break;
        if (table[h] == NHREF_NODE_INVALID) {
            table[h] = (nhref_node_t)i;
        } else {
            rep[i] = table[h];
            if (nd->op == NHREF_OP_SIN || nd->op == NHREF_OP_SINH)
                rep[nd->pair] = tape->node[table[h]].pair;
        }
    }
    free(table);
    return NHREF_OK;
}

/* ------------------------------------------------------------------ compilation */
int nhref_program_build(nhref_program_t *pg, const nhref_tape_t *tape)
{
    size_t nn = tape->nnodes;

    memset(pg, 0, sizeof *pg);
    pg->rep = malloc((nn ? nn : 1) * sizeof *pg->rep);
    pg->prog = malloc((nn ? nn : 1) * sizeof *pg->prog);
    pg->cprog = malloc((nn ? nn : 1) * sizeof *pg->cprog);
    if (pg->rep == NULL || pg->prog == NULL || pg->cprog == NULL ||
        find_repeats(pg->rep, tape) != NHREF_OK) {
        nhref_program_free(pg);
        return NHREF_ENOMEM;
    }
    for (size_t i = 0; i < nn; i++) {
        const nhref_tape_node_t *nd = &tape->node[i];
        nhref_prog_instr_t *p;
        size_t naux = nhref_tape_node_naux(nd);

        /* single assignment: a node's arguments are earlier nodes */
        NHREF_ASSERT(nd->a < (nhref_node_t)i && nd->b < (nhref_node_t)i);

        if (nd->op == NHREF_OP_CONST || nd->op == NHREF_OP_TIME || nd->op == NHREF_OP_STATE ||
            nd->op == NHREF_OP_COS || nd->op == NHREF_OP_COSH ||
            (nd->op == NHREF_OP_SOLVE && nd->n != 0) || pg->rep[i] != (nhref_node_t)i) {
            pg->naux += naux;
            continue;
        }
        p = nd->constant ? &pg->cprog[pg->ncprog++] : &pg->prog[pg->nprog++];
        p->op = nd->op;
        p->node = (nhref_node_t)i;
        p->w2 = nd->op == NHREF_OP_SIN || nd->op == NHREF_OP_SINH ? pg->rep[nd->pair]
                                                                  : NHREF_NODE_INVALID;
        p->a = nd->a >= 0 ? pg->rep[nd->a] : NHREF_NODE_INVALID;
        p->b = nd->b >= 0 ? pg->rep[nd->b] : NHREF_NODE_INVALID;
        p->n = nd->n;
        p->aux = pg->naux;
        p->sin = 0;
        p->solve = 0;
        pg->naux += naux;
        if (nd->op == NHREF_OP_PARAM) {
            p->op = NHREF_PROG_PARAM;
        } else if (nd->op == NHREF_OP_MUL && !nd->constant &&
                   (tape->node[nd->a].constant || tape->node[nd->b].constant)) {
            p->op = NHREF_PROG_MULC; /* the constant first */
            if (!tape->node[nd->a].constant) {
                nhref_node_t t = p->a;
                p->a = p->b;
                p->b = t;
            }
        } else if (nd->op == NHREF_OP_DIV && !nd->constant && tape->node[nd->b].constant) {
            p->op = NHREF_PROG_DIVC;
        } else if (nd->op == NHREF_OP_POW && !nd->constant && tape->node[nd->b].constant) {
            p->op = NHREF_PROG_POWC;
        } else if (nd->op == NHREF_OP_SOLVE) {
            p->solve = pg->nsolve++;
        } else if (nd->op == NHREF_OP_SIN && !nd->constant) {
            p->sin = pg->nsin++;
        }
    }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ fingerprint */
typedef struct {
    uint64_t f, m;
} fp_t;

static void put(fp_t *h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h->f ^= (v >> (8 * i)) & 0xff;
        h->f *= 0x100000001b3ULL;
    }
    h->m = mix(h->m, v);
}

void nhref_tape_fingerprint(uint64_t fp[2], const nhref_tape_t *tape)
{
    fp_t h = {0xcbf29ce484222325ULL, 0x243f6a8885a308d3ULL};

    put(&h, tape->nstate);
    put(&h, tape->nparam);
    put(&h, tape->nout);
    put(&h, tape->nnodes);
    put(&h, (uint64_t)tape->time);
    for (size_t i = 0; i < tape->nstate; i++)
        put(&h, (uint64_t)tape->state[i]);
    for (size_t i = 0; i < tape->nout; i++)
        put(&h, (uint64_t)tape->out[i]);
    for (size_t i = 0; i < tape->nnodes; i++) {
        const nhref_tape_node_t *nd = &tape->node[i];
        put(&h, (uint64_t)nd->op);
        put(&h, (uint64_t)nd->a);
        put(&h, (uint64_t)nd->b);
        put(&h, (uint64_t)nd->n);
        put(&h, (uint64_t)nd->pair);
        put(&h, (uint64_t)nd->constant);
        put(&h, (uint64_t)nd->dim);
        for (size_t j = 0; nd->args != NULL && j < nd->dim * nd->dim + nd->dim; j++)
            put(&h, (uint64_t)nd->args[j]);
    }
    fp[0] = h.f;
    fp[1] = h.m;
}
