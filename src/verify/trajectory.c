/* trajectory.c -- a reference trajectory by names and decimal strings
 * (nhref_trajectory.h), over the public integrator API: the entry point of the
 * bindings, next to verification which they also use. */
#include "nhref_trajectory.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_io.h"
#include "strutil.h"
#include "nhref_integrate.h"
#include "nhref_model.h"

struct nhref_trajectory {
    const nhref_model_t *model;
    size_t nrows, ncols;
    __mpfr_struct *t;   /* nrows times */
    __mpfr_struct *v;   /* nrows x (nstate + nintegral) */
    mpfr_prec_t prec;
    double digits;
    unsigned long nsteps;
    nhref_outcome_t outcome;
    int status;
    char *event;
    char t_end[128];
};

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int fail(char *err, size_t len, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (len > 0)
        vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return status;
}

/* "NAME=VALUE" into NAME (LEN bytes) and a pointer to VALUE; -1 if malformed */
static int split(const char *s, char *name, size_t len, const char **value)
{
    const char *eq = s != NULL ? strchr(s, '=') : NULL;
    if (eq == NULL || eq == s || (size_t)(eq - s) >= len)
        return -1;
    memcpy(name, s, (size_t)(eq - s));
    name[eq - s] = '\0';
    *value = eq + 1;
    return 0;
}

void nhref_trajectory_free(nhref_trajectory_t *tr)
{
    if (tr == NULL)
        return;
    nhref_vec_free(tr->t, tr->nrows);
    nhref_vec_free(tr->v, tr->nrows * (tr->ncols - 1));
    free(tr->event);
    free(tr);
}

int nhref_trajectory_compute(nhref_trajectory_t **trp, const char *model_name, size_t nparam,
                             const char *const *param, size_t ninit, const char *const *init,
                             const char *t_start, size_t ntimes, const char *const *times,
                             double digits, const char *scheme, char *err, size_t errlen)
{
    const nhref_model_t *m;
    nhref_system_t *sys = NULL;
    nhref_integrator_t *ig = NULL;
    nhref_trajectory_t *tr = NULL;
    nhref_options_t opt;
    nhref_stats_t stats;
    __mpfr_struct *x0 = NULL, *grid = NULL, *out = NULL;
    size_t ns, ni, first, ng;
    char why[256], name[128];
    int status = NHREF_OK, dir = 0;

    *trp = NULL;
    if (errlen > 0)
        err[0] = '\0';
    if (model_name == NULL || (m = nhref_model_find(model_name)) == NULL)
        return fail(err, errlen, NHREF_ENOTFOUND, "unknown model '%s' (see 'nhref list')",
                    model_name != NULL ? model_name : "(null)");
    ns = m->nstate;
    ni = m->nintegral;
    if (ntimes == 0 || times == NULL)
        return fail(err, errlen, NHREF_EINVAL, "no times given");
    if (nhref_system_new(&sys, m) != NHREF_OK)
        return fail(err, errlen, NHREF_ENOMEM, "cannot build model %s", m->name);
    for (size_t i = 0; i < nparam && status == NHREF_OK; i++) {
        const char *value;
        if (split(param[i], name, sizeof name, &value) != 0)
            status = fail(err, errlen, NHREF_EPARSE, "parameter assignment '%s': expected NAME=VALUE",
                          param[i] != NULL ? param[i] : "(null)");
        else if (nhref_model_param_index(m, name) < 0)
            status = fail(err, errlen, NHREF_ENOTFOUND, "unknown parameter '%s' of model %s", name,
                          m->name);
        else if (nhref_system_set_param(sys, name, value) != NHREF_OK)
            status = fail(err, errlen, NHREF_EPARSE,
                          "parameter %s: '%s' is not a finite decimal number (admissible range: %s)",
                          name, value, m->param[nhref_model_param_index(m, name)].range);
    }
    if (status == NHREF_OK && nhref_system_check(sys, why, sizeof why) != NHREF_OK)
        status = fail(err, errlen, NHREF_EPARAM, "%s", why);
    if (status != NHREF_OK)
        goto out;

    nhref_options_default(&opt);
    opt.scheme = scheme != NULL ? scheme : "taylor";
    opt.digits = digits > 0 ? digits : 30;
    if (nhref_options_resolve(&opt) != NHREF_OK) {
        status = fail(err, errlen, NHREF_EINVAL, "digits %g out of range", digits);
        goto out;
    }
    status = nhref_integrator_new(&ig, sys, &opt);
    if (status != NHREF_OK) {
        status = fail(err, errlen, status, "cannot set up the integrator: %s%s%s",
                      nhref_strerror(status), status == NHREF_ENOTFOUND ? ": scheme " : "",
                      status == NHREF_ENOTFOUND ? opt.scheme : "");
        goto out;
    }

    /* the initial state and the grid: t-start, then the times */
    x0 = nhref_vec_new(ns, opt.prec);
    grid = nhref_vec_new(ntimes + 1, opt.prec);
    if (x0 == NULL || grid == NULL) {
        status = fail(err, errlen, NHREF_ENOMEM, "out of memory");
        goto out;
    }
    for (size_t k = 0; k < ns; k++)
        nhref_decimal_set(x0 + k, m->state[k].default_init);
    for (size_t i = 0; i < ninit && status == NHREF_OK; i++) {
        const char *value;
        int k;
        if (split(init[i], name, sizeof name, &value) != 0)
            status = fail(err, errlen, NHREF_EPARSE, "initial value '%s': expected NAME=VALUE",
                          init[i] != NULL ? init[i] : "(null)");
        else if ((k = nhref_model_state_index(m, name)) < 0)
            status = fail(err, errlen, NHREF_ENOTFOUND, "unknown state variable '%s' of model %s",
                          name, m->name);
        else if (nhref_decimal_set(x0 + k, value) != NHREF_OK)
            status = fail(err, errlen, NHREF_EPARSE,
                          "initial value %s: '%s' is not a finite decimal number", name, value);
    }
    if (status == NHREF_OK && nhref_system_check_init(sys, x0, why, sizeof why) != NHREF_OK)
        status = fail(err, errlen, NHREF_EPARAM, "the initial state is not admissible: %s", why);
    if (status == NHREF_OK &&
        nhref_decimal_set(grid, t_start != NULL ? t_start : "0") != NHREF_OK)
        status = fail(err, errlen, NHREF_EPARSE, "t-start: '%s' is not a finite decimal number",
                      t_start);
    for (size_t i = 0; i < ntimes && status == NHREF_OK; i++) {
        int c;
        if (times[i] == NULL || nhref_decimal_set(grid + i + 1, times[i]) != NHREF_OK) {
            status = fail(err, errlen, NHREF_EPARSE, "time %zu: '%s' is not a finite decimal number",
                          i + 1, times[i] != NULL ? times[i] : "(null)");
            break;
        }
        c = mpfr_cmp(grid + i + 1, grid + i);
        if (c != 0 && dir == 0)
            dir = c;
        if (c * dir < 0)
            status = fail(err, errlen, NHREF_EINVAL,
                          "time %zu (%s) breaks the order: the times must be monotone from "
                          "t-start, increasing or decreasing",
                          i + 1, times[i]);
    }
    if (status != NHREF_OK)
        goto out;

    /* the integration, into the caller-independent rows */
    out = nhref_vec_new((ntimes + 1) * ns, opt.prec);
    tr = calloc(1, sizeof *tr);
    if (out == NULL || tr == NULL) {
        status = fail(err, errlen, NHREF_ENOMEM, "out of memory");
        goto out;
    }
    status = nhref_integrate_grid(ig, out, x0, grid, ntimes + 1, &stats);
    if (status == NHREF_ENOMEM || status == NHREF_EINVAL || status == NHREF_EPARAM) {
        status = fail(err, errlen, status, "the integration failed: %s", nhref_strerror(status));
        goto out;
    }
    tr->model = m;
    tr->status = status;
    tr->outcome = stats.outcome;
    tr->nsteps = stats.nsteps;
    tr->prec = opt.prec;
    tr->digits = nhref_integrator_digits(ig);
    tr->ncols = 1 + ns + ni;
    if (status == NHREF_OK && stats.outcome == NHREF_OUTCOME_EVENT && stats.event >= 0 &&
        (size_t)stats.event < m->nevent)
        tr->event = nhref_strdup(m->event[stats.event].name);
    {
        mpfr_t te;
        __mpfr_struct *xe = nhref_vec_new(ns, opt.prec);
        mpfr_init2(te, opt.prec);
        if (xe != NULL)
            nhref_integrator_state(ig, te, xe);
        mpfr_snprintf(tr->t_end, sizeof tr->t_end, "%.*Rg", (int)fmin(tr->digits, 60), te);
        mpfr_clear(te);
        nhref_vec_free(xe, ns);
    }
    /* grid row 0 is t-start: rows 1 .. filled-1 are the times asked for */
    ng = stats.outcome == NHREF_OUTCOME_REACHED ? ntimes + 1 : stats.nrows;
    first = 1;
    tr->nrows = ng > first ? ng - first : 0;
    tr->t = nhref_vec_new(tr->nrows, opt.prec);
    tr->v = nhref_vec_new(tr->nrows * (ns + ni), opt.prec);
    if (tr->t == NULL || tr->v == NULL) {
        status = fail(err, errlen, NHREF_ENOMEM, "out of memory");
        goto out;
    }
    for (size_t r = 0; r < tr->nrows; r++) {
        mpfr_ptr row = tr->v + r * (ns + ni);
        mpfr_set(tr->t + r, grid + first + r, MPFR_RNDN);
        for (size_t k = 0; k < ns; k++)
            mpfr_set(row + k, out + (first + r) * ns + k, MPFR_RNDN);
        if (ni > 0)
            nhref_integrator_integrals(ig, row + ns, tr->t + r, row);
    }
    status = NHREF_OK;

out:
    nhref_vec_free(out, (ntimes + 1) * ns);
    nhref_vec_free(grid, ntimes + 1);
    nhref_vec_free(x0, ns);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
    if (status != NHREF_OK) {
        nhref_trajectory_free(tr);
        return status;
    }
    *trp = tr;
    return NHREF_OK;
}

size_t nhref_trajectory_nrows(const nhref_trajectory_t *tr)
{
    return tr->nrows;
}

size_t nhref_trajectory_ncols(const nhref_trajectory_t *tr)
{
    return tr->ncols;
}

const char *nhref_trajectory_column(const nhref_trajectory_t *tr, size_t j)
{
    const nhref_model_t *m = tr->model;
    if (j == 0)
        return "t";
    if (j <= m->nstate)
        return m->state[j - 1].name;
    if (j < tr->ncols)
        return m->integral[j - 1 - m->nstate].name;
    return NULL;
}

/* the value at ROW, column J */
static mpfr_srcptr value_at(const nhref_trajectory_t *tr, size_t row, size_t j)
{
    return j == 0 ? tr->t + row : tr->v + row * (tr->ncols - 1) + j - 1;
}

int nhref_trajectory_values(const nhref_trajectory_t *tr, double *out)
{
    for (size_t r = 0; r < tr->nrows; r++)
        for (size_t j = 0; j < tr->ncols; j++)
            out[r * tr->ncols + j] = mpfr_get_d(value_at(tr, r, j), MPFR_RNDN);
    return NHREF_OK;
}

size_t nhref_trajectory_value_str(const nhref_trajectory_t *tr, size_t row, size_t j, int digits,
                                  char *buf, size_t len)
{
    int n;
    mpfr_srcptr x;
    if (row >= tr->nrows || j >= tr->ncols)
        return 0;
    x = value_at(tr, row, j);
    if (digits <= 0)
        digits = (int)ceil(tr->digits) + 2;
    if (mpfr_nan_p(x))
        n = snprintf(buf, len, "nan");
    else
        n = mpfr_snprintf(buf, len, "%.*Re", digits - 1, x);
    return n < 0 ? 0 : (size_t)n;
}

const char *nhref_trajectory_outcome(const nhref_trajectory_t *tr)
{
    return nhref_outcome_str(tr->outcome);
}

int nhref_trajectory_status(const nhref_trajectory_t *tr)
{
    return tr->status;
}

const char *nhref_trajectory_event(const nhref_trajectory_t *tr)
{
    return tr->event;
}

const char *nhref_trajectory_t_end(const nhref_trajectory_t *tr)
{
    return tr->t_end;
}

long nhref_trajectory_prec(const nhref_trajectory_t *tr)
{
    return (long)tr->prec;
}

double nhref_trajectory_digits(const nhref_trajectory_t *tr)
{
    return tr->digits;
}

unsigned long nhref_trajectory_steps(const nhref_trajectory_t *tr)
{
    return tr->nsteps;
}
