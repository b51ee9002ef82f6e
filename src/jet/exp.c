/* exp.c -- nhref_jet_exp: the jet of w = exp(u).
 *
 * Recurrence (from w' = w u'):
 *   w_0 = exp(u_0) (mpfr_exp);
 *   w_k = (1/k) sum_{j=1..k} j u_j w_{k-j}.
 * Defined everywhere, but an overflow of exp(u_0) (or of a sum) is
 * NHREF_EDOMAIN with w_k = NaN, as is a non-finite u_k.  An underflow of
 * exp(u_0) to 0 is not an error (the whole jet is then 0).
 *
 * nhref_jet_exp_d: the same in double, order 0 by libm exp().
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_exp(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    unsigned j;

    if (!mpfr_number_p(u + k)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_exp(wk, u, rnd);
    } else {
        mpfr_set_zero(ws->acc, 1);
        for (j = 1; j <= k; j++) {
            mpfr_mul(ws->tmp, u + j, w + (k - j), rnd);
            mpfr_mul_ui(ws->tmp, ws->tmp, j, rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_div_ui(wk, ws->acc, k, rnd);
    }
    if (!mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_exp_d(double *w, const double *u, unsigned k)
{
    double acc;
    unsigned j;

    /* explicit: exp(-Inf) = 0 would pass the test of the result */
    if (!isfinite(u[k])) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        acc = exp(u[0]);
    } else {
        acc = 0.0;
        for (j = 1; j <= k; j++)
            acc += (double)j * u[j] * w[k - j];
        acc /= (double)k;
    }
    if (!isfinite(acc)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = acc;
    return NHREF_OK;
}
