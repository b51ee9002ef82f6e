/* gauss.c -- s-stage Gauss–Legendre collocation (order 2s), for every number type
 * (compiled once per type): the independent cross-check of the Taylor scheme,
 * symmetric and symplectic, and exact (to round-off) on quadratic first integrals.
 *
 * One step of size h from (t, x): stage derivatives K_i solve
 *     K_i = f(t + c_i h, x + h sum_j a_ij K_j),   i < s,
 * by fixed-point iteration from K_i = f(t, x), stopped when the increments stop
 * shrinking (round-off stagnation, as in IRKGL16: Antoñana, Makazaga & Murua, Numer.
 * Algorithms 2017); then x+ = x + h sum_i b_i K_i, with the state and the time
 * updated by Kahan's compensated summation.  If the iteration does not contract (h L
 * too large) or f is undefined at a stage, the step is retried with h / 4.
 *
 * Error control by step doubling: the step h is taken once and as two steps h/2; with
 * local error C h^{2s+1}, the difference D of the two results gives the error of the
 * two half steps, D / (2^{2s} - 1) (proofs/gauss_step.md).  The two half steps are
 * kept when that is below the tolerance; the next h is
 * h min(4, 0.9 (tol/err)^{1/(2s+1)}).
 *
 * Dense output.  The collocation polynomial u of a step is accurate to O(h^{s+1})
 * between its ends (the order 2s is superconvergence at the end only), so a time
 * inside a step is reached by one more collocation step, from the start of the half
 * step containing it to that time, its stages seeded from u' of that half step.  The
 * result has the accuracy of a step: order 2s.
 *
 * The tableau (nodes, weights, A) is computed in MPFR by gauss_coeffs.c at the working
 * precision, at least 128 bits, and rounded to the type (Arb: exactly, radius 0 --
 * the scheme is not a validated one, its balls bound round-off only).  Every number
 * is allocated in gauss_alloc; a step allocates nothing.
 * Source: Hairer, Lubich & Wanner, Geometric Numerical Integration, §II.1.3, §IV.2
 * (quadratic invariants), §VIII.6 (implementation).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "assertion.h"
#include "models/models_internal.h"
#include "tape/tape_num.h"
#include "schemes/scheme_num.h"

#include "gauss_coeffs.h"

/* Fixed-point iterations per solve before giving up (the step is then retried with
 * h / 4): 100 at double precision, as IRKGL16, 2000 above (where each iteration must
 * contract further to reach the round-off floor). */
#define MAX_ITER(prec) ((prec) <= 53 ? 100 : 2000)
#define MAX_TRIES 60 /* step-size reductions per step before giving up */

#if NHREF_NUM == NHREF_NUM_MP /* the descriptor, once for every type */
static const nhref_scheme_opt_desc_t gauss_opt[] = {
    {"stages", "the number s of stages (order 2s)",
     "from the tolerance: s = ceil(d / 2), between 2 and 64", 1, NHREF_GAUSS_MAX_STAGES},
};

static int gauss_plan(nhref_scheme_plan_t *plan, const nhref_scheme_work_t *w);

const nhref_scheme_t nhref_scheme_gauss = {
    .name = "gauss",
    .description = "Gauss-Legendre collocation, s stages (order 2s), fixed-point stages, "
                   "step doubling; preserves quadratic integrals",
    .flags = NHREF_SCHEME_DENSE | NHREF_SCHEME_ADAPTIVE | NHREF_SCHEME_SYMMETRIC,
    .nopt = sizeof gauss_opt / sizeof gauss_opt[0],
    .opt = gauss_opt,
    .source = "E. Hairer, C. Lubich and G. Wanner, Geometric Numerical Integration, 2nd ed., "
              "Springer 2006, §II.1.3, §VIII.6",
    .plan = gauss_plan,
};
#else
extern const nhref_scheme_t nhref_scheme_gauss;
#endif

typedef struct {
    num_ptr x0; /* state at the start (n) */
    num_ptr K;  /* stage derivatives (s x n) */
    num_ptr th; /* t0, h */
} colloc_t;

#define C_T0(c) ((c)->th)
#define C_H(c) ((c)->th + 1)

/* scalars */
enum { ET, TLAST, D, DMAX, DPREV, TINY, U, HNEXT, HCUR, TT, NSCALAR };

typedef struct {
    tape_ws_t *ws;
    size_t n;
    unsigned s;
    long prec;
    num_ptr c, b, a, lam; /* nodes, weights, A (s x s), barycentric weights */
    double ltol;          /* ln tolerance */
    colloc_t full, half[2];
    num_ptr f0, X, Kn, y, e, w, xlast; /* n, n, s x n, n, n, s, n */
    num_ptr sc;                        /* NSCALAR scalars */
    int have_step, have_hnext;
    int fixed_step;
} gauss_t;

#define SC(st, i) ((st)->sc + (i))

static int colloc_init(colloc_t *c, size_t n, unsigned s, long prec)
{
    c->x0 = num_vec_new(n, prec);
    c->K = num_vec_new((size_t)s * n, prec);
    c->th = num_vec_new(2, prec);
    return c->x0 != NULL && c->K != NULL && c->th != NULL ? 0 : -1;
}

static void colloc_clear(colloc_t *c, size_t n, unsigned s)
{
    num_vec_free(c->x0, n);
    num_vec_free(c->K, (size_t)s * n);
    num_vec_free(c->th, 2);
}

static void gauss_free(void *stv)
{
    gauss_t *st = stv;
    size_t n;
    unsigned s;
    if (st == NULL)
        return;
    n = st->n;
    s = st->s;
    NUM_TAPE_FN(free)(st->ws);
    num_vec_free(st->c, s);
    num_vec_free(st->b, s);
    num_vec_free(st->a, (size_t)s * s);
    num_vec_free(st->lam, s);
    colloc_clear(&st->full, n, s);
    colloc_clear(&st->half[0], n, s);
    colloc_clear(&st->half[1], n, s);
    num_vec_free(st->f0, n);
    num_vec_free(st->X, n);
    num_vec_free(st->Kn, (size_t)s * n);
    num_vec_free(st->y, n);
    num_vec_free(st->e, n);
    num_vec_free(st->w, s);
    num_vec_free(st->xlast, n);
    num_vec_free(st->sc, NSCALAR);
    free(st);
}

/* default stages: order 2s about the digits asked for, at most 64 (the tableau costs s^3) */
static unsigned default_stages(double digits)
{
    double s = ceil(digits / 2);
    return s < 2 ? 2 : s > 64 ? 64 : (unsigned)s;
}

#if NHREF_NUM == NHREF_NUM_MP /* the descriptor's plan, once for every type */
/* the stages, and what they hold: the Butcher matrix s^2, the stages of three
 * collocations s n each, the tape, a dozen state vectors */
static int gauss_plan(nhref_scheme_plan_t *plan, const nhref_scheme_work_t *w)
{
    unsigned long s;
    if (nhref_scheme_opt_ulong(&s, w->opt, "stages", 0, 1, NHREF_GAUSS_MAX_STAGES) != NHREF_OK)
        return NHREF_EINVAL;
    if (s == 0)
        s = default_stages(w->digits);
    plan->order = 2 * s;
    plan->max_order = 0;
    plan->max_digits = 0;
    plan->numbers = (double)s * (double)s + 5 * (double)s * (double)w->nstate +
                    (double)w->nnodes + 12.0 * (double)w->nstate;
    snprintf(plan->what, sizeof plan->what, "the Gauss-Legendre stages (%lu stages at %ld bits",
             s, w->prec);
    return NHREF_OK;
}
#endif

/* the tableau in this type: computed in MPFR at max(prec, 128) bits, then rounded */
static int tableau(gauss_t *st)
{
    nhref_gauss_coeffs_t g;
    unsigned s = st->s;

    if (nhref_gauss_coeffs_init(&g, s, st->prec > 128 ? st->prec : 128) != 0)
        return NHREF_ENOMEM;
    for (unsigned i = 0; i < s; i++) {
        num_set_mpfr(st->c + i, g.c + i, st->prec);
        num_set_mpfr(st->b + i, g.b + i, st->prec);
        num_set_mpfr(st->lam + i, g.lam + i, st->prec);
        for (unsigned j = 0; j < s; j++)
            num_set_mpfr(st->a + (size_t)i * s + j, g.a + (size_t)i * s + j, st->prec);
    }
    nhref_gauss_coeffs_clear(&g);
    return NHREF_OK;
}

static int gauss_alloc(void **stp, const nhref_system_t *sys, const nhref_scheme_opts_t *opts)
{
    const nhref_tape_t *tape = nhref_system_rhs_tape(sys);
    size_t n = nhref_tape_nstate(tape);
    unsigned long s;
    long prec = opts->prec;
    gauss_t *st;
    int status, bad = 0;

    *stp = NULL;
    if (nhref_scheme_opt_ulong(&s, opts->opt, "stages", 0, 1, NHREF_GAUSS_MAX_STAGES) != NHREF_OK)
        return NHREF_EINVAL;
    if (s == 0)
        s = default_stages(opts->digits);
    if (s > NHREF_GAUSS_MAX_STAGES || !(opts->digits > 0) || prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return NHREF_ENOMEM;
    st->n = n;
    st->s = (unsigned)s;
    st->prec = prec;
    st->ltol = -opts->digits * 2.302585092994045684;
    st->fixed_step = opts->fixed_step;
    bad |= colloc_init(&st->full, n, st->s, prec);
    bad |= colloc_init(&st->half[0], n, st->s, prec);
    bad |= colloc_init(&st->half[1], n, st->s, prec);
    st->c = num_vec_new(s, prec);
    st->b = num_vec_new(s, prec);
    st->a = num_vec_new(s * s, prec);
    st->lam = num_vec_new(s, prec);
    st->f0 = num_vec_new(n, prec);
    st->X = num_vec_new(n, prec);
    st->Kn = num_vec_new(s * n, prec);
    st->y = num_vec_new(n, prec);
    st->e = num_vec_new(n, prec);
    st->w = num_vec_new(s, prec);
    st->xlast = num_vec_new(n, prec);
    st->sc = num_vec_new(NSCALAR, prec);
    if (bad || !st->c || !st->b || !st->a || !st->lam || !st->f0 || !st->X || !st->Kn || !st->y ||
        !st->e || !st->w || !st->xlast || !st->sc || tableau(st) != NHREF_OK) {
        gauss_free(st);
        return NHREF_ENOMEM;
    }
    status = NUM_IN(nhref_system_workspace)(&st->ws, sys, tape, prec, 0, 1);
    if (status != NHREF_OK) {
        gauss_free(st);
        return status;
    }
    *stp = st;
    return NHREF_OK;
}

/* F = f(T, X); NHREF_EDOMAIN where undefined */
static int rhs(gauss_t *st, num_ptr f, num_srcptr t, num_srcptr x)
{
    return NUM_TAPE_FN(eval)(f, st->ws, t, x);
}

/* max_i |v_i| into R */
static void norm_inf(num_ptr r, num_srcptr v, size_t n)
{
    num_set_zero(r);
    for (size_t i = 0; i < n; i++)
        if (num_cmpabs(v + i, r) > 0)
            num_abs(r, v + i);
}

/* Solve the stage equations of one step of size H(c) from (T0(c), c->x0) into c->K,
 * starting from K_i = F0, or from c->K as it is if F0 is NULL.
 * NHREF_OK, NHREF_EDOMAIN, or NHREF_ENOCONV. */
static int solve(gauss_t *st, colloc_t *c, num_srcptr f0)
{
    size_t n = st->n;
    unsigned s = st->s;
    long p = st->prec;
    num_ptr u = SC(st, U), tt = SC(st, TT), d = SC(st, D), dmax = SC(st, DMAX);
    num_ptr dprev = SC(st, DPREV), tiny = SC(st, TINY);
    int status;

    /* one of the scheme's own three collocation steps, whose stages K hold s x n values */
    NHREF_ASSERT(c == &st->full || c == &st->half[0] || c == &st->half[1]);
    if (f0 != NULL)
        for (unsigned i = 0; i < s; i++)
            for (size_t k = 0; k < n; k++)
                num_set(c->K + i * n + k, f0 + k);
    /* round-off floor of the increments: 2^(16 - prec) max(1, |x0|) */
    norm_inf(tiny, c->x0, n);
    if (num_cmp_d(tiny, 1) < 0)
        num_set_si(tiny, 1);
    num_mul_2si(tiny, tiny, 16 - p);
    num_set_d(dprev, HUGE_VAL);

    for (int it = 1, max_iter = MAX_ITER(p); it <= max_iter; it++) {
        /* Jacobi sweep: every stage from the previous iterate */
        for (unsigned i = 0; i < s; i++) {
            for (size_t k = 0; k < n; k++) {
                num_set_zero(u);
                for (unsigned j = 0; j < s; j++)
                    num_fma(u, st->a + (size_t)i * s + j, c->K + j * n + k, u, p);
                num_fma(st->X + k, C_H(c), u, c->x0 + k, p);
            }
            num_fma(tt, st->c + i, C_H(c), C_T0(c), p);
            status = rhs(st, st->Kn + i * n, tt, st->X);
            if (status != NHREF_OK)
                return status;
        }
        /* increment in state units: |h| max |K_new - K| */
        num_set_zero(dmax);
        for (size_t m = 0; m < (size_t)s * n; m++) {
            num_sub(d, st->Kn + m, c->K + m, p);
            if (num_cmpabs(d, dmax) > 0)
                num_abs(dmax, d);
            num_swap(c->K + m, st->Kn + m);
        }
        num_mul(dmax, dmax, C_H(c), p);
        num_abs(dmax, dmax);
        if (num_is_zero(dmax))
            return NHREF_OK;
        if (it >= 3 && num_cmp(dmax, dprev) >= 0) /* stopped shrinking */
            return num_cmp(dprev, tiny) <= 0 ? NHREF_OK : NHREF_ENOCONV;
        num_set(dprev, dmax);
    }
    return NHREF_ENOCONV;
}

/* Y = c->x0 + h sum_i b_i K_i (plain: for the error estimate) */
static void combine(gauss_t *st, num_ptr y, const colloc_t *c)
{
    num_ptr u = SC(st, U);
    for (size_t k = 0; k < st->n; k++) {
        num_set_zero(u);
        for (unsigned i = 0; i < st->s; i++)
            num_fma(u, st->b + i, c->K + i * st->n + k, u, st->prec);
        num_fma(y + k, C_H(c), u, c->x0 + k, st->prec);
    }
}

/* X += h sum_i b_i K_i and T += h, with Kahan compensation in st->e, ET */
static void advance(gauss_t *st, num_ptr t, num_ptr x, const colloc_t *c)
{
    num_ptr u = SC(st, U), d = SC(st, D), et = SC(st, ET);
    long p = st->prec;
    for (size_t k = 0; k < st->n; k++) {
        num_set_zero(u);
        for (unsigned i = 0; i < st->s; i++)
            num_fma(u, st->b + i, c->K + i * st->n + k, u, p);
        num_fma(u, C_H(c), u, st->e + k, p); /* delta + carried error */
        num_add(d, x + k, u, p);
        num_sub(st->e + k, x + k, d, p);
        num_add(st->e + k, st->e + k, u, p);
        num_swap(x + k, d);
    }
    num_add(u, C_H(c), et, p);
    num_add(d, t, u, p);
    num_sub(et, t, d, p);
    num_add(et, et, u, p);
    num_swap(t, d);
}

/* ln( |Y - Z|_inf / ((2^{2s} - 1) max(1, |Z|_inf)) ), -HUGE_VAL if Y = Z */
static double log_error(gauss_t *st, num_srcptr y, num_srcptr z)
{
    num_ptr d = SC(st, D), dmax = SC(st, DMAX);
    double lerr, lscale;
    num_set_zero(dmax);
    for (size_t k = 0; k < st->n; k++) {
        num_sub(d, y + k, z + k, st->prec);
        if (num_cmpabs(d, dmax) > 0)
            num_abs(dmax, d);
    }
    if (num_is_zero(dmax))
        return -HUGE_VAL;
    lerr = num_log_abs(dmax);
    norm_inf(dmax, z, st->n);
    lscale = 0;
    if (num_cmp_d(dmax, 1) > 0)
        lscale = num_log_abs(dmax);
    /* ln(2^{2s} - 1) ~ 2s ln 2 (exact enough for s >= 1) */
    return lerr - lscale - log(exp2(2.0 * st->s) - 1);
}

/* H = exp(L) at H's precision, any double L */
static void set_exp(num_ptr h, double l)
{
    double q = l / M_LN2, e = floor(q);
    num_set_d(h, exp2(q - e));
    num_mul_2si(h, h, (long)e);
}

static int same_vector(num_srcptr a, num_srcptr b, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (!num_equal(a + k, b + k))
            return 0;
    return 1;
}

static void start(colloc_t *c, num_srcptr t0, num_srcptr h, num_srcptr x, size_t n)
{
    num_set(C_T0(c), t0);
    num_set(C_H(c), h);
    for (size_t k = 0; k < n; k++)
        num_set(c->x0 + k, x + k);
}

static void accepted(gauss_t *st, num_srcptr t, num_srcptr x, nhref_step_info_t *info,
                     num_srcptr h, int full)
{
    num_set(SC(st, TLAST), t);
    for (size_t k = 0; k < st->n; k++)
        num_set(st->xlast + k, x + k);
    st->have_step = 1;
    if (info != NULL) {
        info->h = num_get_d(h);
        info->order = 2 * st->s;
        info->lrho = NAN;
        info->lnorm = NAN;
        info->full = full;
    }
}

static int gauss_step(void *stv, num_ptr t, num_ptr x, num_srcptr h_max, nhref_step_info_t *info)
{
    gauss_t *st = stv;
    size_t n = st->n;
    long p = st->prec;
    num_ptr u = SC(st, U), hnext = SC(st, HNEXT), hcur = SC(st, HCUR), tt = SC(st, TT);
    int status;

    NHREF_ASSERT(st != NULL && st->ws != NULL && st->s >= 1);
    if (num_is_zero(h_max))
        return NHREF_EINVAL;
    /* the compensation belongs to the state this scheme returned: reset it otherwise */
    if (!st->have_step || !num_equal(t, SC(st, TLAST)) || !same_vector(x, st->xlast, n)) {
        for (size_t k = 0; k < n; k++)
            num_set_zero(st->e + k);
        num_set_zero(SC(st, ET));
    }
    status = rhs(st, st->f0, t, x);
    if (status != NHREF_OK)
        return status;
    if (st->fixed_step) {
        /* exactly h_max, one collocation step, no error control */
        start(&st->half[0], t, h_max, x, n);
        status = solve(st, &st->half[0], st->f0);
        if (status != NHREF_OK)
            return status;
        /* dense output looks in half[1] first: make it the same step */
        start(&st->half[1], t, h_max, x, n);
        for (size_t m = 0; m < (size_t)st->s * n; m++)
            num_set(st->half[1].K + m, st->half[0].K + m);
        advance(st, t, x, &st->half[0]);
        accepted(st, t, x, info, h_max, 1);
        return NHREF_OK;
    }
    if (!st->have_hnext) {
        /* first step: a hundredth of the time for f to change x by max(1, |x|) */
        double lx, lf;
        norm_inf(u, x, n);
        lx = num_cmp_d(u, 1) > 0 ? num_log_abs(u) : 0;
        norm_inf(u, st->f0, n);
        lf = num_log_abs(u);
        if (lf > -HUGE_VAL)
            set_exp(hnext, lx - lf + log(0.01));
        else
            num_abs(hnext, h_max);
        st->have_hnext = 1;
    }

    for (int tries = 0; tries < MAX_TRIES; tries++) {
        double lerr;
        int clipped = num_cmpabs(hnext, h_max) >= 0;
        /* h = min(hnext, |h_max|) with the sign of h_max */
        if (clipped)
            num_set(hcur, h_max);
        else if (num_sgn(h_max) < 0)
            num_neg(hcur, hnext);
        else
            num_set(hcur, hnext);
        num_add(tt, t, hcur, p);
        if (num_equal(tt, t))
            return NHREF_ESTEP;
        /* the step goes the way of h_max, and not beyond it */
        NHREF_ASSERT(num_sgn(hcur) == num_sgn(h_max) && num_cmpabs(hcur, h_max) <= 0);

        /* one step of h, and two of h/2 */
        num_set(C_T0(&st->full), t);
        num_set(C_H(&st->full), hcur);
        num_set(C_T0(&st->half[0]), t);
        num_mul_2si(C_H(&st->half[0]), hcur, -1);
        num_set(C_H(&st->half[1]), C_H(&st->half[0]));
        for (size_t k = 0; k < n; k++) {
            num_set(st->full.x0 + k, x + k);
            num_set(st->half[0].x0 + k, x + k);
        }
        status = solve(st, &st->full, st->f0);
        if (status == NHREF_OK)
            status = solve(st, &st->half[0], st->f0);
        if (status == NHREF_OK) {
            num_add(C_T0(&st->half[1]), t, C_H(&st->half[0]), p);
            combine(st, st->half[1].x0, &st->half[0]);
            status = rhs(st, st->y, C_T0(&st->half[1]), st->half[1].x0);
            if (status == NHREF_OK)
                status = solve(st, &st->half[1], st->y);
        }
        if (status == NHREF_EDOMAIN || status == NHREF_ENOCONV) {
            /* f undefined at a stage, or the iteration does not contract: shorter */
            num_abs(hnext, hcur);
            num_mul_2si(hnext, hnext, -2);
            continue;
        }
        if (status != NHREF_OK)
            return status;

        /* error of the two half steps by step doubling */
        combine(st, st->X, &st->full);
        combine(st, st->y, &st->half[1]);
        lerr = log_error(st, st->X, st->y);
        {
            /* next h: h min(4, max(0.1, 0.9 (tol/err)^(1/(2s+1)))) */
            double lfac = lerr > -HUGE_VAL ? (st->ltol - lerr) / (2.0 * st->s + 1) + log(0.9)
                                           : log(4.0);
            num_ptr fac = SC(st, D);
            lfac = fmin(log(4.0), fmax(log(0.1), lfac));
            num_abs(u, hcur);
            set_exp(fac, lfac);
            if (lerr <= st->ltol) {
                /* accept: keep the two half steps; a clipped last step keeps its estimate */
                if (!clipped || lfac < 0)
                    num_mul(hnext, u, fac, p);
                advance(st, t, x, &st->half[0]);
                advance(st, t, x, &st->half[1]);
                accepted(st, t, x, info, hcur, clipped);
                return NHREF_OK;
            }
            num_mul(hnext, u, fac, p);
        }
    }
    return NHREF_ENOCONV;
}

/* L[j] = l_j(theta), the Lagrange basis on the nodes (barycentric) */
static void basis_at(gauss_t *st, num_ptr l, num_srcptr theta)
{
    num_ptr d = SC(st, D), sum = SC(st, DMAX);
    for (unsigned j = 0; j < st->s; j++) {
        num_sub(d, theta, st->c + j, st->prec);
        if (num_is_zero(d)) {
            for (unsigned k = 0; k < st->s; k++)
                num_set_si(l + k, k == j);
            return;
        }
    }
    num_set_zero(sum);
    for (unsigned j = 0; j < st->s; j++) {
        num_sub(d, theta, st->c + j, st->prec);
        num_div(l + j, st->lam + j, d, st->prec);
        num_add(sum, sum, l + j, st->prec);
    }
    for (unsigned j = 0; j < st->s; j++)
        num_div(l + j, l + j, sum, st->prec);
}

static int gauss_dense(void *stv, num_ptr x, num_srcptr t)
{
    gauss_t *st = stv;
    const colloc_t *c;
    colloc_t *r = &st->full; /* scratch once a step is accepted */
    size_t n = st->n;
    unsigned s = st->s;
    long p = st->prec;
    num_ptr u = SC(st, U), tt = SC(st, TT);
    int status;

    if (!st->have_step)
        return NHREF_EINVAL;
    /* the half step containing t */
    num_sub(u, t, C_T0(&st->half[1]), p);
    c = num_sgn(u) * num_sgn(C_H(&st->half[1])) >= 0 ? &st->half[1] : &st->half[0];
    num_sub(C_H(r), t, C_T0(c), p);
    if (num_is_zero(C_H(r))) {
        for (size_t k = 0; k < n; k++)
            num_set(x + k, c->x0 + k);
        return NHREF_OK;
    }
    num_set(C_T0(r), C_T0(c));
    for (size_t k = 0; k < n; k++)
        num_set(r->x0 + k, c->x0 + k);
    /* seed: K_i = u'(t0 + c_i (t - t0)) = sum_j l_j(c_i (t - t0)/h) K_j of the half step */
    num_div(tt, C_H(r), C_H(c), p);
    for (unsigned i = 0; i < s; i++) {
        num_mul(u, st->c + i, tt, p);
        basis_at(st, st->w, u);
        for (size_t k = 0; k < n; k++) {
            num_set_zero(u);
            for (unsigned j = 0; j < s; j++)
                num_fma(u, st->w + j, c->K + j * n + k, u, p);
            num_set(r->K + i * n + k, u);
        }
    }
    status = solve(st, r, NULL);
    if (status != NHREF_OK)
        return status;
    combine(st, x, r);
    return NHREF_OK;
}

static void gauss_reset(void *stv)
{
    gauss_t *st = stv;
    st->have_step = 0;
    st->have_hnext = 0;
}

static unsigned gauss_order(const void *stv)
{
    return 2 * ((const gauss_t *)stv)->s;
}

/* nhref_ops_gauss_mp, nhref_ops_gauss_d, nhref_ops_gauss_arb */
const scheme_ops_t NUM_IN(nhref_ops_gauss) = {
    .desc = &nhref_scheme_gauss,
    .alloc = gauss_alloc,
    .step = gauss_step,
    .dense = gauss_dense,
    .reset = gauss_reset,
    .order = gauss_order,
    .free = gauss_free,
};
