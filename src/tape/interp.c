/* interp.c -- the tape interpreter of one number type (compiled once per type with
 * NHREF_NUM set; see num/num.h): the workspace, the tape as a function f(t, x) and the
 * Taylor coefficients of the solution of x' = f(t, x) (nhref_tape.h, nhref_arb.h).
 *
 * The tape is compiled once per workspace into two flat programs of instructions whose
 * series are resolved to pointers: the constant nodes (evaluated when the parameters
 * are set) and the others (evaluated at every call, in SSA order).  The jet of order
 * K runs the second program at K = 0, 1, ..., with the kernels of jet/<op>.h inlined,
 * then sets x_{k+1} = f_k / (k + 1).  Order 0 of every node is computed by the same
 * functions as the plain evaluation (num_add, num_sin_cos, ...), so the two agree bit
 * for bit.
 *
 * A linear solve M y = b (NHREF_OP_SOLVE) factors M_0 by Gaussian elimination with
 * partial pivoting at order 0 and reuses the factors at every order:
 * y_k = M_0^-1 (b_k - sum_{j=1..k} M_j y_{k-j}).  In Arb the solve is Krawczyk's
 * enclosure preconditioned by an approximate inverse of mid(M_0) (tape/solve_arb.c): it
 * encloses the solutions of every point matrix in the balls, and is a domain error
 * where ||I - R M_0|| < 1 cannot be shown.
 *
 * Nothing allocates after nhref_tape_*_new.
 */
#include "tape/interp_core.h"
#include "tape/jit_emit.h" /* NHREF_JIT_KMAX */
#include "nhref_jit.h"
#if NHREF_NUM == NHREF_NUM_V || NHREF_NUM == NHREF_NUM_D
#include "tape/jit.h" /* nhref_jit_find_lanes, nhref_tape_gen_fma_active_d */
#endif

/* ------------------------------------------------------------------ order 0 */
/* The value of P's node from its arguments (the plain evaluation).  A result that is
 * not finite becomes NaN, with NHREF_EDOMAIN; the caller goes on. */
static int eval0(tape_ws_t *ws, const instr_t *p)
{
    num_ptr w = p->w;
    long pr = ws->prec;

    switch (p->op) {
    case DOP_PARAM:
        NHREF_ASSERT(p->n >= 0 && (size_t)p->n < ws->tape->nparam);
        num_set(w, ws->param + p->n);
        break;
    case NHREF_OP_ADD:
        num_add(w, p->a, p->b, pr);
        break;
    case NHREF_OP_SUB:
        num_sub(w, p->a, p->b, pr);
        break;
    case NHREF_OP_NEG:
        num_neg(w, p->a);
        break;
    case NHREF_OP_MUL:
    case DOP_MULC:
        num_mul(w, p->a, p->b, pr);
        break;
    case NHREF_OP_SQR:
        num_sqr(w, p->a, pr);
        break;
    case NHREF_OP_DIV:
    case DOP_DIVC:
        num_div(w, p->a, p->b, pr);
        break;
    case NHREF_OP_SQRT:
        num_sqrt(w, p->a, pr);
        break;
    case NHREF_OP_SIN:
        num_sin_cos(w, p->w2, p->a, pr);
        break;
    case NHREF_OP_EXP:
        num_exp(w, p->a, pr);
        break;
    case NHREF_OP_LOG:
        num_log(w, p->a, pr);
        break;
    case NHREF_OP_ATAN:
        num_atan(w, p->a, pr);
        break;
    case NHREF_OP_ATANH:
        num_atanh(w, p->a, pr);
        break;
    case NHREF_OP_TANH:
        num_tanh(w, p->a, pr);
        break;
    case NHREF_OP_POWI:
        num_pow_si(w, p->a, p->n, pr);
        break;
    case NHREF_OP_ASIN:
        num_asin(w, p->a, pr);
        break;
    case NHREF_OP_ACOS:
        num_acos(w, p->a, pr);
        break;
    case NHREF_OP_SINH:
        num_sinh_cosh(w, p->w2, p->a, pr);
        if (!num_is_finite(p->w2)) /* cosh overflows first: the pair is NaN below */
            num_set_nan(w);
        break;
    case NHREF_OP_POW:
    case DOP_POWC:
        num_pow(w, p->a, p->b, pr);
        break;
    case NHREF_OP_SOLVE:
        return solve_jet(ws, p->sv, 0);
    default:
        num_set_nan(w);
        break;
    }
    /* one test per node (a SIN's COS is finite with its SIN; a SINH's COSH is tested above) */
    if (!num_is_finite(w)) {
        num_set_nan(w);
        if (p->w2 != NULL)
            num_set_nan(p->w2);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

static inline int jet_k(tape_ws_t *ws, const instr_t *p, unsigned k)
{
    return jet_op(ws, p->op, p->w, p->w2, p->du, p->a, p->b, p->aux, p->n, p->sv, k);
}

/* ------------------------------------------------------------------ compiled jets */
/* A double workspace for jets of order 1..NHREF_JIT_KMAX runs a compiled jet when there
 * is one: the jets generated at build time (configure --enable-generated-jets,
 * tools/jetgen.c), else the jets compiled at run time (tape/jit.c, nhref_jit.h).  Both
 * are tape/jit_emit.c's text, whose series have the length NHREF_JIT_KMAX + 1. */
#if NHREF_NUM == NHREF_NUM_D
/* The FMA variants are compiled on x86-64 with GCC or Clang (target("fma") on their
 * functions only: the library still runs on any x86-64) and used when the CPU has FMA
 * (__builtin_cpu_supports), unless nhref_tape_gen_fma_d(0) said otherwise.
 * configure --disable-fma-jets leaves them out. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(NHREF_NO_FMA_JETS)
#define NHREF_GEN_FMA 1
#else
#define NHREF_GEN_FMA 0
#endif
#ifdef NHREF_GEN_JETS
#include "jet/jets_gen_d.c"
_Static_assert(NHREF_GEN_KMAX == NHREF_JIT_KMAX, "jetgen's KMAX is the compiled jets' own");
#endif

/* -1: the FMA variants where the CPU has FMA; 0: never; 1: where the CPU has FMA.  A
 * test hook: set only by tests (NUM_IN(nhref_tape_gen_fma)), before the workspaces it
 * is meant for are made; per thread, so that a test's choice reaches only the
 * workspaces its own thread makes. */
static _Thread_local int gen_fma_choice = -1;

/* the variant of G to run */
static int (*gen_variant(const gen_jet_t *g))(tape_ws_t *, unsigned)
{
#if NHREF_GEN_FMA
    if (gen_fma_choice != 0 && __builtin_cpu_supports("fma"))
        return g->jet_fma;
#endif
    return g->jet;
}

/* the compiled jet of TAPE for jets to ORDER, or NULL */
static const gen_jet_t *gen_find(const nhref_tape_t *tape, unsigned order)
{
    if (order == 0 || order > NHREF_JIT_KMAX)
        return NULL;
#ifdef NHREF_GEN_JETS
    {
        uint64_t fp[2];
        nhref_tape_fingerprint(fp, tape);
        for (size_t i = 0; i < sizeof gen_jets / sizeof gen_jets[0]; i++)
            if (gen_jets[i].fp[0] == fp[0] && gen_jets[i].fp[1] == fp[1] &&
                gen_jets[i].nnodes == tape->nnodes)
                return &gen_jets[i];
    }
#endif
#ifdef NHREF_JIT
    return nhref_jit_find_d(tape);
#else
    return NULL;
#endif
}
#else
static const gen_jet_t *gen_find(const nhref_tape_t *tape, unsigned order)
{
    (void)tape;
    (void)order;
    return NULL;
}
static int (*gen_variant(const gen_jet_t *g))(tape_ws_t *, unsigned)
{
    return g->jet;
}
#endif

/* nhref_tape_gen_fma_mp, nhref_tape_gen_fma_d, nhref_tape_gen_fma_arb */
int NUM_IN(nhref_tape_gen_fma)(int on)
{
#if NHREF_NUM == NHREF_NUM_D && NHREF_GEN_FMA
    gen_fma_choice = on < 0 ? -1 : on != 0;
    return __builtin_cpu_supports("fma") != 0;
#else
    (void)on;
    return 0;
#endif
}

#if NHREF_NUM == NHREF_NUM_D
int nhref_tape_gen_fma_active_d(void)
{
#if NHREF_GEN_FMA
    return gen_fma_choice != 0 && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}
#endif

/* the compiled jets available (the double instance): 1 for every tape (compiled at run
 * time, or generated at build time for every built-in model), 2 for the built-in models
 * configure listed (--enable-generated-jets=LIST without the run-time compiler), 0 none */
/* nhref_tape_have_gen_mp, nhref_tape_have_gen_d, nhref_tape_have_gen_arb */
int NUM_IN(nhref_tape_have_gen)(void)
{
#if NHREF_NUM == NHREF_NUM_D
    if (nhref_jit_enabled())
        return 1;
#endif
#if NHREF_NUM == NHREF_NUM_D && defined(NHREF_GEN_JETS) && defined(NHREF_GEN_SUBSET)
    return 2;
#elif NHREF_NUM == NHREF_NUM_D && defined(NHREF_GEN_JETS)
    return 1;
#else
    return 0;
#endif
}

/* ------------------------------------------------------------------ the workspace */
/* nhref_tape_mp_free, nhref_tape_d_free, nhref_tape_arb_free */
void NUM_TAPE_FN(free)(tape_ws_t *ws)
{
    const nhref_tape_t *tape;

    if (ws == NULL)
        return;
    tape = ws->tape;
    num_vec_free(ws->coef, tape->nnodes * ws->len);
    num_vec_free(ws->aux, ws->naux * ws->len);
    num_vec_free(ws->du, ws->ndu * ws->len);
    free(ws->rep);
    num_vec_free(ws->param, tape->nparam);
    for (size_t i = 0; i < ws->nsolve; i++) {
        solve_ws_t *sv = &ws->solve[i];
        free(sv->m);
        num_vec_free(sv->lu, sv->dim * sv->dim);
        num_vec_free(sv->r, sv->dim);
        free(sv->piv);
#if NHREF_NUM == NHREF_NUM_ARB
        nhref_solve_arb_free(sv->pc);
#endif
    }
    free(ws->solve);
    free(ws->xs);
    free(ws->fs);
    free(ws->auxp);
    free(ws->prog);
    free(ws->cprog);
    NUM_FN(nhref_jet_ws_clear)(&ws->jws);
    free(ws);
}

/* the instruction P of the program's instruction Q */
static int compile_instr(tape_ws_t *ws, instr_t *p, const nhref_prog_instr_t *q, solve_ws_t **sv)
{
    const nhref_tape_node_t *nd = &ws->tape->node[q->node];

    p->op = q->op;
    p->w = node_series(ws, q->node);
    p->w2 = q->w2 != NHREF_NODE_INVALID ? node_series(ws, q->w2) : NULL;
    p->a = q->a != NHREF_NODE_INVALID ? node_series(ws, q->a) : NULL;
    p->b = q->b != NHREF_NODE_INVALID ? node_series(ws, q->b) : NULL;
    p->aux = ws->auxp + q->aux;
    p->du = NUM_CAUCHY_DU && q->op == NHREF_OP_SIN && !nd->constant ? ws->du + q->sin * ws->len
                                                                     : NULL;
    p->n = q->n;
    p->sv = NULL;
    if (q->op == NHREF_OP_SOLVE) {
        solve_ws_t *s = (*sv)++;
        size_t n = nd->dim;
        NHREF_ASSERT(s < ws->solve + ws->nsolve); /* one workspace per SOLVE group */
        s->dim = n;
        s->y = p->w;
        s->m = malloc((n * n + n) * sizeof *s->m);
        s->lu = num_vec_new(n * n, ws->prec);
        s->r = num_vec_new(n, ws->prec);
        s->piv = malloc(n * sizeof *s->piv);
        for (size_t j = 0; j < n && s->piv != NULL; j++)
            s->piv[j] = j; /* Arb: no pivoting */
#if NHREF_NUM == NHREF_NUM_ARB
        s->pc = nhref_solve_arb_new(n);
        if (s->pc == NULL)
            return NHREF_ENOMEM;
#endif
        if (s->m == NULL || s->lu == NULL || s->r == NULL || s->piv == NULL)
            return NHREF_ENOMEM;
        for (size_t j = 0; j < n * n + n; j++)
            s->m[j] = node_series(ws, nd->args[j]);
        s->b = s->m + n * n;
        p->sv = s;
    }
    return NHREF_OK;
}

/* the two programs and the solve workspaces, from PG */
static int compile(tape_ws_t *ws, const nhref_program_t *pg)
{
    size_t np = pg->nprog, nc = pg->ncprog;
    solve_ws_t *sv;

    ws->nsolve = pg->nsolve;
    ws->prog = malloc((np ? np : 1) * sizeof *ws->prog);
    ws->cprog = malloc((nc ? nc : 1) * sizeof *ws->cprog);
    ws->solve = calloc(ws->nsolve ? ws->nsolve : 1, sizeof *ws->solve);
    if (ws->prog == NULL || ws->cprog == NULL || ws->solve == NULL)
        return NHREF_ENOMEM;
    sv = ws->solve;
    for (size_t i = 0; i < nc; i++) {
        int status = compile_instr(ws, &ws->cprog[ws->ncprog++], &pg->cprog[i], &sv);
        if (status != NHREF_OK)
            return status;
    }
    for (size_t i = 0; i < np; i++) {
        int status = compile_instr(ws, &ws->prog[ws->nprog++], &pg->prog[i], &sv);
        if (status != NHREF_OK)
            return status;
    }
#if NHREF_NUM == NHREF_NUM_ARB
    /* a SOLVE of the program whose matrix nodes an earlier one has takes that one's
     * preconditioner (solve_ws_t.lead): its order 0 comes first in every evaluation */
    for (size_t i = 0; i < ws->nprog; i++) {
        solve_ws_t *s = ws->prog[i].sv;
        if (s == NULL)
            continue;
        for (size_t j = 0; j < i && s->lead == NULL; j++) {
            const solve_ws_t *e = ws->prog[j].sv;
            if (e == NULL || e->lead != NULL || e->dim != s->dim)
                continue;
            size_t q = 0;
            while (q < s->dim * s->dim && e->m[q] == s->m[q])
                q++;
            if (q == s->dim * s->dim)
                s->lead = (solve_ws_t *)e;
        }
        if (s->lead != NULL) { /* its own preconditioner would never be used */
            nhref_solve_arb_free(s->pc);
            s->pc = NULL;
        }
    }
#endif
    return NHREF_OK;
}

static int tape_new(tape_ws_t **wsp, const nhref_tape_t *tape, long prec, unsigned order,
                    int allow_gen)
{
    tape_ws_t *ws;
    size_t nn = tape->nnodes;
    nhref_program_t pg;
    int status = NHREF_OK;

    *wsp = NULL;
    if (nhref_tape_status(tape) != NHREF_OK)
        return NHREF_ETAPE;
#ifdef NUM_FIXED_PREC
    prec = NUM_FIXED_PREC;
#endif
    if (prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    ws = calloc(1, sizeof *ws);
    if (ws == NULL)
        return NHREF_ENOMEM;
    if (nhref_program_build(&pg, tape) != NHREF_OK) {
        free(ws);
        return NHREF_ENOMEM;
    }
    ws->tape = tape;
    ws->prec = prec;
    ws->order = order;
    /* a generated jet assumes series of its own length */
    ws->gen = allow_gen ? gen_find(tape, order) : NULL;
    ws->gen_jet = ws->gen != NULL ? gen_variant(ws->gen) : NULL;
#if NHREF_NUM == NHREF_NUM_V && defined(NHREF_JIT)
    /* the four lanes' orders 1.., compiled as the double jet's variant that the double
     * workspaces of this thread use, so that lane l is their jet bit for bit */
    if (allow_gen && order >= 2 && order <= NHREF_JIT_KMAX)
        ws->lanes = nhref_jit_find_lanes(tape, nhref_tape_gen_fma_active_d(), &ws->lanes0);
#endif
    ws->len = ws->gen != NULL || ws->lanes != NULL ? (size_t)NHREF_JIT_KMAX + 1
                                                   : (size_t)order + 1;
    NUM_FN(nhref_jet_ws_init)(&ws->jws, prec);
    ws->rep = pg.rep; /* the workspace's from now on */
    pg.rep = NULL;
    ws->naux = pg.naux;
    ws->ndu = NUM_CAUCHY_DU ? pg.nsin : 0;
    ws->coef = num_vec_new(nn * ws->len, prec);
    ws->aux = num_vec_new(ws->naux * ws->len, prec);
    ws->auxp = malloc((ws->naux ? ws->naux : 1) * sizeof *ws->auxp);
    ws->du = num_vec_new(ws->ndu * ws->len, prec);
    ws->param = num_vec_new(tape->nparam, prec);
    if (ws->coef == NULL || ws->aux == NULL || ws->auxp == NULL || ws->du == NULL ||
        ws->param == NULL)
        status = NHREF_ENOMEM;
    for (size_t k = 0; k < ws->naux && status == NHREF_OK; k++)
        ws->auxp[k] = ws->aux + k * ws->len;
    if (status == NHREF_OK)
        status = compile(ws, &pg);
    nhref_program_free(&pg);
    ws->xs = malloc((tape->nstate ? tape->nstate : 1) * sizeof *ws->xs);
    ws->fs = malloc((tape->nstate ? tape->nstate : 1) * sizeof *ws->fs);
    if (ws->xs == NULL || ws->fs == NULL)
        status = status == NHREF_OK ? NHREF_ENOMEM : status;
    for (size_t i = 0; i < tape->nstate && status == NHREF_OK; i++) {
        ws->xs[i] = node_series(ws, tape->state[i]);
        ws->fs[i] = tape->nout >= tape->nstate ? node_series(ws, tape->out[i]) : NULL;
    }
    for (size_t i = 0; i < tape->nparam && status == NHREF_OK; i++)
        num_set_nan(ws->param + i);
    /* constants at this precision; the time series is t + h */
    for (size_t i = 0; i < nn && status == NHREF_OK; i++) {
        const nhref_tape_node_t *nd = &tape->node[i];
        if (nd->op == NHREF_OP_CONST) /* NHREF_EPARSE, or NHREF_EDOMAIN on overflow */
            status = jet_const(node_series(ws, (nhref_node_t)i), nd->str, 0, &ws->jws);
        if (nd->op == NHREF_OP_TIME && order >= 1)
            num_set_si(node_series(ws, (nhref_node_t)i) + 1, 1);
    }
    if (status != NHREF_OK) {
        NUM_TAPE_FN(free)(ws);
        return status;
    }
    *wsp = ws;
    return NHREF_OK;
}

/* nhref_tape_mp_new, nhref_tape_d_new, nhref_tape_arb_new */
int NUM_TAPE_FN(new)(tape_ws_t **wsp, const nhref_tape_t *tape, long prec, unsigned order)
{
    return tape_new(wsp, tape, prec, order, 1);
}

/* nhref_tape_new_interpreted_mp, nhref_tape_new_interpreted_d, nhref_tape_new_interpreted_arb */
int NUM_IN(nhref_tape_new_interpreted)(tape_ws_t **wsp, const nhref_tape_t *tape, long prec,
                                       unsigned order)
{
    return tape_new(wsp, tape, prec, order, 0);
}

/* nhref_tape_generated_mp, nhref_tape_generated_d, nhref_tape_generated_arb */
const char *NUM_IN(nhref_tape_generated)(const tape_ws_t *ws)
{
    if (ws->lanes != NULL)
        return ws->tape->label[0] != '\0' ? ws->tape->label : "jit";
    return ws->gen != NULL ? ws->gen->model : NULL;
}

#if NHREF_NUM == NHREF_NUM_D
int nhref_tape_d_compiled(const tape_ws_t *ws)
{
    return ws->gen != NULL;
}
#endif

/* nhref_tape_mp_prec, nhref_tape_d_prec, nhref_tape_arb_prec */
long NUM_TAPE_FN(prec)(const tape_ws_t *ws)
{
    return ws->prec;
}

/* nhref_tape_mp_order, nhref_tape_d_order, nhref_tape_arb_order */
unsigned NUM_TAPE_FN(order)(const tape_ws_t *ws)
{
    return ws->order;
}

#if NHREF_NUM == NHREF_NUM_ARB
/* Arb: a parameter-only square root whose argument ball contains 0 (num_sqrt gave NaN)
 * is the square root of the ball's nonnegative part (arb_sqrtpos).  On exact data such
 * an argument is a vanishing sum of squares -- the applicability gate sqrt(-s) of the
 * affine-rolling integrals (models/affine_rolling.h; gen's E_mov, eq. (2.6) of Costa
 * Villegas & Garcia-Naranjo 2024, s = sigma^2 (I1 - I2)^2 + ... with I1 = I2 given
 * twice as "0.6") -- or lies within the ball's radius of the model's domain boundary.
 * The hypothesis, stated in docs/proven.md: the exact argument is >= 0.  1 if P is such
 * a node (its value set), else 0. */
static int sqrt_at_boundary(tape_ws_t *ws, const instr_t *p)
{
    if (p->op != NHREF_OP_SQRT || !arb_is_finite(p->a) || !arb_contains_zero(p->a))
        return 0;
    arb_sqrtpos(p->w, p->a, ws->prec);
    return 1;
}
#else
#define sqrt_at_boundary(ws, p) 0
#endif

/* nhref_tape_mp_set_params, nhref_tape_d_set_params, nhref_tape_arb_set_params */
int NUM_TAPE_FN(set_params)(tape_ws_t *ws, num_srcptr params)
{
    int status = NHREF_OK;

    for (size_t i = 0; i < ws->tape->nparam; i++)
        num_set(ws->param + i, params + i);
    for (size_t i = 0; i < ws->ncprog; i++)
        if (eval0(ws, &ws->cprog[i]) != NHREF_OK && !sqrt_at_boundary(ws, &ws->cprog[i]))
            status = NHREF_EDOMAIN;
    return status;
}

static void load_inputs(tape_ws_t *ws, num_srcptr t, num_srcptr x)
{
    const nhref_tape_t *tape = ws->tape;

    if (tape->time != NHREF_NODE_INVALID)
        num_set(node_series(ws, tape->time), t);
    for (size_t i = 0; i < tape->nstate; i++)
        num_set(ws->xs[i], x + i);
}

/* nhref_tape_mp_eval, nhref_tape_d_eval, nhref_tape_arb_eval */
int NUM_TAPE_FN(eval)(num_ptr out, tape_ws_t *ws, num_srcptr t, num_srcptr x)
{
    const nhref_tape_t *tape = ws->tape;
    int status = NHREF_OK;

    load_inputs(ws, t, x);
    for (size_t i = 0; i < ws->nprog; i++)
        if (eval0(ws, &ws->prog[i]) != NHREF_OK)
            status = NHREF_EDOMAIN;
    for (size_t i = 0; i < tape->nout; i++) {
        num_srcptr v = node_series(ws, tape->out[i]);
        num_set(out + i, v);
        if (num_is_nan(v))
            status = NHREF_EDOMAIN;
    }
    return status;
}

/* nhref_tape_mp_ode_jet, nhref_tape_d_ode_jet, nhref_tape_arb_ode_jet */
int NUM_TAPE_FN(ode_jet)(tape_ws_t *ws, num_srcptr t, num_srcptr x, unsigned order)
{
    const nhref_tape_t *tape = ws->tape;
    const instr_t *end = ws->prog + ws->nprog;
    int finite = 1;

    if (order > ws->order || tape->nout < tape->nstate)
        return NHREF_EINVAL;
    /* every series holds the coefficients 0..order */
    NHREF_ASSERT((size_t)order < ws->len);
    load_inputs(ws, t, x);
    if (ws->gen != NULL)
        return ws->gen_jet(ws, order);
    /* compiled lanes: from order 0 where it is compiled too (a non-finite value of order
     * 0 fails the jet: the batch then computes the lanes one by one); else order 0 (the
     * kernels, with their domain checks and branches) here, then the orders 1.. compiled */
    if (ws->lanes0 != NULL && order > 0)
        return ws->lanes0(ws->coef, ws->du, order) != 0 ? NHREF_EDOMAIN : NHREF_OK;
    for (unsigned k = 0; k < (ws->lanes != NULL && order > 0 ? 1 : order); k++) {
        for (const instr_t *p = ws->prog; p < end; p++) {
            int status = jet_k(ws, p, k);
            if (status != NHREF_OK)
                return status;
        }
        for (size_t i = 0; i < tape->nstate; i++) {
            num_ptr xi = ws->xs[i] + k + 1;
            num_div_ui(xi, ws->fs[i] + k, k + 1, ws->prec);
            /* a NaN or an infinity of the unchecked kernels reaches the states; they
             * are checked once the jet is done (no branch in the loop) */
            if (NUM_LAZY_CHECKS)
                finite &= num_is_finite(xi);
        }
    }
    if (finite && ws->lanes != NULL && order > 1 && ws->lanes(ws->coef, ws->du, order) != 0)
        finite = 0;
    return finite ? NHREF_OK : NHREF_EDOMAIN;
}

/* nhref_tape_mp_state_series, nhref_tape_d_state_series, nhref_tape_arb_state_series */
num_srcptr NUM_TAPE_FN(state_series)(const tape_ws_t *ws, size_t i)
{
    NHREF_ASSERT(i < ws->tape->nstate);
    return ws->xs[i];
}
