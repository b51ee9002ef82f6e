/* fuzz_sweep_values.c -- libFuzzer harness of the values of a case file's param/init
 * line, nhref_sweep_values (src/io/sweep_values.c: a decimal, a list, linspace,
 * logspace, uniform, normal).  The input is "KEY\nTEXT" (no '\n': KEY "param a").
 * Invariants: a refusal gives no values and a reason; an accepted line gives 1 to
 * NHREF_SWEEP_MAX values, each a value nhref_value_set reads (a generated one a plain
 * decimal of at most NHREF_SWEEP_DIGITS significant digits); its kind says one value, an
 * axis or a sample; linspace and logspace run from A to B (10^A to 10^B, positive)
 * monotonically, uniform stays within [A, B]; the same line gives the same strings again.
 * Counts above 10^4 that are accepted (up to NHREF_SWEEP_MAX, 10^6) are not run: the
 * loop is the same, and 10^6 values at 400 bits take seconds under the sanitizers
 * (libFuzzer's timeout); a count beyond NHREF_SWEEP_MAX, refused at once, is run. */
#include <ctype.h>
#include <string.h>

#include "fuzz.h"
#include "io/sweep_values.h"
#include "nhref_io.h"

/* the significant digits of the plain decimal S, or -1 if S is not one ([-]d[.d][e[+-]d]) */
static int sig_digits(const char *s)
{
    int n = 0, lead = 1, dig = 0;
    if (*s == '-')
        s++;
    for (; *s != '\0' && *s != 'e' && *s != 'E'; s++) {
        if (*s == '.')
            continue;
        if (*s < '0' || *s > '9')
            return -1;
        dig = 1;
        if (*s != '0')
            lead = 0;
        n += !lead;
    }
    if (!dig)
        return -1;
    if (*s != '\0') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (*s == '\0')
            return -1;
        for (; *s != '\0'; s++)
            if (*s < '0' || *s > '9')
                return -1;
    }
    return n;
}

/* the I-th comma-separated argument of "NAME(ARGS)" in TEXT as X (400 bits); 0 if none */
static int argument(mpfr_t x, const char *text, int i)
{
    const char *p = strchr(text, '(');
    char buf[512];
    for (; p != NULL && i > 0; i--)
        p = strchr(p + 1, ',');
    if (p == NULL)
        return 0;
    p++;
    size_t n = strcspn(p, ",)");
    if (n >= sizeof buf)
        return 0;
    memcpy(buf, p, n);
    buf[n] = '\0';
    {
        char *s = buf, *e = buf + n;
        while (*s == ' ' || *s == '\t')
            s++;
        while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
            *--e = '\0';
        return nhref_decimal_set(x, s) == NHREF_OK;
    }
}

/* the sweep function TEXT calls ("linspace", ...: a word, blanks, '('), or NULL */
static const char *sweep_fn(const char *text)
{
    static const char *const fns[] = {"linspace", "logspace", "uniform", "normal"};
    while (isspace((unsigned char)*text)) /* as nhref_trim */
        text++;
    for (size_t i = 0; i < 4; i++) {
        size_t l = strlen(fns[i]);
        if (strncmp(text, fns[i], l) == 0 && text[l + strspn(text + l, " \t\n\v\f\r")] == '(')
            return fns[i];
    }
    return NULL;
}

static void check_generated(char **v, size_t n, const char *text, const char *name)
{
    mpfr_t x, prev, a, b, tol;
    int dir = 0;
    mpfr_inits2(400, x, prev, a, b, tol, (mpfr_ptr)0);
    for (size_t i = 0; i < n; i++) {
        int d = sig_digits(v[i]);
        if (d < 0 || d > NHREF_SWEEP_DIGITS)
            fuzz_fail("'%.80s': value %zu '%s' is not a plain decimal of at most %d digits", text,
                      i, v[i], NHREF_SWEEP_DIGITS);
        if (nhref_decimal_set(x, v[i]) != NHREF_OK)
            fuzz_fail("'%.80s': value %zu '%s' does not parse", text, i, v[i]);
        if (strcmp(name, "logspace") == 0 && mpfr_sgn(x) <= 0)
            fuzz_fail("'%.80s': value %zu '%s' of a logspace is not positive", text, i, v[i]);
        if (i > 0 && (strcmp(name, "linspace") == 0 || strcmp(name, "logspace") == 0)) {
            int c = mpfr_cmp(x, prev);
            if (dir == 0)
                dir = c;
            if (c * dir < 0)
                fuzz_fail("'%.80s': values %zu and %zu not monotone", text, i - 1, i);
        }
        mpfr_set(prev, x, MPFR_RNDN);
    }
    /* the ends of linspace, and the range of uniform, within the rounding to
     * NHREF_SWEEP_DIGITS digits: |x - a| <= 10^-19 |a| */
    if ((strcmp(name, "linspace") == 0 || strcmp(name, "uniform") == 0) && argument(a, text, 0) &&
        argument(b, text, 1)) {
        for (size_t i = 0; i < n; i++) {
            nhref_decimal_set(x, v[i]);
            if (strcmp(name, "linspace") == 0 && i != 0 && i + 1 != n)
                continue;
            mpfr_set(prev, strcmp(name, "linspace") == 0 && i + 1 == n && n > 1 ? b : a,
                     MPFR_RNDN);
            if (strcmp(name, "uniform") == 0) { /* below A or above B beyond rounding */
                mpfr_t lo;
                mpfr_init2(lo, 400);
                mpfr_abs(tol, a, MPFR_RNDN);
                mpfr_abs(lo, b, MPFR_RNDN);
                mpfr_max(tol, tol, lo, MPFR_RNDN);
                mpfr_mul_d(tol, tol, 1e-19, MPFR_RNDU);
                mpfr_sub(lo, a, tol, MPFR_RNDD);
                if (mpfr_cmp(x, lo) < 0)
                    fuzz_fail("'%.80s': value %zu '%s' below A", text, i, v[i]);
                mpfr_add(lo, b, tol, MPFR_RNDU);
                if (mpfr_cmp(x, lo) > 0)
                    fuzz_fail("'%.80s': value %zu '%s' above B", text, i, v[i]);
                mpfr_clear(lo);
                continue;
            }
            mpfr_sub(x, x, prev, MPFR_RNDN);
            mpfr_abs(x, x, MPFR_RNDN);
            mpfr_abs(tol, prev, MPFR_RNDN);
            mpfr_mul_d(tol, tol, 1e-19, MPFR_RNDU);
            if (mpfr_cmp(x, tol) > 0)
                fuzz_fail("'%.80s': value %zu '%s' is not the end it should be", text, i, v[i]);
        }
    }
    mpfr_clears(x, prev, a, b, tol, (mpfr_ptr)0);
}

/* 1 if the sweep FN(...) of TEXT asks for a count in (10^4, NHREF_SWEEP_MAX]: its third
 * argument (linspace, logspace) or an "n = N" argument */
static int large_count(const char *text, const char *fn)
{
    const char *p = strchr(text, '(');
    for (int i = 0; p != NULL; i++) {
        const char *a = p + 1, *e = a + strcspn(a, ",)");
        char buf[64];
        while (a < e && isspace((unsigned char)*a))
            a++;
        if (i >= 2 && e - a > 1 && *a == 'n' && fn[0] != 'l') { /* n = N */
            for (a++; a < e && (isspace((unsigned char)*a) || *a == '='); a++)
                ;
        } else if (i != 2 || fn[0] != 'l') {
            p = *e == ',' ? e : NULL;
            continue;
        }
        while (e > a && isspace((unsigned char)e[-1]))
            e--;
        if (e - a > 0 && e - a < (long)sizeof buf && strspn(a, "0123456789") == (size_t)(e - a)) {
            unsigned long long n;
            memcpy(buf, a, (size_t)(e - a));
            buf[e - a] = '\0';
            n = strtoull(buf, NULL, 10);
            if (n > 10000 && n <= NHREF_SWEEP_MAX)
                return 1;
        }
        p = *e == ',' ? e : NULL;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = fuzz_string(data, size), *nl = strchr(in, '\n'), why[512];
    const char *key = "param a", *text = in;
    char **v = NULL, **w = NULL;
    size_t n = 12345, m = 0;
    int kind = -1, kind2 = -1, st, st2;
    const char *fn;

    if (nl != NULL) {
        *nl = '\0';
        key = in;
        text = nl + 1;
    }
    why[0] = '\0';
    if ((fn = sweep_fn(text)) != NULL && large_count(text, fn)) {
        free(in);
        return 0;
    }
    st = nhref_sweep_values(&v, &n, &kind, key, text, why, sizeof why);
    if (st != 0) {
        if (st != -1 || v != NULL || n != 0 || why[0] == '\0')
            fuzz_fail("'%.80s' refused (%d) with %zu values or without a reason: '%s'", text, st,
                      n, why);
        free(in);
        return 0;
    }
    if (v == NULL || n == 0 || n > NHREF_SWEEP_MAX)
        fuzz_fail("'%.80s' accepted with %zu values", text, n);
    fn = sweep_fn(text);
    if (fn != NULL ? kind != (fn[0] == 'l' ? NHREF_SWEEP_AXIS : NHREF_SWEEP_SAMPLE)
                   : kind != (n == 1 ? NHREF_SWEEP_ONE : NHREF_SWEEP_AXIS))
        fuzz_fail("'%.80s': kind %d for %zu values", text, kind, n);
    {
        mpfr_t x;
        mpfr_init2(x, 64);
        for (size_t i = 0; i < n; i++)
            if (v[i] == NULL || nhref_value_set(x, v[i]) != NHREF_OK)
                fuzz_fail("'%.80s': value %zu '%s' is not a value", text, i, v[i] ? v[i] : "(null)");
        mpfr_clear(x);
    }
    if (fn != NULL)
        check_generated(v, n, text, fn);
    /* the same line again: the same strings */
    st2 = nhref_sweep_values(&w, &m, &kind2, key, text, why, sizeof why);
    if (st2 != 0 || m != n || kind2 != kind)
        fuzz_fail("'%.80s' read again: status %d, %zu values, kind %d", text, st2, m, kind2);
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i], w[i]) != 0)
            fuzz_fail("'%.80s' read again: value %zu '%s', then '%s'", text, i, v[i], w[i]);
    nhref_sweep_values_free(v, n);
    nhref_sweep_values_free(w, m);
    free(in);
    return 0;
}
