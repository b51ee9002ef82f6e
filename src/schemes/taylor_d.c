/* taylor_d.c -- the Taylor scheme in double (the fast path): jets from the tape's
 * double interpreter, order from the tolerance and step from the last two Taylor
 * coefficients exactly as taylor.c (Jorba & Zou 2005; proofs/taylor_step.md),
 * Horner's rule for the step and for dense output, Kahan summation of t and x. */
#include <math.h>
#include <stdlib.h>

#include "fast_scheme.h"
#include "nhref_tape.h"

typedef struct {
    nhref_tape_d_t *ws;
    size_t n;
    unsigned order;
    double lsafety;
    int fixed_step;
    double t0, h;  /* the last step */
    double *x0;    /* its start, for dense output (the jet is kept in ws) */
    double *e, et; /* Kahan compensation of x and t */
    double *xlast, tlast;
    int have_step;
} taylor_d_t;

static void taylor_d_free(void *stv)
{
    taylor_d_t *st = stv;
    if (st == NULL)
        return;
    nhref_tape_d_free(st->ws);
    free(st->x0);
    free(st->e);
    free(st->xlast);
    free(st);
}

static int taylor_d_alloc(void **stp, const nhref_system_t *sys, const double *p,
                          const nhref_fast_opts_t *opt)
{
    const nhref_tape_t *tape = nhref_system_rhs_tape(sys);
    taylor_d_t *st;
    unsigned order = opt->order;
    int status;

    *stp = NULL;
    if (order == 0)
        order = (unsigned)ceil(-log(opt->tol) / 2 + 1);
    if (order < 2 || order > 200)
        return NHREF_EINVAL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return NHREF_ENOMEM;
    st->n = nhref_tape_nstate(tape);
    st->order = order;
    st->lsafety = -0.7 / (order - 1) - 2;
    st->fixed_step = opt->h_fixed > 0;
    st->x0 = calloc(st->n + 1, sizeof *st->x0);
    st->e = calloc(st->n + 1, sizeof *st->e);
    st->xlast = calloc(st->n + 1, sizeof *st->xlast);
    status = st->x0 && st->e && st->xlast ? nhref_tape_d_new(&st->ws, tape, order) : NHREF_ENOMEM;
    if (status == NHREF_OK)
        status = nhref_tape_d_set_params(st->ws, p);
    if (status != NHREF_OK) {
        taylor_d_free(st);
        return status;
    }
    *stp = st;
    return NHREF_OK;
}

/* ln max_i |x_i^[k]|, -HUGE_VAL if all zero */
static double log_norm(const taylor_d_t *st, unsigned k)
{
    double m = 0;
    for (size_t i = 0; i < st->n; i++) {
        double a = fabs(nhref_tape_d_state_series(st->ws, i)[k]);
        if (a > m)
            m = a;
    }
    return m > 0 ? log(m) : -HUGE_VAL;
}

static int taylor_d_step(void *stv, double *t, double *x, double h_max, nhref_step_info_t *info)
{
    taylor_d_t *st = stv;
    unsigned N = st->order;
    double lscale, lrho = HUGE_VAL, h, tn;
    int status;

    if (h_max == 0)
        return NHREF_EINVAL;
    /* the compensation belongs to the state this scheme returned */
    if (!st->have_step || *t != st->tlast)
        st->et = 0;
    for (size_t i = 0; i < st->n; i++)
        if (!st->have_step || x[i] != st->xlast[i]) {
            for (size_t j = 0; j < st->n; j++)
                st->e[j] = 0;
            break;
        }
    status = nhref_tape_d_ode_jet(st->ws, *t, x, N);
    if (status != NHREF_OK)
        return status;
    lscale = fmax(0.0, log_norm(st, 0));
    for (unsigned k = N - 1; k <= N; k++) {
        double lk = log_norm(st, k);
        if (lk > -HUGE_VAL)
            lrho = fmin(lrho, (lscale - lk) / k);
    }
    h = h_max;
    if (!st->fixed_step && lrho < HUGE_VAL) {
        double hr = exp(lrho + st->lsafety);
        if (hr < fabs(h_max))
            h = h_max < 0 ? -hr : hr;
    }
    tn = *t + h;
    if (tn == *t || !isfinite(h))
        return NHREF_ESTEP;
    st->t0 = *t;
    st->h = h;
    for (size_t i = 0; i < st->n; i++) {
        const double *c = nhref_tape_d_state_series(st->ws, i);
        double acc = c[N], y, s;
        for (unsigned k = N; k-- > 1;)
            acc = acc * h + c[k];
        acc *= h; /* the increment x(t + h) - x(t), summed with compensation */
        st->x0[i] = x[i];
        y = acc + st->e[i];
        s = x[i] + y;
        st->e[i] = y - (s - x[i]);
        x[i] = s;
        st->xlast[i] = s;
    }
    {
        double y = h + st->et, s = *t + y;
        st->et = y - (s - *t);
        *t = s;
    }
    st->tlast = *t;
    st->have_step = 1;
    if (info != NULL) {
        info->h = h;
        info->order = N;
        info->lrho = lrho < HUGE_VAL ? lrho : NAN;
        info->lnorm = lscale;
    }
    return NHREF_OK;
}

static int taylor_d_dense(void *stv, double *x, double t)
{
    taylor_d_t *st = stv;
    double s;
    if (!st->have_step)
        return NHREF_EINVAL;
    s = t - st->t0;
    for (size_t i = 0; i < st->n; i++) {
        const double *c = nhref_tape_d_state_series(st->ws, i);
        double acc = c[st->order];
        for (unsigned k = st->order; k-- > 1;)
            acc = acc * s + c[k];
        x[i] = st->x0[i] + acc * s;
    }
    return NHREF_OK;
}

static void taylor_d_reset(void *stv)
{
    ((taylor_d_t *)stv)->have_step = 0; /* drops the compensation at the next step */
}

const nhref_fast_scheme_t nhref_fast_scheme_taylor = {
    .name = "taylor",
    .alloc = taylor_d_alloc,
    .step = taylor_d_step,
    .dense = taylor_d_dense,
    .reset = taylor_d_reset,
    .free = taylor_d_free,
};
