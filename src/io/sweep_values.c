/* sweep_values.c -- the values of one param/init line of a case file (format in
 * nhref_golden.h): a decimal, a list, linspace, logspace, or a seeded sample.
 *
 * Generated values are computed exactly where they are rational (linspace, the
 * exponent of logspace, uniform) and otherwise at 400 bits with MPFR's correctly
 * rounded functions (exp10, log, sqrt, cos, pi), then written as decimal strings
 * rounded to nearest with NHREF_SWEEP_DIGITS significant digits; a value that has
 * at most that many digits is written exactly.  Nothing goes through double, so
 * the strings are the same on every machine. */
#include "sweep_values.h"

#include <ctype.h>
#include <errno.h>
#include <gmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "nhref_io.h"
#include "nhref_tape.h"
#include "strutil.h"

#define WPREC 400
#define MAX_EXP10 1000

static void why_f(char *why, size_t len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void why_f(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
}

uint64_t nhref_splitmix64_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t fnv1a64(const char *s)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (; *s != '\0'; s++) {
        h ^= (unsigned char)*s;
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

uint64_t nhref_splitmix64_word(uint64_t seed, const char *key, uint64_t i, unsigned s)
{
    uint64_t base = seed ^ fnv1a64(key);
    return nhref_splitmix64_mix(base + (2 * i + s + 1) * UINT64_C(0x9E3779B97F4A7C15));
}

void nhref_sweep_values_free(char **v, size_t n)
{
    if (v == NULL)
        return;
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* Q = the decimal string S exactly.  Returns 0, or -1 (not a finite decimal, or
 * a decimal exponent beyond +-MAX_EXP10). */
static int decimal_q(mpq_t q, const char *s)
{
    mpfr_t chk;
    const char *p = s;
    char *digits;
    long e10 = 0;
    int neg = 0, point = 0, ok;
    size_t nd = 0;
    mpz_t m, pw;

    mpfr_init2(chk, 64);
    ok = nhref_decimal_set(chk, s) == NHREF_OK;
    mpfr_clear(chk);
    if (!ok)
        return -1;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    digits = malloc(strlen(s) + 2);
    if (digits == NULL)
        return -1;
    for (; *p != '\0' && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.') {
            point = 1;
            continue;
        }
        if (!isdigit((unsigned char)*p)) { /* MPFR also reads "inf", "@nan@": not here */
            free(digits);
            return -1;
        }
        digits[nd++] = *p;
        if (point)
            e10--;
    }
    digits[nd] = '\0';
    if (*p == 'e' || *p == 'E') {
        char *end;
        long x;
        errno = 0;
        x = strtol(p + 1, &end, 10);
        if (errno != 0 || *end != '\0' || x > MAX_EXP10 || x < -MAX_EXP10) {
            free(digits);
            return -1;
        }
        e10 += x;
    }
    if (nd == 0 || e10 < -(long)(MAX_EXP10 + 100000)) { /* at most 1e5 digits after the point */
        free(digits);
        return -1;
    }
    mpz_inits(m, pw, (mpz_ptr)0);
    mpz_set_str(m, digits, 10);
    free(digits);
    if (neg)
        mpz_neg(m, m);
    mpz_ui_pow_ui(pw, 10, (unsigned long)(e10 < 0 ? -e10 : e10));
    mpq_set_z(q, m);
    if (e10 >= 0) {
        mpz_mul(mpq_numref(q), mpq_numref(q), pw);
    } else {
        mpz_set(mpq_denref(q), pw);
        mpq_canonicalize(q);
    }
    mpz_clears(m, pw, (mpz_ptr)0);
    return 0;
}

/* X (WPREC bits) as a decimal string with NHREF_SWEEP_DIGITS significant digits */
static char *decimal_str(mpfr_t x)
{
    char *s = NULL;
    if (mpfr_zero_p(x))
        mpfr_set_zero(x, 1);
    if (mpfr_asprintf(&s, "%.*Rg", NHREF_SWEEP_DIGITS, x) < 0)
        return NULL;
    {
        char *c = nhref_strdup(s); /* mpfr_free_str for mpfr_asprintf's buffer */
        mpfr_free_str(s);
        return c;
    }
}

static int whole(unsigned long long *v, const char *s, unsigned long long lo, unsigned long long hi)
{
    char *end;
    unsigned long long r;
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    r = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0' || r < lo || r > hi)
        return -1;
    *v = r;
    return 0;
}

/* split the argument list ARGS (modified) at commas into at most MAXARG trimmed items */
static size_t split_args(char *args, char **item, size_t maxarg)
{
    size_t n = 0;
    for (char *p = args;;) {
        char *c = strchr(p, ',');
        if (c != NULL)
            *c = '\0';
        if (n < maxarg)
            item[n] = nhref_trim(p);
        n++;
        if (c == NULL)
            break;
        p = c + 1;
    }
    return n;
}

typedef struct {
    const char *name;
    size_t npos; /* positional arguments */
    int keywords; /* 1: n= and seed= (samples); 0: none */
} fn_t;

static const fn_t fns[] = {
    {"linspace", 3, 0}, {"logspace", 3, 0}, {"uniform", 2, 1}, {"normal", 2, 1}};

/* appends S to the N values of *V, whose capacity doubles: it is the next power of two
 * at or above N, since only push grows *V (one element at a time was quadratic: 666,666
 * values of a linspace took minutes under the fuzzer's sanitizers) */
static int push(char ***v, size_t *n, char *s)
{
    char **p = *v;
    if (s == NULL)
        return -1;
    if ((*n & (*n - 1)) == 0 && (p = realloc(*v, (*n ? 2 * *n : 1) * sizeof *p)) == NULL) {
        free(s);
        return -1;
    }
    p[(*n)++] = s;
    *v = p;
    return 0;
}

/* the values of FN(ARG...) */
static int generate(char ***v, size_t *n, const fn_t *fn, char **arg, size_t narg,
                    const char *key, char *why, size_t len)
{
    mpq_t a, b, q;
    mpfr_t x, y, z, chk;
    unsigned long long count = 0, seed = 0;
    int have_n = 0, have_seed = 0, status = -1;
    size_t pos = 0;

    mpq_inits(a, b, q, (mpq_ptr)0);
    mpfr_inits2(WPREC, x, y, z, (mpfr_ptr)0);
    mpfr_init2(chk, 64);
    for (size_t i = 0; i < narg; i++) {
        char *eq = strchr(arg[i], '=');
        if (eq == NULL) {
            if (have_n || have_seed || pos == fn->npos) {
                why_f(why, len, "%s(...): too many values (expected %s)", fn->name,
                      fn->keywords ? "A, B, n=N, seed=S" : "A, B, N");
                goto out;
            }
            if (pos == 2) { /* linspace/logspace: N */
                if (whole(&count, arg[i], 1, NHREF_SWEEP_MAX) != 0) {
                    why_f(why, len, "%s(...): N = '%s' is not a whole number in [1, %lu]",
                          fn->name, arg[i], NHREF_SWEEP_MAX);
                    goto out;
                }
                have_n = 1;
            } else if (decimal_q(pos == 0 ? a : b, arg[i]) != 0) {
                why_f(why, len,
                      "%s(...): '%s' is not a finite decimal number (exponent within +-%d)",
                      fn->name, arg[i], MAX_EXP10);
                goto out;
            }
            pos++;
            continue;
        }
        *eq = '\0';
        {
            char *k = nhref_trim(arg[i]), *val = nhref_trim(eq + 1);
            if (strcmp(k, "n") == 0 && !have_n) {
                if (whole(&count, val, 1, NHREF_SWEEP_MAX) != 0) {
                    why_f(why, len, "%s(...): n = '%s' is not a whole number in [1, %lu]",
                          fn->name, val, NHREF_SWEEP_MAX);
                    goto out;
                }
                have_n = 1;
            } else if (strcmp(k, "seed") == 0 && fn->keywords && !have_seed) {
                if (whole(&seed, val, 0, UINT64_MAX) != 0) {
                    why_f(why, len,
                          "%s(...): seed = '%s' is not a whole number in [0, 18446744073709551615]",
                          fn->name, val);
                    goto out;
                }
                have_seed = 1;
            } else {
                why_f(why, len, "%s(...): unexpected '%s =' (expected %s)", fn->name, k,
                      fn->keywords ? "A, B, n=N, seed=S" : "A, B, N");
                goto out;
            }
        }
    }
    if (pos < 2 || !have_n || (fn->keywords && !have_seed)) {
        why_f(why, len, "%s(...) needs %s", fn->name,
              fn->keywords ? "A, B, n=N and seed=S" : "A, B and N");
        goto out;
    }
    if (strcmp(fn->name, "uniform") == 0 && mpq_cmp(a, b) >= 0) {
        why_f(why, len, "uniform(A, B, ...) needs A < B");
        goto out;
    }
    if (strcmp(fn->name, "normal") == 0 && mpq_sgn(b) < 0) {
        why_f(why, len, "normal(MU, SIGMA, ...) needs SIGMA >= 0");
        goto out;
    }
    for (unsigned long long i = 0; i < count; i++) {
        if (fn->name[0] == 'l') { /* linspace, logspace: A + (B - A) i / (N - 1) */
            mpq_sub(q, b, a);
            if (count > 1) {
                mpz_mul_ui(mpq_numref(q), mpq_numref(q), (unsigned long)i);
                mpz_mul_ui(mpq_denref(q), mpq_denref(q), (unsigned long)(count - 1));
                mpq_canonicalize(q);
            } else {
                mpq_set_ui(q, 0, 1);
            }
            mpq_add(q, q, a);
            mpfr_set_q(x, q, MPFR_RNDN);
            if (fn->name[1] == 'o') {
                mpfr_set(y, x, MPFR_RNDN);
                mpfr_exp10(x, x, MPFR_RNDN);
            }
        } else { /* u = (2 w + 1) / 2^65 in (0, 1), exactly */
            uint64_t w = nhref_splitmix64_word(seed, key, i, 0);
            mpz_set_ui(mpq_numref(q), (unsigned long)(w >> 32));
            mpz_mul_2exp(mpq_numref(q), mpq_numref(q), 32);
            mpz_add_ui(mpq_numref(q), mpq_numref(q), (unsigned long)(w & 0xffffffffUL));
            mpz_mul_2exp(mpq_numref(q), mpq_numref(q), 1);
            mpz_add_ui(mpq_numref(q), mpq_numref(q), 1);
            mpz_set_ui(mpq_denref(q), 1);
            mpz_mul_2exp(mpq_denref(q), mpq_denref(q), 65);
            if (fn->name[0] == 'u') { /* A + (B - A) u */
                mpq_t d;
                mpq_init(d);
                mpq_sub(d, b, a);
                mpq_mul(q, q, d);
                mpq_add(q, q, a);
                mpq_clear(d);
                mpfr_set_q(x, q, MPFR_RNDN);
            } else { /* Box-Muller: MU + SIGMA sqrt(-2 ln u1) cos(2 pi u2) */
                uint64_t w2 = nhref_splitmix64_word(seed, key, i, 1);
                mpfr_set_q(x, q, MPFR_RNDN);
                mpfr_log(x, x, MPFR_RNDN);
                mpfr_mul_si(x, x, -2, MPFR_RNDN);
                mpfr_sqrt(x, x, MPFR_RNDN);
                mpfr_set_ui(y, (unsigned long)(w2 >> 32), MPFR_RNDN);
                mpfr_mul_2ui(y, y, 32, MPFR_RNDN);
                mpfr_add_ui(y, y, (unsigned long)(w2 & 0xffffffffUL), MPFR_RNDN);
                mpfr_mul_2ui(y, y, 1, MPFR_RNDN);
                mpfr_add_ui(y, y, 1, MPFR_RNDN); /* 2 w2 + 1 < 2^65: exact at WPREC */
                mpfr_div_2ui(y, y, 65, MPFR_RNDN);
                mpfr_const_pi(z, MPFR_RNDN);
                mpfr_mul(y, y, z, MPFR_RNDN);
                mpfr_mul_2ui(y, y, 1, MPFR_RNDN);
                mpfr_cos(y, y, MPFR_RNDN);
                mpfr_mul(x, x, y, MPFR_RNDN);
                mpfr_set_q(y, b, MPFR_RNDN);
                mpfr_mul(x, x, y, MPFR_RNDN);
                mpfr_set_q(y, a, MPFR_RNDN);
                mpfr_add(x, x, y, MPFR_RNDN);
            }
        }
        if (push(v, n, decimal_str(x)) != 0) {
            why_f(why, len, "out of memory");
            goto out;
        }
        if (fn->name[1] == 'o') { /* a value as a list's (at 64 bits): 10^1250 is too large,
                                     10^1e1000 inf, 10^-1e1000 0 */
            int st = mpfr_regular_p(x) ? nhref_value_set(chk, (*v)[*n - 1]) : NHREF_ERANGE;
            if (st != NHREF_OK) {
                char w[400];
                mpfr_snprintf(why, len, "logspace(...): 10^%.6Rg: %s", y,
                              mpfr_regular_p(x) ? nhref_value_why(w, sizeof w, (*v)[*n - 1], 64, st)
                                                : "beyond the range of numbers");
                goto out;
            }
        }
    }
    status = 0;
out:
    mpq_clears(a, b, q, (mpq_ptr)0);
    mpfr_clears(x, y, z, chk, (mpfr_ptr)0);
    return status;
}

/* S up to OPEN is the name of a sweep function, or looks like one (a word that is not a
 * function of the expression grammar: its message lists the sweeps) */
static int sweep_name(const char *s, const char *open)
{
    size_t n = (size_t)(open - s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    for (size_t i = 0; i < n; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
            return 0; /* "2*sin(": an expression */
    return n > 0 && !nhref_tape_parse_reserved(s, n);
}

int nhref_sweep_values(char ***v, size_t *n, int *kind, const char *key, const char *text,
                       char *why, size_t len)
{
    char *t = nhref_strdup(text), *s, *open;
    int status = -1;

    *v = NULL;
    *n = 0;
    *kind = NHREF_SWEEP_ONE;
    if (t == NULL) {
        why_f(why, len, "out of memory");
        return -1;
    }
    s = nhref_trim(t);
    open = strchr(s, '(');
    if (open != NULL && !sweep_name(s, open))
        open = NULL;    /* not a sweep: a value, e.g. the constant expression sqrt(2)/2 */
    if (open != NULL) { /* NAME(ARGS) */
        char *close = s + strlen(s) - 1, *name, *item[8];
        const fn_t *fn = NULL;
        size_t narg;
        *open = '\0';
        name = nhref_trim(s);
        for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
            if (strcmp(name, fns[i].name) == 0)
                fn = &fns[i];
        if (fn == NULL) {
            why_f(why, len,
                  "'%s(' is not a sweep (known: linspace(A, B, N), logspace(A, B, N), "
                  "uniform(A, B, n=N, seed=S), normal(MU, SIGMA, n=N, seed=S))",
                  name);
            goto out;
        }
        if (close <= open || *close != ')' || strchr(open + 1, '(') != NULL ||
            strchr(open + 1, ')') != close) {
            why_f(why, len, "%s(...): expected one closing ')' at the end", fn->name);
            goto out;
        }
        *close = '\0';
        narg = split_args(open + 1, item, 8);
        if (narg > 4) {
            why_f(why, len, "%s(...): too many arguments", fn->name);
            goto out;
        }
        if (generate(v, n, fn, item, narg, key, why, len) != 0) {
            nhref_sweep_values_free(*v, *n);
            *v = NULL;
            *n = 0;
            goto out;
        }
        *kind = fn->keywords ? NHREF_SWEEP_SAMPLE : NHREF_SWEEP_AXIS;
        status = 0;
        goto out;
    }
    /* a decimal, or a list of them */
    {
        mpfr_t chk;
        mpfr_init2(chk, 64);
        for (char *p = s;;) {
            char *c = strchr(p, ','), *tok;
            if (c != NULL)
                *c = '\0';
            tok = nhref_trim(p);
            int st = nhref_value_set(chk, tok);
            if (st != NHREF_OK) {
                char w[400];
                why_f(why, len, "%s", nhref_value_why(w, sizeof w, tok, 64, st));
                nhref_sweep_values_free(*v, *n);
                *v = NULL;
                *n = 0;
                break;
            }
            if (*n == NHREF_SWEEP_MAX) {
                why_f(why, len, "a list of more than %lu values", NHREF_SWEEP_MAX);
                nhref_sweep_values_free(*v, *n);
                *v = NULL;
                *n = 0;
                break;
            }
            if (push(v, n, nhref_strdup(tok)) != 0) {
                why_f(why, len, "out of memory");
                nhref_sweep_values_free(*v, *n);
                *v = NULL;
                *n = 0;
                break;
            }
            if (c == NULL) {
                status = 0;
                break;
            }
            p = c + 1;
        }
        mpfr_clear(chk);
        if (status == 0)
            *kind = *n > 1 ? NHREF_SWEEP_AXIS : NHREF_SWEEP_ONE;
    }
out:
    free(t);
    return status;
}
