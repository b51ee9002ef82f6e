/* lyapunov_run.c -- the finite-time Lyapunov exponents of a spec (nhref_lyapunov.h):
 * its model, parameters, initial state at t = 0, times, scheme, precision and
 * tolerance, through nhref_lyapunov; the memory of the tangent equations checked first. */
#include "run/run_internal.h"

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
    char lab[64], a[256];
    const char *prev = NULL;
    int status;

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
    if (spec->type != NHREF_RUN_MPFR)
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "the Lyapunov exponents are computed in MPFR: not with %s",
                               nhref_spec_label(spec, lab, sizeof lab,
                                                spec->type == NHREF_RUN_DOUBLE ? "type-double"
                                                                               : "type-proven",
                                                NULL));
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

int nhref_lyapunov_run(mpfr_ptr ftle, nhref_spec_t *spec, const nhref_lyap_opts_t *lo,
                       nhref_stats_t *stats)
{
    const nhref_model_t *m = spec->model;
    __mpfr_struct *t = NULL, *x0 = NULL;
    nhref_tape_t *lin = NULL;
    nhref_options_t opt;
    size_t nnodes, n = m->nstate, first;
    int status = nhref_lyapunov_check(spec);

    if (status != NHREF_OK)
        return status;
    /* the tangent equations double the state and grow the tape */
    nnodes = nhref_tape_nnodes(nhref_system_rhs_tape(spec->sys));
    if ((lo == NULL || lo->method == NULL || strcmp(lo->method, "tangent") == 0) &&
        nhref_tape_linearize(&lin, nhref_system_rhs_tape(spec->sys), 1) == NHREF_OK) {
        nnodes = nhref_tape_nnodes(lin);
        n *= 2;
    }
    nhref_tape_free(lin);
    if ((status = nhref_spec_check_work(spec, nnodes, n, spec->wprec, 0, NULL)) != NHREF_OK)
        return status;
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
        status = nhref_lyapunov(ftle, spec->sys, x0, t, spec->nrows, lo, &opt, stats);
        if (status == NHREF_EMAXSTEPS)
            nhref_spec_max_steps_message(spec, stats);
        else if (status != NHREF_OK && status != NHREF_EBLOWUP && status != NHREF_ESTEP)
            nhref_spec_fail(spec, status, "cannot compute the exponents: %s",
                            nhref_strerror(status));
    }
    nhref_vec_free(t, spec->nrows);
    nhref_vec_free(x0, m->nstate);
    return status;
}
