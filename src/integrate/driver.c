/* driver.c -- the driver of one number type (compiled once per type with NHREF_NUM
 * set; see num/num.h): a scheme stepping towards the final time, output rows by dense
 * output, events located on the dense output, the blow-up outcome, the model's
 * initial-state checks, statistics and progress -- the same logic for double, MPFR
 * and Arb (nhref_integrate.h, nhref_fast.h, nhref_arb.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrate/blowup.h"
#include "integrate/budget.h"
#include "integrate/integrate_internal.h"
#include "models/models_internal.h"
#include "nhref_io.h"
#include "schemes/scheme_num.h"
#include "tape/tape_num.h"
#if NHREF_NUM == NHREF_NUM_D
#include "nhref_fast.h"
#elif NHREF_NUM == NHREF_NUM_ARB
#include "integrate/driver_arb.h"
#endif

#define INTEGRATOR struct NUM_FN(nhref_integrator)
typedef INTEGRATOR integrator_t;
typedef int (*row_fn)(void *, size_t, num_srcptr, num_srcptr);
typedef void (*event_fn)(void *, size_t, num_srcptr, num_srcptr);

/* the driver's scalars */
enum {
    T,       /* the current time */
    HMAX,    /* the step offered to the scheme */
    T_END,
    T_START,
    TG,      /* a grid time rounded to the working precision */
    TS,      /* the current step's start */
    LO, HI, C, GLO, GHI, GC, TE_BEST, W, /* event location */
    NSCALAR
};


/* struct nhref_integrator, nhref_integrator_d, nhref_integrator_arb */
struct NUM_FN(nhref_integrator) {
    const nhref_system_t *sys;
    const scheme_ops_t *scheme;
    void *st;
    long prec;
    double digits;
    unsigned long max_steps;
    double h_fixed;
    void (*progress)(void *, double);
    void *progress_arg;
    row_fn on_row;
    void *on_row_arg;
    event_fn on_event;
    void *on_event_arg;
    size_t n;
    num_ptr row; /* one output row, when the caller keeps none */
    num_ptr x;   /* the current state */
    num_ptr s;   /* NSCALAR scalars */
    __mpfr_struct *xm; /* the initial state as MPFR numbers, for the model's checks */
    tape_ws_t *iws; /* the integrals, order 0 */

    /* events: the model's event tape and the user's, their descriptors, values at the
     * start (g0) and end (g1) of the current step, scratch */
    size_t nev;
    const nhref_event_desc_t **ev_desc;
    tape_ws_t **ev_ws; /* one workspace per event tape */
    size_t *ev_first;  /* first event index of each tape */
    size_t nevt;
    num_ptr g0, g1, gt; /* nev values each */
    num_ptr xe;         /* a state inside the step (dense output) */
    num_ptr te;         /* nev crossing times of the current step */

    /* blow-up: the window of the last steps and the limit of the test (blowup.h) */
    double blowup_radius;
    nhref_blowup_t blowup;
};

#define S(ig, i) ((ig)->s + (i))

/* ------------------------------------------------------------------ options */
/* prec and digits of this type from OPT (nhref_options_resolve's rules; double: 53
 * bits, tolerance 10^-15 unless asked otherwise, at most 10^-16) */
static int resolve(nhref_options_t *opt)
{
#ifdef NUM_FIXED_PREC
    if (opt->prec != 0 && opt->prec != NUM_FIXED_PREC)
        return NHREF_EINVAL;
    if (opt->digits == 0)
        opt->digits = 15;
    if (!(opt->digits >= 1 && opt->digits <= 16))
        return NHREF_EINVAL;
    opt->prec = NUM_FIXED_PREC;
    return NHREF_OK;
#else
    return nhref_options_resolve(opt);
#endif
}

/* ------------------------------------------------------------------ construction */
/* nhref_integrator_free, nhref_integrator_free_d, nhref_integrator_free_arb */
void NUM_FN(nhref_integrator_free)(integrator_t *ig)
{
    if (ig == NULL)
        return;
    if (ig->st != NULL)
        ig->scheme->free(ig->st);
    num_vec_free(ig->x, ig->n);
    num_vec_free(ig->row, ig->n);
    num_vec_free(ig->s, NSCALAR);
    nhref_vec_free(ig->xm, ig->n);
    NUM_TAPE_FN(free)(ig->iws);
    for (size_t k = 0; k < ig->nevt; k++)
        NUM_TAPE_FN(free)(ig->ev_ws[k]);
    free(ig->ev_ws);
    free(ig->ev_first);
    free((void *)ig->ev_desc);
    num_vec_free(ig->g0, ig->nev);
    num_vec_free(ig->g1, ig->nev);
    num_vec_free(ig->gt, ig->nev);
    num_vec_free(ig->xe, ig->n);
    num_vec_free(ig->te, ig->nev);
    free(ig);
}

/* the event tapes (model's, then user's) at the working precision */
static int events_init(integrator_t *ig, const nhref_options_t *opt)
{
    const nhref_system_t *sys = ig->sys;
    const nhref_model_t *m = nhref_system_model(sys);
    int use_model = !opt->no_model_events && nhref_system_event_tape(sys) != NULL;
    size_t ntapes = (size_t)use_model + opt->nuser_event, e = 0;
    int status = NHREF_OK;

    ig->nev = (use_model ? m->nevent : 0) + opt->nuser_event;
    if (ig->nev == 0)
        return NHREF_OK;
    ig->ev_ws = calloc(ntapes, sizeof *ig->ev_ws);
    ig->ev_first = calloc(ntapes, sizeof *ig->ev_first);
    ig->ev_desc = calloc(ig->nev, sizeof *ig->ev_desc);
    ig->g0 = num_vec_new(ig->nev, ig->prec);
    ig->g1 = num_vec_new(ig->nev, ig->prec);
    ig->gt = num_vec_new(ig->nev, ig->prec);
    ig->xe = num_vec_new(ig->n, ig->prec);
    ig->te = num_vec_new(ig->nev, ig->prec);
    if (ig->ev_ws == NULL || ig->ev_first == NULL || ig->ev_desc == NULL || ig->g0 == NULL ||
        ig->g1 == NULL || ig->gt == NULL || ig->xe == NULL || ig->te == NULL)
        return NHREF_ENOMEM;
    ig->nevt = ntapes; /* workspaces are freed from here on, made or not */
    for (size_t i = 0; i < ntapes && status == NHREF_OK; i++) {
        const nhref_tape_t *tp = use_model && i == 0 ? nhref_system_event_tape(sys)
                                                     : opt->user_event_tape[i - (size_t)use_model];
        size_t nout = nhref_tape_nout(tp);
        if (nhref_tape_nstate(tp) != m->nstate || nhref_tape_nparam(tp) != m->nparam)
            return NHREF_EINVAL;
        status = NUM_IN(nhref_system_workspace)(&ig->ev_ws[i], sys, tp, ig->prec, 0, 0);
        ig->ev_first[i] = e;
        for (size_t j = 0; j < nout; j++, e++)
            ig->ev_desc[e] = use_model && i == 0 ? &m->event[j]
                                                 : &opt->user_event[i - (size_t)use_model];
    }
    return status;
}

/* G = every event function at (T, X); NaN where undefined */
static void eval_events(integrator_t *ig, num_ptr g, num_srcptr t, num_srcptr x)
{
    for (size_t i = 0; i < ig->nevt; i++)
        NUM_TAPE_FN(eval)(g + ig->ev_first[i], ig->ev_ws[i], t, x);
}

/* nhref_integrator_new, nhref_integrator_new_d, nhref_integrator_new_arb */
int NUM_FN(nhref_integrator_new)(integrator_t **igp, const nhref_system_t *sys,
                                 const nhref_options_t *opt)
{
    nhref_options_t def, res;
    integrator_t *ig;
    nhref_scheme_opts_t so;
    const nhref_scheme_t *desc;
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
    if (resolve(&res) != NHREF_OK || !(opt->h_fixed >= 0))
        return NHREF_EINVAL;
    desc = opt->scheme != NULL ? nhref_scheme_find(opt->scheme) : nhref_scheme_get(0);
    if (desc == NULL)
        return NHREF_ENOTFOUND;
    if (nhref_scheme_check_opts(desc, opt->scheme_opt, NULL, 0) != NHREF_OK)
        return NHREF_EINVAL;
    so.prec = res.prec;
    so.digits = res.digits;
    so.fixed_step = opt->h_fixed > 0;
    so.opt = opt->scheme_opt;

    ig = calloc(1, sizeof *ig);
    if (ig == NULL)
        return NHREF_ENOMEM;
    ig->sys = sys;
    ig->scheme = NUM_IN(nhref_scheme_ops)(desc);
    ig->prec = so.prec;
    ig->digits = so.digits;
    ig->max_steps = opt->max_steps;
    ig->h_fixed = opt->h_fixed;
    ig->progress = opt->progress;
    ig->progress_arg = opt->progress_arg;
    ig->blowup_radius = opt->blowup_radius;
    ig->n = nhref_system_model(sys)->nstate;
    ig->x = num_vec_new(ig->n, ig->prec);
    ig->row = num_vec_new(ig->n, ig->prec);
    ig->s = num_vec_new(NSCALAR, ig->prec);
    ig->xm = nhref_vec_new(ig->n, ig->prec);
    status = ig->scheme == NULL ? NHREF_ENOTFOUND
             : ig->x == NULL || ig->row == NULL || ig->s == NULL || ig->xm == NULL ? NHREF_ENOMEM
                                                                                   : NHREF_OK;
    if (status == NHREF_OK)
        status = ig->scheme->alloc(&ig->st, sys, &so);
    /* the integrals: a constant undefined for these parameters is NaN, not an error */
    if (status == NHREF_OK && nhref_system_integral_tape(sys) != NULL)
        status = NUM_IN(nhref_system_workspace)(&ig->iws, sys, nhref_system_integral_tape(sys),
                                                ig->prec, 0, 0);
    if (status == NHREF_OK)
        status = events_init(ig, opt);
    if (status != NHREF_OK) {
        NUM_FN(nhref_integrator_free)(ig);
        return status;
    }
    *igp = ig;
    return NHREF_OK;
}

/* nhref_integrator_on_row, nhref_integrator_on_row_d, nhref_integrator_on_row_arb */
void NUM_FN(nhref_integrator_on_row)(integrator_t *ig, row_fn fn, void *arg)
{
    ig->on_row = fn;
    ig->on_row_arg = arg;
}

/* nhref_integrator_on_event, nhref_integrator_on_event_d, nhref_integrator_on_event_arb */
void NUM_FN(nhref_integrator_on_event)(integrator_t *ig, event_fn fn, void *arg)
{
    ig->on_event = fn;
    ig->on_event_arg = arg;
}

/* nhref_integrator_prec, nhref_integrator_prec_d, nhref_integrator_prec_arb */
long NUM_FN(nhref_integrator_prec)(const integrator_t *ig)
{
    return ig->prec;
}

/* nhref_integrator_digits, nhref_integrator_digits_d, nhref_integrator_digits_arb */
double NUM_FN(nhref_integrator_digits)(const integrator_t *ig)
{
    return ig->digits;
}

/* nhref_integrator_scheme, nhref_integrator_scheme_d, nhref_integrator_scheme_arb */
const nhref_scheme_t *NUM_FN(nhref_integrator_scheme)(const integrator_t *ig)
{
    return ig->scheme->desc;
}

/* nhref_integrator_system, nhref_integrator_system_d, nhref_integrator_system_arb */
const nhref_system_t *NUM_FN(nhref_integrator_system)(const integrator_t *ig)
{
    return ig->sys;
}

/* nhref_integrator_order, nhref_integrator_order_d, nhref_integrator_order_arb */
unsigned NUM_FN(nhref_integrator_order)(const integrator_t *ig)
{
    return ig->scheme->order(ig->st);
}

/* ------------------------------------------------------------------ helpers */
static void copy_row(num_ptr row, num_srcptr x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        num_set(row + i, x + i);
}

static double fraction_done(const integrator_t *ig)
{
    double a = num_get_d(S(ig, T_START)), b = num_get_d(S(ig, T_END));
    double t = num_get_d(S(ig, T));
    return b != a ? (t - a) / (b - a) : 1.0;
}

/* does event K cross zero between G0 and G1 (in its direction)? */
static int crosses(const integrator_t *ig, size_t k, num_srcptr g0, num_srcptr g1)
{
    int s0, s1, dir = ig->ev_desc[k]->direction;
    if (num_is_nan(g0) || num_is_nan(g1))
        return 0;
    s0 = num_sgn(g0);
    s1 = num_sgn(g1);
    if (s0 == 0 || s0 == s1)
        return 0; /* a zero at the start belongs to the previous step (or the start) */
    return dir == 0 || (dir > 0 && s0 < 0) || (dir < 0 && s0 > 0);
}

/* TE = the crossing of event K between T0 (value G0) and the step's end T1 (value
 * G1), by the Illinois variant of regula falsi on the dense output, to the working
 * precision */
static int locate(integrator_t *ig, size_t k, num_srcptr t0, num_srcptr g0, num_srcptr t1,
                  num_srcptr g1, num_ptr te)
{
    num_ptr lo = S(ig, LO), hi = S(ig, HI), c = S(ig, C), glo = S(ig, GLO), ghi = S(ig, GHI);
    num_ptr gc = S(ig, GC), w = S(ig, W);
    long p = ig->prec;
    int side = 0, status;

    num_set(lo, t0);
    num_set(glo, g0);
    num_set(hi, t1);
    num_set(ghi, g1);
    if (num_is_zero(ghi)) {
        num_set(te, hi);
        return NHREF_OK;
    }
    for (int it = 0; it < 4 * (int)p + 100; it++) {
        /* c = hi - ghi (hi - lo) / (ghi - glo), or the midpoint if that is not inside */
        num_sub(w, hi, lo, p);
        num_mul(w, w, ghi, p);
        num_sub(c, ghi, glo, p);
        num_div(w, w, c, p);
        num_sub(c, hi, w, p);
        if (!num_is_finite(c) ||
            !((num_cmp(lo, c) < 0 && num_cmp(c, hi) < 0) ||
              (num_cmp(hi, c) < 0 && num_cmp(c, lo) < 0))) {
            num_add(c, lo, hi, p);
            num_mul_2si(c, c, -1);
            if (num_equal(c, lo) || num_equal(c, hi))
                break; /* adjacent floating-point numbers */
        }
        status = ig->scheme->dense(ig->st, ig->xe, c);
        if (status != NHREF_OK)
            return status;
        eval_events(ig, ig->gt, c, ig->xe);
        num_set(gc, ig->gt + k);
        if (num_is_nan(gc))
            break;
        if (num_is_zero(gc)) {
            num_set(te, c);
            return NHREF_OK;
        }
        if (num_sgn(gc) == num_sgn(glo)) {
            num_set(lo, c);
            num_set(glo, gc);
            if (side < 0)
                num_mul_2si(ghi, ghi, -1);
            side = -1;
        } else {
            num_set(hi, c);
            num_set(ghi, gc);
            if (side > 0)
                num_mul_2si(glo, glo, -1);
            side = 1;
        }
        /* |hi - lo| <= 2^(4 - prec) max(1, |hi|) */
        num_sub(w, hi, lo, p);
        num_abs(w, w);
        num_abs(c, hi);
        if (num_cmp_d(c, 1) < 0)
            num_set_si(c, 1);
        num_mul_2si(c, c, 4 - p);
        if (!num_is_nan(w) && !num_is_nan(c) && num_cmp(w, c) <= 0)
            break;
    }
    /* the end of the bracket where the event function is smaller */
    num_set(te, num_cmpabs(glo, ghi) < 0 ? lo : hi);
    /* a zero, or a sign change across a pole (1/y): there |g| grows without bound as
     * the bracket shrinks, so a located time where |g| exceeds |g| at both ends of
     * the step, or where g is undefined, is no crossing (TE = NaN) */
    status = ig->scheme->dense(ig->st, ig->xe, te);
    if (status != NHREF_OK)
        return status;
    eval_events(ig, ig->gt, te, ig->xe);
    if (num_is_nan(ig->gt + k) || (num_cmpabs(ig->gt + k, g0) > 0 && num_cmpabs(ig->gt + k, g1) > 0))
        num_set_nan(te);
    return NHREF_OK;
}

/* Events of the step that ended at T (started at T0, event values in g0): every
 * crossing is located; non-terminal ones (and the earliest terminal one) go to
 * on_event; *STOP = index + 1 of the earliest terminal event, its time in TE_BEST,
 * else 0. */
static int step_events(integrator_t *ig, num_srcptr t0, int dir, size_t *stop)
{
    num_ptr te_best = S(ig, TE_BEST);
    int status;

    *stop = 0;
    eval_events(ig, ig->g1, S(ig, T), ig->x);
    for (size_t k = 0; k < ig->nev; k++) {
        if (!crosses(ig, k, ig->g0 + k, ig->g1 + k))
            continue;
        status = locate(ig, k, t0, ig->g0 + k, S(ig, T), ig->g1 + k, ig->te + k);
        if (status != NHREF_OK)
            return status;
        if (num_is_nan(ig->te + k))
            continue; /* a pole */
        if (ig->ev_desc[k]->terminal && (*stop == 0 || num_cmp(ig->te + k, te_best) * dir < 0)) {
            *stop = k + 1;
            num_set(te_best, ig->te + k);
        }
    }
    /* report the crossings up to the stop, in event order */
    for (size_t k = 0; k < ig->nev && ig->on_event != NULL; k++) {
        if (!crosses(ig, k, ig->g0 + k, ig->g1 + k) || num_is_nan(ig->te + k))
            continue;
        if (*stop != 0 && (num_cmp(ig->te + k, te_best) * dir > 0 ||
                           (ig->ev_desc[k]->terminal && k + 1 != *stop)))
            continue;
        status = ig->scheme->dense(ig->st, ig->xe, ig->te + k);
        if (status != NHREF_OK)
            return status;
        ig->on_event(ig->on_event_arg, k, ig->te + k, ig->xe);
    }
    for (size_t k = 0; k < ig->nev; k++)
        num_swap(ig->g0 + k, ig->g1 + k);
    return NHREF_OK;
}

/* ln max(1, |x|_inf) of the current state */
static double log_norm(const integrator_t *ig)
{
    double l = 0;
    for (size_t i = 0; i < ig->n; i++) {
        double li = num_log_abs(ig->x + i);
        if (isnan(li))
            return NAN;
        if (li > l)
            l = li;
    }
    return l;
}

/* the accepted step that started at T_START into the blow-up window: the norm at the
 * step's start (Taylor), or at its end (any scheme): either grows step after step
 * towards a blow-up */
static void blowup_record(integrator_t *ig, const nhref_step_info_t *info, double t_start)
{
    double lnorm = !isnan(info->lnorm) ? info->lnorm : log_norm(ig);
    nhref_blowup_record(&ig->blowup, info->lrho, lnorm, t_start, info->h);
}

/* the rule of blowup.h on the window, with the integrator's limit */
static int blowup_seen(const integrator_t *ig, int radius, int within, int dir, double *tb)
{
    return nhref_blowup_seen(&ig->blowup, radius, within, ig->blowup_radius, dir, tb);
}

/* row I of the output (the caller's array, or the integrator's one row) */
static num_ptr row_at(integrator_t *ig, num_ptr out, size_t i)
{
    return out != NULL ? out + i * ig->n : ig->row;
}

/* row I is filled: hand it to the callback */
static int row_done(integrator_t *ig, num_ptr out, num_srcptr tgrid, size_t i,
                    nhref_stats_t *stats)
{
    stats->nrows = i + 1;
    if (ig->on_row != NULL && ig->on_row(ig->on_row_arg, i, tgrid + i, row_at(ig, out, i)) != 0)
        return NHREF_EIO;
    return NHREF_OK;
}

/* the model's conditions on the initial state, checked at the working precision
 * (Arb: on the midpoints; every ball must be finite; double: nhref_system_check_init_d,
 * a model file's right-hand side evaluated in double -- twin: batch.c's lanes) */
static int check_init(integrator_t *ig, num_srcptr x0)
{
    char why[256];

    for (size_t i = 0; i < ig->n; i++) {
        if (!num_is_finite(x0 + i))
            return NHREF_EPARAM;
        num_get_mpfr(ig->xm + i, x0 + i);
    }
#if NHREF_NUM == NHREF_NUM_D
    return nhref_system_check_init_d(ig->sys, ig->xm, why, sizeof why) != NHREF_OK ? NHREF_EPARAM
                                                                                    : NHREF_OK;
#else
    return nhref_system_check_init(ig->sys, ig->xm, why, sizeof why) != NHREF_OK ? NHREF_EPARAM
                                                                                  : NHREF_OK;
#endif
}

#if NHREF_NUM == NHREF_NUM_MP
void nhref_integrator_limit_steps(nhref_integrator_t *ig, unsigned long max_steps)
{
    ig->max_steps = max_steps;
}
#endif

/* ------------------------------------------------------------------ integration */
/* nhref_integrate_grid, nhref_integrate_grid_d, nhref_integrate_grid_arb */
int NUM_FN(nhref_integrate_grid)(integrator_t *ig, num_ptr out, num_srcptr x0, num_srcptr tgrid,
                                 size_t n, nhref_stats_t *stats)
{
    num_ptr t = S(ig, T), t_end = S(ig, T_END), tg = S(ig, TG), hmax = S(ig, HMAX);
    nhref_stats_t local;
    size_t nx = ig->n, row = 0, stop = 0;
    int dir, status = NHREF_OK;
    double t_start, est;
    nhref_budget_t budget;

    if (stats == NULL)
        stats = &local;
    nhref_stats_start(stats);
    if (n == 0)
        return NHREF_EINVAL;
    dir = n > 1 ? num_cmp(tgrid + n - 1, tgrid) : 0;
    for (size_t i = 0; i < n; i++)
        if (!num_is_finite(tgrid + i) || (i > 0 && num_cmp(tgrid + i, tgrid + i - 1) * dir < 0) ||
            (dir == 0 && i > 0 && !num_equal(tgrid + i, tgrid)))
            return NHREF_EINVAL;
    if ((status = check_init(ig, x0)) != NHREF_OK)
        return status;
    num_set(t, tgrid);
    num_set(S(ig, T_START), tgrid);
    num_set(t_end, tgrid + n - 1);
    copy_row(ig->x, x0, nx);
    nhref_blowup_reset(&ig->blowup);
    nhref_budget_start(&budget, num_get_d(t));
    if (ig->scheme->reset != NULL)
        ig->scheme->reset(ig->st);
    if (ig->nev > 0)
        eval_events(ig, ig->g0, t, ig->x);

    for (;;) {
        nhref_step_info_t info;
        int remaining;
        /* rows at the current time (the start, repeated grid times, a step that ended on
         * them); grid times are compared as rounded to the working precision */
        while (status == NHREF_OK && row < n &&
               (num_set(tg, tgrid + row), num_equal(tg, t))) {
            copy_row(row_at(ig, out, row), ig->x, nx);
            status = row_done(ig, out, tgrid, row++, stats);
        }
        if (status != NHREF_OK || row == n)
            break;
        if (ig->max_steps != 0 && stats->nsteps >= ig->max_steps) {
            status = NHREF_EMAXSTEPS;
            break;
        }
        num_sub(hmax, t_end, t, ig->prec);
        remaining = 1;
        if (ig->h_fixed > 0 && (num_cmp_d(hmax, ig->h_fixed) > 0 || num_cmp_d(hmax, -ig->h_fixed) < 0)) {
            num_set_d(hmax, dir > 0 ? ig->h_fixed : -ig->h_fixed);
            remaining = 0;
        }
        num_set(S(ig, TS), t); /* the step's start, for events */
        t_start = num_get_d(t);
        info.full = 0;
        status = ig->scheme->step(ig->st, t, ig->x, hmax, &info);
        if (status == NHREF_ESTEP || status == NHREF_ENOCONV) {
            /* the scheme cannot go on: a blow-up if the last steps show one (whatever
             * its distance), else the step size underflowed here */
            if (ig->blowup_radius > 0 && ig->h_fixed == 0 &&
                (blowup_seen(ig, 1, 0, dir, &stats->t_blowup) ||
                 blowup_seen(ig, 0, 0, dir, &stats->t_blowup)))
                status = NHREF_EBLOWUP;
            break;
        }
        if (status != NHREF_OK)
            break;
        /* a type whose t + (t_end - t) may differ from t_end (compensated time, balls)
         * ends a step that took the whole remaining distance exactly at the end */
        if (NUM_SNAP_END && info.full && remaining)
            num_set(t, t_end);
        nhref_stats_step(stats, &info, num_equal(t, t_end));
        if (ig->nev > 0) {
            status = step_events(ig, S(ig, TS), dir, &stop);
            if (status != NHREF_OK)
                break;
        }
        /* rows strictly inside the step (before the event time if one stops it) */
        while (status == NHREF_OK && row < n &&
               (num_set(tg, tgrid + row), num_cmp(tg, stop ? S(ig, TE_BEST) : t) * dir < 0)) {
            status = ig->scheme->dense(ig->st, row_at(ig, out, row), tg);
            if (status == NHREF_OK)
                status = row_done(ig, out, tgrid, row++, stats);
        }
        if (status != NHREF_OK)
            break;
        if (stop) {
            /* end at the event: its state, and the rows at exactly its time */
            status = ig->scheme->dense(ig->st, ig->x, S(ig, TE_BEST));
            num_set(t, S(ig, TE_BEST));
            while (status == NHREF_OK && row < n &&
                   (num_set(tg, tgrid + row), num_equal(tg, t))) {
                copy_row(row_at(ig, out, row), ig->x, nx);
                status = row_done(ig, out, tgrid, row++, stats);
            }
            stats->event = (int)stop - 1;
            break;
        }
        blowup_record(ig, &info, t_start);
        if (ig->blowup_radius > 0 && ig->h_fixed == 0 &&
            blowup_seen(ig, 1, 1, dir, &stats->t_blowup)) {
            status = NHREF_EBLOWUP;
            break;
        }
        /* a run that would exceed max_steps, seen after its first steps (budget.h) */
        est = stats->nsteps < budget.next ? 0 /* no check due: no conversions per step */
                                          : nhref_budget_check(&budget, stats->nsteps, num_get_d(t),
                                                               num_get_d(t_end), ig->max_steps);
        if (est > 0) {
            stats->steps_estimate = est;
            status = NHREF_EMAXSTEPS;
            break;
        }
        if (ig->progress != NULL)
            ig->progress(ig->progress_arg, fraction_done(ig));
    }
    stats->outcome = status == NHREF_EBLOWUP ? NHREF_OUTCOME_BLOWUP
                     : status == NHREF_ESTEP ? NHREF_OUTCOME_UNDERFLOW
                     : status != NHREF_OK  ? NHREF_OUTCOME_FAILED
                     : stop                ? NHREF_OUTCOME_EVENT
                                           : NHREF_OUTCOME_REACHED;
    stats->t_stop = num_get_d(t);
    return status;
}

/* nhref_integrate_until, nhref_integrate_until_d, nhref_integrate_until_arb */
int NUM_FN(nhref_integrate_until)(integrator_t *ig, num_ptr x, num_ptr t, num_srcptr t_end,
                                  nhref_stats_t *stats)
{
    num_ptr grid, rows;
    nhref_stats_t local;
    row_fn on_row;
    size_t nx = ig->n;
    int status;

    if (stats == NULL)
        stats = &local;
    rows = num_vec_new(2 * nx, ig->prec);
    grid = num_vec_new(2, ig->prec);
    if (rows == NULL || grid == NULL) {
        num_vec_free(rows, 2 * nx);
        num_vec_free(grid, 2);
        return NHREF_ENOMEM;
    }
    num_set(grid, t);
    num_set(grid + 1, t_end);
    on_row = ig->on_row; /* the caller's row callback is for grids, not for this */
    ig->on_row = NULL;
    status = NUM_FN(nhref_integrate_grid)(ig, rows, x, grid, 2, stats);
    ig->on_row = on_row;
    /* where the integration stopped: the end, or an event, or the last state reached */
    if (stats->outcome == NHREF_OUTCOME_REACHED) {
        copy_row(x, rows + nx, nx);
        num_set(t, grid + 1);
    } else if (stats->outcome != NHREF_OUTCOME_NONE) {
        copy_row(x, ig->x, nx);
        num_set(t, S(ig, T));
    }
    num_vec_free(rows, 2 * nx);
    num_vec_free(grid, 2);
    return status;
}

/* nhref_integrator_state, nhref_integrator_state_d, nhref_integrator_state_arb */
void NUM_FN(nhref_integrator_state)(const integrator_t *ig, num_ptr t, num_ptr x)
{
    num_set(t, S(ig, T));
    copy_row(x, ig->x, ig->n);
}

/* nhref_integrator_integrals, nhref_integrator_integrals_d, nhref_integrator_integrals_arb */
int NUM_FN(nhref_integrator_integrals)(integrator_t *ig, num_ptr I, num_srcptr t, num_srcptr x)
{
    if (ig->iws == NULL)
        return NHREF_EINVAL;
    NUM_TAPE_FN(eval)(I, ig->iws, t, x); /* NaN where an integral is undefined */
    return NHREF_OK;
}
