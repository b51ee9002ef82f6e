/* gauss_d.c -- s-stage Gauss–Legendre collocation in double (the fast path): the
 * algorithm of gauss.c (fixed-point stages stopped at round-off stagnation, step
 * doubling, Kahan-compensated updates, dense output by one more collocation step;
 * proofs/gauss_step.md) with nodes, weights and A computed in MPFR at 128 bits by
 * gauss_coeffs.c and rounded to double.  Default 8 stages (order 16), as IRKGL16. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fast_scheme.h"
#include "gauss_coeffs.h"
#include "nhref_tape.h"

#define MAX_ITER 100
#define MAX_TRIES 60

typedef struct {
    double t0, h;
    double *x0; /* n */
    double *K;  /* s x n */
} colloc_d_t;

typedef struct {
    nhref_tape_d_t *ws;
    size_t n;
    unsigned s;
    double *c, *b, *a, *lam; /* nodes, weights, A (s x s), barycentric weights */
    double ltol;
    int fixed_step;
    colloc_d_t full, half[2], dense;
    double *f0, *X, *Kn, *y, *z, *e, *w, *xlast; /* n, n, s x n, n, n, n, s, n */
    double et, tlast, hnext;
    int have_step, have_hnext;
} gauss_d_t;

static void gauss_d_free(void *stv)
{
    gauss_d_t *st = stv;
    colloc_d_t *cs[4];
    if (st == NULL)
        return;
    cs[0] = &st->full;
    cs[1] = &st->half[0];
    cs[2] = &st->half[1];
    cs[3] = &st->dense;
    for (int i = 0; i < 4; i++) {
        free(cs[i]->x0);
        free(cs[i]->K);
    }
    nhref_tape_d_free(st->ws);
    free(st->c);
    free(st->b);
    free(st->a);
    free(st->lam);
    free(st->f0);
    free(st->X);
    free(st->Kn);
    free(st->y);
    free(st->z);
    free(st->e);
    free(st->w);
    free(st->xlast);
    free(st);
}

static int gauss_d_alloc(void **stp, const nhref_system_t *sys, const double *p,
                         const nhref_fast_opts_t *opt)
{
    const nhref_tape_t *tape = nhref_system_rhs_tape(sys);
    unsigned s = opt->stages ? opt->stages : 8;
    size_t n = nhref_tape_nstate(tape);
    nhref_gauss_coeffs_t g;
    gauss_d_t *st;
    int ok = 1, status;
    colloc_d_t *cs[4];

    *stp = NULL;
    if (s < 1 || s > 64)
        return NHREF_EINVAL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return NHREF_ENOMEM;
    st->n = n;
    st->s = s;
    st->ltol = log(opt->tol);
    st->fixed_step = opt->h_fixed > 0;
    cs[0] = &st->full;
    cs[1] = &st->half[0];
    cs[2] = &st->half[1];
    cs[3] = &st->dense;
    for (int i = 0; i < 4; i++) {
        cs[i]->x0 = calloc(n + 1, sizeof(double));
        cs[i]->K = calloc((size_t)s * n + 1, sizeof(double));
        ok = ok && cs[i]->x0 && cs[i]->K;
    }
    st->c = calloc(s, sizeof(double));
    st->b = calloc(s, sizeof(double));
    st->a = calloc((size_t)s * s, sizeof(double));
    st->lam = calloc(s, sizeof(double));
    st->f0 = calloc(n + 1, sizeof(double));
    st->X = calloc(n + 1, sizeof(double));
    st->Kn = calloc((size_t)s * n + 1, sizeof(double));
    st->y = calloc(n + 1, sizeof(double));
    st->z = calloc(n + 1, sizeof(double));
    st->e = calloc(n + 1, sizeof(double));
    st->w = calloc(s, sizeof(double));
    st->xlast = calloc(n + 1, sizeof(double));
    ok = ok && st->c && st->b && st->a && st->lam && st->f0 && st->X && st->Kn && st->y &&
         st->z && st->e && st->w && st->xlast;
    if (!ok || nhref_gauss_coeffs_init(&g, s, 128) != 0) {
        gauss_d_free(st);
        return NHREF_ENOMEM;
    }
    for (unsigned i = 0; i < s; i++) {
        st->c[i] = mpfr_get_d(g.c + i, MPFR_RNDN);
        st->b[i] = mpfr_get_d(g.b + i, MPFR_RNDN);
        st->lam[i] = mpfr_get_d(g.lam + i, MPFR_RNDN);
        for (unsigned j = 0; j < s; j++)
            st->a[i * s + j] = mpfr_get_d(g.a + (size_t)i * s + j, MPFR_RNDN);
    }
    nhref_gauss_coeffs_clear(&g);
    status = nhref_tape_d_new(&st->ws, tape, 0);
    if (status == NHREF_OK)
        status = nhref_tape_d_set_params(st->ws, p);
    if (status != NHREF_OK) {
        gauss_d_free(st);
        return status;
    }
    *stp = st;
    return NHREF_OK;
}

/* stage equations of C (K seeded with F0, or as it is if F0 is NULL) */
static int solve(gauss_d_t *st, colloc_d_t *c, const double *f0)
{
    size_t n = st->n;
    unsigned s = st->s;
    double dprev = HUGE_VAL, tiny = 0;

    if (f0 != NULL)
        for (unsigned i = 0; i < s; i++)
            memcpy(c->K + i * n, f0, n * sizeof(double));
    for (size_t k = 0; k < n; k++)
        tiny = fmax(tiny, fabs(c->x0[k]));
    tiny = ldexp(fmax(tiny, 1.0), 16 - 53);
    for (int it = 1; it <= MAX_ITER; it++) {
        double dmax = 0;
        for (unsigned i = 0; i < s; i++) {
            for (size_t k = 0; k < n; k++) {
                double u = 0;
                for (unsigned j = 0; j < s; j++)
                    u += st->a[i * s + j] * c->K[j * n + k];
                st->X[k] = c->x0[k] + c->h * u;
            }
            if (nhref_tape_d_eval(st->Kn + i * n, st->ws, c->t0 + st->c[i] * c->h, st->X) !=
                NHREF_OK)
                return NHREF_EDOMAIN;
        }
        for (size_t m = 0; m < (size_t)s * n; m++) {
            double d = fabs(st->Kn[m] - c->K[m]);
            if (d > dmax)
                dmax = d;
        }
        memcpy(c->K, st->Kn, (size_t)s * n * sizeof(double));
        dmax *= fabs(c->h);
        if (dmax == 0)
            return NHREF_OK;
        if (it >= 3 && dmax >= dprev)
            return dprev <= tiny ? NHREF_OK : NHREF_ENOCONV;
        dprev = dmax;
    }
    return NHREF_ENOCONV;
}

static void combine(const gauss_d_t *st, double *y, const colloc_d_t *c)
{
    for (size_t k = 0; k < st->n; k++) {
        double u = 0;
        for (unsigned i = 0; i < st->s; i++)
            u += st->b[i] * c->K[i * st->n + k];
        y[k] = c->x0[k] + c->h * u;
    }
}

static void advance(gauss_d_t *st, double *t, double *x, const colloc_d_t *c)
{
    for (size_t k = 0; k < st->n; k++) {
        double u = 0, y, s;
        for (unsigned i = 0; i < st->s; i++)
            u += st->b[i] * c->K[i * st->n + k];
        y = c->h * u + st->e[k];
        s = x[k] + y;
        st->e[k] = y - (s - x[k]);
        x[k] = s;
    }
    {
        double y = c->h + st->et, s = *t + y;
        st->et = y - (s - *t);
        *t = s;
    }
}

static void start(colloc_d_t *c, double t0, double h, const double *x, size_t n)
{
    c->t0 = t0;
    c->h = h;
    memcpy(c->x0, x, n * sizeof *x);
}

static int gauss_d_step(void *stv, double *t, double *x, double h_max, nhref_step_info_t *info)
{
    gauss_d_t *st = stv;
    size_t n = st->n;
    int status;

    if (h_max == 0)
        return NHREF_EINVAL;
    if (!st->have_step || *t != st->tlast || memcmp(x, st->xlast, n * sizeof *x) != 0) {
        memset(st->e, 0, n * sizeof *st->e);
        st->et = 0;
    }
    if (nhref_tape_d_eval(st->f0, st->ws, *t, x) != NHREF_OK)
        return NHREF_EDOMAIN;
    if (st->fixed_step) {
        start(&st->half[0], *t, h_max, x, n);
        if ((status = solve(st, &st->half[0], st->f0)) != NHREF_OK)
            return status;
        start(&st->half[1], *t, h_max, x, n);
        memcpy(st->half[1].K, st->half[0].K, (size_t)st->s * n * sizeof(double));
        advance(st, t, x, &st->half[0]);
        goto accepted;
    }
    if (!st->have_hnext) {
        double xn = 1, fn = 0;
        for (size_t k = 0; k < n; k++) {
            xn = fmax(xn, fabs(x[k]));
            fn = fmax(fn, fabs(st->f0[k]));
        }
        st->hnext = fn > 0 ? 0.01 * xn / fn : fabs(h_max);
        st->have_hnext = 1;
    }
    for (int tries = 0; tries < MAX_TRIES; tries++) {
        int clipped = st->hnext >= fabs(h_max);
        double h = clipped ? h_max : (h_max < 0 ? -st->hnext : st->hnext), lerr, lfac, en = 0,
               zn = 1;
        if (*t + h == *t)
            return NHREF_ESTEP;
        start(&st->full, *t, h, x, n);
        start(&st->half[0], *t, h / 2, x, n);
        status = solve(st, &st->full, st->f0);
        if (status == NHREF_OK)
            status = solve(st, &st->half[0], st->f0);
        if (status == NHREF_OK) {
            combine(st, st->y, &st->half[0]);
            start(&st->half[1], *t + h / 2, h / 2, st->y, n);
            if (nhref_tape_d_eval(st->z, st->ws, st->half[1].t0, st->y) != NHREF_OK)
                status = NHREF_EDOMAIN;
            else
                status = solve(st, &st->half[1], st->z);
        }
        if (status == NHREF_EDOMAIN || status == NHREF_ENOCONV) {
            st->hnext = fabs(h) / 4;
            continue;
        }
        combine(st, st->X, &st->full);
        combine(st, st->y, &st->half[1]);
        for (size_t k = 0; k < n; k++) {
            en = fmax(en, fabs(st->X[k] - st->y[k]));
            zn = fmax(zn, fabs(st->y[k]));
        }
        lerr = en > 0 ? log(en / zn / (ldexp(1.0, 2 * (int)st->s) - 1)) : -HUGE_VAL;
        lfac = lerr > -HUGE_VAL ? (st->ltol - lerr) / (2.0 * st->s + 1) + log(0.9) : log(4.0);
        lfac = fmin(log(4.0), fmax(log(0.1), lfac));
        if (lerr <= st->ltol) {
            if (!clipped || lfac < 0)
                st->hnext = fabs(h) * exp(lfac);
            advance(st, t, x, &st->half[0]);
            advance(st, t, x, &st->half[1]);
            goto accepted;
        }
        st->hnext = fabs(h) * exp(lfac);
    }
    return NHREF_ENOCONV;

accepted:
    st->tlast = *t;
    memcpy(st->xlast, x, n * sizeof *x);
    st->have_step = 1;
    if (info != NULL) {
        info->h = st->fixed_step ? h_max : 2 * st->half[0].h;
        info->order = 2 * st->s;
        info->lrho = NAN;
        info->lnorm = NAN;
    }
    return NHREF_OK;
}

/* l_j(theta) for the nodes, barycentric */
static void basis(const gauss_d_t *st, double *l, double theta)
{
    double sum = 0;
    for (unsigned j = 0; j < st->s; j++)
        if (theta == st->c[j]) {
            for (unsigned k = 0; k < st->s; k++)
                l[k] = k == j;
            return;
        }
    for (unsigned j = 0; j < st->s; j++) {
        l[j] = st->lam[j] / (theta - st->c[j]);
        sum += l[j];
    }
    for (unsigned j = 0; j < st->s; j++)
        l[j] /= sum;
}

static int gauss_d_dense(void *stv, double *x, double t)
{
    gauss_d_t *st = stv;
    const colloc_d_t *c;
    colloc_d_t *r = &st->dense;
    size_t n = st->n;
    unsigned s = st->s;
    int status;

    if (!st->have_step)
        return NHREF_EINVAL;
    c = (t - st->half[1].t0) * st->half[1].h >= 0 ? &st->half[1] : &st->half[0];
    if (t == c->t0) {
        memcpy(x, c->x0, n * sizeof *x);
        return NHREF_OK;
    }
    start(r, c->t0, t - c->t0, c->x0, n);
    /* seed: u' of the half step at the new stage times */
    for (unsigned i = 0; i < s; i++) {
        basis(st, st->w, st->c[i] * r->h / c->h);
        for (size_t k = 0; k < n; k++) {
            double u = 0;
            for (unsigned j = 0; j < s; j++)
                u += st->w[j] * c->K[j * n + k];
            r->K[i * n + k] = u;
        }
    }
    status = solve(st, r, NULL);
    if (status != NHREF_OK)
        return status;
    combine(st, x, r);
    return NHREF_OK;
}

static void gauss_d_reset(void *stv)
{
    gauss_d_t *st = stv;
    st->have_step = 0;
    st->have_hnext = 0;
}

const nhref_fast_scheme_t nhref_fast_scheme_gauss = {
    .name = "gauss",
    .alloc = gauss_d_alloc,
    .step = gauss_d_step,
    .dense = gauss_d_dense,
    .reset = gauss_d_reset,
    .free = gauss_d_free,
};
