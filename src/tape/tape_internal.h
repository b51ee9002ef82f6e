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
    nhref_node_t pair; /* SIN <-> COS, SINH <-> COSH partner; SOLVE: the group's first node */
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
    char label[64];      /* what the tape computes, for messages (a model's name), or "" */
};

/* nhref_tape_set_label -- names the tape for messages (the run-time compiler's "compiling
 * the jets of LABEL"); truncated to 63 bytes */
void nhref_tape_set_label(nhref_tape_t *tape, const char *label);

/* Number of auxiliary series node ND's jet needs (atan, atanh, tanh: 1; asin, acos,
 * pow: 2; powi: the kernel's count; others 0), for every interpreter's workspace. */
size_t nhref_tape_node_naux(const nhref_tape_node_t *nd);

/* nhref_tape_mark_needs -- sets NEED[i] for every node that a node already set among
 * the first END depends on (its arguments; a SOLVE follower's group, a group's
 * system): one pass backwards.  NEED: nnodes flags. */
void nhref_tape_mark_needs(const nhref_tape_t *tape, char *need, size_t end);

/* nhref_tape_node_needs -- NEED[i] = 1 for every node NODE depends on (NODE included;
 * a SOLVE follower's group and system with it): a calloc'ed array of nnodes + 1 flags
 * (all 0 for an invalid NODE), or NULL when memory is short. */
char *nhref_tape_node_needs(const nhref_tape_t *tape, nhref_node_t node);

/* ------------------------------------------------------------------ differentiation
 * (tangent.c; used by its transformations and by lagrange.c) */
#define NHREF_TAPE_ZERO (-2) /* a derivative that is identically zero (never a node) */

/* nhref_tape_copy_nodes -- copy every node of SRC into DST; MAP[i] is the new node of
 * node i (MAP: SRC's nnodes entries); SRC's state inputs become DST's states
 * STATE0 + i. */
void nhref_tape_copy_nodes(nhref_tape_t *dst, const nhref_tape_t *src, nhref_node_t *map,
                           size_t state0);
/* nhref_tape_copy_live -- the same for the nodes with LIVE[i] set only (LIVE NULL: all);
 * the others map to NHREF_NODE_INVALID */
void nhref_tape_copy_live(nhref_tape_t *dst, const nhref_tape_t *src, nhref_node_t *map,
                          size_t state0, const char *live);

/* nhref_tape_copy_hooked -- nhref_tape_copy_nodes (STATE0 = 0), except that node i of
 * SRC (not a SOLVE's) for which HOOK(CTX, DST, i, MAP) returns a node other than
 * NHREF_NODE_INVALID is mapped to that node; HOOK sees MAP filled for the nodes before i
 * and may build nodes in DST (tape/expand.c). */
typedef nhref_node_t (*nhref_tape_copy_hook_t)(void *ctx, nhref_tape_t *dst, size_t i,
                                               const nhref_node_t *map);
void nhref_tape_copy_hooked(nhref_tape_t *dst, const nhref_tape_t *src, nhref_node_t *map,
                            nhref_tape_copy_hook_t hook, void *ctx);

/* nhref_tape_derive -- D[i] = the derivative of SRC's node i (its value MAP[i] in DST)
 * along the direction whose state components are SEED[k] and whose time component is
 * TSEED (DST nodes, or NHREF_TAPE_ZERO); derivatives known to be zero are
 * NHREF_TAPE_ZERO, never built.  D: SRC's nnodes entries. */
void nhref_tape_derive(nhref_tape_t *dst, const nhref_tape_t *src, const nhref_node_t *map,
                       const nhref_node_t *seed, nhref_node_t tseed, nhref_node_t *d);

/* nhref_tape_materialize -- the node of derivative D: NHREF_TAPE_ZERO becomes the
 * constant 0. */
nhref_node_t nhref_tape_materialize(nhref_tape_t *t, nhref_node_t d);

#endif /* NHREF_TAPE_INTERNAL_H */
