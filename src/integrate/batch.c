/* batch.c -- nhref_integrate_batch_d and the batch integrator (nhref_batch.h): packs of
 * four lanes, the jets of a pack in SIMD lanes (integrate/batch_jet.c: the interpreter,
 * calling the four-lane jets compiled at run time, tape/jit.h), the Taylor step of each
 * lane by its own coefficients, the rows of the four lanes at once (pack_dense).
 *
 * A copy names its twin: the step of a lane (step size, compensated update, dense
 * output) is schemes/taylor.c's taylor_step and taylor_dense, and the loop over the
 * grid is integrate/driver.c's nhref_integrate_grid, in double, operation for
 * operation -- a change there is made here too; tests/check_batch.c compares every
 * lane with nhref_integrate_grid_d bit for bit.  What the driver does besides
 * (locating events, the blow-up and step-limit outcomes, the initial checks, domain
 * errors) is left to it: such a lane is run again from its start by
 * nhref_integrate_grid_d (lane_separate).
 */
#define NHREF_NUM NHREF_NUM_V
#include "num/num.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "integrate/blowup.h"
#include "integrate/budget.h"
#include "integrate/integrate_internal.h"
#include "models/models_internal.h"
#include "nhref_batch.h"
#include "nhref_io.h"
#include "nhref_tape.h"
#include "tape/program.h"
#ifdef NHREF_JIT
#include "tape/jit.h"
#endif

#define L NUM_V_LANES

/* tape/tape_num.h's nhref_tape_new_interpreted_d (the double interpreter without the
 * compiled jets: the interpreted lanes' arithmetic), and nhref_tape_generated_v (or
 * _v_avx): non-NULL when the lanes' orders are compiled (tape/jit.h), lane l then being
 * the compiled double jet (nhref_tape_d_new's) bit for bit */
int nhref_tape_new_interpreted_d(nhref_tape_d_t **ws, const nhref_tape_t *tape, long prec,
                                 unsigned order);
const char *NUM_IN(nhref_tape_generated)(const nhref_tape_v_t *ws);

/* the packs of the batch in this instance of the lane type (_v: baseline x86-64 or any
 * target; _v_avx: AVX, integrate/batch_avx.c).
 * nhref_batch_pack_new_*: the workspaces of the model of SYS[0 .. NSYS-1] for the Taylor
 * order ORDER and the options OPT (which must outlive them), with the systems' current
 * parameters, or NULL with *STATUS set (NHREF_ENOMEM, or a workspace's status).  nhref_batch_pack_run_*: OUT, STATUS, STATS, SYS, NSYS, X0,
 * NLANES, TGRID, N as nhref_batch_grid_d (checked), DIR the grid's direction; runs
 * the lanes four at a time in the workspaces PK.  nhref_batch_pack_free_*: frees PK. */
void *nhref_batch_pack_new_v(const nhref_system_t *const *sys, size_t nsys, unsigned order,
                             const nhref_options_t *opt, int *status);
int nhref_batch_pack_run_v(void *pk, double *out, int *status, nhref_stats_t *stats,
                           const nhref_system_t *const *sys, size_t nsys, const double *x0,
                           size_t nlanes, const double *tgrid, size_t n, int dir);
void nhref_batch_pack_free_v(void *pk);
void *nhref_batch_pack_new_v_avx(const nhref_system_t *const *sys, size_t nsys, unsigned order,
                                 const nhref_options_t *opt, int *status);
int nhref_batch_pack_run_v_avx(void *pk, double *out, int *status, nhref_stats_t *stats,
                               const nhref_system_t *const *sys, size_t nsys, const double *x0,
                               size_t nlanes, const double *tgrid, size_t n, int dir);
void nhref_batch_pack_free_v_avx(void *pk);

/* a lane's state in the pack */
enum { LANE_RUN, LANE_DONE, LANE_SEPARATE };

typedef struct {
    size_t n, nev, ntapes, nt, np; /* state dimension, events, event tapes, grid rows,
                                    * parameters */
    unsigned N;                /* the Taylor order */
    double lsafety;            /* taylor.c's ln(exp(-0.7/(N-1)) / e^2) */
    const nhref_options_t *opt;
    nhref_tape_v_t *vws;              /* the pack's jets */
    int compiled;                     /* vws's orders are compiled (the lanes then split
                                       * into compiled double jets) */
    const nhref_tape_t *rhs;          /* the right-hand side's tape */
    nhref_tape_d_t *dws[L];           /* each lane's jets when the lanes split (made then) */
    int dws_set[L];                   /* dws[l] has lane l's parameters of this pack */
    double *lpd;                      /* L * nparam: each lane's parameters */
    nhref_tape_d_t **ews;             /* L * ntapes event workspaces, lane-major */
    const nhref_event_desc_t **desc;  /* nev */
    size_t *efirst;                   /* ntapes */
    const nhref_tape_t **etape;       /* ntapes */
    num_v_t *x, *e, *xlast, *x0, *xn; /* n each: state, compensation, last returned, step start,
                                       * scratch (the step's increment, pack_dense's sums) */
    num_v_t *cbuf;                    /* n (N + 1): the lanes' jets when they split */
    const num_v_t **c;                /* n: the series of each component */
    double *g0, *g1;                  /* L * nev: event values at the step's start, end */
    double *pd;                       /* nparam doubles of one lane */
    __mpfr_struct *pm;                /* nparam at 53 bits */
    __mpfr_struct *xm;                /* n at 53 bits: a lane's initial state */
    int alone;                        /* every lane runs alone (nhref_batch_pack_new) */
    double *spd;                      /* nsys * nparam: each system's parameters, read
                                       * when the pack is made */
    int *sok;                         /* nsys: they pass the model's checks */
} pack_t;

/* lane b through nhref_integrate_grid_d from its start: a separate run */
static int lane_separate(double *out, int *status, nhref_stats_t *stats, const nhref_system_t *sys,
                         const double *x0, const double *tgrid, size_t n, size_t nx,
                         const nhref_options_t *opt)
{
    nhref_integrator_d_t *ig = NULL;
    int st = nhref_integrator_new_d(&ig, sys, opt);

    for (size_t i = 0; i < n * nx; i++)
        out[i] = NAN;
    nhref_stats_start(stats);
    if (st == NHREF_OK)
        st = nhref_integrate_grid_d(ig, out, x0, tgrid, n, stats);
    nhref_integrator_free_d(ig);
    if (st == NHREF_ENOMEM)
        return NHREF_ENOMEM;
    *status = st;
    for (size_t i = stats->nrows * nx; i < n * nx; i++)
        out[i] = NAN;
    return NHREF_OK;
}

/* the parameters of SYS rounded to double into P->pd */
static int lane_params(pack_t *p, const nhref_system_t *sys, size_t np)
{
    if (nhref_system_params(p->pm, sys) != NHREF_OK)
        return NHREF_EPARSE;
    for (size_t i = 0; i < np; i++)
        p->pd[i] = mpfr_get_d(p->pm + i, MPFR_RNDN); /* exact: 53 bits */
    return NHREF_OK;
}

static void pack_free(pack_t *p)
{
    nhref_tape_v_free(p->vws);
    for (int l = 0; l < L; l++)
        nhref_tape_d_free(p->dws[l]);
    for (size_t i = 0; p->ews != NULL && i < L * p->ntapes; i++)
        nhref_tape_d_free(p->ews[i]);
    free(p->ews);
    free((void *)p->desc);
    free(p->efirst);
    free((void *)p->etape);
    free(p->x);
    free(p->e);
    free(p->xlast);
    free(p->x0);
    free(p->xn);
    free(p->cbuf);
    free((void *)p->c);
    free(p->g0);
    free(p->g1);
    free(p->pd);
    free(p->lpd);
    nhref_vec_free(p->pm, p->np);
    nhref_vec_free(p->xm, p->n);
    free(p->spd);
    free(p->sok);
}

/* the workspaces of the model of SYS: the pack's jets, each lane's, the event tapes */
static int pack_new(pack_t *p, const nhref_system_t *sys, unsigned order, size_t nt,
                    const nhref_options_t *opt)
{
    const nhref_model_t *m = nhref_system_model(sys);
    const nhref_tape_t *rhs = nhref_system_rhs_tape(sys);
    int use_model = !opt->no_model_events && nhref_system_event_tape(sys) != NULL;
    size_t n = m->nstate, e = 0;
    int status;

    memset(p, 0, sizeof *p);
    p->n = n;
    p->nt = nt;
    p->np = m->nparam;
    p->N = order;
    p->opt = opt;
    p->lsafety = -0.7 / (double)(order - 1) - 2;
    p->ntapes = (size_t)use_model + opt->nuser_event;
    p->nev = (use_model ? m->nevent : 0) + opt->nuser_event;
    p->rhs = rhs;
    status = nhref_tape_v_new(&p->vws, rhs, 53, order);
    if (status != NHREF_OK)
        return status;
    p->compiled = NUM_IN(nhref_tape_generated)(p->vws) != NULL;
    p->x = num_vec_new(n, 53);
    p->e = num_vec_new(n, 53);
    p->xlast = num_vec_new(n, 53);
    p->x0 = num_vec_new(n, 53);
    p->xn = num_vec_new(n, 53);
    p->cbuf = num_vec_new(n * (order + 1), 53);
    p->c = malloc((n ? n : 1) * sizeof *p->c);
    p->pd = malloc((m->nparam + 1) * sizeof *p->pd);
    p->lpd = malloc((L * m->nparam + 1) * sizeof *p->lpd);
    p->ews = calloc(L * p->ntapes + 1, sizeof *p->ews);
    p->desc = calloc(p->nev + 1, sizeof *p->desc);
    p->efirst = calloc(p->ntapes + 1, sizeof *p->efirst);
    p->etape = calloc(p->ntapes + 1, sizeof *p->etape);
    p->g0 = malloc((L * p->nev + 1) * sizeof *p->g0);
    p->g1 = malloc((L * p->nev + 1) * sizeof *p->g1);
    if (p->x == NULL || p->e == NULL || p->xlast == NULL || p->x0 == NULL || p->xn == NULL ||
        p->cbuf == NULL || p->c == NULL || p->pd == NULL || p->lpd == NULL || p->ews == NULL ||
        p->desc == NULL || p->efirst == NULL || p->etape == NULL || p->g0 == NULL || p->g1 == NULL)
        return NHREF_ENOMEM;
    /* the events as integrate/driver.c's events_init lists them */
    for (size_t i = 0; i < p->ntapes; i++) {
        const nhref_tape_t *tp = use_model && i == 0 ? nhref_system_event_tape(sys)
                                                     : opt->user_event_tape[i - (size_t)use_model];
        size_t nout = nhref_tape_nout(tp);
        if (nhref_tape_nstate(tp) != m->nstate || nhref_tape_nparam(tp) != m->nparam)
            return NHREF_EINVAL;
        p->etape[i] = tp;
        p->efirst[i] = e;
        for (size_t j = 0; j < nout; j++, e++)
            p->desc[e] =
                use_model && i == 0 ? &m->event[j] : &opt->user_event[i - (size_t)use_model];
        for (int l = 0; l < L && status == NHREF_OK; l++)
            status = nhref_tape_d_new(&p->ews[l * p->ntapes + i], tp, 53, 0);
    }
    return status;
}

/* lane L's event values at (T, X) into G (driver.c's eval_events) */
static void lane_events(pack_t *p, int l, double *g, double t, const double *x)
{
    for (size_t i = 0; i < p->ntapes; i++)
        nhref_tape_d_eval(g + p->efirst[i], p->ews[l * p->ntapes + i], &t, x);
}

/* driver.c's crosses() */
static int crosses(const nhref_event_desc_t *d, double g0, double g1)
{
    int s0, s1;
    if (isnan(g0) || isnan(g1))
        return 0;
    s0 = (g0 > 0) - (g0 < 0);
    s1 = (g1 > 0) - (g1 < 0);
    if (s0 == 0 || s0 == s1)
        return 0;
    return d->direction == 0 || (d->direction > 0 && s0 < 0) || (d->direction < 0 && s0 > 0);
}

/* num_d.h's num_mul_2si and taylor.c's set_exp: exp(LG) rounded to double */
static double set_exp(double lg)
{
    double q = lg / 0.69314718055994530942, e = floor(q), h = exp2(q - e);
    long ie = (long)e;
    if (ie >= -1022 && ie <= 1023) {
        union {
            unsigned long long u;
            double d;
        } p2;
        p2.u = (unsigned long long)(ie + 1023) << 52;
        return h * p2.d;
    }
    return ldexp(h, (int)(ie > 100000 ? 100000 : ie < -100000 ? -100000 : ie));
}

static double log_abs(double a)
{
    return a == 0 ? -HUGE_VAL : log(fabs(a));
}

/* |A| lane by lane (the sign bits cleared) */
static inline num_v_t vabs(num_v_t a)
{
    const num_v_mask_t sign = {INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN};
    return (num_v_t)((num_v_mask_t)a & ~sign);
}

/* taylor.c's log_coef_norms in the four lanes at once, before their logarithms: in
 * each lane the largest |x_i^[k]| over the state for k = 0, N - 1, N into M[0..2], the
 * running maximum replaced where |x_i^[k]| > it, as num_cmpabs(c, b) > 0 replaces the
 * largest component there (so a NaN in component 0 stays, a later NaN never enters);
 * only the magnitude reaches num_log_abs */
static void pack_norms(const pack_t *p, num_v_t m[3])
{
    const unsigned k[3] = {0, p->N - 1, p->N};
    for (int j = 0; j < 3; j++) {
        num_v_t b = vabs(p->c[0][k[j]]);
        for (size_t i = 1; i < p->n; i++) {
            num_v_t a = vabs(p->c[i][k[j]]);
            num_v_mask_t gt = a > b;
            b = (num_v_t)(((num_v_mask_t)a & gt) | ((num_v_mask_t)b & ~gt));
        }
        m[j] = b;
    }
}

/* taylor.c's taylor_step for lane L, from the largest coefficients M (pack_norms): the
 * step size into *H (and INFO), or NHREF_ESTEP */
static int lane_step_size(const pack_t *p, const num_v_t m[3], int l, double t, double hmax,
                          double *h, nhref_step_info_t *info)
{
    unsigned N = p->N;
    double b0 = m[0][l], ba = m[1][l], bb = m[2][l];
    double lscale, lrho = HUGE_VAL, la, lb;
    int full = 0;

    if (hmax == 0)
        return NHREF_EINVAL;
    lscale = log_abs(b0);
    la = log_abs(ba);
    lb = log_abs(bb);
    lscale = lscale > 0 ? lscale : 0.0;
    for (unsigned k = N - 1; k <= N; k++) {
        double lk = k == N - 1 ? la : lb, lr = (lscale - lk) / k;
        if (lk > -HUGE_VAL && lr < lrho)
            lrho = lr;
    }
    if (lrho < HUGE_VAL) {
        *h = set_exp(lrho + p->lsafety);
        if (fabs(*h) < fabs(hmax)) {
            if (hmax < 0)
                *h = -*h;
        } else {
            *h = hmax;
            full = 1;
        }
    } else {
        *h = hmax;
        full = 1;
    }
    if (t + *h == t || !isfinite(*h))
        return NHREF_ESTEP;
    info->h = *h;
    info->order = N;
    info->lrho = lrho < HUGE_VAL ? lrho : NAN;
    info->lnorm = lscale;
    info->full = full;
    return NHREF_OK;
}


/* the per-lane bookkeeping of the driver's loop */
typedef struct lane lane_t;
static void pack_dense(const pack_t *p, const lane_t *ln, size_t *rfirst, const size_t *rend,
                       double *out, const double *tgrid);

/* the per-lane bookkeeping of the driver's loop (lane_t) */
struct lane {
    int state;
    size_t b, row;
    double tlast, t0;
    int have_step;
    nhref_blowup_t blowup;
    nhref_budget_t budget;
};

/* the rows inside the step of every lane at once: lane l's rows RFIRST[l] .. REND[l] - 1
 * (at TGRID[r], into OUT's block of lane ln[l].b), row by row, four lanes a vector
 * operation: taylor.c's taylor_dense, x0 + theta (c_1 + theta (c_2 + ...)) by Horner
 * from the step's start t0, its operations in its order in each lane, so that each
 * lane's rows are the driver's bit for bit; a lane without a row computes with
 * theta = 0 and writes nothing.  RFIRST is advanced to REND. */
static void pack_dense(const pack_t *p, const lane_t *ln, size_t *rfirst, const size_t *rend,
                       double *out, const double *tgrid)
{
    size_t n = p->n, nt = p->nt;

    for (;;) {
        num_v_t theta = num_v_splat(0.0);
        int any = 0;
        for (int l = 0; l < L; l++)
            if (rfirst[l] < rend[l]) {
                theta[l] = tgrid[rfirst[l]] - ln[l].t0;
                any = 1;
            }
        if (!any)
            return;
        /* the components' Horner sums in independent chains (num_horner_n), into the
         * scratch xn (the step's increment is spent by now) */
        num_horner_n(p->xn, p->c, n, 1, p->N, &theta, NULL, 53);
        for (size_t i = 0; i < n; i++) {
            num_v_t x = p->xn[i] * theta + p->x0[i];
            for (int l = 0; l < L; l++)
                if (rfirst[l] < rend[l])
                    out[(ln[l].b * nt + rfirst[l]) * n + i] = x[l];
        }
        for (int l = 0; l < L; l++)
            if (rfirst[l] < rend[l])
                rfirst[l]++;
    }
}

/* the jets of the pack at (T, P->x): in lanes, or lane by lane where the lanes split
 * (a lane's domain error, branches that differ); a lane whose own jet fails is marked
 * LANE_SEPARATE */
static void pack_jet(pack_t *p, lane_t *ln, const num_v_t *t)
{
    int st;
    nhref_num_v_split = 0;
    st = nhref_tape_v_ode_jet(p->vws, t, p->x, p->N);
    if (st == NHREF_OK && !nhref_num_v_split) {
        for (size_t i = 0; i < p->n; i++)
            p->c[i] = nhref_tape_v_state_series(p->vws, i);
        return;
    }
    for (size_t i = 0; i < p->n; i++)
        p->c[i] = p->cbuf + i * (p->N + 1);
    for (int l = 0; l < L; l++) {
        double tl = (*t)[l], xl[p->n ? p->n : 1];
        if (ln[l].state != LANE_RUN)
            continue;
        for (size_t i = 0; i < p->n; i++)
            xl[i] = p->x[i][l];
        if (p->dws[l] == NULL &&
            (p->compiled ? nhref_tape_d_new(&p->dws[l], p->rhs, 53, p->N)
                         : nhref_tape_new_interpreted_d(&p->dws[l], p->rhs, 53, p->N)) !=
                NHREF_OK)
            p->dws[l] = NULL;
        if (p->dws[l] != NULL && !p->dws_set[l])
            p->dws_set[l] =
                nhref_tape_d_set_params(p->dws[l], p->lpd + (size_t)l * p->np) == NHREF_OK;
        if (!p->dws_set[l] || nhref_tape_d_ode_jet(p->dws[l], &tl, xl, p->N) != NHREF_OK) {
            ln[l].state = LANE_SEPARATE;
            continue;
        }
        for (size_t i = 0; i < p->n; i++) {
            const double *s = nhref_tape_d_state_series(p->dws[l], i);
            for (unsigned k = 0; k <= p->N; k++)
                p->cbuf[i * (p->N + 1) + k][l] = s[k];
        }
    }
}

/* the lanes B0 .. B0 + L - 1 of the batch (lanes past NLANES repeat lane B0, their
 * results dropped): driver.c's nhref_integrate_grid per lane, in lockstep */
static int pack_run(pack_t *p, double *out, int *status, nhref_stats_t *stats,
                    const nhref_system_t *const *sys, size_t nsys, const double *x0, size_t nlanes,
                    size_t b0, const double *tgrid, int dir)
{
    const nhref_model_t *m = nhref_system_model(sys[0]);
    size_t n = p->n, nt = p->nt, np = m->nparam;
    const nhref_options_t *opt = p->opt;
    double t_end = tgrid[nt - 1];
    num_v_t t, et, *par = num_vec_new(np, 53);
    lane_t ln[L];
    size_t rfirst[L], rend[L]; /* the rows of the step of each lane (pack_dense) */
    nhref_stats_t pad[L];
    int st = NHREF_OK;

    if (par == NULL)
        return NHREF_ENOMEM;
    /* the lanes' parameters, initial states and checks */
    for (int l = 0; l < L; l++) {
        size_t b = b0 + (size_t)l < nlanes ? b0 + (size_t)l : b0;
        const nhref_system_t *s = sys[nsys == 1 ? 0 : b];
        char why[256];
        const double *pd;
        int ok = 1;
        memset(&ln[l], 0, sizeof ln[l]);
        ln[l].b = b;
        ln[l].state = LANE_RUN;
        nhref_stats_start(b0 + (size_t)l < nlanes ? &stats[b] : &pad[l]);
        p->dws_set[l] = 0;
        /* the system's parameters and checks, as the pack was made */
        ok = p->sok[nsys == 1 ? 0 : b];
        pd = p->spd + (nsys == 1 ? 0 : b) * np;
        memcpy(p->lpd + (size_t)l * np, pd, np * sizeof *pd);
        for (size_t i = 0; i < np; i++)
            par[i][l] = ok ? pd[i] : par[i][0];
        /* driver.c's check_init */
        for (size_t i = 0; i < n && ok; i++) {
            if (!isfinite(x0[b * n + i]))
                ok = 0;
            else
                mpfr_set_d(p->xm + i, x0[b * n + i], MPFR_RNDN);
        }
        if (ok && nhref_system_check_init_d(s, p->xm, why, sizeof why) != NHREF_OK)
            ok = 0;
        /* the constant program runs in set_params, parameters or none */
        if (ok) {
            for (size_t k = 0; k < p->ntapes; k++)
                nhref_tape_d_set_params(p->ews[(size_t)l * p->ntapes + k], pd);
        }
        for (size_t i = 0; i < n; i++)
            p->x[i][l] = x0[b * n + i];
        t[l] = tgrid[0];
        if (!ok)
            ln[l].state = LANE_SEPARATE;
        nhref_blowup_reset(&ln[l].blowup);
        nhref_budget_start(&ln[l].budget, tgrid[0]);
        ln[l].t0 = tgrid[0];
    }
    /* a lane that failed its checks parks on a lane that passed (its values are
     * dropped): its own parameters may leave the vector jet undefined */
    for (int l = 0; l < L; l++)
        if (ln[l].state == LANE_SEPARATE)
            for (int k = 0; k < L; k++)
                if (ln[k].state == LANE_RUN) {
                    for (size_t i = 0; i < np; i++)
                        par[i][l] = par[i][k];
                    for (size_t i = 0; i < n; i++)
                        p->x[i][l] = p->x[i][k];
                    break;
                }
    if (nhref_tape_v_set_params(p->vws, par) != NHREF_OK)
        for (int l = 0; l < L; l++) /* a constant undefined in a lane: lane by lane */
            ln[l].state = LANE_SEPARATE;
    et = num_v_splat(0.0);
    for (size_t i = 0; i < n; i++)
        p->e[i] = num_v_splat(0.0);
    for (int l = 0; l < L; l++)
        if (ln[l].state == LANE_RUN && p->nev > 0) {
            double xl[n ? n : 1];
            for (size_t i = 0; i < n; i++)
                xl[i] = p->x[i][l];
            lane_events(p, l, p->g0 + (size_t)l * p->nev, t[l], xl);
        }

    for (;;) {
        num_v_t h = num_v_splat(0.0), y, norm[3];
        num_v_mask_t xsame;
        nhref_step_info_t info[L];
        int running = 0, stepping[L];

        /* rows at each lane's current time; the lanes that go on */
        for (int l = 0; l < L; l++) {
            lane_t *a = &ln[l];
            nhref_stats_t *sl = b0 + (size_t)l < nlanes ? &stats[a->b] : &pad[l];
            double *o = b0 + (size_t)l < nlanes ? out + a->b * nt * n : NULL; /* pads: none */
            stepping[l] = 0;
            if (a->state != LANE_RUN)
                continue;
            while (a->row < nt && tgrid[a->row] == t[l]) {
                for (size_t i = 0; i < n && o != NULL; i++)
                    o[a->row * n + i] = p->x[i][l];
                sl->nrows = ++a->row;
            }
            if (a->row == nt) {
                a->state = LANE_DONE;
                continue;
            }
            if (opt->max_steps != 0 && sl->nsteps >= opt->max_steps) {
                a->state = LANE_SEPARATE;
                continue;
            }
            stepping[l] = 1;
            running++;
        }
        if (running == 0)
            break;

        /* the jets, then each lane's step size (taylor_step) */
        pack_jet(p, ln, &t);
        pack_norms(p, norm);
        /* taylor.c's check_compensation, its comparisons in the lanes: x == xlast in
         * every component */
        xsame = (num_v_mask_t){-1, -1, -1, -1};
        for (size_t i = 0; i < n; i++)
            xsame &= p->x[i] == p->xlast[i];
        for (int l = 0; l < L; l++) {
            lane_t *a = &ln[l];
            double hl = 0;
            int same;
            if (!stepping[l] || a->state != LANE_RUN) {
                stepping[l] = 0;
                continue;
            }
            if (lane_step_size(p, norm, l, t[l], t_end - t[l], &hl, &info[l]) != NHREF_OK) {
                a->state = LANE_SEPARATE;
                stepping[l] = 0;
                continue;
            }
            h[l] = hl;
            same = a->have_step && t[l] == a->tlast && xsame[l] != 0;
            if (!same) {
                for (size_t i = 0; i < n; i++)
                    p->e[i][l] = 0;
                et[l] = 0;
            }
        }

        /* the compensated update of taylor_step in the lanes, kept where a lane steps:
         * xn = the increment's polynomial, x0 = the start, x += h xn (Kahan) */
        {
            num_v_t tn = t, etn = et, one;
            num_horner_n(p->xn, p->c, n, 1, p->N, &h, &one, 53);
            for (size_t i = 0; i < n; i++) {
                num_v_t sum = p->xn[i] * h, xi = p->x[i], ei = p->e[i];
                num_kahan_add(&xi, &ei, &sum, &y, &one, 53);
                for (int l = 0; l < L; l++)
                    if (stepping[l]) {
                        p->x0[i][l] = p->x[i][l];
                        p->x[i][l] = xi[l];
                        p->e[i][l] = ei[l];
                        p->xlast[i][l] = xi[l];
                    }
            }
            num_kahan_add(&tn, &etn, &h, &y, &one, 53);
            for (int l = 0; l < L; l++)
                if (stepping[l]) {
                    ln[l].t0 = t[l];
                    t[l] = tn[l];
                    et[l] = etn[l];
                    ln[l].tlast = tn[l];
                    ln[l].have_step = 1;
                }
        }

        /* driver.c after the step: the end snapped, statistics, events, rows inside
         * the step, the blow-up and budget rules */
        for (int l = 0; l < L; l++)
            rfirst[l] = rend[l] = 0;
        for (int l = 0; l < L; l++) {
            lane_t *a = &ln[l];
            nhref_stats_t *sl = b0 + (size_t)l < nlanes ? &stats[a->b] : &pad[l];
            double *o = b0 + (size_t)l < nlanes ? out + a->b * nt * n : NULL; /* pads: none */
            double est;
            if (!stepping[l])
                continue;
            if (info[l].full)
                t[l] = t_end;
            nhref_stats_step(sl, &info[l], t[l] == t_end);
            if (p->nev > 0) {
                double xl[n ? n : 1], *g0 = p->g0 + (size_t)l * p->nev,
                                      *g1 = p->g1 + (size_t)l * p->nev;
                int stop = 0;
                for (size_t i = 0; i < n; i++)
                    xl[i] = p->x[i][l];
                lane_events(p, l, g1, t[l], xl);
                for (size_t k = 0; k < p->nev; k++)
                    if (p->desc[k]->terminal && crosses(p->desc[k], g0[k], g1[k]))
                        stop = 1;
                if (stop) { /* located and stopped there by the driver itself */
                    a->state = LANE_SEPARATE;
                    continue;
                }
                memcpy(g0, g1, p->nev * sizeof *g0);
            }
            /* the rows inside the step: written by pack_dense, for the lanes at once */
            rfirst[l] = a->row;
            while (a->row < nt && ((tgrid[a->row] > t[l]) - (tgrid[a->row] < t[l])) * dir < 0)
                sl->nrows = ++a->row;
            rend[l] = o != NULL ? a->row : rfirst[l];
            nhref_blowup_record(&a->blowup, info[l].lrho, info[l].lnorm, a->t0, info[l].h);
            if (opt->blowup_radius > 0 &&
                nhref_blowup_seen(&a->blowup, 1, 1, opt->blowup_radius, dir, &sl->t_blowup)) {
                a->state = LANE_SEPARATE;
                continue;
            }
            est = sl->nsteps < a->budget.next
                      ? 0
                      : nhref_budget_check(&a->budget, sl->nsteps, t[l], t_end, opt->max_steps);
            if (est > 0)
                a->state = LANE_SEPARATE;
        }
        pack_dense(p, ln, rfirst, rend, out, tgrid);
    }

    /* the outcomes; the lanes left to a separate run */
    for (int l = 0; l < L && st == NHREF_OK; l++) {
        lane_t *a = &ln[l];
        size_t b = b0 + (size_t)l;
        if (b >= nlanes)
            continue;
        if (a->state == LANE_DONE) {
            stats[b].outcome = NHREF_OUTCOME_REACHED;
            stats[b].t_stop = t[l];
            status[b] = NHREF_OK;
        } else {
            st = lane_separate(out + b * nt * n, &status[b], &stats[b], sys[nsys == 1 ? 0 : b],
                               x0 + b * n, tgrid, nt, n, opt);
        }
    }
    num_vec_free(par, np);
    return st;
}

/* nhref_batch_pack_new_v, nhref_batch_pack_new_v_avx */
void *NUM_IN(nhref_batch_pack_new)(const nhref_system_t *const *sys, size_t nsys, unsigned order,
                                   const nhref_options_t *opt, int *status)
{
    const nhref_model_t *m = nhref_system_model(sys[0]);
    size_t np = m->nparam;
    pack_t *p = malloc(sizeof *p);
    int st;

    if (p == NULL) {
        *status = NHREF_ENOMEM;
        return NULL;
    }
    st = pack_new(p, sys[0], order, 0, opt);
    p->pm = st == NHREF_OK ? nhref_vec_new(np, 53) : NULL;
    p->xm = st == NHREF_OK ? nhref_vec_new(m->nstate, 53) : NULL;
    p->spd = st == NHREF_OK ? malloc((nsys * np + 1) * sizeof *p->spd) : NULL;
    p->sok = st == NHREF_OK ? malloc(nsys * sizeof *p->sok) : NULL;
    if (st == NHREF_OK && (p->pm == NULL || p->xm == NULL || p->spd == NULL || p->sok == NULL))
        st = NHREF_ENOMEM;
    /* each system's parameters, rounded to double (exact: 53 bits), and checks */
    for (size_t i = 0; i < nsys && st == NHREF_OK; i++) {
        char why[256];
        p->sok[i] = lane_params(p, sys[i], np) == NHREF_OK &&
                    nhref_system_check(sys[i], why, sizeof why) == NHREF_OK;
        memcpy(p->spd + i * np, p->pd, np * sizeof *p->pd);
    }
#ifdef NHREF_JIT
    /* interpreted lanes where the separate runs' compiled jets round otherwise (the FMA
     * variant; the lanes' own compilation failed): every lane runs alone, so that each
     * is still its separate run */
    p->alone = st == NHREF_OK && !p->compiled && nhref_tape_gen_fma_active_d() &&
               nhref_jit_compiled_unrolled(p->rhs);
#endif
    if (st != NHREF_OK) {
        pack_free(p);
        free(p);
        *status = st;
        return NULL;
    }
    return p;
}

/* nhref_batch_pack_run_v, nhref_batch_pack_run_v_avx */
int NUM_IN(nhref_batch_pack_run)(void *pk, double *out, int *status, nhref_stats_t *stats,
                                 const nhref_system_t *const *sys, size_t nsys, const double *x0,
                                 size_t nlanes, const double *tgrid, size_t n, int dir)
{
    pack_t *p = pk;
    size_t nx = p->n;
    int st = NHREF_OK;

    if (p->alone) {
        for (size_t b = 0; b < nlanes && st == NHREF_OK; b++)
            st = lane_separate(out + b * n * nx, &status[b], &stats[b], sys[nsys == 1 ? 0 : b],
                               x0 + b * nx, tgrid, n, nx, p->opt);
        return st;
    }
    p->nt = n;
    for (size_t i = 0; i < n * nx * nlanes; i++)
        out[i] = NAN;
    for (size_t b0 = 0; b0 < nlanes && st == NHREF_OK; b0 += L)
        st = pack_run(p, out, status, stats, sys, nsys, x0, nlanes, b0, tgrid, dir);
    return st;
}

/* nhref_batch_pack_free_v, nhref_batch_pack_free_v_avx */
void NUM_IN(nhref_batch_pack_free)(void *pk)
{
    if (pk == NULL)
        return;
    pack_free(pk);
    free(pk);
}

#ifndef NHREF_NUM_V_AVX /* the entry point, once */
/* nhref_batch_avx_d -- a test hook (tests/check_batch.c): ON 0 runs the baseline lanes
 * even where the CPU has AVX, -1 (the default) the AVX lanes where it has; per thread.
 * Returns 1 if this build has AVX lanes and this CPU can run them, else 0. */
int nhref_batch_avx_d(int on);
static _Thread_local int batch_avx = -1;

int nhref_batch_avx_d(int on)
{
    batch_avx = on;
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    return __builtin_cpu_supports("avx") != 0;
#else
    return 0;
#endif
}

static int same_tape(const nhref_tape_t *a, const nhref_tape_t *b)
{
    uint64_t fa[2], fb[2];
    if (a == b)
        return 1;
    if (nhref_tape_nnodes(a) != nhref_tape_nnodes(b))
        return 0;
    nhref_tape_fingerprint(fa, a);
    nhref_tape_fingerprint(fb, b);
    return fa[0] == fb[0] && fa[1] == fb[1];
}

struct nhref_batch_d {
    const nhref_system_t **sys; /* nsys, the caller's */
    size_t nsys;
    nhref_options_t opt; /* a copy (its pointers are the caller's) */
    int lanes;           /* the lanes run in packs (else each lane is a separate run) */
    void *pack;          /* the packs' workspaces (lanes) */
    void (*pack_free)(void *);
    int (*pack_run)(void *, double *, int *, nhref_stats_t *, const nhref_system_t *const *,
                    size_t, const double *, size_t, const double *, size_t, int);
};

void nhref_batch_free_d(nhref_batch_d_t *bt)
{
    if (bt == NULL)
        return;
    if (bt->pack != NULL)
        bt->pack_free(bt->pack);
    free(bt->sys);
    free(bt);
}

int nhref_batch_new_d(nhref_batch_d_t **btp, const nhref_system_t *const *sys, size_t nsys,
                      const nhref_options_t *opt)
{
    nhref_batch_d_t *bt;
    nhref_integrator_d_t *ig = NULL;
    const nhref_model_t *m;
    int st;

    if (btp == NULL)
        return NHREF_EINVAL;
    *btp = NULL;
    if (sys == NULL || nsys == 0)
        return NHREF_EINVAL;
    for (size_t b = 0; b < nsys; b++)
        if (sys[b] == NULL)
            return NHREF_EINVAL;
    m = nhref_system_model(sys[0]);
    for (size_t b = 1; b < nsys; b++)
        if (nhref_system_model(sys[b]) != m ||
            !same_tape(nhref_system_rhs_tape(sys[b]), nhref_system_rhs_tape(sys[0])))
            return NHREF_EINVAL;
    if ((bt = calloc(1, sizeof *bt)) == NULL ||
        (bt->sys = malloc(nsys * sizeof *bt->sys)) == NULL) {
        free(bt);
        return NHREF_ENOMEM;
    }
    memcpy(bt->sys, sys, nsys * sizeof *sys);
    bt->nsys = nsys;
    if (opt == NULL)
        nhref_options_default(&bt->opt);
    else
        bt->opt = *opt;
    /* the options as nhref_integrator_new_d resolves them; its order (the first system
     * whose parameters pass: a lane whose do not is a separate run, NHREF_EPARAM) */
    st = NHREF_EPARAM;
    for (size_t b = 0; b < nsys && st == NHREF_EPARAM; b++)
        st = nhref_integrator_new_d(&ig, sys[b], &bt->opt);
    if (st != NHREF_OK && (nsys == 1 || st != NHREF_EPARAM)) {
        nhref_batch_free_d(bt);
        return st == NHREF_ENOMEM || st == NHREF_EPARAM ? st : NHREF_EINVAL;
    }
    bt->lanes = ig != NULL && bt->opt.h_fixed == 0 &&
                (bt->opt.scheme == NULL || strcmp(bt->opt.scheme, "taylor") == 0);
    if (bt->lanes) {
        unsigned order = nhref_integrator_order_d(ig);
        st = NHREF_OK;
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
        if (batch_avx != 0 && __builtin_cpu_supports("avx")) {
            bt->pack = nhref_batch_pack_new_v_avx(sys, nsys, order, &bt->opt, &st);
            bt->pack_run = nhref_batch_pack_run_v_avx;
            bt->pack_free = nhref_batch_pack_free_v_avx;
        } else
#endif
        {
            bt->pack = nhref_batch_pack_new_v(sys, nsys, order, &bt->opt, &st);
            bt->pack_run = nhref_batch_pack_run_v;
            bt->pack_free = nhref_batch_pack_free_v;
        }
        if (bt->pack == NULL) {
            nhref_integrator_free_d(ig);
            nhref_batch_free_d(bt);
            return st == NHREF_ENOMEM ? st : NHREF_EINVAL;
        }
    }
    nhref_integrator_free_d(ig);
    *btp = bt;
    return NHREF_OK;
}

int nhref_batch_grid_d(nhref_batch_d_t *bt, double *out, int *status, nhref_stats_t *stats,
                       const double *x0, size_t nlanes, const double *tgrid, size_t n)
{
    nhref_stats_t *own = NULL;
    size_t nx;
    int dir, st = NHREF_OK;

    if (status != NULL)
        for (size_t b = 0; b < nlanes; b++)
            status[b] = NHREF_EINVAL;
    if (bt == NULL || nlanes == 0 || n == 0 || out == NULL || x0 == NULL || tgrid == NULL ||
        status == NULL || (bt->nsys != 1 && bt->nsys != nlanes))
        return NHREF_EINVAL;
    /* the grid, as nhref_integrate_grid_d checks it */
    dir = n > 1 ? (tgrid[n - 1] > tgrid[0]) - (tgrid[n - 1] < tgrid[0]) : 0;
    for (size_t i = 0; i < n; i++)
        if (!isfinite(tgrid[i]) ||
            (i > 0 && ((tgrid[i] > tgrid[i - 1]) - (tgrid[i] < tgrid[i - 1])) * dir < 0) ||
            (dir == 0 && i > 0 && tgrid[i] != tgrid[0]))
            return NHREF_EINVAL;
    if (stats == NULL && (stats = own = malloc(nlanes * sizeof *own)) == NULL)
        return NHREF_ENOMEM;
    nx = nhref_system_model(bt->sys[0])->nstate;
    if (bt->lanes)
        st = bt->pack_run(bt->pack, out, status, stats, bt->sys, bt->nsys, x0, nlanes, tgrid, n,
                          dir);
    else
        for (size_t b = 0; b < nlanes && st == NHREF_OK; b++)
            st = lane_separate(out + b * n * nx, &status[b], &stats[b],
                               bt->sys[bt->nsys == 1 ? 0 : b], x0 + b * nx, tgrid, n, nx,
                               &bt->opt);
    free(own);
    return st;
}

int nhref_integrate_batch_d(double *out, int *status, nhref_stats_t *stats,
                            const nhref_system_t *const *sys, size_t nsys, const double *x0,
                            size_t nlanes, const double *tgrid, size_t n,
                            const nhref_options_t *opt)
{
    nhref_batch_d_t *bt = NULL;
    int st;

    if (status != NULL)
        for (size_t b = 0; b < nlanes; b++)
            status[b] = NHREF_EINVAL;
    if (nlanes == 0 || n == 0 || out == NULL || x0 == NULL || tgrid == NULL || status == NULL ||
        sys == NULL || (nsys != 1 && nsys != nlanes))
        return NHREF_EINVAL;
    st = nhref_batch_new_d(&bt, sys, nsys, opt);
    if (st != NHREF_OK) {
        for (size_t b = 0; b < nlanes; b++)
            status[b] = st;
        return st;
    }
    st = nhref_batch_grid_d(bt, out, status, stats, x0, nlanes, tgrid, n);
    nhref_batch_free_d(bt);
    return st;
}
#endif /* NHREF_NUM_V_AVX */
