/* solve_arb.h -- the tape's linear solve M y = r over ball matrices (the Arb instance of
 * tape/interp.c, NHREF_OP_SOLVE), preconditioned by an approximate inverse of the
 * midpoint matrix (private; not installed).
 *
 * Contract: M is an n x n matrix of balls, r a vector of n balls.  The result y encloses
 * { A^-1 b : A a point matrix in M, b a point vector in r }.  With R ~ mid(M)^-1 (a point
 * matrix, Arb's approximate LU of the midpoints) and C = I - R M (balls), every such
 * solution is a fixed point of y = R b + C y; when ||C||_inf <= q < 1 every A in M is
 * nonsingular, |y|_inf <= |R b|_inf / (1 - q), and the Krawczyk iterates
 * Y_{i+1} = (R r + C Y_i) intersected with Y_i enclose it.  Their width is about
 * |R| (rad r + rad(M) |y|): no growth with the elimination's steps, unlike interval
 * Gaussian elimination, whose radii can grow by a factor up to 2^n.
 * Source: R. Krawczyk, Computing 4 (1969) 187-201; S. M. Rump, Verification methods,
 * Acta Numerica 19 (2010) 287-449, §10 (Theorem 10.2, Lemma 10.5); A. Neumaier,
 * Interval methods for systems of equations (1990), §4.1.
 *
 * Nothing allocates after nhref_solve_arb_new (Arb's numbers may grow their mantissas).
 */
#ifndef NHREF_TAPE_SOLVE_ARB_H
#define NHREF_TAPE_SOLVE_ARB_H

#include <stddef.h>

#include <arb.h>

typedef struct nhref_solve_arb nhref_solve_arb_t;

/* nhref_solve_arb_new -- the workspace of n x n solves (1 <= N), or NULL when memory is
 * short.  Cost: 5 n^2 + 4 n balls. */
nhref_solve_arb_t *nhref_solve_arb_new(size_t n);

/* nhref_solve_arb_free -- frees S (NULL: nothing). */
void nhref_solve_arb_free(nhref_solve_arb_t *s);

/* nhref_solve_arb_precond -- S's preconditioner R and C = I - R M for the ball matrix M:
 * entry (i, j) is the ball *M[i n + j] (only the ball each pointer points at is read:
 * coefficient 0 of a series).  PREC: the working precision [bits].
 * Returns: NHREF_OK; NHREF_EDOMAIN if an entry is not finite, if mid(M) is singular to
 * the working precision, or if ||C||_inf < 1 cannot be shown (M may then contain a
 * singular matrix; a narrower M may pass).
 * Cost: about 3 n^3 ball and floating-point operations at PREC bits. */
int nhref_solve_arb_precond(nhref_solve_arb_t *s, const arb_srcptr *m, long prec);

/* nhref_solve_arb_apply -- Y = an enclosure of { A^-1 b : A in M, b in R } for the M of
 * the last successful nhref_solve_arb_precond (R: n balls; Y may alias R).  PREC: the
 * working precision [bits].
 * Returns: NHREF_OK; NHREF_EDOMAIN if an entry of R is not finite (Y is then NaN).
 * Cost: 3 n^2 ball operations at PREC bits (R b, and two Krawczyk iterations). */
int nhref_solve_arb_apply(arb_ptr y, nhref_solve_arb_t *s, arb_srcptr r, long prec);

#endif /* NHREF_TAPE_SOLVE_ARB_H */
