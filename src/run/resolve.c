/* resolve.c -- nhref_spec_resolve (nhref_run.h): everything a run needs, checked in
 * one order for every consumer, before anything is allocated: the parameters, the
 * precision, the initial state, the times, the scheme's limits and the memory, the
 * events, what the number type adds. */
#include "run/run_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrate/integrate_internal.h"
#include "strutil.h"
#include "nhref_fast.h"

/* X = the decimal S at X's precision, or the message "LABEL: why (admissible range:
 * RANGE)" */
static int number_at(nhref_spec_t *spec, mpfr_ptr x, const char *s, const char *label,
                     const char *range, int value)
{
    char why[400];
    int status = value ? nhref_value_set(x, s) : nhref_decimal_set(x, s);
    if (status == NHREF_OK)
        return NHREF_OK;
    return nhref_spec_fail(spec, status == NHREF_ERANGE ? NHREF_ERANGE : NHREF_EPARSE,
                           "%s: %s (admissible range: %s)", label,
                           value ? nhref_value_why(why, sizeof why, s, mpfr_get_prec(x), status)
                                 : nhref_decimal_why(why, sizeof why, s, mpfr_get_prec(x), status),
                           range);
}

static int decimal_at(nhref_spec_t *spec, mpfr_ptr x, const char *s, const char *label,
                      const char *range)
{
    return number_at(spec, x, s, label, range, 0);
}

static int resolve_params(nhref_spec_t *spec)
{
    char why[512];
    if (nhref_system_check(spec->sys, why, sizeof why) != NHREF_OK)
        return nhref_spec_fail(spec, NHREF_EPARAM, "%s", why);
    return nhref_spec_check_param_sets(spec);
}

int nhref_spec_check_param_sets(nhref_spec_t *spec)
{
    const nhref_model_t *m = spec->model;
    char why[512];
    int status = NHREF_OK;
    /* a set of parameter values: the model's ranges at both ends (the system keeps the
     * midpoint; the proven integrator evaluates the model over the whole set) */
    for (size_t i = 0; i < m->nparam && status == NHREF_OK; i++) {
        const char *set = nhref_spec_param_set_str(spec, i), *mid;
        char *a = NULL, *b = NULL, *keep, end[2][600], lab[300];
        int kind;
        if (set == NULL)
            continue;
        snprintf(why, sizeof why, "out of memory"); /* NHREF_ENOMEM says nothing more */
        if ((status = nhref_set_parse(set, &kind, &a, &b, why, sizeof why)) != NHREF_OK) {
            status = nhref_spec_fail(spec, status, "%s", why); /* stored sets were parsed */
            continue;
        }
        if (kind == NHREF_SET_MIDRAD) {
            snprintf(end[0], sizeof end[0], "(%s)-(%s)", a, b);
            snprintf(end[1], sizeof end[1], "(%s)+(%s)", a, b);
        } else {
            snprintf(end[0], sizeof end[0], "%s", a);
            snprintf(end[1], sizeof end[1], "%s", b);
        }
        mid = nhref_system_param_str(spec->sys, i);
        keep = nhref_strdup(mid);
        for (int e = 0; e < 2 && status == NHREF_OK && keep != NULL; e++)
            if (nhref_system_set_param(spec->sys, m->param[i].name, end[e]) != NHREF_OK ||
                nhref_system_check(spec->sys, why, sizeof why) != NHREF_OK)
                status = nhref_spec_fail(
                    spec, NHREF_EPARAM, "%s: the set '%s' reaches %s = %s, not admissible: %s",
                    nhref_spec_label(spec, lab, sizeof lab, "param", m->param[i].name), set,
                    m->param[i].name, end[e], why);
        if (keep == NULL || nhref_system_set_param(spec->sys, m->param[i].name, keep) != NHREF_OK)
            status = nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
        free(keep);
        free(a);
        free(b);
    }
    return status;
}

int nhref_spec_first_set(const nhref_spec_t *spec, const char **set, int *is_param,
                         const char **name, char *lab, size_t len)
{
    const nhref_model_t *m = spec->model;
    for (size_t i = 0; i < m->nstate + m->nparam; i++) {
        int par = i >= m->nstate;
        size_t k = par ? i - m->nstate : i;
        if ((*set = par ? nhref_spec_param_set_str(spec, k) : nhref_spec_init_set_str(spec, k)) !=
            NULL) {
            *is_param = par;
            *name = par ? m->param[k].name : m->state[k].name;
            nhref_spec_label(spec, lab, len, par ? "param" : "init", *name);
            return 1;
        }
    }
    return 0;
}

/* the precision of the inputs, and the integrator's precision and tolerance */
static int resolve_precision(nhref_spec_t *spec)
{
    double d = spec->digits;
    long p = spec->prec;
    char lt[64], lp[64];

    if (spec->type == NHREF_RUN_DOUBLE) {
        if (p != 0)
            return nhref_spec_fail(spec, NHREF_EINVAL,
                                   "%s is double precision (53 bits): no %s (use the MPFR path)",
                                   nhref_spec_label(spec, lt, sizeof lt, "type-double", NULL),
                                   nhref_spec_label(spec, lp, sizeof lp, "prec", NULL));
        if (d != 0 && !(d >= 1 && d <= 1e6))
            return nhref_spec_fail(spec, NHREF_EINVAL,
                                   "%s %g is out of range (admissible range: 1 <= D <= 10^6)",
                                   nhref_spec_label(spec, lt, sizeof lt, "digits", NULL), d);
        /* the inputs are read as the MPFR path would, at the precision the digits
         * imply (the initial state's conditions are checked on its doubles:
         * resolve_init_d); the integrator runs at 53 bits, tolerance at most 10^-15 */
        spec->iprec = nhref_digits_prec(d > 0 ? d : 30);
        spec->wprec = 53;
        spec->wdigits = d > 0 && d < 15 ? d : 15;
        return NHREF_OK;
    }
    if (spec->digits != 0 && !(d >= 1 && d <= 1e6))
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "%s %g is out of range (admissible range: 1 <= D <= 10^6)",
                               nhref_spec_label(spec, lt, sizeof lt, "digits", NULL), d);
    if (d == 0 && p == 0)
        d = 30;
    if (p == 0)
        p = nhref_digits_prec(d);
    if (d == 0)
        d = nhref_prec_digits(p);
    if (p < MPFR_PREC_MIN || !(d >= 1 && d <= 1e6))
        return nhref_spec_fail(spec, NHREF_EINVAL, "%s %ld implies %s",
                               nhref_spec_label(spec, lp, sizeof lp, "prec", NULL), p,
                               d < 1 ? "fewer than 1 digit" : "more than 10^6 digits");
    spec->iprec = spec->wprec = p;
    spec->wdigits = d;
    return NHREF_OK;
}

/* a double run's initial state, the data it integrates: each value rounded once to
 * double from its decimal (as nhref_spec_inputs_d reads it), finite in double, and the
 * model's conditions on it at 53 bits -- a constraint residual to double's tolerance,
 * as nhref_integrator_new_d checks a double state (integrate/driver.c, check_init) */
static int resolve_init_d(nhref_spec_t *spec)
{
    const nhref_model_t *m = spec->model;
    __mpfr_struct *xm = nhref_vec_new(m->nstate, 53);
    char why[512];
    int status = xm != NULL ? NHREF_OK : nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");

    for (size_t i = 0; i < m->nstate && status == NHREF_OK; i++) {
        double d;
        nhref_value_set(xm + i, nhref_spec_init_str(spec, i));
        d = mpfr_get_d(xm + i, MPFR_RNDN);
        if (!isfinite(d))
            status = nhref_spec_fail(spec, NHREF_EPARAM,
                                     "the initial state rounded to double is not admissible: %s "
                                     "= %s is beyond double's range",
                                     m->state[i].name, nhref_spec_init_str(spec, i));
        mpfr_set_d(xm + i, d, MPFR_RNDN); /* the subnormal range: the double itself */
    }
    if (status == NHREF_OK && nhref_system_check_init(spec->sys, xm, why, sizeof why) != NHREF_OK)
        status = nhref_spec_fail(spec, NHREF_EPARAM,
                                 "the initial state rounded to double is not admissible: %s", why);
    nhref_vec_free(xm, m->nstate);
    return status;
}

/* X0 (iprec) = the initial state, and the model's conditions on it: at the run's
 * precision (MPFR, proven), on the state rounded to double for a double run */
static int resolve_init(nhref_spec_t *spec, mpfr_ptr x0)
{
    const nhref_model_t *m = spec->model;
    char lab[300], why[512];
    for (size_t i = 0; i < m->nstate; i++) {
        /* a decimal or a constant expression (nhref_value_set) at the run's precision */
        int status = number_at(spec, x0 + i, nhref_spec_init_str(spec, i),
                               nhref_spec_label(spec, lab, sizeof lab, "init", m->state[i].name),
                               "any finite real", 1);
        if (status != NHREF_OK)
            return status;
    }
    if (spec->type == NHREF_RUN_DOUBLE)
        return resolve_init_d(spec);
    if (nhref_system_check_init(spec->sys, x0, why, sizeof why) != NHREF_OK)
        return nhref_spec_fail(spec, NHREF_EPARAM, "the initial state is not admissible: %s", why);
    return NHREF_OK;
}

/* explicit times: each a decimal number, monotone from t-start */
static int resolve_times_list(nhref_spec_t *spec, mpfr_ptr v)
{
    const char *prev = nhref_spec_t_start(spec);
    char lab[64];
    int dir = 0;
    nhref_spec_label(spec, lab, sizeof lab, "times", NULL);
    for (size_t i = 0; i < spec->ntimes; i++) {
        int c, status = decimal_at(spec, v, spec->times[i], lab, "times monotone from t-start");
        if (status != NHREF_OK)
            return status;
        c = nhref_dec_cmp(spec->times[i], prev);
        if (c != 0 && dir == 0)
            dir = c;
        if (c * dir < 0)
            return nhref_spec_fail(spec, NHREF_EINVAL,
                                   "%s: time %zu (%s) breaks the order: the times must be "
                                   "monotone from t-start, increasing or decreasing",
                                   lab, i + 1, spec->times[i]);
        prev = spec->times[i];
    }
    spec->nrows = spec->ntimes;
    return NHREF_OK;
}

/* the grid t-start + k dt-out, then t-end (its order and size decided exactly) */
static int resolve_grid(nhref_spec_t *spec)
{
    const char *te_s = nhref_spec_t_end(spec), *dt_s = nhref_spec_dt_out(spec);
    int deflt = spec->t_start == NULL;
    char le[64], ld[64], ls[64], lr[64], a[64], b[64], n[64];
    mpfr_t te, dt;
    double rows;
    int status, why;

    nhref_spec_label(spec, le, sizeof le, "t-end", NULL);
    nhref_spec_label(spec, ld, sizeof ld, "dt-out", NULL);
    nhref_spec_label(spec, ls, sizeof ls, "t-start", NULL);
    mpfr_inits2(spec->iprec, te, dt, (mpfr_ptr)0);
    status = decimal_at(spec, te, te_s, le, deflt ? "T > 0" : "T > t-start");
    if (status == NHREF_OK)
        status = decimal_at(spec, dt, dt_s, ld, "H > 0");
    mpfr_clears(te, dt, (mpfr_ptr)0);
    if (status != NHREF_OK)
        return status;
    why = nhref_dec_cmp(te_s, nhref_spec_t_start(spec)) <= 0 ? NHREF_GRID_NOT_AFTER
          : nhref_dec_cmp(dt_s, "0") <= 0                    ? NHREF_GRID_DT
                                                               : nhref_grid_init(&spec->grid, nhref_spec_t_start(spec), te_s, dt_s,
                                                                                 spec->max_rows, &rows);
    switch (why) {
    case NHREF_GRID_OK:
        spec->have_grid = 1;
        spec->nrows = spec->grid.n;
        return NHREF_OK;
    case NHREF_GRID_NOT_AFTER:
        if (deflt)
            return nhref_spec_fail(spec, NHREF_EINVAL,
                                   "%s = %s is out of range (admissible range: T > 0)", le, te_s);
        return nhref_spec_fail(spec, NHREF_EINVAL, "%s = %s must be after %s = %s", le, te_s, ls,
                               nhref_spec_t_start(spec));
    case NHREF_GRID_DT:
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "%s = %s is out of range (admissible range: H > 0)", ld, dt_s);
    case NHREF_GRID_SPAN:
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "%s, %s and %s are more than %d decimal orders apart: the exact "
                               "times would need as many digits (give %s)",
                               ls, le, ld, NHREF_GRID_MAX_SPAN,
                               nhref_spec_label(spec, lr, sizeof lr, "times", NULL));
    case NHREF_GRID_ROWS:
        snprintf(n, sizeof n, !isfinite(rows) ? "more than 1e308" : rows > 1e12 ? "%.3g" : "%.0f",
                 rows);
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "%s %s / %s %s gives %s output rows, more than the limit of %lu "
                               "output rows (raise %s, lower %s, or raise %s)",
                               le, nhref_shorten(a, sizeof a, te_s), ld,
                               nhref_shorten(b, sizeof b, dt_s), n, spec->max_rows, ld, le,
                               nhref_spec_label(spec, lr, sizeof lr, "max-rows", NULL));
    default:
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    }
}

static int resolve_times(nhref_spec_t *spec)
{
    mpfr_t t0, v;
    char lab[64];
    int status;

    mpfr_inits2(spec->iprec, t0, v, (mpfr_ptr)0);
    status = decimal_at(spec, t0, nhref_spec_t_start(spec),
                        nhref_spec_label(spec, lab, sizeof lab, "t-start", NULL),
                        "any finite real");
    if (status == NHREF_OK && spec->horizon != NULL)
        status = decimal_at(spec, v, spec->horizon,
                            nhref_spec_label(spec, lab, sizeof lab, "event-horizon", NULL),
                            "after the last time");
    if (status != NHREF_OK) {
    } else if (spec->ntimes > 0) {
        status = resolve_times_list(spec, v);
    } else if (spec->ntnum > 0) {
        spec->nrows = spec->ntnum;
    } else {
        status = resolve_grid(spec);
    }
    if (status == NHREF_OK && spec->nrows > spec->max_rows)
        status = nhref_spec_fail(spec, NHREF_EINVAL, "%zu times, more than the limit of %lu rows",
                                 spec->nrows, spec->max_rows);
    if (status == NHREF_OK && spec->horizon != NULL && spec->nrows > 0 && spec->ntnum == 0) {
        /* the horizon lies beyond the last time, in the direction of the run (a horizon of
         * -1 after the times 0 and 1 failed later with an empty reason) */
        char *own = NULL;
        const char *last = spec->ntimes > 0
                               ? spec->times[spec->ntimes - 1]
                               : (own = nhref_grid_time_str(&spec->grid, spec->nrows - 1));
        int dir = last != NULL ? nhref_dec_cmp(last, nhref_spec_t_start(spec)) : 0;
        if (last == NULL)
            status = nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
        else if (dir != 0 && nhref_dec_cmp(spec->horizon, last) != dir)
            status = nhref_spec_fail(spec, NHREF_EINVAL,
                                     "%s = %s is out of range (admissible range: after the last "
                                     "time, %s)",
                                     nhref_spec_label(spec, lab, sizeof lab, "event-horizon", NULL),
                                     spec->horizon, last);
        free(own);
    }
    mpfr_clears(t0, v, (mpfr_ptr)0);
    return status;
}

/* the scheme's limits and the memory of its workspace and of the grid */
static int resolve_work(nhref_spec_t *spec, const nhref_run_backend_t *be)
{
    const nhref_tape_t *rhs = nhref_system_rhs_tape(spec->sys);
    size_t first, n = nhref_spec_grid_size(spec, &first);
    char what[160];

    if (spec->type == NHREF_RUN_DOUBLE)
        snprintf(what, sizeof what, "the output grid (%zu rows in double", n);
    else
        snprintf(what, sizeof what, "the output grid (%zu rows at %ld bits", n, spec->iprec);
    return nhref_spec_check_work(spec, nhref_tape_nnodes(rhs), spec->model->nstate, spec->wprec,
                                 (double)n * be->point_bytes(spec->iprec), what);
}

/* each of the caller's events defined where the run starts (T0, X0): one whose
 * function is undefined there could never be located */
static int resolve_events(nhref_spec_t *spec, mpfr_srcptr x0)
{
    const nhref_model_t *m = spec->model;
    __mpfr_struct *p = nhref_vec_new(m->nparam, spec->iprec);
    mpfr_t t, g;
    int status = p != NULL ? NHREF_OK : nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");

    mpfr_inits2(spec->iprec, t, g, (mpfr_ptr)0);
    nhref_decimal_set(t, nhref_spec_t_start(spec));
    if (status == NHREF_OK)
        nhref_system_params(p, spec->sys);
    for (size_t i = 0; i < spec->nuser && status == NHREF_OK; i++) {
        nhref_tape_mp_t *ws = NULL;
        char e[64], lab[64], lt[64];
        int s = nhref_tape_mp_new(&ws, spec->utape[i], spec->iprec, 0);
        nhref_spec_label(spec, lab, sizeof lab, spec->uterm[i] ? "stop-when" : "event", NULL);
        nhref_shorten(e, sizeof e, spec->uexpr[i]);
        if (s == NHREF_OK && spec->type == NHREF_RUN_DOUBLE) {
            nhref_tape_d_t *wd = NULL;
            s = nhref_tape_d_new(&wd, spec->utape[i], 53, 0);
            nhref_tape_d_free(wd);
            if (s == NHREF_EDOMAIN)
                status = nhref_spec_fail(spec, NHREF_EPARSE,
                                         "%s '%s': a constant in it overflows double, the type of %s",
                                         lab, e,
                                         nhref_spec_label(spec, lt, sizeof lt, "type-double", NULL));
        }
        if (status != NHREF_OK)
            ;
        else if (s != NHREF_OK)
            status = nhref_spec_fail(spec, s, "%s '%s': %s", lab, e, nhref_strerror(s));
        else if (nhref_tape_mp_set_params(ws, p) != NHREF_OK)
            status = nhref_spec_fail(
                spec, NHREF_EPARSE,
                "%s '%s': a part of it that depends only on the parameters is undefined (a "
                "logarithm, square root, asin, acos, atanh or real power outside its domain, a "
                "division by zero, an "
                "overflow, or sin or cos of a value of magnitude 2^%ld or more): the event could "
                "never be located",
                lab, e, (long)nhref_decimal_max_exp(spec->iprec));
        else if (nhref_tape_mp_eval(g, ws, t, x0) != NHREF_OK || !mpfr_number_p(g))
            status = nhref_spec_fail(
                spec, NHREF_EPARSE,
                "%s '%s' is undefined at the initial state, t = %s (a division by zero, a "
                "logarithm, square root, asin, acos, atanh or real power outside its domain, an "
                "overflow, or sin or cos "
                "of a value of magnitude 2^%ld or more): an event function must be defined where "
                "the run starts",
                lab, e, nhref_spec_t_start(spec), (long)nhref_decimal_max_exp(spec->iprec));
        nhref_tape_mp_free(ws);
    }
    mpfr_clears(t, g, (mpfr_ptr)0);
    nhref_vec_free(p, m->nparam);
    return status;
}

int nhref_spec_check_state(nhref_spec_t *spec, long prec)
{
    __mpfr_struct *x0;
    int status = resolve_params(spec);
    if (status != NHREF_OK)
        return status;
    if ((x0 = nhref_vec_new(spec->model->nstate, prec)) == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    status = resolve_init(spec, x0);
    nhref_vec_free(x0, spec->model->nstate);
    return status;
}

int nhref_spec_resolve(nhref_spec_t *spec)
{
    const nhref_run_backend_t *be;
    __mpfr_struct *x0 = NULL;
    const char *set, *name;
    char lset[300], lprov[64];
    int status, par;

    if (spec->resolved)
        return NHREF_OK;
    nhref_spec_undo(spec);
    if (spec->model == NULL)
        return NHREF_EINVAL; /* the message of nhref_spec_new stands */
    spec->err[0] = '\0';
    be = nhref_run_backend(spec->type);
    if ((status = resolve_params(spec)) != NHREF_OK ||
        (status = resolve_precision(spec)) != NHREF_OK)
        return status;
    x0 = nhref_vec_new(spec->model->nstate, spec->iprec);
    if (x0 == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    if ((status = resolve_init(spec, x0)) == NHREF_OK &&
        (status = resolve_times(spec)) == NHREF_OK &&
        (status = resolve_work(spec, be)) == NHREF_OK &&
        (status = resolve_events(spec, x0)) == NHREF_OK)
        status = be->check(spec);
    if (status == NHREF_OK && spec->type != NHREF_RUN_PROVEN &&
        nhref_spec_first_set(spec, &set, &par, &name, lset, sizeof lset))
        /* a set of initial values or parameter values: the proven type's alone */
        status = nhref_spec_fail(
            spec, NHREF_EINVAL,
            "%s: '%s' is a set of %s values: it needs %s, whose rows enclose every trajectory "
            "%s (a plain run integrates one %s: give the midpoint alone)",
            lset, set, par ? "parameter" : "initial",
            nhref_spec_label(spec, lprov, sizeof lprov, "type-proven", NULL),
            par ? "for every value in the set" : "from the set", par ? "value" : "point");
    if (status == NHREF_OK && spec->require_digits > 0 && spec->type != NHREF_RUN_PROVEN) {
        char lr[96], lp[64];
        status = nhref_spec_fail(spec, NHREF_EINVAL,
                                 "%s needs %s: a plain run proves no digits (its tolerance is "
                                 "a target, not a bound)",
                                 nhref_spec_label(spec, lr, sizeof lr, "require-digits", NULL),
                                 nhref_spec_label(spec, lp, sizeof lp, "type-proven", NULL));
    }
    nhref_vec_free(x0, spec->model->nstate);
    if (status != NHREF_OK) {
        nhref_spec_undo(spec);
        return status;
    }
    spec->resolved = 1;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the grid given */
size_t nhref_spec_grid_size(const nhref_spec_t *spec, size_t *first)
{
    int prepend = 0;
    if (spec->ntimes > 0)
        prepend = nhref_dec_cmp(spec->times[0], nhref_spec_t_start(spec)) != 0;
    else if (spec->ntnum > 0) {
        mpfr_t t0;
        mpfr_init2(t0, mpfr_get_prec(spec->tnum));
        nhref_decimal_set(t0, nhref_spec_t_start(spec));
        prepend = !mpfr_equal_p(t0, spec->tnum);
        mpfr_clear(t0);
    }
    *first = (size_t)prepend;
    return (size_t)prepend + spec->nrows + (spec->horizon != NULL);
}

/* the decimal string of grid point K, or NULL where it is a number (malloc'ed; *OWN 1) */
static const char *point_text(nhref_spec_t *spec, size_t k, char **own)
{
    size_t first;
    nhref_spec_grid_size(spec, &first);
    *own = NULL;
    if (k < first)
        return nhref_spec_t_start(spec);
    k -= first;
    if (k >= spec->nrows)
        return spec->horizon;
    if (spec->ntimes > 0)
        return spec->times[k];
    if (spec->ntnum > 0)
        return NULL;
    return *own = nhref_grid_time_str(&spec->grid, k);
}

void nhref_spec_grid_point(nhref_spec_t *spec, size_t k, mpfr_ptr v)
{
    size_t first;
    char *own;
    const char *s;
    nhref_spec_grid_size(spec, &first);
    if (k >= first && k - first < spec->nrows && spec->ntimes == 0 && spec->ntnum == 0) {
        nhref_grid_time(v, &spec->grid, k - first);
        return;
    }
    if (k >= first && k - first < spec->nrows && spec->ntnum > 0) {
        mpfr_set(v, spec->tnum + (k - first), MPFR_RNDN);
        return;
    }
    s = point_text(spec, k, &own);
    nhref_decimal_set(v, s);
    free(own);
}

char *nhref_spec_grid_point_str(nhref_spec_t *spec, size_t k)
{
    char *own;
    const char *s = point_text(spec, k, &own);
    return own != NULL || s == NULL ? own : nhref_strdup(s);
}
