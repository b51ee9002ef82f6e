/* const.c -- nhref_jet_const: the jet of a constant c given in decimal.
 *
 * Recurrence: w_0 = c rounded to nearest, w_k = 0 for k >= 1.
 *
 * The string must be in decimal or scientific notation:
 *   [+-] digits [. [digits]] [(e|E) [+-] digits]   or   [+-] . digits [...]
 * with no blanks; anything else ("1.2.3", "-3/2", "inf", "nan", "0x10", " 1")
 * is NHREF_EPARSE.  It is checked at every order, so a malformed constant is
 * reported whichever order is asked first.  A value outside the exponent
 * range (rounded to +-Inf) is NHREF_EDOMAIN.
 */
#include <stddef.h>

#include "nhref_jet.h"

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* 1 if S is a decimal number in the accepted notation, 0 otherwise. */
static int decimal_ok(const char *s)
{
    size_t ndig = 0;

    if (*s == '+' || *s == '-')
        s++;
    while (is_digit(*s)) {
        s++;
        ndig++;
    }
    if (*s == '.') {
        s++;
        while (is_digit(*s)) {
            s++;
            ndig++;
        }
    }
    if (ndig == 0)
        return 0;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (!is_digit(*s))
            return 0;
        while (is_digit(*s))
            s++;
    }
    return *s == '\0';
}

int nhref_jet_const(mpfr_ptr w, const char *decimal, unsigned k, mpfr_rnd_t rnd)
{
    mpfr_ptr wk = w + k;

    if (decimal == NULL || !decimal_ok(decimal)) {
        mpfr_set_nan(wk);
        return NHREF_EPARSE;
    }
    if (k > 0) {
        mpfr_set_zero(wk, 1);
        return NHREF_OK;
    }
    if (mpfr_set_str(wk, decimal, 10, rnd) != 0) {
        mpfr_set_nan(wk);
        return NHREF_EPARSE;
    }
    if (!mpfr_number_p(wk)) {
        mpfr_set_nan(wk);
        return NHREF_EDOMAIN;
    }
    return NHREF_OK;
}
