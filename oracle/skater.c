/* skater.c -- oracle of the 3-D figure skater (see oracle_skater.h).
 *
 * Every formula is from shared/models/skater.md ("the spec"), coded directly in
 * MPFR: the first integrals of §3 in their three inertia branches, the 3x3
 * mass-matrix form of §2.3 and the paper's 7x7 constraint-force system of §2.5
 * (with the corrected force term, §8) solved by Gaussian elimination, and the
 * special solutions of §4 (sleigh limit, relative equilibria, the A1 = 0
 * quadratures).  Nothing here calls the tape, the jets or the schemes.
 *
 * Notation (spec §2.2): s = sin theta, c = cos theta, phi = -A2 c + A3 s,
 * phi' = A2 s + A3 c, I_G = I2 s^2 + I3 c^2, D = I2 - I3,
 * It1 = I1 + m (A2^2 + A3^2).
 */
#include <stdlib.h>

#include <mpfr.h>

#include "nhref_oracle.h"
#include "oracle_skater.h"
#include "nhref_status.h"

#define GUARD 64
enum { PM, PG, PI1, PI2, PI3, PA1, PA2, PA3, NP };
enum { STH, SW1, SW2, SV, SPSI, SR1, SR2, NS };

/* ------------------------------------------------------------------ context */
/* Parameters and the auxiliary quantities at one theta, at a working precision. */
typedef struct {
    mpfr_prec_t wp;
    mpfr_t p[NP];
    mpfr_t s, c, phi, dphi, ig, d, it1;
    mpfr_t t1, t2, t3; /* scratch */
} sk_t;

static int sk_check_params(mpfr_srcptr p)
{
    for (int i = 0; i < NP; i++)
        if (!mpfr_number_p(p + i))
            return NHREF_EPARAM;
    if (mpfr_sgn(p + PM) <= 0 || mpfr_sgn(p + PI1) <= 0 || mpfr_sgn(p + PI2) <= 0 ||
        mpfr_sgn(p + PI3) <= 0)
        return NHREF_EPARAM;
    return NHREF_OK;
}

static int sk_check_vec(mpfr_srcptr v, int n)
{
    for (int i = 0; i < n; i++)
        if (!mpfr_number_p(v + i))
            return NHREF_EINVAL;
    return NHREF_OK;
}

static void sk_init(sk_t *k, mpfr_srcptr p, mpfr_prec_t wp)
{
    k->wp = wp;
    for (int i = 0; i < NP; i++) {
        mpfr_init2(k->p[i], wp);
        mpfr_set(k->p[i], p + i, MPFR_RNDN);
    }
    mpfr_inits2(wp, k->s, k->c, k->phi, k->dphi, k->ig, k->d, k->it1, k->t1, k->t2, k->t3,
                (mpfr_ptr)0);
    /* D = I2 - I3, It1 = I1 + m (A2^2 + A3^2) */
    mpfr_sub(k->d, k->p[PI2], k->p[PI3], MPFR_RNDN);
    mpfr_sqr(k->t1, k->p[PA2], MPFR_RNDN);
    mpfr_fma(k->t1, k->p[PA3], k->p[PA3], k->t1, MPFR_RNDN);
    mpfr_fma(k->it1, k->p[PM], k->t1, k->p[PI1], MPFR_RNDN);
}

static void sk_clear(sk_t *k)
{
    for (int i = 0; i < NP; i++)
        mpfr_clear(k->p[i]);
    mpfr_clears(k->s, k->c, k->phi, k->dphi, k->ig, k->d, k->it1, k->t1, k->t2, k->t3,
                (mpfr_ptr)0);
}

/* s, c, phi, phi', I_G at THETA */
static void sk_at(sk_t *k, mpfr_srcptr theta)
{
    mpfr_sin_cos(k->s, k->c, theta, MPFR_RNDN);
    mpfr_mul(k->t1, k->p[PA3], k->s, MPFR_RNDN);
    mpfr_mul(k->t2, k->p[PA2], k->c, MPFR_RNDN);
    mpfr_sub(k->phi, k->t1, k->t2, MPFR_RNDN);
    mpfr_mul(k->t1, k->p[PA2], k->s, MPFR_RNDN);
    mpfr_fma(k->dphi, k->p[PA3], k->c, k->t1, MPFR_RNDN);
    mpfr_sqr(k->t1, k->s, MPFR_RNDN);
    mpfr_mul(k->t1, k->t1, k->p[PI2], MPFR_RNDN);
    mpfr_sqr(k->t2, k->c, MPFR_RNDN);
    mpfr_fma(k->ig, k->t2, k->p[PI3], k->t1, MPFR_RNDN);
}

static mpfr_prec_t max_prec(mpfr_srcptr a, int n)
{
    mpfr_prec_t p = MPFR_PREC_MIN;
    for (int i = 0; i < n; i++)
        if (mpfr_get_prec(a + i) > p)
            p = mpfr_get_prec(a + i);
    return p;
}

/* beta1(theta) of spec §3.3 into B (sk_at called at theta), branch by the
 * exact comparison of I2 and I3.  Returns NHREF_OK or NHREF_EDOMAIN. */
static int sk_beta1(mpfr_t b, sk_t *k)
{
    int cmp = mpfr_cmp(k->p[PI2], k->p[PI3]);
    mpfr_t di, q, x, y;

    if (cmp == 0) { /* I2 = I3 = I: beta1 = phi / I */
        mpfr_div(b, k->phi, k->p[PI2], MPFR_RNDN);
        return NHREF_OK;
    }
    mpfr_inits2(k->wp, di, q, x, y, (mpfr_ptr)0);
    mpfr_abs(di, k->d, MPFR_RNDN); /* Delta I = |I2 - I3| */
    /* cos term: -A2 / sqrt(I2 dI) * F(sqrt(dI/I2) cos theta), F = atanh (I2 > I3) or atan */
    mpfr_div(q, di, k->p[PI2], MPFR_RNDN);
    mpfr_sqrt(q, q, MPFR_RNDN);
    mpfr_mul(x, q, k->c, MPFR_RNDN);
    if (cmp > 0)
        mpfr_atanh(x, x, MPFR_RNDN);
    else
        mpfr_atan(x, x, MPFR_RNDN);
    mpfr_mul(y, k->p[PI2], di, MPFR_RNDN);
    mpfr_sqrt(y, y, MPFR_RNDN);
    mpfr_div(x, x, y, MPFR_RNDN);
    mpfr_mul(b, x, k->p[PA2], MPFR_RNDN);
    mpfr_neg(b, b, MPFR_RNDN);
    /* sin term: A3 / sqrt(I3 dI) * G(sqrt(dI/I3) sin theta), G = atan (I2 > I3) or atanh */
    mpfr_div(q, di, k->p[PI3], MPFR_RNDN);
    mpfr_sqrt(q, q, MPFR_RNDN);
    mpfr_mul(x, q, k->s, MPFR_RNDN);
    if (cmp > 0)
        mpfr_atan(x, x, MPFR_RNDN);
    else
        mpfr_atanh(x, x, MPFR_RNDN);
    mpfr_mul(y, k->p[PI3], di, MPFR_RNDN);
    mpfr_sqrt(y, y, MPFR_RNDN);
    mpfr_div(x, x, y, MPFR_RNDN);
    mpfr_fma(b, x, k->p[PA3], b, MPFR_RNDN);
    mpfr_clears(di, q, x, y, (mpfr_ptr)0);
    return mpfr_number_p(b) ? NHREF_OK : NHREF_EDOMAIN;
}

/* E, J1, J2 at (theta, w1, w2, v) into I (3 values at k->wp) */
static int sk_integrals(mpfr_t *I, sk_t *k, mpfr_srcptr x)
{
    mpfr_t u, a, b;
    int status;

    sk_at(k, x + STH);
    mpfr_inits2(k->wp, u, a, b, (mpfr_ptr)0);
    /* u = v + phi Omega2 */
    mpfr_fma(u, k->phi, x + SW2, x + SV, MPFR_RNDN);
    /* E = It1 w1^2/2 - m A1 phi' w1 w2 + (I_G + m A1^2) w2^2/2 + m u^2/2 + m g phi' */
    mpfr_sqr(a, x + SW1, MPFR_RNDN);
    mpfr_mul(I[0], a, k->it1, MPFR_RNDN);
    mpfr_sqr(a, k->p[PA1], MPFR_RNDN);
    mpfr_fma(a, a, k->p[PM], k->ig, MPFR_RNDN);
    mpfr_sqr(b, x + SW2, MPFR_RNDN);
    mpfr_fma(I[0], a, b, I[0], MPFR_RNDN);
    mpfr_sqr(a, u, MPFR_RNDN);
    mpfr_fma(I[0], a, k->p[PM], I[0], MPFR_RNDN);
    mpfr_div_2ui(I[0], I[0], 1, MPFR_RNDN);
    mpfr_mul(a, k->p[PM], k->p[PA1], MPFR_RNDN);
    mpfr_mul(a, a, k->dphi, MPFR_RNDN);
    mpfr_mul(a, a, x + SW1, MPFR_RNDN);
    mpfr_mul(a, a, x + SW2, MPFR_RNDN);
    mpfr_sub(I[0], I[0], a, MPFR_RNDN);
    mpfr_mul(a, k->p[PM], k->p[PG], MPFR_RNDN);
    mpfr_fma(I[0], a, k->dphi, I[0], MPFR_RNDN);
    /* J1 = I_G Omega2 */
    mpfr_mul(I[1], k->ig, x + SW2, MPFR_RNDN);
    /* J2 = u + J1 beta1 */
    status = sk_beta1(b, k);
    mpfr_fma(I[2], I[1], b, u, MPFR_RNDN);
    mpfr_clears(u, a, b, (mpfr_ptr)0);
    return status;
}

int nhref_oracle_skater_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    sk_t k;
    mpfr_t r[3];
    int status;
    (void)t;

    if (I == NULL || p == NULL || s == NULL)
        return NHREF_EINVAL;
    if ((status = sk_check_params(p)) != NHREF_OK)
        return status;
    if ((status = sk_check_vec(s, 4)) != NHREF_OK)
        return status;
    sk_init(&k, p, max_prec(I, 3) + GUARD);
    for (int i = 0; i < 3; i++)
        mpfr_init2(r[i], k.wp);
    status = sk_integrals(r, &k, s);
    for (int i = 0; i < 3; i++) {
        mpfr_set(I + i, r[i], MPFR_RNDN);
        mpfr_clear(r[i]);
    }
    sk_clear(&k);
    return status;
}

/* ------------------------------------------------------------------ linear solves */
/* Solve the N x N system A x = b by Gaussian elimination with partial pivoting.
 * A is row-major with b as column N: a[i * (N + 1) + j]; the solution
 * overwrites column N.  Returns NHREF_OK or NHREF_EDOMAIN (a zero pivot). */
static int gauss_solve(mpfr_t *a, int n, mpfr_prec_t wp)
{
    const int w = n + 1;
    mpfr_t f;
    int status = NHREF_OK;

    mpfr_init2(f, wp);
    for (int col = 0; col < n && status == NHREF_OK; col++) {
        int piv = col;
        for (int i = col + 1; i < n; i++)
            if (mpfr_cmpabs(a[i * w + col], a[piv * w + col]) > 0)
                piv = i;
        if (mpfr_zero_p(a[piv * w + col])) {
            status = NHREF_EDOMAIN;
            break;
        }
        if (piv != col)
            for (int j = 0; j < w; j++)
                mpfr_swap(a[piv * w + j], a[col * w + j]);
        for (int i = col + 1; i < n; i++) {
            mpfr_div(f, a[i * w + col], a[col * w + col], MPFR_RNDN);
            mpfr_neg(f, f, MPFR_RNDN);
            for (int j = col; j < w; j++)
                mpfr_fma(a[i * w + j], f, a[col * w + j], a[i * w + j], MPFR_RNDN);
        }
    }
    /* back substitution into column n */
    for (int i = n - 1; i >= 0 && status == NHREF_OK; i--) {
        for (int j = i + 1; j < n; j++) {
            mpfr_mul(f, a[i * w + j], a[j * w + n], MPFR_RNDN);
            mpfr_sub(a[i * w + n], a[i * w + n], f, MPFR_RNDN);
        }
        mpfr_div(a[i * w + n], a[i * w + n], a[i * w + i], MPFR_RNDN);
    }
    mpfr_clear(f);
    return status;
}

static mpfr_t *mat_new(int n, mpfr_prec_t wp)
{
    mpfr_t *a = malloc((size_t)(n * (n + 1)) * sizeof *a);
    if (a != NULL)
        for (int i = 0; i < n * (n + 1); i++)
            mpfr_init2(a[i], wp), mpfr_set_zero(a[i], 1);
    return a;
}

static void mat_free(mpfr_t *a, int n)
{
    for (int i = 0; i < n * (n + 1); i++)
        mpfr_clear(a[i]);
    free(a);
}

/* F1 = Omega2^2 (D s c + m phi phi') + m phi' v Omega2 + m g phi, and
 * DSC = D s c + m phi phi' (sk_at called) */
static void sk_f1(mpfr_t f1, mpfr_t dsc, sk_t *k, mpfr_srcptr w2, mpfr_srcptr v)
{
    mpfr_mul(dsc, k->s, k->c, MPFR_RNDN);
    mpfr_mul(dsc, dsc, k->d, MPFR_RNDN);
    mpfr_mul(k->t1, k->phi, k->dphi, MPFR_RNDN);
    mpfr_fma(dsc, k->t1, k->p[PM], dsc, MPFR_RNDN);
    mpfr_sqr(k->t1, w2, MPFR_RNDN);
    mpfr_mul(f1, k->t1, dsc, MPFR_RNDN);
    mpfr_mul(k->t1, k->p[PM], k->dphi, MPFR_RNDN);
    mpfr_mul(k->t1, k->t1, v, MPFR_RNDN);
    mpfr_fma(f1, k->t1, w2, f1, MPFR_RNDN);
    mpfr_mul(k->t1, k->p[PM], k->p[PG], MPFR_RNDN);
    mpfr_fma(f1, k->t1, k->phi, f1, MPFR_RNDN);
}

int nhref_oracle_skater_mass_matrix(mpfr_ptr f, mpfr_srcptr p, mpfr_srcptr s)
{
    sk_t k;
    mpfr_t *a, dsc;
    int status;
    mpfr_srcptr w1 = s + SW1, w2 = s + SW2, v = s + SV;

    if (f == NULL || p == NULL || s == NULL)
        return NHREF_EINVAL;
    if ((status = sk_check_params(p)) != NHREF_OK)
        return status;
    if ((status = sk_check_vec(s, 4)) != NHREF_OK)
        return status;
    sk_init(&k, p, max_prec(f, 3) + GUARD);
    sk_at(&k, s + STH);
    if ((a = mat_new(3, k.wp)) == NULL) {
        sk_clear(&k);
        return NHREF_ENOMEM;
    }
    mpfr_init2(dsc, k.wp);
    /* row 0: [It1, -m A1 phi', 0 | F1] */
    mpfr_set(a[0], k.it1, MPFR_RNDN);
    mpfr_mul(a[1], k.p[PM], k.p[PA1], MPFR_RNDN);
    mpfr_mul(a[1], a[1], k.dphi, MPFR_RNDN);
    mpfr_neg(a[1], a[1], MPFR_RNDN);
    sk_f1(a[3], dsc, &k, w2, v);
    /* row 1: [-m A1 phi', I_G + m A1^2 + m phi^2, m phi |
     *         -m A1 phi Omega1^2 - m A1 v Omega2 - 2 Omega1 Omega2 (D s c + m phi phi')] */
    mpfr_set(a[4], a[1], MPFR_RNDN);
    mpfr_sqr(k.t1, k.p[PA1], MPFR_RNDN);
    mpfr_sqr(k.t2, k.phi, MPFR_RNDN);
    mpfr_add(k.t1, k.t1, k.t2, MPFR_RNDN);
    mpfr_fma(a[5], k.t1, k.p[PM], k.ig, MPFR_RNDN);
    mpfr_mul(a[6], k.p[PM], k.phi, MPFR_RNDN);
    mpfr_sqr(k.t1, w1, MPFR_RNDN);
    mpfr_mul(k.t1, k.t1, k.phi, MPFR_RNDN);
    mpfr_fma(k.t1, v, w2, k.t1, MPFR_RNDN);
    mpfr_mul(k.t1, k.t1, k.p[PA1], MPFR_RNDN);
    mpfr_mul(k.t1, k.t1, k.p[PM], MPFR_RNDN);
    mpfr_mul(k.t2, w1, w2, MPFR_RNDN);
    mpfr_mul_2ui(k.t2, k.t2, 1, MPFR_RNDN);
    mpfr_fma(a[7], k.t2, dsc, k.t1, MPFR_RNDN);
    mpfr_neg(a[7], a[7], MPFR_RNDN);
    /* row 2: [0, m phi, m | m Omega2 (A1 Omega2 - 2 phi' Omega1)] */
    mpfr_set(a[9], a[6], MPFR_RNDN);
    mpfr_set(a[10], k.p[PM], MPFR_RNDN);
    mpfr_mul(k.t1, k.dphi, w1, MPFR_RNDN);
    mpfr_mul_2ui(k.t1, k.t1, 1, MPFR_RNDN);
    mpfr_mul(k.t2, k.p[PA1], w2, MPFR_RNDN);
    mpfr_sub(k.t1, k.t2, k.t1, MPFR_RNDN);
    mpfr_mul(k.t1, k.t1, w2, MPFR_RNDN);
    mpfr_mul(a[11], k.t1, k.p[PM], MPFR_RNDN);
    status = gauss_solve(a, 3, k.wp);
    for (int i = 0; i < 3; i++)
        mpfr_set(f + i, a[i * 4 + 3], MPFR_RNDN);
    mpfr_clear(dsc);
    mat_free(a, 3);
    sk_clear(&k);
    return status;
}

/* ------------------------------------------------------------------ the 7x7 system */
typedef mpfr_t vec3[3];

static void v3_init(vec3 v, mpfr_prec_t wp)
{
    for (int i = 0; i < 3; i++)
        mpfr_init2(v[i], wp), mpfr_set_zero(v[i], 1);
}

static void v3_clear(vec3 v)
{
    for (int i = 0; i < 3; i++)
        mpfr_clear(v[i]);
}

/* R = A x B (R must not alias A or B) */
static void v3_cross(vec3 r, vec3 a, vec3 b)
{
    mpfr_mul(r[0], a[1], b[2], MPFR_RNDN);
    mpfr_fms(r[0], a[2], b[1], r[0], MPFR_RNDN);
    mpfr_neg(r[0], r[0], MPFR_RNDN);
    mpfr_mul(r[1], a[2], b[0], MPFR_RNDN);
    mpfr_fms(r[1], a[0], b[2], r[1], MPFR_RNDN);
    mpfr_neg(r[1], r[1], MPFR_RNDN);
    mpfr_mul(r[2], a[0], b[1], MPFR_RNDN);
    mpfr_fms(r[2], a[1], b[0], r[2], MPFR_RNDN);
    mpfr_neg(r[2], r[2], MPFR_RNDN);
}

/* R += F * A (scalar F) */
static void v3_axpy(vec3 r, mpfr_srcptr f, vec3 a)
{
    for (int i = 0; i < 3; i++)
        mpfr_fma(r[i], f, a[i], r[i], MPFR_RNDN);
}

int nhref_oracle_skater_kkt(mpfr_ptr xout, mpfr_srcptr p, mpfr_srcptr s)
{
    enum { N7 = 7, W = 8 };
    sk_t k;
    mpfr_t *a, w12, one;
    vec3 al[3], om, y, av, pv, piv, nv, bang, t1, t2;
    int status;
    mpfr_prec_t wp;

    if (xout == NULL || p == NULL || s == NULL)
        return NHREF_EINVAL;
    if ((status = sk_check_params(p)) != NHREF_OK)
        return status;
    if ((status = sk_check_vec(s, 4)) != NHREF_OK)
        return status;
    wp = max_prec(xout, N7) + GUARD;
    sk_init(&k, p, wp);
    sk_at(&k, s + STH);
    if ((a = mat_new(N7, wp)) == NULL) {
        sk_clear(&k);
        return NHREF_ENOMEM;
    }
    for (int i = 0; i < 3; i++)
        v3_init(al[i], wp);
    v3_init(om, wp), v3_init(y, wp), v3_init(av, wp), v3_init(pv, wp), v3_init(piv, wp);
    v3_init(nv, wp), v3_init(bang, wp), v3_init(t1, wp), v3_init(t2, wp);
    mpfr_inits2(wp, w12, one, (mpfr_ptr)0);
    mpfr_set_ui(one, 1, MPFR_RNDN);

    /* hybrid frame a1 = E1, a2 = Gamma = (0, s, c), a3 = E1 x Gamma = (0, -c, s) */
    mpfr_set_ui(al[0][0], 1, MPFR_RNDN);
    mpfr_set(al[1][1], k.s, MPFR_RNDN), mpfr_set(al[1][2], k.c, MPFR_RNDN);
    mpfr_neg(al[2][1], k.c, MPFR_RNDN), mpfr_set(al[2][2], k.s, MPFR_RNDN);
    /* Omega = Omega1 a1 + Omega2 a2, Y = v a1, A */
    mpfr_set(om[0], s + SW1, MPFR_RNDN);
    mpfr_mul(om[1], s + SW2, k.s, MPFR_RNDN);
    mpfr_mul(om[2], s + SW2, k.c, MPFR_RNDN);
    mpfr_set(y[0], s + SV, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_set(av[i], k.p[PA1 + i], MPFR_RNDN);
    mpfr_mul(w12, s + SW1, s + SW2, MPFR_RNDN);

    /* P = m (Y + Omega x A) */
    v3_cross(t1, om, av);
    for (int i = 0; i < 3; i++) {
        mpfr_add(pv[i], y[i], t1[i], MPFR_RNDN);
        mpfr_mul(pv[i], pv[i], k.p[PM], MPFR_RNDN);
    }
    /* Pi = I Omega + A x P */
    v3_cross(t1, av, pv);
    for (int i = 0; i < 3; i++)
        mpfr_fma(piv[i], k.p[PI1 + i], om[i], t1[i], MPFR_RNDN);
    /* N = m (Omega x Y + Omega1 Omega2 A x a3 + Omega x (Omega x A))  (corrected, §8) */
    v3_cross(nv, om, y);
    v3_cross(t1, av, al[2]);
    v3_axpy(nv, w12, t1);
    v3_cross(t1, om, av);
    v3_cross(t2, om, t1);
    v3_axpy(nv, one, t2);
    for (int i = 0; i < 3; i++)
        mpfr_mul(nv[i], nv[i], k.p[PM], MPFR_RNDN);
    /* angular right-hand side: Omega1 Omega2 I a3 - m Omega1 Omega2 A x (A x a3)
     *   - Omega x Pi + m g Gamma x A - Y x P  (the -Omega1 Omega2 a3 part of Omega'
     *   and of the Omega' x A term of P', moved to the right) */
    for (int i = 0; i < 3; i++)
        mpfr_mul(bang[i], k.p[PI1 + i], al[2][i], MPFR_RNDN), mpfr_mul(bang[i], bang[i], w12, MPFR_RNDN);
    v3_cross(t1, av, al[2]);
    v3_cross(t2, av, t1);
    mpfr_mul(k.t3, w12, k.p[PM], MPFR_RNDN);
    mpfr_neg(k.t3, k.t3, MPFR_RNDN);
    v3_axpy(bang, k.t3, t2);
    v3_cross(t1, om, piv);
    mpfr_set_si(k.t3, -1, MPFR_RNDN);
    v3_axpy(bang, k.t3, t1);
    v3_cross(t1, al[1], av);
    mpfr_mul(k.t3, k.p[PM], k.p[PG], MPFR_RNDN);
    v3_axpy(bang, k.t3, t1);
    v3_cross(t1, y, pv);
    mpfr_set_si(k.t3, -1, MPFR_RNDN);
    v3_axpy(bang, k.t3, t1);

    /* unknowns X = (Omega1', Omega2', Omega3', v', lambda, mu, kappa);
     * rows 0-2: m v' a1 + m Omega_h' x A - lambda a2 - mu a3 = -N,
     * rows 3-5: I Omega_h' + A x (m v' a1 + m Omega_h' x A) - kappa a3 = bang,
     * row 6: Omega3' = 0;  Omega_h' = sum_k Omega_k' a_k */
    for (int q = 0; q < 3; q++) {
        v3_cross(t1, al[q], av); /* a_q x A */
        v3_cross(t2, av, t1);    /* A x (a_q x A) */
        for (int i = 0; i < 3; i++) {
            mpfr_mul(a[i * W + q], t1[i], k.p[PM], MPFR_RNDN);
            mpfr_mul(k.t3, k.p[PI1 + i], al[q][i], MPFR_RNDN);
            mpfr_fma(a[(3 + i) * W + q], t2[i], k.p[PM], k.t3, MPFR_RNDN);
        }
    }
    v3_cross(t1, av, al[0]); /* A x a1 */
    for (int i = 0; i < 3; i++) {
        mpfr_mul(a[i * W + 3], al[0][i], k.p[PM], MPFR_RNDN);
        mpfr_mul(a[(3 + i) * W + 3], t1[i], k.p[PM], MPFR_RNDN);
        mpfr_neg(a[i * W + 4], al[1][i], MPFR_RNDN);
        mpfr_neg(a[i * W + 5], al[2][i], MPFR_RNDN);
        mpfr_neg(a[(3 + i) * W + 6], al[2][i], MPFR_RNDN);
        mpfr_neg(a[i * W + 7], nv[i], MPFR_RNDN);
        mpfr_set(a[(3 + i) * W + 7], bang[i], MPFR_RNDN);
    }
    mpfr_set_ui(a[6 * W + 2], 1, MPFR_RNDN);

    status = gauss_solve(a, N7, wp);
    for (int i = 0; i < N7; i++)
        mpfr_set(xout + i, a[i * W + N7], MPFR_RNDN);

    mpfr_clears(w12, one, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++)
        v3_clear(al[i]);
    v3_clear(om), v3_clear(y), v3_clear(av), v3_clear(pv), v3_clear(piv);
    v3_clear(nv), v3_clear(bang), v3_clear(t1), v3_clear(t2);
    mat_free(a, N7);
    sk_clear(&k);
    return status;
}

/* ------------------------------------------------------------------ sleigh limit (§4.2) */
int nhref_oracle_skater_sleigh_limit(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t jj, kk, vv, c0, k, tau, w, x, y;
    int status;

    if (out == NULL || p == NULL || s0 == NULL || t == NULL)
        return NHREF_EINVAL;
    if ((status = sk_check_params(p)) != NHREF_OK)
        return status;
    if (sk_check_vec(s0, NS) != NHREF_OK || !mpfr_number_p(t))
        return NHREF_EINVAL;
    if (!mpfr_zero_p(p + PA2) || !mpfr_zero_p(p + PA3) || !mpfr_zero_p(s0 + STH) ||
        !mpfr_zero_p(s0 + SW1))
        return NHREF_EPARAM; /* the limit needs A2 = A3 = 0, theta0 = Omega1(0) = 0 */
    wp = max_prec(out, NS) + GUARD;
    mpfr_inits2(wp, jj, kk, vv, c0, k, tau, w, x, y, (mpfr_ptr)0);
    mpfr_set_zero(out + STH, 1);
    mpfr_set_zero(out + SW1, 1);
    mpfr_set_nan(out + SR1);
    mpfr_set_nan(out + SR2);
    if (mpfr_zero_p(s0 + SW2)) { /* straight glide */
        mpfr_set_zero(out + SW2, 1);
        mpfr_set(out + SV, s0 + SV, MPFR_RNDN);
        mpfr_set(out + SPSI, s0 + SPSI, MPFR_RNDN);
    } else if (mpfr_zero_p(p + PA1)) { /* k = 0: uniform turn */
        mpfr_set(out + SW2, s0 + SW2, MPFR_RNDN);
        mpfr_set(out + SV, s0 + SV, MPFR_RNDN);
        mpfr_fma(w, s0 + SW2, t, s0 + SPSI, MPFR_RNDN);
        mpfr_set(out + SPSI, w, MPFR_RNDN);
    } else {
        /* J = I3 + m A1^2, K = J Omega2^2 + m v^2, V = sqrt(K/m) */
        mpfr_sqr(jj, p + PA1, MPFR_RNDN);
        mpfr_fma(jj, jj, p + PM, p + PI3, MPFR_RNDN);
        mpfr_sqr(kk, s0 + SW2, MPFR_RNDN);
        mpfr_mul(kk, kk, jj, MPFR_RNDN);
        mpfr_sqr(w, s0 + SV, MPFR_RNDN);
        mpfr_fma(kk, w, p + PM, kk, MPFR_RNDN);
        mpfr_div(vv, kk, p + PM, MPFR_RNDN);
        mpfr_sqrt(vv, vv, MPFR_RNDN);
        /* c0 = atanh(v0/V), k = A1 m V / J, tau = k t + c0 */
        mpfr_div(c0, s0 + SV, vv, MPFR_RNDN);
        mpfr_atanh(c0, c0, MPFR_RNDN);
        mpfr_mul(k, p + PA1, p + PM, MPFR_RNDN);
        mpfr_mul(k, k, vv, MPFR_RNDN);
        mpfr_div(k, k, jj, MPFR_RNDN);
        mpfr_fma(tau, k, t, c0, MPFR_RNDN);
        /* v = V tanh(tau) */
        mpfr_tanh(w, tau, MPFR_RNDN);
        mpfr_mul(w, w, vv, MPFR_RNDN);
        mpfr_set(out + SV, w, MPFR_RNDN);
        /* Omega2 = Omega2(0) cosh(c0) / cosh(tau) */
        mpfr_cosh(x, c0, MPFR_RNDN);
        mpfr_mul(x, x, s0 + SW2, MPFR_RNDN); /* x = Omega2(0) cosh c0 */
        mpfr_cosh(w, tau, MPFR_RNDN);
        mpfr_div(w, x, w, MPFR_RNDN);
        mpfr_set(out + SW2, w, MPFR_RNDN);
        /* psi = psi0 + (x/k) [atan sinh tau - atan sinh c0] */
        mpfr_sinh(w, tau, MPFR_RNDN);
        mpfr_atan(w, w, MPFR_RNDN);
        mpfr_sinh(y, c0, MPFR_RNDN);
        mpfr_atan(y, y, MPFR_RNDN);
        mpfr_sub(w, w, y, MPFR_RNDN);
        mpfr_mul(w, w, x, MPFR_RNDN);
        mpfr_div(w, w, k, MPFR_RNDN);
        mpfr_add(w, w, s0 + SPSI, MPFR_RNDN);
        mpfr_set(out + SPSI, w, MPFR_RNDN);
    }
    mpfr_clears(jj, kk, vv, c0, k, tau, w, x, y, (mpfr_ptr)0);
    for (int i = 0; i < SR1; i++)
        if (!mpfr_number_p(out + i))
            return NHREF_EDOMAIN;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ relative equilibria (§4.3) */
int nhref_oracle_skater_glide_theta(mpfr_ptr theta, mpfr_srcptr p)
{
    mpfr_t q;
    int status;

    if (theta == NULL || p == NULL)
        return NHREF_EINVAL;
    if ((status = sk_check_params(p)) != NHREF_OK)
        return status;
    if (mpfr_zero_p(p + PA3)) {
        if (!mpfr_zero_p(p + PA2))
            return NHREF_EDOMAIN;
        mpfr_set_zero(theta, 1);
        return NHREF_OK;
    }
    mpfr_init2(q, mpfr_get_prec(theta) + GUARD);
    mpfr_div(q, p + PA2, p + PA3, MPFR_RNDN);
    mpfr_atan(theta, q, MPFR_RNDN);
    mpfr_clear(q);
    return NHREF_OK;
}

int nhref_oracle_skater_turn_theta(mpfr_ptr theta, mpfr_srcptr p, mpfr_srcptr omega2,
                                   mpfr_srcptr v, mpfr_srcptr guess)
{
    sk_t k;
    mpfr_t th, f, df, dsc, halfpi;
    int status = NHREF_ENOCONV;
    mpfr_exp_t last = MPFR_EMAX_MAX;

    if (theta == NULL || p == NULL || omega2 == NULL || v == NULL || guess == NULL)
        return NHREF_EINVAL;
    if ((status = sk_check_params(p)) != NHREF_OK)
        return status;
    if (!mpfr_number_p(omega2) || !mpfr_number_p(v) || !mpfr_number_p(guess))
        return NHREF_EINVAL;
    if (!mpfr_zero_p(p + PA1) && !mpfr_zero_p(omega2))
        return NHREF_EPARAM;
    status = NHREF_ENOCONV;
    sk_init(&k, p, mpfr_get_prec(theta) + GUARD);
    mpfr_inits2(k.wp, th, f, df, dsc, halfpi, (mpfr_ptr)0);
    mpfr_const_pi(halfpi, MPFR_RNDN);
    mpfr_div_2ui(halfpi, halfpi, 1, MPFR_RNDN);
    mpfr_set(th, guess, MPFR_RNDN);
    for (int it = 0; it < 200; it++) {
        sk_at(&k, th);
        sk_f1(f, dsc, &k, omega2, v);
        /* F1' = Omega2^2 (D cos 2theta + m (phi'^2 - phi^2)) - m phi v Omega2 + m g phi' */
        mpfr_sqr(k.t1, k.c, MPFR_RNDN);
        mpfr_sqr(k.t2, k.s, MPFR_RNDN);
        mpfr_sub(k.t1, k.t1, k.t2, MPFR_RNDN);
        mpfr_mul(df, k.t1, k.d, MPFR_RNDN);
        mpfr_sqr(k.t1, k.dphi, MPFR_RNDN);
        mpfr_sqr(k.t2, k.phi, MPFR_RNDN);
        mpfr_sub(k.t1, k.t1, k.t2, MPFR_RNDN);
        mpfr_fma(df, k.t1, k.p[PM], df, MPFR_RNDN);
        mpfr_sqr(k.t1, omega2, MPFR_RNDN);
        mpfr_mul(df, df, k.t1, MPFR_RNDN);
        mpfr_mul(k.t1, k.p[PM], k.phi, MPFR_RNDN);
        mpfr_mul(k.t1, k.t1, v, MPFR_RNDN);
        mpfr_mul(k.t1, k.t1, omega2, MPFR_RNDN);
        mpfr_sub(df, df, k.t1, MPFR_RNDN);
        mpfr_mul(k.t1, k.p[PM], k.p[PG], MPFR_RNDN);
        mpfr_fma(df, k.t1, k.dphi, df, MPFR_RNDN);
        if (mpfr_zero_p(df))
            break;
        mpfr_div(f, f, df, MPFR_RNDN);
        mpfr_sub(th, th, f, MPFR_RNDN);
        if (!mpfr_number_p(th) || mpfr_cmpabs(th, halfpi) >= 0)
            break;
        /* converged when the correction is below 2^-(wp - 4) or stops shrinking */
        if (mpfr_zero_p(f) || mpfr_get_exp(f) < -(mpfr_exp_t)k.wp + 4 ||
            (mpfr_get_exp(f) < -(mpfr_exp_t)k.wp / 2 && mpfr_get_exp(f) >= last)) {
            status = NHREF_OK;
            break;
        }
        last = mpfr_get_exp(f);
    }
    if (status == NHREF_OK)
        mpfr_set(theta, th, MPFR_RNDN);
    mpfr_clears(th, f, df, dsc, halfpi, (mpfr_ptr)0);
    sk_clear(&k);
    return status;
}

int nhref_oracle_skater_steady(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t)
{
    mpfr_t w, ch, sh, r, a;
    int status;

    if (out == NULL || p == NULL || s0 == NULL || t == NULL)
        return NHREF_EINVAL;
    if ((status = sk_check_params(p)) != NHREF_OK)
        return status;
    if (sk_check_vec(s0, NS) != NHREF_OK || !mpfr_number_p(t))
        return NHREF_EINVAL;
    if (!mpfr_zero_p(s0 + SW1) || (!mpfr_zero_p(p + PA1) && !mpfr_zero_p(s0 + SW2)))
        return NHREF_EPARAM;
    mpfr_inits2(max_prec(out, NS) + GUARD, w, ch, sh, r, a, (mpfr_ptr)0);
    for (int i = 0; i < SPSI; i++)
        mpfr_set(out + i, s0 + i, MPFR_RNDN);
    /* psi = psi0 + Omega2 t; chord r = (2 v / Omega2) sin(Omega2 t / 2) at angle
     * psi0 + Omega2 t / 2 (v t on the line when Omega2 = 0) */
    mpfr_mul(w, s0 + SW2, t, MPFR_RNDN);
    mpfr_add(a, s0 + SPSI, w, MPFR_RNDN);
    mpfr_set(out + SPSI, a, MPFR_RNDN);
    if (mpfr_zero_p(s0 + SW2)) {
        mpfr_mul(r, s0 + SV, t, MPFR_RNDN);
    } else {
        mpfr_div_2ui(w, w, 1, MPFR_RNDN);
        mpfr_sin(r, w, MPFR_RNDN);
        mpfr_mul(r, r, s0 + SV, MPFR_RNDN);
        mpfr_mul_2ui(r, r, 1, MPFR_RNDN);
        mpfr_div(r, r, s0 + SW2, MPFR_RNDN);
    }
    mpfr_add(a, s0 + SPSI, w, MPFR_RNDN);
    mpfr_sin_cos(sh, ch, a, MPFR_RNDN);
    mpfr_fma(a, r, ch, s0 + SR1, MPFR_RNDN);
    mpfr_set(out + SR1, a, MPFR_RNDN);
    mpfr_fma(a, r, sh, s0 + SR2, MPFR_RNDN);
    mpfr_set(out + SR2, a, MPFR_RNDN);
    mpfr_clears(w, ch, sh, r, a, (mpfr_ptr)0);
    return NHREF_OK;
}

/* ------------------------------------------------------------------ A1 = 0 quadratures (§4.1) */
typedef struct {
    sk_t k;
    mpfr_t e, j1, j2, b, u;
} lib_t;

/* H = E - U(theta), U = J1^2/(2 I_G) + m (J2 - J1 beta1)^2/2 + m g phi' (also
 * leaves I_G at theta in L->k.ig) */
static int lib_h(mpfr_t h, lib_t *l, mpfr_srcptr theta)
{
    sk_t *k = &l->k;
    int status;
    sk_at(k, theta);
    status = sk_beta1(l->b, k);
    mpfr_mul(l->u, l->j1, l->b, MPFR_RNDN);
    mpfr_sub(l->u, l->j2, l->u, MPFR_RNDN);
    mpfr_sqr(l->u, l->u, MPFR_RNDN);
    mpfr_mul(l->u, l->u, k->p[PM], MPFR_RNDN);
    mpfr_sqr(k->t1, l->j1, MPFR_RNDN);
    mpfr_div(k->t1, k->t1, k->ig, MPFR_RNDN);
    mpfr_add(l->u, l->u, k->t1, MPFR_RNDN);
    mpfr_div_2ui(l->u, l->u, 1, MPFR_RNDN);
    mpfr_mul(k->t1, k->p[PM], k->p[PG], MPFR_RNDN);
    mpfr_fma(l->u, k->t1, k->dphi, l->u, MPFR_RNDN);
    mpfr_sub(h, l->e, l->u, MPFR_RNDN);
    return status;
}

/* the turning point on side SIDE (-1 or +1) of THETA0: scan theta0 + side d,
 * d = 2^-(wp/2) doubling, until E - U < 0 (never beyond |theta| = pi/2), then
 * bisect.  AT_ROOT: theta0 itself is a turning point on that side. */
static int lib_root(mpfr_t root, lib_t *l, mpfr_srcptr theta0, int side, int at_root)
{
    const mpfr_prec_t wp = l->k.wp;
    mpfr_t d, lo, hi, mid, h, halfpi;
    int status = NHREF_OK, found = 0;

    mpfr_inits2(wp, d, lo, hi, mid, h, halfpi, (mpfr_ptr)0);
    mpfr_const_pi(halfpi, MPFR_RNDN);
    mpfr_div_2ui(halfpi, halfpi, 1, MPFR_RNDN);
    mpfr_set_ui_2exp(d, 1, -(mpfr_exp_t)(wp / 2), MPFR_RNDN);
    mpfr_set(lo, theta0, MPFR_RNDN);
    if (at_root) {
        mpfr_set(root, theta0, MPFR_RNDN);
        goto out;
    }
    while (!found) {
        int last = 0;
        if (side > 0)
            mpfr_add(hi, theta0, d, MPFR_RNDN);
        else
            mpfr_sub(hi, theta0, d, MPFR_RNDN);
        if (mpfr_cmpabs(hi, halfpi) >= 0) { /* clamp at the fall */
            mpfr_set(hi, halfpi, MPFR_RNDN);
            mpfr_setsign(hi, hi, side < 0, MPFR_RNDN);
            last = 1;
        }
        if ((status = lib_h(h, l, hi)) != NHREF_OK)
            goto out;
        if (mpfr_sgn(h) < 0)
            found = 1;
        else if (last) {
            status = NHREF_EDOMAIN; /* no turning point before the blade lies flat */
            goto out;
        } else {
            mpfr_set(lo, hi, MPFR_RNDN);
            mpfr_mul_2ui(d, d, 1, MPFR_RNDN);
        }
    }
    /* bisection: E - U >= 0 at lo, < 0 at hi */
    for (mpfr_prec_t it = 0; it < wp + 8; it++) {
        mpfr_add(mid, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
        if (mpfr_equal_p(mid, lo) || mpfr_equal_p(mid, hi))
            break;
        if ((status = lib_h(h, l, mid)) != NHREF_OK)
            goto out;
        if (mpfr_sgn(h) < 0)
            mpfr_set(hi, mid, MPFR_RNDN);
        else
            mpfr_set(lo, mid, MPFR_RNDN);
    }
    mpfr_add(root, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(root, root, 1, MPFR_RNDN);
out:
    mpfr_clears(d, lo, hi, mid, h, halfpi, (mpfr_ptr)0);
    return status;
}

int nhref_oracle_skater_libration(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr s0)
{
    const mpfr_prec_t prec = max_prec(out, 4);
    lib_t l;
    mpfr_t I[3], th[2], mid, half, chi, theta, h, g, sumt, sump, tq, pq, tq0, pq0, pi, dt;
    int status, at[2] = {0, 0};
    unsigned long n;

    if (out == NULL || p == NULL || s0 == NULL)
        return NHREF_EINVAL;
    if ((status = sk_check_params(p)) != NHREF_OK)
        return status;
    if ((status = sk_check_vec(s0, 4)) != NHREF_OK)
        return status;
    if (!mpfr_zero_p(p + PA1))
        return NHREF_EPARAM;
    sk_init(&l.k, p, prec + GUARD);
    mpfr_inits2(l.k.wp, l.e, l.j1, l.j2, l.b, l.u, I[0], I[1], I[2], th[0], th[1], mid, half, chi,
                theta, h, g, sumt, sump, tq, pq, tq0, pq0, pi, dt, (mpfr_ptr)0);
    status = sk_integrals(I, &l.k, s0);
    mpfr_set(l.e, I[0], MPFR_RNDN);
    mpfr_set(l.j1, I[1], MPFR_RNDN);
    mpfr_set(l.j2, I[2], MPFR_RNDN);

    /* Omega1(0) = 0: theta(0) is a turning point; its side from E - U just beside it */
    if (status == NHREF_OK && mpfr_zero_p(s0 + SW1)) {
        int neg[2];
        for (int side = 0; side < 2 && status == NHREF_OK; side++) {
            mpfr_set_ui_2exp(dt, 1, -(mpfr_exp_t)(l.k.wp / 2), MPFR_RNDN);
            if (side == 0)
                mpfr_sub(theta, s0 + STH, dt, MPFR_RNDN);
            else
                mpfr_add(theta, s0 + STH, dt, MPFR_RNDN);
            status = lib_h(h, &l, theta);
            neg[side] = mpfr_sgn(h) < 0;
        }
        if (status == NHREF_OK && neg[0] == neg[1])
            status = NHREF_EDOMAIN; /* an equilibrium, or no motion away from it */
        at[0] = neg[0];
        at[1] = neg[1];
    }
    for (int side = 0; side < 2 && status == NHREF_OK; side++)
        status = lib_root(th[side], &l, s0 + STH, side == 0 ? -1 : 1, at[side]);

    /* theta = mid - half cos chi, chi in [0, pi]: midpoint rule with N doubling */
    mpfr_add(mid, th[0], th[1], MPFR_RNDN);
    mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
    mpfr_sub(half, th[1], th[0], MPFR_RNDN);
    mpfr_div_2ui(half, half, 1, MPFR_RNDN);
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_set_nan(tq0);
    mpfr_set_nan(pq0);
    for (n = 32; status == NHREF_OK; n *= 2) {
        if (n > (1UL << 20)) {
            status = NHREF_EMAXSTEPS;
            break;
        }
        mpfr_set_zero(sumt, 1);
        mpfr_set_zero(sump, 1);
        mpfr_div_ui(dt, pi, n, MPFR_RNDN);
        for (unsigned long j = 0; j < n && status == NHREF_OK; j++) {
            mpfr_set_ui(chi, 2 * j + 1, MPFR_RNDN);
            mpfr_mul(chi, chi, dt, MPFR_RNDN);
            mpfr_div_2ui(chi, chi, 1, MPFR_RNDN);
            mpfr_sin_cos(g, theta, chi, MPFR_RNDN); /* g = sin chi, theta = cos chi */
            mpfr_mul(theta, theta, half, MPFR_RNDN);
            mpfr_sub(theta, mid, theta, MPFR_RNDN);
            status = lib_h(h, &l, theta);
            if (status == NHREF_OK && mpfr_sgn(h) <= 0)
                status = NHREF_EDOMAIN; /* cannot happen between simple roots */
            /* integrand half sin chi sqrt(It1 / (2 h)) */
            mpfr_mul_2ui(h, h, 1, MPFR_RNDN);
            mpfr_div(h, l.k.it1, h, MPFR_RNDN);
            mpfr_sqrt(h, h, MPFR_RNDN);
            mpfr_mul(g, g, h, MPFR_RNDN);
            mpfr_mul(g, g, half, MPFR_RNDN);
            mpfr_add(sumt, sumt, g, MPFR_RNDN);
            mpfr_div(g, g, l.k.ig, MPFR_RNDN);
            mpfr_add(sump, sump, g, MPFR_RNDN);
        }
        /* T = 2 (pi/N) sum, Delta psi = 2 (pi/N) J1 sum/I_G */
        mpfr_mul(tq, sumt, dt, MPFR_RNDN);
        mpfr_mul_2ui(tq, tq, 1, MPFR_RNDN);
        mpfr_mul(pq, sump, dt, MPFR_RNDN);
        mpfr_mul(pq, pq, l.j1, MPFR_RNDN);
        mpfr_mul_2ui(pq, pq, 1, MPFR_RNDN);
        if (status == NHREF_OK && mpfr_number_p(tq0)) {
            int done = 1;
            mpfr_sub(g, tq, tq0, MPFR_RNDN);
            if (!mpfr_zero_p(g) &&
                mpfr_get_exp(g) > mpfr_get_exp(tq) - (mpfr_exp_t)prec - 16)
                done = 0;
            mpfr_sub(g, pq, pq0, MPFR_RNDN);
            if (!mpfr_zero_p(g) && !mpfr_zero_p(pq) &&
                mpfr_get_exp(g) > mpfr_get_exp(pq) - (mpfr_exp_t)prec - 16)
                done = 0;
            if (done)
                break;
        }
        mpfr_set(tq0, tq, MPFR_RNDN);
        mpfr_set(pq0, pq, MPFR_RNDN);
    }
    if (status == NHREF_OK) {
        mpfr_set(out + 0, th[0], MPFR_RNDN);
        mpfr_set(out + 1, th[1], MPFR_RNDN);
        mpfr_set(out + 2, tq, MPFR_RNDN);
        mpfr_set(out + 3, pq, MPFR_RNDN);
    }
    mpfr_clears(l.e, l.j1, l.j2, l.b, l.u, I[0], I[1], I[2], th[0], th[1], mid, half, chi, theta,
                h, g, sumt, sump, tq, pq, tq0, pq0, pi, dt, (mpfr_ptr)0);
    sk_clear(&l.k);
    return status;
}
