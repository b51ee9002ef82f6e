/* lagrange.c -- the equations of motion of a Lagrangian system with constraints affine
 * in the velocities (the Lagrange-d'Alembert principle), derived on the tape by
 * source transformation (tangent.c's derivatives), and the pruning of a tape to the
 * nodes its outputs need.  See nhref_tape.h: nhref_tape_lagrange, nhref_tape_select.
 *
 * With q the n coordinates, v = q' their velocities, L(t, q, v), constraints
 * g(t, q, v) = A(t, q) v + b(t, q) = 0 (m of them) and generalized forces Q(t, q, v):
 *     d/dt dL/dv - dL/dq = Q + A^T lambda,   A v' = -(dg/dq v + dg/dt).
 * With p = dL/dv, d/dt p = M v' + C, M = dp/dv (the mass matrix), C = dp/dq v + dp/dt
 * (one directional derivative along (v, 0, 1)); likewise dg/dq v + dg/dt.  So
 *     [ M  A^T ] [ v' ]   [ dL/dq + Q - C       ]
 *     [ A  0   ] [ mu ] = [ -(dg/dq v + dg/dt)  ],   mu = -lambda,
 * a KKT system solved on the tape (SOLVE) at every evaluation; its Taylor recurrence
 * is the solve's (nhref_tape_solve).  Source: Bloch, Nonholonomic Mechanics and
 * Control (2003), §5.2; Neimark & Fufaev, Dynamics of Nonholonomic Systems (1972),
 * ch. III. */
#include "tape_internal.h"

#include <stdlib.h>
#include <string.h>

#define ZERO NHREF_TAPE_ZERO

/* a source tape SRC's derivative passes into DST: D (SRC's nodes) along SEED/TSEED */
typedef struct {
    nhref_tape_t *dst;
    const nhref_tape_t *src;
    nhref_node_t *map, *d, *seed;
} pass_t;

static int pass_init(pass_t *ps, nhref_tape_t *dst, const nhref_tape_t *src)
{
    ps->dst = dst;
    ps->src = src;
    ps->map = malloc((src->nnodes + 1) * sizeof *ps->map);
    ps->d = malloc((src->nnodes + 1) * sizeof *ps->d);
    ps->seed = malloc((src->nstate + 1) * sizeof *ps->seed);
    if (ps->map == NULL || ps->d == NULL || ps->seed == NULL)
        return NHREF_ENOMEM;
    nhref_tape_copy_nodes(dst, src, ps->map, 0);
    return NHREF_OK;
}

static void pass_clear(pass_t *ps)
{
    free(ps->map);
    free(ps->d);
    free(ps->seed);
}

/* D = the derivatives along the unit direction of state K (K = -1: along (v, 0, 1):
 * the coordinates moving with the velocities, the time with 1) */
static void pass_derive(pass_t *ps, long k, size_t n)
{
    nhref_tape_t *t = ps->dst;
    for (size_t i = 0; i < ps->src->nstate; i++)
        ps->seed[i] = k >= 0  ? ((long)i == k ? nhref_tape_const(t, "1") : ZERO)
                      : i < n ? nhref_tape_state(t, n + i)
                              : ZERO;
    nhref_tape_derive(t, ps->src, ps->map, ps->seed, k >= 0 ? ZERO : nhref_tape_const(t, "1"),
                      ps->d);
}

/* the first derivatives of SRC's outputs in T1: p = dL/dv, dL/dq, A = dg/dv, the
 * directional derivatives of g; T1's outputs: p (n), dL/dq (n), A (m x n, row-major),
 * gdot (m), Q (n) */
static int first_derivatives(nhref_tape_t *t1, const nhref_tape_t *src, size_t n, size_t m)
{
    pass_t ps;
    size_t o = 0;
    int status = pass_init(&ps, t1, src);

    if (status == NHREF_OK) {
        const nhref_node_t *out = src->out;
        for (size_t j = 0; j < n; j++) { /* d/dv_j: p_j and column j of A */
            pass_derive(&ps, (long)(n + j), n);
            nhref_tape_set_output(t1, j, nhref_tape_materialize(t1, ps.d[out[0]]));
            for (size_t k = 0; k < m; k++)
                nhref_tape_set_output(t1, 2 * n + k * n + j,
                                      nhref_tape_materialize(t1, ps.d[out[1 + k]]));
        }
        for (size_t j = 0; j < n; j++) { /* d/dq_j of L */
            pass_derive(&ps, (long)j, n);
            nhref_tape_set_output(t1, n + j, nhref_tape_materialize(t1, ps.d[out[0]]));
        }
        pass_derive(&ps, -1, n); /* dg/dq v + dg/dt */
        o = 2 * n + m * n;
        for (size_t k = 0; k < m; k++)
            nhref_tape_set_output(t1, o + k, nhref_tape_materialize(t1, ps.d[out[1 + k]]));
        for (size_t i = 0; i < n; i++)
            nhref_tape_set_output(t1, o + m + i, ps.map[out[1 + m + i]]);
    }
    pass_clear(&ps);
    return status;
}

/* T2: the mass matrix M = dp/dv and C = dp/dq v + dp/dt from T1, then the KKT solve;
 * outputs v, v', the KKT matrix (row-major) and the right-hand side */
static int equations(nhref_tape_t *t2, const nhref_tape_t *t1, size_t n, size_t m)
{
    size_t N = n + m;
    nhref_node_t *K = calloc(N * N + 1, sizeof *K), *r = calloc(N + 1, sizeof *r);
    nhref_node_t *y = calloc(N + 1, sizeof *y), *M = calloc(n * n + 1, sizeof *M);
    pass_t ps;
    int status =
        K == NULL || r == NULL || y == NULL || M == NULL ? NHREF_ENOMEM : pass_init(&ps, t2, t1);

    if (status == NHREF_OK) {
        const nhref_node_t *out = t1->out;
        nhref_node_t zero = nhref_tape_const(t2, "0");
        for (size_t j = 0; j < n; j++) { /* column j of M */
            pass_derive(&ps, (long)(n + j), n);
            for (size_t i = 0; i < n; i++)
                M[i * n + j] = nhref_tape_materialize(t2, ps.d[out[i]]);
        }
        pass_derive(&ps, -1, n); /* C_i = dp_i/dq v + dp_i/dt */
        for (size_t i = 0; i < n; i++) {
            /* r_i = dL/dq_i + Q_i - C_i */
            nhref_node_t ri =
                nhref_tape_add(t2, ps.map[out[n + i]], ps.map[out[2 * n + m * n + m + i]]);
            r[i] = ps.d[out[i]] == ZERO ? ri : nhref_tape_sub(t2, ri, ps.d[out[i]]);
            for (size_t j = 0; j < n; j++)
                K[i * N + j] = M[i * n + j];
        }
        for (size_t k = 0; k < m; k++) {
            r[n + k] = nhref_tape_neg(t2, ps.map[out[2 * n + m * n + k]]);
            for (size_t j = 0; j < n; j++) {
                nhref_node_t a = ps.map[out[2 * n + k * n + j]];
                K[(n + k) * N + j] = a; /* A */
                K[j * N + n + k] = a;   /* A^T */
            }
            for (size_t l = 0; l < m; l++)
                K[(n + k) * N + n + l] = zero;
        }
        status = nhref_tape_solve(t2, y, N, K, r);
        for (size_t i = 0; i < n && status == NHREF_OK; i++) {
            nhref_tape_set_output(t2, i, nhref_tape_state(t2, n + i));
            nhref_tape_set_output(t2, n + i, y[i]);
        }
        for (size_t i = 0; i < N * N + N && status == NHREF_OK; i++)
            nhref_tape_set_output(t2, 2 * n + i, i < N * N ? K[i] : r[i - N * N]);
    }
    if (K != NULL && r != NULL && y != NULL && M != NULL)
        pass_clear(&ps);
    free(K);
    free(r);
    free(y);
    free(M);
    return status;
}

/* the first constraint of T1 whose row of A reads a velocity (state n..2n-1): M if none */
static size_t nonaffine(const nhref_tape_t *t1, size_t n, size_t m)
{
    for (size_t k = 0; k < m; k++)
        for (size_t j = 0; j < n; j++) {
            char *need = nhref_tape_node_needs(t1, t1->out[2 * n + k * n + j]);
            int reads = need == NULL;
            for (size_t i = 0; need != NULL && i < t1->nnodes && !reads; i++)
                reads = need[i] && t1->node[i].op == NHREF_OP_STATE && (size_t)t1->node[i].n >= n;
            free(need);
            if (reads)
                return k;
        }
    return m;
}

int nhref_tape_lagrange(nhref_tape_t **out, nhref_tape_t **kkt, const nhref_tape_t *src, size_t n,
                        size_t m, size_t *bad)
{
    nhref_tape_t *t1 = NULL, *t2 = NULL;
    size_t N = n + m;
    int status;

    *out = NULL;
    if (kkt != NULL)
        *kkt = NULL;
    *bad = m;
    if (nhref_tape_status(src) != NHREF_OK || src->nstate != 2 * n || n == 0 ||
        src->nout != 1 + m + n || N > NHREF_TAPE_SOLVE_MAX)
        return NHREF_ETAPE;
    status = nhref_tape_new(&t1, 2 * n, src->nparam, 3 * n + m * n + m);
    if (status == NHREF_OK)
        status = first_derivatives(t1, src, n, m);
    if (status == NHREF_OK)
        status = nhref_tape_status(t1);
    if (status == NHREF_OK && (*bad = nonaffine(t1, n, m)) < m)
        status = NHREF_EINVAL;
    if (status == NHREF_OK)
        status = nhref_tape_new(&t2, 2 * n, src->nparam, 2 * n + N * N + N);
    if (status == NHREF_OK)
        status = equations(t2, t1, n, m);
    if (status == NHREF_OK)
        status = nhref_tape_status(t2);
    nhref_tape_free(t1);
    if (status == NHREF_OK)
        status = nhref_tape_select(out, t2, 0, 2 * n);
    if (status == NHREF_OK && kkt != NULL)
        status = nhref_tape_select(kkt, t2, 2 * n, N * N + N);
    nhref_tape_free(t2);
    if (status != NHREF_OK) {
        nhref_tape_free(*out);
        *out = NULL;
    }
    return status == NHREF_OK || status == NHREF_ENOMEM || status == NHREF_EINVAL ? status
                                                                                  : NHREF_ETAPE;
}

/* ------------------------------------------------------------------ pruning */
int nhref_tape_select(nhref_tape_t **out, const nhref_tape_t *src, size_t first, size_t count)
{
    nhref_tape_t *t = NULL;
    char *live;
    nhref_node_t *map;
    int status;

    *out = NULL;
    if ((status = nhref_tape_status(src)) != NHREF_OK)
        return status;
    if (first > src->nout || count > src->nout - first || count == 0)
        return NHREF_EINVAL;
    live = calloc(src->nnodes + 1, 1);
    map = malloc((src->nnodes + 1) * sizeof *map);
    status = live == NULL || map == NULL ? NHREF_ENOMEM
                                         : nhref_tape_new(&t, src->nstate, src->nparam, count);
    if (status == NHREF_OK) {
        /* a copy of the nodes the outputs need only (a SOLVE's followers come with its
         * first node; a SIN/COS pair's partner is built with it) */
        for (size_t o = first; o < first + count; o++)
            live[src->out[o]] = 1;
        nhref_tape_mark_needs(src, live, src->nnodes);
        nhref_tape_copy_live(t, src, map, 0, live);
        for (size_t o = 0; o < count; o++)
            nhref_tape_set_output(t, o, map[src->out[first + o]]);
        status = nhref_tape_status(t);
        if (status != NHREF_OK)
            nhref_tape_free(t);
        else
            *out = t;
    }
    free(live);
    free(map);
    return status;
}
