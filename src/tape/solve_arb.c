/* solve_arb.c -- the tape's linear solve over ball matrices, preconditioned with an
 * approximate inverse of the midpoint matrix (Krawczyk's enclosure; solve_arb.h).
 * Called by the Arb instance of tape/interp.c (solve_jet) in place of interval
 * Gaussian elimination: once per jet for M_0 (nhref_solve_arb_precond), then for every
 * order's right-hand side b_k - sum_{j>=1} M_j y_{k-j} (nhref_solve_arb_apply).
 */
#include <stdlib.h>

#include <arb_mat.h>

#include "nhref_status.h"
#include "tape/solve_arb.h"

#define KRAWCZYK_ITER 2 /* iterations after the a priori box (solve_arb.h) */

struct nhref_solve_arb {
    slong n;
    arb_mat_t a;     /* M (balls), then mid(M)'s approximate LU factors */
    arb_mat_t one;   /* the identity */
    arb_mat_t r;     /* R ~ mid(M)^-1 (points) */
    arb_mat_t c;     /* C = I - R M (balls) */
    mag_t d;         /* a lower bound of 1 - ||C||_inf, > 0 */
    slong *perm;     /* n: the approximate LU's row permutation */
    arb_ptr z, y, w; /* n each: R b, the iterate, the next one */
    mag_t e, f;      /* scratch */
};

nhref_solve_arb_t *nhref_solve_arb_new(size_t n)
{
    nhref_solve_arb_t *s;

    if (n == 0)
        return NULL;
    s = malloc(sizeof *s);
    if (s == NULL)
        return NULL;
    s->perm = malloc(n * sizeof *s->perm);
    if (s->perm == NULL) {
        free(s);
        return NULL;
    }
    s->n = (slong)n;
    arb_mat_init(s->a, s->n, s->n);
    arb_mat_init(s->one, s->n, s->n);
    arb_mat_init(s->r, s->n, s->n);
    arb_mat_init(s->c, s->n, s->n);
    arb_mat_one(s->one);
    mag_init(s->d);
    mag_init(s->e);
    mag_init(s->f);
    s->z = _arb_vec_init(s->n);
    s->y = _arb_vec_init(s->n);
    s->w = _arb_vec_init(s->n);
    return s;
}

void nhref_solve_arb_free(nhref_solve_arb_t *s)
{
    if (s == NULL)
        return;
    arb_mat_clear(s->a);
    arb_mat_clear(s->one);
    arb_mat_clear(s->r);
    arb_mat_clear(s->c);
    mag_clear(s->d);
    mag_clear(s->e);
    mag_clear(s->f);
    _arb_vec_clear(s->z, s->n);
    _arb_vec_clear(s->y, s->n);
    _arb_vec_clear(s->w, s->n);
    free(s->perm);
    free(s);
}

int nhref_solve_arb_precond(nhref_solve_arb_t *s, const arb_srcptr *m, long prec)
{
    slong n = s->n;

    mag_zero(s->d); /* nhref_solve_arb_apply refuses until this succeeds */
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            arb_srcptr v = m[i * n + j];
            if (!arb_is_finite(v))
                return NHREF_EDOMAIN;
            arb_get_mid_arb(arb_mat_entry(s->a, i, j), v);
        }
    /* R = mid(M)^-1 in floating point at PREC bits (Arb's approximate LU with partial
     * pivoting: the midpoints only, no error bounds; R need not be exact) */
    if (!arb_mat_approx_lu(s->perm, s->a, s->a, (slong)prec))
        return NHREF_EDOMAIN;
    arb_mat_approx_solve_lu_precomp(s->r, s->perm, s->a, s->one, (slong)prec);
    arb_mat_get_mid(s->r, s->r); /* points (radius 0) */
    /* C = I - R M in ball arithmetic: it encloses I - R A for every A in M */
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++)
            arb_set(arb_mat_entry(s->a, i, j), m[i * n + j]);
    arb_mat_mul(s->c, s->r, s->a, (slong)prec);
    arb_mat_sub(s->c, s->one, s->c, (slong)prec);
    if (!arb_mat_is_finite(s->c))
        return NHREF_EDOMAIN;
    /* d <= 1 - ||C||_inf; d > 0 proves every A in M nonsingular (||I - R A|| < 1) */
    arb_mat_bound_inf_norm(s->e, s->c);
    mag_one(s->d);
    mag_sub_lower(s->d, s->d, s->e);
    return mag_is_zero(s->d) ? NHREF_EDOMAIN : NHREF_OK;
}

int nhref_solve_arb_apply(arb_ptr y, nhref_solve_arb_t *s, arb_srcptr r, long prec)
{
    slong n = s->n;
    int ok = !mag_is_zero(s->d);

    /* z = R b for every b in r (R is a point matrix: no dependency is lost) */
    for (slong i = 0; i < n; i++)
        arb_dot(s->z + i, NULL, 0, arb_mat_entry(s->r, i, 0), 1, r, 1, n, (slong)prec);
    ok = ok && _arb_vec_is_finite(s->z, n);
    if (ok) {
        /* the a priori box: y = R b + C y gives |y|_inf <= |z|_inf / (1 - ||C||) */
        mag_zero(s->e);
        for (slong i = 0; i < n; i++) {
            arb_get_mag(s->f, s->z + i);
            mag_max(s->e, s->e, s->f);
        }
        mag_div(s->e, s->e, s->d);
        for (slong i = 0; i < n; i++) {
            arb_zero(s->y + i);
            mag_set(arb_radref(s->y + i), s->e);
        }
        /* Krawczyk: Y <- (z + C Y) intersected with Y; each iterate encloses every
         * solution (each is a fixed point of y = R b + (I - R A) y with A in M, b in r) */
        for (int it = 0; it < KRAWCZYK_ITER && ok; it++) {
            for (slong i = 0; i < n; i++)
                arb_dot(s->w + i, s->z + i, 0, arb_mat_entry(s->c, i, 0), 1, s->y, 1, n,
                        (slong)prec);
            for (slong i = 0; i < n && ok; i++)
                ok = arb_intersection(s->y + i, s->y + i, s->w + i, (slong)prec);
        }
    }
    for (slong i = 0; i < n; i++) {
        if (ok)
            arb_swap(y + i, s->y + i);
        else
            arb_indeterminate(y + i);
    }
    return ok ? NHREF_OK : NHREF_EDOMAIN;
}
