/* num_d.h -- the number type IEEE double (the fast path), for num.h.
 *
 * Every operation rounds to nearest in double; the precision arguments are unused
 * (53 bits).  Domain errors give NaN, never a trap.  See num.h for the contract.
 */
#ifndef NHREF_NUM_D_H
#define NHREF_NUM_D_H

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include <mpfr.h>

#include "nhref_io.h"
#include "nhref_status.h"

typedef double num_t;
typedef double *num_ptr;
typedef const double *num_srcptr;

#define NUM_SUFFIX d
#define NUM_PUB_SUFFIX _d
#define NUM_TAPE_INFIX d
#define NUM_NAME "double"
/* the only precision of the type */
#define NUM_FIXED_PREC 53
/* policies of the generic code for this type:
 * NUM_LAZY_CHECKS   the linear and product kernels skip their finiteness checks: an
 *                   overflow or a NaN there reaches the state coefficients, which are
 *                   checked at every order (the hot loop stays free of branches);
 * NUM_COMPENSATED   state and time updates use Kahan's compensated summation;
 * NUM_RIGOROUS      results are enclosures (balls);
 * NUM_SNAP_END      t + (t_end - t) need not be t_end in this type (compensated time,
 *                   balls): the driver ends a step that took the whole remaining
 *                   distance exactly at t_end. */
#define NUM_LAZY_CHECKS 1
#define NUM_COMPENSATED 1
#define NUM_RIGOROUS 0
#define NUM_SNAP_END 1

/* ------------------------------------------------------------------ memory */
static inline num_ptr num_vec_new(size_t n, long prec)
{
    (void)prec;
    return calloc(n ? n : 1, sizeof(double));
}
static inline void num_vec_free(num_ptr v, size_t n)
{
    (void)n;
    free(v);
}
static inline void num_init(num_ptr x, long prec)
{
    (void)prec;
    *x = 0;
}
static inline void num_clear(num_ptr x)
{
    (void)x;
}

/* ------------------------------------------------------------------ conversions */
static inline void num_set(num_ptr w, num_srcptr a)
{
    *w = *a;
}
static inline void num_set_si(num_ptr w, long v)
{
    *w = (double)v;
}
static inline void num_set_d(num_ptr w, double v)
{
    *w = v;
}
static inline void num_set_zero(num_ptr w)
{
    *w = 0.0;
}
static inline void num_set_nan(num_ptr w)
{
    *w = NAN;
}
/* W = the decimal string S correctly rounded to double (through MPFR at 53 bits:
 * never strtod, whose rounding is the C library's).  NHREF_OK or NHREF_EPARSE. */
static inline int num_set_decimal(num_ptr w, const char *s, long prec)
{
    mpfr_t v;
    int status;
    (void)prec;
    mpfr_init2(v, 53);
    status = nhref_decimal_set(v, s);
    if (status == NHREF_OK)
        *w = mpfr_get_d(v, MPFR_RNDN);
    mpfr_clear(v);
    return status;
}
/* W = the value S (nhref_value_set) rounded to double: a decimal correctly rounded, a
 * constant expression evaluated at 53 + 64 bits and rounded once */
static inline int num_set_value(num_ptr w, const char *s, long prec)
{
    mpfr_t v;
    int status;
    (void)prec;
    mpfr_init2(v, 53);
    status = nhref_value_set(v, s);
    if (status == NHREF_OK)
        *w = mpfr_get_d(v, MPFR_RNDN);
    mpfr_clear(v);
    return status;
}
static inline void num_set_mpfr(num_ptr w, mpfr_srcptr m, long prec)
{
    (void)prec;
    *w = mpfr_get_d(m, MPFR_RNDN);
}
/* M = A exactly (M has at least 53 bits) */
static inline void num_get_mpfr(mpfr_ptr m, num_srcptr a)
{
    mpfr_set_d(m, *a, MPFR_RNDN);
}
static inline double num_get_d(num_srcptr a)
{
    return *a;
}
/* ln |a|; -HUGE_VAL for 0 */
static inline double num_log_abs(num_srcptr a)
{
    return *a == 0 ? -HUGE_VAL : log(fabs(*a));
}

/* ------------------------------------------------------------------ arithmetic */
static inline void num_add(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    *w = *a + *b;
}
static inline void num_sub(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    *w = *a - *b;
}
static inline void num_mul(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    *w = *a * *b;
}
static inline void num_div(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    *w = *a / *b;
}
static inline void num_sqr(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = *a * *a;
}
static inline void num_neg(num_ptr w, num_srcptr a)
{
    *w = -*a;
}
static inline void num_abs(num_ptr w, num_srcptr a)
{
    *w = fabs(*a);
}
static inline void num_add_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    (void)p;
    *w = *a + (double)u;
}
static inline void num_ui_sub(num_ptr w, unsigned long u, num_srcptr a, long p)
{
    (void)p;
    *w = (double)u - *a;
}
static inline void num_mul_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    (void)p;
    *w = *a * (double)u;
}
static inline void num_mul_si(num_ptr w, num_srcptr a, long s, long p)
{
    (void)p;
    *w = *a * (double)s;
}
/* W = A times the reciprocal of U rounded to double (two roundings: the reciprocal
 * does not depend on A, so it leaves the critical path, and a constant U folds) */
static inline void num_div_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    (void)p;
    *w = *a * (1.0 / (double)u);
}
/* W = A 2^E, exact barring overflow and underflow (a multiplication by the power of
 * two built from its bits where 2^E is a normal double, ldexp otherwise) */
static inline void num_mul_2si(num_ptr w, num_srcptr a, long e)
{
    if (e >= -1022 && e <= 1023) {
        union {
            unsigned long long u;
            double d;
        } p;
        p.u = (unsigned long long)(e + 1023) << 52;
        *w = *a * p.d;
    } else {
        *w = ldexp(*a, (int)(e > 100000 ? 100000 : e < -100000 ? -100000 : e));
    }
}
/* W = A B + C (two roundings: the compiler fuses it only where -ffp-contract allows) */
static inline void num_fma(num_ptr w, num_srcptr a, num_srcptr b, num_srcptr c, long p)
{
    (void)p;
    *w = *a * *b + *c;
}

/* ------------------------------------------------------------------ elementary functions */
static inline void num_sqrt(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = *a < 0 ? NAN : sqrt(*a);
}
static inline void num_sin_cos(num_ptr s, num_ptr c, num_srcptr a, long p)
{
    double x = *a;
    (void)p;
    *s = sin(x);
    *c = cos(x);
}
static inline void num_exp(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = exp(*a);
}
static inline void num_log(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = *a > 0 ? log(*a) : NAN;
}
static inline void num_atan(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = atan(*a);
}
static inline void num_atanh(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = fabs(*a) < 1 ? atanh(*a) : NAN;
}
static inline void num_tanh(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = tanh(*a);
}
/* asin, acos: NaN outside [-1, 1] (checked here, not by libm's domain error) */
static inline void num_asin(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = fabs(*a) <= 1 ? asin(*a) : NAN;
}
static inline void num_acos(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    *w = fabs(*a) <= 1 ? acos(*a) : NAN;
}
/* S = sinh(A), C = cosh(A) (libm); infinite on overflow */
static inline void num_sinh_cosh(num_ptr s, num_ptr c, num_srcptr a, long p)
{
    double x = *a;
    (void)p;
    *s = sinh(x);
    *c = cosh(x);
}
/* W = A^B for a positive finite A and a finite B (libm's pow); NaN otherwise (a real
 * power is defined for positive bases only; pow(1, NaN) would be 1) */
static inline void num_pow(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    (void)p;
    *w = *a > 0 && isfinite(*a) && isfinite(*b) ? pow(*a, *b) : NAN;
}
/* W = sech(A)^2 = 1 - tanh(A)^2, without the cancellation where tanh rounds to +-1 */
static inline void num_sech2(num_ptr w, num_srcptr a, long p)
{
    double s = 1.0 / cosh(*a);
    (void)p;
    *w = s * s;
}
/* W = A^N: exact special cases N = 0, 1, 2, -1 (correctly rounded), else libm pow of
 * |A| with the sign of A^N from the parity of N (pow alone would get it wrong for odd
 * |N| > 2^53, which (double)N rounds to even); A = 0 and N < 0 give NaN. */
static inline void num_pow_si(num_ptr w, num_srcptr a, long n, long p)
{
    double x = *a, m;
    (void)p;
    if (x == 0 && n < 0) {
        *w = NAN;
        return;
    }
    switch (n) {
    case 0:
        *w = 1.0;
        return;
    case 1:
        *w = x;
        return;
    case 2:
        *w = x * x;
        return;
    case -1:
        *w = 1.0 / x;
        return;
    default:
        m = pow(fabs(x), (double)n);
        *w = signbit(x) && (n & 1) ? -m : m;
    }
}

/* ------------------------------------------------------------------ tests */
static inline int num_is_finite(num_srcptr a)
{
    return isfinite(*a);
}
static inline int num_is_nan(num_srcptr a)
{
    return isnan(*a);
}
static inline int num_is_zero(num_srcptr a)
{
    return *a == 0;
}
/* domain predicates (rigorous) */
static inline int num_may_be_zero(num_srcptr a)
{
    return *a == 0;
}
static inline int num_is_pos(num_srcptr a)
{
    return *a > 0;
}
static inline int num_is_nonneg(num_srcptr a)
{
    return *a >= 0;
}
static inline int num_abs_lt_1(num_srcptr a)
{
    return fabs(*a) < 1;
}
/* num_horner (num.h): the sum in a register, the same operations */
#define NUM_HORNER_OWN 1
static inline void num_horner(num_ptr w, num_srcptr c, unsigned from, unsigned n, num_srcptr s,
                              num_ptr acc, long p)
{
    double a = c[n], x = *s;
    (void)acc, (void)p;
    for (unsigned k = n; k-- > from;)
        a = a * x + c[k];
    *w = a;
}
/* num_horner_n (num.h): components four at a time, each sum in a register (the same
 * operations per component as num_horner, in independent chains) */
#define NUM_HORNER_N_OWN 1
static inline void num_horner_n(num_ptr w, num_srcptr const *c, size_t nc, unsigned from,
                                unsigned N, num_srcptr s, num_ptr acc, long p)
{
    const double x = *s;
    size_t i = 0;
    (void)acc, (void)p;
    for (; i + 4 <= nc; i += 4) {
        const double *c0 = c[i], *c1 = c[i + 1], *c2 = c[i + 2], *c3 = c[i + 3];
        double a0 = c0[N], a1 = c1[N], a2 = c2[N], a3 = c3[N];
        for (unsigned k = N; k-- > from;) {
            a0 = a0 * x + c0[k];
            a1 = a1 * x + c1[k];
            a2 = a2 * x + c2[k];
            a3 = a3 * x + c3[k];
        }
        w[i] = a0, w[i + 1] = a1, w[i + 2] = a2, w[i + 3] = a3;
    }
    if (i + 2 <= nc) {
        const double *c0 = c[i], *c1 = c[i + 1];
        double a0 = c0[N], a1 = c1[N];
        for (unsigned k = N; k-- > from;) {
            a0 = a0 * x + c0[k];
            a1 = a1 * x + c1[k];
        }
        w[i] = a0, w[i + 1] = a1;
        i += 2;
    }
    if (i < nc)
        num_horner(w + i, c[i], from, N, s, acc, p);
}
/* num_kahan_add (num.h): in registers, the same operations */
#define NUM_KAHAN_ADD_OWN 1
static inline void num_kahan_add(num_ptr a, num_ptr e, num_srcptr d, num_ptr y, num_ptr s,
                                 long p)
{
    double yv = *d + *e, sv = *a + yv;
    (void)y, (void)s, (void)p;
    *e = yv - (sv - *a);
    *a = sv;
}
/* control tests */
static inline int num_sgn(num_srcptr a)
{
    return (*a > 0) - (*a < 0);
}
static inline int num_cmp(num_srcptr a, num_srcptr b)
{
    return (*a > *b) - (*a < *b);
}
static inline int num_cmpabs(num_srcptr a, num_srcptr b)
{
    double x = fabs(*a), y = fabs(*b);
    return x > y ? 1 : x < y ? -1 : 0; /* so that `num_cmpabs(a, b) > 0` folds to x > y */
}
static inline int num_cmp_d(num_srcptr a, double b)
{
    return (*a > b) - (*a < b);
}
/* the same value (NaN equals nothing) */
static inline int num_equal(num_srcptr a, num_srcptr b)
{
    return *a == *b;
}
static inline void num_swap(num_ptr a, num_ptr b)
{
    double t = *a;
    *a = *b;
    *b = t;
}

/* every kernel of the sums is inlined where it is called (the interpreter's switch,
 * the generated jets) */
#define NUM_D_INLINE static inline __attribute__((always_inline))

/* ------------------------------------------------------------------ sums of products
 * Every sum of LEN terms is added in the tree of NUM_D_SUM4 below.
 *
 * num_dot: RES = INIT +- sum_{i < LEN} X[i XS] Y[i YS] (sign - if SUB); INIT NULL: the
 * sum alone; INIT may alias RES, X and Y may not.  num_dot_w: the same with the
 * integer weight W0 + i DW on term i, as (W X) Y.  num_dot_sym: INIT +- (2 sum + MID^2).
 * TMP: scratch (unused in double). */

/* RES = the sum of TERM(0), ..., TERM(LEN - 1) in one fixed tree: four partial sums s_r
 * of the terms r, r + 4, r + 8, ... left to right (four chains of dependent additions
 * instead of one), then (s0 + s1) + (s2 + s3), the partial sums that do not exist (LEN
 * < 4) left out; 0.0 if LEN <= 0.  tools/jetgen.c writes the same tree for the generated
 * jets (bit for bit the same values).  A constant LEN unrolls. */
#define NUM_D_SUM4_LOOP(len, term)                                                             \
    for (; i_ + 4 <= (len); i_ += 4) {                                                         \
        s0_ += term(i_);                                                                       \
        s1_ += term(i_ + 1);                                                                   \
        s2_ += term(i_ + 2);                                                                   \
        s3_ += term(i_ + 3);                                                                   \
    }
#define NUM_D_SUM4(len, term, res)                                                             \
    do {                                                                                       \
        long i_ = 4;                                                                           \
        double s0_, s1_, s2_, s3_;                                                             \
        if ((len) < 4) {                                                                       \
            res = (len) <= 0   ? 0.0                                                           \
                  : (len) == 1 ? term(0)                                                       \
                  : (len) == 2 ? term(0) + term(1)                                             \
                               : (term(0) + term(1)) + term(2);                                \
            break;                                                                             \
        }                                                                                      \
        s0_ = term(0);                                                                         \
        s1_ = term(1);                                                                         \
        s2_ = term(2);                                                                         \
        s3_ = term(3);                                                                         \
        if (__builtin_constant_p(len)) {                                                       \
            _Pragma("GCC unroll 16") NUM_D_SUM4_LOOP(len, term)                                \
        } else {                                                                               \
            NUM_D_SUM4_LOOP(len, term)                                                         \
        }                                                                                      \
        if (i_ < (len))                                                                        \
            s0_ += term(i_);                                                                   \
        if (i_ + 1 < (len))                                                                    \
            s1_ += term(i_ + 1);                                                               \
        if (i_ + 2 < (len))                                                                    \
            s2_ += term(i_ + 2);                                                               \
        res = (s0_ + s1_) + (s2_ + s3_);                                                       \
    } while (0)

/* sum_{i < LEN} X[i XS] Y[i YS] */
NUM_D_INLINE double num_d_dot(num_srcptr x, long xs, num_srcptr y, long ys, long len)
{
    double s;
#define NUM_D_TERM(i) (x[(i) * xs] * y[(i) * ys])
    NUM_D_SUM4(len, NUM_D_TERM, s);
#undef NUM_D_TERM
    return s;
}

/* sum_{i < LEN} ((W0 + i DW) X[i XS]) Y[i YS] */
NUM_D_INLINE double num_d_dot_w(num_srcptr x, long xs, num_srcptr y, long ys, long len, long w0,
                                long dw)
{
    double s;
#define NUM_D_TERM(i) ((double)(w0 + (i) * dw) * x[(i) * xs] * y[(i) * ys])
    NUM_D_SUM4(len, NUM_D_TERM, s);
#undef NUM_D_TERM
    return s;
}

NUM_D_INLINE void num_dot(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                          num_srcptr y, long ys, long len, num_ptr tmp, long p)
{
    double s = num_d_dot(x, xs, y, ys, len);
    (void)tmp;
    (void)p;
    if (sub)
        s = -s;
    *res = init != NULL ? *init + s : s;
}

NUM_D_INLINE void num_dot_w(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                            num_srcptr y, long ys, long len, long w0, long dw, num_ptr tmp,
                            long p)
{
    double s = num_d_dot_w(x, xs, y, ys, len, w0, dw);
    (void)tmp;
    (void)p;
    if (sub)
        s = -s;
    *res = init != NULL ? *init + s : s;
}

NUM_D_INLINE void num_dot_sym(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                              num_srcptr y, long ys, long len, num_srcptr mid, num_ptr tmp,
                              long p)
{
    double s = 2 * num_d_dot(x, xs, y, ys, len);
    (void)tmp;
    (void)p;
    if (mid != NULL)
        s += *mid * *mid;
    if (sub)
        s = -s;
    *res = init != NULL ? *init + s : s;
}

/* ------------------------------------------------------------------ Cauchy products
 * Coefficient K >= 1 of a product of series, for the jets (jet/mul.h, sqr.h, sincos.h,
 * exp.h, tanh.h).  In double the terms that involve coefficient K of an argument (the
 * last one computed) are added last, so that the rest of the sum does not wait for
 * them: a chain of dependent operations within one order stays short.
 *
 * num_cauchy:     WK = sum_{j=0..k} U_j V_{k-j}
 *                    = (sum_{j=1..k-1} U_j V_{k-j} + U_0 V_k) + U_k V_0
 * num_cauchy_sym: WK = sum_{j=0..k} U_j U_{k-j}
 *                    = (2 sum_{1 <= j < k/2} U_j U_{k-j} + [k even] U_{k/2}^2) + (2 U_0) U_k
 * num_cauchy_w:   WK = sum_{j=1..k} j U_j V_{k-j}
 *                    = sum_{j=1..k-1} (j U_j) V_{k-j} + (k U_k) V_0,
 *                 with DU_j = j U_j taken from DU when DU is not NULL (NUM_CAUCHY_DU: the
 *                 caller keeps that series; the same values either way). */
#define NUM_CAUCHY_DU 1
#define NUM_CAUCHY_OWN 1 /* the three kernels below, not num.h's */

NUM_D_INLINE void num_cauchy(num_ptr wk, num_srcptr u, num_srcptr v, unsigned k, num_ptr tmp,
                             long p)
{
    double h = num_d_dot(u + 1, 1, v + k - 1, -1, (long)k - 1);
    (void)tmp;
    (void)p;
    *wk = (h + u[0] * v[k]) + u[k] * v[0];
}

NUM_D_INLINE void num_cauchy_sym(num_ptr wk, num_srcptr u, unsigned k, num_ptr tmp, long p)
{
    double h = 2 * num_d_dot(u + 1, 1, u + k - 1, -1, ((long)k + 1) / 2 - 1);
    (void)tmp;
    (void)p;
    if (k % 2 == 0)
        h += u[k / 2] * u[k / 2];
    *wk = h + (2 * u[0]) * u[k];
}

NUM_D_INLINE void num_cauchy_w(num_ptr wk, num_srcptr du, num_srcptr u, num_srcptr v, unsigned k,
                               num_ptr tmp, long p)
{
    double h;
    (void)tmp;
    (void)p;
    if (du != NULL) {
        h = num_d_dot(du + 1, 1, v + k - 1, -1, (long)k - 1);
        *wk = h + du[k] * v[0];
    } else {
        h = num_d_dot_w(u + 1, 1, v + k - 1, -1, (long)k - 1, 1, 1);
        *wk = h + ((double)k * u[k]) * v[0];
    }
}

#endif /* NHREF_NUM_D_H */
