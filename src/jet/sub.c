/* sub.c -- nhref_jet_sub: the jet of w = u - v.
 *
 * Recurrence: w_k = u_k - v_k (one rounding, mpfr_sub at every order).
 * NHREF_EDOMAIN (w_k = NaN) if u_k or v_k is not finite or the result
 * overflows.
 *
 * nhref_jet_sub_d: the same in double; a non-finite u_k or v_k makes the
 * difference non-finite, so one test of the result covers every case.
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_sub(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr v, unsigned k, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;

    mpfr_sub(wk, u + k, v + k, rnd);
    if (!mpfr_number_p(u + k) || !mpfr_number_p(v + k) || !mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_sub_d(double *w, const double *u, const double *v, unsigned k)
{
    double r = u[k] - v[k];

    if (!isfinite(r)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = r;
    return NHREF_OK;
}
