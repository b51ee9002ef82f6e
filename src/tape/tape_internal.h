/* tape_internal.h -- the tape's node list and the MPFR workspace, shared by the
 * builder (tape.c) and the interpreters (eval_mp.c, jet_mp.c). */
#ifndef NHREF_TAPE_INTERNAL_H
#define NHREF_TAPE_INTERNAL_H

#include "nhref_jet.h"
#include "nhref_tape.h"

typedef struct {
    nhref_op_t op;
    nhref_node_t a, b; /* arguments, NHREF_NODE_INVALID when unused */
    long n;            /* POWI exponent; STATE and PARAM index */
    nhref_node_t pair; /* SIN <-> COS partner */
    char *str;         /* CONST: the decimal string */
    int constant;      /* 1 if the node does not depend on t or the state */
} nhref_tape_node_t;

struct nhref_tape {
    size_t nstate, nparam, nout;
    nhref_tape_node_t *node;
    size_t nnodes, cap;
    nhref_node_t *out;   /* nout outputs */
    nhref_node_t time;   /* the TIME node, or NHREF_NODE_INVALID */
    nhref_node_t *state; /* nstate STATE nodes, created on first use */
    nhref_node_t *param; /* nparam PARAM nodes */
    int status;          /* first build error */
};

struct nhref_tape_mp {
    const nhref_tape_t *tape;
    mpfr_prec_t prec;
    unsigned order;
    size_t len;           /* order + 1: length of every series */
    __mpfr_struct *coef;  /* nnodes series, node i at coef + i * len */
    __mpfr_struct *aux;   /* auxiliary series of ATAN, ATANH, TANH, POWI */
    mpfr_ptr *auxp;       /* per auxiliary series, its start (for POWI's array) */
    size_t *aux_first;    /* per node, index of its first auxiliary series in auxp */
    size_t naux;          /* number of auxiliary series */
    __mpfr_struct *param; /* nparam parameter values */
    nhref_jet_ws_t jws;
};

/* one instruction of the double interpreter's flat program: a non-constant node
 * with its series resolved to pointers (built once per workspace) */
typedef struct {
    int op;            /* nhref_op_t, or one of the NHREF_DOP_* below */
    size_t node;       /* the node, for the kernels the program does not inline */
    double *w, *w2;    /* the result; w2: the COS partner of a SIN */
    const double *a, *b;
} nhref_instr_d_t;

enum { NHREF_DOP_MULC = NHREF_OP_COUNT, /* a constant times b */
       NHREF_DOP_DIVC };                /* a divided by a constant b */

struct nhref_tape_d {
    const nhref_tape_t *tape;
    nhref_instr_d_t *prog; /* the non-constant operations, in SSA order */
    size_t nprog;
    unsigned order;
    size_t len;      /* order + 1 */
    double *coef;    /* nnodes series */
    double *aux;     /* auxiliary series */
    double **auxp;   /* per auxiliary series, its start */
    size_t *aux_first;
    size_t naux;
    double *param;
};

static inline double *nhref_tape_d_node(const struct nhref_tape_d *ws, nhref_node_t i)
{
    return ws->coef + (size_t)i * ws->len;
}

/* Series of node I in workspace WS. */
static inline mpfr_ptr nhref_tape_mp_node(const struct nhref_tape_mp *ws, nhref_node_t i)
{
    return ws->coef + (size_t)i * ws->len;
}

/* Number of auxiliary series node ND's jet needs (atan, atanh, tanh: 1; powi: the
 * kernel's count; others 0), for both interpreters' workspaces. */
size_t nhref_tape_node_naux(const nhref_tape_node_t *nd);

/* Load t and x into the order-0 slots of the TIME and STATE nodes. */
void nhref_tape_mp_load_inputs(struct nhref_tape_mp *ws, mpfr_srcptr t, mpfr_srcptr x);

#endif /* NHREF_TAPE_INTERNAL_H */
