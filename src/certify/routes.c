/* routes.c -- the independent routes of a golden case (certify.h): a table, each
 * route an edit of the case's spec run into a sink that collects its columns, or the
 * oracle.  Adding a route is one row of the table. */
#include "certify/certify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrate/integrate_internal.h"
#include "models/models_internal.h"
#include "run/run_internal.h"

/* the spec edits: the case's precision P bits and digits D, or more */
static int edit_p(nhref_spec_t *spec, long p, double d)
{
    int s = nhref_spec_set_prec(spec, p);
    return s == NHREF_OK ? nhref_spec_set_digits(spec, d) : s;
}

static int edit_hi(nhref_spec_t *spec, long p, double d)
{
    return edit_p(spec, p + 64, d + 19);
}

static int edit_gauss(nhref_spec_t *spec, long p, double d)
{
    int s = nhref_spec_set_scheme(spec, "gauss");
    return s == NHREF_OK ? edit_p(spec, p, d) : s;
}

static int edit_proven(nhref_spec_t *spec, long p, double d)
{
    int s = nhref_spec_set_type(spec, NHREF_RUN_PROVEN);
    nhref_spec_set_max_steps(spec, NHREF_GOLDEN_PROVEN_MAX_STEPS);
    return s == NHREF_OK ? edit_p(spec, p + 32, d + 8) : s;
}

static const nhref_route_t routes[] = {
    {"taylor@p", NHREF_ROUTE_RUN, 0, "Taylor", edit_p},
    {"taylor@p+64", NHREF_ROUTE_RUN, 1, "Taylor", edit_hi},
    {"gauss@p", NHREF_ROUTE_RUN, 0, "Gauss-Legendre collocation", edit_gauss},
    {"closed-form", NHREF_ROUTE_CLOSED, 0, NULL, NULL},
    {"oracle-integrals", NHREF_ROUTE_INTEGRALS, 0, NULL, NULL},
    {"proven", NHREF_ROUTE_PROVEN, 0, NULL, edit_proven},
};

size_t nhref_route_count(void)
{
    return sizeof routes / sizeof routes[0];
}

const nhref_route_t *nhref_route_get(size_t i)
{
    return i < nhref_route_count() ? &routes[i] : NULL;
}

void nhref_route_result_clear(nhref_route_result_t *res, size_t nt, size_t nc)
{
    nhref_vec_free(res->rows, nt * nc);
    if (res->balls != NULL) {
        _arb_vec_clear(res->balls, (slong)(nt * nc));
        arb_clear(res->teb);
    } else if (res->have_te) {
        mpfr_clear(res->te);
    }
    memset(res, 0, sizeof *res);
}

/* ------------------------------------------------------------------ the collector sink */
typedef struct {
    nhref_certificate_t *cert;
    nhref_route_result_t *res;
    const char *name;
    double weight;
} collector_t;

static void on_progress(void *arg, double f)
{
    collector_t *co = arg;
    nhref_certificate_t *c = co->cert;
    if (c->progress != NULL)
        c->progress(c->arg, co->name, (c->done + f) / c->total);
}

/* an MPFR route's row: its state and integrals at the route's precision */
static int collect_row(void *self, const nhref_row_t *row)
{
    collector_t *co = self;
    nhref_certificate_t *c = co->cert;
    mpfr_ptr dst = co->res->rows + row->index * c->nc;
    for (size_t k = 0; k < c->nc; k++)
        nhref_row_get_mpfr(dst + k, row, 1 + k);
    co->res->nrows = row->index + 1;
    return 0;
}

/* the end of a route: its statistics, and the case's event time where the run stopped
 * there after the last row (a ball for the proven route) */
static int collect_end(void *self, const nhref_run_end_t *end)
{
    collector_t *co = self;
    nhref_route_result_t *res = co->res;
    res->stats = end->stats;
    res->status = end->status;
    if (end->status == NHREF_OK && end->stats.outcome == NHREF_OUTCOME_EVENT &&
        end->stats.event == co->cert->event && res->nrows == co->cert->nt) {
        if (res->balls != NULL) {
            arb_set(res->teb, end->stop->t);
        } else {
            mpfr_init2(res->te, res->prec);
            nhref_row_get_mpfr(res->te, end->stop, 0);
        }
        res->have_te = 1;
    }
    return 0;
}

/* the run's outcome judged for the case: it must reach the last time, and stop at the
 * case's event (if any) after it */
static int judge_run(const nhref_certificate_t *c, const nhref_route_result_t *res, char *err,
                     size_t errlen)
{
    const nhref_case_t *cs = c->c;
    const char *name = res->route->name, *last = cs->times[c->nt - 1];
    const nhref_stats_t *st = &res->stats;
    if (res->status == NHREF_EBLOWUP)
        return nhref_certify_fail(
            err, errlen, res->status,
            "case [%s]: route %s: stopped before a finite-time blow-up: the solution "
            "leaves every bound near t = %.15g, before the last time %s (give times "
            "before it)",
            cs->name, name, st->t_blowup, last);
    if (res->status == NHREF_ESTEP)
        return nhref_certify_fail(
            err, errlen, res->status,
            "case [%s]: route %s: stopped: step size underflow near t = %.15g after %lu "
            "steps, before the last time %s",
            cs->name, name, st->t_stop, st->nsteps, last);
    if (res->status == NHREF_EMAXSTEPS && st->steps_estimate > 0)
        return nhref_certify_fail(
            err, errlen, res->status,
            "case [%s]: route %s: the run to the last time %s would take about %.2g steps "
            "(extrapolated from the step size after %lu steps, at t = %.6g), more than its "
            "step limit: give earlier times",
            cs->name, name, last, st->steps_estimate, st->nsteps, st->t_stop);
    if (res->status != NHREF_OK)
        return nhref_certify_fail(err, errlen, res->status,
                                  "case [%s]: route %s failed after %lu steps: %s", cs->name, name,
                                  st->nsteps, nhref_strerror(res->status));
    if (st->outcome == NHREF_OUTCOME_EVENT && (st->event != c->event || res->nrows < c->nt))
        return nhref_certify_fail(
            err, errlen, NHREF_EINVAL,
            "case [%s]: route %s: the event '%s' stopped the run at t = %.17g, before the "
            "last time (give times before it, or 'event = %s' and 'event-horizon')",
            cs->name, name, c->m->event[st->event].name, st->t_stop, c->m->event[st->event].name);
    if (c->event >= 0 && st->outcome != NHREF_OUTCOME_EVENT)
        return nhref_certify_fail(err, errlen, NHREF_EINVAL,
                                  "case [%s]: route %s: no event '%s' before t = %s", cs->name,
                                  name, cs->event, cs->event_horizon);
    return NHREF_OK;
}

/* the spec of route R: the case's, edited */
static int route_spec(nhref_spec_t **spec, nhref_certificate_t *c, const nhref_route_t *r,
                      char *err, size_t errlen)
{
    int status = nhref_spec_copy(spec, c->spec);
    if (status == NHREF_OK)
        status = r->edit(*spec, c->p, c->c->digits);
    if (status != NHREF_OK)
        return nhref_certify_fail(err, errlen, status, "case [%s]: route %s: %s", c->c->name,
                                  r->name,
                                  *spec != NULL ? nhref_spec_error(*spec) : nhref_strerror(status));
    return NHREF_OK;
}

static int run_integration(nhref_certificate_t *c, nhref_route_result_t *res, char *err,
                           size_t errlen)
{
    const nhref_route_t *r = res->route;
    collector_t co = {c, res, r->name, 1.0};
    nhref_sink_t sink = {&co, NULL, collect_row, NULL, collect_end, NULL};
    nhref_spec_t *spec = NULL;
    int status = route_spec(&spec, c, r, err, errlen);

    if (status == NHREF_OK) {
        nhref_spec_set_progress(spec, on_progress, &co);
        nhref_spec_set_integral_guard(spec, 0); /* the routes' agreement certifies digits */
        status = nhref_spec_resolve(spec);
    }
    if (status == NHREF_OK) {
        res->prec = nhref_spec_prec(spec);
        res->digits = nhref_spec_digits(spec);
        res->rows = nhref_vec_new(c->nt * c->nc, res->prec);
        status = res->rows != NULL ? nhref_run(spec, &sink, NULL) : NHREF_ENOMEM;
        if (status != NHREF_OK && res->stats.outcome == NHREF_OUTCOME_NONE)
            status = nhref_certify_fail(err, errlen, status,
                                        "case [%s]: route %s: cannot set up the integrator: %s",
                                        c->c->name, r->name, nhref_spec_error(spec));
        else
            status = judge_run(c, res, err, errlen);
    } else if (err[0] == '\0') {
        nhref_certify_fail(err, errlen, status,
                           "case [%s]: route %s: cannot set up the integrator: %s", c->c->name,
                           r->name, nhref_spec_error(spec));
    }
    res->ran = status == NHREF_OK;
    res->order = res->stats.order_max;
    nhref_spec_free(spec);
    return status;
}

/* ------------------------------------------------------------------ the oracle */
/* WS = a workspace of the model's own first integrals (its integral tape) at PREC bits,
 * for a closed form whose oracle has no integrals of its own (a model file's
 * [solution]): the integral columns of the closed-form route are then the model's
 * integrals of the closed-form state; NULL if the model has none */
static nhref_tape_mp_t *integrals_ws(const nhref_certificate_t *c, long prec)
{
    const nhref_system_t *sys = nhref_spec_system(c->spec);
    const nhref_tape_t *tape = nhref_system_integral_tape(sys);
    nhref_tape_mp_t *ws = NULL;
    if (c->ni == 0 || tape == NULL ||
        nhref_system_workspace_mp(&ws, sys, tape, prec, 0, 0) != NHREF_OK)
        return NULL;
    return ws;
}

/* the closed form at every time, and the oracle's integrals on it (or the model's own,
 * integrals_ws) (not run if the model has no closed form here) */
static int run_closed_form(nhref_certificate_t *c, nhref_route_result_t *res, char *err,
                           size_t errlen)
{
    const nhref_oracle_t *o = nhref_model_oracle(c->m);
    long prec = c->p + 64;
    __mpfr_struct *p, *x0;
    mpfr_t t, t0, dt;
    void *sol = NULL;
    int status;

    if (!nhref_oracle_has_solution(o))
        return NHREF_OK;
    p = nhref_vec_new(c->m->nparam, prec);
    x0 = nhref_vec_new(c->nx, prec);
    mpfr_inits2(prec, t, t0, (mpfr_ptr)0);
    mpfr_init2(dt, prec + 64);
    nhref_system_params(p, nhref_spec_system(c->spec));
    nhref_spec_x0(c->spec, x0);
    /* the oracles take the initial state at t = 0: the closed form of these autonomous
     * systems is evaluated at t - t-start (as nhref verify does), the integrals at t */
    nhref_decimal_set(t0, c->c->t_start);
    status = nhref_oracle_solution_new(o, &sol, p, x0, t0, prec);
    if (status == NHREF_OK) {
        int own = o->integrals != NULL && o->nintegral == c->ni;
        nhref_tape_mp_t *iws = own ? NULL : integrals_ws(c, prec);
        res->rows = nhref_vec_new(c->nt * c->nc, prec);
        for (size_t i = 0; i < c->nt && status == NHREF_OK; i++) {
            mpfr_ptr row = res->rows + i * c->nc;
            nhref_decimal_set(t, c->c->times[i]);
            mpfr_sub(dt, t, t0, MPFR_RNDN);
            status = o->solution_state(row, sol, dt);
            if (status == NHREF_OK && own)
                o->integrals(row + c->nx, p, row, t);
            else if (status == NHREF_OK && iws != NULL)
                nhref_tape_mp_eval(row + c->nx, iws, t, row);
            else
                for (size_t k = 0; k < c->ni; k++)
                    mpfr_set_nan(row + c->nx + k);
        }
        nhref_tape_mp_free(iws);
        o->solution_free(sol);
        if (status != NHREF_OK)
            nhref_certify_fail(err, errlen, status, "case [%s]: closed form failed: %s", c->c->name,
                               nhref_strerror(status));
    } else if (status == NHREF_ENOTFOUND || status == NHREF_EINVAL || status == NHREF_EPARSE) {
        status = NHREF_OK; /* no closed form for these parameters: no route */
    } else {
        nhref_certify_fail(err, errlen, status, "case [%s]: closed form: %s", c->c->name,
                           nhref_strerror(status));
    }
    res->ran = status == NHREF_OK && res->rows != NULL;
    res->prec = prec;
    res->oracle = o->model;
    res->oracle_what = o->description;
    if (status != NHREF_OK) {
        nhref_vec_free(res->rows, c->nt * c->nc);
        res->rows = NULL;
    }
    nhref_vec_free(p, c->m->nparam);
    nhref_vec_free(x0, c->nx);
    mpfr_clears(t, t0, dt, (mpfr_ptr)0);
    return status;
}

/* the oracle's first integrals of the values (an independent formula); NT x NI */
static int run_oracle_integrals(nhref_certificate_t *c, nhref_route_result_t *res)
{
    const nhref_oracle_t *o = nhref_model_oracle(c->m);
    long prec = c->p + 64;
    __mpfr_struct *p;
    mpfr_t t;

    if (o == NULL || o->integrals == NULL || o->nintegral != c->ni || c->ni == 0 ||
        c->values == NULL)
        return NHREF_OK;
    p = nhref_vec_new(c->m->nparam, prec);
    res->rows = nhref_vec_new(c->nt * c->nc, prec);
    if (p == NULL || res->rows == NULL) {
        nhref_vec_free(p, c->m->nparam);
        return NHREF_ENOMEM;
    }
    mpfr_init2(t, prec);
    nhref_system_params(p, nhref_spec_system(c->spec));
    for (size_t i = 0; i < c->nt; i++) {
        nhref_decimal_set(t, c->c->times[i]);
        o->integrals(res->rows + i * c->ni, p, c->values->rows + i * c->nc, t);
    }
    mpfr_clear(t);
    nhref_vec_free(p, c->m->nparam);
    res->ran = 1;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the proven route
 * The validated integrator through the case's times from balls that contain the
 * decimals: per row, a ball for every column that contains the true value.  It runs
 * after the certification; a column is PROVEN when its balls prove the printed values
 * to at least their certified digits on every row; the run stops where no column can. */
_Thread_local double nhref_golden_test_proven_shift = 0;
_Thread_local double nhref_golden_test_proven_first_less = 0;

/* the test hook: a wrong enclosure */
static void shift(arb_ptr b, long prec)
{
    arb_t sh;
    arb_init(sh);
    arb_set_d(sh, nhref_golden_test_proven_shift);
    if (arf_cmpabs_2exp_si(arb_midref(b), 0) > 0)
        arb_mul_arf(sh, sh, arb_midref(b), 64);
    arf_add(arb_midref(b), arb_midref(b), arb_midref(sh), prec, ARF_RND_NEAR);
    arb_clear(sh);
}

static int proven_row(void *self, const nhref_row_t *row)
{
    collector_t *co = self;
    nhref_certificate_t *c = co->cert;
    nhref_route_result_t *res = co->res;
    size_t i = row->index;
    int any = 0;

    for (size_t k = 0; k < c->nc; k++) {
        arb_ptr b = res->balls + i * c->nc + k;
        arb_set(b, k < c->nx ? (arb_srcptr)row->x + k : (arb_srcptr)row->integrals + (k - c->nx));
        if (nhref_golden_test_proven_shift != 0)
            shift(b, res->prec);
    }
    res->nrows = i + 1;
    for (size_t k = 0; k < c->nc; k++) {
        double d;
        if (!c->alive[k])
            continue;
        d = nhref_proven_cell_digits(c->values->rows + i * c->nc + k, res->balls + i * c->nc + k,
                                     (int)c->c->digits + 4);
        if (!isnan(d) && d < c->pdig[k]) {
            c->pdig[k] = d;
            c->pdig_row[k] = i;
        }
        if (c->pdig[k] < c->need[k])
            c->alive[k] = 0;
        any |= c->alive[k];
    }
    return any ? 0 : 1; /* no column can keep its digits: stop */
}

static int proven_begin(void *self, const nhref_run_info_t *info)
{
    collector_t *co = self;
    co->res->order = info->order;
    return 0;
}

/* how the proven route ended, when not at the last row */
static void proven_note(nhref_certificate_t *c, nhref_route_result_t *res)
{
    const nhref_stats_t *st = &res->stats;
    if (res->status == NHREF_OK && st->outcome == NHREF_OUTCOME_EVENT) {
        if (!res->have_te)
            snprintf(res->note, sizeof res->note,
                     "stopped by the event '%s' before the last time",
                     c->m->event[st->event].name);
    } else if (res->status == NHREF_EIO) {
        snprintf(res->note, sizeof res->note,
                 "stopped at the row t = %s: no column kept its certified digits",
                 c->c->times[res->nrows - 1]);
    } else if (res->status != NHREF_OK) {
        snprintf(res->note, sizeof res->note, "stopped at t = %.15g after %lu steps: %s",
                 st->t_stop, st->nsteps, nhref_strerror(res->status));
    }
}

/* more digits for the proven route's second run (run_proven) */
#define PROVEN_MORE_DIGITS 16

/* the proven route's spec at EXTRA digits more than edit_proven's (D + 8 digits, p + 32
 * bits), EXTRA's bits by nhref_digits_prec's rule; RES says the run's digits and bits */
static int proven_at(nhref_spec_t *spec, const nhref_certificate_t *c, nhref_route_result_t *res,
                     double extra)
{
    res->digits = c->c->digits + 8 + extra;
    res->prec = c->p + 32 + (nhref_digits_prec(fabs(extra)) - NHREF_GUARD_BITS) * (extra < 0 ? -1 : 1);
    return edit_p(spec, res->prec, res->digits);
}

/* 1 if a certified column was not kept to the last row by the proven run */
static int proven_short(const nhref_certificate_t *c, const nhref_route_result_t *res)
{
    for (size_t k = 0; k < c->nc; k++)
        if (c->need[k] >= 1 && (!c->alive[k] || res->nrows < c->nt))
            return 1;
    return 0;
}

static int run_proven(nhref_certificate_t *c, nhref_route_result_t *res, char *err, size_t errlen)
{
    collector_t co = {c, res, "proven", 1.0};
    nhref_sink_t sink = {&co, proven_begin, proven_row, NULL, collect_end, NULL};
    nhref_spec_t *spec = NULL;
    size_t nneed = 0;
    int status;

    for (size_t k = 0; k < c->nc; k++)
        nneed += c->need[k] >= 1;
    if (nneed == 0) {
        snprintf(res->note, sizeof res->note, "not run: no column is certified to a digit");
        return NHREF_OK;
    }
    /* forward only: the times from t-start on, increasing */
    if (nhref_dec_cmp(c->c->times[c->nt - 1], c->c->t_start) < 0) {
        snprintf(res->note, sizeof res->note,
                 "not run: the times run backward from t-start (the proven route integrates "
                 "forward only)");
        return NHREF_OK;
    }
    if ((status = route_spec(&spec, c, res->route, err, errlen)) != NHREF_OK)
        return status;
    nhref_spec_set_progress(spec, on_progress, &co);
    if ((status = proven_at(spec, c, res, -nhref_golden_test_proven_first_less)) != NHREF_OK) {
        nhref_spec_free(spec);
        return status;
    }
    res->balls = _arb_vec_init((slong)(c->nt * c->nc));
    arb_init(res->teb);
    for (size_t q = 0; q < c->nt * c->nc; q++)
        arb_indeterminate(res->balls + q);
    status = nhref_run(spec, &sink, NULL);
    /* a certified column that the balls did not keep to the last row, the run not stopped
     * by the case's event: once more with PROVEN_MORE_DIGITS more digits (the balls of a
     * sensitive case widen by many digits over its times: cbv P5 keeps 26-28.5 of its
     * 28-29 certified digits at D + 8, and the proven route then stopped at t = 9) */
    if (status != NHREF_ENOMEM && res->stats.outcome != NHREF_OUTCOME_NONE &&
        res->stats.outcome != NHREF_OUTCOME_EVENT && proven_short(c, res)) {
        double first = res->digits;
        if (proven_at(spec, c, res, PROVEN_MORE_DIGITS) == NHREF_OK) {
            for (size_t k = 0; k < c->nc; k++) {
                c->alive[k] = c->need[k] >= 1;
                c->pdig[k] = INFINITY;
            }
            for (size_t q = 0; q < c->nt * c->nc; q++)
                arb_indeterminate(res->balls + q);
            res->nrows = 0;
            res->have_te = 0;
            res->first_digits = first;
            status = nhref_run(spec, &sink, NULL);
        }
    }
    if (status != NHREF_OK && res->stats.outcome == NHREF_OUTCOME_NONE) {
        /* the validated integrator cannot run this case: the columns stay VALIDATED */
        snprintf(res->note, sizeof res->note, "not run: %s", nhref_strerror(status));
        nhref_spec_free(spec);
        return status == NHREF_ENOMEM ? status : NHREF_OK;
    }
    res->ran = 1;
    proven_note(c, res);
    nhref_spec_free(spec);
    return status == NHREF_ENOMEM ? NHREF_ENOMEM : NHREF_OK;
}

int nhref_route_run(nhref_certificate_t *c, const nhref_route_t *r, nhref_route_result_t *res,
                    char *err, size_t errlen)
{
    int status;
    res->route = r;
    switch (r->kind) {
    case NHREF_ROUTE_RUN:
        status = run_integration(c, res, err, errlen);
        c->done += 1;
        return status;
    case NHREF_ROUTE_CLOSED:
        return run_closed_form(c, res, err, errlen);
    case NHREF_ROUTE_INTEGRALS:
        return run_oracle_integrals(c, res);
    case NHREF_ROUTE_PROVEN:
        return run_proven(c, res, err, errlen);
    }
    return NHREF_EINVAL;
}
