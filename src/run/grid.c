/* grid.c -- the time grid of a run in exact decimal arithmetic (grid.h): decimal
 * strings as integer mantissas and decimal exponents, multiples of dt-out added
 * exactly, one rounding into the run's type at the end. */
#include "run/grid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* M 10^E = the decimal string D (a finite decimal number: sign, digits, point,
 * exponent), exactly */
int nhref_dec_parse(mpz_t m, long *e, const char *d)
{
    long exp10 = 0, x;
    const char *p = d;
    char *digits, *end;
    int neg = 0, seen_point = 0, bad;
    size_t len = 0;

    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    digits = malloc(strlen(d) + 1);
    if (digits == NULL)
        return -1;
    /* the digits and the point; the exponent after e, E or @ (MPFR's marker) */
    for (; *p != '\0' && *p != 'e' && *p != 'E' && *p != '@'; p++) {
        if (*p == '.') {
            seen_point = 1;
            continue;
        }
        digits[len++] = *p;
        if (seen_point)
            exp10--;
    }
    digits[len] = '\0';
    x = *p != '\0' ? strtol(p + 1, &end, 10) : 0;
    bad = mpz_set_str(m, len ? digits : "0", 10) != 0;
    free(digits);
    if (bad)
        return -1;
    if (neg)
        mpz_neg(m, m);
    /* a zero is 0 whatever its exponent (0e99999999999999999999 is 0) */
    *e = mpz_sgn(m) == 0 ? 0 : exp10 + x;
    return 0;
}

/* the decimal string of M 10^EXP10, exact: plain decimal notation (the digits of m
 * with the point exp10 places in, trailing zeros after the point dropped), but
 * digits and an exponent when that would take more than 40 zeros (bounded work:
 * dt-out = 1e-300000000 made strings of 300 MB).  NULL if memory is short. */
char *nhref_dec_format(const mpz_t m, long exp10)
{
    char *ms = mpz_get_str(NULL, 10, m), *dg, *out;
    size_t nd, o = 0, len;
    long zeros;

    if (ms == NULL)
        return NULL;
    dg = ms + (ms[0] == '-');
    nd = strlen(dg);
    zeros = exp10 > 0 ? exp10 : -exp10 - (long)nd;
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
            for (long z = 0; z < exp10; z++)
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
    return out;
}

/* the decimal exponent span of M0 10^E0 + K MD 10^ED written exactly */
static long span_of(const mpz_t m0, long e0, const mpz_t md, long ed)
{
    long lo = e0 < ed ? e0 : ed, hi;
    if (mpz_sgn(m0) == 0)
        return 0;
    hi = e0 + (long)mpz_sizeinbase(m0, 10) > ed + (long)mpz_sizeinbase(md, 10)
             ? e0 + (long)mpz_sizeinbase(m0, 10)
             : ed + (long)mpz_sizeinbase(md, 10);
    return hi - lo;
}

long nhref_dec_span(const char *t0, const char *d)
{
    mpz_t m0, md;
    long e0, ed, span = -1;
    mpz_inits(m0, md, NULL);
    if (nhref_dec_parse(m0, &e0, t0) == 0 && nhref_dec_parse(md, &ed, d) == 0)
        span = span_of(m0, e0, md, ed);
    mpz_clears(m0, md, NULL);
    return span;
}

/* the decimal order of M 10^E: the digits of M plus E */
static long order_of(const mpz_t m, long e)
{
    return (long)mpz_sizeinbase(m, 10) + e;
}

/* M = M * 10^(E - TO), E >= TO: the mantissa at the decimal exponent TO */
static void align(mpz_t m, long e, long to)
{
    mpz_t p;
    if (e == to || mpz_sgn(m) == 0)
        return;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)(e - to));
    mpz_mul(m, m, p);
    mpz_clear(p);
}

char *nhref_dec_step(const char *t0, const char *d, unsigned long k)
{
    mpz_t m0, md;
    long e0, ed, e;
    char *out = NULL;

    mpz_inits(m0, md, NULL);
    if (nhref_dec_parse(m0, &e0, t0) == 0 && nhref_dec_parse(md, &ed, d) == 0) {
        e = e0 < ed ? e0 : ed;
        mpz_mul_ui(md, md, k);
        if (mpz_sgn(m0) == 0) {
            out = nhref_dec_format(md, ed);
        } else {
            align(m0, e0, e);
            align(md, ed, e);
            mpz_add(m0, m0, md);
            out = nhref_dec_format(m0, e);
        }
    }
    mpz_clears(m0, md, NULL);
    return out;
}

/* ------------------------------------------------------------------ the grid */
void nhref_grid_clear(nhref_grid_t *g)
{
    if (g->t_end == NULL)
        return;
    mpz_clears(g->m0, g->md, g->pow, g->work, NULL);
    free(g->t_end);
    g->t_end = NULL;
}

int nhref_grid_init(nhref_grid_t *g, const char *t_start, const char *t_end, const char *dt,
                    size_t max_rows, double *rows)
{
    mpz_t mt, q;
    long e0, ed, et;
    int why = NHREF_GRID_OK;

    *rows = NAN;
    g->t_end = malloc(strlen(t_end) + 1);
    if (g->t_end == NULL)
        return NHREF_GRID_NOMEM;
    strcpy(g->t_end, t_end);
    mpz_inits(g->m0, g->md, g->pow, g->work, mt, q, NULL);
    if (nhref_dec_parse(g->m0, &e0, t_start) != 0 || nhref_dec_parse(g->md, &ed, dt) != 0 ||
        nhref_dec_parse(mt, &et, t_end) != 0) {
        why = NHREF_GRID_NOMEM;
        goto out;
    }
    if (mpz_sgn(g->md) <= 0) {
        why = NHREF_GRID_DT;
        goto out;
    }
    if (nhref_dec_cmp(t_end, t_start) <= 0) {
        why = NHREF_GRID_NOT_AFTER;
        goto out;
    }
    /* every mantissa at the smallest exponent: exact integers, of bounded size */
    {
        const mpz_srcptr m[3] = {g->m0, g->md, mt};
        const long e[3] = {e0, ed, et};
        long lo = ed, hi = order_of(g->md, ed);
        for (int i = 0; i < 3; i++)
            if (mpz_sgn(m[i]) != 0) {
                lo = e[i] < lo ? e[i] : lo;
                hi = order_of(m[i], e[i]) > hi ? order_of(m[i], e[i]) : hi;
            }
        if (hi - lo > NHREF_GRID_MAX_SPAN) {
            why = NHREF_GRID_SPAN;
            goto out;
        }
        g->e = lo;
    }
    align(g->m0, e0, g->e);
    align(g->md, ed, g->e);
    align(mt, et, g->e);
    /* g->pow = 10^|e| is made by nhref_grid_time when first needed: the times as strings
     * (a case file's grid) do not need it, and for t-end = 3e-300000000 it took 4 s and
     * 1 GB (fuzz_cases spent most of its time there) */
    /* the multiples before t-end: k md < mt - m0, k = 0 .. ceil((mt - m0) / md) - 1 */
    mpz_sub(q, mt, g->m0);
    mpz_cdiv_q(q, q, g->md);
    *rows = mpz_get_d(q) + 1;
    if (mpz_cmp_ui(q, max_rows) >= 0) {
        why = NHREF_GRID_ROWS;
        goto out;
    }
    g->n = (size_t)mpz_get_ui(q) + 1;
out:
    mpz_clears(mt, q, NULL);
    if (why != NHREF_GRID_OK)
        nhref_grid_clear(g);
    return why;
}

/* G->work = the mantissa of row K (< n - 1) at 10^e */
static void mantissa(nhref_grid_t *g, size_t k)
{
    mpz_mul_ui(g->work, g->md, (unsigned long)k);
    mpz_add(g->work, g->work, g->m0);
}

char *nhref_grid_time_str(nhref_grid_t *g, size_t k)
{
    char *s;
    if (k + 1 >= g->n) {
        s = malloc(strlen(g->t_end) + 1);
        if (s != NULL)
            strcpy(s, g->t_end);
        return s;
    }
    mantissa(g, k);
    return nhref_dec_format(g->work, g->e);
}

void nhref_grid_time(mpfr_ptr v, nhref_grid_t *g, size_t k)
{
    mpfr_t x;
    if (k + 1 >= g->n) {
        mpfr_strtofr(v, g->t_end, NULL, 10, MPFR_RNDN);
        return;
    }
    mantissa(g, k);
    if (mpz_sgn(g->pow) == 0) /* 10^|e|, once */
        mpz_ui_pow_ui(g->pow, 10, (unsigned long)(g->e < 0 ? -g->e : g->e));
    /* the exact integer, then one correctly rounded product or quotient */
    mpfr_init2(x, (mpfr_prec_t)mpz_sizeinbase(g->work, 2) + 1);
    mpfr_set_z(x, g->work, MPFR_RNDN);
    if (g->e >= 0)
        mpfr_mul_z(v, x, g->pow, MPFR_RNDN);
    else
        mpfr_div_z(v, x, g->pow, MPFR_RNDN);
    mpfr_clear(x);
}

int nhref_dec_cmp(const char *a, const char *b)
{
    mpz_t ma, mb;
    long ea, eb, e;
    int c = 0, sa, sb;
    mpz_inits(ma, mb, NULL);
    if (nhref_dec_parse(ma, &ea, a) == 0 && nhref_dec_parse(mb, &eb, b) == 0) {
        sa = mpz_sgn(ma);
        sb = mpz_sgn(mb);
        if (sa != sb || sa == 0) {
            c = (sa > sb) - (sa < sb);
        } else if (labs(order_of(ma, ea) - order_of(mb, eb)) > 2) {
            /* orders of magnitude apart: no need to align them (which could take 10^|e|) */
            c = (order_of(ma, ea) > order_of(mb, eb) ? 1 : -1) * sa;
        } else {
            e = ea < eb ? ea : eb;
            align(ma, ea, e);
            align(mb, eb, e);
            c = mpz_cmp(ma, mb);
            c = (c > 0) - (c < 0);
        }
    }
    mpz_clears(ma, mb, NULL);
    return c;
}
