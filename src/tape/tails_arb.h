/* tails_arb.h -- Taylor-model tails of a tape's jet in Arb (private; not installed).
 *
 * After nhref_tape_arb_ode_jet(WS, t, x, N) the workspace holds the Taylor coefficients
 * x_k (k <= N) of the solution of x' = f(t, x) through (t, x), and those of every node
 * of the tape along the polynomial P(tau) = sum_{k<=N} x_k tau^k, up to order N - 1.
 * nhref_tails_arb_eval computes their order N, then for every node v a bound
 *     R_v >= |v(tau) - sum_{k<=N} v*_k tau^k|     for every tau in [0, h],
 * where v(tau) is the node's exact value at time t + tau and state P*(tau) + d(tau)
 * (P* the polynomial with the exact coefficients, d any function with |d_i| <= rin_i),
 * and v*_k the exact Taylor coefficients of v along P* (the workspace's balls contain
 * them).  This is the interval part of a Taylor model in time (Berz & Makino, Reliable
 * Computing 4 (1998) 361-369) whose polynomial part is the jet itself: the tails are
 * bounded from ranges of polynomials with point coefficients over [0, h] and from one
 * derivative of each elementary function over its argument's range, never from
 * Taylor coefficients over a box (whose ball recurrences overestimate their width by a
 * factor that grows like 4^k with the order: docs/proven.md, "Why the validated step
 * is short").
 *
 * The rules (proofs/rigorous_taylor.md §2), with a-bar_k = |a_k| h^k, S_a = sum_{k>=1}
 * a-bar_k (the polynomial's oscillation over [0, h]), M_a = a-bar_0 + S_a (its sup),
 * HP(a, b) = sum_{i+j>N} a-bar_i b-bar_j (a bound of the part of degree > N of the
 * product of two polynomials of degree N over [0, h], and of the integral over [0, h]
 * of the part of degree >= N of a' b), and rng a = a_0 +- (S_a + R_a) (a ball holding
 * the node's values over the step):
 *   a +- b: R_a + R_b;  c a: |c| R_a;  a b: HP(a, b) + M_a R_b + M_b R_a + R_a R_b;
 *   a / b: (HP(w, b) + R_a + M_w R_b) / inf|rng b|  (a - W b = -high(W B) + ...);
 *   sqrt a: (HP(w, w) + R_a) / inf(sqrt(rng a) + W)  (a - W^2 = -high(W^2) + ...);
 *   exp a: D + (M_w + D) expm1(R_a), D = e^{S_a} HP(a, w)  (d' = A' d + high(A' W));
 *   log a: (HP(w, a) + R_a) / inf rng a;
 *   atan, atanh (q = 1 +- a^2, the jet's auxiliary series):
 *       (HP(w, q) + S_w HP(a, a)) / inf(1 +- A^2) + R_a / inf(1 +- (rng a)^2);
 *   asin, acos (s = sqrt(1 - a^2), auxiliary): with |s - S| <= T =
 *       (HP(a, a) + HP(s, s)) / inf(s + S),  (HP(w, s) + S_w T) / inf s + R_a / inf s(rng a);
 *   tanh (z = 1 - w^2, auxiliary): e^{(1 + M_w) S_a} (S_a HP(w, w) + HP(a, z)) + R_a;
 *   sin, cos: HP(a, cos) + HP(a, sin) + R_a  (the pair's error rotates: no growth);
 *   sinh, cosh: e^{S_a} (HP(a, cosh) + HP(a, sinh)) + e^{sup|rng a|} R_a;
 *   a^n, a^c (Miller's u w' = n w u'): e^{|n| S_a / m} (|n| + 1) HP(a, w) / m +
 *       |n| sup |rng a|^{n-1} R_a, m = inf|A| > 0; n >= 2 with A through 0: the
 *       majorant series of A^n;
 *   a^b = exp(b log a) through the auxiliary series log a and b log a;
 *   M y = b (SOLVE): y - Y = M^-1 (-high(M Y) + (b - B) - (M - M*) Y), enclosed by the
 *       preconditioned solve (tape/solve_arb.h) over the ranges of M's entries on each of
 *       8 pieces of the step (a range over the whole step may hold a singular matrix).
 * where A, W are the polynomial parts of a, w.  The ODE-type rules bound the error d of
 * the jet of g(A) by Gronwall's lemma along tau (A is a polynomial: differentiable);
 * the terms in R_a bound g(a) - g(A) by the mean value theorem over rng a.
 *
 * Nothing allocates after nhref_tails_arb_new (Arb's numbers may grow their mantissas).
 */
#ifndef NHREF_TAPE_TAILS_ARB_H
#define NHREF_TAPE_TAILS_ARB_H

#include <stddef.h>

#include <arb.h>

#include "nhref_arb.h"

typedef struct nhref_tails_arb nhref_tails_arb_t;

/* nhref_tails_arb_new -- the workspace of the tails of WS's tape (to WS's order).
 * Returns NHREF_OK or NHREF_ENOMEM.  Cost: 2 (order + 2) mags per node of the tape. */
int nhref_tails_arb_new(nhref_tails_arb_t **tw, const nhref_tape_arb_t *ws);

/* nhref_tails_arb_free -- frees TW (NULL: nothing). */
void nhref_tails_arb_free(nhref_tails_arb_t *tw);

/* nhref_tails_arb_eval -- the tails of WS's jet (just computed by nhref_tape_arb_ode_jet
 * to the order N, 1 <= N <= the workspace's order) over tau in [0, H] (H >= 0, an upper
 * bound of the step), with the states' own tails RIN (nstate mags; NULL: 0).
 * Out: ROUT[i] (nstate mags) bounds the tail of the right-hand side f_i, TOP[i] (nstate
 * mags, or NULL) bounds |f_i,N| (the coefficient of order N of f_i along P: the defect
 * f(P) - P' of the polynomial P of degree N is f_N tau^N + the tail).  WS's nodes then
 * hold their coefficient N too.
 * Returns NHREF_OK; NHREF_EDOMAIN if an order-N coefficient is not finite or a rule's
 * hypothesis cannot be shown (a divisor's or a logarithm's range reaches 0, a square
 * root's or a power's base reaches 0 or below, a solve's range matrix is not shown
 * invertible): a shorter H may pass; NHREF_EINVAL if N is out of range.  A tail may be
 * infinite (H too long for the jet): the caller tests ROUT.
 * Cost: one order of the jet (at WS's precision), then O(N) mag operations per node
 * (O(n N^2) for an integer power n >= 3 whose base's range holds 0) and 8 (3 d^3 + d^2 N)
 * ball operations per solve of d unknowns. */
int nhref_tails_arb_eval(nhref_tails_arb_t *tw, nhref_tape_arb_t *ws, unsigned N, const mag_t h,
                         mag_srcptr rin, mag_ptr rout, mag_ptr top);

#endif /* NHREF_TAPE_TAILS_ARB_H */
