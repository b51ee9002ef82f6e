/* build.h -- internal: the one vocabulary in which every model's tape builder is
 * written (every src/models/<name>.c, and the test-only models of tests/).
 *
 * How to write a model.  A model is one file: its tables (state, parameters,
 * integrals, events, with units and defaults), its parameter checks, and tape
 * builders `static int build_rhs(nhref_tape_t *tp)` (and build_integrals,
 * build_events) that read like the equations of its specification: name the
 * quantities of the spec with nhref_node_t (or nhref_v3_t) variables, one line
 * per equation, e.g. for the Chaplygin sleigh (spec §3.1)
 *
 *     nhref_node_t v = STATE(V), omega = STATE(OMEGA), a = PARAM(A);
 *     OUT(V, MUL(a, SQR(omega)));                      v' = a omega^2
 *
 * and end with `return nhref_tape_status(tp);`.  Errors are sticky
 * (nhref_tape.h), so the builder is straight-line code with that one check.
 * The builder's tape parameter must be named `tp`: every macro below uses it.
 * Keep the spec's grouping: (a + b) + c and a + (b + c) round differently.
 * Small linear systems (mass matrices, KKT systems with their zero block) are
 * one SOLVE, never a hand-written elimination (DESIGN §2).
 *
 * The vocabulary.  Every macro expands to a call of a static inline function
 * below (no exported symbol: the library is built with -fvisibility=hidden).
 *   Inputs:   STATE(i)  PARAM(i)  CONST("decimal")  TIME()
 *   Scalars:  ADD(a, b)  SUB(a, b)  MUL(a, b)  DIV(a, b)  NEG(a)  SQR(a)  SQRT(a)
 *             SIN(a)  COS(a)  EXP(a)  LOG(a)  ATAN(a)  ATANH(a)  TANH(a)
 *             POWI(a, n)  DOTN(n, a, b) (sum_i a[i] b[i] of two node arrays)
 *   Outputs:  OUT(i, node)
 *   Vectors:  nhref_v3_t (three nodes c[0..2]): V3(x, y, z)  STATES3(first)
 *             PARAMS3(i, j, k)  VADD(a, b)  VSUB(a, b)  VNEG(a)  VSCALE(s, a)
 *             CROSS(a, b)  DOT(a, b)  DIAG(d, a) (componentwise d_i a_i)
 *             OUT3(first, v) (outputs first..first+2)
 *   Solve:    SOLVE(n, M, b, y): y (n nodes, written) = M^-1 b for M n*n nodes
 *             row-major and b n nodes (nhref_tape_solve: partial pivoting, so a
 *             KKT matrix with a zero block is fine); returns the tape status.
 *
 * ZERO.  An exact zero that never reaches the tape: the macros fold it
 * (0 + a = a, a - 0 = a, 0 - a = -a, 0 * a = 0, 0 / a = 0, -0 = 0, 0^2 = 0,
 * sqrt, sin, atan, atanh, tanh of 0 = 0), so a vector such as E3 = (0, 0, 1)
 * or a sparse matrix row costs no operations on its zero entries.  COS(ZERO),
 * EXP(ZERO) and POWI(ZERO, 0) give the constant 1; OUT of ZERO writes the
 * constant "0", and SOLVE turns ZERO entries into it.  What has no value at 0
 * (a / 0, log 0, 0^n for n < 0) passes ZERO to the tape, which records
 * NHREF_EINVAL: a builder error, reported by nhref_tape_status.
 * Folding changes no finite value: x + 0 = x and 0 * x = 0 exactly (it can only
 * change the sign of a zero, -0 + 0 = +0, or 0 * Inf and 0 * NaN, which the tape
 * would make NaN).
 */
#ifndef NHREF_MODELS_BUILD_H
#define NHREF_MODELS_BUILD_H

#include <stddef.h>

#include "nhref_tape.h"

/* the exact zero: not a node (nodes are >= 0, NHREF_NODE_INVALID is -1) */
#define ZERO ((nhref_node_t)-2)

typedef struct {
    nhref_node_t c[3];
} nhref_v3_t;

/* ------------------------------------------------------------------ inputs and outputs */
#define STATE(i) nhref_tape_state(tp, (size_t)(i))
#define PARAM(i) nhref_tape_param(tp, (size_t)(i))
#define CONST(s) nhref_tape_const(tp, (s))
#define TIME() nhref_tape_time(tp)
#define OUT(i, n) nhref_build_out(tp, (size_t)(i), (n))

static inline nhref_node_t nhref_build_node(nhref_tape_t *tp, nhref_node_t a)
{
    return a == ZERO ? nhref_tape_const(tp, "0") : a;
}

static inline int nhref_build_out(nhref_tape_t *tp, size_t i, nhref_node_t a)
{
    return nhref_tape_set_output(tp, i, nhref_build_node(tp, a));
}

/* ------------------------------------------------------------------ scalars */
#define ADD(a, b) nhref_build_add(tp, (a), (b))
#define SUB(a, b) nhref_build_sub(tp, (a), (b))
#define MUL(a, b) nhref_build_mul(tp, (a), (b))
#define DIV(a, b) nhref_build_div(tp, (a), (b))
#define NEG(a) nhref_build_neg(tp, (a))
#define SQR(a) nhref_build_sqr(tp, (a))
#define SQRT(a) nhref_build_sqrt(tp, (a))
#define SIN(a) nhref_build_sin(tp, (a))
#define COS(a) nhref_build_cos(tp, (a))
#define EXP(a) nhref_build_exp(tp, (a))
#define LOG(a) nhref_tape_log(tp, (a))
#define ATAN(a) nhref_build_atan(tp, (a))
#define ATANH(a) nhref_build_atanh(tp, (a))
#define TANH(a) nhref_build_tanh(tp, (a))
#define POWI(a, n) nhref_build_powi(tp, (a), (n))
#define DOTN(n, a, b) nhref_build_dotn(tp, (n), (a), (b))

static inline nhref_node_t nhref_build_add(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b)
{
    if (a == ZERO)
        return b;
    if (b == ZERO)
        return a;
    return nhref_tape_add(tp, a, b);
}

static inline nhref_node_t nhref_build_sub(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b)
{
    if (b == ZERO)
        return a;
    if (a == ZERO)
        return nhref_tape_neg(tp, b);
    return nhref_tape_sub(tp, a, b);
}

static inline nhref_node_t nhref_build_mul(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b)
{
    return a == ZERO || b == ZERO ? ZERO : nhref_tape_mul(tp, a, b);
}

static inline nhref_node_t nhref_build_div(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b)
{
    return a == ZERO && b != ZERO ? ZERO : nhref_tape_div(tp, a, b);
}

/* the unary operations: f(ZERO) = ZERO (odd, or 0 at 0), or the constant 1 */
#define NHREF_BUILD_UNARY(op, at_zero)                                                            \
    static inline nhref_node_t nhref_build_##op(nhref_tape_t *tp, nhref_node_t a)                 \
    {                                                                                             \
        return a != ZERO ? nhref_tape_##op(tp, a) : (at_zero) ? nhref_tape_const(tp, "1") : ZERO; \
    }
NHREF_BUILD_UNARY(neg, 0)
NHREF_BUILD_UNARY(sqr, 0)
NHREF_BUILD_UNARY(sqrt, 0)
NHREF_BUILD_UNARY(sin, 0)
NHREF_BUILD_UNARY(atan, 0)
NHREF_BUILD_UNARY(atanh, 0)
NHREF_BUILD_UNARY(tanh, 0)
NHREF_BUILD_UNARY(cos, 1)
NHREF_BUILD_UNARY(exp, 1)
#undef NHREF_BUILD_UNARY

static inline nhref_node_t nhref_build_powi(nhref_tape_t *tp, nhref_node_t a, long n)
{
    if (a == ZERO && n > 0)
        return ZERO;
    if (a == ZERO && n == 0)
        return nhref_tape_const(tp, "1");
    return nhref_tape_powi(tp, a, n);
}

/* sum_{i < n} a[i] b[i], summed left to right */
static inline nhref_node_t nhref_build_dotn(nhref_tape_t *tp, size_t n, const nhref_node_t *a,
                                            const nhref_node_t *b)
{
    nhref_node_t s = ZERO;
    for (size_t i = 0; i < n; i++)
        s = ADD(s, MUL(a[i], b[i]));
    return s;
}

/* ------------------------------------------------------------------ 3-vectors */
#define V3(x, y, z) nhref_build_v3((x), (y), (z))
#define STATES3(first) V3(STATE(first), STATE((size_t)(first) + 1), STATE((size_t)(first) + 2))
#define PARAMS3(i, j, k) V3(PARAM(i), PARAM(j), PARAM(k))
#define VADD(a, b) nhref_build_vadd(tp, (a), (b))
#define VSUB(a, b) nhref_build_vsub(tp, (a), (b))
#define VNEG(a) nhref_build_vneg(tp, (a))
#define VSCALE(s, a) nhref_build_vscale(tp, (s), (a))
#define CROSS(a, b) nhref_build_cross(tp, (a), (b))
#define DOT(a, b) nhref_build_dot(tp, (a), (b))
#define DIAG(d, a) nhref_build_diag(tp, (d), (a))
#define OUT3(first, v) nhref_build_out3(tp, (size_t)(first), (v))

static inline nhref_v3_t nhref_build_v3(nhref_node_t x, nhref_node_t y, nhref_node_t z)
{
    nhref_v3_t v = {{x, y, z}};
    return v;
}

static inline nhref_v3_t nhref_build_vadd(nhref_tape_t *tp, nhref_v3_t a, nhref_v3_t b)
{
    return V3(ADD(a.c[0], b.c[0]), ADD(a.c[1], b.c[1]), ADD(a.c[2], b.c[2]));
}

static inline nhref_v3_t nhref_build_vsub(nhref_tape_t *tp, nhref_v3_t a, nhref_v3_t b)
{
    return V3(SUB(a.c[0], b.c[0]), SUB(a.c[1], b.c[1]), SUB(a.c[2], b.c[2]));
}

static inline nhref_v3_t nhref_build_vneg(nhref_tape_t *tp, nhref_v3_t a)
{
    return V3(NEG(a.c[0]), NEG(a.c[1]), NEG(a.c[2]));
}

static inline nhref_v3_t nhref_build_vscale(nhref_tape_t *tp, nhref_node_t s, nhref_v3_t a)
{
    return V3(MUL(s, a.c[0]), MUL(s, a.c[1]), MUL(s, a.c[2]));
}

static inline nhref_v3_t nhref_build_cross(nhref_tape_t *tp, nhref_v3_t a, nhref_v3_t b)
{
    return V3(SUB(MUL(a.c[1], b.c[2]), MUL(a.c[2], b.c[1])),
              SUB(MUL(a.c[2], b.c[0]), MUL(a.c[0], b.c[2])),
              SUB(MUL(a.c[0], b.c[1]), MUL(a.c[1], b.c[0])));
}

/* (a0 b0 + a1 b1) + a2 b2 */
static inline nhref_node_t nhref_build_dot(nhref_tape_t *tp, nhref_v3_t a, nhref_v3_t b)
{
    return DOTN(3, a.c, b.c);
}

static inline nhref_v3_t nhref_build_diag(nhref_tape_t *tp, nhref_v3_t d, nhref_v3_t a)
{
    return V3(MUL(d.c[0], a.c[0]), MUL(d.c[1], a.c[1]), MUL(d.c[2], a.c[2]));
}

static inline int nhref_build_out3(nhref_tape_t *tp, size_t first, nhref_v3_t v)
{
    int status = NHREF_OK;
    for (size_t i = 0; i < 3; i++) {
        int s = OUT(first + i, v.c[i]);
        if (status == NHREF_OK)
            status = s;
    }
    return status;
}

/* ------------------------------------------------------------------ linear solve */
#define SOLVE(n, M, b, y) nhref_build_solve(tp, (size_t)(n), (M), (b), (y))

static inline int nhref_build_solve(nhref_tape_t *tp, size_t n, const nhref_node_t *m,
                                    const nhref_node_t *b, nhref_node_t *y)
{
    nhref_node_t mm[NHREF_TAPE_SOLVE_MAX * NHREF_TAPE_SOLVE_MAX], bb[NHREF_TAPE_SOLVE_MAX];

    if (n == 0 || n > NHREF_TAPE_SOLVE_MAX)
        return nhref_tape_solve(tp, y, n, m, b); /* records NHREF_EINVAL */
    for (size_t i = 0; i < n * n; i++)
        mm[i] = nhref_build_node(tp, m[i]);
    for (size_t i = 0; i < n; i++)
        bb[i] = nhref_build_node(tp, b[i]);
    return nhref_tape_solve(tp, y, n, mm, bb);
}

#endif /* NHREF_MODELS_BUILD_H */
