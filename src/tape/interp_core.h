/* interp_core.h -- the part of the tape interpreter (tape/interp.c) that compiled jets
 * share: the workspace of one number type, the linear solve, and jet_op, the Taylor
 * coefficient K of one instruction.  Included by interp.c (every type) and by the
 * prelude of the jets compiled at run time (tape/jit_prelude.c, double only), so that
 * a compiled jet and the interpreter use the same structures and the same kernels.
 * Everything here is static: each translation unit has its own copy. */
#ifndef NHREF_TAPE_INTERP_CORE_H
#define NHREF_TAPE_INTERP_CORE_H

#include <stdlib.h>

#include "assertion.h"
#include "jet/jet.h"
#include "tape/tape_num.h"
#include "tape/program.h"
#include "tape/tape_internal.h"
#if NHREF_NUM == NHREF_NUM_ARB
#include "tape/solve_arb.h"
#endif

/* NUM_CAUCHY_DU as an enumerator, for the compiled jets (tape/jit_emit.c), whose text
 * names no macro (the run-time compiler's prelude is preprocessed) */
enum { JIT_CAUCHY_DU = NUM_CAUCHY_DU };

/* pseudo-operations of the flat programs (tape/program.h) */
#define DOP_MULC NHREF_PROG_MULC /* a constant (a) times b */
#define DOP_DIVC NHREF_PROG_DIVC /* a divided by a constant (b) */
#define DOP_PARAM NHREF_PROG_PARAM /* a parameter: w = param[n] */
#define DOP_POWC NHREF_PROG_POWC   /* a (positive) to a constant power (b) */

typedef struct solve_ws {
    size_t dim;
    num_srcptr *m; /* dim * dim argument series, row-major */
    num_srcptr *b; /* dim argument series */
    num_ptr y;     /* the first output series; output i starts at y + i len */
    num_ptr lu;    /* dim * dim: L (unit, below the diagonal) and U of P M_0 */
    num_ptr r;     /* dim: a right-hand side, then the solution */
    size_t *piv;   /* row i of P M_0 is row piv[i] of M_0 */
#if NHREF_NUM == NHREF_NUM_ARB
    nhref_solve_arb_t *pc; /* Arb: the preconditioned solve (tape/solve_arb.h) */
    /* an earlier group of the program with the same matrix nodes, whose preconditioner
     * serves this one (the linearised tape's solves, one per column of the variational
     * matrix, share the model's matrix), or NULL; pc_ok: pc holds the preconditioner of
     * the current jet's M_0 */
    struct solve_ws *lead;
    int pc_ok;
#endif
} solve_ws_t;

/* a generated jet (tools/jetgen.c): the tape's fingerprint and node count, the model,
 * the functions that compute the jet to an order at most NHREF_GEN_KMAX: the generic
 * one (the interpreter's values, bit for bit) and the FMA variant (fused multiply-adds
 * in the sums: other last bits; the generic one where there is no FMA variant) */
typedef struct {
    uint64_t fp[2];
    size_t nnodes;
    const char *model;
    int (*jet)(tape_ws_t *, unsigned);
    int (*jet_fma)(tape_ws_t *, unsigned);
} gen_jet_t;

typedef struct {
    int op;           /* nhref_op_t or DOP_* */
    num_ptr w, w2;    /* the result; w2: the COS partner of a SIN, the COSH of a SINH */
    num_ptr du;       /* SIN in a type with NUM_CAUCHY_DU: the series j u_j */
    num_srcptr a, b;  /* arguments */
    num_ptr *aux;     /* the node's auxiliary series (atan, atanh, tanh, asin, acos, powi,
                       * pow) */
    long n;           /* POWI exponent; DOP_PARAM index */
    solve_ws_t *sv;   /* SOLVE */
} instr_t;

struct NUM_TAPE_STRUCT {
    const nhref_tape_t *tape;
    long prec;
    unsigned order;
    size_t len;        /* order + 1: the length of every series */
    num_ptr coef;      /* nnodes series, node i at coef + i len */
    num_ptr aux;       /* naux auxiliary series */
    num_ptr *auxp;     /* the start of each auxiliary series */
    size_t naux;
    num_ptr du;        /* ndu series j u_j of the SIN nodes (NUM_CAUCHY_DU types) */
    size_t ndu;
    nhref_node_t *rep; /* nnodes: the node whose series holds node i's values (itself,
                        * or an earlier node computing the same operation on the same
                        * arguments) */
    num_ptr param;     /* nparam parameter values */
    instr_t *prog;     /* the non-constant operations, in SSA order */
    size_t nprog;
    instr_t *cprog;    /* the parameters and the constant operations */
    size_t ncprog;
    solve_ws_t *solve; /* one per SOLVE group */
    size_t nsolve;
    const gen_jet_t *gen; /* the generated jet of this tape, or NULL */
    int (*gen_jet)(tape_ws_t *, unsigned); /* the variant of gen used */
    /* the four-lane type (num/num_v.h): the compiled orders 1.. of the jet
     * (tape/jit.h's nhref_jit_lanes_fn), or NULL (interpreted) */
    int (*lanes)(void *, void *, unsigned);
    int (*lanes0)(void *, void *, unsigned); /* the same from order 0, or NULL */
    num_ptr *xs;       /* nstate: the series of each state component */
    num_srcptr *fs;    /* nstate: the series of each right-hand side (nout >= nstate) */
    jet_ws_t jws;
};

static inline num_ptr node_series(const tape_ws_t *ws, nhref_node_t i)
{
    /* a node of the tape, whose representative is itself or an earlier node */
    NHREF_ASSERT(i >= 0 && (size_t)i < ws->tape->nnodes && ws->rep[i] <= i);
    return ws->coef + (size_t)ws->rep[i] * ws->len;
}

/* the run-time compiler (tape/jit.c, double only): the compiled jet of TAPE, or NULL
 * (interpreted) */
const gen_jet_t *nhref_jit_find_d(const nhref_tape_t *tape);

/* tape/jit.c needs the types above only */
#ifndef NHREF_INTERP_TYPES_ONLY
/* ------------------------------------------------------------------ linear solve */
#if NHREF_NUM != NHREF_NUM_ARB
/* LU = P M_0 with partial pivoting (the pivot of largest magnitude; Arb: of largest
 * midpoint).  NHREF_EDOMAIN if a pivot may be 0 or an entry is not finite. */
static int solve_factor(tape_ws_t *ws, solve_ws_t *sv)
{
    size_t n = sv->dim;
    long p = ws->prec;
    num_ptr t = ws->jws.acc;

    for (size_t i = 0; i < n * n; i++)
        num_set(sv->lu + i, sv->m[i]);
    for (size_t i = 0; i < n; i++)
        sv->piv[i] = i;
    for (size_t c = 0; c < n; c++) {
        size_t best = c;
        for (size_t r = c + 1; r < n; r++)
            if (num_cmpabs(sv->lu + r * n + c, sv->lu + best * n + c) > 0)
                best = r;
        if (best != c) {
            size_t s = sv->piv[c];
            sv->piv[c] = sv->piv[best];
            sv->piv[best] = s;
            for (size_t j = 0; j < n; j++)
                num_swap(sv->lu + c * n + j, sv->lu + best * n + j);
        }
        if (!num_is_finite(sv->lu + c * n + c) || num_may_be_zero(sv->lu + c * n + c))
            return NHREF_EDOMAIN;
        for (size_t r = c + 1; r < n; r++) {
            num_ptr l = sv->lu + r * n + c;
            num_div(l, l, sv->lu + c * n + c, p);
            for (size_t j = c + 1; j < n; j++) {
                num_mul(t, l, sv->lu + c * n + j, p);
                num_sub(sv->lu + r * n + j, sv->lu + r * n + j, t, p);
            }
        }
    }
    return NHREF_OK;
}

/* R = (P M_0)^-1 R with the factors (R holds the right-hand side permuted as the rows
 * of P M_0): forward substitution with L, back substitution with U */
static void solve_apply(tape_ws_t *ws, solve_ws_t *sv)
{
    size_t n = sv->dim;
    long p = ws->prec;
    num_ptr t = ws->jws.acc, y = ws->jws.tmp;

    for (size_t i = 1; i < n; i++)
        for (size_t j = 0; j < i; j++) {
            num_mul(t, sv->lu + i * n + j, sv->r + j, p);
            num_sub(sv->r + i, sv->r + i, t, p);
        }
    for (size_t i = n; i-- > 0;) {
        for (size_t j = i + 1; j < n; j++) {
            num_mul(t, sv->lu + i * n + j, sv->r + j, p);
            num_sub(sv->r + i, sv->r + i, t, p);
        }
        num_div(y, sv->r + i, sv->lu + i * n + i, p);
        num_set(sv->r + i, y);
    }
}
#endif

/* coefficient K of every output of the group */
static int solve_jet(tape_ws_t *ws, solve_ws_t *sv, unsigned k)
{
    size_t n = sv->dim;
    int status = NHREF_OK;

#if NHREF_NUM == NHREF_NUM_ARB /* Krawczyk's enclosure, not elimination on balls */
    solve_ws_t *pl = sv->lead != NULL ? sv->lead : sv; /* whose preconditioner */
    if (k == 0 && sv->lead == NULL)
        sv->pc_ok = nhref_solve_arb_precond(sv->pc, sv->m, ws->prec) == NHREF_OK;
    if (k == 0 && !pl->pc_ok)
#else
    if (k == 0 && solve_factor(ws, sv) != NHREF_OK)
#endif
        status = NHREF_EDOMAIN;
    /* r_i = the right-hand side of row piv[i]: b_k - sum_{j=1..k} M_j y_{k-j} */
    for (size_t i = 0; i < n && status == NHREF_OK; i++) {
        size_t row = sv->piv[i];
        num_set(sv->r + i, sv->b[row] + k);
        for (size_t l = 0; l < n && k > 0; l++)
            num_dot(sv->r + i, sv->r + i, 1, sv->m[row * n + l] + 1, 1,
                    sv->y + l * ws->len + k - 1, -1, (long)k, ws->jws.tmp, ws->prec);
    }
    if (status == NHREF_OK) {
#if NHREF_NUM == NHREF_NUM_ARB
        nhref_solve_arb_apply(sv->r, pl->pc, sv->r, ws->prec); /* r not finite: NaN */
#else
        solve_apply(ws, sv);
#endif
        for (size_t i = 0; i < n; i++) {
            num_set(sv->y + i * ws->len + k, sv->r + i);
            if (!num_is_finite(sv->r + i))
                status = NHREF_EDOMAIN;
        }
    }
    if (status != NHREF_OK)
        for (size_t i = 0; i < n; i++)
            num_set_nan(sv->y + i * ws->len + k);
    return status;
}


/* ------------------------------------------------------------------ order k */
/* a hot kernel: unchecked where the type checks the state coefficients instead */
#define HOT(unchecked, checked) (NUM_LAZY_CHECKS ? ((unchecked), NHREF_OK) : (checked))

/* coefficient K of the instruction OP W = f(A, B) (W2: a SIN's COS, a SINH's COSH; DU: a
 * SIN's j u_j; AUX: the node's auxiliary series; N: an exponent; SV: a SOLVE group).  Always
 * inlined: the generated jets (tools/jetgen.c) call it with constant arguments, so that
 * the compiler keeps only the kernel of OP, with its sums unrolled at this K. */
static inline __attribute__((always_inline)) int
jet_op(tape_ws_t *ws, int op, num_ptr w, num_ptr w2, num_ptr du, num_srcptr a, num_srcptr b,
       num_ptr *aux, long n, solve_ws_t *sv, unsigned k)
{
    jet_ws_t *j = &ws->jws;

    switch (op) {
    case NHREF_OP_ADD:
        return HOT(jet_add_k(w, a, b, k, j), jet_add(w, a, b, k, j));
    case NHREF_OP_SUB:
        return HOT(jet_sub_k(w, a, b, k, j), jet_sub(w, a, b, k, j));
    case NHREF_OP_NEG:
        return HOT(jet_neg_k(w, a, k, j), jet_neg(w, a, k, j));
    case DOP_MULC:
        return HOT(jet_mul_scalar_k(w, a, b, k, j), jet_mul_scalar(w, a, b, k, j));
    case DOP_DIVC:
        return HOT(jet_div_scalar_k(w, a, b, k, j), jet_div_scalar(w, a, b, k, j));
    case NHREF_OP_MUL:
        return HOT(jet_mul_k(w, a, b, k, j), jet_mul(w, a, b, k, j));
    case NHREF_OP_SQR:
        return HOT(jet_sqr_k(w, a, k, j), jet_sqr(w, a, k, j));
    case NHREF_OP_SIN:
        return HOT(jet_sincos_k(w, w2, du, a, k, j), jet_sincos(w, w2, du, a, k, j));
    case NHREF_OP_DIV:
        return jet_div(w, a, b, k, j);
    case NHREF_OP_SQRT:
        return jet_sqrt(w, a, k, j);
    case NHREF_OP_EXP:
        return jet_exp(w, a, k, j);
    case NHREF_OP_LOG:
        return jet_log(w, a, k, j);
    case NHREF_OP_ATAN:
        return jet_atan(w, aux[0], a, k, j);
    case NHREF_OP_ATANH:
        return jet_atanh(w, aux[0], a, k, j);
    case NHREF_OP_TANH:
        return jet_tanh(w, aux[0], a, k, j);
    case NHREF_OP_POWI:
        return jet_pow_si(w, aux, a, n, k, j);
    case NHREF_OP_ASIN:
        return jet_asin(w, aux[0], aux[1], a, k, j);
    case NHREF_OP_ACOS:
        return jet_acos(w, aux[0], aux[1], a, k, j);
    case NHREF_OP_SINH:
        return jet_sinhcosh(w, w2, a, k, j);
    case DOP_POWC:
        return jet_pow_scalar(w, a, b, k, j);
    case NHREF_OP_POW:
        return jet_pow(w, aux[0], aux[1], a, b, k, j);
    case NHREF_OP_SOLVE:
        return solve_jet(ws, sv, k);
    default:
        return NHREF_ETAPE;
    }
}


#endif /* NHREF_INTERP_TYPES_ONLY */

#endif /* NHREF_TAPE_INTERP_CORE_H */
