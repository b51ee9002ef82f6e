/* wheeled.c -- oracle of the wheeled vehicles and of the Hadamard–Hamel
 * problem (see oracle_wheeled.h).
 *
 * Every formula is coded directly from shared/models/wheeled-vehicles.md ("the
 * spec") in plain MPFR; nothing here shares code with the tape, the jets or
 * the schemes.  In particular the general vehicle's integrals are coded from
 * the kinetic energy and constraints in vector form (spec §2.3, paper 1.1-1.4),
 * not from the mass matrix of spec §2.5 that the model's tape uses.
 */
#include <math.h>
#include <stdlib.h>

#include <mpfr.h>

#include "nhref_oracle.h"
#include "oracle_wheeled.h"
#include "nhref_status.h"
#include "oracle_internal.h"

#define GUARD 64

/* a block of N temporaries at precision WP */
typedef struct {
    size_t n;
    mpfr_t *v;
} tmp_t;

static int tmp_init(tmp_t *t, size_t n, mpfr_prec_t wp)
{
    t->n = n;
    t->v = malloc(n * sizeof *t->v);
    if (t->v == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < n; i++)
        mpfr_init2(t->v[i], wp);
    return NHREF_OK;
}

static void tmp_clear(tmp_t *t)
{
    if (t->v == NULL)
        return;
    for (size_t i = 0; i < t->n; i++)
        mpfr_clear(t->v[i]);
    free(t->v);
    t->v = NULL;
}

static int all_finite(mpfr_srcptr v, size_t n)
{
    if (v == NULL && n > 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!mpfr_number_p(v + i))
            return 0;
    return 1;
}

static mpfr_prec_t max_prec(mpfr_srcptr v, size_t n)
{
    mpfr_prec_t p = MPFR_PREC_MIN;
    for (size_t i = 0; i < n; i++)
        if (mpfr_get_prec(v + i) > p)
            p = mpfr_get_prec(v + i);
    return p;
}

/* ================================================================== Hadamard–Hamel criterion */

/* kappa = least squares of N on the rows of F (k x n), resid = |N - F^T kappa| / scale */
static int span_test(mpfr_ptr kappa, mpfr_ptr resid, int *quasi, size_t n, size_t k,
                     mpfr_t *N, mpfr_srcptr F, mpfr_t scale, mpfr_prec_t wp)
{
    tmp_t a;
    int st = NHREF_OK;
    size_t na = k * k + k + n + 3;
    if (tmp_init(&a, na, wp) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *G = a.v, *b = a.v + k * k, *res = a.v + k * k + k, *u = a.v + k * k + k + n;
    /* normal equations G kappa = b, G = F F^T, b = F N */
    for (size_t i = 0; i < k; i++) {
        for (size_t j = 0; j < k; j++) {
            mpfr_set_zero(G[i * k + j], 1);
            for (size_t l = 0; l < n; l++)
                mpfr_fma(G[i * k + j], F + i * n + l, F + j * n + l, G[i * k + j], MPFR_RNDN);
        }
        mpfr_set_zero(b[i], 1);
        for (size_t l = 0; l < n; l++)
            mpfr_fma(b[i], F + i * n + l, N[l], b[i], MPFR_RNDN);
    }
    /* Gaussian elimination with partial pivoting */
    for (size_t c = 0; c < k && st == NHREF_OK; c++) {
        size_t piv = c;
        for (size_t i = c + 1; i < k; i++)
            if (mpfr_cmpabs(G[i * k + c], G[piv * k + c]) > 0)
                piv = i;
        if (mpfr_zero_p(G[piv * k + c])) {
            st = NHREF_EDOMAIN;
            break;
        }
        if (piv != c) {
            for (size_t j = 0; j < k; j++)
                mpfr_swap(G[c * k + j], G[piv * k + j]);
            mpfr_swap(b[c], b[piv]);
        }
        for (size_t i = c + 1; i < k; i++) {
            mpfr_div(u[0], G[i * k + c], G[c * k + c], MPFR_RNDN);
            for (size_t j = c; j < k; j++) {
                mpfr_mul(u[1], u[0], G[c * k + j], MPFR_RNDN);
                mpfr_sub(G[i * k + j], G[i * k + j], u[1], MPFR_RNDN);
            }
            mpfr_mul(u[1], u[0], b[c], MPFR_RNDN);
            mpfr_sub(b[i], b[i], u[1], MPFR_RNDN);
        }
    }
    for (size_t c = k; c-- > 0 && st == NHREF_OK;) {
        for (size_t j = c + 1; j < k; j++) {
            mpfr_mul(u[1], G[c * k + j], b[j], MPFR_RNDN);
            mpfr_sub(b[c], b[c], u[1], MPFR_RNDN);
        }
        mpfr_div(b[c], b[c], G[c * k + c], MPFR_RNDN);
    }
    if (st == NHREF_OK) {
        for (size_t l = 0; l < n; l++) {
            mpfr_set(res[l], N[l], MPFR_RNDN);
            for (size_t i = 0; i < k; i++) {
                mpfr_mul(u[1], b[i], F + i * n + l, MPFR_RNDN);
                mpfr_sub(res[l], res[l], u[1], MPFR_RNDN);
            }
        }
        mpfr_set_zero(u[2], 1);
        for (size_t l = 0; l < n; l++)
            mpfr_fma(u[2], res[l], res[l], u[2], MPFR_RNDN);
        mpfr_sqrt(u[2], u[2], MPFR_RNDN);
        if (mpfr_zero_p(u[2]))
            mpfr_set_zero(resid, 1);
        else
            mpfr_div(resid, u[2], scale, MPFR_RNDN);
        for (size_t i = 0; i < k; i++)
            mpfr_set(kappa + i, b[i], MPFR_RNDN);
        *quasi = mpfr_zero_p(resid) || mpfr_get_exp(resid) <= 24 - (mpfr_exp_t)mpfr_get_prec(resid);
    }
    tmp_clear(&a);
    return st;
}

static mpfr_prec_t crit_prec(mpfr_srcptr N, size_t n, mpfr_srcptr resid)
{
    mpfr_prec_t p = max_prec(N, n);
    return (mpfr_get_prec(resid) > p ? mpfr_get_prec(resid) : p) + GUARD;
}

/* Euclidean norm of V (n values) into R */
static void norm2(mpfr_t r, mpfr_srcptr v, size_t n)
{
    mpfr_set_zero(r, 1);
    for (size_t i = 0; i < n; i++)
        mpfr_fma(r, v + i, v + i, r, MPFR_RNDN);
    mpfr_sqrt(r, r, MPFR_RNDN);
}

int nhref_oracle_hh_criterion_z(mpfr_ptr N, mpfr_ptr kappa, mpfr_ptr resid, int *quasi, size_t n,
                                size_t m, size_t k, mpfr_srcptr dG, mpfr_srcptr p, mpfr_srcptr F,
                                mpfr_srcptr zdot)
{
    mpfr_prec_t wp;
    tmp_t a;
    int st;

    if (n == 0 || N == NULL || resid == NULL || quasi == NULL || (k > 0 && kappa == NULL) ||
        !all_finite(dG, m * n * n) || !all_finite(p, m) || !all_finite(F, k * n) ||
        !all_finite(zdot, n))
        return NHREF_EINVAL;
    wp = crit_prec(N, n, resid);
    if (tmp_init(&a, n + 3, wp) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *Nw = a.v, *u = a.v + n;
    /* N_j = sum_i p_i sum_l (dG_ij/dz_l - dG_il/dz_j) z_l' */
    for (size_t j = 0; j < n; j++) {
        mpfr_set_zero(Nw[j], 1);
        for (size_t i = 0; i < m; i++)
            for (size_t l = 0; l < n; l++) {
                mpfr_sub(u[0], dG + (i * n + j) * n + l, dG + (i * n + l) * n + j, MPFR_RNDN);
                mpfr_mul(u[0], u[0], zdot + l, MPFR_RNDN);
                mpfr_fma(Nw[j], p + i, u[0], Nw[j], MPFR_RNDN);
            }
    }
    /* scale |p| |dG| |z'| */
    norm2(u[0], p, m);
    norm2(u[1], dG, m * n * n);
    mpfr_mul(u[0], u[0], u[1], MPFR_RNDN);
    norm2(u[1], zdot, n);
    mpfr_mul(u[0], u[0], u[1], MPFR_RNDN);
    if (mpfr_zero_p(u[0]))
        mpfr_set_ui(u[0], 1, MPFR_RNDN);
    st = span_test(kappa, resid, quasi, n, k, Nw, F, u[0], wp);
    for (size_t j = 0; j < n; j++)
        mpfr_set(N + j, Nw[j], MPFR_RNDN);
    tmp_clear(&a);
    return st;
}

int nhref_oracle_hh_criterion_w(mpfr_ptr N, mpfr_ptr kappa, mpfr_ptr resid, int *quasi, size_t r,
                                size_t m, size_t k, mpfr_srcptr g, mpfr_srcptr ag, mpfr_srcptr c,
                                mpfr_srcptr p, mpfr_srcptr F, mpfr_srcptr w)
{
    mpfr_prec_t wp;
    tmp_t a;
    int st;

    if (r == 0 || N == NULL || resid == NULL || quasi == NULL || (k > 0 && kappa == NULL) ||
        !all_finite(g, m * r) || !all_finite(ag, m * r * r) || !all_finite(c, r * r * r) ||
        !all_finite(p, m) || !all_finite(F, k * r) || !all_finite(w, r))
        return NHREF_EINVAL;
    wp = crit_prec(N, r, resid);
    if (tmp_init(&a, r + 3, wp) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *Nw = a.v, *u = a.v + r;
    /* N_j = sum_i p_i sum_s w_s [a_s(g_ij) - a_j(g_is) - sum_l c^l_sj g_il] */
    for (size_t j = 0; j < r; j++) {
        mpfr_set_zero(Nw[j], 1);
        for (size_t i = 0; i < m; i++)
            for (size_t s = 0; s < r; s++) {
                mpfr_sub(u[0], ag + (i * r + j) * r + s, ag + (i * r + s) * r + j, MPFR_RNDN);
                for (size_t l = 0; l < r; l++) {
                    mpfr_mul(u[1], c + (l * r + s) * r + j, g + i * r + l, MPFR_RNDN);
                    mpfr_sub(u[0], u[0], u[1], MPFR_RNDN);
                }
                mpfr_mul(u[0], u[0], w + s, MPFR_RNDN);
                mpfr_fma(Nw[j], p + i, u[0], Nw[j], MPFR_RNDN);
            }
    }
    /* scale |p| (|ag| + |g|) |w| */
    norm2(u[0], p, m);
    norm2(u[1], ag, m * r * r);
    norm2(u[2], g, m * r);
    mpfr_add(u[1], u[1], u[2], MPFR_RNDN);
    mpfr_mul(u[0], u[0], u[1], MPFR_RNDN);
    norm2(u[1], w, r);
    mpfr_mul(u[0], u[0], u[1], MPFR_RNDN);
    if (mpfr_zero_p(u[0]))
        mpfr_set_ui(u[0], 1, MPFR_RNDN);
    st = span_test(kappa, resid, quasi, r, k, Nw, F, u[0], wp);
    for (size_t j = 0; j < r; j++)
        mpfr_set(N + j, Nw[j], MPFR_RNDN);
    tmp_clear(&a);
    return st;
}

int nhref_oracle_hh_planar_c(mpfr_ptr c, size_t r)
{
    if (r < 3 || c == NULL)
        return NHREF_EINVAL;
    for (size_t i = 0; i < r * r * r; i++)
        mpfr_set_zero(c + i, 1);
#define CIDX(l, s, j) (((l) - 1) * r + ((s) - 1)) * r + ((j) - 1)
    mpfr_set_si(c + CIDX(2, 3, 1), 1, MPFR_RNDN);
    mpfr_set_si(c + CIDX(2, 1, 3), -1, MPFR_RNDN);
    mpfr_set_si(c + CIDX(1, 3, 2), -1, MPFR_RNDN);
    mpfr_set_si(c + CIDX(1, 2, 3), 1, MPFR_RNDN);
#undef CIDX
    return NHREF_OK;
}

/* ================================================================== HH-A */

int nhref_oracle_hha_state(mpfr_ptr s, mpfr_srcptr s0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    tmp_t a;
    enum { Q1, Q2, S, Q1D, Q2D };

    if (s == NULL || !all_finite(s0, 5) || !all_finite(t, 1))
        return NHREF_EINVAL;
    wp = max_prec(s, 5) + GUARD;
    /* small c: (p/c)(asinh q2 - asinh q20) cancels ~ -log2|c t| bits */
    if (!mpfr_zero_p(s0 + Q2D) && mpfr_get_exp(s0 + Q2D) < 0)
        wp += (mpfr_prec_t)(-mpfr_get_exp(s0 + Q2D));
    if (tmp_init(&a, 8, wp) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v;
    /* g0 = sqrt(1 + q20^2), p = q1dot0 g0 */
    mpfr_sqr(u[0], s0 + Q2, MPFR_RNDN);
    mpfr_add_ui(u[0], u[0], 1, MPFR_RNDN);
    mpfr_sqrt(u[0], u[0], MPFR_RNDN);               /* g0 */
    mpfr_mul(u[1], s0 + Q1D, u[0], MPFR_RNDN);      /* p */
    mpfr_mul(u[2], s0 + Q2D, t, MPFR_RNDN);
    mpfr_add(u[2], u[2], s0 + Q2, MPFR_RNDN);       /* q2(t) */
    mpfr_sqr(u[3], u[2], MPFR_RNDN);
    mpfr_add_ui(u[3], u[3], 1, MPFR_RNDN);
    mpfr_sqrt(u[3], u[3], MPFR_RNDN);               /* g(t) */
    if (mpfr_zero_p(s0 + Q2D)) {
        mpfr_mul(u[4], u[1], t, MPFR_RNDN);
        mpfr_div(u[4], u[4], u[0], MPFR_RNDN);      /* p t / g0 */
        mpfr_add(s + Q1, s0 + Q1, u[4], MPFR_RNDN);
        mpfr_mul(u[5], u[4], s0 + Q2, MPFR_RNDN);
        mpfr_add(s + S, s0 + S, u[5], MPFR_RNDN);
    } else {
        mpfr_div(u[6], u[1], s0 + Q2D, MPFR_RNDN);  /* p / c */
        mpfr_asinh(u[4], u[2], MPFR_RNDN);
        mpfr_asinh(u[5], s0 + Q2, MPFR_RNDN);
        mpfr_sub(u[4], u[4], u[5], MPFR_RNDN);
        mpfr_mul(u[4], u[4], u[6], MPFR_RNDN);
        mpfr_add(s + Q1, s0 + Q1, u[4], MPFR_RNDN);
        mpfr_sub(u[5], u[3], u[0], MPFR_RNDN);
        mpfr_mul(u[5], u[5], u[6], MPFR_RNDN);
        mpfr_add(s + S, s0 + S, u[5], MPFR_RNDN);
    }
    mpfr_set(s + Q2, u[2], MPFR_RNDN);
    mpfr_div(s + Q1D, u[1], u[3], MPFR_RNDN);
    mpfr_set(s + Q2D, s0 + Q2D, MPFR_RNDN);
    tmp_clear(&a);
    return NHREF_OK;
}

static int hha_common(mpfr_t g, mpfr_t E, mpfr_srcptr s)
{
    mpfr_t u;
    mpfr_init2(u, mpfr_get_prec(g));
    mpfr_sqr(g, s + 1, MPFR_RNDN);
    mpfr_add_ui(g, g, 1, MPFR_RNDN); /* 1 + q2^2 */
    mpfr_sqr(E, s + 3, MPFR_RNDN);
    mpfr_mul(E, E, g, MPFR_RNDN);
    mpfr_sqr(u, s + 4, MPFR_RNDN);
    mpfr_add(E, E, u, MPFR_RNDN);
    mpfr_div_2ui(E, E, 1, MPFR_RNDN);
    mpfr_clear(u);
    return NHREF_OK;
}

int nhref_oracle_hha_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_t g, E;
    (void)p;
    (void)t;
    if (I == NULL || !all_finite(s, 5))
        return NHREF_EINVAL;
    mpfr_inits2(max_prec(I, 3) + GUARD, g, E, (mpfr_ptr)0);
    hha_common(g, E, s);
    mpfr_set(I + 0, E, MPFR_RNDN);
    mpfr_sqrt(g, g, MPFR_RNDN);
    mpfr_mul(I + 1, s + 3, g, MPFR_RNDN);
    mpfr_set(I + 2, s + 4, MPFR_RNDN);
    mpfr_clears(g, E, (mpfr_ptr)0);
    return NHREF_OK;
}

int nhref_oracle_hha_wrong_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_t g, E;
    (void)p;
    (void)t;
    if (I == NULL || !all_finite(s, 5))
        return NHREF_EINVAL;
    mpfr_inits2(max_prec(I, 2) + GUARD, g, E, (mpfr_ptr)0);
    hha_common(g, E, s);
    mpfr_set(I + 0, E, MPFR_RNDN);
    mpfr_mul(I + 1, g, s + 3, MPFR_RNDN);
    mpfr_clears(g, E, (mpfr_ptr)0);
    return NHREF_OK;
}

/* ================================================================== one-wheeled vehicle */
enum { OW_M, OW_J, OW_RN, OW_RT, OW_I, OW_H };

/* spec §3.1: m > 0, h > 0, i >= 0, D > 0; MP = M', D, SD = sqrt(D) at their precision */
static int ow_derived(mpfr_t mp, mpfr_t d, mpfr_t sd, mpfr_srcptr p)
{
    mpfr_t u;
    int st = NHREF_OK;
    if (!all_finite(p, 6))
        return NHREF_EPARAM;
    if (mpfr_sgn(p + OW_M) <= 0 || mpfr_sgn(p + OW_H) <= 0 || mpfr_sgn(p + OW_I) < 0)
        return NHREF_EPARAM;
    mpfr_init2(u, mpfr_get_prec(mp));
    mpfr_sqr(u, p + OW_H, MPFR_RNDN);
    mpfr_div(mp, p + OW_I, u, MPFR_RNDN);
    mpfr_add(mp, mp, p + OW_M, MPFR_RNDN);
    mpfr_mul(d, mp, p + OW_J, MPFR_RNDN);
    mpfr_mul(u, p + OW_M, p + OW_RN, MPFR_RNDN);
    mpfr_sqr(u, u, MPFR_RNDN);
    mpfr_sub(d, d, u, MPFR_RNDN);
    if (mpfr_sgn(d) <= 0)
        st = NHREF_EPARAM;
    else
        mpfr_sqrt(sd, d, MPFR_RNDN);
    mpfr_clear(u);
    return st;
}

struct nhref_oracle_ow {
    mpfr_prec_t prec, wp;
    int uniform;
    mpfr_t x0, y0, phi0, chi0, v0, om0;
    mpfr_t m, rn, rt, h, mp, sd;
    mpfr_t W, lam, s0, gd0, lc0; /* lc0 = ln cosh s0 */
    nhref_oracle_gl_t gl;
};

int nhref_oracle_ow_new(nhref_oracle_ow_t **o, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec,
                        int knife)
{
    nhref_oracle_ow_t *w;
    mpfr_t d, q;
    int st;

    if (o == NULL)
        return NHREF_EINVAL;
    *o = NULL;
    if (p == NULL || prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX / 2)
        return NHREF_EINVAL;
    if (!all_finite(s0, 6))
        return NHREF_EINVAL;
    w = calloc(1, sizeof *w);
    if (w == NULL)
        return NHREF_ENOMEM;
    w->prec = prec;
    w->wp = prec + GUARD;
    mpfr_inits2(w->wp, w->x0, w->y0, w->phi0, w->chi0, w->v0, w->om0, w->m, w->rn, w->rt, w->h,
                w->mp, w->sd, w->W, w->lam, w->s0, w->gd0, w->lc0, d, q, (mpfr_ptr)0);
    st = ow_derived(w->mp, d, w->sd, p);
    if (st == NHREF_OK) {
        mpfr_set(w->x0, s0 + 0, MPFR_RNDN);
        mpfr_set(w->y0, s0 + 1, MPFR_RNDN);
        mpfr_set(w->phi0, s0 + 2, MPFR_RNDN);
        mpfr_set(w->chi0, s0 + 3, MPFR_RNDN);
        mpfr_set(w->v0, s0 + 4, MPFR_RNDN);
        mpfr_set(w->om0, s0 + 5, MPFR_RNDN);
        mpfr_set(w->m, p + OW_M, MPFR_RNDN);
        mpfr_set(w->rn, p + OW_RN, MPFR_RNDN);
        mpfr_set(w->rt, p + OW_RT, MPFR_RNDN);
        mpfr_set(w->h, p + OW_H, MPFR_RNDN);
        w->uniform = knife || mpfr_zero_p(w->om0) || mpfr_zero_p(w->rt);
        if (w->uniform) {
            mpfr_set_nan(w->W);
            mpfr_set_nan(w->lam);
            mpfr_set_nan(w->s0);
        } else {
            /* q0 = (M' v0 + m Rn omega0)/(sqrt(D) omega0) = sinh s0, W = omega0 cosh s0 */
            mpfr_mul(q, w->m, w->rn, MPFR_RNDN);
            mpfr_mul(q, q, w->om0, MPFR_RNDN);
            mpfr_fma(q, w->mp, w->v0, q, MPFR_RNDN);
            mpfr_mul(d, w->sd, w->om0, MPFR_RNDN);
            mpfr_div(q, q, d, MPFR_RNDN);
            mpfr_asinh(w->s0, q, MPFR_RNDN);
            mpfr_atan(w->gd0, q, MPFR_RNDN);
            mpfr_cosh(d, w->s0, MPFR_RNDN);
            mpfr_log(w->lc0, d, MPFR_RNDN);
            mpfr_mul(w->W, w->om0, d, MPFR_RNDN);
            mpfr_mul(w->lam, w->m, w->rt, MPFR_RNDN);
            mpfr_mul(w->lam, w->lam, w->W, MPFR_RNDN);
            mpfr_div(w->lam, w->lam, w->sd, MPFR_RNDN);
            st = nhref_oracle_gl_init(&w->gl, (size_t)(prec / 6 + 12), w->wp);
        }
    }
    mpfr_clears(d, q, (mpfr_ptr)0);
    if (st != NHREF_OK) {
        nhref_oracle_ow_free(w);
        return st;
    }
    *o = w;
    return NHREF_OK;
}

void nhref_oracle_ow_free(nhref_oracle_ow_t *w)
{
    if (w == NULL)
        return;
    mpfr_clears(w->x0, w->y0, w->phi0, w->chi0, w->v0, w->om0, w->m, w->rn, w->rt, w->h, w->mp,
                w->sd, w->W, w->lam, w->s0, w->gd0, w->lc0, (mpfr_ptr)0);
    nhref_oracle_gl_clear(&w->gl);
    free(w);
}

int nhref_oracle_ow_constants(mpfr_ptr c3, const nhref_oracle_ow_t *o)
{
    mpfr_set(c3 + 0, o->W, MPFR_RNDN);
    mpfr_set(c3 + 1, o->lam, MPFR_RNDN);
    mpfr_set(c3 + 2, o->s0, MPFR_RNDN);
    return NHREF_OK;
}

/* (v_tau, omega, phi) at time T; U: 4 temporaries */
static void ow_reduced(nhref_oracle_ow_t *o, mpfr_t v, mpfr_t om, mpfr_t phi, mpfr_t gdiff,
                       mpfr_t s, mpfr_srcptr t, mpfr_t *u)
{
    mpfr_fma(s, o->lam, t, o->s0, MPFR_RNDN);
    mpfr_cosh(u[0], s, MPFR_RNDN);
    mpfr_ui_div(u[0], 1, u[0], MPFR_RNDN); /* sech */
    mpfr_tanh(u[1], s, MPFR_RNDN);
    mpfr_mul(om, o->W, u[0], MPFR_RNDN);
    /* v = (W/M')(sqrt(D) tanh s - m Rn sech s) */
    mpfr_mul(u[2], o->m, o->rn, MPFR_RNDN);
    mpfr_mul(u[2], u[2], u[0], MPFR_RNDN);
    mpfr_mul(u[3], o->sd, u[1], MPFR_RNDN);
    mpfr_sub(u[3], u[3], u[2], MPFR_RNDN);
    mpfr_mul(u[3], u[3], o->W, MPFR_RNDN);
    mpfr_div(v, u[3], o->mp, MPFR_RNDN);
    /* phi = phi0 + (sqrt(D)/(m Rtau)) (gd s - gd s0) */
    mpfr_sinh(u[0], s, MPFR_RNDN);
    mpfr_atan(u[0], u[0], MPFR_RNDN);
    mpfr_sub(gdiff, u[0], o->gd0, MPFR_RNDN);
    mpfr_mul(u[1], o->m, o->rt, MPFR_RNDN);
    mpfr_div(u[1], o->sd, u[1], MPFR_RNDN);
    mpfr_fma(phi, u[1], gdiff, o->phi0, MPFR_RNDN);
}

/* the integrand (-v sin phi, v cos phi) at time T into F[0..1] */
static void ow_integrand(nhref_oracle_ow_t *o, mpfr_t *f, mpfr_srcptr t, mpfr_t *u)
{
    ow_reduced(o, u[4], u[5], u[6], u[7], u[8], t, u);
    mpfr_sin_cos(u[0], u[1], u[6], MPFR_RNDN);
    mpfr_mul(f[0], u[4], u[0], MPFR_RNDN);
    mpfr_neg(f[0], f[0], MPFR_RNDN);
    mpfr_mul(f[1], u[4], u[1], MPFR_RNDN);
}

/* n-point Gauss–Legendre of the integrand on [a, b] into R[0..1] */
static void ow_gl(nhref_oracle_ow_t *o, mpfr_t *r, mpfr_srcptr a, mpfr_srcptr b, mpfr_t *u)
{
    const nhref_oracle_gl_t *gl = &o->gl;
    mpfr_t *mid = u + 9, *half = u + 10, *tt = u + 11, *f = u + 12;
    mpfr_add(*mid, a, b, MPFR_RNDN);
    mpfr_div_2ui(*mid, *mid, 1, MPFR_RNDN);
    mpfr_sub(*half, b, a, MPFR_RNDN);
    mpfr_div_2ui(*half, *half, 1, MPFR_RNDN);
    mpfr_set_zero(r[0], 1);
    mpfr_set_zero(r[1], 1);
    for (size_t i = 0; i < gl->nhalf; i++) {
        int pair = !(gl->n % 2 == 1 && i == gl->nhalf - 1);
        for (int sg = 0; sg < (pair ? 2 : 1); sg++) {
            mpfr_mul(*tt, *half, gl->x[i], MPFR_RNDN);
            if (sg)
                mpfr_neg(*tt, *tt, MPFR_RNDN);
            mpfr_add(*tt, *tt, *mid, MPFR_RNDN);
            ow_integrand(o, f, *tt, u);
            mpfr_fma(r[0], gl->w[i], f[0], r[0], MPFR_RNDN);
            mpfr_fma(r[1], gl->w[i], f[1], r[1], MPFR_RNDN);
        }
    }
    mpfr_mul(r[0], r[0], *half, MPFR_RNDN);
    mpfr_mul(r[1], r[1], *half, MPFR_RNDN);
}

#define OW_MAX_PANELS ((size_t)1 << 20)

/* adaptive composite Gauss–Legendre of the integrand over [0, T] into Z[0..1] */
static int ow_positions(nhref_oracle_ow_t *o, mpfr_t *z, mpfr_srcptr T)
{
    size_t cap = 64, top = 0, panels = 0;
    mpfr_t *stack;
    tmp_t a;
    int st = NHREF_OK;
    double rate = fabs(mpfr_get_d(o->lam, MPFR_RNDN)) + fabs(mpfr_get_d(o->W, MPFR_RNDN));
    size_t n0 = (size_t)ceil(fabs(mpfr_get_d(T, MPFR_RNDN)) * rate) + 1;

    if (tmp_init(&a, 24, o->wp) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v, *whole = a.v + 14, *left = a.v + 16, *right = a.v + 18, *mid = a.v + 20,
           *err = a.v + 21, *tol = a.v + 22;
    mpfr_set_zero(z[0], 1);
    mpfr_set_zero(z[1], 1);
    if (mpfr_zero_p(T)) {
        tmp_clear(&a);
        return NHREF_OK;
    }
    /* a stack of panels [a, b], processed left to right */
    stack = malloc(2 * cap * sizeof *stack);
    if (stack == NULL) {
        tmp_clear(&a);
        return NHREF_ENOMEM;
    }
    for (size_t i = 0; i < 2 * cap; i++)
        mpfr_init2(stack[i], o->wp);
    for (size_t i = n0; i-- > 0;) {
        if (top == cap)
            break;
        mpfr_mul_ui(stack[2 * top], T, (unsigned long)i, MPFR_RNDN);
        mpfr_div_ui(stack[2 * top], stack[2 * top], (unsigned long)n0, MPFR_RNDN);
        mpfr_mul_ui(stack[2 * top + 1], T, (unsigned long)i + 1, MPFR_RNDN);
        mpfr_div_ui(stack[2 * top + 1], stack[2 * top + 1], (unsigned long)n0, MPFR_RNDN);
        top++;
        if (top == cap && i > 0) { /* n0 too large for the stack: start with one panel */
            top = 0;
            mpfr_set_zero(stack[0], 1);
            mpfr_set(stack[1], T, MPFR_RNDN);
            top = 1;
            break;
        }
    }
    while (top > 0 && st == NHREF_OK) {
        mpfr_ptr pa = stack[2 * (top - 1)], pb = stack[2 * (top - 1) + 1];
        if (++panels > OW_MAX_PANELS) {
            st = NHREF_EMAXSTEPS;
            break;
        }
        mpfr_add(*mid, pa, pb, MPFR_RNDN);
        mpfr_div_2ui(*mid, *mid, 1, MPFR_RNDN);
        ow_gl(o, whole, pa, pb, u);
        ow_gl(o, left, pa, *mid, u);
        ow_gl(o, right, *mid, pb, u);
        mpfr_add(left[0], left[0], right[0], MPFR_RNDN);
        mpfr_add(left[1], left[1], right[1], MPFR_RNDN);
        mpfr_sub(*err, whole[0], left[0], MPFR_RNDN);
        mpfr_abs(*err, *err, MPFR_RNDN);
        mpfr_sub(*tol, whole[1], left[1], MPFR_RNDN);
        mpfr_abs(*tol, *tol, MPFR_RNDN);
        mpfr_max(*err, *err, *tol, MPFR_RNDN);
        /* tolerance 2^-(prec + 16) max(1, |panel value|) */
        mpfr_abs(*tol, left[0], MPFR_RNDN);
        mpfr_abs(u[0], left[1], MPFR_RNDN);
        mpfr_max(*tol, *tol, u[0], MPFR_RNDN);
        if (mpfr_cmp_ui(*tol, 1) < 0)
            mpfr_set_ui(*tol, 1, MPFR_RNDN);
        mpfr_mul_2si(*tol, *tol, -(long)(o->prec + 16), MPFR_RNDN);
        if (mpfr_cmp(*err, *tol) <= 0) {
            mpfr_add(z[0], z[0], left[0], MPFR_RNDN);
            mpfr_add(z[1], z[1], left[1], MPFR_RNDN);
            top--;
        } else {
            /* replace [a, b] by [mid, b] then [a, mid] on top */
            if (top == cap) {
                mpfr_t *ns = realloc(stack, 4 * cap * sizeof *stack);
                if (ns == NULL) {
                    st = NHREF_ENOMEM;
                    break;
                }
                stack = ns;
                for (size_t i = 2 * cap; i < 4 * cap; i++)
                    mpfr_init2(stack[i], o->wp);
                cap *= 2;
                pa = stack[2 * (top - 1)];
                pb = stack[2 * (top - 1) + 1];
            }
            mpfr_set(stack[2 * top], pa, MPFR_RNDN);
            mpfr_set(stack[2 * top + 1], *mid, MPFR_RNDN);
            mpfr_set(pa, *mid, MPFR_RNDN);
            top++;
        }
    }
    for (size_t i = 0; i < 2 * cap; i++)
        mpfr_clear(stack[i]);
    free(stack);
    tmp_clear(&a);
    return st;
}

int nhref_oracle_ow_state(mpfr_ptr s, nhref_oracle_ow_t *o, mpfr_srcptr t)
{
    tmp_t a;
    int st = NHREF_OK;

    if (s == NULL || o == NULL || !all_finite(t, 1))
        return NHREF_EINVAL;
    if (tmp_init(&a, 16, o->wp) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v;
    if (o->uniform) {
        /* v, omega constant; phi = phi0 + omega t;
         * int_0^t (sin, cos)(phi0 + omega tau) dtau = (2/omega) sin(omega t/2) (sin, cos)(phi0 + omega t/2) */
        mpfr_mul(u[0], o->om0, t, MPFR_RNDN);
        mpfr_div_2ui(u[1], u[0], 1, MPFR_RNDN);
        mpfr_add(u[2], o->phi0, u[1], MPFR_RNDN);
        mpfr_sin_cos(u[3], u[4], u[2], MPFR_RNDN); /* sin, cos of the mid heading */
        if (mpfr_zero_p(o->om0))
            mpfr_set(u[5], t, MPFR_RNDN);
        else {
            mpfr_sin(u[5], u[1], MPFR_RNDN);
            mpfr_mul_2ui(u[5], u[5], 1, MPFR_RNDN);
            mpfr_div(u[5], u[5], o->om0, MPFR_RNDN); /* chord length factor */
        }
        mpfr_mul(u[5], u[5], o->v0, MPFR_RNDN);
        mpfr_mul(u[6], u[5], u[3], MPFR_RNDN);
        mpfr_sub(s + 0, o->x0, u[6], MPFR_RNDN);
        mpfr_mul(u[6], u[5], u[4], MPFR_RNDN);
        mpfr_add(s + 1, o->y0, u[6], MPFR_RNDN);
        mpfr_add(s + 2, o->phi0, u[0], MPFR_RNDN);
        mpfr_mul(u[6], o->v0, t, MPFR_RNDN);
        mpfr_div(u[6], u[6], o->h, MPFR_RNDN);
        mpfr_sub(s + 3, o->chi0, u[6], MPFR_RNDN);
        mpfr_set(s + 4, o->v0, MPFR_RNDN);
        mpfr_set(s + 5, o->om0, MPFR_RNDN);
    } else {
        mpfr_t *v = u + 4, *om = u + 5, *phi = u + 6, *gd = u + 7, *ss = u + 8, *z = u + 9;
        ow_reduced(o, *v, *om, *phi, *gd, *ss, t, u);
        /* chi = chi0 - (W/(h M' lambda)) [sqrt(D)(ln cosh s - ln cosh s0) - m Rn (gd s - gd s0)] */
        mpfr_cosh(u[0], *ss, MPFR_RNDN);
        mpfr_log(u[0], u[0], MPFR_RNDN);
        mpfr_sub(u[0], u[0], o->lc0, MPFR_RNDN);
        mpfr_mul(u[0], u[0], o->sd, MPFR_RNDN);
        mpfr_mul(u[1], o->m, o->rn, MPFR_RNDN);
        mpfr_mul(u[1], u[1], *gd, MPFR_RNDN);
        mpfr_sub(u[0], u[0], u[1], MPFR_RNDN);
        mpfr_mul(u[0], u[0], o->W, MPFR_RNDN);
        mpfr_mul(u[1], o->h, o->mp, MPFR_RNDN);
        mpfr_mul(u[1], u[1], o->lam, MPFR_RNDN);
        mpfr_div(u[0], u[0], u[1], MPFR_RNDN);
        mpfr_sub(s + 3, o->chi0, u[0], MPFR_RNDN);
        mpfr_set(s + 2, *phi, MPFR_RNDN);
        mpfr_set(s + 4, *v, MPFR_RNDN);
        mpfr_set(s + 5, *om, MPFR_RNDN);
        st = ow_positions(o, z, t);
        mpfr_add(s + 0, o->x0, z[0], MPFR_RNDN);
        mpfr_add(s + 1, o->y0, z[1], MPFR_RNDN);
    }
    tmp_clear(&a);
    return st;
}

int nhref_oracle_ow_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    tmp_t a;
    int st;
    if (I == NULL || !all_finite(s, 6) || !all_finite(t, 1))
        return NHREF_EINVAL;
    if (tmp_init(&a, 8, max_prec(I, 3) + GUARD) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v;
    st = ow_derived(u[0], u[1], u[2], p); /* M', D, sqrt(D) */
    if (st == NHREF_OK) {
        /* E = (M' v^2 + 2 m Rn v omega + j omega^2)/2 */
        mpfr_mul(u[3], p + OW_M, p + OW_RN, MPFR_RNDN); /* m Rn */
        mpfr_sqr(u[4], s + 4, MPFR_RNDN);
        mpfr_mul(u[4], u[4], u[0], MPFR_RNDN);
        mpfr_mul(u[5], s + 4, s + 5, MPFR_RNDN);
        mpfr_mul(u[5], u[5], u[3], MPFR_RNDN);
        mpfr_mul_2ui(u[5], u[5], 1, MPFR_RNDN);
        mpfr_add(u[4], u[4], u[5], MPFR_RNDN);
        mpfr_sqr(u[5], s + 5, MPFR_RNDN);
        mpfr_fma(u[4], u[5], p + OW_J, u[4], MPFR_RNDN);
        mpfr_div_2ui(I + 0, u[4], 1, MPFR_RNDN);
        if (mpfr_zero_p(s + 5)) {
            mpfr_set_nan(I + 1);
            mpfr_set_nan(I + 2);
        } else {
            /* q = (M' v + m Rn omega)/(sqrt(D) omega) */
            mpfr_mul(u[4], u[3], s + 5, MPFR_RNDN);
            mpfr_fma(u[4], u[0], s + 4, u[4], MPFR_RNDN);
            mpfr_mul(u[5], u[2], s + 5, MPFR_RNDN);
            mpfr_div(u[4], u[4], u[5], MPFR_RNDN); /* q */
            mpfr_mul(u[6], p + OW_M, p + OW_RT, MPFR_RNDN);
            mpfr_div(u[6], u[6], u[2], MPFR_RNDN); /* m Rtau / sqrt(D) */
            mpfr_atan(u[5], u[4], MPFR_RNDN);
            mpfr_mul(u[7], u[6], s + 2, MPFR_RNDN);
            mpfr_sub(I + 1, u[5], u[7], MPFR_RNDN);
            /* s0 = asinh q - (m Rtau/sqrt(D)) omega sqrt(1 + q^2) t */
            mpfr_asinh(u[5], u[4], MPFR_RNDN);
            mpfr_sqr(u[7], u[4], MPFR_RNDN);
            mpfr_add_ui(u[7], u[7], 1, MPFR_RNDN);
            mpfr_sqrt(u[7], u[7], MPFR_RNDN);
            mpfr_mul(u[7], u[7], s + 5, MPFR_RNDN);
            mpfr_mul(u[7], u[7], u[6], MPFR_RNDN);
            mpfr_mul(u[7], u[7], t, MPFR_RNDN);
            mpfr_sub(I + 2, u[5], u[7], MPFR_RNDN);
        }
    }
    tmp_clear(&a);
    return st == NHREF_OK ? NHREF_OK : NHREF_EPARAM;
}

int nhref_oracle_ow_multipliers(mpfr_ptr lam, mpfr_srcptr p, mpfr_srcptr v2, mpfr_srcptr om)
{
    tmp_t a;
    int st;
    if (lam == NULL || !all_finite(v2, 1) || !all_finite(om, 1))
        return NHREF_EINVAL;
    if (tmp_init(&a, 8, max_prec(lam, 2) + GUARD) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v;
    st = ow_derived(u[0], u[1], u[2], p);
    if (st == NHREF_OK) {
        mpfr_t *m = &u[3];
        mpfr_set(*m, p + OW_M, MPFR_RNDN);
        /* lambda1 = -m omega [Rn omega (D - m^2 Rtau^2) + v2 (D - m Rtau^2 M')] / D */
        mpfr_mul(u[4], *m, p + OW_RT, MPFR_RNDN);
        mpfr_sqr(u[4], u[4], MPFR_RNDN);
        mpfr_sub(u[4], u[1], u[4], MPFR_RNDN);
        mpfr_mul(u[4], u[4], p + OW_RN, MPFR_RNDN);
        mpfr_mul(u[4], u[4], om, MPFR_RNDN);
        mpfr_sqr(u[5], p + OW_RT, MPFR_RNDN);
        mpfr_mul(u[5], u[5], *m, MPFR_RNDN);
        mpfr_mul(u[5], u[5], u[0], MPFR_RNDN);
        mpfr_sub(u[5], u[1], u[5], MPFR_RNDN);
        mpfr_fma(u[4], u[5], v2, u[4], MPFR_RNDN);
        mpfr_mul(u[4], u[4], *m, MPFR_RNDN);
        mpfr_mul(u[4], u[4], om, MPFR_RNDN);
        mpfr_div(u[4], u[4], u[1], MPFR_RNDN);
        mpfr_neg(lam + 0, u[4], MPFR_RNDN);
        /* lambda2 = -i m Rtau omega (m Rn v2 + j omega) / (h^2 D) */
        mpfr_mul(u[4], *m, p + OW_RN, MPFR_RNDN);
        mpfr_mul(u[4], u[4], v2, MPFR_RNDN);
        mpfr_fma(u[4], p + OW_J, om, u[4], MPFR_RNDN);
        mpfr_mul(u[4], u[4], om, MPFR_RNDN);
        mpfr_mul(u[4], u[4], p + OW_RT, MPFR_RNDN);
        mpfr_mul(u[4], u[4], *m, MPFR_RNDN);
        mpfr_mul(u[4], u[4], p + OW_I, MPFR_RNDN);
        mpfr_sqr(u[5], p + OW_H, MPFR_RNDN);
        mpfr_mul(u[5], u[5], u[1], MPFR_RNDN);
        mpfr_div(u[4], u[4], u[5], MPFR_RNDN);
        mpfr_neg(lam + 1, u[4], MPFR_RNDN);
    }
    tmp_clear(&a);
    return st;
}

/* T of the one-wheeled vehicle with velocities (v1, v2, omega) and spin rate
 * CHID (NULL: not included) and mass MASS (m, or M' for the substituted forms) */
static void ow_energy(mpfr_ptr E, mpfr_srcptr p, mpfr_srcptr mass_v2, mpfr_srcptr v1,
                      mpfr_srcptr v2, mpfr_srcptr om, mpfr_srcptr chid, mpfr_prec_t wp)
{
    mpfr_t a, b;
    mpfr_inits2(wp, a, b, (mpfr_ptr)0);
    /* m v1^2 + mass_v2 v2^2 + 2 m omega (Rn v2 - Rtau v1) + j omega^2 + i chid^2, halved */
    mpfr_sqr(a, v1, MPFR_RNDN);
    mpfr_mul(a, a, p + OW_M, MPFR_RNDN);
    mpfr_sqr(b, v2, MPFR_RNDN);
    mpfr_fma(a, b, mass_v2, a, MPFR_RNDN);
    mpfr_mul(b, p + OW_RN, v2, MPFR_RNDN);
    mpfr_fms(b, p + OW_RT, v1, b, MPFR_RNDN); /* Rtau v1 - Rn v2 */
    mpfr_mul(b, b, om, MPFR_RNDN);
    mpfr_mul(b, b, p + OW_M, MPFR_RNDN);
    mpfr_mul_2ui(b, b, 1, MPFR_RNDN);
    mpfr_sub(a, a, b, MPFR_RNDN);
    mpfr_sqr(b, om, MPFR_RNDN);
    mpfr_fma(a, b, p + OW_J, a, MPFR_RNDN);
    if (chid != NULL) {
        mpfr_sqr(b, chid, MPFR_RNDN);
        mpfr_fma(a, b, p + OW_I, a, MPFR_RNDN);
    }
    mpfr_div_2ui(E, a, 1, MPFR_RNDN);
    mpfr_clears(a, b, (mpfr_ptr)0);
}

int nhref_oracle_hhb_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    (void)t;
    if (I == NULL || !all_finite(s, 8))
        return NHREF_EINVAL;
    if (!all_finite(p, 6))
        return NHREF_EPARAM;
    wp = max_prec(I, 3) + GUARD;
    ow_energy(I + 0, p, p + OW_M, s + 4, s + 5, s + 6, s + 7, wp);
    mpfr_set(I + 1, s + 4, MPFR_RNDN);
    mpfr_fma(I + 2, p + OW_H, s + 7, s + 5, MPFR_RNDN);
    return NHREF_OK;
}

int nhref_oracle_hhb_spin_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_t mp, d, sd;
    int st;
    (void)t;
    if (I == NULL || !all_finite(s, 7))
        return NHREF_EINVAL;
    mpfr_inits2(max_prec(I, 2) + GUARD, mp, d, sd, (mpfr_ptr)0);
    st = ow_derived(mp, d, sd, p);
    if (st == NHREF_OK) {
        ow_energy(I + 0, p, mp, s + 4, s + 5, s + 6, NULL, mpfr_get_prec(mp));
        mpfr_set(I + 1, s + 4, MPFR_RNDN);
    }
    mpfr_clears(mp, d, sd, (mpfr_ptr)0);
    return st;
}

int nhref_oracle_hhb_knife_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_t mp, d, sd, z;
    int st;
    (void)t;
    if (I == NULL || !all_finite(s, 6))
        return NHREF_EINVAL;
    mpfr_inits2(max_prec(I, 3) + GUARD, mp, d, sd, z, (mpfr_ptr)0);
    st = ow_derived(mp, d, sd, p);
    if (st == NHREF_OK) {
        mpfr_set_zero(z, 1);
        ow_energy(I + 0, p, mp, z, s + 4, s + 5, NULL, mpfr_get_prec(mp));
        /* P2 = M' v + m Rn omega, Pomega = m Rn v + j omega */
        mpfr_mul(d, p + OW_M, p + OW_RN, MPFR_RNDN);
        mpfr_mul(sd, d, s + 5, MPFR_RNDN);
        mpfr_fma(I + 1, mp, s + 4, sd, MPFR_RNDN);
        mpfr_mul(sd, p + OW_J, s + 5, MPFR_RNDN);
        mpfr_fma(I + 2, d, s + 4, sd, MPFR_RNDN);
    }
    mpfr_clears(mp, d, sd, z, (mpfr_ptr)0);
    return st;
}

/* ================================================================== two symmetric links */
enum { TL_M, TL_JC, TL_A, TL_B1, TL_B2, TL_C1, TL_C2, TL_H, TL_L };

/* W(psi1, psi2) of spec §4.5 into w[0..2]; u: 4 temporaries */
static void tl_W(mpfr_t *w, mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2, mpfr_t *u)
{
    mpfr_sin_cos(u[0], u[1], psi1, MPFR_RNDN); /* s1, c1 */
    mpfr_sin_cos(u[2], u[3], psi2, MPFR_RNDN); /* s2, c2 */
    mpfr_mul(w[0], u[0], u[3], MPFR_RNDN);
    mpfr_mul(w[0], w[0], p + TL_B2, MPFR_RNDN);
    mpfr_mul(w[1], u[1], u[2], MPFR_RNDN);
    mpfr_fma(w[0], w[1], p + TL_B1, w[0], MPFR_RNDN);
    mpfr_add(w[1], p + TL_B1, p + TL_B2, MPFR_RNDN);
    mpfr_mul(w[1], w[1], u[1], MPFR_RNDN);
    mpfr_mul(w[1], w[1], u[3], MPFR_RNDN);
    mpfr_neg(w[1], w[1], MPFR_RNDN);
    mpfr_sub(w[2], psi2, psi1, MPFR_RNDN);
    mpfr_sin(w[2], w[2], MPFR_RNDN);
}

/* Q = m (W1^2 + (W2 + a W3)^2) + J_c W3^2 */
static void tl_Qw(mpfr_t q, mpfr_srcptr p, mpfr_t *w, mpfr_t *u)
{
    mpfr_fma(u[0], p + TL_A, w[2], w[1], MPFR_RNDN);
    mpfr_sqr(u[0], u[0], MPFR_RNDN);
    mpfr_fma(u[0], w[0], w[0], u[0], MPFR_RNDN);
    mpfr_mul(u[0], u[0], p + TL_M, MPFR_RNDN);
    mpfr_sqr(u[1], w[2], MPFR_RNDN);
    mpfr_fma(q, u[1], p + TL_JC, u[0], MPFR_RNDN);
}

static int tl_check(mpfr_srcptr p)
{
    if (!all_finite(p, 9))
        return NHREF_EPARAM;
    if (mpfr_sgn(p + TL_M) <= 0 || mpfr_sgn(p + TL_JC) <= 0 || mpfr_sgn(p + TL_H) <= 0)
        return NHREF_EPARAM;
    return NHREF_OK;
}

int nhref_oracle_tl_initial(mpfr_ptr s, mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2,
                            mpfr_srcptr u0, mpfr_srcptr xyphi)
{
    tmp_t a;
    if (s == NULL || tl_check(p) != NHREF_OK || !all_finite(psi1, 1) || !all_finite(psi2, 1) ||
        !all_finite(u0, 1))
        return NHREF_EINVAL;
    if (tmp_init(&a, 8, max_prec(s, 12) + GUARD) != NHREF_OK)
        return NHREF_ENOMEM;
    tl_W(a.v, p, psi1, psi2, a.v + 3);
    for (int i = 0; i < 3; i++) {
        if (xyphi != NULL)
            mpfr_set(s + i, xyphi + i, MPFR_RNDN);
        else
            mpfr_set_zero(s + i, 1);
        mpfr_mul(s + 5 + i, a.v[i], u0, MPFR_RNDN);
    }
    mpfr_set(s + 3, psi1, MPFR_RNDN);
    mpfr_set(s + 4, psi2, MPFR_RNDN);
    for (int i = 8; i < 12; i++)
        mpfr_set_zero(s + i, 1);
    tmp_clear(&a);
    return NHREF_OK;
}

int nhref_oracle_tl_Q(mpfr_ptr q, mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2)
{
    tmp_t a;
    if (q == NULL || tl_check(p) != NHREF_OK || !all_finite(psi1, 1) || !all_finite(psi2, 1))
        return NHREF_EINVAL;
    if (tmp_init(&a, 8, mpfr_get_prec(q) + GUARD) != NHREF_OK)
        return NHREF_ENOMEM;
    tl_W(a.v, p, psi1, psi2, a.v + 3);
    tl_Qw(a.v[7], p, a.v, a.v + 3);
    mpfr_set(q, a.v[7], MPFR_RNDN);
    tmp_clear(&a);
    return NHREF_OK;
}

int nhref_oracle_tl_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    tmp_t a;
    enum { X, Y, PHI, P1, P2, V1, V2, OM, X11, X12, X21, X22 };
    if (I == NULL || !all_finite(s, 12) || !all_finite(t, 1))
        return NHREF_EINVAL;
    if (tl_check(p) != NHREF_OK)
        return NHREF_EPARAM;
    if (tmp_init(&a, 12, max_prec(I, 7) + GUARD) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v;
    /* E = m (v1^2 + (v2 + a omega)^2)/2 + J_c omega^2/2 */
    mpfr_fma(u[0], p + TL_A, s + OM, s + V2, MPFR_RNDN);
    mpfr_sqr(u[0], u[0], MPFR_RNDN);
    mpfr_fma(u[0], s + V1, s + V1, u[0], MPFR_RNDN);
    mpfr_mul(u[0], u[0], p + TL_M, MPFR_RNDN);
    mpfr_sqr(u[1], s + OM, MPFR_RNDN);
    mpfr_fma(u[0], u[1], p + TL_JC, u[0], MPFR_RNDN);
    mpfr_div_2ui(I + 0, u[0], 1, MPFR_RNDN);
    /* f1 = (v1 - b1 omega) c1 + v2 s1, f2 = (v1 + b2 omega) c2 + v2 s2 */
    for (int k = 0; k < 2; k++) {
        mpfr_sin_cos(u[2], u[3], s + P1 + k, MPFR_RNDN);
        mpfr_mul(u[4], p + (k == 0 ? TL_B1 : TL_B2), s + OM, MPFR_RNDN);
        if (k == 0)
            mpfr_sub(u[4], s + V1, u[4], MPFR_RNDN);
        else
            mpfr_add(u[4], s + V1, u[4], MPFR_RNDN);
        mpfr_mul(u[4], u[4], u[3], MPFR_RNDN);
        mpfr_fma(I + 1 + k, s + V2, u[2], u[4], MPFR_RNDN);
    }
    /* delta0 = psi1 - psi2 - (C1 - C2) t */
    mpfr_sub(u[0], p + TL_C1, p + TL_C2, MPFR_RNDN);
    mpfr_mul(u[0], u[0], t, MPFR_RNDN);
    mpfr_sub(u[1], s + P1, s + P2, MPFR_RNDN);
    mpfr_sub(I + 3, u[1], u[0], MPFR_RNDN);
    /* w_k = chi_k1 - chi_k2 + 2 l C_k t / h */
    for (int k = 0; k < 2; k++) {
        mpfr_mul(u[0], p + TL_L, p + (k == 0 ? TL_C1 : TL_C2), MPFR_RNDN);
        mpfr_mul(u[0], u[0], t, MPFR_RNDN);
        mpfr_mul_2ui(u[0], u[0], 1, MPFR_RNDN);
        mpfr_div(u[0], u[0], p + TL_H, MPFR_RNDN);
        mpfr_sub(u[1], s + X11 + 2 * k, s + X12 + 2 * k, MPFR_RNDN);
        mpfr_add(I + 4 + k, u[1], u[0], MPFR_RNDN);
    }
    /* K = omega sqrt(Q) */
    tl_W(u, p, s + P1, s + P2, u + 3);
    tl_Qw(u[7], p, u, u + 3);
    mpfr_sqrt(u[7], u[7], MPFR_RNDN);
    mpfr_mul(I + 6, u[7], s + OM, MPFR_RNDN);
    tmp_clear(&a);
    return NHREF_OK;
}

/* Qh(psi) = Q(psi, psi - delta) */
static void tl_Qh(mpfr_t q, mpfr_srcptr p, mpfr_srcptr psi, mpfr_srcptr delta, mpfr_t *u)
{
    mpfr_sub(u[8], psi, delta, MPFR_RNDN);
    tl_W(u, p, psi, u[8], u + 3);
    tl_Qw(q, p, u, u + 3);
}

int nhref_oracle_tl_quadrature(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2,
                               mpfr_srcptr omega0)
{
    mpfr_prec_t wp;
    tmp_t a;
    int st = NHREF_OK, sign_change = 0, gsign = 0;
    size_t n = 64;

    if (out == NULL || tl_check(p) != NHREF_OK || !all_finite(psi1, 1) || !all_finite(psi2, 1) ||
        !all_finite(omega0, 1) || !mpfr_equal_p(p + TL_C1, p + TL_C2))
        return NHREF_EINVAL;
    wp = max_prec(out, 4) + GUARD;
    if (tmp_init(&a, 24, wp) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v, *delta = u + 10, *K = u + 11, *sum = u + 12, *old = u + 15, *psi = u + 18,
           *q = u + 19, *g = u + 20, *pi = u + 21, *h = u + 22, *sq = u + 23;
    mpfr_sub(*delta, psi1, psi2, MPFR_RNDN);
    tl_W(u, p, psi1, psi2, u + 3);
    tl_Qw(*q, p, u, u + 3);
    mpfr_sqrt(*q, *q, MPFR_RNDN);
    mpfr_mul(*K, omega0, *q, MPFR_RNDN);
    mpfr_const_pi(*pi, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_set_zero(sum[i], 1);
    /* trapezoidal rule on [0, pi) with n points, doubling: new points are the odd ones */
    for (size_t level = 0;; level++) {
        size_t step = level == 0 ? 1 : 2, first = level == 0 ? 0 : 1;
        mpfr_t *acc = old; /* reuse old[] as the sums of the new points */
        for (int i = 0; i < 3; i++)
            mpfr_set_zero(acc[i], 1);
        for (size_t j = first; j < n; j += step) {
            mpfr_mul_ui(*psi, *pi, (unsigned long)j, MPFR_RNDN);
            mpfr_div_ui(*psi, *psi, (unsigned long)n, MPFR_RNDN);
            tl_Qh(*q, p, *psi, *delta, u);
            mpfr_sqrt(*sq, *q, MPFR_RNDN);
            mpfr_div(*h, *K, *sq, MPFR_RNDN);   /* omega = K / sqrt(Qh) */
            mpfr_sub(*g, p + TL_C1, *h, MPFR_RNDN);
            if (gsign == 0)
                gsign = mpfr_sgn(*g);
            if (mpfr_sgn(*g) != gsign)
                sign_change = 1;
            mpfr_abs(*g, *g, MPFR_RNDN);
            mpfr_add(acc[2], acc[2], *sq, MPFR_RNDN);
            if (!mpfr_zero_p(*g)) {
                mpfr_ui_div(*g, 1, *g, MPFR_RNDN);
                mpfr_add(acc[0], acc[0], *g, MPFR_RNDN);
                mpfr_fma(acc[1], *h, *g, acc[1], MPFR_RNDN);
            } else
                sign_change = 1;
        }
        /* sums over all n points: S_n = S_{n/2} + new */
        {
            int done = level > 0;
            for (int i = 0; i < 3; i++) {
                /* previous estimate I_prev = sum[i] * pi / (n/2); new estimate (sum + acc) pi / n */
                mpfr_t prev, cur, diff;
                mpfr_inits2(wp, prev, cur, diff, (mpfr_ptr)0);
                mpfr_mul(prev, sum[i], *pi, MPFR_RNDN);
                mpfr_div_ui(prev, prev, (unsigned long)(level == 0 ? 1 : n / 2), MPFR_RNDN);
                mpfr_add(sum[i], sum[i], acc[i], MPFR_RNDN);
                mpfr_mul(cur, sum[i], *pi, MPFR_RNDN);
                mpfr_div_ui(cur, cur, (unsigned long)n, MPFR_RNDN);
                mpfr_sub(diff, cur, prev, MPFR_RNDN);
                if (!mpfr_zero_p(diff) &&
                    mpfr_get_exp(diff) > mpfr_get_exp(cur) - (mpfr_exp_t)(wp - GUARD + 8))
                    done = 0;
                mpfr_clears(prev, cur, diff, (mpfr_ptr)0);
            }
            if (done || sign_change)
                break;
        }
        if (n >= ((size_t)1 << 22)) {
            st = NHREF_ENOCONV;
            break;
        }
        n *= 2;
    }
    if (st == NHREF_OK) {
        for (int i = 0; i < 3; i++) {
            mpfr_mul(sum[i], sum[i], *pi, MPFR_RNDN);
            mpfr_div_ui(sum[i], sum[i], (unsigned long)n, MPFR_RNDN);
        }
        if (sign_change) {
            mpfr_set_nan(out + 0);
            mpfr_set_nan(out + 1);
        } else {
            mpfr_set(out + 0, sum[0], MPFR_RNDN);
            mpfr_set(out + 1, sum[1], MPFR_RNDN);
        }
        /* T_pi = int sqrt(Qh) / (|omega0| sqrt(Q0)) */
        mpfr_abs(*h, *K, MPFR_RNDN);
        mpfr_div(out + 2, sum[2], *h, MPFR_RNDN);
        mpfr_set(out + 3, *K, MPFR_RNDN);
    }
    tmp_clear(&a);
    return st;
}

int nhref_oracle_tl_equilibria(mpfr_ptr roots, int *stable, size_t max, size_t *nroots,
                               mpfr_srcptr p, mpfr_srcptr psi1, mpfr_srcptr psi2,
                               mpfr_srcptr omega0)
{
    enum { GRID = 4096 };
    mpfr_prec_t wp;
    tmp_t a;
    int prev_sign = 0;

    if (nroots == NULL || (max > 0 && (roots == NULL || stable == NULL)) ||
        tl_check(p) != NHREF_OK || !all_finite(psi1, 1) || !all_finite(psi2, 1) ||
        !all_finite(omega0, 1) || !mpfr_equal_p(p + TL_C1, p + TL_C2))
        return NHREF_EINVAL;
    *nroots = 0;
    wp = (max > 0 ? max_prec(roots, max) : 64) + GUARD;
    if (tmp_init(&a, 20, wp) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v, *delta = u + 10, *K = u + 11, *pi = u + 12, *lo = u + 13, *hi = u + 14,
           *mid = u + 15, *q = u + 16, *gv = u + 17;
    mpfr_sub(*delta, psi1, psi2, MPFR_RNDN);
    tl_W(u, p, psi1, psi2, u + 3);
    tl_Qw(*q, p, u, u + 3);
    mpfr_sqrt(*q, *q, MPFR_RNDN);
    mpfr_mul(*K, omega0, *q, MPFR_RNDN);
    mpfr_const_pi(*pi, MPFR_RNDN);
#define G_AT(x)                                                                                    \
    (tl_Qh(*q, p, (x), *delta, u), mpfr_sqrt(*q, *q, MPFR_RNDN), mpfr_div(*q, *K, *q, MPFR_RNDN), \
     mpfr_sub(*gv, p + TL_C1, *q, MPFR_RNDN), mpfr_sgn(*gv))
    for (size_t j = 0; j <= GRID; j++) {
        int sg;
        mpfr_mul_ui(*hi, *pi, (unsigned long)j, MPFR_RNDN);
        mpfr_div_ui(*hi, *hi, GRID, MPFR_RNDN);
        sg = G_AT(*hi);
        if (j > 0 && sg != prev_sign && prev_sign != 0) {
            int slo = prev_sign;
            mpfr_mul_ui(*lo, *pi, (unsigned long)j - 1, MPFR_RNDN);
            mpfr_div_ui(*lo, *lo, GRID, MPFR_RNDN);
            for (mpfr_prec_t it = 0; it < wp; it++) {
                int sm;
                mpfr_add(*mid, *lo, *hi, MPFR_RNDN);
                mpfr_div_2ui(*mid, *mid, 1, MPFR_RNDN);
                if (mpfr_equal_p(*mid, *lo) || mpfr_equal_p(*mid, *hi))
                    break;
                sm = G_AT(*mid);
                if (sm == 0) {
                    mpfr_set(*lo, *mid, MPFR_RNDN);
                    mpfr_set(*hi, *mid, MPFR_RNDN);
                    break;
                }
                if (sm == slo)
                    mpfr_set(*lo, *mid, MPFR_RNDN);
                else
                    mpfr_set(*hi, *mid, MPFR_RNDN);
            }
            if (*nroots < max) {
                mpfr_add(*mid, *lo, *hi, MPFR_RNDN);
                mpfr_div_2ui(roots + *nroots, *mid, 1, MPFR_RNDN);
                stable[*nroots] = slo > 0; /* g goes from + to -: g' < 0, attracting */
            }
            (*nroots)++;
            mpfr_mul_ui(*hi, *pi, (unsigned long)j, MPFR_RNDN);
            mpfr_div_ui(*hi, *hi, GRID, MPFR_RNDN);
            sg = G_AT(*hi);
        }
        if (sg != 0)
            prev_sign = sg;
    }
#undef G_AT
    if (*nroots > max)
        *nroots = max;
    tmp_clear(&a);
    return NHREF_OK;
}

int nhref_oracle_tl_trammel_centre(mpfr_ptr o, mpfr_srcptr p, mpfr_srcptr s)
{
    tmp_t a;
    int st = NHREF_OK;
    if (o == NULL || tl_check(p) != NHREF_OK || !all_finite(s, 12))
        return NHREF_EINVAL;
    if (tmp_init(&a, 16, max_prec(o, 2) + GUARD) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v;
    /* hinge k at (X, Y) + Q(phi) r_k, r_1 = (0, b1), r_2 = (0, -b2): Q(phi)(0, b) = b (-sin phi, cos phi) */
    mpfr_sin_cos(u[0], u[1], s + 2, MPFR_RNDN);
    mpfr_mul(u[2], p + TL_B1, u[0], MPFR_RNDN);
    mpfr_sub(u[2], s + 0, u[2], MPFR_RNDN); /* P1x */
    mpfr_fma(u[3], p + TL_B1, u[1], s + 1, MPFR_RNDN); /* P1y */
    mpfr_fma(u[4], p + TL_B2, u[0], s + 0, MPFR_RNDN); /* P2x = X + b2 sin phi */
    mpfr_mul(u[5], p + TL_B2, u[1], MPFR_RNDN);
    mpfr_sub(u[5], s + 1, u[5], MPFR_RNDN); /* P2y = Y - b2 cos phi */
    /* directions d_k = (-sin(phi + psi_k), cos(phi + psi_k)) */
    mpfr_add(u[6], s + 2, s + 3, MPFR_RNDN);
    mpfr_sin_cos(u[6], u[7], u[6], MPFR_RNDN);
    mpfr_neg(u[6], u[6], MPFR_RNDN); /* d1 = (u6, u7) */
    mpfr_add(u[8], s + 2, s + 4, MPFR_RNDN);
    mpfr_sin_cos(u[8], u[9], u[8], MPFR_RNDN);
    mpfr_neg(u[8], u[8], MPFR_RNDN); /* d2 = (u8, u9) */
    /* P1 + alpha d1 = P2 + beta d2: alpha = (D x d2)/(d1 x d2), D = P2 - P1 */
    mpfr_mul(u[10], u[6], u[9], MPFR_RNDN);
    mpfr_mul(u[11], u[7], u[8], MPFR_RNDN);
    mpfr_sub(u[10], u[10], u[11], MPFR_RNDN); /* d1 x d2 */
    if (mpfr_zero_p(u[10]))
        st = NHREF_EDOMAIN;
    else {
        mpfr_sub(u[12], u[4], u[2], MPFR_RNDN);
        mpfr_sub(u[13], u[5], u[3], MPFR_RNDN);
        mpfr_mul(u[14], u[12], u[9], MPFR_RNDN);
        mpfr_mul(u[15], u[13], u[8], MPFR_RNDN);
        mpfr_sub(u[14], u[14], u[15], MPFR_RNDN);
        mpfr_div(u[14], u[14], u[10], MPFR_RNDN); /* alpha */
        mpfr_fma(o + 0, u[14], u[6], u[2], MPFR_RNDN);
        mpfr_fma(o + 1, u[14], u[7], u[3], MPFR_RNDN);
    }
    tmp_clear(&a);
    return st;
}

/* ================================================================== general vehicle */
enum { GV_MF, GV_IF, GV_RF1, GV_RF2, GV_R11, GV_R12, GV_R21, GV_R22, GV_LINK1 };
enum { L_M, L_J, L_R0A, L_R0B, L_RHON, L_RHOT, L_H, L_L, L_I, L_N };
#define GVL(k) (GV_LINK1 + L_N * (k))

int nhref_oracle_gv_skate_params(mpfr_ptr out, mpfr_srcptr p)
{
    tmp_t a;
    if (out == NULL || !all_finite(p, 26))
        return NHREF_EINVAL;
    if (tmp_init(&a, 4, max_prec(out, 8) + GUARD) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v;
    for (int k = 0; k < 2; k++) {
        mpfr_srcptr q = p + GVL(k);
        if (mpfr_zero_p(q + L_H)) {
            tmp_clear(&a);
            return NHREF_EINVAL;
        }
        mpfr_sqr(u[0], q + L_H, MPFR_RNDN);
        mpfr_div(u[0], q + L_I, u[0], MPFR_RNDN);
        mpfr_mul_2ui(u[0], u[0], 1, MPFR_RNDN); /* 2 i / h^2 */
        mpfr_add(out + 4 * k + 0, q + L_M, u[0], MPFR_RNDN);
        mpfr_mul(u[1], q + L_M, q + L_R0A, MPFR_RNDN);
        mpfr_fma(out + 4 * k + 1, u[0], q + L_RHON, u[1], MPFR_RNDN);
        mpfr_mul(u[1], q + L_M, q + L_R0B, MPFR_RNDN);
        mpfr_fma(out + 4 * k + 2, u[0], q + L_RHOT, u[1], MPFR_RNDN);
        mpfr_sqr(u[1], q + L_RHON, MPFR_RNDN);
        mpfr_fma(u[1], q + L_RHOT, q + L_RHOT, u[1], MPFR_RNDN);
        mpfr_fma(u[1], q + L_L, q + L_L, u[1], MPFR_RNDN);
        mpfr_fma(out + 4 * k + 3, u[0], u[1], q + L_J, MPFR_RNDN);
    }
    tmp_clear(&a);
    return NHREF_OK;
}

/* state indices of the two models */
typedef struct {
    int psi, v, chi, chid; /* chid < 0: skate model (no spin rates) */
} gv_layout_t;
static const gv_layout_t GV_FULL = {3, 9, 5, 14}, GV_SKATE = {3, 5, 10, -1};

/* velocities of link k: vk = v + omega ez x r_k, (vk, n_k), (vk, tau_k), omega_k */
static void gv_link_kin(mpfr_t *vk, mpfr_t *vn, mpfr_t *vt, mpfr_t *omk, mpfr_t *c, mpfr_t *s,
                        mpfr_srcptr p, mpfr_srcptr st, const gv_layout_t *L, int k)
{
    mpfr_srcptr r1 = p + (k == 0 ? GV_R11 : GV_R21), r2 = p + (k == 0 ? GV_R12 : GV_R22);
    mpfr_srcptr v1 = st + L->v, v2 = st + L->v + 1, om = st + L->v + 2;
    mpfr_sin_cos(*s, *c, st + L->psi + k, MPFR_RNDN);
    mpfr_mul(vk[0], om, r2, MPFR_RNDN);
    mpfr_sub(vk[0], v1, vk[0], MPFR_RNDN);
    mpfr_fma(vk[1], om, r1, v2, MPFR_RNDN);
    mpfr_mul(*vn, vk[0], *c, MPFR_RNDN);
    mpfr_fma(*vn, vk[1], *s, *vn, MPFR_RNDN);
    mpfr_mul(*vt, vk[1], *c, MPFR_RNDN);
    mpfr_mul(*omk, vk[0], *s, MPFR_RNDN);
    mpfr_sub(*vt, *vt, *omk, MPFR_RNDN);
    mpfr_add(*omk, om, st + L->v + 3 + k, MPFR_RNDN);
}

/* kinetic energy from the vector form (spec §2.3): masses (mu_k, first moment
 * S0_k in link axes, J_k) are the full model's or the skate model's */
static void gv_energy(mpfr_t T, mpfr_srcptr p, mpfr_srcptr st, const gv_layout_t *L, int skate,
                      mpfr_prec_t wp)
{
    tmp_t a;
    tmp_init(&a, 20, wp);
    mpfr_t *u = a.v, *vk = u + 10, *sk = u + 12;
    mpfr_srcptr v1 = st + L->v, v2 = st + L->v + 1, om = st + L->v + 2;
    /* platform: m_f |v|^2/2 + m_f omega (R_f x v) + I_f omega^2/2 */
    mpfr_sqr(u[0], v1, MPFR_RNDN);
    mpfr_fma(u[0], v2, v2, u[0], MPFR_RNDN);
    mpfr_mul(u[0], u[0], p + GV_MF, MPFR_RNDN);
    mpfr_mul(u[1], p + GV_RF1, v2, MPFR_RNDN);
    mpfr_mul(u[2], p + GV_RF2, v1, MPFR_RNDN);
    mpfr_sub(u[1], u[1], u[2], MPFR_RNDN);
    mpfr_mul(u[1], u[1], om, MPFR_RNDN);
    mpfr_mul(u[1], u[1], p + GV_MF, MPFR_RNDN);
    mpfr_mul_2ui(u[1], u[1], 1, MPFR_RNDN);
    mpfr_add(u[0], u[0], u[1], MPFR_RNDN);
    mpfr_sqr(u[1], om, MPFR_RNDN);
    mpfr_fma(u[0], u[1], p + GV_IF, u[0], MPFR_RNDN); /* 2 T so far */
    for (int k = 0; k < 2; k++) {
        mpfr_srcptr q = p + GVL(k);
        mpfr_t *c = u + 3, *s = u + 4, *vn = u + 5, *vt = u + 6, *omk = u + 7, *mu = u + 8,
               *J = u + 9;
        gv_link_kin(vk, vn, vt, omk, c, s, p, st, L, k);
        mpfr_set(*mu, q + L_M, MPFR_RNDN);
        mpfr_mul(sk[0], q + L_M, q + L_R0A, MPFR_RNDN);
        mpfr_mul(sk[1], q + L_M, q + L_R0B, MPFR_RNDN);
        mpfr_set(*J, q + L_J, MPFR_RNDN);
        if (skate) {
            mpfr_t *am = u + 14, *w = u + 15;
            mpfr_sqr(*am, q + L_H, MPFR_RNDN);
            mpfr_div(*am, q + L_I, *am, MPFR_RNDN);
            mpfr_mul_2ui(*am, *am, 1, MPFR_RNDN);
            mpfr_add(*mu, *mu, *am, MPFR_RNDN);
            mpfr_fma(sk[0], *am, q + L_RHON, sk[0], MPFR_RNDN);
            mpfr_fma(sk[1], *am, q + L_RHOT, sk[1], MPFR_RNDN);
            mpfr_sqr(*w, q + L_RHON, MPFR_RNDN);
            mpfr_fma(*w, q + L_RHOT, q + L_RHOT, *w, MPFR_RNDN);
            mpfr_fma(*w, q + L_L, q + L_L, *w, MPFR_RNDN);
            mpfr_fma(*J, *am, *w, *J, MPFR_RNDN);
        }
        /* mu |v_k|^2 + 2 omega_k ((Q S0) x v_k) + J omega_k^2; (Q S0) x v_k = S0a (n x v) + S0b (tau x v)
         * with n x v = (v, tau), tau x v = -(v, n) */
        mpfr_sqr(u[1], vk[0], MPFR_RNDN);
        mpfr_fma(u[1], vk[1], vk[1], u[1], MPFR_RNDN);
        mpfr_fma(u[0], u[1], *mu, u[0], MPFR_RNDN);
        mpfr_mul(u[1], sk[0], *vt, MPFR_RNDN);
        mpfr_mul(u[2], sk[1], *vn, MPFR_RNDN);
        mpfr_sub(u[1], u[1], u[2], MPFR_RNDN);
        mpfr_mul(u[1], u[1], *omk, MPFR_RNDN);
        mpfr_mul_2ui(u[1], u[1], 1, MPFR_RNDN);
        mpfr_add(u[0], u[0], u[1], MPFR_RNDN);
        mpfr_sqr(u[1], *omk, MPFR_RNDN);
        mpfr_fma(u[0], u[1], *J, u[0], MPFR_RNDN);
        if (!skate && L->chid >= 0)
            for (int j = 0; j < 2; j++) {
                mpfr_sqr(u[1], st + L->chid + 2 * k + j, MPFR_RNDN);
                mpfr_fma(u[0], u[1], q + L_I, u[0], MPFR_RNDN);
            }
    }
    mpfr_div_2ui(T, u[0], 1, MPFR_RNDN);
    tmp_clear(&a);
}

/* f_k, g_k1, g_k2 (g only where the state has spin rates) and eta_k */
static void gv_constraints(mpfr_ptr f, mpfr_ptr g, mpfr_ptr eta, mpfr_srcptr p, mpfr_srcptr st,
                           const gv_layout_t *L, mpfr_prec_t wp)
{
    tmp_t a;
    tmp_init(&a, 10, wp);
    mpfr_t *u = a.v, *vk = u + 8;
    for (int k = 0; k < 2; k++) {
        mpfr_srcptr q = p + GVL(k);
        mpfr_t *c = u, *s = u + 1, *vn = u + 2, *vt = u + 3, *omk = u + 4;
        gv_link_kin(vk, vn, vt, omk, c, s, p, st, L, k);
        /* f_k = (v_k, n_k) - rho_ktau omega_k */
        mpfr_mul(u[5], q + L_RHOT, *omk, MPFR_RNDN);
        mpfr_sub(f + k, *vn, u[5], MPFR_RNDN);
        if (g != NULL)
            for (int j = 0; j < 2; j++) {
                /* g_kj = (v_k, tau_k) + (rho_kn +- l_k) omega_k + h_k chi_kj' */
                if (j == 0)
                    mpfr_add(u[5], q + L_RHON, q + L_L, MPFR_RNDN);
                else
                    mpfr_sub(u[5], q + L_RHON, q + L_L, MPFR_RNDN);
                mpfr_fma(u[5], u[5], *omk, *vt, MPFR_RNDN);
                mpfr_fma(g + 2 * k + j, q + L_H, st + L->chid + 2 * k + j, u[5], MPFR_RNDN);
            }
        /* eta_k = h_k (chi_k1 - chi_k2)/2 + l_k (phi + psi_k) */
        mpfr_sub(u[5], st + L->chi + 2 * k, st + L->chi + 2 * k + 1, MPFR_RNDN);
        mpfr_mul(u[5], u[5], q + L_H, MPFR_RNDN);
        mpfr_div_2ui(u[5], u[5], 1, MPFR_RNDN);
        mpfr_add(u[6], st + 2, st + L->psi + k, MPFR_RNDN);
        mpfr_fma(eta + k, q + L_L, u[6], u[5], MPFR_RNDN);
    }
    tmp_clear(&a);
}

int nhref_oracle_gv_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    (void)t;
    if (I == NULL || !all_finite(p, 26) || !all_finite(s, 18))
        return NHREF_EINVAL;
    wp = max_prec(I, 10) + GUARD;
    gv_energy(I + 0, p, s, &GV_FULL, 0, wp);
    gv_constraints(I + 1, I + 3, I + 7, p, s, &GV_FULL, wp);
    gv_energy(I + 9, p, s, &GV_FULL, 1, wp);
    return NHREF_OK;
}

int nhref_oracle_gv_skate_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    (void)t;
    if (I == NULL || !all_finite(p, 26) || !all_finite(s, 14))
        return NHREF_EINVAL;
    wp = max_prec(I, 5) + GUARD;
    gv_energy(I + 0, p, s, &GV_SKATE, 1, wp);
    gv_constraints(I + 1, NULL, I + 3, p, s, &GV_SKATE, wp);
    return NHREF_OK;
}

int nhref_oracle_gv_initial(mpfr_ptr s, mpfr_srcptr p, int full)
{
    const gv_layout_t *L = full ? &GV_FULL : &GV_SKATE;
    tmp_t a;
    int st = NHREF_OK;
    if (s == NULL || !all_finite(p, 26))
        return NHREF_EINVAL;
    if (tmp_init(&a, 12, max_prec(s, full ? 18 : 14) + GUARD) != NHREF_OK)
        return NHREF_ENOMEM;
    mpfr_t *u = a.v;
    /* c_k v1 + s_k v2 = b_k := -omega (r_k1 s_k - r_k2 c_k) + rho_ktau (omega + psi_k') */
    for (int k = 0; k < 2; k++) {
        mpfr_srcptr r1 = p + (k == 0 ? GV_R11 : GV_R21), r2 = p + (k == 0 ? GV_R12 : GV_R22);
        mpfr_t *c = u + 3 * k, *sn = u + 3 * k + 1, *b = u + 3 * k + 2;
        mpfr_sin_cos(*sn, *c, s + L->psi + k, MPFR_RNDN);
        mpfr_mul(*b, r1, *sn, MPFR_RNDN);
        mpfr_mul(u[6], r2, *c, MPFR_RNDN);
        mpfr_sub(*b, *b, u[6], MPFR_RNDN);
        mpfr_mul(*b, *b, s + L->v + 2, MPFR_RNDN);
        mpfr_add(u[6], s + L->v + 2, s + L->v + 3 + k, MPFR_RNDN);
        mpfr_mul(u[6], u[6], p + GVL(k) + L_RHOT, MPFR_RNDN);
        mpfr_sub(*b, u[6], *b, MPFR_RNDN);
    }
    /* det = c1 s2 - s1 c2 */
    mpfr_mul(u[6], u[0], u[4], MPFR_RNDN);
    mpfr_mul(u[7], u[1], u[3], MPFR_RNDN);
    mpfr_sub(u[6], u[6], u[7], MPFR_RNDN);
    if (mpfr_zero_p(u[6]))
        st = NHREF_EDOMAIN;
    else {
        /* v1 = (b1 s2 - s1 b2)/det, v2 = (c1 b2 - b1 c2)/det */
        mpfr_mul(u[7], u[2], u[4], MPFR_RNDN);
        mpfr_mul(u[8], u[1], u[5], MPFR_RNDN);
        mpfr_sub(u[7], u[7], u[8], MPFR_RNDN);
        mpfr_div(s + L->v, u[7], u[6], MPFR_RNDN);
        mpfr_mul(u[7], u[0], u[5], MPFR_RNDN);
        mpfr_mul(u[8], u[2], u[3], MPFR_RNDN);
        mpfr_sub(u[7], u[7], u[8], MPFR_RNDN);
        mpfr_div(s + L->v + 1, u[7], u[6], MPFR_RNDN);
        if (full) {
            /* chi_kj' = -[(v_k, tau_k) + (rho_kn +- l_k) omega_k]/h_k */
            mpfr_t *vk = u + 8, *vn = u + 10, *vt = u + 11, *c = u, *sn = u + 1, *omk = u + 2;
            for (int k = 0; k < 2; k++) {
                mpfr_srcptr q = p + GVL(k);
                gv_link_kin(vk, vn, vt, omk, c, sn, p, s, L, k);
                for (int j = 0; j < 2; j++) {
                    if (j == 0)
                        mpfr_add(u[3], q + L_RHON, q + L_L, MPFR_RNDN);
                    else
                        mpfr_sub(u[3], q + L_RHON, q + L_L, MPFR_RNDN);
                    mpfr_fma(u[3], u[3], *omk, *vt, MPFR_RNDN);
                    mpfr_div(u[3], u[3], q + L_H, MPFR_RNDN);
                    mpfr_neg(s + L->chid + 2 * k + j, u[3], MPFR_RNDN);
                }
            }
        }
    }
    tmp_clear(&a);
    return st;
}

/* ================================================================== registry adapters */

typedef struct {
    int kind; /* 0 HH-A, 1 one_wheel, 2 hh_b_dalembert, 3 hh_b_spin_substituted, 4 knife */
    mpfr_t s0[5];
    nhref_oracle_ow_t *ow;
    mpfr_t tmp[6];
} wheeled_sol_t;

static void sol_free(wheeled_sol_t *w)
{
    if (w == NULL)
        return;
    if (w->kind == 0)
        for (int i = 0; i < 5; i++)
            mpfr_clear(w->s0[i]);
    else {
        for (int i = 0; i < 6; i++)
            mpfr_clear(w->tmp[i]);
        nhref_oracle_ow_free(w->ow);
    }
    free(w);
}

void nhref_oracle_wheeled_solution_free(void *sol)
{
    sol_free(sol);
}

int nhref_oracle_hha_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec)
{
    wheeled_sol_t *w;
    (void)p;
    *sol = NULL;
    if (!all_finite(s0, 5) || prec < MPFR_PREC_MIN)
        return NHREF_EINVAL;
    w = calloc(1, sizeof *w);
    if (w == NULL)
        return NHREF_ENOMEM;
    w->kind = 0;
    for (int i = 0; i < 5; i++) {
        mpfr_init2(w->s0[i], prec + GUARD);
        mpfr_set(w->s0[i], s0 + i, MPFR_RNDN);
    }
    *sol = w;
    return NHREF_OK;
}

int nhref_oracle_hha_solution_state(mpfr_ptr s, void *sol, mpfr_srcptr t)
{
    wheeled_sol_t *w = sol;
    return nhref_oracle_hha_state(s, w->s0[0], t);
}

/* the OW closed form from the reduced state (X, Y, phi, chi, v_tau, omega) picked from S0 */
static int ow_sol_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec, int kind)
{
    wheeled_sol_t *w;
    int st;
    *sol = NULL;
    if (prec < MPFR_PREC_MIN)
        return NHREF_EINVAL;
    w = calloc(1, sizeof *w);
    if (w == NULL)
        return NHREF_ENOMEM;
    w->kind = kind;
    for (int i = 0; i < 6; i++)
        mpfr_init2(w->tmp[i], prec + GUARD);
    for (int i = 0; i < 4; i++)
        mpfr_set(w->tmp[i], s0 + i, MPFR_RNDN);
    if (kind == 2 || kind == 3) {
        /* the closed form covers the physical motions: v1 = 0 (and chi' = -v2/h) */
        if (!all_finite(s0, kind == 2 ? 8 : 7) || !mpfr_zero_p(s0 + 4)) {
            sol_free(w);
            return NHREF_EDOMAIN;
        }
        mpfr_set(w->tmp[4], s0 + 5, MPFR_RNDN);
        mpfr_set(w->tmp[5], s0 + 6, MPFR_RNDN);
        if (kind == 2) {
            mpfr_t f;
            mpfr_init2(f, prec + GUARD);
            mpfr_fma(f, p + OW_H, s0 + 7, s0 + 5, MPFR_RNDN);
            if (!mpfr_zero_p(f) && mpfr_cmpabs(f, s0 + 5) > 0 /* not even roughly */) {
                mpfr_clear(f);
                sol_free(w);
                return NHREF_EDOMAIN;
            }
            mpfr_clear(f);
        }
    } else {
        mpfr_set(w->tmp[4], s0 + 4, MPFR_RNDN);
        mpfr_set(w->tmp[5], s0 + 5, MPFR_RNDN);
    }
    st = nhref_oracle_ow_new(&w->ow, p, w->tmp[0], prec, kind == 4);
    if (st != NHREF_OK) {
        sol_free(w);
        return st;
    }
    *sol = w;
    return NHREF_OK;
}

int nhref_oracle_ow_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec)
{
    return ow_sol_new(sol, p, s0, prec, 1);
}

int nhref_oracle_hhb_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec)
{
    return ow_sol_new(sol, p, s0, prec, 2);
}

int nhref_oracle_hhb_spin_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0,
                                       mpfr_prec_t prec)
{
    return ow_sol_new(sol, p, s0, prec, 3);
}

int nhref_oracle_hhb_knife_solution_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0,
                                        mpfr_prec_t prec)
{
    return ow_sol_new(sol, p, s0, prec, 4);
}

int nhref_oracle_ow_solution_state(mpfr_ptr s, void *sol, mpfr_srcptr t)
{
    wheeled_sol_t *w = sol;
    int st = nhref_oracle_ow_state(w->tmp[0], w->ow, t);
    if (st != NHREF_OK)
        return st;
    for (int i = 0; i < 4; i++)
        mpfr_set(s + i, w->tmp[i], MPFR_RNDN);
    if (w->kind == 2 || w->kind == 3) {
        mpfr_set_zero(s + 4, 1);
        mpfr_set(s + 5, w->tmp[4], MPFR_RNDN);
        mpfr_set(s + 6, w->tmp[5], MPFR_RNDN);
        if (w->kind == 2) { /* chi' = -v2/h */
            mpfr_div(s + 7, w->tmp[4], w->ow->h, MPFR_RNDN);
            mpfr_neg(s + 7, s + 7, MPFR_RNDN);
        }
    } else {
        mpfr_set(s + 4, w->tmp[4], MPFR_RNDN);
        mpfr_set(s + 5, w->tmp[5], MPFR_RNDN);
    }
    return NHREF_OK;
}
