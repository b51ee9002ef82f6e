/* neg.c -- nhref_jet_neg: the jet of w = -u.
 *
 * Recurrence: w_k = -u_k (exact when w has u's precision).
 * NHREF_EDOMAIN (w_k = NaN) if u_k is not finite.
 *
 * nhref_jet_neg_d: the same in double (exact).
 */
#include <math.h>

#include "nhref_jet.h"

int nhref_jet_neg(mpfr_ptr w, mpfr_srcptr u, unsigned k, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;

    if (!mpfr_number_p(u + k)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    mpfr_neg(wk, u + k, rnd);
    return NHREF_OK;
}

int nhref_jet_neg_d(double *w, const double *u, unsigned k)
{
    if (!isfinite(u[k])) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    w[k] = -u[k];
    return NHREF_OK;
}
