/* atanh.c -- nhref_jet_atanh: the jet of w = atanh(u), with the auxiliary d = 1 - u^2.
 *
 * Recurrence (from d w' = u'):
 *   d_0 = (1 - u_0)(1 + u_0)  (this form loses no digits when |u_0| is near 1),
 *   d_k = -sum_{j=0..k} u_j u_{k-j} (k >= 1, nhref_jet_sqr negated);
 *   w_0 = atanh(u_0) (mpfr_atanh);
 *   w_k = (u_k - (1/k) sum_{j=1..k-1} j w_j d_{k-j}) / d_0.
 * This call fills d_k too.  NHREF_EDOMAIN (w_k = NaN) if |u_0| >= 1 (checked
 * at every order), if u_k is not finite, or on overflow.
 */
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
