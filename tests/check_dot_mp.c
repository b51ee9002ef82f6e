/* check_dot_mp.c -- MPFR sums of products rounded once (nhref_dot_mp, src/num/dot_mp.c)
 * against the exact sum.
 *
 * The reference forms every term exactly (mpfr_mul at the sum of the operands'
 * precisions, the weight by mpfr_mul_si with 64 bits more, the negation for SUB) and
 * adds them with mpfr_sum, which MPFR rounds correctly, with IEEE 754's signs of zero
 * and its NaN and infinity rules: nothing of it comes from dot_mp.c.  dot_mp.c
 * promises the correctly rounded sum but within (LEN + 3) 2^B of a tie, B = (exponent
 * of the largest term) - 64 (limbs of the result) - 128, so the random and adversarial
 * sums below are compared bit for bit (a failure by chance has a probability near
 * 2^-120) and the cancellations of more than 128 bits against the bound.
 *
 * Sizes run from 1 limb to NHREF_DOT_MP_MAX_LIMBS across each path: the inline small
 * path (1 to 4 limbs), the schoolbook short products, Mulders' short products from
 * NHREF_DOT_MP_MULHIGH_MIN limbs (both sides of it), with operand exponents spread so
 * that terms are exact, cut to their top limbs, padded below, or dropped.  The seed is
 * ck_seed() (NHREF_TEST_SEED), printed on failure.
 */
#include <stdio.h>
#include <stdlib.h>

#include <check.h>
#include <gmp.h>
#include <mpfr.h>

#include "ck_mpfr.h"
#include "num/dot_mp.h"

#define MAXLEN 48
/* the sizes (limbs) of the loop tests: every path and both sides of each crossover */
static const long sizes[] = {1,
                             2,
                             3,
                             4,
                             5,
                             8,
                             15,
                             NHREF_DOT_MP_MULHIGH_MIN - 1,
                             NHREF_DOT_MP_MULHIGH_MIN,
                             NHREF_DOT_MP_MULHIGH_MIN + 1,
                             53,
                             64,
                             100,
                             157,
                             NHREF_DOT_MP_MAX_LIMBS};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

static gmp_randstate_t rs;

static void setup(void)
{
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed());
}

static void teardown(void)
{
    gmp_randclear(rs);
    mpfr_free_cache();
}

static long urand(long n)
{
    return (long)gmp_urandomm_ui(rs, (unsigned long)n);
}

/* a precision of N limbs with 0 to 63 bits unused (N = 1: at least 2 bits) */
static mpfr_prec_t prec_of(long n)
{
    mpfr_prec_t p = 64 * (mpfr_prec_t)n - (mpfr_prec_t)urand(64);
    return p < 2 ? 2 : p;
}

/* V = a random full mantissa of both signs, exponent in [-SPREAD, 0] */
static void random_value(mpfr_ptr v, long spread)
{
    mpfr_urandomb(v, rs);
    if (mpfr_zero_p(v))
        mpfr_set_ui(v, 1, MPFR_RNDN);
    mpfr_mul_2si(v, v, -urand(spread + 1), MPFR_RNDN);
    if (urand(2))
        mpfr_neg(v, v, MPFR_RNDN);
}

/* WANT = INIT +- (sum_i W_i X[i XS] Y[i YS] + MID^2), exact, rounded to nearest once
 * at WANT's precision (mpfr_sum) */
static void exact_dot(mpfr_ptr want, mpfr_srcptr init, int sub, mpfr_srcptr x, long xs,
                      mpfr_srcptr y, long ys, long len, const nhref_dot_mp_weight_t *wt,
                      mpfr_srcptr mid)
{
    mpfr_t term[MAXLEN + 2];
    mpfr_ptr ptr[MAXLEN + 2];
    unsigned long n = 0;

    ck_assert_int_le(len, MAXLEN);
    if (init != NULL) {
        mpfr_init2(term[n], mpfr_get_prec(init));
        mpfr_set(term[n], init, MPFR_RNDN);
        n++;
    }
    for (long i = 0; i < len; i++) {
        mpfr_srcptr a = x + i * xs, b = y + i * ys;
        mpfr_init2(term[n], mpfr_get_prec(a) + mpfr_get_prec(b) + 64);
        ck_assert_int_eq(mpfr_mul(term[n], a, b, MPFR_RNDN), 0);
        if (wt != NULL)
            ck_assert_int_eq(mpfr_mul_si(term[n], term[n], wt->w0 + i * wt->dw, MPFR_RNDN), 0);
        if (sub)
            mpfr_neg(term[n], term[n], MPFR_RNDN);
        n++;
    }
    if (mid != NULL) {
        mpfr_init2(term[n], 2 * mpfr_get_prec(mid));
        ck_assert_int_eq(mpfr_sqr(term[n], mid, MPFR_RNDN), 0);
        if (sub)
            mpfr_neg(term[n], term[n], MPFR_RNDN);
        n++;
    }
    for (unsigned long i = 0; i < n; i++)
        ptr[i] = term[i];
    mpfr_sum(want, ptr, n, MPFR_RNDN);
    for (unsigned long i = 0; i < n; i++)
        mpfr_clear(term[i]);
}

/* GOT and WANT the same number: the same NaN-ness, value and sign (zeros too) */
static void assert_same(mpfr_srcptr got, mpfr_srcptr want, const char *what, long n, int trial)
{
    int same = (mpfr_nan_p(got) && mpfr_nan_p(want)) ||
               (mpfr_equal_p(got, want) && mpfr_signbit(got) == mpfr_signbit(want));
    if (!same) {
        char buf[400];
        mpfr_snprintf(buf, sizeof buf,
                      "%s, %ld limbs, trial %d: got %.30Re, want %.30Re (seed %lu)", what, n, trial,
                      got, want, ck_seed());
        ck_abort_msg("%s", buf);
    }
}

/* one sum of LEN terms of precision P, operand exponents spread over SPREAD bits,
 * with a random choice of INIT, SUB, weights and MID; compared bit for bit */
static void one_random(long n, mpfr_prec_t p, long len, long spread, int trial, const char *what)
{
    mpfr_t x[MAXLEN], y[MAXLEN], init, mid, got, want, tmp;
    nhref_dot_mp_weight_t w;
    int use_init = urand(2), use_mid = urand(3) == 0, sub = urand(2), use_w = urand(2);

    for (long i = 0; i < len; i++) {
        mpfr_inits2(p, x[i], y[i], (mpfr_ptr)0);
        random_value(x[i], spread);
        random_value(y[i], spread);
    }
    mpfr_inits2(p, init, mid, got, want, tmp, (mpfr_ptr)0);
    random_value(init, spread);
    random_value(mid, spread / 2);
    /* weights as the jets use them: k - j, j, 2, and a power of two */
    w.w0 = urand(7) - 3;
    w.dw = urand(3) - 1;
    if (urand(4) == 0) {
        w.w0 = 1L << urand(40);
        w.dw = 0;
    }
    nhref_dot_mp(got, use_init ? init : NULL, sub, x[0], 1, y[len - 1], -1, len, use_w ? &w : NULL,
                 use_mid ? mid : NULL, tmp);
    exact_dot(want, use_init ? init : NULL, sub, x[0], 1, y[len - 1], -1, len, use_w ? &w : NULL,
              use_mid ? mid : NULL);
    assert_same(got, want, what, n, trial);
    for (long i = 0; i < len; i++)
        mpfr_clears(x[i], y[i], (mpfr_ptr)0);
    mpfr_clears(init, mid, got, want, tmp, (mpfr_ptr)0);
}

/* random Cauchy-like sums: full mantissas, exponents within a few bits (the terms of a
 * jet's sum have comparable sizes) */
START_TEST(test_random)
{
    long n = sizes[_i];
    for (int trial = 0; trial < 12; trial++)
        one_random(n, prec_of(n), 1 + urand(MAXLEN), 4, trial, "random");
}
END_TEST

/* exponents spread over up to three times the precision: terms inside the window,
 * cut to their top limbs, padded below, or below the window altogether */
START_TEST(test_spread)
{
    long n = sizes[_i];
    for (int trial = 0; trial < 12; trial++) {
        mpfr_prec_t p = prec_of(n);
        one_random(n, p, 1 + urand(MAXLEN), 1 + urand(3 * p), trial, "spread");
    }
}
END_TEST

/* mantissas of all ones (the longest carries of every column) and of a single bit */
START_TEST(test_carries)
{
    long n = sizes[_i];
    for (int trial = 0; trial < 6; trial++) {
        mpfr_prec_t p = prec_of(n);
        long len = 1 + urand(MAXLEN);
        mpfr_t x[MAXLEN], y[MAXLEN], got, want, tmp;
        for (long i = 0; i < len; i++) {
            mpfr_inits2(p, x[i], y[i], (mpfr_ptr)0);
            /* 1 - 2^-p (all ones), or 1/2 (one bit), scaled and signed */
            mpfr_set_ui_2exp(x[i], 1, 0, MPFR_RNDN);
            mpfr_nextbelow(x[i]);
            mpfr_set(y[i], x[i], MPFR_RNDN);
            if (urand(3) == 0)
                mpfr_set_ui_2exp(y[i], 1, -1, MPFR_RNDN);
            mpfr_mul_2si(x[i], x[i], -urand(3 * trial + 1), MPFR_RNDN);
            if (trial % 2 && urand(2))
                mpfr_neg(y[i], y[i], MPFR_RNDN);
        }
        mpfr_inits2(p, got, want, tmp, (mpfr_ptr)0);
        nhref_dot_mp(got, NULL, 0, x[0], 1, y[0], 1, len, NULL, NULL, tmp);
        exact_dot(want, NULL, 0, x[0], 1, y[0], 1, len, NULL, NULL);
        assert_same(got, want, "all ones", n, trial);
        for (long i = 0; i < len; i++)
            mpfr_clears(x[i], y[i], (mpfr_ptr)0);
        mpfr_clears(got, want, tmp, (mpfr_ptr)0);
    }
}
END_TEST

/* a b - a b' + c d with b' = b + delta: DROP bits cancel.  Up to 64 bits the sum is
 * correctly rounded (bit for bit: the window still reaches 64 bits below its last
 * bit); beyond 128 bits the promise is the bound |got - exact| <= ulp(got) / 2 +
 * (LEN + 3) 2^B */
static void one_cancel(long n, long drop, int trial)
{
    mpfr_prec_t p = prec_of(n);
    mpfr_t x[3], y[3], d, got, want, err, bound;
    mpfr_exp_t emax;

    for (int i = 0; i < 3; i++) {
        mpfr_inits2(p, x[i], y[i], (mpfr_ptr)0);
        random_value(x[i], 2);
        random_value(y[i], 2);
    }
    mpfr_inits2(p, d, got, (mpfr_ptr)0);
    mpfr_set(x[1], x[0], MPFR_RNDN);
    random_value(d, 2);
    mpfr_mul_2si(d, d, mpfr_get_exp(y[0]) - drop, MPFR_RNDN);
    mpfr_add(y[1], y[0], d, MPFR_RNDN);
    mpfr_neg(y[1], y[1], MPFR_RNDN);
    /* a third term below: its bits reach under the window after the cancellation */
    mpfr_mul_2si(x[2], x[2], -drop - urand(p + 1), MPFR_RNDN);
    nhref_dot_mp(got, NULL, 0, x[0], 1, y[0], 1, 3, NULL, NULL, d);
    if (drop <= 64) {
        mpfr_init2(want, p);
        exact_dot(want, NULL, 0, x[0], 1, y[0], 1, 3, NULL, NULL);
        assert_same(got, want, "cancellation <= 64 bits", n, trial);
    } else {
        /* exact: the terms span less than 4 p + 256 bits */
        mpfr_inits2(4 * p + 256, want, err, bound, (mpfr_ptr)0);
        exact_dot(want, NULL, 0, x[0], 1, y[0], 1, 3, NULL, NULL);
        /* the largest term's exponent: |a b| < 2^(ea + eb) */
        emax = mpfr_get_exp(x[0]) + mpfr_get_exp(y[0]);
        if (mpfr_get_exp(x[0]) + mpfr_get_exp(y[1]) > emax)
            emax = mpfr_get_exp(x[0]) + mpfr_get_exp(y[1]);
        mpfr_sub(err, got, want, MPFR_RNDN);
        mpfr_abs(err, err, MPFR_RNDN);
        mpfr_set_ui_2exp(bound, 3 + 3, emax - 64 * n - 128, MPFR_RNDN); /* (LEN + 3) 2^B */
        if (!mpfr_zero_p(got)) {
            mpfr_set_ui_2exp(d, 1, mpfr_get_exp(got) - p - 1, MPFR_RNDN); /* ulp(got) / 2 */
            mpfr_add(bound, bound, d, MPFR_RNDN);
        }
        if (mpfr_greater_p(err, bound)) {
            char buf[400];
            mpfr_snprintf(buf, sizeof buf,
                          "cancellation of %ld bits, %ld limbs, trial %d: error %.5Re > bound "
                          "%.5Re (seed %lu)",
                          drop, n, trial, err, bound, ck_seed());
            ck_abort_msg("%s", buf);
        }
        mpfr_clears(err, bound, (mpfr_ptr)0);
    }
    for (int i = 0; i < 3; i++)
        mpfr_clears(x[i], y[i], (mpfr_ptr)0);
    mpfr_clears(d, got, want, (mpfr_ptr)0);
}

START_TEST(test_cancellation)
{
    long n = sizes[_i];
    for (int trial = 0; trial < 8; trial++) {
        one_cancel(n, 1 + urand(64), trial);
        one_cancel(n, 129 + urand(64 * n), trial);
    }
}
END_TEST

/* exact ties: a b + 2^(E - P - 1) with a b exact at P bits (mantissas of P/2 bits, so
 * that every partial product of the short products is kept); ties to even, both ways */
START_TEST(test_ties)
{
    long n = sizes[_i];
    for (int trial = 0; trial < 8; trial++) {
        mpfr_prec_t p = prec_of(n) & ~(mpfr_prec_t)1, h = p / 2;
        mpfr_t a, b, one, x[2], y[2], got, want, tmp;
        if (p < 4)
            p = 4, h = 2;
        mpfr_inits2(h, a, b, (mpfr_ptr)0);
        mpfr_inits2(p, one, x[0], x[1], y[0], y[1], got, want, tmp, (mpfr_ptr)0);
        random_value(a, 3);
        random_value(b, 3);
        mpfr_set(x[0], a, MPFR_RNDN);
        mpfr_set(y[0], b, MPFR_RNDN);
        mpfr_mul(one, x[0], y[0], MPFR_RNDN); /* exact: 2 h <= p bits */
        /* half an ulp of a b at P bits, signed like a b or not */
        mpfr_set_ui_2exp(x[1], 1, mpfr_get_exp(one) - p - 1, MPFR_RNDN);
        mpfr_set_si(y[1], trial % 2 ? 1 : -1, MPFR_RNDN);
        if (mpfr_signbit(one))
            mpfr_neg(y[1], y[1], MPFR_RNDN);
        nhref_dot_mp(got, NULL, 0, x[0], 1, y[0], 1, 2, NULL, NULL, tmp);
        exact_dot(want, NULL, 0, x[0], 1, y[0], 1, 2, NULL, NULL);
        assert_same(got, want, "tie", n, trial);
        mpfr_clears(a, b, one, x[0], x[1], y[0], y[1], got, want, tmp, (mpfr_ptr)0);
    }
}
END_TEST

/* zeros: signed zero operands, zero weights, an exact cancellation (+0), a sum of -0
 * terms only (-0), the empty sum (+0) */
START_TEST(test_zeros)
{
    long n = sizes[_i];
    mpfr_prec_t p = prec_of(n);
    mpfr_t x[4], y[4], init, got, want, tmp;
    nhref_dot_mp_weight_t zero_w = {0, 0}, w = {1, -1};

    for (int i = 0; i < 4; i++)
        mpfr_inits2(p, x[i], y[i], (mpfr_ptr)0);
    mpfr_inits2(p, init, got, want, tmp, (mpfr_ptr)0);
    for (int trial = 0; trial < 16; trial++) {
        int sub = trial & 1;
        for (int i = 0; i < 4; i++) {
            random_value(x[i], 4);
            random_value(y[i], 4);
            if ((trial >> 1) & 1)
                mpfr_set_zero(x[i], urand(2) ? 1 : -1);
        }
        /* exact cancellation of the two first terms when trial & 4 */
        if ((trial >> 2) & 1) {
            mpfr_set(x[1], x[0], MPFR_RNDN);
            mpfr_neg(y[1], y[0], MPFR_RNDN);
        }
        mpfr_set_zero(init, (trial >> 3) & 1 ? -1 : 1);
        nhref_dot_mp(got, init, sub, x[0], 1, y[0], 1, (trial >> 2) & 1 ? 2 : 4, NULL, NULL, tmp);
        exact_dot(want, init, sub, x[0], 1, y[0], 1, (trial >> 2) & 1 ? 2 : 4, NULL, NULL);
        assert_same(got, want, "zeros", n, trial);
        nhref_dot_mp(got, init, sub, x[0], 1, y[0], 1, 4, &zero_w, NULL, tmp);
        exact_dot(want, init, sub, x[0], 1, y[0], 1, 4, &zero_w, NULL);
        assert_same(got, want, "zero weights", n, trial);
        /* weights 1, 0, -1, -2 */
        nhref_dot_mp(got, init, sub, x[0], 1, y[0], 1, 4, &w, x[3], tmp);
        exact_dot(want, init, sub, x[0], 1, y[0], 1, 4, &w, x[3]);
        assert_same(got, want, "zeros, weights and a square", n, trial);
        /* a zero operand among regular terms and no initial value: the paths for one
         * precision (small_dot, mid_dot) take such sums (a zero's exponent is MPFR's
         * special value: under UBSan, an exponent sum taken before the zero test fails) */
        mpfr_set_zero(y[2], urand(2) ? 1 : -1);
        nhref_dot_mp(got, NULL, sub, x[0], 1, y[0], 1, 4, NULL, NULL, tmp);
        exact_dot(want, NULL, sub, x[0], 1, y[0], 1, 4, NULL, NULL);
        assert_same(got, want, "a zero among the terms", n, trial);
    }
    nhref_dot_mp(got, NULL, 0, x[0], 1, y[0], 1, 0, NULL, NULL, tmp);
    exact_dot(want, NULL, 0, x[0], 1, y[0], 1, 0, NULL, NULL);
    assert_same(got, want, "empty sum", n, 0);
    for (int i = 0; i < 4; i++)
        mpfr_clears(x[i], y[i], (mpfr_ptr)0);
    mpfr_clears(init, got, want, tmp, (mpfr_ptr)0);
}
END_TEST

/* NaN and infinities anywhere: MPFR's rules (NaN, inf - inf and 0 inf are NaN) */
START_TEST(test_special)
{
    long n = sizes[_i];
    mpfr_prec_t p = prec_of(n);
    mpfr_t x[5], y[5], init, mid, got, want, tmp;

    for (int i = 0; i < 5; i++)
        mpfr_inits2(p, x[i], y[i], (mpfr_ptr)0);
    mpfr_inits2(p, init, mid, got, want, tmp, (mpfr_ptr)0);
    for (int trial = 0; trial < 24; trial++) {
        int sub = urand(2), which = urand(4), k = (int)urand(5);
        for (int i = 0; i < 5; i++) {
            random_value(x[i], 4);
            random_value(y[i], 4);
        }
        random_value(init, 4);
        random_value(mid, 4);
        switch (trial % 6) {
        case 0:
            mpfr_set_nan(which < 2 ? x[k] : y[k]);
            break;
        case 1:
            mpfr_set_inf(x[k], urand(2) ? 1 : -1);
            break;
        case 2: /* inf - inf */
            mpfr_set_inf(x[k], 1);
            mpfr_set_inf(x[(k + 1) % 5], 1);
            mpfr_set(y[(k + 1) % 5], y[k], MPFR_RNDN);
            mpfr_neg(y[(k + 1) % 5], y[(k + 1) % 5], MPFR_RNDN);
            break;
        case 3: /* 0 inf */
            mpfr_set_inf(x[k], -1);
            mpfr_set_zero(y[k], 1);
            break;
        case 4:
            mpfr_set_inf(init, urand(2) ? 1 : -1);
            break;
        default:
            mpfr_set_inf(mid, urand(2) ? 1 : -1);
            break;
        }
        nhref_dot_mp(got, init, sub, x[0], 1, y[0], 1, 5, NULL, mid, tmp);
        exact_dot(want, init, sub, x[0], 1, y[0], 1, 5, NULL, mid);
        assert_same(got, want, "special", n, trial);
    }
    for (int i = 0; i < 5; i++)
        mpfr_clears(x[i], y[i], (mpfr_ptr)0);
    mpfr_clears(init, mid, got, want, tmp, (mpfr_ptr)0);
}
END_TEST

/* RES aliasing INIT, an operand or MID gives the value of a separate RES */
START_TEST(test_alias)
{
    long n = sizes[_i];
    mpfr_prec_t p = prec_of(n);
    mpfr_t x[6], y[6], init, want, tmp;
    nhref_dot_mp_weight_t two = {2, 0};

    for (int i = 0; i < 6; i++) {
        mpfr_inits2(p, x[i], y[i], (mpfr_ptr)0);
        random_value(x[i], 4);
        random_value(y[i], 4);
    }
    mpfr_inits2(p, init, want, tmp, (mpfr_ptr)0);
    random_value(init, 4);
    exact_dot(want, init, 1, x[0], 1, y[0], 1, 5, &two, x[5]);
    nhref_dot_mp(init, init, 1, x[0], 1, y[0], 1, 5, &two, x[5], tmp);
    assert_same(init, want, "RES = INIT", n, 0);
    exact_dot(want, NULL, 0, x[0], 1, y[0], 1, 5, NULL, x[5]);
    nhref_dot_mp(x[5], NULL, 0, x[0], 1, y[0], 1, 5, NULL, x[5], tmp);
    assert_same(x[5], want, "RES = MID", n, 0);
    exact_dot(want, NULL, 0, x[0], 1, y[0], 1, 5, NULL, NULL);
    nhref_dot_mp(y[2], NULL, 0, x[0], 1, y[0], 1, 5, NULL, NULL, tmp);
    assert_same(y[2], want, "RES = Y[2]", n, 0);
    for (int i = 0; i < 6; i++)
        mpfr_clears(x[i], y[i], (mpfr_ptr)0);
    mpfr_clears(init, want, tmp, (mpfr_ptr)0);
}
END_TEST

/* operands of other precisions than the result's (the general path's products of
 * unequal sizes) */
START_TEST(test_mixed_precisions)
{
    long n = sizes[_i];
    for (int trial = 0; trial < 8; trial++) {
        mpfr_prec_t p = prec_of(n), q = 2 + urand(64 * NHREF_DOT_MP_MAX_LIMBS - 2);
        long len = 1 + urand(MAXLEN);
        mpfr_t x[MAXLEN], y[MAXLEN], got, want, tmp;
        for (long i = 0; i < len; i++) {
            mpfr_init2(x[i], p);
            mpfr_init2(y[i], urand(2) ? p : q);
            random_value(x[i], 8);
            random_value(y[i], 8);
        }
        mpfr_inits2(p, got, want, tmp, (mpfr_ptr)0);
        nhref_dot_mp(got, NULL, trial & 1, x[0], 1, y[0], 1, len, NULL, NULL, tmp);
        exact_dot(want, NULL, trial & 1, x[0], 1, y[0], 1, len, NULL, NULL);
        assert_same(got, want, "mixed precisions", n, trial);
        for (long i = 0; i < len; i++)
            mpfr_clears(x[i], y[i], (mpfr_ptr)0);
        mpfr_clears(got, want, tmp, (mpfr_ptr)0);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dot_mp");
    TCase *tc = tcase_create("dot_mp");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_random, 0, NSIZES);
    tcase_add_loop_test(tc, test_spread, 0, NSIZES);
    tcase_add_loop_test(tc, test_carries, 0, NSIZES);
    tcase_add_loop_test(tc, test_cancellation, 0, NSIZES);
    tcase_add_loop_test(tc, test_ties, 0, NSIZES);
    tcase_add_loop_test(tc, test_zeros, 0, NSIZES);
    tcase_add_loop_test(tc, test_special, 0, NSIZES);
    tcase_add_loop_test(tc, test_alias, 0, NSIZES);
    tcase_add_loop_test(tc, test_mixed_precisions, 0, NSIZES);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
