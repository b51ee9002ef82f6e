/* check_limits.c -- bounded work on hostile input (issue 16): the expression
 * parser's nesting, exponent and constant limits, the decimal parser's bound on
 * magnitudes, and the precision limit the CLI states against what the library
 * accepts.
 *
 * Expected values come from identities: an expression nested N levels in
 * parentheses or under an even number of signs is its argument; 2^B and
 * 2^B (1 - 2^-P) are written as exact decimal integers by GMP, independently of
 * the code under test.  Every test here fails on the code before the limits
 * (a stack overflow, an accepted exponent or value, a hang).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "ck_mpfr.h"
#include "cli/cli.h"
#include "integrate/budget.h"
#include "nhref_arb.h"
#include "nhref_fast.h"
#include "nhref_integrate.h"
#include "nhref_io.h"
#include "nhref_tape.h"

static const char *const snames[] = {"y", "v"};
static const char *const pnames[] = {"m"};

/* OPEN repeated N times, then "y", then N closing parentheses */
static char *nested(const char *open, size_t n)
{
    size_t lo = strlen(open);
    char *e = malloc(n * (lo + 1) + 2), *p = e;
    ck_assert_ptr_nonnull(e);
    for (size_t i = 0; i < n; i++, p += lo)
        memcpy(p, open, lo);
    *p++ = 'y';
    memset(p, ')', n);
    p[n] = '\0';
    return e;
}

typedef struct {
    const char *expr;
    char err[512];
    int status;
    nhref_tape_t *tape;
} parse_job_t;

static void *parse_job(void *arg)
{
    parse_job_t *j = arg;
    j->status = nhref_tape_parse(&j->tape, j->expr, 2, snames, 1, pnames, j->err, sizeof j->err);
    return NULL;
}

/* parse EXPR on a thread with a stack of STACK bytes (the parser's recursion is
 * bounded, so a small stack suffices at the limit) */
static int parse_on_stack(nhref_tape_t **tape, const char *expr, size_t stack, char *err,
                          size_t errlen)
{
    pthread_attr_t at;
    pthread_t th;
    parse_job_t j;

    j.expr = expr;
    j.tape = NULL;
    ck_assert_int_eq(pthread_attr_init(&at), 0);
    ck_assert_int_eq(pthread_attr_setstacksize(&at, stack), 0);
    ck_assert_int_eq(pthread_create(&th, &at, parse_job, &j), 0);
    ck_assert_int_eq(pthread_join(th, NULL), 0);
    pthread_attr_destroy(&at);
    snprintf(err, errlen, "%s", j.err);
    *tape = j.tape;
    return j.status;
}

/* the tape's output at y = Y (decimal), v = 0, m = 1, t = 0, at 128 bits, into G */
static void eval_at(mpfr_ptr g, const nhref_tape_t *tape, const char *y)
{
    nhref_tape_mp_t *ws;
    __mpfr_struct *x = nhref_vec_new(2, 128);
    mpfr_t t, p;

    ck_assert_ptr_nonnull(x);
    mpfr_inits2(128, t, p, (mpfr_ptr)0);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tape, 128, 0), NHREF_OK);
    mpfr_set_ui(p, 1, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_OK);
    mpfr_set_zero(t, 1);
    mpfr_set_str(x + 0, y, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_eval(g, ws, t, x), NHREF_OK);
    nhref_tape_mp_free(ws);
    nhref_vec_free(x, 2);
    mpfr_clears(t, p, (mpfr_ptr)0);
}

/* ------------------------------------------------------------------ parser depth */
/* At the limit, every kind of nesting parses on a 1 MB stack and is the identity
 * (an even number of negations); one level more is refused with the limit and
 * the column of the parenthesis that crossed it. */
static const char *const openers[] = {"(", "(-", "sin(", "-(", "+("};

START_TEST(test_parse_depth_limit)
{
    const char *open = openers[_i];
    const size_t limit = NHREF_TAPE_PARSE_MAX_DEPTH;
    nhref_tape_t *tp;
    char err[512], want[64];
    char *e = nested(open, limit);
    mpfr_t g, y;
    int st;

    ck_assert_int_eq(limit, 1000);
    st = parse_on_stack(&tp, e, 1 << 20, err, sizeof err);
    ck_assert_msg(st == NHREF_OK, "'%s' x %zu: %s", open, limit, err);
    if (strcmp(open, "sin(") != 0) { /* identity: y (1000 negations at most) */
        mpfr_inits2(128, g, y, (mpfr_ptr)0);
        eval_at(g, tp, "0.375");
        mpfr_set_str(y, "0.375", 10, MPFR_RNDN);
        ck_assert_mpfr_eq(g, y);
        mpfr_clears(g, y, (mpfr_ptr)0);
    }
    nhref_tape_free(tp);
    free(e);

    e = nested(open, limit + 1);
    st = parse_on_stack(&tp, e, 1 << 20, err, sizeof err);
    ck_assert_int_eq(st, NHREF_EPARSE);
    ck_assert_ptr_null(tp);
    ck_assert_msg(strstr(err, "deeper than 1000 levels") != NULL, "message: %s", err);
    /* the column of the 1001st opening parenthesis */
    snprintf(want, sizeof want,
             "column %zu:", limit * strlen(open) + (strchr(open, '(') - open) + 1);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "message: %s, want %s", err, want);
    free(e);
}
END_TEST

/* The reproducers of issue 16: 30000 parentheses, 20000 sin( -- refused, no crash. */
START_TEST(test_parse_depth_reproducers)
{
    nhref_tape_t *tp;
    char err[512];
    char *e = nested("(", 30000);
    ck_assert_int_eq(nhref_tape_parse(&tp, e, 2, snames, 1, pnames, err, sizeof err), NHREF_EPARSE);
    ck_assert_ptr_nonnull(strstr(err, "column 1001: parentheses nested deeper than 1000 levels"));
    free(e);
    e = nested("sin(", 20000);
    ck_assert_int_eq(nhref_tape_parse(&tp, e, 2, snames, 1, pnames, err, sizeof err), NHREF_EPARSE);
    ck_assert_ptr_nonnull(strstr(err, "column 4004: parentheses nested deeper than 1000 levels"));
    free(e);
}
END_TEST

/* 10^5 unary signs are a loop, not a recursion: an even count is the identity. */
START_TEST(test_parse_signs)
{
    size_t n = 100000;
    char *e = malloc(2 * n + 3);
    nhref_tape_t *tp;
    char err[256];
    mpfr_t g, y;

    for (size_t i = 0; i < n; i++) {
        e[2 * i] = i % 3 ? '-' : '+';
        e[2 * i + 1] = ' ';
    }
    strcpy(e + 2 * n, "y");
    /* 2/3 of the signs are '-': 66666 of them, an even number */
    ck_assert_int_eq(nhref_tape_parse(&tp, e, 2, snames, 1, pnames, err, sizeof err), NHREF_OK);
    mpfr_inits2(128, g, y, (mpfr_ptr)0);
    eval_at(g, tp, "-2.5");
    mpfr_set_str(y, "-2.5", 10, MPFR_RNDN);
    ck_assert_mpfr_eq(g, y);
    mpfr_clears(g, y, (mpfr_ptr)0);
    nhref_tape_free(tp);
    free(e);
}
END_TEST

/* ------------------------------------------------------------------ exponents, constants */
START_TEST(test_parse_exponent_limit)
{
    nhref_tape_t *tp;
    char err[256];
    mpfr_t g, y;

    /* the largest exponent: (-1)^(2^31 - 1) = -1 exactly */
    ck_assert_int_eq(nhref_tape_parse(&tp, "y^2147483647", 2, snames, 1, pnames, err, sizeof err),
                     NHREF_OK);
    mpfr_inits2(128, g, y, (mpfr_ptr)0);
    eval_at(g, tp, "-1");
    mpfr_set_si(y, -1, MPFR_RNDN);
    ck_assert_mpfr_eq(g, y);
    nhref_tape_free(tp);
    ck_assert_int_eq(nhref_tape_parse(&tp, "y^-2147483647", 2, snames, 1, pnames, err, sizeof err),
                     NHREF_OK);
    nhref_tape_free(tp);
    mpfr_clears(g, y, (mpfr_ptr)0);

    ck_assert_int_eq(nhref_tape_parse(&tp, "y^2147483648", 2, snames, 1, pnames, err, sizeof err),
                     NHREF_EPARSE);
    ck_assert_str_eq(err, "column 3: exponent '2147483648' out of range (an integer between "
                          "-2147483647 and 2147483647)");
    ck_assert_int_eq(
        nhref_tape_parse(&tp, "y^99999999999999999999", 2, snames, 1, pnames, err, sizeof err),
        NHREF_EPARSE);
    ck_assert_ptr_nonnull(strstr(err, "exponent '99999999999999999999' out of range"));
    ck_assert_int_eq(
        nhref_tape_parse(&tp, "y^-9223372036854775808", 2, snames, 1, pnames, err, sizeof err),
        NHREF_EPARSE);
    /* not an integer literal: a real power (of a positive base), 2^2000 at y = 2, no
     * exponent bound (mpfr_pow); undefined at y = -1 */
    ck_assert_int_eq(nhref_tape_parse(&tp, "y^2e3", 2, snames, 1, pnames, err, sizeof err),
                     NHREF_OK);
    mpfr_inits2(128, g, y, (mpfr_ptr)0);
    eval_at(g, tp, "2");
    mpfr_set_ui_2exp(y, 1, 2000, MPFR_RNDN);
    ck_assert_mpfr_eq(g, y);
    mpfr_clears(g, y, (mpfr_ptr)0);
    nhref_tape_free(tp);
    ck_assert_int_eq(nhref_tape_parse(&tp, "y^1e1000", 2, snames, 1, pnames, err, sizeof err),
                     NHREF_OK);
    nhref_tape_free(tp);
}
END_TEST

/* y^y^...^y: each real exponent is one level deeper (right associative), under the
 * parentheses' limit: 1000 carets parse on a 1 MB stack (1 at y = 1), 1001 are refused
 * with the column of the one that crossed it, 10^5 without a crash. */
START_TEST(test_parse_power_chain)
{
    const size_t limit = NHREF_TAPE_PARSE_MAX_DEPTH, big = 100000;
    char *e = malloc(2 * big + 2), err[512], want[64];
    nhref_tape_t *tp;
    mpfr_t g, y;
    int st;

    ck_assert_ptr_nonnull(e);
    for (size_t i = 0; i <= big; i++)
        e[2 * i] = 'y', e[2 * i + 1] = '^';
    e[2 * limit + 1] = '\0'; /* 1000 carets */
    st = parse_on_stack(&tp, e, 1 << 20, err, sizeof err);
    ck_assert_msg(st == NHREF_OK, "y^ x %zu: %s", limit, err);
    mpfr_inits2(128, g, y, (mpfr_ptr)0);
    eval_at(g, tp, "1");
    mpfr_set_ui(y, 1, MPFR_RNDN);
    ck_assert_mpfr_eq(g, y);
    mpfr_clears(g, y, (mpfr_ptr)0);
    nhref_tape_free(tp);
    e[2 * limit + 1] = '^';
    e[2 * limit + 3] = '\0'; /* 1001 carets */
    st = parse_on_stack(&tp, e, 1 << 20, err, sizeof err);
    ck_assert_int_eq(st, NHREF_EPARSE);
    ck_assert_ptr_null(tp);
    snprintf(want, sizeof want, "column %zu: exponents nested deeper than 1000 levels",
             2 * limit + 3);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "message: %s, want %s", err, want);
    e[2 * limit + 3] = '^';
    e[2 * big + 1] = '\0';
    st = parse_on_stack(&tp, e, 1 << 20, err, sizeof err);
    ck_assert_int_eq(st, NHREF_EPARSE);
    free(e);
}
END_TEST

START_TEST(test_parse_constants)
{
    nhref_tape_t *tp;
    char err[512], digits[260];
    mpfr_t g, y;

    /* a huge constant under sin: refused at parse time, naming the bound */
    ck_assert_int_eq(
        nhref_tape_parse(&tp, "sin(1e100000000)+y", 2, snames, 1, pnames, err, sizeof err),
        NHREF_EPARSE);
    ck_assert_msg(strstr(err, "column 5: '1e100000000' is too large in magnitude: |x| must be "
                              "below 2^4096 (about 1.04e1233)") == err,
                  "message: %s", err);
    ck_assert_int_eq(
        nhref_tape_parse(&tp, "y + 1e-400000000", 2, snames, 1, pnames, err, sizeof err),
        NHREF_EPARSE);
    ck_assert_ptr_nonnull(strstr(err, "too small in magnitude"));
    /* just below the bound: accepted, and sin of it evaluates (bounded reduction) */
    ck_assert_int_eq(nhref_tape_parse(&tp, "sin(1e1233) - sin(1e1233) + y", 2, snames, 1, pnames,
                                      err, sizeof err),
                     NHREF_OK);
    mpfr_inits2(128, g, y, (mpfr_ptr)0);
    eval_at(g, tp, "3");
    mpfr_set_ui(y, 3, MPFR_RNDN);
    ck_assert_mpfr_eq(g, y);
    nhref_tape_free(tp);
    /* a constant of 250 characters (numbers were cut at 127): parsed as MPFR parses
     * it, so the constant minus y at y = the same string is 0 */
    memset(digits, '3', 250);
    memcpy(digits, "0.", 2);
    digits[250] = '\0';
    {
        char e[300];
        snprintf(e, sizeof e, "%s - y", digits);
        ck_assert_int_eq(nhref_tape_parse(&tp, e, 2, snames, 1, pnames, err, sizeof err), NHREF_OK);
    }
    eval_at(g, tp, digits);
    ck_assert(mpfr_zero_p(g));
    nhref_tape_free(tp);
    mpfr_clears(g, y, (mpfr_ptr)0);
}
END_TEST

/* sin and cos of a computed argument at or beyond 2^(64 max(P, 64)) are undefined in
 * MPFR and Arb (they hung in argument reduction: exp(exp(20)) is about 2^(7 10^8));
 * just below the bound they are evaluated: sin^2 + cos^2 = 1 */
START_TEST(test_sincos_bound)
{
    nhref_tape_t *tp;
    nhref_tape_mp_t *ws;
    nhref_tape_arb_t *wa;
    char err[512];
    mpfr_t g[2], t, x[2], p, s2;
    arb_t ga[2], ta, xa[2], pa;
    const long b = 64 * 128; /* the bound at 128 bits */

    /* a constant part: undefined when the parameters are set */
    ck_assert_int_eq(nhref_tape_parse(&tp, "sin(exp(exp(20)))+y", 2, snames, 1, pnames, err,
                                      sizeof err),
                     NHREF_OK);
    mpfr_inits2(128, g[0], g[1], t, x[0], x[1], p, s2, (mpfr_ptr)0);
    mpfr_set_ui(p, 1, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, 128, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_EDOMAIN);
    nhref_tape_mp_free(ws);
    nhref_tape_free(tp);
    ck_assert_int_eq(nhref_tape_parse(&tp, "sin(1e1000^300000)+y", 2, snames, 1, pnames, err,
                                      sizeof err),
                     NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, 128, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_EDOMAIN);
    nhref_tape_mp_free(ws);
    nhref_tape_free(tp);

    /* a state-dependent argument: sin(y), cos(y) at y = 2^b and 2^b (1 - 2^-128) */
    ck_assert_int_eq(nhref_tape_new(&tp, 2, 1, 2), NHREF_OK);
    nhref_tape_set_output(tp, 0, nhref_tape_sin(tp, nhref_tape_state(tp, 0)));
    nhref_tape_set_output(tp, 1, nhref_tape_cos(tp, nhref_tape_state(tp, 0)));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, 128, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_OK);
    mpfr_set_zero(t, 1);
    mpfr_set_zero(x[1], 1);
    mpfr_set_ui_2exp(x[0], 1, b, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_eval(g[0], ws, t, x[0]), NHREF_EDOMAIN);
    ck_assert(mpfr_nan_p(g[0]) && mpfr_nan_p(g[1]));
    mpfr_neg(x[0], x[0], MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_eval(g[0], ws, t, x[0]), NHREF_EDOMAIN);
    mpfr_neg(x[0], x[0], MPFR_RNDN);
    mpfr_nextbelow(x[0]);
    ck_assert_int_eq(nhref_tape_mp_eval(g[0], ws, t, x[0]), NHREF_OK);
    mpfr_sqr(s2, g[0], MPFR_RNDN);
    mpfr_fma(s2, g[1], g[1], s2, MPFR_RNDN);
    mpfr_sub_ui(s2, s2, 1, MPFR_RNDN);
    ck_assert(mpfr_get_exp(s2) < -120 || mpfr_zero_p(s2));
    nhref_tape_mp_free(ws);

    /* Arb: indeterminate at the bound, an enclosure of modulus 1 below it */
    arb_init(ta);
    arb_init(pa);
    for (int i = 0; i < 2; i++) {
        arb_init(ga[i]);
        arb_init(xa[i]);
    }
    arb_one(pa);
    ck_assert_int_eq(nhref_tape_arb_new(&wa, tp, 128, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_arb_set_params(wa, pa), NHREF_OK);
    arb_one(xa[0]);
    arb_mul_2exp_si(xa[0], xa[0], b);
    ck_assert_int_eq(nhref_tape_arb_eval(ga[0], wa, ta, xa[0]), NHREF_EDOMAIN);
    ck_assert(!arb_is_finite(ga[0]) && !arb_is_finite(ga[1]));
    arf_set_mpfr(arb_midref(xa[0]), x[0]);
    ck_assert_int_eq(nhref_tape_arb_eval(ga[0], wa, ta, xa[0]), NHREF_OK);
    ck_assert(arb_is_finite(ga[0]) && arb_is_finite(ga[1]));
    nhref_tape_arb_free(wa);
    arb_clear(ta);
    arb_clear(pa);
    for (int i = 0; i < 2; i++) {
        arb_clear(ga[i]);
        arb_clear(xa[i]);
    }
    nhref_tape_free(tp);
    mpfr_clears(g[0], g[1], t, x[0], x[1], p, s2, (mpfr_ptr)0);
}
END_TEST

/* ------------------------------------------------------------------ decimal bound */
/* X = the exact decimal integer 2^B - (SUB ? 2^(B - P) : 0) */
static char *pow2_str(unsigned long b, int sub, unsigned long p)
{
    mpz_t z, w;
    char *s;
    mpz_init(z);
    mpz_init(w);
    mpz_ui_pow_ui(z, 2, b);
    if (sub) {
        mpz_ui_pow_ui(w, 2, b - p);
        mpz_sub(z, z, w);
    }
    s = mpz_get_str(NULL, 10, z);
    mpz_clears(z, w, NULL);
    return s;
}

/* At P bits, 2^B (1 - 2^-P), the largest number below 2^B, is accepted exactly;
 * 2^B is refused with NHREF_ERANGE; B = 64 max(P, 64). */
static const mpfr_prec_t bound_precs[] = {16, 53, 64, 65, 200, 1000};

START_TEST(test_decimal_bound)
{
    mpfr_prec_t p = bound_precs[_i];
    unsigned long b = 64UL * (unsigned long)(p > 64 ? p : 64);
    char *below = pow2_str(b, 1, (unsigned long)p), *at = pow2_str(b, 0, 0);
    mpfr_t x, want;

    ck_assert_int_eq(nhref_decimal_max_exp(p), (mpfr_exp_t)b);
    mpfr_inits2(p, x, want, (mpfr_ptr)0);
    /* want = 2^B (1 - 2^-P) exactly */
    mpfr_set_ui_2exp(want, 1, (mpfr_exp_t)b, MPFR_RNDN);
    mpfr_nextbelow(want);
    ck_assert_int_eq(nhref_decimal_set(x, below), NHREF_OK);
    ck_assert_mpfr_eq(x, want);
    mpfr_set_ui(x, 7, MPFR_RNDN);
    ck_assert_int_eq(nhref_decimal_set(x, at), NHREF_ERANGE);
    ck_assert(mpfr_cmp_ui(x, 7) == 0); /* untouched */
    /* negative values alike */
    {
        char *neg = malloc(strlen(at) + 2);
        neg[0] = '-';
        strcpy(neg + 1, at);
        ck_assert_int_eq(nhref_decimal_set(x, neg), NHREF_ERANGE);
        free(neg);
    }
    mpfr_clears(x, want, (mpfr_ptr)0);
    free(below);
    free(at);
}
END_TEST

START_TEST(test_decimal_statuses)
{
    mpfr_t x, z;
    char why[400];

    mpfr_inits2(128, x, z, (mpfr_ptr)0);
    /* the reproducers: refused at once (they hung in sin/cos) */
    ck_assert_int_eq(nhref_decimal_set(x, "1e100000000"), NHREF_ERANGE);
    ck_assert_int_eq(nhref_decimal_set(x, "-1e100000000"), NHREF_ERANGE);
    /* beyond MPFR's range: overflow and underflow are refused, not inf or 0 */
    ck_assert_int_eq(nhref_decimal_set(x, "1e999999999999"), NHREF_ERANGE);
    ck_assert_int_eq(nhref_decimal_set(x, "1e-400000000"), NHREF_ERANGE);
    nhref_decimal_why(why, sizeof why, "1e-400000000", 128, NHREF_ERANGE);
    ck_assert_ptr_nonnull(strstr(why, "too small in magnitude"));
    nhref_decimal_why(why, sizeof why, "1e100000000", 332, NHREF_ERANGE);
    ck_assert_str_eq(why, "'1e100000000' is too large in magnitude: |x| must be below 2^21248 "
                          "(about 1.93e6396), 64 times the precision of 332 bits, so that sin "
                          "and cos reduce their argument in bounded time");
    /* an exact zero with a huge exponent is zero */
    ck_assert_int_eq(nhref_decimal_set(x, "0e-99999999999"), NHREF_OK);
    mpfr_set_zero(z, 1);
    ck_assert_mpfr_eq(x, z);
    /* not numbers */
    ck_assert_int_eq(nhref_decimal_set(x, "inf"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_decimal_set(x, "-inf"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_decimal_set(x, "nan"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_decimal_set(x, "1e"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_decimal_set(x, "0x14"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_decimal_set(x, " 1"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_decimal_set(x, ""), NHREF_EPARSE);
    nhref_decimal_why(why, sizeof why, "0x14", 128, NHREF_EPARSE);
    ck_assert_str_eq(why, "'0x14' is not a finite decimal number");
    /* long values are shortened in messages */
    {
        char lng[100];
        memset(lng, '9', 99);
        lng[99] = '\0';
        nhref_decimal_why(why, sizeof why, lng, 128, NHREF_EPARSE);
        ck_assert_str_eq(why, "'99999999999999999999999999999999...' is not a finite decimal "
                              "number");
    }
    /* MPFR's flags are the caller's: an overflow flag set before survives, no
     * underflow flag is left by the refused underflow */
    mpfr_clear_flags();
    mpfr_set_overflow();
    ck_assert_int_eq(nhref_decimal_set(x, "1e-400000000"), NHREF_ERANGE);
    ck_assert(mpfr_overflow_p() && !mpfr_underflow_p());
    mpfr_clear_flags();
    mpfr_clears(x, z, (mpfr_ptr)0);
}
END_TEST

/* nhref_system_set_param refuses out-of-range magnitudes with NHREF_ERANGE (as its
 * docstring says) and leaves the parameter as it was */
START_TEST(test_set_param_range)
{
    nhref_system_t *sys;
    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "m", "7"), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "m", "1e100000000"), NHREF_ERANGE);
    ck_assert_int_eq(nhref_system_set_param(sys, "m", "1e-400000000"), NHREF_ERANGE);
    ck_assert_int_eq(nhref_system_set_param(sys, "m", "1e1234"), NHREF_ERANGE);
    ck_assert_int_eq(nhref_system_set_param(sys, "m", "x"), NHREF_EPARSE);
    ck_assert_int_eq(nhref_system_set_param(sys, "mass", "1"), NHREF_ENOTFOUND);
    ck_assert_str_eq(nhref_system_param_str(sys, (size_t)nhref_model_param_index(
                                                     nhref_system_model(sys), "m")),
                     "7");
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ CLI limits vs library */
/* The --prec bound the CLI states is the largest precision whose resolved
 * options the library accepts again (nhref_integrator_new resolves them anew). */
START_TEST(test_prec_limit_matches_library)
{
    nhref_options_t o;
    unsigned long pmax = cli_prec_max();

    ck_assert_uint_eq(pmax, 3321931);
    for (int k = 0; k < 2; k++) {
        nhref_options_default(&o);
        o.prec = (mpfr_prec_t)(pmax + (unsigned long)k);
        /* refused at once above the limit (it used to be accepted, then refused when
         * resolved again), and left as it was */
        ck_assert_int_eq(nhref_options_resolve(&o), k == 0 ? NHREF_OK : NHREF_EINVAL);
        ck_assert_int_eq(nhref_options_resolve(&o), k == 0 ? NHREF_OK : NHREF_EINVAL);
        if (k == 1)
            ck_assert(o.prec == (mpfr_prec_t)(pmax + 1) && o.digits == 0);
    }
    /* --prec 16777216 --scheme gauss: the integrator is refused as the options are */
    {
        nhref_system_t *sys;
        nhref_integrator_t *ig = NULL;
        ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
        nhref_options_default(&o);
        o.prec = 16777216;
        o.scheme = "gauss";
        ck_assert_int_eq(nhref_options_resolve(&o), NHREF_EINVAL);
        ck_assert_int_eq(nhref_integrator_new(&ig, sys, &o), NHREF_EINVAL);
        ck_assert_ptr_null(ig);
        nhref_system_free(sys);
    }
    /* idempotent: every resolved option set resolves to itself */
    {
        static const double dg[] = {0, 1, 15.5, 30, 1000, 86857, 1e6};
        static const mpfr_prec_t pr[] = {0, 16, 53, 200, 100000, 3321931};
        for (size_t a = 0; a < sizeof dg / sizeof dg[0]; a++)
            for (size_t b = 0; b < sizeof pr / sizeof pr[0]; b++) {
                nhref_options_t o2;
                nhref_options_default(&o);
                o.digits = dg[a];
                o.prec = pr[b];
                if (nhref_options_resolve(&o) != NHREF_OK)
                    continue;
                o2 = o;
                ck_assert_int_eq(nhref_options_resolve(&o2), NHREF_OK);
                ck_assert(o2.prec == o.prec && o2.digits == o.digits);
            }
    }
    /* the Taylor order rule of the scheme's plan (what a spec is checked against) */
    {
        const nhref_scheme_t *t = nhref_scheme_find("taylor");
        static const double d[] = {30, 86857, 86858, 0.1};
        static const unsigned long want[] = {36, 100000, 100001, 2};
        for (size_t i = 0; i < 4; i++) {
            nhref_scheme_work_t w = {10, 5, 132, d[i], NULL};
            nhref_scheme_plan_t plan;
            int rc = t->plan(&plan, &w);
            ck_assert_uint_eq(plan.order, want[i]);
            ck_assert_int_eq(rc, want[i] > NHREF_TAYLOR_MAX_ORDER ? NHREF_EINVAL : NHREF_OK);
            ck_assert(plan.max_digits == 86857);
        }
    }
}
END_TEST

/* The Taylor scheme refuses the order the CLI refuses (order 100001, or digits
 * 86858 with the order from the tolerance), before allocating. */
START_TEST(test_taylor_limit_matches_library)
{
    nhref_system_t *sys;
    nhref_integrator_t *ig = NULL;
    nhref_options_t o;

    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
    nhref_options_default(&o);
    o.digits = 86858;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &o), NHREF_EINVAL);
    nhref_options_default(&o);
    o.scheme_opt = "order=100001";
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &o), NHREF_EINVAL);
    ck_assert_ptr_null(ig);
    nhref_system_free(sys);
}
END_TEST

/* The step budget (budget.h), by arithmetic: steps of a constant size h from t = 0
 * give the estimate n + (t_end - t)/h exactly at the first check after the one that
 * only records (n = 32); below the margin (4 times the limit) nothing stops; steps
 * that more than double, or shrink to less than half, between checks never stop; no
 * limit, no stop. */
START_TEST(test_budget_rule)
{
    nhref_budget_t b;
    const double h = 0.5;
    double est = 0;
    unsigned long n;

    /* t_end = 1e6 needs 2e6 steps: over 4 x 1000 */
    nhref_budget_start(&b, 0);
    for (n = 1; n <= 40 && est == 0; n++)
        est = nhref_budget_check(&b, n, (double)n * h, 1e6, 1000);
    ck_assert_uint_eq(n - 1, 2 * NHREF_BUDGET_FIRST);
    ck_assert(est == 32.0 + (1e6 - 32.0 * h) / h);
    /* t_end = 1999 needs 3998 steps, under 4 x 1000: counted, never estimated */
    nhref_budget_start(&b, 0);
    for (n = 1; n <= 3998; n++)
        ck_assert(nhref_budget_check(&b, n, (double)n * h, 1999, 1000) == 0);
    /* 4001 steps: over the margin, stopped at step 32 */
    nhref_budget_start(&b, 0);
    est = 0;
    for (n = 1; n <= 40 && est == 0; n++)
        est = nhref_budget_check(&b, n, (double)n * h, 2000.5, 1000);
    ck_assert(est == 4001.0);
    /* step sizes tripling from one check's window to the next: no stop */
    nhref_budget_start(&b, 0);
    {
        double t = 0, hk = 1e-9;
        for (n = 1; n <= 1UL << 20; n++) {
            /* the windows are (n/2, n]: the size changes after each check */
            if (n > NHREF_BUDGET_FIRST && ((n - 1) & (n - 2)) == 0)
                hk *= 3; /* the mean step of the next window triples */
            t += hk;
            ck_assert(nhref_budget_check(&b, n, t, 1e300, 1000) == 0);
        }
    }
    /* step sizes shrinking to a third from one window to the next (a pole ahead): no
     * stop (the blow-up rule decides) */
    nhref_budget_start(&b, 0);
    {
        double t = 0, hk = 1e-3;
        for (n = 1; n <= 1UL << 16; n++) {
            if (n > NHREF_BUDGET_FIRST && ((n - 1) & (n - 2)) == 0)
                hk /= 3;
            t += hk;
            ck_assert(nhref_budget_check(&b, n, t, 2, 1000) == 0);
        }
    }
    /* no limit */
    nhref_budget_start(&b, 0);
    for (n = 1; n <= 100; n++)
        ck_assert(nhref_budget_check(&b, n, (double)n * 1e-9, 1e300, 0) == 0);
}
END_TEST

/* The integrators stop a run that would exceed the step limit after its first steps,
 * with the estimate: the sleigh to t = 1e300 at 30 digits (MPFR), 15 (double) and
 * proven, with the limit 1000; the estimate is above 4 times the limit and the steps
 * taken are far below it. */
START_TEST(test_budget_integrators)
{
    nhref_system_t *sys;
    nhref_options_t o;
    nhref_stats_t st;
    const nhref_model_t *m = nhref_model_find("chaplygin_sleigh");

    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    nhref_options_default(&o);
    o.digits = 30;
    o.max_steps = 1000;
    {
        nhref_integrator_t *ig;
        mpfr_t t, te;
        __mpfr_struct *x = nhref_vec_new(m->nstate, 132);
        ck_assert_int_eq(nhref_integrator_new(&ig, sys, &o), NHREF_OK);
        mpfr_inits2(132, t, te, (mpfr_ptr)0);
        mpfr_set_zero(t, 1);
        mpfr_set_str(te, "1e300", 10, MPFR_RNDN);
        for (size_t i = 0; i < m->nstate; i++)
            ck_assert_int_eq(mpfr_set_str(x + i, m->state[i].default_init, 10, MPFR_RNDN), 0);
        ck_assert_int_eq(nhref_integrate_until(ig, x, t, te, &st), NHREF_EMAXSTEPS);
        ck_assert(st.steps_estimate > 4 * 1000.0);
        ck_assert_uint_lt(st.nsteps, 1000);
        nhref_integrator_free(ig);
        nhref_vec_free(x, m->nstate);
        mpfr_clears(t, te, (mpfr_ptr)0);
    }
    {
        nhref_integrator_d_t *ig;
        double t = 0, te = 1e300, x[16];
        nhref_options_t od = o;
        od.digits = 15;
        ck_assert_uint_le(m->nstate, 16);
        ck_assert_int_eq(nhref_integrator_new_d(&ig, sys, &od), NHREF_OK);
        for (size_t i = 0; i < m->nstate; i++)
            x[i] = strtod(m->state[i].default_init, NULL);
        ck_assert_int_eq(nhref_integrate_until_d(ig, x, &t, &te, &st), NHREF_EMAXSTEPS);
        ck_assert(st.steps_estimate > 4 * 1000.0);
        ck_assert_uint_lt(st.nsteps, 1000);
        nhref_integrator_free_d(ig);
    }
    nhref_system_free(sys);
}
END_TEST

static Suite *limits_suite(void)
{
    Suite *s = suite_create("limits");
    TCase *tc = tcase_create("parser");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_parse_depth_limit, 0, sizeof openers / sizeof openers[0]);
    tcase_add_test(tc, test_parse_depth_reproducers);
    tcase_add_test(tc, test_parse_signs);
    tcase_add_test(tc, test_parse_exponent_limit);
    tcase_add_test(tc, test_parse_power_chain);
    tcase_add_test(tc, test_parse_constants);
    tcase_add_test(tc, test_sincos_bound);
    suite_add_tcase(s, tc);
    tc = tcase_create("decimal");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_decimal_bound, 0, sizeof bound_precs / sizeof bound_precs[0]);
    tcase_add_test(tc, test_decimal_statuses);
    tcase_add_test(tc, test_set_param_range);
    suite_add_tcase(s, tc);
    tc = tcase_create("cli");
    tcase_add_test(tc, test_prec_limit_matches_library);
    tcase_add_test(tc, test_taylor_limit_matches_library);
    suite_add_tcase(s, tc);
    tc = tcase_create("budget");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_budget_rule);
    tcase_add_test(tc, test_budget_integrators);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(limits_suite());
    int nfail;
    srunner_run_all(sr, CK_NORMAL);
    nfail = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfail == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
