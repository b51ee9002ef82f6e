/* affine.c -- oracle of the affine-rolling models (see oracle_affine.h).
 *
 * Every formula is from shared/models/affine-rolling.md ("the spec"), coded
 * directly in MPFR with no code shared with the tape or the models.  Where
 * the models use the Sherman–Morrison form (1.3) for Omega, this file solves
 * the 3x3 system of (1.2) by Cramer's rule; where the models use (2.1) for M',
 * the right-hand side here comes from Newton's and Euler's laws with the
 * differentiated constraint (spec §8).
 *
 * Internal layout: a "body" holds the parameters of any of the six models in
 * one form (mass, inertia, gravity, shape, fields); a "phase" holds a state of
 * the full phase space (M, B, u) and what is derived from it (rho, x, V, W, q,
 * Omega).  Reduced models fill B with an orthonormal completion of gamma
 * (their equations do not depend on it when V = 0) or, for hcat, work with
 * U = B^T u directly.
 */
#include <stdlib.h>

#include <mpfr.h>

#include "nhref_oracle.h"
#include "oracle_affine.h"
#include "nhref_status.h"

#define GUARD 64

enum { SH_SPHERE, SH_ELLIPSOID, SH_SPHEROID };

typedef struct {
    mpfr_prec_t wp;
    int shape;
    mpfr_t m, I[3], g, sigma, eta, v[2], k[4];
    mpfr_t a[3], d[3]; /* ellipsoid semi-axes / centre; sphere: a[0] = r; spheroid a, c, s */
} body_t;

typedef struct {
    mpfr_t M[3], B[3][3], u[3];
    mpfr_t rho[3], Drho[3][3], x[3], V[3], W[3], q[3], om[3];
} phase_t;

/* ------------------------------------------------------------------ small helpers */
static int finite_vec(mpfr_srcptr v, int n)
{
    if (v == NULL)
        return 0;
    for (int i = 0; i < n; i++)
        if (!mpfr_number_p(v + i))
            return 0;
    return 1;
}

static mpfr_prec_t out_prec(mpfr_srcptr v, int n)
{
    mpfr_prec_t p = MPFR_PREC_MIN;
    for (int i = 0; i < n; i++)
        if (mpfr_get_prec(v + i) > p)
            p = mpfr_get_prec(v + i);
    return p + GUARD;
}

static void v_init(mpfr_t *v, int n, mpfr_prec_t wp)
{
    for (int i = 0; i < n; i++)
        mpfr_init2(v[i], wp);
}

static void v_clear(mpfr_t *v, int n)
{
    for (int i = 0; i < n; i++)
        mpfr_clear(v[i]);
}

static void dot(mpfr_t d, mpfr_t *a, mpfr_t *b)
{
    mpfr_t t;
    mpfr_init2(t, mpfr_get_prec(d));
    mpfr_mul(t, a[0], b[0], MPFR_RNDN);
    mpfr_fma(t, a[1], b[1], t, MPFR_RNDN);
    mpfr_fma(d, a[2], b[2], t, MPFR_RNDN);
    mpfr_clear(t);
}

/* c = a x b (c may not alias a or b) */
static void cross(mpfr_t *c, mpfr_t *a, mpfr_t *b)
{
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpfr_mul(c[i], a[j], b[k], MPFR_RNDN);
        mpfr_fms(c[i], a[k], b[j], c[i], MPFR_RNDN);
        mpfr_neg(c[i], c[i], MPFR_RNDN);
    }
}

/* Cramer: solve A x = b for a 3x3 A; returns 0 if det A = 0 */
static int solve3(mpfr_t *x, mpfr_t A[3][3], mpfr_t *b)
{
    mpfr_prec_t wp = mpfr_get_prec(x[0]);
    mpfr_t det, dk, t, u;
    int ok;

    mpfr_inits2(wp, det, dk, t, u, (mpfr_ptr)0);
    /* det by cofactors of the first row */
#define DET3(res, c0, c1, c2)                                                      \
    do {                                                                           \
        mpfr_set_zero(res, 1);                                                     \
        for (int r_ = 0; r_ < 3; r_++) {                                           \
            int r1_ = (r_ + 1) % 3, r2_ = (r_ + 2) % 3;                            \
            mpfr_mul(t, (c1)[r1_], (c2)[r2_], MPFR_RNDN);                          \
            mpfr_mul(u, (c1)[r2_], (c2)[r1_], MPFR_RNDN);                          \
            mpfr_sub(t, t, u, MPFR_RNDN);                                          \
            mpfr_fma(res, (c0)[r_], t, res, MPFR_RNDN);                            \
        }                                                                          \
    } while (0)
    {
        /* columns of A */
        mpfr_ptr col[3][3];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                col[j][i] = A[i][j];
        DET3(det, col[0], col[1], col[2]);
        ok = !mpfr_zero_p(det) && mpfr_number_p(det);
        for (int k = 0; k < 3 && ok; k++) {
            mpfr_ptr c[3][3];
            for (int j = 0; j < 3; j++)
                for (int i = 0; i < 3; i++)
                    c[j][i] = j == k ? b[i] : col[j][i];
            DET3(dk, c[0], c[1], c[2]);
            mpfr_div(x[k], dk, det, MPFR_RNDN);
        }
    }
#undef DET3
    mpfr_clears(det, dk, t, u, (mpfr_ptr)0);
    return ok;
}

/* ------------------------------------------------------------------ bodies */
static void body_init(body_t *b, mpfr_prec_t wp)
{
    b->wp = wp;
    mpfr_inits2(wp, b->m, b->g, b->sigma, b->eta, (mpfr_ptr)0);
    v_init(b->I, 3, wp);
    v_init(b->v, 2, wp);
    v_init(b->k, 4, wp);
    v_init(b->a, 3, wp);
    v_init(b->d, 3, wp);
    mpfr_set_zero(b->g, 1);
    mpfr_set_zero(b->sigma, 1);
    mpfr_set_zero(b->eta, 1);
    for (int i = 0; i < 4; i++)
        mpfr_set_zero(b->k[i], 1);
    for (int i = 0; i < 3; i++) {
        mpfr_set_zero(b->d[i], 1);
        if (i < 2)
            mpfr_set_zero(b->v[i], 1);
    }
}

static void body_clear(body_t *b)
{
    mpfr_clears(b->m, b->g, b->sigma, b->eta, (mpfr_ptr)0);
    v_clear(b->I, 3);
    v_clear(b->v, 2);
    v_clear(b->k, 4);
    v_clear(b->a, 3);
    v_clear(b->d, 3);
}

static int positive(mpfr_srcptr p, const int *idx, int n)
{
    for (int i = 0; i < n; i++)
        if (mpfr_sgn(p + idx[i]) <= 0)
            return 0;
    return 1;
}

/* gen: m I1 I2 I3 g a1 a2 a3 d1 d2 d3 sigma eta v1 v2 k11 k12 k21 k22 */
static int body_gen(body_t *b, mpfr_srcptr p)
{
    static const int pos[] = {0, 1, 2, 3, 5, 6, 7};
    if (!positive(p, pos, 7) || mpfr_sgn(p + 4) < 0)
        return NHREF_EPARAM;
    if (!mpfr_zero_p(p + 11) && (!mpfr_equal_p(p + 5, p + 6) || !mpfr_zero_p(p + 8) || !mpfr_zero_p(p + 9)))
        return NHREF_EPARAM;
    b->shape = SH_ELLIPSOID;
    mpfr_set(b->m, p + 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_set(b->I[i], p + 1 + i, MPFR_RNDN);
        mpfr_set(b->a[i], p + 5 + i, MPFR_RNDN);
        mpfr_set(b->d[i], p + 8 + i, MPFR_RNDN);
    }
    mpfr_set(b->g, p + 4, MPFR_RNDN);
    mpfr_set(b->sigma, p + 11, MPFR_RNDN);
    mpfr_set(b->eta, p + 12, MPFR_RNDN);
    mpfr_set(b->v[0], p + 13, MPFR_RNDN);
    mpfr_set(b->v[1], p + 14, MPFR_RNDN);
    for (int i = 0; i < 4; i++)
        mpfr_set(b->k[i], p + 15 + i, MPFR_RNDN);
    return NHREF_OK;
}

/* red: m I1 I2 I3 g a1 a2 a3 d1 d2 d3 sigma */
static int body_red(body_t *b, mpfr_srcptr p)
{
    static const int pos[] = {0, 1, 2, 3, 5, 6, 7};
    if (!positive(p, pos, 7) || mpfr_sgn(p + 4) < 0)
        return NHREF_EPARAM;
    if (!mpfr_zero_p(p + 11) && (!mpfr_equal_p(p + 5, p + 6) || !mpfr_zero_p(p + 8) || !mpfr_zero_p(p + 9)))
        return NHREF_EPARAM;
    b->shape = SH_ELLIPSOID;
    mpfr_set(b->m, p + 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_set(b->I[i], p + 1 + i, MPFR_RNDN);
        mpfr_set(b->a[i], p + 5 + i, MPFR_RNDN);
        mpfr_set(b->d[i], p + 8 + i, MPFR_RNDN);
    }
    mpfr_set(b->g, p + 4, MPFR_RNDN);
    mpfr_set(b->sigma, p + 11, MPFR_RNDN);
    return NHREF_OK;
}

/* cbcat: m I1 I2 I3 r sigma */
static int body_cbcat(body_t *b, mpfr_srcptr p)
{
    static const int pos[] = {0, 1, 2, 3, 4};
    if (!positive(p, pos, 5))
        return NHREF_EPARAM;
    b->shape = SH_SPHERE;
    mpfr_set(b->m, p + 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_set(b->I[i], p + 1 + i, MPFR_RNDN);
    mpfr_set(b->a[0], p + 4, MPFR_RNDN);
    mpfr_set(b->sigma, p + 5, MPFR_RNDN);
    return NHREF_OK;
}

/* cbv: m I1 I2 I3 g r eta v1 v2 k11 k12 k21 k22 */
static int body_cbv(body_t *b, mpfr_srcptr p)
{
    static const int pos[] = {0, 1, 2, 3, 5};
    if (!positive(p, pos, 5) || mpfr_sgn(p + 4) < 0)
        return NHREF_EPARAM;
    b->shape = SH_SPHERE;
    mpfr_set(b->m, p + 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_set(b->I[i], p + 1 + i, MPFR_RNDN);
    mpfr_set(b->g, p + 4, MPFR_RNDN);
    mpfr_set(b->a[0], p + 5, MPFR_RNDN);
    mpfr_set(b->eta, p + 6, MPFR_RNDN);
    mpfr_set(b->v[0], p + 7, MPFR_RNDN);
    mpfr_set(b->v[1], p + 8, MPFR_RNDN);
    for (int i = 0; i < 4; i++)
        mpfr_set(b->k[i], p + 9 + i, MPFR_RNDN);
    return NHREF_OK;
}

/* revcat: m I1 I2 I3 g a c s sigma */
static int body_revcat(body_t *b, mpfr_srcptr p)
{
    static const int pos[] = {0, 1, 2, 3, 5, 6};
    if (!positive(p, pos, 6) || mpfr_sgn(p + 4) < 0 || !mpfr_equal_p(p + 1, p + 2))
        return NHREF_EPARAM;
    b->shape = SH_SPHEROID;
    mpfr_set(b->m, p + 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_set(b->I[i], p + 1 + i, MPFR_RNDN);
        mpfr_set(b->a[i], p + 5 + i, MPFR_RNDN);
    }
    mpfr_set(b->g, p + 4, MPFR_RNDN);
    mpfr_set(b->sigma, p + 8, MPFR_RNDN);
    return NHREF_OK;
}

/* hcat: m I1 I2 I3 r sigma eta */
static int body_hcat(body_t *b, mpfr_srcptr p)
{
    static const int pos[] = {0, 1, 2, 3, 4};
    if (!positive(p, pos, 5) || !mpfr_equal_p(p + 1, p + 2) || !mpfr_equal_p(p + 1, p + 3))
        return NHREF_EPARAM;
    b->shape = SH_SPHERE;
    mpfr_set(b->m, p + 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_set(b->I[i], p + 1 + i, MPFR_RNDN);
    mpfr_set(b->a[0], p + 4, MPFR_RNDN);
    mpfr_set(b->sigma, p + 5, MPFR_RNDN);
    mpfr_set(b->eta, p + 6, MPFR_RNDN);
    return NHREF_OK;
}

/* ------------------------------------------------------------------ shapes (spec §1 table) */
/* spheroid profile: f[0..3] = f1, f2, f1', f2' at gamma3 */
static void spheroid_profile(mpfr_t *f, const body_t *b, mpfr_srcptr g3)
{
    mpfr_t a2, c2, e, h, h3;
    mpfr_inits2(b->wp, a2, c2, e, h, h3, (mpfr_ptr)0);
    mpfr_sqr(a2, b->a[0], MPFR_RNDN);
    mpfr_sqr(c2, b->a[1], MPFR_RNDN);
    mpfr_sub(e, c2, a2, MPFR_RNDN);
    mpfr_sqr(h, g3, MPFR_RNDN);
    mpfr_fma(h, e, h, a2, MPFR_RNDN);
    mpfr_sqrt(h, h, MPFR_RNDN);
    mpfr_pow_ui(h3, h, 3, MPFR_RNDN);
    mpfr_div(f[0], a2, h, MPFR_RNDN);
    mpfr_neg(f[0], f[0], MPFR_RNDN);
    mpfr_mul(f[1], c2, g3, MPFR_RNDN);
    mpfr_div(f[1], f[1], h, MPFR_RNDN);
    mpfr_sub(f[1], b->a[2], f[1], MPFR_RNDN);
    mpfr_mul(f[2], a2, e, MPFR_RNDN);
    mpfr_mul(f[2], f[2], g3, MPFR_RNDN);
    mpfr_div(f[2], f[2], h3, MPFR_RNDN);
    mpfr_mul(f[3], a2, c2, MPFR_RNDN);
    mpfr_div(f[3], f[3], h3, MPFR_RNDN);
    mpfr_neg(f[3], f[3], MPFR_RNDN);
    mpfr_clears(a2, c2, e, h, h3, (mpfr_ptr)0);
}

/* rho(gamma) and D rho(gamma) (row i, column j); 0 if undefined */
static int shape_eval(mpfr_t *rho, mpfr_t D[3][3], const body_t *b, mpfr_t *g)
{
    mpfr_prec_t wp = b->wp;
    int ok = 1;
    if (b->shape == SH_SPHERE) {
        for (int i = 0; i < 3; i++) {
            mpfr_mul(rho[i], b->a[0], g[i], MPFR_RNDN);
            mpfr_neg(rho[i], rho[i], MPFR_RNDN);
            for (int j = 0; j < 3; j++) {
                if (i == j)
                    mpfr_neg(D[i][j], b->a[0], MPFR_RNDN);
                else
                    mpfr_set_zero(D[i][j], 1);
            }
        }
    } else if (b->shape == SH_ELLIPSOID) {
        /* rho_i = d_i - a_i^2 gamma_i / h; D_ij = -a_i^2 delta_ij / h + a_i^2 g_i a_j^2 g_j / h^3 */
        mpfr_t h, h3, t, a2g[3];
        mpfr_inits2(wp, h, h3, t, (mpfr_ptr)0);
        v_init(a2g, 3, wp);
        for (int i = 0; i < 3; i++) {
            mpfr_sqr(a2g[i], b->a[i], MPFR_RNDN);
            mpfr_mul(a2g[i], a2g[i], g[i], MPFR_RNDN);
        }
        dot(h, a2g, g);
        ok = mpfr_sgn(h) > 0;
        mpfr_sqrt(h, h, MPFR_RNDN);
        mpfr_pow_ui(h3, h, 3, MPFR_RNDN);
        for (int i = 0; i < 3; i++) {
            mpfr_div(t, a2g[i], h, MPFR_RNDN);
            mpfr_sub(rho[i], b->d[i], t, MPFR_RNDN);
            for (int j = 0; j < 3; j++) {
                mpfr_mul(D[i][j], a2g[i], a2g[j], MPFR_RNDN);
                mpfr_div(D[i][j], D[i][j], h3, MPFR_RNDN);
                if (i == j) {
                    mpfr_sqr(t, b->a[i], MPFR_RNDN);
                    mpfr_div(t, t, h, MPFR_RNDN);
                    mpfr_sub(D[i][j], D[i][j], t, MPFR_RNDN);
                }
            }
        }
        v_clear(a2g, 3);
        mpfr_clears(h, h3, t, (mpfr_ptr)0);
    } else {
        /* rho = (f1 g1, f1 g2, f2); D = [[f1, 0, f1' g1], [0, f1, f1' g2], [0, 0, f2']] */
        mpfr_t f[4];
        v_init(f, 4, wp);
        spheroid_profile(f, b, g[2]);
        mpfr_mul(rho[0], f[0], g[0], MPFR_RNDN);
        mpfr_mul(rho[1], f[0], g[1], MPFR_RNDN);
        mpfr_set(rho[2], f[1], MPFR_RNDN);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                mpfr_set_zero(D[i][j], 1);
        mpfr_set(D[0][0], f[0], MPFR_RNDN);
        mpfr_set(D[1][1], f[0], MPFR_RNDN);
        mpfr_mul(D[0][2], f[2], g[0], MPFR_RNDN);
        mpfr_mul(D[1][2], f[2], g[1], MPFR_RNDN);
        mpfr_set(D[2][2], f[3], MPFR_RNDN);
        v_clear(f, 4);
    }
    for (int i = 0; i < 3; i++)
        ok = ok && mpfr_number_p(rho[i]);
    return ok;
}

/* ------------------------------------------------------------------ phase points */
static void phase_init(phase_t *s, mpfr_prec_t wp)
{
    v_init(s->M, 3, wp);
    v_init(s->u, 3, wp);
    v_init(s->rho, 3, wp);
    v_init(s->x, 3, wp);
    v_init(s->V, 3, wp);
    v_init(s->W, 3, wp);
    v_init(s->q, 3, wp);
    v_init(s->om, 3, wp);
    for (int i = 0; i < 3; i++) {
        v_init(s->B[i], 3, wp);
        v_init(s->Drho[i], 3, wp);
    }
}

static void phase_clear(phase_t *s)
{
    v_clear(s->M, 3);
    v_clear(s->u, 3);
    v_clear(s->rho, 3);
    v_clear(s->x, 3);
    v_clear(s->V, 3);
    v_clear(s->W, 3);
    v_clear(s->q, 3);
    v_clear(s->om, 3);
    for (int i = 0; i < 3; i++) {
        v_clear(s->B[i], 3);
        v_clear(s->Drho[i], 3);
    }
}

/* B from (alpha, beta, gamma) = y[3..11]; u = y[12..14] */
static void phase_set_full(phase_t *s, mpfr_srcptr y)
{
    for (int i = 0; i < 3; i++) {
        mpfr_set(s->M[i], y + i, MPFR_RNDN);
        mpfr_set(s->u[i], y + 12 + i, MPFR_RNDN);
        for (int j = 0; j < 3; j++)
            mpfr_set(s->B[i][j], y + 3 + 3 * i + j, MPFR_RNDN);
    }
}

/* reduced state (M, gamma): gamma is row 3 of B; rows 1, 2 an orthonormal
 * completion (unused by the V = 0 formulas); u = 0 */
static void phase_set_reduced(phase_t *s, mpfr_srcptr y)
{
    for (int i = 0; i < 3; i++) {
        mpfr_set(s->M[i], y + i, MPFR_RNDN);
        mpfr_set(s->B[2][i], y + 3 + i, MPFR_RNDN);
        mpfr_set_zero(s->u[i], 1);
        mpfr_set_zero(s->B[0][i], 1);
        mpfr_set_zero(s->B[1][i], 1);
    }
}

/* derive rho, x, V, W, q and Omega (Cramer on (1.2)) */
static int phase_eval(phase_t *s, const body_t *b)
{
    mpfr_prec_t wp = b->wp;
    mpfr_t A[3][3], rhs[3], r2, t;
    mpfr_t *g = s->B[2];
    int ok;

    ok = shape_eval(s->rho, s->Drho, b, g);
    /* x = u + B rho */
    for (int i = 0; i < 3; i++) {
        mpfr_t d;
        mpfr_init2(d, wp);
        dot(d, s->B[i], s->rho);
        mpfr_add(s->x[i], s->u[i], d, MPFR_RNDN);
        mpfr_clear(d);
    }
    mpfr_inits2(wp, r2, t, (mpfr_ptr)0);
    /* V = v + K x_h + eta e3 x x */
    mpfr_mul(t, b->k[0], s->x[0], MPFR_RNDN);
    mpfr_fma(t, b->k[1], s->x[1], t, MPFR_RNDN);
    mpfr_add(t, t, b->v[0], MPFR_RNDN);
    mpfr_mul(r2, b->eta, s->x[1], MPFR_RNDN);
    mpfr_sub(s->V[0], t, r2, MPFR_RNDN);
    mpfr_mul(t, b->k[2], s->x[0], MPFR_RNDN);
    mpfr_fma(t, b->k[3], s->x[1], t, MPFR_RNDN);
    mpfr_add(t, t, b->v[1], MPFR_RNDN);
    mpfr_fma(s->V[1], b->eta, s->x[0], t, MPFR_RNDN);
    mpfr_set_zero(s->V[2], 1);
    /* W = sigma rho x E3 = sigma (rho2, -rho1, 0) */
    mpfr_mul(s->W[0], b->sigma, s->rho[1], MPFR_RNDN);
    mpfr_mul(s->W[1], b->sigma, s->rho[0], MPFR_RNDN);
    mpfr_neg(s->W[1], s->W[1], MPFR_RNDN);
    mpfr_set_zero(s->W[2], 1);
    /* q = B^T V + W */
    for (int j = 0; j < 3; j++) {
        mpfr_mul(t, s->B[0][j], s->V[0], MPFR_RNDN);
        mpfr_fma(t, s->B[1][j], s->V[1], t, MPFR_RNDN);
        mpfr_add(s->q[j], t, s->W[j], MPFR_RNDN);
    }
    /* (I + m|rho|^2 Id - m rho rho^T) Omega = M + m rho x q */
    for (int i = 0; i < 3; i++) {
        v_init(A[i], 3, wp);
        mpfr_init2(rhs[i], wp);
    }
    dot(r2, s->rho, s->rho);
    mpfr_mul(r2, r2, b->m, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            mpfr_mul(A[i][j], s->rho[i], s->rho[j], MPFR_RNDN);
            mpfr_mul(A[i][j], A[i][j], b->m, MPFR_RNDN);
            mpfr_neg(A[i][j], A[i][j], MPFR_RNDN);
            if (i == j) {
                mpfr_add(A[i][j], A[i][j], r2, MPFR_RNDN);
                mpfr_add(A[i][j], A[i][j], b->I[i], MPFR_RNDN);
            }
        }
    cross(rhs, s->rho, s->q);
    for (int i = 0; i < 3; i++)
        mpfr_fma(rhs[i], b->m, rhs[i], s->M[i], MPFR_RNDN);
    ok = solve3(s->om, A, rhs) && ok;
    for (int i = 0; i < 3; i++) {
        v_clear(A[i], 3);
        mpfr_clear(rhs[i]);
    }
    mpfr_clears(r2, t, (mpfr_ptr)0);
    return ok;
}

/* ------------------------------------------------------------------ energies (spec §2) */
enum { EN_E, EN_ROT, EN_CAT, EN_MOV };

static void energy(mpfr_t e, int which, const body_t *b, phase_t *s)
{
    mpfr_prec_t wp = b->wp;
    mpfr_t w[3], Iw[3], c[3], d[3], t, pot, *g = s->B[2];

    v_init(w, 3, wp);
    v_init(Iw, 3, wp);
    v_init(c, 3, wp);
    v_init(d, 3, wp);
    mpfr_inits2(wp, t, pot, (mpfr_ptr)0);
    /* w = Omega (+ sigma E3 for the cat's-toy energies) */
    for (int i = 0; i < 3; i++)
        mpfr_set(w[i], s->om[i], MPFR_RNDN);
    if (which == EN_CAT || which == EN_MOV)
        mpfr_add(w[2], w[2], b->sigma, MPFR_RNDN);
    dot(pot, s->rho, g); /* - m g <rho, gamma> */
    mpfr_mul(pot, pot, b->m, MPFR_RNDN);
    mpfr_mul(pot, pot, b->g, MPFR_RNDN);
    mpfr_neg(pot, pot, MPFR_RNDN);
    /* 1/2 m |rho x w|^2 */
    cross(c, s->rho, w);
    dot(e, c, c);
    mpfr_mul(e, e, b->m, MPFR_RNDN);
    if (which == EN_CAT) { /* + 1/2 <I w, w> */
        for (int i = 0; i < 3; i++)
            mpfr_mul(Iw[i], b->I[i], w[i], MPFR_RNDN);
        dot(t, Iw, w);
        mpfr_add(e, e, t, MPFR_RNDN);
    } else { /* + 1/2 <I Omega, Omega> */
        for (int i = 0; i < 3; i++)
            mpfr_mul(Iw[i], b->I[i], s->om[i], MPFR_RNDN);
        dot(t, Iw, s->om);
        mpfr_add(e, e, t, MPFR_RNDN);
    }
    mpfr_div_2ui(e, e, 1, MPFR_RNDN);
    if (which == EN_MOV) {
        /* + <I Omega, -eta gamma + sigma E3> - m eta <rho x (Omega + sigma E3), rho x gamma> */
        dot(t, Iw, g);
        mpfr_mul(t, t, b->eta, MPFR_RNDN);
        mpfr_sub(e, e, t, MPFR_RNDN);
        mpfr_mul(t, Iw[2], b->sigma, MPFR_RNDN);
        mpfr_add(e, e, t, MPFR_RNDN);
        cross(d, s->rho, g);
        dot(t, c, d);
        mpfr_mul(t, t, b->m, MPFR_RNDN);
        mpfr_mul(t, t, b->eta, MPFR_RNDN);
        mpfr_sub(e, e, t, MPFR_RNDN);
    }
    if (which == EN_ROT) {
        /* - eta <I Omega + m rho x (Omega x rho), gamma> */
        cross(c, s->om, s->rho);
        cross(d, s->rho, c);
        for (int i = 0; i < 3; i++)
            mpfr_fma(d[i], b->m, d[i], Iw[i], MPFR_RNDN);
        dot(t, d, g);
        mpfr_mul(t, t, b->eta, MPFR_RNDN);
        mpfr_sub(e, e, t, MPFR_RNDN);
    }
    if (which == EN_ROT || which == EN_MOV) {
        /* + 1/2 m eta^2 (|rho|^2 - |u|^2) */
        dot(t, s->rho, s->rho);
        dot(d[0], s->u, s->u);
        mpfr_sub(t, t, d[0], MPFR_RNDN);
        mpfr_mul(t, t, b->m, MPFR_RNDN);
        mpfr_sqr(d[0], b->eta, MPFR_RNDN);
        mpfr_mul(t, t, d[0], MPFR_RNDN);
        mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        mpfr_add(e, e, t, MPFR_RNDN);
    }
    mpfr_add(e, e, pot, MPFR_RNDN);
    v_clear(w, 3);
    v_clear(Iw, 3);
    v_clear(c, 3);
    v_clear(d, 3);
    mpfr_clears(t, pot, (mpfr_ptr)0);
}

/* conditions of conservation (spec §2 table); 1 if the integral holds */
static int k_zero(const body_t *b)
{
    for (int i = 0; i < 4; i++)
        if (!mpfr_zero_p(b->k[i]))
            return 0;
    return 1;
}

static int v_zero(const body_t *b)
{
    return mpfr_zero_p(b->v[0]) && mpfr_zero_p(b->v[1]);
}

static int holds(int which, const body_t *b)
{
    int cat_ok = mpfr_zero_p(b->sigma) || mpfr_equal_p(b->I[0], b->I[1]);
    switch (which) {
    case NHREF_ORACLE_AFFINE_E:
        return mpfr_zero_p(b->sigma) && mpfr_zero_p(b->eta) && k_zero(b);
    case NHREF_ORACLE_AFFINE_E_ROT:
        return mpfr_zero_p(b->sigma) && v_zero(b) && k_zero(b);
    case NHREF_ORACLE_AFFINE_E_CAT:
        return mpfr_zero_p(b->eta) && k_zero(b) && cat_ok;
    case NHREF_ORACLE_AFFINE_E_MOV:
        return k_zero(b) && cat_ok && (mpfr_zero_p(b->eta) || v_zero(b));
    default: /* sphere centred at C */
        if (b->shape == SH_SPHERE)
            return 1;
        if (b->shape == SH_SPHEROID)
            return mpfr_equal_p(b->a[0], b->a[1]) && mpfr_zero_p(b->a[2]);
        return mpfr_equal_p(b->a[0], b->a[1]) && mpfr_equal_p(b->a[1], b->a[2]) &&
               mpfr_zero_p(b->d[0]) && mpfr_zero_p(b->d[1]) && mpfr_zero_p(b->d[2]);
    }
}

/* integral WHICH at the evaluated phase point (NaN if it does not hold) */
static void integral(mpfr_ptr out, int which, const body_t *b, phase_t *s)
{
    mpfr_t v;
    mpfr_init2(v, b->wp);
    if (!holds(which, b))
        mpfr_set_nan(v);
    else if (which <= NHREF_ORACLE_AFFINE_E_MOV) {
        static const int en[] = {EN_E, EN_ROT, EN_CAT, EN_MOV};
        energy(v, en[which], b, s);
    } else
        dot(v, s->M, s->B[which - NHREF_ORACLE_AFFINE_M_ALPHA]);
    mpfr_set(out, v, MPFR_RNDN);
    mpfr_clear(v);
}

/* geometric conditions of the frame: |alpha|^2-1, |beta|^2-1, |gamma|^2-1,
 * <alpha,beta>, <alpha,gamma>, <beta,gamma>, then x3 */
static void geometric(mpfr_ptr out, phase_t *s, mpfr_prec_t wp)
{
    static const int pr[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
    mpfr_t v;
    mpfr_init2(v, wp);
    for (int k = 0; k < 6; k++) {
        dot(v, s->B[pr[k][0]], s->B[pr[k][1]]);
        if (k < 3)
            mpfr_sub_ui(v, v, 1, MPFR_RNDN);
        mpfr_set(out + k, v, MPFR_RNDN);
    }
    mpfr_set(out + 6, s->x[2], MPFR_RNDN);
    mpfr_clear(v);
}

/* ------------------------------------------------------------------ gen: Newton–Euler right-hand side */
int nhref_oracle_affine_gen_rhs(mpfr_ptr f, mpfr_srcptr p, mpfr_srcptr y)
{
    mpfr_prec_t wp;
    body_t b;
    phase_t s;
    mpfr_t A[3][3], rhs[3], dom[3], w[3], rd[3], c[3], ud[3], xd[3], DVx[3], DWr[3], acc[3],
        t3[3], t4[3], qd[3], BtV[3], t, r2;
    int status;

    if (f == NULL || !finite_vec(p, NHREF_ORACLE_GEN_NPARAM) || !finite_vec(y, NHREF_ORACLE_GEN_NSTATE))
        return NHREF_EINVAL;
    wp = out_prec(f, NHREF_ORACLE_GEN_NSTATE);
    body_init(&b, wp);
    if ((status = body_gen(&b, p)) != NHREF_OK) {
        body_clear(&b);
        return status;
    }
    phase_init(&s, wp);
    phase_set_full(&s, y);
    status = phase_eval(&s, &b) ? NHREF_OK : NHREF_EDOMAIN;
    mpfr_t *g = s.B[2];
    for (int i = 0; i < 3; i++) {
        v_init(A[i], 3, wp);
    }
    v_init(rhs, 3, wp); v_init(dom, 3, wp); v_init(w, 3, wp); v_init(rd, 3, wp); v_init(c, 3, wp);
    v_init(ud, 3, wp); v_init(xd, 3, wp); v_init(DVx, 3, wp); v_init(DWr, 3, wp); v_init(acc, 3, wp);
    v_init(t3, 3, wp); v_init(t4, 3, wp); v_init(qd, 3, wp); v_init(BtV, 3, wp);
    mpfr_inits2(wp, t, r2, (mpfr_ptr)0);

    /* gamma' = gamma x Omega, rho' = D rho gamma' */
    cross(w, g, s.om);
    for (int i = 0; i < 3; i++)
        dot(rd[i], s.Drho[i], w);
    /* c = rho x Omega + W; u' = B c + V */
    cross(c, s.rho, s.om);
    for (int i = 0; i < 3; i++)
        mpfr_add(c[i], c[i], s.W[i], MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        dot(t, s.B[i], c);
        mpfr_add(ud[i], t, s.V[i], MPFR_RNDN);
    }
    /* x' = u' + B (Omega x rho + rho') */
    cross(t3, s.om, s.rho);
    for (int i = 0; i < 3; i++)
        mpfr_add(t3[i], t3[i], rd[i], MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        dot(t, s.B[i], t3);
        mpfr_add(xd[i], ud[i], t, MPFR_RNDN);
    }
    /* DV x' (space frame), DW rho' = sigma rho' x E3 (body frame) */
    mpfr_mul(t, b.k[0], xd[0], MPFR_RNDN);
    mpfr_fma(t, b.k[1], xd[1], t, MPFR_RNDN);
    mpfr_mul(r2, b.eta, xd[1], MPFR_RNDN);
    mpfr_sub(DVx[0], t, r2, MPFR_RNDN);
    mpfr_mul(t, b.k[2], xd[0], MPFR_RNDN);
    mpfr_fma(t, b.k[3], xd[1], t, MPFR_RNDN);
    mpfr_fma(DVx[1], b.eta, xd[0], t, MPFR_RNDN);
    mpfr_set_zero(DVx[2], 1);
    mpfr_mul(DWr[0], b.sigma, rd[1], MPFR_RNDN);
    mpfr_mul(DWr[1], b.sigma, rd[0], MPFR_RNDN);
    mpfr_neg(DWr[1], DWr[1], MPFR_RNDN);
    mpfr_set_zero(DWr[2], 1);
    /* the part of B^T u'' that does not contain Omega':
     * acc = Omega x c + rho' x Omega + DW rho' + B^T DV x'   (u'' = B(Omega x c + c') + DV x') */
    cross(acc, s.om, c);
    cross(t3, rd, s.om);
    for (int j = 0; j < 3; j++) {
        mpfr_add(acc[j], acc[j], t3[j], MPFR_RNDN);
        mpfr_add(acc[j], acc[j], DWr[j], MPFR_RNDN);
        mpfr_fma(acc[j], s.B[0][j], DVx[0], acc[j], MPFR_RNDN);
        mpfr_fma(acc[j], s.B[1][j], DVx[1], acc[j], MPFR_RNDN);
    }
    /* Newton: R_b = m (acc + rho x Omega' + g gamma); Euler: I Omega' + Omega x I Omega = rho x R_b
     * => (I + m|rho|^2 - m rho rho^T) Omega' = -Omega x I Omega + m rho x (acc + g gamma) */
    for (int i = 0; i < 3; i++)
        mpfr_fma(t3[i], b.g, g[i], acc[i], MPFR_RNDN);
    cross(rhs, s.rho, t3);
    for (int i = 0; i < 3; i++)
        mpfr_mul(t4[i], b.I[i], s.om[i], MPFR_RNDN);
    cross(t3, s.om, t4);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(rhs[i], rhs[i], b.m, MPFR_RNDN);
        mpfr_sub(rhs[i], rhs[i], t3[i], MPFR_RNDN);
    }
    dot(r2, s.rho, s.rho);
    mpfr_mul(r2, r2, b.m, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            mpfr_mul(A[i][j], s.rho[i], s.rho[j], MPFR_RNDN);
            mpfr_mul(A[i][j], A[i][j], b.m, MPFR_RNDN);
            mpfr_neg(A[i][j], A[i][j], MPFR_RNDN);
            if (i == j) {
                mpfr_add(A[i][j], A[i][j], r2, MPFR_RNDN);
                mpfr_add(A[i][j], A[i][j], b.I[i], MPFR_RNDN);
            }
        }
    if (!solve3(dom, A, rhs))
        status = NHREF_EDOMAIN;
    /* M' = I Omega' + m [rho' x (Omega x rho) + rho x (Omega' x rho + Omega x rho')]
     *      - m [rho' x q + rho x q'],  q' = -Omega x B^T V + B^T DV x' + DW rho' */
    for (int j = 0; j < 3; j++) {
        mpfr_mul(BtV[j], s.B[0][j], s.V[0], MPFR_RNDN);
        mpfr_fma(BtV[j], s.B[1][j], s.V[1], BtV[j], MPFR_RNDN);
    }
    cross(qd, s.om, BtV);
    for (int j = 0; j < 3; j++) {
        mpfr_neg(qd[j], qd[j], MPFR_RNDN);
        mpfr_add(qd[j], qd[j], DWr[j], MPFR_RNDN);
        mpfr_fma(qd[j], s.B[0][j], DVx[0], qd[j], MPFR_RNDN);
        mpfr_fma(qd[j], s.B[1][j], DVx[1], qd[j], MPFR_RNDN);
    }
    {
        mpfr_t sum[3];
        v_init(sum, 3, wp);
        cross(t3, s.om, s.rho);
        cross(sum, rd, t3); /* rho' x (Omega x rho) */
        cross(t3, dom, s.rho);
        cross(t4, s.om, rd);
        for (int i = 0; i < 3; i++)
            mpfr_add(t3[i], t3[i], t4[i], MPFR_RNDN);
        cross(t4, s.rho, t3); /* rho x (Omega' x rho + Omega x rho') */
        for (int i = 0; i < 3; i++)
            mpfr_add(sum[i], sum[i], t4[i], MPFR_RNDN);
        cross(t3, rd, s.q);
        cross(t4, s.rho, qd);
        for (int i = 0; i < 3; i++) {
            mpfr_sub(sum[i], sum[i], t3[i], MPFR_RNDN);
            mpfr_sub(sum[i], sum[i], t4[i], MPFR_RNDN);
            mpfr_mul(sum[i], sum[i], b.m, MPFR_RNDN);
            mpfr_fma(sum[i], b.I[i], dom[i], sum[i], MPFR_RNDN);
            mpfr_set(f + i, sum[i], MPFR_RNDN);
        }
        v_clear(sum, 3);
    }
    for (int r = 0; r < 3; r++) { /* row' = row x Omega */
        cross(t3, s.B[r], s.om);
        for (int j = 0; j < 3; j++)
            mpfr_set(f + 3 + 3 * r + j, t3[j], MPFR_RNDN);
        mpfr_set(f + 12 + r, ud[r], MPFR_RNDN);
    }
    for (int i = 0; i < 3; i++)
        v_clear(A[i], 3);
    v_clear(rhs, 3); v_clear(dom, 3); v_clear(w, 3); v_clear(rd, 3); v_clear(c, 3);
    v_clear(ud, 3); v_clear(xd, 3); v_clear(DVx, 3); v_clear(DWr, 3); v_clear(acc, 3);
    v_clear(t3, 3); v_clear(t4, 3); v_clear(qd, 3); v_clear(BtV, 3);
    mpfr_clears(t, r2, (mpfr_ptr)0);
    phase_clear(&s);
    body_clear(&b);
    return status;
}

/* ------------------------------------------------------------------ integrals */
int nhref_oracle_affine_gen_integral(mpfr_ptr v, nhref_oracle_affine_integral_t which,
                                     mpfr_srcptr p, mpfr_srcptr y)
{
    body_t b;
    phase_t s;
    int status;

    if (v == NULL || (int)which < 0 || which > NHREF_ORACLE_AFFINE_M_GAMMA ||
        !finite_vec(p, NHREF_ORACLE_GEN_NPARAM) || !finite_vec(y, NHREF_ORACLE_GEN_NSTATE))
        return NHREF_EINVAL;
    body_init(&b, mpfr_get_prec(v) + GUARD);
    status = body_gen(&b, p);
    if (status == NHREF_OK && !holds(which, &b))
        status = NHREF_EPARAM;
    if (status == NHREF_OK) {
        phase_init(&s, b.wp);
        phase_set_full(&s, y);
        if (phase_eval(&s, &b))
            integral(v, which, &b, &s);
        else
            status = NHREF_EDOMAIN;
        phase_clear(&s);
    }
    body_clear(&b);
    return status;
}

/* the full-phase-space tables (gen, cbv) */
static int full_integrals(mpfr_ptr I, int n, const int *which, int nw, body_t *b, mpfr_srcptr y)
{
    phase_t s;
    int ok;
    phase_init(&s, b->wp);
    phase_set_full(&s, y);
    ok = phase_eval(&s, b);
    for (int k = 0; k < nw; k++)
        integral(I + k, which[k], b, &s);
    geometric(I + nw, &s, b->wp);
    (void)n;
    phase_clear(&s);
    return ok ? NHREF_OK : NHREF_EDOMAIN;
}

int nhref_oracle_affine_gen_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr y, mpfr_srcptr t)
{
    static const int which[] = {NHREF_ORACLE_AFFINE_E, NHREF_ORACLE_AFFINE_E_ROT,
                                NHREF_ORACLE_AFFINE_E_CAT, NHREF_ORACLE_AFFINE_E_MOV,
                                NHREF_ORACLE_AFFINE_M_ALPHA, NHREF_ORACLE_AFFINE_M_BETA,
                                NHREF_ORACLE_AFFINE_M_GAMMA};
    body_t b;
    int status;
    (void)t;
    if (I == NULL || !finite_vec(p, NHREF_ORACLE_GEN_NPARAM) || !finite_vec(y, NHREF_ORACLE_GEN_NSTATE))
        return NHREF_EINVAL;
    body_init(&b, out_prec(I, NHREF_ORACLE_GEN_NINTEGRAL));
    status = body_gen(&b, p);
    if (status == NHREF_OK)
        status = full_integrals(I, NHREF_ORACLE_GEN_NINTEGRAL, which, 7, &b, y);
    body_clear(&b);
    return status;
}

int nhref_oracle_affine_cbv_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr y, mpfr_srcptr t)
{
    static const int which[] = {NHREF_ORACLE_AFFINE_E, NHREF_ORACLE_AFFINE_E_ROT,
                                NHREF_ORACLE_AFFINE_M_ALPHA, NHREF_ORACLE_AFFINE_M_BETA,
                                NHREF_ORACLE_AFFINE_M_GAMMA};
    body_t b;
    int status;
    (void)t;
    if (I == NULL || !finite_vec(p, NHREF_ORACLE_CBV_NPARAM) || !finite_vec(y, NHREF_ORACLE_CBV_NSTATE))
        return NHREF_EINVAL;
    body_init(&b, out_prec(I, NHREF_ORACLE_CBV_NINTEGRAL));
    status = body_cbv(&b, p);
    if (status == NHREF_OK)
        status = full_integrals(I, NHREF_ORACLE_CBV_NINTEGRAL, which, 5, &b, y);
    body_clear(&b);
    return status;
}

int nhref_oracle_affine_red_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr y, mpfr_srcptr t)
{
    body_t b;
    phase_t s;
    int status;
    mpfr_t v;
    (void)t;
    if (I == NULL || !finite_vec(p, NHREF_ORACLE_RED_NPARAM) || !finite_vec(y, NHREF_ORACLE_RED_NSTATE))
        return NHREF_EINVAL;
    body_init(&b, out_prec(I, NHREF_ORACLE_RED_NINTEGRAL));
    if ((status = body_red(&b, p)) != NHREF_OK) {
        body_clear(&b);
        return status;
    }
    phase_init(&s, b.wp);
    mpfr_init2(v, b.wp);
    phase_set_reduced(&s, y);
    status = phase_eval(&s, &b) ? NHREF_OK : NHREF_EDOMAIN;
    integral(I + 0, NHREF_ORACLE_AFFINE_E, &b, &s);
    integral(I + 1, NHREF_ORACLE_AFFINE_E_CAT, &b, &s);
    if (holds(NHREF_ORACLE_AFFINE_M_GAMMA, &b)) {
        dot(v, s.M, s.M);
        mpfr_set(I + 2, v, MPFR_RNDN);
        dot(v, s.M, s.B[2]);
        mpfr_set(I + 3, v, MPFR_RNDN);
    } else {
        mpfr_set_nan(I + 2);
        mpfr_set_nan(I + 3);
    }
    dot(v, s.B[2], s.B[2]);
    mpfr_sub_ui(I + 4, v, 1, MPFR_RNDN);
    mpfr_clear(v);
    phase_clear(&s);
    body_clear(&b);
    return status;
}

/* cbcat's f of spec §4 at (M, gamma): lambda = <M,gamma> */
static void cbcat_f(mpfr_t f, const body_t *b, mpfr_t *M, mpfr_t *g)
{
    mpfr_prec_t wp = b->wp;
    mpfr_t mr2, X, lam, D, t;
    mpfr_inits2(wp, mr2, X, lam, D, t, (mpfr_ptr)0);
    mpfr_sqr(mr2, b->a[0], MPFR_RNDN);
    mpfr_mul(mr2, mr2, b->m, MPFR_RNDN);
    dot(lam, M, g);
    /* X = lambda (I3 + m r^2) + m r^2 sigma I3 gamma3 */
    mpfr_add(t, b->I[2], mr2, MPFR_RNDN);
    mpfr_mul(X, lam, t, MPFR_RNDN);
    mpfr_mul(t, mr2, b->sigma, MPFR_RNDN);
    mpfr_mul(t, t, b->I[2], MPFR_RNDN);
    mpfr_fma(X, t, g[2], X, MPFR_RNDN);
    /* D = 1 - m r^2 <gamma, A gamma>, A = diag(1/(I_i + m r^2)) */
    mpfr_set_ui(D, 1, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_add(t, b->I[i], mr2, MPFR_RNDN);
        mpfr_div(t, mr2, t, MPFR_RNDN);
        mpfr_mul(t, t, g[i], MPFR_RNDN);
        mpfr_mul(t, t, g[i], MPFR_RNDN);
        mpfr_sub(D, D, t, MPFR_RNDN);
    }
    /* f = |X|^(-m r^2/I3) / sqrt(D) */
    mpfr_abs(X, X, MPFR_RNDN);
    mpfr_div(t, mr2, b->I[2], MPFR_RNDN);
    mpfr_neg(t, t, MPFR_RNDN);
    mpfr_pow(f, X, t, MPFR_RNDN);
    mpfr_sqrt(D, D, MPFR_RNDN);
    mpfr_div(f, f, D, MPFR_RNDN);
    mpfr_clears(mr2, X, lam, D, t, (mpfr_ptr)0);
}

int nhref_oracle_affine_cbcat_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr y, mpfr_srcptr t)
{
    body_t b;
    mpfr_t M[3], g[3], v;
    int status;
    (void)t;
    if (I == NULL || !finite_vec(p, NHREF_ORACLE_CBCAT_NPARAM) || !finite_vec(y, NHREF_ORACLE_CBCAT_NSTATE))
        return NHREF_EINVAL;
    body_init(&b, out_prec(I, NHREF_ORACLE_CBCAT_NINTEGRAL));
    if ((status = body_cbcat(&b, p)) == NHREF_OK) {
        v_init(M, 3, b.wp);
        v_init(g, 3, b.wp);
        mpfr_init2(v, b.wp);
        for (int i = 0; i < 3; i++) {
            mpfr_set(M[i], y + i, MPFR_RNDN);
            mpfr_set(g[i], y + 3 + i, MPFR_RNDN);
        }
        dot(v, M, M);
        mpfr_set(I + 0, v, MPFR_RNDN);
        dot(v, M, g);
        mpfr_set(I + 1, v, MPFR_RNDN);
        dot(v, g, g);
        mpfr_sub_ui(I + 2, v, 1, MPFR_RNDN);
        cbcat_f(v, &b, M, g);
        mpfr_set(I + 3, v, MPFR_RNDN);
        v_clear(M, 3);
        v_clear(g, 3);
        mpfr_clear(v);
    }
    body_clear(&b);
    return status;
}

/* revcat: mu(gamma3) = sqrt(I1 I3 + m I1 f1^2 (1 - gamma3^2) + m I3 f2^2) */
static void revcat_mu(mpfr_t mu, const body_t *b, mpfr_t *f, mpfr_srcptr g3)
{
    mpfr_t t;
    mpfr_init2(t, b->wp);
    mpfr_mul(mu, b->I[0], b->I[2], MPFR_RNDN);
    mpfr_sqr(t, g3, MPFR_RNDN);
    mpfr_ui_sub(t, 1, t, MPFR_RNDN);
    mpfr_mul(t, t, f[0], MPFR_RNDN);
    mpfr_mul(t, t, f[0], MPFR_RNDN);
    mpfr_mul(t, t, b->m, MPFR_RNDN);
    mpfr_fma(mu, t, b->I[0], mu, MPFR_RNDN);
    mpfr_sqr(t, f[1], MPFR_RNDN);
    mpfr_mul(t, t, b->m, MPFR_RNDN);
    mpfr_fma(mu, t, b->I[2], mu, MPFR_RNDN);
    mpfr_sqrt(mu, mu, MPFR_RNDN);
    mpfr_clear(t);
}

/* K1 = <M,rho>/f1, K2 = mu Omega3 at the evaluated phase point */
static void revcat_k(mpfr_t *K, const body_t *b, phase_t *s)
{
    mpfr_t f[4], mu;
    v_init(f, 4, b->wp);
    mpfr_init2(mu, b->wp);
    spheroid_profile(f, b, s->B[2][2]);
    dot(K[0], s->M, s->rho);
    mpfr_div(K[0], K[0], f[0], MPFR_RNDN);
    revcat_mu(mu, b, f, s->B[2][2]);
    mpfr_mul(K[1], mu, s->om[2], MPFR_RNDN);
    v_clear(f, 4);
    mpfr_clear(mu);
}

int nhref_oracle_affine_revcat_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr y, mpfr_srcptr t)
{
    body_t b;
    phase_t s;
    mpfr_t K[2], v;
    int status, routh;
    (void)t;
    if (I == NULL || !finite_vec(p, NHREF_ORACLE_REVCAT_NPARAM) || !finite_vec(y, NHREF_ORACLE_REVCAT_NSTATE))
        return NHREF_EINVAL;
    body_init(&b, out_prec(I, NHREF_ORACLE_REVCAT_NINTEGRAL));
    if ((status = body_revcat(&b, p)) != NHREF_OK) {
        body_clear(&b);
        return status;
    }
    phase_init(&s, b.wp);
    v_init(K, 2, b.wp);
    mpfr_init2(v, b.wp);
    phase_set_reduced(&s, y);
    status = phase_eval(&s, &b) ? NHREF_OK : NHREF_EDOMAIN;
    energy(v, EN_CAT, &b, &s);
    mpfr_set(I + 0, v, MPFR_RNDN);
    revcat_k(K, &b, &s);
    routh = mpfr_equal_p(b.a[0], b.a[1]);
    if (routh)
        mpfr_set(I + 1, K[0], MPFR_RNDN);
    else
        mpfr_set_nan(I + 1);
    if (routh && mpfr_zero_p(b.sigma))
        mpfr_set(I + 2, K[1], MPFR_RNDN);
    else
        mpfr_set_nan(I + 2);
    dot(v, s.B[2], s.B[2]);
    mpfr_sub_ui(I + 3, v, 1, MPFR_RNDN);
    v_clear(K, 2);
    mpfr_clear(v);
    phase_clear(&s);
    body_clear(&b);
    return status;
}

/* hcat: Omega by Cramer on M = I Omega + m r^2 gamma x (Omega x gamma) - m r gamma x q',
 * i.e. the general (1.2) with rho = -r gamma and q = B^T V + W = eta gamma x U - r sigma gamma x E3 */
static int hcat_phase(phase_t *s, body_t *b, mpfr_srcptr y)
{
    mpfr_prec_t wp = b->wp;
    mpfr_t A[3][3], rhs[3], U[3], r2, gx[3];
    int ok;

    for (int i = 0; i < 3; i++) {
        mpfr_set(s->M[i], y + i, MPFR_RNDN);
        mpfr_set(s->B[2][i], y + 3 + i, MPFR_RNDN);
        mpfr_mul(s->rho[i], b->a[0], y + 3 + i, MPFR_RNDN);
        mpfr_neg(s->rho[i], s->rho[i], MPFR_RNDN);
        v_init(A[i], 3, wp);
    }
    v_init(rhs, 3, wp);
    v_init(U, 3, wp);
    v_init(gx, 3, wp);
    mpfr_init2(r2, wp);
    for (int i = 0; i < 3; i++)
        mpfr_set(U[i], y + 6 + i, MPFR_RNDN);
    cross(s->q, s->B[2], U);
    mpfr_set(gx[0], s->B[2][1], MPFR_RNDN); /* gamma x E3 = (g2, -g1, 0) */
    mpfr_neg(gx[1], s->B[2][0], MPFR_RNDN);
    mpfr_set_zero(gx[2], 1);
    mpfr_mul(r2, b->a[0], b->sigma, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(s->q[i], s->q[i], b->eta, MPFR_RNDN);
        mpfr_mul(gx[i], gx[i], r2, MPFR_RNDN);
        mpfr_sub(s->q[i], s->q[i], gx[i], MPFR_RNDN);
    }
    dot(r2, s->rho, s->rho);
    mpfr_mul(r2, r2, b->m, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            mpfr_mul(A[i][j], s->rho[i], s->rho[j], MPFR_RNDN);
            mpfr_mul(A[i][j], A[i][j], b->m, MPFR_RNDN);
            mpfr_neg(A[i][j], A[i][j], MPFR_RNDN);
            if (i == j) {
                mpfr_add(A[i][j], A[i][j], r2, MPFR_RNDN);
                mpfr_add(A[i][j], A[i][j], b->I[i], MPFR_RNDN);
            }
        }
    cross(rhs, s->rho, s->q);
    for (int i = 0; i < 3; i++)
        mpfr_fma(rhs[i], b->m, rhs[i], s->M[i], MPFR_RNDN);
    ok = solve3(s->om, A, rhs);
    for (int i = 0; i < 3; i++)
        v_clear(A[i], 3);
    v_clear(rhs, 3);
    v_clear(U, 3);
    v_clear(gx, 3);
    mpfr_clear(r2);
    return ok;
}

int nhref_oracle_affine_hcat_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr y, mpfr_srcptr t)
{
    body_t b;
    phase_t s;
    mpfr_t v, w, U[3], ws[3], c[3], mr2;
    int status;
    (void)t;
    if (I == NULL || !finite_vec(p, NHREF_ORACLE_HCAT_NPARAM) || !finite_vec(y, NHREF_ORACLE_HCAT_NSTATE))
        return NHREF_EINVAL;
    body_init(&b, out_prec(I, NHREF_ORACLE_HCAT_NINTEGRAL));
    if ((status = body_hcat(&b, p)) != NHREF_OK) {
        body_clear(&b);
        return status;
    }
    phase_init(&s, b.wp);
    mpfr_inits2(b.wp, v, w, mr2, (mpfr_ptr)0);
    v_init(U, 3, b.wp);
    v_init(ws, 3, b.wp);
    v_init(c, 3, b.wp);
    status = hcat_phase(&s, &b, y) ? NHREF_OK : NHREF_EDOMAIN;
    for (int i = 0; i < 3; i++) {
        mpfr_set(U[i], y + 6 + i, MPFR_RNDN);
        mpfr_set(ws[i], s.om[i], MPFR_RNDN);
    }
    mpfr_add(ws[2], ws[2], b.sigma, MPFR_RNDN);
    mpfr_sqr(mr2, b.a[0], MPFR_RNDN);
    mpfr_mul(mr2, mr2, b.m, MPFR_RNDN);
    dot(v, s.M, s.M);
    mpfr_set(I + 0, v, MPFR_RNDN);
    dot(v, s.M, s.B[2]);
    mpfr_set(I + 1, v, MPFR_RNDN);
    /* E_H = (I/2)|w|^2 + (m r^2/2)|gamma x w|^2 - (m/2) eta^2 |U|^2, w = Omega + sigma E3 */
    dot(v, ws, ws);
    mpfr_mul(v, v, b.I[0], MPFR_RNDN);
    cross(c, s.B[2], ws);
    dot(w, c, c);
    mpfr_fma(v, mr2, w, v, MPFR_RNDN);
    dot(w, U, U);
    mpfr_mul(w, w, b.m, MPFR_RNDN);
    mpfr_mul(w, w, b.eta, MPFR_RNDN);
    mpfr_mul(w, w, b.eta, MPFR_RNDN);
    mpfr_sub(v, v, w, MPFR_RNDN);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
    mpfr_set(I + 2, v, MPFR_RNDN);
    dot(v, s.B[2], s.B[2]);
    mpfr_sub_ui(I + 3, v, 1, MPFR_RNDN);
    dot(v, U, s.B[2]);
    mpfr_set(I + 4, v, MPFR_RNDN);
    if (mpfr_zero_p(b.eta)) { /* Omega3 - sigma m r^2 gamma3^2 / (2 (I + m r^2)) */
        mpfr_sqr(v, s.B[2][2], MPFR_RNDN);
        mpfr_mul(v, v, mr2, MPFR_RNDN);
        mpfr_mul(v, v, b.sigma, MPFR_RNDN);
        mpfr_add(w, b.I[0], mr2, MPFR_RNDN);
        mpfr_mul_2ui(w, w, 1, MPFR_RNDN);
        mpfr_div(v, v, w, MPFR_RNDN);
        mpfr_sub(v, s.om[2], v, MPFR_RNDN);
        mpfr_set(I + 5, v, MPFR_RNDN);
    } else {
        mpfr_set_nan(I + 5);
    }
    v_clear(U, 3);
    v_clear(ws, 3);
    v_clear(c, 3);
    mpfr_clears(v, w, mr2, (mpfr_ptr)0);
    phase_clear(&s);
    body_clear(&b);
    return status;
}

/* ------------------------------------------------------------------ REVCAT J1, J2 */
/* Routh ball: y2(gamma3) = m R^2 I1 int_0^gamma3 s / sqrt(Q(s)) ds (spec §6) */
static void routh_y2(mpfr_t y2, const body_t *b, mpfr_srcptr x)
{
    mpfr_prec_t wp = b->wp;
    mpfr_t a0, a1, a2, R2, qx, sq0, sqx, t, u, Fx, F0;
    mpfr_inits2(wp, a0, a1, a2, R2, qx, sq0, sqx, t, u, Fx, F0, (mpfr_ptr)0);
    mpfr_sqr(R2, b->a[0], MPFR_RNDN);
    /* a0 = I1 I3 + m I1 R^2 + m I3 s0^2, a1 = -2 m I3 s0 R, a2 = m R^2 (I3 - I1) */
    mpfr_mul(a0, b->I[0], b->I[2], MPFR_RNDN);
    mpfr_mul(t, b->m, b->I[0], MPFR_RNDN);
    mpfr_fma(a0, t, R2, a0, MPFR_RNDN);
    mpfr_mul(t, b->m, b->I[2], MPFR_RNDN);
    mpfr_sqr(u, b->a[2], MPFR_RNDN);
    mpfr_fma(a0, t, u, a0, MPFR_RNDN);
    mpfr_mul(a1, t, b->a[2], MPFR_RNDN);
    mpfr_mul(a1, a1, b->a[0], MPFR_RNDN);
    mpfr_mul_si(a1, a1, -2, MPFR_RNDN);
    mpfr_sub(a2, b->I[2], b->I[0], MPFR_RNDN);
    mpfr_mul(a2, a2, R2, MPFR_RNDN);
    mpfr_mul(a2, a2, b->m, MPFR_RNDN);
    /* Q(x) */
    mpfr_fma(qx, a2, x, a1, MPFR_RNDN);
    mpfr_fma(qx, qx, x, a0, MPFR_RNDN);
    mpfr_sqrt(sq0, a0, MPFR_RNDN);
    mpfr_sqrt(sqx, qx, MPFR_RNDN);
    if (!mpfr_zero_p(a2)) {
        /* (sqrt Q(x) - sqrt a0)/a2 - a1/(2 a2) (F(x) - F(0)) */
        if (mpfr_sgn(a2) > 0) {
            /* F(s) = ln(2 sqrt(a2 Q(s)) + 2 a2 s + a1)/sqrt(a2) */
            mpfr_sqrt(u, a2, MPFR_RNDN);
            mpfr_mul(Fx, u, sqx, MPFR_RNDN);
            mpfr_mul_2ui(Fx, Fx, 1, MPFR_RNDN);
            mpfr_mul(t, a2, x, MPFR_RNDN);
            mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
            mpfr_add(Fx, Fx, t, MPFR_RNDN);
            mpfr_add(Fx, Fx, a1, MPFR_RNDN);
            mpfr_mul(F0, u, sq0, MPFR_RNDN);
            mpfr_mul_2ui(F0, F0, 1, MPFR_RNDN);
            mpfr_add(F0, F0, a1, MPFR_RNDN);
            mpfr_div(Fx, Fx, F0, MPFR_RNDN);
            mpfr_log(Fx, Fx, MPFR_RNDN);
            mpfr_div(Fx, Fx, u, MPFR_RNDN); /* F(x) - F(0) */
        } else {
            /* F(s) = -asin((2 a2 s + a1)/sqrt(a1^2 - 4 a0 a2))/sqrt(-a2) */
            mpfr_sqr(t, a1, MPFR_RNDN);
            mpfr_mul(u, a0, a2, MPFR_RNDN);
            mpfr_mul_2ui(u, u, 2, MPFR_RNDN);
            mpfr_sub(t, t, u, MPFR_RNDN);
            mpfr_sqrt(t, t, MPFR_RNDN);
            mpfr_mul(Fx, a2, x, MPFR_RNDN);
            mpfr_mul_2ui(Fx, Fx, 1, MPFR_RNDN);
            mpfr_add(Fx, Fx, a1, MPFR_RNDN);
            mpfr_div(Fx, Fx, t, MPFR_RNDN);
            mpfr_asin(Fx, Fx, MPFR_RNDN);
            mpfr_div(F0, a1, t, MPFR_RNDN);
            mpfr_asin(F0, F0, MPFR_RNDN);
            mpfr_sub(Fx, F0, Fx, MPFR_RNDN);
            mpfr_neg(u, a2, MPFR_RNDN);
            mpfr_sqrt(u, u, MPFR_RNDN);
            mpfr_div(Fx, Fx, u, MPFR_RNDN);
        }
        mpfr_mul(Fx, Fx, a1, MPFR_RNDN);
        mpfr_div(Fx, Fx, a2, MPFR_RNDN);
        mpfr_div_2ui(Fx, Fx, 1, MPFR_RNDN);
        mpfr_sub(t, sqx, sq0, MPFR_RNDN);
        mpfr_div(t, t, a2, MPFR_RNDN);
        mpfr_sub(y2, t, Fx, MPFR_RNDN);
    } else if (!mpfr_zero_p(a1)) {
        /* [2 (a1 s - 2 a0) sqrt(a0 + a1 s)/(3 a1^2)]_0^x */
        mpfr_mul(t, a1, x, MPFR_RNDN);
        mpfr_mul_2ui(u, a0, 1, MPFR_RNDN);
        mpfr_sub(t, t, u, MPFR_RNDN);
        mpfr_mul(t, t, sqx, MPFR_RNDN);
        mpfr_mul(u, u, sq0, MPFR_RNDN); /* value at 0: -2 a0 sqrt(a0) */
        mpfr_add(t, t, u, MPFR_RNDN);
        mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
        mpfr_sqr(u, a1, MPFR_RNDN);
        mpfr_mul_ui(u, u, 3, MPFR_RNDN);
        mpfr_div(y2, t, u, MPFR_RNDN);
    } else {
        mpfr_sqr(t, x, MPFR_RNDN);
        mpfr_div(t, t, sq0, MPFR_RNDN);
        mpfr_div_2ui(y2, t, 1, MPFR_RNDN);
    }
    mpfr_mul(y2, y2, R2, MPFR_RNDN);
    mpfr_mul(y2, y2, b->m, MPFR_RNDN);
    mpfr_mul(y2, y2, b->I[0], MPFR_RNDN);
    mpfr_clears(a0, a1, a2, R2, qx, sq0, sqx, t, u, Fx, F0, (mpfr_ptr)0);
}

/* the linear ODE (6.3) in the independent variable gamma3:
 * z = (Y11, Y12, Y21, Y22, y1, y2), z' = (G Y, G y + b) */
static void revcat_ode(mpfr_t *dz, const body_t *b, mpfr_srcptr g3, mpfr_t *z)
{
    mpfr_prec_t wp = b->wp;
    mpfr_t f[4], mu, G12, G21, b2, t, u;
    v_init(f, 4, wp);
    mpfr_inits2(wp, mu, G12, G21, b2, t, u, (mpfr_ptr)0);
    spheroid_profile(f, b, g3);
    revcat_mu(mu, b, f, g3);
    /* (f2/f1)' = (f2' f1 - f2 f1')/f1^2; G12 = -I3 (1 - (f2/f1)')/mu */
    mpfr_mul(t, f[3], f[0], MPFR_RNDN);
    mpfr_mul(u, f[1], f[2], MPFR_RNDN);
    mpfr_sub(t, t, u, MPFR_RNDN);
    mpfr_sqr(u, f[0], MPFR_RNDN);
    mpfr_div(t, t, u, MPFR_RNDN);
    mpfr_ui_sub(t, 1, t, MPFR_RNDN);
    mpfr_mul(G12, t, b->I[2], MPFR_RNDN);
    mpfr_div(G12, G12, mu, MPFR_RNDN);
    mpfr_neg(G12, G12, MPFR_RNDN);
    /* G21 = -m f1 (f1 - f2')/mu */
    mpfr_sub(t, f[0], f[3], MPFR_RNDN);
    mpfr_mul(t, t, f[0], MPFR_RNDN);
    mpfr_mul(t, t, b->m, MPFR_RNDN);
    mpfr_div(G21, t, mu, MPFR_RNDN);
    mpfr_neg(G21, G21, MPFR_RNDN);
    /* b2 = m f1 I1 (f1 gamma3 - (1 - gamma3^2) f1')/mu */
    mpfr_sqr(t, g3, MPFR_RNDN);
    mpfr_ui_sub(t, 1, t, MPFR_RNDN);
    mpfr_mul(t, t, f[2], MPFR_RNDN);
    mpfr_mul(u, f[0], g3, MPFR_RNDN);
    mpfr_sub(t, u, t, MPFR_RNDN);
    mpfr_mul(t, t, f[0], MPFR_RNDN);
    mpfr_mul(t, t, b->m, MPFR_RNDN);
    mpfr_mul(t, t, b->I[0], MPFR_RNDN);
    mpfr_div(b2, t, mu, MPFR_RNDN);
    /* G Y: rows (G12 Y21, G12 Y22), (G21 Y11, G21 Y12); G y + b */
    mpfr_mul(dz[0], G12, z[2], MPFR_RNDN);
    mpfr_mul(dz[1], G12, z[3], MPFR_RNDN);
    mpfr_mul(dz[2], G21, z[0], MPFR_RNDN);
    mpfr_mul(dz[3], G21, z[1], MPFR_RNDN);
    mpfr_mul(dz[4], G12, z[5], MPFR_RNDN);
    mpfr_fma(dz[5], G21, z[4], b2, MPFR_RNDN);
    v_clear(f, 4);
    mpfr_clears(mu, G12, G21, b2, t, u, (mpfr_ptr)0);
}

enum { NZ = 6, KMAX = 40 };

/* one Gragg–Bulirsch–Stoer macro step of length H from (s, z) */
static int gbs_step(mpfr_t *z, const body_t *b, mpfr_srcptr s0, mpfr_srcptr H, mpfr_prec_t target)
{
    mpfr_prec_t wp = b->wp;
    mpfr_t T[KMAX][NZ], zm[NZ], zn[NZ], dz[NZ], h, s, t, err, scale;
    int ok = 0, kk;

    for (int k = 0; k < KMAX; k++)
        v_init(T[k], NZ, wp);
    v_init(zm, NZ, wp);
    v_init(zn, NZ, wp);
    v_init(dz, NZ, wp);
    mpfr_inits2(wp, h, s, t, err, scale, (mpfr_ptr)0);
    for (kk = 0; kk < KMAX && !ok; kk++) {
        unsigned long n = 2 * ((unsigned long)kk + 1);
        /* modified midpoint with n substeps */
        mpfr_div_ui(h, H, n, MPFR_RNDN);
        revcat_ode(dz, b, s0, z);
        for (int i = 0; i < NZ; i++) {
            mpfr_set(zm[i], z[i], MPFR_RNDN);
            mpfr_fma(zn[i], h, dz[i], z[i], MPFR_RNDN);
        }
        for (unsigned long j = 1; j < n; j++) {
            mpfr_mul_ui(s, h, j, MPFR_RNDN);
            mpfr_add(s, s, s0, MPFR_RNDN);
            revcat_ode(dz, b, s, zn);
            for (int i = 0; i < NZ; i++) {
                mpfr_mul_2ui(t, h, 1, MPFR_RNDN);
                mpfr_fma(t, t, dz[i], zm[i], MPFR_RNDN);
                mpfr_set(zm[i], zn[i], MPFR_RNDN);
                mpfr_set(zn[i], t, MPFR_RNDN);
            }
        }
        mpfr_add(s, s0, H, MPFR_RNDN);
        revcat_ode(dz, b, s, zn);
        for (int i = 0; i < NZ; i++) { /* (zm + zn + h f(zn)) / 2 */
            mpfr_fma(t, h, dz[i], zn[i], MPFR_RNDN);
            mpfr_add(t, t, zm[i], MPFR_RNDN);
            mpfr_div_2ui(T[kk][i], t, 1, MPFR_RNDN);
        }
        /* Aitken–Neville extrapolation in h^2 (in place, T[kk] is the new diagonal) */
        for (int j = kk - 1; j >= 0; j--) {
            /* (n_kk/n_j)^2 - 1 = ((kk+1)^2 - (j+1)^2)/(j+1)^2, exactly */
            unsigned long a = (unsigned long)(kk + 1), c = (unsigned long)(j + 1);
            mpfr_set_ui(t, a * a - c * c, MPFR_RNDN);
            mpfr_div_ui(t, t, c * c, MPFR_RNDN);
            for (int i = 0; i < NZ; i++) {
                /* T[j] <- T[j+1] + (T[j+1] - T[j]) / ((n_kk/n_j)^2 - 1), stored in T[j] */
                mpfr_sub(err, T[j + 1][i], T[j][i], MPFR_RNDN);
                mpfr_div(err, err, t, MPFR_RNDN);
                mpfr_add(T[j][i], T[j + 1][i], err, MPFR_RNDN);
            }
        }
        if (kk >= 2) {
            /* converged when the last correction is below 2^-TARGET relative to max(1, |z|)
             * (TARGET = output precision + 24; wp has 72 more bits for the round-off
             * that the extrapolation amplifies) */
            ok = 1;
            for (int i = 0; i < NZ && ok; i++) {
                mpfr_sub(err, T[0][i], T[1][i], MPFR_RNDN);
                mpfr_abs(scale, T[0][i], MPFR_RNDN);
                if (mpfr_cmp_ui(scale, 1) < 0)
                    mpfr_set_ui(scale, 1, MPFR_RNDN);
                mpfr_mul_2si(scale, scale, -(long)target, MPFR_RNDN);
                ok = mpfr_cmpabs(err, scale) <= 0;
            }
        }
    }
    if (ok)
        for (int i = 0; i < NZ; i++)
            mpfr_set(z[i], T[0][i], MPFR_RNDN);
    for (int k = 0; k < KMAX; k++)
        v_clear(T[k], NZ);
    v_clear(zm, NZ);
    v_clear(zn, NZ);
    v_clear(dz, NZ);
    mpfr_clears(h, s, t, err, scale, (mpfr_ptr)0);
    return ok;
}

int nhref_oracle_affine_revcat_j(mpfr_ptr J, mpfr_srcptr p, mpfr_srcptr y)
{
    body_t b;
    phase_t s;
    mpfr_t K[2], y2, f[4];
    int status;

    if (J == NULL || !finite_vec(p, NHREF_ORACLE_REVCAT_NPARAM) || !finite_vec(y, NHREF_ORACLE_REVCAT_NSTATE))
        return NHREF_EINVAL;
    if (mpfr_cmpabs_ui(y + 5, 1) > 0)
        return NHREF_EINVAL;
    body_init(&b, out_prec(J, 2) + 32);
    if ((status = body_revcat(&b, p)) != NHREF_OK) {
        body_clear(&b);
        return status;
    }
    phase_init(&s, b.wp);
    v_init(K, 2, b.wp);
    v_init(f, 4, b.wp);
    mpfr_init2(y2, b.wp);
    phase_set_reduced(&s, y);
    status = phase_eval(&s, &b) ? NHREF_OK : NHREF_EDOMAIN;
    spheroid_profile(f, &b, y + 5);
    if (mpfr_zero_p(f[0]))
        status = NHREF_EDOMAIN;
    revcat_k(K, &b, &s);
    if (status == NHREF_OK && mpfr_equal_p(b.a[0], b.a[1])) {
        /* Routh ball: G = 0, Y = Id, y1 = 0 */
        routh_y2(y2, &b, y + 5);
        mpfr_set(J + 0, K[0], MPFR_RNDN);
        mpfr_fms(y2, b.sigma, y2, K[1], MPFR_RNDN);
        mpfr_neg(J + 1, y2, MPFR_RNDN);
    } else if (status == NHREF_OK) {
        /* integrate z = (Y, y) from 0 to gamma3 in macro steps of length <= 1/32 */
        mpfr_t z[NZ], H, s0, det, r1, r2;
        unsigned long N = (unsigned long)(32 * mpfr_get_d(y + 5, MPFR_RNDA));
        v_init(z, NZ, b.wp);
        mpfr_inits2(b.wp, H, s0, det, r1, r2, (mpfr_ptr)0);
        if (N < 1)
            N = 1;
        if (N > 32)
            N = 32;
        for (int i = 0; i < NZ; i++)
            mpfr_set_ui(z[i], i == 0 || i == 3, MPFR_RNDN);
        mpfr_set(H, y + 5, MPFR_RNDN);
        mpfr_div_ui(H, H, N, MPFR_RNDN);
        for (unsigned long k = 0; k < N && status == NHREF_OK; k++) {
            mpfr_mul_ui(s0, H, k, MPFR_RNDN);
            if (!gbs_step(z, &b, s0, H, out_prec(J, 2) - GUARD + 24))
                status = NHREF_ENOCONV;
        }
        if (status == NHREF_OK) {
            /* J = Y^-1 (K - sigma y) */
            mpfr_fms(r1, b.sigma, z[4], K[0], MPFR_RNDN);
            mpfr_neg(r1, r1, MPFR_RNDN);
            mpfr_fms(r2, b.sigma, z[5], K[1], MPFR_RNDN);
            mpfr_neg(r2, r2, MPFR_RNDN);
            mpfr_mul(det, z[0], z[3], MPFR_RNDN);
            mpfr_fms(det, z[1], z[2], det, MPFR_RNDN);
            mpfr_neg(det, det, MPFR_RNDN);
            mpfr_mul(s0, z[3], r1, MPFR_RNDN);
            mpfr_fms(s0, z[1], r2, s0, MPFR_RNDN);
            mpfr_neg(s0, s0, MPFR_RNDN);
            mpfr_div(J + 0, s0, det, MPFR_RNDN);
            mpfr_mul(s0, z[0], r2, MPFR_RNDN);
            mpfr_fms(s0, z[2], r1, s0, MPFR_RNDN);
            mpfr_neg(s0, s0, MPFR_RNDN);
            mpfr_div(J + 1, s0, det, MPFR_RNDN);
        }
        v_clear(z, NZ);
        mpfr_clears(H, s0, det, r1, r2, (mpfr_ptr)0);
    }
    v_clear(K, 2);
    v_clear(f, 4);
    mpfr_clear(y2);
    phase_clear(&s);
    body_clear(&b);
    return status;
}

/* ------------------------------------------------------------------ CBCAT parallel (4.3) */
/* c* = -lambda (I3 + m r^2)/(m r^2 sigma I3) and kappa = m r^2 sigma/(I3 + m r^2) */
static void cbcat_consts(mpfr_t cstar, mpfr_t kappa, const body_t *b, mpfr_srcptr lambda)
{
    mpfr_t mr2, t;
    mpfr_inits2(b->wp, mr2, t, (mpfr_ptr)0);
    mpfr_sqr(mr2, b->a[0], MPFR_RNDN);
    mpfr_mul(mr2, mr2, b->m, MPFR_RNDN);
    mpfr_add(t, b->I[2], mr2, MPFR_RNDN);
    mpfr_mul(kappa, mr2, b->sigma, MPFR_RNDN);
    mpfr_div(kappa, kappa, t, MPFR_RNDN);
    mpfr_mul(cstar, lambda, t, MPFR_RNDN);
    mpfr_mul(t, mr2, b->sigma, MPFR_RNDN);
    mpfr_mul(t, t, b->I[2], MPFR_RNDN);
    mpfr_div(cstar, cstar, t, MPFR_RNDN);
    mpfr_neg(cstar, cstar, MPFR_RNDN);
    mpfr_clears(mr2, t, (mpfr_ptr)0);
}

int nhref_oracle_affine_cbcat_parallel_start(mpfr_ptr s0, mpfr_srcptr p, mpfr_srcptr lambda,
                                             mpfr_srcptr phi)
{
    body_t b;
    mpfr_t cs, ka, rr, c, s;
    int status;
    if (s0 == NULL || lambda == NULL || phi == NULL || !mpfr_number_p(lambda) ||
        !mpfr_number_p(phi) || !finite_vec(p, NHREF_ORACLE_CBCAT_NPARAM))
        return NHREF_EINVAL;
    body_init(&b, out_prec(s0, 6));
    status = body_cbcat(&b, p);
    if (status == NHREF_OK && mpfr_zero_p(b.sigma))
        status = NHREF_EPARAM;
    if (status == NHREF_OK) {
        mpfr_inits2(b.wp, cs, ka, rr, c, s, (mpfr_ptr)0);
        cbcat_consts(cs, ka, &b, lambda);
        if (mpfr_cmpabs_ui(cs, 1) > 0) {
            status = NHREF_EPARAM;
        } else {
            mpfr_sqr(rr, cs, MPFR_RNDN);
            mpfr_ui_sub(rr, 1, rr, MPFR_RNDN);
            mpfr_sqrt(rr, rr, MPFR_RNDN);
            mpfr_sin_cos(s, c, phi, MPFR_RNDN);
            mpfr_mul(c, c, rr, MPFR_RNDN);
            mpfr_mul(s, s, rr, MPFR_RNDN);
            mpfr_set(s0 + 3, c, MPFR_RNDN);
            mpfr_set(s0 + 4, s, MPFR_RNDN);
            mpfr_set(s0 + 5, cs, MPFR_RNDN);
            mpfr_mul(s0 + 0, lambda, c, MPFR_RNDN);
            mpfr_mul(s0 + 1, lambda, s, MPFR_RNDN);
            mpfr_mul(s0 + 2, lambda, cs, MPFR_RNDN);
        }
        mpfr_clears(cs, ka, rr, c, s, (mpfr_ptr)0);
    }
    body_clear(&b);
    return status;
}

int nhref_oracle_affine_cbcat_parallel(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr y0, mpfr_srcptr t)
{
    body_t b;
    mpfr_t lam, cs, ka, tol, d, sc, c, s, g1, g2, M[3], g[3];
    int status;

    if (out == NULL || t == NULL || !mpfr_number_p(t) || !finite_vec(p, NHREF_ORACLE_CBCAT_NPARAM) ||
        !finite_vec(y0, NHREF_ORACLE_CBCAT_NSTATE))
        return NHREF_EINVAL;
    body_init(&b, out_prec(out, 6));
    status = body_cbcat(&b, p);
    if (status == NHREF_OK && mpfr_zero_p(b.sigma))
        status = NHREF_EPARAM;
    if (status != NHREF_OK) {
        body_clear(&b);
        return status;
    }
    mpfr_inits2(b.wp, lam, cs, ka, tol, d, sc, c, s, g1, g2, (mpfr_ptr)0);
    v_init(M, 3, b.wp);
    v_init(g, 3, b.wp);
    for (int i = 0; i < 3; i++) {
        mpfr_set(M[i], y0 + i, MPFR_RNDN);
        mpfr_set(g[i], y0 + 3 + i, MPFR_RNDN);
    }
    dot(lam, M, g);
    cbcat_consts(cs, ka, &b, lam);
    /* tolerance max(1e-20, 2^(16 - prec)) times max(1, |M|) */
    mpfr_set_str(tol, "1e-20", 10, MPFR_RNDN);
    mpfr_set_ui_2exp(d, 1, 16 - (mpfr_exp_t)mpfr_get_prec(y0), MPFR_RNDN);
    mpfr_max(tol, tol, d, MPFR_RNDN);
    dot(sc, M, M);
    mpfr_sqrt(sc, sc, MPFR_RNDN);
    if (mpfr_cmp_ui(sc, 1) < 0)
        mpfr_set_ui(sc, 1, MPFR_RNDN);
    dot(d, g, g);
    mpfr_sub_ui(d, d, 1, MPFR_RNDN);
    if (mpfr_cmpabs(d, tol) > 0)
        status = NHREF_EPARAM;
    mpfr_sub(d, g[2], cs, MPFR_RNDN);
    if (mpfr_cmpabs(d, tol) > 0)
        status = NHREF_EPARAM;
    mpfr_mul(tol, tol, sc, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(d, lam, g[i], MPFR_RNDN);
        mpfr_sub(d, M[i], d, MPFR_RNDN);
        if (mpfr_cmpabs(d, tol) > 0)
            status = NHREF_EPARAM;
    }
    if (status == NHREF_OK) {
        mpfr_mul(d, ka, t, MPFR_RNDN);
        mpfr_sin_cos(s, c, d, MPFR_RNDN);
        mpfr_mul(g1, g[0], c, MPFR_RNDN);
        mpfr_fms(g1, g[1], s, g1, MPFR_RNDN);
        mpfr_neg(g1, g1, MPFR_RNDN);
        mpfr_mul(g2, g[0], s, MPFR_RNDN);
        mpfr_fma(g2, g[1], c, g2, MPFR_RNDN);
        mpfr_set(out + 3, g1, MPFR_RNDN);
        mpfr_set(out + 4, g2, MPFR_RNDN);
        mpfr_set(out + 5, g[2], MPFR_RNDN);
        mpfr_mul(out + 0, lam, g1, MPFR_RNDN);
        mpfr_mul(out + 1, lam, g2, MPFR_RNDN);
        mpfr_mul(out + 2, lam, g[2], MPFR_RNDN);
    }
    v_clear(M, 3);
    v_clear(g, 3);
    mpfr_clears(lam, cs, ka, tol, d, sc, c, s, g1, g2, (mpfr_ptr)0);
    body_clear(&b);
    return status;
}

/* X(gamma) = gamma x Omega(lambda gamma, gamma) times mu = 1/|Xs(gamma3)| */
static int cbcat_mux(mpfr_t *out, const body_t *b, mpfr_srcptr lam, mpfr_t *g)
{
    phase_t s;
    mpfr_t X, t, mr2;
    int ok;
    phase_init(&s, b->wp);
    mpfr_inits2(b->wp, X, t, mr2, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(s.M[i], lam, g[i], MPFR_RNDN);
        mpfr_set(s.B[2][i], g[i], MPFR_RNDN);
        mpfr_set_zero(s.B[0][i], 1);
        mpfr_set_zero(s.B[1][i], 1);
        mpfr_set_zero(s.u[i], 1);
    }
    ok = phase_eval(&s, b);
    cross(out, g, s.om);
    mpfr_sqr(mr2, b->a[0], MPFR_RNDN);
    mpfr_mul(mr2, mr2, b->m, MPFR_RNDN);
    mpfr_add(t, b->I[2], mr2, MPFR_RNDN);
    mpfr_mul(X, lam, t, MPFR_RNDN);
    mpfr_mul(t, mr2, b->sigma, MPFR_RNDN);
    mpfr_mul(t, t, b->I[2], MPFR_RNDN);
    mpfr_fma(X, t, g[2], X, MPFR_RNDN);
    ok = ok && !mpfr_zero_p(X);
    mpfr_abs(X, X, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_div(out[i], out[i], X, MPFR_RNDN);
    mpfr_clears(X, t, mr2, (mpfr_ptr)0);
    phase_clear(&s);
    return ok;
}

int nhref_oracle_affine_cbcat_surface_div(mpfr_ptr div, mpfr_srcptr p, mpfr_srcptr y)
{
    body_t b;
    mpfr_t lam, h, t, g[3], gp[3], fp[3], fm[3], J[3][3], M[3];
    mpfr_prec_t prec;
    int status, ok = 1;

    if (div == NULL || !finite_vec(p, NHREF_ORACLE_CBCAT_NPARAM) || !finite_vec(y, NHREF_ORACLE_CBCAT_NSTATE))
        return NHREF_EINVAL;
    prec = mpfr_get_prec(div) + GUARD;
    body_init(&b, 3 * prec);
    if ((status = body_cbcat(&b, p)) != NHREF_OK) {
        body_clear(&b);
        return status;
    }
    mpfr_inits2(b.wp, lam, h, t, (mpfr_ptr)0);
    v_init(g, 3, b.wp);
    v_init(gp, 3, b.wp);
    v_init(fp, 3, b.wp);
    v_init(fm, 3, b.wp);
    v_init(M, 3, b.wp);
    for (int i = 0; i < 3; i++) {
        v_init(J[i], 3, b.wp);
        mpfr_set(M[i], y + i, MPFR_RNDN);
        mpfr_set(g[i], y + 3 + i, MPFR_RNDN);
    }
    dot(lam, M, g);
    /* central differences, step 2^-(prec + 16): truncation ~2^-(2 prec), rounding ~2^-(2 prec) */
    mpfr_set_ui_2exp(h, 1, -(mpfr_exp_t)prec - 16, MPFR_RNDN);
    for (int j = 0; j < 3 && ok; j++) {
        for (int i = 0; i < 3; i++)
            mpfr_set(gp[i], g[i], MPFR_RNDN);
        mpfr_add(gp[j], g[j], h, MPFR_RNDN);
        ok = cbcat_mux(fp, &b, lam, gp);
        mpfr_sub(gp[j], g[j], h, MPFR_RNDN);
        ok = ok && cbcat_mux(fm, &b, lam, gp);
        for (int i = 0; i < 3; i++) {
            mpfr_sub(J[i][j], fp[i], fm[i], MPFR_RNDN);
            mpfr_div(J[i][j], J[i][j], h, MPFR_RNDN);
            mpfr_div_2ui(J[i][j], J[i][j], 1, MPFR_RNDN);
        }
    }
    if (ok) {
        /* Tr(J) - gamma^T J gamma (divided by |gamma|^2 = 1) */
        mpfr_add(h, J[0][0], J[1][1], MPFR_RNDN);
        mpfr_add(h, h, J[2][2], MPFR_RNDN);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                mpfr_mul(t, g[i], J[i][j], MPFR_RNDN);
                mpfr_mul(t, t, g[j], MPFR_RNDN);
                mpfr_sub(h, h, t, MPFR_RNDN);
            }
        mpfr_set(div, h, MPFR_RNDN);
    } else {
        status = NHREF_EDOMAIN;
    }
    for (int i = 0; i < 3; i++)
        v_clear(J[i], 3);
    v_clear(g, 3);
    v_clear(gp, 3);
    v_clear(fp, 3);
    v_clear(fm, 3);
    v_clear(M, 3);
    mpfr_clears(lam, h, t, (mpfr_ptr)0);
    body_clear(&b);
    return status;
}

/* ------------------------------------------------------------------ centre circle */
int nhref_oracle_affine_centre_circle(mpfr_ptr u, mpfr_srcptr m, mpfr_srcptr I, mpfr_srcptr r,
                                      mpfr_srcptr eta, mpfr_srcptr ms, mpfr_srcptr uh0,
                                      mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t ka, c1, c2, d1, d2, s, c, w;
    if (u == NULL || m == NULL || I == NULL || r == NULL || eta == NULL || t == NULL ||
        !finite_vec(ms, 3) || !finite_vec(uh0, 2) || !mpfr_number_p(m) || !mpfr_number_p(I) ||
        !mpfr_number_p(r) || !mpfr_number_p(eta) || !mpfr_number_p(t))
        return NHREF_EINVAL;
    if (mpfr_sgn(m) <= 0 || mpfr_sgn(I) <= 0 || mpfr_sgn(r) <= 0 || mpfr_zero_p(eta))
        return NHREF_EPARAM;
    wp = out_prec(u, 3);
    mpfr_inits2(wp, ka, c1, c2, d1, d2, s, c, w, (mpfr_ptr)0);
    /* kappa = eta I/(I + m r^2) */
    mpfr_sqr(w, r, MPFR_RNDN);
    mpfr_mul(w, w, m, MPFR_RNDN);
    mpfr_add(w, w, I, MPFR_RNDN);
    mpfr_mul(ka, eta, I, MPFR_RNDN);
    mpfr_div(ka, ka, w, MPFR_RNDN);
    /* c = r (ms)_h/(eta I) */
    mpfr_mul(w, eta, I, MPFR_RNDN);
    mpfr_mul(c1, r, ms + 0, MPFR_RNDN);
    mpfr_div(c1, c1, w, MPFR_RNDN);
    mpfr_mul(c2, r, ms + 1, MPFR_RNDN);
    mpfr_div(c2, c2, w, MPFR_RNDN);
    mpfr_sub(d1, uh0 + 0, c1, MPFR_RNDN);
    mpfr_sub(d2, uh0 + 1, c2, MPFR_RNDN);
    mpfr_mul(w, ka, t, MPFR_RNDN);
    mpfr_sin_cos(s, c, w, MPFR_RNDN);
    /* u_h = c + Rot(kappa t) (u_h(0) - c) */
    mpfr_mul(w, d1, c, MPFR_RNDN);
    mpfr_fms(w, d2, s, w, MPFR_RNDN);
    mpfr_sub(u + 0, c1, w, MPFR_RNDN);
    mpfr_mul(w, d1, s, MPFR_RNDN);
    mpfr_fma(w, d2, c, w, MPFR_RNDN);
    mpfr_add(u + 1, c2, w, MPFR_RNDN);
    mpfr_set(u + 2, r, MPFR_RNDN);
    mpfr_clears(ka, c1, c2, d1, d2, s, c, w, (mpfr_ptr)0);
    return NHREF_OK;
}
