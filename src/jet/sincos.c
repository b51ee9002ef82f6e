/* sincos.c -- nhref_jet_sincos: the jets of s = sin(u) and c = cos(u) together.
 *
 * Recurrence (from s' = c u', c' = -s u'):
 *   s_0, c_0 = sin(u_0), cos(u_0) (mpfr_sin_cos);
 *   s_k =  (1/k) sum_{j=1..k} j u_j c_{k-j},
 *   c_k = -(1/k) sum_{j=1..k} j u_j s_{k-j}.
 * s_k is computed first; c_k only needs s_0..s_{k-1}.  s and c must be
 * distinct series.  Defined everywhere: NHREF_EDOMAIN (s_k = c_k = NaN) only
 * if u_k is not finite or a sum overflows.
 *
 * nhref_jet_sincos_d: the same in double, order 0 by libm sin() and cos(),
 * both sums in one loop sharing the product j u_j.
 */
#include <math.h>

#include "nhref_jet.h"

/* ws->acc = sum_{j=1..k} j u_j x_{k-j} */
static void weighted_sum(mpfr_srcptr u, mpfr_srcptr x, unsigned k, nhref_jet_ws_t *ws,
                         mpfr_rnd_t rnd)
{
    unsigned j;

    mpfr_set_zero(ws->acc, 1);
    for (j = 1; j <= k; j++) {
        mpfr_mul(ws->tmp, u + j, x + (k - j), rnd);
        mpfr_mul_ui(ws->tmp, ws->tmp, j, rnd);
        mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
    }
}

int nhref_jet_sincos(mpfr_ptr s, mpfr_ptr c, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws,
                     mpfr_rnd_t rnd)
{
    mpfr_ptr sk = s + k, ck = c + k;

    if (!mpfr_number_p(u + k)) {
        mpfr_set_nan(sk);
        mpfr_set_nan(ck);
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        mpfr_sin_cos(sk, ck, u, rnd);
    } else {
        weighted_sum(u, c, k, ws, rnd);
        mpfr_div_ui(sk, ws->acc, k, rnd);
        weighted_sum(u, s, k, ws, rnd);
        mpfr_div_ui(ck, ws->acc, k, rnd);
        mpfr_neg(ck, ck, rnd);
    }
    if (!mpfr_number_p(sk) || !mpfr_number_p(ck)) {
        mpfr_set_nan(sk);
        mpfr_set_nan(ck);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

int nhref_jet_sincos_d(double *s, double *c, const double *u, unsigned k)
{
    double as, ac;
    unsigned j;

    if (!isfinite(u[k])) {
        s[k] = NAN;
        c[k] = NAN;
        return NHREF_EDOMAIN;
    }
    if (k == 0) {
        as = sin(u[0]);
        ac = cos(u[0]);
    } else {
        as = 0.0;
        ac = 0.0;
        for (j = 1; j <= k; j++) {
            double ju = (double)j * u[j];

            as += ju * c[k - j];
            ac += ju * s[k - j];
        }
        as /= (double)k;
        ac = -ac / (double)k;
    }
    if (!isfinite(as) || !isfinite(ac)) {
        s[k] = NAN;
        c[k] = NAN;
        return NHREF_EDOMAIN;
    }
    s[k] = as;
    c[k] = ac;
    return NHREF_OK;
}
