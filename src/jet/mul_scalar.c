/* mul_scalar.c -- nhref_jet_mul_scalar: the jet of w = c * v, c constant in t.
 *
 * Recurrence: w_k = c v_k (one multiplication, mpfr_mul at every order).
 * NHREF_EDOMAIN (w_k = NaN) if c or v_k is not finite or the product
 * overflows.
 *
 * nhref_jet_mul_scalar_d: the same in double; a non-finite c or v_k makes
 * the product non-finite (Inf * 0 is NaN), so one test of the result covers
 * every case.
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_mul_scalar(mpfr_ptr w, mpfr_srcptr c, mpfr_srcptr v, unsigned k, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;

    mpfr_mul(wk, c, v + k, rnd);
    if (!mpfr_number_p(c) || !mpfr_number_p(v + k) || !mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_mul_scalar_d(double *w, double c, const double *v, unsigned k)
{
    double r = c * v[k];

    if (!isfinite(r)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = r;
    return NHREF_OK;
}
