/* fast.c -- the double-precision driver (nhref_fast.h): a fast scheme stepping
 * towards the final time, output rows by dense output, statistics; the same
 * logic as integrator.c without events and blow-up detection. */
#include "nhref_fast.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nhref_tape.h"
#include "schemes/fast_scheme.h"

#define NHREF_FAST_SCHEME(sym) extern const nhref_fast_scheme_t sym;
#include "schemes/fast_schemes.def"
#undef NHREF_FAST_SCHEME

static const nhref_fast_scheme_t *const fast_registry[] = {
#define NHREF_FAST_SCHEME(sym) &sym,
#include "schemes/fast_schemes.def"
#undef NHREF_FAST_SCHEME
};

const nhref_fast_scheme_t *nhref_fast_scheme_find(const char *name)
{
    for (size_t i = 0; i < sizeof fast_registry / sizeof fast_registry[0]; i++)
        if (strcmp(fast_registry[i]->name, name) == 0)
            return fast_registry[i];
    return NULL;
}

struct nhref_fast {
    const nhref_system_t *sys;
    const nhref_fast_scheme_t *scheme;
    void *st;
    size_t n;
    unsigned long max_steps;
    double h_fixed;
    double *x;
    double *row;         /* one row, when the caller keeps none */
    nhref_tape_d_t *iws; /* first integrals */
    int (*on_row)(void *, size_t, double, const double *);
    void *on_row_arg;
};

void nhref_fast_opts_default(nhref_fast_opts_t *opt)
{
    opt->scheme = NULL;
    opt->tol = 1e-15;
    opt->order = 0;
    opt->stages = 0;
    opt->max_steps = 100000000UL;
    opt->h_fixed = 0;
    opt->on_row = NULL;
    opt->on_row_arg = NULL;
}

void nhref_fast_free(nhref_fast_t *f)
{
    if (f == NULL)
        return;
    if (f->st != NULL)
        f->scheme->free(f->st);
    nhref_tape_d_free(f->iws);
    free(f->x);
    free(f->row);
    free(f);
}

int nhref_fast_new(nhref_fast_t **fp, const nhref_system_t *sys, const nhref_fast_opts_t *opt)
{
    const nhref_model_t *m = nhref_system_model(sys);
    nhref_fast_opts_t def;
    nhref_fast_t *f;
    double *p;
    char why[256];
    int status;

    *fp = NULL;
    if (opt == NULL) {
        nhref_fast_opts_default(&def);
        opt = &def;
    }
    if (nhref_system_check(sys, why, sizeof why) != NHREF_OK)
        return NHREF_EPARAM;
    if (!(opt->tol >= 1e-16 && opt->tol < 1) || !(opt->h_fixed >= 0))
        return NHREF_EINVAL;
    f = calloc(1, sizeof *f);
    if (f == NULL)
        return NHREF_ENOMEM;
    f->sys = sys;
    f->scheme = opt->scheme != NULL ? nhref_fast_scheme_find(opt->scheme) : fast_registry[0];
    if (f->scheme == NULL) {
        free(f);
        return NHREF_ENOTFOUND;
    }
    f->n = m->nstate;
    f->max_steps = opt->max_steps;
    f->h_fixed = opt->h_fixed;
    f->on_row = opt->on_row;
    f->on_row_arg = opt->on_row_arg;
    f->x = calloc(f->n + 1, sizeof *f->x);
    f->row = calloc(f->n + 1, sizeof *f->row);
    p = calloc(m->nparam + 1, sizeof *p);
    status = f->x != NULL && f->row != NULL && p != NULL ? NHREF_OK : NHREF_ENOMEM;
    if (status == NHREF_OK) {
        /* the parameters: their decimal strings correctly rounded to double */
        __mpfr_struct *pm = nhref_vec_new(m->nparam, 53);
        status = pm != NULL ? nhref_system_params(pm, sys) : NHREF_ENOMEM;
        for (size_t i = 0; i < m->nparam && status == NHREF_OK; i++)
            p[i] = mpfr_get_d(pm + i, MPFR_RNDN);
        nhref_vec_free(pm, m->nparam);
    }
    if (status == NHREF_OK)
        status = f->scheme->alloc(&f->st, sys, p, opt);
    if (status == NHREF_OK && nhref_system_integral_tape(sys) != NULL) {
        status = nhref_tape_d_new(&f->iws, nhref_system_integral_tape(sys), 0);
        if (status == NHREF_OK)
            nhref_tape_d_set_params(f->iws, p); /* an undefined integral is NaN */
    }
    free(p);
    if (status != NHREF_OK) {
        nhref_fast_free(f);
        return status;
    }
    *fp = f;
    return NHREF_OK;
}

/* row I: the caller's, or the one row */
static double *row_at(nhref_fast_t *f, double *out, size_t i)
{
    return out != NULL ? out + i * f->n : f->row;
}

static int row_done(nhref_fast_t *f, double *out, const double *tgrid, size_t i,
                    nhref_stats_t *stats)
{
    stats->nrows = i + 1;
    if (f->on_row != NULL && f->on_row(f->on_row_arg, i, tgrid[i], row_at(f, out, i)) != 0)
        return NHREF_EIO;
    return NHREF_OK;
}

int nhref_fast_grid(nhref_fast_t *f, double *out, const double *x0, const double *tgrid, size_t n,
                    nhref_stats_t *stats)
{
    nhref_stats_t local;
    size_t nx = f->n, row = 0;
    double t, t_end;
    int dir, status = NHREF_OK;

    if (stats == NULL)
        stats = &local;
    nhref_stats_start(stats);
    if (n == 0)
        return NHREF_EINVAL;
    dir = n > 1 ? (tgrid[n - 1] > tgrid[0]) - (tgrid[n - 1] < tgrid[0]) : 0;
    for (size_t i = 0; i < n; i++)
        if (!isfinite(tgrid[i]) || (i > 0 && (tgrid[i] - tgrid[i - 1]) * dir < 0) ||
            (dir == 0 && tgrid[i] != tgrid[0]))
            return NHREF_EINVAL;
    t = tgrid[0];
    t_end = tgrid[n - 1];
    memcpy(f->x, x0, nx * sizeof *x0);
    if (f->scheme->reset != NULL)
        f->scheme->reset(f->st);
    for (;;) {
        nhref_step_info_t info;
        double hmax;
        while (status == NHREF_OK && row < n && tgrid[row] == t) {
            memcpy(row_at(f, out, row), f->x, nx * sizeof *f->x);
            status = row_done(f, out, tgrid, row++, stats);
        }
        if (status != NHREF_OK || row == n)
            break;
        if (f->max_steps != 0 && stats->nsteps >= f->max_steps) {
            status = NHREF_EMAXSTEPS;
            break;
        }
        hmax = t_end - t;
        if (f->h_fixed > 0 && fabs(hmax) > f->h_fixed)
            hmax = dir > 0 ? f->h_fixed : -f->h_fixed;
        {
            double remaining = t_end - t;
            status = f->scheme->step(f->st, &t, f->x, hmax, &info);
            if (status != NHREF_OK)
                break;
            /* a step that took the whole remaining distance ends exactly at t_end */
            if (info.h == remaining)
                t = t_end;
            nhref_stats_step(stats, &info, info.h == remaining);
        }
        while (status == NHREF_OK && row < n && (tgrid[row] - t) * dir < 0) {
            status = f->scheme->dense(f->st, row_at(f, out, row), tgrid[row]);
            if (status == NHREF_OK)
                status = row_done(f, out, tgrid, row++, stats);
        }
        if (status != NHREF_OK)
            break;
    }
    stats->outcome = status == NHREF_OK ? NHREF_OUTCOME_REACHED : NHREF_OUTCOME_FAILED;
    stats->t_stop = t;
    return status;
}

int nhref_fast_until(nhref_fast_t *f, double *x, double *t, double t_end, nhref_stats_t *stats)
{
    double grid[2] = {*t, t_end};
    double *rows = malloc(2 * f->n * sizeof *rows);
    int (*on_row)(void *, size_t, double, const double *) = f->on_row;
    nhref_stats_t local;
    int status;
    if (rows == NULL)
        return NHREF_ENOMEM;
    if (stats == NULL)
        stats = &local;
    f->on_row = NULL; /* the caller's row callback is for grids */
    status = nhref_fast_grid(f, rows, x, grid, 2, stats);
    f->on_row = on_row;
    if (status == NHREF_OK) {
        memcpy(x, rows + f->n, f->n * sizeof *x);
        *t = t_end;
    } else {
        memcpy(x, f->x, f->n * sizeof *x);
        *t = stats->t_stop;
    }
    free(rows);
    return status;
}

int nhref_fast_integrals(nhref_fast_t *f, double *I, double t, const double *x)
{
    if (f->iws == NULL)
        return NHREF_EINVAL;
    nhref_tape_d_eval(I, f->iws, t, x);
    return NHREF_OK;
}
