/* oracle_internal.h -- private helpers shared by the files of oracle/.
 *
 * Nothing here is public API: the oracle's contract is include/nhref_oracle.h.
 * Like the rest of oracle/, these helpers use only MPFR and the C library.
 */
#ifndef NHREF_ORACLE_INTERNAL_H
#define NHREF_ORACLE_INTERNAL_H

#include <stddef.h>

#include <mpfr.h>

/* An n-point Gauss–Legendre rule on [-1, 1] at a fixed precision.
 *
 * The rule is symmetric, so only the nonnegative half is stored:
 * x[0] > x[1] > ... > x[nhalf - 1] >= 0 with weights w[i]; nhalf = ceil(n/2).
 * When n is odd the last node is exactly 0 and its weight is used once;
 * every other stored node stands for the pair +-x[i], both with weight w[i].
 */
typedef struct {
    size_t n;         /* number of nodes of the full rule */
    size_t nhalf;     /* number of stored nonnegative nodes, ceil(n / 2) */
    mpfr_prec_t prec; /* precision of x[] and w[] */
    mpfr_t *x;        /* nodes, decreasing, >= 0 */
    mpfr_t *w;        /* weights */
} nhref_oracle_gl_t;

/* nhref_oracle_gl_init -- the N-point Gauss–Legendre rule at PREC bits.
 *
 * Nodes are the zeros of the Legendre polynomial P_N, found by Newton's
 * method on the three-term recurrence (first in double from Tricomi's
 * estimate, then in MPFR with doubling precision, internally at PREC plus
 * guard bits); weights w = 2 (1 - x^2) / (N P_{N-1}(x))^2.  No decimal
 * tables.  Each node and weight is within a few ulps of its exact value.
 * Returns NHREF_OK, NHREF_EINVAL (N = 0) or NHREF_ENOMEM; on failure R is
 * left empty (nhref_oracle_gl_clear is still safe).
 * Cost: O(N^2 log PREC) MPFR operations.
 * Source: Abramowitz & Stegun 25.4.29, 22.7.10; Tricomi's initial estimate
 *         x_i ~ cos(pi (i - 1/4) / (N + 1/2)).
 */
int nhref_oracle_gl_init(nhref_oracle_gl_t *r, size_t n, mpfr_prec_t prec);

/* nhref_oracle_gl_clear -- free the arrays of R (R itself is not freed). */
void nhref_oracle_gl_clear(nhref_oracle_gl_t *r);

#endif /* NHREF_ORACLE_INTERNAL_H */
