/* integrator.c -- the driver: a scheme stepping towards the final time, output
 * rows by dense output, statistics and the outcome. */
#include "nhref_integrate.h"

#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "nhref_tape.h"

struct nhref_integrator {
    const nhref_system_t *sys;
    const nhref_scheme_type_t *scheme;
    void *st;
    mpfr_prec_t prec;
    double digits;
    unsigned long max_steps;
    double h_fixed;
    void (*progress)(void *, double);
    void *progress_arg;
    int (*on_row)(void *, size_t, mpfr_srcptr, mpfr_srcptr);
    void *on_row_arg;
    size_t n;
    __mpfr_struct *row; /* one output row, when the caller keeps none */
    __mpfr_struct *x;   /* current state, n values */
    mpfr_t t, hmax, t_end, t_start, tg; /* tg: a grid time rounded to the working precision */
    nhref_tape_mp_t *iws; /* integral tape, order 0 */
};

const char *nhref_outcome_str(nhref_outcome_t outcome)
{
    switch (outcome) {
#define NHREF_X_OUTCOME(name, msg) \
    case name:                     \
        return msg;
        NHREF_OUTCOME_LIST(NHREF_X_OUTCOME)
#undef NHREF_X_OUTCOME
    }
    return "unknown outcome";
}

void nhref_options_default(nhref_options_t *opt)
{
    opt->scheme = NULL;
    opt->prec = 0;
    opt->digits = 0;
    opt->order = 0;
    opt->stages = 0;
    opt->max_steps = 10000000UL;
    opt->h_fixed = 0;
    opt->progress = NULL;
    opt->progress_arg = NULL;
    opt->on_row = NULL;
    opt->on_row_arg = NULL;
}

int nhref_options_resolve(nhref_options_t *opt)
{
    if (!(opt->digits >= 0 && opt->digits <= 1e6) || opt->prec < 0 || opt->prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    if (opt->digits == 0 && opt->prec == 0)
        opt->digits = 30;
    if (opt->prec == 0)
        opt->prec = (mpfr_prec_t)ceil(opt->digits * 3.3219280948873623) + NHREF_GUARD_BITS;
    if (opt->digits == 0)
        opt->digits = (double)opt->prec * 0.30102999566398120 - 1;
    if (opt->prec < MPFR_PREC_MIN || opt->digits < 1)
        return NHREF_EINVAL;
    return NHREF_OK;
}

void nhref_integrator_free(nhref_integrator_t *ig)
{
    if (ig == NULL)
        return;
    if (ig->st != NULL)
        ig->scheme->free(ig->st);
    if (ig->x != NULL) {
        for (size_t i = 0; i < ig->n; i++) {
            mpfr_clear(ig->x + i);
            mpfr_clear(ig->row + i);
        }
        free(ig->x);
        free(ig->row);
        mpfr_clears(ig->t, ig->hmax, ig->t_end, ig->t_start, ig->tg, (mpfr_ptr)0);
    }
    nhref_tape_mp_free(ig->iws);
    free(ig);
}

int nhref_integrator_new(nhref_integrator_t **igp, const nhref_system_t *sys,
                         const nhref_options_t *opt)
{
    nhref_options_t def, res;
    nhref_integrator_t *ig;
    nhref_scheme_opts_t so;
    const nhref_model_t *model = nhref_system_model(sys);
    char why[256];
    int status;

    *igp = NULL;
    if (opt == NULL) {
        nhref_options_default(&def);
        opt = &def;
    }
    if (nhref_system_check(sys, why, sizeof why) != NHREF_OK)
        return NHREF_EPARAM;
    res = *opt;
    if (nhref_options_resolve(&res) != NHREF_OK)
        return NHREF_EINVAL;
    so.digits = res.digits;
    so.prec = res.prec;
    so.order = opt->order;
    so.stages = opt->stages;
    so.fixed_step = opt->h_fixed > 0;
    if (!(opt->h_fixed >= 0))
        return NHREF_EINVAL;

    ig = calloc(1, sizeof *ig);
    if (ig == NULL)
        return NHREF_ENOMEM;
    ig->sys = sys;
    ig->scheme = opt->scheme != NULL ? nhref_scheme_find(opt->scheme) : nhref_scheme_get(0);
    if (ig->scheme == NULL) {
        free(ig);
        return NHREF_ENOTFOUND;
    }
    ig->prec = so.prec;
    ig->digits = so.digits;
    ig->max_steps = opt->max_steps;
    ig->h_fixed = opt->h_fixed;
    ig->progress = opt->progress;
    ig->progress_arg = opt->progress_arg;
    ig->on_row = opt->on_row;
    ig->on_row_arg = opt->on_row_arg;
    ig->n = model->nstate;
    ig->x = malloc(ig->n * sizeof *ig->x);
    ig->row = malloc(ig->n * sizeof *ig->row);
    if (ig->x == NULL || ig->row == NULL) {
        free(ig->x);
        free(ig->row);
        free(ig);
        return NHREF_ENOMEM;
    }
    for (size_t i = 0; i < ig->n; i++) {
        mpfr_init2(ig->x + i, so.prec);
        mpfr_init2(ig->row + i, so.prec);
    }
    mpfr_inits2(so.prec, ig->t, ig->hmax, ig->t_end, ig->t_start, ig->tg, (mpfr_ptr)0);

    status = ig->scheme->alloc(&ig->st, sys, &so);
    if (status == NHREF_OK && nhref_system_integral_tape(sys) != NULL) {
        size_t np = model->nparam;
        __mpfr_struct *p = nhref_vec_new(np, so.prec);
        status = nhref_tape_mp_new(&ig->iws, nhref_system_integral_tape(sys), so.prec, 0);
        if (p == NULL)
            status = NHREF_ENOMEM;
        if (status == NHREF_OK)
            status = nhref_system_params(p, sys);
        /* a constant of the integrals undefined for these parameters is NaN, not an error */
        if (status == NHREF_OK)
            nhref_tape_mp_set_params(ig->iws, p);
        nhref_vec_free(p, np);
    }
    if (status != NHREF_OK) {
        nhref_integrator_free(ig);
        return status;
    }
    *igp = ig;
    return NHREF_OK;
}

mpfr_prec_t nhref_integrator_prec(const nhref_integrator_t *ig)
{
    return ig->prec;
}

double nhref_integrator_digits(const nhref_integrator_t *ig)
{
    return ig->digits;
}

const nhref_scheme_type_t *nhref_integrator_scheme(const nhref_integrator_t *ig)
{
    return ig->scheme;
}

const nhref_system_t *nhref_integrator_system(const nhref_integrator_t *ig)
{
    return ig->sys;
}

static void stats_start(nhref_stats_t *s)
{
    s->outcome = NHREF_OUTCOME_NONE;
    s->nsteps = 0;
    s->order_min = s->order_max = 0;
    s->h_min = s->h_max = 0;
    s->nrows = 0;
    s->event = -1;
    s->t_stop = 0;
    s->t_blowup = NAN;
}

static void stats_step(nhref_stats_t *s, const nhref_step_info_t *info, int last)
{
    double h = fabs(info->h);
    if (s->nsteps == 0 || info->order < s->order_min)
        s->order_min = info->order;
    if (info->order > s->order_max)
        s->order_max = info->order;
    /* the final step is clipped to the end time: it says nothing of h_min */
    if (!last || s->nsteps == 0) {
        if (s->h_min == 0 || h < s->h_min)
            s->h_min = h;
        if (h > s->h_max)
            s->h_max = h;
    }
    s->nsteps++;
}

static void copy_row(mpfr_ptr row, mpfr_srcptr x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mpfr_set(row + i, x + i, MPFR_RNDN);
}

static double fraction_done(const nhref_integrator_t *ig)
{
    double a = mpfr_get_d(ig->t_start, MPFR_RNDN), b = mpfr_get_d(ig->t_end, MPFR_RNDN);
    double t = mpfr_get_d(ig->t, MPFR_RNDN);
    return b != a ? (t - a) / (b - a) : 1.0;
}

/* Row I of the output (the caller's array, or the integrator's one row). */
static mpfr_ptr row_at(nhref_integrator_t *ig, mpfr_ptr out, size_t i)
{
    return out != NULL ? out + i * ig->n : ig->row;
}

/* Row I is filled: hand it to the callback. */
static int row_done(nhref_integrator_t *ig, mpfr_ptr out, mpfr_srcptr tgrid, size_t i,
                    nhref_stats_t *stats)
{
    stats->nrows = i + 1;
    if (ig->on_row != NULL && ig->on_row(ig->on_row_arg, i, tgrid + i, row_at(ig, out, i)) != 0)
        return NHREF_EIO;
    return NHREF_OK;
}

int nhref_integrate_grid(nhref_integrator_t *ig, mpfr_ptr out, mpfr_srcptr x0,
                         mpfr_srcptr tgrid, size_t n, nhref_stats_t *stats)
{
    nhref_stats_t local;
    size_t nx = ig->n, row = 0;
    int dir, status = NHREF_OK;

    if (stats == NULL)
        stats = &local;
    stats_start(stats);
    if (n == 0)
        return NHREF_EINVAL;
    dir = n > 1 ? mpfr_cmp(tgrid + n - 1, tgrid) : 0;
    for (size_t i = 0; i < n; i++)
        if (!mpfr_number_p(tgrid + i) ||
            (i > 0 && mpfr_cmp(tgrid + i, tgrid + i - 1) * dir < 0) ||
            (dir == 0 && i > 0 && !mpfr_equal_p(tgrid + i, tgrid)))
            return NHREF_EINVAL;

    mpfr_set(ig->t, tgrid, MPFR_RNDN);
    mpfr_set(ig->t_start, tgrid, MPFR_RNDN);
    mpfr_set(ig->t_end, tgrid + n - 1, MPFR_RNDN);
    copy_row(ig->x, x0, nx);

    for (;;) {
        nhref_step_info_t info;
        /* rows at the current time (the start, repeated grid times, a step that ended on
         * them); grid times are compared as rounded to the working precision */
        while (status == NHREF_OK && row < n &&
               (mpfr_set(ig->tg, tgrid + row, MPFR_RNDN), mpfr_equal_p(ig->tg, ig->t))) {
            copy_row(row_at(ig, out, row), ig->x, nx);
            status = row_done(ig, out, tgrid, row++, stats);
        }
        if (status != NHREF_OK || row == n)
            break;
        if (ig->max_steps != 0 && stats->nsteps >= ig->max_steps) {
            status = NHREF_EMAXSTEPS;
            break;
        }
        mpfr_sub(ig->hmax, ig->t_end, ig->t, MPFR_RNDN);
        if (ig->h_fixed > 0 &&
            (mpfr_cmp_d(ig->hmax, ig->h_fixed) > 0 || mpfr_cmp_d(ig->hmax, -ig->h_fixed) < 0))
            mpfr_set_d(ig->hmax, dir > 0 ? ig->h_fixed : -ig->h_fixed, MPFR_RNDN);
        status = ig->scheme->step(ig->st, ig->t, ig->x, ig->hmax, &info);
        if (status != NHREF_OK)
            break;
        stats_step(stats, &info, mpfr_equal_p(ig->t, ig->t_end));
        /* rows strictly inside the step, by dense output */
        while (status == NHREF_OK && row < n &&
               (mpfr_set(ig->tg, tgrid + row, MPFR_RNDN), mpfr_cmp(ig->tg, ig->t) * dir < 0)) {
            status = ig->scheme->dense(ig->st, row_at(ig, out, row), ig->tg);
            if (status == NHREF_OK)
                status = row_done(ig, out, tgrid, row++, stats);
        }
        if (ig->progress != NULL)
            ig->progress(ig->progress_arg, fraction_done(ig));
    }
    stats->outcome = status == NHREF_OK ? NHREF_OUTCOME_REACHED : NHREF_OUTCOME_FAILED;
    stats->t_stop = mpfr_get_d(ig->t, MPFR_RNDN);
    return status;
}

int nhref_integrate_until(nhref_integrator_t *ig, mpfr_ptr x, mpfr_ptr t, mpfr_srcptr t_end,
                          nhref_stats_t *stats)
{
    mpfr_t grid[2];
    __mpfr_struct *rows;
    int (*on_row)(void *, size_t, mpfr_srcptr, mpfr_srcptr);
    size_t nx = ig->n;
    int status;

    rows = malloc(2 * nx * sizeof *rows);
    if (rows == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < 2 * nx; i++)
        mpfr_init2(rows + i, ig->prec);
    mpfr_init2(grid[0], mpfr_get_prec(t));
    mpfr_init2(grid[1], mpfr_get_prec(t_end));
    mpfr_set(grid[0], t, MPFR_RNDN);
    mpfr_set(grid[1], t_end, MPFR_RNDN);
    on_row = ig->on_row; /* the caller's row callback is for grids, not for this */
    ig->on_row = NULL;
    status = nhref_integrate_grid(ig, rows, x, grid[0], 2, stats);
    ig->on_row = on_row;
    /* where the integration stopped: the end, or the last state reached */
    copy_row(x, status == NHREF_OK ? rows + nx : ig->x, nx);
    mpfr_set(t, status == NHREF_OK ? grid[1] : ig->t, MPFR_RNDN);
    for (size_t i = 0; i < 2 * nx; i++)
        mpfr_clear(rows + i);
    free(rows);
    mpfr_clears(grid[0], grid[1], (mpfr_ptr)0);
    return status;
}

int nhref_integrator_integrals(nhref_integrator_t *ig, mpfr_ptr I, mpfr_srcptr t,
                               mpfr_srcptr x)
{
    if (ig->iws == NULL)
        return NHREF_EINVAL;
    nhref_tape_mp_eval(I, ig->iws, t, x); /* NaN where an integral is undefined */
    return NHREF_OK;
}
