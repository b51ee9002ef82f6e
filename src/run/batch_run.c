/* batch_run.c -- nhref_spec_batch (nhref_run.h): the double Taylor runs of several specs
 * integrated at once by nhref_integrate_batch_d (nhref_batch.h), each lane's rows kept in
 * its spec for nhref_run to hand over (run/backend.c, the double backend's integrate). */
#include "run/run_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_batch.h"

void nhref_spec_inputs_d(nhref_spec_t *spec, double *x0, double *t, size_t from, size_t count)
{
    mpfr_t v;
    mpfr_init2(v, 53);
    for (size_t i = 0; i < spec->model->nstate; i++) {
        nhref_value_set(v, nhref_spec_init_str(spec, i));
        x0[i] = mpfr_get_d(v, MPFR_RNDN);
    }
    for (size_t k = 0; k < count; k++) {
        nhref_spec_grid_point(spec, from + k, v);
        t[k] = mpfr_get_d(v, MPFR_RNDN);
    }
    mpfr_clear(v);
}

/* the inputs of the double backend (run/backend.c, open_handle): X0 (nstate) and the
 * whole grid, GRID: *N points (malloc'd) */
static int fast_inputs(nhref_spec_t *spec, double *x0, double **grid, size_t *n)
{
    size_t first, ng = nhref_spec_grid_size(spec, &first);

    *n = ng;
    *grid = malloc((ng ? ng : 1) * sizeof **grid);
    if (*grid == NULL)
        return NHREF_ENOMEM;
    nhref_spec_inputs_d(spec, x0, *grid, 0, ng);
    return NHREF_OK;
}

/* can SPEC join a batch whose first member is S0 (OPT0, GRID0 of N0 points)?  The same
 * model and options, the same grid; the double type, Taylor; no event whose crossing the
 * sink would see without a stop (user events, non-terminal model events) */
static int joins(const nhref_spec_t *spec, const nhref_options_t *opt, const nhref_spec_t *s0,
                 const nhref_options_t *opt0)
{
    const nhref_model_t *m = spec->model;
    if (spec->type != NHREF_RUN_DOUBLE || strcmp(spec->scheme->name, "taylor") != 0 ||
        spec->nuser > 0 || spec->horizon != NULL)
        return 0;
    for (size_t j = 0; spec->model_events && j < m->nevent; j++)
        if (!m->event[j].terminal)
            return 0;
    if (s0 == NULL)
        return 1;
    return m == s0->model && spec->model_events == s0->model_events &&
           opt->digits == opt0->digits && opt->prec == opt0->prec &&
           opt->max_steps == opt0->max_steps && opt->h_fixed == opt0->h_fixed &&
           opt->blowup_radius == opt0->blowup_radius &&
           opt->no_model_events == opt0->no_model_events &&
           strcmp(opt->scheme_opt != NULL ? opt->scheme_opt : "",
                  opt0->scheme_opt != NULL ? opt0->scheme_opt : "") == 0;
}

int nhref_spec_batch(nhref_spec_t *const *spec, size_t n)
{
    nhref_options_t opt0, opt;
    const nhref_system_t **sys = calloc(n + 1, sizeof *sys);
    nhref_spec_t **member = calloc(n + 1, sizeof *member);
    double *grid0 = NULL, *grid = NULL, *x0 = NULL, *out = NULL;
    int *status = NULL;
    nhref_stats_t *stats = NULL;
    size_t B = 0, ng0 = 0, nx = 0, got = 0;
    int rc = NHREF_OK;

    if (sys == NULL || member == NULL) {
        rc = NHREF_ENOMEM;
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        nhref_spec_t *s = spec[i];
        size_t ng;
        free(s->batch_rows);
        s->batch_rows = NULL;
        if (nhref_spec_resolve(s) != NHREF_OK) /* nhref_run says why */
            continue;
        nhref_spec_options(s, &opt);
        if (!joins(s, &opt, B > 0 ? member[0] : NULL, &opt0))
            continue;
        if (B == 0) {
            nx = s->model->nstate;
            opt0 = opt;
            x0 = malloc(n * nx * sizeof *x0);
            if (x0 == NULL || fast_inputs(s, x0, &grid0, &ng0) != NHREF_OK) {
                rc = NHREF_ENOMEM;
                goto out;
            }
        } else {
            if (fast_inputs(s, x0 + B * nx, &grid, &ng) != NHREF_OK) {
                rc = NHREF_ENOMEM;
                goto out;
            }
            if (ng != ng0 || memcmp(grid, grid0, ng * sizeof *grid) != 0) {
                free(grid);
                grid = NULL;
                continue;
            }
            free(grid);
            grid = NULL;
        }
        sys[B] = s->sys;
        member[B++] = s;
    }
    if (B < 2 || ng0 == 0)
        goto out; /* nothing to share */
    out = malloc(B * ng0 * nx * sizeof *out);
    status = malloc(B * sizeof *status);
    stats = malloc(B * sizeof *stats);
    if (out == NULL || status == NULL || stats == NULL) {
        rc = NHREF_ENOMEM;
        goto out;
    }
    if (nhref_integrate_batch_d(out, status, stats, sys, B, x0, B, grid0, ng0, &opt0) != NHREF_OK)
        goto out; /* the runs integrate one by one */
    /* the lanes that reached the end: what nhref_integrate_grid_d gave, row for row */
    for (size_t b = 0; b < B; b++) {
        nhref_spec_t *s = member[b];
        if (status[b] != NHREF_OK || stats[b].outcome != NHREF_OUTCOME_REACHED ||
            stats[b].nrows != ng0)
            continue;
        s->batch_rows = malloc(ng0 * nx * sizeof *s->batch_rows);
        if (s->batch_rows == NULL)
            continue;
        memcpy(s->batch_rows, out + b * ng0 * nx, ng0 * nx * sizeof *out);
        s->batch_stats = stats[b];
        s->batch_nrows = ng0;
        got++;
    }
out:
    free(sys);
    free(member);
    free(grid0);
    free(grid);
    free(x0);
    free(out);
    free(status);
    free(stats);
    return rc == NHREF_OK ? (int)got : -rc;
}

int nhref_spec_batched(const nhref_spec_t *spec)
{
    return spec->batch_rows != NULL;
}
