/* constant.c -- parameter and initial values: a decimal number, or a constant
 * expression of the tape's grammar ("pi/7", "1.2*sin(0.3)", "sqrt(2)/2"), evaluated on
 * a tape at the destination's precision plus guard bits (MPFR) or enclosed in a ball
 * (Arb).  Issue 24: initial velocities on a constraint manifold are not short decimals. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "nhref_arb.h"
#include "nhref_io.h"
#include "nhref_tape.h"
#include "run/grid.h"

#define GUARD_BITS 64

/* *TAPE = S parsed as an expression of constants only (no state, parameter or t);
 * NHREF_EPARSE with the parser's message in ERR otherwise */
static int parse_constant(nhref_tape_t **tape, const char *s, char *err, size_t errlen)
{
    int status = nhref_tape_parse(tape, s, 0, NULL, 0, NULL, err, errlen);
    if (status == NHREF_OK &&
        nhref_tape_node_inputs(*tape, nhref_tape_output(*tape, 0)) & NHREF_TAPE_READS_TIME) {
        snprintf(err, errlen, "a value cannot read the time t");
        nhref_tape_free(*tape);
        *tape = NULL;
        status = NHREF_EPARSE;
    }
    return status;
}

/* S is meant as an expression, not as a (malformed) number: it has a parenthesis, an
 * operator other than a sign (* / ^) or pi, and no blank at either end ("abc", "1e",
 * "nan", "1 ", "--1", "2-1" are numbers gone wrong, and get nhref_decimal_why's
 * message) */
static int expression_like(const char *s)
{
    size_t n = s != NULL ? strlen(s) : 0;
    if (n == 0 || isspace((unsigned char)s[0]) || isspace((unsigned char)s[n - 1]))
        return 0;
    return strpbrk(s, "()*/^") != NULL || strstr(s, "pi") != NULL;
}

int nhref_value_set(mpfr_ptr x, const char *s)
{
    nhref_tape_t *tape = NULL;
    nhref_tape_mp_t *ws = NULL;
    mpfr_t v, t;
    char err[256];
    int status = nhref_decimal_set(x, s);

    if (status != NHREF_EPARSE || !expression_like(s))
        return status;
    if ((status = parse_constant(&tape, s, err, sizeof err)) != NHREF_OK)
        return status == NHREF_ENOMEM ? status : NHREF_EPARSE;
    status = nhref_tape_mp_new(&ws, tape, mpfr_get_prec(x) + GUARD_BITS, 0);
    if (status == NHREF_OK) {
        mpfr_inits2(mpfr_get_prec(x) + GUARD_BITS, v, t, (mpfr_ptr)0);
        mpfr_set_zero(t, 1);
        /* the constant nodes are computed with the (no) parameters; then the output */
        if (nhref_tape_mp_set_params(ws, t) != NHREF_OK)
            mpfr_set_nan(v);
        else
            nhref_tape_mp_eval(v, ws, t, t); /* no state: X is not read */
        if (mpfr_nan_p(v) || mpfr_inf_p(v))
            status = NHREF_EDOMAIN;
        else if (!mpfr_zero_p(v) && mpfr_get_exp(v) > nhref_decimal_max_exp(mpfr_get_prec(x)))
            status = NHREF_ERANGE;
        else
            mpfr_set(x, v, MPFR_RNDN);
        mpfr_clears(v, t, (mpfr_ptr)0);
        nhref_tape_mp_free(ws);
    } else {
        status = status == NHREF_ENOMEM ? status : NHREF_EDOMAIN;
    }
    nhref_tape_free(tape);
    return status;
}

/* X = a ball that contains the decimal S, PREC bits for its midpoint: Arb's reading (a
 * leading '+' dropped), or else the exact mantissa times a ball of 10^e (the forms Arb
 * does not read, e.g. MPFR's '@' exponent).  NHREF_OK or NHREF_EPARSE. */
static int decimal_ball(arb_ptr x, const char *s, long prec)
{
    mpz_t m;
    long e;
    arb_t p;
    if (arb_set_str(x, *s == '+' ? s + 1 : s, (slong)prec) == 0)
        return arb_is_finite(x) ? NHREF_OK : NHREF_EPARSE;
    mpz_init(m);
    if (nhref_dec_parse(m, &e, s) != 0) {
        mpz_clear(m);
        return NHREF_EPARSE;
    }
    arb_init(p);
    arf_set_mpz(arb_midref(x), m);
    mag_zero(arb_radref(x));
    arb_ui_pow_ui(p, 10, (ulong)(e < 0 ? -e : e), (slong)prec);
    if (e < 0)
        arb_div(x, x, p, (slong)prec);
    else
        arb_mul(x, x, p, (slong)prec);
    arb_clear(p);
    mpz_clear(m);
    return NHREF_OK;
}

int nhref_value_arb(arb_ptr x, const char *s, long prec)
{
    nhref_tape_t *tape = NULL;
    nhref_tape_arb_t *ws = NULL;
    mpfr_t probe;
    arb_t t;
    char err[256];
    int status;

    mpfr_init2(probe, 64);
    status = nhref_decimal_set(probe, s);
    mpfr_clear(probe);
    if (status == NHREF_OK) /* a decimal: the ball around it */
        return decimal_ball(x, s, prec);
    if (status != NHREF_EPARSE || !expression_like(s))
        return status;
    if ((status = parse_constant(&tape, s, err, sizeof err)) != NHREF_OK)
        return status == NHREF_ENOMEM ? status : NHREF_EPARSE;
    if ((status = nhref_tape_arb_new(&ws, tape, prec, 0)) == NHREF_OK) {
        arb_init(t);
        if (nhref_tape_arb_set_params(ws, t) != NHREF_OK)
            arb_indeterminate(x);
        else
            nhref_tape_arb_eval(x, ws, t, t);
        status = arb_is_finite(x) ? NHREF_OK : NHREF_EDOMAIN;
        arb_clear(t);
        nhref_tape_arb_free(ws);
    } else {
        status = status == NHREF_ENOMEM ? status : NHREF_EDOMAIN;
    }
    nhref_tape_free(tape);
    return status;
}

const char *nhref_value_why(char *buf, size_t len, const char *s, mpfr_prec_t prec, int status)
{
    nhref_tape_t *tape = NULL;
    char err[256];
    size_t n = s != NULL ? strlen(s) : 0;
    int shown = n > 40 ? 32 : (int)n;
    const char *more = n > 40 ? "..." : "";

    if (s == NULL)
        s = "";
    if (status == NHREF_ERANGE || status == NHREF_ENOMEM || !expression_like(s))
        return nhref_decimal_why(buf, len, s, prec, status);
    if (status == NHREF_EDOMAIN) {
        snprintf(buf, len, "'%.*s%s' is undefined (an operation outside its domain)", shown, s,
                 more);
        return buf;
    }
    if (parse_constant(&tape, s, err, sizeof err) == NHREF_OK) {
        nhref_tape_free(tape);
        snprintf(buf, len, "'%.*s%s' is not a finite number", shown, s, more);
    } else {
        snprintf(buf, len, "'%.*s%s' is neither a decimal number nor a constant expression (%s)",
                 shown, s, more, err);
    }
    return buf;
}
