/* sqr.c -- nhref_jet_sqr: the jet of w = u^2.
 *
 * Recurrence: w_k = 2 sum_{j < k/2} u_j u_{k-j} + [k even] u_{k/2}^2, half the
 * products of the Cauchy product; order 0 is mpfr_sqr(u_0).
 * NHREF_EDOMAIN (w_k = NaN) if u_k is not finite or the sum overflows.
 *
 * nhref_jet_sqr_d: the same in double (also used by atan_d, atanh_d, tanh_d
 * and pow_si_d for their auxiliary series).
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_sqr(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    unsigned j;

    if (!mpfr_number_p(u + k)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_sqr(wk, u, rnd);
    } else {
        /* k >= 1: the term j = 0 always lies below k/2 */
        mpfr_mul(ws->acc, u, u + k, rnd);
        for (j = 1; 2 * j < k; j++) {
            mpfr_mul(ws->tmp, u + j, u + (k - j), rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
        mpfr_mul_2ui(ws->acc, ws->acc, 1, rnd);
        if (k % 2 == 0) {
            mpfr_sqr(ws->tmp, u + k / 2, rnd);
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

int nhref_jet_sqr_d(double *w, const double *u, unsigned k)
{
    double acc;
    unsigned j;

    if (!isfinite(u[k])) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        acc = u[0] * u[0];
    } else {
        /* k >= 1: the term j = 0 always lies below k/2 */
        acc = u[0] * u[k];
        for (j = 1; 2 * j < k; j++)
            acc += u[j] * u[k - j];
        acc += acc;
        if (k % 2 == 0)
            acc += u[k / 2] * u[k / 2];
    }
    if (!isfinite(acc)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = acc;
    return NHREF_OK;
}
