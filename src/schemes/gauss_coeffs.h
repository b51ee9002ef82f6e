/* gauss_coeffs.h -- the Butcher tableau of s-stage Gauss–Legendre collocation
 * at any precision (private to src/schemes/). */
#ifndef NHREF_GAUSS_COEFFS_H
#define NHREF_GAUSS_COEFFS_H

#include <mpfr.h>

typedef struct {
    unsigned s;
    mpfr_prec_t prec;
    __mpfr_struct *c;   /* s nodes in (0, 1), increasing: the roots of P_s(2c - 1) */
    __mpfr_struct *b;   /* s weights, sum 1 */
    __mpfr_struct *a;   /* s x s, row-major: a_ij = int_0^{c_i} l_j */
    __mpfr_struct *lam; /* s barycentric weights 1 / prod_{k != j} (c_j - c_k) */
    /* scratch for nhref_gauss_integrated_basis */
    __mpfr_struct *tmp; /* s + 3 values */
} nhref_gauss_coeffs_t;

/* nhref_gauss_coeffs_init -- nodes, weights and A of the s-stage Gauss method
 * at PREC bits.  Nodes by Newton's method on the Legendre polynomial P_s
 * (three-term recurrence), from Tricomi's initial guesses, iterated until the
 * update stops shrinking; weights b_i = 1 / ((1 - x_i^2) P_s'(x_i)^2) on [0, 1];
 * a_ij = int_0^{c_i} l_j(u) du evaluated EXACTLY by the s-point Gauss rule
 * itself (l_j has degree s - 1 < 2s), with l_j in barycentric form: no
 * Vandermonde solve, no decimal table.
 * Returns 0, or -1 if s = 0 or memory is short. */
int nhref_gauss_coeffs_init(nhref_gauss_coeffs_t *g, unsigned s, mpfr_prec_t prec);
void nhref_gauss_coeffs_clear(nhref_gauss_coeffs_t *g);

/* nhref_gauss_integrated_basis -- W[j] = int_0^theta l_j(u) du for j < s
 * (the weights of the collocation polynomial at theta: u(t0 + theta h) =
 * x0 + h sum_j W[j] K_j).  theta any real; cost O(s^2). */
void nhref_gauss_integrated_basis(mpfr_ptr w, nhref_gauss_coeffs_t *g, mpfr_srcptr theta);

#endif /* NHREF_GAUSS_COEFFS_H */
