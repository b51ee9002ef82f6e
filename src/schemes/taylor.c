/* taylor.c -- the Taylor scheme in MPFR: jets from the tape, order from the
 * tolerance, step size from the last two Taylor coefficients, dense output
 * from the step's own polynomial.
 *
 * Order and step (A. Jorba and M. Zou, Exp. Math. 14(1), 2005, §3.2; as in
 * heyoka): for a tolerance eps = 10^-d,
 *   N   = ceil(-ln(eps)/2 + 1) = ceil(1.1513 d + 1),
 *   rho = min_{k in {N-1, N}} (max(1, |x_0|) / |x_k|)^(1/k),
 *   h   = rho exp(-0.7/(N-1)) / e^2,
 * with |.| the max-norm over the state; the derivation of the constants is in
 * proofs/taylor_step.md.  Only the size of h matters, so the step-size
 * arithmetic is done on logarithms in double (exponent-safe at any precision:
 * a norm of 10^-100000 is fine).  All mpfr_t are initialised in taylor_alloc
 * and no MPFR function that allocates is called: a step allocates nothing.
 */
#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "nhref_scheme.h"
#include "nhref_tape.h"

typedef struct {
    nhref_tape_mp_t *ws;
    size_t n;        /* state dimension */
    unsigned order;  /* N */
    mpfr_t t0;       /* start of the last step */
    mpfr_t h;        /* the last step */
    mpfr_t theta;    /* dense output: t - t0 */
    mpfr_t acc;      /* Horner accumulator */
    double lsafety;  /* ln(exp(-0.7/(N-1)) / e^2) */
    int have_step;
    int fixed_step;
} taylor_t;

static void taylor_free(void *stv)
{
    taylor_t *st = stv;
    if (st == NULL)
        return;
    nhref_tape_mp_free(st->ws);
    mpfr_clears(st->t0, st->h, st->theta, st->acc, (mpfr_ptr)0);
    free(st);
}

static int taylor_alloc(void **stp, const nhref_system_t *sys, const nhref_scheme_opts_t *opts)
{
    const nhref_tape_t *tape = nhref_system_rhs_tape(sys);
    taylor_t *st;
    int status;
    unsigned order = opts->order;

    *stp = NULL;
    if (order == 0) {
        if (!(opts->digits > 0) || opts->digits > 1e6)
            return NHREF_EINVAL;
        order = (unsigned)ceil(1.1513 * opts->digits + 1);
        if (order < 2)
            order = 2;
    }
    if (order > 100000 || opts->prec < MPFR_PREC_MIN || opts->prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return NHREF_ENOMEM;
    mpfr_inits2(opts->prec, st->t0, st->h, st->theta, st->acc, (mpfr_ptr)0);
    st->n = nhref_tape_nstate(tape);
    st->order = order;
    st->lsafety = -0.7 / (order - 1) - 2;
    st->fixed_step = opts->fixed_step;

    status = nhref_system_workspace(&st->ws, sys, tape, opts->prec, order, 1);
    if (status != NHREF_OK) {
        taylor_free(st);
        return status;
    }
    *stp = st;
    return NHREF_OK;
}

/* ln max_i |x_i^[k]|, or -HUGE_VAL if every component is zero */
static double log_coef_norm(const taylor_t *st, unsigned k)
{
    double best = -HUGE_VAL;
    for (size_t i = 0; i < st->n; i++) {
        mpfr_srcptr c = nhref_tape_mp_state_series(st->ws, i) + k;
        long e;
        double m, l;
        if (mpfr_zero_p(c))
            continue;
        m = mpfr_get_d_2exp(&e, c, MPFR_RNDN); /* |c| = |m| 2^e, 0.5 <= |m| < 1 */
        l = log(fabs(m)) + (double)e * 0.69314718055994530942;
        if (l > best)
            best = l;
    }
    return best;
}

/* H = exp(L) rounded at H's precision, for any double L (no MPFR exp) */
static void set_exp(mpfr_ptr h, double l)
{
    double q = l / 0.69314718055994530942, e = floor(q);
    mpfr_set_d(h, exp2(q - e), MPFR_RNDN);
    mpfr_mul_2si(h, h, (long)e, MPFR_RNDN);
}

/* X = sum_k x^[k] s^k by Horner's rule, for every component */
static void horner(taylor_t *st, mpfr_ptr x, mpfr_srcptr s)
{
    for (size_t i = 0; i < st->n; i++) {
        mpfr_srcptr c = nhref_tape_mp_state_series(st->ws, i);
        mpfr_set(st->acc, c + st->order, MPFR_RNDN);
        for (unsigned k = st->order; k-- > 0;)
            mpfr_fma(st->acc, st->acc, s, c + k, MPFR_RNDN);
        mpfr_set(x + i, st->acc, MPFR_RNDN);
    }
}

static int taylor_step(void *stv, mpfr_ptr t, mpfr_ptr x, mpfr_srcptr h_max,
                       nhref_step_info_t *info)
{
    taylor_t *st = stv;
    unsigned N = st->order;
    double lscale, lrho;
    int status;

    if (mpfr_zero_p(h_max))
        return NHREF_EINVAL;
    status = nhref_tape_mp_ode_jet(st->ws, t, x, N);
    if (status != NHREF_OK)
        return status;

    /* ln rho = min_k (ln max(1, |x_0|) - ln |x_k|) / k,  k in {N-1, N} */
    lscale = fmax(0.0, log_coef_norm(st, 0));
    lrho = HUGE_VAL;
    for (unsigned k = N - 1; k <= N; k++) {
        double lk = log_coef_norm(st, k);
        if (lk > -HUGE_VAL) /* a zero coefficient puts no limit on h */
            lrho = fmin(lrho, (lscale - lk) / k);
    }

    /* h = min(rho * safety, |h_max|), with the sign of h_max */
    if (lrho < HUGE_VAL && !st->fixed_step) {
        set_exp(st->h, lrho + st->lsafety);
        if (mpfr_cmpabs(st->h, h_max) < 0) {
            if (mpfr_sgn(h_max) < 0)
                mpfr_neg(st->h, st->h, MPFR_RNDN);
        } else {
            mpfr_set(st->h, h_max, MPFR_RNDN);
        }
    } else {
        mpfr_set(st->h, h_max, MPFR_RNDN);
    }

    /* a step that no longer moves t at the working precision */
    mpfr_add(st->theta, t, st->h, MPFR_RNDN);
    if (mpfr_equal_p(st->theta, t) || !mpfr_number_p(st->h))
        return NHREF_ESTEP;
    /* step to the representable end time exactly */
    mpfr_sub(st->h, st->theta, t, MPFR_RNDN);

    mpfr_set(st->t0, t, MPFR_RNDN);
    horner(st, x, st->h);
    mpfr_set(t, st->theta, MPFR_RNDN);
    st->have_step = 1;
    if (info != NULL) {
        info->h = mpfr_get_d(st->h, MPFR_RNDN);
        info->order = N;
        info->lrho = lrho < HUGE_VAL ? lrho : NAN;
        info->lnorm = lscale;
    }
    return NHREF_OK;
}

static int taylor_dense(void *stv, mpfr_ptr x, mpfr_srcptr t)
{
    taylor_t *st = stv;
    if (!st->have_step)
        return NHREF_EINVAL;
    mpfr_sub(st->theta, t, st->t0, MPFR_RNDN);
    horner(st, x, st->theta);
    return NHREF_OK;
}

const nhref_scheme_type_t nhref_scheme_taylor = {
    .name = "taylor",
    .description = "Taylor series by automatic differentiation of the tape (Jorba-Zou order "
                   "and step), any precision",
    .flags = NHREF_SCHEME_DENSE | NHREF_SCHEME_ADAPTIVE,
    .alloc = taylor_alloc,
    .step = taylor_step,
    .dense = taylor_dense,
    .free = taylor_free,
};
