/* div.c -- nhref_jet_div: the jet of w = u / v.
 *
 * Recurrence: w_0 = u_0 / v_0 (mpfr_div);
 *             w_k = (u_k - sum_{j=1..k} v_j w_{k-j}) / v_0.
 * NHREF_EDOMAIN (w_k = NaN) if v_0 = 0 (checked at every order), if u_k or
 * v_k is not finite, or if the result overflows.
 *
 * nhref_jet_div_d: the same in double, the sum in a local double.
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_div(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr v, unsigned k, nhref_jet_ws_t *ws,
                  mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    unsigned j;

    if (mpfr_zero_p(v) || !mpfr_number_p(v) || !mpfr_number_p(u + k) || !mpfr_number_p(v + k)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_div(wk, u, v, rnd);
    } else {
        mpfr_set(ws->acc, u + k, rnd);
        for (j = 1; j <= k; j++) {
            mpfr_mul(ws->tmp, v + j, w + (k - j), rnd);
            mpfr_sub(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_div(wk, ws->acc, v, rnd);
    }
    if (!mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_div_d(double *w, const double *u, const double *v, unsigned k)
{
    double acc;
    unsigned j;

    if (v[0] == 0.0 || !isfinite(v[0]) || !isfinite(u[k]) || !isfinite(v[k])) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    acc = u[k];
    for (j = 1; j <= k; j++)
        acc -= v[j] * w[k - j];
    acc /= v[0];
    if (!isfinite(acc)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = acc;
    return NHREF_OK;
}
