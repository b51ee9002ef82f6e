/* lyapunov.c -- finite-time Lyapunov exponents by the tangent (variational)
 * equations generated from the model's tape, or by the two-trajectory Benettin
 * recipe (see nhref_lyapunov.h). */
#include "nhref_lyapunov.h"

#include <stdlib.h>
#include <string.h>

#include "integrate/budget.h"
#include "integrate/integrate_internal.h"
#include "integrate/lyapunov_internal.h"
#include "models/models_internal.h"
#include "nhref_io.h"
#include "nhref_tape.h"

void nhref_lyap_opts_default(nhref_lyap_opts_t *opt)
{
    opt->method = "tangent";
    opt->tau = "1";
    opt->delta0 = "1e-20";
    opt->ncomponent = 0;
    opt->component = NULL;
    opt->direction = NULL;
    opt->project_integral = -1;
}

typedef struct {
    size_t n, ns;     /* state dimension, |S| */
    size_t *S;        /* the components of the norm */
    mpfr_prec_t prec;
    mpfr_t a, b;      /* scratch */
} lyap_t;

/* R = |V|_S (V the difference or tangent vector, nstate values) */
static void norm_s(mpfr_ptr r, lyap_t *L, mpfr_srcptr v)
{
    mpfr_set_zero(r, 1);
    for (size_t i = 0; i < L->ns; i++)
        mpfr_fma(r, v + L->S[i], v + L->S[i], r, MPFR_RNDN);
    mpfr_sqrt(r, r, MPFR_RNDN);
}

/* U = the initial direction on S, projected and normalised (zero outside S) */
static int initial_direction(mpfr_ptr u, lyap_t *L, const nhref_system_t *sys, mpfr_srcptr x0,
                             const nhref_lyap_opts_t *opt)
{
    const nhref_model_t *m = nhref_system_model(sys);
    for (size_t i = 0; i < L->n; i++)
        mpfr_set_zero(u + i, 1);
    for (size_t i = 0; i < L->ns; i++) {
        if (opt->direction == NULL)
            mpfr_set_ui(u + L->S[i], 1, MPFR_RNDN);
        else if (nhref_decimal_set(u + L->S[i], opt->direction[i]) != NHREF_OK)
            return NHREF_EINVAL;
    }
    if (opt->project_integral >= 0) {
        nhref_tape_t *grad;
        nhref_tape_mp_t *ws;
        __mpfr_struct *g = nhref_vec_new(L->n, L->prec);
        int status;
        if ((size_t)opt->project_integral >= m->nintegral || nhref_system_integral_tape(sys) == NULL)
            return NHREF_EINVAL;
        status = nhref_tape_gradient(&grad, nhref_system_integral_tape(sys),
                                     (size_t)opt->project_integral);
        if (status == NHREF_OK) {
            status = nhref_system_workspace_mp(&ws, sys, grad, L->prec, 0, 1);
            if (status == NHREF_OK) {
                mpfr_set_zero(L->a, 1);
                status = nhref_tape_mp_eval(g, ws, L->a, x0);
                nhref_tape_mp_free(ws);
            }
            nhref_tape_free(grad);
        }
        if (status == NHREF_OK) {
            /* u <- u - (u.g / g.g) g over S */
            mpfr_set_zero(L->a, 1);
            mpfr_set_zero(L->b, 1);
            for (size_t i = 0; i < L->ns; i++) {
                mpfr_fma(L->a, u + L->S[i], g + L->S[i], L->a, MPFR_RNDN);
                mpfr_fma(L->b, g + L->S[i], g + L->S[i], L->b, MPFR_RNDN);
            }
            if (!mpfr_zero_p(L->b)) {
                mpfr_div(L->a, L->a, L->b, MPFR_RNDN);
                for (size_t i = 0; i < L->ns; i++) {
                    mpfr_mul(L->b, L->a, g + L->S[i], MPFR_RNDN);
                    mpfr_sub(u + L->S[i], u + L->S[i], L->b, MPFR_RNDN);
                }
            }
        }
        nhref_vec_free(g, L->n);
        if (status != NHREF_OK)
            return status;
    }
    norm_s(L->a, L, u);
    if (mpfr_zero_p(L->a))
        return NHREF_EINVAL;
    for (size_t i = 0; i < L->ns; i++)
        mpfr_div(u + L->S[i], u + L->S[i], L->a, MPFR_RNDN);
    return NHREF_OK;
}

int nhref_lyap_direction(mpfr_ptr u, const nhref_system_t *sys, mpfr_srcptr x0, const size_t *S,
                         size_t ns, const nhref_lyap_opts_t *opt, mpfr_prec_t prec)
{
    lyap_t L;
    int status;
    L.n = nhref_system_model(sys)->nstate;
    L.ns = ns;
    L.S = (size_t *)S;
    L.prec = prec;
    mpfr_inits2(prec, L.a, L.b, (mpfr_ptr)0);
    status = initial_direction(u, &L, sys, x0, opt);
    mpfr_clears(L.a, L.b, (mpfr_ptr)0);
    return status;
}

/* progress over the whole run [0, T_n]: the integrator reports the fraction of
 * the interval it integrates, [a, b] of the run */
typedef struct {
    void (*progress)(void *, double);
    void *arg;
    double a, b, total;
} lyap_progress_t;

static void lyap_progress(void *arg, double fraction)
{
    lyap_progress_t *p = arg;
    p->progress(p->arg, (p->a + fraction * (p->b - p->a)) / p->total);
}

void nhref_lyap_stats_add(nhref_stats_t *all, const nhref_stats_t *one)
{
    if (one->nsteps > 0) {
        if (all->nsteps == 0 || one->order_min < all->order_min)
            all->order_min = one->order_min;
        if (one->order_max > all->order_max)
            all->order_max = one->order_max;
        if (all->h_min == 0 || (one->h_min > 0 && one->h_min < all->h_min))
            all->h_min = one->h_min;
        if (one->h_max > all->h_max)
            all->h_max = one->h_max;
    }
    /* an interval stopped by its step estimate (budget.h): the run's, at least */
    if (one->steps_estimate > 0)
        all->steps_estimate = (double)all->nsteps + one->steps_estimate;
    all->nsteps += one->nsteps;
    all->outcome = one->outcome;
    all->t_stop = one->t_stop;
    all->t_blowup = one->t_blowup;
}

int nhref_lyapunov(mpfr_ptr ftle, const nhref_system_t *sys, mpfr_srcptr x0, mpfr_srcptr t,
                   size_t n, const nhref_lyap_opts_t *opt0, const nhref_options_t *iopt0,
                   nhref_stats_t *stats)
{
    nhref_stats_t local, one;
    const nhref_model_t *m = nhref_system_model(sys);
    nhref_lyap_opts_t opt;
    nhref_options_t iopt = *iopt0;
    int tangent, status = NHREF_OK;
    lyap_t L;
    nhref_system_t *lin = NULL;
    nhref_integrator_t *ig = NULL;
    __mpfr_struct *u = NULL, *x = NULL, *y = NULL;
    mpfr_t tau, delta0, now, next, sum, d, lg;
    lyap_progress_t prog;
    nhref_budget_t budget;

    if (stats == NULL)
        stats = &local;
    nhref_stats_start(stats);
    for (size_t i = 0; i < n; i++)
        mpfr_set_nan(ftle + i);
    if (opt0 == NULL)
        nhref_lyap_opts_default(&opt);
    else
        opt = *opt0;
    tangent = opt.method == NULL || strcmp(opt.method, "tangent") == 0;
    if (!tangent && strcmp(opt.method, "benettin") != 0)
        return NHREF_EINVAL;
    if (nhref_options_resolve(&iopt) != NHREF_OK)
        return NHREF_EINVAL;
    iopt.no_model_events = 1;
    iopt.nuser_event = 0;
    prog.progress = iopt.progress;
    prog.arg = iopt.progress_arg;
    prog.total = n > 0 ? mpfr_get_d(t + n - 1, MPFR_RNDN) : 1;
    if (iopt.progress != NULL) {
        iopt.progress = lyap_progress;
        iopt.progress_arg = &prog;
    }
    memset(&L, 0, sizeof L);
    L.n = m->nstate;
    L.prec = iopt.prec;
    L.ns = opt.ncomponent ? opt.ncomponent : L.n;
    L.S = malloc(L.ns * sizeof *L.S);
    if (L.S == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < L.ns; i++) {
        L.S[i] = opt.ncomponent ? opt.component[i] : i;
        if (L.S[i] >= L.n) {
            free(L.S);
            return NHREF_EINVAL;
        }
    }
    mpfr_inits2(L.prec, L.a, L.b, tau, delta0, now, next, sum, d, lg, (mpfr_ptr)0);
    if (nhref_decimal_set(tau, opt.tau ? opt.tau : "1") != NHREF_OK || mpfr_sgn(tau) <= 0 ||
        nhref_decimal_set(delta0, opt.delta0 ? opt.delta0 : "1e-20") != NHREF_OK ||
        mpfr_sgn(delta0) <= 0)
        status = NHREF_EINVAL;
    for (size_t i = 0; i < n && status == NHREF_OK; i++)
        if (mpfr_sgn(t + i) <= 0 || (i > 0 && !mpfr_greater_p(t + i, t + i - 1)))
            status = NHREF_EINVAL;

    /* the perturbation's direction, and what is integrated */
    u = nhref_vec_new(L.n, L.prec);
    if (status == NHREF_OK)
        status = u != NULL ? initial_direction(u, &L, sys, x0, &opt) : NHREF_ENOMEM;
    if (status == NHREF_OK && tangent) {
        nhref_tape_t *tl;
        status = nhref_tape_linearize(&tl, nhref_system_rhs_tape(sys), 1);
        if (status == NHREF_OK)
            status = nhref_system_derive(&lin, sys, tl);
        if (status == NHREF_OK)
            status = nhref_integrator_new(&ig, lin, &iopt);
        x = nhref_vec_new(2 * L.n, L.prec);
        if (status == NHREF_OK && x == NULL)
            status = NHREF_ENOMEM;
        for (size_t i = 0; i < L.n && status == NHREF_OK; i++) {
            mpfr_set(x + i, x0 + i, MPFR_RNDN);
            mpfr_set(x + L.n + i, u + i, MPFR_RNDN);
        }
    } else if (status == NHREF_OK) {
        status = nhref_integrator_new(&ig, sys, &iopt);
        x = nhref_vec_new(L.n, L.prec);
        y = nhref_vec_new(L.n, L.prec);
        if (status == NHREF_OK && (x == NULL || y == NULL))
            status = NHREF_ENOMEM;
        for (size_t i = 0; i < L.n && status == NHREF_OK; i++) {
            mpfr_set(x + i, x0 + i, MPFR_RNDN);
            mpfr_fma(y + i, delta0, u + i, x0 + i, MPFR_RNDN);
        }
    }

    /* the step limit over the whole run (every interval takes a step at least; then the
     * steps so far, extrapolated as in budget.h) */
    if (status == NHREF_OK && n > 0 && iopt0->max_steps != 0) {
        double intervals;
        mpfr_div(lg, t + n - 1, tau, MPFR_RNDU);
        intervals = ceil(mpfr_get_d(lg, MPFR_RNDU)) + (double)n;
        if (intervals > (double)iopt0->max_steps) {
            stats->steps_estimate = intervals;
            status = NHREF_EMAXSTEPS;
        }
    }
    nhref_budget_start(&budget, 0);

    /* renormalise at every multiple of tau, and at every requested time */
    mpfr_set_zero(now, 1);
    mpfr_set_zero(sum, 1);
    for (size_t i = 0; i < n && status == NHREF_OK;) {
        int at_target;
        double est;
        if (iopt0->max_steps != 0 && stats->nsteps >= iopt0->max_steps) {
            status = NHREF_EMAXSTEPS;
            break;
        }
        if (iopt0->max_steps != 0) /* the interval gets what is left of the run's limit */
            nhref_integrator_limit_steps(ig, iopt0->max_steps - stats->nsteps);
        est = nhref_budget_check(&budget, stats->nsteps, mpfr_get_d(now, MPFR_RNDN),
                                 mpfr_get_d(t + n - 1, MPFR_RNDN), iopt0->max_steps);
        if (est > 0) {
            stats->steps_estimate = est;
            status = NHREF_EMAXSTEPS;
            break;
        }
        mpfr_add(next, now, tau, MPFR_RNDN);
        at_target = mpfr_cmp(next, t + i) >= 0;
        if (at_target)
            mpfr_set(next, t + i, MPFR_RNDN);
        prog.a = mpfr_get_d(now, MPFR_RNDN);
        prog.b = mpfr_get_d(next, MPFR_RNDN);
        if (tangent) {
            mpfr_set(L.a, now, MPFR_RNDN);
            status = nhref_integrate_until(ig, x, L.a, next, &one);
            nhref_lyap_stats_add(stats, &one);
            if (status != NHREF_OK)
                break;
            norm_s(d, &L, x + L.n);
        } else {
            prog.b = (prog.a + prog.b) / 2; /* x on the first half, y on the second */
            mpfr_set(L.a, now, MPFR_RNDN);
            status = nhref_integrate_until(ig, x, L.a, next, &one);
            nhref_lyap_stats_add(stats, &one);
            if (status == NHREF_OK) {
                prog.a = prog.b;
                prog.b = mpfr_get_d(next, MPFR_RNDN);
                mpfr_set(L.a, now, MPFR_RNDN);
                status = nhref_integrate_until(ig, y, L.a, next, &one);
                nhref_lyap_stats_add(stats, &one);
            }
            if (status != NHREF_OK)
                break;
            for (size_t q = 0; q < L.n; q++)
                mpfr_sub(u + q, y + q, x + q, MPFR_RNDN);
            norm_s(d, &L, u);
            mpfr_div(d, d, delta0, MPFR_RNDN); /* growth over the interval */
        }
        mpfr_log(lg, d, MPFR_RNDN);
        mpfr_add(sum, sum, lg, MPFR_RNDN);
        if (at_target) {
            mpfr_div(ftle + i, sum, t + i, MPFR_RNDN);
            stats->nrows = ++i;
        }
        /* renormalise: growth d, direction kept, components outside S reset */
        if (tangent) {
            for (size_t q = 0; q < L.n; q++)
                mpfr_set_zero(u + q, 1);
            for (size_t q = 0; q < L.ns; q++)
                mpfr_div(u + L.S[q], x + L.n + L.S[q], d, MPFR_RNDN);
            for (size_t q = 0; q < L.n; q++)
                mpfr_set(x + L.n + q, u + q, MPFR_RNDN);
        } else {
            for (size_t q = 0; q < L.n; q++)
                mpfr_set(y + q, x + q, MPFR_RNDN);
            /* y = x + delta0 (y - x)/|y - x| on S; here |y - x| = d delta0, so y = x + u/d */
            for (size_t q = 0; q < L.ns; q++) {
                mpfr_div(L.b, u + L.S[q], d, MPFR_RNDN);
                mpfr_add(y + L.S[q], x + L.S[q], L.b, MPFR_RNDN);
            }
        }
        mpfr_set(now, next, MPFR_RNDN);
    }
    nhref_integrator_free(ig);
    nhref_system_free(lin);
    nhref_vec_free(u, L.n);
    nhref_vec_free(x, tangent ? 2 * L.n : L.n);
    nhref_vec_free(y, L.n);
    mpfr_clears(L.a, L.b, tau, delta0, now, next, sum, d, lg, (mpfr_ptr)0);
    free(L.S);
    return status;
}
