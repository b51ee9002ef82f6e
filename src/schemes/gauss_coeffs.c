/* gauss_coeffs.c -- nodes, weights and the A matrix of s-stage Gauss–Legendre
 * collocation at the working precision (see gauss_coeffs.h).
 *
 * Source: E. Hairer, S. P. Nørsett, G. Wanner, Solving ODEs I, §II.7 (collocation,
 * conditions B(2s), C(s)); J.-P. Berrut & L. N. Trefethen, SIAM Rev. 46 (2004)
 * (barycentric Lagrange interpolation).  Independent of oracle/legendre.c by design:
 * the oracle must share no code with the schemes.
 */
#include "gauss_coeffs.h"

#include <math.h>
#include <stdlib.h>

#include "nhref_io.h"

/* P = P_s(x), DP = P_s'(x) by the three-term recurrence; T1, T2 scratch */
static void legendre(mpfr_ptr p, mpfr_ptr dp, mpfr_srcptr x, unsigned s, mpfr_ptr t1,
                     mpfr_ptr t2)
{
    /* p0 = 1, p1 = x; (k+1) p_{k+1} = (2k+1) x p_k - k p_{k-1} */
    mpfr_set_ui(t1, 1, MPFR_RNDN); /* p_{k-1} */
    mpfr_set(p, x, MPFR_RNDN);     /* p_k */
    for (unsigned k = 1; k < s; k++) {
        mpfr_mul(t2, x, p, MPFR_RNDN);
        mpfr_mul_ui(t2, t2, 2 * k + 1, MPFR_RNDN);
        mpfr_mul_ui(t1, t1, k, MPFR_RNDN);
        mpfr_sub(t2, t2, t1, MPFR_RNDN);
        mpfr_div_ui(t2, t2, k + 1, MPFR_RNDN);
        mpfr_set(t1, p, MPFR_RNDN);
        mpfr_set(p, t2, MPFR_RNDN);
    }
    if (s == 0)
        mpfr_set_ui(p, 1, MPFR_RNDN);
    /* P_s' = s (x P_s - P_{s-1}) / (x^2 - 1) */
    mpfr_mul(dp, x, p, MPFR_RNDN);
    mpfr_sub(dp, dp, t1, MPFR_RNDN);
    mpfr_mul_ui(dp, dp, s, MPFR_RNDN);
    mpfr_sqr(t2, x, MPFR_RNDN);
    mpfr_sub_ui(t2, t2, 1, MPFR_RNDN);
    mpfr_div(dp, dp, t2, MPFR_RNDN);
}

void nhref_gauss_coeffs_clear(nhref_gauss_coeffs_t *g)
{
    nhref_vec_free(g->c, g->s);
    nhref_vec_free(g->b, g->s);
    nhref_vec_free(g->a, (size_t)g->s * g->s);
    nhref_vec_free(g->lam, g->s);
    nhref_vec_free(g->tmp, g->s + 3);
    g->c = g->b = g->a = g->lam = g->tmp = NULL;
}

/* L[j] = l_j(x) for the nodes, barycentric form; exact 0/1 at a node */
static void lagrange_values(mpfr_ptr l, const nhref_gauss_coeffs_t *g, mpfr_srcptr x,
                            mpfr_ptr sum, mpfr_ptr d)
{
    unsigned s = g->s;
    for (unsigned j = 0; j < s; j++) {
        mpfr_sub(d, x, g->c + j, MPFR_RNDN);
        if (mpfr_zero_p(d)) {
            for (unsigned k = 0; k < s; k++)
                mpfr_set_ui(l + k, k == j, MPFR_RNDN);
            return;
        }
    }
    mpfr_set_zero(sum, 1);
    for (unsigned j = 0; j < s; j++) {
        mpfr_sub(d, x, g->c + j, MPFR_RNDN);
        mpfr_div(l + j, g->lam + j, d, MPFR_RNDN);
        mpfr_add(sum, sum, l + j, MPFR_RNDN);
    }
    for (unsigned j = 0; j < s; j++)
        mpfr_div(l + j, l + j, sum, MPFR_RNDN);
}

void nhref_gauss_integrated_basis(mpfr_ptr w, nhref_gauss_coeffs_t *g, mpfr_srcptr theta)
{
    unsigned s = g->s;
    mpfr_ptr l = g->tmp, x = g->tmp + s, sum = g->tmp + s + 1, d = g->tmp + s + 2;

    /* int_0^theta l_j = theta sum_m b_m l_j(theta c_m): exact for degree s - 1 */
    for (unsigned j = 0; j < s; j++)
        mpfr_set_zero(w + j, 1);
    for (unsigned m = 0; m < s; m++) {
        mpfr_mul(x, theta, g->c + m, MPFR_RNDN);
        lagrange_values(l, g, x, sum, d);
        for (unsigned j = 0; j < s; j++)
            mpfr_fma(w + j, g->b + m, l + j, w + j, MPFR_RNDN);
    }
    for (unsigned j = 0; j < s; j++)
        mpfr_mul(w + j, w + j, theta, MPFR_RNDN);
}

int nhref_gauss_coeffs_init(nhref_gauss_coeffs_t *g, unsigned s, mpfr_prec_t prec)
{
    const mpfr_prec_t wp = prec + 32; /* nodes and weights with guard bits, then rounded */
    mpfr_t x, p, dp, t1, t2, dx, last;
    const double pi = 3.14159265358979323846;

    g->s = s;
    g->prec = prec;
    g->c = g->b = g->a = g->lam = g->tmp = NULL;
    if (s == 0)
        return -1;
    g->c = nhref_vec_new(s, prec);
    g->b = nhref_vec_new(s, prec);
    g->a = nhref_vec_new((size_t)s * s, prec);
    g->lam = nhref_vec_new(s, prec);
    g->tmp = nhref_vec_new(s + 3, prec);
    if (g->c == NULL || g->b == NULL || g->a == NULL || g->lam == NULL || g->tmp == NULL) {
        nhref_gauss_coeffs_clear(g);
        return -1;
    }
    mpfr_inits2(wp, x, p, dp, t1, t2, dx, last, (mpfr_ptr)0);
    for (unsigned i = 0; i < s; i++) {
        /* root i of P_s, decreasing in x: Tricomi's guess cos(pi (i + 3/4) / (s + 1/2)) */
        mpfr_set_d(x, cos(pi * (i + 0.75) / (s + 0.5)), MPFR_RNDN);
        mpfr_set_inf(last, 1);
        for (int it = 0; it < 200; it++) {
            legendre(p, dp, x, s, t1, t2);
            mpfr_div(dx, p, dp, MPFR_RNDN);
            mpfr_sub(x, x, dx, MPFR_RNDN);
            mpfr_abs(dx, dx, MPFR_RNDN);
            if (mpfr_zero_p(dx) || (it > 3 && mpfr_cmp(dx, last) >= 0))
                break; /* converged, or stagnated at round-off */
            mpfr_set(last, dx, MPFR_RNDN);
        }
        legendre(p, dp, x, s, t1, t2);
        /* node on [0, 1], increasing: c_{s-1-i} = (1 + x) / 2 */
        mpfr_add_ui(t1, x, 1, MPFR_RNDN);
        mpfr_div_2ui(g->c + (s - 1 - i), t1, 1, MPFR_RNDN);
        /* weight on [0, 1]: b = 1 / ((1 - x^2) P_s'(x)^2) */
        mpfr_sqr(t1, x, MPFR_RNDN);
        mpfr_ui_sub(t1, 1, t1, MPFR_RNDN);
        mpfr_sqr(t2, dp, MPFR_RNDN);
        mpfr_mul(t1, t1, t2, MPFR_RNDN);
        mpfr_ui_div(g->b + (s - 1 - i), 1, t1, MPFR_RNDN);
    }
    /* barycentric weights */
    for (unsigned j = 0; j < s; j++) {
        mpfr_set_ui(t1, 1, MPFR_RNDN);
        for (unsigned k = 0; k < s; k++)
            if (k != j) {
                mpfr_sub(t2, g->c + j, g->c + k, MPFR_RNDN);
                mpfr_mul(t1, t1, t2, MPFR_RNDN);
            }
        mpfr_ui_div(g->lam + j, 1, t1, MPFR_RNDN);
    }
    /* A: row i holds the integrated basis at c_i */
    for (unsigned i = 0; i < s; i++)
        nhref_gauss_integrated_basis(g->a + (size_t)i * s, g, g->c + i);
    mpfr_clears(x, p, dp, t1, t2, dx, last, (mpfr_ptr)0);
    return 0;
}
