/* gauss.c -- s-stage Gauss–Legendre collocation (order 2s) in MPFR: the
 * independent cross-check of the Taylor scheme, symmetric and symplectic, and
 * exact (to round-off) on quadratic first integrals.
 *
 * One step of size h from (t, x): stage derivatives K_i solve
 *     K_i = f(t + c_i h, x + h sum_j a_ij K_j),   i < s,
 * by fixed-point iteration from K_i = f(t, x), stopped when the increments stop
 * shrinking (round-off stagnation, as in IRKGL16: Antoñana, Makazaga & Murua,
 * Numer. Algorithms 2017); then x+ = x + h sum_i b_i K_i, with the state and the
 * time updated by Kahan's compensated summation.  If the iteration does not
 * contract (h L too large) or f is undefined at a stage, the step is retried
 * with h / 4.
 *
 * Error control by step doubling: the step h is taken once and as two steps
 * h/2; with local error C h^{2s+1}, the difference D of the two results gives
 * the error of the two half steps, D / (2^{2s} - 1) (proofs/gauss_step.md).
 * The two half steps are kept when that is below the tolerance; the next h is
 * h min(4, 0.9 (tol/err)^{1/(2s+1)}).
 *
 * Dense output.  The collocation polynomial u of a step is accurate to
 * O(h^{s+1}) between its ends (the order 2s is superconvergence at the end
 * only), so a time inside a step is reached by one more collocation step, from
 * the start of the half step containing it to that time, its stages seeded
 * from u' of that half step.  The result has the accuracy of a step: order 2s.
 *
 * Every MPFR number is initialised in gauss_alloc; the step allocates nothing
 * of its own.  Source: Hairer, Lubich & Wanner, Geometric Numerical
 * Integration, §II.1.3, §IV.2 (quadratic invariants), §VIII.6 (implementation).
 */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

#include "gauss_coeffs.h"
#include "nhref_scheme.h"
#include "nhref_tape.h"

#define MAX_ITER 2000 /* fixed-point iterations per solve before giving up */
#define MAX_TRIES 60  /* step-size reductions per step before giving up */

typedef struct {
    __mpfr_struct *x0; /* state at the start (n) */
    __mpfr_struct *K;  /* stage derivatives (s x n) */
    mpfr_t t0, h;
} colloc_t;

typedef struct {
    nhref_tape_mp_t *ws;
    nhref_gauss_coeffs_t g;
    size_t n;
    unsigned s;
    mpfr_prec_t prec;
    double ltol;      /* ln tolerance */
    colloc_t full, half[2];
    __mpfr_struct *f0, *X, *Kn, *y, *e, *w, *xlast; /* n, n, s x n, n, n, s, n */
    mpfr_t et, tlast, d, dmax, dprev, tiny, u, hnext, hcur, tt;
    int have_step, have_hnext;
    int fixed_step;
    unsigned long nsolve; /* statistics */
} gauss_t;

static int colloc_init(colloc_t *c, size_t n, unsigned s, mpfr_prec_t prec)
{
    c->x0 = nhref_vec_new(n, prec);
    c->K = nhref_vec_new((size_t)s * n, prec);
    mpfr_inits2(prec, c->t0, c->h, (mpfr_ptr)0);
    return c->x0 != NULL && c->K != NULL ? 0 : -1;
}

static void colloc_clear(colloc_t *c, size_t n, unsigned s)
{
    nhref_vec_free(c->x0, n);
    nhref_vec_free(c->K, (size_t)s * n);
    mpfr_clears(c->t0, c->h, (mpfr_ptr)0);
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
    nhref_tape_mp_free(st->ws);
    nhref_gauss_coeffs_clear(&st->g);
    colloc_clear(&st->full, n, s);
    colloc_clear(&st->half[0], n, s);
    colloc_clear(&st->half[1], n, s);
    nhref_vec_free(st->f0, n);
    nhref_vec_free(st->X, n);
    nhref_vec_free(st->Kn, (size_t)s * n);
    nhref_vec_free(st->y, n);
    nhref_vec_free(st->e, n);
    nhref_vec_free(st->w, s);
    nhref_vec_free(st->xlast, n);
    mpfr_clears(st->et, st->tlast, st->d, st->dmax, st->dprev, st->tiny, st->u, st->hnext,
                st->hcur, st->tt, (mpfr_ptr)0);
    free(st);
}

/* default stages: order 2s about the digits asked for, at most 64 (coefficients cost s^3) */
static unsigned default_stages(double digits)
{
    double s = ceil(digits / 2);
    return s < 2 ? 2 : s > 64 ? 64 : (unsigned)s;
}

static int gauss_alloc(void **stp, const nhref_system_t *sys, const nhref_scheme_opts_t *opts)
{
    const nhref_tape_t *tape = nhref_system_rhs_tape(sys);
    size_t n = nhref_tape_nstate(tape);
    unsigned s = opts->stages ? opts->stages : default_stages(opts->digits);
    mpfr_prec_t prec = opts->prec;
    gauss_t *st;
    int status, bad = 0;

    *stp = NULL;
    if (s > 2000 || !(opts->digits > 0) || prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return NHREF_ENOMEM;
    st->n = n;
    st->s = s;
    st->prec = prec;
    st->ltol = -opts->digits * 2.302585092994045684;
    st->fixed_step = opts->fixed_step;
    bad |= colloc_init(&st->full, n, s, prec);
    bad |= colloc_init(&st->half[0], n, s, prec);
    bad |= colloc_init(&st->half[1], n, s, prec);
    st->f0 = nhref_vec_new(n, prec);
    st->X = nhref_vec_new(n, prec);
    st->Kn = nhref_vec_new((size_t)s * n, prec);
    st->y = nhref_vec_new(n, prec);
    st->e = nhref_vec_new(n, prec);
    st->w = nhref_vec_new(s, prec);
    st->xlast = nhref_vec_new(n, prec);
    mpfr_inits2(prec, st->et, st->tlast, st->d, st->dmax, st->dprev, st->tiny, st->u, st->hnext,
                st->hcur, st->tt, (mpfr_ptr)0);
    if (bad || !st->f0 || !st->X || !st->Kn || !st->y || !st->e || !st->w || !st->xlast ||
        nhref_gauss_coeffs_init(&st->g, s, prec) != 0) {
        gauss_free(st);
        return NHREF_ENOMEM;
    }
    status = nhref_system_workspace(&st->ws, sys, tape, prec, 0, 1);
    if (status != NHREF_OK) {
        gauss_free(st);
        return status;
    }
    *stp = st;
    return NHREF_OK;
}

/* F = f(T, X); NHREF_EDOMAIN where undefined */
static int rhs(gauss_t *st, mpfr_ptr f, mpfr_srcptr t, mpfr_srcptr x)
{
    return nhref_tape_mp_eval(f, st->ws, t, x);
}

/* max_i |v_i| into R */
static void norm_inf(mpfr_ptr r, mpfr_srcptr v, size_t n)
{
    mpfr_set_zero(r, 1);
    for (size_t i = 0; i < n; i++)
        if (mpfr_cmpabs(v + i, r) > 0)
            mpfr_abs(r, v + i, MPFR_RNDN);
}

/* Solve the stage equations of one step of size C->h from (C->t0, C->x0) into C->K,
 * starting from K_i = F0, or from C->K as it is if F0 is NULL.
 * NHREF_OK, NHREF_EDOMAIN, or NHREF_ENOCONV. */
static int solve(gauss_t *st, colloc_t *c, mpfr_srcptr f0)
{
    size_t n = st->n;
    unsigned s = st->s;
    int status;

    if (f0 != NULL)
        for (unsigned i = 0; i < s; i++)
            for (size_t k = 0; k < n; k++)
                mpfr_set(c->K + i * n + k, f0 + k, MPFR_RNDN);
    /* round-off floor of the increments: 2^(16 - prec) max(1, |x0|) */
    norm_inf(st->tiny, c->x0, n);
    if (mpfr_cmp_ui(st->tiny, 1) < 0)
        mpfr_set_ui(st->tiny, 1, MPFR_RNDN);
    mpfr_mul_2si(st->tiny, st->tiny, 16 - (long)st->prec, MPFR_RNDN);
    mpfr_set_inf(st->dprev, 1);
    st->nsolve++;

    for (int it = 1; it <= MAX_ITER; it++) {
        /* Jacobi sweep: every stage from the previous iterate */
        for (unsigned i = 0; i < s; i++) {
            for (size_t k = 0; k < n; k++) {
                mpfr_set_zero(st->u, 1);
                for (unsigned j = 0; j < s; j++)
                    mpfr_fma(st->u, st->g.a + (size_t)i * s + j, c->K + j * n + k, st->u,
                             MPFR_RNDN);
                mpfr_fma(st->X + k, c->h, st->u, c->x0 + k, MPFR_RNDN);
            }
            mpfr_fma(st->tt, st->g.c + i, c->h, c->t0, MPFR_RNDN);
            status = rhs(st, st->Kn + i * n, st->tt, st->X);
            if (status != NHREF_OK)
                return status;
        }
        /* increment in state units: |h| max |K_new - K| */
        mpfr_set_zero(st->dmax, 1);
        for (size_t m = 0; m < (size_t)s * n; m++) {
            mpfr_sub(st->d, st->Kn + m, c->K + m, MPFR_RNDN);
            if (mpfr_cmpabs(st->d, st->dmax) > 0)
                mpfr_abs(st->dmax, st->d, MPFR_RNDN);
            mpfr_swap(c->K + m, st->Kn + m);
        }
        mpfr_mul(st->dmax, st->dmax, c->h, MPFR_RNDN);
        mpfr_abs(st->dmax, st->dmax, MPFR_RNDN);
        if (mpfr_zero_p(st->dmax))
            return NHREF_OK;
        if (it >= 3 && mpfr_cmp(st->dmax, st->dprev) >= 0) /* stopped shrinking */
            return mpfr_cmp(st->dprev, st->tiny) <= 0 ? NHREF_OK : NHREF_ENOCONV;
        mpfr_set(st->dprev, st->dmax, MPFR_RNDN);
    }
    return NHREF_ENOCONV;
}

/* Y = C->x0 + h sum_i b_i K_i (plain: for the error estimate) */
static void combine(gauss_t *st, mpfr_ptr y, const colloc_t *c)
{
    for (size_t k = 0; k < st->n; k++) {
        mpfr_set_zero(st->u, 1);
        for (unsigned i = 0; i < st->s; i++)
            mpfr_fma(st->u, st->g.b + i, c->K + i * st->n + k, st->u, MPFR_RNDN);
        mpfr_fma(y + k, c->h, st->u, c->x0 + k, MPFR_RNDN);
    }
}

/* X += h sum_i b_i K_i and T += h, with Kahan compensation in st->e, st->et */
static void advance(gauss_t *st, mpfr_ptr t, mpfr_ptr x, const colloc_t *c)
{
    for (size_t k = 0; k < st->n; k++) {
        mpfr_set_zero(st->u, 1);
        for (unsigned i = 0; i < st->s; i++)
            mpfr_fma(st->u, st->g.b + i, c->K + i * st->n + k, st->u, MPFR_RNDN);
        mpfr_fma(st->u, c->h, st->u, st->e + k, MPFR_RNDN); /* delta + carried error */
        mpfr_add(st->d, x + k, st->u, MPFR_RNDN);
        mpfr_sub(st->e + k, x + k, st->d, MPFR_RNDN);
        mpfr_add(st->e + k, st->e + k, st->u, MPFR_RNDN);
        mpfr_swap(x + k, st->d);
    }
    mpfr_add(st->u, c->h, st->et, MPFR_RNDN);
    mpfr_add(st->d, t, st->u, MPFR_RNDN);
    mpfr_sub(st->et, t, st->d, MPFR_RNDN);
    mpfr_add(st->et, st->et, st->u, MPFR_RNDN);
    mpfr_swap(t, st->d);
}

/* ln( |Y - Z|_inf / ((2^{2s} - 1) max(1, |Z|_inf)) ), -HUGE_VAL if Y = Z */
static double log_error(gauss_t *st, mpfr_srcptr y, mpfr_srcptr z)
{
    double lerr, lscale;
    long e;
    mpfr_set_zero(st->dmax, 1);
    for (size_t k = 0; k < st->n; k++) {
        mpfr_sub(st->d, y + k, z + k, MPFR_RNDN);
        if (mpfr_cmpabs(st->d, st->dmax) > 0)
            mpfr_abs(st->dmax, st->d, MPFR_RNDN);
    }
    if (mpfr_zero_p(st->dmax))
        return -HUGE_VAL;
    lerr = log(fabs(mpfr_get_d_2exp(&e, st->dmax, MPFR_RNDN))) + (double)e * M_LN2;
    norm_inf(st->dmax, z, st->n);
    lscale = 0;
    if (mpfr_cmp_ui(st->dmax, 1) > 0)
        lscale = log(fabs(mpfr_get_d_2exp(&e, st->dmax, MPFR_RNDN))) + (double)e * M_LN2;
    /* ln(2^{2s} - 1) ~ 2s ln 2 (exact enough for s >= 1) */
    return lerr - lscale - log(exp2(2.0 * st->s) - 1);
}

/* H = exp(L) at H's precision, any double L */
static void set_exp(mpfr_ptr h, double l)
{
    double q = l / M_LN2, e = floor(q);
    mpfr_set_d(h, exp2(q - e), MPFR_RNDN);
    mpfr_mul_2si(h, h, (long)e, MPFR_RNDN);
}

static int same_vector(mpfr_srcptr a, mpfr_srcptr b, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (!mpfr_equal_p(a + k, b + k))
            return 0;
    return 1;
}

static int gauss_step(void *stv, mpfr_ptr t, mpfr_ptr x, mpfr_srcptr h_max,
                      nhref_step_info_t *info)
{
    gauss_t *st = stv;
    size_t n = st->n;
    int status;

    if (mpfr_zero_p(h_max))
        return NHREF_EINVAL;
    /* the compensation belongs to the state this scheme returned: reset it otherwise */
    if (!st->have_step || !mpfr_equal_p(t, st->tlast) || !same_vector(x, st->xlast, n)) {
        for (size_t k = 0; k < n; k++)
            mpfr_set_zero(st->e + k, 1);
        mpfr_set_zero(st->et, 1);
    }
    status = rhs(st, st->f0, t, x);
    if (status != NHREF_OK)
        return status;
    if (st->fixed_step) {
        /* exactly h_max, one collocation step, no error control */
        mpfr_set(st->half[0].t0, t, MPFR_RNDN);
        mpfr_set(st->half[0].h, h_max, MPFR_RNDN);
        for (size_t k = 0; k < n; k++)
            mpfr_set(st->half[0].x0 + k, x + k, MPFR_RNDN);
        status = solve(st, &st->half[0], st->f0);
        if (status != NHREF_OK)
            return status;
        /* dense output looks in half[1] first: make it the same step */
        mpfr_set(st->half[1].t0, t, MPFR_RNDN);
        mpfr_set(st->half[1].h, h_max, MPFR_RNDN);
        for (size_t k = 0; k < n; k++)
            mpfr_set(st->half[1].x0 + k, x + k, MPFR_RNDN);
        for (size_t m = 0; m < (size_t)st->s * n; m++)
            mpfr_set(st->half[1].K + m, st->half[0].K + m, MPFR_RNDN);
        advance(st, t, x, &st->half[0]);
        mpfr_set(st->tlast, t, MPFR_RNDN);
        for (size_t k = 0; k < n; k++)
            mpfr_set(st->xlast + k, x + k, MPFR_RNDN);
        st->have_step = 1;
        if (info != NULL) {
            info->h = mpfr_get_d(h_max, MPFR_RNDN);
            info->order = 2 * st->s;
            info->lrho = NAN;
            info->lnorm = NAN;
        }
        return NHREF_OK;
    }
    if (!st->have_hnext) {
        /* first step: a hundredth of the time for f to change x by max(1, |x|) */
        double lx, lf;
        long e;
        norm_inf(st->u, x, n);
        lx = mpfr_cmp_ui(st->u, 1) > 0
                 ? log(fabs(mpfr_get_d_2exp(&e, st->u, MPFR_RNDN))) + (double)e * M_LN2
                 : 0;
        norm_inf(st->u, st->f0, n);
        lf = mpfr_zero_p(st->u)
                 ? -HUGE_VAL
                 : log(fabs(mpfr_get_d_2exp(&e, st->u, MPFR_RNDN))) + (double)e * M_LN2;
        if (lf > -HUGE_VAL)
            set_exp(st->hnext, lx - lf + log(0.01));
        else
            mpfr_abs(st->hnext, h_max, MPFR_RNDN);
        st->have_hnext = 1;
    }

    for (int tries = 0; tries < MAX_TRIES; tries++) {
        double lerr;
        int clipped = mpfr_cmpabs(st->hnext, h_max) >= 0;
        /* h = min(hnext, |h_max|) with the sign of h_max */
        if (clipped)
            mpfr_set(st->hcur, h_max, MPFR_RNDN);
        else if (mpfr_sgn(h_max) < 0)
            mpfr_neg(st->hcur, st->hnext, MPFR_RNDN);
        else
            mpfr_set(st->hcur, st->hnext, MPFR_RNDN);
        mpfr_add(st->tt, t, st->hcur, MPFR_RNDN);
        if (mpfr_equal_p(st->tt, t))
            return NHREF_ESTEP;

        /* one step of h, and two of h/2 */
        mpfr_set(st->full.t0, t, MPFR_RNDN);
        mpfr_set(st->full.h, st->hcur, MPFR_RNDN);
        mpfr_set(st->half[0].t0, t, MPFR_RNDN);
        mpfr_div_2ui(st->half[0].h, st->hcur, 1, MPFR_RNDN);
        mpfr_set(st->half[1].h, st->half[0].h, MPFR_RNDN);
        for (size_t k = 0; k < n; k++) {
            mpfr_set(st->full.x0 + k, x + k, MPFR_RNDN);
            mpfr_set(st->half[0].x0 + k, x + k, MPFR_RNDN);
        }
        status = solve(st, &st->full, st->f0);
        if (status == NHREF_OK)
            status = solve(st, &st->half[0], st->f0);
        if (status == NHREF_OK) {
            mpfr_add(st->half[1].t0, t, st->half[0].h, MPFR_RNDN);
            combine(st, st->half[1].x0, &st->half[0]);
            status = rhs(st, st->y, st->half[1].t0, st->half[1].x0);
            if (status == NHREF_OK)
                status = solve(st, &st->half[1], st->y);
        }
        if (status == NHREF_EDOMAIN || status == NHREF_ENOCONV) {
            /* f undefined at a stage, or the iteration does not contract: shorter */
            mpfr_abs(st->hnext, st->hcur, MPFR_RNDN);
            mpfr_div_2ui(st->hnext, st->hnext, 2, MPFR_RNDN);
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
            lfac = fmin(log(4.0), fmax(log(0.1), lfac));
            mpfr_abs(st->u, st->hcur, MPFR_RNDN);
            set_exp(st->d, lfac);
            if (lerr <= st->ltol) {
                /* accept: keep the two half steps; a clipped last step keeps its estimate */
                if (!clipped || lfac < 0)
                    mpfr_mul(st->hnext, st->u, st->d, MPFR_RNDN);
                advance(st, t, x, &st->half[0]);
                advance(st, t, x, &st->half[1]);
                /* the representable end of the second half, for dense output */
                mpfr_set(st->tlast, t, MPFR_RNDN);
                for (size_t k = 0; k < n; k++)
                    mpfr_set(st->xlast + k, x + k, MPFR_RNDN);
                st->have_step = 1;
                if (info != NULL) {
                    info->h = mpfr_get_d(st->hcur, MPFR_RNDN);
                    info->order = 2 * st->s;
                    info->lrho = NAN;
                    info->lnorm = NAN;
                }
                return NHREF_OK;
            }
            mpfr_mul(st->hnext, st->u, st->d, MPFR_RNDN);
        }
    }
    return NHREF_ENOCONV;
}

/* L[j] = l_j(theta), the Lagrange basis on the nodes (barycentric); SUM, D scratch */
static void basis_at(gauss_t *st, mpfr_ptr l, mpfr_srcptr theta)
{
    for (unsigned j = 0; j < st->s; j++) {
        mpfr_sub(st->d, theta, st->g.c + j, MPFR_RNDN);
        if (mpfr_zero_p(st->d)) {
            for (unsigned k = 0; k < st->s; k++)
                mpfr_set_ui(l + k, k == j, MPFR_RNDN);
            return;
        }
    }
    mpfr_set_zero(st->dmax, 1);
    for (unsigned j = 0; j < st->s; j++) {
        mpfr_sub(st->d, theta, st->g.c + j, MPFR_RNDN);
        mpfr_div(l + j, st->g.lam + j, st->d, MPFR_RNDN);
        mpfr_add(st->dmax, st->dmax, l + j, MPFR_RNDN);
    }
    for (unsigned j = 0; j < st->s; j++)
        mpfr_div(l + j, l + j, st->dmax, MPFR_RNDN);
}

static int gauss_dense(void *stv, mpfr_ptr x, mpfr_srcptr t)
{
    gauss_t *st = stv;
    const colloc_t *c;
    colloc_t *r = &st->full; /* scratch once a step is accepted */
    size_t n = st->n;
    unsigned s = st->s;
    int status;

    if (!st->have_step)
        return NHREF_EINVAL;
    /* the half step containing t */
    mpfr_sub(st->u, t, st->half[1].t0, MPFR_RNDN);
    c = mpfr_sgn(st->u) * mpfr_sgn(st->half[1].h) >= 0 ? &st->half[1] : &st->half[0];
    mpfr_sub(r->h, t, c->t0, MPFR_RNDN);
    if (mpfr_zero_p(r->h)) {
        for (size_t k = 0; k < n; k++)
            mpfr_set(x + k, c->x0 + k, MPFR_RNDN);
        return NHREF_OK;
    }
    mpfr_set(r->t0, c->t0, MPFR_RNDN);
    for (size_t k = 0; k < n; k++)
        mpfr_set(r->x0 + k, c->x0 + k, MPFR_RNDN);
    /* seed: K_i = u'(t0 + c_i (t - t0)) = sum_j l_j(c_i (t - t0)/h) K_j of the half step */
    mpfr_div(st->tt, r->h, c->h, MPFR_RNDN);
    for (unsigned i = 0; i < s; i++) {
        mpfr_mul(st->u, st->g.c + i, st->tt, MPFR_RNDN);
        basis_at(st, st->w, st->u);
        for (size_t k = 0; k < n; k++) {
            mpfr_set_zero(st->u, 1);
            for (unsigned j = 0; j < s; j++)
                mpfr_fma(st->u, st->w + j, c->K + j * n + k, st->u, MPFR_RNDN);
            mpfr_set(r->K + i * n + k, st->u, MPFR_RNDN);
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

const nhref_scheme_type_t nhref_scheme_gauss = {
    .name = "gauss",
    .description = "Gauss-Legendre collocation, s stages (order 2s), fixed-point stages, "
                   "step doubling; preserves quadratic integrals",
    .flags = NHREF_SCHEME_DENSE | NHREF_SCHEME_ADAPTIVE,
    .alloc = gauss_alloc,
    .step = gauss_step,
    .dense = gauss_dense,
    .reset = gauss_reset,
    .free = gauss_free,
};
