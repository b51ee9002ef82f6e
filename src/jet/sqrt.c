/* sqrt.c -- nhref_jet_sqrt: the jet of w = sqrt(u).
 *
 * Recurrence (from w^2 = u):
 *   w_0 = sqrt(u_0) (mpfr_sqrt);
 *   w_k = (u_k - sum_{j=1..k-1} w_j w_{k-j}) / (2 w_0),
 * the symmetric sum taken as 2 sum_{j < k/2} + [k even] w_{k/2}^2.
 * NHREF_EDOMAIN (w_k = NaN) if u_0 < 0 (k = 0), if u_0 = 0 (k >= 1: sqrt is
 * not differentiable at 0), if u_k is not finite, or on overflow.
 *
 * nhref_jet_sqrt_d: the same in double; w_0 = sqrt(u_0) from libm (correctly
 * rounded by IEEE 754), the final division by 2 w_0 in one step (2 w_0 is
 * exact).
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_sqrt(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    unsigned j;

    if (!mpfr_number_p(u + k) || !mpfr_number_p(u) || mpfr_sgn(u) < 0 ||
        (k > 0 && (mpfr_zero_p(u) || mpfr_zero_p(w)))) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_sqrt(wk, u, rnd);
    } else {
        mpfr_set_zero(ws->acc, 1);
        for (j = 1; 2 * j < k; j++) {
            mpfr_mul(ws->tmp, w + j, w + (k - j), rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_mul_2ui(ws->acc, ws->acc, 1, rnd);
        if (k % 2 == 0) {
            mpfr_sqr(ws->tmp, w + k / 2, rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_sub(ws->acc, u + k, ws->acc, rnd);
        mpfr_div(wk, ws->acc, w, rnd);
        mpfr_div_2ui(wk, wk, 1, rnd);
    }
    if (!mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_sqrt_d(double *w, const double *u, unsigned k)
{
    double acc;
    unsigned j;

    /* u[0] < 0 is false for -0, as mpfr_sgn(-0) = 0 */
    if (!isfinite(u[k]) || !isfinite(u[0]) || u[0] < 0.0 ||
        (k > 0 && (u[0] == 0.0 || w[0] == 0.0))) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        acc = sqrt(u[0]);
    } else {
        acc = 0.0;
        for (j = 1; 2 * j < k; j++)
            acc += w[j] * w[k - j];
        acc += acc;
        if (k % 2 == 0)
            acc += w[k / 2] * w[k / 2];
        acc = (u[k] - acc) / (2.0 * w[0]);
    }
    if (!isfinite(acc)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = acc;
    return NHREF_OK;
}
