/* atanh.c -- nhref_jet_atanh: the jet of w = atanh(u), with the auxiliary d = 1 - u^2.
 *
 * Recurrence (from d w' = u'):
 *   d_0 = (1 - u_0)(1 + u_0)  (this form loses no digits when |u_0| is near 1),
 *   d_k = -sum_{j=0..k} u_j u_{k-j} (k >= 1, nhref_jet_sqr negated);
 *   w_0 = atanh(u_0) (mpfr_atanh);
 *   w_k = (u_k - (1/k) sum_{j=1..k-1} j w_j d_{k-j}) / d_0.
 * This call fills d_k too.  NHREF_EDOMAIN (w_k = NaN) if |u_0| >= 1 (checked
 * at every order), if u_k is not finite, or on overflow.
 *
 * nhref_jet_atanh_d: the same in double, order 0 by libm atanh(); d_0 =
 * (1 - u_0)(1 + u_0) has a relative error of at most 3 units of 2^-53 (1 - u_0
 * is exact for 1/2 <= u_0 < 1, 1 + u_0 for -1 < u_0 <= -1/2).
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_atanh(mpfr_ptr w, mpfr_ptr d, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws,
                    mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    unsigned j;

    if (!mpfr_number_p(u + k) || !mpfr_number_p(u) || mpfr_cmpabs_ui(u, 1) >= 0) {
        mpfr_set_nan(wk);
        mpfr_set_nan(d + k);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_ui_sub(ws->acc, 1, u, rnd);
        mpfr_add_ui(ws->tmp, u, 1, rnd);
        mpfr_mul(d, ws->acc, ws->tmp, rnd);
        mpfr_atanh(wk, u, rnd);
    } else {
        if (mpfr_zero_p(d) || nhref_jet_sqr(d, u, k, ws, rnd) != NHREF_OK) {
            mpfr_set_nan(wk);
            return NHREF_EDOMAIN;
        }
        mpfr_neg(d + k, d + k, rnd);
        mpfr_set_zero(ws->acc, 1);
        for (j = 1; j < k; j++) {
            mpfr_mul(ws->tmp, w + j, d + (k - j), rnd);
            mpfr_mul_ui(ws->tmp, ws->tmp, j, rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_div_ui(ws->acc, ws->acc, k, rnd);
        mpfr_sub(ws->acc, u + k, ws->acc, rnd);
        mpfr_div(wk, ws->acc, d, rnd);
    }
    if (!mpfr_number_p(wk) || !mpfr_number_p(d + k)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_atanh_d(double *w, double *d, const double *u, unsigned k)
{
    double acc;
    unsigned j;

    if (!isfinite(u[k]) || !isfinite(u[0]) || fabs(u[0]) >= 1.0) {
        w[k] = NAN;
        d[k] = NAN;
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        d[0] = (1.0 - u[0]) * (1.0 + u[0]);
        acc = atanh(u[0]);
    } else {
        if (d[0] == 0.0 || nhref_jet_sqr_d(d, u, k) != NHREF_OK) {
            w[k] = NAN;
            return NHREF_EDOMAIN;
        }
        d[k] = -d[k];
        acc = 0.0;
        for (j = 1; j < k; j++)
            acc += (double)j * w[j] * d[k - j];
        acc /= (double)k;
        acc = (u[k] - acc) / d[0];
    }
    if (!isfinite(acc) || !isfinite(d[k])) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = acc;
    return NHREF_OK;
}
