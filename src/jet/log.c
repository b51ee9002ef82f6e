/* log.c -- nhref_jet_log: the jet of w = log(u).
 *
 * Recurrence (from u w' = u'):
 *   w_0 = log(u_0) (mpfr_log);
 *   w_k = (u_k - (1/k) sum_{j=1..k-1} j w_j u_{k-j}) / u_0.
 * NHREF_EDOMAIN (w_k = NaN) if u_0 <= 0 (checked at every order), if u_k is
 * not finite, or on overflow.
 *
 * nhref_jet_log_d: the same in double, order 0 by libm log().
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_log(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    unsigned j;

    if (!mpfr_number_p(u + k) || !mpfr_number_p(u) || mpfr_sgn(u) <= 0) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_log(wk, u, rnd);
    } else {
        mpfr_set_zero(ws->acc, 1);
        for (j = 1; j < k; j++) {
            mpfr_mul(ws->tmp, w + j, u + (k - j), rnd);
            mpfr_mul_ui(ws->tmp, ws->tmp, j, rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_div_ui(ws->acc, ws->acc, k, rnd);
        mpfr_sub(ws->acc, u + k, ws->acc, rnd);
        mpfr_div(wk, ws->acc, u, rnd);
    }
    if (!mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_log_d(double *w, const double *u, unsigned k)
{
    double acc;
    unsigned j;

    if (!isfinite(u[k]) || !isfinite(u[0]) || !(u[0] > 0.0)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        acc = log(u[0]);
    } else {
        acc = 0.0;
        for (j = 1; j < k; j++)
            acc += (double)j * w[j] * u[k - j];
        acc /= (double)k;
        acc = (u[k] - acc) / u[0];
    }
    if (!isfinite(acc)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = acc;
    return NHREF_OK;
}
