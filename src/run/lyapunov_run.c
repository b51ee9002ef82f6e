/* lyapunov_run.c -- the finite-time Lyapunov exponents of a spec (nhref_lyapunov.h):
 * its model, parameters, initial state at t = 0, times, scheme, precision and
 * tolerance, through nhref_lyapunov; the memory of the tangent equations checked first. */
#include "run/run_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_lyapunov.h"

/* row I's time as a decimal string into BUF, or NULL (a time given as a number) */
static const char *time_text(nhref_spec_t *spec, size_t i, char *buf, size_t len)
{
    if (spec->ntimes > 0)
        return spec->times[i];
    if (spec->ntnum > 0)
        return NULL;
    nhref_spec_time_str(spec, i, buf, len);
    return buf;
}

int nhref_lyapunov_check(nhref_spec_t *spec)
{
    char lab[64], a[256], li[300];
    const char *prev = NULL, *set, *name;
    int status, par;

    /* a set of initial or parameter values: the exponents are of one trajectory (the
     * proven type, which encloses a set's, does not compute them) */
    if (nhref_spec_first_set(spec, &set, &par, &name, li, sizeof li))
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "%s: '%s' is a set of %s values: the Lyapunov exponents are "
                               "those of one trajectory (give the midpoint alone)",
                               li, set, par ? "parameter" : "initial");
    if (nhref_dec_cmp(nhref_spec_t_start(spec), "0") != 0)
        return nhref_spec_fail(spec, NHREF_EINVAL, "%s = %s: the exponents start at t = 0",
                               nhref_spec_label(spec, lab, sizeof lab, "t-start", NULL),
                               nhref_spec_t_start(spec));
    /* the explicit times, exactly, before their magnitudes are read */
    nhref_spec_label(spec, lab, sizeof lab, "times", NULL);
    for (size_t i = 0; i < spec->ntimes; i++) {
        const char *t = spec->times[i];
        if (nhref_dec_cmp(t, "0") <= 0 || (prev != NULL && nhref_dec_cmp(t, prev) <= 0))
            return nhref_spec_fail(spec, NHREF_EINVAL,
                                   "%s: '%s' is out of range (admissible: increasing times > 0)",
                                   lab, t);
        prev = t;
    }
    if ((status = nhref_spec_resolve(spec)) != NHREF_OK)
        return status;
    if (spec->type == NHREF_RUN_PROVEN)
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "the Lyapunov exponents are computed in MPFR or double: not with %s",
                               nhref_spec_label(spec, lab, sizeof lab, "type-proven", NULL));
    /* a grid (t-start 0 is its first row) or numbers: after 0 and increasing */
    if (spec->ntimes == 0) {
        mpfr_t t, p;
        size_t first;
        int bad = 0;
        nhref_spec_grid_size(spec, &first);
        mpfr_inits2(spec->wprec, t, p, (mpfr_ptr)0);
        for (size_t i = 0; i < spec->nrows && !bad; i++) {
            nhref_spec_grid_point(spec, first + i, t);
            bad = mpfr_sgn(t) <= 0 || (i > 0 && !mpfr_greater_p(t, p));
            mpfr_set(p, t, MPFR_RNDN);
        }
        mpfr_clears(t, p, (mpfr_ptr)0);
        if (bad)
            return nhref_spec_fail(spec, NHREF_EINVAL,
                                   "%s: the exponents need increasing times after t = 0 (from %s)",
                                   lab, time_text(spec, 0, a, sizeof a) ? a : "?");
    }
    return NHREF_OK;
}

/* the double inputs of SPEC (resolved, checked): X0 (nstate) and its rows' times T (nrows) */
static void inputs_d(nhref_spec_t *spec, double *x0, double *t)
{
    size_t first;
    nhref_spec_grid_size(spec, &first);
    nhref_spec_inputs_d(spec, x0, t, first, spec->nrows);
}

/* the memory of SPEC's tangent equations (or of the model, benettin) against what the
 * process may use */
static int check_memory(nhref_spec_t *spec, const nhref_lyap_opts_t *lo)
{
    nhref_tape_t *lin = NULL;
    size_t nnodes = nhref_tape_nnodes(nhref_system_rhs_tape(spec->sys)), n = spec->model->nstate;
    if ((lo == NULL || lo->method == NULL || strcmp(lo->method, "tangent") == 0) &&
        nhref_tape_linearize(&lin, nhref_system_rhs_tape(spec->sys), 1) == NHREF_OK) {
        nnodes = nhref_tape_nnodes(lin);
        n *= 2;
    }
    nhref_tape_free(lin);
    return nhref_spec_check_work(spec, nnodes, n, spec->wprec, 0, NULL);
}

/* a lane's status as nhref_lyapunov_run reports it (the message in SPEC) */
static int lane_status(nhref_spec_t *spec, int status, nhref_stats_t *stats)
{
    if (status == NHREF_EMAXSTEPS)
        nhref_spec_max_steps_message(spec, stats);
    else if (status != NHREF_OK && status != NHREF_EBLOWUP && status != NHREF_ESTEP)
        nhref_spec_fail(spec, status, "cannot compute the exponents: %s", nhref_strerror(status));
    return status;
}

/* nhref_lyapunov_run of a double SPEC: nhref_lyapunov_d */
static int lyapunov_run_d(mpfr_ptr ftle, nhref_spec_t *spec, const nhref_lyap_opts_t *lo,
                          nhref_stats_t *stats)
{
    size_t n = spec->nrows, nx = spec->model->nstate;
    double *x0 = malloc((nx + 1) * sizeof *x0), *t = malloc((n + 1) * sizeof *t),
           *f = malloc((n + 1) * sizeof *f);
    nhref_options_t opt;
    nhref_stats_t local;
    int status = NHREF_OK;

    if (stats == NULL)
        stats = &local;
    if (lo != NULL && lo->method != NULL && strcmp(lo->method, "tangent") != 0)
        status = nhref_spec_fail(spec, NHREF_EINVAL, "the exponents in double (fast) are by the "
                                                     "tangent method only: not %s",
                                 lo->method);
    else if (x0 == NULL || t == NULL || f == NULL)
        status = nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    if (status == NHREF_OK) {
        inputs_d(spec, x0, t);
        nhref_spec_options(spec, &opt);
        status = lane_status(spec, nhref_lyapunov_d(f, stats, spec->sys, x0, t, n, lo, &opt),
                             stats);
        for (size_t i = 0; i < n; i++)
            mpfr_set_d(ftle + i, f[i], MPFR_RNDN);
    }
    free(x0);
    free(t);
    free(f);
    return status;
}

/* can SPEC join the batch of S0 (nhref_lyapunov_run_batch)?  Double, checked, the memory
 * of its equations, S0's model, options and times (X0, T: its inputs; T0: S0's) */
static int joins(nhref_spec_t *spec, const nhref_lyap_opts_t *lo, const nhref_spec_t *s0,
                 const double *t, const double *t0)
{
    nhref_options_t a, b;
    if (nhref_lyapunov_check(spec) != NHREF_OK || spec->type != NHREF_RUN_DOUBLE ||
        check_memory(spec, lo) != NHREF_OK)
        return 0;
    if (s0 == NULL)
        return 1;
    nhref_spec_options(spec, &a);
    nhref_spec_options(s0, &b);
    return spec->model == s0->model && spec->nrows == s0->nrows &&
           memcmp(t, t0, spec->nrows * sizeof *t) == 0 && a.digits == b.digits &&
           a.max_steps == b.max_steps && a.h_fixed == b.h_fixed &&
           a.blowup_radius == b.blowup_radius && strcmp(a.scheme, b.scheme) == 0 &&
           strcmp(a.scheme_opt != NULL ? a.scheme_opt : "",
                  b.scheme_opt != NULL ? b.scheme_opt : "") == 0;
}

int nhref_lyapunov_run_batch(double *ftle, int *status, nhref_stats_t *stats,
                             nhref_spec_t *const *spec, size_t nspec,
                             const nhref_lyap_opts_t *lo)
{
    const nhref_system_t **sys = calloc(nspec + 1, sizeof *sys);
    size_t *lane = calloc(nspec + 1, sizeof *lane), B = 0, n = 0, nx = 0;
    double *x0 = NULL, *t = NULL, *f = NULL;
    int *ls = NULL, rc = NHREF_OK;
    nhref_stats_t *st = NULL;
    nhref_options_t opt;

    for (size_t k = 0; k < nspec; k++)
        status[k] = NHREF_EINVAL;
    if (sys == NULL || lane == NULL || nspec == 0) {
        rc = nspec == 0 ? NHREF_EINVAL : NHREF_ENOMEM;
        goto out;
    }
    /* spec[0] sets the model and the number of times: a batch of one model */
    if (nhref_lyapunov_check(spec[0]) != NHREF_OK || spec[0]->type != NHREF_RUN_DOUBLE)
        goto out;
    n = spec[0]->nrows;
    nx = spec[0]->model->nstate;
    x0 = malloc((nspec * nx + 1) * sizeof *x0);
    t = malloc((nspec * n + 1) * sizeof *t);
    if (x0 == NULL || t == NULL) {
        rc = NHREF_ENOMEM;
        goto out;
    }
    for (size_t k = 0; k < nspec; k++) {
        nhref_spec_t *s = spec[k];
        /* joins() checks the rest; these first, as inputs_d writes nrows times */
        if (nhref_lyapunov_check(s) != NHREF_OK || s->model != spec[0]->model || s->nrows != n)
            continue;
        inputs_d(s, x0 + B * nx, t + B * n);
        if (!joins(s, lo, B > 0 ? spec[lane[0]] : NULL, t + B * n, t))
            continue;
        sys[B] = s->sys;
        lane[B++] = k;
    }
    if (B == 0)
        goto out;
    f = malloc(B * n * sizeof *f);
    ls = malloc(B * sizeof *ls);
    st = malloc(B * sizeof *st);
    if (f == NULL || ls == NULL || st == NULL) {
        rc = NHREF_ENOMEM;
        goto out;
    }
    nhref_spec_options(spec[lane[0]], &opt);
    rc = nhref_lyapunov_batch_d(f, ls, st, sys, B, x0, B, t, n, lo, &opt);
    for (size_t b = 0; b < B && rc == NHREF_OK; b++) {
        size_t k = lane[b];
        memcpy(ftle + k * n, f + b * n, n * sizeof *f);
        stats[k] = st[b];
        status[k] = lane_status(spec[k], ls[b], &stats[k]);
    }
out:
    free(sys);
    free(lane);
    free(x0);
    free(t);
    free(f);
    free(ls);
    free(st);
    return rc;
}

int nhref_lyapunov_run(mpfr_ptr ftle, nhref_spec_t *spec, const nhref_lyap_opts_t *lo,
                       nhref_stats_t *stats)
{
    const nhref_model_t *m = spec->model;
    __mpfr_struct *t = NULL, *x0 = NULL;
    nhref_options_t opt;
    size_t first;
    int status = nhref_lyapunov_check(spec);

    if (status != NHREF_OK)
        return status;
    /* the tangent equations double the state and grow the tape */
    if ((status = check_memory(spec, lo)) != NHREF_OK)
        return status;
    if (spec->type == NHREF_RUN_DOUBLE)
        return lyapunov_run_d(ftle, spec, lo, stats);
    nhref_spec_grid_size(spec, &first);
    t = nhref_vec_new(spec->nrows, spec->wprec);
    x0 = nhref_vec_new(m->nstate, spec->wprec);
    if (t == NULL || x0 == NULL)
        status = nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    else
        for (size_t i = 0; i < spec->nrows; i++)
            nhref_spec_grid_point(spec, first + i, t + i);
    if (status == NHREF_OK) {
        nhref_spec_x0(spec, x0);
        nhref_spec_options(spec, &opt);
        status = lane_status(spec, nhref_lyapunov(ftle, spec->sys, x0, t, spec->nrows, lo, &opt,
                                                  stats),
                             stats);
    }
    nhref_vec_free(t, spec->nrows);
    nhref_vec_free(x0, m->nstate);
    return status;
}
