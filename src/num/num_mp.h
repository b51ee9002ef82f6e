/* num_mp.h -- the number type MPFR (the reference), for num.h.
 *
 * Every operation rounds to nearest at the precision of its destination; the
 * precision arguments are unused (the precision lives in each mpfr_t, fixed when
 * the workspace is allocated).  Sums of products (num_dot, num_dot_w, num_dot_sym)
 * are accumulated exactly at the limb level and rounded once (dot_mp.c), so that
 * results depend on nothing but the inputs and the precision.  See num.h.
 */
#ifndef NHREF_NUM_MP_H
#define NHREF_NUM_MP_H

#include <math.h>
#include <stddef.h>

#include <mpfr.h>

#include "nhref_io.h"
#include "nhref_status.h"
#include "num/dot_mp.h"

typedef __mpfr_struct num_t;
typedef mpfr_ptr num_ptr;
typedef mpfr_srcptr num_srcptr;

#define NUM_SUFFIX mp
#define NUM_PUB_SUFFIX
#define NUM_TAPE_INFIX mp
#define NUM_NAME "mpfr"
#define NUM_LAZY_CHECKS 0
#define NUM_COMPENSATED 0
#define NUM_RIGOROUS 0
/* the schemes land exactly on t + h (the step is the difference of two representable
 * times), so the driver leaves the time as the scheme returns it */
#define NUM_SNAP_END 0

#define NUM_R MPFR_RNDN

/* ------------------------------------------------------------------ memory */
static inline num_ptr num_vec_new(size_t n, long prec)
{
    return nhref_vec_new(n, (mpfr_prec_t)prec);
}
static inline void num_vec_free(num_ptr v, size_t n)
{
    nhref_vec_free(v, n);
}
static inline void num_init(num_ptr x, long prec)
{
    mpfr_init2(x, (mpfr_prec_t)prec);
    mpfr_set_zero(x, 1);
}
static inline void num_clear(num_ptr x)
{
    mpfr_clear(x);
}

/* ------------------------------------------------------------------ conversions */
static inline void num_set(num_ptr w, num_srcptr a)
{
    mpfr_set(w, a, NUM_R);
}
static inline void num_set_si(num_ptr w, long v)
{
    mpfr_set_si(w, v, NUM_R);
}
static inline void num_set_d(num_ptr w, double v)
{
    mpfr_set_d(w, v, NUM_R);
}
static inline void num_set_zero(num_ptr w)
{
    mpfr_set_zero(w, 1);
}
static inline void num_set_nan(num_ptr w)
{
    mpfr_set_nan(w);
}
/* W = the decimal string S rounded to nearest at W's precision */
static inline int num_set_decimal(num_ptr w, const char *s, long prec)
{
    (void)prec;
    return nhref_decimal_set(w, s);
}
/* W = the value S (a decimal or a constant expression: nhref_value_set) at W's
 * precision */
static inline int num_set_value(num_ptr w, const char *s, long prec)
{
    (void)prec;
    return nhref_value_set(w, s);
}
static inline void num_set_mpfr(num_ptr w, mpfr_srcptr m, long prec)
{
    (void)prec;
    mpfr_set(w, m, NUM_R);
}
static inline void num_get_mpfr(mpfr_ptr m, num_srcptr a)
{
    mpfr_set(m, a, NUM_R);
}
static inline double num_get_d(num_srcptr a)
{
    return mpfr_get_d(a, NUM_R);
}
/* ln |a| in double for any exponent; -HUGE_VAL for 0, NaN for NaN */
static inline double num_log_abs(num_srcptr a)
{
    long e;
    double m;
    if (mpfr_zero_p(a))
        return -HUGE_VAL;
    if (mpfr_nan_p(a))
        return NAN;
    if (mpfr_inf_p(a))
        return HUGE_VAL;
    m = mpfr_get_d_2exp(&e, a, NUM_R); /* |a| = |m| 2^e, 0.5 <= |m| < 1 */
    return log(fabs(m)) + (double)e * 0.69314718055994530942;
}

/* ------------------------------------------------------------------ arithmetic */
static inline void num_add(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    mpfr_add(w, a, b, NUM_R);
}
static inline void num_sub(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    mpfr_sub(w, a, b, NUM_R);
}
static inline void num_mul(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    mpfr_mul(w, a, b, NUM_R);
}
static inline void num_div(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    mpfr_div(w, a, b, NUM_R);
}
static inline void num_sqr(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_sqr(w, a, NUM_R);
}
static inline void num_neg(num_ptr w, num_srcptr a)
{
    mpfr_neg(w, a, NUM_R);
}
static inline void num_abs(num_ptr w, num_srcptr a)
{
    mpfr_abs(w, a, NUM_R);
}
static inline void num_add_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    (void)p;
    mpfr_add_ui(w, a, u, NUM_R);
}
static inline void num_ui_sub(num_ptr w, unsigned long u, num_srcptr a, long p)
{
    (void)p;
    mpfr_ui_sub(w, u, a, NUM_R);
}
static inline void num_mul_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    (void)p;
    mpfr_mul_ui(w, a, u, NUM_R);
}
static inline void num_mul_si(num_ptr w, num_srcptr a, long s, long p)
{
    (void)p;
    mpfr_mul_si(w, a, s, NUM_R);
}
static inline void num_div_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    (void)p;
    mpfr_div_ui(w, a, u, NUM_R);
}
static inline void num_mul_2si(num_ptr w, num_srcptr a, long e)
{
    mpfr_mul_2si(w, a, e, NUM_R);
}
/* W = A B + C with one rounding */
static inline void num_fma(num_ptr w, num_srcptr a, num_srcptr b, num_srcptr c, long p)
{
    (void)p;
    mpfr_fma(w, a, b, c, NUM_R);
}

/* ------------------------------------------------------------------ elementary functions */
static inline void num_sqrt(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_sqrt(w, a, NUM_R);
}
/* NaN for |A| >= 2^(64 max(P, 64)) (nhref_decimal_max_exp): MPFR would reduce such an
 * argument by pi at about its exponent in bits, minutes and gigabytes of work */
static inline void num_sin_cos(num_ptr s, num_ptr c, num_srcptr a, long p)
{
    if (mpfr_regular_p(a) && mpfr_get_exp(a) > 64 * (p > 64 ? p : 64)) {
        mpfr_set_nan(s);
        mpfr_set_nan(c);
        return;
    }
    mpfr_sin_cos(s, c, a, NUM_R);
}
static inline void num_exp(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_exp(w, a, NUM_R);
}
static inline void num_log(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_log(w, a, NUM_R);
}
static inline void num_atan(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_atan(w, a, NUM_R);
}
static inline void num_atanh(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_atanh(w, a, NUM_R);
}
static inline void num_tanh(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_tanh(w, a, NUM_R);
}
/* asin, acos: NaN outside [-1, 1] (MPFR's own) */
static inline void num_asin(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_asin(w, a, NUM_R);
}
static inline void num_acos(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_acos(w, a, NUM_R);
}
/* S = sinh(A), C = cosh(A), each correctly rounded; infinite on overflow */
static inline void num_sinh_cosh(num_ptr s, num_ptr c, num_srcptr a, long p)
{
    (void)p;
    mpfr_sinh_cosh(s, c, a, NUM_R);
}
/* W = A^B for a positive finite A and a finite B (mpfr_pow); NaN otherwise (a real
 * power is defined for positive bases only; mpfr_pow(1, NaN) would be 1) */
static inline void num_pow(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    if (mpfr_number_p(a) && mpfr_sgn(a) > 0 && mpfr_number_p(b))
        mpfr_pow(w, a, b, NUM_R);
    else
        mpfr_set_nan(w);
}
/* W = sech(A)^2 (sech rounded, then squared) */
static inline void num_sech2(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    mpfr_sech(w, a, NUM_R);
    mpfr_sqr(w, w, NUM_R);
}
/* W = A^N; A = 0 and N < 0 give NaN */
static inline void num_pow_si(num_ptr w, num_srcptr a, long n, long p)
{
    (void)p;
    if (mpfr_zero_p(a) && n < 0)
        mpfr_set_nan(w);
    else
        mpfr_pow_si(w, a, n, NUM_R);
}

/* ------------------------------------------------------------------ tests */
static inline int num_is_finite(num_srcptr a)
{
    return mpfr_number_p(a);
}
static inline int num_is_nan(num_srcptr a)
{
    return mpfr_nan_p(a);
}
static inline int num_is_zero(num_srcptr a)
{
    return mpfr_zero_p(a);
}
static inline int num_may_be_zero(num_srcptr a)
{
    return mpfr_zero_p(a);
}
static inline int num_is_pos(num_srcptr a)
{
    return mpfr_sgn(a) > 0;
}
static inline int num_is_nonneg(num_srcptr a)
{
    return mpfr_sgn(a) >= 0;
}
static inline int num_abs_lt_1(num_srcptr a)
{
    return mpfr_cmpabs_ui(a, 1) < 0;
}
static inline int num_sgn(num_srcptr a)
{
    return mpfr_sgn(a);
}
static inline int num_cmp(num_srcptr a, num_srcptr b)
{
    return mpfr_cmp(a, b);
}
static inline int num_cmpabs(num_srcptr a, num_srcptr b)
{
    return mpfr_cmpabs(a, b);
}
static inline int num_cmp_d(num_srcptr a, double b)
{
    return mpfr_cmp_d(a, b);
}
static inline int num_equal(num_srcptr a, num_srcptr b)
{
    return mpfr_equal_p(a, b);
}
static inline void num_swap(num_ptr a, num_ptr b)
{
    mpfr_swap(a, b);
}

/* ------------------------------------------------------------------ sums of products
 * RES = INIT +- sum X[i XS] Y[i YS] (num_dot), with the integer weight W0 + i DW on
 * term i (num_dot_w), or INIT +- (2 sum X[i XS] Y[i YS] + MID^2) (num_dot_sym, the
 * Cauchy square): the exact sum accumulated at the limb level and rounded to nearest
 * once (dot_mp.c: correctly rounded but for a tie within 2^-128 ulps); INIT NULL: the
 * sum alone; MID NULL: no square term.  RES may alias INIT.  TMP: scratch of RES's
 * precision (the slow path for NaN and infinities). */
static inline void num_dot(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                           num_srcptr y, long ys, long len, num_ptr tmp, long p)
{
    (void)p;
    nhref_dot_mp(res, init, sub, x, xs, y, ys, len, NULL, NULL, tmp);
}

static inline void num_dot_w(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                             num_srcptr y, long ys, long len, long w0, long dw, num_ptr tmp,
                             long p)
{
    nhref_dot_mp_weight_t wt = {w0, dw};
    (void)p;
    nhref_dot_mp(res, init, sub, x, xs, y, ys, len, &wt, NULL, tmp);
}

static inline void num_dot_sym(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                               num_srcptr y, long ys, long len, num_srcptr mid, num_ptr tmp,
                               long p)
{
    static const nhref_dot_mp_weight_t two = {2, 0};
    (void)p;
    nhref_dot_mp(res, init, sub, x, xs, y, ys, len, &two, mid, tmp);
}

/* ------------------------------------------------------------------ Cauchy products
 * num.h's generic kernels: every sum one num_dot (above). */

#endif /* NHREF_NUM_MP_H */
