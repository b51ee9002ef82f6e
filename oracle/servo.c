/* servo.c -- oracle of the servo-constraint models (see oracle_servo.h):
 * first integrals and closed forms of shared/models/servoconstraints.md ("the
 * spec"), coded directly in MPFR from the spec's formulas.  Nothing here calls
 * the tape, the jets or the schemes.
 *
 * Conventions.  Every function works at WP = (largest output precision) + 64
 * bits ("guard") and rounds to nearest at the outputs.  Temporaries are
 * declared with the TMP/CLR macros below (every init has its clear).
 */
#include <math.h>
#include <stdlib.h>

#include <mpfr.h>

#include "nhref_oracle.h"
#include "oracle_servo.h"
#include "oracle_sleigh.h"
#include "nhref_status.h"
#include "oracle_internal.h"

#define GUARD 64
#define RN MPFR_RNDN

enum { PI11, PI12, PI13, PI22, PI23, PI33, PB1, PB2, PB3, PC1, PC2, PC3 };
enum { SW1, SW2, SG1, SG2, SG3, SWK };
enum { KA1, KB1, KC1, KA2, KB2, KC2, KL1, KL2, KL3, KD, NCOEF };
enum { PAL, PBE, PG };
enum { SX, SY, STH, SU, SOM, SWN };
enum { OM, OIC, OL, OA, OB, OC };

static mpfr_prec_t wprec(mpfr_srcptr out, size_t n)
{
    mpfr_prec_t p = MPFR_PREC_MIN;
    for (size_t i = 0; i < n; i++)
        if (mpfr_get_prec(out + i) > p)
            p = mpfr_get_prec(out + i);
    return p + GUARD;
}

static int finite_vec(mpfr_srcptr v, size_t n)
{
    if (v == NULL)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!mpfr_number_p(v + i))
            return 0;
    return 1;
}

static __mpfr_struct *vnew(size_t n, mpfr_prec_t prec)
{
    __mpfr_struct *v = malloc((n ? n : 1) * sizeof *v);
    if (v != NULL)
        for (size_t i = 0; i < n; i++)
            mpfr_init2(v + i, prec);
    return v;
}

static void vfree(__mpfr_struct *v, size_t n)
{
    if (v == NULL)
        return;
    for (size_t i = 0; i < n; i++)
        mpfr_clear(v + i);
    free(v);
}

/* r = a b - c d */
static void det2(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr c, mpfr_srcptr d,
                 mpfr_ptr tmp)
{
    mpfr_mul(tmp, c, d, RN);
    mpfr_fms(r, a, b, tmp, RN);
}

/* |x| <= 2^-200 scale (a decimal input's exact zero, rounded) */
static int negligible(mpfr_srcptr x, mpfr_srcptr scale)
{
    mpfr_t e;
    int r;
    if (mpfr_zero_p(x))
        return 1;
    mpfr_init2(e, 64);
    mpfr_mul_2si(e, scale, -200, RN);
    r = mpfr_cmpabs(x, e) <= 0;
    mpfr_clear(e);
    return r;
}

/* ================================================================== M3 */

/* k = adj(I) e3, Delta = k3 */
static void suslov_k(mpfr_ptr k, mpfr_srcptr p, mpfr_ptr tmp)
{
    det2(k + 0, p + PI12, p + PI23, p + PI13, p + PI22, tmp);
    det2(k + 1, p + PI12, p + PI13, p + PI11, p + PI23, tmp);
    det2(k + 2, p + PI11, p + PI22, p + PI12, p + PI12, tmp);
}

int nhref_oracle_suslov_check(mpfr_srcptr p)
{
    __mpfr_struct *k;
    mpfr_t D, s, t, u;
    int status = NHREF_OK;

    if (!finite_vec(p, NHREF_ORACLE_SUSLOV_NPARAM))
        return NHREF_EINVAL;
    k = vnew(3, 320);
    mpfr_inits2(320, D, s, t, u, (mpfr_ptr)0);
    suslov_k(k, p, t);
    if (mpfr_sgn(p + PI11) <= 0 || mpfr_sgn(k + 2) <= 0 || mpfr_sgn(p + PI33) < 0)
        status = NHREF_EPARAM;
    if (status == NHREF_OK && mpfr_sgn(p + PI33) > 0) {
        mpfr_mul(D, p + PI33, k + 2, RN);
        mpfr_set(s, D, RN);
        mpfr_fma(D, p + PI13, k + 0, D, RN);
        mpfr_fma(D, p + PI23, k + 1, D, RN);
        if (mpfr_sgn(D) <= 0 || negligible(D, s))
            status = NHREF_EPARAM;
    }
    if (status == NHREF_OK && mpfr_zero_p(p + PB1) && mpfr_zero_p(p + PB2) && mpfr_zero_p(p + PB3))
        status = NHREF_EPARAM;
    if (status == NHREF_OK) {
        /* D = (k, b), scale = sum |b_i| (|a_i b_i| + |c_i d_i|) over k_i = a_i b_i - c_i d_i */
        static const int kk[3][4] = {{PI12, PI23, PI13, PI22}, {PI12, PI13, PI11, PI23},
                                     {PI11, PI22, PI12, PI12}};
        mpfr_set_zero(D, 1);
        mpfr_set_zero(s, 1);
        for (int i = 0; i < 3; i++) {
            mpfr_mul(t, k + i, p + PB1 + i, RN);
            mpfr_add(D, D, t, RN);
            mpfr_mul(t, p + kk[i][0], p + kk[i][1], RN);
            mpfr_mul(u, p + kk[i][2], p + kk[i][3], RN);
            mpfr_abs(t, t, RN);
            mpfr_abs(u, u, RN);
            mpfr_add(t, t, u, RN);
            mpfr_mul(t, t, p + PB1 + i, RN);
            mpfr_abs(t, t, RN);
            mpfr_add(s, s, t, RN);
        }
        if (negligible(D, s))
            status = NHREF_EPARAM;
    }
    mpfr_clears(D, s, t, u, (mpfr_ptr)0);
    vfree(k, 3);
    return status;
}

/* all coefficients of spec §4.2 at precision wp */
static void suslov_coef(__mpfr_struct *o, mpfr_srcptr p, mpfr_prec_t wp)
{
    mpfr_srcptr i11 = p + PI11, i12 = p + PI12, i13 = p + PI13, i22 = p + PI22, i23 = p + PI23;
    mpfr_srcptr b1 = p + PB1, b2 = p + PB2, b3 = p + PB3;
    mpfr_t t, u, v, dl;
    __mpfr_struct *k = vnew(3, wp);

    mpfr_inits2(wp, t, u, v, dl, (mpfr_ptr)0);
    suslov_k(k, p, t);
    mpfr_set(dl, k + 2, RN);
    /* D = (k, b) */
    mpfr_mul(o + KD, k + 0, b1, RN);
    mpfr_fma(o + KD, k + 1, b2, o + KD, RN);
    mpfr_fma(o + KD, k + 2, b3, o + KD, RN);
    /* A1 = b1 (I12 I22 + I13 I23) - b2 I12^2 - b3 I12 I13 */
    mpfr_mul(t, i12, i22, RN);
    mpfr_fma(t, i13, i23, t, RN);
    mpfr_mul(o + KA1, b1, t, RN);
    mpfr_sqr(t, i12, RN);
    mpfr_mul(t, t, b2, RN);
    mpfr_sub(o + KA1, o + KA1, t, RN);
    mpfr_mul(t, i12, i13, RN);
    mpfr_mul(t, t, b3, RN);
    mpfr_sub(o + KA1, o + KA1, t, RN);
    /* B1 = b1 (I22^2 + I23^2 - I11 I22) + b2 (I11 I12 - I12 I22 + I13 I23) - b3 (I12 I23 + I13 I22) */
    mpfr_sqr(t, i22, RN);
    mpfr_fma(t, i23, i23, t, RN);
    mpfr_mul(u, i11, i22, RN);
    mpfr_sub(t, t, u, RN);
    mpfr_mul(o + KB1, b1, t, RN);
    mpfr_sub(t, i11, i22, RN);
    mpfr_mul(t, t, i12, RN);
    mpfr_fma(t, i13, i23, t, RN);
    mpfr_fma(o + KB1, b2, t, o + KB1, RN);
    mpfr_mul(t, i12, i23, RN);
    mpfr_fma(t, i13, i22, t, RN);
    mpfr_mul(t, t, b3, RN);
    mpfr_sub(o + KB1, o + KB1, t, RN);
    /* C1 = -b1 I12 I22 + b2 (I12^2 + I23^2) - b3 I22 I23 */
    mpfr_sqr(t, i12, RN);
    mpfr_fma(t, i23, i23, t, RN);
    mpfr_mul(o + KC1, b2, t, RN);
    mpfr_mul(t, i12, i22, RN);
    mpfr_mul(t, t, b1, RN);
    mpfr_sub(o + KC1, o + KC1, t, RN);
    mpfr_mul(t, i22, i23, RN);
    mpfr_mul(t, t, b3, RN);
    mpfr_sub(o + KC1, o + KC1, t, RN);
    /* A2 = -b1 (I12^2 + I13^2) + b2 I11 I12 + b3 I11 I13 */
    mpfr_mul(t, i11, i12, RN);
    mpfr_mul(o + KA2, t, b2, RN);
    mpfr_mul(t, i11, i13, RN);
    mpfr_fma(o + KA2, t, b3, o + KA2, RN);
    mpfr_sqr(t, i12, RN);
    mpfr_fma(t, i13, i13, t, RN);
    mpfr_mul(t, t, b1, RN);
    mpfr_sub(o + KA2, o + KA2, t, RN);
    /* B2 = b1 (I11 I12 - I12 I22 - I13 I23) + b2 (I11 I22 - I11^2 - I13^2) + b3 (I11 I23 + I12 I13) */
    mpfr_sub(t, i11, i22, RN);
    mpfr_mul(t, t, i12, RN);
    mpfr_mul(u, i13, i23, RN);
    mpfr_sub(t, t, u, RN);
    mpfr_mul(o + KB2, b1, t, RN);
    mpfr_sub(t, i22, i11, RN);
    mpfr_mul(t, t, i11, RN);
    mpfr_sqr(u, i13, RN);
    mpfr_sub(t, t, u, RN);
    mpfr_fma(o + KB2, b2, t, o + KB2, RN);
    mpfr_mul(t, i11, i23, RN);
    mpfr_fma(t, i12, i13, t, RN);
    mpfr_fma(o + KB2, b3, t, o + KB2, RN);
    /* C2 = b1 I12^2 - b2 (I11 I12 + I13 I23) + b3 I12 I23 */
    mpfr_sqr(t, i12, RN);
    mpfr_mul(o + KC2, b1, t, RN);
    mpfr_mul(t, i11, i12, RN);
    mpfr_fma(t, i13, i23, t, RN);
    mpfr_mul(t, t, b2, RN);
    mpfr_sub(o + KC2, o + KC2, t, RN);
    mpfr_mul(t, i12, i23, RN);
    mpfr_fma(o + KC2, t, b3, o + KC2, RN);
    /* L1 = I12 Delta + I13 (I11 I23 - I12 I13) = I12 Delta - I13 k2 */
    mpfr_mul(o + KL1, i12, dl, RN);
    mpfr_mul(t, i13, k + 1, RN);
    mpfr_sub(o + KL1, o + KL1, t, RN);
    /* L2 = (I22 - I11) Delta + I11 I23^2 - I13^2 I22 */
    mpfr_sub(t, i22, i11, RN);
    mpfr_mul(o + KL2, t, dl, RN);
    mpfr_sqr(t, i23, RN);
    mpfr_fma(o + KL2, t, i11, o + KL2, RN);
    mpfr_sqr(t, i13, RN);
    mpfr_mul(t, t, i22, RN);
    mpfr_sub(o + KL2, o + KL2, t, RN);
    /* L3 = -I12 Delta + I23 (I12 I23 - I13 I22) = -I12 Delta + I23 k1 */
    mpfr_mul(o + KL3, i23, k + 0, RN);
    mpfr_mul(t, i12, dl, RN);
    mpfr_sub(o + KL3, o + KL3, t, RN);
    mpfr_clears(t, u, v, dl, (mpfr_ptr)0);
    vfree(k, 3);
}

int nhref_oracle_suslov_coefficients(mpfr_ptr out, mpfr_srcptr p)
{
    mpfr_prec_t wp;
    __mpfr_struct *o;
    if (out == NULL || !finite_vec(p, NHREF_ORACLE_SUSLOV_NPARAM))
        return NHREF_EINVAL;
    wp = wprec(out, NCOEF);
    o = vnew(NCOEF, wp);
    suslov_coef(o, p, wp);
    for (int i = 0; i < NCOEF; i++)
        mpfr_set(out + i, o + i, RN);
    vfree(o, NCOEF);
    return NHREF_OK;
}

int nhref_oracle_suslov_D(mpfr_ptr D, mpfr_srcptr p)
{
    mpfr_prec_t wp;
    __mpfr_struct *o;
    if (D == NULL || !finite_vec(p, NHREF_ORACLE_SUSLOV_NPARAM))
        return NHREF_EINVAL;
    wp = wprec(D, 1);
    o = vnew(NCOEF, wp);
    suslov_coef(o, p, wp);
    mpfr_set(D, o + KD, RN);
    vfree(o, NCOEF);
    return NHREF_OK;
}

int nhref_oracle_suslov_rhs_implicit(mpfr_ptr f, mpfr_ptr lambda, mpfr_srcptr p, mpfr_srcptr s)
{
    mpfr_prec_t wp;
    mpfr_t M[3][4], m[3], t;
    int status = NHREF_OK, r[3] = {0, 1, 2};

    if (f == NULL || !finite_vec(p, NHREF_ORACLE_SUSLOV_NPARAM) ||
        !finite_vec(s, NHREF_ORACLE_SUSLOV_NSTATE))
        return NHREF_EINVAL;
    wp = wprec(f, NHREF_ORACLE_SUSLOV_NSTATE);
    if (lambda != NULL && mpfr_get_prec(lambda) + GUARD > wp)
        wp = mpfr_get_prec(lambda) + GUARD;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++)
            mpfr_init2(M[i][j], wp);
        mpfr_init2(m[i], wp);
    }
    mpfr_init2(t, wp);
    /* columns: I e1, I e2, -b */
    mpfr_set(M[0][0], p + PI11, RN);
    mpfr_set(M[1][0], p + PI12, RN);
    mpfr_set(M[2][0], p + PI13, RN);
    mpfr_set(M[0][1], p + PI12, RN);
    mpfr_set(M[1][1], p + PI22, RN);
    mpfr_set(M[2][1], p + PI23, RN);
    for (int i = 0; i < 3; i++)
        mpfr_neg(M[i][2], p + PB1 + i, RN);
    /* m = I omega, omega = (w1, w2, 0) */
    for (int i = 0; i < 3; i++) {
        mpfr_mul(m[i], M[i][0], s + SW1, RN);
        mpfr_fma(m[i], M[i][1], s + SW2, m[i], RN);
    }
    /* right side: m x omega + gamma x c */
    mpfr_mul(M[0][3], m[2], s + SW2, RN);
    mpfr_neg(M[0][3], M[0][3], RN);
    mpfr_mul(M[1][3], m[2], s + SW1, RN);
    mpfr_mul(t, m[1], s + SW1, RN);
    mpfr_fms(M[2][3], m[0], s + SW2, t, RN);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3; /* (gamma x c)_i = g_j c_k - g_k c_j */
        mpfr_mul(t, s + SG1 + k, p + PC1 + j, RN);
        mpfr_fms(t, s + SG1 + j, p + PC1 + k, t, RN);
        mpfr_add(M[i][3], M[i][3], t, RN);
    }
    /* Gaussian elimination with partial pivoting (row permutation r) */
    for (int c = 0; c < 3 && status == NHREF_OK; c++) {
        int best = c;
        for (int i = c + 1; i < 3; i++)
            if (mpfr_cmpabs(M[r[i]][c], M[r[best]][c]) > 0)
                best = i;
        int tmp = r[c];
        r[c] = r[best];
        r[best] = tmp;
        if (mpfr_zero_p(M[r[c]][c])) {
            status = NHREF_EDOMAIN;
            break;
        }
        for (int i = c + 1; i < 3; i++) {
            mpfr_div(t, M[r[i]][c], M[r[c]][c], RN);
            for (int j = c; j < 4; j++) {
                mpfr_mul(m[0], t, M[r[c]][j], RN);
                mpfr_sub(M[r[i]][j], M[r[i]][j], m[0], RN);
            }
        }
    }
    if (status == NHREF_OK) {
        /* back substitution into M[.][3]: x_c */
        for (int c = 2; c >= 0; c--) {
            for (int j = c + 1; j < 3; j++) {
                mpfr_mul(t, M[r[c]][j], M[r[j]][3], RN);
                mpfr_sub(M[r[c]][3], M[r[c]][3], t, RN);
            }
            mpfr_div(M[r[c]][3], M[r[c]][3], M[r[c]][c], RN);
        }
        /* x = (w1', w2', lambda) */
        mpfr_set(f + SW1, M[r[0]][3], RN);
        mpfr_set(f + SW2, M[r[1]][3], RN);
        if (lambda != NULL)
            mpfr_set(lambda, M[r[2]][3], RN);
        /* gamma' = gamma x omega */
        mpfr_mul(t, s + SG3, s + SW2, RN);
        mpfr_neg(f + SG1, t, RN);
        mpfr_mul(f + SG2, s + SG3, s + SW1, RN);
        mpfr_mul(t, s + SG2, s + SW1, RN);
        mpfr_fms(f + SG3, s + SG1, s + SW2, t, RN);
        /* W' = lambda (b1 w1 + b2 w2) */
        mpfr_mul(t, p + PB1, s + SW1, RN);
        mpfr_fma(t, p + PB2, s + SW2, t, RN);
        mpfr_mul(f + SWK, t, M[r[2]][3], RN);
    }
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 4; j++)
            mpfr_clear(M[i][j]);
        mpfr_clear(m[i]);
    }
    mpfr_clear(t);
    return status;
}

int nhref_oracle_suslov_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    __mpfr_struct *o, *m;
    mpfr_t T, V, a, b, q11, q22, w1, w2;
    int status;
    (void)t;

    if (I == NULL || !finite_vec(s, NHREF_ORACLE_SUSLOV_NSTATE))
        return NHREF_EINVAL;
    if ((status = nhref_oracle_suslov_check(p)) != NHREF_OK)
        return status;
    wp = wprec(I, NHREF_ORACLE_SUSLOV_NINTEGRAL);
    o = vnew(NCOEF, wp);
    m = vnew(3, wp);
    mpfr_inits2(wp, T, V, a, b, q11, q22, w1, w2, (mpfr_ptr)0);
    suslov_coef(o, p, wp);
    mpfr_set(w1, s + SW1, RN);
    mpfr_set(w2, s + SW2, RN);
    mpfr_sqr(q11, w1, RN);
    mpfr_sqr(q22, w2, RN);
    /* m = I omega */
    mpfr_mul(m + 0, p + PI11, w1, RN);
    mpfr_fma(m + 0, p + PI12, w2, m + 0, RN);
    mpfr_mul(m + 1, p + PI12, w1, RN);
    mpfr_fma(m + 1, p + PI22, w2, m + 1, RN);
    mpfr_mul(m + 2, p + PI13, w1, RN);
    mpfr_fma(m + 2, p + PI23, w2, m + 2, RN);
    /* gamma_sq */
    mpfr_sqr(a, s + SG1, RN);
    mpfr_fma(a, s + SG2, s + SG2, a, RN);
    mpfr_fma(a, s + SG3, s + SG3, a, RN);
    mpfr_set(I + 0, a, RN);
    /* T = (m1 w1 + m2 w2)/2, V = (c, gamma) */
    mpfr_mul(T, m + 0, w1, RN);
    mpfr_fma(T, m + 1, w2, T, RN);
    mpfr_div_2ui(T, T, 1, RN);
    mpfr_mul(V, p + PC1, s + SG1, RN);
    mpfr_fma(V, p + PC2, s + SG2, V, RN);
    mpfr_fma(V, p + PC3, s + SG3, V, RN);
    mpfr_set(I + 1, T, RN);
    mpfr_add(a, T, V, RN);
    mpfr_set(I + 2, a, RN);
    mpfr_sub(a, a, s + SWK, RN);
    mpfr_set(I + 3, a, RN);
    /* F = (m, c) */
    mpfr_mul(a, m + 0, p + PC1, RN);
    mpfr_fma(a, m + 1, p + PC2, a, RN);
    mpfr_fma(a, m + 2, p + PC3, a, RN);
    mpfr_set(I + 4, a, RN);
    /* J = (b2 I11 - b1 I12) w1 + (b2 I12 - b1 I22) w2 */
    det2(a, p + PB2, p + PI11, p + PB1, p + PI12, b);
    mpfr_mul(a, a, w1, RN);
    det2(b, p + PB2, p + PI12, p + PB1, p + PI22, V);
    mpfr_fma(a, b, w2, a, RN);
    mpfr_set(I + 5, a, RN);
    /* G2 = I11 [b2 (I11 - I22) - b3 I23] w1^2 - I23 (b3 I22 - b2 I23) w2^2 */
    mpfr_sub(a, p + PI11, p + PI22, RN);
    mpfr_mul(a, a, p + PB2, RN);
    mpfr_mul(b, p + PB3, p + PI23, RN);
    mpfr_sub(a, a, b, RN);
    mpfr_mul(a, a, p + PI11, RN);
    mpfr_mul(a, a, q11, RN);
    det2(b, p + PB3, p + PI22, p + PB2, p + PI23, V);
    mpfr_mul(b, b, p + PI23, RN);
    mpfr_mul(b, b, q22, RN);
    mpfr_sub(a, a, b, RN);
    mpfr_set(I + 6, a, RN);
    /* H = (A2 w1^3 - 3 A1 w1^2 w2 - (3/2) B1 w1 w2^2 - C1 w2^3)/(3 D) */
    mpfr_mul(a, o + KA2, q11, RN);
    mpfr_mul(a, a, w1, RN);
    mpfr_mul(b, o + KA1, q11, RN);
    mpfr_mul(b, b, w2, RN);
    mpfr_mul_ui(b, b, 3, RN);
    mpfr_sub(a, a, b, RN);
    mpfr_mul(b, o + KB1, q22, RN);
    mpfr_mul(b, b, w1, RN);
    mpfr_mul_ui(b, b, 3, RN);
    mpfr_div_2ui(b, b, 1, RN);
    mpfr_sub(a, a, b, RN);
    mpfr_mul(b, o + KC1, q22, RN);
    mpfr_mul(b, b, w2, RN);
    mpfr_sub(a, a, b, RN);
    mpfr_mul_ui(b, o + KD, 3, RN);
    mpfr_div(I + 7, a, b, RN);
    mpfr_clears(T, V, a, b, q11, q22, w1, w2, (mpfr_ptr)0);
    vfree(o, NCOEF);
    vfree(m, 3);
    return NHREF_OK;
}

int nhref_oracle_suslov_divergence(mpfr_ptr out, mpfr_srcptr p)
{
    mpfr_prec_t wp;
    __mpfr_struct *o;
    mpfr_srcptr i11 = p + PI11, i12 = p + PI12, i13 = p + PI13, i22 = p + PI22, i23 = p + PI23;
    mpfr_t x, y, t;

    if (out == NULL || !finite_vec(p, NHREF_ORACLE_SUSLOV_NPARAM))
        return NHREF_EINVAL;
    wp = wprec(out, 3);
    o = vnew(NCOEF, wp);
    mpfr_inits2(wp, x, y, t, (mpfr_ptr)0);
    suslov_coef(o, p, wp);
    /* C_1 = b1 (I11 I12 + I12 I22 + I13 I23) - b2 (I11^2 - I11 I22 + 2 I12^2 + I13^2)
     *       + b3 (I11 I23 - I12 I13) */
    mpfr_add(x, i11, i22, RN);
    mpfr_mul(x, x, i12, RN);
    mpfr_fma(x, i13, i23, x, RN);
    mpfr_mul(x, x, p + PB1, RN);
    mpfr_sub(y, i11, i22, RN);
    mpfr_mul(y, y, i11, RN);
    mpfr_sqr(t, i12, RN);
    mpfr_mul_2ui(t, t, 1, RN);
    mpfr_add(y, y, t, RN);
    mpfr_fma(y, i13, i13, y, RN);
    mpfr_mul(y, y, p + PB2, RN);
    mpfr_sub(x, x, y, RN);
    det2(y, i11, i23, i12, i13, t);
    mpfr_fma(x, y, p + PB3, x, RN);
    mpfr_set(out + 0, x, RN);
    /* C_2 = b1 (2 I12^2 + I22^2 + I23^2 - I11 I22) - b2 (I11 I12 + I12 I22 + I13 I23)
     *       + b3 (I12 I23 - I13 I22) */
    mpfr_sqr(x, i12, RN);
    mpfr_mul_2ui(x, x, 1, RN);
    mpfr_fma(x, i22, i22, x, RN);
    mpfr_fma(x, i23, i23, x, RN);
    mpfr_mul(t, i11, i22, RN);
    mpfr_sub(x, x, t, RN);
    mpfr_mul(x, x, p + PB1, RN);
    mpfr_add(y, i11, i22, RN);
    mpfr_mul(y, y, i12, RN);
    mpfr_fma(y, i13, i23, y, RN);
    mpfr_mul(y, y, p + PB2, RN);
    mpfr_sub(x, x, y, RN);
    det2(y, i12, i23, i13, i22, t);
    mpfr_fma(x, y, p + PB3, x, RN);
    mpfr_set(out + 1, x, RN);
    mpfr_set(out + 2, o + KD, RN);
    mpfr_clears(x, y, t, (mpfr_ptr)0);
    vfree(o, NCOEF);
    return NHREF_OK;
}

int nhref_oracle_suslov_measure_direction(mpfr_ptr b, mpfr_srcptr p)
{
    mpfr_prec_t wp;
    mpfr_srcptr i11 = p + PI11, i12 = p + PI12, i13 = p + PI13, i22 = p + PI22, i23 = p + PI23;
    __mpfr_struct *u, *v;
    mpfr_t t;
    int status = NHREF_OK;

    if (b == NULL || !finite_vec(p, NHREF_ORACLE_SUSLOV_NPARAM))
        return NHREF_EINVAL;
    wp = wprec(b, 3);
    u = vnew(3, wp);
    v = vnew(3, wp);
    mpfr_init2(t, wp);
    /* u = coefficients of C_1 in (b1, b2, b3) */
    mpfr_add(u + 0, i11, i22, RN);
    mpfr_mul(u + 0, u + 0, i12, RN);
    mpfr_fma(u + 0, i13, i23, u + 0, RN);
    mpfr_sub(u + 1, i11, i22, RN);
    mpfr_mul(u + 1, u + 1, i11, RN);
    mpfr_sqr(t, i12, RN);
    mpfr_mul_2ui(t, t, 1, RN);
    mpfr_add(u + 1, u + 1, t, RN);
    mpfr_fma(u + 1, i13, i13, u + 1, RN);
    mpfr_neg(u + 1, u + 1, RN);
    det2(u + 2, i11, i23, i12, i13, t);
    /* v = coefficients of C_2 */
    mpfr_sqr(v + 0, i12, RN);
    mpfr_mul_2ui(v + 0, v + 0, 1, RN);
    mpfr_fma(v + 0, i22, i22, v + 0, RN);
    mpfr_fma(v + 0, i23, i23, v + 0, RN);
    mpfr_mul(t, i11, i22, RN);
    mpfr_sub(v + 0, v + 0, t, RN);
    mpfr_add(v + 1, i11, i22, RN);
    mpfr_mul(v + 1, v + 1, i12, RN);
    mpfr_fma(v + 1, i13, i23, v + 1, RN);
    mpfr_neg(v + 1, v + 1, RN);
    det2(v + 2, i12, i23, i13, i22, t);
    /* b = u x v */
    det2(b + 0, u + 1, v + 2, u + 2, v + 1, t);
    det2(b + 1, u + 2, v + 0, u + 0, v + 2, t);
    det2(b + 2, u + 0, v + 1, u + 1, v + 0, t);
    if (mpfr_zero_p(b + 0) && mpfr_zero_p(b + 1) && mpfr_zero_p(b + 2))
        status = NHREF_EDOMAIN;
    mpfr_clear(t);
    vfree(u, 3);
    vfree(v, 3);
    return status;
}

int nhref_oracle_suslov_s0(mpfr_ptr w, mpfr_srcptr p, mpfr_srcptr w0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t dl, sd, P, Q, rho, sg, sh, th, a, b, v1, v2;

    if (w == NULL || !finite_vec(p, NHREF_ORACLE_SUSLOV_NPARAM) || !finite_vec(w0, 2) ||
        !finite_vec(t, 1))
        return NHREF_EINVAL;
    wp = wprec(w, 2);
    mpfr_inits2(wp, dl, sd, P, Q, rho, sg, sh, th, a, b, v1, v2, (mpfr_ptr)0);
    det2(dl, p + PI11, p + PI22, p + PI12, p + PI12, a);
    if (mpfr_sgn(dl) <= 0 || mpfr_sgn(p + PI11) <= 0) {
        mpfr_clears(dl, sd, P, Q, rho, sg, sh, th, a, b, v1, v2, (mpfr_ptr)0);
        return NHREF_EPARAM;
    }
    mpfr_sqrt(sd, dl, RN);
    /* P = I13 w10 + I23 w20 */
    mpfr_mul(P, p + PI13, w0 + 0, RN);
    mpfr_fma(P, p + PI23, w0 + 1, P, RN);
    if (mpfr_zero_p(P)) {
        mpfr_set(w + 0, w0 + 0, RN);
        mpfr_set(w + 1, w0 + 1, RN);
        mpfr_clears(dl, sd, P, Q, rho, sg, sh, th, a, b, v1, v2, (mpfr_ptr)0);
        return NHREF_OK;
    }
    /* w0perp = (-(I12 w10 + I22 w20), I11 w10 + I12 w20)/sqrt(Delta) */
    mpfr_mul(v1, p + PI12, w0 + 0, RN);
    mpfr_fma(v1, p + PI22, w0 + 1, v1, RN);
    mpfr_neg(v1, v1, RN);
    mpfr_div(v1, v1, sd, RN);
    mpfr_mul(v2, p + PI11, w0 + 0, RN);
    mpfr_fma(v2, p + PI12, w0 + 1, v2, RN);
    mpfr_div(v2, v2, sd, RN);
    mpfr_mul(Q, p + PI13, v1, RN);
    mpfr_fma(Q, p + PI23, v2, Q, RN);
    mpfr_hypot(rho, P, Q, RN);
    if (mpfr_sgn(P) < 0)
        mpfr_neg(rho, rho, RN);
    /* sigma = rho t/sqrt(Delta) - artanh(Q/rho) */
    mpfr_div(a, Q, rho, RN);
    mpfr_atanh(a, a, RN);
    mpfr_mul(sg, rho, t, RN);
    mpfr_div(sg, sg, sd, RN);
    mpfr_sub(sg, sg, a, RN);
    mpfr_cosh(sh, sg, RN);
    mpfr_ui_div(sh, 1, sh, RN); /* sech */
    mpfr_tanh(th, sg, RN);
    /* coefficient of omega0: (P sech - Q tanh)/rho; of w0perp: (P tanh + Q sech)/rho */
    mpfr_mul(a, P, sh, RN);
    mpfr_mul(b, Q, th, RN);
    mpfr_sub(a, a, b, RN);
    mpfr_div(a, a, rho, RN);
    mpfr_mul(b, P, th, RN);
    mpfr_fma(b, Q, sh, b, RN);
    mpfr_div(b, b, rho, RN);
    mpfr_mul(P, a, w0 + 0, RN);
    mpfr_fma(w + 0, b, v1, P, RN);
    mpfr_mul(P, a, w0 + 1, RN);
    mpfr_fma(w + 1, b, v2, P, RN);
    mpfr_clears(dl, sd, P, Q, rho, sg, sh, th, a, b, v1, v2, (mpfr_ptr)0);
    return NHREF_OK;
}

/* S1 Riccati constants: d (2), A, B, C, kappa (all at wp) */
typedef struct {
    mpfr_t d1, d2, A, B, C, kappa;
} s1_t;

/* Qf(x) / b3 and the polar form */
static void s1_qf(mpfr_ptr r, mpfr_srcptr p, mpfr_srcptr x1, mpfr_srcptr x2, mpfr_srcptr y1,
                  mpfr_srcptr y2, mpfr_ptr t, mpfr_ptr u)
{
    /* Bf(x, y) = I12 x1 y1 + (I22 - I11)(x1 y2 + x2 y1)/2 - I12 x2 y2 */
    mpfr_mul(r, x1, y1, RN);
    mpfr_mul(t, x2, y2, RN);
    mpfr_sub(r, r, t, RN);
    mpfr_mul(r, r, p + PI12, RN);
    mpfr_mul(t, x1, y2, RN);
    mpfr_fma(t, x2, y1, t, RN);
    mpfr_sub(u, p + PI22, p + PI11, RN);
    mpfr_mul(t, t, u, RN);
    mpfr_div_2ui(t, t, 1, RN);
    mpfr_add(r, r, t, RN);
    mpfr_div(r, r, p + PB3, RN);
}

static int s1_init(s1_t *k, mpfr_srcptr p, mpfr_srcptr w0, mpfr_prec_t wp)
{
    mpfr_t dl, t, u;
    int status = nhref_oracle_suslov_check(p);
    if (status != NHREF_OK)
        return status;
    if (!mpfr_zero_p(p + PI13) || !mpfr_zero_p(p + PI23) || !mpfr_zero_p(p + PC1) ||
        !mpfr_zero_p(p + PC2) || !mpfr_zero_p(p + PC3))
        return NHREF_EPARAM;
    mpfr_inits2(wp, k->d1, k->d2, k->A, k->B, k->C, k->kappa, (mpfr_ptr)0);
    mpfr_inits2(wp, dl, t, u, (mpfr_ptr)0);
    det2(dl, p + PI11, p + PI22, p + PI12, p + PI12, t);
    det2(k->d1, p + PI22, p + PB1, p + PI12, p + PB2, t);
    mpfr_div(k->d1, k->d1, dl, RN);
    det2(k->d2, p + PI11, p + PB2, p + PI12, p + PB1, t);
    mpfr_div(k->d2, k->d2, dl, RN);
    s1_qf(k->A, p, k->d1, k->d2, k->d1, k->d2, t, u);
    s1_qf(k->B, p, w0 + 0, w0 + 1, k->d1, k->d2, t, u);
    s1_qf(k->C, p, w0 + 0, w0 + 1, w0 + 0, w0 + 1, t, u);
    /* kappa^2 = (I12^2 + (I22 - I11)^2/4) (w10 d2 - w20 d1)^2 / b3^2 */
    mpfr_sub(t, p + PI22, p + PI11, RN);
    mpfr_div_2ui(t, t, 1, RN);
    mpfr_hypot(t, t, p + PI12, RN);
    det2(u, w0 + 0, k->d2, w0 + 1, k->d1, dl);
    mpfr_mul(t, t, u, RN);
    mpfr_div(t, t, p + PB3, RN);
    mpfr_abs(k->kappa, t, RN);
    mpfr_clears(dl, t, u, (mpfr_ptr)0);
    return NHREF_OK;
}

static void s1_clear(s1_t *k)
{
    mpfr_clears(k->d1, k->d2, k->A, k->B, k->C, k->kappa, (mpfr_ptr)0);
}

/* S(t) = sinh(kappa t)/kappa (t if kappa = 0), Ch = cosh(kappa t) */
static void s1_sc(mpfr_ptr S, mpfr_ptr Ch, const s1_t *k, mpfr_srcptr t)
{
    if (mpfr_zero_p(k->kappa)) {
        mpfr_set(S, t, RN);
        mpfr_set_ui(Ch, 1, RN);
    } else {
        mpfr_mul(Ch, k->kappa, t, RN);
        mpfr_sinh_cosh(S, Ch, Ch, RN);
        mpfr_div(S, S, k->kappa, RN);
    }
}

int nhref_oracle_suslov_s1(mpfr_ptr w, mpfr_srcptr p, mpfr_srcptr w0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    s1_t k;
    mpfr_t S, Ch, den, s, l;
    int status;

    if (w == NULL || !finite_vec(w0, 2) || !finite_vec(t, 1))
        return NHREF_EINVAL;
    wp = wprec(w, 3);
    if ((status = s1_init(&k, p, w0, wp)) != NHREF_OK)
        return status;
    mpfr_inits2(wp, S, Ch, den, s, l, (mpfr_ptr)0);
    s1_sc(S, Ch, &k, t);
    mpfr_mul(den, k.B, S, RN);
    mpfr_sub(den, Ch, den, RN);
    if (mpfr_sgn(den) <= 0) {
        status = NHREF_EDOMAIN;
    } else {
        mpfr_mul(s, k.C, S, RN);
        mpfr_div(s, s, den, RN);
        mpfr_fma(w + 0, s, k.d1, w0 + 0, RN);
        mpfr_fma(w + 1, s, k.d2, w0 + 1, RN);
        /* lambda = s' = A s^2 + 2 B s + C */
        mpfr_mul(l, k.A, s, RN);
        mpfr_mul_2ui(den, k.B, 1, RN);
        mpfr_add(l, l, den, RN);
        mpfr_mul(l, l, s, RN);
        mpfr_add(w + 2, l, k.C, RN);
    }
    mpfr_clears(S, Ch, den, s, l, (mpfr_ptr)0);
    s1_clear(&k);
    return status;
}

int nhref_oracle_suslov_s1_blowup_time(mpfr_ptr tstar, mpfr_srcptr p, mpfr_srcptr w0)
{
    mpfr_prec_t wp;
    s1_t k;
    mpfr_t r;
    int status;

    if (tstar == NULL || !finite_vec(w0, 2))
        return NHREF_EINVAL;
    wp = wprec(tstar, 1);
    if ((status = s1_init(&k, p, w0, wp)) != NHREF_OK)
        return status;
    mpfr_init2(r, wp);
    if (mpfr_zero_p(k.C) || mpfr_cmp(k.B, k.kappa) <= 0) {
        mpfr_set_inf(tstar, 1); /* s == 0 (an equilibrium) or no root for t > 0 */
    } else if (mpfr_zero_p(k.kappa)) {
        mpfr_ui_div(tstar, 1, k.B, RN);
    } else {
        /* tanh(kappa t) = kappa/B */
        mpfr_div(r, k.kappa, k.B, RN);
        mpfr_atanh(r, r, RN);
        mpfr_div(tstar, r, k.kappa, RN);
    }
    mpfr_clear(r);
    s1_clear(&k);
    return NHREF_OK;
}

/* g(phi) = cos^3 f(tan phi) = A2 c^3 + (B2 - A1) s c^2 + (C2 - B1) s^2 c - C1 s^3 */
static void ray_g(mpfr_ptr g, mpfr_srcptr phi, const __mpfr_struct *o, mpfr_ptr s, mpfr_ptr c,
                  mpfr_ptr t)
{
    mpfr_sin_cos(s, c, phi, RN);
    mpfr_mul(g, o + KA2, c, RN);
    mpfr_sub(t, o + KB2, o + KA1, RN);
    mpfr_fma(g, t, s, g, RN);
    mpfr_mul(g, g, c, RN);
    mpfr_sub(t, o + KC2, o + KB1, RN);
    mpfr_mul(t, t, s, RN);
    mpfr_fma(g, t, s, g, RN);
    mpfr_mul(g, g, c, RN);
    mpfr_sqr(t, s, RN);
    mpfr_mul(t, t, s, RN);
    mpfr_mul(t, t, o + KC1, RN);
    mpfr_sub(g, g, t, RN);
}

int nhref_oracle_suslov_rays(mpfr_ptr z, mpfr_ptr c, int *n, int *axis, mpfr_srcptr p)
{
    enum { NGRID = 4000 };
    mpfr_prec_t wp;
    __mpfr_struct *o;
    mpfr_t lo, hi, mid, glo, gmid, s, co, t, pi;
    int status, found = 0;

    if (z == NULL || c == NULL || n == NULL || axis == NULL)
        return NHREF_EINVAL;
    if ((status = nhref_oracle_suslov_check(p)) != NHREF_OK)
        return status;
    wp = wprec(z, 3);
    if (wprec(c, 3) > wp)
        wp = wprec(c, 3);
    o = vnew(NCOEF, wp);
    suslov_coef(o, p, wp);
    mpfr_inits2(wp, lo, hi, mid, glo, gmid, s, co, t, pi, (mpfr_ptr)0);
    mpfr_const_pi(pi, RN);
    *axis = mpfr_zero_p(o + KC1);
    /* sign changes of g on a grid of (-pi/2, pi/2), then bisection */
    for (int i = 0; i < NGRID && found < 3; i++) {
        mpfr_mul_si(lo, pi, 2 * i - NGRID, RN);
        mpfr_div_ui(lo, lo, 2 * NGRID, RN);
        mpfr_mul_si(hi, pi, 2 * (i + 1) - NGRID, RN);
        mpfr_div_ui(hi, hi, 2 * NGRID, RN);
        if (i == 0)
            continue; /* phi = -pi/2 is the axis */
        ray_g(glo, lo, o, s, co, t);
        ray_g(gmid, hi, o, s, co, t);
        if (mpfr_zero_p(glo)) {
            mpfr_set(mid, lo, RN);
        } else if (mpfr_sgn(glo) * mpfr_sgn(gmid) < 0) {
            for (mpfr_prec_t it = 0; it < wp + 16; it++) {
                mpfr_add(mid, lo, hi, RN);
                mpfr_div_2ui(mid, mid, 1, RN);
                ray_g(gmid, mid, o, s, co, t);
                if (mpfr_zero_p(gmid))
                    break;
                if (mpfr_sgn(gmid) == mpfr_sgn(glo)) {
                    mpfr_set(lo, mid, RN);
                    mpfr_set(glo, gmid, RN);
                } else {
                    mpfr_set(hi, mid, RN);
                }
            }
        } else {
            continue;
        }
        /* z = tan phi, c = (A1 + B1 z + C1 z^2)/D */
        mpfr_tan(t, mid, RN);
        mpfr_set(z + found, t, RN);
        mpfr_mul(s, o + KC1, t, RN);
        mpfr_add(s, s, o + KB1, RN);
        mpfr_mul(s, s, t, RN);
        mpfr_add(s, s, o + KA1, RN);
        mpfr_div(c + found, s, o + KD, RN);
        found++;
    }
    *n = found;
    mpfr_clears(lo, hi, mid, glo, gmid, s, co, t, pi, (mpfr_ptr)0);
    vfree(o, NCOEF);
    return NHREF_OK;
}

int nhref_oracle_ray_solution(mpfr_ptr xi, mpfr_srcptr c, mpfr_srcptr xi0, mpfr_srcptr t)
{
    mpfr_t d;
    int status = NHREF_OK;
    if (xi == NULL || !finite_vec(c, 1) || !finite_vec(xi0, 1) || !finite_vec(t, 1))
        return NHREF_EINVAL;
    mpfr_init2(d, wprec(xi, 1));
    mpfr_mul(d, c, xi0, RN);
    mpfr_mul(d, d, t, RN);
    mpfr_ui_sub(d, 1, d, RN);
    if (mpfr_sgn(d) <= 0)
        status = NHREF_EDOMAIN;
    else
        mpfr_div(xi, xi0, d, RN);
    mpfr_clear(d);
    return status;
}

/* ================================================================== Q1-Q4 */
int nhref_oracle_q1_rays(mpfr_ptr z, mpfr_ptr c, int *n, mpfr_srcptr k)
{
    mpfr_prec_t wp;
    mpfr_t r, a, b;
    if (z == NULL || c == NULL || n == NULL || !finite_vec(k, 1))
        return NHREF_EINVAL;
    wp = wprec(z, 3) > wprec(c, 3) ? wprec(z, 3) : wprec(c, 3);
    mpfr_inits2(wp, r, a, b, (mpfr_ptr)0);
    if (mpfr_sgn(k) > 0) {
        *n = 1;
        mpfr_set_ui(z + 0, 1, RN);
        mpfr_set_ui(c + 0, 2, RN);
    } else if (mpfr_zero_p(k)) {
        *n = 2;
        mpfr_set_si(z + 0, -1, RN);
        mpfr_set_ui(c + 0, 2, RN);
        mpfr_set_ui(z + 1, 1, RN);
        mpfr_set_ui(c + 1, 2, RN);
    } else {
        /* z = -1 -+ sqrt(-k), rate 1 + z^2; and z = 1, rate 2; sorted */
        mpfr_neg(r, k, RN);
        mpfr_sqrt(r, r, RN);
        mpfr_si_sub(a, -1, r, RN);
        mpfr_add_si(b, r, -1, RN);
        *n = 3;
        mpfr_set(z + 0, a, RN);
        if (mpfr_cmp_ui(b, 1) < 0) {
            mpfr_set(z + 1, b, RN);
            mpfr_set_ui(z + 2, 1, RN);
        } else {
            mpfr_set_ui(z + 1, 1, RN);
            mpfr_set(z + 2, b, RN);
        }
        for (int i = 0; i < 3; i++) {
            mpfr_sqr(a, z + i, RN);
            mpfr_add_ui(c + i, a, 1, RN);
        }
    }
    mpfr_clears(r, a, b, (mpfr_ptr)0);
    return NHREF_OK;
}

int nhref_oracle_q2(mpfr_ptr x, mpfr_srcptr x0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t R, s, a;
    if (x == NULL || !finite_vec(x0, 2) || !finite_vec(t, 1))
        return NHREF_EINVAL;
    if (mpfr_zero_p(x0 + 0)) {
        mpfr_set(x + 0, x0 + 0, RN);
        mpfr_set(x + 1, x0 + 1, RN);
        return NHREF_OK;
    }
    wp = wprec(x, 2);
    mpfr_inits2(wp, R, s, a, (mpfr_ptr)0);
    mpfr_hypot(R, x0 + 0, x0 + 1, RN);
    mpfr_div(s, x0 + 1, R, RN);
    mpfr_neg(s, s, RN);
    mpfr_atanh(s, s, RN);
    mpfr_fma(a, R, t, s, RN);
    mpfr_tanh(s, a, RN);
    mpfr_mul(s, s, R, RN);
    mpfr_neg(x + 1, s, RN);
    mpfr_cosh(s, a, RN);
    mpfr_div(s, R, s, RN);
    mpfr_setsign(x + 0, s, mpfr_signbit(x0 + 0), RN);
    mpfr_clears(R, s, a, (mpfr_ptr)0);
    return NHREF_OK;
}

int nhref_oracle_q3(mpfr_ptr x, mpfr_srcptr x0, mpfr_srcptr t)
{
    mpfr_t a;
    if (x == NULL || !finite_vec(x0, 2) || !finite_vec(t, 1))
        return NHREF_EINVAL;
    mpfr_init2(a, wprec(x, 2));
    mpfr_sqr(a, x0 + 1, RN);
    mpfr_fma(x + 0, a, t, x0 + 0, RN);
    mpfr_set(x + 1, x0 + 1, RN);
    mpfr_clear(a);
    return NHREF_OK;
}

int nhref_oracle_q4_hamiltonian(mpfr_ptr h, mpfr_srcptr x)
{
    mpfr_t a, b;
    if (h == NULL || !finite_vec(x, 2))
        return NHREF_EINVAL;
    mpfr_inits2(wprec(h, 1), a, b, (mpfr_ptr)0);
    mpfr_pow_ui(a, x + 0, 3, RN);
    mpfr_pow_ui(b, x + 1, 3, RN);
    mpfr_sub(a, a, b, RN);
    mpfr_div_ui(h, a, 3, RN);
    mpfr_clears(a, b, (mpfr_ptr)0);
    return NHREF_OK;
}

/* ================================================================== M4 */
static int sleigh_params(mpfr_srcptr p)
{
    if (!finite_vec(p, NHREF_ORACLE_SERVOSLEIGH_NPARAM))
        return NHREF_EINVAL;
    return mpfr_sgn(p + PG) < 0 ? NHREF_EPARAM : NHREF_OK;
}

int nhref_oracle_servosleigh_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t a, b;
    int status;
    (void)t;
    if (I == NULL || !finite_vec(s, NHREF_ORACLE_SERVOSLEIGH_NSTATE))
        return NHREF_EINVAL;
    if ((status = sleigh_params(p)) != NHREF_OK)
        return status;
    wp = wprec(I, NHREF_ORACLE_SERVOSLEIGH_NINTEGRAL);
    mpfr_inits2(wp, a, b, (mpfr_ptr)0);
    mpfr_mul(a, p + PAL, s + SOM, RN);
    mpfr_fms(I + 0, p + PBE, s + SU, a, RN);
    mpfr_mul(a, p + PAL, s + STH, RN);
    mpfr_neg(a, a, RN);
    mpfr_exp(a, a, RN);
    mpfr_mul(I + 1, s + SU, a, RN);
    mpfr_sqr(a, s + SU, RN);
    mpfr_div_2ui(a, a, 1, RN);
    mpfr_fma(a, p + PG, s + SY, a, RN);
    mpfr_set(I + 3, a, RN);
    mpfr_sub(I + 2, a, s + SWN, RN);
    mpfr_clears(a, b, (mpfr_ptr)0);
    return NHREF_OK;
}

/* the term of Z added to z (spec §5.4): series 1 (|X| < 1) or 2 (|Y| < 1), at
 * precision wp; q is X or Y, qmax the convergence limit.  Returns EDOMAIN if
 * |q| > qmax. */
static int centre_term(mpfr_ptr tr, mpfr_ptr ti, int series, mpfr_srcptr al, mpfr_srcptr be,
                       mpfr_srcptr gam, mpfr_srcptr u, mpfr_srcptr th, double qmax, mpfr_prec_t wp)
{
    mpfr_t q, qn, sr, si, d, e, f, tol, ct, st;
    int status = NHREF_OK;

    mpfr_inits2(wp, q, qn, sr, si, d, e, f, tol, ct, st, (mpfr_ptr)0);
    if (series == 1) {
        mpfr_mul(q, be, u, RN);
        mpfr_div(q, q, gam, RN);
    } else {
        mpfr_mul(q, be, u, RN);
        mpfr_div(q, gam, q, RN);
    }
    if (mpfr_cmpabs_ui(q, 1) >= 0 || fabs(mpfr_get_d(q, RN)) > qmax) {
        status = NHREF_EDOMAIN;
        goto out;
    }
    /* stop when |q|^N / (1 - |q|) < 2^-(wp + 8) */
    mpfr_abs(tol, q, RN);
    mpfr_ui_sub(tol, 1, tol, RN);
    mpfr_mul_2si(tol, tol, -(long)(wp + 8), RN);
    mpfr_set_ui(qn, 1, RN);
    mpfr_set_zero(sr, 1);
    mpfr_set_zero(si, 1);
    for (unsigned long n = 0; mpfr_cmpabs(qn, tol) > 0; n++) {
        if (series == 1) {
            /* 1/(n + 1 + i/alpha) = (n + 1 - i/alpha)/((n + 1)^2 + 1/alpha^2) */
            mpfr_ui_div(e, 1, al, RN);
            mpfr_set_ui(f, n + 1, RN);
            mpfr_sqr(d, e, RN);
            mpfr_fma(d, f, f, d, RN);
            mpfr_mul(f, f, qn, RN);
            mpfr_div(f, f, d, RN);
            mpfr_add(sr, sr, f, RN);
            mpfr_mul(e, e, qn, RN);
            mpfr_div(e, e, d, RN);
            mpfr_sub(si, si, e, RN);
        } else {
            /* 1/(n alpha - i) = (n alpha + i)/(n^2 alpha^2 + 1) */
            mpfr_mul_ui(f, al, n, RN);
            mpfr_sqr(d, f, RN);
            mpfr_add_ui(d, d, 1, RN);
            mpfr_mul(f, f, qn, RN);
            mpfr_div(f, f, d, RN);
            mpfr_add(sr, sr, f, RN);
            mpfr_div(e, qn, d, RN);
            mpfr_add(si, si, e, RN);
        }
        mpfr_mul(qn, qn, q, RN);
    }
    /* prefactor: series 1: u e^{i theta}/gam; series 2: alpha e^{i theta}/beta */
    mpfr_sin_cos(st, ct, th, RN);
    if (series == 1)
        mpfr_div(f, u, gam, RN);
    else
        mpfr_div(f, al, be, RN);
    /* (ct + i st)(sr + i si) */
    mpfr_mul(d, ct, sr, RN);
    mpfr_mul(e, st, si, RN);
    mpfr_sub(d, d, e, RN);
    mpfr_mul(tr, d, f, RN);
    mpfr_mul(d, ct, si, RN);
    mpfr_mul(e, st, sr, RN);
    mpfr_add(d, d, e, RN);
    mpfr_mul(ti, d, f, RN);
out:
    mpfr_clears(q, qn, sr, si, d, e, f, tol, ct, st, (mpfr_ptr)0);
    return status;
}

/* which series applies at state (u, gam): 1, 2, or 0 (neither within qmax) */
static int centre_series(mpfr_srcptr be, mpfr_srcptr gam, mpfr_srcptr u, double qmax)
{
    double X;
    if (mpfr_zero_p(gam))
        return mpfr_zero_p(be) || mpfr_zero_p(u) ? 0 : 2;
    if (mpfr_zero_p(be) || mpfr_zero_p(u))
        return 1;
    X = fabs(mpfr_get_d(be, RN) * mpfr_get_d(u, RN) / mpfr_get_d(gam, RN));
    if (X <= qmax)
        return 1;
    if (1 / X <= qmax)
        return 2;
    return 0;
}

int nhref_oracle_servosleigh_centre(mpfr_ptr Z, int *series, mpfr_srcptr p, mpfr_srcptr s)
{
    mpfr_prec_t wp;
    mpfr_t gam, tr, ti, a;
    int status, k;

    if (Z == NULL || !finite_vec(s, NHREF_ORACLE_SERVOSLEIGH_NSTATE))
        return NHREF_EINVAL;
    if ((status = sleigh_params(p)) != NHREF_OK)
        return status;
    if (!mpfr_zero_p(p + PG) || mpfr_zero_p(p + PAL))
        return NHREF_EDOMAIN;
    wp = wprec(Z, 2);
    mpfr_inits2(wp, gam, tr, ti, a, (mpfr_ptr)0);
    mpfr_mul(a, p + PAL, s + SOM, RN);
    mpfr_fms(gam, p + PBE, s + SU, a, RN);
    k = centre_series(p + PBE, gam, s + SU, 0.98);
    status = k == 0 ? NHREF_EDOMAIN
                    : centre_term(tr, ti, k, p + PAL, p + PBE, gam, s + SU, s + STH, 0.98, wp);
    if (status == NHREF_OK) {
        mpfr_add(Z + 0, s + SX, tr, RN);
        mpfr_add(Z + 1, s + SY, ti, RN);
        if (series != NULL)
            *series = k;
    }
    mpfr_clears(gam, tr, ti, a, (mpfr_ptr)0);
    return status;
}

/* ------------------------------------------------------------------ closed form object */
struct nhref_oracle_servosleigh {
    mpfr_prec_t prec, wp;
    mpfr_t al, be, g, gam;
    mpfr_t s0[NHREF_ORACLE_SERVOSLEIGH_NSTATE];
    int level;   /* g = 0 */
    nhref_oracle_gl_t gl;
    int have_gl;
};

/* u, omega, theta at t (wp); EDOMAIN at or beyond a blow-up */
static int ss_velocity(mpfr_ptr u, mpfr_ptr w, mpfr_ptr th, const nhref_oracle_servosleigh_t *o,
                       mpfr_srcptr t)
{
    mpfr_srcptr u0 = o->s0[SU], w0 = o->s0[SOM], th0 = o->s0[STH];
    mpfr_t E, a, b, up;
    int status = NHREF_OK;

    mpfr_inits2(o->wp, E, a, b, up, (mpfr_ptr)0);
    if (o->level) {
        /* E = expm1(gam t)/gam (t if gam = 0) */
        if (mpfr_zero_p(o->gam)) {
            mpfr_set(E, t, RN);
        } else {
            mpfr_mul(E, o->gam, t, RN);
            mpfr_expm1(E, E, RN);
            mpfr_div(E, E, o->gam, RN);
        }
        /* a = -alpha omega0 E; Dn = 1 + a */
        mpfr_mul(a, o->al, w0, RN);
        mpfr_mul(a, a, E, RN);
        mpfr_neg(a, a, RN);
        mpfr_add_ui(b, a, 1, RN);
        if (mpfr_sgn(b) <= 0) {
            status = NHREF_EDOMAIN;
            goto out;
        }
        mpfr_div(u, u0, b, RN);
        mpfr_mul(up, o->gam, t, RN);
        mpfr_exp(up, up, RN);
        mpfr_mul(up, up, w0, RN);
        mpfr_div(w, up, b, RN);
        if (mpfr_zero_p(o->al)) {
            mpfr_fma(th, w0, E, th0, RN);
        } else {
            mpfr_log1p(a, a, RN);
            mpfr_div(a, a, o->al, RN);
            mpfr_sub(th, th0, a, RN);
        }
    } else {
        /* incline, beta = 0 */
        mpfr_set(w, w0, RN);
        mpfr_fma(th, w0, t, th0, RN);
        if (mpfr_zero_p(w0)) {
            /* u = u0 + g (alpha cos theta0 - sin theta0) t */
            mpfr_sin_cos(a, b, th0, RN);
            mpfr_fms(b, o->al, b, a, RN);
            mpfr_mul(b, b, o->g, RN);
            mpfr_fma(u, b, t, u0, RN);
        } else {
            /* u = up(theta) + (u0 - up(theta0)) e^{alpha omega0 t} */
            mpfr_t k;
            mpfr_init2(k, o->wp);
            /* up(th) = g [(1 - al^2) cos th + 2 al sin th]/(omega0 (1 + al^2)) */
#define UP(r, x)                                          \
    do {                                                  \
        mpfr_sin_cos(a, b, x, RN);                        \
        mpfr_sqr(E, o->al, RN);                           \
        mpfr_ui_sub(E, 1, E, RN);                         \
        mpfr_mul(b, b, E, RN);                            \
        mpfr_mul(a, a, o->al, RN);                        \
        mpfr_mul_2ui(a, a, 1, RN);                        \
        mpfr_add(r, a, b, RN);                            \
        mpfr_mul(r, r, o->g, RN);                         \
        mpfr_sqr(E, o->al, RN);                           \
        mpfr_add_ui(E, E, 1, RN);                         \
        mpfr_mul(E, E, w0, RN);                           \
        mpfr_div(r, r, E, RN);                            \
    } while (0)
            UP(k, th0);
            mpfr_sub(k, u0, k, RN);
            mpfr_mul(E, o->al, w0, RN);
            mpfr_mul(E, E, t, RN);
            mpfr_exp(E, E, RN);
            mpfr_mul(k, k, E, RN);
            UP(up, th);
#undef UP
            mpfr_add(u, up, k, RN);
            mpfr_clear(k);
        }
    }
out:
    mpfr_clears(E, a, b, up, (mpfr_ptr)0);
    return status;
}

/* beta = 0: exact positions (spec §5.6, integrated in closed form), z - z0 */
static void ss_pos_beta0(mpfr_ptr dx, mpfr_ptr dy, const nhref_oracle_servosleigh_t *o,
                         mpfr_srcptr t)
{
    mpfr_srcptr u0 = o->s0[SU], w0 = o->s0[SOM], th0 = o->s0[STH];
    mpfr_prec_t wp = o->wp;
    mpfr_t a, b, c, d, e, f, P, K, th, cr, ci, er, ei;

    mpfr_inits2(wp, a, b, c, d, e, f, P, K, th, cr, ci, er, ei, (mpfr_ptr)0);
    if (mpfr_zero_p(w0)) {
        /* z - z0 = e^{i theta0} (u0 t + g (alpha cos theta0 - sin theta0) t^2/2) */
        mpfr_sin_cos(a, b, th0, RN);
        mpfr_fms(c, o->al, b, a, RN);
        mpfr_mul(c, c, o->g, RN);
        mpfr_mul(c, c, t, RN);
        mpfr_div_2ui(c, c, 1, RN);
        mpfr_add(c, c, u0, RN);
        mpfr_mul(c, c, t, RN);
        mpfr_mul(dx, c, b, RN);
        mpfr_mul(dy, c, a, RN);
        goto out;
    }
    /* P = g/(omega0 (1 + alpha^2)); K = u0 - up(theta0) */
    mpfr_sqr(a, o->al, RN);
    mpfr_add_ui(a, a, 1, RN);
    mpfr_mul(a, a, w0, RN);
    mpfr_div(P, o->g, a, RN);
    mpfr_sin_cos(a, b, th0, RN);
    mpfr_sqr(c, o->al, RN);
    mpfr_ui_sub(c, 1, c, RN);
    mpfr_mul(b, b, c, RN);
    mpfr_mul(a, a, o->al, RN);
    mpfr_mul_2ui(a, a, 1, RN);
    mpfr_add(a, a, b, RN);
    mpfr_mul(a, a, P, RN);
    mpfr_sub(K, u0, a, RN);
    mpfr_fma(th, w0, t, th0, RN);
    /* part 1: (P/2) [ (1 - i al)^2 (e^{2 i th} - e^{2 i th0})/(2 i w0) + (1 + i al)^2 t ]
     * (1 - i al)^2 = (1 - al^2) - 2 i al;  (1 + i al)^2 = (1 - al^2) + 2 i al */
    mpfr_sqr(c, o->al, RN);
    mpfr_ui_sub(c, 1, c, RN);                 /* c = 1 - al^2 */
    mpfr_mul_2ui(d, o->al, 1, RN);             /* d = 2 al */
    /* e^{2i th} - e^{2i th0} = 2 i sin(th - th0) e^{i (th + th0)}; divided by 2 i w0:
     * sin(w0 t) e^{i (th + th0)}/w0 */
    mpfr_mul(a, w0, t, RN);
    mpfr_sin(a, a, RN);
    mpfr_div(a, a, w0, RN);
    mpfr_add(b, th, th0, RN);
    mpfr_sin_cos(ei, er, b, RN);
    mpfr_mul(er, er, a, RN);
    mpfr_mul(ei, ei, a, RN);
    /* (c - i d)(er + i ei) = (c er + d ei) + i (c ei - d er) */
    mpfr_mul(a, c, er, RN);
    mpfr_fma(cr, d, ei, a, RN);
    mpfr_mul(a, d, er, RN);
    mpfr_fms(ci, c, ei, a, RN);
    /* + (c + i d) t */
    mpfr_fma(cr, c, t, cr, RN);
    mpfr_fma(ci, d, t, ci, RN);
    mpfr_div_2ui(P, P, 1, RN);
    mpfr_mul(cr, cr, P, RN);
    mpfr_mul(ci, ci, P, RN);
    /* part 2: K e^{i th0} (e^{(al + i) w0 t} - 1)/((al + i) w0) */
    mpfr_mul(a, o->al, w0, RN);
    mpfr_mul(a, a, t, RN);
    mpfr_exp(e, a, RN);                        /* e^{al w0 t} */
    mpfr_mul(a, w0, t, RN);
    mpfr_sin_cos(b, f, a, RN);
    mpfr_mul(f, f, e, RN);
    mpfr_sub_ui(f, f, 1, RN);                  /* Re(e^{..} - 1) */
    mpfr_mul(b, b, e, RN);                     /* Im */
    /* divide by (al + i) w0: multiply by (al - i)/((al^2 + 1) w0) */
    mpfr_mul(a, f, o->al, RN);
    mpfr_add(er, a, b, RN);                    /* Re: f al + b */
    mpfr_mul(a, b, o->al, RN);
    mpfr_sub(ei, a, f, RN);                    /* Im: b al - f */
    mpfr_sqr(a, o->al, RN);
    mpfr_add_ui(a, a, 1, RN);
    mpfr_mul(a, a, w0, RN);
    mpfr_div(er, er, a, RN);
    mpfr_div(ei, ei, a, RN);
    mpfr_sin_cos(b, a, th0, RN);
    /* K (a + i b)(er + i ei) */
    mpfr_mul(e, a, er, RN);
    mpfr_mul(f, b, ei, RN);
    mpfr_sub(e, e, f, RN);
    mpfr_mul(e, e, K, RN);
    mpfr_add(dx, cr, e, RN);
    mpfr_mul(e, a, ei, RN);
    mpfr_fma(e, b, er, e, RN);
    mpfr_mul(e, e, K, RN);
    mpfr_add(dy, ci, e, RN);
out:
    mpfr_clears(a, b, c, d, e, f, P, K, th, cr, ci, er, ei, (mpfr_ptr)0);
}

/* z(t) - z0 by composite Gauss–Legendre quadrature of u e^{i theta}, panels
 * doubled until two sums agree (validated, not rigorous) */
static int ss_pos_quad(mpfr_ptr dx, mpfr_ptr dy, nhref_oracle_servosleigh_t *o, mpfr_srcptr t)
{
    mpfr_prec_t wp = o->wp;
    mpfr_t h, mid, x, u, w, th, sx, sy, px, py, ct, st, tol, d;
    int status = NHREF_OK, done = 0;
    unsigned long N;

    if (!o->have_gl) {
        if (nhref_oracle_gl_init(&o->gl, (size_t)(o->prec / 4 + 12), wp) != NHREF_OK)
            return NHREF_ENOMEM;
        o->have_gl = 1;
    }
    mpfr_inits2(wp, h, mid, x, u, w, th, sx, sy, px, py, ct, st, tol, d, (mpfr_ptr)0);
    mpfr_set_nan(px);
    mpfr_set_nan(py);
    N = (unsigned long)ceil(fabs(mpfr_get_d(t, RN))) + 1;
    for (; !done && status == NHREF_OK; N *= 2) {
        if (N > (1UL << 16)) {
            status = NHREF_EMAXSTEPS;
            break;
        }
        mpfr_div_ui(h, t, N, RN);
        mpfr_set_zero(sx, 1);
        mpfr_set_zero(sy, 1);
        for (unsigned long k = 0; k < N && status == NHREF_OK; k++) {
            /* panel [k h, (k + 1) h]: mid = (k + 1/2) h, half = h/2 */
            mpfr_mul_d(mid, h, (double)k + 0.5, RN);
            for (size_t i = 0; i < o->gl.nhalf && status == NHREF_OK; i++) {
                int both = !(o->gl.n % 2 == 1 && i == o->gl.nhalf - 1);
                for (int sgn = 0; sgn <= both; sgn++) {
                    mpfr_mul(x, o->gl.x[i], h, RN);
                    mpfr_div_2ui(x, x, 1, RN);
                    if (sgn)
                        mpfr_neg(x, x, RN);
                    mpfr_add(x, mid, x, RN);
                    status = ss_velocity(u, w, th, o, x);
                    if (status != NHREF_OK)
                        break;
                    mpfr_sin_cos(st, ct, th, RN);
                    mpfr_mul(u, u, o->gl.w[i], RN);
                    mpfr_fma(sx, u, ct, sx, RN);
                    mpfr_fma(sy, u, st, sy, RN);
                }
            }
        }
        mpfr_mul(sx, sx, h, RN);
        mpfr_div_2ui(sx, sx, 1, RN);
        mpfr_mul(sy, sy, h, RN);
        mpfr_div_2ui(sy, sy, 1, RN);
        if (status != NHREF_OK)
            break;
        /* converged? |S_N - S_{N/2}| <= 2^-(prec + 8) max(1, |S|) */
        mpfr_hypot(tol, sx, sy, RN);
        if (mpfr_cmp_ui(tol, 1) < 0)
            mpfr_set_ui(tol, 1, RN);
        mpfr_mul_2si(tol, tol, -(long)(o->prec + 8), RN);
        if (mpfr_number_p(px)) {
            mpfr_sub(d, sx, px, RN);
            mpfr_sub(x, sy, py, RN);
            mpfr_hypot(d, d, x, RN);
            done = mpfr_cmp(d, tol) <= 0;
        }
        mpfr_set(px, sx, RN);
        mpfr_set(py, sy, RN);
    }
    if (status == NHREF_OK) {
        mpfr_set(dx, sx, RN);
        mpfr_set(dy, sy, RN);
    }
    mpfr_clears(h, mid, x, u, w, th, sx, sy, px, py, ct, st, tol, d, (mpfr_ptr)0);
    return status;
}

int nhref_oracle_servosleigh_new(nhref_oracle_servosleigh_t **op, mpfr_srcptr p, mpfr_srcptr s0,
                                 mpfr_prec_t prec)
{
    nhref_oracle_servosleigh_t *o;
    int status;
    mpfr_t a;

    if (op == NULL || prec < MPFR_PREC_MIN || !finite_vec(s0, NHREF_ORACLE_SERVOSLEIGH_NSTATE))
        return NHREF_EINVAL;
    *op = NULL;
    if ((status = sleigh_params(p)) != NHREF_OK)
        return status;
    if (!mpfr_zero_p(p + PG) && !mpfr_zero_p(p + PBE))
        return NHREF_ENOTFOUND;
    if ((o = calloc(1, sizeof *o)) == NULL)
        return NHREF_ENOMEM;
    o->prec = prec;
    o->wp = prec + GUARD;
    mpfr_inits2(o->wp, o->al, o->be, o->g, o->gam, a, (mpfr_ptr)0);
    for (int i = 0; i < NHREF_ORACLE_SERVOSLEIGH_NSTATE; i++) {
        mpfr_init2(o->s0[i], o->wp);
        mpfr_set(o->s0[i], s0 + i, RN);
    }
    mpfr_set(o->al, p + PAL, RN);
    mpfr_set(o->be, p + PBE, RN);
    mpfr_set(o->g, p + PG, RN);
    o->level = mpfr_zero_p(o->g);
    mpfr_mul(a, o->al, s0 + SOM, RN);
    mpfr_fms(o->gam, o->be, s0 + SU, a, RN);
    mpfr_clear(a);
    *op = o;
    return NHREF_OK;
}

void nhref_oracle_servosleigh_free(nhref_oracle_servosleigh_t *o)
{
    if (o == NULL)
        return;
    mpfr_clears(o->al, o->be, o->g, o->gam, (mpfr_ptr)0);
    for (int i = 0; i < NHREF_ORACLE_SERVOSLEIGH_NSTATE; i++)
        mpfr_clear(o->s0[i]);
    if (o->have_gl)
        nhref_oracle_gl_clear(&o->gl);
    free(o);
}

int nhref_oracle_servosleigh_state(mpfr_ptr s, nhref_oracle_servosleigh_t *o, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t u, w, th, dx, dy, ar, ai, br, bi, a;
    int status, k0, kt;

    if (s == NULL || o == NULL || !finite_vec(t, 1))
        return NHREF_EINVAL;
    wp = o->wp;
    mpfr_inits2(wp, u, w, th, dx, dy, ar, ai, br, bi, a, (mpfr_ptr)0);
    status = ss_velocity(u, w, th, o, t);
    if (status != NHREF_OK)
        goto out;
    if (mpfr_zero_p(o->be)) {
        ss_pos_beta0(dx, dy, o, t);
    } else if (mpfr_zero_p(o->al) || !o->level) {
        status = ss_pos_quad(dx, dy, o, t);
    } else if (mpfr_zero_p(o->gam)) {
        /* Z = z + i alpha e^{i theta}/beta: z - z0 = i (alpha/beta)(e^{i th0} - e^{i th}) */
        mpfr_div(a, o->al, o->be, RN);
        mpfr_sin_cos(ai, ar, o->s0[STH], RN);
        mpfr_sin_cos(bi, br, th, RN);
        mpfr_sub(ar, ar, br, RN);
        mpfr_sub(ai, ai, bi, RN);
        mpfr_mul(dx, ai, a, RN);
        mpfr_neg(dx, dx, RN);
        mpfr_mul(dy, ar, a, RN);
    } else {
        k0 = centre_series(o->be, o->gam, o->s0[SU], 0.9);
        kt = centre_series(o->be, o->gam, u, 0.9);
        if (k0 != 0 && k0 == kt &&
            centre_term(ar, ai, k0, o->al, o->be, o->gam, o->s0[SU], o->s0[STH], 0.9, wp) ==
                NHREF_OK &&
            centre_term(br, bi, k0, o->al, o->be, o->gam, u, th, 0.9, wp) == NHREF_OK) {
            mpfr_sub(dx, ar, br, RN);
            mpfr_sub(dy, ai, bi, RN);
        } else {
            status = ss_pos_quad(dx, dy, o, t);
        }
    }
    if (status != NHREF_OK)
        goto out;
    mpfr_add(s + SX, o->s0[SX], dx, RN);
    mpfr_add(s + SY, o->s0[SY], dy, RN);
    mpfr_set(s + STH, th, RN);
    mpfr_set(s + SU, u, RN);
    mpfr_set(s + SOM, w, RN);
    /* Wn = Wn0 + (u^2 - u0^2)/2 + g (y - y0) (the balance u^2/2 + g y - Wn) */
    mpfr_sub(a, u, o->s0[SU], RN);
    mpfr_add(ar, u, o->s0[SU], RN);
    mpfr_mul(a, a, ar, RN);
    mpfr_div_2ui(a, a, 1, RN);
    mpfr_fma(a, o->g, dy, a, RN);
    mpfr_add(s + SWN, o->s0[SWN], a, RN);
out:
    mpfr_clears(u, w, th, dx, dy, ar, ai, br, bi, a, (mpfr_ptr)0);
    return status;
}

int nhref_oracle_servosleigh_velocity(mpfr_ptr v, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t)
{
    nhref_oracle_servosleigh_t *o;
    mpfr_t u, w, th;
    int status;

    if (v == NULL || !finite_vec(t, 1))
        return NHREF_EINVAL;
    status = nhref_oracle_servosleigh_new(&o, p, s0, wprec(v, 3) - GUARD);
    if (status == NHREF_ENOTFOUND)
        return NHREF_EDOMAIN;
    if (status != NHREF_OK)
        return status;
    mpfr_inits2(o->wp, u, w, th, (mpfr_ptr)0);
    status = ss_velocity(u, w, th, o, t);
    if (status == NHREF_OK) {
        mpfr_set(v + 0, u, RN);
        mpfr_set(v + 1, w, RN);
        mpfr_set(v + 2, th, RN);
    }
    mpfr_clears(u, w, th, (mpfr_ptr)0);
    nhref_oracle_servosleigh_free(o);
    return status;
}

int nhref_oracle_servosleigh_blowup_time(mpfr_ptr tstar, mpfr_srcptr p, mpfr_srcptr s0)
{
    mpfr_t gam, a, r;
    int status;

    if (tstar == NULL || !finite_vec(s0, NHREF_ORACLE_SERVOSLEIGH_NSTATE))
        return NHREF_EINVAL;
    if ((status = sleigh_params(p)) != NHREF_OK)
        return status;
    if (!mpfr_zero_p(p + PG))
        return NHREF_EDOMAIN;
    mpfr_inits2(wprec(tstar, 1), gam, a, r, (mpfr_ptr)0);
    mpfr_mul(a, p + PAL, s0 + SOM, RN);
    mpfr_fms(gam, p + PBE, s0 + SU, a, RN);
    mpfr_set_inf(tstar, 1);
    if (mpfr_zero_p(a)) {
        /* Dn = 1: no blow-up */
    } else if (mpfr_zero_p(gam)) {
        if (mpfr_sgn(a) > 0)
            mpfr_ui_div(tstar, 1, a, RN);
    } else {
        /* e^{gam t*} = beta u0/(alpha omega0) */
        mpfr_mul(r, p + PBE, s0 + SU, RN);
        mpfr_div(r, r, a, RN);
        if (mpfr_sgn(r) > 0) {
            mpfr_log(r, r, RN);
            mpfr_div(r, r, gam, RN);
            if (mpfr_sgn(r) > 0)
                mpfr_set(tstar, r, RN);
        }
    }
    mpfr_clears(gam, a, r, (mpfr_ptr)0);
    return NHREF_OK;
}

int nhref_oracle_servosleigh_spiral(mpfr_ptr out, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t gam, a, t0, e, u;
    int status;

    if (out == NULL || !finite_vec(s0, NHREF_ORACLE_SERVOSLEIGH_NSTATE) || !finite_vec(t, 1))
        return NHREF_EINVAL;
    if ((status = sleigh_params(p)) != NHREF_OK)
        return status;
    wp = wprec(out, 5);
    mpfr_inits2(wp, gam, a, t0, e, u, (mpfr_ptr)0);
    mpfr_mul(a, p + PAL, s0 + SOM, RN);
    mpfr_fms(gam, p + PBE, s0 + SU, a, RN);
    /* regime: alpha, beta, gam > 0, 0 < u0 < gam/beta  (gam - beta u0 = -alpha omega0 > 0) */
    mpfr_mul(a, p + PBE, s0 + SU, RN);
    mpfr_sub(a, gam, a, RN);
    if (!mpfr_zero_p(p + PG) || mpfr_sgn(p + PAL) <= 0 || mpfr_sgn(p + PBE) <= 0 ||
        mpfr_sgn(gam) <= 0 || mpfr_sgn(s0 + SU) <= 0 || mpfr_sgn(a) <= 0) {
        status = NHREF_EDOMAIN;
        goto out;
    }
    /* t0 = ln(u0/(gam - beta u0))/gam */
    mpfr_div(t0, s0 + SU, a, RN);
    mpfr_log(t0, t0, RN);
    mpfr_div(t0, t0, gam, RN);
    /* e = e^{gam (t - t0)} */
    mpfr_sub(e, t, t0, RN);
    mpfr_mul(e, e, gam, RN);
    mpfr_exp(e, e, RN);
    mpfr_add(u, p + PBE, e, RN);
    mpfr_div(u, gam, u, RN);
    mpfr_set(out + 0, u, RN);
    mpfr_fms(a, p + PBE, u, gam, RN);
    mpfr_div(out + 1, a, p + PAL, RN);
    mpfr_set(out + 2, t0, RN);
    mpfr_div(out + 3, e, p + PAL, RN);
    /* (1/beta) ln(1 + beta e^{-gam (t - t0)}) */
    mpfr_div(a, p + PBE, e, RN);
    mpfr_log1p(a, a, RN);
    mpfr_div(out + 4, a, p + PBE, RN);
out:
    mpfr_clears(gam, a, t0, e, u, (mpfr_ptr)0);
    return status;
}

int nhref_oracle_servosleigh_descent(mpfr_ptr s, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t a, b, pi;
    int status, sg;

    if (s == NULL || !finite_vec(s0, NHREF_ORACLE_SERVOSLEIGH_NSTATE) || !finite_vec(t, 1))
        return NHREF_EINVAL;
    if ((status = sleigh_params(p)) != NHREF_OK)
        return status;
    wp = wprec(s, NHREF_ORACLE_SERVOSLEIGH_NSTATE);
    mpfr_inits2(wp, a, b, pi, (mpfr_ptr)0);
    sg = mpfr_sgn(s0 + STH) >= 0 ? 1 : -1;
    mpfr_const_pi(pi, RN);
    mpfr_div_2ui(pi, pi, 1, RN);
    mpfr_set(s + SX, s0 + SX, RN);
    /* y = y0 + s u0 t - g t^2/2 */
    mpfr_sqr(a, t, RN);
    mpfr_mul(a, a, p + PG, RN);
    mpfr_div_2ui(a, a, 1, RN);
    mpfr_mul(b, s0 + SU, t, RN);
    mpfr_mul_si(b, b, sg, RN);
    mpfr_sub(b, b, a, RN);
    mpfr_add(s + SY, s0 + SY, b, RN);
    mpfr_mul_si(s + STH, pi, sg, RN);
    /* u = u0 - s g t */
    mpfr_mul(a, p + PG, t, RN);
    mpfr_mul_si(a, a, sg, RN);
    mpfr_sub(s + SU, s0 + SU, a, RN);
    mpfr_set_zero(s + SOM, 1);
    mpfr_set(s + SWN, s0 + SWN, RN);
    mpfr_clears(a, b, pi, (mpfr_ptr)0);
    return NHREF_OK;
}

int nhref_oracle_servosleigh_linear_phi(mpfr_ptr phi, mpfr_srcptr eps, mpfr_srcptr phi0,
                                        mpfr_srcptr dphi0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t x, x2, term, sum, e, fd, a, r2;
    double xd;

    if (phi == NULL || !finite_vec(eps, 1) || !finite_vec(phi0, 1) || !finite_vec(dphi0, 1) ||
        !finite_vec(t, 1))
        return NHREF_EINVAL;
    if (mpfr_sgn(eps) <= 0)
        return NHREF_EDOMAIN;
    xd = fabs(mpfr_get_d(t, RN)) * sqrt(mpfr_get_d(eps, RN) / 2);
    wp = wprec(phi, 2) + (mpfr_prec_t)(2 * xd * xd * 1.4427) + 8;
    mpfr_inits2(wp, x, x2, term, sum, e, fd, a, r2, (mpfr_ptr)0);
    /* x = t sqrt(eps/2) */
    mpfr_div_2ui(r2, eps, 1, RN);
    mpfr_sqrt(r2, r2, RN);
    mpfr_mul(x, t, r2, RN);
    mpfr_sqr(x2, x, RN);
    /* int_0^x e^{s^2} ds = sum_n x^{2n+1}/(n! (2n+1)): term_n = x^{2n+1}/n! */
    mpfr_set(term, x, RN);
    mpfr_set(sum, x, RN);
    for (unsigned long n = 1;; n++) {
        mpfr_mul(term, term, x2, RN);
        mpfr_div_ui(term, term, n, RN);
        mpfr_div_ui(a, term, 2 * n + 1, RN);
        mpfr_add(sum, sum, a, RN);
        if (mpfr_zero_p(a) || mpfr_get_exp(a) < mpfr_get_exp(sum) - (mpfr_exp_t)wp - 4)
            break;
    }
    mpfr_neg(e, x2, RN);
    mpfr_exp(e, e, RN); /* e^{-x^2} = e^{-eps t^2/2} */
    mpfr_mul(fd, sum, e, RN);
    /* phi = phi0 e + phi'0 F_D(x)/r2 (sqrt(2/eps) = 1/r2) */
    mpfr_mul(a, phi0, e, RN);
    mpfr_mul(sum, dphi0, fd, RN);
    mpfr_div(sum, sum, r2, RN);
    mpfr_add(phi + 0, a, sum, RN);
    /* phi' = -eps t phi0 e + phi'0 (1 - 2 x F_D) */
    mpfr_mul(a, a, eps, RN);
    mpfr_mul(a, a, t, RN);
    mpfr_mul(sum, x, fd, RN);
    mpfr_mul_2ui(sum, sum, 1, RN);
    mpfr_ui_sub(sum, 1, sum, RN);
    mpfr_mul(sum, sum, dphi0, RN);
    mpfr_sub(phi + 1, sum, a, RN);
    mpfr_clears(x, x2, term, sum, e, fd, a, r2, (mpfr_ptr)0);
    return NHREF_OK;
}

/* ================================================================== X */
int nhref_oracle_offset_check(mpfr_srcptr p)
{
    mpfr_t io, den, t, s;
    int status = NHREF_OK;
    if (!finite_vec(p, NHREF_ORACLE_OFFSET_NPARAM))
        return NHREF_EINVAL;
    if (mpfr_sgn(p + OM) <= 0 || mpfr_sgn(p + OIC) <= 0)
        return NHREF_EPARAM;
    mpfr_inits2(320, io, den, t, s, (mpfr_ptr)0);
    mpfr_sqr(io, p + OL, RN);
    mpfr_fma(io, io, p + OM, p + OIC, RN);
    mpfr_mul(den, p + OB, io, RN);
    mpfr_abs(s, den, RN);
    mpfr_mul(t, p + OM, p + OL, RN);
    mpfr_mul(t, t, p + OC, RN);
    mpfr_sub(den, den, t, RN);
    mpfr_abs(t, t, RN);
    mpfr_add(s, s, t, RN);
    if (negligible(den, s))
        status = NHREF_EPARAM;
    mpfr_clears(io, den, t, s, (mpfr_ptr)0);
    return status;
}

int nhref_oracle_offset_integrals(mpfr_ptr I, mpfr_srcptr p, mpfr_srcptr s, mpfr_srcptr t)
{
    mpfr_t io, a;
    int status;
    (void)t;
    if (I == NULL || !finite_vec(s, NHREF_ORACLE_OFFSET_NSTATE))
        return NHREF_EINVAL;
    if ((status = nhref_oracle_offset_check(p)) != NHREF_OK)
        return status;
    mpfr_inits2(wprec(I, 1), io, a, (mpfr_ptr)0);
    mpfr_sqr(io, p + OL, RN);
    mpfr_fma(io, io, p + OM, p + OIC, RN);
    mpfr_sqr(a, s + 4, RN);
    mpfr_mul(io, io, a, RN);
    mpfr_sqr(a, s + 3, RN);
    mpfr_fma(a, a, p + OM, io, RN);
    mpfr_div_2ui(I, a, 1, RN);
    mpfr_clears(io, a, (mpfr_ptr)0);
    return NHREF_OK;
}

int nhref_oracle_offset_tanh(mpfr_ptr v, mpfr_srcptr p, mpfr_srcptr s0, mpfr_srcptr t)
{
    mpfr_prec_t wp;
    mpfr_t io, U, k, s, a;
    int status;

    if (v == NULL || !finite_vec(s0, NHREF_ORACLE_OFFSET_NSTATE) || !finite_vec(t, 1))
        return NHREF_EINVAL;
    if ((status = nhref_oracle_offset_check(p)) != NHREF_OK)
        return status;
    if (!mpfr_zero_p(p + OA) || !mpfr_zero_p(p + OC))
        return NHREF_EPARAM;
    if (mpfr_zero_p(s0 + 4) || mpfr_zero_p(p + OL)) {
        mpfr_set(v + 0, s0 + 3, RN);
        mpfr_set(v + 1, s0 + 4, RN);
        return NHREF_OK;
    }
    wp = wprec(v, 2);
    mpfr_inits2(wp, io, U, k, s, a, (mpfr_ptr)0);
    mpfr_sqr(io, p + OL, RN);
    mpfr_fma(io, io, p + OM, p + OIC, RN);
    /* U^2 = u0^2 + I_O omega0^2/m */
    mpfr_sqr(U, s0 + 4, RN);
    mpfr_mul(U, U, io, RN);
    mpfr_div(U, U, p + OM, RN);
    mpfr_fma(U, s0 + 3, s0 + 3, U, RN);
    mpfr_sqrt(U, U, RN);
    /* arg = m l U t/I_O + artanh(u0/U) */
    mpfr_div(s, s0 + 3, U, RN);
    mpfr_atanh(s, s, RN);
    mpfr_mul(k, p + OM, p + OL, RN);
    mpfr_mul(k, k, U, RN);
    mpfr_div(k, k, io, RN);
    mpfr_fma(s, k, t, s, RN);
    mpfr_tanh(a, s, RN);
    mpfr_mul(v + 0, a, U, RN);
    /* omega = sgn(omega0) sqrt(m/I_O) U sech(arg) */
    mpfr_cosh(a, s, RN);
    mpfr_div(k, p + OM, io, RN);
    mpfr_sqrt(k, k, RN);
    mpfr_mul(k, k, U, RN);
    mpfr_div(k, k, a, RN);
    mpfr_setsign(v + 1, k, mpfr_signbit(s0 + 4), RN);
    mpfr_clears(io, U, k, s, a, (mpfr_ptr)0);
    return NHREF_OK;
}

struct nhref_oracle_offset {
    nhref_oracle_sleigh_t *sleigh;      /* a = c = 0 */
    nhref_oracle_servosleigh_t *servo;  /* l = 0 */
    mpfr_prec_t wp;
};

int nhref_oracle_offset_new(nhref_oracle_offset_t **op, mpfr_srcptr p, mpfr_srcptr s0,
                            mpfr_prec_t prec)
{
    nhref_oracle_offset_t *o;
    __mpfr_struct *q, *x;
    int status;

    if (op == NULL || prec < MPFR_PREC_MIN || !finite_vec(s0, NHREF_ORACLE_OFFSET_NSTATE))
        return NHREF_EINVAL;
    *op = NULL;
    if ((status = nhref_oracle_offset_check(p)) != NHREF_OK)
        return status;
    if ((o = calloc(1, sizeof *o)) == NULL)
        return NHREF_ENOMEM;
    o->wp = prec + GUARD;
    q = vnew(3, o->wp);
    x = vnew(6, o->wp);
    for (int i = 0; i < 5; i++)
        mpfr_set(x + i, s0 + i, RN);
    mpfr_set_zero(x + 5, 1);
    if (mpfr_zero_p(p + OA) && mpfr_zero_p(p + OC)) {
        /* the Chaplygin sleigh: (m, J, a) = (m, IC, l), same state */
        mpfr_set(q + 0, p + OM, RN);
        mpfr_set(q + 1, p + OIC, RN);
        mpfr_set(q + 2, p + OL, RN);
        status = nhref_oracle_sleigh_new(&o->sleigh, q, x, prec);
    } else if (mpfr_zero_p(p + OL)) {
        /* the servosleigh: alpha = a/b, beta = m c/(IC b), g = 0 */
        mpfr_div(q + 0, p + OA, p + OB, RN);
        mpfr_mul(q + 1, p + OM, p + OC, RN);
        mpfr_div(q + 1, q + 1, p + OIC, RN);
        mpfr_div(q + 1, q + 1, p + OB, RN);
        mpfr_set_zero(q + 2, 1);
        status = nhref_oracle_servosleigh_new(&o->servo, q, x, prec);
    } else {
        status = NHREF_ENOTFOUND;
    }
    vfree(q, 3);
    vfree(x, 6);
    if (status != NHREF_OK) {
        nhref_oracle_offset_free(o);
        return status;
    }
    *op = o;
    return NHREF_OK;
}

int nhref_oracle_offset_state(mpfr_ptr s, nhref_oracle_offset_t *o, mpfr_srcptr t)
{
    __mpfr_struct *x;
    int status;
    if (s == NULL || o == NULL)
        return NHREF_EINVAL;
    x = vnew(6, o->wp);
    if (o->sleigh != NULL)
        status = nhref_oracle_sleigh_state(x, o->sleigh, t);
    else
        status = nhref_oracle_servosleigh_state(x, o->servo, t);
    if (status == NHREF_OK)
        for (int i = 0; i < 5; i++)
            mpfr_set(s + i, x + i, RN);
    vfree(x, 6);
    return status;
}

void nhref_oracle_offset_free(nhref_oracle_offset_t *o)
{
    if (o == NULL)
        return;
    nhref_oracle_sleigh_free(o->sleigh);
    nhref_oracle_servosleigh_free(o->servo);
    free(o);
}

/* ------------------------------------------------------------------ registry wrappers */
int nhref_oracle_servosleigh_reg_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec)
{
    nhref_oracle_servosleigh_t *o;
    int status = nhref_oracle_servosleigh_new(&o, p, s0, prec);
    *sol = status == NHREF_OK ? o : NULL;
    return status;
}

int nhref_oracle_servosleigh_reg_state(mpfr_ptr s, void *sol, mpfr_srcptr t)
{
    return nhref_oracle_servosleigh_state(s, sol, t);
}

void nhref_oracle_servosleigh_reg_free(void *sol)
{
    nhref_oracle_servosleigh_free(sol);
}

int nhref_oracle_offset_reg_new(void **sol, mpfr_srcptr p, mpfr_srcptr s0, mpfr_prec_t prec)
{
    nhref_oracle_offset_t *o;
    int status = nhref_oracle_offset_new(&o, p, s0, prec);
    *sol = status == NHREF_OK ? o : NULL;
    return status;
}

int nhref_oracle_offset_reg_state(mpfr_ptr s, void *sol, mpfr_srcptr t)
{
    return nhref_oracle_offset_state(s, sol, t);
}

void nhref_oracle_offset_reg_free(void *sol)
{
    nhref_oracle_offset_free(sol);
}
