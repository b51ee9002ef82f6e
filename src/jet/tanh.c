/* tanh.c -- nhref_jet_tanh: the jet of w = tanh(u), with the auxiliary d = 1 - w^2.
 *
 * Recurrence (from w' = d u'):
 *   w_0 = tanh(u_0) (mpfr_tanh);
 *   d_0 = sech(u_0)^2  (= 1 - w_0^2 without the cancellation for large |u_0|);
 *   w_k = (1/k) sum_{j=1..k} j u_j d_{k-j},
 *   d_k = -sum_{j=0..k} w_j w_{k-j} (k >= 1, nhref_jet_sqr negated, after w_k).
 * This call fills d_k too.  Defined everywhere: NHREF_EDOMAIN (w_k = NaN)
 * only if u_k is not finite or a sum overflows.
 *
 * nhref_jet_tanh_d: the same in double, order 0 by libm tanh() (explicit
 * test of u_k: tanh(+-Inf) is finite) and d_0 = (1 / cosh(u_0))^2, squared
 * after the division so that it underflows gradually instead of through an
 * overflow of cosh(u_0)^2 for |u_0| > 355.
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_tanh(mpfr_ptr w, mpfr_ptr d, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws,
                   mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    unsigned j;

    if (!mpfr_number_p(u + k)) {
        mpfr_set_nan(wk);
        mpfr_set_nan(d + k);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_tanh(wk, u, rnd);
        mpfr_sech(d, u, rnd);
        mpfr_sqr(d, d, rnd);
    } else {
        mpfr_set_zero(ws->acc, 1);
        for (j = 1; j <= k; j++) {
            mpfr_mul(ws->tmp, u + j, d + (k - j), rnd);
            mpfr_mul_ui(ws->tmp, ws->tmp, j, rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_div_ui(wk, ws->acc, k, rnd);
        if (mpfr_number_p(wk) && nhref_jet_sqr(d, w, k, ws, rnd) == NHREF_OK)
            mpfr_neg(d + k, d + k, rnd);
    }
    if (!mpfr_number_p(wk) || !mpfr_number_p(d + k)) {
        mpfr_set_nan(wk);
        mpfr_set_nan(d + k);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_tanh_d(double *w, double *d, const double *u, unsigned k)
{
    double acc;
    unsigned j;

    if (!isfinite(u[k])) {
        w[k] = NAN;
        d[k] = NAN;
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        double sech = 1.0 / cosh(u[0]);

        acc = tanh(u[0]);
        d[0] = sech * sech;
        w[0] = acc;
    } else {
        acc = 0.0;
        for (j = 1; j <= k; j++)
            acc += (double)j * u[j] * d[k - j];
        acc /= (double)k;
        w[k] = acc;
        if (isfinite(acc) && nhref_jet_sqr_d(d, w, k) == NHREF_OK)
            d[k] = -d[k];
    }
    if (!isfinite(acc) || !isfinite(d[k])) {
        w[k] = NAN;
        d[k] = NAN;
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}
