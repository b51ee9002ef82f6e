/* mul.c -- nhref_jet_mul: the jet of w = u * v (Cauchy product).
 *
 * Recurrence: w_k = sum_{j=0..k} u_j v_{k-j}; order 0 is mpfr_mul(u_0, v_0).
 * NHREF_EDOMAIN (w_k = NaN) if u_k or v_k is not finite or the sum
 * overflows.
 *
 * nhref_jet_mul_d: the same in double, the sum in a local double.
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_mul(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr v, unsigned k, nhref_jet_ws_t *ws,
                  mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    unsigned j;

    if (!mpfr_number_p(u + k) || !mpfr_number_p(v + k)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_mul(wk, u, v, rnd);
    } else {
        mpfr_mul(ws->acc, u, v + k, rnd);
        for (j = 1; j <= k; j++) {
            mpfr_mul(ws->tmp, u + j, v + (k - j), rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_set(wk, ws->acc, rnd);
    }
    if (!mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_mul_d(double *w, const double *u, const double *v, unsigned k)
{
    double acc;
    unsigned j;

    if (!isfinite(u[k]) || !isfinite(v[k])) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    acc = u[0] * v[k];
    for (j = 1; j <= k; j++)
        acc += u[j] * v[k - j];
    if (!isfinite(acc)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = acc;
    return NHREF_OK;
}
