/* cases.c -- reading case files (data/cases/NAME.cases; format in nhref_golden.h). */
#include "nhref_golden.h"

#include <ctype.h>
#include <errno.h>
#include <gmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "internal.h"

static void fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static int push_str(char ***arr, size_t *n, const char *s)
{
    char **p = *arr;
    /* the capacity doubles at 0, 1, 2, 4, ... (linear time for 10^5 times) */
    if ((*n & (*n - 1)) == 0 && (p = realloc(*arr, (*n ? 2 * *n : 1) * sizeof *p)) == NULL)
        return -1;
    *arr = p;
    if ((p[*n] = nhref_strdup(s)) == NULL)
        return -1;
    (*n)++;
    return 0;
}

/* append NAME = VALUE to the parallel arrays NAMES, VALUES of length *N */
static int push_pair(char ***names, char ***values, size_t *n, const char *name,
                     const char *value)
{
    size_t m = *n;
    if (push_str(names, &m, name) != 0)
        return -1;
    m = *n;
    if (push_str(values, &m, value) != 0) {
        free((*names)[*n]);
        return -1;
    }
    *n = m;
    return 0;
}

static void case_clear(nhref_case_t *c)
{
    free(c->name);
    free(c->model);
    free(c->source);
    free(c->description);
    for (size_t i = 0; i < c->nparam; i++) {
        free(c->param_name[i]);
        free(c->param_value[i]);
    }
    for (size_t i = 0; i < c->ninit; i++) {
        free(c->init_name[i]);
        free(c->init_value[i]);
    }
    for (size_t i = 0; i < c->ntimes; i++)
        free(c->times[i]);
    free(c->param_name);
    free(c->param_value);
    free(c->init_name);
    free(c->init_value);
    free(c->times);
    free(c->t_start);
    free(c->fast_tolerance);
    free(c->fast_horizon);
    free(c->event);
    free(c->event_horizon);
    free(c->file);
}

void nhref_cases_free(nhref_case_t *cases, size_t n)
{
    for (size_t i = 0; i < n; i++)
        case_clear(&cases[i]);
    free(cases);
}

/* S is a finite decimal number within nhref_decimal_set's bounds at 64 bits (then
 * at every precision); else WHY (if not NULL, WHY_LEN bytes) says what is wrong */
static int is_decimal_why(const char *s, char *why, size_t why_len)
{
    mpfr_t v;
    int status;
    mpfr_init2(v, 64);
    status = nhref_decimal_set(v, s);
    mpfr_clear(v);
    if (status != NHREF_OK && why != NULL)
        nhref_decimal_why(why, why_len, s, 64, status);
    return status == NHREF_OK;
}

static int is_decimal(const char *s)
{
    return is_decimal_why(s, NULL, 0);
}

/* S = I * D exactly, as a decimal string (D a decimal string, I >= 0): the
 * mantissa of D times I, with D's decimal exponent; no rounding anywhere. */
static char *decimal_times(const char *d, unsigned long i)
{
    mpz_t m;
    long exp10 = 0;
    const char *p = d;
    char *digits, *out;
    int neg = 0, seen_point = 0;
    size_t len;

    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    digits = malloc(strlen(d) + 1);
    if (digits == NULL)
        return NULL;
    len = 0;
    for (; *p != '\0' && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.') {
            seen_point = 1;
            continue;
        }
        digits[len++] = *p;
        if (seen_point)
            exp10--;
    }
    digits[len] = '\0';
    if (*p == 'e' || *p == 'E')
        exp10 += strtol(p + 1, NULL, 10);
    mpz_init_set_str(m, len ? digits : "0", 10);
    free(digits);
    mpz_mul_ui(m, m, i);
    if (neg)
        mpz_neg(m, m);
    /* plain decimal notation, exact: the digits of m with the point exp10 places in,
     * trailing zeros after the point dropped; but digits and an exponent when that
     * would take more than 40 zeros (bounded work: dt-out = 1e-300000000 made
     * strings of 300 MB) */
    {
        char *ms = mpz_get_str(NULL, 10, m), *dg = ms + (ms[0] == '-');
        size_t nd = strlen(dg), o = 0;
        long zeros = exp10 > 0 ? exp10 : -exp10 - (long)nd;
        if (strcmp(dg, "0") == 0 || zeros > 40) {
            while (nd > 1 && dg[nd - 1] == '0') { /* exact: drop zeros into the exponent */
                dg[--nd] = '\0';
                exp10++;
            }
            out = malloc(nd + 32);
            if (out != NULL && strcmp(dg, "0") == 0)
                strcpy(out, "0");
            else if (out != NULL)
                snprintf(out, nd + 32, "%s%se%ld", ms[0] == '-' ? "-" : "", dg, exp10);
            free(ms);
            mpz_clear(m);
            return out;
        }
        len = nd + (size_t)(exp10 < 0 ? -exp10 : exp10) + 8;
        out = malloc(len);
        if (out != NULL) {
            if (ms[0] == '-')
                out[o++] = '-';
            if (exp10 >= 0) {
                memcpy(out + o, dg, nd);
                o += nd;
                for (long z = 0; z < exp10 && strcmp(dg, "0") != 0; z++)
                    out[o++] = '0';
            } else {
                size_t frac = (size_t)(-exp10);
                if (nd <= frac) { /* 0.000ddd */
                    out[o++] = '0';
                    out[o++] = '.';
                    for (size_t z = nd; z < frac; z++)
                        out[o++] = '0';
                    memcpy(out + o, dg, nd);
                    o += nd;
                } else {
                    memcpy(out + o, dg, nd - frac);
                    o += nd - frac;
                    out[o++] = '.';
                    memcpy(out + o, dg + nd - frac, frac);
                    o += frac;
                }
                while (out[o - 1] == '0')
                    o--;
                if (out[o - 1] == '.')
                    o--;
            }
            out[o] = '\0';
        }
        free(ms);
    }
    mpz_clear(m);
    return out;
}

/* times from t-start, t-end and dt-out: t-start + k dt (k = 0, 1, ...) while
 * below t-end, then t-end.  Exact decimal arithmetic for k dt; t-start must be 0
 * for this form (a nonzero start takes an explicit list). */
static int grid_times(nhref_case_t *c, const char *t_end, const char *dt, char *err, size_t errlen,
                      const char *path, size_t line)
{
    mpfr_t te, h, q;
    unsigned long k, n;
    int status = NHREF_OK;

    mpfr_inits2(256, te, h, q, (mpfr_ptr)0);
    nhref_decimal_set(te, t_end);
    nhref_decimal_set(h, dt);
    if (mpfr_sgn(h) <= 0 || mpfr_sgn(te) <= 0) {
        fail(err, errlen, "%s:%zu: t-end and dt-out must be > 0", path, line);
        status = NHREF_EPARSE;
        goto out;
    }
    mpfr_div(q, te, h, MPFR_RNDN);
    if (mpfr_cmp_ui(q, 100000) > 0) {
        fail(err, errlen, "%s:%zu: more than 100000 times (t-end / dt-out)", path, line);
        status = NHREF_EPARSE;
        goto out;
    }
    n = mpfr_get_ui(q, MPFR_RNDU);
    for (k = 0; k <= n; k++) {
        char *s = decimal_times(dt, k);
        mpfr_t v;
        int below;
        if (s == NULL) {
            status = NHREF_ENOMEM;
            break;
        }
        mpfr_init2(v, 256);
        nhref_decimal_set(v, s);
        below = mpfr_less_p(v, te);
        mpfr_clear(v);
        if (below && push_str(&c->times, &c->ntimes, s) != 0)
            status = NHREF_ENOMEM;
        free(s);
        if (!below)
            break;
    }
    if (status == NHREF_OK && push_str(&c->times, &c->ntimes, t_end) != 0)
        status = NHREF_ENOMEM;
out:
    mpfr_clears(te, h, q, (mpfr_ptr)0);
    return status;
}

static int name_ok(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
        if (!isalnum((unsigned char)*s) && *s != '.' && *s != '_' && *s != '-')
            return 0;
    return 1;
}

/* check a finished case; fill times from t-end/dt-out */
static int finish(nhref_case_t *c, const char *t_end, const char *dt, char *err, size_t errlen)
{
    const char *path = c->file;
    size_t line = c->line;

    if (c->model == NULL) {
        fail(err, errlen, "%s:%zu: case [%s] has no 'model ='", path, line, c->name);
        return NHREF_EPARSE;
    }
    if (c->digits <= 0) {
        fail(err, errlen, "%s:%zu: case [%s] has no 'digits ='", path, line, c->name);
        return NHREF_EPARSE;
    }
    if (c->ntimes == 0) {
        if (t_end == NULL || dt == NULL) {
            fail(err, errlen,
                 "%s:%zu: case [%s] has no times: give 'times = t0, t1, ...' or 't-end =' and "
                 "'dt-out ='",
                 path, line, c->name);
            return NHREF_EPARSE;
        }
        if (c->t_start != NULL && !is_decimal(c->t_start)) {
            fail(err, errlen, "%s:%zu: bad t-start", path, line);
            return NHREF_EPARSE;
        }
        {
            int status = grid_times(c, t_end, dt, err, errlen, path, line);
            if (status != NHREF_OK)
                return status;
        }
    }
    if (c->t_start == NULL && (c->t_start = nhref_strdup("0")) == NULL)
        return NHREF_ENOMEM;
    if ((c->event == NULL) != (c->event_horizon == NULL)) {
        fail(err, errlen, "%s:%zu: case [%s]: 'event' and 'event-horizon' go together", path,
             line, c->name);
        return NHREF_EPARSE;
    }
    /* times monotone, and starting at or after t-start in the same direction */
    {
        mpfr_t a, b;
        int dir = 0, ok = 1;
        mpfr_inits2(256, a, b, (mpfr_ptr)0);
        nhref_decimal_set(a, c->times[0]);
        for (size_t i = 1; i < c->ntimes && ok; i++) {
            int cmp;
            nhref_decimal_set(b, c->times[i]);
            cmp = mpfr_cmp(b, a);
            if (dir == 0)
                dir = cmp;
            if (cmp * dir < 0)
                ok = 0;
            mpfr_set(a, b, MPFR_RNDN);
        }
        mpfr_clears(a, b, (mpfr_ptr)0);
        if (!ok) {
            fail(err, errlen, "%s:%zu: case [%s]: times must be monotone", path, line, c->name);
            return NHREF_EPARSE;
        }
    }
    return NHREF_OK;
}

int nhref_cases_read(nhref_case_t **cases_out, size_t *n_out, const char *path, char *err,
                     size_t errlen)
{
    FILE *f = fopen(path, "r");
    char buf[4096];
    size_t lineno = 0, n = 0;
    nhref_case_t *cases = NULL, defaults = {0}, *cur = &defaults;
    char *t_end = NULL, *dt = NULL, *def_t_end = NULL, *def_dt = NULL;
    char why[400]; /* what is wrong with a number */
    int status = NHREF_OK;

    *cases_out = NULL;
    *n_out = 0;
    err[0] = '\0';
    if (f == NULL) {
        fail(err, errlen, "%s: %s", path, strerror(errno));
        return NHREF_EIO;
    }
    while (status == NHREF_OK && fgets(buf, sizeof buf, f) != NULL) {
        char *s = nhref_trim(buf), *eq, *key, *val;
        lineno++;
        if (*s == '\0' || *s == '#')
            continue;
        if (*s == '[') {
            char *close = strchr(s, ']');
            nhref_case_t *p;
            if (cur != &defaults)
                status = finish(cur, t_end, dt, err, errlen);
            if (status != NHREF_OK)
                break;
            if (close == NULL || close[1] != '\0' || !name_ok((*close = '\0', nhref_trim(s + 1)))) {
                fail(err, errlen,
                     "%s:%zu: expected a case name '[NAME]' (letters, digits, '.', '_', '-')",
                     path, lineno);
                status = NHREF_EPARSE;
                break;
            }
            for (size_t i = 0; i < n; i++)
                if (strcmp(cases[i].name, nhref_trim(s + 1)) == 0) {
                    fail(err, errlen, "%s:%zu: case [%s] defined twice", path, lineno,
                         cases[i].name);
                    status = NHREF_EPARSE;
                }
            if (status != NHREF_OK)
                break;
            p = realloc(cases, (n + 1) * sizeof *p);
            if (p == NULL) {
                status = NHREF_ENOMEM;
                break;
            }
            cases = p;
            cur = &cases[n++];
            memset(cur, 0, sizeof *cur);
            cur->name = nhref_strdup(nhref_trim(s + 1));
            cur->file = nhref_strdup(path);
            cur->line = lineno;
            cur->digits = defaults.digits;
            if (defaults.model != NULL)
                cur->model = nhref_strdup(defaults.model);
            if (defaults.source != NULL)
                cur->source = nhref_strdup(defaults.source);
            for (size_t i = 0; i < defaults.nparam && status == NHREF_OK; i++)
                if (push_pair(&cur->param_name, &cur->param_value, &cur->nparam,
                              defaults.param_name[i], defaults.param_value[i]) != 0)
                    status = NHREF_ENOMEM;
            free(t_end);
            free(dt);
            t_end = def_t_end != NULL ? nhref_strdup(def_t_end) : NULL;
            dt = def_dt != NULL ? nhref_strdup(def_dt) : NULL;
            continue;
        }
        eq = strchr(s, '=');
        if (eq == NULL) {
            fail(err, errlen, "%s:%zu: expected 'key = value' or '[CASE]'", path, lineno);
            status = NHREF_EPARSE;
            break;
        }
        *eq = '\0';
        key = nhref_trim(s);
        val = nhref_trim(eq + 1);
        if (strncmp(key, "param ", 6) == 0 || strncmp(key, "init ", 5) == 0) {
            int is_param = key[0] == 'p';
            char *name = nhref_trim(key + (is_param ? 6 : 5));
            if (!is_decimal_why(val, why, sizeof why)) {
                fail(err, errlen, "%s:%zu: %s %s: %s", path, lineno, is_param ? "param" : "init",
                     name, why);
                status = NHREF_EPARSE;
                break;
            }
            if ((is_param ? push_pair(&cur->param_name, &cur->param_value, &cur->nparam, name, val)
                          : push_pair(&cur->init_name, &cur->init_value, &cur->ninit, name, val)) !=
                0)
                status = NHREF_ENOMEM;
        } else if (strcmp(key, "model") == 0) {
            free(cur->model);
            cur->model = nhref_strdup(val);
        } else if (strcmp(key, "source") == 0) {
            free(cur->source);
            cur->source = nhref_strdup(val);
        } else if (strcmp(key, "description") == 0) {
            free(cur->description);
            cur->description = nhref_strdup(val);
        } else if (strcmp(key, "digits") == 0) {
            char *end;
            double d = strtod(val, &end);
            if (*end != '\0' || !(d >= 1 && d <= 10000)) {
                fail(err, errlen, "%s:%zu: digits: '%s' is not a number in [1, 10000]", path,
                     lineno, val);
                status = NHREF_EPARSE;
                break;
            }
            cur->digits = d;
        } else if (strcmp(key, "fast-tolerance") == 0 || strcmp(key, "fast-horizon") == 0) {
            char **slot = key[5] == 't' ? &cur->fast_tolerance : &cur->fast_horizon;
            if (!is_decimal_why(val, why, sizeof why)) {
                fail(err, errlen, "%s:%zu: %s: %s", path, lineno, key, why);
                status = NHREF_EPARSE;
                break;
            }
            free(*slot);
            *slot = nhref_strdup(val);
        } else if (strcmp(key, "event") == 0) {
            free(cur->event);
            cur->event = nhref_strdup(val);
        } else if (strcmp(key, "event-horizon") == 0) {
            if (!is_decimal_why(val, why, sizeof why)) {
                fail(err, errlen, "%s:%zu: event-horizon: %s", path, lineno, why);
                status = NHREF_EPARSE;
                break;
            }
            free(cur->event_horizon);
            cur->event_horizon = nhref_strdup(val);
        } else if (strcmp(key, "t-start") == 0) {
            if (!is_decimal_why(val, why, sizeof why)) {
                fail(err, errlen, "%s:%zu: t-start: %s", path, lineno, why);
                status = NHREF_EPARSE;
                break;
            }
            free(cur->t_start);
            cur->t_start = nhref_strdup(val);
        } else if (strcmp(key, "t-end") == 0 || strcmp(key, "dt-out") == 0) {
            char **slot = cur == &defaults ? (key[0] == 't' ? &def_t_end : &def_dt)
                                           : (key[0] == 't' ? &t_end : &dt);
            if (!is_decimal_why(val, why, sizeof why)) {
                fail(err, errlen, "%s:%zu: %s: %s", path, lineno, key, why);
                status = NHREF_EPARSE;
                break;
            }
            free(*slot);
            *slot = nhref_strdup(val);
        } else if (strcmp(key, "times") == 0) {
            char *p = val;
            for (;;) {
                char *comma = strchr(p, ','), *tok;
                if (comma != NULL)
                    *comma = '\0';
                tok = nhref_trim(p);
                if (!is_decimal_why(tok, why, sizeof why)) {
                    fail(err, errlen, "%s:%zu: times: %s", path, lineno, why);
                    status = NHREF_EPARSE;
                    break;
                }
                push_str(&cur->times, &cur->ntimes, tok);
                if (comma == NULL)
                    break;
                p = comma + 1;
            }
        } else {
            fail(err, errlen,
                 "%s:%zu: unknown key '%s' (known: model, source, description, param NAME, "
                 "init NAME, times, t-start, t-end, dt-out, digits, fast-tolerance, "
                 "fast-horizon, event, event-horizon)",
                 path, lineno, key);
            status = NHREF_EPARSE;
        }
    }
    fclose(f);
    if (status == NHREF_OK && cur != &defaults)
        status = finish(cur, t_end, dt, err, errlen);
    if (status == NHREF_OK && n == 0) {
        fail(err, errlen, "%s: no [CASE] sections", path);
        status = NHREF_EPARSE;
    }
    case_clear(&defaults);
    free(t_end);
    free(dt);
    free(def_t_end);
    free(def_dt);
    if (status != NHREF_OK) {
        nhref_cases_free(cases, n);
        return status;
    }
    *cases_out = cases;
    *n_out = n;
    return NHREF_OK;
}
