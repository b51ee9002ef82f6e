/* golden.c -- `nhref golden`: compute a case by independent routes, certify each
 * column by the digits on which all routes agree, write the golden file (format
 * and routes: nhref_golden.h; DESIGN §4–§5). */
#include "nhref_golden.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <arb.h>

#include "strutil.h"
#include "io/golden_certify.h"
#include "nhref.h"
#include "nhref_arb.h"

enum { ROUTE_P, ROUTE_HI, ROUTE_GAUSS, NROUTES };
static const char *route_name[NROUTES] = {"taylor@p", "taylor@p+64", "gauss@p"};

/* append to BUF (LEN bytes, *USED of them written so far), truncating */
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (*used + 1 >= len)
        return;
    va_start(ap, fmt);
    n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used = *used + (size_t)n < len ? *used + (size_t)n : len - 1;
}

static void fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

typedef struct {
    mpfr_prec_t prec;
    double digits;
    const char *scheme;
    __mpfr_struct *rows; /* nt x (nx + ni): state then integrals */
    nhref_stats_t stats;
    unsigned stages_or_order;
    mpfr_t te;           /* the case's event: its time in this route */
    int have_te;
} route_t;

typedef struct {
    const nhref_case_t *c;
    const nhref_model_t *m;
    nhref_system_t *sys;
    size_t nt, nx, ni, nc; /* times, state, integrals, nx + ni */
    int prepend;           /* the grid starts at t-start, which is not a row */
    int event;             /* index of the case's event in the model's table, or -1 */
    nhref_golden_progress_t progress;
    void *arg;
    double done, total;
} job_t;

/* progress from inside an integration: fraction of the route, scaled */
typedef struct {
    job_t *job;
    const char *route;
    double weight;
} prog_t;

static void on_progress(void *a, double f)
{
    prog_t *p = a;
    if (p->job->progress != NULL)
        p->job->progress(p->job->arg, p->route, (p->job->done + f * p->weight) / p->job->total);
}

/* the initial state at PREC: the model's defaults, then the case's init lines */
static int initial_state(mpfr_ptr x0, job_t *j, char *err, size_t errlen)
{
    for (size_t i = 0; i < j->nx; i++)
        nhref_decimal_set(x0 + i, j->m->state[i].default_init);
    for (size_t i = 0; i < j->c->ninit; i++) {
        int k = nhref_model_state_index(j->m, j->c->init_name[i]);
        if (k < 0) {
            fail(err, errlen, "%s:%zu: case [%s]: unknown state variable '%s' of model %s",
                 j->c->file, j->c->line, j->c->name, j->c->init_name[i], j->m->name);
            return NHREF_EPARSE;
        }
        nhref_decimal_set(x0 + k, j->c->init_value[i]);
    }
    return NHREF_OK;
}

/* the grid at PREC: t-start (if it is not the first time), then the times */
static __mpfr_struct *grid(job_t *j, mpfr_prec_t prec, size_t *n)
{
    __mpfr_struct *g;
    size_t k = 0;
    *n = j->nt + (size_t)j->prepend + (j->event >= 0);
    g = nhref_vec_new(*n, prec);
    if (g == NULL)
        return NULL;
    if (j->prepend)
        nhref_decimal_set(g + k++, j->c->t_start);
    for (size_t i = 0; i < j->nt; i++)
        nhref_decimal_set(g + k++, j->c->times[i]);
    if (j->event >= 0) /* run on to the event, at the latest to the horizon */
        nhref_decimal_set(g + k++, j->c->event_horizon);
    return g;
}

static int run_route(job_t *j, route_t *r, const char *name, char *err, size_t errlen)
{
    nhref_options_t opt;
    nhref_integrator_t *ig;
    __mpfr_struct *x0, *g, *out;
    size_t ng;
    int status;
    prog_t pr = {j, name, 1.0};

    nhref_options_default(&opt);
    opt.prec = r->prec;
    opt.digits = r->digits;
    opt.scheme = r->scheme;
    opt.progress = on_progress;
    opt.progress_arg = &pr;
    status = nhref_integrator_new(&ig, j->sys, &opt);
    if (status != NHREF_OK) {
        fail(err, errlen, "case [%s]: route %s: cannot set up the integrator: %s", j->c->name,
             name, nhref_strerror(status));
        return status;
    }
    x0 = nhref_vec_new(j->nx, r->prec);
    g = grid(j, r->prec, &ng);
    out = nhref_vec_new(ng * j->nx, r->prec);
    status = initial_state(x0, j, err, errlen);
    if (status == NHREF_OK) {
        size_t rows_wanted = j->nt + (size_t)j->prepend;
        status = nhref_integrate_grid(ig, out, x0, g, ng, &r->stats);
        if (status == NHREF_EBLOWUP) {
            fail(err, errlen,
                 "case [%s]: route %s: stopped before a finite-time blow-up: the solution leaves "
                 "every bound near t = %.15g, before the last time %s (give times before it)",
                 j->c->name, name, r->stats.t_blowup, j->c->times[j->nt - 1]);
        } else if (status == NHREF_ESTEP) {
            fail(err, errlen,
                 "case [%s]: route %s: stopped: step size underflow near t = %.15g after %lu "
                 "steps, before the last time %s",
                 j->c->name, name, r->stats.t_stop, r->stats.nsteps, j->c->times[j->nt - 1]);
        } else if (status != NHREF_OK) {
            fail(err, errlen, "case [%s]: route %s failed after %lu steps: %s", j->c->name, name,
                 r->stats.nsteps, nhref_strerror(status));
        } else if (r->stats.outcome == NHREF_OUTCOME_EVENT &&
                   (r->stats.event != j->event || r->stats.nrows < rows_wanted)) {
            fail(err, errlen,
                 "case [%s]: route %s: the event '%s' stopped the run at t = %.17g, before the "
                 "last time (give times before it, or 'event = %s' and 'event-horizon')",
                 j->c->name, name, j->m->event[r->stats.event].name, r->stats.t_stop,
                 j->m->event[r->stats.event].name);
            status = NHREF_EINVAL;
        } else if (j->event >= 0 && r->stats.outcome != NHREF_OUTCOME_EVENT) {
            fail(err, errlen, "case [%s]: route %s: no event '%s' before t = %s", j->c->name,
                 name, j->c->event, j->c->event_horizon);
            status = NHREF_EINVAL;
        } else if (j->event >= 0) {
            __mpfr_struct *xe = nhref_vec_new(j->nx, r->prec);
            mpfr_init2(r->te, r->prec);
            r->have_te = 1;
            nhref_integrator_state(ig, r->te, xe);
            nhref_vec_free(xe, j->nx);
        }
    }
    if (status == NHREF_OK) {
        r->stages_or_order = r->stats.order_max;
        r->rows = nhref_vec_new(j->nt * j->nc, r->prec);
        for (size_t i = 0; i < j->nt; i++) {
            mpfr_ptr row = r->rows + i * j->nc;
            mpfr_srcptr x = out + (i + (size_t)j->prepend) * j->nx;
            for (size_t k = 0; k < j->nx; k++)
                mpfr_set(row + k, x + k, MPFR_RNDN);
            if (j->ni > 0)
                nhref_integrator_integrals(ig, row + j->nx, g + i + (size_t)j->prepend, x);
        }
    }
    nhref_vec_free(x0, j->nx);
    nhref_vec_free(g, ng);
    nhref_vec_free(out, ng * j->nx);
    nhref_integrator_free(ig);
    return status;
}

/* the closed form at every time, and the oracle's integrals on it (NULL rows
 * if the model has no oracle or no closed form) */
static int run_oracle(job_t *j, const nhref_oracle_t *o, mpfr_prec_t prec, __mpfr_struct **rows,
                      char *err, size_t errlen)
{
    __mpfr_struct *p = nhref_vec_new(j->m->nparam, prec), *x0 = nhref_vec_new(j->nx, prec), *t = nhref_vec_new(1, prec);
    __mpfr_struct *t0 = nhref_vec_new(1, prec), *dt = nhref_vec_new(1, prec + 64);
    void *sol = NULL;
    int status;

    *rows = NULL;
    nhref_system_params(p, j->sys);
    status = initial_state(x0, j, err, errlen);
    /* the oracles take the initial state at t = 0: the closed form of these autonomous
     * systems is evaluated at t - t-start (as nhref verify does), the integrals at t */
    nhref_decimal_set(t0, j->c->t_start);
    if (status == NHREF_OK)
        status = o->solution_new(&sol, p, x0, prec);
    if (status == NHREF_ENOTFOUND) {
        /* the oracle has no closed form for these parameters: no closed-form route */
        nhref_vec_free(p, j->m->nparam);
        nhref_vec_free(x0, j->nx);
        nhref_vec_free(t, 1);
        nhref_vec_free(t0, 1);
        nhref_vec_free(dt, 1);
        return NHREF_OK;
    }
    if (status == NHREF_OK) {
        *rows = nhref_vec_new(j->nt * j->nc, prec);
        for (size_t i = 0; i < j->nt && status == NHREF_OK; i++) {
            mpfr_ptr row = *rows + i * j->nc;
            nhref_decimal_set(t, j->c->times[i]);
            mpfr_sub(dt, t, t0, MPFR_RNDN);
            status = o->solution_state(row, sol, dt);
            if (status == NHREF_OK && o->integrals != NULL && o->nintegral == j->ni)
                o->integrals(row + j->nx, p, row, t);
            else
                for (size_t k = 0; k < j->ni; k++)
                    mpfr_set_nan(row + j->nx + k);
        }
        o->solution_free(sol);
        if (status != NHREF_OK)
            fail(err, errlen, "case [%s]: closed form failed: %s", j->c->name,
                 nhref_strerror(status));
    } else if (status != NHREF_EINVAL && status != NHREF_EPARSE) {
        fail(err, errlen, "case [%s]: closed form: %s", j->c->name, nhref_strerror(status));
    }
    nhref_vec_free(p, j->m->nparam);
    nhref_vec_free(x0, j->nx);
    nhref_vec_free(t, 1);
    nhref_vec_free(t0, 1);
    nhref_vec_free(dt, 1);
    if (status != NHREF_OK) {
        nhref_vec_free(*rows, j->nt * j->nc);
        *rows = NULL;
    }
    return status;
}

/* ------------------------------------------------------------------ the proven route
 * The validated integrator (nhref_arb.h) through the case's times, from the initial
 * state and times as balls that contain their decimals: per row, a ball for every
 * state variable and first integral that contains the true value.  It runs after the
 * other routes; a column is PROVEN when the ball proves the printed value to at least
 * its certified digits on every row (proven_cell_digits). */
double nhref_golden_hook_proven_shift = 0;

typedef struct {
    job_t *j;
    int tried;             /* 0: not run (NOTE says why) */
    int status;            /* of nhref_proven_grid */
    int stopped_early;     /* 1: stopped because no column could keep its digits */
    arb_ptr rows;          /* nt x nc balls */
    size_t nrows;          /* rows enclosed: rows 0 .. nrows-1 */
    nhref_stats_t stats;
    arb_t te;              /* the case's event: its time ball */
    int have_te;
    long prec;
    unsigned order;
    double digits;
    char note[256];
    /* early stop: a column is alive while its rows keep NEED[k] proven digits */
    nhref_proven_t *pv;
    mpfr_srcptr values;    /* the values (nt x nc) */
    const double *need;
    int *alive;
    double *dig;           /* per column: min proven digits so far */
    size_t *dig_row;
    arb_ptr I;
} proven_route_t;

/* U = an upper bound (UPPER) or a lower bound of |W - B|, W exact, at U's precision */
static void distance_bound(mpfr_ptr u, mpfr_srcptr w, arb_srcptr b, int upper)
{
    arb_t d;
    mag_t e;
    arf_t ea;
    arb_init(d);
    mag_init(e);
    arf_init(ea);
    arf_set_mpfr(arb_midref(d), w);
    arb_sub(d, d, b, ARF_PREC_EXACT);
    if (upper)
        arb_get_mag(e, d);
    else
        arb_get_mag_lower(e, d);
    arf_set_mag(ea, e);
    arf_get_mpfr(u, ea, upper ? MPFR_RNDU : MPFR_RNDD);
    arf_clear(ea);
    mag_clear(e);
    arb_clear(d);
}

/* The digits the ball B proves for the printed value V (P significant digits):
 * -log10((|v - b| + conversion) / max(|v|, 1)), every operation rounded the safe way
 * (a lower bound); the conversion error of printing v is at most |v| 5 10^-P.
 * NaN if V is NaN; -inf if B is not finite; +inf if V is exact (B = v, exact). */
static double proven_cell_digits(mpfr_srcptr v, arb_srcptr b, int printed)
{
    mpfr_t u, s;
    double r;

    if (mpfr_nan_p(v))
        return NAN;
    if (!arb_is_finite(b) || !mpfr_number_p(v))
        return -INFINITY;
    mpfr_inits2(64, u, s, (mpfr_ptr)0);
    distance_bound(u, v, b, 1);
    if (!mpfr_zero_p(v)) { /* + |v| 5 10^-P */
        mpfr_set_si(s, -(long)printed, MPFR_RNDN);
        mpfr_exp10(s, s, MPFR_RNDU);
        mpfr_mul_ui(s, s, 5, MPFR_RNDU);
        mpfr_mul(s, s, v, mpfr_sgn(v) > 0 ? MPFR_RNDU : MPFR_RNDD); /* |.| rounded up */
        mpfr_abs(s, s, MPFR_RNDN);
        mpfr_add(u, u, s, MPFR_RNDU);
    }
    if (mpfr_zero_p(u)) {
        r = INFINITY;
    } else {
        mpfr_abs(s, v, MPFR_RNDD);
        if (mpfr_cmp_ui(s, 1) < 0)
            mpfr_set_ui(s, 1, MPFR_RNDN);
        mpfr_div(u, u, s, MPFR_RNDU);
        mpfr_log10(u, u, MPFR_RNDU);
        mpfr_neg(u, u, MPFR_RNDD);
        r = mpfr_get_d(u, MPFR_RNDD);
    }
    mpfr_clears(u, s, (mpfr_ptr)0);
    return r;
}

/* 1 if W lies farther than 2 10^-CERT max(|w|, 1) from the ball B (a lower bound of the
 * distance, so that only a proven inconsistency counts) */
static int outside_ball(mpfr_srcptr w, arb_srcptr b, double cert)
{
    mpfr_t lo, a;
    int out;
    if (!mpfr_number_p(w) || !arb_is_finite(b) || cert < 0)
        return 0;
    mpfr_inits2(64, lo, a, (mpfr_ptr)0);
    distance_bound(lo, w, b, 0);
    /* the allowance a = 2 10^-cert max(|w|, 1), rounded up: only a distance proven
     * beyond it counts */
    mpfr_set_d(a, -cert, MPFR_RNDU);
    mpfr_exp10(a, a, MPFR_RNDU);
    mpfr_mul_ui(a, a, 2, MPFR_RNDU);
    if (mpfr_cmpabs_ui(w, 1) > 0) {
        mpfr_t aw;
        mpfr_init2(aw, mpfr_get_prec(w));
        mpfr_abs(aw, w, MPFR_RNDN); /* exact */
        mpfr_mul(a, a, aw, MPFR_RNDU);
        mpfr_clear(aw);
    }
    out = mpfr_cmp(lo, a) > 0;
    mpfr_clears(lo, a, (mpfr_ptr)0);
    return out;
}

static int proven_on_row(void *arg, size_t i, arb_srcptr t, arb_srcptr x)
{
    proven_route_t *pr = arg;
    job_t *j = pr->j;
    size_t row;
    int any = 0;
    if (i < (size_t)j->prepend || i - (size_t)j->prepend >= j->nt)
        return 0; /* t-start before the first time, or the event horizon */
    row = i - (size_t)j->prepend;
    for (size_t k = 0; k < j->nx; k++)
        arb_set(pr->rows + row * j->nc + k, x + k);
    if (j->ni > 0) {
        nhref_proven_integrals(pr->pv, pr->I, t, x);
        for (size_t k = 0; k < j->ni; k++)
            arb_set(pr->rows + row * j->nc + j->nx + k, pr->I + k);
    }
    if (nhref_golden_hook_proven_shift != 0) /* test hook: a wrong enclosure */
        for (size_t k = 0; k < j->nc; k++) {
            arb_ptr b = pr->rows + row * j->nc + k;
            arb_t sh;
            arb_init(sh);
            arb_set_d(sh, nhref_golden_hook_proven_shift);
            if (arf_cmpabs_2exp_si(arb_midref(b), 0) > 0)
                arb_mul_arf(sh, sh, arb_midref(b), 64);
            arf_add(arb_midref(b), arb_midref(b), arb_midref(sh), pr->prec, ARF_RND_NEAR);
            arb_clear(sh);
        }
    pr->nrows = row + 1;
    for (size_t k = 0; k < j->nc; k++) {
        double d;
        if (!pr->alive[k])
            continue;
        d = proven_cell_digits(pr->values + row * j->nc + k, pr->rows + row * j->nc + k,
                               (int)j->c->digits + 4);
        if (!isnan(d) && d < pr->dig[k]) {
            pr->dig[k] = d;
            pr->dig_row[k] = row;
        }
        if (pr->dig[k] < pr->need[k])
            pr->alive[k] = 0;
        any |= pr->alive[k];
    }
    if (!any) {
        pr->stopped_early = 1;
        return 1;
    }
    return 0;
}

/* the proven route: PR->rows and the per-column digits; never an error for the case
 * itself (a route that cannot prove a column leaves it VALIDATED), except memory */
static int run_proven(job_t *j, proven_route_t *pr, mpfr_srcptr values, const double *need,
                      mpfr_prec_t prec)
{
    nhref_options_t opt;
    arb_ptr x0 = NULL, g = NULL;
    size_t ng = j->nt + (size_t)j->prepend + (j->event >= 0), k = 0;
    int status;
    prog_t prg = {j, "proven", 1.0};
    mpfr_t a, b;

    pr->j = j;
    pr->values = values;
    pr->need = need;
    pr->prec = (long)prec;
    pr->digits = j->c->digits + 8;
    pr->alive = malloc(j->nc * sizeof *pr->alive);
    pr->dig = malloc(j->nc * sizeof *pr->dig);
    pr->dig_row = calloc(j->nc, sizeof *pr->dig_row);
    if (pr->alive == NULL || pr->dig == NULL || pr->dig_row == NULL)
        return NHREF_ENOMEM;
    for (size_t q = 0; q < j->nc; q++) {
        pr->alive[q] = need[q] >= 1;
        pr->dig[q] = INFINITY;
    }
    /* forward only: the times from t-start on, increasing */
    mpfr_inits2(256, a, b, (mpfr_ptr)0);
    nhref_decimal_set(a, j->c->t_start);
    nhref_decimal_set(b, j->c->times[j->nt - 1]);
    if (mpfr_cmp(b, a) < 0) {
        snprintf(pr->note, sizeof pr->note,
                 "not run: the times run backward from t-start (the proven route integrates "
                 "forward only)");
        mpfr_clears(a, b, (mpfr_ptr)0);
        return NHREF_OK;
    }
    mpfr_clears(a, b, (mpfr_ptr)0);

    nhref_options_default(&opt);
    opt.prec = prec;
    opt.digits = pr->digits;
    opt.max_steps = NHREF_GOLDEN_PROVEN_MAX_STEPS;
    opt.progress = on_progress;
    opt.progress_arg = &prg;
    status = nhref_proven_new(&pr->pv, j->sys, &opt);
    if (status != NHREF_OK) {
        snprintf(pr->note, sizeof pr->note, "not run: %s", nhref_strerror(status));
        return status == NHREF_ENOMEM ? status : NHREF_OK;
    }
    pr->tried = 1;
    pr->order = nhref_proven_order(pr->pv);
    pr->rows = _arb_vec_init((slong)(j->nt * j->nc));
    pr->I = _arb_vec_init((slong)j->ni + 1);
    x0 = _arb_vec_init((slong)j->nx);
    g = _arb_vec_init((slong)ng);
    arb_init(pr->te);
    for (size_t q = 0; q < j->nt * j->nc; q++)
        arb_indeterminate(pr->rows + q);
    /* the initial state and the times: balls that contain the decimals */
    for (size_t i = 0; i < j->nx; i++) {
        const char *v = j->m->state[i].default_init;
        for (size_t q = 0; q < j->c->ninit; q++)
            if (strcmp(j->c->init_name[q], j->m->state[i].name) == 0)
                v = j->c->init_value[q];
        arb_set_str(x0 + i, v[0] == '+' ? v + 1 : v, (slong)prec);
    }
    if (j->prepend)
        arb_set_str(g + k++, j->c->t_start[0] == '+' ? j->c->t_start + 1 : j->c->t_start,
                    (slong)prec);
    for (size_t i = 0; i < j->nt; i++)
        arb_set_str(g + k++, j->c->times[i][0] == '+' ? j->c->times[i] + 1 : j->c->times[i],
                    (slong)prec);
    if (j->event >= 0)
        arb_set_str(g + k++, j->c->event_horizon, (slong)prec);
    nhref_proven_on_row(pr->pv, proven_on_row, pr);
    pr->status = nhref_proven_grid(pr->pv, NULL, x0, g, ng, &pr->stats);
    if (pr->status == NHREF_OK && pr->stats.outcome == NHREF_OUTCOME_EVENT) {
        if (pr->stats.event == j->event && pr->nrows == j->nt) {
            arb_ptr xe = _arb_vec_init((slong)j->nx);
            nhref_proven_state(pr->pv, pr->te, xe);
            pr->have_te = 1;
            _arb_vec_clear(xe, (slong)j->nx);
        } else {
            snprintf(pr->note, sizeof pr->note, "stopped by the event '%s' before the last time",
                     j->m->event[pr->stats.event].name);
        }
    } else if (pr->stopped_early) {
        snprintf(pr->note, sizeof pr->note,
                 "stopped at the row t = %s: no column kept its certified digits",
                 j->c->times[pr->nrows - 1]);
    } else if (pr->status != NHREF_OK) {
        snprintf(pr->note, sizeof pr->note, "stopped at t = %.15g after %lu steps: %s",
                 pr->stats.t_stop, pr->stats.nsteps, nhref_strerror(pr->status));
    }
    _arb_vec_clear(x0, (slong)j->nx);
    _arb_vec_clear(g, (slong)ng);
    return pr->status == NHREF_ENOMEM ? NHREF_ENOMEM : NHREF_OK;
}

static void proven_route_free(proven_route_t *pr, size_t nt, size_t nc, size_t ni)
{
    if (pr->tried) {
        _arb_vec_clear(pr->rows, (slong)(nt * nc));
        _arb_vec_clear(pr->I, (slong)ni + 1);
        arb_clear(pr->te);
    }
    nhref_proven_free(pr->pv);
    free(pr->alive);
    free(pr->dig);
    free(pr->dig_row);
}

static int mkdir_p(const char *dir)
{
    char *d = nhref_strdup(dir);
    int ok = 1;
    if (d == NULL)
        return -1;
    for (char *p = d + 1; *p != '\0' && ok; p++)
        if (*p == '/') {
            *p = '\0';
            ok = mkdir(d, 0755) == 0 || errno == EEXIST;
            *p = '/';
        }
    ok = ok && (mkdir(d, 0755) == 0 || errno == EEXIST);
    free(d);
    return ok ? 0 : -1;
}

/* ------------------------------------------------------------------ certification */
void nhref_golden_certify_column(nhref_golden_column_t *col, size_t nt, mpfr_srcptr v,
                                 size_t vstride, size_t nroute, mpfr_srcptr const *r,
                                 const size_t *rstride, double cap, double *rowmin,
                                 double *sigrow)
{
    mpfr_t one;
    double worst = NHREF_ORACLE_DIGITS_EXACT, sigmin = NHREF_ORACLE_DIGITS_EXACT;

    memset(col, 0, sizeof *col);
    col->nroute = nroute < NHREF_GOLDEN_MAX_ROUTES ? nroute : NHREF_GOLDEN_MAX_ROUTES;
    mpfr_init2(one, 2);
    mpfr_set_ui(one, 1, MPFR_RNDN);
    for (size_t q = 0; q < col->nroute; q++)
        nhref_oracle_column_init(&col->per[q]);
    for (size_t i = 0; i < nt; i++) {
        mpfr_srcptr vi = v + i * vstride;
        double cell = NHREF_ORACLE_DIGITS_EXACT, dsig;
        int elsewhere = 0;
        for (size_t q = 0; q < col->nroute; q++) {
            mpfr_srcptr a = r[q] + i * rstride[q];
            if (mpfr_nan_p(vi)) {
                elsewhere |= !mpfr_nan_p(a);
                continue; /* undefined here: neither the column nor the row */
            }
            nhref_oracle_column_add(&col->per[q], i, a, vi, one);
            if (!mpfr_nan_p(a)) { /* a route NaN is the column's disagreement only */
                double dg = nhref_oracle_agree_digits(a, vi, one);
                if (dg < cell)
                    cell = dg;
            }
        }
        if (mpfr_nan_p(vi)) {
            col->nundef++;
            col->nelsewhere += (size_t)elsewhere;
            continue;
        }
        if (cell < rowmin[i])
            rowmin[i] = cell;
        /* significant digits: mixed + log10 |v| where |v| < 1 (the mixed measure
         * counts decimal places there) */
        if (mpfr_cmpabs_ui(vi, 1) >= 0 || (mpfr_zero_p(vi) && cell >= NHREF_ORACLE_DIGITS_EXACT)) {
            dsig = cell; /* the two measures are one (or an exact 0: exact in both) */
        } else {
            long e;
            double f = mpfr_zero_p(vi) ? 0 : mpfr_get_d_2exp(&e, vi, MPFR_RNDN);
            if (col->nsmall++ == 0 || mpfr_cmpabs(vi, v + col->tiny_row * vstride) < 0)
                col->tiny_row = i;
            if (cell >= NHREF_ORACLE_DIGITS_EXACT)
                dsig = cell; /* every route exact */
            else if (mpfr_zero_p(vi))
                dsig = -INFINITY;
            else
                dsig = cell + log10(fabs(f)) + (double)e * 0.30102999566398119521;
            if (!(floor(dsig) - NHREF_GOLDEN_MARGIN > 0)) {
                col->nzero++; /* 0 to its certified decimal places: no significant digit */
                continue;
            }
            if (dsig < sigmin)
                sigmin = dsig;
        }
        if (dsig < sigrow[i])
            sigrow[i] = dsig;
    }
    for (size_t q = 0; q < col->nroute; q++) {
        col->mismatch |= col->per[q].nan_rows > 0;
        if (col->per[q].digits < worst)
            worst = col->per[q].digits;
    }
    if (col->nundef == nt) {
        col->certified = -1;
    } else if (col->mismatch) {
        col->certified = 0;
    } else {
        double d = floor(worst) - NHREF_GOLDEN_MARGIN;
        col->certified = d > cap ? cap : d < 0 ? 0 : d;
    }
    if (col->nsmall > col->nzero) {
        double d = floor(sigmin) - NHREF_GOLDEN_MARGIN;
        col->significant = col->mismatch ? 0 : d > cap ? cap : d;
    } else {
        col->significant = NAN;
    }
    mpfr_clear(one);
}

int nhref_golden_make(const nhref_case_t *c, const char *out_dir, nhref_golden_progress_t progress,
                      void *arg, char *err, size_t errlen)
{
    job_t j = {0};
    route_t r[NROUTES];
    const nhref_oracle_t *o;
    __mpfr_struct *cf = NULL, *orc_int = NULL, *param = NULL, *tt = NULL, *scale = NULL;
    double *certified = NULL, *rowmin = NULL, *sigrow = NULL, *need = NULL;
    int *mism = NULL, nproven = 0, nlevel = 0;
    proven_route_t pr;
    char **why = NULL, *meta = NULL, *data = NULL, *path = NULL, *dir = NULL, sha[65];
    size_t meta_len = 0, data_len = 0;
    FILE *mf = NULL, *df = NULL;
    nhref_outfile_t *of = NULL;
    mpfr_prec_t p, p2;
    int status = NHREF_OK;

    memset(r, 0, sizeof r);
    memset(&pr, 0, sizeof pr);
    err[0] = '\0';
    j.c = c;
    j.progress = progress;
    j.arg = arg;
    j.m = nhref_model_find(c->model);
    if (j.m == NULL) {
        fail(err, errlen, "%s:%zu: case [%s]: unknown model '%s' (see 'nhref list')", c->file,
             c->line, c->name, c->model);
        return NHREF_ENOTFOUND;
    }
    if ((status = nhref_system_new(&j.sys, j.m)) != NHREF_OK)
        return status;
    for (size_t i = 0; i < c->nparam && status == NHREF_OK; i++) {
        status = nhref_system_set_param(j.sys, c->param_name[i], c->param_value[i]);
        if (status != NHREF_OK) {
            fail(err, errlen, "%s:%zu: case [%s]: %s parameter '%s' of model %s", c->file, c->line,
                 c->name, status == NHREF_ENOTFOUND ? "unknown" : "malformed", c->param_name[i],
                 j.m->name);
            status = NHREF_EPARSE;
        }
    }
    if (status == NHREF_OK && nhref_system_check(j.sys, err, errlen) != NHREF_OK)
        status = NHREF_EPARAM;
    if (status != NHREF_OK) {
        nhref_system_free(j.sys);
        return status;
    }
    j.nt = c->ntimes;
    j.nx = j.m->nstate;
    j.ni = j.m->nintegral;
    j.nc = j.nx + j.ni;
    j.event = -1;
    if (c->event != NULL) {
        for (size_t k = 0; k < j.m->nevent; k++)
            if (strcmp(j.m->event[k].name, c->event) == 0 && j.m->event[k].terminal)
                j.event = (int)k;
        if (j.event < 0) {
            fail(err, errlen, "%s:%zu: case [%s]: model %s has no terminal event '%s'", c->file,
                 c->line, c->name, j.m->name, c->event);
            nhref_system_free(j.sys);
            return NHREF_EPARSE;
        }
    }
    {
        /* the model's conditions on the initial state, with the reason */
        __mpfr_struct *x0 = nhref_vec_new(j.nx, 256);
        char reason[256];
        status = x0 != NULL ? initial_state(x0, &j, err, errlen) : NHREF_ENOMEM;
        if (status == NHREF_OK &&
            nhref_system_check_init(j.sys, x0, reason, sizeof reason) != NHREF_OK) {
            fail(err, errlen, "%s:%zu: case [%s]: the initial state is not admissible: %s",
                 c->file, c->line, c->name, reason);
            status = NHREF_EPARAM;
        }
        nhref_vec_free(x0, j.nx);
        if (status != NHREF_OK) {
            nhref_system_free(j.sys);
            return status;
        }
    }
    {
        mpfr_t a, b;
        mpfr_inits2(256, a, b, (mpfr_ptr)0);
        nhref_decimal_set(a, c->t_start);
        nhref_decimal_set(b, c->times[0]);
        j.prepend = !mpfr_equal_p(a, b);
        mpfr_clears(a, b, (mpfr_ptr)0);
    }

    /* the routes */
    p = (mpfr_prec_t)ceil(c->digits * 3.3219280948873623) + NHREF_GUARD_BITS;
    p2 = p + 64;
    r[ROUTE_P] = (route_t){.prec = p, .digits = c->digits, .scheme = "taylor"};
    r[ROUTE_HI] = (route_t){.prec = p2, .digits = c->digits + 19, .scheme = "taylor"};
    r[ROUTE_GAUSS] = (route_t){.prec = p, .digits = c->digits, .scheme = "gauss"};
    j.total = NROUTES + 1; /* and the proven route */
    for (int k = 0; k < NROUTES && status == NHREF_OK; k++) {
        status = run_route(&j, &r[k], route_name[k], err, errlen);
        j.done += 1;
    }
    o = nhref_oracle_find(j.m->name);
    if (status == NHREF_OK && o != NULL && o->solution_new != NULL)
        status = run_oracle(&j, o, p2, &cf, err, errlen);
    if (status != NHREF_OK)
        goto out;

    /* the oracle's integrals on the values (an independent formula) */
    param = nhref_vec_new(j.m->nparam, p2);
    tt = nhref_vec_new(1, p2);
    scale = nhref_vec_new(1, p2);
    mpfr_set_ui(scale, 1, MPFR_RNDN);
    nhref_system_params(param, j.sys);
    if (o != NULL && o->integrals != NULL && o->nintegral == j.ni) {
        orc_int = nhref_vec_new(j.nt * j.ni, p2);
        for (size_t i = 0; i < j.nt; i++) {
            nhref_decimal_set(tt, c->times[i]);
            o->integrals(orc_int + i * j.ni, param, r[ROUTE_HI].rows + i * j.nc, tt);
        }
    }

    /* certification: each column of the values against every other route, in two
     * measures (docs/golden.md): mixed digits, -log10(|a - b| / max(|b|, 1)), and where
     * |b| < 1 significant digits, -log10(|a - b| / |b|) = mixed + log10 |b|.  NaN is
     * never a digit count (nhref_golden_certify_column) */
    certified = calloc(j.nc, sizeof *certified);
    why = calloc(j.nc, sizeof *why);
    need = calloc(j.nc, sizeof *need);
    mism = calloc(j.nc, sizeof *mism);
    rowmin = malloc((j.nt + 1) * sizeof *rowmin);
    sigrow = malloc((j.nt + 1) * sizeof *sigrow);
    if (certified == NULL || why == NULL || rowmin == NULL || sigrow == NULL || need == NULL ||
        mism == NULL) {
        status = NHREF_ENOMEM;
        goto out;
    }
    for (size_t i = 0; i < j.nt; i++)
        rowmin[i] = sigrow[i] = NHREF_ORACLE_DIGITS_EXACT;
    for (size_t k = 0; k < j.nc; k++) {
        nhref_golden_column_t col;
        mpfr_srcptr src[NROUTES + 2];
        size_t stride[NROUTES + 2];
        const char *names[NROUTES + 2];
        const char *nm = k < j.nx ? j.m->state[k].name : j.m->integral[k - j.nx].name;
        size_t nper = 0, used = 0;
        char buf[768];

        for (int q = 0; q < NROUTES + 2; q++) {
            if (q == ROUTE_HI)
                continue;
            if (q < NROUTES) {
                src[nper] = r[q].rows + k;
                stride[nper] = j.nc;
            } else if (q == NROUTES && cf != NULL) {
                src[nper] = cf + k;
                stride[nper] = j.nc;
            } else if (q == NROUTES + 1 && k >= j.nx && orc_int != NULL) {
                src[nper] = orc_int + (k - j.nx);
                stride[nper] = j.ni;
            } else {
                continue;
            }
            names[nper++] = q < NROUTES ? route_name[q]
                            : q == NROUTES ? "closed-form"
                                           : "oracle-integrals";
        }
        nhref_golden_certify_column(&col, j.nt, r[ROUTE_HI].rows + k, j.nc, nper, src, stride,
                                    c->digits, rowmin, sigrow);
        certified[k] = col.certified;
        mism[k] = col.mismatch;
        need[k] = col.mismatch ? 0 : col.certified; /* the proven route must keep these */
        buf[0] = '\0';
        for (size_t q = 0; q < nper; q++) {
            if (col.per[q].digits >= NHREF_ORACLE_DIGITS_EXACT)
                append(buf, sizeof buf, &used, "%s%s exact", q ? ", " : "", names[q]);
            else
                append(buf, sizeof buf, &used, "%s%s %.1f", q ? ", " : "", names[q],
                       col.per[q].digits);
        }
        if (col.certified < 0) {
            append(buf, sizeof buf, &used, "; undefined on every row");
        } else {
            if (col.mismatch)
                append(buf, sizeof buf, &used,
                       "; NaN in a route where the values are defined: the routes disagree");
            append(buf, sizeof buf, &used, "; margin %d", NHREF_GOLDEN_MARGIN);
            if (col.nundef > 0)
                append(buf, sizeof buf, &used, "; undefined (NaN) on %zu of %zu rows", col.nundef,
                       j.nt);
            if (col.nsmall > 0) {
                /* the second measure, where the mixed one counts decimal places */
                char tv[32];
                mpfr_t av;
                mpfr_init2(av, 64);
                mpfr_abs(av, r[ROUTE_HI].rows + col.tiny_row * j.nc + k, MPFR_RNDN);
                mpfr_snprintf(tv, sizeof tv, "%.2Rg", av);
                mpfr_clear(av);
                append(buf, sizeof buf, &used, "; where |%s| < 1 (%zu rows, down to %s at t = %s): ",
                       nm, col.nsmall, tv, c->times[col.tiny_row]);
                if (col.nzero < col.nsmall)
                    append(buf, sizeof buf, &used, "significant %g", col.significant);
                if (col.nzero > 0)
                    append(buf, sizeof buf, &used,
                           "%s%zu of them 0 to their certified decimal places (no significant "
                           "digit)",
                           col.nzero < col.nsmall ? ", " : "", col.nzero);
            }
        }
        if (col.nelsewhere > 0)
            append(buf, sizeof buf, &used,
                   "; NaN in the values but defined in another route on %zu rows",
                   col.nelsewhere);
        why[k] = nhref_strdup(buf);
    }

    /* the proven route, and every other route checked against its balls: a route value
     * farther from a ball than the certified digits allow (2 10^-certified, mixed) is
     * a contradiction between a proof and a certificate -- a bug somewhere */
    for (size_t k = 0; k < j.nc; k++)
        nproven += need[k] >= 1;
    if (nproven > 0) {
        status = run_proven(&j, &pr, r[ROUTE_HI].rows, need, p + 32);
        if (status != NHREF_OK)
            goto out;
    } else {
        snprintf(pr.note, sizeof pr.note, "not run: no column is certified to a digit");
    }
    nproven = 0;
    for (size_t k = 0; k < j.nc && pr.tried; k++) {
        const char *nm = k < j.nx ? j.m->state[k].name : j.m->integral[k - j.nx].name;
        for (size_t i = 0; i < pr.nrows && certified[k] >= 0; i++) {
            arb_srcptr b = pr.rows + i * j.nc + k;
            for (int q = 0; q < NROUTES + 2; q++) {
                mpfr_srcptr w;
                const char *rn;
                if (q < NROUTES) {
                    w = r[q].rows + i * j.nc + k, rn = route_name[q];
                } else if (q == NROUTES && cf != NULL) {
                    w = cf + i * j.nc + k, rn = "closed-form";
                } else if (q == NROUTES + 1 && k >= j.nx && orc_int != NULL) {
                    w = orc_int + i * j.ni + (k - j.nx), rn = "oracle-integrals";
                } else {
                    continue;
                }
                if (outside_ball(w, b, certified[k])) {
                    char *bs = arb_get_str(b, 20, 0);
                    mpfr_snprintf(err, errlen,
                                  "case [%s]: route %s: %s = %.25Rg at t = %s lies outside the "
                                  "proven ball %s by more than its %g certified digits allow: a "
                                  "bug in a route or in the proof",
                                  c->name, rn, nm, w, c->times[i], bs, certified[k]);
                    flint_free(bs);
                    status = NHREF_ETOLERANCE;
                    goto out;
                }
            }
        }
        if (pr.nrows == j.nt && pr.alive[k])
            nproven++;
        nlevel += certified[k] >= 0;
    }

    /* the data lines: header row, then rows */
    df = open_memstream(&data, &data_len);
    fprintf(df, "t");
    for (size_t k = 0; k < j.nx; k++)
        fprintf(df, ",%s", j.m->state[k].name);
    for (size_t k = 0; k < j.ni; k++)
        fprintf(df, ",%s", j.m->integral[k].name);
    fputs(",digits,sig_digits\n", df);
    for (size_t i = 0; i < j.nt; i++) {
        double d = floor(rowmin[i]) - NHREF_GOLDEN_MARGIN, sg = floor(sigrow[i]) - NHREF_GOLDEN_MARGIN;
        d = d > c->digits ? c->digits : d < 0 ? 0 : d;
        sg = sg > d ? d : sg < 0 ? 0 : sg;
        fputs(c->times[i], df);
        for (size_t k = 0; k < j.nc; k++) {
            fputc(',', df);
            nhref_csv_value(df, r[ROUTE_HI].rows + i * j.nc + k, (int)c->digits + 4);
        }
        /* the row's certified digits: all routes agree on every column of the row
         * (mixed), and the significant digits of its values that have any */
        fprintf(df, ",%g,%g\n", d, sg);
    }
    fclose(df);
    df = NULL;
    nhref_sha256_hex(sha, data, data_len);

    /* the metadata */
    mf = open_memstream(&meta, &meta_len);
    fprintf(mf, "# nhref golden file\n");
    nhref_csv_meta(mf, "format", "nhref-golden 4");
    nhref_csv_meta(mf, "model", "%s", j.m->name);
    nhref_csv_meta(mf, "case", "%s", c->name);
    if (c->source != NULL)
        nhref_csv_meta(mf, "source", "%s", c->source);
    if (c->description != NULL)
        nhref_csv_meta(mf, "description", "%s", c->description);
    nhref_csv_meta(mf, "model-source", "%s", j.m->source);
    for (size_t i = 0; i < j.m->nparam; i++)
        nhref_csv_meta(mf, "param", "%s = %s [%s]", j.m->param[i].name,
                       nhref_system_param_str(j.sys, i), j.m->param[i].unit);
    for (size_t i = 0; i < j.nx; i++) {
        const char *v = j.m->state[i].default_init;
        for (size_t q = 0; q < c->ninit; q++)
            if (strcmp(c->init_name[q], j.m->state[i].name) == 0)
                v = c->init_value[q];
        nhref_csv_meta(mf, "init", "%s = %s [%s]", j.m->state[i].name, v, j.m->state[i].unit);
    }
    nhref_csv_meta(mf, "t-start", "%s", c->t_start);
    nhref_csv_meta(mf, "digits", "%g", c->digits);
    if (nproven > 0 && nproven == nlevel) {
        nhref_csv_meta(mf, "level", "PROVEN (every column: the proven route encloses the true "
                                    "values within their certified digits; see 'proven')");
    } else if (nproven > 0) {
        char buf[512];
        size_t used = 0;
        buf[0] = '\0';
        for (size_t k = 0; k < j.nc; k++)
            if (certified[k] >= 0 && pr.nrows == j.nt && pr.alive[k])
                append(buf, sizeof buf, &used, "%s%s", used ? ", " : "",
                       k < j.nx ? j.m->state[k].name : j.m->integral[k - j.nx].name);
        nhref_csv_meta(mf, "level", "PROVEN for %s; VALIDATED for the other columns (independent "
                       "routes agree; not a rigorous bound; see 'proven')", buf);
    } else {
        nhref_csv_meta(mf, "level", "VALIDATED (independent routes agree; not a rigorous bound)");
    }
    nhref_csv_meta(mf, "fast-tolerance", "%s (the double fast path agrees with the values to this, "
                   "mixed; checked by the test suite)",
                   c->fast_tolerance != NULL ? c->fast_tolerance : "1e-13");
    if (c->fast_horizon != NULL)
        nhref_csv_meta(mf, "fast-horizon", "%s (the fast path is compared up to this time only)",
                       c->fast_horizon);
    nhref_csv_meta(mf, "measure",
                   "digits = -log10(|a - b| / max(|b|, 1)), b the values below (mixed "
                   "absolute/relative); where |b| < 1 also significant digits = -log10(|a - b| "
                   "/ |b|); NaN is never a digit count (docs/golden.md)");
    nhref_csv_meta(mf, "route", "taylor@p: Taylor order %u, %ld bits, tolerance 1e-%g, %lu steps",
                   r[ROUTE_P].stages_or_order, (long)p, c->digits, r[ROUTE_P].stats.nsteps);
    nhref_csv_meta(mf, "route",
                   "taylor@p+64: Taylor order %u, %ld bits, tolerance 1e-%g, %lu steps (the "
                   "values below)",
                   r[ROUTE_HI].stages_or_order, (long)p2, c->digits + 19,
                   r[ROUTE_HI].stats.nsteps);
    nhref_csv_meta(mf, "route",
                   "gauss@p: Gauss-Legendre collocation order %u, %ld bits, tolerance 1e-%g, %lu "
                   "steps",
                   r[ROUTE_GAUSS].stages_or_order, (long)p, c->digits,
                   r[ROUTE_GAUSS].stats.nsteps);
    if (cf != NULL)
        nhref_csv_meta(mf, "route", "closed-form: oracle %s, %s, %ld bits", o->model,
                       o->description, (long)p2);
    if (orc_int != NULL)
        nhref_csv_meta(mf, "route", "oracle-integrals: the oracle's first integrals of the values");
    if (pr.tried)
        nhref_csv_meta(mf, "route",
                       "proven: validated Taylor in Arb balls (nhref_arb.h; proofs/rigorous_taylor.md), "
                       "order %u, %ld bits, tolerance 1e-%g, %lu steps%s%s",
                       pr.order, pr.prec, pr.digits, pr.stats.nsteps, pr.note[0] ? "; " : "",
                       pr.note);
    else
        nhref_csv_meta(mf, "route", "proven: %s", pr.note);
    nhref_csv_meta(mf, "certified", "t = exact (the times as given)");
    nhref_csv_meta(mf, "certified",
                   "digits = per row (the digits on which every route agrees in every column "
                   "of that row, minus the margin; a column's digits are the minimum over its "
                   "rows)");
    nhref_csv_meta(mf, "certified",
                   "sig_digits = per row (the significant digits of the row's values that have "
                   "any, minus the margin, at most its digits)");
    for (size_t k = 0; k < j.nc; k++) {
        const char *nm = k < j.nx ? j.m->state[k].name : j.m->integral[k - j.nx].name;
        if (certified[k] < 0)
            nhref_csv_meta(mf, "certified", "%s = undefined (%s)", nm, why[k]);
        else
            nhref_csv_meta(mf, "certified", "%s = %g (agreement: %s)", nm, certified[k], why[k]);
    }
    for (size_t k = 0; k < j.nc && pr.tried; k++) {
        const char *nm = k < j.nx ? j.m->state[k].name : j.m->integral[k - j.nx].name;
        char eb[32];
        if (certified[k] < 0)
            continue;
        if (isinf(pr.dig[k]) && pr.dig[k] > 0)
            snprintf(eb, sizeof eb, "0");
        else
            snprintf(eb, sizeof eb, "%.2e", pow(10, -pr.dig[k]) * (1 + 1e-9));
        if (pr.nrows == j.nt && pr.alive[k])
            nhref_csv_meta(mf, "proven",
                           "%s = PROVEN: |value - true value| <= %s max(|value|, 1) on every row "
                           "(the largest at t = %s), decimal conversion included",
                           nm, eb, c->times[pr.dig_row[k]]);
        else if (need[k] < 1)
            nhref_csv_meta(mf, "proven", "%s = VALIDATED: no certified digit to prove", nm);
        else if (pr.dig[k] < need[k])
            nhref_csv_meta(mf, "proven",
                           "%s = VALIDATED: the enclosure proves %.1f digits at t = %s, fewer "
                           "than the %g certified",
                           nm, isinf(pr.dig[k]) ? 0.0 : pr.dig[k], c->times[pr.dig_row[k]],
                           certified[k]);
        else
            nhref_csv_meta(mf, "proven",
                           "%s = VALIDATED: the proven route enclosed %zu of %zu rows (to t = "
                           "%s)",
                           nm, pr.nrows, j.nt, pr.nrows > 0 ? c->times[pr.nrows - 1] : c->t_start);
    }
    /* the event: its time by every route, certified like a column */
    if (j.event >= 0) {
        nhref_oracle_column_t per;
        char buf[256];
        size_t used = 0;
        double worst = NHREF_ORACLE_DIGITS_EXACT, d;
        for (int q = 0; q < NROUTES; q++) {
            if (q == ROUTE_HI)
                continue;
            nhref_oracle_column_init(&per);
            nhref_oracle_column_add(&per, 0, r[q].te, r[ROUTE_HI].te, scale);
            worst = per.digits < worst ? per.digits : worst;
            used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s %.1f", used ? ", " : "",
                                     route_name[q], per.digits);
        }
        d = floor(worst) - NHREF_GOLDEN_MARGIN;
        d = d > c->digits ? c->digits : d < 0 ? 0 : d;
        for (int q = 0; q < NROUTES && pr.have_te; q++)
            if (outside_ball(r[q].te, pr.te, d)) {
                char *bs = arb_get_str(pr.te, 20, 0);
                mpfr_snprintf(err, errlen,
                              "case [%s]: route %s: the event '%s' at t = %.25Rg lies outside the "
                              "proven time ball %s by more than its %g certified digits allow: a "
                              "bug in a route or in the proof",
                              c->name, route_name[q], c->event, r[q].te, bs, d);
                flint_free(bs);
                status = NHREF_ETOLERANCE;
                goto out;
            }
        fprintf(mf, "# event: %s at t = ", c->event);
        nhref_csv_value(mf, r[ROUTE_HI].te, (int)c->digits + 4);
        fprintf(mf, " (certified %g digits; agreement: %s; margin %d", d, buf, NHREF_GOLDEN_MARGIN);
        if (pr.have_te) {
            double pd = proven_cell_digits(r[ROUTE_HI].te, pr.te, (int)c->digits + 4);
            fprintf(mf, "; proven: within %.2e max(|t|, 1) of the first crossing",
                    pow(10, -pd) * (1 + 1e-9));
        }
        fputs(")\n", mf);
    }
    /* drift of the first integrals along the values */
    for (size_t q = 0; q < j.ni; q++) {
        nhref_oracle_column_t d;
        nhref_oracle_column_init(&d);
        for (size_t i = 0; i < j.nt; i++)
            nhref_oracle_column_add(&d, i, r[ROUTE_HI].rows + i * j.nc + j.nx + q,
                                    r[ROUTE_HI].rows + j.nx + q, scale);
        if (certified[j.nx + q] < 0)
            nhref_csv_meta(mf, "drift", "%s = undefined (%s)", j.m->integral[q].name,
                           j.m->integral[q].holds);
        else if (d.digits >= NHREF_ORACLE_DIGITS_EXACT)
            nhref_csv_meta(mf, "drift", "%s = 0 (%s)", j.m->integral[q].name,
                           j.m->integral[q].holds);
        else
            nhref_csv_meta(mf, "drift", "%s = %.3g digits kept over the rows (%s)",
                           j.m->integral[q].name, d.digits, j.m->integral[q].holds);
    }
    nhref_csv_meta(mf, "nhref", "%s (MPFR %s, GMP %s)", nhref_version(), nhref_mpfr_version(),
                   nhref_gmp_version());
    fclose(mf);
    mf = NULL;

    /* write: the header row first (the one line numpy.genfromtxt(names=True) and
     * pandas.read_csv(comment='#') both take for the names), metadata, load hint,
     * checksum (of the header row and the rows, as before), the rows */
    {
        size_t header_len = (size_t)(strchr(data, '\n') - data) + 1;
        dir = malloc(strlen(out_dir) + strlen(j.m->name) + 2);
        path = malloc(strlen(out_dir) + strlen(j.m->name) + strlen(c->name) + 8);
        sprintf(dir, "%s/%s", out_dir, j.m->name);
        sprintf(path, "%s/%s.csv", dir, c->name);
        if (mkdir_p(dir) != 0) {
            fail(err, errlen, "cannot make directory '%s': %s", dir, strerror(errno));
            status = NHREF_EIO;
            goto out;
        }
        if (nhref_outfile_open(&of, path) != NHREF_OK) {
            fail(err, errlen, "cannot write '%s': %s", path, strerror(errno));
            status = NHREF_EIO;
            goto out;
        }
        {
            FILE *out = nhref_outfile_stream(of);
            fwrite(data, 1, header_len, out);
            fwrite(meta, 1, meta_len, out);
            fprintf(out, "# load: pandas.read_csv(path, comment='#'), numpy.genfromtxt(path, "
                         "delimiter=',', names=True, comments='#') or numpy.loadtxt(path, "
                         "delimiter=',', skiprows=1)\n");
            fprintf(out, "# sha256: %s (of the header row and the rows: grep -v '^#' FILE | "
                         "sha256sum)\n", sha);
            fwrite(data + header_len, 1, data_len - header_len, out);
        }
        status = nhref_outfile_commit(of);
        of = NULL;
        if (status != NHREF_OK)
            fail(err, errlen, "cannot write '%s': %s", path, strerror(errno));
    }

out:
    if (of != NULL)
        nhref_outfile_abort(of);
    if (mf != NULL)
        fclose(mf);
    if (df != NULL)
        fclose(df);
    free(meta);
    free(data);
    free(dir);
    free(path);
    for (int k = 0; k < NROUTES; k++) {
        nhref_vec_free(r[k].rows, j.nt * j.nc);
        if (r[k].have_te)
            mpfr_clear(r[k].te);
    }
    nhref_vec_free(cf, j.nt * j.nc);
    nhref_vec_free(orc_int, j.nt * j.ni);
    nhref_vec_free(param, j.m->nparam);
    nhref_vec_free(tt, 1);
    nhref_vec_free(scale, 1);
    if (why != NULL)
        for (size_t k = 0; k < j.nc; k++)
            free(why[k]);
    free(why);
    free(certified);
    free(need);
    free(mism);
    proven_route_free(&pr, j.nt, j.nc, j.ni);
    free(rowmin);
    free(sigrow);
    nhref_system_free(j.sys);
    return status;
}
