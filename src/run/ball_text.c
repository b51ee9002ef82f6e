/* ball_text.c -- the text of a ball: two CSV cells, midpoint and radius, such that the
 * printed interval contains the ball (nhref_arb.h; the proven type's formatter). */
#include <stdio.h>
#include <stdlib.h>

#include <arb.h>
#include <mpfr.h>

#include "nhref_arb.h"
#include "run/run_internal.h"

size_t nhref_ball_text(char *buf, size_t len, arb_srcptr x, int digits)
{
    int n;
    slong bits;
    mpfr_t m, u;
    arb_t printed, e;
    arf_t ub;
    char *s = NULL;

    if (!arb_is_finite(x)) {
        n = snprintf(buf, len, "nan,inf");
        return n < 0 ? 0 : (size_t)n;
    }
    if (digits < 1)
        digits = 1;
    /* the midpoint exactly as an MPFR number, then printed as nhref_csv_value does */
    bits = arf_bits(arb_midref(x));
    mpfr_init2(m, bits > 2 ? bits : 2);
    arf_get_mpfr(m, arb_midref(x), MPFR_RNDN); /* exact */
    if (mpfr_asprintf(&s, "%.*Re", digits > 1 ? digits - 1 : 0, m) < 0) {
        mpfr_clear(m);
        if (len > 0)
            buf[0] = '\0';
        return 0;
    }
    /* RAD >= |printed - x| for every point of x: the printed decimal as a ball that
     * contains it, minus x, bounded above */
    arb_init(printed);
    arb_init(e);
    arf_init(ub);
    arb_set_str(printed, s, (slong)(3.33 * digits) + bits + 64);
    arb_sub(e, printed, x, (slong)(3.33 * digits) + bits + 64);
    arb_get_abs_ubound_arf(ub, e, 64);
    mpfr_init2(u, 64);
    arf_get_mpfr(u, ub, MPFR_RNDU);
    n = mpfr_snprintf(buf, len, "%s,%.2RUe", s, u); /* 3 significant digits, rounded up */
    mpfr_free_str(s);
    mpfr_clears(m, u, (mpfr_ptr)0);
    arb_clear(printed);
    arb_clear(e);
    arf_clear(ub);
    return n < 0 ? 0 : (size_t)n;
}

int nhref_ball_time_digits(arb_srcptr x, int digits)
{
    slong bits, prec;
    int d, dmax;
    mpfr_t m;
    arb_t printed;
    char *s = NULL;

    if (!arb_is_finite(x))
        return digits;
    if (digits < 1)
        digits = 1;
    bits = arf_bits(arb_midref(x));
    /* an exact binary midpoint m 2^e (bits significant bits) has a finite decimal of at
     * most bits + |e| digits; beyond a generous cap the ball is printed as before */
    {
        slong e = arf_is_zero(arb_midref(x)) ? 0 : arf_abs_bound_lt_2exp_si(arb_midref(x));
        e = e < 0 ? -e : e;
        dmax = bits + e + 20 > 4000 ? 4000 : (int)(bits + e + 20);
        if (dmax < digits)
            dmax = digits;
    }
    mpfr_init2(m, bits > 2 ? bits : 2);
    arf_get_mpfr(m, arb_midref(x), MPFR_RNDN); /* exact */
    arb_init(printed);
    for (d = digits;; d = d < 40 ? d + 1 : 2 * d) {
        int inside;
        if (d > dmax)
            d = dmax;
        if (mpfr_asprintf(&s, "%.*Re", d > 1 ? d - 1 : 0, m) < 0) {
            d = digits;
            break;
        }
        prec = (slong)(3.33 * d) + bits + 64;
        inside = arb_set_str(printed, s, prec) == 0 && arb_contains(x, printed);
        mpfr_free_str(s);
        if (inside || d >= dmax)
            break;
    }
    arb_clear(printed);
    mpfr_clear(m);
    return d;
}

int nhref_csv_ball(FILE *out, arb_srcptr x, int digits)
{
    char small[256], *big = NULL;
    size_t n = nhref_ball_text(small, sizeof small, x, digits);
    const char *s = small;
    if (n == 0)
        return -1;
    if (n >= sizeof small) {
        if ((big = malloc(n + 1)) == NULL)
            return -1;
        nhref_ball_text(big, n + 1, x, digits);
        s = big;
    }
    fputs(s, out);
    free(big);
    return 0;
}
