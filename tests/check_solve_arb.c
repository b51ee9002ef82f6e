/* check_solve_arb.c -- the preconditioned solve over ball matrices (tape/solve_arb.h,
 * the Arb instance's NHREF_OP_SOLVE) encloses every solution and stays tight.
 *
 * Expected values come from an identity, never from the code under test: for a point
 * matrix A in the ball matrix M and a point x, b = A x is computed exactly (dyadic
 * entries, enough bits), so that x = A^-1 b.  The checks:
 * - containment: for sampled point matrices A in M (the midpoint, corners, random
 *   interior points) and points x, nhref_solve_arb_apply(M, b + [-e, e]) contains x,
 *   for random well-conditioned M, a KKT matrix with a zero diagonal block (it needs
 *   pivoting) and the growth matrix below, thin and wide radii;
 * - tightness: the widest radius is at most 4 times the first-order width of the
 *   exact solution set, |A^-1| (rad(M) |x| + rad(b)) (A = mid M; A^-1 computed by
 *   Arb at 4 times the precision from the point matrix), on Wilkinson's growth
 *   matrix (1 on the diagonal and the last column, -1 below the diagonal: partial
 *   pivoting's growth 2^(n-1)), where plain interval Gaussian elimination with partial
 *   pivoting (arb_mat_solve_lu, the algorithm the Arb instance used before) gives
 *   radii at least 100 times wider at n = 12;
 * - a matrix whose ball contains a singular one is a domain error, not a ball;
 * - the test can fail: a result moved by 3 radii must miss.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <arb.h>
#include <arb_mat.h>

#include "ck_mpfr.h"
#include "nhref_status.h"
#include "tape/solve_arb.h"

#include <check.h>

#define PREC 128   /* the working precision of the solves [bits] */
#define XPREC 2048 /* exact products of the dyadic test data [bits] */
#define SAMPLES 24 /* sampled point matrices per case */

static flint_rand_t rng;

/* a dyadic in [-1, 1] with 40 bits */
static void rand_dyadic(arb_t v)
{
    arb_set_si(v, (slong)n_randint(rng, 1UL << 41) - (1L << 40));
    arb_mul_2exp_si(v, v, -40);
}

/* M: midpoints from MID (n x n, row-major, exact), every radius RAD (an exact 2^e) */
static void ball_matrix(arb_mat_t m, const arb_mat_t mid, slong rad_exp)
{
    slong n = arb_mat_nrows(mid);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            arb_set(arb_mat_entry(m, i, j), arb_mat_entry(mid, i, j));
            mag_set_ui_2exp_si(arb_radref(arb_mat_entry(m, i, j)), 1, rad_exp);
        }
}

/* A = a point of M: entry (i, j) = mid + s rad, s = -1, 1 (corner K's bits) or a
 * random dyadic in [-1, 1] (K < 0) */
static void sample_point(arb_mat_t a, const arb_mat_t m, long k)
{
    slong n = arb_mat_nrows(m);
    arb_t s, r;
    arb_init(s);
    arb_init(r);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            arb_srcptr e = arb_mat_entry(m, i, j);
            if (k < 0)
                rand_dyadic(s);
            else
                arb_set_si(s, ((k >> ((i * n + j) % 30)) & 1) ? 1 : -1);
            arf_set_mag(arb_midref(r), arb_radref(e));
            mag_zero(arb_radref(r));
            arb_mul(r, r, s, XPREC);
            arb_add_arf(arb_mat_entry(a, i, j), r, arb_midref(e), XPREC);
        }
    arb_clear(s);
    arb_clear(r);
}

/* the precond/apply of the ball matrix M and right-hand side R into Y */
static int solve(arb_ptr y, const arb_mat_t m, arb_srcptr r)
{
    slong n = arb_mat_nrows(m);
    arb_srcptr *p = malloc((size_t)(n * n) * sizeof *p);
    nhref_solve_arb_t *s = nhref_solve_arb_new((size_t)n);
    int status;

    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(s);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++)
            p[i * n + j] = arb_mat_entry(m, i, j);
    status = nhref_solve_arb_precond(s, p, PREC);
    if (status == NHREF_OK)
        status = nhref_solve_arb_apply(y, s, r, PREC);
    nhref_solve_arb_free(s);
    free(p);
    return status;
}

/* every sampled A in M, x random: the enclosure of A^-1 (A x + [-e, e]) contains x */
static void check_contains(const arb_mat_t m, slong b_rad_exp)
{
    slong n = arb_mat_nrows(m);
    arb_mat_t a, x, b;
    arb_ptr r = _arb_vec_init(n), y = _arb_vec_init(n);

    arb_mat_init(a, n, n);
    arb_mat_init(x, n, 1);
    arb_mat_init(b, n, 1);
    for (long k = 0; k < SAMPLES; k++) {
        if (k == 0)
            arb_mat_get_mid(a, m);
        else
            sample_point(a, m, k < SAMPLES / 2 ? (long)n_randint(rng, 1UL << 30) : -1);
        for (slong i = 0; i < n; i++)
            rand_dyadic(arb_mat_entry(x, i, 0));
        arb_mat_mul(b, a, x, XPREC); /* exact: dyadics of at most 200 bits */
        for (slong i = 0; i < n; i++) {
            ck_assert(arb_is_exact(arb_mat_entry(b, i, 0)));
            arb_set(r + i, arb_mat_entry(b, i, 0));
            if (b_rad_exp != 0)
                mag_set_ui_2exp_si(arb_radref(r + i), 1, b_rad_exp);
        }
        ck_assert_int_eq(solve(y, m, r), NHREF_OK);
        for (slong i = 0; i < n; i++) {
            ck_assert_msg(arb_contains(y + i, arb_mat_entry(x, i, 0)),
                          "n = %ld, sample %ld: y%ld misses the solution", (long)n, k, (long)i);
            /* the test can fail: the ball moved by 3 radii misses */
            arb_t moved;
            arb_init(moved);
            arb_set(moved, y + i);
            arf_set_mag(arb_midref(moved), arb_radref(y + i));
            arb_mul_si(moved, moved, 3, PREC);
            mag_zero(arb_radref(moved));
            arb_add(moved, moved, y + i, PREC);
            ck_assert(!mag_is_zero(arb_radref(y + i)) || arb_is_exact(y + i));
            if (!mag_is_zero(arb_radref(y + i)))
                ck_assert(!arb_contains(moved, arb_mat_entry(x, i, 0)));
            arb_clear(moved);
        }
    }
    arb_mat_clear(a);
    arb_mat_clear(x);
    arb_mat_clear(b);
    _arb_vec_clear(r, n);
    _arb_vec_clear(y, n);
}

/* Wilkinson's growth matrix: 1 on the diagonal and in the last column, -1 below */
static void growth_matrix(arb_mat_t mid)
{
    slong n = arb_mat_nrows(mid);
    arb_mat_zero(mid);
    for (slong i = 0; i < n; i++) {
        for (slong j = 0; j < i; j++)
            arb_set_si(arb_mat_entry(mid, i, j), -1);
        arb_one(arb_mat_entry(mid, i, i));
        arb_one(arb_mat_entry(mid, i, n - 1));
    }
}

/* random well-conditioned: I * (n/2) + entries in [-1, 1] */
static void random_matrix(arb_mat_t mid)
{
    slong n = arb_mat_nrows(mid);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            rand_dyadic(arb_mat_entry(mid, i, j));
            if (i == j)
                arb_add_si(arb_mat_entry(mid, i, j), arb_mat_entry(mid, i, j), n / 2 + 1, XPREC);
        }
}

/* KKT: [0 B^T; B D], B 2 x (n - 2) with entries in [-1, 1], D = diag(1..n-2) */
static void kkt_matrix(arb_mat_t mid)
{
    slong n = arb_mat_nrows(mid);
    arb_mat_zero(mid);
    for (slong i = 2; i < n; i++) {
        for (slong j = 0; j < 2; j++) {
            rand_dyadic(arb_mat_entry(mid, i, j));
            arb_set(arb_mat_entry(mid, j, i), arb_mat_entry(mid, i, j));
        }
        arb_set_si(arb_mat_entry(mid, i, i), i - 1);
    }
}

static const struct {
    const char *name;
    void (*mid)(arb_mat_t);
    slong n, rad_exp, b_rad_exp; /* radii 2^rad_exp (matrix), 2^b_rad_exp (b; 0: none) */
} cases[] = {
    {"random 3, thin", random_matrix, 3, -100, 0},
    {"random 6, wide", random_matrix, 6, -20, -30},
    {"KKT 5, thin", kkt_matrix, 5, -110, -110},
    {"KKT 8, wide", kkt_matrix, 8, -24, 0},
    {"growth 12, thin", growth_matrix, 12, -100, 0},
    {"growth 12, wide", growth_matrix, 12, -30, -30},
};

START_TEST(test_contains)
{
    slong n = cases[_i].n;
    arb_mat_t mid, m;

    arb_mat_init(mid, n, n);
    arb_mat_init(m, n, n);
    for (int rep = 0; rep < 3; rep++) {
        cases[_i].mid(mid);
        ball_matrix(m, mid, cases[_i].rad_exp);
        check_contains(m, cases[_i].b_rad_exp);
    }
    arb_mat_clear(mid);
    arb_mat_clear(m);
}
END_TEST

/* the widest radius over the components, as a double */
static double max_rad(arb_srcptr y, slong n)
{
    double w = 0;
    for (slong i = 0; i < n; i++) {
        double r = mag_get_d(arb_radref(y + i));
        w = r > w ? r : w;
    }
    return w;
}

START_TEST(test_tight_on_growth_matrix)
{
    const slong n = 12, rad_exp = -60;
    arb_mat_t mid, m, inv, b, x, ge;
    arb_ptr r = _arb_vec_init(n), y = _arb_vec_init(n);
    double w, w1 = 0, wge;

    arb_mat_init(mid, n, n);
    arb_mat_init(m, n, n);
    arb_mat_init(inv, n, n);
    arb_mat_init(b, n, 1);
    arb_mat_init(x, n, 1);
    arb_mat_init(ge, n, 1);
    growth_matrix(mid);
    ball_matrix(m, mid, rad_exp);
    for (slong i = 0; i < n; i++) {
        rand_dyadic(arb_mat_entry(x, i, 0));
        arb_add_si(arb_mat_entry(x, i, 0), arb_mat_entry(x, i, 0), 2, XPREC); /* in [1, 3] */
    }
    arb_mat_mul(b, mid, x, XPREC);
    for (slong i = 0; i < n; i++)
        arb_set(r + i, arb_mat_entry(b, i, 0));
    ck_assert_int_eq(solve(y, m, r), NHREF_OK);
    w = max_rad(y, n);
    /* the first-order width of the solution set: |A^-1| rad(M) |x|, A = mid(M) */
    ck_assert(arb_mat_inv(inv, mid, 4 * PREC));
    for (slong i = 0; i < n; i++) {
        double s = 0;
        for (slong j = 0; j < n; j++) {
            double xl = 0;
            for (slong l = 0; l < n; l++)
                xl += fabs(arf_get_d(arb_midref(arb_mat_entry(x, l, 0)), ARF_RND_NEAR));
            s += fabs(arf_get_d(arb_midref(arb_mat_entry(inv, i, j)), ARF_RND_NEAR)) * xl;
        }
        s *= ldexp(1, (int)rad_exp);
        w1 = s > w1 ? s : w1;
    }
    ck_assert_msg(w <= 4 * w1, "preconditioned radius %.3g, first-order width %.3g", w, w1);
    /* plain interval elimination (the Arb instance's solve before) */
    for (slong i = 0; i < n; i++)
        arb_set(arb_mat_entry(b, i, 0), r + i);
    ck_assert(arb_mat_solve_lu(ge, m, b, PREC));
    wge = 0;
    for (slong i = 0; i < n; i++) {
        double g = mag_get_d(arb_radref(arb_mat_entry(ge, i, 0)));
        wge = g > wge ? g : wge;
        ck_assert(arb_contains(arb_mat_entry(ge, i, 0), arb_mat_entry(x, i, 0)));
    }
    printf("growth matrix n = %ld, radius 2^%ld: preconditioned %.3g, first order %.3g, "
           "interval elimination %.3g\n",
           (long)n, (long)rad_exp, w, w1, wge);
    ck_assert_msg(wge >= 100 * w, "elimination %.3g, preconditioned %.3g", wge, w);
    arb_mat_clear(mid);
    arb_mat_clear(m);
    arb_mat_clear(inv);
    arb_mat_clear(b);
    arb_mat_clear(x);
    arb_mat_clear(ge);
    _arb_vec_clear(r, n);
    _arb_vec_clear(y, n);
}
END_TEST

/* [[1, 1], [1, 1 + [-2^-10, 2^-10]]] contains a singular matrix: a domain error */
START_TEST(test_singular_refused)
{
    arb_mat_t m;
    arb_ptr r = _arb_vec_init(2), y = _arb_vec_init(2);

    arb_mat_init(m, 2, 2);
    arb_one(arb_mat_entry(m, 0, 0));
    arb_one(arb_mat_entry(m, 0, 1));
    arb_one(arb_mat_entry(m, 1, 0));
    arb_one(arb_mat_entry(m, 1, 1));
    ck_assert_int_eq(solve(y, m, r), NHREF_EDOMAIN); /* singular midpoint */
    arb_set_d(arb_mat_entry(m, 1, 1), 1.0009765625); /* 1 + 2^-10 */
    mag_set_ui_2exp_si(arb_radref(arb_mat_entry(m, 1, 1)), 1, -9);
    ck_assert_int_eq(solve(y, m, r), NHREF_EDOMAIN); /* the ball holds 1 */
    arb_mat_clear(m);
    _arb_vec_clear(r, 2);
    _arb_vec_clear(y, 2);
}
END_TEST

static Suite *solve_arb_suite(void)
{
    Suite *s = suite_create("solve_arb");
    TCase *tc = tcase_create("preconditioned solve");
    tcase_add_loop_test(tc, test_contains, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_tight_on_growth_matrix);
    tcase_add_test(tc, test_singular_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    unsigned long seed = ck_seed();
    SRunner *sr;
    int failed;

    printf("check_solve_arb: seed %lu (set NHREF_TEST_SEED to change)\n", seed);
    flint_randinit(rng);
    flint_randseed(rng, seed, seed ^ 0x5a5a5a5aUL);
    sr = srunner_create(solve_arb_suite());
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_randclear(rng);
    flint_cleanup();
    return failed == 0 ? 0 : 1;
}
