/* tape_internal.h -- the tape's node list, shared by the builder (tape.c), the parser
 * (parse.c), the tangent transformations (tangent.c) and the interpreter (interp.c,
 * compiled once per number type). */
#ifndef NHREF_TAPE_INTERNAL_H
#define NHREF_TAPE_INTERNAL_H

#include "nhref_jet.h"
#include "nhref_tape.h"

typedef struct {
    nhref_op_t op;
    nhref_node_t a, b; /* arguments, NHREF_NODE_INVALID when unused */
    long n;            /* POWI exponent; STATE and PARAM index; SOLVE: index in its group */
    nhref_node_t pair; /* SIN <-> COS partner; SOLVE: the group's first node */
    char *str;         /* CONST: the decimal string */
    int constant;      /* 1 if the node does not depend on t or the state */
    /* SOLVE, first node of a group: the system M y = b of size dim, its dim * dim + dim
     * argument nodes (M row-major, then b); NULL and 0 for every other node */
    nhref_node_t *args;
    size_t dim;
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

/* Number of auxiliary series node ND's jet needs (atan, atanh, tanh: 1; powi: the
 * kernel's count; others 0), for every interpreter's workspace. */
size_t nhref_tape_node_naux(const nhref_tape_node_t *nd);

#endif /* NHREF_TAPE_INTERNAL_H */
