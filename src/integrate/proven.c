/* proven.c -- validated Taylor integration in Arb ball arithmetic: enclosures of the
 * solution that are proven (nhref_arb.h, proofs/rigorous_taylor.md).
 *
 * The state at time t is kept in Lohner's form twice,
 *     x(t) in m + B r  and  x(t) in m + B2 r2   (m a point, B, B2 point matrices, r, r2
 *                                               boxes that contain 0),
 * the first orthonormalised in the state's own coordinates, the second with the rows
 * scaled by powers of 2 near max(1, |m_i|) (the tolerance's measure): the hull xh is
 * the narrower of the two, componentwise.  One step of size h (proofs/rigorous_taylor.md
 * §2-§6):
 *   1. the Taylor coefficients c_i of the solution through the point m, i <= N, in
 *      Arb (balls enclosing the exact ones) at the working precision;
 *   2. the set's tube (tube): the jet of the variational system (x, V) over (t, xh, I)
 *      to the order M = C1_ORDER at C1_PREC bits, the Taylor-model tails of that jet
 *      (tape/tails_arb.h: bounds of |f(X(tau)) - its truncated series| from polynomial
 *      ranges, no Taylor coefficient over a box), and a bound u of |x - X| over the
 *      step for every solution by the comparison lemma with L >= |df/dx| over a box
 *      Omega that holds them (a bootstrap: u < E for Omega = ranges +- E); then
 *      Yh = range of X +- u holds every solution over the step;
 *   3. the point remainder z >= |x(t + tau) - P_m(tau)| over the step, the same way
 *      from the point jet's tails (point_remainder); the step is shortened until
 *      |z| <= 10^-D max(1, |m|);
 *   4. the Jacobian of the flow over xh: J(tau) in sum_{k<=M} V_k tau^k +- e, e from the
 *      variational tape's tails with the states' tails u and the comparison lemma,
 *      one column at a time (jacobian);
 *   5. Lohner's update, for each representation: x(t+h) in P_m(h) + z + J(h) (x - m) =
 *      c + A r with A = J B; m' = mid(c), B' = Q from a Gram-Schmidt orthonormalisation
 *      of mid(A) (columns ordered by their length times the radius of r; for B2 of
 *      diag(2^-e) mid(A), then B2' = diag(2^e) Q), r' = (B'^-1 A) r + B'^-1 (c - m'),
 *      the hull intersected with the direct enclosure c + A r.
 * Grid times inside a step get dense rows from the same enclosures (P_m(tau) +- z +
 * J(tau) B r: no new jet); steps end on the last grid time only.  A
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
#include "tape/tails_arb.h"
#include "nhref_arb.h"
#include "nhref_io.h"

#define MAX_HALVINGS 24 /* shorter tries before a step is declared unprovable */
#define MAX_INFLATE 4   /* enclosure candidates tried per step size */
#define HFAC_MIN 1e-3   /* validated step / Taylor step below this: the run stops */
#define C1_ORDER 8      /* order of the set's jet: the states and the variational (Jacobian)
                         * series from the start box (tube, jacobian) */
#define TUBE_PIECES 8   /* the step is cut into this many pieces for |df/dx| (tube) */
#define C1_PREC 64      /* its precision [bits]: it bounds the set's region and the
                         * Jacobian, not the state itself (the point jet does) */
#define LAMBDA_MAX 1e4 /* comparison_prepare: h ||L||_w above it refuses the step (at most
                         * 15 squarings) */
#define GUARD_DIGITS 1  /* a step's remainder target: 10^-(D + GUARD_DIGITS) max(1, |m|).
                         * The remainders are bounds, and they add up over the steps: at
                         * 10^-D, 12 of 77 cases of tests/bench/bench_proven.sh ended wider
                         * than 10^-(D-5); at 10^-(D+1), 6, for about 5 % more steps */

struct nhref_proven {
    const nhref_system_t *sys;
    size_t n;          /* the integrated states: the model's nx, then the parameter sets' */
    size_t nx;         /* the model's states */
    arb_ptr pbox;      /* n - nx: the parameter sets, the extra states' initial balls */
    nhref_tape_t *aug; /* the right-hand side with those parameters as states, or NULL */
    long prec;
    unsigned N;       /* Taylor order */
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
    nhref_tape_arb_t *wm;         /* the right-hand side: the point jet at m (order N) */
    nhref_tape_arb_t *wc;         /* the variational equations (order C1_ORDER, C1_PREC) */
    nhref_tape_arb_t *wcp;        /* the same at order 0, over tube's pieces: not in wc,
                                   * whose jet the Jacobian's tails read after them */
    nhref_tape_arb_t *wi;         /* the first integrals (order 0), or NULL */
    size_t ni;                    /* their number (0: no integrals) */
    nhref_tape_t **gt;            /* ni: the tapes of their gradients d I_k / d x, or NULL */
    nhref_tape_arb_t **wg;        /* ni: their workspaces (order 0) */
    /* the last row's set in Lohner's form, for the integrals (nhref_proven_integrals):
     * fkind 0 none, 1 a dense row (fc + FA1 r and fc + FA2 r2), 2 the state itself
     * (m + B r and m + B2 r2); fx the row's hull that was handed out */
    int fkind;
    arb_srcptr fx;
    arb_ptr fc, gI, gv, gw;       /* n, ni, n (the gradient, then G A), n scratch */
    arb_mat_t FA1, FA2;
    nhref_tape_arb_t *we;         /* the model's events (order 0), or NULL */
    size_t nev;
    const nhref_event_desc_t *ev;

    /* the state: t, m, B, r, and the hull xh */
    arb_t t;
    arb_ptr m, r, xh;
    arb_mat_t B;
    /* the step: h, T = [t, t+h], the range of the set's polynomial Y, the tube Yh (every
     * solution over the step), D, and the point coefficients kept for events */
    arb_t h, T, tau;
    arb_ptr Y, Yh, cm, c, s, rr, tmp, ev_g, xs, cw;
    arb_ptr ev_w;        /* find_event's scratch: 3 (nev + 1) + n balls */
    arb_mat_t A, J, Q, Qi, M1, M2;
    arb_mat_t B2;        /* the second representation m + B2 r2 of the set (scaled rows) */
    arb_ptr r2, xt;      /* n each: its box; dense_row's scratch */
    mag_t D;             /* scratch of enclose, jacobian and inside_ball */
    __mpfr_struct *qm;   /* n x n scratch for the orthogonalisation (MPFR) */
    size_t *qorder;      /* n: its column order */
    double *qw;          /* n: its column weights */
    double *kw;          /* n: the comparison's weights max(1, |m_i|) (comparison) */
    long *qe;            /* n: the row scaling's exponents (B = diag(2^qe) Q) */
    mpfr_t qa, qb;
    size_t nc;           /* states of the variational system: n (1 + n) */
    arb_ptr cx;          /* its state (x then the columns of V), n (1 + n) */
    arb_ptr vs, vr;      /* the set's series at (t, xh, I), order k of state component c
                          * (x_i: c = i; V_ij: c = n + j n + i) at vs[c (C1_ORDER + 1) + k];
                          * V's error over the step: vr[j n + i] (balls 0 +- e) */
    /* the step loop's workspace: nothing is allocated after nhref_proven_new (Arb's
     * numbers keep their mantissas from step to step; tests/check_proven_alloc.c) */
    /* the point remainder (point_remainder): the tails of the point jet, the defect
     * bound, the Jacobian's magnitudes over the step, the comparison series */
    nhref_tails_arb_t *tw, *twc;      /* the point jet's, the variational jet's */
    mag_ptr zt, ztop, zd, zu;         /* n each */
    mag_ptr zE, zux, zv2;             /* n each: tube's candidate and bound, jacobian's */
    mag_ptr ct, ctop, cin;            /* nc each: the variational jet's tails */
    mag_ptr zL;                       /* n x n: |df_i/dx_j| over the step, row-major */
    mag_ptr cbar; /* n (N + 1): |P_i,k| of the point jet above C1_ORDER (tube_piece) */
    mag_ptr kA, kP, kT, kE, kF; /* n x n each: comparison_prepare's matrices, F its result */
    arb_ptr aout;                     /* nc: the variational tape's values (order 0) */
    arb_ptr z;                        /* n: the remainder balls 0 +- z_i */
    mag_t zh, zm;
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
    nhref_tails_arb_free(pv->tw);
    nhref_tails_arb_free(pv->twc);
    nhref_tape_arb_free(pv->wm);
    nhref_tape_arb_free(pv->wc);
    nhref_tape_arb_free(pv->wcp);
    nhref_tape_arb_free(pv->wi);
    for (size_t k = 0; pv->gt != NULL && k < pv->ni; k++) {
        nhref_tape_arb_free(pv->wg[k]);
        nhref_tape_free(pv->gt[k]);
    }
    free(pv->gt);
    free(pv->wg);
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
        _arb_vec_clear(pv->m, (slong)n);
        _arb_vec_clear(pv->r, (slong)n);
        _arb_vec_clear(pv->xh, (slong)n);
        _arb_vec_clear(pv->Y, (slong)n);
        _arb_vec_clear(pv->Yh, (slong)n);
        _mag_vec_clear(pv->zt, (slong)n);
        _mag_vec_clear(pv->ztop, (slong)n);
        _mag_vec_clear(pv->zd, (slong)n);
        _mag_vec_clear(pv->zu, (slong)n);
        _mag_vec_clear(pv->zL, (slong)(n * n));
        _mag_vec_clear(pv->cbar, (slong)(n * (pv->N + 1)));
        _mag_vec_clear(pv->kA, (slong)(n * n));
        _mag_vec_clear(pv->kP, (slong)(n * n));
        _mag_vec_clear(pv->kT, (slong)(n * n));
        _mag_vec_clear(pv->kE, (slong)(n * n));
        _mag_vec_clear(pv->kF, (slong)(n * n));
        _mag_vec_clear(pv->zE, (slong)n);
        _mag_vec_clear(pv->zux, (slong)n);
        _mag_vec_clear(pv->zv2, (slong)n);
        _mag_vec_clear(pv->ct, (slong)pv->nc);
        _mag_vec_clear(pv->ctop, (slong)pv->nc);
        _mag_vec_clear(pv->cin, (slong)pv->nc);
        _arb_vec_clear(pv->aout, (slong)pv->nc);
        _arb_vec_clear(pv->z, (slong)n);
        mag_clear(pv->zh);
        mag_clear(pv->zm);
        _arb_vec_clear(pv->cm, (slong)(n * (pv->N + 1)));
        _arb_vec_clear(pv->c, (slong)n);
        _arb_vec_clear(pv->s, (slong)n);
        _arb_vec_clear(pv->rr, (slong)n);
        _arb_vec_clear(pv->tmp, (slong)n);
        _arb_vec_clear(pv->xs, (slong)n);
        _arb_vec_clear(pv->cw, (slong)n);
        _arb_vec_clear(pv->ev_g, (slong)(pv->nev + 1));
        _arb_vec_clear(pv->ev_w, (slong)(3 * (pv->nev + 1) + n));
        _arb_vec_clear(pv->cx, (slong)pv->nc);
        _arb_vec_clear(pv->vs, (slong)(pv->nc * (C1_ORDER + 1)));
        _arb_vec_clear(pv->vr, (slong)(n * n));
        arb_mat_clear(pv->B);
        arb_mat_clear(pv->A);
        arb_mat_clear(pv->J);
        arb_mat_clear(pv->Q);
        arb_mat_clear(pv->Qi);
        arb_mat_clear(pv->M1);
        arb_mat_clear(pv->M2);
        arb_mat_clear(pv->B2);
        arb_mat_clear(pv->FA1);
        arb_mat_clear(pv->FA2);
        _arb_vec_clear(pv->fc, (slong)n);
        _arb_vec_clear(pv->gI, (slong)(pv->ni + 1));
        _arb_vec_clear(pv->gv, (slong)n);
        _arb_vec_clear(pv->gw, (slong)n);
        _arb_vec_clear(pv->r2, (slong)n);
        _arb_vec_clear(pv->xt, (slong)n);
        mag_clear(pv->D);
        nhref_vec_free(pv->qm, n * n);
        free(pv->qorder);
        free(pv->qw);
        free(pv->kw);
        free(pv->qe);
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
    pv->m = _arb_vec_init((slong)n);
    pv->r = _arb_vec_init((slong)n);
    pv->xh = _arb_vec_init((slong)n);
    pv->Y = _arb_vec_init((slong)n);
    pv->Yh = _arb_vec_init((slong)n);
    pv->zt = _mag_vec_init((slong)n);
    pv->ztop = _mag_vec_init((slong)n);
    pv->zd = _mag_vec_init((slong)n);
    pv->zu = _mag_vec_init((slong)n);
    pv->zL = _mag_vec_init((slong)(n * n));
    pv->zE = _mag_vec_init((slong)n);
    pv->zux = _mag_vec_init((slong)n);
    pv->zv2 = _mag_vec_init((slong)n);
    pv->ct = _mag_vec_init((slong)pv->nc);
    pv->ctop = _mag_vec_init((slong)pv->nc);
    pv->cin = _mag_vec_init((slong)pv->nc);
    pv->aout = _arb_vec_init((slong)pv->nc);
    pv->z = _arb_vec_init((slong)n);
    mag_init(pv->zh);
    mag_init(pv->zm);
    pv->cm = _arb_vec_init((slong)(n * (pv->N + 1)));
    pv->cbar = _mag_vec_init((slong)(n * (pv->N + 1)));
    pv->kA = _mag_vec_init((slong)(n * n));
    pv->kP = _mag_vec_init((slong)(n * n));
    pv->kT = _mag_vec_init((slong)(n * n));
    pv->kE = _mag_vec_init((slong)(n * n));
    pv->kF = _mag_vec_init((slong)(n * n));
    pv->c = _arb_vec_init((slong)n);
    pv->s = _arb_vec_init((slong)n);
    pv->rr = _arb_vec_init((slong)n);
    pv->tmp = _arb_vec_init((slong)n);
    pv->xs = _arb_vec_init((slong)n);
    pv->cw = _arb_vec_init((slong)n);
    pv->cx = _arb_vec_init((slong)pv->nc);
    pv->vs = _arb_vec_init((slong)(pv->nc * (C1_ORDER + 1)));
    pv->vr = _arb_vec_init((slong)(n * n));
    arb_mat_init(pv->B, (slong)n, (slong)n);
    arb_mat_init(pv->A, (slong)n, (slong)n);
    arb_mat_init(pv->J, (slong)n, (slong)n);
    arb_mat_init(pv->Q, (slong)n, (slong)n);
    arb_mat_init(pv->Qi, (slong)n, (slong)n);
    arb_mat_init(pv->M1, (slong)n, (slong)n);
    arb_mat_init(pv->M2, (slong)n, (slong)n);
    arb_mat_init(pv->B2, (slong)n, (slong)n);
    arb_mat_init(pv->FA1, (slong)n, (slong)n);
    arb_mat_init(pv->FA2, (slong)n, (slong)n);
    pv->fc = _arb_vec_init((slong)n);
    pv->gv = _arb_vec_init((slong)n);
    pv->gw = _arb_vec_init((slong)n);
    pv->r2 = _arb_vec_init((slong)n);
    pv->xt = _arb_vec_init((slong)n);
    mag_init(pv->D);
    pv->qm = nhref_vec_new(n * n, pv->prec);
    pv->qorder = malloc(n * sizeof *pv->qorder);
    pv->qw = malloc(n * sizeof *pv->qw);
    pv->kw = malloc((n ? n : 1) * sizeof *pv->kw);
    pv->qe = malloc((n ? n : 1) * sizeof *pv->qe);
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
        pv->qm != NULL && pv->qorder != NULL && pv->qw != NULL && pv->kw != NULL && pv->qe != NULL &&
                pv->perm != NULL && pv->xm != NULL
            ? NHREF_OK
            : NHREF_ENOMEM;
    if (status == NHREF_OK)
        status = nhref_tape_linearize(&pv->lin, rhs, n);
    if (status == NHREF_OK)
        status = nhref_system_workspace_arb(&pv->wm, sys, rhs, pv->prec, pv->N, 1);
    if (status == NHREF_OK)
        status = nhref_tails_arb_new(&pv->tw, pv->wm);
    if (status == NHREF_OK)
        status = nhref_system_workspace_arb(&pv->wc, sys, pv->lin, C1_PREC, C1_ORDER, 1);
    if (status == NHREF_OK)
        status = nhref_tails_arb_new(&pv->twc, pv->wc);
    if (status == NHREF_OK)
        status = nhref_system_workspace_arb(&pv->wcp, sys, pv->lin, C1_PREC, 0, 1);
    if (status == NHREF_OK && nhref_system_integral_tape(sys) != NULL)
        status = nhref_system_workspace_arb(&pv->wi, sys, nhref_system_integral_tape(sys),
                                            pv->prec, 0, 0);
    /* the integrals' gradients, for their mean-value form on Lohner's set
     * (nhref_proven_integrals); without them (a tape that cannot be differentiated) the
     * integrals are evaluated on the hull */
    if (status == NHREF_OK && pv->wi != NULL) {
        const nhref_tape_t *it = nhref_system_integral_tape(sys);
        size_t ni = nhref_tape_nout(it);
        pv->gt = calloc(ni ? ni : 1, sizeof *pv->gt);
        pv->wg = calloc(ni ? ni : 1, sizeof *pv->wg);
        if (pv->gt == NULL || pv->wg == NULL)
            status = NHREF_ENOMEM;
        pv->ni = ni;
        for (size_t j = 0; status == NHREF_OK && j < ni; j++) {
            if (nhref_tape_gradient(&pv->gt[j], it, j) != NHREF_OK ||
                nhref_system_workspace_arb(&pv->wg[j], sys, pv->gt[j], pv->prec, 0, 0) !=
                    NHREF_OK) {
                /* no mean-value form: the hull only */
                for (size_t i = 0; i <= j; i++) {
                    nhref_tape_arb_free(pv->wg[i]);
                    nhref_tape_free(pv->gt[i]);
                }
                free(pv->gt);
                free(pv->wg);
                pv->gt = NULL;
                pv->wg = NULL;
                break;
            }
        }
    }
    pv->gI = _arb_vec_init((slong)(pv->ni + 1));
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
        for (size_t j = 0; status == NHREF_OK && pv->gt != NULL && j < pv->ni; j++)
            nhref_tape_arb_set_params(pv->wg[j], p);
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
        arb_set(pv->r2 + i, pv->r + i);
        arb_set(pv->xh + i, x0 + i);
    }
    arb_mat_one(pv->B);
    arb_mat_one(pv->B2);
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

/* DELTA_i = TOP_i h^ORDER + TAIL_i (i < n): a bound of the defect f(P) - P' of a jet's
 * polynomial P of degree ORDER over the step (TOP: |f_ORDER|, TAIL: the Taylor-model
 * tails, tape/tails_arb.h).  NHREF_ENOCONV where one is not finite (a shorter step). */
static int defect(nhref_proven_t *pv, mag_ptr delta, mag_srcptr top, mag_srcptr tail,
                  unsigned order)
{
    mag_pow_ui(pv->zm, pv->zh, order);
    for (size_t i = 0; i < pv->n; i++) {
        mag_mul(delta + i, top + i, pv->zm);
        mag_add(delta + i, delta + i, tail + i);
        if (!mag_is_finite(delta + i))
            return NHREF_ENOCONV;
    }
    return NHREF_OK;
}

/* C = A B for n x n matrices of magnitudes (upper bounds; C apart from A and B) */
static void mag_matmul(mag_ptr C, mag_srcptr A, mag_srcptr B, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            mag_ptr c = C + i * n + j;
            mag_zero(c);
            for (size_t k = 0; k < n; k++)
                mag_addmul(c, A + i * n + k, B + k * n + j);
        }
}

/* The comparison system u' = L u + delta, u(0) = 0, with L = pv->zL >= 0 entrywise and
 * delta >= 0: its solution is nondecreasing, and u(h) = F delta, F = int_0^h e^{L s} ds,
 * bounds |e(tau)| for every tau in [0, h] whenever |e|' <= L |e| + delta and e(0) = 0
 * (Walter's comparison theorem for quasi-monotone systems).
 *
 * comparison_prepare: F (pv->kF, n x n upper bounds) by scaling and squaring.  With the
 * weighted norm ||A||_w = max_i sum_j A_ij w_j / w_i (w_i = max(1, |m_i|); submultiplicative,
 * and B_ij <= ||B||_w w_i / w_j for B >= 0) and lambda = h ||L||_w, at t = h / 2^s with
 * lambda(t) = lambda / 2^s <= 1/2: E_t = sum_{k<=K} (tL)^k / k! and F_t = t sum_{k<=K}
 * (tL)^k / (k + 1)!, each plus the rest 2 lambda(t)^(K+1) / (K + 1)! w_i / w_j entrywise
 * (a series of ratio <= lambda(t) / (K + 2) < 1/2); then s times F_2t = F_t + E_t F_t and
 * E_2t = E_t^2 (sums and products of nonnegative matrices rounded up).  Cost: (K + 2 s)
 * n^3 magnitude multiply-adds; the series of the vector it replaces took 2 k n^2 per call
 * with k up to 400 (cbv P5: 17 calls a step, k = 54 on average).  NHREF_ENOCONV when
 * lambda > LAMBDA_MAX (a shorter step).  lambda bounds the growth e^{hL} only in this
 * norm, which can overstate the Perron root of hL by far (cbv P5: 141 of its steps were
 * refused at lambda > 150, the bound then used before the squaring): F itself decides,
 * through the tests that use it. */
static int comparison_prepare(nhref_proven_t *pv)
{
    size_t n = pv->n, nn = n * n;
    double lambda = 0, lt, c, *w = pv->kw;
    mag_ptr A = pv->kA, P = pv->kP, T = pv->kT, E = pv->kE, F = pv->kF;
    unsigned s = 0, K;

    for (size_t i = 0; i < n; i++)
        w[i] = fmax(1, abs_ub(pv->m + i));
    for (size_t i = 0; i < n; i++) {
        double row = 0;
        for (size_t j = 0; j < n; j++)
            row += mag_get_d(pv->zL + i * n + j) * w[j];
        lambda = fmax(lambda, row / w[i]);
    }
    lambda *= mag_get_d(pv->zh);
    if (!(lambda <= LAMBDA_MAX))
        return NHREF_ENOCONV;
    while (ldexp(lambda, -(int)s) > 0.5)
        s++;
    lt = ldexp(lambda, -(int)s);
    /* K: the rest below 1e-18 (at most 20 terms) */
    for (K = 1; K < 20 && pow(lt, K + 1) / tgamma(K + 2) > 1e-18; K++)
        ;
    c = 1.01 * 2 * pow(lt, K + 1) / tgamma(K + 2); /* 1.01: the doubles' roundings */
    /* A = t L, P = A^k / k!, E = sum P, F = sum P / (k + 1) (times t below) */
    mag_mul_2exp_si(pv->zm, pv->zh, -(slong)s);
    for (size_t q = 0; q < nn; q++) {
        mag_mul(A + q, pv->zL + q, pv->zm);
        if (q / n == q % n) {
            mag_one(P + q);
            mag_one(E + q);
            mag_one(F + q);
        } else {
            mag_zero(P + q);
            mag_zero(E + q);
            mag_zero(F + q);
        }
    }
    for (unsigned k = 1; k <= K; k++) {
        mag_matmul(T, P, A, n);
        mag_set_ui(pv->zm, k);
        for (size_t q = 0; q < nn; q++) {
            mag_div(P + q, T + q, pv->zm);
            mag_add(E + q, E + q, P + q);
        }
        mag_set_ui(pv->zm, k + 1);
        for (size_t q = 0; q < nn; q++) {
            mag_div(T + q, P + q, pv->zm);
            mag_add(F + q, F + q, T + q);
        }
    }
    mag_mul_2exp_si(pv->zm, pv->zh, -(slong)s);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            mag_set_d(pv->D, c * w[i] / w[j]);
            mag_add(E + i * n + j, E + i * n + j, pv->D);
            mag_add(F + i * n + j, F + i * n + j, pv->D);
            mag_mul(F + i * n + j, F + i * n + j, pv->zm);
        }
    for (unsigned r = 0; r < s; r++) {
        mag_matmul(T, E, F, n);
        for (size_t q = 0; q < nn; q++)
            mag_add(F + q, F + q, T + q);
        if (r + 1 < s) {
            mag_ptr X = E;
            mag_matmul(T, E, E, n);
            E = T;
            T = X;
        }
    }
    return NHREF_OK;
}

/* U = F DELTA (comparison_prepare's F, for the L and h it was prepared with) */
static void comparison(nhref_proven_t *pv, mag_ptr u, mag_srcptr delta)
{
    size_t n = pv->n;
    for (size_t i = 0; i < n; i++) {
        mag_zero(u + i);
        for (size_t j = 0; j < n; j++)
            mag_addmul(u + i, pv->kF + i * n + j, delta + j);
    }
}

/* X = c_0 +- sum_{k=1..DEG} |c_k| h^k (h: pv->zh), at C1_PREC: a ball that holds the
 * polynomial sum c_k tau^k for every tau in [0, h] */
static void poly_range(nhref_proven_t *pv, arb_ptr x, arb_srcptr c, unsigned deg)
{
    mag_zero(pv->zm);
    for (unsigned k = deg; k >= 1; k--) {
        arb_get_mag(pv->D, c + k);
        mag_mul(pv->zm, pv->zm, pv->zh);
        mag_add(pv->zm, pv->zm, pv->D);
    }
    mag_mul(pv->zm, pv->zm, pv->zh);
    arb_set_round(x, c, C1_PREC);
    arb_add_error_mag(x, pv->zm);
}

/* E += 2^-(C1_PREC / 2) max(1, |Y|): a candidate is never 0 (the bootstrap needs u < E
 * strictly, and u = 0 where a component is constant) */
static void tube_margin(nhref_proven_t *pv, mag_t E, arb_srcptr Y)
{
    arb_get_mag(pv->D, Y);
    if (mag_cmp_2exp_si(pv->D, 0) < 0)
        mag_one(pv->D);
    mag_mul_2exp_si(pv->D, pv->D, -(slong)(C1_PREC / 2));
    mag_add(E, E, pv->D);
}

/* |df/dx| over the piece PIECE of the step (of TUBE_PIECES): the box Omega_s = hull(range
 * of X, range of P over tau in [s h / S, (s + 1) h / S]) +- E, at the times t + that
 * piece; column j of the variational tape at (Omega_s, e_j).  Its magnitudes go into
 * pv->zL (PIECE 0) or raise it entrywise (the others): L bounds |df/dx| along the whole
 * step.  Cutting the step narrows each box S times, and with it the ball evaluation's
 * overestimate of df/dx (first order in the box's width) and the reach of the box into
 * the model's singular set.  NHREF_ENOCONV where the tape is undefined or not finite over
 * a piece (a shorter step). */
static int tube_piece(nhref_proven_t *pv, unsigned piece)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    const unsigned M = C1_ORDER;
    arb_ptr ts = pv->w1, w = pv->w2;
    int status;

    /* ts = [s, s + 1] h / S, ends outward (the pieces overlap and cover [0, h^]) */
    arb_set_ui(ts, 2 * piece + 1);
    mag_set_ui(pv->zm, 1);
    arb_add_error_mag(ts, pv->zm);
    arb_mul_arf(ts, ts, arb_midref(pv->h), C1_PREC);
    mag_mul(pv->zm, pv->zm, arb_radref(pv->h));
    mag_mul_ui(pv->zm, pv->zm, 2 * piece + 2);
    arb_add_error_mag(ts, pv->zm);
    arb_div_ui(ts, ts, 2 * TUBE_PIECES, C1_PREC);
    arb_nonnegative_part(ts, ts);
    /* P's range over the piece: Horner on its terms up to degree K = min(N, M), and
     * sum_{k>K} |P_k| T^k (T >= tau; pv->cbar, tube) for the rest, whose share is far
     * below the box's own width: the degree-N Horner on balls cost a tenth of a step */
    {
        unsigned K = N < M ? N : M;
        mag_ptr T = pv->zm, tail = pv->D;
        arb_get_mag(T, ts);
        for (size_t i = 0; i < n; i++) {
            mag_srcptr cb = pv->cbar + i * (N + 1);
            horner(pv->cx + i, pv->vs + i * (M + 1), 1, M, ts, C1_PREC);
            arb_add_error_mag(pv->cx + i, pv->zE + i);
            horner(w, pv->cm + i * (N + 1), 1, K, ts, C1_PREC);
            if (K < N) {
                mag_set(tail, cb + N);
                for (unsigned k = N; k-- > K + 1;) {
                    mag_mul(tail, tail, T);
                    mag_add(tail, tail, cb + k);
                }
                for (unsigned k = 0; k <= K; k++)
                    mag_mul(tail, tail, T);
                arb_add_error_mag(w, tail);
            }
            arb_union(pv->cx + i, pv->cx + i, w, C1_PREC);
        }
    }
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++)
            arb_set_si(pv->cx + n + j * n + i, i == j);
    arb_add(ts, pv->t, ts, C1_PREC);
    status = nhref_tape_arb_eval(pv->aout, pv->wcp, ts, pv->cx);
    if (status != NHREF_OK)
        return status == NHREF_EDOMAIN ? NHREF_ENOCONV : status;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            mag_ptr l = pv->zL + i * n + j;
            arb_get_mag(pv->D, pv->aout + n + j * n + i);
            if (!mag_is_finite(pv->D))
                return NHREF_ENOCONV;
            if (piece == 0 || mag_cmp(pv->D, l) > 0)
                mag_swap(l, pv->D);
        }
    return NHREF_OK;
}

/* The set's tube over the step of size H (a ball; [0, h_hi] is what it covers): the
 * Taylor coefficients X_k of every solution through the start box xh and of its
 * variational matrix V (V(0) = I), k <= M = C1_ORDER (the variational tape's jet at
 * (t, xh, I), C1_PREC bits; its balls hold every start point's coefficients), and a
 * bound u of |x(t + tau) - X(tau)| over the step for every solution (X its own
 * polynomial); then Yh = range of X over [0, h] +- u holds every solution over the step,
 * and pv->zL bounds |df/dx| at every time of the step over the boxes Omega_s that hold
 * X, the solutions and the point jet's polynomial P there (tube_piece; point_remainder
 * and jacobian use it).
 *
 * e = x - X satisfies e' = f(t, X + e) - f(t, X) + d, |d| <= delta = |f_M| h^M + R (the
 * Taylor-model tails of the variational tape's jet, tape/tails_arb.h), and |e|' <= L |e|
 * + delta with L >= |df/dx| over any convex box holding X(tau) and x(tau); so u =
 * comparison(0, delta) holds if L is the maximum over the pieces s of the step of
 * |df/dx| over Omega_s(E) = hull(X(piece), P(piece)) +- E for some E > u (a bootstrap:
 * while |e| < E the bound applies, and it keeps |e| <= u < E).  The candidate E starts at twice the series' h delta and is replaced by 2 u up to
 * MAX_INFLATE times.  No Taylor coefficient over a box as wide as the motion enters
 * (those held the validated step far below the Taylor step: docs/proven.md).
 * Returns NHREF_OK, NHREF_ENOCONV when it cannot be validated with this h (the caller
 * shortens it), or a status of the jets. */
static int tube(nhref_proven_t *pv)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    const unsigned M = C1_ORDER;
    long p = pv->prec;
    arb_ptr w = pv->w1;
    int status;

    /* T = [t, t + h], tau = [0, h] */
    zero_to(pv->tau, pv->h, pv->f1, pv->f2, p);
    arb_add(pv->T, pv->t, pv->tau, p);
    arb_get_mag(pv->zh, pv->h);
    /* the jet at (t, xh, I) and its tails */
    for (size_t i = 0; i < n; i++)
        arb_set_round(pv->cx + i, pv->xh + i, C1_PREC);
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++)
            arb_set_si(pv->cx + n + j * n + i, i == j);
    status = nhref_tape_arb_ode_jet(pv->wc, pv->t, pv->cx, M);
    if (status != NHREF_OK)
        return status == NHREF_EDOMAIN ? NHREF_ENOCONV : status;
    for (size_t k = 0; k < pv->nc; k++)
        _arb_vec_set(pv->vs + k * (M + 1), nhref_tape_arb_state_series(pv->wc, k), (slong)M + 1);
    status = nhref_tails_arb_eval(pv->twc, pv->wc, M, pv->zh, NULL, pv->ct, pv->ctop);
    if (status != NHREF_OK)
        return status == NHREF_EDOMAIN ? NHREF_ENOCONV : status;
    status = defect(pv, pv->zd, pv->ctop, pv->ct, M);
    if (status != NHREF_OK)
        return status;
    /* the ranges of X (into Y) and of the point polynomial, their hull (into Yh) */
    for (size_t i = 0; i < n; i++) {
        poly_range(pv, pv->Y + i, pv->vs + i * (M + 1), M);
        poly_range(pv, w, pv->cm + i * (N + 1), N);
        arb_union(pv->Yh + i, w, pv->Y + i, C1_PREC);
        /* the first candidate E: 2 h delta, and a margin of the box's own size */
        mag_mul(pv->zE + i, pv->zd + i, pv->zh);
        mag_mul_2exp_si(pv->zE + i, pv->zE + i, 1);
        tube_margin(pv, pv->zE + i, pv->Yh + i);
    }
    /* |P_k| above degree M, for the ranges of P over the pieces (tube_piece) */
    for (size_t i = 0; i < n; i++)
        for (unsigned k = M + 1; k <= N; k++)
            arb_get_mag(pv->cbar + i * (N + 1) + k, pv->cm + i * (N + 1) + k);
    for (int attempt = 0;; attempt++) {
        int inside = 1;
        /* L = max over the pieces of |df/dx| over Omega_s(E) */
        for (unsigned piece = 0; piece < TUBE_PIECES; piece++) {
            status = tube_piece(pv, piece);
            if (status != NHREF_OK)
                return status;
        }
        status = comparison_prepare(pv);
        if (status != NHREF_OK)
            return status;
        comparison(pv, pv->zu, pv->zd);
        for (size_t i = 0; i < n; i++)
            if (!(mag_cmp(pv->zu + i, pv->zE + i) < 0))
                inside = 0;
        if (inside)
            break;
        if (attempt + 1 == MAX_INFLATE)
            return NHREF_ENOCONV;
        for (size_t i = 0; i < n; i++) {
            mag_mul_2exp_si(pv->zE + i, pv->zu + i, 1);
            tube_margin(pv, pv->zE + i, pv->Yh + i);
        }
    }
    /* Omega (kept in cx's first n balls for jacobian), and Yh = range X +- u */
    for (size_t i = 0; i < n; i++) {
        arb_set(pv->Yh + i, pv->Y + i);
        arb_add_error_mag(pv->Yh + i, pv->zu + i);
        mag_set(pv->zux + i, pv->zu + i);
    }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the remainder */
/* The remainder of the point solution: z_i >= |x_i(t + tau) - P_i(tau)| for every tau in
 * [0, h], x the solution through m and P its Taylor polynomial of degree N (the point
 * jet cm), into pv->z (balls 0 +- z_i).  Needs the point jet (point_jet) and the
 * set's tube (tube).
 *
 * e = x - P satisfies e' = f(t, P + e) - f(t, P) + d, d = f(t, P) - P' = f_N tau^N + the
 * tail of f along P, |d_i| <= delta_i = |f_N,i| h^N + R_i (R the Taylor-model tails of
 * the jet, tape/tails_arb.h: bounded from polynomial ranges, not from Taylor
 * coefficients over a box).  By the mean value theorem on the segment from P(tau) to
 * x(tau), which lies in tube's box Omega_s of tau's piece (it holds X(tau) +- u and
 * P(tau)), f_i(t, P + e) - f_i(t, P) = grad f_i(xi) . e with |df_i/dx_j| <= L_ij there
 * (pv->zL).  So |e|' <= L |e| + delta componentwise, e(0) = 0, and |e(tau)| <=
 * comparison(0, delta).
 * Source: proofs/rigorous_taylor.md §3; W. Walter, Differential and integral
 * inequalities (1970), §9 (comparison for quasi-monotone systems).
 * Returns NHREF_OK; NHREF_ENOCONV where the tails cannot be bounded for this h (a
 * shorter step); a status of the jet. */
static int point_remainder(nhref_proven_t *pv)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    int status;

    status = nhref_tails_arb_eval(pv->tw, pv->wm, N, pv->zh, NULL, pv->zt, pv->ztop);
    if (status == NHREF_EDOMAIN)
        return NHREF_ENOCONV;
    if (status != NHREF_OK)
        return status;
    status = defect(pv, pv->zd, pv->ztop, pv->zt, N);
    if (status != NHREF_OK)
        return status;
    comparison(pv, pv->zu, pv->zd); /* tube prepared it for this L and h */
    for (size_t i = 0; i < n; i++) {
        arb_zero(pv->z + i);
        if (pv->remainder_scale != 1.0) {
            mag_set_d(pv->zm, pv->remainder_scale);
            mag_mul(pv->zu + i, pv->zu + i, pv->zm);
        }
        arb_add_error_mag(pv->z + i, pv->zu + i);
    }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the Jacobian */
/* J = an enclosure of the flow's Jacobian at time tau (a ball in [0, h]) for every
 * start point in xh: the variational series to order C1_ORDER at (t, xh, I) at tau,
 * plus the balls vr (jacobian: their radii bound the series' error over the step) */
static void jac_at(nhref_proven_t *pv, arb_mat_t J, arb_srcptr tau)
{
    size_t n = pv->n;
    const unsigned M = C1_ORDER;
    arb_ptr tv = pv->w1; /* TAU may not be it */
    NHREF_ASSERT(tau != tv);
    arb_set_round(tv, tau, C1_PREC);
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < n; i++) {
            arb_ptr e = arb_mat_entry(J, (slong)i, (slong)j);
            horner(e, pv->vs + (n + j * n + i) * (M + 1), 1, M, tv, C1_PREC);
            arb_add(e, e, pv->vr + j * n + i, C1_PREC);
        }
}

/* The error of the variational series over the step (into vr, balls 0 +- e), then J at h.
 *
 * For a start point y0 in xh, V(tau) = dx(t + tau)/dy0 satisfies V' = A(x) V, A = df/dx
 * along its solution x, and its series Q (degree M, the tube's jet at (t, xh, I): its
 * balls hold Q's coefficients) gives E = V - Q with E' = A(x) E + D, D = A(x) Q - Q'.
 * The Taylor-model tails of the variational tape's jet with the state inputs' tails u
 * (tube: |x - X| <= u) bound |D| by |F_M| h^M + R over the step; A's magnitude over tube's
 * Omega (which holds x) is pv->zL, the same for every column of V.  So each column obeys
 * |E_j|' <= L |E_j| + delta_j, E(0) = 0, and |E_j| <= comparison(0, delta_j). */
static int jacobian(nhref_proven_t *pv)
{
    size_t n = pv->n;
    const unsigned M = C1_ORDER;
    int status;

    /* the tails with the states' own: u for x, 0 for V */
    for (size_t k = 0; k < pv->nc; k++)
        mag_zero(pv->cin + k);
    for (size_t i = 0; i < n; i++)
        mag_set(pv->cin + i, pv->zux + i);
    status = nhref_tails_arb_eval(pv->twc, pv->wc, M, pv->zh, pv->cin, pv->ct, pv->ctop);
    if (status != NHREF_OK)
        return status == NHREF_EDOMAIN ? NHREF_ENOCONV : status;
    for (size_t j = 0; j < n; j++) {
        status = defect(pv, pv->zd, pv->ctop + n + j * n, pv->ct + n + j * n, M);
        if (status != NHREF_OK)
            return status;
        comparison(pv, pv->zv2, pv->zd);
        for (size_t i = 0; i < n; i++) {
            arb_zero(pv->vr + j * n + i);
            arb_add_error_mag(pv->vr + j * n + i, pv->zv2 + i);
        }
    }
    jac_at(pv, pv->J, pv->h);
    return arb_mat_is_finite(pv->J) ? NHREF_OK : NHREF_ENOCONV;
}

/* ------------------------------------------------------------------ Lohner's update */
/* Q = an orthonormal basis (to rounding: a point matrix) from the columns of mid(A),
 * taken in the order of |A_j| rad(r_j), by modified Gram-Schmidt in MPFR.  SCALED: of
 * diag(2^-e) mid(A) instead, e_i = round(log2 |m'_i|) where |m'_i| > 1, and Q is then
 * diag(2^e) times that basis (exact: powers of 2): orthogonal in the coordinates x_i /
 * max(1, |x_i|) of the tolerance's measure.  Where the components' scales differ by
 * orders of magnitude (cbcat: M ~ 200 kg m^2/s, gamma ~ 1) the unscaled basis wraps
 * badly: cbcat P1 at D = 40 keeps 20 digits with it, 31 with the scaled one; the two
 * links keep 24.4 with it, 23.1 with the scaled one alone (hence both, lohner_update) */
static void orthonormalise(nhref_proven_t *pv, arb_srcptr r, int scaled)
{
    size_t n = pv->n;
    long p = pv->prec;
    size_t *order = pv->qorder;
    double *w = pv->qw;
    __mpfr_struct *q = pv->qm;
    long *e = pv->qe;

    for (size_t i = 0; i < n; i++) {
        double a = fabs(arf_get_d(arb_midref(pv->xs + i), ARF_RND_NEAR));
        e[i] = scaled && a > 1 && isfinite(a) ? lround(log2(a)) : 0;
    }
    for (size_t j = 0; j < n; j++) {
        double norm = 0;
        order[j] = j;
        for (size_t i = 0; i < n; i++) {
            double a = ldexp(
                arf_get_d(arb_midref(arb_mat_entry(pv->A, (slong)i, (slong)j)), ARF_RND_NEAR),
                -(int)e[i]);
            norm += a * a;
        }
        w[j] = sqrt(norm) * (mag_get_d(arb_radref(r + j)) + 1e-300);
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
        for (size_t i = 0; i < n; i++) {
            arf_get_mpfr(q + i * n + jj, arb_midref(arb_mat_entry(pv->A, (slong)i, (slong)j)),
                         MPFR_RNDN);
            mpfr_mul_2si(q + i * n + jj, q + i * n + jj, -e[i], MPFR_RNDN);
        }
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
            arf_mul_2exp_si(arb_midref(arb_mat_entry(pv->Q, (slong)i, (slong)j)),
                            arb_midref(arb_mat_entry(pv->Q, (slong)i, (slong)j)), e[i]);
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

/* One of the two representations m + B r of the set (B, R: its basis and box; SCALED:
 * its row scaling, orthonormalise), moved over the step: A = J B, B' = Q, r' = (Q^-1 A) r
 * + Q^-1 s about the new midpoint m' (in xs, s = c - m'); its hull m' + B' r' and the
 * direct enclosure c + A r are intersected into xh (FIRST: xh is set, not intersected).
 * NHREF_ENOCONV where Q is not proven invertible or the hull is not finite. */
static int lohner_move(nhref_proven_t *pv, arb_mat_t B, arb_ptr r, int scaled, int first)
{
    size_t n = pv->n;
    long p = pv->prec;

    arb_mat_mul(pv->A, pv->J, B, p);
    /* the direct enclosure m' + s + A r, kept to intersect with */
    mat_vec(pv->cw, pv->A, r, n, p);
    for (size_t i = 0; i < n; i++)
        arb_add(pv->cw + i, pv->cw + i, pv->c + i, p);
    /* B' = Q, r' = (Q^-1 A) r + Q^-1 s */
    orthonormalise(pv, r, scaled);
    if (!qr_inverse(pv))
        return NHREF_ENOCONV;
    arb_mat_mul(pv->M1, pv->Qi, pv->A, p);
    mat_vec(pv->rr, pv->M1, r, n, p);
    mat_vec(pv->tmp, pv->Qi, pv->s, n, p);
    for (size_t i = 0; i < n; i++)
        arb_add(pv->rr + i, pv->rr + i, pv->tmp + i, p);
    /* r = r', B = Q by exchange, not copy (no mantissa is reallocated): rr and Q are
     * written in full before they are read again */
    _arb_vec_swap(r, pv->rr, (slong)n);
    arb_mat_swap(B, pv->Q);
    /* the hull: m' + B r, intersected with the direct enclosure (and the other
     * representation's: each contains the set) */
    mat_vec(pv->tmp, B, r, n, p);
    for (size_t i = 0; i < n; i++) {
        arb_add(pv->tmp + i, pv->tmp + i, pv->xs + i, p);
        if (arb_overlaps(pv->tmp + i, pv->cw + i))
            arb_intersection(pv->tmp + i, pv->tmp + i, pv->cw + i, p);
        /* the first representation's hull, or the narrower of the two (no intersection:
         * it would allocate, and one of the two is usually far the narrower) */
        if (first || mag_cmp(arb_radref(pv->tmp + i), arb_radref(pv->xh + i)) < 0)
            arb_swap(pv->xh + i, pv->tmp + i);
        if (!arb_is_finite(pv->xh + i))
            return NHREF_ENOCONV;
    }
    return NHREF_OK;
}

/* the new state from c = P(m) + z and J: both representations moved (lohner_move), the
 * hull their intersection */
static int lohner_update(nhref_proven_t *pv)
{
    size_t n = pv->n;
    long p = pv->prec;
    int status;

    pv->fkind = 0; /* the last row's form no longer matches the set */
    /* m' = mid(c), s = c - m' */
    for (size_t i = 0; i < n; i++) {
        arb_get_mid_arb(pv->xs + i, pv->c + i);
        arb_sub(pv->s + i, pv->c + i, pv->xs + i, p);
    }
    status = lohner_move(pv, pv->B, pv->r, 0, 1);
    if (status == NHREF_OK)
        status = lohner_move(pv, pv->B2, pv->r2, 1, 0);
    /* m = m' by exchange */
    _arb_vec_swap(pv->m, pv->xs, (slong)n);
    return status;
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
    NHREF_ASSERT(pv->wc != NULL && pv->twc != NULL);
    pv->shrink = 0.5;
    status = tube(pv);
    if (status != NHREF_OK)
        return status;
    /* the remainder of the point solution over the step (point_remainder) */
    status = point_remainder(pv);
    if (status != NHREF_OK)
        return status;
    for (size_t i = 0; i < n; i++) {
        zmax = fmax(zmax, abs_ub(pv->z + i));
        scale = fmax(scale, abs_ub(pv->m + i));
    }
    /* step-size control on the remainder itself: the step may leave a remainder above
     * the target 10^-(D + GUARD_DIGITS) max(1, |m|) (the tails grow like h^(N+1), the Jacobian's
     * magnitude over the step with the box): then a shorter step */
    tol = pow(10, -(pv->digits + GUARD_DIGITS)) * scale;
    if (!(zmax <= tol)) {
        double f = isfinite(zmax) ? 0.9 * pow(tol / zmax, 1.0 / (N + 1)) : 0.5;
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
            rn = fmax(rn, fmin(abs_ub(pv->r + k), abs_ub(pv->r2 + k)));
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
    /* step-size control on the polynomial's own width: the point jet's coefficient
     * balls widen with the order, and over a long step sum_k rad(x_k) h^k can exceed
     * the tolerance even where the remainder does not (dense rows inside the step are
     * at most as wide): then a shorter step */
    for (size_t i = 0; i < n; i++) {
        horner(pv->c + i, pv->cm + i * (N + 1), 1, N, pv->h, p);
        if (!(mag_get_d(arb_radref(pv->c + i)) <= tol)) {
            pv->shrink = 0.5;
            return NHREF_ENOCONV;
        }
        arb_add(pv->c + i, pv->c + i, pv->z + i, p);
    }
    return NHREF_OK;
}

/* X = the enclosure at time t + TAU (TAU a ball within [0, h]) of every solution
 * through the step's start set m + B r, in Lohner's form: c(tau) + (J(tau) B) r with
 * c(tau) = P_m(tau) +- z (point_remainder: z bounds the remainder over [0, h]) and J(tau)
 * the Jacobian enclosure at tau (jac_at).  Dense output: no new Taylor jet. */
static void dense_row(nhref_proven_t *pv, arb_ptr x, arb_srcptr tau)
{
    size_t n = pv->n;
    unsigned N = pv->N;
    long p = pv->prec;
    NHREF_ASSERT(!arb_is_negative(tau)); /* a time within the step, not before it */
    NHREF_ASSERT(tau != pv->w1);         /* jac_at takes w1 */
    for (size_t i = 0; i < n; i++) {
        horner(x + i, pv->cm + i * (N + 1), 1, N, tau, p);
        arb_add(x + i, x + i, pv->z + i, p); /* z bounds the remainder over [0, h] */
    }
    jac_at(pv, pv->M2, tau);
    /* + J(tau) B r for each representation of the set, the narrower; the form is kept
     * for the integrals of the row (fc, FA1, FA2) */
    arb_mat_mul(pv->FA2, pv->M2, pv->B2, p);
    mat_vec(pv->xt, pv->FA2, pv->r2, n, p);
    arb_mat_mul(pv->FA1, pv->M2, pv->B, p);
    mat_vec(pv->tmp, pv->FA1, pv->r, n, p);
    if (pv->gt != NULL) {
        _arb_vec_set(pv->fc, x, (slong)n);
        pv->fkind = 1;
        pv->fx = x;
    }
    for (size_t i = 0; i < n; i++) {
        arb_add(pv->xt + i, x + i, pv->xt + i, p);
        arb_add(x + i, x + i, pv->tmp + i, p);
        if (mag_cmp(arb_radref(pv->xt + i), arb_radref(x + i)) < 0)
            arb_swap(x + i, pv->xt + i); /* the narrower */
    }
}

/* ------------------------------------------------------------------ events */
/* G = the model's event functions at time T (ball) and state X (box) */
static void events_at(nhref_proven_t *pv, arb_ptr g, arb_srcptr t, arb_srcptr x)
{
    nhref_tape_arb_eval(g, pv->we, t, x);
}

/* X = an enclosure of the states at times t + I for every solution through the step's
 * start set, I a sub-ball of [0, h]: the dense row at the time ball I (Lohner's form
 * P_m(I) +- z + J(I) B r, with J(I) enclosing the flow's Jacobian at every time
 * of I) */
static void state_on(nhref_proven_t *pv, arb_ptr x, arb_srcptr I)
{
    dense_row(pv, x, I);
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
    if (x == pv->xh) {
        pv->fkind = 2; /* the state itself: m + B r, m + B2 r2 */
        pv->fx = x;
    }
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
    pv->fkind = 0;
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
    size_t n = pv->n, nx = pv->nx;
    long p = pv->prec;
    arb_ptr c = pv->gw, I0 = pv->gI;

    if (pv->wi == NULL)
        return NHREF_EINVAL;
    nhref_tape_arb_eval(I, pv->wi, t, x); /* indeterminate where an integral is undefined */
    if (pv->gt == NULL || pv->fkind == 0 || x != pv->fx)
        return NHREF_OK;
    /* The mean-value form on Lohner's set: for y in the set, y = c~ + A~ r~ (c~ in fc, A~
     * in the representation's matrix, r~ in its box) and, for the point c^ = mid(fc) in
     * the hull X (0 is in r), I_k(y) = I_k(c^) + grad I_k(xi) (y - c^) with xi on the
     * segment [c^, y], in the convex X: so I_k(y) is in I_k(t, c^) + G_k (fc - c^) +
     * (G_k A) r, G_k = grad I_k over (t, X).  The product G_k A is formed first: it is
     * narrow where the integral is conserved along the set's directions, where the
     * hull's evaluation adds every state's radius.  The narrowest of the three is kept. */
    for (size_t i = 0; i < nx; i++)
        arb_get_mid_arb(c + i, pv->fkind == 1 ? pv->fc + i : pv->m + i);
    nhref_tape_arb_eval(I0, pv->wi, t, c);
    for (size_t k = 0; k < pv->ni; k++) {
        arb_ptr g = pv->gv; /* the gradient of I_k over (t, X) */
        if (nhref_tape_arb_eval(g, pv->wg[k], t, x) != NHREF_OK)
            continue; /* undefined somewhere in X: the hull's value stays */
        for (int rep = 0; rep < 2; rep++) {
            const arb_mat_struct *A = rep == 0 ? (pv->fkind == 1 ? pv->FA1 : pv->B)
                                               : (pv->fkind == 1 ? pv->FA2 : pv->B2);
            arb_srcptr r = rep == 0 ? pv->r : pv->r2;
            arb_ptr v = pv->w1, e = pv->w2;
            /* v = I_k(c^) + G (fc - c^) */
            arb_set(v, I0 + k);
            if (pv->fkind == 1)
                for (size_t i = 0; i < nx; i++) {
                    arb_sub(e, pv->fc + i, c + i, p);
                    arb_addmul(v, g + i, e, p);
                }
            /* + sum_j (sum_i G_i A_ij) r_j */
            for (size_t j = 0; j < n; j++) {
                arb_zero(e);
                for (size_t i = 0; i < nx; i++)
                    arb_addmul(e, g + i, arb_mat_entry(A, (slong)i, (slong)j), p);
                arb_addmul(v, e, r + j, p);
            }
            if (arb_is_finite(v) && (!arb_is_finite(I + k) ||
                                     mag_cmp(arb_radref(v), arb_radref(I + k)) < 0))
                arb_swap(I + k, v);
        }
    }
    return NHREF_OK;
}
