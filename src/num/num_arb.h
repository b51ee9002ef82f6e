/* num_arb.h -- the number type Arb ball (the proven level), for num.h.
 *
 * A number is a ball [m - r, m + r] (arb_t).  Every operation is Arb's: the result
 * ball contains the exact result for every point of the argument balls, the midpoint
 * rounded at the precision given (bits) and the rounding error added to the radius.
 * A result that Arb cannot bound (a square root or logarithm of a ball that reaches
 * below 0, a division by a ball containing 0) is "indeterminate" (NaN midpoint,
 * infinite radius): num_is_finite is then false and the generic code reports a domain
 * error, never a wrong ball.  Control tests look at midpoints.  See num.h.
 *
 * Source: F. Johansson, "Arb: efficient arbitrary-precision midpoint-radius interval
 * arithmetic", IEEE Trans. Computers 66(8), 2017.
 */
#ifndef NHREF_NUM_ARB_H
#define NHREF_NUM_ARB_H

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <arb.h>
#include <mpfr.h>

#include "nhref_arb.h"
#include "nhref_io.h"
#include "nhref_status.h"

typedef arb_struct num_t;
typedef arb_ptr num_ptr;
typedef arb_srcptr num_srcptr;

#define NUM_SUFFIX arb
#define NUM_PUB_SUFFIX _arb
#define NUM_TAPE_INFIX arb
#define NUM_NAME "arb"
#define NUM_LAZY_CHECKS 0
#define NUM_COMPENSATED 0
#define NUM_RIGOROUS 1
#define NUM_SNAP_END 1

/* ------------------------------------------------------------------ memory */
/* vectors from the C library's malloc, not flint_malloc: what nhref allocates stays
 * apart from what Arb's arithmetic allocates (tests/ck_alloc.h counts the two) */
static inline num_ptr num_vec_new(size_t n, long prec)
{
    size_t m = n ? n : 1;
    num_ptr v = malloc(m * sizeof *v);
    (void)prec;
    if (v != NULL)
        for (size_t i = 0; i < m; i++)
            arb_init(v + i);
    return v;
}
static inline void num_vec_free(num_ptr v, size_t n)
{
    if (v == NULL)
        return;
    for (size_t i = 0; i < (n ? n : 1); i++)
        arb_clear(v + i);
    free(v);
}
static inline void num_init(num_ptr x, long prec)
{
    (void)prec;
    arb_init(x);
}
static inline void num_clear(num_ptr x)
{
    arb_clear(x);
}

/* ------------------------------------------------------------------ conversions */
static inline void num_set(num_ptr w, num_srcptr a)
{
    arb_set(w, a);
}
static inline void num_set_si(num_ptr w, long v)
{
    arb_set_si(w, v);
}
static inline void num_set_d(num_ptr w, double v)
{
    arb_set_d(w, v);
}
static inline void num_set_zero(num_ptr w)
{
    arb_zero(w);
}
static inline void num_set_nan(num_ptr w)
{
    arb_indeterminate(w);
}
/* W = a ball containing the decimal number S exactly (the syntax of
 * nhref_decimal_set; the value enclosed by arb_set_str at PREC bits). */
static inline int num_set_decimal(num_ptr w, const char *s, long prec)
{
    mpfr_t probe;
    int status;
    mpfr_init2(probe, 64);
    status = nhref_decimal_set(probe, s);
    mpfr_clear(probe);
    if (status != NHREF_OK)
        return status;
    if (*s == '+')
        s++;
    return arb_set_str(w, s, (slong)prec) == 0 && arb_is_finite(w) ? NHREF_OK : NHREF_EPARSE;
}
/* W = a ball containing the value S (nhref_value_arb: a decimal or a constant
 * expression) at PREC bits */
static inline int num_set_value(num_ptr w, const char *s, long prec)
{
    return nhref_value_arb(w, s, prec);
}
/* W = M exactly (radius 0) */
static inline void num_set_mpfr(num_ptr w, mpfr_srcptr m, long prec)
{
    (void)prec;
    arf_set_mpfr(arb_midref(w), m);
    mag_zero(arb_radref(w));
}
/* M = the midpoint of A, rounded to nearest at M's precision */
static inline void num_get_mpfr(mpfr_ptr m, num_srcptr a)
{
    arf_get_mpfr(m, arb_midref(a), MPFR_RNDN);
}
static inline double num_get_d(num_srcptr a)
{
    return arf_get_d(arb_midref(a), ARF_RND_NEAR);
}
/* ln |midpoint| in double for any exponent; -HUGE_VAL for 0 */
static inline double num_log_abs(num_srcptr a)
{
    const arf_struct *m = arb_midref(a);
    arf_t f;
    fmpz_t e;
    double r;
    if (arf_is_zero(m))
        return -HUGE_VAL;
    if (arf_is_nan(m))
        return NAN;
    if (arf_is_inf(m))
        return HUGE_VAL;
    arf_init(f);
    fmpz_init(e);
    arf_frexp(f, e, m); /* m = f 2^e, 0.5 <= |f| < 1 */
    r = log(fabs(arf_get_d(f, ARF_RND_NEAR))) +
        (fmpz_fits_si(e) ? (double)fmpz_get_si(e) : fmpz_get_d(e)) * 0.69314718055994530942;
    arf_clear(f);
    fmpz_clear(e);
    return r;
}

/* ------------------------------------------------------------------ arithmetic */
static inline void num_add(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    arb_add(w, a, b, (slong)p);
}
static inline void num_sub(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    arb_sub(w, a, b, (slong)p);
}
static inline void num_mul(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    arb_mul(w, a, b, (slong)p);
}
static inline void num_div(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    arb_div(w, a, b, (slong)p);
}
static inline void num_sqr(num_ptr w, num_srcptr a, long p)
{
    arb_sqr(w, a, (slong)p);
}
static inline void num_neg(num_ptr w, num_srcptr a)
{
    arb_neg(w, a);
}
static inline void num_abs(num_ptr w, num_srcptr a)
{
    arb_abs(w, a);
}
static inline void num_add_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    arb_add_ui(w, a, u, (slong)p);
}
static inline void num_ui_sub(num_ptr w, unsigned long u, num_srcptr a, long p)
{
    arb_sub_ui(w, a, u, (slong)p);
    arb_neg(w, w);
}
static inline void num_mul_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    arb_mul_ui(w, a, u, (slong)p);
}
static inline void num_mul_si(num_ptr w, num_srcptr a, long s, long p)
{
    arb_mul_si(w, a, s, (slong)p);
}
static inline void num_div_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    arb_div_ui(w, a, u, (slong)p);
}
static inline void num_mul_2si(num_ptr w, num_srcptr a, long e)
{
    arb_mul_2exp_si(w, a, e);
}
static inline void num_fma(num_ptr w, num_srcptr a, num_srcptr b, num_srcptr c, long p)
{
    arb_fma(w, a, b, c, (slong)p);
}

/* ------------------------------------------------------------------ elementary functions
 * Arb's own enclosures; a square root or logarithm of a ball that reaches below 0 (or
 * to 0 for the logarithm), atanh of a ball that reaches +-1, asin and acos of a ball
 * that reaches beyond +-1, and a real power of a ball that reaches 0 or below are
 * indeterminate. */
static inline void num_sqrt(num_ptr w, num_srcptr a, long p)
{
    if (arb_is_nonnegative(a))
        arb_sqrt(w, a, (slong)p);
    else
        arb_indeterminate(w);
}
/* indeterminate for a midpoint |m| >= 2^(64 max(P, 64)) (nhref_decimal_max_exp): the
 * argument reduction would take about its exponent in bits */
static inline void num_sin_cos(num_ptr s, num_ptr c, num_srcptr a, long p)
{
    if (arf_cmpabs_2exp_si(arb_midref(a), 64 * (p > 64 ? p : 64)) >= 0) {
        arb_indeterminate(s);
        arb_indeterminate(c);
        return;
    }
    arb_sin_cos(s, c, a, (slong)p);
}
static inline void num_exp(num_ptr w, num_srcptr a, long p)
{
    arb_exp(w, a, (slong)p);
}
static inline void num_log(num_ptr w, num_srcptr a, long p)
{
    if (arb_is_positive(a))
        arb_log(w, a, (slong)p);
    else
        arb_indeterminate(w);
}
static inline void num_atan(num_ptr w, num_srcptr a, long p)
{
    arb_atan(w, a, (slong)p);
}
static inline void num_atanh(num_ptr w, num_srcptr a, long p)
{
    arb_atanh(w, a, (slong)p);
}
static inline void num_tanh(num_ptr w, num_srcptr a, long p)
{
    arb_tanh(w, a, (slong)p);
}
/* asin, acos: indeterminate unless every point of the ball is in [-1, 1] (arb_contains,
 * exact: the exact ball 1 passes; arb_get_mag's bound of |a| would not) */
static inline int num_arb_in_unit(num_srcptr a)
{
    arb_t unit;
    int r;
    arb_init(unit);
    mag_one(arb_radref(unit)); /* [0 +/- 1] */
    r = arb_is_finite(a) && arb_contains(unit, a);
    arb_clear(unit);
    return r;
}
static inline void num_asin(num_ptr w, num_srcptr a, long p)
{
    if (num_arb_in_unit(a))
        arb_asin(w, a, (slong)p);
    else
        arb_indeterminate(w);
}
static inline void num_acos(num_ptr w, num_srcptr a, long p)
{
    if (num_arb_in_unit(a))
        arb_acos(w, a, (slong)p);
    else
        arb_indeterminate(w);
}
static inline void num_sinh_cosh(num_ptr s, num_ptr c, num_srcptr a, long p)
{
    arb_sinh_cosh(s, c, a, (slong)p);
}
/* W = A^B: indeterminate unless the ball A is positive (a real power is defined for
 * positive bases only) and B finite */
static inline void num_pow(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    if (arb_is_positive(a) && arb_is_finite(a) && arb_is_finite(b))
        arb_pow(w, a, b, (slong)p);
    else
        arb_indeterminate(w);
}
static inline void num_sech2(num_ptr w, num_srcptr a, long p)
{
    arb_sech(w, a, (slong)p);
    arb_sqr(w, w, (slong)p);
}
/* W = A^N; a ball containing 0 with N < 0 is indeterminate */
static inline void num_pow_si(num_ptr w, num_srcptr a, long n, long p)
{
    fmpz_t e;
    if (n < 0 && arb_contains_zero(a)) {
        arb_indeterminate(w);
        return;
    }
    fmpz_init(e);
    fmpz_set_si(e, n);
    arb_pow_fmpz(w, a, e, (slong)p);
    fmpz_clear(e);
}

/* ------------------------------------------------------------------ tests */
static inline int num_is_finite(num_srcptr a)
{
    return arb_is_finite(a);
}
static inline int num_is_nan(num_srcptr a)
{
    return arf_is_nan(arb_midref(a));
}
/* control: the midpoint is 0 */
static inline int num_is_zero(num_srcptr a)
{
    return arf_is_zero(arb_midref(a));
}
/* domain predicates: true only if they hold for every point of the ball */
static inline int num_may_be_zero(num_srcptr a)
{
    return arb_contains_zero(a);
}
static inline int num_is_pos(num_srcptr a)
{
    return arb_is_positive(a);
}
static inline int num_is_nonneg(num_srcptr a)
{
    return arb_is_nonnegative(a);
}
static inline int num_abs_lt_1(num_srcptr a)
{
    mag_t m;
    int r;
    if (!arb_is_finite(a))
        return 0;
    mag_init(m);
    arb_get_mag(m, a); /* an upper bound of |a| */
    r = mag_cmp_2exp_si(m, 0) < 0;
    mag_clear(m);
    return r;
}
/* control tests: midpoints */
static inline int num_sgn(num_srcptr a)
{
    return arf_sgn(arb_midref(a));
}
static inline int num_cmp(num_srcptr a, num_srcptr b)
{
    return arf_cmp(arb_midref(a), arb_midref(b));
}
static inline int num_cmpabs(num_srcptr a, num_srcptr b)
{
    return arf_cmpabs(arb_midref(a), arb_midref(b));
}
static inline int num_cmp_d(num_srcptr a, double b)
{
    return arf_cmp_d(arb_midref(a), b);
}
/* control: the same midpoint (NaN equals nothing) */
static inline int num_equal(num_srcptr a, num_srcptr b)
{
    return !arf_is_nan(arb_midref(a)) && arf_equal(arb_midref(a), arb_midref(b));
}
static inline void num_swap(num_ptr a, num_ptr b)
{
    arb_swap(a, b);
}

/* ------------------------------------------------------------------ sums of products
 * num_dot is arb_dot: the whole sum with one error bound.  num_dot_w: each product
 * times its weight, accumulated with arb_addmul_si. */
static inline void num_dot(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                           num_srcptr y, long ys, long len, num_ptr tmp, long p)
{
    if (init == res && init != NULL) {
        arb_set(tmp, init);
        init = tmp;
    }
    arb_dot(res, init, sub, x, (slong)xs, y, (slong)ys, (slong)len, (slong)p);
}

static inline void num_dot_w(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                             num_srcptr y, long ys, long len, long w0, long dw, num_ptr tmp,
                             long p)
{
    if (init == NULL)
        arb_zero(res);
    else if (init != res)
        arb_set(res, init);
    for (long i = 0; i < len; i++) {
        arb_mul(tmp, x + i * xs, y + i * ys, (slong)p);
        if (sub)
            arb_submul_si(res, tmp, w0 + i * dw, (slong)p);
        else
            arb_addmul_si(res, tmp, w0 + i * dw, (slong)p);
    }
}

/* num_dot_sym: INIT +- (2 arb_dot + MID^2), every step a ball operation */
static inline void num_dot_sym(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                               num_srcptr y, long ys, long len, num_srcptr mid, num_ptr tmp,
                               long p)
{
    num_ptr s = init == res ? tmp : res;
    arb_dot(s, NULL, 0, x, (slong)xs, y, (slong)ys, (slong)len, (slong)p);
    arb_mul_2exp_si(s, s, 1);
    if (mid != NULL) {
        if (s == res) {
            arb_sqr(tmp, mid, (slong)p);
            arb_add(s, s, tmp, (slong)p);
        } else {
            arb_addmul(s, mid, mid, (slong)p);
        }
    }
    if (init == NULL) {
        if (sub)
            arb_neg(res, s);
    } else if (sub) {
        arb_sub(res, init, s, (slong)p);
    } else {
        arb_add(res, init, s, (slong)p);
    }
}

/* ------------------------------------------------------------------ Cauchy products
 * num.h's kernels, each sum one arb_dot; num_cauchy_w takes DU_j = j U_j, which the
 * interpreter keeps per SIN node (NUM_CAUCHY_DU): one arb_dot instead of a ball product
 * and an arb_addmul_si per term (num_dot_w), which made sin and cos the dearest kernels
 * of the validated step's point jet (a quarter of the skater's). */
#define NUM_CAUCHY_DU 1

#endif /* NHREF_NUM_ARB_H */
