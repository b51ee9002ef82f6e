/* sleigh.c -- closed-form oracle of the Chaplygin sleigh (see oracle_sleigh.h).
 *
 * Every formula is from shared/models/chaplygin-sleigh.md ("the spec"), coded
 * directly in MPFR.  Notation of the spec: p = (m, J, a), IA = J + m a^2,
 * rho = sqrt(IA/m), s = (x, y, phi, v, omega), z = x + i y.
 *
 * Branches of the closed form (spec §5.1):
 *   1. omega0 = 0 (any a): v = v0, omega = 0, phi = phi0, z = z0 + v0 t e^{i phi0}.
 *   2. a = 0, omega0 != 0: uniform circle, phi = phi0 + omega0 t and
 *      z = z0 + (2 v0/omega0) sin(omega0 t/2) e^{i (phi0 + omega0 t/2)}
 *      (the spec's x0 + (v0/omega0)(sin phi - sin phi0), y0 - (v0/omega0)(cos phi -
 *      cos phi0), rewritten with sum-to-product identities: no cancellation at small t).
 *   3. a != 0, omega0 != 0: the tanh law.  c = sqrt(v0^2 + rho^2 omega0^2),
 *      sigma = sign(omega0), Omega = a c / rho^2, tau0 = asinh(v0/(rho|omega0|)),
 *      tau = tau0 + Omega t, v = c tanh(tau), omega = sigma (c/rho) sech(tau),
 *      beta = sigma rho / a, phi = phi0 + 2 beta atan(sinh((tau - tau0)/2) /
 *      cosh((tau + tau0)/2)), and z by quadrature (below).
 *
 * Positions in branch 3 (spec §5.3).  With dt = dtau / Omega and c / Omega = rho^2/a,
 *
 *     z(t) - z0 = (rho^2/a) S,   S = int_{tau0}^{tau} f(u) du,
 *     f(u) = tanh(u) exp(i phi(u)),  phi(u) = phioff + beta gd(u),
 *     gd(u) = atan(sinh u),  phioff = phi0 - beta gd(tau0).
 *
 * S is computed by composite n-point Gauss–Legendre quadrature on panels in u,
 * plus exact straight-line tails for |u| > tauc.  The error analysis:
 *
 * (a) Analyticity.  For u = x + i y: |Im gd(u)| = artanh(sech(x) sin|y|) and
 *     |tanh(u)|^2 = (cosh 2x - cos 2y)/(cosh 2x + cos 2y) <= 1 when |y| <= pi/4.
 *     f is analytic for |y| < pi/2 (the nearest singularities of tanh and gd
 *     are at u = +-i pi/2); with k = |beta| >= 1, on any region where
 *     |y| <= ymax(d) = min(pi/4, asin(min(1, tanh(1/k) cosh d))) and |x| >= d,
 *     |f| <= exp(k artanh(sech(d) sin ymax)) <= e.
 *     So near u = 0 the usable half-width is about 1/k in u, i.e. about
 *     rho/c in t (the rotation time scale, <= 1/|Omega|), and it widens to
 *     pi/4 in u (about 1/|Omega| in t) as the heading settles.
 *     Far out, f has no singularity at all: for |x| >= d > 0 and every y,
 *     |tanh u| <= coth d and |Im gd(u)| = artanh(sech(x) |sin y|) (from
 *     gd(u) = pi/2 - 2 atan(e^{-u}) for x > 0, and its mirror for x < 0).
 *     So on |x| >= dfar = max(1, acosh(coth(1/k))), where sech(x) <= tanh(1/k),
 *     |f| <= e coth(1) < 1.32 e whatever the height of the region.
 * (b) Bernstein-ellipse bound (Trefethen, Approximation Theory and
 *     Approximation Practice, Thm 19.3): if g is analytic in the open ellipse
 *     E_r with foci -1, 1 and |g| <= M there, the n-point Gauss rule on [-1, 1]
 *     errs by at most (64/15) M r^{-2n} / (r^2 - 1).  A panel [p, q] of length
 *     H is mapped by u = (p + q)/2 + (H/2) s; E_r is mapped to an ellipse of
 *     half-height (H/2) b_r, b_r = (r - 1/r)/2, and half-length (H/2) a_r,
 *     a_r = (r + 1/r)/2.  Each panel is chosen (in double, with a 0.1% safety
 *     margin) so that either (H/2) b_r <= ymax(d), d = distance from 0 of the
 *     real extent of its ellipse, or that real extent lies in |x| >= dfar
 *     (there panels grow geometrically: O(log) panels cover the tail).  Then
 *     M <= 1.32 e and the panel errs by at most (H/2) (64/15) 1.32 e r^{-2n} /
 *     (r^2 - 1) in S.  Summed over the panels (sum H/2 = |Delta u|/2 =
 *     |Omega| |t|/2) and multiplied by rho^2/|a|:
 *     |error of z| <= (32/15) 1.32 e c |t| r^{-2n} / (r^2 - 1)
 *                  <= 6.2 c |t| r^{-2n}   for r >= 1.5.
 * (c) Choice of n and r.  n = ceil((prec + 35) / 4) nodes are computed once in
 *     _new; r = max(1.5, 2^((prec + 27) / (2n))) (about 3.5) makes the bound
 *     <= 2^-(prec + 24.3) c |t|: prec + 24 bits relative to the natural scale
 *     c |t| >= |z - z0|, and better than prec + 24 bits absolute when c |t| < 1.
 * (d) Tails.  For u >= tauc, |f(u) - e^{i phi(+inf)}| <= 2 e^{-2u} + 2 k e^{-u}
 *     (tanh u = 1 - O(e^{-2u}), pi/2 - gd(u) = 2 atan(e^{-u}) <= 2 e^{-u}); its
 *     integral beyond tauc is <= (1 + 2k) e^{-tauc}.  With
 *     tauc = (prec + 26) ln 2 + ln((rho^2/|a|)(1 + 2k)), replacing f by its
 *     limit there errs by <= 2^-(prec + 26) in z; u <= -tauc likewise.  This
 *     also keeps sinh(u) far inside MPFR's exponent range for any |t|.
 * (e) Round-off.  Arithmetic is carried at prec + 48 + log2(k) bits: phi ~ k
 *     then has absolute error ~2^-(prec + 46), and the N n terms of the sums,
 *     each |term| <= weight * H/2, add up to a relative error of ~N n
 *     2^-(prec + 48) of |Delta u|, far below the 2^-(prec + 24) target for any
 *     practical N n (< 2^20).
 */
#include <math.h>
#include <stdlib.h>

#include <mpfr.h>

#include "nhref_oracle.h"
#include "oracle_sleigh.h"
#include "nhref_status.h"
#include "oracle_internal.h"

#define SLEIGH_GUARD 48                     /* guard bits of the internal precision */
#define SLEIGH_MAX_PANELS ((size_t)1 << 26) /* refuse longer quadratures */

enum { BRANCH_LINE = 1, BRANCH_CIRCLE = 2, BRANCH_TANH = 3 };

struct nhref_oracle_sleigh {
    mpfr_prec_t prec;  /* output precision requested */
    mpfr_prec_t wprec; /* internal precision */
    int branch;
    mpfr_t x0, y0, phi0, v0, omega0;
    mpfr_t r0;     /* branch 2: v0 / omega0 */
    mpfr_t c;      /* branch 3: limiting speed sqrt(v0^2 + rho^2 omega0^2) */
    mpfr_t cr;     /* sigma c / rho: omega = cr sech(tau) */
    mpfr_t Omega;  /* a c / rho^2 */
    mpfr_t tau0;   /* asinh(v0 / (rho |omega0|)) */
    mpfr_t beta;   /* sigma rho / a */
    mpfr_t ell;    /* rho^2 / a, the prefactor of z - z0 */
    mpfr_t phioff; /* phi0 - beta gd(tau0) */
    mpfr_t phip;   /* phi(+inf) = phioff + beta pi/2 */
    mpfr_t phim;   /* phi(-inf) = phioff - beta pi/2 */
    double k;      /* |beta| */
    double dfar;   /* f is bounded by 1.32 e on |Re u| >= dfar at any height */
    double tauc;   /* straight-line tails beyond |u| > tauc */
    double ra, rb; /* half-length and half-height of the Bernstein ellipse */
    nhref_oracle_gl_t gl;
};

/* ------------------------------------------------------------------ parameters */

/* Spec §1: m > 0, J >= 0, not J = a = 0, all finite. */
static int sleigh_check_params(mpfr_srcptr p)
{
    int i;

    if (p == NULL)
        return NHREF_EINVAL;
    for (i = 0; i < NHREF_ORACLE_SLEIGH_NPARAM; i++)
        if (!mpfr_number_p(p + i))
            return NHREF_EPARAM;
    if (mpfr_sgn(p + 0) <= 0 || mpfr_sgn(p + 1) < 0)
        return NHREF_EPARAM;
    if (mpfr_zero_p(p + 1) && mpfr_zero_p(p + 2))
        return NHREF_EPARAM;
    return NHREF_OK;
}

static int sleigh_check_state(mpfr_srcptr s)
{
    int i;

    if (s == NULL)
        return NHREF_EINVAL;
    for (i = 0; i < NHREF_ORACLE_SLEIGH_NSTATE; i++)
        if (!mpfr_number_p(s + i))
            return NHREF_EINVAL;
    return NHREF_OK;
}

/* IA = J + m a^2 and rho^2 = IA / m at the precision of the outputs. */
static void sleigh_inertia(mpfr_t ia, mpfr_t rho2, mpfr_srcptr p)
{
    mpfr_sqr(ia, p + 2, MPFR_RNDN);
    mpfr_mul(ia, ia, p + 0, MPFR_RNDN);
    mpfr_add(ia, ia, p + 1, MPFR_RNDN);
    mpfr_div(rho2, ia, p + 0, MPFR_RNDN);
}

/* ------------------------------------------------------------------ construction */

static void sleigh_clear(nhref_oracle_sleigh_t *o)
{
    mpfr_clears(o->x0, o->y0, o->phi0, o->v0, o->omega0, o->r0, o->c, o->cr, o->Omega, o->tau0,
                o->beta, o->ell, o->phioff, o->phip, o->phim, (mpfr_ptr)0);
    nhref_oracle_gl_clear(&o->gl);
}

/* Branch 3 constants (spec §5.1) and the quadrature set-up (header comment). */
static int sleigh_setup_tanh(nhref_oracle_sleigh_t *o, mpfr_srcptr p)
{
    mpfr_prec_t wp = o->wprec;
    mpfr_t ia, rho2, rho, q, u;
    double lr, lell;
    size_t n;
    int st;

    mpfr_inits2(wp, ia, rho2, rho, q, u, (mpfr_ptr)0);
    sleigh_inertia(ia, rho2, p);
    mpfr_sqrt(rho, rho2, MPFR_RNDN);
    /* c = sqrt(v0^2 + rho^2 omega0^2) */
    mpfr_sqr(u, o->omega0, MPFR_RNDN);
    mpfr_mul(u, u, rho2, MPFR_RNDN);
    mpfr_sqr(q, o->v0, MPFR_RNDN);
    mpfr_add(u, u, q, MPFR_RNDN);
    mpfr_sqrt(o->c, u, MPFR_RNDN);
    /* Omega = a c / rho^2; ell = rho^2 / a */
    mpfr_mul(o->Omega, p + 2, o->c, MPFR_RNDN);
    mpfr_div(o->Omega, o->Omega, rho2, MPFR_RNDN);
    mpfr_div(o->ell, rho2, p + 2, MPFR_RNDN);
    /* cr = sigma c / rho; beta = sigma rho / a */
    mpfr_div(o->cr, o->c, rho, MPFR_RNDN);
    mpfr_div(o->beta, rho, p + 2, MPFR_RNDN);
    if (mpfr_sgn(o->omega0) < 0) {
        mpfr_neg(o->cr, o->cr, MPFR_RNDN);
        mpfr_neg(o->beta, o->beta, MPFR_RNDN);
    }
    /* q = v0 / (rho |omega0|) = sinh(tau0) = tan(gd(tau0)) */
    mpfr_abs(u, o->omega0, MPFR_RNDN);
    mpfr_mul(u, u, rho, MPFR_RNDN);
    mpfr_div(q, o->v0, u, MPFR_RNDN);
    mpfr_asinh(o->tau0, q, MPFR_RNDN);
    /* phioff = phi0 - beta atan(q); phi(+-inf) = phioff +- beta pi/2 */
    mpfr_atan(u, q, MPFR_RNDN);
    mpfr_mul(u, u, o->beta, MPFR_RNDN);
    mpfr_sub(o->phioff, o->phi0, u, MPFR_RNDN);
    mpfr_const_pi(u, MPFR_RNDN);
    mpfr_mul(u, u, o->beta, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(o->phip, o->phioff, u, MPFR_RNDN);
    mpfr_sub(o->phim, o->phioff, u, MPFR_RNDN);

    /* quadrature constants, in double (they only size panels and tails) */
    o->k = fabs(mpfr_get_d(o->beta, MPFR_RNDU));
    o->dfar = acosh(1.0 / tanh(1.0 / o->k)) * 1.001 + 1e-9;
    if (!(o->dfar >= 1.0))
        o->dfar = 1.0;
    mpfr_abs(u, o->ell, MPFR_RNDN);
    mpfr_log(u, u, MPFR_RNDU);
    lell = mpfr_get_d(u, MPFR_RNDU);
    o->tauc = (double)(o->prec + 26) * log(2.0) + lell + log1p(2.0 * o->k);
    if (!(o->tauc >= 1.0))
        o->tauc = 1.0;
    n = (size_t)((o->prec + 35 + 3) / 4);
    lr = (double)(o->prec + 27) / (2.0 * (double)n);
    if (lr < log2(1.5))
        lr = log2(1.5);
    o->ra = (exp2(lr) + exp2(-lr)) / 2;
    o->rb = (exp2(lr) - exp2(-lr)) / 2;
    st = nhref_oracle_gl_init(&o->gl, n, wp);

    mpfr_clears(ia, rho2, rho, q, u, (mpfr_ptr)0);
    return st;
}

int nhref_oracle_sleigh_new(nhref_oracle_sleigh_t **out, mpfr_srcptr p, mpfr_srcptr s0,
                            mpfr_prec_t prec)
{
    nhref_oracle_sleigh_t *o;
    mpfr_prec_t wp;
    int i, st;

    if (out == NULL)
        return NHREF_EINVAL;
    *out = NULL;
    if (prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX / 2)
        return NHREF_EINVAL;
    st = sleigh_check_params(p);
    if (st != NHREF_OK)
        return st;
    if (s0 == NULL)
        return NHREF_EINVAL;
    for (i = 0; i < NHREF_ORACLE_SLEIGH_NSTATE; i++)
        if (!mpfr_number_p(s0 + i))
            return NHREF_EPARAM;

    o = calloc(1, sizeof *o);
    if (o == NULL)
        return NHREF_ENOMEM;
    o->prec = prec;
    o->branch = mpfr_zero_p(s0 + 4)  ? BRANCH_LINE
                : mpfr_zero_p(p + 2) ? BRANCH_CIRCLE
                                     : BRANCH_TANH;
    /* extra bits for phi ~ beta gd(u): log2(k), k = rho/|a| (branch 3 only) */
    wp = prec + SLEIGH_GUARD;
    if (o->branch == BRANCH_TANH) {
        mpfr_t ia, rho2;
        long e;
        mpfr_inits2(64, ia, rho2, (mpfr_ptr)0);
        sleigh_inertia(ia, rho2, p);
        mpfr_sqrt(rho2, rho2, MPFR_RNDU);
        mpfr_div(rho2, rho2, p + 2, MPFR_RNDU);
        e = mpfr_get_exp(rho2);
        if (e > 0)
            wp += e < 4096 ? e : 4096;
        mpfr_clears(ia, rho2, (mpfr_ptr)0);
    }
    o->wprec = wp;
    mpfr_inits2(wp, o->x0, o->y0, o->phi0, o->v0, o->omega0, o->r0, o->c, o->cr, o->Omega, o->tau0,
                o->beta, o->ell, o->phioff, o->phip, o->phim, (mpfr_ptr)0);
    mpfr_set(o->x0, s0 + 0, MPFR_RNDN);
    mpfr_set(o->y0, s0 + 1, MPFR_RNDN);
    mpfr_set(o->phi0, s0 + 2, MPFR_RNDN);
    mpfr_set(o->v0, s0 + 3, MPFR_RNDN);
    mpfr_set(o->omega0, s0 + 4, MPFR_RNDN);

    st = NHREF_OK;
    if (o->branch == BRANCH_CIRCLE)
        mpfr_div(o->r0, o->v0, o->omega0, MPFR_RNDN);
    else if (o->branch == BRANCH_TANH)
        st = sleigh_setup_tanh(o, p);
    if (st != NHREF_OK) {
        sleigh_clear(o);
        free(o);
        return st;
    }
    *out = o;
    return NHREF_OK;
}

void nhref_oracle_sleigh_free(nhref_oracle_sleigh_t *o)
{
    if (o == NULL)
        return;
    sleigh_clear(o);
    free(o);
}

/* ------------------------------------------------------------------ quadrature */

/* ymax(d) of the header comment (a), with a 0.1% safety margin. */
static double sleigh_ymax(const nhref_oracle_sleigh_t *o, double d)
{
    const double quarter_pi = 0.78539816339744830962;
    double s = d < 30.0 ? tanh(1.0 / o->k) * cosh(d) : 1.0;
    double y = s >= 1.0 ? quarter_pi : asin(s);
    return 0.999 * (y < quarter_pi ? y : quarter_pi);
}

/* Distance from 0 of the real extent of the ellipse of the panel [x, x + h]. */
static double sleigh_dist(const nhref_oracle_sleigh_t *o, double x, double h)
{
    double lo = x - 0.5 * h * (o->ra - 1.0), hi = x + h + 0.5 * h * (o->ra - 1.0);
    return lo > 0.0 ? lo : hi < 0.0 ? -hi : 0.0;
}

/* A panel length h for the panel starting at x (panels run left to right)
 * that keeps its ellipse inside the regions of the bound (a): either
 * 0.5 h rb <= ymax(dist(x, h)), or the real extent of the ellipse within
 * x >= dfar or within x <= -dfar. */
static double sleigh_panel(const nhref_oracle_sleigh_t *o, double x)
{
    double h = 2.0 * sleigh_ymax(o, 0.0) / o->rb; /* valid everywhere */
    double hf = 0.0;
    int it;

    if (x >= o->dfar) /* left end of the ellipse x - h (ra - 1)/2 >= dfar */
        hf = 0.999 * 2.0 * (x - o->dfar) / (o->ra - 1.0);
    else if (x <= -o->dfar) /* right end x + h (ra + 1)/2 <= -dfar */
        hf = 0.999 * 2.0 * (-o->dfar - x) / (o->ra + 1.0);

    for (it = 0; it < 8; it++) {
        double ht = 2.0 * sleigh_ymax(o, sleigh_dist(o, x, h)) / o->rb;
        if (!(ht > 1.001 * h))
            break;
        if (0.5 * ht * o->rb > sleigh_ymax(o, sleigh_dist(o, x, ht)))
            ht = sqrt(h * ht);
        if (0.5 * ht * o->rb > sleigh_ymax(o, sleigh_dist(o, x, ht)))
            break;
        h = ht;
    }
    return hf > h ? hf : h;
}

/* Workspace of the quadrature. */
typedef struct {
    mpfr_t mid, hh, u, s, th, g, ph, sn, cs, px, py, w;
} sleigh_quad_ws;

/* Add w f(u) to (px, py), f(u) = tanh(u) e^{i (phioff + beta atan(sinh u))}. */
static void sleigh_node(sleigh_quad_ws *q, const nhref_oracle_sleigh_t *o, const mpfr_t wt)
{
    mpfr_sinh(q->s, q->u, MPFR_RNDN);
    mpfr_atan(q->g, q->s, MPFR_RNDN);
    /* tanh u = sinh u / sqrt(1 + sinh^2 u) */
    mpfr_sqr(q->th, q->s, MPFR_RNDN);
    mpfr_add_ui(q->th, q->th, 1, MPFR_RNDN);
    mpfr_sqrt(q->th, q->th, MPFR_RNDN);
    mpfr_div(q->th, q->s, q->th, MPFR_RNDN);
    mpfr_mul(q->th, q->th, wt, MPFR_RNDN);
    mpfr_mul(q->ph, q->g, o->beta, MPFR_RNDN);
    mpfr_add(q->ph, q->ph, o->phioff, MPFR_RNDN);
    mpfr_sin_cos(q->sn, q->cs, q->ph, MPFR_RNDN);
    mpfr_fma(q->px, q->th, q->cs, q->px, MPFR_RNDN);
    mpfr_fma(q->py, q->th, q->sn, q->py, MPFR_RNDN);
}

/* Add the Gauss–Legendre sum of f over the panel [p, r] to (sx, sy). */
static void sleigh_panel_sum(mpfr_t sx, mpfr_t sy, sleigh_quad_ws *q,
                             const nhref_oracle_sleigh_t *o, const mpfr_t p, const mpfr_t r)
{
    const nhref_oracle_gl_t *gl = &o->gl;
    size_t i;

    mpfr_add(q->mid, p, r, MPFR_RNDN);
    mpfr_div_2ui(q->mid, q->mid, 1, MPFR_RNDN);
    mpfr_sub(q->hh, r, p, MPFR_RNDN);
    mpfr_div_2ui(q->hh, q->hh, 1, MPFR_RNDN);
    mpfr_set_zero(q->px, 1);
    mpfr_set_zero(q->py, 1);
    for (i = 0; i < gl->nhalf; i++) {
        if (mpfr_zero_p(gl->x[i])) {
            mpfr_set(q->u, q->mid, MPFR_RNDN);
            sleigh_node(q, o, gl->w[i]);
            continue;
        }
        mpfr_mul(q->w, q->hh, gl->x[i], MPFR_RNDN);
        mpfr_add(q->u, q->mid, q->w, MPFR_RNDN);
        sleigh_node(q, o, gl->w[i]);
        mpfr_sub(q->u, q->mid, q->w, MPFR_RNDN);
        sleigh_node(q, o, gl->w[i]);
    }
    mpfr_fma(sx, q->px, q->hh, sx, MPFR_RNDN);
    mpfr_fma(sy, q->py, q->hh, sy, MPFR_RNDN);
}

/* Add int_a^b f(u) du (a < b, both in [-tauc, tauc]) to (sx, sy). */
static int sleigh_quad_mid(mpfr_t sx, mpfr_t sy, const nhref_oracle_sleigh_t *o, const mpfr_t a,
                           const mpfr_t b)
{
    sleigh_quad_ws q;
    mpfr_t p, r;
    double x = mpfr_get_d(a, MPFR_RNDN), xb = mpfr_get_d(b, MPFR_RNDN);
    size_t np = 0;
    int st = NHREF_OK;

    mpfr_inits2(o->wprec, q.mid, q.hh, q.u, q.s, q.th, q.g, q.ph, q.sn, q.cs, q.px, q.py, q.w, p, r,
                (mpfr_ptr)0);
    mpfr_set(p, a, MPFR_RNDN);
    for (;;) {
        double h = sleigh_panel(o, x);
        if (!(h > 0.0) || ++np > SLEIGH_MAX_PANELS) {
            st = NHREF_EMAXSTEPS;
            break;
        }
        if (x + h >= xb) {
            sleigh_panel_sum(sx, sy, &q, o, p, b);
            break;
        }
        x += h;
        mpfr_set_d(r, x, MPFR_RNDN); /* exact: r has >= 53 bits */
        sleigh_panel_sum(sx, sy, &q, o, p, r);
        mpfr_set(p, r, MPFR_RNDN);
    }
    mpfr_clears(q.mid, q.hh, q.u, q.s, q.th, q.g, q.ph, q.sn, q.cs, q.px, q.py, q.w, p, r,
                (mpfr_ptr)0);
    return st;
}

/* (sx, sy) = S = int_{ua}^{ub} f(u) du, any order of ua, ub. */
static int sleigh_quad(mpfr_t sx, mpfr_t sy, const nhref_oracle_sleigh_t *o, const mpfr_t ua,
                       const mpfr_t ub)
{
    mpfr_t lo, hi, tc, a, b, len, sn, cs;
    int sign = mpfr_cmp(ua, ub), st = NHREF_OK;

    mpfr_set_zero(sx, 1);
    mpfr_set_zero(sy, 1);
    if (sign == 0)
        return NHREF_OK;
    mpfr_inits2(o->wprec, lo, hi, tc, a, b, len, sn, cs, (mpfr_ptr)0);
    mpfr_set(lo, sign < 0 ? ua : ub, MPFR_RNDN);
    mpfr_set(hi, sign < 0 ? ub : ua, MPFR_RNDN);
    mpfr_set_d(tc, o->tauc, MPFR_RNDU);

    /* tails: f -> -e^{i phi(-inf)} for u <= -tauc, e^{i phi(+inf)} for u >= tauc */
    mpfr_neg(tc, tc, MPFR_RNDN);
    if (mpfr_less_p(lo, tc)) {
        mpfr_min(b, hi, tc, MPFR_RNDN);
        mpfr_sub(len, b, lo, MPFR_RNDN);
        mpfr_sin_cos(sn, cs, o->phim, MPFR_RNDN);
        mpfr_mul(cs, cs, len, MPFR_RNDN);
        mpfr_mul(sn, sn, len, MPFR_RNDN);
        mpfr_sub(sx, sx, cs, MPFR_RNDN);
        mpfr_sub(sy, sy, sn, MPFR_RNDN);
    }
    mpfr_max(a, lo, tc, MPFR_RNDN);
    mpfr_neg(tc, tc, MPFR_RNDN);
    if (mpfr_greater_p(hi, tc)) {
        mpfr_max(b, lo, tc, MPFR_RNDN);
        mpfr_sub(len, hi, b, MPFR_RNDN);
        mpfr_sin_cos(sn, cs, o->phip, MPFR_RNDN);
        mpfr_mul(cs, cs, len, MPFR_RNDN);
        mpfr_mul(sn, sn, len, MPFR_RNDN);
        mpfr_add(sx, sx, cs, MPFR_RNDN);
        mpfr_add(sy, sy, sn, MPFR_RNDN);
    }
    mpfr_min(b, hi, tc, MPFR_RNDN);
    if (mpfr_less_p(a, b))
        st = sleigh_quad_mid(sx, sy, o, a, b);

    if (sign > 0) {
        mpfr_neg(sx, sx, MPFR_RNDN);
        mpfr_neg(sy, sy, MPFR_RNDN);
    }
    mpfr_clears(lo, hi, tc, a, b, len, sn, cs, (mpfr_ptr)0);
    return st;
}

/* ------------------------------------------------------------------ evaluation */

int nhref_oracle_sleigh_state(mpfr_ptr s, nhref_oracle_sleigh_t *o, mpfr_srcptr t)
{
    mpfr_t x, y, phi, v, w, tau, u1, u2, u3;
    int i, st = NHREF_OK;

    if (s == NULL || o == NULL || t == NULL || !mpfr_number_p(t))
        return NHREF_EINVAL;
    mpfr_inits2(o->wprec, x, y, phi, v, w, tau, u1, u2, u3, (mpfr_ptr)0);

    switch (o->branch) {
    case BRANCH_LINE:
        /* spec §5.1 branch 1 */
        mpfr_set(v, o->v0, MPFR_RNDN);
        mpfr_set(w, o->omega0, MPFR_RNDN);
        mpfr_set(phi, o->phi0, MPFR_RNDN);
        mpfr_sin_cos(u1, u2, o->phi0, MPFR_RNDN);
        mpfr_mul(u3, o->v0, t, MPFR_RNDN);
        mpfr_fma(x, u3, u2, o->x0, MPFR_RNDN);
        mpfr_fma(y, u3, u1, o->y0, MPFR_RNDN);
        break;
    case BRANCH_CIRCLE:
        /* spec §5.1 branch 2, sum-to-product form (header comment) */
        mpfr_set(v, o->v0, MPFR_RNDN);
        mpfr_set(w, o->omega0, MPFR_RNDN);
        mpfr_mul(u3, o->omega0, t, MPFR_RNDN);
        mpfr_add(phi, o->phi0, u3, MPFR_RNDN);
        mpfr_div_2ui(u3, u3, 1, MPFR_RNDN); /* omega0 t / 2 */
        mpfr_sin(tau, u3, MPFR_RNDN);
        mpfr_mul(tau, tau, o->r0, MPFR_RNDN);
        mpfr_mul_2ui(tau, tau, 1, MPFR_RNDN); /* chord length 2 r0 sin(omega0 t/2) */
        mpfr_add(u3, u3, o->phi0, MPFR_RNDN);
        mpfr_sin_cos(u1, u2, u3, MPFR_RNDN);
        mpfr_fma(x, tau, u2, o->x0, MPFR_RNDN);
        mpfr_fma(y, tau, u1, o->y0, MPFR_RNDN);
        break;
    default:
        /* spec §5.1 branch 3: tau = tau0 + Omega t */
        mpfr_mul(u3, o->Omega, t, MPFR_RNDN);
        mpfr_add(tau, o->tau0, u3, MPFR_RNDN);
        mpfr_tanh(v, tau, MPFR_RNDN);
        mpfr_mul(v, v, o->c, MPFR_RNDN);
        mpfr_sech(w, tau, MPFR_RNDN); /* correctly rounded: no overflow for large |tau| */
        mpfr_mul(w, w, o->cr, MPFR_RNDN);
        /* phi = phi0 + 2 beta atan(sinh(A) sech(B)), A = Omega t/2, B = tau0 + A */
        mpfr_div_2ui(u3, u3, 1, MPFR_RNDN);
        mpfr_sinh(u1, u3, MPFR_RNDN);
        mpfr_add(u3, u3, o->tau0, MPFR_RNDN);
        mpfr_sech(u2, u3, MPFR_RNDN);
        if (mpfr_inf_p(u1) || (mpfr_zero_p(u2) && !mpfr_zero_p(u1))) {
            /* |tau| beyond the exponent range: phi = phioff + beta atan(sinh(tau)) */
            mpfr_sinh(u1, tau, MPFR_RNDN);
            mpfr_atan(u1, u1, MPFR_RNDN);
            mpfr_fma(phi, o->beta, u1, o->phioff, MPFR_RNDN);
        } else {
            mpfr_mul(u1, u1, u2, MPFR_RNDN);
            mpfr_atan(u1, u1, MPFR_RNDN);
            mpfr_mul(u1, u1, o->beta, MPFR_RNDN);
            mpfr_mul_2ui(u1, u1, 1, MPFR_RNDN);
            mpfr_add(phi, o->phi0, u1, MPFR_RNDN);
        }
        /* z = z0 + (rho^2/a) int_{tau0}^{tau} tanh(u) e^{i phi(u)} du */
        st = sleigh_quad(u1, u2, o, o->tau0, tau);
        mpfr_fma(x, o->ell, u1, o->x0, MPFR_RNDN);
        mpfr_fma(y, o->ell, u2, o->y0, MPFR_RNDN);
        break;
    }

    if (st == NHREF_OK) {
        mpfr_set(s + 0, x, MPFR_RNDN);
        mpfr_set(s + 1, y, MPFR_RNDN);
        mpfr_set(s + 2, phi, MPFR_RNDN);
        mpfr_set(s + 3, v, MPFR_RNDN);
        mpfr_set(s + 4, w, MPFR_RNDN);
        for (i = 0; i < NHREF_ORACLE_SLEIGH_NSTATE; i++)
            if (!mpfr_number_p(s + i))
                st = NHREF_EDOMAIN;
    }
    mpfr_clears(x, y, phi, v, w, tau, u1, u2, u3, (mpfr_ptr)0);
    return st;
}

/* ------------------------------------------------------------------ integrals, reaction */

static mpfr_prec_t sleigh_max_prec(mpfr_srcptr a, int n)
{
    mpfr_prec_t p = MPFR_PREC_MIN;
    int i;

    for (i = 0; i < n; i++)
        if (mpfr_get_prec(a + i) > p)
            p = mpfr_get_prec(a + i);
    return p;
}

int nhref_oracle_sleigh_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_srcptr phi, v, w;
    mpfr_t ia, rho2, rho, e, th, sn, cs, u1, u2;
    mpfr_prec_t wp;
    int st;

    if (I == NULL || t == NULL)
        return NHREF_EINVAL;
    st = sleigh_check_params(p);
    if (st != NHREF_OK)
        return st;
    st = sleigh_check_state(s);
    if (st != NHREF_OK)
        return st;
    if (!mpfr_number_p(t))
        return NHREF_EINVAL;
    phi = s + 2;
    v = s + 3;
    w = s + 4;
    wp = sleigh_max_prec(I, NHREF_ORACLE_SLEIGH_NINTEGRAL) + SLEIGH_GUARD;
    mpfr_inits2(wp, ia, rho2, rho, e, th, sn, cs, u1, u2, (mpfr_ptr)0);
    sleigh_inertia(ia, rho2, p);
    mpfr_sqrt(rho, rho2, MPFR_RNDN);

    /* E = (m v^2 + IA omega^2) / 2 */
    mpfr_sqr(u1, v, MPFR_RNDN);
    mpfr_mul(u1, u1, p + 0, MPFR_RNDN);
    mpfr_sqr(u2, w, MPFR_RNDN);
    mpfr_mul(u2, u2, ia, MPFR_RNDN);
    mpfr_add(e, u1, u2, MPFR_RNDN);
    mpfr_div_2ui(e, e, 1, MPFR_RNDN);

    /* P1 + i P2 = m (v + i rho omega) e^{i th}, th = a phi / rho */
    mpfr_mul(th, p + 2, phi, MPFR_RNDN);
    mpfr_div(th, th, rho, MPFR_RNDN);
    mpfr_sin_cos(sn, cs, th, MPFR_RNDN);
    mpfr_mul(u2, rho, w, MPFR_RNDN); /* rho omega */
    mpfr_mul(u1, u2, sn, MPFR_RNDN);
    mpfr_fms(u1, v, cs, u1, MPFR_RNDN); /* v cos th - rho omega sin th */
    mpfr_mul(I + 1, u1, p + 0, MPFR_RNDN);
    mpfr_mul(u1, v, sn, MPFR_RNDN);
    mpfr_fma(u1, u2, cs, u1, MPFR_RNDN); /* v sin th + rho omega cos th */
    mpfr_mul(I + 2, u1, p + 0, MPFR_RNDN);

    /* t0 = t - (rho^2/(a c)) asinh(v/(rho |omega|)), c = sqrt(v^2 + rho^2 omega^2):
     * the asinh form of the spec's artanh(v/c), well conditioned when omega is small */
    if (mpfr_zero_p(p + 2) || mpfr_zero_p(w)) {
        mpfr_set_nan(I + 3);
    } else {
        mpfr_sqr(u1, u2, MPFR_RNDN);
        mpfr_sqr(cs, v, MPFR_RNDN);
        mpfr_add(u1, u1, cs, MPFR_RNDN);
        mpfr_sqrt(u1, u1, MPFR_RNDN); /* c */
        mpfr_abs(u2, u2, MPFR_RNDN);
        mpfr_div(u2, v, u2, MPFR_RNDN);
        mpfr_asinh(u2, u2, MPFR_RNDN);
        mpfr_mul(u2, u2, rho2, MPFR_RNDN);
        mpfr_div(u2, u2, p + 2, MPFR_RNDN);
        mpfr_div(u2, u2, u1, MPFR_RNDN);
        mpfr_sub(I + 3, t, u2, MPFR_RNDN);
    }
    mpfr_set(I + 0, e, MPFR_RNDN);
    mpfr_clears(ia, rho2, rho, e, th, sn, cs, u1, u2, (mpfr_ptr)0);
    return NHREF_OK;
}

int nhref_oracle_sleigh_reaction(mpfr_ptr lambda, mpfr_srcptr p, mpfr_srcptr s)
{
    mpfr_t ia, rho2, u;
    int st;

    if (lambda == NULL)
        return NHREF_EINVAL;
    st = sleigh_check_params(p);
    if (st != NHREF_OK)
        return st;
    st = sleigh_check_state(s);
    if (st != NHREF_OK)
        return st;
    mpfr_inits2(mpfr_get_prec(lambda) + SLEIGH_GUARD, ia, rho2, u, (mpfr_ptr)0);
    /* lambda = m J v omega / IA */
    sleigh_inertia(ia, rho2, p);
    mpfr_mul(u, p + 0, p + 1, MPFR_RNDN);
    mpfr_mul(u, u, s + 3, MPFR_RNDN);
    mpfr_mul(u, u, s + 4, MPFR_RNDN);
    mpfr_div(lambda, u, ia, MPFR_RNDN);
    mpfr_clears(ia, rho2, u, (mpfr_ptr)0);
    return NHREF_OK;
}
