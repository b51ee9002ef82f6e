/* lyapunov_batch.c -- nhref_lyapunov_batch_d and nhref_lyapunov_d (nhref_lyapunov.h): the
 * tangent method in double, B lanes at once.  The variational equations of every lane
 * (nhref_tape_linearize, one derived system per parameter set, all of one model) run in
 * ONE batch integrator (nhref_batch.h), one nhref_batch_grid_d per renormalisation
 * interval; between the calls each lane's tangent vector is renormalised on its own.
 *
 * A copy names its twin: the loop over the intervals and the renormalisation are
 * lyapunov.c's nhref_lyapunov (tangent), in double, operation for operation (the norm
 * by fused multiply-adds as mpfr_fma, the times as now + tau); a change there is made
 * here too.  tests/check_lyapunov.c compares the two on the skater's case L1.
 * A lane that fails (its interval's status not NHREF_OK, or a tangent vector whose norm
 * is 0 or not finite) leaves the batch, which is made again with the lanes left: the
 * others go on as before (each lane of a batch is its separate run, bit for bit).
 */
#include "nhref_lyapunov.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "integrate/integrate_internal.h"
#include "integrate/lyapunov_internal.h"
#include "models/models_internal.h"
#include "nhref_batch.h"
#include "nhref_io.h"
#include "nhref_tape.h"

typedef struct {
    size_t n, nx, ns, nlanes, nsys, nlive; /* state dimension, 2 n, |S|, lanes, systems, lanes
                                            * still running */
    size_t *S;                             /* ns: the components of the norm */
    nhref_system_t **lin;                  /* nsys: the variational equations */
    const nhref_system_t **bsys;           /* the live lanes' systems, for the batch */
    size_t *live;                          /* nlive: the live lanes' indices */
    double *x, *out, *sum;                 /* nlive 2n; 2 nlive 2n; nlanes sums of ln d */
    int *st;                               /* nlive: the interval's statuses */
    nhref_stats_t *one;                    /* nlive: the interval's statistics */
    nhref_batch_d_t *bt;
    nhref_options_t iopt;
} lyb_t;

static void lyb_free(lyb_t *L)
{
    nhref_batch_free_d(L->bt);
    for (size_t b = 0; L->lin != NULL && b < L->nsys; b++)
        nhref_system_free(L->lin[L->nsys - 1 - b]); /* lin[0], whose model the others use,
                                                     * last */
    free(L->lin);
    free((void *)L->bsys);
    free(L->live);
    free(L->S);
    free(L->x);
    free(L->out);
    free(L->sum);
    free(L->st);
    free(L->one);
}

/* the options, S, the times and tau checked; the workspaces allocated */
static int lyb_init(lyb_t *L, const nhref_system_t *const *sys, size_t nsys, size_t nlanes,
                    const double *t, size_t n, const nhref_lyap_opts_t *opt, double *tau)
{
    const nhref_model_t *m = nhref_system_model(sys[0]);
    mpfr_t v;
    int bad;

    if (opt->method != NULL && strcmp(opt->method, "tangent") != 0)
        return NHREF_EINVAL;
    mpfr_init2(v, 53);
    bad = nhref_decimal_set(v, opt->tau ? opt->tau : "1") != NHREF_OK || mpfr_sgn(v) <= 0;
    *tau = mpfr_get_d(v, MPFR_RNDN);
    mpfr_clear(v);
    if (bad || !isfinite(*tau) || *tau <= 0)
        return NHREF_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (!isfinite(t[i]) || t[i] <= 0 || (i > 0 && !(t[i] > t[i - 1])))
            return NHREF_EINVAL;
    for (size_t b = 1; b < nsys; b++)
        if (nhref_system_model(sys[b]) != m)
            return NHREF_EINVAL;
    L->n = m->nstate;
    L->nx = 2 * L->n;
    L->nlanes = L->nlive = nlanes;
    L->nsys = nsys;
    L->ns = opt->ncomponent ? opt->ncomponent : L->n;
    L->S = malloc(L->ns * sizeof *L->S);
    L->lin = calloc(nsys, sizeof *L->lin);
    L->bsys = calloc(nlanes, sizeof *L->bsys);
    L->live = malloc(nlanes * sizeof *L->live);
    L->x = malloc(nlanes * L->nx * sizeof *L->x);
    L->out = malloc(2 * nlanes * L->nx * sizeof *L->out);
    L->sum = calloc(nlanes, sizeof *L->sum);
    L->st = malloc(nlanes * sizeof *L->st);
    L->one = malloc(nlanes * sizeof *L->one);
    if (L->S == NULL || L->lin == NULL || L->bsys == NULL || L->live == NULL || L->x == NULL ||
        L->out == NULL || L->sum == NULL || L->st == NULL || L->one == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < L->ns; i++)
        if ((L->S[i] = opt->ncomponent ? opt->component[i] : i) >= L->n)
            return NHREF_EINVAL;
    for (size_t b = 0; b < nlanes; b++)
        L->live[b] = b;
    return NHREF_OK;
}

/* the variational equations of each system, all of the model of lin[0] */
static int lyb_linearize(lyb_t *L, const nhref_system_t *const *sys)
{
    int status = NHREF_OK;
    for (size_t b = 0; b < L->nsys && status == NHREF_OK; b++) {
        nhref_tape_t *tl;
        status = nhref_tape_linearize(&tl, nhref_system_rhs_tape(sys[b]), 1);
        if (status == NHREF_OK)
            status = b == 0 ? nhref_system_derive(&L->lin[0], sys[0], tl)
                            : nhref_system_derive_like(&L->lin[b], L->lin[0], sys[b], tl);
    }
    return status;
}

/* lane B's start (X0: nstate doubles) into L->x + K 2n: the state, and the initial
 * direction as lyapunov.c makes it (at 53 bits, correctly rounded: double's operations) */
static int lyb_start(lyb_t *L, size_t k, const nhref_system_t *sys, const double *x0,
                     const nhref_lyap_opts_t *opt)
{
    __mpfr_struct *u = nhref_vec_new(L->n, 53), *xm = nhref_vec_new(L->n, 53);
    int status = u != NULL && xm != NULL ? NHREF_OK : NHREF_ENOMEM;
    for (size_t i = 0; i < L->n && status == NHREF_OK; i++)
        mpfr_set_d(xm + i, x0[i], MPFR_RNDN);
    if (status == NHREF_OK)
        status = nhref_lyap_direction(u, sys, xm, L->S, L->ns, opt, 53);
    for (size_t i = 0; i < L->n && status == NHREF_OK; i++) {
        L->x[k * L->nx + i] = x0[i];
        L->x[k * L->nx + L->n + i] = mpfr_get_d(u + i, MPFR_RNDN);
    }
    nhref_vec_free(u, L->n);
    nhref_vec_free(xm, L->n);
    return status;
}

/* lane K of the live ones leaves the batch with STATUS (its FTLE after its last
 * renormalisation stay NaN): the lanes after it move down one place */
static void lyb_drop(lyb_t *L, size_t k, int status, int *lstatus)
{
    lstatus[L->live[k]] = status;
    memmove(L->live + k, L->live + k + 1, (L->nlive - k - 1) * sizeof *L->live);
    memmove(L->x + k * L->nx, L->x + (k + 1) * L->nx, (L->nlive - k - 1) * L->nx * sizeof *L->x);
    L->nlive--;
}

/* the batch integrator of the live lanes (made again when a lane left) */
static int lyb_batch(lyb_t *L)
{
    size_t ns = L->nsys == 1 ? 1 : L->nlive;
    nhref_batch_free_d(L->bt);
    L->bt = NULL;
    for (size_t k = 0; k < ns; k++)
        L->bsys[k] = L->lin[L->nsys == 1 ? 0 : L->live[k]];
    return nhref_batch_new_d(&L->bt, L->bsys, ns, &L->iopt);
}

/* R = |W|_S, as lyapunov.c's norm_s (fused multiply-adds, then the square root) */
static double norm_s(const lyb_t *L, const double *w)
{
    double r = 0;
    for (size_t i = 0; i < L->ns; i++)
        r = fma(w[L->S[i]], w[L->S[i]], r);
    return sqrt(r);
}

/* the interval [NOW, NEXT] of every live lane; its growth into the lane's sum, its tangent
 * vector renormalised (direction kept on S, zero elsewhere); a lane that fails leaves.
 * Returns NHREF_OK or the batch's error (NHREF_ENOMEM, ...) */
static int lyb_interval(lyb_t *L, double now, double next, int *lstatus, nhref_stats_t *stats)
{
    const double tgrid[2] = {now, next};
    size_t nlive = L->nlive, nx = L->nx, n = L->n;
    int status = nhref_batch_grid_d(L->bt, L->out, L->st, L->one, L->x, nlive, tgrid, 2);

    if (status != NHREF_OK)
        return status;
    for (size_t k = nlive; k-- > 0;) { /* from the last: a lane that leaves moves the next */
        size_t b = L->live[k];
        const double *row = L->out + (k * 2 + 1) * nx;
        double d;
        nhref_lyap_stats_add(&stats[b], &L->one[k]);
        if (L->st[k] != NHREF_OK) {
            lyb_drop(L, k, L->st[k], lstatus);
            continue;
        }
        d = norm_s(L, row + n);
        if (!(d > 0) || !isfinite(d)) {
            stats[b].outcome = NHREF_OUTCOME_FAILED;
            lyb_drop(L, k, NHREF_EDOMAIN, lstatus);
            continue;
        }
        L->sum[b] += log(d);
        memcpy(L->x + k * nx, row, n * sizeof *row);
        for (size_t q = 0; q < n; q++)
            L->x[k * nx + n + q] = 0;
        for (size_t q = 0; q < L->ns; q++)
            L->x[k * nx + n + L->S[q]] = row[n + L->S[q]] / d;
    }
    return L->nlive < nlive && L->nlive > 0 ? lyb_batch(L) : NHREF_OK;
}

/* the renormalisations up to t[n - 1] (lyapunov.c's loop): FTLE(t_i) of every live lane */
static int lyb_run(lyb_t *L, double *ftle, int *lstatus, nhref_stats_t *stats, const double *t,
                   size_t n, double tau, unsigned long max_steps)
{
    double now = 0;
    int status = NHREF_OK;
    for (size_t i = 0; i < n && L->nlive > 0 && status == NHREF_OK;) {
        double next = now + tau;
        int at_target = next >= t[i];
        size_t nlive = L->nlive;
        for (size_t k = L->nlive; max_steps != 0 && k-- > 0;) /* the run's step limit */
            if (stats[L->live[k]].nsteps >= max_steps)
                lyb_drop(L, k, NHREF_EMAXSTEPS, lstatus);
        if (L->nlive == 0)
            break;
        if (L->nlive < nlive && (status = lyb_batch(L)) != NHREF_OK)
            break;
        if (at_target)
            next = t[i];
        status = lyb_interval(L, now, next, lstatus, stats);
        if (at_target) {
            for (size_t k = 0; k < L->nlive; k++) {
                size_t b = L->live[k];
                ftle[b * n + i] = L->sum[b] / t[i];
                stats[b].nrows = i + 1;
            }
            i++;
        }
        now = next;
    }
    return status;
}

int nhref_lyapunov_batch_d(double *ftle, int *lstatus, nhref_stats_t *stats,
                           const nhref_system_t *const *sys, size_t nsys, const double *x0,
                           size_t nlanes, const double *t, size_t n,
                           const nhref_lyap_opts_t *opt0, const nhref_options_t *iopt)
{
    lyb_t L;
    nhref_lyap_opts_t opt;
    nhref_stats_t *own = NULL;
    double tau;
    int status;

    if (lstatus != NULL)
        for (size_t b = 0; b < nlanes; b++)
            lstatus[b] = NHREF_EINVAL;
    if (ftle == NULL || lstatus == NULL || sys == NULL || x0 == NULL || t == NULL ||
        nlanes == 0 || n == 0 || (nsys != 1 && nsys != nlanes))
        return NHREF_EINVAL;
    for (size_t b = 0; b < nsys; b++)
        if (sys[b] == NULL)
            return NHREF_EINVAL;
    for (size_t i = 0; i < nlanes * n; i++)
        ftle[i] = NAN;
    if (stats == NULL && (stats = own = malloc(nlanes * sizeof *own)) == NULL)
        return NHREF_ENOMEM;
    for (size_t b = 0; b < nlanes; b++)
        nhref_stats_start(&stats[b]);
    if (opt0 == NULL)
        nhref_lyap_opts_default(&opt);
    else
        opt = *opt0;
    memset(&L, 0, sizeof L);
    if (iopt == NULL)
        nhref_options_default(&L.iopt);
    else
        L.iopt = *iopt;
    L.iopt.no_model_events = 1;
    L.iopt.nuser_event = 0;
    L.iopt.progress = NULL;
    status = lyb_init(&L, sys, nsys, nlanes, t, n, &opt, &tau);
    if (status == NHREF_OK)
        status = lyb_linearize(&L, sys);
    for (size_t b = 0; b < nlanes && status == NHREF_OK; b++) {
        int s = lyb_start(&L, b, sys[nsys == 1 ? 0 : b], x0 + b * L.n, &opt);
        lstatus[b] = s == NHREF_OK ? NHREF_OK : s;
        if (s == NHREF_ENOMEM)
            status = s;
    }
    /* the lanes whose direction failed leave before the first interval */
    for (size_t k = L.nlive; status == NHREF_OK && k-- > 0;)
        if (lstatus[L.live[k]] != NHREF_OK)
            lyb_drop(&L, k, lstatus[L.live[k]], lstatus);
    /* every interval takes a step at least (lyapunov.c's rule) */
    if (status == NHREF_OK && L.iopt.max_steps != 0 &&
        ceil(t[n - 1] / tau) + (double)n > (double)L.iopt.max_steps)
        for (size_t k = L.nlive; k-- > 0;) {
            stats[L.live[k]].steps_estimate = ceil(t[n - 1] / tau) + (double)n;
            lyb_drop(&L, k, NHREF_EMAXSTEPS, lstatus);
        }
    if (status == NHREF_OK && L.nlive > 0 && (status = lyb_batch(&L)) == NHREF_EPARAM) {
        for (size_t k = L.nlive; k-- > 0;) /* nsys 1: the one parameter set fails */
            lyb_drop(&L, k, NHREF_EPARAM, lstatus);
        status = NHREF_OK;
    }
    if (status == NHREF_OK)
        status = lyb_run(&L, ftle, lstatus, stats, t, n, tau, L.iopt.max_steps);
    for (size_t k = 0; status == NHREF_OK && k < L.nlive; k++)
        stats[L.live[k]].outcome = NHREF_OUTCOME_REACHED;
    if (status != NHREF_OK)
        for (size_t b = 0; b < nlanes; b++)
            lstatus[b] = status;
    lyb_free(&L);
    free(own);
    return status;
}

int nhref_lyapunov_d(double *ftle, nhref_stats_t *stats, const nhref_system_t *sys,
                     const double *x0, const double *t, size_t n, const nhref_lyap_opts_t *opt,
                     const nhref_options_t *iopt)
{
    int lane, status;
    status = nhref_lyapunov_batch_d(ftle, &lane, stats, &sys, 1, x0, 1, t, n, opt, iopt);
    return status != NHREF_OK ? status : lane;
}
