/* pow_si.c -- nhref_jet_pow_si: the jet of w = u^n for an integer n, and
 * nhref_jet_pow_si_naux, the number of auxiliary series it needs.
 *
 * Recurrences:
 *   w_0 = u_0^n (mpfr_pow_si) in every case;
 *   n = 0: w_k = 0 (k >= 1);  n = 1: w_k = u_k;  n = 2: nhref_jet_sqr;
 *   u_0 != 0: J.C.P. Miller's recurrence (from u w' = n w u')
 *     w_k = (1/(k u_0)) sum_{j=1..k} (n j - (k - j)) u_j w_{k-j};
 *   u_0 = 0, n >= 3: left-to-right binary powering by Cauchy products,
 *     r = u; for each bit of n below the leading one: r = r^2, then
 *     r = r u if the bit is set; every partial power is a series of AUX, the
 *     last one is w.  naux(n) = floor(log2 n) + popcount(n) - 2.
 * The path depends only on u_0 and n, so it is the same at every order.
 * NHREF_EDOMAIN (w_k = NaN) if u_0 = 0 and n < 0 (at every order), if u_k is
 * not finite, or on overflow.
 *
 * nhref_jet_pow_si_d: the same paths in double (nhref_jet_sqr_d,
 * nhref_jet_mul_d, Miller's recurrence with the weight n j - (k - j) written
 * (n + 1) j - k, exact in double while |n + 1| k < 2^53).  Order 0: u_0^0 = 1,
 * u_0^1 = u_0, u_0 * u_0 and 1 / u_0 (correctly rounded) for n = 2 and -1,
 * else libm pow(|u_0|, n) with the sign of u_0^n from the parity of n (pow
 * alone would get it wrong for odd |n| > 2^53, which (double)n rounds to even).
 */
#include <limits.h>
#include <math.h>

#include "nhref_jet.h"

/* floor(log2 n) for n >= 1 */
static unsigned top_bit(unsigned long n)
{
    unsigned b = 0;

    while (n >>= 1)
        b++;
    return b;
}

unsigned nhref_jet_pow_si_naux(long n)
{
    unsigned long m, pop = 0;

    if (n < 3)
        return 0;
    for (m = (unsigned long)n; m != 0; m >>= 1)
        pop += m & 1;
    return top_bit((unsigned long)n) + (unsigned)pop - 2;
}

/* Order k of w = u^n, u_0 = 0, n >= 3, by binary powering through AUX. */
static int pow_binary(mpfr_ptr w, mpfr_ptr *aux, mpfr_srcptr u, unsigned long n, unsigned k,
                      nhref_jet_ws_t *ws, mpfr_rnd_t rnd)
{
    mpfr_srcptr r = u;
    mpfr_ptr dst;
    unsigned a = 0;
    unsigned b = top_bit(n);
    int st;

    while (b-- > 0) {
        int set = (n >> b) & 1;

        dst = (b == 0 && !set) ? w : aux[a++];
        st = nhref_jet_sqr(dst, r, k, ws, rnd);
        if (st != NHREF_OK)
            return st;
        r = dst;
        if (set) {
            dst = b == 0 ? w : aux[a++];
            st = nhref_jet_mul(dst, r, u, k, ws, rnd);
            if (st != NHREF_OK)
                return st;
            r = dst;
        }
    }
    return NHREF_OK;
}

/* Order k >= 1 of w = u^n, u_0 != 0, n not in {0, 1, 2}, by Miller's recurrence. */
static void pow_miller(mpfr_ptr w, mpfr_srcptr u, long n, unsigned k, nhref_jet_ws_t *ws,
                       mpfr_rnd_t rnd)
{
    /* n j - (k - j) fits in a long when 1 <= |n| <= LONG_MAX / (2 k) (then also
     * k <= LONG_MAX / 2); otherwise two multiplications by j and k - j. */
    unsigned long absn = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
    int small = absn <= (unsigned long)LONG_MAX / 2 / k;
    unsigned j;

    mpfr_set_zero(ws->acc, 1);
    for (j = 1; j <= k; j++) {
        mpfr_mul(ws->tmp, u + j, w + (k - j), rnd);
        if (small) {
            mpfr_mul_si(ws->tmp, ws->tmp, n * (long)j - (long)(k - j), rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        } else {
            mpfr_mul_ui(ws->tmp, ws->tmp, k - j, rnd);
            mpfr_sub(ws->acc, ws->acc, ws->tmp, rnd);
            mpfr_mul(ws->tmp, u + j, w + (k - j), rnd);
            mpfr_mul_si(ws->tmp, ws->tmp, n, rnd);
            mpfr_mul_ui(ws->tmp, ws->tmp, j, rnd);
            mpfr_add(ws->acc, ws->acc, ws->tmp, rnd);
        }
    }
    mpfr_div_ui(ws->acc, ws->acc, k, rnd);
    mpfr_div(w + k, ws->acc, u, rnd);
}

int nhref_jet_pow_si(mpfr_ptr w, mpfr_ptr *aux, mpfr_srcptr u, long n, unsigned k,
                     nhref_jet_ws_t *ws, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;
    int st = NHREF_OK;

    if (!mpfr_number_p(u + k) || !mpfr_number_p(u) || (n < 0 && mpfr_zero_p(u))) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    if (n == 1) {
        mpfr_set(wk, u + k, rnd);
    } else if (n == 2) {
        st = nhref_jet_sqr(w, u, k, ws, rnd);
    } else if (mpfr_zero_p(u) && n >= 3) {
        st = pow_binary(w, aux, u, (unsigned long)n, k, ws, rnd);
    } else if (k == 0) {
        /* n = 0, or u_0 != 0 */
    } else if (n == 0) {
        mpfr_set_zero(wk, 1);
    } else {
        pow_miller(w, u, n, k, ws, rnd);
    }
    if (k == 0 && st == NHREF_OK)
        mpfr_pow_si(wk, u, n, rnd);
    if (st != NHREF_OK || !mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ double precision */

/* u_0^n rounded to double (see the file comment). */
static double pow_d0(double x, long n)
{
    double m;

    switch (n) {
    case 0:
        return 1.0;
    case 1:
        return x;
    case 2:
        return x * x;
    case -1:
        return 1.0 / x;
    default:
        m = pow(fabs(x), (double)n);
        return signbit(x) && (n & 1) ? -m : m;
    }
}

/* Order k of w = u^n, u_0 = 0, n >= 3, by binary powering through AUX. */
static int pow_binary_d(double *w, double **aux, const double *u, unsigned long n, unsigned k)
{
    const double *r = u;
    double *dst;
    unsigned a = 0;
    unsigned b = top_bit(n);
    int st;

    while (b-- > 0) {
        int set = (n >> b) & 1;

        dst = (b == 0 && !set) ? w : aux[a++];
        st = nhref_jet_sqr_d(dst, r, k);
        if (st != NHREF_OK)
            return st;
        r = dst;
        if (set) {
            dst = b == 0 ? w : aux[a++];
            st = nhref_jet_mul_d(dst, r, u, k);
            if (st != NHREF_OK)
                return st;
            r = dst;
        }
    }
    return NHREF_OK;
}

/* Order k >= 1 of w = u^n, u_0 != 0, by Miller's recurrence. */
static double pow_miller_d(const double *w, const double *u, long n, unsigned k)
{
    double np1 = (double)n + 1.0, dk = (double)k, acc = 0.0;
    unsigned j;

    for (j = 1; j <= k; j++)
        acc += (np1 * (double)j - dk) * u[j] * w[k - j];
    return acc / dk / u[0];
}

int nhref_jet_pow_si_d(double *w, double **aux, const double *u, long n, unsigned k)
{
    int st = NHREF_OK;

    if (!isfinite(u[k]) || !isfinite(u[0]) || (n < 0 && u[0] == 0.0)) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    if (n == 1) {
        w[k] = u[k];
    } else if (n == 2) {
        st = nhref_jet_sqr_d(w, u, k);
    } else if (u[0] == 0.0 && n >= 3) {
        st = pow_binary_d(w, aux, u, (unsigned long)n, k);
    } else if (k == 0) {
        /* n = 0, or u_0 != 0 */
    } else if (n == 0) {
        w[k] = 0.0;
    } else {
        w[k] = pow_miller_d(w, u, n, k);
    }
    if (k == 0 && st == NHREF_OK)
        w[0] = pow_d0(u[0], n);
    if (st != NHREF_OK || !isfinite(w[k])) {
        w[k] = NAN;
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}
