/* check_jet.c -- Check suite of the Taylor-mode AD kernels (src/jet/, nhref_jet.h).
 *
 * Test cases:
 *   coeff     first Taylor coefficients of f(u0 + h) against hand-derived
 *             closed forms evaluated with MPFR at prec + 64 bits, at 53, 113
 *             and 333 bits (loop tests); order 0 equal to the plain MPFR
 *             function at the working precision.
 *   identity  series identities to order 30 on pseudo-random input series at
 *             113 and 333 bits (seed from ck_seed(), NHREF_TEST_SEED).
 *   domain    every domain error, overflow and non-finite input gives
 *             NHREF_EDOMAIN and a NaN coefficient.
 *   const     parsing of decimal constants.
 *   double    the double kernels (nhref_jet_*_d) against the MPFR kernels at
 *             200 bits to order 30, within a derived bound (see there);
 *             order 0 equal to the C library's function; their domain errors;
 *             series identities in double to 1e-13.
 * Expected values never come from the kernel under test: closed forms, plain
 * MPFR functions, or an identity between different kernels.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <check.h>
#include <mpfr.h>

#include "ck_mpfr.h"
#include "nhref_jet.h"

#define RND MPFR_RNDN

/* scratch for the kernels that need none of theirs (add, sub, neg, mul_scalar, const:
 * the MPFR kernels read no scratch), and the double kernels' workspace */
static nhref_jet_ws_t lin_ws;
static nhref_jet_ws_d_t dws;

/* order of the hand-derived coefficients, and of the identities */
#define KC 8
#define KI 30

static const mpfr_prec_t coeff_precs[] = {53, 113, 333};
static const mpfr_prec_t ident_precs[] = {113, 333};

#define NPRECS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Decimal digits of PREC bits, less MARGIN. */
static double prec_digits(mpfr_prec_t prec, double margin)
{
    return (double)prec * 0.30102999566398120 - margin;
}

/* ------------------------------------------------------------------ series helpers */

static mpfr_ptr ser_new(unsigned n, mpfr_prec_t prec)
{
    mpfr_ptr s = malloc(n * sizeof(mpfr_t));
    unsigned i;

    ck_assert_ptr_nonnull(s);
    for (i = 0; i < n; i++)
        mpfr_init2(s + i, prec);
    return s;
}

static void ser_free(mpfr_ptr s, unsigned n)
{
    unsigned i;

    for (i = 0; i < n; i++)
        mpfr_clear(s + i);
    free(s);
}

/* NAUX series of N coefficients each, as the array pow_si wants. */
static mpfr_ptr *aux_new(unsigned naux, unsigned n, mpfr_prec_t prec)
{
    mpfr_ptr *aux = malloc((naux > 0 ? naux : 1) * sizeof(mpfr_ptr));
    unsigned i;

    ck_assert_ptr_nonnull(aux);
    for (i = 0; i < naux; i++)
        aux[i] = ser_new(n, prec);
    return aux;
}

static void aux_free(mpfr_ptr *aux, unsigned naux, unsigned n)
{
    unsigned i;

    for (i = 0; i < naux; i++)
        ser_free(aux[i], n);
    free(aux);
}

/* u = u0 + h to order K (the identity jet shifted to u0). */
static void set_ident(mpfr_ptr u, unsigned K, const char *u0)
{
    unsigned k;

    ck_assert_int_eq(mpfr_set_str(u, u0, 10, RND), 0);
    for (k = 1; k <= K; k++)
        mpfr_set_ui(u + k, k == 1, RND);
}

/* A constant series: c, 0, 0, ... */
static void set_const(mpfr_ptr u, unsigned K, const char *c)
{
    unsigned k;

    ck_assert_int_eq(mpfr_set_str(u, c, 10, RND), 0);
    for (k = 1; k <= K; k++)
        mpfr_set_zero(u + k, 1);
}

/* ------------------------------------------------------------------ pseudo-random series */

/* xorshift64*: fixed, platform-independent, seeded from ck_seed(). */
static unsigned long long rng_state;

static void rng_seed(unsigned long stream)
{
    rng_state = ((unsigned long long)ck_seed() + 0x9E3779B97F4A7C15ULL * (stream + 1)) | 1ULL;
}

/* An integer in [-2^30, 2^30). */
static long rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (long)((rng_state * 0x2545F4914F6CDD1DULL) >> 33) - (1L << 30);
}

/* u_0 = a, u_k = b r_k 2^-k (r_k uniform in [-1, 1)) for 1 <= k <= K: then
 * |u(h) - a| <= |b| on |h| <= 1, so u is analytic and away from the
 * singularities that |a| > |b| keeps away. */
static void set_random(mpfr_ptr u, unsigned K, const char *a, const char *b, unsigned long stream)
{
    mpfr_t bb;
    unsigned k;

    rng_seed(stream);
    mpfr_init2(bb, mpfr_get_prec(u));
    ck_assert_int_eq(mpfr_set_str(u, a, 10, RND), 0);
    ck_assert_int_eq(mpfr_set_str(bb, b, 10, RND), 0);
    for (k = 1; k <= K; k++) {
        mpfr_set_si_2exp(u + k, rng_next(), -30 - (long)k, RND);
        mpfr_mul(u + k, u + k, bb, RND);
    }
    mpfr_clear(bb);
}

/* ------------------------------------------------------------------ coefficient fixture */

/* A jet u = u0 + h at precision p, its u0 at hp = p + 64 (exactly), the
 * expected value and a scratch number at hp, and the plain value at p. */
typedef struct {
    mpfr_prec_t p, hp;
    double digits;
    nhref_jet_ws_t ws;
    mpfr_ptr u, v, w, w2, d;
    mpfr_t x, e, t, t2, plain;
} cfx_t;

static void cfx_init(cfx_t *f, int i)
{
    f->p = coeff_precs[i];
    f->hp = f->p + 64;
    f->digits = prec_digits(f->p, 2.0);
    nhref_jet_ws_init(&f->ws, f->p);
    f->u = ser_new(KC + 1, f->p);
    f->v = ser_new(KC + 1, f->p);
    f->w = ser_new(KC + 1, f->p);
    f->w2 = ser_new(KC + 1, f->p);
    f->d = ser_new(KC + 1, f->p);
    mpfr_inits2(f->hp, f->x, f->e, f->t, f->t2, (mpfr_ptr)0);
    mpfr_init2(f->plain, f->p);
}

static void cfx_clear(cfx_t *f)
{
    nhref_jet_ws_clear(&f->ws);
    ser_free(f->u, KC + 1);
    ser_free(f->v, KC + 1);
    ser_free(f->w, KC + 1);
    ser_free(f->w2, KC + 1);
    ser_free(f->d, KC + 1);
    mpfr_clears(f->x, f->e, f->t, f->t2, f->plain, (mpfr_ptr)0);
}

/* u = u0 + h; x = u_0 at hp (exact: hp > p). */
static void cfx_start(cfx_t *f, const char *u0)
{
    set_ident(f->u, KC, u0);
    mpfr_set(f->x, f->u, RND);
}

/* ------------------------------------------------------------------ coeff: hand-derived */

/* exp(u0 + h): e^{u0} / k! */
START_TEST(test_coeff_exp)
{
    static const char *u0s[] = {"0.7", "-1.3", "12.25"};
    cfx_t f;
    unsigned i, k;

    cfx_init(&f, _i);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_exp(f.w, f.u, k, &f.ws), NHREF_OK);
        mpfr_exp(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_exp(f.e, f.x, RND);
        for (k = 0; k <= KC; k++) {
            if (k > 0)
                mpfr_div_ui(f.e, f.e, k, RND);
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
        }
    }
    cfx_clear(&f);
}
END_TEST

/* sin(u0 + h) = sin u0, cos u0, -sin u0 / 2, -cos u0 / 6, ... (period 4);
 * cos(u0 + h) = cos u0, -sin u0, -cos u0 / 2, sin u0 / 6, ... */
START_TEST(test_coeff_sincos)
{
    static const char *u0s[] = {"0.7", "-1.3", "100.5"};
    cfx_t f;
    mpfr_t s, c, fact;
    unsigned i, k;

    cfx_init(&f, _i);
    mpfr_inits2(f.hp, s, c, fact, (mpfr_ptr)0);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_sincos(f.w, f.w2, f.u, k, &f.ws), NHREF_OK);
        mpfr_sin(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_cos(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w2, f.plain);
        mpfr_sin_cos(s, c, f.x, RND);
        mpfr_set_ui(fact, 1, RND);
        for (k = 0; k <= KC; k++) {
            if (k > 0)
                mpfr_mul_ui(fact, fact, k, RND);
            /* d^k sin = sin, cos, -sin, -cos; d^k cos = cos, -sin, -cos, sin */
            mpfr_div(f.e, k % 2 == 0 ? s : c, fact, RND);
            if (k % 4 >= 2)
                mpfr_neg(f.e, f.e, RND);
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
            mpfr_div(f.e, k % 2 == 0 ? c : s, fact, RND);
            if (k % 4 == 1 || k % 4 == 2)
                mpfr_neg(f.e, f.e, RND);
            ck_assert_mpfr_digits(f.w2 + k, f.e, f.digits, "0");
        }
    }
    mpfr_clears(s, c, fact, (mpfr_ptr)0);
    cfx_clear(&f);
}
END_TEST

/* log(u0 + h) = log u0, 1/u0, -1/(2 u0^2), 1/(3 u0^3), ...: (-1)^(k+1) / (k u0^k) */
START_TEST(test_coeff_log)
{
    static const char *u0s[] = {"0.7", "2.5", "1e-5"};
    cfx_t f;
    unsigned i, k;

    cfx_init(&f, _i);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_log(f.w, f.u, k, &f.ws), NHREF_OK);
        mpfr_log(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_log(f.e, f.x, RND);
        ck_assert_mpfr_digits(f.w, f.e, f.digits, "0");
        for (k = 1; k <= KC; k++) {
            mpfr_pow_ui(f.e, f.x, k, RND);
            mpfr_mul_ui(f.e, f.e, k, RND);
            mpfr_ui_div(f.e, 1, f.e, RND);
            if (k % 2 == 0)
                mpfr_neg(f.e, f.e, RND);
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
        }
    }
    cfx_clear(&f);
}
END_TEST

/* sqrt(u0 + h) = binom(1/2, k) sqrt(u0) / u0^k:
 * sqrt u0, 1/(2 sqrt u0), -1/(8 u0 sqrt u0), ... */
START_TEST(test_coeff_sqrt)
{
    static const char *u0s[] = {"0.7", "2.5", "1e-5"};
    cfx_t f;
    mpfr_t binom;
    unsigned i, k;

    cfx_init(&f, _i);
    mpfr_init2(binom, f.hp);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_sqrt(f.w, f.u, k, &f.ws), NHREF_OK);
        mpfr_sqrt(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_set_ui(binom, 1, RND);
        for (k = 0; k <= KC; k++) {
            if (k > 0) {
                /* binom(1/2, k) = binom(1/2, k-1) (1/2 - (k-1)) / k */
                mpfr_mul_si(binom, binom, 1 - 2 * (long)(k - 1), RND);
                mpfr_div_ui(binom, binom, 2 * k, RND);
            }
            mpfr_sqrt(f.e, f.x, RND);
            mpfr_pow_ui(f.t, f.x, k, RND);
            mpfr_div(f.e, f.e, f.t, RND);
            mpfr_mul(f.e, f.e, binom, RND);
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
        }
    }
    mpfr_clear(binom);
    cfx_clear(&f);
}
END_TEST

/* atan(u0 + h) = atan u0, 1/(1+u0^2), -u0/(1+u0^2)^2, (3u0^2-1)/(3(1+u0^2)^3), ...
 * in general (-1)^(k-1) sin(k theta) / (k r^k), r = sqrt(1+u0^2),
 * theta = atan2(1, u0)  (Im of the expansion of 1/(u0 + h - i)). */
START_TEST(test_coeff_atan)
{
    static const char *u0s[] = {"0.7", "-1.3", "0"};
    cfx_t f;
    mpfr_t r, theta;
    unsigned i, k;

    cfx_init(&f, _i);
    mpfr_inits2(f.hp, r, theta, (mpfr_ptr)0);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_atan(f.w, f.d, f.u, k, &f.ws), NHREF_OK);
        mpfr_atan(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_atan(f.e, f.x, RND);
        ck_assert_mpfr_digits(f.w, f.e, f.digits, "0");
        mpfr_sqr(r, f.x, RND);
        mpfr_add_ui(r, r, 1, RND);
        /* the hand forms of orders 1 and 2 */
        mpfr_ui_div(f.e, 1, r, RND);
        ck_assert_mpfr_digits(f.w + 1, f.e, f.digits, "0");
        mpfr_sqr(f.t, r, RND);
        mpfr_div(f.e, f.x, f.t, RND);
        mpfr_neg(f.e, f.e, RND);
        ck_assert_mpfr_digits(f.w + 2, f.e, f.digits, "0");
        /* the general form; u0 = 0 gives exact zeros at even orders */
        mpfr_sqrt(r, r, RND);
        mpfr_set_ui(f.t, 1, RND);
        mpfr_atan2(theta, f.t, f.x, RND);
        for (k = 1; k <= KC; k++) {
            mpfr_mul_ui(f.e, theta, k, RND);
            mpfr_sin(f.e, f.e, RND);
            mpfr_pow_ui(f.t, r, k, RND);
            mpfr_mul_ui(f.t, f.t, k, RND);
            mpfr_div(f.e, f.e, f.t, RND);
            if (k % 2 == 0)
                mpfr_neg(f.e, f.e, RND);
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "1");
            if (mpfr_zero_p(f.x) && k % 2 == 1)
                ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
        }
    }
    mpfr_clears(r, theta, (mpfr_ptr)0);
    cfx_clear(&f);
}
END_TEST

/* atanh(u0 + h) = (log(1 + u) - log(1 - u)) / 2:
 * atanh u0, then ((-1)^(k+1) / (1+u0)^k + 1 / (1-u0)^k) / (2k). */
START_TEST(test_coeff_atanh)
{
    static const char *u0s[] = {"0.7", "-0.4", "0.999"};
    cfx_t f;
    unsigned i, k;

    cfx_init(&f, _i);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_atanh(f.w, f.d, f.u, k, &f.ws), NHREF_OK);
        mpfr_atanh(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_atanh(f.e, f.x, RND);
        ck_assert_mpfr_digits(f.w, f.e, f.digits, "0");
        for (k = 1; k <= KC; k++) {
            mpfr_add_ui(f.t, f.x, 1, RND);
            mpfr_pow_ui(f.t, f.t, k, RND);
            mpfr_ui_div(f.t, 1, f.t, RND);
            if (k % 2 == 0)
                mpfr_neg(f.t, f.t, RND);
            mpfr_ui_sub(f.e, 1, f.x, RND);
            mpfr_pow_ui(f.e, f.e, k, RND);
            mpfr_ui_div(f.e, 1, f.e, RND);
            mpfr_add(f.e, f.e, f.t, RND);
            mpfr_div_ui(f.e, f.e, 2 * k, RND);
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
        }
    }
    cfx_clear(&f);
}
END_TEST

/* tanh(u0 + h), t = tanh u0, q = 1 - t^2 = sech^2 u0:
 * t, q, -t q, q (3t^2 - 1) / 3, q t (2 - 3t^2) / 3 (from w' = 1 - w^2). */
START_TEST(test_coeff_tanh)
{
    static const char *u0s[] = {"0.7", "-1.3", "30"};
    cfx_t f;
    mpfr_t tt, q;
    unsigned i, k;

    cfx_init(&f, _i);
    mpfr_inits2(f.hp, tt, q, (mpfr_ptr)0);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        for (k = 0; k <= 4; k++)
            ck_assert_int_eq(nhref_jet_tanh(f.w, f.d, f.u, k, &f.ws), NHREF_OK);
        mpfr_tanh(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_tanh(tt, f.x, RND);
        ck_assert_mpfr_digits(f.w, tt, f.digits, "0");
        /* q as 1 / cosh^2: exact to the relative precision even at u0 = 30 */
        mpfr_cosh(q, f.x, RND);
        mpfr_sqr(q, q, RND);
        mpfr_ui_div(q, 1, q, RND);
        ck_assert_mpfr_digits(f.w + 1, q, f.digits, "0");
        mpfr_mul(f.e, tt, q, RND);
        mpfr_neg(f.e, f.e, RND);
        ck_assert_mpfr_digits(f.w + 2, f.e, f.digits, "0");
        mpfr_sqr(f.t, tt, RND);
        mpfr_mul_ui(f.t, f.t, 3, RND);
        mpfr_sub_ui(f.e, f.t, 1, RND);
        mpfr_mul(f.e, f.e, q, RND);
        mpfr_div_ui(f.e, f.e, 3, RND);
        /* one digit for the cancellation in 3t^2 - 1 at u0 = 0.7 */
        ck_assert_mpfr_digits(f.w + 3, f.e, f.digits - 1, "0");
        mpfr_ui_sub(f.e, 2, f.t, RND);
        mpfr_mul(f.e, f.e, tt, RND);
        mpfr_mul(f.e, f.e, q, RND);
        mpfr_div_ui(f.e, f.e, 3, RND);
        ck_assert_mpfr_digits(f.w + 4, f.e, f.digits - 1, "0");
    }
    mpfr_clears(tt, q, (mpfr_ptr)0);
    cfx_clear(&f);
}
END_TEST

/* asin(u0 + h) = asin u0 + sum_{k>=1} c_{k-1} h^k / k, c_m the coefficients of
 * (1 - (u0 + h)^2)^(-1/2) = q0^(-1/2) (1 - h/a)^(-1/2) (1 + h/b)^(-1/2), a = 1 - u0,
 * b = 1 + u0, q0 = a b:  c_m = q0^(-1/2) sum_{i+j=m} beta_i (-1/a)^i beta_j b^-j,
 * beta_i = binom(-1/2, i).  acos(u0 + h) = acos u0 minus the same terms. */
START_TEST(test_coeff_asin_acos)
{
    static const char *u0s[] = {"0.7", "-0.4", "0", "0.999"};
    cfx_t f;
    mpfr_t ra[KC], rb[KC], q0, beta;
    unsigned i, k, m;
    int acos;

    cfx_init(&f, _i);
    mpfr_inits2(f.hp, q0, beta, (mpfr_ptr)0);
    for (m = 0; m < KC; m++)
        mpfr_inits2(f.hp, ra[m], rb[m], (mpfr_ptr)0);
    for (i = 0; i < 4; i++)
        for (acos = 0; acos <= 1; acos++) {
            cfx_start(&f, u0s[i]);
            for (k = 0; k <= KC; k++)
                ck_assert_int_eq(acos ? nhref_jet_acos(f.w, f.w2, f.d, f.u, k, &f.ws)
                                      : nhref_jet_asin(f.w, f.w2, f.d, f.u, k, &f.ws),
                                 NHREF_OK);
            if (acos)
                mpfr_acos(f.plain, f.u, RND);
            else
                mpfr_asin(f.plain, f.u, RND);
            ck_assert_mpfr_eq(f.w, f.plain);
            /* ra[m] = beta_m (-1/a)^m, rb[m] = beta_m b^-m at hp */
            mpfr_ui_sub(f.t, 1, f.x, RND);  /* a */
            mpfr_add_ui(f.t2, f.x, 1, RND); /* b */
            mpfr_mul(q0, f.t, f.t2, RND);
            mpfr_set_ui(beta, 1, RND);
            for (m = 0; m < KC; m++) {
                if (m > 0) { /* beta_m = beta_{m-1} (-(2m - 1)) / (2m) */
                    mpfr_mul_si(beta, beta, -(2 * (long)m - 1), RND);
                    mpfr_div_ui(beta, beta, 2 * m, RND);
                }
                mpfr_pow_si(ra[m], f.t, -(long)m, RND);
                if (m % 2 == 1)
                    mpfr_neg(ra[m], ra[m], RND);
                mpfr_mul(ra[m], ra[m], beta, RND);
                mpfr_pow_si(rb[m], f.t2, -(long)m, RND);
                mpfr_mul(rb[m], rb[m], beta, RND);
            }
            if (acos)
                mpfr_acos(f.e, f.x, RND);
            else
                mpfr_asin(f.e, f.x, RND);
            ck_assert_mpfr_digits(f.w, f.e, f.digits, "0");
            for (k = 1; k <= KC; k++) {
                mpfr_set_zero(f.e, 1);
                for (m = 0; m < k; m++) {
                    mpfr_mul(f.t, ra[m], rb[k - 1 - m], RND);
                    mpfr_add(f.e, f.e, f.t, RND);
                }
                mpfr_rec_sqrt(f.t, q0, RND);
                mpfr_mul(f.e, f.e, f.t, RND);
                mpfr_div_ui(f.e, f.e, k, RND);
                if (acos)
                    mpfr_neg(f.e, f.e, RND);
                /* u0 = 0: asin is odd, its even coefficients are exactly 0 */
                ck_assert_mpfr_digits(f.w + k, f.e, f.digits - 1, "0");
            }
        }
    for (m = 0; m < KC; m++)
        mpfr_clears(ra[m], rb[m], (mpfr_ptr)0);
    mpfr_clears(q0, beta, (mpfr_ptr)0);
    cfx_clear(&f);
}
END_TEST

/* sinh(u0 + h) = sum sinh^(k)(u0) h^k / k!: sinh u0, cosh u0, sinh u0 / 2, cosh u0 / 6,
 * ...; cosh(u0 + h) the same with sinh and cosh exchanged. */
START_TEST(test_coeff_sinhcosh)
{
    static const char *u0s[] = {"0.7", "-1.3", "30"};
    cfx_t f;
    unsigned i, k;

    cfx_init(&f, _i);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_sinhcosh(f.w, f.w2, f.u, k, &f.ws), NHREF_OK);
        mpfr_sinh(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_cosh(f.plain, f.u, RND);
        ck_assert_mpfr_eq(f.w2, f.plain);
        mpfr_sinh(f.e, f.x, RND);
        mpfr_cosh(f.t, f.x, RND);
        for (k = 0; k <= KC; k++) {
            if (k > 0) {
                mpfr_div_ui(f.e, f.e, k, RND);
                mpfr_div_ui(f.t, f.t, k, RND);
                mpfr_swap(f.e, f.t); /* the k-th derivative alternates */
            }
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
            ck_assert_mpfr_digits(f.w2 + k, f.t, f.digits, "0");
        }
    }
    cfx_clear(&f);
}
END_TEST

/* (u0 + h)^c = sum binom(c, k) u0^(c-k) h^k for a real c (the exponent rounded to the
 * working precision, then used exactly), by nhref_jet_pow_scalar and by nhref_jet_pow
 * with the constant series c, 0, 0, ...; and c^(v0 + h) = c^v0 sum (log c)^k h^k / k!
 * by nhref_jet_pow with the constant base c. */
START_TEST(test_coeff_pow)
{
    static const char *u0s[] = {"0.7", "2.5", "1e-5"};
    static const char *cs[] = {"1.5", "-0.3", "0.5", "2", "-2.75", "0.3333333333333333333333333"};
    cfx_t f;
    mpfr_t binom, ce;
    mpfr_ptr l, g;
    unsigned i, j, k, how;

    cfx_init(&f, _i);
    mpfr_inits2(f.hp, binom, ce, (mpfr_ptr)0);
    l = ser_new(KC + 1, f.p);
    g = ser_new(KC + 1, f.p);
    for (i = 0; i < 3; i++)
        for (j = 0; j < sizeof cs / sizeof cs[0]; j++)
            for (how = 0; how < 2 - (i == 2); how++) {
                /* not exp(c log u) at u0 = 1e-5: its terms are (1/u0)^k times the
                 * result, which Miller's recurrence (the tape's path for a constant
                 * exponent) avoids */
                cfx_start(&f, u0s[i]);
                set_const(f.v, KC, cs[j]);
                mpfr_set(ce, f.v, RND); /* exact */
                for (k = 0; k <= KC; k++)
                    ck_assert_int_eq(how ? nhref_jet_pow(f.w, l, g, f.u, f.v, k, &f.ws)
                                         : nhref_jet_pow_scalar(f.w, f.u, f.v, k, &f.ws),
                                     NHREF_OK);
                mpfr_pow(f.plain, f.u, f.v, RND);
                ck_assert_mpfr_eq(f.w, f.plain);
                mpfr_set_ui(binom, 1, RND);
                for (k = 0; k <= KC; k++) {
                    if (k > 0) { /* binom(c, k) = binom(c, k - 1) (c - k + 1) / k */
                        mpfr_sub_ui(f.t, ce, k - 1, RND);
                        mpfr_mul(binom, binom, f.t, RND);
                        mpfr_div_ui(binom, binom, k, RND);
                    }
                    mpfr_sub_ui(f.t, ce, k, RND);
                    mpfr_pow(f.e, f.x, f.t, RND);
                    mpfr_mul(f.e, f.e, binom, RND);
                    /* c = 2: the coefficients beyond the second vanish, exactly by
                     * Miller's recurrence; through exp(c log u) to the precision, mixed
                     * with scale 1 (the coefficients here are at most 6.25) */
                    if (how == 0)
                        ck_assert_msg(mpfr_zero_p(binom) == mpfr_zero_p(f.w + k),
                                      "%s^%s, k = %u: zero pattern", u0s[i], cs[j], k);
                    ck_assert_mpfr_digits(f.w + k, f.e, f.digits - 1,
                                          how && mpfr_zero_p(binom) ? "1" : "0");
                }
            }
    /* a constant base */
    for (i = 0; i < 2; i++) {
        set_const(f.u, KC, "2.5");
        set_ident(f.v, KC, i == 0 ? "0.7" : "-1.3");
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_pow(f.w, l, g, f.u, f.v, k, &f.ws), NHREF_OK);
        mpfr_pow(f.plain, f.u, f.v, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        mpfr_set(f.x, f.u, RND);
        mpfr_set(ce, f.v, RND);
        mpfr_pow(f.e, f.x, ce, RND);
        mpfr_log(f.t, f.x, RND);
        for (k = 0; k <= KC; k++) {
            if (k > 0) {
                mpfr_mul(f.e, f.e, f.t, RND);
                mpfr_div_ui(f.e, f.e, k, RND);
            }
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits - 1, "0");
        }
    }
    ser_free(l, KC + 1);
    ser_free(g, KC + 1);
    mpfr_clears(binom, ce, (mpfr_ptr)0);
    cfx_clear(&f);
}
END_TEST

/* 1 / (u0 + h) = sum (-1)^k h^k / u0^(k+1) */
START_TEST(test_coeff_div)
{
    static const char *u0s[] = {"0.7", "-1.3", "3e-7"};
    cfx_t f;
    unsigned i, k;

    cfx_init(&f, _i);
    for (i = 0; i < 3; i++) {
        cfx_start(&f, u0s[i]);
        set_const(f.v, KC, "1");
        for (k = 0; k <= KC; k++)
            ck_assert_int_eq(nhref_jet_div(f.w, f.v, f.u, k, &f.ws), NHREF_OK);
        mpfr_ui_div(f.plain, 1, f.u, RND);
        ck_assert_mpfr_eq(f.w, f.plain);
        for (k = 0; k <= KC; k++) {
            mpfr_pow_ui(f.e, f.x, k + 1, RND);
            mpfr_ui_div(f.e, 1, f.e, RND);
            if (k % 2 == 1)
                mpfr_neg(f.e, f.e, RND);
            ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
        }
    }
    cfx_clear(&f);
}
END_TEST

/* (u0 + h)^n = sum binom(n, k) u0^(n-k) h^k, n of either sign */
START_TEST(test_coeff_pow_si)
{
    static const char *u0s[] = {"0.7", "-1.3"};
    static const long ns[] = {0, 1, 2, 3, 5, 7, 13, -1, -2, -3, -6};
    cfx_t f;
    mpfr_t binom;
    mpfr_ptr *aux;
    unsigned i, in, k, naux;

    cfx_init(&f, _i);
    mpfr_init2(binom, f.hp);
    for (i = 0; i < 2; i++) {
        for (in = 0; in < sizeof ns / sizeof ns[0]; in++) {
            long n = ns[in];

            naux = nhref_jet_pow_si_naux(n);
            aux = aux_new(naux, KC + 1, f.p);
            cfx_start(&f, u0s[i]);
            for (k = 0; k <= KC; k++)
                ck_assert_int_eq(nhref_jet_pow_si(f.w, aux, f.u, n, k, &f.ws), NHREF_OK);
            mpfr_pow_si(f.plain, f.u, n, RND);
            ck_assert_mpfr_eq(f.w, f.plain);
            mpfr_set_ui(binom, 1, RND);
            for (k = 0; k <= KC; k++) {
                if (k > 0) {
                    mpfr_mul_si(binom, binom, n - (long)(k - 1), RND);
                    mpfr_div_ui(binom, binom, k, RND);
                }
                mpfr_pow_si(f.e, f.x, n - (long)k, RND);
                mpfr_mul(f.e, f.e, binom, RND);
                ck_assert_msg(mpfr_zero_p(binom) == mpfr_zero_p(f.w + k),
                              "n = %ld, k = %u: zero pattern", n, k);
                ck_assert_mpfr_digits(f.w + k, f.e, f.digits, "0");
            }
            aux_free(aux, naux, KC + 1);
        }
    }
    mpfr_clear(binom);
    cfx_clear(&f);
}
END_TEST

/* u = h (u0 = 0): u^n = h^n exactly, by binary powering for n >= 3 */
START_TEST(test_coeff_pow_si_zero)
{
    static const long ns[] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    cfx_t f;
    mpfr_ptr *aux;
    unsigned in, k, naux;

    cfx_init(&f, _i);
    for (in = 0; in < sizeof ns / sizeof ns[0]; in++) {
        long n = ns[in];

        naux = nhref_jet_pow_si_naux(n);
        aux = aux_new(naux, KC + 1, f.p);
        cfx_start(&f, "0");
        for (k = 0; k <= KC; k++) {
            ck_assert_int_eq(nhref_jet_pow_si(f.w, aux, f.u, n, k, &f.ws), NHREF_OK);
            mpfr_set_ui(f.e, (long)k == n, RND);
            ck_assert_mpfr_eq(f.w + k, f.e);
        }
        aux_free(aux, naux, KC + 1);
    }
    cfx_clear(&f);
}
END_TEST

/* (1 + h)^n for n = LONG_MAX, LONG_MAX / 3, LONG_MIN: binom(n, k) without
 * overflow of the integer weights n j - (k - j) of Miller's recurrence. */
START_TEST(test_coeff_pow_si_huge_n)
{
    static const long ns[] = {LONG_MAX, LONG_MAX / 3, LONG_MIN, LONG_MIN / 3};
    cfx_t f;
    mpfr_t binom;
    unsigned in, k;

    cfx_init(&f, _i);
    mpfr_init2(binom, f.hp);
    for (in = 0; in < sizeof ns / sizeof ns[0]; in++) {
        long n = ns[in];

        cfx_start(&f, "1");
        mpfr_set_ui(binom, 1, RND);
        for (k = 0; k <= 4; k++) {
            ck_assert_int_eq(nhref_jet_pow_si(f.w, NULL, f.u, n, k, &f.ws), NHREF_OK);
            if (k > 0) {
                mpfr_set_si(f.t, n, RND);
                mpfr_sub_ui(f.t, f.t, k - 1, RND);
                mpfr_mul(binom, binom, f.t, RND);
                mpfr_div_ui(binom, binom, k, RND);
            }
            ck_assert_mpfr_digits(f.w + k, binom, f.digits, "0");
        }
    }
    mpfr_clear(binom);
    cfx_clear(&f);
}
END_TEST

/* The number of partial powers of left-to-right binary powering:
 * floor(log2 n) squarings and popcount(n) - 1 products, less the last (w). */
START_TEST(test_pow_si_naux)
{
    static const long ns[] = {LONG_MIN, -7, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 31, LONG_MAX};
    static const unsigned want[] = {0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 2, 3, 3, 7, 123};
    unsigned i;

    for (i = 0; i < sizeof ns / sizeof ns[0]; i++)
        ck_assert_msg(nhref_jet_pow_si_naux(ns[i]) >= want[i] &&
                          (ns[i] < 3 || nhref_jet_pow_si_naux(ns[i]) == want[i]),
                      "naux(%ld) = %u, want %u", ns[i], nhref_jet_pow_si_naux(ns[i]), want[i]);
}
END_TEST

/* (u0 + h)(v0 + h) = u0 v0, u0 + v0, 1, 0...; (u0 + h)^2 = u0^2, 2 u0, 1, 0...;
 * the linear kernels: sums, differences, negation and scaling. */
START_TEST(test_coeff_mul_sqr_linear)
{
    cfx_t f;
    mpfr_t c;
    unsigned k;

    cfx_init(&f, _i);
    mpfr_init2(c, f.p);
    cfx_start(&f, "0.7");
    set_ident(f.v, KC, "-1.3");
    mpfr_set(f.t, f.v, RND);

    for (k = 0; k <= KC; k++)
        ck_assert_int_eq(nhref_jet_mul(f.w, f.u, f.v, k, &f.ws), NHREF_OK);
    mpfr_mul(f.plain, f.u, f.v, RND);
    ck_assert_mpfr_eq(f.w, f.plain);
    mpfr_mul(f.e, f.x, f.t, RND);
    ck_assert_mpfr_digits(f.w, f.e, f.digits, "0");
    mpfr_add(f.e, f.x, f.t, RND);
    ck_assert_mpfr_digits(f.w + 1, f.e, f.digits, "0");
    mpfr_set_ui(f.e, 1, RND);
    ck_assert_mpfr_eq(f.w + 2, f.e);
    mpfr_set_ui(f.e, 0, RND);
    for (k = 3; k <= KC; k++)
        ck_assert_mpfr_eq(f.w + k, f.e);

    for (k = 0; k <= KC; k++)
        ck_assert_int_eq(nhref_jet_sqr(f.w, f.u, k, &f.ws), NHREF_OK);
    mpfr_sqr(f.plain, f.u, RND);
    ck_assert_mpfr_eq(f.w, f.plain);
    mpfr_mul_ui(f.e, f.x, 2, RND);
    ck_assert_mpfr_digits(f.w + 1, f.e, f.digits, "0");
    mpfr_set_ui(f.e, 1, RND);
    ck_assert_mpfr_eq(f.w + 2, f.e);
    mpfr_set_ui(f.e, 0, RND);
    for (k = 3; k <= KC; k++)
        ck_assert_mpfr_eq(f.w + k, f.e);

    for (k = 0; k <= KC; k++)
        ck_assert_int_eq(nhref_jet_add(f.w, f.u, f.v, k, &lin_ws), NHREF_OK);
    mpfr_add(f.plain, f.u, f.v, RND);
    ck_assert_mpfr_eq(f.w, f.plain);
    mpfr_set_ui(f.e, 2, RND);
    ck_assert_mpfr_eq(f.w + 1, f.e);

    for (k = 0; k <= KC; k++)
        ck_assert_int_eq(nhref_jet_sub(f.w, f.u, f.v, k, &lin_ws), NHREF_OK);
    mpfr_sub(f.plain, f.u, f.v, RND);
    ck_assert_mpfr_eq(f.w, f.plain);
    mpfr_set_ui(f.e, 0, RND);
    ck_assert_mpfr_eq(f.w + 1, f.e);

    for (k = 0; k <= KC; k++)
        ck_assert_int_eq(nhref_jet_neg(f.w, f.u, k, &lin_ws), NHREF_OK);
    mpfr_neg(f.e, f.x, RND);
    ck_assert_mpfr_eq(f.w, f.e);
    mpfr_set_si(f.e, -1, RND);
    ck_assert_mpfr_eq(f.w + 1, f.e);

    ck_assert_int_eq(mpfr_set_str(c, "-2.5", 10, RND), 0);
    for (k = 0; k <= KC; k++)
        ck_assert_int_eq(nhref_jet_mul_scalar(f.w, c, f.u, k, &lin_ws), NHREF_OK);
    mpfr_mul(f.plain, c, f.u, RND);
    ck_assert_mpfr_eq(f.w, f.plain);
    mpfr_set_str(f.e, "-2.5", 10, RND);
    ck_assert_mpfr_eq(f.w + 1, f.e);
    mpfr_set_ui(f.e, 0, RND);
    ck_assert_mpfr_eq(f.w + 2, f.e);

    mpfr_clear(c);
    cfx_clear(&f);
}
END_TEST

/* ------------------------------------------------------------------ identity fixture */

#define NS 8 /* series per identity test */

typedef struct {
    mpfr_prec_t p;
    double digits;
    nhref_jet_ws_t ws;
    mpfr_ptr s[NS];
    mpfr_t one, zero;
} ifx_t;

static void ifx_init(ifx_t *f, int i)
{
    unsigned j;

    f->p = ident_precs[i];
    /* K = 30 orders of sums of up to 31 terms, two or three kernels deep */
    f->digits = prec_digits(f->p, 3.0);
    nhref_jet_ws_init(&f->ws, f->p);
    for (j = 0; j < NS; j++)
        f->s[j] = ser_new(KI + 1, f->p);
    mpfr_inits2(f->p, f->one, f->zero, (mpfr_ptr)0);
    mpfr_set_ui(f->one, 1, RND);
    mpfr_set_zero(f->zero, 1);
}

static void ifx_clear(ifx_t *f)
{
    unsigned j;

    nhref_jet_ws_clear(&f->ws);
    for (j = 0; j < NS; j++)
        ser_free(f->s[j], KI + 1);
    mpfr_clears(f->one, f->zero, (mpfr_ptr)0);
}

/* got = want at every order to f->digits, mixed with scale 1 */
static void ck_series_digits(const ifx_t *f, mpfr_srcptr got, mpfr_srcptr want, const char *what)
{
    unsigned k;

    for (k = 0; k <= KI; k++) {
        double agree = ck_mpfr_agree_digits(got + k, want + k, "1");

        ck_assert_msg(agree >= f->digits,
                      "%s: order %u agrees to %.2f digits < %.2f at %ld bits (seed %lu)", what, k,
                      agree, f->digits, (long)f->p, ck_seed());
    }
}

static void ck_series_eq(mpfr_srcptr got, mpfr_srcptr want, const char *what)
{
    unsigned k;

    for (k = 0; k <= KI; k++)
        ck_assert_msg(mpfr_equal_p(got + k, want + k), "%s: order %u differs (seed %lu)", what, k,
                      ck_seed());
}

/* sin^2 u + cos^2 u = 1 */
START_TEST(test_ident_sincos)
{
    ifx_t f;
    mpfr_ptr u, s, c, s2, c2, one;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    s = f.s[1];
    c = f.s[2];
    s2 = f.s[3];
    c2 = f.s[4];
    one = f.s[5];
    set_random(u, KI, "0.7", "1", 1);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sincos(s, c, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr(s2, s, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr(c2, c, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_add(one, s2, c2, k, &lin_ws), NHREF_OK);
    }
    set_const(u, KI, "1");
    ck_series_digits(&f, one, u, "sin^2 + cos^2");
    ifx_clear(&f);
}
END_TEST

/* (u / v) v = u */
START_TEST(test_ident_div)
{
    ifx_t f;
    mpfr_ptr u, v, q, r;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    v = f.s[1];
    q = f.s[2];
    r = f.s[3];
    set_random(u, KI, "0.7", "1", 2);
    set_random(v, KI, "-1.5", "1", 3);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_div(q, u, v, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(r, q, v, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, r, u, "(u / v) v");
    ifx_clear(&f);
}
END_TEST

/* sqrt(u)^2 = u */
START_TEST(test_ident_sqrt)
{
    ifx_t f;
    mpfr_ptr u, s, r;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    s = f.s[1];
    r = f.s[2];
    set_random(u, KI, "1.5", "1", 4);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sqrt(s, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr(r, s, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, r, u, "sqrt(u)^2");
    ifx_clear(&f);
}
END_TEST

/* exp(log u) = u, and exp(u + v) = exp(u) exp(v) */
START_TEST(test_ident_exp_log)
{
    ifx_t f;
    mpfr_ptr u, v, l, r, eu, ev, s, es;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    v = f.s[1];
    l = f.s[2];
    r = f.s[3];
    eu = f.s[4];
    ev = f.s[5];
    s = f.s[6];
    es = f.s[7];
    set_random(u, KI, "1.5", "1", 5);
    set_random(v, KI, "-0.3", "1", 6);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_log(l, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_exp(r, l, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, r, u, "exp(log u)");
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_exp(eu, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_exp(ev, v, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(r, eu, ev, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_add(s, u, v, k, &lin_ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_exp(es, s, k, &f.ws), NHREF_OK);
    }
    /* exp(1.2) ~ 3.3: one more digit of slack */
    f.digits -= 1;
    ck_series_digits(&f, r, es, "exp(u) exp(v)");
    ifx_clear(&f);
}
END_TEST

/* tanh(atanh u) = u */
START_TEST(test_ident_tanh_atanh)
{
    ifx_t f;
    mpfr_ptr u, a, da, t, dt;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    a = f.s[1];
    da = f.s[2];
    t = f.s[3];
    dt = f.s[4];
    set_random(u, KI, "0.3", "0.3", 7);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_atanh(a, da, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_tanh(t, dt, a, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, t, u, "tanh(atanh u)");
    ifx_clear(&f);
}
END_TEST

/* sin(atan u) / cos(atan u) = u */
START_TEST(test_ident_tan_atan)
{
    ifx_t f;
    mpfr_ptr u, a, d, s, c, r;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    a = f.s[1];
    d = f.s[2];
    s = f.s[3];
    c = f.s[4];
    r = f.s[5];
    set_random(u, KI, "0.7", "0.5", 8);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_atan(a, d, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sincos(s, c, a, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_div(r, s, c, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, r, u, "tan(atan u)");
    ifx_clear(&f);
}
END_TEST

/* cosh^2 u - sinh^2 u = 1 */
START_TEST(test_ident_sinhcosh)
{
    ifx_t f;
    mpfr_ptr u, s, c, s2, c2, one;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    s = f.s[1];
    c = f.s[2];
    s2 = f.s[3];
    c2 = f.s[4];
    one = f.s[5];
    set_random(u, KI, "0.7", "1", 21);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sinhcosh(s, c, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr(s2, s, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr(c2, c, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sub(one, c2, s2, k, &lin_ws), NHREF_OK);
    }
    set_const(u, KI, "1");
    /* cosh(1.7)^2 ~ 8: one digit of slack */
    f.digits -= 1;
    ck_series_digits(&f, one, u, "cosh^2 - sinh^2");
    ifx_clear(&f);
}
END_TEST

/* asin(sin u) = u for |u| < pi/2, acos(cos u) = u for 0 < u < pi, and
 * asin u + acos u = pi/2 */
START_TEST(test_ident_asin_acos)
{
    ifx_t f;
    mpfr_ptr u, s, c, w, q, d, r, v;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    s = f.s[1];
    c = f.s[2];
    w = f.s[3];
    q = f.s[4];
    d = f.s[5];
    r = f.s[6];
    v = f.s[7];
    set_random(u, KI, "0.3", "0.3", 22); /* |u| <= 0.6 */
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sincos(s, c, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_asin(w, q, d, s, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, w, u, "asin(sin u)");
    set_random(u, KI, "1.2", "0.3", 23); /* 0.9 <= u <= 1.5 */
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sincos(s, c, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_acos(w, q, d, c, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, w, u, "acos(cos u)");
    set_random(u, KI, "-0.3", "0.5", 24);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_asin(w, q, d, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_acos(r, s, c, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_add(v, w, r, k, &lin_ws), NHREF_OK);
    }
    set_const(u, KI, "0");
    mpfr_const_pi(u, RND);
    mpfr_div_2ui(u, u, 1, RND);
    ck_series_digits(&f, v, u, "asin u + acos u");
    ifx_clear(&f);
}
END_TEST

/* u^1.5 u^0.5 = u^2 (Miller's recurrence, real exponents); u^v = exp(v log u) (the
 * series exponent); pow(u, c, 0, 0, ...) = pow_scalar(u, c) */
START_TEST(test_ident_pow)
{
    ifx_t f;
    mpfr_ptr u, v, a, b, c, l, g, e;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    v = f.s[1];
    a = f.s[2];
    b = f.s[3];
    c = f.s[4];
    l = f.s[5];
    g = f.s[6];
    e = f.s[7];
    set_random(u, KI, "1.5", "1", 25); /* 0.5 <= u <= 2.5 */
    set_const(v, KI, "1.5");
    set_const(e, KI, "0.5");
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_pow_scalar(a, u, v, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_pow_scalar(b, u, e, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(c, a, b, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr(l, u, k, &f.ws), NHREF_OK);
    }
    f.digits -= 1; /* u^2 up to 6.25 */
    ck_series_digits(&f, c, l, "u^1.5 u^0.5 vs u^2");
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_pow(b, l, g, u, v, k, &f.ws), NHREF_OK);
    ck_series_digits(&f, b, a, "pow(u, 1.5 + 0 h) vs pow_scalar(u, 1.5)");
    set_random(v, KI, "-0.7", "1", 26);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_pow(a, l, g, u, v, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_log(b, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(c, v, b, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_exp(e, c, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, a, e, "u^v vs exp(v log u)");
    ifx_clear(&f);
}
END_TEST

/* u^5 = u u u u u (Miller, u_0 != 0), u^-3 = 1 / u^3, u^2 = sqr u, u^0 = 1,
 * u^1 = u; and at u_0 = 0 (binary powering) u^n = repeated products, n = 3..9. */
START_TEST(test_ident_pow_si)
{
    ifx_t f;
    mpfr_ptr u, p, r, r2, one;
    mpfr_ptr *aux;
    unsigned k, naux;
    long n;

    ifx_init(&f, _i);
    u = f.s[0];
    p = f.s[1];
    r = f.s[2];
    r2 = f.s[3];
    one = f.s[4];
    set_random(u, KI, "-1.5", "1", 9);
    set_const(one, KI, "1");

    naux = nhref_jet_pow_si_naux(5);
    aux = aux_new(naux, KI + 1, f.p);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_pow_si(p, aux, u, 5, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(r, u, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(r2, r, u, k, &f.ws), NHREF_OK);
    }
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_mul(r, r2, u, k, &f.ws), NHREF_OK);
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_mul(r2, r, u, k, &f.ws), NHREF_OK);
    f.digits -= 1; /* |u|^5 up to 2.5^5 */
    ck_series_digits(&f, p, r2, "u^5");
    f.digits += 1;
    aux_free(aux, naux, KI + 1);

    /* u^-3 = 1 / (u u u) */
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_pow_si(p, NULL, u, -3, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(r, u, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(r2, r, u, k, &f.ws), NHREF_OK);
    }
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_div(r, one, r2, k, &f.ws), NHREF_OK);
    ck_series_digits(&f, p, r, "u^-3");

    /* u^2 = sqr u, u^1 = u, u^0 = 1 */
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_pow_si(p, NULL, u, 2, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr(r, u, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, p, r, "u^2");
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_pow_si(p, NULL, u, 1, k, &f.ws), NHREF_OK);
    ck_series_eq(p, u, "u^1");
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_pow_si(p, NULL, u, 0, k, &f.ws), NHREF_OK);
    ck_series_eq(p, one, "u^0");

    /* u_0 = 0: binary powering against u^(n-1) u, built by mul */
    set_random(u, KI, "0", "1", 10);
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_mul(r, u, u, k, &f.ws), NHREF_OK); /* u^2 */
    for (n = 3; n <= 9; n++) {
        for (k = 0; k <= KI; k++)
            ck_assert_int_eq(nhref_jet_mul(r2, r, u, k, &f.ws), NHREF_OK);
        for (k = 0; k <= KI; k++)
            mpfr_set(r + k, r2 + k, RND); /* r = u^n */
        naux = nhref_jet_pow_si_naux(n);
        aux = aux_new(naux, KI + 1, f.p);
        for (k = 0; k <= KI; k++) {
            ck_assert_int_eq(nhref_jet_pow_si(p, aux, u, n, k, &f.ws), NHREF_OK);
            if ((long)k < n)
                ck_assert_msg(mpfr_zero_p(p + k), "u0 = 0, n = %ld: order %u not 0", n, k);
        }
        ck_series_digits(&f, p, r, "u^n at u0 = 0");
        aux_free(aux, naux, KI + 1);
    }
    ifx_clear(&f);
}
END_TEST

/* sqr u = mul(u, u); linear kernels: u - v = u + (-v), u + v = v + u,
 * -(-u) = u, (u + v) - v = u; c v = mul(const c, v). */
START_TEST(test_ident_mul_linear)
{
    ifx_t f;
    mpfr_ptr u, v, a, b, cs, m;
    mpfr_t c;
    unsigned k;

    ifx_init(&f, _i);
    u = f.s[0];
    v = f.s[1];
    a = f.s[2];
    b = f.s[3];
    cs = f.s[4];
    m = f.s[5];
    mpfr_init2(c, f.p);
    set_random(u, KI, "0.7", "1", 11);
    set_random(v, KI, "-1.1", "1", 12);

    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sqr(a, u, k, &f.ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(b, u, u, k, &f.ws), NHREF_OK);
    }
    ck_series_digits(&f, a, b, "sqr u vs u u");

    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sub(a, u, v, k, &lin_ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_neg(m, v, k, &lin_ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_add(b, u, m, k, &lin_ws), NHREF_OK);
    }
    ck_series_eq(a, b, "u - v vs u + (-v)");
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_add(a, u, v, k, &lin_ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_add(b, v, u, k, &lin_ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_neg(m, u, k, &lin_ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_neg(cs, m, k, &lin_ws), NHREF_OK);
    }
    ck_series_eq(a, b, "u + v vs v + u");
    ck_series_eq(cs, u, "-(-u)");
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_sub(b, a, v, k, &lin_ws), NHREF_OK);
    ck_series_digits(&f, b, u, "(u + v) - v");

    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_const(cs, "0.1", k, &lin_ws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul(a, cs, v, k, &f.ws), NHREF_OK);
    }
    ck_assert_int_eq(mpfr_set_str(c, "0.1", 10, RND), 0);
    for (k = 0; k <= KI; k++)
        ck_assert_int_eq(nhref_jet_mul_scalar(b, c, v, k, &lin_ws), NHREF_OK);
    ck_series_eq(b, a, "c v vs mul(const c, v)");

    mpfr_clear(c);
    ifx_clear(&f);
}
END_TEST

/* ------------------------------------------------------------------ domain */

enum {
    D_ADD_U,
    D_ADD_V,
    D_SUB_U,
    D_SUB_V,
    D_NEG,
    D_MUL_U,
    D_MUL_V,
    D_MULS_C,
    D_MULS_V,
    D_SQR,
    D_DIV_U,
    D_DIV_V,
    D_SQRT,
    D_SINCOS,
    D_EXP,
    D_LOG,
    D_ATAN,
    D_ATANH,
    D_TANH,
    D_POW0,
    D_POW1,
    D_POW2,
    D_POW3,
    D_POWM1,
    D_ASIN,
    D_ACOS,
    D_SINHCOSH,
    D_POWS_U,
    D_POWS_C,
    D_POW_U,
    D_POW_V,
    D_NOPS
};

static const char *const d_names[D_NOPS] = {
    "add(u)", "add(v)",        "sub(u)",        "sub(v)",        "neg",           "mul(u)",
    "mul(v)", "mul_scalar(c)", "mul_scalar(v)", "sqr",           "div(u)",        "div(v)",
    "sqrt",   "sincos",        "exp",           "log",           "atan",          "atanh",
    "tanh",   "pow_si(0)",     "pow_si(1)",     "pow_si(2)",     "pow_si(3)",     "pow_si(-1)",
    "asin",   "acos",          "sinhcosh",      "pow_scalar(u)", "pow_scalar(c)", "pow(u)",
    "pow(v)"};

/* Order k of operation OP on u (and v, c); w2 is cos for sincos, d the auxiliary. */
static int d_call(int op, mpfr_ptr w, mpfr_ptr w2, mpfr_ptr d, mpfr_ptr *aux, mpfr_srcptr u,
                  mpfr_srcptr v, mpfr_srcptr c, unsigned k, nhref_jet_ws_t *ws)
{
    switch (op) {
    case D_ADD_U:
    case D_ADD_V:
        return nhref_jet_add(w, u, v, k, &lin_ws);
    case D_SUB_U:
    case D_SUB_V:
        return nhref_jet_sub(w, u, v, k, &lin_ws);
    case D_NEG:
        return nhref_jet_neg(w, u, k, &lin_ws);
    case D_MUL_U:
    case D_MUL_V:
        return nhref_jet_mul(w, u, v, k, ws);
    case D_MULS_C:
    case D_MULS_V:
        return nhref_jet_mul_scalar(w, c, v, k, &lin_ws);
    case D_SQR:
        return nhref_jet_sqr(w, u, k, ws);
    case D_DIV_U:
    case D_DIV_V:
        return nhref_jet_div(w, u, v, k, ws);
    case D_SQRT:
        return nhref_jet_sqrt(w, u, k, ws);
    case D_SINCOS:
        return nhref_jet_sincos(w, w2, u, k, ws);
    case D_EXP:
        return nhref_jet_exp(w, u, k, ws);
    case D_LOG:
        return nhref_jet_log(w, u, k, ws);
    case D_ATAN:
        return nhref_jet_atan(w, d, u, k, ws);
    case D_ATANH:
        return nhref_jet_atanh(w, d, u, k, ws);
    case D_TANH:
        return nhref_jet_tanh(w, d, u, k, ws);
    case D_POW0:
        return nhref_jet_pow_si(w, aux, u, 0, k, ws);
    case D_POW1:
        return nhref_jet_pow_si(w, aux, u, 1, k, ws);
    case D_POW2:
        return nhref_jet_pow_si(w, aux, u, 2, k, ws);
    case D_POW3:
        return nhref_jet_pow_si(w, aux, u, 3, k, ws);
    case D_ASIN:
        return nhref_jet_asin(w, w2, d, u, k, ws);
    case D_ACOS:
        return nhref_jet_acos(w, w2, d, u, k, ws);
    case D_SINHCOSH:
        return nhref_jet_sinhcosh(w, w2, u, k, ws);
    case D_POWS_U:
    case D_POWS_C:
        return nhref_jet_pow_scalar(w, u, c, k, ws);
    case D_POW_U:
    case D_POW_V:
        return nhref_jet_pow(w, w2, d, u, v, k, ws);
    default:
        return nhref_jet_pow_si(w, aux, u, -1, k, ws);
    }
}

/* The argument of OP that receives the bad value. */
static mpfr_ptr d_target(int op, mpfr_ptr u, mpfr_ptr v, mpfr_ptr c, unsigned k)
{
    switch (op) {
    case D_ADD_V:
    case D_SUB_V:
    case D_MUL_V:
    case D_MULS_V:
    case D_DIV_V:
    case D_POW_V:
        return v + k;
    case D_MULS_C:
    case D_POWS_C:
        return c;
    default:
        return u + k;
    }
}

/* Loop over (op, bad value, order of the bad value): a NaN, +Inf or -Inf
 * argument at order 0 (called at k = 0) or order 2 (called at k = 2 after
 * orders 0 and 1 succeeded) gives NHREF_EDOMAIN and a NaN coefficient. */
START_TEST(test_domain_nonfinite)
{
    int op = _i / 6, bad = (_i / 2) % 3;
    unsigned kbad = (unsigned)(_i % 2) * 2, k;
    nhref_jet_ws_t ws;
    mpfr_ptr u, v, w, w2, d;
    mpfr_ptr *aux;
    mpfr_t c;
    unsigned naux = nhref_jet_pow_si_naux(3);

    nhref_jet_ws_init(&ws, 113);
    u = ser_new(4, 113);
    v = ser_new(4, 113);
    w = ser_new(4, 113);
    w2 = ser_new(4, 113);
    d = ser_new(4, 113);
    aux = aux_new(naux, 4, 113);
    mpfr_init2(c, 113);
    set_ident(u, 3, "0.25");
    set_ident(v, 3, "0.5");
    mpfr_set_str(c, "3", 10, RND);
    for (k = 0; k < kbad; k++)
        ck_assert_msg(d_call(op, w, w2, d, aux, u, v, c, k, &ws) == NHREF_OK, "%s: order %u",
                      d_names[op], k);
    if (bad == 0)
        mpfr_set_nan(d_target(op, u, v, c, kbad));
    else
        mpfr_set_inf(d_target(op, u, v, c, kbad), bad == 1 ? 1 : -1);
    ck_assert_msg(d_call(op, w, w2, d, aux, u, v, c, kbad, &ws) == NHREF_EDOMAIN,
                  "%s: %s at order %u not NHREF_EDOMAIN", d_names[op],
                  bad == 0   ? "NaN"
                  : bad == 1 ? "+Inf"
                             : "-Inf",
                  kbad);
    ck_assert_msg(mpfr_nan_p(w + kbad), "%s: coefficient not NaN", d_names[op]);
    if (op == D_SINCOS || op == D_SINHCOSH)
        ck_assert_msg(mpfr_nan_p(w2 + kbad), "%s: cos coefficient not NaN", d_names[op]);

    mpfr_clear(c);
    aux_free(aux, naux, 4);
    ser_free(u, 4);
    ser_free(v, 4);
    ser_free(w, 4);
    ser_free(w2, 4);
    ser_free(d, 4);
    nhref_jet_ws_clear(&ws);
}
END_TEST

/* Expect NHREF_EDOMAIN and NaN at order k. */
#define CK_EDOMAIN(call, w, k)                                                                     \
    do {                                                                                           \
        ck_assert_int_eq((call), NHREF_EDOMAIN);                                                   \
        ck_assert_msg(mpfr_nan_p((w) + (k)), "%s: coefficient %u not NaN", #call, (k));            \
    } while (0)

/* The domain conditions of the header, at order 0 and at order 1. */
START_TEST(test_domain_conditions)
{
    nhref_jet_ws_t ws;
    mpfr_ptr u, v, w, d;
    mpfr_t z;

    nhref_jet_ws_init(&ws, 113);
    u = ser_new(3, 113);
    v = ser_new(3, 113);
    w = ser_new(3, 113);
    d = ser_new(3, 113);
    mpfr_init2(z, 113);
    mpfr_set_zero(z, 1);

    /* sqrt: u0 < 0 at k = 0; u0 = 0 fine at k = 0 (w0 = 0), not at k >= 1 */
    set_ident(u, 2, "-1");
    CK_EDOMAIN(nhref_jet_sqrt(w, u, 0, &ws), w, 0u);
    set_ident(u, 2, "-1e-300");
    CK_EDOMAIN(nhref_jet_sqrt(w, u, 0, &ws), w, 0u);
    set_ident(u, 2, "0");
    ck_assert_int_eq(nhref_jet_sqrt(w, u, 0, &ws), NHREF_OK);
    ck_assert_mpfr_eq(w, z);
    CK_EDOMAIN(nhref_jet_sqrt(w, u, 1, &ws), w, 1u);
    mpfr_neg(u, u, RND); /* -0 */
    ck_assert_int_eq(nhref_jet_sqrt(w, u, 0, &ws), NHREF_OK);
    CK_EDOMAIN(nhref_jet_sqrt(w, u, 1, &ws), w, 1u);

    /* div: v0 = 0 at every order */
    set_ident(u, 2, "1");
    set_ident(v, 2, "0");
    CK_EDOMAIN(nhref_jet_div(w, u, v, 0, &ws), w, 0u);
    CK_EDOMAIN(nhref_jet_div(w, u, v, 1, &ws), w, 1u);
    set_ident(u, 2, "0");
    CK_EDOMAIN(nhref_jet_div(w, u, v, 0, &ws), w, 0u); /* 0 / 0 */

    /* log: u0 <= 0 */
    set_ident(u, 2, "0");
    CK_EDOMAIN(nhref_jet_log(w, u, 0, &ws), w, 0u);
    CK_EDOMAIN(nhref_jet_log(w, u, 1, &ws), w, 1u);
    set_ident(u, 2, "-1");
    CK_EDOMAIN(nhref_jet_log(w, u, 0, &ws), w, 0u);
    CK_EDOMAIN(nhref_jet_log(w, u, 1, &ws), w, 1u);

    /* atanh: |u0| >= 1 */
    set_ident(u, 2, "1");
    CK_EDOMAIN(nhref_jet_atanh(w, d, u, 0, &ws), w, 0u);
    CK_EDOMAIN(nhref_jet_atanh(w, d, u, 1, &ws), w, 1u);
    set_ident(u, 2, "-1");
    CK_EDOMAIN(nhref_jet_atanh(w, d, u, 0, &ws), w, 0u);
    set_ident(u, 2, "1.5");
    CK_EDOMAIN(nhref_jet_atanh(w, d, u, 0, &ws), w, 0u);
    set_ident(u, 2, "-7");
    CK_EDOMAIN(nhref_jet_atanh(w, d, u, 0, &ws), w, 0u);

    /* pow_si: u0 = 0 with n < 0 */
    set_ident(u, 2, "0");
    CK_EDOMAIN(nhref_jet_pow_si(w, NULL, u, -1, 0, &ws), w, 0u);
    CK_EDOMAIN(nhref_jet_pow_si(w, NULL, u, -1, 1, &ws), w, 1u);
    CK_EDOMAIN(nhref_jet_pow_si(w, NULL, u, -2, 0, &ws), w, 0u);
    CK_EDOMAIN(nhref_jet_pow_si(w, NULL, u, LONG_MIN, 0, &ws), w, 0u);

    /* asin, acos: |u0| > 1 at k = 0; |u0| = 1 fine at k = 0 (pi/2, 0, pi), not at k >= 1 */
    {
        mpfr_ptr q = ser_new(3, 113);
        mpfr_t e;
        mpfr_init2(e, 113);
        set_ident(u, 2, "1.5");
        CK_EDOMAIN(nhref_jet_asin(w, q, d, u, 0, &ws), w, 0u);
        CK_EDOMAIN(nhref_jet_acos(w, q, d, u, 0, &ws), w, 0u);
        set_ident(u, 2, "-1.0000000001");
        CK_EDOMAIN(nhref_jet_asin(w, q, d, u, 0, &ws), w, 0u);
        CK_EDOMAIN(nhref_jet_asin(w, q, d, u, 1, &ws), w, 1u);
        set_ident(u, 2, "1");
        ck_assert_int_eq(nhref_jet_asin(w, q, d, u, 0, &ws), NHREF_OK);
        mpfr_const_pi(e, RND);
        mpfr_div_2ui(e, e, 1, RND);
        ck_assert_mpfr_eq(w, e);
        CK_EDOMAIN(nhref_jet_asin(w, q, d, u, 1, &ws), w, 1u);
        ck_assert_int_eq(nhref_jet_acos(w, q, d, u, 0, &ws), NHREF_OK);
        ck_assert_mpfr_eq(w, z);
        CK_EDOMAIN(nhref_jet_acos(w, q, d, u, 1, &ws), w, 1u);
        set_ident(u, 2, "-1");
        ck_assert_int_eq(nhref_jet_acos(w, q, d, u, 0, &ws), NHREF_OK);
        mpfr_const_pi(e, RND);
        ck_assert_mpfr_eq(w, e);
        CK_EDOMAIN(nhref_jet_acos(w, q, d, u, 1, &ws), w, 1u);
        mpfr_clear(e);
        ser_free(q, 3);
    }

    /* real powers: u0 <= 0 at every order, whatever the exponent (also an integer
     * one: pow_si takes any base); the series exponent too */
    {
        mpfr_ptr l = ser_new(3, 113);
        mpfr_t c;
        mpfr_init2(c, 113);
        mpfr_set_ui(c, 2, RND);
        set_ident(v, 2, "0.5");
        set_ident(u, 2, "0");
        CK_EDOMAIN(nhref_jet_pow_scalar(w, u, c, 0, &ws), w, 0u);
        CK_EDOMAIN(nhref_jet_pow_scalar(w, u, c, 1, &ws), w, 1u);
        CK_EDOMAIN(nhref_jet_pow(w, l, d, u, v, 0, &ws), w, 0u);
        CK_EDOMAIN(nhref_jet_pow(w, l, d, u, v, 1, &ws), w, 1u);
        set_ident(u, 2, "-8");
        CK_EDOMAIN(nhref_jet_pow_scalar(w, u, c, 0, &ws), w, 0u);
        CK_EDOMAIN(nhref_jet_pow(w, l, d, u, v, 0, &ws), w, 0u);
        /* a non-finite exponent, also where mpfr_pow(1, NaN) = 1 */
        set_ident(u, 2, "1");
        mpfr_set_nan(c);
        CK_EDOMAIN(nhref_jet_pow_scalar(w, u, c, 0, &ws), w, 0u);
        mpfr_set_inf(v, 1);
        CK_EDOMAIN(nhref_jet_pow(w, l, d, u, v, 0, &ws), w, 0u);
        /* overflow of u0^c */
        set_ident(u, 2, "1e1000000");
        mpfr_set_ui(c, 1000000, RND);
        CK_EDOMAIN(nhref_jet_pow_scalar(w, u, c, 0, &ws), w, 0u);
        mpfr_clear(c);
        ser_free(l, 3);
    }

    /* sinh, cosh: overflow of sinh(u0), cosh(u0) */
    set_ident(u, 2, "-1e10");
    CK_EDOMAIN(nhref_jet_sinhcosh(w, d, u, 0, &ws), w, 0u);
    ck_assert(mpfr_nan_p(d));

    /* exp: overflow of exp(u0) */
    set_ident(u, 2, "1e10");
    CK_EDOMAIN(nhref_jet_exp(w, u, 0, &ws), w, 0u);
    /* underflow is not an error */
    set_ident(u, 2, "-1e10");
    ck_assert_int_eq(nhref_jet_exp(w, u, 0, &ws), NHREF_OK);
    ck_assert_mpfr_eq(w, z);

    mpfr_clear(z);
    ser_free(u, 3);
    ser_free(v, 3);
    ser_free(w, 3);
    ser_free(d, 3);
    nhref_jet_ws_clear(&ws);
}
END_TEST

/* Overflow at a higher order: u = v = 1 + 2^(emax/2 + 1) h; (uv)_2 = u_1 v_1
 * overflows.  Same for sqr, and pow_si(u, 2) and (u, 3). */
START_TEST(test_domain_overflow)
{
    nhref_jet_ws_t ws;
    mpfr_ptr u, w;
    mpfr_ptr *aux;
    unsigned k;

    nhref_jet_ws_init(&ws, 53);
    u = ser_new(3, 53);
    w = ser_new(3, 53);
    aux = aux_new(nhref_jet_pow_si_naux(3), 3, 53);
    set_ident(u, 2, "1");
    mpfr_set_ui_2exp(u + 1, 1, mpfr_get_emax() / 2 + 1, RND);
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_mul(w, u, u, k, &ws), NHREF_OK);
    CK_EDOMAIN(nhref_jet_mul(w, u, u, 2, &ws), w, 2u);
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_sqr(w, u, k, &ws), NHREF_OK);
    CK_EDOMAIN(nhref_jet_sqr(w, u, 2, &ws), w, 2u);
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_pow_si(w, aux, u, 3, k, &ws), NHREF_OK);
    CK_EDOMAIN(nhref_jet_pow_si(w, aux, u, 3, 2, &ws), w, 2u);
    /* and exp: w_2 = (u_1 w_1 + 2 u_2 w_0) / 2 with w_1 = u_1 */
    mpfr_set_zero(u, 1);
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_exp(w, u, k, &ws), NHREF_OK);
    CK_EDOMAIN(nhref_jet_exp(w, u, 2, &ws), w, 2u);

    aux_free(aux, nhref_jet_pow_si_naux(3), 3);
    ser_free(u, 3);
    ser_free(w, 3);
    nhref_jet_ws_clear(&ws);
}
END_TEST

/* ------------------------------------------------------------------ const */

/* "0.1" equals mpfr_set_str at each precision; k >= 1 gives 0. */
START_TEST(test_const_value)
{
    static const char *ok[] = {
        "0.1", "-2.5e-3", "+7",
        ".5",  "5.",      "1E+10",
        "0",   "-0.0",    "314159265358979323846264338327950288419716939937510e-50"};
    mpfr_prec_t p = coeff_precs[_i];
    mpfr_ptr w = ser_new(6, p);
    mpfr_t e;
    unsigned i, k;

    mpfr_init2(e, p);
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        ck_assert_int_eq(nhref_jet_const(w, ok[i], 0, &lin_ws), NHREF_OK);
        mpfr_set_str(e, ok[i], 10, RND);
        ck_assert_mpfr_eq(w, e);
        ck_assert_int_eq(mpfr_signbit(w), mpfr_signbit(e));
        for (k = 1; k <= 5; k++) {
            ck_assert_int_eq(nhref_jet_const(w, ok[i], k, &lin_ws), NHREF_OK);
            ck_assert(mpfr_zero_p(w + k));
        }
    }
    mpfr_clear(e);
    ser_free(w, 6);
}
END_TEST

/* Malformed strings are NHREF_EPARSE (NaN), at every order; an overflowing
 * value is NHREF_EDOMAIN. */
START_TEST(test_const_malformed)
{
    static const char *bad[] = {"1.2.3", "",      "abc", "-3/2",  "1e",   "1e+", "nan",
                                "inf",   "@Inf@", " 1",  "1 ",    "0x10", ".",   "-",
                                "e5",    "1..2",  "--1", "1e5.0", "1,5",  "1@5"};
    mpfr_ptr w = ser_new(3, 333);
    unsigned i, k;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        for (k = 0; k <= 2; k++) {
            mpfr_set_ui(w + k, 1, RND);
            ck_assert_msg(nhref_jet_const(w, bad[i], k, &lin_ws) == NHREF_EPARSE,
                          "'%s' at order %u not NHREF_EPARSE", bad[i], k);
            ck_assert(mpfr_nan_p(w + k));
        }
    ck_assert_int_eq(nhref_jet_const(w, NULL, 0, &lin_ws), NHREF_EPARSE);
    ck_assert_int_eq(nhref_jet_const(w, "1e99999999999", 0, &lin_ws), NHREF_EDOMAIN);
    ck_assert(mpfr_nan_p(w));
    ser_free(w, 3);
}
END_TEST

/* ------------------------------------------------------------------ double */

/* The double kernels (nhref_jet_*_d) against the MPFR kernels at DP = 200
 * bits, run on the SAME input series (doubles, converted exactly by
 * mpfr_set_d: here the double values are the input, not decimal constants).
 *
 * Tolerance.  Let e = 2^-53 = DBL_EPSILON / 2 and, for each kernel, W the
 * majorant jet: the kernel's recurrence run on the absolute values of its
 * inputs and of its order-0 values, every subtraction turned into an addition
 * (e.g. exp: W_0 = |w_0|, W_k = (1/k) sum j |u_j| W_{k-j}; div: W_k =
 * (|u_k| + sum |v_j| W_{k-j}) / |v_0|; the auxiliary series d and the pair
 * sin/cos get their own majorants D, C).  W_k bounds the size of the terms
 * of order k and of everything that feeds into them.
 *   - Order k >= 1 sums at most k terms, each of at most 2 products, then 1
 *     or 2 divisions: its rounding error is at most (k + 4) e times the sum of
 *     the absolute values of its terms (Higham, Accuracy and Stability, §3.1).
 *   - The errors of the orders below it enter linearly with the same weights,
 *     so by induction |w_k(double) - w_k| <= m(k) e W_k to first order, with
 *     m(0) = c_0 <= 12 (libm's sin, cos, exp, log, atan, atanh, tanh, asin, acos,
 *     sinh, cosh, pow within 2 ulp in glibc; d_0 of atanh within 3 e, of tanh within
 *     11 e) and m(k) <= m(k-1) + k + 4, i.e. m(k) <= c_0 + k (k + 9) / 2.
 *     Where the auxiliary series is rebuilt from the result (tanh: d_k from
 *     w_0..w_k) its error adds m(k-1) + c_0 + k once more: m(k) <= m(k-1) +
 *     2 k + c_0 + 5, i.e. m(k) <= k^2 + 18 k + 12, which bounds every case.
 *     pow_si at u_0 = 0 (binary powering, no recurrence in k): m(k) <=
 *     (n - 1)(k + 1), within the same bound for the n <= 13 used here.
 *   - The MPFR reference is within k^2 2^-200 W_k of the exact value, and its
 *     rounding to double adds e |w_k| <= e W_k.
 * So |w_k(double) - ref_k| <= (k^2 + 18 k + 13) e W_k <= 64 k DBL_EPSILON W_k
 * (= 128 k e W_k) for 1 <= k <= 109, which covers K = 30; at k = 0 (libm vs
 * MPFR, a few ulp) the tolerance is 64 DBL_EPSILON |w_0|.  Measured: the worst
 * ratio is far below 64 (print it with NHREF_TEST_VERBOSE=1). */

#define DP 200 /* bits of the MPFR reference */

enum {
    DD_ADD,
    DD_SUB,
    DD_NEG,
    DD_MUL,
    DD_MULS,
    DD_SQR,
    DD_DIV,
    DD_SQRT,
    DD_SINCOS,
    DD_EXP,
    DD_LOG,
    DD_ATAN,
    DD_ATANH,
    DD_TANH,
    DD_POW,
    DD_ASIN,
    DD_ACOS,
    DD_SINHCOSH,
    DD_POWS, /* pow_scalar, c = va */
    DD_POWV  /* pow with a series exponent v */
};

/* One comparison: operation, exponent (pow_si), u = ua + ub r_k 2^-k,
 * v = va + vb r_k 2^-k (va is c for mul_scalar), orders 0..K. */
typedef struct {
    const char *name;
    int op;
    long n;
    double ua, ub, va, vb;
    unsigned K;
} dcase_t;

static const dcase_t dcases[] = {
    {"add", DD_ADD, 0, 0.7, 1, -1.3, 1, KI},
    {"sub", DD_SUB, 0, 0.7, 1, -1.3, 1, KI},
    {"neg", DD_NEG, 0, 0.7, 1, 0, 0, KI},
    {"mul", DD_MUL, 0, 0.7, 1, -1.3, 1, KI},
    {"mul_scalar", DD_MULS, 0, 0, 0, -2.7, 1, KI},
    {"sqr", DD_SQR, 0, 0.7, 1, 0, 0, KI},
    {"sqr(u0=-1.3)", DD_SQR, 0, -1.3, 2, 0, 0, KI},
    {"div", DD_DIV, 0, 0.7, 1, 2.5, 1, KI},
    {"div(v0=-1.3)", DD_DIV, 0, 0.7, 1, -1.3, 0.5, KI},
    {"sqrt", DD_SQRT, 0, 2.5, 1, 0, 0, KI},
    {"sqrt(u0=0.3)", DD_SQRT, 0, 0.3, 0.1, 0, 0, KI},
    {"sincos", DD_SINCOS, 0, 0.7, 1, 0, 0, KI},
    {"sincos(u0=100.5)", DD_SINCOS, 0, 100.5, 2, 0, 0, KI},
    {"exp", DD_EXP, 0, 0.7, 1, 0, 0, KI},
    {"exp(u0=-1.3)", DD_EXP, 0, -1.3, 2, 0, 0, KI},
    {"exp(u0=12.25)", DD_EXP, 0, 12.25, 1, 0, 0, KI},
    {"log", DD_LOG, 0, 2.5, 1, 0, 0, KI},
    {"log(u0=0.7)", DD_LOG, 0, 0.7, 0.3, 0, 0, KI},
    {"atan", DD_ATAN, 0, 0.7, 1, 0, 0, KI},
    {"atan(u0=-3)", DD_ATAN, 0, -3, 2, 0, 0, KI},
    {"atanh", DD_ATANH, 0, 0.3, 0.5, 0, 0, KI},
    {"atanh(u0=0.95)", DD_ATANH, 0, 0.95, 0.04, 0, 0, KI},
    {"atanh(u0=-0.6)", DD_ATANH, 0, -0.6, 0.3, 0, 0, KI},
    {"tanh", DD_TANH, 0, 0.7, 1, 0, 0, KI},
    {"tanh(u0=-2)", DD_TANH, 0, -2, 1, 0, 0, KI},
    {"tanh(u0=20)", DD_TANH, 0, 20, 1, 0, 0, KI},
    {"pow_si(-3)", DD_POW, -3, 0.7, 0.5, 0, 0, KI},
    {"pow_si(-2, u0=-1.3)", DD_POW, -2, -1.3, 1, 0, 0, KI},
    {"pow_si(-1)", DD_POW, -1, 0.7, 0.5, 0, 0, KI},
    {"pow_si(0)", DD_POW, 0, 0.7, 0.5, 0, 0, KI},
    {"pow_si(1)", DD_POW, 1, 0.7, 0.5, 0, 0, KI},
    {"pow_si(2)", DD_POW, 2, 0.7, 0.5, 0, 0, KI},
    {"pow_si(3)", DD_POW, 3, 0.7, 0.5, 0, 0, KI},
    {"pow_si(3, u0=-1.3)", DD_POW, 3, -1.3, 1, 0, 0, KI},
    {"pow_si(5)", DD_POW, 5, 0.7, 0.5, 0, 0, KI},
    {"pow_si(7)", DD_POW, 7, 0.7, 0.5, 0, 0, KI},
    {"pow_si(13)", DD_POW, 13, 0.7, 0.5, 0, 0, KI},
    {"pow_si(3, u0=0)", DD_POW, 3, 0, 1, 0, 0, KI},
    {"pow_si(5, u0=0)", DD_POW, 5, 0, 1, 0, 0, KI},
    {"pow_si(7, u0=0)", DD_POW, 7, 0, 1, 0, 0, KI},
    {"pow_si(13, u0=0)", DD_POW, 13, 0, 1, 0, 0, KI},
    {"pow_si(LONG_MAX, u0=-1)", DD_POW, LONG_MAX, -1, 0x1p-60, 0, 0, 4},
    {"pow_si(LONG_MIN, u0=-1)", DD_POW, LONG_MIN, -1, 0x1p-60, 0, 0, 4},
    {"asin", DD_ASIN, 0, 0.3, 0.5, 0, 0, KI},
    {"asin(u0=0.95)", DD_ASIN, 0, 0.95, 0.04, 0, 0, KI},
    {"asin(u0=-0.6)", DD_ASIN, 0, -0.6, 0.3, 0, 0, KI},
    {"acos", DD_ACOS, 0, 0.3, 0.5, 0, 0, KI},
    {"acos(u0=-0.95)", DD_ACOS, 0, -0.95, 0.04, 0, 0, KI},
    {"sinhcosh", DD_SINHCOSH, 0, 0.7, 1, 0, 0, KI},
    {"sinhcosh(u0=-20)", DD_SINHCOSH, 0, -20, 1, 0, 0, KI},
    {"pow_scalar(1.5)", DD_POWS, 0, 0.7, 0.5, 1.5, 0, KI},
    {"pow_scalar(-2.75, u0=2.5)", DD_POWS, 0, 2.5, 1, -2.75, 0, KI},
    {"pow_scalar(1/3, u0=1e-3)", DD_POWS, 0, 1e-3, 5e-4, 1.0 / 3.0, 0, KI},
    {"pow(u, v)", DD_POWV, 0, 1.5, 1, -0.7, 1, KI},
    {"pow(u, v), u0=0.3", DD_POWV, 0, 0.3, 0.2, 2.5, 1, KI},
};

#define NDCASES ((int)(sizeof(dcases) / sizeof(dcases[0])))

/* u_0 = a, u_k = b r_k 2^-k (r_k uniform in [-1, 1)), the double twin of set_random. */
static void set_random_d(double *u, unsigned K, double a, double b, unsigned long stream)
{
    unsigned k;

    rng_seed(stream);
    u[0] = a;
    for (k = 1; k <= K; k++)
        u[k] = b * ldexp((double)rng_next(), -30 - (int)k);
}

/* Order k of the MPFR kernel of case C; w2 is cos or the auxiliary d. */
static int dd_call_mp(const dcase_t *c, mpfr_ptr w, mpfr_ptr w2, mpfr_ptr *aux, mpfr_srcptr u,
                      mpfr_srcptr v, unsigned k, nhref_jet_ws_t *ws)
{
    switch (c->op) {
    case DD_ADD:
        return nhref_jet_add(w, u, v, k, &lin_ws);
    case DD_SUB:
        return nhref_jet_sub(w, u, v, k, &lin_ws);
    case DD_NEG:
        return nhref_jet_neg(w, u, k, &lin_ws);
    case DD_MUL:
        return nhref_jet_mul(w, u, v, k, ws);
    case DD_MULS:
        return nhref_jet_mul_scalar(w, v, v, k, &lin_ws); /* c = v_0 */
    case DD_SQR:
        return nhref_jet_sqr(w, u, k, ws);
    case DD_DIV:
        return nhref_jet_div(w, u, v, k, ws);
    case DD_SQRT:
        return nhref_jet_sqrt(w, u, k, ws);
    case DD_SINCOS:
        return nhref_jet_sincos(w, w2, u, k, ws);
    case DD_EXP:
        return nhref_jet_exp(w, u, k, ws);
    case DD_LOG:
        return nhref_jet_log(w, u, k, ws);
    case DD_ATAN:
        return nhref_jet_atan(w, w2, u, k, ws);
    case DD_ATANH:
        return nhref_jet_atanh(w, w2, u, k, ws);
    case DD_TANH:
        return nhref_jet_tanh(w, w2, u, k, ws);
    case DD_ASIN: /* w2: the auxiliary d = sqrt(1 - u^2); aux[0]: q */
        return nhref_jet_asin(w, aux[0], w2, u, k, ws);
    case DD_ACOS:
        return nhref_jet_acos(w, aux[0], w2, u, k, ws);
    case DD_SINHCOSH:
        return nhref_jet_sinhcosh(w, w2, u, k, ws);
    case DD_POWS:
        return nhref_jet_pow_scalar(w, u, v, k, ws); /* c = v_0 */
    case DD_POWV:                                    /* aux: l = log u, g = v l */
        return nhref_jet_pow(w, aux[0], aux[1], u, v, k, ws);
    default:
        return nhref_jet_pow_si(w, aux, u, c->n, k, ws);
    }
}

/* The same in double. */
static int dd_call_d(const dcase_t *c, double *w, double *w2, double **aux, const double *u,
                     const double *v, unsigned k)
{
    switch (c->op) {
    case DD_ADD:
        return nhref_jet_add_d(w, u, v, k, &dws);
    case DD_SUB:
        return nhref_jet_sub_d(w, u, v, k, &dws);
    case DD_NEG:
        return nhref_jet_neg_d(w, u, k, &dws);
    case DD_MUL:
        return nhref_jet_mul_d(w, u, v, k, &dws);
    case DD_MULS:
        return nhref_jet_mul_scalar_d(w, v, v, k, &dws);
    case DD_SQR:
        return nhref_jet_sqr_d(w, u, k, &dws);
    case DD_DIV:
        return nhref_jet_div_d(w, u, v, k, &dws);
    case DD_SQRT:
        return nhref_jet_sqrt_d(w, u, k, &dws);
    case DD_SINCOS:
        return nhref_jet_sincos_d(w, w2, u, k, &dws);
    case DD_EXP:
        return nhref_jet_exp_d(w, u, k, &dws);
    case DD_LOG:
        return nhref_jet_log_d(w, u, k, &dws);
    case DD_ATAN:
        return nhref_jet_atan_d(w, w2, u, k, &dws);
    case DD_ATANH:
        return nhref_jet_atanh_d(w, w2, u, k, &dws);
    case DD_TANH:
        return nhref_jet_tanh_d(w, w2, u, k, &dws);
    case DD_ASIN:
        return nhref_jet_asin_d(w, aux[0], w2, u, k, &dws);
    case DD_ACOS:
        return nhref_jet_acos_d(w, aux[0], w2, u, k, &dws);
    case DD_SINHCOSH:
        return nhref_jet_sinhcosh_d(w, w2, u, k, &dws);
    case DD_POWS:
        return nhref_jet_pow_scalar_d(w, u, v, k, &dws);
    case DD_POWV:
        return nhref_jet_pow_d(w, aux[0], aux[1], u, v, k, &dws);
    default:
        return nhref_jet_pow_si_d(w, aux, u, c->n, k, &dws);
    }
}

/* sum_{j=lo..hi} wt(j) |x_j| |y_{k-j}|, wt(j) = j if WEIGHTED else 1. */
static double abs_conv(const double *x, const double *y, unsigned lo, unsigned hi, unsigned k,
                       int weighted)
{
    double s = 0.0;
    unsigned j;

    for (j = lo; j <= hi && j <= k; j++)
        s += (weighted ? (double)j : 1.0) * fabs(x[j]) * fabs(y[k - j]);
    return s;
}

/* The majorants W (of w or sin) and W2 (of cos or d) of case C to order K,
 * from the inputs A = u, B = v and the reference order-0 values r0, r20. */
static void dd_majorant(const dcase_t *c, double *W, double *W2, const double *A, const double *B,
                        double r0, double r20, unsigned K)
{
    double Q[KI + 1], G[KI + 1]; /* the majorants of further auxiliary series */
    unsigned k, i;

    W[0] = fabs(r0);
    W2[0] = fabs(r20);
    for (k = 0; k <= K; k++) {
        double dk = (double)(k > 0 ? k : 1);

        switch (c->op) {
        case DD_ADD:
        case DD_SUB:
            W[k] = fabs(A[k]) + fabs(B[k]);
            break;
        case DD_NEG:
            W[k] = fabs(A[k]);
            break;
        case DD_MUL:
            W[k] = abs_conv(A, B, 0, k, k, 0);
            break;
        case DD_MULS:
            W[k] = fabs(B[0]) * fabs(B[k]);
            break;
        case DD_SQR:
            W[k] = abs_conv(A, A, 0, k, k, 0);
            break;
        case DD_DIV:
            if (k > 0)
                W[k] = (fabs(A[k]) + abs_conv(B, W, 1, k, k, 0)) / fabs(B[0]);
            break;
        case DD_SQRT:
            if (k > 0)
                W[k] = (fabs(A[k]) + abs_conv(W, W, 1, k - 1, k, 0)) / (2.0 * W[0]);
            break;
        case DD_SINCOS:
        case DD_SINHCOSH:
            if (k > 0) {
                W[k] = abs_conv(A, W2, 1, k, k, 1) / dk;
                W2[k] = abs_conv(A, W, 1, k, k, 1) / dk;
            }
            break;
        case DD_ASIN: /* W2: d = sqrt(q), Q: q = 1 - u^2, as sqrt and atan above */
        case DD_ACOS:
            Q[k] = k == 0 ? fabs(1.0 - A[0] * A[0]) : abs_conv(A, A, 0, k, k, 0);
            if (k > 0) {
                W2[k] = (Q[k] + abs_conv(W2, W2, 1, k - 1, k, 0)) / (2.0 * W2[0]);
                W[k] = (fabs(A[k]) + abs_conv(W, W2, 1, k - 1, k, 1) / dk) / W2[0];
            }
            break;
        case DD_POWS: /* Miller's, its two sums apart: (|c| j + (k - j)) */
            if (k > 0) {
                double s = 0.0;
                for (i = 1; i <= k; i++)
                    s += (fabs(B[0]) * (double)i + (double)(k - i)) * fabs(A[i]) * W[k - i];
                W[k] = s / dk / fabs(A[0]);
            }
            break;
        case DD_POWV: /* Q: l = log u, G: g = v l, then the exponential's */
            Q[k] = k == 0 ? fabs(log(A[0]))
                          : (fabs(A[k]) + abs_conv(Q, A, 1, k - 1, k, 1) / dk) / fabs(A[0]);
            G[k] = abs_conv(B, Q, 0, k, k, 0);
            if (k > 0)
                W[k] = abs_conv(G, W, 1, k, k, 1) / dk;
            break;
        case DD_EXP:
            if (k > 0)
                W[k] = abs_conv(A, W, 1, k, k, 1) / dk;
            break;
        case DD_LOG:
            if (k > 0)
                W[k] = (fabs(A[k]) + abs_conv(W, A, 1, k - 1, k, 1) / dk) / fabs(A[0]);
            break;
        case DD_ATAN:
        case DD_ATANH:
            if (k > 0) {
                W2[k] = abs_conv(A, A, 0, k, k, 0);
                W[k] = (fabs(A[k]) + abs_conv(W, W2, 1, k - 1, k, 1) / dk) / W2[0];
            }
            break;
        case DD_TANH:
            if (k > 0) {
                W[k] = abs_conv(A, W2, 1, k, k, 1) / dk;
                W2[k] = abs_conv(W, W, 0, k, k, 0);
            }
            break;
        default:
            if (c->n == 0) {
                W[k] = k == 0 ? 1.0 : 0.0;
            } else if (c->n == 1) {
                W[k] = fabs(A[k]);
            } else if (A[0] == 0.0 || c->n == 2) {
                /* |u|^n by n - 1 Cauchy products: W2 holds |u|^i */
                for (i = 0; i <= k; i++)
                    W2[i] = fabs(A[i]);
                for (i = 1; i < (unsigned)c->n; i++) {
                    unsigned m;

                    for (m = k + 1; m-- > 0;)
                        W2[m] = abs_conv(W2, A, 0, m, m, 0);
                }
                W[k] = W2[k];
            } else if (k > 0) {
                /* Miller: sum |(n + 1) j - k| |u_j| W_{k-j} / (k |u_0|) */
                double s = 0.0, np1 = (double)c->n + 1.0;
                unsigned j;

                for (j = 1; j <= k; j++)
                    s += fabs(np1 * (double)j - (double)k) * fabs(A[j]) * W[k - j];
                W[k] = s / dk / fabs(A[0]);
            }
            break;
        }
    }
}

/* Worst ratio |got - want| / (max(k, 1) DBL_EPSILON W_k) so far, and the order. */
typedef struct {
    double ratio, rel;
    unsigned k;
} dworst_t;

static void ck_double_vs_mp(const dcase_t *c, const char *what, const double *got, mpfr_srcptr want,
                            const double *W, unsigned K, dworst_t *worst)
{
    unsigned k;

    for (k = 0; k <= K; k++) {
        double ref = mpfr_get_d(want + k, RND);
        double err = fabs(got[k] - ref);
        double unit = (double)(k > 0 ? k : 1) * DBL_EPSILON * W[k];

        ck_assert_msg(isfinite(got[k]) && isfinite(ref), "%s %s: order %u not finite", c->name,
                      what, k);
        ck_assert_msg(err <= 64.0 * unit,
                      "%s %s: order %u: double %.17g vs MPFR %.17g, |diff| %.3g > 64 k eps W = "
                      "%.3g (seed %lu)",
                      c->name, what, k, got[k], ref, err, 64.0 * unit, ck_seed());
        if (err > 0.0 && err / unit > worst->ratio) {
            worst->ratio = err / unit;
            worst->k = k;
        }
        if (ref != 0.0 && err / fabs(ref) > worst->rel)
            worst->rel = err / fabs(ref);
    }
}

/* Loop over dcases: every order 0..K of the double kernel agrees with the
 * MPFR kernel at 200 bits (rounded to double) within 64 k DBL_EPSILON W_k. */
START_TEST(test_double_vs_mpfr)
{
    const dcase_t *c = &dcases[_i];
    unsigned K = c->K, n = K + 1, k, i;
    unsigned naux = c->op == DD_POW && c->ua == 0.0 ? nhref_jet_pow_si_naux(c->n)
                    : c->op == DD_ASIN || c->op == DD_ACOS || c->op == DD_POWV ? 2
                                                                               : 0;
    int has2 = c->op == DD_SINCOS || c->op == DD_ATAN || c->op == DD_ATANH || c->op == DD_TANH ||
               c->op == DD_SINHCOSH || c->op == DD_ASIN || c->op == DD_ACOS;
    double u[KI + 1], v[KI + 1], w[KI + 1], w2[KI + 1], W[KI + 1], W2[KI + 1];
    double auxd_store[8][KI + 1];
    double *auxd[8];
    nhref_jet_ws_t ws;
    mpfr_ptr mu, mv, mw, mw2;
    mpfr_ptr *maux;
    dworst_t worst = {0.0, 0.0, 0};

    ck_assert_uint_le(K, KI);
    ck_assert_uint_le(naux, 8);
    for (i = 0; i < 8; i++)
        auxd[i] = auxd_store[i];
    set_random_d(u, K, c->ua, c->ub, 100 + (unsigned long)_i);
    set_random_d(v, K, c->va, c->vb, 200 + (unsigned long)_i);
    nhref_jet_ws_init(&ws, DP);
    mu = ser_new(n, DP);
    mv = ser_new(n, DP);
    mw = ser_new(n, DP);
    mw2 = ser_new(n, DP);
    maux = aux_new(naux, n, DP);
    for (k = 0; k <= K; k++) {
        mpfr_set_d(mu + k, u[k], RND); /* exact */
        mpfr_set_d(mv + k, v[k], RND);
    }
    for (k = 0; k <= K; k++) {
        ck_assert_msg(dd_call_mp(c, mw, mw2, maux, mu, mv, k, &ws) == NHREF_OK, "%s: MPFR order %u",
                      c->name, k);
        ck_assert_msg(dd_call_d(c, w, w2, auxd, u, v, k) == NHREF_OK, "%s: double order %u",
                      c->name, k);
    }
    dd_majorant(c, W, W2, u, v, mpfr_get_d(mw, RND), has2 ? mpfr_get_d(mw2, RND) : 0.0, K);
    ck_double_vs_mp(c,
                    c->op == DD_SINCOS     ? "sin"
                    : c->op == DD_SINHCOSH ? "sinh"
                                           : "w",
                    w, mw, W, K, &worst);
    if (has2)
        ck_double_vs_mp(c,
                        c->op == DD_SINCOS     ? "cos"
                        : c->op == DD_SINHCOSH ? "cosh"
                                               : "d",
                        w2, mw2, W2, K, &worst);
    if (getenv("NHREF_TEST_VERBOSE") != NULL)
        printf("double vs MPFR %-26s worst |diff| = %6.3f k eps W (order %2u), "
               "worst relative %.2e\n",
               c->name, worst.ratio, worst.k, worst.rel);

    aux_free(maux, naux, n);
    ser_free(mu, n);
    ser_free(mv, n);
    ser_free(mw, n);
    ser_free(mw2, n);
    nhref_jet_ws_clear(&ws);
}
END_TEST

/* Order 0 of every double kernel is the C library's function (or the IEEE
 * operation) of u_0, bit for bit. */
START_TEST(test_double_order0)
{
    static const double u0s[] = {0.7, -1.3, 100.5, 1e-5, 0.999, -20.0};
    double u[1], v[1] = {-2.5}, w[1], w2[1], d[1];
    unsigned i;

    for (i = 0; i < sizeof u0s / sizeof u0s[0]; i++) {
        double x = u0s[i];

        u[0] = x;
        ck_assert_int_eq(nhref_jet_sincos_d(w, w2, u, 0, &dws), NHREF_OK);
        ck_assert(w[0] == sin(x) && w2[0] == cos(x));
        ck_assert_int_eq(nhref_jet_exp_d(w, u, 0, &dws), NHREF_OK);
        ck_assert(w[0] == exp(x));
        ck_assert_int_eq(nhref_jet_atan_d(w, d, u, 0, &dws), NHREF_OK);
        ck_assert(w[0] == atan(x) && d[0] == 1.0 + x * x);
        ck_assert_int_eq(nhref_jet_tanh_d(w, d, u, 0, &dws), NHREF_OK);
        ck_assert(w[0] == tanh(x));
        ck_assert_int_eq(nhref_jet_mul_d(w, u, v, 0, &dws), NHREF_OK);
        ck_assert(w[0] == x * v[0]);
        ck_assert_int_eq(nhref_jet_div_d(w, u, v, 0, &dws), NHREF_OK);
        ck_assert(w[0] == x / v[0]);
        ck_assert_int_eq(nhref_jet_sqr_d(w, u, 0, &dws), NHREF_OK);
        ck_assert(w[0] == x * x);
        ck_assert_int_eq(nhref_jet_pow_si_d(w, NULL, u, 3, 0, &dws), NHREF_OK);
        ck_assert(w[0] == pow(x, 3.0));
        ck_assert_int_eq(nhref_jet_pow_si_d(w, NULL, u, -2, 0, &dws), NHREF_OK);
        ck_assert(w[0] == pow(x, -2.0));
        ck_assert_int_eq(nhref_jet_pow_si_d(w, NULL, u, -1, 0, &dws), NHREF_OK);
        ck_assert(w[0] == 1.0 / x);
        if (x > 0) {
            ck_assert_int_eq(nhref_jet_log_d(w, u, 0, &dws), NHREF_OK);
            ck_assert(w[0] == log(x));
            ck_assert_int_eq(nhref_jet_sqrt_d(w, u, 0, &dws), NHREF_OK);
            ck_assert(w[0] == sqrt(x));
        }
        if (fabs(x) < 1) {
            ck_assert_int_eq(nhref_jet_atanh_d(w, d, u, 0, &dws), NHREF_OK);
            ck_assert(w[0] == atanh(x) && d[0] == (1.0 - x) * (1.0 + x));
            ck_assert_int_eq(nhref_jet_asin_d(w, w2, d, u, 0, &dws), NHREF_OK);
            ck_assert(w[0] == asin(x) && w2[0] == (1.0 - x) * (1.0 + x) && d[0] == sqrt(w2[0]));
            ck_assert_int_eq(nhref_jet_acos_d(w, w2, d, u, 0, &dws), NHREF_OK);
            ck_assert(w[0] == acos(x));
        }
        ck_assert_int_eq(nhref_jet_sinhcosh_d(w, w2, u, 0, &dws), NHREF_OK);
        ck_assert(w[0] == sinh(x) && w2[0] == cosh(x));
        if (x > 0) {
            ck_assert_int_eq(nhref_jet_pow_scalar_d(w, u, v, 0, &dws), NHREF_OK);
            ck_assert(w[0] == pow(x, v[0]));
            ck_assert_int_eq(nhref_jet_pow_d(w, w2, d, u, v, 0, &dws), NHREF_OK);
            ck_assert(w[0] == pow(x, v[0]) && w2[0] == log(x) && d[0] == v[0] * log(x));
        }
    }
    /* pow_si with |n| > 2^53: the sign follows the parity of n */
    u[0] = -1.0;
    ck_assert_int_eq(nhref_jet_pow_si_d(w, NULL, u, LONG_MAX, 0, &dws), NHREF_OK);
    ck_assert(w[0] == -1.0);
    ck_assert_int_eq(nhref_jet_pow_si_d(w, NULL, u, LONG_MAX - 1, 0, &dws), NHREF_OK);
    ck_assert(w[0] == 1.0);
    ck_assert_int_eq(nhref_jet_pow_si_d(w, NULL, u, LONG_MIN + 1, 0, &dws), NHREF_OK);
    ck_assert(w[0] == -1.0);
    ck_assert_int_eq(nhref_jet_pow_si_d(w, NULL, u, LONG_MIN, 0, &dws), NHREF_OK);
    ck_assert(w[0] == 1.0);
    u[0] = -0.0;
    ck_assert_int_eq(nhref_jet_pow_si_d(w, NULL, u, 0, 0, &dws), NHREF_OK);
    ck_assert(w[0] == 1.0);
    /* tanh: d_0 = sech^2 survives where cosh^2 would overflow (|u_0| > 355) */
    u[0] = 360.0;
    ck_assert_int_eq(nhref_jet_tanh_d(w, d, u, 0, &dws), NHREF_OK);
    ck_assert(w[0] == 1.0 && d[0] > 0.0);
    u[0] = 800.0; /* sech^2 underflows to 0: not an error (as exp) */
    ck_assert_int_eq(nhref_jet_tanh_d(w, d, u, 0, &dws), NHREF_OK);
    ck_assert(w[0] == 1.0 && d[0] == 0.0);
}
END_TEST

/* |got_k - want_k| <= tol max(1, |want_k|) for k = 0..KI */
static void ck_series_d(const double *got, const double *want, double tol, const char *what)
{
    unsigned k;

    for (k = 0; k <= KI; k++)
        ck_assert_msg(fabs(got[k] - want[k]) <= tol * fmax(1.0, fabs(want[k])),
                      "%s: order %u: %.17g vs %.17g (seed %lu)", what, k, got[k], want[k],
                      ck_seed());
}

#define DTOL 1e-13

/* Series identities in double to order 30, tolerance DTOL mixed with scale 1. */
START_TEST(test_double_identities)
{
    double u[KI + 1], v[KI + 1], a[KI + 1], b[KI + 1], c[KI + 1], e[KI + 1], one[KI + 1],
        zero[KI + 1], d[KI + 1], d2[KI + 1];
    double aux_store[4][KI + 1];
    double *aux[4] = {aux_store[0], aux_store[1], aux_store[2], aux_store[3]};
    unsigned k;
    int p;

    for (k = 0; k <= KI; k++) {
        one[k] = k == 0 ? 1.0 : 0.0;
        zero[k] = 0.0;
    }

    /* sin^2 u + cos^2 u = 1 */
    set_random_d(u, KI, 0.7, 1, 1);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sincos_d(a, b, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr_d(c, a, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr_d(d, b, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_add_d(e, c, d, k, &dws), NHREF_OK);
    }
    ck_series_d(e, one, DTOL, "sin^2 + cos^2");

    /* exp(log u) = u, log(exp u) = u */
    set_random_d(u, KI, 2.5, 1, 2);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_log_d(a, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_exp_d(b, a, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_exp_d(c, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_log_d(e, c, k, &dws), NHREF_OK);
    }
    ck_series_d(b, u, DTOL, "exp(log u)");
    ck_series_d(e, u, DTOL, "log(exp u)");

    /* (u / v) v = u */
    set_random_d(u, KI, 0.7, 1, 3);
    set_random_d(v, KI, -1.3, 0.5, 4);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_div_d(a, u, v, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul_d(b, a, v, k, &dws), NHREF_OK);
    }
    ck_series_d(b, u, DTOL, "(u / v) v");

    /* sqrt(u)^2 = u */
    set_random_d(u, KI, 2.5, 1, 5);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sqrt_d(a, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr_d(b, a, k, &dws), NHREF_OK);
    }
    ck_series_d(b, u, DTOL, "sqrt(u)^2");

    /* tanh(atanh u) = u, atanh(tanh u) = u */
    set_random_d(u, KI, 0.3, 0.5, 6);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_atanh_d(a, d, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_tanh_d(b, d2, a, k, &dws), NHREF_OK);
    }
    ck_series_d(b, u, DTOL, "tanh(atanh u)");
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_tanh_d(a, d, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_atanh_d(b, d2, a, k, &dws), NHREF_OK);
    }
    ck_series_d(b, u, DTOL, "atanh(tanh u)");

    /* sin(atan u) / cos(atan u) = u */
    set_random_d(u, KI, 0.7, 1, 7);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_atan_d(a, d, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sincos_d(b, c, a, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_div_d(e, b, c, k, &dws), NHREF_OK);
    }
    ck_series_d(e, u, DTOL, "tan(atan u)");

    /* u^5 = u u u u u (Miller), u^3 u^-3 = 1, u^-1 = 1 / u */
    set_random_d(u, KI, 0.7, 0.5, 8);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_pow_si_d(a, NULL, u, 5, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul_d(b, u, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul_d(c, b, b, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul_d(e, c, u, k, &dws), NHREF_OK);
    }
    ck_series_d(a, e, DTOL, "u^5 vs u u u u u");
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_pow_si_d(a, NULL, u, 3, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_pow_si_d(b, NULL, u, -3, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul_d(c, a, b, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_pow_si_d(d, NULL, u, -1, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_div_d(e, one, u, k, &dws), NHREF_OK);
    }
    ck_series_d(c, one, DTOL, "u^3 u^-3");
    ck_series_d(d, e, DTOL, "u^-1 vs 1 / u");

    /* u_0 = 0: u^n by binary powering = u u ... u (n factors), n = 3..13 */
    set_random_d(u, KI, 0.0, 1, 9);
    for (p = 3; p <= 13; p++) {
        double pw[13][KI + 1];
        int i;

        ck_assert_uint_le(nhref_jet_pow_si_naux(p), 4);
        for (k = 0; k <= KI; k++) {
            ck_assert_int_eq(nhref_jet_pow_si_d(a, aux, u, p, k, &dws), NHREF_OK);
            pw[0][k] = u[k];
            for (i = 1; i < p; i++)
                ck_assert_int_eq(nhref_jet_mul_d(pw[i], pw[i - 1], u, k, &dws), NHREF_OK);
        }
        ck_series_d(a, pw[p - 1], DTOL, "u^n (u_0 = 0) vs u u ... u");
    }

    /* cosh^2 - sinh^2 = 1 */
    set_random_d(u, KI, 0.7, 1, 12);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sinhcosh_d(a, b, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr_d(c, a, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr_d(d, b, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sub_d(e, d, c, k, &dws), NHREF_OK);
    }
    ck_series_d(e, one, 1e-12, "cosh^2 - sinh^2"); /* cosh(1.7)^2 ~ 8 */

    /* asin(sin u) = u, acos(cos u) = u */
    set_random_d(u, KI, 0.3, 0.3, 13);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sincos_d(a, b, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_asin_d(c, d, d2, a, k, &dws), NHREF_OK);
    }
    ck_series_d(c, u, DTOL, "asin(sin u)");
    set_random_d(u, KI, 1.2, 0.3, 14);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_sincos_d(a, b, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_acos_d(c, d, d2, b, k, &dws), NHREF_OK);
    }
    ck_series_d(c, u, DTOL, "acos(cos u)");

    /* u^1.5 u^0.5 = u^2, u^v = exp(v log u) */
    set_random_d(u, KI, 1.5, 1, 15);
    set_random_d(v, KI, -0.7, 1, 16);
    for (k = 0; k <= KI; k++) {
        double c15 = 1.5, c05 = 0.5;
        ck_assert_int_eq(nhref_jet_pow_scalar_d(a, u, &c15, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_pow_scalar_d(b, u, &c05, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul_d(c, a, b, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sqr_d(e, u, k, &dws), NHREF_OK);
    }
    ck_series_d(c, e, 1e-12, "u^1.5 u^0.5 vs u^2"); /* u^2 up to 6.25 */
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_pow_d(a, d, d2, u, v, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_log_d(b, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul_d(c, v, b, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_exp_d(e, c, k, &dws), NHREF_OK);
    }
    ck_series_d(a, e, DTOL, "u^v vs exp(v log u)");

    /* linear: (u + v) - v = u, u + (-u) = 0, c v = mul(const c, v) */
    set_random_d(u, KI, 0.7, 1, 10);
    set_random_d(v, KI, -1.3, 1, 11);
    for (k = 0; k <= KI; k++) {
        ck_assert_int_eq(nhref_jet_add_d(a, u, v, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_sub_d(b, a, v, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_neg_d(c, u, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_add_d(e, u, c, k, &dws), NHREF_OK);
    }
    ck_series_d(b, u, DTOL, "(u + v) - v");
    ck_series_d(e, zero, 0.0, "u + (-u)");
    for (k = 0; k <= KI; k++) {
        d[k] = k == 0 ? 0.1 : 0.0;
        ck_assert_int_eq(nhref_jet_mul_d(a, d, v, k, &dws), NHREF_OK);
        ck_assert_int_eq(nhref_jet_mul_scalar_d(b, d, v, k, &dws), NHREF_OK);
    }
    ck_series_d(b, a, 0.0, "c v vs mul(const c, v)");
}
END_TEST

/* Order k of operation OP (the D_ table of the domain tests) in double. */
static int d_call_d(int op, double *w, double *w2, double *d, double **aux, const double *u,
                    const double *v, double c, unsigned k)
{
    switch (op) {
    case D_ADD_U:
    case D_ADD_V:
        return nhref_jet_add_d(w, u, v, k, &dws);
    case D_SUB_U:
    case D_SUB_V:
        return nhref_jet_sub_d(w, u, v, k, &dws);
    case D_NEG:
        return nhref_jet_neg_d(w, u, k, &dws);
    case D_MUL_U:
    case D_MUL_V:
        return nhref_jet_mul_d(w, u, v, k, &dws);
    case D_MULS_C:
    case D_MULS_V:
        return nhref_jet_mul_scalar_d(w, &c, v, k, &dws);
    case D_SQR:
        return nhref_jet_sqr_d(w, u, k, &dws);
    case D_DIV_U:
    case D_DIV_V:
        return nhref_jet_div_d(w, u, v, k, &dws);
    case D_SQRT:
        return nhref_jet_sqrt_d(w, u, k, &dws);
    case D_SINCOS:
        return nhref_jet_sincos_d(w, w2, u, k, &dws);
    case D_EXP:
        return nhref_jet_exp_d(w, u, k, &dws);
    case D_LOG:
        return nhref_jet_log_d(w, u, k, &dws);
    case D_ATAN:
        return nhref_jet_atan_d(w, d, u, k, &dws);
    case D_ATANH:
        return nhref_jet_atanh_d(w, d, u, k, &dws);
    case D_TANH:
        return nhref_jet_tanh_d(w, d, u, k, &dws);
    case D_POW0:
        return nhref_jet_pow_si_d(w, aux, u, 0, k, &dws);
    case D_POW1:
        return nhref_jet_pow_si_d(w, aux, u, 1, k, &dws);
    case D_POW2:
        return nhref_jet_pow_si_d(w, aux, u, 2, k, &dws);
    case D_POW3:
        return nhref_jet_pow_si_d(w, aux, u, 3, k, &dws);
    case D_ASIN:
        return nhref_jet_asin_d(w, w2, d, u, k, &dws);
    case D_ACOS:
        return nhref_jet_acos_d(w, w2, d, u, k, &dws);
    case D_SINHCOSH:
        return nhref_jet_sinhcosh_d(w, w2, u, k, &dws);
    case D_POWS_U:
    case D_POWS_C:
        return nhref_jet_pow_scalar_d(w, u, &c, k, &dws);
    case D_POW_U:
    case D_POW_V:
        return nhref_jet_pow_d(w, w2, d, u, v, k, &dws);
    default:
        return nhref_jet_pow_si_d(w, aux, u, -1, k, &dws);
    }
}

/* test_domain_nonfinite for the double kernels: a NaN, +Inf or -Inf argument
 * at order 0 or 2 gives NHREF_EDOMAIN and a NaN coefficient (including
 * exp(-Inf), atan(+-Inf), tanh(+-Inf), which libm makes finite). */
START_TEST(test_double_domain_nonfinite)
{
    int op = _i / 6, bad = (_i / 2) % 3;
    unsigned kbad = (unsigned)(_i % 2) * 2, k;
    double u[4] = {0.25, 1, 0, 0}, v[4] = {0.5, 1, 0, 0}, c = 3.0;
    double w[4], w2[4], d[4], a0[4];
    double *aux[1] = {a0};
    double x = bad == 0 ? NAN : bad == 1 ? INFINITY : -INFINITY;

    ck_assert_uint_le(nhref_jet_pow_si_naux(3), 1);
    for (k = 0; k < kbad; k++)
        ck_assert_msg(d_call_d(op, w, w2, d, aux, u, v, c, k) == NHREF_OK, "%s: order %u",
                      d_names[op], k);
    switch (op) {
    case D_ADD_V:
    case D_SUB_V:
    case D_MUL_V:
    case D_MULS_V:
    case D_DIV_V:
    case D_POW_V:
        v[kbad] = x;
        break;
    case D_MULS_C:
    case D_POWS_C:
        c = x;
        break;
    default:
        u[kbad] = x;
        break;
    }
    ck_assert_msg(d_call_d(op, w, w2, d, aux, u, v, c, kbad) == NHREF_EDOMAIN,
                  "%s_d: %g at order %u not NHREF_EDOMAIN", d_names[op], x, kbad);
    ck_assert_msg(isnan(w[kbad]), "%s_d: coefficient not NaN", d_names[op]);
    if (op == D_SINCOS || op == D_SINHCOSH)
        ck_assert_msg(isnan(w2[kbad]), "%s_d: cos coefficient not NaN", d_names[op]);
}
END_TEST

/* Expect NHREF_EDOMAIN and NaN at order k (double). */
#define CK_EDOMAIN_D(call, w, k)                                                                   \
    do {                                                                                           \
        ck_assert_int_eq((call), NHREF_EDOMAIN);                                                   \
        ck_assert_msg(isnan((w)[k]), "%s: coefficient %u not NaN", #call, (k));                    \
    } while (0)

/* u = u0 + h, as doubles */
static void set_ident_d(double *u, double u0)
{
    u[0] = u0;
    u[1] = 1.0;
    u[2] = 0.0;
}

/* test_domain_conditions for the double kernels, plus the overflows of
 * double's smaller exponent range. */
START_TEST(test_double_domain_conditions)
{
    double u[3], v[3], w[3], d[3];

    /* sqrt: u0 < 0 at k = 0; u0 = 0 (also -0) fine at k = 0, not at k >= 1 */
    set_ident_d(u, -1.0);
    CK_EDOMAIN_D(nhref_jet_sqrt_d(w, u, 0, &dws), w, 0u);
    set_ident_d(u, -1e-300);
    CK_EDOMAIN_D(nhref_jet_sqrt_d(w, u, 0, &dws), w, 0u);
    set_ident_d(u, 0.0);
    ck_assert_int_eq(nhref_jet_sqrt_d(w, u, 0, &dws), NHREF_OK);
    ck_assert(w[0] == 0.0);
    CK_EDOMAIN_D(nhref_jet_sqrt_d(w, u, 1, &dws), w, 1u);
    set_ident_d(u, -0.0);
    ck_assert_int_eq(nhref_jet_sqrt_d(w, u, 0, &dws), NHREF_OK);
    CK_EDOMAIN_D(nhref_jet_sqrt_d(w, u, 1, &dws), w, 1u);

    /* div: v0 = 0 at every order */
    set_ident_d(u, 1.0);
    set_ident_d(v, 0.0);
    CK_EDOMAIN_D(nhref_jet_div_d(w, u, v, 0, &dws), w, 0u);
    CK_EDOMAIN_D(nhref_jet_div_d(w, u, v, 1, &dws), w, 1u);
    set_ident_d(u, 0.0);
    CK_EDOMAIN_D(nhref_jet_div_d(w, u, v, 0, &dws), w, 0u);
    /* and an overflowing quotient */
    set_ident_d(u, 1e300);
    set_ident_d(v, 1e-300);
    CK_EDOMAIN_D(nhref_jet_div_d(w, u, v, 0, &dws), w, 0u);

    /* log: u0 <= 0 */
    set_ident_d(u, 0.0);
    CK_EDOMAIN_D(nhref_jet_log_d(w, u, 0, &dws), w, 0u);
    CK_EDOMAIN_D(nhref_jet_log_d(w, u, 1, &dws), w, 1u);
    set_ident_d(u, -1.0);
    CK_EDOMAIN_D(nhref_jet_log_d(w, u, 0, &dws), w, 0u);
    CK_EDOMAIN_D(nhref_jet_log_d(w, u, 1, &dws), w, 1u);

    /* atanh: |u0| >= 1; the largest double below 1 is fine */
    set_ident_d(u, 1.0);
    CK_EDOMAIN_D(nhref_jet_atanh_d(w, d, u, 0, &dws), w, 0u);
    CK_EDOMAIN_D(nhref_jet_atanh_d(w, d, u, 1, &dws), w, 1u);
    set_ident_d(u, -1.0);
    CK_EDOMAIN_D(nhref_jet_atanh_d(w, d, u, 0, &dws), w, 0u);
    set_ident_d(u, 1.5);
    CK_EDOMAIN_D(nhref_jet_atanh_d(w, d, u, 0, &dws), w, 0u);
    set_ident_d(u, -7.0);
    CK_EDOMAIN_D(nhref_jet_atanh_d(w, d, u, 0, &dws), w, 0u);
    set_ident_d(u, nextafter(1.0, 0.0));
    ck_assert_int_eq(nhref_jet_atanh_d(w, d, u, 0, &dws), NHREF_OK);
    ck_assert(d[0] > 0.0 && isfinite(w[0]));
    ck_assert_int_eq(nhref_jet_atanh_d(w, d, u, 1, &dws), NHREF_OK);

    /* pow_si: u0 = 0 with n < 0 */
    set_ident_d(u, 0.0);
    CK_EDOMAIN_D(nhref_jet_pow_si_d(w, NULL, u, -1, 0, &dws), w, 0u);
    CK_EDOMAIN_D(nhref_jet_pow_si_d(w, NULL, u, -1, 1, &dws), w, 1u);
    CK_EDOMAIN_D(nhref_jet_pow_si_d(w, NULL, u, -2, 0, &dws), w, 0u);
    CK_EDOMAIN_D(nhref_jet_pow_si_d(w, NULL, u, LONG_MIN, 0, &dws), w, 0u);
    /* pow_si: u0^n overflows double */
    set_ident_d(u, 10.0);
    CK_EDOMAIN_D(nhref_jet_pow_si_d(w, NULL, u, 400, 0, &dws), w, 0u);
    set_ident_d(u, 0.1);
    CK_EDOMAIN_D(nhref_jet_pow_si_d(w, NULL, u, -400, 0, &dws), w, 0u);

    /* exp: overflow of exp(u0), also where MPFR would not overflow */
    set_ident_d(u, 1e10);
    CK_EDOMAIN_D(nhref_jet_exp_d(w, u, 0, &dws), w, 0u);
    set_ident_d(u, 710.0);
    CK_EDOMAIN_D(nhref_jet_exp_d(w, u, 0, &dws), w, 0u);
    /* underflow is not an error */
    set_ident_d(u, -1e10);
    ck_assert_int_eq(nhref_jet_exp_d(w, u, 0, &dws), NHREF_OK);
    ck_assert(w[0] == 0.0);

    /* atan: d0 = 1 + u0^2 overflows */
    set_ident_d(u, 1e200);
    CK_EDOMAIN_D(nhref_jet_atan_d(w, d, u, 0, &dws), w, 0u);

    /* asin, acos: |u0| > 1; |u0| = 1 fine at k = 0, not at k >= 1 */
    set_ident_d(u, 1.5);
    CK_EDOMAIN_D(nhref_jet_asin_d(w, v, d, u, 0, &dws), w, 0u);
    CK_EDOMAIN_D(nhref_jet_acos_d(w, v, d, u, 0, &dws), w, 0u);
    set_ident_d(u, nextafter(-1.0, -2.0));
    CK_EDOMAIN_D(nhref_jet_acos_d(w, v, d, u, 0, &dws), w, 0u);
    set_ident_d(u, 1.0);
    ck_assert_int_eq(nhref_jet_asin_d(w, v, d, u, 0, &dws), NHREF_OK);
    ck_assert(w[0] == asin(1.0));
    CK_EDOMAIN_D(nhref_jet_asin_d(w, v, d, u, 1, &dws), w, 1u);
    set_ident_d(u, -1.0);
    ck_assert_int_eq(nhref_jet_acos_d(w, v, d, u, 0, &dws), NHREF_OK);
    ck_assert(w[0] == acos(-1.0));
    CK_EDOMAIN_D(nhref_jet_acos_d(w, v, d, u, 1, &dws), w, 1u);
    set_ident_d(u, nextafter(1.0, 0.0));
    ck_assert_int_eq(nhref_jet_asin_d(w, v, d, u, 0, &dws), NHREF_OK);
    ck_assert_int_eq(nhref_jet_asin_d(w, v, d, u, 1, &dws), NHREF_OK);
    ck_assert(isfinite(w[1]) && w[1] > 0.0);

    /* sinh, cosh: overflow beyond 710.47 */
    set_ident_d(u, 711.0);
    CK_EDOMAIN_D(nhref_jet_sinhcosh_d(w, d, u, 0, &dws), w, 0u);
    set_ident_d(u, 710.0);
    ck_assert_int_eq(nhref_jet_sinhcosh_d(w, d, u, 0, &dws), NHREF_OK);

    /* real powers: u0 <= 0 at every order; an overflowing u0^c */
    {
        double c = 2.0, l[3];
        set_ident_d(v, 0.5);
        set_ident_d(u, 0.0);
        CK_EDOMAIN_D(nhref_jet_pow_scalar_d(w, u, &c, 0, &dws), w, 0u);
        CK_EDOMAIN_D(nhref_jet_pow_scalar_d(w, u, &c, 1, &dws), w, 1u);
        CK_EDOMAIN_D(nhref_jet_pow_d(w, l, d, u, v, 0, &dws), w, 0u);
        set_ident_d(u, -8.0);
        c = 1.0 / 3.0;
        CK_EDOMAIN_D(nhref_jet_pow_scalar_d(w, u, &c, 0, &dws), w, 0u);
        CK_EDOMAIN_D(nhref_jet_pow_d(w, l, d, u, v, 1, &dws), w, 1u);
        set_ident_d(u, 10.0);
        c = 400.0;
        CK_EDOMAIN_D(nhref_jet_pow_scalar_d(w, u, &c, 0, &dws), w, 0u);
        set_ident_d(u, 1.0);
        c = NAN; /* libm's pow(1, NaN) = 1 */
        CK_EDOMAIN_D(nhref_jet_pow_scalar_d(w, u, &c, 0, &dws), w, 0u);
    }
}
END_TEST

/* test_domain_overflow in double: u = 1 + 2^512 h, (u u)_2 = u_1^2 = 2^1024
 * overflows; the same for sqr, pow_si(u, 3) and exp at u_0 = 0. */
START_TEST(test_double_domain_overflow)
{
    double u[3] = {1.0, 0x1p512, 0.0}, w[3], a0[3];
    double *aux[1] = {a0};
    unsigned k;

    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_mul_d(w, u, u, k, &dws), NHREF_OK);
    CK_EDOMAIN_D(nhref_jet_mul_d(w, u, u, 2, &dws), w, 2u);
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_sqr_d(w, u, k, &dws), NHREF_OK);
    CK_EDOMAIN_D(nhref_jet_sqr_d(w, u, 2, &dws), w, 2u);
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_pow_si_d(w, aux, u, 3, k, &dws), NHREF_OK);
    CK_EDOMAIN_D(nhref_jet_pow_si_d(w, aux, u, 3, 2, &dws), w, 2u);
    u[0] = 0.0; /* binary powering */
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_pow_si_d(w, aux, u, 3, k, &dws), NHREF_OK);
    CK_EDOMAIN_D(nhref_jet_pow_si_d(w, aux, u, 3, 2, &dws), w, 2u);
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(nhref_jet_exp_d(w, u, k, &dws), NHREF_OK);
    CK_EDOMAIN_D(nhref_jet_exp_d(w, u, 2, &dws), w, 2u);
}
END_TEST

/* ------------------------------------------------------------------ suite */

static Suite *jet_suite(void)
{
    Suite *s = suite_create("jet");
    TCase *tc;

    tc = tcase_create("coeff");
    tcase_add_loop_test(tc, test_coeff_exp, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_sincos, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_log, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_sqrt, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_atan, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_atanh, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_tanh, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_asin_acos, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_sinhcosh, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_pow, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_div, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_pow_si, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_pow_si_zero, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_pow_si_huge_n, 0, NPRECS(coeff_precs));
    tcase_add_loop_test(tc, test_coeff_mul_sqr_linear, 0, NPRECS(coeff_precs));
    tcase_add_test(tc, test_pow_si_naux);
    suite_add_tcase(s, tc);

    tc = tcase_create("identity");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_ident_sincos, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_div, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_sqrt, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_exp_log, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_tanh_atanh, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_tan_atan, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_sinhcosh, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_asin_acos, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_pow, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_pow_si, 0, NPRECS(ident_precs));
    tcase_add_loop_test(tc, test_ident_mul_linear, 0, NPRECS(ident_precs));
    suite_add_tcase(s, tc);

    tc = tcase_create("domain");
    tcase_add_loop_test(tc, test_domain_nonfinite, 0, D_NOPS * 6);
    tcase_add_test(tc, test_domain_conditions);
    tcase_add_test(tc, test_domain_overflow);
    suite_add_tcase(s, tc);

    tc = tcase_create("const");
    tcase_add_loop_test(tc, test_const_value, 0, NPRECS(coeff_precs));
    tcase_add_test(tc, test_const_malformed);
    suite_add_tcase(s, tc);

    tc = tcase_create("double");
    tcase_add_loop_test(tc, test_double_vs_mpfr, 0, NDCASES);
    tcase_add_test(tc, test_double_order0);
    tcase_add_test(tc, test_double_identities);
    tcase_add_loop_test(tc, test_double_domain_nonfinite, 0, D_NOPS * 6);
    tcase_add_test(tc, test_double_domain_conditions);
    tcase_add_test(tc, test_double_domain_overflow);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(jet_suite());
    int nfail;

    nhref_jet_ws_init(&lin_ws, 64);
    nhref_jet_ws_init_d(&dws, 53);
    printf("check_jet: seed %lu (set NHREF_TEST_SEED to change)\n", ck_seed());
    srunner_run_all(sr, CK_ENV);
    nfail = srunner_ntests_failed(sr);
    srunner_free(sr);
    nhref_jet_ws_clear(&lin_ws);
    nhref_jet_ws_clear_d(&dws);
    mpfr_free_cache(); /* MPFR's constant caches, for a clean valgrind report */
    return nfail == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
