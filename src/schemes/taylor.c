/* taylor.c -- the Taylor scheme, for every number type (compiled once per type):
 * jets from the tape, order from the tolerance, step size from the last two Taylor
 * coefficients, dense output from the step's own polynomial.
 *
 * Order and step (A. Jorba and M. Zou, Exp. Math. 14(1), 2005, §3.2; as in heyoka):
 * for a tolerance eps = 10^-d,
 *   N   = ceil(-ln(eps)/2 + 1) = ceil(1.1513 d + 1),
 *   rho = min_{k in {N-1, N}} (max(1, |x_0|) / |x_k|)^(1/k),
 *   h   = rho exp(-0.7/(N-1)) / e^2,
 * with |.| the max-norm over the state; the derivation of the constants is in
 * proofs/taylor_step.md.  Only the size of h matters, so the step-size arithmetic is
 * done on logarithms in double (exponent-safe at any precision).
 *
 * The new state is the step's polynomial at h by Horner's rule; a type with
 * NUM_COMPENSATED (double) sums the increment x(t + h) - x(t) into the state and the
 * step into the time with Kahan's compensation, so that round-off does not grow with
 * the number of steps.  Every number is allocated in taylor_alloc: a step allocates
 * nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "assertion.h"
#include "models/models_internal.h"
#include "tape/tape_num.h"
#include "schemes/scheme_num.h"

#if NHREF_NUM == NHREF_NUM_MP /* the descriptor, once for every type */
static const nhref_scheme_opt_desc_t taylor_opt[] = {
    {"order", "the Taylor order N", "from the tolerance: N = ceil(1.1513 d + 1), at least 2", 2,
     NHREF_TAYLOR_MAX_ORDER},
};

static int taylor_plan(nhref_scheme_plan_t *plan, const nhref_scheme_work_t *w);

const nhref_scheme_t nhref_scheme_taylor = {
    .name = "taylor",
    .description = "Taylor series by automatic differentiation of the tape (Jorba-Zou order "
                   "and step), any precision",
    .flags = NHREF_SCHEME_DENSE | NHREF_SCHEME_ADAPTIVE | NHREF_SCHEME_RADIUS |
             NHREF_SCHEME_PROVEN,
    .nopt = sizeof taylor_opt / sizeof taylor_opt[0],
    .opt = taylor_opt,
    .source = "A. Jorba and M. Zou, A software package for the numerical integration of "
              "ODEs by means of high-order Taylor methods, Exp. Math. 14(1) (2005) 99-117",
    .plan = taylor_plan,
};

unsigned long nhref_taylor_order(double digits)
{
    double n = ceil(1.1513 * digits + 1);
    return !(n >= 2) ? 2 : n > 4e9 ? 4000000000UL : (unsigned long)n;
}

/* the largest whole D with nhref_taylor_order(D) <= NHREF_TAYLOR_MAX_ORDER */
static double taylor_max_digits(void)
{
    unsigned long d = (unsigned long)((NHREF_TAYLOR_MAX_ORDER - 1) / 1.1513) + 2;
    while (d > 1 && nhref_taylor_order((double)d) > NHREF_TAYLOR_MAX_ORDER)
        d--;
    return (double)d;
}

/* the order, the jets of every tape node and state component to it (and the limit) */
static int taylor_plan(nhref_scheme_plan_t *plan, const nhref_scheme_work_t *w)
{
    unsigned long order;
    if (nhref_scheme_opt_ulong(&order, w->opt, "order", 0, 2, NHREF_TAYLOR_MAX_ORDER) !=
        NHREF_OK)
        return NHREF_EINVAL;
    plan->max_order = NHREF_TAYLOR_MAX_ORDER;
    if (order == 0) {
        order = nhref_taylor_order(w->digits);
    } else {
        /* a given order: at most 4 times what the tolerance needs (nhref_scheme.h) */
        double need = 4.0 * (double)nhref_taylor_order(w->digits);
        double lim = need > (double)NHREF_TAYLOR_USEFUL_MIN ? need : (double)NHREF_TAYLOR_USEFUL_MIN;
        if (lim < (double)NHREF_TAYLOR_MAX_ORDER)
            plan->max_order = (unsigned long)lim;
    }
    plan->order = order;
    plan->max_digits = taylor_max_digits();
    plan->numbers = ((double)w->nnodes + (double)w->nstate) * (double)(order + 1);
    snprintf(plan->what, sizeof plan->what, "the Taylor jets (%zu tape nodes to order %lu at %ld bits",
             w->nnodes, order, w->prec);
    return order > plan->max_order ? NHREF_EINVAL : NHREF_OK;
}
#else
extern const nhref_scheme_t nhref_scheme_taylor;
#endif

/* scalars */
enum { T0, H, THETA, ACC, ET, TLAST, Y, SUM, NSCALAR };

typedef struct {
    tape_ws_t *ws;
    num_srcptr *c;  /* the series of each state component in ws (fixed with ws) */
    size_t n;       /* state dimension */
    unsigned order; /* N */
    long prec;
    num_ptr s;      /* NSCALAR scalars: the last step's start T0 and size H, ... */
    num_ptr x0;     /* compensated types: the last step's start */
    num_ptr e;      /* compensated types: the compensation of x (ET: of t) */
    num_ptr xlast;  /* compensated types: the state this scheme returned */
    double lsafety; /* ln(exp(-0.7/(N-1)) / e^2) */
    int have_step;
    int fixed_step;
} taylor_t;

#define SC(st, i) ((st)->s + (i))

static void taylor_free(void *stv)
{
    taylor_t *st = stv;
    if (st == NULL)
        return;
    NUM_TAPE_FN(free)(st->ws);
    free(st->c);
    num_vec_free(st->s, NSCALAR);
    num_vec_free(st->x0, st->n);
    num_vec_free(st->e, st->n);
    num_vec_free(st->xlast, st->n);
    free(st);
}

static int taylor_alloc(void **stp, const nhref_system_t *sys, const nhref_scheme_opts_t *opts)
{
    const nhref_tape_t *tape = nhref_system_rhs_tape(sys);
    unsigned long order;
    taylor_t *st;
    int status;

    *stp = NULL;
    if (nhref_scheme_opt_ulong(&order, opts->opt, "order", 0, 2, NHREF_TAYLOR_MAX_ORDER) !=
        NHREF_OK)
        return NHREF_EINVAL;
    if (order == 0) {
        if (!(opts->digits > 0) || opts->digits > 1e6)
            return NHREF_EINVAL;
        order = nhref_taylor_order(opts->digits);
    }
    if (order > NHREF_TAYLOR_MAX_ORDER || opts->prec < MPFR_PREC_MIN || opts->prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return NHREF_ENOMEM;
    st->n = nhref_tape_nstate(tape);
    st->order = (unsigned)order;
    st->prec = opts->prec;
    st->lsafety = -0.7 / (double)(order - 1) - 2;
    st->fixed_step = opts->fixed_step;
    st->s = num_vec_new(NSCALAR, opts->prec);
    st->x0 = num_vec_new(st->n, opts->prec);
    st->e = num_vec_new(st->n, opts->prec);
    st->xlast = num_vec_new(st->n, opts->prec);
    status = st->s && st->x0 && st->e && st->xlast
                 ? NUM_IN(nhref_system_workspace)(&st->ws, sys, tape, opts->prec, st->order, 1)
                 : NHREF_ENOMEM;
    if (status == NHREF_OK && (st->c = malloc(st->n * sizeof *st->c)) == NULL)
        status = NHREF_ENOMEM;
    if (status != NHREF_OK) {
        taylor_free(st);
        return status;
    }
    /* the workspace's jets reach the order N that the step reads */
    NHREF_ASSERT(NUM_TAPE_FN(order)(st->ws) >= st->order);
    for (size_t i = 0; i < st->n; i++)
        st->c[i] = NUM_TAPE_FN(state_series)(st->ws, i);
    *stp = st;
    return NHREF_OK;
}

/* ln max_i |x_i^[k]| for k = 0, A, B into L0, LA, LB (Arb: of the midpoints; -HUGE_VAL
 * if every one is zero): the largest components found by comparisons in one pass over
 * the state, then one logarithm each */
static void log_coef_norms(const taylor_t *st, unsigned a, unsigned b, double *l0, double *la,
                           double *lb)
{
    num_srcptr b0 = st->c[0], ba = st->c[0] + a, bb = st->c[0] + b;
    NHREF_ASSERT(st->n > 0 && a <= b && b <= st->order); /* coefficients of the jet */
    for (size_t i = 1; i < st->n; i++) {
        num_srcptr c = st->c[i];
        if (num_cmpabs(c, b0) > 0)
            b0 = c;
        if (num_cmpabs(c + a, ba) > 0)
            ba = c + a;
        if (num_cmpabs(c + b, bb) > 0)
            bb = c + b;
    }
    *l0 = num_log_abs(b0);
    *la = num_log_abs(ba);
    *lb = num_log_abs(bb);
}

/* H = exp(L) rounded at H's precision, for any double L (no exp of the type) */
static void set_exp(num_ptr h, double l)
{
    double q = l / 0.69314718055994530942, e = floor(q);
    num_set_d(h, exp2(q - e));
    num_mul_2si(h, h, (long)e);
}

/* X_i = sum_{k=from..N} x_i^[k] S^(k-from) by Horner's rule, for every component */
static void horner(taylor_t *st, num_ptr x, num_srcptr s, unsigned from)
{
    NHREF_ASSERT(from <= st->order);
    num_horner_n(x, st->c, st->n, from, st->order, s, SC(st, ACC), st->prec);
}

/* the compensation belongs to the state this scheme returned: forget it otherwise */
static void check_compensation(taylor_t *st, num_srcptr t, num_srcptr x)
{
    int same = st->have_step && num_equal(t, SC(st, TLAST));
    for (size_t i = 0; i < st->n && same; i++)
        same = num_equal(x + i, st->xlast + i);
    if (!same) {
        for (size_t i = 0; i < st->n; i++)
            num_set_zero(st->e + i);
        num_set_zero(SC(st, ET));
    }
}

static int taylor_step(void *stv, num_ptr t, num_ptr x, num_srcptr h_max, nhref_step_info_t *info)
{
    taylor_t *st = stv;
    unsigned N = st->order;
    num_ptr h = SC(st, H), theta = SC(st, THETA);
    double lscale, lrho, l[2];
    int status, full = 0;

    NHREF_ASSERT(st != NULL && st->ws != NULL && N >= 2);
    if (num_is_zero(h_max))
        return NHREF_EINVAL;
    if (NUM_COMPENSATED)
        check_compensation(st, t, x);
    status = NUM_TAPE_FN(ode_jet)(st->ws, t, x, N);
    if (status != NHREF_OK)
        return status;

    /* ln rho = min_k (ln max(1, |x_0|) - ln |x_k|) / k,  k in {N-1, N} */
    log_coef_norms(st, N - 1, N, &lscale, &l[0], &l[1]);
    /* comparisons, not fmax and fmin (library calls): a NaN loses either way */
    lscale = lscale > 0 ? lscale : 0.0;
    lrho = HUGE_VAL;
    for (unsigned k = N - 1; k <= N; k++) {
        double lk = l[k - (N - 1)], lr = (lscale - lk) / k;
        if (lk > -HUGE_VAL && lr < lrho) /* a zero coefficient puts no limit on h */
            lrho = lr;
    }

    /* h = min(rho * safety, |h_max|), with the sign of h_max */
    if (lrho < HUGE_VAL && !st->fixed_step) {
        set_exp(h, lrho + st->lsafety);
        if (num_cmpabs(h, h_max) < 0) {
            if (num_sgn(h_max) < 0)
                num_neg(h, h);
        } else {
            num_set(h, h_max);
            full = 1;
        }
    } else {
        num_set(h, h_max);
        full = 1;
    }

    /* a step that no longer moves t at the working precision */
    num_add(theta, t, h, st->prec);
    if (num_equal(theta, t) || !num_is_finite(h))
        return NHREF_ESTEP;
    /* the step goes the way of h_max, and not beyond it */
    NHREF_ASSERT(num_sgn(h) == num_sgn(h_max) && num_cmpabs(h, h_max) <= 0);
    num_set(SC(st, T0), t);
    if (NUM_COMPENSATED) {
        /* the increment x(t + h) - x(t) = h (x_1 + h (x_2 + ...)), summed into x with
         * compensation; the start kept for dense output */
        horner(st, st->x0, h, 1);
        for (size_t i = 0; i < st->n; i++) {
            num_mul(SC(st, SUM), st->x0 + i, h, st->prec);
            num_set(st->x0 + i, x + i);
            num_kahan_add(x + i, st->e + i, SC(st, SUM), SC(st, Y), SC(st, ACC), st->prec);
            num_set(st->xlast + i, x + i);
        }
        num_kahan_add(t, SC(st, ET), h, SC(st, Y), SC(st, SUM), st->prec);
        num_set(SC(st, TLAST), t);
    } else {
        /* step to the representable end time exactly */
        num_sub(h, theta, t, st->prec);
        horner(st, x, h, 0);
        num_set(t, theta);
    }
    st->have_step = 1;
    if (info != NULL) {
        info->h = num_get_d(h);
        info->order = N;
        info->lrho = lrho < HUGE_VAL ? lrho : NAN;
        info->lnorm = lscale;
        info->full = full;
    }
    return NHREF_OK;
}

static int taylor_dense(void *stv, num_ptr x, num_srcptr t)
{
    taylor_t *st = stv;
    num_ptr theta = SC(st, THETA);

    if (!st->have_step)
        return NHREF_EINVAL;
    num_sub(theta, t, SC(st, T0), st->prec);
    if (NUM_COMPENSATED) {
        /* the start plus the increment over theta */
        horner(st, x, theta, 1);
        for (size_t i = 0; i < st->n; i++)
            num_fma(x + i, x + i, theta, st->x0 + i, st->prec);
    } else {
        horner(st, x, theta, 0);
    }
    return NHREF_OK;
}

static void taylor_reset(void *stv)
{
    ((taylor_t *)stv)->have_step = 0; /* also drops the compensation at the next step */
}

static unsigned taylor_order(const void *stv)
{
    return ((const taylor_t *)stv)->order;
}

/* nhref_ops_taylor_mp, nhref_ops_taylor_d, nhref_ops_taylor_arb */
const scheme_ops_t NUM_IN(nhref_ops_taylor) = {
    .desc = &nhref_scheme_taylor,
    .alloc = taylor_alloc,
    .step = taylor_step,
    .dense = taylor_dense,
    .reset = taylor_reset,
    .order = taylor_order,
    .free = taylor_free,
};
