/* proven.c -- validated Taylor integration in Arb ball arithmetic: enclosures of the
 * solution that are proven (nhref_arb.h, proofs/rigorous_taylor.md).
 *
 * The state at time t is kept in Lohner's form
 *     x(t) in m + B r        (m a point, B a point matrix, r a box that contains 0),
 * whose interval hull is the box xh.  One step of size h (proofs/rigorous_taylor.md
 * §2-§6):
 *   1. the Taylor coefficients c_i of the solution through the point m, i <= N, in
 *      Arb (balls enclosing the exact ones) at the working precision;
 *   2. the a priori enclosure (the high-order enclosure of Nedialkov, Jackson &
 *      Corliss, as in CAPD), tested at the low order K: a box Y with
 *          sum_{i<K} c_i [0,h]^i + [0,h]^K f^[K]([t, t+h], Yh)  in the interior of Y
 *      (Yh = Y + [-delta, delta] contains Y): the solution through m stays in Y over
 *      the step.  By Gronwall's inequality with an upper bound mu of the logarithmic
 *      norm of the Jacobian over Yh, every solution through xh stays within
 *      D = |xh - m| e^{max(mu,0) h} < delta of it, hence in Yh;
 *   3. the Lagrange remainder z = h^N f^[N]([t, t+h], Yh) (the box jet at low
 *      precision: its balls are as wide as the box makes them); the step is shortened
 *      until |z| <= 10^-D max(1, |m|) (the coefficient over a box can be far wider
 *      than at a point);
 *   4. the Jacobian of the flow over xh: J(tau) in sum_{i<M} V_i tau^i +
 *      tau^M V^[M]([t,t+h], Yh, [-v, v]) from the variational equations
 *      (nhref_tape_linearize) at the low order M and precision, ||V|| <= v =
 *      e^{max(mu,0) h} (Gronwall again);
 *   5. Lohner's update: x(t+h) in P_m(h) + z + J(h) (x - m) = c + A r with A = J B;
 *      m' = mid(c), B' = Q from a Gram-Schmidt orthonormalisation of mid(A) (columns
 *      ordered by their length times the radius of r), r' = (Q^-1 A) r + Q^-1 (c - m'),
 *      the hull intersected with the direct enclosure c + A r.
 * Grid times inside a step get dense rows from the same enclosures (P_m(tau) +
 * tau^N f^[N] + J(tau) B r: no new jet); steps end on the last grid time only.  A
 * step that cannot be validated is retried shorter; after MAX_HALVINGS tries the run
 * ends with the outcome UNPROVEN.  The model's terminal events are isolated by
 * bisection on the enclosures of sub-intervals of a step.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <arb.h>
#include <arb_mat.h>

#include "assertion.h"
#include "models/models_internal.h"
#include "integrate/blowup.h"
#include "integrate/budget.h"
#include "integrate/integrate_internal.h"
#include "nhref_arb.h"
#include "nhref_io.h"

#define MAX_HALVINGS 24 /* shorter tries before a step is declared unprovable */
#define MAX_INFLATE 4   /* enclosure candidates tried per step size */
#define HFAC_MIN 1e-3   /* validated step / Taylor step below this: the run stops */
#define C1_ORDER 8      /* order of the variational (Jacobian) series */
#define ENC_ORDER 8     /* order of the a priori enclosure's test */
#define BOX_PREC 64     /* precision of the jets over the step's box [bits]: their balls
                         * are wide (the box is), so more bits would not narrow them */
#define C1_PREC 64      /* its precision [bits] */

struct nhref_proven {
    const nhref_system_t *sys;
    size_t n;          /* the integrated states: the model's nx, then the parameter sets' */
    size_t nx;         /* the model's states */
    arb_ptr pbox;      /* n - nx: the parameter sets, the extra states' initial balls */
    nhref_tape_t *aug; /* the right-hand side with those parameters as states, or NULL */
    long prec;
    unsigned N;       /* Taylor order */
    unsigned K;       /* order of the a priori enclosure's test, <= N */
    double digits;
    double lsafety;   /* ln of the step-size safety factor */
    double shrink;    /* after a step that could not be validated: the factor for h */
    double hfac;      /* the first try's fraction of the point jet's step (adapted) */
    double grow;      /* after a validated step: how much longer the next may be */
    double blowup_radius; /* as nhref_options_t's */
    nhref_blowup_t blowup; /* the window of the blow-up rule (blowup.h) */
    unsigned long max_steps;
    int no_model_events;
    void (*progress)(void *, double);
    void *progress_arg;
    int (*on_row)(void *, size_t, arb_srcptr, arb_srcptr);
    void *on_row_arg;
    double remainder_scale; /* 1; tests only: see nhref_proven_test_scale_remainder */

    nhref_tape_t *lin;            /* the variational equations (owned) */
    nhref_tape_arb_t *wm, *wy;    /* the right-hand side: jets at m, over Yh (order N) */
    nhref_tape_arb_t *wc;         /* the variational equations (order C1_ORDER, C1_PREC) */
    nhref_tape_arb_t *wi;         /* the first integrals (order 0), or NULL */
    nhref_tape_arb_t *we;         /* the model's events (order 0), or NULL */
    size_t nev;
    const nhref_event_desc_t *ev;

    /* the state: t, m, B, r, and the hull xh */
    arb_t t;
    arb_ptr m, r, xh;
    arb_mat_t B;
    /* the step: h, T = [t, t+h], the enclosure Y and Yh, D, the remainder term f^[N](Yh),
     * and the point coefficients kept for events */
    arb_t h, T, tau, a, b, mu;
    arb_ptr Y, Yh, fN, cm, P, c, s, rr, tmp, ev_g, xs, cw;
    arb_ptr ev_w;        /* find_event's scratch: 3 (nev + 1) + n balls */
    arb_mat_t A, J, Q, Qi, M1, M2;
    mag_t D;
    __mpfr_struct *qm;   /* n x n scratch for the orthogonalisation (MPFR) */
    size_t *qorder;      /* n: its column order */
    double *qw;          /* n: its column weights */
    mpfr_t qa, qb;
    size_t nc;           /* states of the variational system: n (1 + n) */
    arb_ptr cx, cv;      /* its state (x then the columns of V), n (1 + n) */
    arb_ptr vs, vr;      /* V's series at (t, xh, I): entry (i, j) order k at
                          * vs[(j n + i) C1_ORDER + k]; its C1_ORDER-th coefficient over
                          * the step's box: vr[j n + i] */
    /* the step loop's workspace: nothing is allocated after nhref_proven_new (Arb's
     * numbers keep their mantissas from step to step; tests/check_proven_alloc.c) */
    arb_mat_t LU;                       /* Q's LU factors (qr_inverse) */
    slong *perm;                        /* n: their row permutation */
    __mpfr_struct *xm;                  /* n: the initial midpoints, for the model's check */
    arb_ptr xr, xd;                     /* n each: the state at an event, at a dense row */
    arb_t rem, tend, te, gtau;          /* the grid: time left, the step's end, an event's
                                         * time, a row's time within the step */
    arb_t w1, w2;                       /* scratch of dense_row, state_on, jac_at, jacobian */
    arb_t eI, elo, ehi, emid, ett, egl; /* find_event's */
    arf_t f1, f2;                       /* scratch of zero_to, log_norm, find_event */
};

/* ------------------------------------------------------------------ small helpers */
/* an upper bound of |X| as a double (rounded up) */
static double abs_ub(arb_srcptr x)
{
    mag_t m;
    double d;
    mag_init(m);
    arb_get_mag(m, x);
    d = mag_get_d(m); /* rounds up */
    mag_clear(m);
    return d;
}

/* Y = sum_{k=0..deg} c[k * stride] X^k by Horner's rule (X a ball: every value of the
 * polynomial for X in the ball is enclosed) */
static void horner(arb_ptr y, arb_srcptr c, long stride, unsigned deg, arb_srcptr x, long prec)
{
    arb_set(y, c + (long)deg * stride);
    for (unsigned k = deg; k-- > 0;) {
        arb_mul(y, y, x, prec);
        arb_add(y, y, c + (long)k * stride, prec);
    }
}

/* X = [0, HI] where HI is the upper end of the ball H (U, Z: scratch, not aliased) */
static void zero_to(arb_ptr x, arb_srcptr h, arf_t u, arf_t z, long prec)
{
    arb_get_ubound_arf(u, h, prec);
    arf_zero(z);
    arb_set_interval_arf(x, z, u, prec);
}

/* ------------------------------------------------------------------ construction */
void nhref_proven_free(nhref_proven_t *pv)
{
    if (pv == NULL)
        return;
    nhref_tape_arb_free(pv->wm);
    nhref_tape_arb_free(pv->wy);
    nhref_tape_arb_free(pv->wc);
    nhref_tape_arb_free(pv->wi);
    nhref_tape_arb_free(pv->we);
    nhref_tape_free(pv->lin);
    nhref_tape_free(pv->aug);
    if (pv->pbox != NULL)
        _arb_vec_clear(pv->pbox, (slong)(pv->n - pv->nx));
    if (pv->m != NULL) {
        size_t n = pv->n;
        arb_clear(pv->t);
        arb_clear(pv->h);
        arb_clear(pv->T);
        arb_clear(pv->tau);
        arb_clear(pv->a);
        arb_clear(pv->b);
        arb_clear(pv->mu);
        _arb_vec_clear(pv->m, (slong)n);
        _arb_vec_clear(pv->r, (slong)n);
        _arb_vec_clear(pv->xh, (slong)n);
        _arb_vec_clear(pv->Y, (slong)n);
        _arb_vec_clear(pv->Yh, (slong)n);
        _arb_vec_clear(pv->fN, (slong)n);
        _arb_vec_clear(pv->cm, (slong)(n * (pv->N + 1)));
        _arb_vec_clear(pv->P, (slong)n);
        _arb_vec_clear(pv->c, (slong)n);
        _arb_vec_clear(pv->s, (slong)n);
        _arb_vec_clear(pv->rr, (slong)n);
        _arb_vec_clear(pv->tmp, (slong)n);
        _arb_vec_clear(pv->xs, (slong)n);
        _arb_vec_clear(pv->cw, (slong)n);
        _arb_vec_clear(pv->ev_g, (slong)(pv->nev + 1));
        _arb_vec_clear(pv->ev_w, (slong)(3 * (pv->nev + 1) + n));
        _arb_vec_clear(pv->cx, (slong)pv->nc);
        _arb_vec_clear(pv->cv, (slong)pv->nc);
        _arb_vec_clear(pv->vs, (slong)(n * n * C1_ORDER));
        _arb_vec_clear(pv->vr, (slong)(n * n));
        arb_mat_clear(pv->B);
        arb_mat_clear(pv->A);
        arb_mat_clear(pv->J);
        arb_mat_clear(pv->Q);
        arb_mat_clear(pv->Qi);
        arb_mat_clear(pv->M1);
        arb_mat_clear(pv->M2);
        mag_clear(pv->D);
        nhref_vec_free(pv->qm, n * n);
        free(pv->qorder);
        free(pv->qw);
        mpfr_clears(pv->qa, pv->qb, (mpfr_ptr)0);
        arb_mat_clear(pv->LU);
        free(pv->perm);
        nhref_vec_free(pv->xm, n);
        _arb_vec_clear(pv->xr, (slong)n);
        _arb_vec_clear(pv->xd, (slong)n);
        arb_clear(pv->rem);
        arb_clear(pv->tend);
        arb_clear(pv->te);
        arb_clear(pv->gtau);
        arb_clear(pv->w1);
        arb_clear(pv->w2);
        arb_clear(pv->eI);
        arb_clear(pv->elo);
        arb_clear(pv->ehi);
        arb_clear(pv->emid);
        arb_clear(pv->ett);
        arb_clear(pv->egl);
        arf_clear(pv->f1);
        arf_clear(pv->f2);
    }
    free(pv);
}

int nhref_proven_new(nhref_proven_t **pvp, const nhref_system_t *sys, const nhref_options_t *opt)
{
    return nhref_proven_new_sets(pvp, sys, NULL, opt);
}

/* the parameters of SYS as balls at PREC bits, those of PSETS (non-NULL entries) the sets
 * given there, into P (nparam balls) */
static int params_with_sets(arb_ptr p, const nhref_system_t *sys, const arb_srcptr *psets,
                            long prec)
{
    const nhref_model_t *model = nhref_system_model(sys);
    int status = nhref_system_params_arb(p, sys, prec);
    for (size_t i = 0; status == NHREF_OK && psets != NULL && i < model->nparam; i++)
        if (psets[i] != NULL)
            arb_set_round(p + i, psets[i], prec);
    return status;
}

int nhref_proven_new_sets(nhref_proven_t **pvp, const nhref_system_t *sys, const arb_srcptr *psets,
                          const nhref_options_t *opt)
{
    const nhref_model_t *model = nhref_system_model(sys);
    nhref_options_t def, res;
    nhref_proven_t *pv;
    char why[256];
    size_t n = model->nstate, nx = n, *pidx = NULL, k = 0;
    const nhref_tape_t *rhs = nhref_system_rhs_tape(sys);
    unsigned long order;
    int status;

    *pvp = NULL;
    if (opt == NULL) {
        nhref_options_default(&def);
        opt = &def;
    }
    if (nhref_system_check(sys, why, sizeof why) != NHREF_OK)
        return NHREF_EPARAM;
    res = *opt;
    if (nhref_options_resolve(&res) != NHREF_OK || opt->h_fixed != 0)
        return NHREF_EINVAL;
    {
        const nhref_scheme_t *sch =
            opt->scheme != NULL ? nhref_scheme_find(opt->scheme) : nhref_scheme_get(0);
        if (sch == NULL || !(sch->flags & NHREF_SCHEME_PROVEN))
            return NHREF_EINVAL; /* the validated scheme is the Taylor scheme */
    }
    if (nhref_scheme_opt_ulong(&order, opt->scheme_opt, "order", 0, 2, NHREF_TAYLOR_MAX_ORDER) !=
        NHREF_OK)
        return NHREF_EINVAL;
    if (order == 0)
        order = nhref_taylor_order(res.digits); /* the plain Taylor scheme's */
    if (order > NHREF_TAYLOR_MAX_ORDER)
        return NHREF_EINVAL;
    if (order < 4)
        order = 4;
    if (opt->nuser_event != 0)
        return NHREF_EINVAL; /* events of the user's: not yet isolated rigorously */
    for (size_t i = 0; psets != NULL && i < model->nparam; i++)
        if (psets[i] != NULL && !arb_is_finite(psets[i]))
            return NHREF_EPARAM;
    pv = calloc(1, sizeof *pv);
    if (pv == NULL)
        return NHREF_ENOMEM;
    /* parameter sets: states of zero derivative after the model's (their dependence is
     * then carried by Lohner's form like an initial box's, not wrapped in the balls of
     * the tape's parameters; docs/proven.md) */
    if (psets != NULL && model->nparam > 0) {
        if ((pidx = malloc(model->nparam * sizeof *pidx)) == NULL) {
            free(pv);
            return NHREF_ENOMEM;
        }
        for (size_t i = 0; i < model->nparam; i++)
            if (psets[i] != NULL)
                pidx[k++] = i;
    }
    if (k > 0) {
        status = nhref_tape_params_as_states(&pv->aug, rhs, k, pidx);
        if (status != NHREF_OK) {
            free(pidx);
            free(pv);
            return status;
        }
        rhs = pv->aug;
        n = nx + k;
        pv->pbox = _arb_vec_init((slong)k);
        for (size_t j = 0; j < k; j++)
            arb_set(pv->pbox + j, psets[pidx[j]]);
    }
    free(pidx);
    pv->sys = sys;
    pv->n = n;
    pv->nx = nx;
    pv->prec = res.prec;
    pv->digits = res.digits;
    pv->N = (unsigned)order;
    pv->K = ENC_ORDER;
    if (pv->K > pv->N)
        pv->K = pv->N;
    pv->lsafety = -0.7 / (double)(order - 1) - 2;
    pv->hfac = 1;
    pv->remainder_scale = 1;
    pv->blowup_radius = opt->blowup_radius;
    pv->max_steps = opt->max_steps;
    pv->no_model_events = opt->no_model_events;
    pv->progress = opt->progress;
    pv->progress_arg = opt->progress_arg;
    pv->nc = n * (1 + n);

    arb_init(pv->t);
    arb_init(pv->h);
    arb_init(pv->T);
    arb_init(pv->tau);
    arb_init(pv->a);
    arb_init(pv->b);
    arb_init(pv->mu);
    pv->m = _arb_vec_init((slong)n);
    pv->r = _arb_vec_init((slong)n);
    pv->xh = _arb_vec_init((slong)n);
    pv->Y = _arb_vec_init((slong)n);
    pv->Yh = _arb_vec_init((slong)n);
    pv->fN = _arb_vec_init((slong)n);
    pv->cm = _arb_vec_init((slong)(n * (pv->N + 1)));
    pv->P = _arb_vec_init((slong)n);
    pv->c = _arb_vec_init((slong)n);
    pv->s = _arb_vec_init((slong)n);
    pv->rr = _arb_vec_init((slong)n);
    pv->tmp = _arb_vec_init((slong)n);
    pv->xs = _arb_vec_init((slong)n);
    pv->cw = _arb_vec_init((slong)n);
    pv->cx = _arb_vec_init((slong)pv->nc);
    pv->cv = _arb_vec_init((slong)pv->nc);
    pv->vs = _arb_vec_init((slong)(n * n * C1_ORDER));
    pv->vr = _arb_vec_init((slong)(n * n));
    arb_mat_init(pv->B, (slong)n, (slong)n);
    arb_mat_init(pv->A, (slong)n, (slong)n);
    arb_mat_init(pv->J, (slong)n, (slong)n);
    arb_mat_init(pv->Q, (slong)n, (slong)n);
    arb_mat_init(pv->Qi, (slong)n, (slong)n);
    arb_mat_init(pv->M1, (slong)n, (slong)n);
    arb_mat_init(pv->M2, (slong)n, (slong)n);
    mag_init(pv->D);
    pv->qm = nhref_vec_new(n * n, pv->prec);
    pv->qorder = malloc(n * sizeof *pv->qorder);
    pv->qw = malloc(n * sizeof *pv->qw);
    mpfr_inits2(pv->prec, pv->qa, pv->qb, (mpfr_ptr)0);
    arb_mat_init(pv->LU, (slong)n, (slong)n);
    pv->perm = malloc((n ? n : 1) * sizeof *pv->perm);
    pv->xm = nhref_vec_new(n, pv->prec);
    pv->xr = _arb_vec_init((slong)n);
    pv->xd = _arb_vec_init((slong)n);
    arb_init(pv->rem);
    arb_init(pv->tend);
    arb_init(pv->te);
    arb_init(pv->gtau);
    arb_init(pv->w1);
    arb_init(pv->w2);
    arb_init(pv->eI);
    arb_init(pv->elo);
    arb_init(pv->ehi);
    arb_init(pv->emid);
    arb_init(pv->ett);
    arb_init(pv->egl);
    arf_init(pv->f1);
    arf_init(pv->f2);

    status =
        pv->qm != NULL && pv->qorder != NULL && pv->qw != NULL && pv->perm != NULL && pv->xm != NULL
            ? NHREF_OK
            : NHREF_ENOMEM;
    if (status == NHREF_OK)
        status = nhref_tape_linearize(&pv->lin, rhs, n);
    if (status == NHREF_OK)
        status = nhref_system_workspace_arb(&pv->wm, sys, rhs, pv->prec, pv->N, 1);
    if (status == NHREF_OK)
        status = nhref_system_workspace_arb(&pv->wy, sys, rhs,
                                            BOX_PREC < pv->prec ? BOX_PREC : pv->prec, pv->N, 1);
    if (status == NHREF_OK)
        status = nhref_system_workspace_arb(&pv->wc, sys, pv->lin, C1_PREC, C1_ORDER, 1);
    if (status == NHREF_OK && nhref_system_integral_tape(sys) != NULL)
        status = nhref_system_workspace_arb(&pv->wi, sys, nhref_system_integral_tape(sys),
                                            pv->prec, 0, 0);
    if (status == NHREF_OK && !opt->no_model_events && nhref_system_event_tape(sys) != NULL) {
        pv->nev = model->nevent;
        pv->ev = model->event;
        status = nhref_system_workspace_arb(&pv->we, sys, nhref_system_event_tape(sys),
                                            pv->prec, 0, 0);
    }
    /* the first integrals and events of the model's states: over the parameter sets as
     * balls (they are evaluated on the state's hull anyway) */
    if (status == NHREF_OK && k > 0 && (pv->wi != NULL || pv->we != NULL)) {
        arb_ptr p = _arb_vec_init((slong)model->nparam);
        status = params_with_sets(p, sys, psets, pv->prec);
        if (status == NHREF_OK && pv->wi != NULL)
            nhref_tape_arb_set_params(pv->wi, p); /* an unbounded constant: NaN integrals */
        if (status == NHREF_OK && pv->we != NULL)
            status = nhref_tape_arb_set_params(pv->we, p);
        _arb_vec_clear(p, (slong)model->nparam);
    }
    pv->ev_g = _arb_vec_init((slong)(pv->nev + 1));
    pv->ev_w = _arb_vec_init((slong)(3 * (pv->nev + 1) + n));
    if (status != NHREF_OK) {
        nhref_proven_free(pv);
        return status;
    }
    *pvp = pv;
    return NHREF_OK;
}

void nhref_proven_on_row(nhref_proven_t *pv,
                         int (*fn)(void *arg, size_t i, arb_srcptr t, arb_srcptr x), void *arg)
{
    pv->on_row = fn;
    pv->on_row_arg = arg;
}

void nhref_proven_test_scale_remainder(nhref_proven_t *pv, double k)
{
    pv->remainder_scale = k;
}

long nhref_proven_prec(const nhref_proven_t *pv)
{
    return pv->prec;
}

unsigned nhref_proven_order(const nhref_proven_t *pv)
{
    return pv->N;
}

/* ------------------------------------------------------------------ the Lohner state */
/* m = mid(x0), B = I, r = x0 - m, xh = x0 */
static void lohner_init(nhref_proven_t *pv, arb_srcptr x0)
{
    for (size_t i = 0; i < pv->n; i++) {
        arb_get_mid_arb(pv->m + i, x0 + i);
        arb_sub(pv->r + i, x0 + i, pv->m + i, pv->prec);
        arb_set(pv->xh + i, x0 + i);
    }
    arb_mat_one(pv->B);
}

/* Y = M X for a matrix M and a vector X */
static void mat_vec(arb_ptr y, const arb_mat_t M, arb_srcptr x, size_t n, long prec)
{
    for (size_t i = 0; i < n; i++)
        arb_dot(y + i, NULL, 0, arb_mat_entry(M, (slong)i, 0), 1, x, 1, (slong)n, prec);
}

/* ------------------------------------------------------------------ step size */
/* ln of the step the point jet's last coefficients allow (Jorba & Zou), or HUGE_VAL */
static double log_step(const nhref_proven_t *pv, double *lrho_out, double *lnorm)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    double lscale = 0, lrho = HUGE_VAL;
    *lnorm = -HUGE_VAL;
    n = pv->nx; /* the parameter sets' states are constant: they do not limit the step */
    for (size_t i = 0; i < n; i++) {
        double a = fabs(arf_get_d(arb_midref(pv->cm + i * (N + 1)), ARF_RND_NEAR));
        if (a > 0) {
            lscale = fmax(lscale, log(a));
            *lnorm = fmax(*lnorm, log(a));
        }
    }
    for (unsigned k = N - 1; k <= N; k++) {
        double best = -HUGE_VAL;
        for (size_t i = 0; i < n; i++) {
            arb_srcptr ck = pv->cm + i * (N + 1) + k;
            if (!arf_is_zero(arb_midref(ck))) {
                double l = log(fabs(arf_get_d(arb_midref(ck), ARF_RND_NEAR)));
                if (isfinite(l))
                    best = fmax(best, l);
                else if (!arf_is_zero(arb_midref(ck)))
                    best = fmax(best, arf_cmpabs_2exp_si(arb_midref(ck), 0) > 0 ? 700 : -700);
            }
        }
        if (best > -HUGE_VAL)
            lrho = fmin(lrho, (lscale - best) / k);
    }
    *lrho_out = lrho < HUGE_VAL ? lrho : NAN;
    return lrho < HUGE_VAL ? lrho + pv->lsafety : HUGE_VAL;
}

/* ------------------------------------------------------------------ the a priori enclosure */
/* the point jet at (t, m): cm */
static int point_jet(nhref_proven_t *pv)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    int status;

    NHREF_ASSERT(pv->wm != NULL && nhref_tape_arb_order(pv->wm) >= N);
    status = nhref_tape_arb_ode_jet(pv->wm, pv->t, pv->m, N);
    if (status != NHREF_OK)
        return status;
    for (size_t i = 0; i < n; i++)
        _arb_vec_set(pv->cm + i * (N + 1), nhref_tape_arb_state_series(pv->wm, i), (slong)N + 1);
    return NHREF_OK;
}

/* the upper bound of the logarithmic norm (max-norm) of the Jacobian over (T, Yh):
 * mu = max_i (J_ii + sum_{j != i} |J_ij|), from the variational tape at order 0 */
static int log_norm(nhref_proven_t *pv, double *mu)
{
    size_t n = pv->n;
    int status;
    for (size_t i = 0; i < n; i++)
        arb_set_round(pv->cx + i, pv->Yh + i, C1_PREC);
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++)
            arb_set_si(pv->cx + n + j * n + i, i == j);
    status = nhref_tape_arb_eval(pv->cv, pv->wc, pv->T, pv->cx);
    if (status != NHREF_OK)
        return status;
    *mu = -HUGE_VAL;
    for (size_t i = 0; i < n; i++) {
        /* J_ij = d f_i / d x_j is output n + j n + i */
        double row;
        arb_get_ubound_arf(pv->f1, pv->cv + n + i * n + i, C1_PREC);
        row = arf_get_d(pv->f1, ARF_RND_UP);
        for (size_t j = 0; j < n; j++)
            if (j != i)
                row += abs_ub(pv->cv + n + j * n + i);
        *mu = fmax(*mu, row * (1 + 1e-15) + 1e-300);
    }
    return isfinite(*mu) ? NHREF_OK : NHREF_EDOMAIN;
}

/* Yh = Y + [-delta, delta] componentwise (delta exact: a double is an arf) */
static void widen(nhref_proven_t *pv, double delta)
{
    arf_t e;
    arf_init(e);
    arf_set_d(e, delta);
    for (size_t i = 0; i < pv->n; i++) {
        arb_set(pv->Yh + i, pv->Y + i);
        arb_add_error_arf(pv->Yh + i, e);
    }
    arf_clear(e);
}

/* Validate a step of size H (a ball; [0, h_hi] is what the enclosure covers): the
 * enclosure Y of the solution through m, the margin D for every solution through xh,
 * and the N-th coefficient over Yh = Y + [-D, D] (fN).  Returns NHREF_OK, or
 * NHREF_ENOCONV when it cannot be validated with this h (the caller halves it), or a
 * domain error. */
static int enclose(nhref_proven_t *pv)
{
    size_t n = pv->n;
    unsigned N = pv->N, K = pv->K;
    long p = pv->prec;
    double dx = 0, dguess, mu = 0, hh;
    int status, changed = 0;

    /* T = [t, t + h], tau = [0, h] */
    zero_to(pv->tau, pv->h, pv->f1, pv->f2, p);
    arb_add(pv->T, pv->t, pv->tau, p);
    hh = abs_ub(pv->h);
    /* |xh - m| and a first margin for the box */
    for (size_t i = 0; i < n; i++) {
        arb_sub(pv->tmp + i, pv->xh + i, pv->m + i, p);
        dx = fmax(dx, abs_ub(pv->tmp + i));
    }
    dguess = fmax(dx, 0) * 4 + 1e-300;

    /* The enclosure is validated at the low order K (the lemma holds for any order;
     * interval Taylor coefficients over a wide box overestimate like (1 + w)^K, so a
     * low order validates longer steps); the remainder then takes the order N
     * coefficient over the validated box, once.
     * The candidate: the range of the point polynomial of degree K - 1 over [0, h],
     * plus twice its K-th term, plus margins so that the interior can hold the next
     * iterate. */
    for (size_t i = 0; i < n; i++) {
        horner(pv->Y + i, pv->cm + i * (N + 1), 1, K - 1, pv->tau, p);
        arb_pow_ui(pv->a, pv->tau, K, p);
        arb_mul(pv->a, pv->a, pv->cm + i * (N + 1) + K, p);
        arb_mul_2exp_si(pv->a, pv->a, 1);
        arb_add(pv->Y + i, pv->Y + i, pv->a, p);
        arb_add_error_2exp_si(pv->Y + i, -(slong)(p / 2));
        arb_get_mag(pv->D, pv->Y + i);
        mag_mul_2exp_si(pv->D, pv->D, -(slong)(p / 3));
        arb_add_error_mag(pv->Y + i, pv->D);
    }
    for (int attempt = 0;; attempt++) {
        int inside = 1;
        widen(pv, dguess);
        status = nhref_tape_arb_ode_jet(pv->wy, pv->T, pv->Yh, K);
        if (status == NHREF_EDOMAIN)
            return NHREF_ENOCONV; /* f undefined somewhere in the box: a shorter step */
        if (status != NHREF_OK)
            return status;
        /* V = P_K([0,h]) + [0,h]^K f^[K](T, Yh): inside Y? */
        arb_pow_ui(pv->a, pv->tau, K, p);
        for (size_t i = 0; i < n; i++) {
            horner(pv->c + i, pv->cm + i * (N + 1), 1, K - 1, pv->tau, p);
            arb_addmul(pv->c + i, pv->a, nhref_tape_arb_state_series(pv->wy, i) + K, p);
            if (!arb_is_finite(pv->c + i) || !arb_contains_interior(pv->Y + i, pv->c + i))
                inside = 0;
        }
        if (inside)
            break;
        if (attempt + 1 == MAX_INFLATE) {
            return NHREF_ENOCONV;
        }
        /* next candidate: V, inflated */
        for (size_t i = 0; i < n; i++) {
            arb_set(pv->Y + i, pv->c + i);
            mag_mul_2exp_si(pv->D, arb_radref(pv->Y + i), 1);
            arb_add_error_mag(pv->Y + i, pv->D);
            arb_add_error_2exp_si(pv->Y + i, -(slong)(p / 2));
        }
    }
    /* Every solution through xh stays within D = |xh - m| e^{max(mu, 0) h} of the one
     * through m (Gronwall's inequality, mu an upper bound of the logarithmic norm of
     * the Jacobian over the convex box Yh = Y + [-delta, delta]) provided D < delta:
     * the first exit from Yh would contradict it.  delta grows until this holds. */
    for (int it = 0;; it++) {
        double D;
        status = log_norm(pv, &mu);
        if (status != NHREF_OK)
            return status == NHREF_EDOMAIN ? NHREF_ENOCONV : status;
        D = dx * exp(fmax(mu, 0) * hh) * (1 + 1e-12);
        if (D < dguess)
            break;
        if (it == 4 || !isfinite(D)) {
            /* the Jacobian grows too fast for this step: one with mu h <= 2 */
            if (mu * hh > 2)
                pv->shrink = fmin(0.5, fmax(1.0 / 16, 2 / (mu * hh)));
            return NHREF_ENOCONV;
        }
        dguess = 2 * D + 1e-300;
        changed = 1;
        widen(pv, dguess);
    }
    arb_set_d(pv->mu, fmax(mu, 0));
    mag_set_d(pv->D, dguess);
    /* the N-th coefficient over Yh, for the remainder */
    if (K < N || changed) {
        status = nhref_tape_arb_ode_jet(pv->wy, pv->T, pv->Yh, N);
        if (status == NHREF_EDOMAIN)
            return NHREF_ENOCONV;
        if (status != NHREF_OK)
            return status;
    }
    for (size_t i = 0; i < n; i++)
        arb_set(pv->fN + i, nhref_tape_arb_state_series(pv->wy, i) + N);
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the Jacobian */
/* J = an enclosure of the flow's Jacobian over xh at time tau (a ball in [0, h]): the
 * variational series to order C1_ORDER - 1 at (t, xh, I) at tau, plus
 * tau^M V^[M]([t, t+h], Yh, [-v, v]) (Lagrange, the coefficient at some time of the
 * step) */
static void jac_at(nhref_proven_t *pv, arb_mat_t J, arb_srcptr tau)
{
    size_t n = pv->n;
    const unsigned M = C1_ORDER;
    arb_ptr tv = pv->w1, tm = pv->w2; /* TAU may be neither */
    NHREF_ASSERT(tau != tv && tau != tm);
    arb_set_round(tv, tau, C1_PREC);
    arb_pow_ui(tm, tv, M, C1_PREC);
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++) {
            arb_ptr e = arb_mat_entry(J, (slong)i, (slong)j);
            horner(e, pv->vs + (j * n + i) * M, 1, M - 1, tv, C1_PREC);
            arb_addmul(e, tm, pv->vr + j * n + i, C1_PREC);
        }
}

/* The variational series at (t, xh, I) and their remainder coefficient over (T, Yh,
 * [-v, v]), v = e^{mu h} (||V(tau)|| <= e^{mu tau}, Gronwall); then J at h. */
static int jacobian(nhref_proven_t *pv)
{
    size_t n = pv->n;
    const unsigned M = C1_ORDER;
    arb_ptr hm = pv->w1, v = pv->w2;
    int status;

    for (size_t i = 0; i < n; i++)
        arb_set_round(pv->cx + i, pv->xh + i, C1_PREC);
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++)
            arb_set_si(pv->cx + n + j * n + i, i == j);
    status = nhref_tape_arb_ode_jet(pv->wc, pv->t, pv->cx, M - 1);
    if (status == NHREF_OK)
        for (size_t k = 0; k < n * n; k++)
            _arb_vec_set(pv->vs + k * M, nhref_tape_arb_state_series(pv->wc, n + k), (slong)M);
    if (status == NHREF_OK) {
        arb_mul(v, pv->mu, pv->tau, C1_PREC);
        arb_exp(v, v, C1_PREC); /* >= e^{mu tau} for every tau in [0, h] */
        arb_get_ubound_arf(arb_midref(hm), v, C1_PREC);
        mag_zero(arb_radref(hm));
        for (size_t i = 0; i < n; i++)
            arb_set_round(pv->cx + i, pv->Yh + i, C1_PREC);
        for (size_t k = n; k < pv->nc; k++) {
            arb_zero(pv->cx + k);
            arb_add_error(pv->cx + k, hm);
        }
        status = nhref_tape_arb_ode_jet(pv->wc, pv->T, pv->cx, M);
    }
    if (status == NHREF_OK) {
        for (size_t k = 0; k < n * n; k++)
            arb_set(pv->vr + k, nhref_tape_arb_state_series(pv->wc, n + k) + M);
        jac_at(pv, pv->J, pv->h);
        if (!arb_mat_is_finite(pv->J))
            status = NHREF_ENOCONV;
    }
    return status == NHREF_EDOMAIN ? NHREF_ENOCONV : status;
}

/* ------------------------------------------------------------------ Lohner's update */
/* Q = an orthonormal basis (to rounding: a point matrix) from the columns of mid(A),
 * taken in the order of |A_j| rad(r_j), by modified Gram-Schmidt in MPFR */
static void orthonormalise(nhref_proven_t *pv)
{
    size_t n = pv->n;
    long p = pv->prec;
    size_t *order = pv->qorder;
    double *w = pv->qw;
    __mpfr_struct *q = pv->qm;

    for (size_t j = 0; j < n; j++) {
        double norm = 0;
        order[j] = j;
        for (size_t i = 0; i < n; i++) {
            double a = arf_get_d(arb_midref(arb_mat_entry(pv->A, (slong)i, (slong)j)), ARF_RND_NEAR);
            norm += a * a;
        }
        w[j] = sqrt(norm) * (mag_get_d(arb_radref(pv->r + j)) + 1e-300);
    }
    for (size_t a = 0; a < n; a++) /* by decreasing weight */
        for (size_t b = a + 1; b < n; b++)
            if (w[order[b]] > w[order[a]]) {
                size_t tt = order[a];
                order[a] = order[b];
                order[b] = tt;
            }
    for (size_t jj = 0; jj < n; jj++) {
        size_t j = order[jj];
        for (size_t i = 0; i < n; i++)
            arf_get_mpfr(q + i * n + jj, arb_midref(arb_mat_entry(pv->A, (slong)i, (slong)j)),
                         MPFR_RNDN);
        for (size_t kk = 0; kk < jj; kk++) {
            mpfr_set_zero(pv->qa, 1);
            for (size_t i = 0; i < n; i++)
                mpfr_fma(pv->qa, q + i * n + kk, q + i * n + jj, pv->qa, MPFR_RNDN);
            for (size_t i = 0; i < n; i++) {
                mpfr_mul(pv->qb, pv->qa, q + i * n + kk, MPFR_RNDN);
                mpfr_sub(q + i * n + jj, q + i * n + jj, pv->qb, MPFR_RNDN);
            }
        }
        mpfr_set_zero(pv->qa, 1);
        for (size_t i = 0; i < n; i++)
            mpfr_fma(pv->qa, q + i * n + jj, q + i * n + jj, pv->qa, MPFR_RNDN);
        mpfr_sqrt(pv->qa, pv->qa, MPFR_RNDN);
        if (mpfr_zero_p(pv->qa) || !mpfr_number_p(pv->qa)) {
            /* a dependent column: a unit vector along the axis least represented */
            for (size_t i = 0; i < n; i++)
                mpfr_set_ui(q + i * n + jj, i == jj, MPFR_RNDN);
            continue;
        }
        for (size_t i = 0; i < n; i++)
            mpfr_div(q + i * n + jj, q + i * n + jj, pv->qa, MPFR_RNDN);
    }
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            arf_set_mpfr(arb_midref(arb_mat_entry(pv->Q, (slong)i, (slong)j)), q + i * n + j);
            mag_zero(arb_radref(arb_mat_entry(pv->Q, (slong)i, (slong)j)));
        }
    (void)p;
}

/* Qi = an enclosure of Q^-1; 0 if Q is not proven invertible.  A copy of the path
 * arb_mat_inv takes for n <= 4 or prec > 10 n (arb 2.23, arb_mat/inv.c and solve.c:
 * X = I, then the LU factors of A with partial pivoting and X = U^-1 L^-1 P X), with
 * the LU factors and the permutation kept in the integrator (pv->LU, pv->perm), so
 * that their numbers keep their mantissas from step to step instead of being
 * allocated and freed at every step; the other sizes call arb_mat_inv itself.  The
 * enclosure is the same, bit for bit (the golden files and --rigorous output did not
 * change): if Arb's path changes, this copy should follow it. */
static int qr_inverse(nhref_proven_t *pv)
{
    slong n = (slong)pv->n;
    long p = pv->prec;

    if (!(n <= 4 || (double)p > 10.0 * (double)n))
        return arb_mat_inv(pv->Qi, pv->Q, p);
    if (n == 0)
        return 1;
    arb_mat_one(pv->Qi);
    for (slong i = 0; i < n; i++)
        pv->perm[i] = i;
    if (!arb_mat_lu(pv->perm, pv->LU, pv->Q, p))
        return 0;
    arb_mat_solve_lu_precomp(pv->Qi, pv->perm, pv->LU, pv->Qi, p);
    return 1;
}

/* the new state from c = P(m) + z and A = J B */
static int lohner_update(nhref_proven_t *pv)
{
    size_t n = pv->n;
    long p = pv->prec;

    arb_mat_mul(pv->A, pv->J, pv->B, p);
    /* m' = mid(c), s = c - m' */
    for (size_t i = 0; i < n; i++) {
        arb_get_mid_arb(pv->xs + i, pv->c + i);
        arb_sub(pv->s + i, pv->c + i, pv->xs + i, p);
    }
    /* the direct enclosure m' + s + A r, kept to intersect with */
    mat_vec(pv->cw, pv->A, pv->r, n, p);
    for (size_t i = 0; i < n; i++)
        arb_add(pv->cw + i, pv->cw + i, pv->c + i, p);
    /* B' = Q, r' = (Q^-1 A) r + Q^-1 s */
    orthonormalise(pv);
    if (!qr_inverse(pv))
        return NHREF_ENOCONV;
    arb_mat_mul(pv->M1, pv->Qi, pv->A, p);
    mat_vec(pv->rr, pv->M1, pv->r, n, p);
    mat_vec(pv->tmp, pv->Qi, pv->s, n, p);
    for (size_t i = 0; i < n; i++)
        arb_add(pv->rr + i, pv->rr + i, pv->tmp + i, p);
    /* m = m', r = r', B = Q by exchange, not copy (no mantissa is reallocated): xs,
     * rr and Q are written in full before they are read again */
    _arb_vec_swap(pv->m, pv->xs, (slong)n);
    _arb_vec_swap(pv->r, pv->rr, (slong)n);
    arb_mat_swap(pv->B, pv->Q);
    /* the hull: m + B r, intersected with the direct enclosure */
    mat_vec(pv->xh, pv->B, pv->r, n, p);
    for (size_t i = 0; i < n; i++) {
        arb_add(pv->xh + i, pv->xh + i, pv->m + i, p);
        if (arb_overlaps(pv->xh + i, pv->cw + i))
            arb_intersection(pv->xh + i, pv->xh + i, pv->cw + i, p);
        if (!arb_is_finite(pv->xh + i))
            return NHREF_ENOCONV;
    }
    return NHREF_OK;
}

/* Validate a step from t by h (a ball): the a priori enclosure, the remainder (below
 * the tolerance), the Jacobian's series; c = the enclosure at t + h of the solution
 * through m.  The state is not updated (dense rows and events look inside the step
 * first; then lohner_update).  NHREF_OK; NHREF_ENOCONV if it could not be validated
 * (pv->shrink: the factor for the next try); a domain error. */
static int try_step(nhref_proven_t *pv)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    long p = pv->prec;
    double zmax = 0, scale = 1, tol;
    int status;

    /* the enclosure's test order within the Taylor order; the box and Jacobian jets */
    NHREF_ASSERT(pv->K <= N && pv->wy != NULL && pv->wc != NULL);
    pv->shrink = 0.5;
    status = enclose(pv);
    if (status != NHREF_OK)
        return status;
    /* the remainder h^N f^[N](T, Yh) (Lagrange: the coefficient at some time in T and
     * state in Yh, times exactly h^N), times the test's scale (1) */
    arb_pow_ui(pv->a, pv->h, N, p);
    for (size_t i = 0; i < n; i++) {
        arb_mul(pv->b, pv->a, pv->fN + i, p);
        zmax = fmax(zmax, abs_ub(pv->b));
        scale = fmax(scale, abs_ub(pv->m + i));
    }
    /* step-size control on the remainder itself: the coefficient over the box can be
     * far wider than at the point (the dependency effect of interval Taylor
     * recurrences), so the point jet's step may leave a remainder above the
     * tolerance 10^-D max(1, |m|): then a shorter step (the box narrows with it) */
    tol = pow(10, -pv->digits) * scale;
    if (!(zmax <= tol)) {
        double f = isfinite(zmax) ? 0.9 * pow(tol / zmax, 1.0 / N) : 0.5;
        pv->shrink = fmin(0.9, fmax(f, 1.0 / 16));
        return NHREF_ENOCONV;
    }
    /* the remainder below the tolerance: the next step may be longer, by a factor that
     * allows for the box widening with it (the exponent 1/(2N), not 1/N) */
    pv->grow = zmax > 0 ? fmin(2.0, 0.9 * pow(tol / zmax, 0.5 / N)) : 2.0;
    status = jacobian(pv);
    if (status != NHREF_OK)
        return status;
    /* step-size control on the Jacobian's width: its remainder over the box grows like
     * h^C1_ORDER, and rad(J) |B r| is width added to the set at every step (the wrapping
     * that Lohner's method does not remove); it must stay below the tolerance, or 1 % of
     * the set's own radius */
    {
        double rn = 0, e = 0;
        for (size_t k = 0; k < n; k++)
            rn = fmax(rn, abs_ub(pv->r + k));
        for (size_t i = 0; i < n; i++) {
            double w = 0;
            for (size_t k = 0; k < n; k++)
                w += mag_get_d(arb_radref(arb_mat_entry(pv->J, (slong)i, (slong)k)));
            e = fmax(e, w);
        }
        e *= rn * sqrt((double)n);
        if (!(e <= fmax(tol, 0.01 * rn))) {
            pv->shrink = 0.5;
            return NHREF_ENOCONV;
        }
    }
    /* c = P(m) at h + the remainder */
    if (pv->remainder_scale != 1.0) {
        arb_set_d(pv->b, pv->remainder_scale);
        arb_mul(pv->a, pv->a, pv->b, p);
    }
    /* step-size control on the polynomial's own width: the point jet's coefficient
     * balls widen with the order, and over a long step sum_k rad(x_k) h^k can exceed
     * the tolerance even where the remainder does not (dense rows inside the step are
     * at most as wide): then a shorter step */
    for (size_t i = 0; i < n; i++) {
        horner(pv->c + i, pv->cm + i * (N + 1), 1, N - 1, pv->h, p);
        if (!(mag_get_d(arb_radref(pv->c + i)) <= tol)) {
            pv->shrink = 0.5;
            return NHREF_ENOCONV;
        }
        arb_addmul(pv->c + i, pv->a, pv->fN + i, p);
    }
    return NHREF_OK;
}

/* X = the enclosure at time t + TAU (TAU a ball within [0, h]) of every solution
 * through the step's start set m + B r, in Lohner's form: c(tau) + (J(tau) B) r with
 * c(tau) = P_m(tau) + tau^N f^[N](T, Yh) (Lagrange at tau) and J(tau) the Jacobian
 * enclosure at tau (jac_at).  Dense output: no new Taylor jet. */
static void dense_row(nhref_proven_t *pv, arb_ptr x, arb_srcptr tau)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    long p = pv->prec;
    arb_ptr a = pv->w1;                  /* free again before jac_at, which takes w1 and w2 */
    NHREF_ASSERT(!arb_is_negative(tau)); /* a time within the step, not before it */
    NHREF_ASSERT(tau != pv->w1 && tau != pv->w2);
    arb_pow_ui(a, tau, N, p);
    if (pv->remainder_scale != 1.0) {
        arb_set_d(pv->w2, pv->remainder_scale);
        arb_mul(a, a, pv->w2, p);
    }
    for (size_t i = 0; i < n; i++) {
        horner(x + i, pv->cm + i * (N + 1), 1, N - 1, tau, p);
        arb_addmul(x + i, a, pv->fN + i, p);
    }
    jac_at(pv, pv->M2, tau);
    arb_mat_mul(pv->M1, pv->M2, pv->B, p);
    mat_vec(pv->tmp, pv->M1, pv->r, n, p);
    for (size_t i = 0; i < n; i++)
        arb_add(x + i, x + i, pv->tmp + i, p);
}

/* ------------------------------------------------------------------ events */
/* G = the model's event functions at time T (ball) and state X (box) */
static void events_at(nhref_proven_t *pv, arb_ptr g, arb_srcptr t, arb_srcptr x)
{
    nhref_tape_arb_eval(g, pv->we, t, x);
}

/* X = an enclosure of the states at times t + I for every solution through the step's
 * start box, I a sub-ball of [0, h]: P_m(I) + [0, I]^N f^[N] + [-D, D] */
static void state_on(nhref_proven_t *pv, arb_ptr x, arb_srcptr I)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    long p = pv->prec;
    arb_ptr z = pv->w1;
    NHREF_ASSERT(I != pv->w1);
    zero_to(z, I, pv->f1, pv->f2, p);
    arb_pow_ui(z, z, N, p);
    for (size_t i = 0; i < n; i++) {
        horner(x + i, pv->cm + i * (N + 1), 1, N - 1, I, p);
        arb_addmul(x + i, z, pv->fN + i, p);
        arb_add_error_mag(x + i, pv->D);
    }
}

/* A terminal event crossed within the step just validated (from t, before the update)?
 * Isolates the first crossing of a terminal event by bisection on enclosures: on
 * success *K is the event, TE (ball) encloses the first crossing time and XE the
 * state there, and the return is 1; 0 if no crossing is possible in the step; -1 if a
 * crossing can be neither ruled out nor isolated (the caller then ends the run
 * UNPROVEN).  Each piece's event values are kept apart (GP) from the bisection's, so
 * that every terminal event is judged on its own piece values; an event function
 * that is not finite on a piece may cross there: -1. */
static int find_event(nhref_proven_t *pv, size_t *kev, arb_ptr te, arb_ptr xe)
{
    size_t nev = pv->nev;
    long p = pv->prec;
    enum { PIECES = 32, BISECT = 200 };
    arb_ptr I = pv->eI, lo = pv->elo, hi = pv->ehi, mid = pv->emid, tt = pv->ett;
    arb_ptr g0 = pv->ev_w, gi = g0 + nev + 1, gp = gi + nev + 1, xi = gp + nev + 1;
    int found = 0;

    if (nev == 0)
        return 0;
    /* the whole step: no zero possible? */
    events_at(pv, pv->ev_g, pv->T, pv->Yh);
    {
        int maybe = 0;
        for (size_t k = 0; k < nev; k++)
            if (pv->ev[k].terminal &&
                (!arb_is_finite(pv->ev_g + k) || arb_contains_zero(pv->ev_g + k)))
                maybe = 1;
        if (!maybe)
            goto done;
    }
    /* the sign at the start (the start box at time t) */
    events_at(pv, g0, pv->t, pv->xh);
    /* walk the pieces [j h / PIECES, (j + 1) h / PIECES] */
    for (int j = 0; j < PIECES && !found; j++) {
        arf_ptr a = pv->f1, b = pv->f2; /* free again before state_on */
        arf_mul_si(a, arb_midref(pv->h), j, p, ARF_RND_DOWN);
        arf_div_si(a, a, PIECES, p, ARF_RND_DOWN);
        arf_mul_si(b, arb_midref(pv->h), j + 1, p, ARF_RND_UP);
        arf_div_si(b, b, PIECES, p, ARF_RND_UP);
        if (j + 1 == PIECES)
            arb_get_ubound_arf(b, pv->h, p);
        arb_set_interval_arf(I, a, b, p);
        state_on(pv, xi, I);
        arb_add(tt, pv->t, I, p);
        events_at(pv, gp, tt, xi);
        for (size_t k = 0; k < nev && !found; k++) {
            int s0 = arb_is_positive(g0 + k) ? 1 : arb_is_negative(g0 + k) ? -1 : 0;
            if (!pv->ev[k].terminal)
                continue;
            if (!arb_is_finite(gp + k)) {
                found = -1; /* undefined or unbounded on the piece: it may cross there */
                break;
            }
            if (!arb_contains_zero(gp + k))
                continue;
            if (s0 == 0) {
                found = -1; /* the start itself may be on the event */
                break;
            }
            /* a crossing may be in this piece: bisect [lo, hi] keeping "no zero before lo"
             * and "sign -s0 at hi" (hi: the piece's end; if the sign there is not
             * certified -s0, the crossing cannot be isolated: -1) */
            {
                arb_ptr gl = pv->egl;
                int ok = 0;
                arb_get_lbound_arf(arb_midref(lo), I, p);
                mag_zero(arb_radref(lo));
                arb_get_ubound_arf(arb_midref(hi), I, p);
                mag_zero(arb_radref(hi));
                /* the sign at hi must be -s0 (certified) */
                state_on(pv, xi, hi);
                arb_add(tt, pv->t, hi, p);
                events_at(pv, gi, tt, xi);
                ok = s0 > 0 ? arb_is_negative(gi + k) : arb_is_positive(gi + k);
                if (!ok) {
                    found = -1;
                    break;
                }
                if (pv->ev[k].direction != 0 && pv->ev[k].direction == s0)
                    continue; /* a crossing against the event's direction */
                for (int it = 0; it < BISECT; it++) {
                    arb_add(mid, lo, hi, p);
                    arb_mul_2exp_si(mid, mid, -1);
                    arb_get_mid_arb(mid, mid);
                    /* no zero in [lo, mid]? then the first crossing is in [mid, hi] */
                    arb_union(I, lo, mid, p);
                    state_on(pv, xi, I);
                    arb_add(tt, pv->t, I, p);
                    events_at(pv, gi, tt, xi);
                    if (arb_is_finite(gi + k) && !arb_contains_zero(gi + k)) {
                        arb_set(lo, mid);
                        continue;
                    }
                    /* a certified sign change in [lo, mid]? then the first crossing is
                     * there (none before lo) */
                    state_on(pv, xi, mid);
                    arb_add(tt, pv->t, mid, p);
                    events_at(pv, gl, tt, xi);
                    if (s0 > 0 ? arb_is_negative(gl) : arb_is_positive(gl)) {
                        arb_set(hi, mid);
                        continue;
                    }
                    break; /* the enclosures no longer tell: the ball is [lo, hi] */
                }
                arb_union(I, lo, hi, p);
                arb_add(te, pv->t, I, p);
                dense_row(pv, xe, I);
                *kev = k;
                found = 1;
            }
        }
        if (found == 0) {
            /* no crossing in this piece: carry its end's sign as the start */
            for (size_t k = 0; k < nev; k++)
                if (arb_is_finite(gi + k) && !arb_contains_zero(gi + k))
                    arb_set(g0 + k, gi + k);
        }
    }
done:
    return found;
}

/* ------------------------------------------------------------------ the grid */
static int row_done(nhref_proven_t *pv, arb_ptr out, arb_srcptr tgrid, size_t i, arb_srcptr x,
                    nhref_stats_t *stats)
{
    NHREF_ASSERT(i == stats->nrows); /* every row once, in order */
    if (out != NULL)
        _arb_vec_set(out + i * pv->nx, x, (slong)pv->nx);
    stats->nrows = i + 1;
    if (pv->on_row != NULL && pv->on_row(pv->on_row_arg, i, tgrid + i, x) != 0)
        return NHREF_EIO;
    return NHREF_OK;
}

int nhref_proven_grid(nhref_proven_t *pv, arb_ptr out, arb_srcptr x0, arb_srcptr tgrid, size_t n,
                      nhref_stats_t *stats)
{
    nhref_stats_t local;
    size_t row = 0, nx = pv->n, ns = pv->nx;
    long p = pv->prec;
    int status = NHREF_OK, dir;
    __mpfr_struct *xm = pv->xm;
    char why[256];
    arb_ptr rem = pv->rem, tend = pv->tend, tau = pv->gtau, xr = pv->xr, te = pv->te;
    nhref_budget_t budget;
    double est;

    if (stats == NULL)
        stats = &local;
    nhref_stats_start(stats);
    if (n == 0)
        return NHREF_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (!arb_is_finite(tgrid + i) ||
            (i > 0 && !arb_le(tgrid + i - 1, tgrid + i))) /* increasing, rigorously */
            return NHREF_EINVAL;
    dir = n > 1 && arb_lt(tgrid, tgrid + n - 1) ? 1 : 0;
    (void)dir;
    /* the model's conditions on the initial state (on the midpoints), and finite balls */
    for (size_t i = 0; i < ns; i++) {
        if (!arb_is_finite(x0 + i))
            return NHREF_EPARAM;
        arf_get_mpfr(xm + i, arb_midref(x0 + i), MPFR_RNDN);
    }
    status = nhref_system_check_init(pv->sys, xm, why, sizeof why);
    if (status != NHREF_OK)
        return NHREF_EPARAM;

    arb_set(pv->t, tgrid);
    nhref_blowup_reset(&pv->blowup);
    /* the initial box: the model's states, then the parameter sets (xd: scratch) */
    _arb_vec_set(pv->xd, x0, (slong)ns);
    _arb_vec_set(pv->xd + ns, pv->pbox, (slong)(nx - ns));
    lohner_init(pv, pv->xd);
    status = row_done(pv, out, tgrid, row++, pv->xh, stats);
    nhref_budget_start(&budget, arf_get_d(arb_midref(pv->t), ARF_RND_NEAR));
    while (status == NHREF_OK && row < n) {
        int halvings = 0, land, ev = 0;
        double lh, hd, lrho, lnorm, t_step;
        size_t kev = 0;

        /* grid times equal to the current time */
        if (arb_equal(tgrid + row, pv->t)) {
            status = row_done(pv, out, tgrid, row++, pv->xh, stats);
            continue;
        }
        if (pv->max_steps != 0 && stats->nsteps >= pv->max_steps) {
            status = NHREF_EMAXSTEPS;
            break;
        }
        status = point_jet(pv);
        if (status != NHREF_OK)
            break;
        lh = log_step(pv, &lrho, &lnorm);
        t_step = arf_get_d(arb_midref(pv->t), ARF_RND_NEAR);
        /* steps end on the last grid time; the others are dense rows inside steps */
        arb_sub(rem, tgrid + n - 1, pv->t, p);
        hd = exp(fmin(lh, 700)) * pv->hfac;
        for (;;) {
            /* h = min(hd, remaining): a double, or the remaining distance itself (a ball
             * when the last grid time is inexact); a step end never overlaps the ball of
             * an inner grid time (its row must lie certainly inside a step) */
            arb_set_d(pv->h, hd);
            land = !(arb_lt(pv->h, rem));
            if (land) {
                arb_set(pv->h, rem);
                hd = arf_get_d(arb_midref(rem), ARF_RND_DOWN);
            } else {
                for (size_t k = row; k + 1 < n; k++) {
                    arb_sub(tau, tgrid + k, pv->t, p);
                    if (arb_gt(tau, pv->h))
                        break;
                    if (arb_overlaps(tau, pv->h)) {
                        hd = arf_get_d(arb_midref(tau), ARF_RND_DOWN) * (1 - 1e-9);
                        arb_set_d(pv->h, hd);
                    }
                }
            }
            status = try_step(pv);
            if (status != NHREF_ENOCONV)
                break;
            if (++halvings > MAX_HALVINGS || !(hd > 0)) {
                status = NHREF_EUNPROVEN;
                break;
            }
            hd *= pv->shrink;
            if (!land)
                pv->hfac = fmax(pv->hfac * pv->shrink, 1e-12);
        }
        if (status != NHREF_OK)
            break;
        if (!land && halvings == 0)
            pv->hfac = fmin(1.0, pv->hfac * fmax(1.0, pv->grow));
        if (pv->hfac < HFAC_MIN) {
            /* the validated steps have fallen far below the Taylor steps (a singularity
             * or a blow-up ahead): stop rather than creep towards it */
            status = NHREF_EUNPROVEN;
            break;
        }
        if (land)
            arb_set(tend, tgrid + n - 1);
        else
            arb_add(tend, pv->t, pv->h, p);

        /* a terminal event in the step? (the enclosures of the step, before the update) */
        ev = find_event(pv, &kev, te, xr);
        if (ev < 0)
            status = NHREF_EUNPROVEN; /* a crossing neither ruled out nor isolated */
        /* the rows inside the step (before the event's time ball) */
        while (status == NHREF_OK && row < n && (!land || row + 1 < n) &&
               arb_lt(tgrid + row, tend) && (ev == 0 || arb_lt(tgrid + row, te))) {
            arb_sub(tau, tgrid + row, pv->t, p);
            dense_row(pv, pv->xd, tau);
            status = row_done(pv, out, tgrid, row++, pv->xd, stats);
        }
        if (ev > 0 && status == NHREF_OK) {
            /* stop at the event: its time ball and the state over it */
            arb_set(pv->t, te);
            _arb_vec_set(pv->xh, xr, (slong)nx);
            stats->event = (int)kev;
            stats->outcome = NHREF_OUTCOME_EVENT;
        }
        {
            nhref_step_info_t info = {arf_get_d(arb_midref(pv->h), ARF_RND_NEAR), pv->N, NAN, NAN,
                                      land};
            nhref_stats_step(stats, &info, land);
        }
        if (status != NHREF_OK || ev > 0)
            break;
        status = lohner_update(pv);
        if (status != NHREF_OK) {
            status = NHREF_EUNPROVEN;
            break;
        }
        arb_set(pv->t, tend);
        if (land)
            status = row_done(pv, out, tgrid, row++, pv->xh, stats);
        /* the driver's blow-up rule, on the validated steps (blowup.h) */
        nhref_blowup_record(&pv->blowup, lrho, isfinite(lnorm) ? lnorm : NAN, t_step, hd);
        if (status == NHREF_OK && pv->blowup_radius > 0 &&
            nhref_blowup_seen(&pv->blowup, 1, 1, pv->blowup_radius, 1, &stats->t_blowup)) {
            status = NHREF_EBLOWUP;
            break;
        }
        /* a run that would exceed max_steps, seen after its first steps (budget.h) */
        est = stats->nsteps < budget.next
                  ? 0 /* no check due: no conversions per step */
                  : nhref_budget_check(&budget, stats->nsteps,
                                       arf_get_d(arb_midref(pv->t), ARF_RND_NEAR),
                                       arf_get_d(arb_midref(tgrid + n - 1), ARF_RND_NEAR),
                                       pv->max_steps);
        if (status == NHREF_OK && est > 0) {
            stats->steps_estimate = est;
            status = NHREF_EMAXSTEPS;
            break;
        }
        if (pv->progress != NULL && n > 1) {
            double a = arf_get_d(arb_midref(tgrid), ARF_RND_NEAR);
            double b = arf_get_d(arb_midref(tgrid + n - 1), ARF_RND_NEAR);
            double tc = arf_get_d(arb_midref(pv->t), ARF_RND_NEAR);
            pv->progress(pv->progress_arg, b != a ? (tc - a) / (b - a) : 1.0);
        }
    }
    if (stats->outcome != NHREF_OUTCOME_EVENT)
        stats->outcome = status == NHREF_OK          ? NHREF_OUTCOME_REACHED
                         : status == NHREF_EUNPROVEN ? NHREF_OUTCOME_UNPROVEN
                         : status == NHREF_EBLOWUP   ? NHREF_OUTCOME_BLOWUP
                                                     : NHREF_OUTCOME_FAILED;
    stats->t_stop = arf_get_d(arb_midref(pv->t), ARF_RND_NEAR);
    return status;
}

void nhref_proven_state(const nhref_proven_t *pv, arb_ptr t, arb_ptr x)
{
    arb_set(t, pv->t);
    _arb_vec_set(x, pv->xh, (slong)pv->nx);
}

int nhref_proven_integrals(nhref_proven_t *pv, arb_ptr I, arb_srcptr t, arb_srcptr x)
{
    if (pv->wi == NULL)
        return NHREF_EINVAL;
    nhref_tape_arb_eval(I, pv->wi, t, x); /* indeterminate where an integral is undefined */
    return NHREF_OK;
}
