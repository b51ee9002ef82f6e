/* legendre.c -- Gauss–Legendre nodes and weights at any precision (see oracle_internal.h).
 *
 * The zeros of P_n are found by Newton's method.  P_n and P_{n-1} come from the
 * three-term recurrence (j + 1) P_{j+1} = (2j + 1) x P_j - j P_{j-1}, and
 * P_n'(x) = n (x P_n - P_{n-1}) / (x^2 - 1).  Each zero is first polished in
 * double from Tricomi's estimate, then in MPFR at doubling precision (Newton
 * doubles the number of correct bits per step), and finished with two steps
 * at the full internal precision.  The recurrence is forward stable on
 * [-1, 1], so the internal guard bits (8 + bit length of n) cover its
 * round-off.
 */
#include <math.h>
#include <stdlib.h>

#include "nhref_status.h"
#include "oracle_internal.h"

/* P_n(x) and P_{n-1}(x) by the recurrence, at the precision of pn (n >= 1). */
static void legendre_eval(mpfr_t pn, mpfr_t pn1, mpfr_t tmp, const mpfr_t x, size_t n)
{
    size_t j;

    mpfr_set_ui(pn1, 1, MPFR_RNDN); /* P_0 */
    mpfr_set(pn, x, MPFR_RNDN);     /* P_1 */
    for (j = 1; j < n; j++) {
        /* tmp = ((2j + 1) x P_j - j P_{j-1}) / (j + 1); then shift */
        mpfr_mul(tmp, x, pn, MPFR_RNDN);
        mpfr_mul_ui(tmp, tmp, (unsigned long)(2 * j + 1), MPFR_RNDN);
        mpfr_mul_ui(pn1, pn1, (unsigned long)j, MPFR_RNDN);
        mpfr_sub(tmp, tmp, pn1, MPFR_RNDN);
        mpfr_div_ui(tmp, tmp, (unsigned long)(j + 1), MPFR_RNDN);
        mpfr_swap(pn1, pn);
        mpfr_swap(pn, tmp);
    }
}

/* One Newton step x <- x - P_n(x) / P_n'(x) at the precision of x. */
static void legendre_newton(mpfr_t x, mpfr_t pn, mpfr_t pn1, mpfr_t t1, mpfr_t t2, size_t n)
{
    /* P_n' = n (x P_n - P_{n-1}) / (x^2 - 1); the step is
     * P_n (x^2 - 1) / (n (x P_n - P_{n-1})). */
    legendre_eval(pn, pn1, t1, x, n);
    mpfr_mul(t1, x, pn, MPFR_RNDN);
    mpfr_sub(t1, t1, pn1, MPFR_RNDN);
    mpfr_mul_ui(t1, t1, (unsigned long)n, MPFR_RNDN);
    mpfr_sqr(t2, x, MPFR_RNDN);
    mpfr_sub_ui(t2, t2, 1, MPFR_RNDN);
    mpfr_mul(t2, t2, pn, MPFR_RNDN);
    mpfr_div(t2, t2, t1, MPFR_RNDN);
    mpfr_sub(x, x, t2, MPFR_RNDN);
}

/* Zero number i (0-based, decreasing order) of P_n in double. */
static double legendre_root_d(size_t i, size_t n)
{
    const double pi = 3.14159265358979323846;
    double x = cos(pi * ((double)i + 0.75) / ((double)n + 0.5));
    int it;

    for (it = 0; it < 100; it++) {
        double p0 = 1.0, p1 = x, dx;
        size_t j;
        for (j = 1; j < n; j++) {
            double p2 = ((double)(2 * j + 1) * x * p1 - (double)j * p0) / (double)(j + 1);
            p0 = p1;
            p1 = p2;
        }
        dx = p1 * (x * x - 1.0) / ((double)n * (x * p1 - p0));
        x -= dx;
        if (fabs(dx) <= 1e-16 * fabs(x) + 1e-300)
            break;
    }
    return x;
}

void nhref_oracle_gl_clear(nhref_oracle_gl_t *r)
{
    size_t i;

    if (r->x != NULL) {
        for (i = 0; i < r->nhalf; i++)
            mpfr_clear(r->x[i]);
        free(r->x);
    }
    if (r->w != NULL) {
        for (i = 0; i < r->nhalf; i++)
            mpfr_clear(r->w[i]);
        free(r->w);
    }
    r->x = r->w = NULL;
    r->n = r->nhalf = 0;
}

int nhref_oracle_gl_init(nhref_oracle_gl_t *r, size_t n, mpfr_prec_t prec)
{
    mpfr_prec_t ip; /* internal precision */
    mpfr_t x, pn, pn1, t1, t2;
    size_t i, nb;

    r->x = r->w = NULL;
    r->n = r->nhalf = 0;
    r->prec = prec;
    if (n == 0 || prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX - 128)
        return NHREF_EINVAL;
    r->x = malloc(((n + 1) / 2) * sizeof *r->x);
    r->w = malloc(((n + 1) / 2) * sizeof *r->w);
    if (r->x == NULL || r->w == NULL) {
        free(r->x);
        free(r->w);
        r->x = r->w = NULL;
        return NHREF_ENOMEM;
    }
    r->n = n;
    r->nhalf = (n + 1) / 2;
    for (i = 0; i < r->nhalf; i++) {
        mpfr_init2(r->x[i], prec);
        mpfr_init2(r->w[i], prec);
    }

    for (nb = 0; ((size_t)1 << nb) <= n && nb < 8 * sizeof(size_t) - 1; nb++)
        ;
    ip = prec + 8 + (mpfr_prec_t)nb;
    mpfr_inits2(ip, x, pn, pn1, t1, t2, (mpfr_ptr)0);

    for (i = 0; i < r->nhalf; i++) {
        mpfr_prec_t p;
        int last;

        if (2 * i + 1 == n) {
            /* the middle zero of P_n for odd n is exactly 0 */
            mpfr_set_prec(x, ip);
            mpfr_set_zero(x, 1);
        } else {
            /* double estimate, then Newton at 2x, 4x, ... bits, then 2 steps at ip */
            p = 53;
            mpfr_set_prec(x, p);
            mpfr_set_d(x, legendre_root_d(i, n), MPFR_RNDN);
            for (last = 0; last < 2;) {
                p = 2 * p - 8 < ip ? 2 * p - 8 : ip;
                if (p == ip)
                    last++;
                mpfr_prec_round(x, p, MPFR_RNDN);
                mpfr_set_prec(pn, p);
                mpfr_set_prec(pn1, p);
                mpfr_set_prec(t1, p);
                mpfr_set_prec(t2, p);
                legendre_newton(x, pn, pn1, t1, t2, n);
            }
        }
        /* weight 2 (1 - x^2) / (n P_{n-1}(x))^2, with 1 - x^2 = (1 - x)(1 + x) */
        mpfr_set_prec(pn, ip);
        mpfr_set_prec(pn1, ip);
        mpfr_set_prec(t1, ip);
        mpfr_set_prec(t2, ip);
        legendre_eval(pn, pn1, t1, x, n);
        mpfr_ui_sub(t1, 1, x, MPFR_RNDN);
        mpfr_add_ui(t2, x, 1, MPFR_RNDN);
        mpfr_mul(t1, t1, t2, MPFR_RNDN);
        mpfr_mul_2ui(t1, t1, 1, MPFR_RNDN);
        mpfr_mul_ui(pn1, pn1, (unsigned long)n, MPFR_RNDN);
        mpfr_sqr(pn1, pn1, MPFR_RNDN);
        mpfr_div(r->w[i], t1, pn1, MPFR_RNDN);
        mpfr_set(r->x[i], x, MPFR_RNDN);
    }
    mpfr_clears(x, pn, pn1, t1, t2, (mpfr_ptr)0);
    return NHREF_OK;
}
