/* num_v.h -- the number type "four doubles in SIMD lanes" (the batch mode of
 * nhref_batch.h), for num.h.
 *
 * A number is NUM_V_LANES = 4 IEEE doubles, one per lane (GCC's vector extension,
 * vector_size(32)); every operation acts lane by lane with the operations of num_d.h
 * in the same order, so that lane l of a result is, bit for bit, what num_d.h gives
 * on the lane-l operands: the arithmetic and the sums of products in the vector
 * registers, the elementary functions by libm on each lane.  The tape interpreter
 * (tape/interp.c) compiled with this type (integrate/batch_jet.c) thus computes four
 * jets at once, each identical to the double interpreter's.
 *
 * The tests that return an int (num_is_finite, the domain predicates, the control
 * tests) need one answer for four lanes.  They answer for the lanes when every lane
 * gives the same answer; when the lanes disagree (one lane's value is NaN, one lane's
 * pivot is elsewhere), they answer lane 0's and set nhref_num_v_split: the caller
 * (integrate/batch.c) then discards the four jets and computes the lanes one by one
 * in double.  num_is_finite and num_is_nan answer "every lane finite" and "a lane is
 * NaN", so that a domain error of one lane fails the vector jet (and the lanes are
 * recomputed one by one).
 */
#ifndef NHREF_NUM_V_H
#define NHREF_NUM_V_H

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "nhref_io.h"
#include "nhref_status.h"
#include "nhref_tape.h"

#define NUM_V_LANES 4
/* aligned to 16 bytes only: a number may sit in a calloc'ed struct (the jet scratch of
 * the interpreter's workspace), and the AVX instance then loads it unaligned */
typedef double num_v_t __attribute__((vector_size(32), aligned(16)));
typedef long long num_v_mask_t __attribute__((vector_size(32)));

typedef num_v_t num_t;
typedef num_v_t *num_ptr;
typedef const num_v_t *num_srcptr;

#ifndef NHREF_NUM_V_AVX
#define NUM_SUFFIX v
#define NUM_PUB_SUFFIX _v
#define NUM_TAPE_INFIX v
#define NUM_NAME "double x4"
#else
/* the same type compiled for AVX (integrate/batch_avx.c): every name of this header and
 * of the instances made from it ends in v_avx instead of v */
#define NUM_SUFFIX v_avx
#define NUM_PUB_SUFFIX _v_avx
#define NUM_TAPE_INFIX v_avx
#define NUM_NAME "double x4 (AVX)"
#define nhref_jet_ws_v_t nhref_jet_ws_v_avx_t
#define nhref_tape_v nhref_tape_v_avx
#define nhref_tape_v_t nhref_tape_v_avx_t
#define nhref_tape_v_new nhref_tape_v_avx_new
#define nhref_tape_v_free nhref_tape_v_avx_free
#define nhref_tape_v_prec nhref_tape_v_avx_prec
#define nhref_tape_v_order nhref_tape_v_avx_order
#define nhref_tape_v_set_params nhref_tape_v_avx_set_params
#define nhref_tape_v_eval nhref_tape_v_avx_eval
#define nhref_tape_v_ode_jet nhref_tape_v_avx_ode_jet
#define nhref_tape_v_state_series nhref_tape_v_avx_state_series
#define nhref_jet_ws_init_v nhref_jet_ws_init_v_avx
#define nhref_jet_ws_clear_v nhref_jet_ws_clear_v_avx
#endif
#define NUM_FIXED_PREC 53
/* the policies of num_d.h (see there) */
#define NUM_LAZY_CHECKS 1
#define NUM_COMPENSATED 1
#define NUM_RIGOROUS 0
#define NUM_SNAP_END 1

/* set (never cleared) by a test whose lanes disagree: the vector results are not the
 * lanes' own (integrate/batch.c clears it before a jet and reads it after) */
extern _Thread_local int nhref_num_v_split;

/* the jet scratch of this type (nhref_jet.h's nhref_jet_ws_d_t, in lanes) */
typedef struct {
    num_v_t acc[1], tmp[1];
    long prec;
} nhref_jet_ws_v_t;

/* lane-wise application of a scalar expression: W[l] = EXPR(A[l]) */
#define NUM_V_MAP1(w, a, expr)                                                                     \
    do {                                                                                           \
        num_v_t r_;                                                                                \
        for (int l_ = 0; l_ < NUM_V_LANES; l_++) {                                                 \
            double x = (*(a))[l_];                                                                 \
            r_[l_] = (expr);                                                                       \
        }                                                                                          \
        *(w) = r_;                                                                                 \
    } while (0)

/* an int answer from four lanes' answers C(l): the common one, else lane 0's with the
 * split flag set */
#define NUM_V_TEST(expr_of_l)                                                                      \
    do {                                                                                           \
        int l_ = 0, r0_ = (expr_of_l);                                                             \
        for (l_ = 1; l_ < NUM_V_LANES; l_++)                                                       \
            if ((expr_of_l) != r0_) {                                                              \
                nhref_num_v_split = 1;                                                             \
                break;                                                                             \
            }                                                                                      \
        return r0_;                                                                                \
    } while (0)

/* ------------------------------------------------------------------ memory */
static inline num_ptr num_vec_new(size_t n, long prec)
{
    size_t bytes = (n ? n : 1) * sizeof(num_v_t);
    num_ptr v = aligned_alloc(sizeof(num_v_t), bytes);
    (void)prec;
    if (v != NULL)
        memset(v, 0, bytes);
    return v;
}
static inline void num_vec_free(num_ptr v, size_t n)
{
    (void)n;
    free(v);
}
static inline void num_init(num_ptr x, long prec)
{
    (void)prec;
    *x = (num_v_t){0, 0, 0, 0};
}
static inline void num_clear(num_ptr x)
{
    (void)x;
}

/* ------------------------------------------------------------------ conversions */
static inline num_v_t num_v_splat(double v)
{
    return (num_v_t){v, v, v, v};
}
static inline void num_set(num_ptr w, num_srcptr a)
{
    *w = *a;
}
static inline void num_set_si(num_ptr w, long v)
{
    *w = num_v_splat((double)v);
}
static inline void num_set_d(num_ptr w, double v)
{
    *w = num_v_splat(v);
}
static inline void num_set_zero(num_ptr w)
{
    *w = num_v_splat(0.0);
}
static inline void num_set_nan(num_ptr w)
{
    *w = num_v_splat(NAN);
}
/* the decimal string S correctly rounded to double in every lane (num_d.h's) */
static inline int num_set_decimal(num_ptr w, const char *s, long prec)
{
    mpfr_t v;
    int status;
    (void)prec;
    mpfr_init2(v, 53);
    status = nhref_decimal_set(v, s);
    if (status == NHREF_OK)
        *w = num_v_splat(mpfr_get_d(v, MPFR_RNDN));
    mpfr_clear(v);
    return status;
}
static inline int num_set_value(num_ptr w, const char *s, long prec)
{
    mpfr_t v;
    int status;
    (void)prec;
    mpfr_init2(v, 53);
    status = nhref_value_set(v, s);
    if (status == NHREF_OK)
        *w = num_v_splat(mpfr_get_d(v, MPFR_RNDN));
    mpfr_clear(v);
    return status;
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
    NUM_V_MAP1(w, a, fabs(x));
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
/* num_d.h's: A times the reciprocal of U rounded to double */
static inline void num_div_ui(num_ptr w, num_srcptr a, unsigned long u, long p)
{
    (void)p;
    *w = *a * (1.0 / (double)u);
}
/* num_d.h's: a multiplication by 2^E where it is a normal double, ldexp otherwise */
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
        int ie = (int)(e > 100000 ? 100000 : e < -100000 ? -100000 : e);
        NUM_V_MAP1(w, a, ldexp(x, ie));
    }
}
/* W = A B + C, two roundings (as num_d.h, with -ffp-contract=off) */
static inline void num_fma(num_ptr w, num_srcptr a, num_srcptr b, num_srcptr c, long p)
{
    (void)p;
    *w = *a * *b + *c;
}

/* ------------------------------------------------------------------ elementary functions
 * lane by lane, the expressions of num_d.h */
static inline void num_sqrt(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, x < 0 ? NAN : sqrt(x));
}
static inline void num_sin_cos(num_ptr s, num_ptr c, num_srcptr a, long p)
{
    num_v_t sv, cv;
    (void)p;
    for (int l = 0; l < NUM_V_LANES; l++) {
        double x = (*a)[l];
        sv[l] = sin(x);
        cv[l] = cos(x);
    }
    *s = sv;
    *c = cv;
}
static inline void num_exp(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, exp(x));
}
static inline void num_log(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, x > 0 ? log(x) : NAN);
}
static inline void num_atan(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, atan(x));
}
static inline void num_atanh(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, fabs(x) < 1 ? atanh(x) : NAN);
}
static inline void num_tanh(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, tanh(x));
}
static inline void num_asin(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, fabs(x) <= 1 ? asin(x) : NAN);
}
static inline void num_acos(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, fabs(x) <= 1 ? acos(x) : NAN);
}
static inline void num_sinh_cosh(num_ptr s, num_ptr c, num_srcptr a, long p)
{
    num_v_t sv, cv;
    (void)p;
    for (int l = 0; l < NUM_V_LANES; l++) {
        double x = (*a)[l];
        sv[l] = sinh(x);
        cv[l] = cosh(x);
    }
    *s = sv;
    *c = cv;
}
static inline void num_pow(num_ptr w, num_srcptr a, num_srcptr b, long p)
{
    num_v_t r;
    (void)p;
    for (int l = 0; l < NUM_V_LANES; l++) {
        double x = (*a)[l], y = (*b)[l];
        r[l] = x > 0 && isfinite(x) && isfinite(y) ? pow(x, y) : NAN;
    }
    *w = r;
}
static inline void num_sech2(num_ptr w, num_srcptr a, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, (1.0 / cosh(x)) * (1.0 / cosh(x)));
}
/* num_d.h's num_pow_si, lane by lane */
static inline double num_v_pow_si1(double x, long n)
{
    double m;
    if (x == 0 && n < 0)
        return NAN;
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
static inline void num_pow_si(num_ptr w, num_srcptr a, long n, long p)
{
    (void)p;
    NUM_V_MAP1(w, a, num_v_pow_si1(x, n));
}

/* ------------------------------------------------------------------ tests */
/* every lane finite (a lane that is not fails the kernel: the lanes are then
 * recomputed one by one) */
static inline int num_is_finite(num_srcptr a)
{
    NUM_V_TEST(isfinite((*a)[l_]) != 0);
}
static inline int num_is_nan(num_srcptr a)
{
    NUM_V_TEST(isnan((*a)[l_]) != 0);
}
static inline int num_is_zero(num_srcptr a)
{
    NUM_V_TEST((*a)[l_] == 0);
}
static inline int num_may_be_zero(num_srcptr a)
{
    NUM_V_TEST((*a)[l_] == 0);
}
static inline int num_is_pos(num_srcptr a)
{
    NUM_V_TEST((*a)[l_] > 0);
}
static inline int num_is_nonneg(num_srcptr a)
{
    NUM_V_TEST((*a)[l_] >= 0);
}
static inline int num_abs_lt_1(num_srcptr a)
{
    NUM_V_TEST(fabs((*a)[l_]) < 1);
}
static inline int num_sgn(num_srcptr a)
{
    NUM_V_TEST(((*a)[l_] > 0) - ((*a)[l_] < 0));
}
static inline int num_cmp(num_srcptr a, num_srcptr b)
{
    NUM_V_TEST(((*a)[l_] > (*b)[l_]) - ((*a)[l_] < (*b)[l_]));
}
static inline int num_cmpabs(num_srcptr a, num_srcptr b)
{
    NUM_V_TEST(fabs((*a)[l_]) > fabs((*b)[l_]) ? 1 : fabs((*a)[l_]) < fabs((*b)[l_]) ? -1 : 0);
}
static inline int num_equal(num_srcptr a, num_srcptr b)
{
    NUM_V_TEST((*a)[l_] == (*b)[l_]);
}
static inline void num_swap(num_ptr a, num_ptr b)
{
    num_v_t t = *a;
    *a = *b;
    *b = t;
}

/* num_horner (num.h), num_horner_n: the sum in a register, num_d.h's operations */
#define NUM_HORNER_OWN 1
static inline void num_horner(num_ptr w, num_srcptr c, unsigned from, unsigned n, num_srcptr s,
                              num_ptr acc, long p)
{
    num_v_t a = c[n], x = *s;
    (void)acc, (void)p;
    for (unsigned k = n; k-- > from;)
        a = a * x + c[k];
    *w = a;
}
/* num_horner_n: components four at a time in independent chains, as num_d.h's (each
 * chain a dependent multiply-add per order: four of them keep the vector units busy) */
#define NUM_HORNER_N_OWN 1
static inline void num_horner_n(num_ptr w, num_srcptr const *c, size_t nc, unsigned from,
                                unsigned N, num_srcptr s, num_ptr acc, long p)
{
    const num_v_t x = *s;
    size_t i = 0;
    for (; i + 4 <= nc; i += 4) {
        const num_v_t *c0 = c[i], *c1 = c[i + 1], *c2 = c[i + 2], *c3 = c[i + 3];
        num_v_t a0 = c0[N], a1 = c1[N], a2 = c2[N], a3 = c3[N];
        for (unsigned k = N; k-- > from;) {
            a0 = a0 * x + c0[k];
            a1 = a1 * x + c1[k];
            a2 = a2 * x + c2[k];
            a3 = a3 * x + c3[k];
        }
        w[i] = a0, w[i + 1] = a1, w[i + 2] = a2, w[i + 3] = a3;
    }
    if (i + 2 <= nc) {
        const num_v_t *c0 = c[i], *c1 = c[i + 1];
        num_v_t a0 = c0[N], a1 = c1[N];
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
#define NUM_KAHAN_ADD_OWN 1
static inline void num_kahan_add(num_ptr a, num_ptr e, num_srcptr d, num_ptr y, num_ptr s, long p)
{
    num_v_t yv = *d + *e, sv = *a + yv;
    (void)y, (void)s, (void)p;
    *e = yv - (sv - *a);
    *a = sv;
}

#define NUM_V_INLINE static inline __attribute__((always_inline))

/* ------------------------------------------------------------------ sums of products
 * num_d.h's, with the same tree of four partial sums (NUM_D_SUM4): the same values in
 * every lane.  Twin: num_d.h (a change there is made here too; tests/check_batch.c
 * compares the lanes with the double interpreter bit for bit). */
#define NUM_V_SUM4_LOOP(len, term)                                                                 \
    for (; i_ + 4 <= (len); i_ += 4) {                                                             \
        s0_ += term(i_);                                                                           \
        s1_ += term(i_ + 1);                                                                       \
        s2_ += term(i_ + 2);                                                                       \
        s3_ += term(i_ + 3);                                                                       \
    }
#define NUM_V_SUM4(len, term, res)                                                                 \
    do {                                                                                           \
        long i_ = 4;                                                                               \
        num_v_t s0_, s1_, s2_, s3_;                                                                \
        if ((len) < 4) {                                                                           \
            res = (len) <= 0   ? num_v_splat(0.0)                                                  \
                  : (len) == 1 ? term(0)                                                           \
                  : (len) == 2 ? term(0) + term(1)                                                 \
                               : (term(0) + term(1)) + term(2);                                    \
            break;                                                                                 \
        }                                                                                          \
        s0_ = term(0);                                                                             \
        s1_ = term(1);                                                                             \
        s2_ = term(2);                                                                             \
        s3_ = term(3);                                                                             \
        NUM_V_SUM4_LOOP(len, term)                                                                 \
        if (i_ < (len))                                                                            \
            s0_ += term(i_);                                                                       \
        if (i_ + 1 < (len))                                                                        \
            s1_ += term(i_ + 1);                                                                   \
        if (i_ + 2 < (len))                                                                        \
            s2_ += term(i_ + 2);                                                                   \
        res = (s0_ + s1_) + (s2_ + s3_);                                                           \
    } while (0)

NUM_V_INLINE num_v_t num_v_dot(num_srcptr x, long xs, num_srcptr y, long ys, long len)
{
    num_v_t s;
#define NUM_V_TERM(i) (x[(i)*xs] * y[(i)*ys])
    NUM_V_SUM4(len, NUM_V_TERM, s);
#undef NUM_V_TERM
    return s;
}

NUM_V_INLINE num_v_t num_v_dot_w(num_srcptr x, long xs, num_srcptr y, long ys, long len, long w0,
                                 long dw)
{
    num_v_t s;
#define NUM_V_TERM(i) ((double)(w0 + (i)*dw) * x[(i)*xs] * y[(i)*ys])
    NUM_V_SUM4(len, NUM_V_TERM, s);
#undef NUM_V_TERM
    return s;
}

NUM_V_INLINE void num_dot(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                          num_srcptr y, long ys, long len, num_ptr tmp, long p)
{
    num_v_t s = num_v_dot(x, xs, y, ys, len);
    (void)tmp;
    (void)p;
    if (sub)
        s = -s;
    *res = init != NULL ? *init + s : s;
}

NUM_V_INLINE void num_dot_w(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                            num_srcptr y, long ys, long len, long w0, long dw, num_ptr tmp, long p)
{
    num_v_t s = num_v_dot_w(x, xs, y, ys, len, w0, dw);
    (void)tmp;
    (void)p;
    if (sub)
        s = -s;
    *res = init != NULL ? *init + s : s;
}

NUM_V_INLINE void num_dot_sym(num_ptr res, num_srcptr init, int sub, num_srcptr x, long xs,
                              num_srcptr y, long ys, long len, num_srcptr mid, num_ptr tmp, long p)
{
    num_v_t s = 2 * num_v_dot(x, xs, y, ys, len);
    (void)tmp;
    (void)p;
    if (mid != NULL)
        s += *mid * *mid;
    if (sub)
        s = -s;
    *res = init != NULL ? *init + s : s;
}

/* Cauchy products: num_d.h's kernels (the same order of the terms) */
#define NUM_CAUCHY_DU 1
#define NUM_CAUCHY_OWN 1 /* the three kernels below, not num.h's */

NUM_V_INLINE void num_cauchy(num_ptr wk, num_srcptr u, num_srcptr v, unsigned k, num_ptr tmp,
                             long p)
{
    num_v_t h = num_v_dot(u + 1, 1, v + k - 1, -1, (long)k - 1);
    (void)tmp;
    (void)p;
    *wk = (h + u[0] * v[k]) + u[k] * v[0];
}

NUM_V_INLINE void num_cauchy_sym(num_ptr wk, num_srcptr u, unsigned k, num_ptr tmp, long p)
{
    num_v_t h = 2 * num_v_dot(u + 1, 1, u + k - 1, -1, ((long)k + 1) / 2 - 1);
    (void)tmp;
    (void)p;
    if (k % 2 == 0)
        h += u[k / 2] * u[k / 2];
    *wk = h + (2 * u[0]) * u[k];
}

NUM_V_INLINE void num_cauchy_w(num_ptr wk, num_srcptr du, num_srcptr u, num_srcptr v, unsigned k,
                               num_ptr tmp, long p)
{
    num_v_t h;
    (void)tmp;
    (void)p;
    if (du != NULL) {
        h = num_v_dot(du + 1, 1, v + k - 1, -1, (long)k - 1);
        *wk = h + du[k] * v[0];
    } else {
        h = num_v_dot_w(u + 1, 1, v + k - 1, -1, (long)k - 1, 1, 1);
        *wk = h + ((double)k * u[k]) * v[0];
    }
}

/* the interpreter of this type (tape/interp.c compiled by integrate/batch_jet.c), as
 * nhref_tape.h's nhref_tape_d_*: internal, for integrate/batch.c */
typedef struct nhref_tape_v nhref_tape_v_t;
int nhref_tape_v_new(nhref_tape_v_t **ws, const nhref_tape_t *tape, long prec, unsigned order);
void nhref_tape_v_free(nhref_tape_v_t *ws);
long nhref_tape_v_prec(const nhref_tape_v_t *ws);
unsigned nhref_tape_v_order(const nhref_tape_v_t *ws);
int nhref_tape_v_set_params(nhref_tape_v_t *ws, const num_v_t *params);
int nhref_tape_v_eval(num_v_t *out, nhref_tape_v_t *ws, const num_v_t *t, const num_v_t *x);
int nhref_tape_v_ode_jet(nhref_tape_v_t *ws, const num_v_t *t, const num_v_t *x, unsigned order);
const num_v_t *nhref_tape_v_state_series(const nhref_tape_v_t *ws, size_t i);
void nhref_jet_ws_init_v(nhref_jet_ws_v_t *ws, long prec);
void nhref_jet_ws_clear_v(nhref_jet_ws_v_t *ws);

#endif /* NHREF_NUM_V_H */
