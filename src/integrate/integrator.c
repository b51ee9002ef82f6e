/* integrator.c -- the driver: a scheme stepping towards the final time, output
 * rows by dense output, statistics and the outcome. */
#include "nhref_integrate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
    mpfr_t t, hmax, t_end, t_start, tg, ts; /* tg: a grid time rounded to the working
                                            precision; ts: the current step's start */
    nhref_tape_mp_t *iws; /* integral tape, order 0 */

    /* events: the model's event tape and the user's, their descriptors, values
     * at the start (g0) and end (g1) of the current step, root-finding scratch */
    size_t nev;
    const nhref_event_desc_t **ev_desc;
    nhref_tape_mp_t **ev_ws; /* one workspace per event tape */
    size_t *ev_first;        /* first event index of each tape */
    size_t nevt;
    __mpfr_struct *g0, *g1, *gt; /* nev values each */
    __mpfr_struct *xe;           /* a state inside the step (dense output) */
    __mpfr_struct *te;           /* nev crossing times of the current step */
    mpfr_t lo, hi, c, glo, ghi, gc, te_best, w;
    void (*on_event)(void *, size_t, mpfr_srcptr, mpfr_srcptr);
    void *on_event_arg;

    /* blow-up: the last BLOWUP_HISTORY steps' ln(radius) and ln(norm) */
    double blowup_radius;
    double hist_lrho[8], hist_lnorm[8], hist_t[8];
    int nhist;
};

#define BLOWUP_HISTORY 5

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
    opt->no_model_events = 0;
    opt->nuser_event = 0;
    opt->user_event_tape = NULL;
    opt->user_event = NULL;
    opt->on_event = NULL;
    opt->on_event_arg = NULL;
    opt->blowup_radius = 1e-8;
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
        mpfr_clears(ig->t, ig->hmax, ig->t_end, ig->t_start, ig->tg, ig->ts, (mpfr_ptr)0);
    }
    nhref_tape_mp_free(ig->iws);
    for (size_t k = 0; k < ig->nevt; k++)
        nhref_tape_mp_free(ig->ev_ws[k]);
    free(ig->ev_ws);
    free(ig->ev_first);
    free(ig->ev_desc);
    if (ig->g0 != NULL) {
        nhref_vec_free(ig->g0, ig->nev);
        nhref_vec_free(ig->g1, ig->nev);
        nhref_vec_free(ig->gt, ig->nev);
        nhref_vec_free(ig->xe, ig->n);
        nhref_vec_free(ig->te, ig->nev);
        mpfr_clears(ig->lo, ig->hi, ig->c, ig->glo, ig->ghi, ig->gc, ig->te_best, ig->w,
                    (mpfr_ptr)0);
    }
    free(ig);
}

/* set up the event tapes (model's, then user's) at the working precision */
static int events_init(nhref_integrator_t *ig, const nhref_options_t *opt)
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
    ig->g0 = nhref_vec_new(ig->nev, ig->prec);
    ig->g1 = nhref_vec_new(ig->nev, ig->prec);
    ig->gt = nhref_vec_new(ig->nev, ig->prec);
    ig->xe = nhref_vec_new(ig->n, ig->prec);
    ig->te = nhref_vec_new(ig->nev, ig->prec);
    mpfr_inits2(ig->prec, ig->lo, ig->hi, ig->c, ig->glo, ig->ghi, ig->gc, ig->te_best, ig->w,
                (mpfr_ptr)0);
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
        status = nhref_system_workspace(&ig->ev_ws[i], sys, tp, ig->prec, 0, 0);
        ig->ev_first[i] = e;
        for (size_t j = 0; j < nout; j++, e++)
            ig->ev_desc[e] = use_model && i == 0 ? &m->event[j]
                                                 : &opt->user_event[i - (size_t)use_model];
    }
    return status;
}

/* G = every event function at (T, X); NaN where undefined */
static void eval_events(nhref_integrator_t *ig, mpfr_ptr g, mpfr_srcptr t, mpfr_srcptr x)
{
    for (size_t i = 0; i < ig->nevt; i++)
        nhref_tape_mp_eval(g + ig->ev_first[i], ig->ev_ws[i], t, x);
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
    mpfr_inits2(so.prec, ig->t, ig->hmax, ig->t_end, ig->t_start, ig->tg, ig->ts, (mpfr_ptr)0);

    status = ig->scheme->alloc(&ig->st, sys, &so);
    ig->on_event = opt->on_event;
    ig->on_event_arg = opt->on_event_arg;
    ig->blowup_radius = opt->blowup_radius;
    /* the integrals: a constant undefined for these parameters is NaN, not an error */
    if (status == NHREF_OK && nhref_system_integral_tape(sys) != NULL)
        status = nhref_system_workspace(&ig->iws, sys, nhref_system_integral_tape(sys), so.prec,
                                        0, 0);
    if (status == NHREF_OK)
        status = events_init(ig, opt);
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

/* does event K cross zero between G0 and G1 (in its direction)? */
static int crosses(const nhref_integrator_t *ig, size_t k, mpfr_srcptr g0, mpfr_srcptr g1)
{
    int s0, s1, dir = ig->ev_desc[k]->direction;
    if (mpfr_nan_p(g0) || mpfr_nan_p(g1))
        return 0;
    s0 = mpfr_sgn(g0);
    s1 = mpfr_sgn(g1);
    if (s0 == 0 || s0 == s1)
        return 0; /* a zero at the start belongs to the previous step (or the start) */
    return dir == 0 || (dir > 0 && s0 < 0) || (dir < 0 && s0 > 0);
}

/* TE = the crossing of event K between T0 (value G0) and the step's end T1
 * (value G1), by the Illinois variant of regula falsi on the dense output, to
 * the working precision */
static int locate(nhref_integrator_t *ig, size_t k, mpfr_srcptr t0, mpfr_srcptr g0,
                  mpfr_srcptr t1, mpfr_srcptr g1, mpfr_ptr te)
{
    int side = 0, status;
    mpfr_set(ig->lo, t0, MPFR_RNDN);
    mpfr_set(ig->glo, g0, MPFR_RNDN);
    mpfr_set(ig->hi, t1, MPFR_RNDN);
    mpfr_set(ig->ghi, g1, MPFR_RNDN);
    if (mpfr_zero_p(ig->ghi)) {
        mpfr_set(te, ig->hi, MPFR_RNDN);
        return NHREF_OK;
    }
    for (int it = 0; it < 4 * (int)ig->prec + 100; it++) {
        /* c = hi - ghi (hi - lo) / (ghi - glo), or the midpoint if that is not inside */
        mpfr_sub(ig->w, ig->hi, ig->lo, MPFR_RNDN);
        mpfr_mul(ig->w, ig->w, ig->ghi, MPFR_RNDN);
        mpfr_sub(ig->c, ig->ghi, ig->glo, MPFR_RNDN);
        mpfr_div(ig->w, ig->w, ig->c, MPFR_RNDN);
        mpfr_sub(ig->c, ig->hi, ig->w, MPFR_RNDN);
        if (!mpfr_number_p(ig->c) ||
            !((mpfr_less_p(ig->lo, ig->c) && mpfr_less_p(ig->c, ig->hi)) ||
              (mpfr_less_p(ig->hi, ig->c) && mpfr_less_p(ig->c, ig->lo)))) {
            mpfr_add(ig->c, ig->lo, ig->hi, MPFR_RNDN);
            mpfr_div_2ui(ig->c, ig->c, 1, MPFR_RNDN);
            if (mpfr_equal_p(ig->c, ig->lo) || mpfr_equal_p(ig->c, ig->hi))
                break; /* adjacent floating-point numbers */
        }
        status = ig->scheme->dense(ig->st, ig->xe, ig->c);
        if (status != NHREF_OK)
            return status;
        eval_events(ig, ig->gt, ig->c, ig->xe);
        mpfr_set(ig->gc, ig->gt + k, MPFR_RNDN);
        if (mpfr_nan_p(ig->gc))
            break;
        if (mpfr_zero_p(ig->gc)) {
            mpfr_set(te, ig->c, MPFR_RNDN);
            return NHREF_OK;
        }
        if (mpfr_sgn(ig->gc) == mpfr_sgn(ig->glo)) {
            mpfr_set(ig->lo, ig->c, MPFR_RNDN);
            mpfr_set(ig->glo, ig->gc, MPFR_RNDN);
            if (side < 0)
                mpfr_div_2ui(ig->ghi, ig->ghi, 1, MPFR_RNDN);
            side = -1;
        } else {
            mpfr_set(ig->hi, ig->c, MPFR_RNDN);
            mpfr_set(ig->ghi, ig->gc, MPFR_RNDN);
            if (side > 0)
                mpfr_div_2ui(ig->glo, ig->glo, 1, MPFR_RNDN);
            side = 1;
        }
        /* |hi - lo| <= 2^(4 - prec) max(1, |hi|) */
        mpfr_sub(ig->w, ig->hi, ig->lo, MPFR_RNDN);
        mpfr_abs(ig->w, ig->w, MPFR_RNDN);
        mpfr_abs(ig->c, ig->hi, MPFR_RNDN);
        if (mpfr_cmp_ui(ig->c, 1) < 0)
            mpfr_set_ui(ig->c, 1, MPFR_RNDN);
        mpfr_mul_2si(ig->c, ig->c, 4 - (long)ig->prec, MPFR_RNDN);
        if (mpfr_lessequal_p(ig->w, ig->c))
            break;
    }
    /* the end of the bracket where the event function is smaller */
    mpfr_set(te, mpfr_cmpabs(ig->glo, ig->ghi) < 0 ? ig->lo : ig->hi, MPFR_RNDN);
    return NHREF_OK;
}

/* Events of the step that ended at ig->t (started at T0, event values in g0):
 * every crossing is located; non-terminal ones (and the earliest terminal one)
 * go to on_event; *STOP = index + 1 of the earliest terminal event, its time in
 * ig->te_best, else 0. */
static int step_events(nhref_integrator_t *ig, mpfr_srcptr t0, int dir, size_t *stop)
{
    int status;
    *stop = 0;
    eval_events(ig, ig->g1, ig->t, ig->x);
    for (size_t k = 0; k < ig->nev; k++) {
        if (!crosses(ig, k, ig->g0 + k, ig->g1 + k))
            continue;
        status = locate(ig, k, t0, ig->g0 + k, ig->t, ig->g1 + k, ig->te + k);
        if (status != NHREF_OK)
            return status;
        if (ig->ev_desc[k]->terminal &&
            (*stop == 0 || mpfr_cmp(ig->te + k, ig->te_best) * dir < 0)) {
            *stop = k + 1;
            mpfr_set(ig->te_best, ig->te + k, MPFR_RNDN);
        }
    }
    /* report the crossings up to the stop, in event order */
    for (size_t k = 0; k < ig->nev && ig->on_event != NULL; k++) {
        if (!crosses(ig, k, ig->g0 + k, ig->g1 + k))
            continue;
        if (*stop != 0 && (mpfr_cmp(ig->te + k, ig->te_best) * dir > 0 ||
                           (ig->ev_desc[k]->terminal && k + 1 != *stop)))
            continue;
        status = ig->scheme->dense(ig->st, ig->xe, ig->te + k);
        if (status != NHREF_OK)
            return status;
        ig->on_event(ig->on_event_arg, k, ig->te + k, ig->xe);
    }
    for (size_t k = 0; k < ig->nev; k++)
        mpfr_swap(ig->g0 + k, ig->g1 + k);
    return NHREF_OK;
}

/* finite-time blow-up ahead?  The radius of convergence has shrunk by at least
 * 10% a step over the last BLOWUP_HISTORY steps while |x| grew, and is below
 * blowup_radius max(1, |t|).  Sets stats->t_blowup = t_start + dir rho. */
static int blowup_ahead(nhref_integrator_t *ig, const nhref_step_info_t *info, double t_start,
                        int dir, nhref_stats_t *stats)
{
    int n = ig->nhist;
    if (!(ig->blowup_radius > 0) || isnan(info->lrho) || isnan(info->lnorm)) {
        ig->nhist = 0;
        return 0;
    }
    if (n == BLOWUP_HISTORY) {
        memmove(ig->hist_lrho, ig->hist_lrho + 1, (BLOWUP_HISTORY - 1) * sizeof(double));
        memmove(ig->hist_lnorm, ig->hist_lnorm + 1, (BLOWUP_HISTORY - 1) * sizeof(double));
        memmove(ig->hist_t, ig->hist_t + 1, (BLOWUP_HISTORY - 1) * sizeof(double));
        n--;
    }
    ig->hist_lrho[n] = info->lrho;
    ig->hist_lnorm[n] = info->lnorm;
    ig->hist_t[n] = t_start;
    ig->nhist = ++n;
    if (n < BLOWUP_HISTORY)
        return 0;
    for (int i = 1; i < n; i++)
        if (!(ig->hist_lrho[i] < ig->hist_lrho[i - 1] - 0.105) ||
            !(ig->hist_lnorm[i] > ig->hist_lnorm[i - 1]))
            return 0;
    if (!(info->lrho < log(ig->blowup_radius * fmax(1.0, fabs(t_start)))))
        return 0;
    stats->t_blowup = t_start + dir * exp(info->lrho);
    return 1;
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
    size_t nx = ig->n, row = 0, stop = 0;
    int dir, status = NHREF_OK;
    double t_start;

    if (stats == NULL)
        stats = &local;
    nhref_stats_start(stats);
    if (n == 0)
        return NHREF_EINVAL;
    dir = n > 1 ? mpfr_cmp(tgrid + n - 1, tgrid) : 0;
    for (size_t i = 0; i < n; i++)
        if (!mpfr_number_p(tgrid + i) ||
            (i > 0 && mpfr_cmp(tgrid + i, tgrid + i - 1) * dir < 0) ||
            (dir == 0 && i > 0 && !mpfr_equal_p(tgrid + i, tgrid)))
            return NHREF_EINVAL;

    {
        /* the model's conditions on the initial state (nhref_system_check_init) */
        char why[256];
        if (nhref_system_check_init(ig->sys, x0, why, sizeof why) != NHREF_OK)
            return NHREF_EPARAM;
    }
    mpfr_set(ig->t, tgrid, MPFR_RNDN);
    mpfr_set(ig->t_start, tgrid, MPFR_RNDN);
    mpfr_set(ig->t_end, tgrid + n - 1, MPFR_RNDN);
    copy_row(ig->x, x0, nx);
    ig->nhist = 0;
    if (ig->scheme->reset != NULL)
        ig->scheme->reset(ig->st);
    if (ig->nev > 0)
        eval_events(ig, ig->g0, ig->t, ig->x);

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
        mpfr_set(ig->ts, ig->t, MPFR_RNDN); /* the step's start, for events */
        t_start = mpfr_get_d(ig->t, MPFR_RNDN);
        status = ig->scheme->step(ig->st, ig->t, ig->x, ig->hmax, &info);
        if (status != NHREF_OK)
            break;
        nhref_stats_step(stats, &info, mpfr_equal_p(ig->t, ig->t_end));
        if (ig->nev > 0) {
            status = step_events(ig, ig->ts, dir, &stop);
            if (status != NHREF_OK)
                break;
        }
        /* rows strictly inside the step (before the event time if one stops it) */
        while (status == NHREF_OK && row < n &&
               (mpfr_set(ig->tg, tgrid + row, MPFR_RNDN),
                mpfr_cmp(ig->tg, stop ? ig->te_best : ig->t) * dir < 0)) {
            status = ig->scheme->dense(ig->st, row_at(ig, out, row), ig->tg);
            if (status == NHREF_OK)
                status = row_done(ig, out, tgrid, row++, stats);
        }
        if (status != NHREF_OK)
            break;
        if (stop) {
            /* end at the event: its state, and the rows at exactly its time */
            status = ig->scheme->dense(ig->st, ig->x, ig->te_best);
            mpfr_set(ig->t, ig->te_best, MPFR_RNDN);
            while (status == NHREF_OK && row < n &&
                   (mpfr_set(ig->tg, tgrid + row, MPFR_RNDN), mpfr_equal_p(ig->tg, ig->t))) {
                copy_row(row_at(ig, out, row), ig->x, nx);
                status = row_done(ig, out, tgrid, row++, stats);
            }
            stats->event = (int)stop - 1;
            break;
        }
        if (blowup_ahead(ig, &info, t_start, dir, stats)) {
            status = NHREF_EBLOWUP;
            break;
        }
        if (ig->progress != NULL)
            ig->progress(ig->progress_arg, fraction_done(ig));
    }
    stats->outcome = status == NHREF_EBLOWUP ? NHREF_OUTCOME_BLOWUP
                     : status != NHREF_OK  ? NHREF_OUTCOME_FAILED
                     : stop                ? NHREF_OUTCOME_EVENT
                                           : NHREF_OUTCOME_REACHED;
    stats->t_stop = mpfr_get_d(ig->t, MPFR_RNDN);
    return status;
}

int nhref_integrate_until(nhref_integrator_t *ig, mpfr_ptr x, mpfr_ptr t, mpfr_srcptr t_end,
                          nhref_stats_t *stats)
{
    mpfr_t grid[2];
    __mpfr_struct *rows;
    nhref_stats_t local;
    int (*on_row)(void *, size_t, mpfr_srcptr, mpfr_srcptr);
    size_t nx = ig->n;
    int status;

    if (stats == NULL)
        stats = &local;
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
    /* where the integration stopped: the end, or an event, or the last state reached */
    if (stats == NULL || stats->outcome == NHREF_OUTCOME_REACHED) {
        copy_row(x, rows + nx, nx);
        mpfr_set(t, grid[1], MPFR_RNDN);
    } else {
        copy_row(x, ig->x, nx);
        mpfr_set(t, ig->t, MPFR_RNDN);
    }
    for (size_t i = 0; i < 2 * nx; i++)
        mpfr_clear(rows + i);
    free(rows);
    mpfr_clears(grid[0], grid[1], (mpfr_ptr)0);
    return status;
}

void nhref_integrator_state(const nhref_integrator_t *ig, mpfr_ptr t, mpfr_ptr x)
{
    mpfr_set(t, ig->t, MPFR_RNDN);
    copy_row(x, ig->x, ig->n);
}

int nhref_integrator_integrals(nhref_integrator_t *ig, mpfr_ptr I, mpfr_srcptr t,
                               mpfr_srcptr x)
{
    if (ig->iws == NULL)
        return NHREF_EINVAL;
    nhref_tape_mp_eval(I, ig->iws, t, x); /* NaN where an integral is undefined */
    return NHREF_OK;
}
