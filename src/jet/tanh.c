/* tanh.c -- nhref_jet_tanh: the jet of w = tanh(u), with the auxiliary d = 1 - w^2.
 *
 * Recurrence (from w' = d u'):
 *   w_0 = tanh(u_0) (mpfr_tanh);
 *   d_0 = sech(u_0)^2  (= 1 - w_0^2 without the cancellation for large |u_0|);
 *   w_k = (1/k) sum_{j=1..k} j u_j d_{k-j},
 *   d_k = -sum_{j=0..k} w_j w_{k-j} (k >= 1, nhref_jet_sqr negated, after w_k).
 * This call fills d_k too.  Defined everywhere: NHREF_EDOMAIN (w_k = NaN)
 * only if u_k is not finite or a sum overflows.
 */
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
