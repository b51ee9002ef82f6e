/* check_tape.c -- the tape builder and its MPFR interpreters.
 *
 * Expected values come from MPFR applied directly to the formula (an
 * independent evaluation), from hand-derived Taylor coefficients, or from
 * identities; order 0 of a jet must equal the plain evaluation bit for bit.
 * The linear solve (SOLVE) is checked against closed-form solutions in MPFR, in
 * double and in Arb (the balls must contain them), and its tangent (dy = M^-1
 * (db - dM y)) against central differences.  The functions asin, acos, sinh, cosh
 * and real powers (case "functions") through the parser: against MPFR's own
 * functions, their domains in every type, an ODE with a closed-form solution in
 * every type, their derivatives against central differences, the printers.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ck_mpfr.h"
#include "nhref_arb.h"
#include "nhref_io.h"
#include "nhref_model.h"
#include "nhref_tape.h"

static const mpfr_prec_t precs[] = {53, 113, 333};
#define NPRECS (sizeof precs / sizeof precs[0])

/* ------------------------------------------------------------------ builder */
/* nhref_tape_states_read: the state variables an output reads, through every node
 * between (the integral guard of src/run/backend.c moves only those) */
START_TEST(test_states_read)
{
    static const char *const st[] = {"x", "y", "z", "w"}, *const pa[] = {"k"};
    static const struct {
        const char *expr;
        char used[4];
    } c[] = {
        {"x + 2*z", {1, 0, 1, 0}},
        {"sin(k*w)^2 + t", {0, 0, 0, 1}},
        {"k + t", {0, 0, 0, 0}},
        {"sqrt(x^2 + y^2) - z*0 + w", {1, 1, 1, 1}}, /* z*0 is still a read */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        nhref_tape_t *tp = NULL;
        char err[256], used[4] = {7, 7, 7, 7};
        ck_assert_int_eq(nhref_tape_parse(&tp, c[i].expr, 4, st, 1, pa, err, sizeof err),
                         NHREF_OK);
        ck_assert_int_eq(nhref_tape_states_read(tp, used), NHREF_OK);
        for (size_t j = 0; j < 4; j++)
            ck_assert_msg(used[j] == c[i].used[j], "'%s': state %s read %d, expected %d",
                          c[i].expr, st[j], used[j], c[i].used[j]);
        nhref_tape_free(tp);
    }
}
END_TEST

START_TEST(test_builder_sticky_errors)
{
    nhref_tape_t *tp;
    nhref_node_t x, bad;

    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 2), NHREF_OK);
    x = nhref_tape_state(tp, 0);
    ck_assert_int_ge(x, 0);
    /* a malformed constant is an error that sticks, and poisons what uses it */
    bad = nhref_tape_const(tp, "1.2.3");
    ck_assert_int_eq(bad, NHREF_NODE_INVALID);
    ck_assert_int_eq(nhref_tape_add(tp, x, bad), NHREF_NODE_INVALID);
    nhref_tape_set_output(tp, 0, x);
    nhref_tape_set_output(tp, 1, x);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_EPARSE);
    nhref_tape_free(tp);

    /* out-of-range inputs */
    ck_assert_int_eq(nhref_tape_new(&tp, 1, 1, 1), NHREF_OK);
    ck_assert_int_eq(nhref_tape_state(tp, 1), NHREF_NODE_INVALID);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_EINVAL);
    nhref_tape_free(tp);
    ck_assert_int_eq(nhref_tape_new(&tp, 1, 1, 1), NHREF_OK);
    ck_assert_int_eq(nhref_tape_param(tp, 3), NHREF_NODE_INVALID);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_EINVAL);
    nhref_tape_free(tp);
    ck_assert_int_eq(nhref_tape_new(&tp, 1, 1, 1), NHREF_OK);
    ck_assert_int_eq(nhref_tape_const(tp, "nan"), NHREF_NODE_INVALID);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_EPARSE);
    nhref_tape_free(tp);

    /* an output left unset */
    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 2), NHREF_OK);
    nhref_tape_set_output(tp, 0, nhref_tape_state(tp, 0));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_ETAPE);
    ck_assert_int_eq(nhref_tape_set_output(tp, 5, nhref_tape_state(tp, 0)), NHREF_EINVAL);
    nhref_tape_free(tp);
    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 0), NHREF_EINVAL);
}
END_TEST

/* powi's exponent is bounded by 2^31 - 1 (the builder used to take any long, and
 * the tangent computed n - 1: an overflow at LONG_MIN); at the bound the
 * derivative d/dx x^n = n x^(n-1) is still built: at x = 1 it is n exactly */
START_TEST(test_builder_powi_bound)
{
    static const long bad[] = {LONG_MIN, LONG_MIN + 1, -2147483648L, 2147483648L, LONG_MAX};
    nhref_tape_t *tp, *lin;
    nhref_tape_mp_t *ws;
    mpfr_t t, x[2], out[2], want;

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 1), NHREF_OK);
        ck_assert_int_eq(nhref_tape_powi(tp, nhref_tape_state(tp, 0), bad[i]), NHREF_NODE_INVALID);
        ck_assert_int_eq(nhref_tape_status(tp), NHREF_EINVAL);
        nhref_tape_free(tp);
    }
    mpfr_inits2(64, t, x[0], x[1], out[0], out[1], want, (mpfr_ptr)0);
    for (int sgn = -1; sgn <= 1; sgn += 2) {
        long n = sgn * NHREF_TAPE_POWI_MAX;
        ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 1), NHREF_OK);
        nhref_tape_set_output(tp, 0, nhref_tape_powi(tp, nhref_tape_state(tp, 0), n));
        ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
        ck_assert_int_eq(nhref_tape_linearize(&lin, tp, 1), NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_new(&ws, lin, 64, 0), NHREF_OK);
        mpfr_set_zero(t, 1);
        mpfr_set_ui(x[0], 1, MPFR_RNDN);
        mpfr_set_ui(x[1], 1, MPFR_RNDN);
        ck_assert_int_eq(nhref_tape_mp_eval(out[0], ws, t, x[0]), NHREF_OK);
        mpfr_set_ui(want, 1, MPFR_RNDN);
        ck_assert_mpfr_eq(out[0], want);
        mpfr_set_si(want, n, MPFR_RNDN);
        ck_assert_mpfr_eq(out[1], want);
        nhref_tape_mp_free(ws);
        nhref_tape_free(lin);
        nhref_tape_free(tp);
    }
    mpfr_clears(t, x[0], x[1], out[0], out[1], want, (mpfr_ptr)0);
}
END_TEST

/* FIRST(x) makes an adjacent pair of nodes (sin/cos, sinh/cosh): SECOND(x) after it
 * reuses the pair's second node, FIRST(x) again its first; the first node */
static nhref_node_t ck_pair_shared(nhref_tape_t *tp, nhref_node_t x,
                                   nhref_node_t (*first)(nhref_tape_t *, nhref_node_t),
                                   nhref_node_t (*second)(nhref_tape_t *, nhref_node_t))
{
    nhref_node_t s = first(tp, x);
    size_t n = nhref_tape_nnodes(tp);

    ck_assert_int_eq(second(tp, x), s + 1);
    ck_assert_uint_eq(nhref_tape_nnodes(tp), n);
    ck_assert_int_eq(first(tp, x), s);
    return s;
}

START_TEST(test_builder_sharing)
{
    nhref_tape_t *tp;
    nhref_node_t x, s, c, k1, k2;

    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 1), NHREF_OK);
    x = nhref_tape_state(tp, 0);
    /* cos(x) after sin(x) reuses the pair; sin(x) again too; constants are shared */
    s = ck_pair_shared(tp, x, nhref_tape_sin, nhref_tape_cos);
    c = nhref_tape_cos(tp, x);
    k1 = nhref_tape_const(tp, "0.5");
    k2 = nhref_tape_const(tp, "0.5");
    ck_assert_int_eq(k1, k2);
    ck_assert_int_eq(nhref_tape_state(tp, 0), x);
    nhref_tape_set_output(tp, 0, nhref_tape_mul(tp, s, c));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    nhref_tape_free(tp);
}
END_TEST

START_TEST(test_nonlinear_count)
{
    /* f = p*x + x*y + sin(x) + p*p: p*x is a scalar product, p*p constant,
     * x*y one convolution, sin/cos pair two: K_eff = 3 */
    nhref_tape_t *tp;
    nhref_node_t x, y, p;

    ck_assert_int_eq(nhref_tape_new(&tp, 2, 1, 2), NHREF_OK);
    x = nhref_tape_state(tp, 0);
    y = nhref_tape_state(tp, 1);
    p = nhref_tape_param(tp, 0);
    nhref_tape_set_output(
        tp, 0,
        nhref_tape_add(tp,
                       nhref_tape_add(tp, nhref_tape_mul(tp, p, x), nhref_tape_mul(tp, x, y)),
                       nhref_tape_add(tp, nhref_tape_sin(tp, x), nhref_tape_mul(tp, p, p))));
    nhref_tape_set_output(tp, 1, x);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    ck_assert_uint_eq(nhref_tape_nnonlinear(tp), 3);
    nhref_tape_free(tp);
}
END_TEST

/* ------------------------------------------------------------------ a tape with every op
 * inputs t, x0, x1, parameter p; outputs (all defined near the test point):
 *   0: x0 * x1 + t            1: x0 / x1 - p          2: sqrt(x0) * sin(x1)
 *   3: cos(x1) * exp(-x0)     4: log(x0 + p) + atan(x1)   5: atanh(x1 / 2) * tanh(x0)
 *   6: x0^3 / x1^2 (powi)     7: sqr(x1 - t) + 0.25 (const)                      */
enum { NOUT_ALL = 8 };

static nhref_tape_t *every_op_tape(void)
{
    nhref_tape_t *tp;
    nhref_node_t t, x0, x1, p;

    ck_assert_int_eq(nhref_tape_new(&tp, 2, 1, NOUT_ALL), NHREF_OK);
    t = nhref_tape_time(tp);
    x0 = nhref_tape_state(tp, 0);
    x1 = nhref_tape_state(tp, 1);
    p = nhref_tape_param(tp, 0);
    nhref_tape_set_output(tp, 0, nhref_tape_add(tp, nhref_tape_mul(tp, x0, x1), t));
    nhref_tape_set_output(tp, 1, nhref_tape_sub(tp, nhref_tape_div(tp, x0, x1), p));
    nhref_tape_set_output(tp, 2, nhref_tape_mul(tp, nhref_tape_sqrt(tp, x0), nhref_tape_sin(tp, x1)));
    nhref_tape_set_output(
        tp, 3, nhref_tape_mul(tp, nhref_tape_cos(tp, x1), nhref_tape_exp(tp, nhref_tape_neg(tp, x0))));
    nhref_tape_set_output(tp, 4, nhref_tape_add(tp, nhref_tape_log(tp, nhref_tape_add(tp, x0, p)),
                                                nhref_tape_atan(tp, x1)));
    nhref_tape_set_output(
        tp, 5,
        nhref_tape_mul(tp, nhref_tape_atanh(tp, nhref_tape_div(tp, x1, nhref_tape_const(tp, "2"))),
                       nhref_tape_tanh(tp, x0)));
    nhref_tape_set_output(tp, 6, nhref_tape_div(tp, nhref_tape_powi(tp, x0, 3), nhref_tape_powi(tp, x1, 2)));
    nhref_tape_set_output(tp, 7, nhref_tape_add(tp, nhref_tape_sqr(tp, nhref_tape_sub(tp, x1, t)),
                                                nhref_tape_const(tp, "0.25")));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    return tp;
}

/* the same formulas, straight in MPFR at precision PREC */
static void every_op_direct(mpfr_t out[NOUT_ALL], mpfr_srcptr t, mpfr_srcptr x0, mpfr_srcptr x1,
                            mpfr_srcptr p, mpfr_prec_t prec)
{
    mpfr_t a, b;
    mpfr_inits2(prec, a, b, (mpfr_ptr)0);
    mpfr_mul(a, x0, x1, MPFR_RNDN);
    mpfr_add(out[0], a, t, MPFR_RNDN);
    mpfr_div(a, x0, x1, MPFR_RNDN);
    mpfr_sub(out[1], a, p, MPFR_RNDN);
    mpfr_sqrt(a, x0, MPFR_RNDN);
    mpfr_sin(b, x1, MPFR_RNDN);
    mpfr_mul(out[2], a, b, MPFR_RNDN);
    mpfr_cos(a, x1, MPFR_RNDN);
    mpfr_neg(b, x0, MPFR_RNDN);
    mpfr_exp(b, b, MPFR_RNDN);
    mpfr_mul(out[3], a, b, MPFR_RNDN);
    mpfr_add(a, x0, p, MPFR_RNDN);
    mpfr_log(a, a, MPFR_RNDN);
    mpfr_atan(b, x1, MPFR_RNDN);
    mpfr_add(out[4], a, b, MPFR_RNDN);
    mpfr_div_ui(a, x1, 2, MPFR_RNDN);
    mpfr_atanh(a, a, MPFR_RNDN);
    mpfr_tanh(b, x0, MPFR_RNDN);
    mpfr_mul(out[5], a, b, MPFR_RNDN);
    mpfr_pow_si(a, x0, 3, MPFR_RNDN);
    mpfr_sqr(b, x1, MPFR_RNDN);
    mpfr_div(out[6], a, b, MPFR_RNDN);
    mpfr_sub(a, x1, t, MPFR_RNDN);
    mpfr_sqr(a, a, MPFR_RNDN);
    mpfr_set_str(b, "0.25", 10, MPFR_RNDN);
    mpfr_add(out[7], a, b, MPFR_RNDN);
    mpfr_clears(a, b, (mpfr_ptr)0);
}

START_TEST(test_eval_matches_direct)
{
    mpfr_prec_t prec = precs[_i];
    nhref_tape_t *tp = every_op_tape();
    nhref_tape_mp_t *ws;
    mpfr_t t, x[2], p, got[NOUT_ALL], want[NOUT_ALL];

    mpfr_inits2(prec, t, x[0], x[1], p, (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_inits2(prec, got[i], want[i], (mpfr_ptr)0);
    mpfr_set_str(t, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(x[0], "0.7", 10, MPFR_RNDN);
    mpfr_set_str(x[1], "-1.1", 10, MPFR_RNDN);
    mpfr_set_str(p, "2.5", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_eval(got[0], ws, t, x[0]), NHREF_OK);
    every_op_direct(want, t, x[0], x[1], p, prec);
    /* one correctly rounded operation per node, in the same order: equal bit for bit */
    for (int i = 0; i < NOUT_ALL; i++)
        ck_assert_mpfr_eq(got[i], want[i]);
    nhref_tape_mp_free(ws);
    nhref_tape_free(tp);
    mpfr_clears(t, x[0], x[1], p, (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_clears(got[i], want[i], (mpfr_ptr)0);
}
END_TEST

START_TEST(test_eval_domain)
{
    /* x0 = -0.5: sqrt(x0) (output 2) is undefined, and so is atanh(x1/2) for x1 = 2.5,
     * but output 0 must still be right */
    nhref_tape_t *tp = every_op_tape();
    nhref_tape_mp_t *ws;
    mpfr_t t, x[2], p, out[NOUT_ALL], want;

    mpfr_inits2(113, t, x[0], x[1], p, want, (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_init2(out[i], 113);
    mpfr_set_str(t, "1", 10, MPFR_RNDN);
    mpfr_set_str(x[0], "-0.5", 10, MPFR_RNDN);
    mpfr_set_str(x[1], "2.5", 10, MPFR_RNDN);
    mpfr_set_str(p, "0.25", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, 113, 0), NHREF_OK);
    nhref_tape_mp_set_params(ws, p);
    ck_assert_int_eq(nhref_tape_mp_eval(out[0], ws, t, x[0]), NHREF_EDOMAIN);
    ck_assert(mpfr_nan_p(out[2]));
    ck_assert(mpfr_nan_p(out[4])); /* log(-0.25) */
    ck_assert(mpfr_nan_p(out[5]));
    mpfr_set_str(want, "-0.25", 10, MPFR_RNDN); /* -0.5 * 2.5 + 1 */
    ck_assert_mpfr_eq(out[0], want);
    /* the jet interpreter refuses the same point */
    nhref_tape_mp_free(ws);
    nhref_tape_free(tp);
    mpfr_clears(t, x[0], x[1], p, want, (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_clear(out[i]);
}
END_TEST

/* ------------------------------------------------------------------ linear solve
 * y = M^-1 b for u = t / (1 - t), M = [1 u; -u 1], b = (1, 0) (system A), and the
 * same with its rows swapped, M = [-u 1; 1 u], b = (0, 1) (system B: partial
 * pivoting swaps them back at t0 = 1/4, where u = 1/3).  Every Taylor coefficient
 * M_j of u is nonzero, so every term of y_k = M_0^-1 (b_k - sum_j M_j y_{k-j})
 * counts.  Both give y = (1, u) / (1 + u^2) = (Im c, Re c), c = 1/(u - i)
 * = (1 - t) / ((1 + i)(t - q)), q = (1 + i)/2, whose Taylor coefficients at t0
 * are c_k = (-i/2) (-1)^k w^(k+1) - [k = 0] (1 - i)/2, w = 1/(t0 - q).
 * The tape is the ODE x' = y(t) (states x_A1, x_A2, x_B1, x_B2), so the state
 * series from x = 0 are x_{k+1} = y_k / (k + 1). */
#define SOLVE_ORDER 12
static const char *const solve_t0 = "0.25";

static nhref_tape_t *solve_ode_tape(void)
{
    nhref_tape_t *tp;
    nhref_node_t t, one, zero, u, mu, ya[2], yb[2];

    ck_assert_int_eq(nhref_tape_new(&tp, 4, 0, 4), NHREF_OK);
    t = nhref_tape_time(tp);
    one = nhref_tape_const(tp, "1");
    zero = nhref_tape_const(tp, "0");
    u = nhref_tape_div(tp, t, nhref_tape_sub(tp, one, t));
    mu = nhref_tape_neg(tp, u);
    {
        const nhref_node_t ma[4] = {one, u, mu, one}, ba[2] = {one, zero};
        const nhref_node_t mb[4] = {mu, one, one, u}, bb[2] = {zero, one};
        ck_assert_int_eq(nhref_tape_solve(tp, ya, 2, ma, ba), NHREF_OK);
        ck_assert_int_eq(nhref_tape_solve(tp, yb, 2, mb, bb), NHREF_OK);
    }
    nhref_tape_set_output(tp, 0, ya[0]);
    nhref_tape_set_output(tp, 1, ya[1]);
    nhref_tape_set_output(tp, 2, yb[0]);
    nhref_tape_set_output(tp, 3, yb[1]);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    return tp;
}

/* WANT[4 (k + 1) + i] = the closed-form series coefficient k + 1 of state i
 * (k < SOLVE_ORDER) at t0, PREC bits; WANT[i] = 0 */
static void solve_ode_closed_form(mpfr_t *want, mpfr_prec_t prec)
{
    mpfr_t wr, wi, pr, pi, cr, ci, tr, d;
    mpfr_inits2(prec, wr, wi, pr, pi, cr, ci, tr, d, (mpfr_ptr)0);
    /* w = 1/(t0 - q) = 1/(a + b i), a = t0 - 1/2, b = -1/2: (a - b i)/(a^2 + b^2) */
    mpfr_set_str(wr, solve_t0, 10, MPFR_RNDN);
    mpfr_sub_d(wr, wr, 0.5, MPFR_RNDN);
    mpfr_set_d(wi, 0.5, MPFR_RNDN);
    mpfr_sqr(d, wr, MPFR_RNDN);
    mpfr_add_d(d, d, 0.25, MPFR_RNDN);
    mpfr_div(wr, wr, d, MPFR_RNDN);
    mpfr_div(wi, wi, d, MPFR_RNDN);
    mpfr_set(pr, wr, MPFR_RNDN); /* p = (-1)^k w^(k+1), from k = 0 */
    mpfr_set(pi, wi, MPFR_RNDN);
    for (int i = 0; i < 4; i++)
        mpfr_set_zero(want[i], 1);
    for (int k = 0; k < SOLVE_ORDER; k++) {
        /* c_k = (-i/2) p - [k = 0] (1 - i)/2 = (pi/2 - [k = 0]/2) + (-pr/2 + [k = 0]/2) i */
        mpfr_div_2ui(cr, pi, 1, MPFR_RNDN);
        mpfr_div_2ui(ci, pr, 1, MPFR_RNDN);
        mpfr_neg(ci, ci, MPFR_RNDN);
        if (k == 0) {
            mpfr_sub_d(cr, cr, 0.5, MPFR_RNDN);
            mpfr_add_d(ci, ci, 0.5, MPFR_RNDN);
        }
        /* y1_k = Im c_k, y2_k = Re c_k; x_{k+1} = y_k / (k + 1) */
        mpfr_div_ui(want[4 * (k + 1) + 0], ci, (unsigned long)k + 1, MPFR_RNDN);
        mpfr_div_ui(want[4 * (k + 1) + 1], cr, (unsigned long)k + 1, MPFR_RNDN);
        mpfr_set(want[4 * (k + 1) + 2], want[4 * (k + 1) + 0], MPFR_RNDN);
        mpfr_set(want[4 * (k + 1) + 3], want[4 * (k + 1) + 1], MPFR_RNDN);
        /* p <- -p w */
        mpfr_mul(tr, pr, wr, MPFR_RNDN);
        mpfr_fms(tr, pi, wi, tr, MPFR_RNDN); /* -(pr wr - pi wi) */
        mpfr_mul(pi, pi, wr, MPFR_RNDN);
        mpfr_fma(pi, pr, wi, pi, MPFR_RNDN);
        mpfr_neg(pi, pi, MPFR_RNDN);
        mpfr_set(pr, tr, MPFR_RNDN);
    }
    mpfr_clears(wr, wi, pr, pi, cr, ci, tr, d, (mpfr_ptr)0);
}

#define NWANT (4 * (SOLVE_ORDER + 1))

static mpfr_t *want_new(mpfr_prec_t prec)
{
    mpfr_t *w = malloc(NWANT * sizeof *w);
    for (int i = 0; i < NWANT; i++)
        mpfr_init2(w[i], prec);
    solve_ode_closed_form(w, prec);
    return w;
}

static void want_free(mpfr_t *w)
{
    for (int i = 0; i < NWANT; i++)
        mpfr_clear(w[i]);
    free(w);
}

START_TEST(test_solve_jet_mp)
{
    mpfr_prec_t prec = precs[_i];
    nhref_tape_t *tp = solve_ode_tape();
    nhref_tape_mp_t *ws;
    mpfr_t t, x[4], *want = want_new(prec + 64);

    mpfr_init2(t, prec);
    mpfr_set_str(t, solve_t0, 10, MPFR_RNDN);
    for (int i = 0; i < 4; i++) {
        mpfr_init2(x[i], prec);
        mpfr_set_zero(x[i], 1);
    }
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, prec, SOLVE_ORDER + 1), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(ws, t, x[0], SOLVE_ORDER), NHREF_OK);
    for (int i = 0; i < 4; i++) {
        mpfr_srcptr s = nhref_tape_mp_state_series(ws, (size_t)i);
        for (int k = 0; k <= SOLVE_ORDER; k++)
            ck_assert_mpfr_digits(s + k, want[4 * k + i], 0.30103 * (double)prec - 3, "1");
    }
    nhref_tape_mp_free(ws);
    nhref_tape_free(tp);
    mpfr_clear(t);
    for (int i = 0; i < 4; i++)
        mpfr_clear(x[i]);
    want_free(want);
}
END_TEST

START_TEST(test_solve_jet_d)
{
    nhref_tape_t *tp = solve_ode_tape();
    nhref_tape_d_t *ws;
    double t = 0.25, x[4] = {0, 0, 0, 0};
    mpfr_t *want = want_new(113);

    ck_assert_int_eq(nhref_tape_d_new(&ws, tp, 53, SOLVE_ORDER + 1), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_set_params(ws, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_ode_jet(ws, &t, x, SOLVE_ORDER), NHREF_OK);
    for (int i = 0; i < 4; i++) {
        const double *s = nhref_tape_d_state_series(ws, (size_t)i);
        for (int k = 0; k <= SOLVE_ORDER; k++) {
            double w = mpfr_get_d(want[4 * k + i], MPFR_RNDN);
            ck_assert_msg(fabs(s[k] - w) <= 1e-13 * fmax(1, fabs(w)),
                          "x%d coefficient %d: %.17g, closed form %.17g", i, k, s[k], w);
        }
    }
    nhref_tape_d_free(ws);
    nhref_tape_free(tp);
    want_free(want);
}
END_TEST

/* every Arb coefficient ball contains the closed form (at 4 prec + 64 bits, far
 * inside the ball) and is thin: at least prec - 20 bits of relative accuracy */
START_TEST(test_solve_jet_arb)
{
    long prec = (long)precs[_i];
    nhref_tape_t *tp = solve_ode_tape();
    nhref_tape_arb_t *ws;
    arb_t t;
    arb_ptr x = _arb_vec_init(4);
    mpfr_t *want = want_new(4 * prec + 64);

    arb_init(t);
    arb_set_d(t, 0.25);
    ck_assert_int_eq(nhref_tape_arb_new(&ws, tp, prec, SOLVE_ORDER + 1), NHREF_OK);
    ck_assert_int_eq(nhref_tape_arb_set_params(ws, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_arb_ode_jet(ws, t, x, SOLVE_ORDER), NHREF_OK);
    for (int i = 0; i < 4; i++) {
        arb_srcptr s = nhref_tape_arb_state_series(ws, (size_t)i);
        for (int k = 0; k <= SOLVE_ORDER; k++) {
            ck_assert_msg(arb_contains_mpfr(s + k, want[4 * k + i]),
                          "x%d coefficient %d: the ball misses the closed form", i, k);
            ck_assert_msg(k == 0 || arb_rel_accuracy_bits(s + k) >= prec - 20,
                          "x%d coefficient %d: only %ld bits", i, k,
                          (long)arb_rel_accuracy_bits(s + k));
        }
    }
    nhref_tape_arb_free(ws);
    nhref_tape_free(tp);
    arb_clear(t);
    _arb_vec_clear(x, 4);
    want_free(want);
}
END_TEST

/* A KKT system with its zero block first (row 0 has no nonzero pivot: it needs the
 * pivoting), inputs t, x0, x1, x2 and the parameter p:
 *     [ 0   a1  a2 ] [ lambda ]   [ c  ]     m1 = p, m2 = x0^2 + 1,
 *     [ a1  m1  0  ] [ w1     ] = [ h1 ],    a1 = cos x1, a2 = sin x1,
 *     [ a2  0   m2 ] [ w2     ]   [ h2 ]     h1 = x0 x1, h2 = t, c = x2.
 * Closed form: lambda = (a1 h1/m1 + a2 h2/m2 - c) / (a1^2/m1 + a2^2/m2),
 * w_i = (h_i - a_i lambda) / m_i. */
static nhref_tape_t *kkt_tape(void)
{
    nhref_tape_t *tp;
    nhref_node_t t, x0, x1, zero, a1, a2, m[9], b[3], y[3];

    ck_assert_int_eq(nhref_tape_new(&tp, 3, 1, 3), NHREF_OK);
    t = nhref_tape_time(tp);
    x0 = nhref_tape_state(tp, 0);
    x1 = nhref_tape_state(tp, 1);
    zero = nhref_tape_const(tp, "0");
    a1 = nhref_tape_cos(tp, x1);
    a2 = nhref_tape_sin(tp, x1);
    m[0] = zero, m[1] = a1, m[2] = a2;
    m[3] = a1, m[4] = nhref_tape_param(tp, 0), m[5] = zero;
    m[6] = a2, m[7] = zero;
    m[8] = nhref_tape_add(tp, nhref_tape_sqr(tp, x0), nhref_tape_const(tp, "1"));
    b[0] = nhref_tape_state(tp, 2);
    b[1] = nhref_tape_mul(tp, x0, x1);
    b[2] = t;
    ck_assert_int_eq(nhref_tape_solve(tp, y, 3, m, b), NHREF_OK);
    for (int i = 0; i < 3; i++)
        nhref_tape_set_output(tp, (size_t)i, y[i]);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    return tp;
}

static const char *const kkt_t = "0.3", *const kkt_p = "2.5";
static const char *const kkt_x[3] = {"0.7", "-1.1", "0.2"};

/* the closed form at PREC bits (inputs parsed at PREC) */
static void kkt_closed_form(mpfr_t y[3], mpfr_prec_t prec)
{
    mpfr_t t, x0, x1, x2, p, a1, a2, m2, h1, s, r, u;
    mpfr_inits2(prec, t, x0, x1, x2, p, a1, a2, m2, h1, s, r, u, (mpfr_ptr)0);
    mpfr_set_str(t, kkt_t, 10, MPFR_RNDN);
    mpfr_set_str(p, kkt_p, 10, MPFR_RNDN);
    mpfr_set_str(x0, kkt_x[0], 10, MPFR_RNDN);
    mpfr_set_str(x1, kkt_x[1], 10, MPFR_RNDN);
    mpfr_set_str(x2, kkt_x[2], 10, MPFR_RNDN);
    mpfr_sin_cos(a2, a1, x1, MPFR_RNDN);
    mpfr_sqr(m2, x0, MPFR_RNDN);
    mpfr_add_ui(m2, m2, 1, MPFR_RNDN);
    mpfr_mul(h1, x0, x1, MPFR_RNDN);
    mpfr_sqr(s, a1, MPFR_RNDN); /* s = a1^2/m1 + a2^2/m2 */
    mpfr_div(s, s, p, MPFR_RNDN);
    mpfr_sqr(u, a2, MPFR_RNDN);
    mpfr_div(u, u, m2, MPFR_RNDN);
    mpfr_add(s, s, u, MPFR_RNDN);
    mpfr_mul(r, a1, h1, MPFR_RNDN); /* r = a1 h1/m1 + a2 h2/m2 - c */
    mpfr_div(r, r, p, MPFR_RNDN);
    mpfr_mul(u, a2, t, MPFR_RNDN);
    mpfr_div(u, u, m2, MPFR_RNDN);
    mpfr_add(r, r, u, MPFR_RNDN);
    mpfr_sub(r, r, x2, MPFR_RNDN);
    mpfr_div(y[0], r, s, MPFR_RNDN);
    mpfr_mul(u, a1, y[0], MPFR_RNDN);
    mpfr_sub(u, h1, u, MPFR_RNDN);
    mpfr_div(y[1], u, p, MPFR_RNDN);
    mpfr_mul(u, a2, y[0], MPFR_RNDN);
    mpfr_sub(u, t, u, MPFR_RNDN);
    mpfr_div(y[2], u, m2, MPFR_RNDN);
    mpfr_clears(t, x0, x1, x2, p, a1, a2, m2, h1, s, r, u, (mpfr_ptr)0);
}

START_TEST(test_solve_kkt)
{
    mpfr_prec_t prec = precs[_i];
    nhref_tape_t *tp = kkt_tape();
    mpfr_t want[3], wide[3];

    for (int i = 0; i < 3; i++) {
        mpfr_init2(want[i], prec + 64);
        mpfr_init2(wide[i], 4 * prec + 64);
    }
    kkt_closed_form(want, prec + 64);
    kkt_closed_form(wide, 4 * prec + 64);
    { /* MPFR */
        nhref_tape_mp_t *ws;
        mpfr_t t, p, x[3], y[3];
        mpfr_inits2(prec, t, p, (mpfr_ptr)0);
        mpfr_set_str(t, kkt_t, 10, MPFR_RNDN);
        mpfr_set_str(p, kkt_p, 10, MPFR_RNDN);
        for (int i = 0; i < 3; i++) {
            mpfr_inits2(prec, x[i], y[i], (mpfr_ptr)0);
            mpfr_set_str(x[i], kkt_x[i], 10, MPFR_RNDN);
        }
        ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, prec, 0), NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_eval(y[0], ws, t, x[0]), NHREF_OK);
        for (int i = 0; i < 3; i++)
            ck_assert_mpfr_digits(y[i], want[i], 0.30103 * (double)prec - 3, "1");
        nhref_tape_mp_free(ws);
        mpfr_clears(t, p, (mpfr_ptr)0);
        for (int i = 0; i < 3; i++)
            mpfr_clears(x[i], y[i], (mpfr_ptr)0);
    }
    if (_i == 0) { /* double */
        nhref_tape_d_t *ws;
        double t = 0.3, p = 2.5, x[3] = {0.7, -1.1, 0.2}, y[3];
        ck_assert_int_eq(nhref_tape_d_new(&ws, tp, 53, 0), NHREF_OK);
        ck_assert_int_eq(nhref_tape_d_set_params(ws, &p), NHREF_OK);
        ck_assert_int_eq(nhref_tape_d_eval(y, ws, &t, x), NHREF_OK);
        for (int i = 0; i < 3; i++) {
            double w = mpfr_get_d(want[i], MPFR_RNDN);
            ck_assert_msg(fabs(y[i] - w) <= 1e-14 * fmax(1, fabs(w)),
                          "y%d = %.17g, closed form %.17g", i, y[i], w);
        }
        nhref_tape_d_free(ws);
    }
    { /* Arb: exact decimal inputs as balls; the outputs contain the closed form */
        nhref_tape_arb_t *ws;
        arb_t t, p;
        arb_ptr x = _arb_vec_init(3), y = _arb_vec_init(3);
        arb_init(t);
        arb_init(p);
        ck_assert_int_eq(arb_set_str(t, kkt_t, (long)prec), 0);
        ck_assert_int_eq(arb_set_str(p, kkt_p, (long)prec), 0);
        for (int i = 0; i < 3; i++)
            ck_assert_int_eq(arb_set_str(x + i, kkt_x[i], (long)prec), 0);
        ck_assert_int_eq(nhref_tape_arb_new(&ws, tp, (long)prec, 0), NHREF_OK);
        ck_assert_int_eq(nhref_tape_arb_set_params(ws, p), NHREF_OK);
        ck_assert_int_eq(nhref_tape_arb_eval(y, ws, t, x), NHREF_OK);
        for (int i = 0; i < 3; i++) {
            ck_assert_msg(arb_contains_mpfr(y + i, wide[i]), "y%d: the ball misses the closed form",
                          i);
            ck_assert_msg(arb_rel_accuracy_bits(y + i) >= (long)prec - 20, "y%d: only %ld bits", i,
                          (long)arb_rel_accuracy_bits(y + i));
        }
        nhref_tape_arb_free(ws);
        arb_clear(t);
        arb_clear(p);
        _arb_vec_clear(x, 3);
        _arb_vec_clear(y, 3);
    }
    nhref_tape_free(tp);
    for (int i = 0; i < 3; i++)
        mpfr_clears(want[i], wide[i], (mpfr_ptr)0);
}
END_TEST

/* nhref_tape_params_as_states: x' = p0 x + p1 with the extra output p1^2 (a constant
 * node of the original) and p1 made a state s: outputs p0 x + s, 0, s^2 at x = 3,
 * s = 5, p0 = 2, p1 NaN (unused: a use would show as NaN); a repeated or out-of-range
 * index is NHREF_EINVAL */
START_TEST(test_params_as_states)
{
    nhref_tape_t *tp, *aug;
    nhref_tape_mp_t *wm;
    nhref_node_t p1;
    const size_t idx[] = {1}, dup[] = {1, 1}, far[] = {2};
    mpfr_t t, x[2], p[2], out[3];

    ck_assert_int_eq(nhref_tape_new(&tp, 1, 2, 2), NHREF_OK);
    p1 = nhref_tape_param(tp, 1);
    nhref_tape_set_output(
        tp, 0, nhref_tape_add(tp, nhref_tape_mul(tp, nhref_tape_param(tp, 0), nhref_tape_state(tp, 0)), p1));
    nhref_tape_set_output(tp, 1, nhref_tape_mul(tp, p1, p1));
    ck_assert_int_eq(nhref_tape_params_as_states(&aug, tp, 1, idx), NHREF_OK);
    ck_assert_uint_eq(nhref_tape_nstate(aug), 2);
    ck_assert_uint_eq(nhref_tape_nparam(aug), 2);
    ck_assert_uint_eq(nhref_tape_nout(aug), 3);
    mpfr_inits2(113, t, x[0], x[1], p[0], p[1], out[0], out[1], out[2], (mpfr_ptr)0);
    mpfr_set_ui(t, 0, MPFR_RNDN);
    mpfr_set_ui(x[0], 3, MPFR_RNDN);
    mpfr_set_ui(x[1], 5, MPFR_RNDN);
    mpfr_set_ui(p[0], 2, MPFR_RNDN);
    mpfr_set_nan(p[1]);
    ck_assert_int_eq(nhref_tape_mp_new(&wm, aug, 113, 2), NHREF_OK);
    nhref_tape_mp_set_params(wm, p[0]);
    ck_assert_int_eq(nhref_tape_mp_eval(out[0], wm, t, x[0]), NHREF_OK);
    ck_assert_mpfr_str(out[0], "11", 30, "1");
    ck_assert_mpfr_str(out[1], "0", 30, "1");
    ck_assert_mpfr_str(out[2], "25", 30, "1");
    nhref_tape_mp_free(wm);
    nhref_tape_free(aug);
    ck_assert_int_eq(nhref_tape_params_as_states(&aug, tp, 2, dup), NHREF_EINVAL);
    ck_assert_ptr_null(aug);
    ck_assert_int_eq(nhref_tape_params_as_states(&aug, tp, 1, far), NHREF_EINVAL);
    mpfr_clears(t, x[0], x[1], p[0], p[1], out[0], out[1], out[2], (mpfr_ptr)0);
    nhref_tape_free(tp);
}
END_TEST

/* M = [1 1; 1 1 + t], b = (1, x): singular at t = 0 (NHREF_EDOMAIN in every type, also
 * for an Arb ball of t around 0), regular at t = 1/2 (y = (1 - 2 (x - 1), 2 (x - 1))) */
START_TEST(test_solve_singular)
{
    nhref_tape_t *tp;
    nhref_node_t one, y[2];
    nhref_tape_mp_t *wm;
    nhref_tape_d_t *wd;
    nhref_tape_arb_t *wa;
    mpfr_t t, x, out[2];
    double td, xd = 3, outd[2];
    arb_t ta, xa;
    arb_ptr outa = _arb_vec_init(2);

    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 2), NHREF_OK);
    one = nhref_tape_const(tp, "1");
    {
        const nhref_node_t m[4] = {one, one, one, nhref_tape_add(tp, one, nhref_tape_time(tp))};
        const nhref_node_t b[2] = {one, nhref_tape_state(tp, 0)};
        ck_assert_int_eq(nhref_tape_solve(tp, y, 2, m, b), NHREF_OK);
    }
    nhref_tape_set_output(tp, 0, y[0]);
    nhref_tape_set_output(tp, 1, y[1]);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    mpfr_inits2(113, t, x, out[0], out[1], (mpfr_ptr)0);
    mpfr_set_ui(x, 3, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_new(&wm, tp, 113, 4), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(wm, NULL), NHREF_OK);
    mpfr_set_zero(t, 1);
    ck_assert_int_eq(nhref_tape_mp_eval(out[0], wm, t, x), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(wm, t, x, 4), NHREF_EDOMAIN);
    mpfr_set_str(t, "0.5", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_eval(out[0], wm, t, x), NHREF_OK);
    ck_assert_mpfr_str(out[0], "-3", 30, "1");
    ck_assert_mpfr_str(out[1], "4", 30, "1");
    ck_assert_int_eq(nhref_tape_d_new(&wd, tp, 53, 4), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_set_params(wd, NULL), NHREF_OK);
    td = 0;
    ck_assert_int_eq(nhref_tape_d_eval(outd, wd, &td, &xd), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_tape_d_ode_jet(wd, &td, &xd, 4), NHREF_EDOMAIN);
    td = 0.5;
    ck_assert_int_eq(nhref_tape_d_eval(outd, wd, &td, &xd), NHREF_OK);
    ck_assert(fabs(outd[0] + 3) <= 1e-15 && fabs(outd[1] - 4) <= 1e-15);
    arb_init(ta);
    arb_init(xa);
    arb_set_ui(xa, 3);
    ck_assert_int_eq(nhref_tape_arb_new(&wa, tp, 113, 4), NHREF_OK);
    ck_assert_int_eq(nhref_tape_arb_set_params(wa, NULL), NHREF_OK);
    arb_zero(ta);
    ck_assert_int_eq(nhref_tape_arb_eval(outa, wa, ta, xa), NHREF_EDOMAIN);
    arb_set_d(ta, 0.5);
    mag_set_d(arb_radref(ta), 0.6); /* [-0.1, 1.1] contains t = 0 */
    ck_assert_int_eq(nhref_tape_arb_eval(outa, wa, ta, xa), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_tape_arb_ode_jet(wa, ta, xa, 4), NHREF_EDOMAIN);
    arb_set_d(ta, 0.5);
    ck_assert_int_eq(nhref_tape_arb_eval(outa, wa, ta, xa), NHREF_OK);
    ck_assert(arb_contains_si(outa, -3) && arb_contains_si(outa + 1, 4));
    nhref_tape_mp_free(wm);
    nhref_tape_d_free(wd);
    nhref_tape_arb_free(wa);
    nhref_tape_free(tp);
    mpfr_clears(t, x, out[0], out[1], (mpfr_ptr)0);
    arb_clear(ta);
    arb_clear(xa);
    _arb_vec_clear(outa, 2);
}
END_TEST

START_TEST(test_solve_builder_errors)
{
    nhref_tape_t *tp;
    nhref_node_t x, y[2] = {0, 0};

    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 1), NHREF_OK);
    x = nhref_tape_state(tp, 0);
    {
        const nhref_node_t m[4] = {x, x, x, -2}, b[2] = {x, x};
        ck_assert_int_eq(nhref_tape_solve(tp, y, 2, m, b), NHREF_EINVAL);
    }
    ck_assert_int_eq(y[0], NHREF_NODE_INVALID);
    ck_assert_int_eq(y[1], NHREF_NODE_INVALID);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_EINVAL);
    nhref_tape_free(tp);
    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 1), NHREF_OK);
    x = nhref_tape_state(tp, 0);
    ck_assert_int_eq(nhref_tape_solve(tp, y, 0, &x, &x), NHREF_EINVAL);
    nhref_tape_free(tp);
}
END_TEST

/* ------------------------------------------------------------------ ODE jets */
/* ODE x0' = f6-like mix so every op enters the jet: x0' = out[4] * 0.1, x1' = out[3];
 * checks: order 0 of the state series is x; order-1 coefficient equals f exactly. */
START_TEST(test_jet_order0_equals_eval)
{
    mpfr_prec_t prec = precs[_i];
    nhref_tape_t *tp = every_op_tape();
    nhref_tape_mp_t *ws, *ev;
    mpfr_t t, x[2], p, f[NOUT_ALL];
    const unsigned order = 12;

    mpfr_inits2(prec, t, x[0], x[1], p, (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_init2(f[i], prec);
    mpfr_set_str(t, "0.125", 10, MPFR_RNDN);
    mpfr_set_str(x[0], "0.4", 10, MPFR_RNDN);
    mpfr_set_str(x[1], "0.9", 10, MPFR_RNDN);
    mpfr_set_str(p, "1.5", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, prec, order), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&ev, tp, prec, 0), NHREF_OK);
    nhref_tape_mp_set_params(ws, p);
    nhref_tape_mp_set_params(ev, p);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(ws, t, x[0], order), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_eval(f[0], ev, t, x[0]), NHREF_OK);
    for (int i = 0; i < 2; i++) {
        mpfr_srcptr s = nhref_tape_mp_state_series(ws, (size_t)i);
        ck_assert_mpfr_eq(s + 0, x[i]);
        /* x_1 = f_0 / 1: order 0 of the output jet is f, exactly */
        ck_assert_mpfr_eq(s + 1, f[i]);
    }
    nhref_tape_mp_free(ws);
    nhref_tape_mp_free(ev);
    nhref_tape_free(tp);
    mpfr_clears(t, x[0], x[1], p, (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_clear(f[i]);
}
END_TEST

/* x' = x: x_k = x0 / k!;  y' = t: y_1 = t0, y_2 = 1/2, y_k = 0 for k > 2 */
START_TEST(test_jet_exp_and_time)
{
    mpfr_prec_t prec = precs[_i];
    nhref_tape_t *tp;
    nhref_tape_mp_t *ws;
    mpfr_t t, x[2], want;
    const unsigned order = 25;

    ck_assert_int_eq(nhref_tape_new(&tp, 2, 0, 2), NHREF_OK);
    nhref_tape_set_output(tp, 0, nhref_tape_state(tp, 0));
    nhref_tape_set_output(tp, 1, nhref_tape_time(tp));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    mpfr_inits2(prec, t, x[0], x[1], want, (mpfr_ptr)0);
    mpfr_set_str(t, "0.75", 10, MPFR_RNDN);
    mpfr_set_str(x[0], "3", 10, MPFR_RNDN);
    mpfr_set_str(x[1], "-2", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, prec, order), NHREF_OK);
    nhref_tape_mp_set_params(ws, NULL);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(ws, t, x[0], order), NHREF_OK);
    mpfr_set(want, x[0], MPFR_RNDN);
    for (unsigned k = 0; k <= order; k++) {
        if (k > 0)
            mpfr_div_ui(want, want, k, MPFR_RNDN);
        ck_assert_mpfr_digits(nhref_tape_mp_state_series(ws, 0) + k, want,
                              (double)prec * 0.30103 - 2, "0");
    }
    mpfr_srcptr y = nhref_tape_mp_state_series(ws, 1);
    ck_assert_mpfr_eq(y + 1, t);
    ck_assert_mpfr_str(y + 2, "0.5", (double)prec * 0.30103 - 1, "0");
    for (unsigned k = 3; k <= order; k++)
        ck_assert(mpfr_zero_p(y + k));
    nhref_tape_mp_free(ws);
    nhref_tape_free(tp);
    mpfr_clears(t, x[0], x[1], want, (mpfr_ptr)0);
}
END_TEST

/* harmonic oscillator x' = w y, y' = -w x (w a parameter) from (1, 0):
 * x_k = (-1)^{k/2} w^k / k! for even k, 0 for odd; y_k = -(-1)^{(k-1)/2} w^k / k! for odd k */
START_TEST(test_jet_oscillator_and_params)
{
    mpfr_prec_t prec = precs[_i];
    nhref_tape_t *tp;
    nhref_tape_mp_t *ws;
    mpfr_t t, x[2], w, want;
    const unsigned order = 30;

    ck_assert_int_eq(nhref_tape_new(&tp, 2, 1, 2), NHREF_OK);
    nhref_tape_set_output(tp, 0, nhref_tape_mul(tp, nhref_tape_param(tp, 0), nhref_tape_state(tp, 1)));
    nhref_tape_set_output(
        tp, 1,
        nhref_tape_neg(tp, nhref_tape_mul(tp, nhref_tape_param(tp, 0), nhref_tape_state(tp, 0))));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    mpfr_inits2(prec, t, x[0], x[1], w, want, (mpfr_ptr)0);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(x[0], 1, MPFR_RNDN);
    mpfr_set_zero(x[1], 1);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, prec, order), NHREF_OK);
    for (int pass = 0; pass < 2; pass++) {
        /* the second pass changes the parameter: constants must follow */
        mpfr_set_str(w, pass == 0 ? "1" : "0.3", 10, MPFR_RNDN);
        nhref_tape_mp_set_params(ws, w);
        ck_assert_int_eq(nhref_tape_mp_ode_jet(ws, t, x[0], order), NHREF_OK);
        mpfr_set_ui(want, 1, MPFR_RNDN);
        for (unsigned k = 0; k <= order; k++) {
            mpfr_srcptr c = nhref_tape_mp_state_series(ws, k % 2 == 0 ? 0 : 1) + k;
            mpfr_srcptr z = nhref_tape_mp_state_series(ws, k % 2 == 0 ? 1 : 0) + k;
            if (k > 0) {
                mpfr_mul(want, want, w, MPFR_RNDN);
                mpfr_div_ui(want, want, k, MPFR_RNDN);
            }
            /* sign: x_{2j} = (-1)^j ..., y_{2j+1} = (-1)^{j+1} ... */
            int neg = k % 2 == 0 ? (k / 2) % 2 : ((k - 1) / 2 + 1) % 2;
            if (neg)
                mpfr_neg(want, want, MPFR_RNDN);
            ck_assert_mpfr_digits(c, want, (double)prec * 0.30103 - 2, "0");
            ck_assert(mpfr_zero_p(z));
            if (neg)
                mpfr_neg(want, want, MPFR_RNDN);
        }
    }
    nhref_tape_mp_free(ws);
    nhref_tape_free(tp);
    mpfr_clears(t, x[0], x[1], w, want, (mpfr_ptr)0);
}
END_TEST

START_TEST(test_jet_domain_and_limits)
{
    /* x' = log(x) at x = -1: the jet is refused */
    nhref_tape_t *tp;
    nhref_tape_mp_t *ws;
    mpfr_t t, x;

    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 1), NHREF_OK);
    nhref_tape_set_output(tp, 0, nhref_tape_log(tp, nhref_tape_state(tp, 0)));
    mpfr_inits2(64, t, x, (mpfr_ptr)0);
    mpfr_set_zero(t, 1);
    mpfr_set_si(x, -1, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, 64, 5), NHREF_OK);
    nhref_tape_mp_set_params(ws, NULL);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(ws, t, x, 5), NHREF_EDOMAIN);
    /* more than the workspace's order */
    mpfr_set_ui(x, 2, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(ws, t, x, 6), NHREF_EINVAL);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(ws, t, x, 5), NHREF_OK);
    nhref_tape_mp_free(ws);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, 0, 5), NHREF_EINVAL);
    nhref_tape_free(tp);
    mpfr_clears(t, x, (mpfr_ptr)0);
}
END_TEST

/* ------------------------------------------------------------------ tangent tapes */
/* the every-op formulas as an ODE on 8 states: every operation, and every output
 * depends on some state, so every derivative rule is exercised */
static nhref_tape_t *every_op_ode(void)
{
    nhref_tape_t *tp;
    nhref_node_t t, x0, x1, p;

    ck_assert_int_eq(nhref_tape_new(&tp, NOUT_ALL, 1, NOUT_ALL), NHREF_OK);
    t = nhref_tape_time(tp);
    x0 = nhref_tape_state(tp, 0);
    x1 = nhref_tape_state(tp, 1);
    p = nhref_tape_param(tp, 0);
    nhref_tape_set_output(tp, 0, nhref_tape_add(tp, nhref_tape_mul(tp, x0, x1), t));
    nhref_tape_set_output(tp, 1, nhref_tape_sub(tp, nhref_tape_div(tp, x0, x1), p));
    nhref_tape_set_output(tp, 2, nhref_tape_mul(tp, nhref_tape_sqrt(tp, x0), nhref_tape_sin(tp, x1)));
    nhref_tape_set_output(
        tp, 3, nhref_tape_mul(tp, nhref_tape_cos(tp, x1), nhref_tape_exp(tp, nhref_tape_neg(tp, x0))));
    nhref_tape_set_output(tp, 4, nhref_tape_add(tp, nhref_tape_log(tp, nhref_tape_add(tp, x0, p)),
                                                nhref_tape_atan(tp, nhref_tape_mul(tp, x1, nhref_tape_state(tp, 4)))));
    nhref_tape_set_output(
        tp, 5,
        nhref_tape_mul(tp, nhref_tape_atanh(tp, nhref_tape_div(tp, x1, nhref_tape_const(tp, "2"))),
                       nhref_tape_tanh(tp, nhref_tape_state(tp, 5))));
    nhref_tape_set_output(tp, 6, nhref_tape_div(tp, nhref_tape_powi(tp, nhref_tape_state(tp, 6), 3),
                                                nhref_tape_powi(tp, x1, 2)));
    nhref_tape_set_output(tp, 7, nhref_tape_add(tp, nhref_tape_sqr(tp, nhref_tape_sub(tp, nhref_tape_state(tp, 7), t)),
                                                nhref_tape_const(tp, "0.25")));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    return tp;
}

/* a workspace of TAPE at PREC bits, order 0, its one parameter set to P */
static nhref_tape_mp_t *ws_with_param(const nhref_tape_t *tape, mpfr_prec_t prec, mpfr_srcptr p)
{
    nhref_tape_mp_t *ws;
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tape, prec, 0), NHREF_OK);
    nhref_tape_mp_set_params(ws, p);
    return ws;
}

/* f(x + e w) at PREC into OUT (N states, at most NOUT_ALL) */
static void eval_shifted_n(mpfr_ptr out, nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x,
                           mpfr_srcptr w, mpfr_srcptr e, mpfr_prec_t prec, int n)
{
    mpfr_t y[NOUT_ALL];
    ck_assert(n >= 1 && n <= NOUT_ALL); /* y[0] is read: gcc -O1 sees n = 0 otherwise */
    for (int i = 0; i < n; i++) {
        mpfr_init2(y[i], prec);
        mpfr_fma(y[i], e, w + i, x + i, MPFR_RNDN);
    }
    ck_assert_int_eq(nhref_tape_mp_eval(out, ws, t, y[0]), NHREF_OK);
    for (int i = 0; i < n; i++)
        mpfr_clear(y[i]);
}

static void eval_shifted(mpfr_ptr out, nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x,
                         mpfr_srcptr w, mpfr_srcptr e, mpfr_prec_t prec)
{
    eval_shifted_n(out, ws, t, x, w, e, prec, NOUT_ALL);
}

/* J w from nhref_tape_linearize against the central difference
 * (f(x + e w) - f(x - e w)) / 2e, e = 10^-60, at 600 bits: error O(e^2) */
START_TEST(test_linearize_matches_differences)
{
    const mpfr_prec_t prec = 600;
    nhref_tape_t *f = every_op_ode(), *lin;
    nhref_tape_mp_t *wf, *wl;
    mpfr_t t, p, e, x[2 * NOUT_ALL], out[2 * NOUT_ALL], fp[NOUT_ALL], fm[NOUT_ALL], fd;
    static const char *x0[NOUT_ALL] = {"0.7", "-1.1", "0.2", "0.9", "0.6", "-0.3", "1.4", "0.5"};
    static const char *w0[NOUT_ALL] = {"0.3", "0.5", "-0.7", "1", "0.25", "-1.5", "0.8", "2"};

    ck_assert_int_eq(nhref_tape_linearize(&lin, f, 1), NHREF_OK);
    ck_assert_uint_eq(nhref_tape_nstate(lin), 2 * NOUT_ALL);
    ck_assert_uint_eq(nhref_tape_nout(lin), 2 * NOUT_ALL);
    mpfr_inits2(prec, t, p, e, fd, (mpfr_ptr)0);
    for (int i = 0; i < 2 * NOUT_ALL; i++)
        mpfr_inits2(prec, x[i], out[i], (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++) {
        mpfr_inits2(prec, fp[i], fm[i], (mpfr_ptr)0);
        mpfr_set_str(x[i], x0[i], 10, MPFR_RNDN);
        mpfr_set_str(x[NOUT_ALL + i], w0[i], 10, MPFR_RNDN);
    }
    mpfr_set_str(t, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(p, "2.5", 10, MPFR_RNDN);
    wf = ws_with_param(f, prec, p);
    wl = ws_with_param(lin, prec, p);
    ck_assert_int_eq(nhref_tape_mp_eval(out[0], wl, t, x[0]), NHREF_OK);
    /* the first half is f itself, bit for bit */
    ck_assert_int_eq(nhref_tape_mp_eval(fp[0], wf, t, x[0]), NHREF_OK);
    for (int i = 0; i < NOUT_ALL; i++)
        ck_assert_mpfr_eq(out[i], fp[i]);
    mpfr_set_str(e, "1e-60", 10, MPFR_RNDN);
    eval_shifted(fp[0], wf, t, x[0], x[NOUT_ALL], e, prec);
    mpfr_neg(e, e, MPFR_RNDN);
    eval_shifted(fm[0], wf, t, x[0], x[NOUT_ALL], e, prec);
    for (int i = 0; i < NOUT_ALL; i++) {
        mpfr_sub(fd, fp[i], fm[i], MPFR_RNDN);
        mpfr_div(fd, fd, e, MPFR_RNDN);
        mpfr_div_si(fd, fd, -2, MPFR_RNDN);
        ck_assert_mpfr_digits(out[NOUT_ALL + i], fd, 100, "1");
    }
    nhref_tape_mp_free(wf);
    nhref_tape_mp_free(wl);
    nhref_tape_free(f);
    nhref_tape_free(lin);
    mpfr_clears(t, p, e, fd, (mpfr_ptr)0);
    for (int i = 0; i < 2 * NOUT_ALL; i++)
        mpfr_clears(x[i], out[i], (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_clears(fp[i], fm[i], (mpfr_ptr)0);
}
END_TEST

/* div f and div(rho f) against sums of central differences along the axes */
START_TEST(test_divergence_matches_differences)
{
    const mpfr_prec_t prec = 600;
    nhref_tape_t *f = every_op_ode(), *rho, *div, *divr;
    nhref_tape_mp_t *wf, *wr, *wd, *wdr;
    mpfr_t t, p, e, x[NOUT_ALL], w[NOUT_ALL], fp[NOUT_ALL], fm[NOUT_ALL], rp, rm, sum, sumr, got,
        r0, tmp;
    static const char *x0[NOUT_ALL] = {"0.7", "-1.1", "0.2", "0.9", "0.6", "-0.3", "1.4", "0.5"};

    /* rho = exp(x0 x1) / (1 + x7^2) */
    ck_assert_int_eq(nhref_tape_new(&rho, NOUT_ALL, 1, 1), NHREF_OK);
    nhref_tape_set_output(
        rho, 0,
        nhref_tape_div(rho, nhref_tape_exp(rho, nhref_tape_mul(rho, nhref_tape_state(rho, 0),
                                                               nhref_tape_state(rho, 1))),
                       nhref_tape_add(rho, nhref_tape_const(rho, "1"),
                                      nhref_tape_sqr(rho, nhref_tape_state(rho, 7)))));
    ck_assert_int_eq(nhref_tape_divergence(&div, f, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_divergence(&divr, f, rho), NHREF_OK);
    mpfr_inits2(prec, t, p, e, rp, rm, sum, sumr, got, r0, tmp, (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++) {
        mpfr_inits2(prec, x[i], w[i], fp[i], fm[i], (mpfr_ptr)0);
        mpfr_set_str(x[i], x0[i], 10, MPFR_RNDN);
    }
    mpfr_set_str(t, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(p, "2.5", 10, MPFR_RNDN);
    wf = ws_with_param(f, prec, p);
    wr = ws_with_param(rho, prec, p);
    wd = ws_with_param(div, prec, p);
    wdr = ws_with_param(divr, prec, p);
    mpfr_set_zero(sum, 1);
    mpfr_set_zero(sumr, 1);
    for (int i = 0; i < NOUT_ALL; i++) {
        /* d(f_i)/dx_i and d(rho f_i)/dx_i by central differences along e_i */
        for (int k = 0; k < NOUT_ALL; k++)
            mpfr_set_ui(w[k], k == i, MPFR_RNDN);
        mpfr_set_str(e, "1e-60", 10, MPFR_RNDN);
        eval_shifted(fp[0], wf, t, x[0], w[0], e, prec);
        mpfr_fma(x[i], e, w[i], x[i], MPFR_RNDN);
        nhref_tape_mp_eval(rp, wr, t, x[0]);
        mpfr_set_str(x[i], x0[i], 10, MPFR_RNDN);
        mpfr_neg(e, e, MPFR_RNDN);
        eval_shifted(fm[0], wf, t, x[0], w[0], e, prec);
        mpfr_fma(x[i], e, w[i], x[i], MPFR_RNDN);
        nhref_tape_mp_eval(rm, wr, t, x[0]);
        mpfr_set_str(x[i], x0[i], 10, MPFR_RNDN);
        mpfr_sub(tmp, fp[i], fm[i], MPFR_RNDN);
        mpfr_div(tmp, tmp, e, MPFR_RNDN);
        mpfr_div_si(tmp, tmp, -2, MPFR_RNDN);
        mpfr_add(sum, sum, tmp, MPFR_RNDN);
        mpfr_mul(rp, rp, fp[i], MPFR_RNDN);
        mpfr_mul(rm, rm, fm[i], MPFR_RNDN);
        mpfr_sub(tmp, rp, rm, MPFR_RNDN);
        mpfr_div(tmp, tmp, e, MPFR_RNDN);
        mpfr_div_si(tmp, tmp, -2, MPFR_RNDN);
        mpfr_add(sumr, sumr, tmp, MPFR_RNDN);
    }
    ck_assert_int_eq(nhref_tape_mp_eval(got, wd, t, x[0]), NHREF_OK);
    ck_assert_mpfr_digits(got, sum, 100, "1");
    ck_assert_int_eq(nhref_tape_mp_eval(got, wdr, t, x[0]), NHREF_OK);
    ck_assert_mpfr_digits(got, sumr, 100, "1");
    /* inputs must match */
    {
        nhref_tape_t *bad, *out;
        ck_assert_int_eq(nhref_tape_new(&bad, 3, 1, 1), NHREF_OK);
        nhref_tape_set_output(bad, 0, nhref_tape_state(bad, 0));
        ck_assert_int_eq(nhref_tape_divergence(&out, f, bad), NHREF_ETAPE);
        nhref_tape_free(bad);
    }
    nhref_tape_mp_free(wf);
    nhref_tape_mp_free(wr);
    nhref_tape_mp_free(wd);
    nhref_tape_mp_free(wdr);
    nhref_tape_free(f);
    nhref_tape_free(rho);
    nhref_tape_free(div);
    nhref_tape_free(divr);
    mpfr_clears(t, p, e, rp, rm, sum, sumr, got, r0, tmp, (mpfr_ptr)0);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_clears(x[i], w[i], fp[i], fm[i], (mpfr_ptr)0);
}
END_TEST

/* ------------------------------------------------------------------ tangents of a solve
 * f(t, x; p) with three solves: y = M(x)^-1 b(t, x), a 3 x 3 system whose matrix and
 * right-hand side depend on the state; z = C^-1 (p, 1), all constant (its derivative
 * is zero: no tangent solve); u = C^-1 (x0, x1^2), constant matrix C = [p 1; 1 2]:
 *   f0 = y0 + z0,  f1 = y1 u0,  f2 = y2 + u1.
 * The tangents (dy = M^-1 (db - dM y)) against central differences, as above. */
enum { NSOLVE_F = 3 };

static nhref_tape_t *solve_tangent_tape(void)
{
    nhref_tape_t *tp;
    nhref_node_t t, x0, x1, x2, p, one, zero, y[3], z[2], u[2];

    ck_assert_int_eq(nhref_tape_new(&tp, NSOLVE_F, 1, NSOLVE_F), NHREF_OK);
    t = nhref_tape_time(tp);
    x0 = nhref_tape_state(tp, 0);
    x1 = nhref_tape_state(tp, 1);
    x2 = nhref_tape_state(tp, 2);
    p = nhref_tape_param(tp, 0);
    one = nhref_tape_const(tp, "1");
    zero = nhref_tape_const(tp, "0");
    {
        nhref_node_t two = nhref_tape_const(tp, "2");
        nhref_node_t m00 = nhref_tape_add(tp, x0, two);
        nhref_node_t m11 = nhref_tape_add(tp, two, nhref_tape_sqr(tp, x2));
        const nhref_node_t m[9] = {m00, one, x1, one, m11, zero,
                                   nhref_tape_sin(tp, x1), p, nhref_tape_const(tp, "3")};
        const nhref_node_t b[3] = {nhref_tape_mul(tp, x0, x2), nhref_tape_cos(tp, x0),
                                   nhref_tape_add(tp, t, x1)};
        const nhref_node_t c[4] = {p, one, one, two};
        const nhref_node_t bz[2] = {p, one}, bu[2] = {x0, nhref_tape_sqr(tp, x1)};
        ck_assert_int_eq(nhref_tape_solve(tp, y, 3, m, b), NHREF_OK);
        ck_assert_int_eq(nhref_tape_solve(tp, z, 2, c, bz), NHREF_OK);
        ck_assert_int_eq(nhref_tape_solve(tp, u, 2, c, bu), NHREF_OK);
    }
    nhref_tape_set_output(tp, 0, nhref_tape_add(tp, y[0], z[0]));
    nhref_tape_set_output(tp, 1, nhref_tape_mul(tp, y[1], u[0]));
    nhref_tape_set_output(tp, 2, nhref_tape_add(tp, y[2], u[1]));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    return tp;
}

/* (f(x + e w) - f(x - e w)) / 2e, e = 10^-60, at PREC bits, into D (NSOLVE_F values) */
static void central_difference(mpfr_ptr d, nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x,
                               mpfr_srcptr w, mpfr_prec_t prec)
{
    mpfr_t e, fm[NSOLVE_F];
    mpfr_init2(e, prec);
    for (int i = 0; i < NSOLVE_F; i++)
        mpfr_init2(fm[i], prec);
    mpfr_set_str(e, "1e-60", 10, MPFR_RNDN);
    eval_shifted_n(d, ws, t, x, w, e, prec, NSOLVE_F);
    mpfr_neg(e, e, MPFR_RNDN);
    eval_shifted_n(fm[0], ws, t, x, w, e, prec, NSOLVE_F);
    for (int i = 0; i < NSOLVE_F; i++) {
        mpfr_sub(d + i, d + i, fm[i], MPFR_RNDN);
        mpfr_div(d + i, d + i, e, MPFR_RNDN);
        mpfr_div_si(d + i, d + i, -2, MPFR_RNDN);
    }
    mpfr_clear(e);
    for (int i = 0; i < NSOLVE_F; i++)
        mpfr_clear(fm[i]);
}

START_TEST(test_solve_tangents)
{
    const mpfr_prec_t prec = 600;
    static const char *x0[NSOLVE_F] = {"0.7", "-1.1", "0.2"};
    static const char *w0[NSOLVE_F] = {"0.3", "0.5", "-0.7"};
    nhref_tape_t *f = solve_tangent_tape(), *lin, *div, *grad;
    nhref_tape_mp_t *wf, *wl, *wd, *wg;
    mpfr_t t, p, x[2 * NSOLVE_F], out[2 * NSOLVE_F], fd[NSOLVE_F], ax[NSOLVE_F], sum, got;

    ck_assert_int_eq(nhref_tape_linearize(&lin, f, 1), NHREF_OK);
    ck_assert_int_eq(nhref_tape_divergence(&div, f, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_gradient(&grad, f, 1), NHREF_OK);
    mpfr_inits2(prec, t, p, sum, got, (mpfr_ptr)0);
    for (int i = 0; i < 2 * NSOLVE_F; i++)
        mpfr_inits2(prec, x[i], out[i], (mpfr_ptr)0);
    for (int i = 0; i < NSOLVE_F; i++) {
        mpfr_inits2(prec, fd[i], ax[i], (mpfr_ptr)0);
        mpfr_set_str(x[i], x0[i], 10, MPFR_RNDN);
        mpfr_set_str(x[NSOLVE_F + i], w0[i], 10, MPFR_RNDN);
    }
    mpfr_set_str(t, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(p, "2.5", 10, MPFR_RNDN);
    wf = ws_with_param(f, prec, p);
    wl = ws_with_param(lin, prec, p);
    wd = ws_with_param(div, prec, p);
    wg = ws_with_param(grad, prec, p);
    /* J w */
    ck_assert_int_eq(nhref_tape_mp_eval(out[0], wl, t, x[0]), NHREF_OK);
    central_difference(fd[0], wf, t, x[0], x[NSOLVE_F], prec);
    for (int i = 0; i < NSOLVE_F; i++)
        ck_assert_mpfr_digits(out[NSOLVE_F + i], fd[i], 100, "1");
    /* the divergence (the trace of J) and the gradient of f1 (row 1 of J), along the axes */
    mpfr_set_zero(sum, 1);
    ck_assert_int_eq(nhref_tape_mp_eval(out[0], wg, t, x[0]), NHREF_OK);
    for (int k = 0; k < NSOLVE_F; k++) {
        for (int i = 0; i < NSOLVE_F; i++)
            mpfr_set_ui(ax[i], i == k, MPFR_RNDN);
        central_difference(fd[0], wf, t, x[0], ax[0], prec);
        mpfr_add(sum, sum, fd[k], MPFR_RNDN);
        ck_assert_mpfr_digits(out[k], fd[1], 100, "1");
    }
    ck_assert_int_eq(nhref_tape_mp_eval(got, wd, t, x[0]), NHREF_OK);
    ck_assert_mpfr_digits(got, sum, 100, "1");
    nhref_tape_mp_free(wf);
    nhref_tape_mp_free(wl);
    nhref_tape_mp_free(wd);
    nhref_tape_mp_free(wg);
    nhref_tape_free(f);
    nhref_tape_free(lin);
    nhref_tape_free(div);
    nhref_tape_free(grad);
    mpfr_clears(t, p, sum, got, (mpfr_ptr)0);
    for (int i = 0; i < 2 * NSOLVE_F; i++)
        mpfr_clears(x[i], out[i], (mpfr_ptr)0);
    for (int i = 0; i < NSOLVE_F; i++)
        mpfr_clears(fd[i], ax[i], (mpfr_ptr)0);
}
END_TEST

/* The compiled double jets against the interpreter: tests/check_jit.c. */

/* ------------------------------------------------------------------ asin acos sinh cosh ^
 * The functions of issue 24 through the parser: every interpreter, jets, derivatives,
 * printers.  Names: states x, y; parameter a; t. */
static const char *const fx_state[] = {"x", "y"};
static const char *const fx_param[] = {"a"};

static nhref_tape_t *fx_parse(const char *e)
{
    nhref_tape_t *tp;
    char err[256];
    int st = nhref_tape_parse(&tp, e, 2, fx_state, 1, fx_param, err, sizeof err);
    ck_assert_msg(st == NHREF_OK, "'%s': %s", e, err);
    return tp;
}

/* the value of E at t = T, x = X, y = 0.25, a = A in MPFR at PREC into G; the status */
static int fx_eval(mpfr_ptr g, const char *e, const char *t, const char *x, const char *a,
                   mpfr_prec_t prec)
{
    nhref_tape_t *tp = fx_parse(e);
    nhref_tape_mp_t *ws;
    mpfr_t tt, xs[2], p;
    int st;

    mpfr_inits2(prec, tt, xs[0], xs[1], p, (mpfr_ptr)0);
    mpfr_set_str(tt, t, 10, MPFR_RNDN);
    mpfr_set_str(xs[0], x, 10, MPFR_RNDN);
    mpfr_set_str(xs[1], "0.25", 10, MPFR_RNDN);
    mpfr_set_str(p, a, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_OK);
    st = nhref_tape_mp_eval(g, ws, tt, xs[0]);
    nhref_tape_mp_free(ws);
    nhref_tape_free(tp);
    mpfr_clears(tt, xs[0], xs[1], p, (mpfr_ptr)0);
    return st;
}

/* one correctly rounded operation per node: each expression equals MPFR's own function
 * of the same rounded inputs, bit for bit (x = 0.7, t = 0.3, a = 2.5) */
START_TEST(test_func_eval_matches_mpfr)
{
    mpfr_prec_t prec = precs[_i];
    mpfr_t x, t, a, c, g, w;

    mpfr_inits2(prec, x, t, a, c, g, w, (mpfr_ptr)0);
    mpfr_set_str(x, "0.7", 10, MPFR_RNDN);
    mpfr_set_str(t, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(a, "2.5", 10, MPFR_RNDN);
#define FX_SAME(expr, call)                                                                        \
    do {                                                                                           \
        ck_assert_int_eq(fx_eval(g, expr, "0.3", "0.7", "2.5", prec), NHREF_OK);                   \
        call;                                                                                      \
        ck_assert_msg(mpfr_equal_p(g, w), "%s at %ld bits", expr, (long)prec);                     \
    } while (0)
    FX_SAME("asin(x)", mpfr_asin(w, x, MPFR_RNDN));
    FX_SAME("acos(x)", mpfr_acos(w, x, MPFR_RNDN));
    FX_SAME("sinh(x)", mpfr_sinh(w, x, MPFR_RNDN));
    FX_SAME("cosh(x)", mpfr_cosh(w, x, MPFR_RNDN));
    FX_SAME("x^a", mpfr_pow(w, x, a, MPFR_RNDN));
    FX_SAME("2^t", (mpfr_set_ui(c, 2, MPFR_RNDN), mpfr_pow(w, c, t, MPFR_RNDN)));
    FX_SAME("x^1.5", (mpfr_set_str(c, "1.5", 10, MPFR_RNDN), mpfr_pow(w, x, c, MPFR_RNDN)));
    FX_SAME("x^2.0", (mpfr_set_ui(c, 2, MPFR_RNDN), mpfr_pow(w, x, c, MPFR_RNDN)));
    FX_SAME("x^(1/3)", (mpfr_set_ui(c, 1, MPFR_RNDN), mpfr_div_ui(c, c, 3, MPFR_RNDN),
                        mpfr_pow(w, x, c, MPFR_RNDN)));
    FX_SAME("x^-0.5", (mpfr_set_str(c, "-0.5", 10, MPFR_RNDN), mpfr_pow(w, x, c, MPFR_RNDN)));
    FX_SAME("x^t", mpfr_pow(w, x, t, MPFR_RNDN));
    /* precedence: -x^a = -(x^a); 2^-x = 2^(-x); a^b^c = a^(b^c); 3^2 an integer power */
    FX_SAME("-x^a", (mpfr_pow(w, x, a, MPFR_RNDN), mpfr_neg(w, w, MPFR_RNDN)));
    FX_SAME("2^-x", (mpfr_set_ui(c, 2, MPFR_RNDN), mpfr_neg(w, x, MPFR_RNDN),
                     mpfr_pow(w, c, w, MPFR_RNDN)));
    FX_SAME("2^3^2", mpfr_set_ui(w, 512, MPFR_RNDN));
    FX_SAME("x^a^0.5", (mpfr_sqrt(c, a, MPFR_RNDN), mpfr_pow(w, x, c, MPFR_RNDN)));
#undef FX_SAME
    mpfr_clears(x, t, a, c, g, w, (mpfr_ptr)0);
}
END_TEST

/* a pair whose argument repeats an earlier pair's (x*y built twice: two MUL nodes, one
 * instruction) is computed once: the program maps the second COSH (COS) to the first
 * pair's, which has the instruction (tape/program.c, find_repeats).  Against MPFR's
 * own functions of the rounded product, bit for bit. */
START_TEST(test_func_repeated_pair)
{
    mpfr_t xy, s, c, g, w;

    mpfr_inits2(113, xy, s, c, g, w, (mpfr_ptr)0);
    mpfr_set_str(s, "0.7", 10, MPFR_RNDN);
    mpfr_set_str(c, "0.25", 10, MPFR_RNDN);
    mpfr_mul(xy, s, c, MPFR_RNDN);
    ck_assert_int_eq(fx_eval(g, "sinh(x*y) - 3*cosh(x*y)", "0.3", "0.7", "2.5", 113), NHREF_OK);
    mpfr_sinh_cosh(s, c, xy, MPFR_RNDN);
    mpfr_mul_ui(c, c, 3, MPFR_RNDN);
    mpfr_sub(w, s, c, MPFR_RNDN);
    ck_assert_mpfr_eq(g, w);
    ck_assert_int_eq(fx_eval(g, "sin(x*y) - 3*cos(x*y)", "0.3", "0.7", "2.5", 113), NHREF_OK);
    mpfr_sin_cos(s, c, xy, MPFR_RNDN);
    mpfr_mul_ui(c, c, 3, MPFR_RNDN);
    mpfr_sub(w, s, c, MPFR_RNDN);
    ck_assert_mpfr_eq(g, w);
    mpfr_clears(xy, s, c, g, w, (mpfr_ptr)0);
}
END_TEST

/* domains: NaN and NHREF_EDOMAIN in MPFR, double and Arb (an indeterminate ball) for
 * asin and acos outside [-1, 1] and a real power of a base <= 0 -- also with an
 * integer-valued exponent not written as an integer literal (x^2.0, x^(1+1)); an
 * integer literal keeps any base (x^2, x^(-2), x^(2)); sinh and cosh overflow double
 * at 1e6, not MPFR's or Arb's exponent range.  Where defined, the Arb ball contains
 * the MPFR value at 400 bits. */
START_TEST(test_func_domain)
{
    static const struct {
        const char *e, *x;
        int ok, dok; /* defined in MPFR and Arb; in double */
    } cases[] = {
        {"asin(x)", "1.5", 0, 0},
        {"acos(x)", "-1.0001", 0, 0},
        {"asin(x)", "-1", 1, 1},
        {"acos(x)", "1", 1, 1},
        {"x^1.5", "-0.7", 0, 0},
        {"x^1.5", "0", 0, 0},
        {"x^a", "-2", 0, 0},
        {"x^0.5", "0", 0, 0},
        {"x^2.0", "-0.7", 0, 0},
        {"x^(1+1)", "-0.7", 0, 0},
        {"(x-1)^t", "0.5", 0, 0},
        {"x^2", "-0.7", 1, 1},
        {"x^(-2)", "-0.7", 1, 1},
        {"x^(2)", "-0.7", 1, 1},
        {"x^ - 3", "-0.7", 1, 1},
        {"2^x", "-3", 1, 1},
        {"sinh(x)", "-1e6", 1, 0},
        {"cosh(x)", "1e6", 1, 0},
        {"asin(x) + x^0.5", "0.5", 1, 1},
    };
    mpfr_t g, h;

    mpfr_init2(g, 113);
    mpfr_init2(h, 400);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nhref_tape_t *tp = fx_parse(cases[i].e);
        nhref_tape_d_t *wd;
        nhref_tape_arb_t *wa;
        double xd[2] = {atof(cases[i].x), 0.25}, td = 0.3, pd = 2.5, gd;
        arb_ptr xa = _arb_vec_init(2), ta = _arb_vec_init(1), pa = _arb_vec_init(1),
                ga = _arb_vec_init(1);
        int want = cases[i].ok ? NHREF_OK : NHREF_EDOMAIN, st;

        st = fx_eval(g, cases[i].e, "0.3", cases[i].x, "2.5", 113);
        ck_assert_msg(st == want && mpfr_nan_p(g) != cases[i].ok, "MPFR: %s at x = %s: %s",
                      cases[i].e, cases[i].x, nhref_status_name(st));
        ck_assert_int_eq(nhref_tape_d_new(&wd, tp, 53, 0), NHREF_OK);
        nhref_tape_d_set_params(wd, &pd);
        st = nhref_tape_d_eval(&gd, wd, &td, xd);
        ck_assert_msg(st == (cases[i].dok ? NHREF_OK : NHREF_EDOMAIN) && isnan(gd) != cases[i].dok,
                      "double: %s at x = %s: %s, %g", cases[i].e, cases[i].x, nhref_status_name(st),
                      gd);
        nhref_tape_d_free(wd);
        ck_assert_int_eq(nhref_tape_arb_new(&wa, tp, 128, 0), NHREF_OK);
        arb_set_str(pa, "2.5", 128);
        nhref_tape_arb_set_params(wa, pa);
        arb_set_str(ta, "0.3", 128);
        arb_set_str(xa, cases[i].x, 128);
        arb_set_str(xa + 1, "0.25", 128);
        st = nhref_tape_arb_eval(ga, wa, ta, xa);
        ck_assert_msg(st == want && arb_is_finite(ga) == cases[i].ok, "Arb: %s at x = %s: %s",
                      cases[i].e, cases[i].x, nhref_status_name(st));
        if (cases[i].ok) {
            ck_assert_int_eq(fx_eval(h, cases[i].e, "0.3", cases[i].x, "2.5", 400), NHREF_OK);
            ck_assert_msg(arb_contains_mpfr(ga, h), "Arb: %s at x = %s: the ball misses",
                          cases[i].e, cases[i].x);
        }
        nhref_tape_arb_free(wa);
        _arb_vec_clear(xa, 2);
        _arb_vec_clear(ta, 1);
        _arb_vec_clear(pa, 1);
        _arb_vec_clear(ga, 1);
        nhref_tape_free(tp);
    }
    mpfr_clears(g, h, (mpfr_ptr)0);
}
END_TEST

/* Taylor coefficients through the tape, in MPFR (256 bits), double and Arb (256 bits),
 * of an ODE whose solution is known in closed form: x' = 1 (x = 0.4 + t) and
 *   s' = asin(sin x), c' = acos(cos x)  s, c = x0 t + t^2 / 2 (0 < x < pi/2),
 *   h' = cosh(x)^2 - sinh(x)^2           h = t,
 *   q' = x^1.5 x^0.5 - x^2               q = 0,
 *   p' = x^a (a = 2.5)                   p_k = binom(a, k - 1) x0^(a - k + 1) / k,
 *   e' = 2^x (a series exponent)         e_k = 2^x0 log(2)^(k - 1) / (k - 1)! / k,
 *   z' = sinh(x)                         z_k = sinh^(k - 1)(x0) / (k - 1)! / k,
 * every state from 0; the closed forms in MPFR at 400 bits. */
enum { FX_N = 8, FX_K = 12 };

static const char *const fx_names[FX_N] = {"x", "s", "c", "h", "q", "p", "e", "z"};
static const char *const fx_rhs[FX_N] = {
    "1",   "asin(sin(x))", "acos(cos(x))", "cosh(x)^2 - sinh(x)^2", "x^1.5*x^0.5 - x^2",
    "x^a", "2^x",          "sinh(x)"};

static nhref_tape_t *fx_ode(void)
{
    nhref_tape_t *tp;
    char err[256];
    ck_assert_int_eq(nhref_tape_new(&tp, FX_N, 1, FX_N), NHREF_OK);
    for (int i = 0; i < FX_N; i++) {
        nhref_node_t n;
        ck_assert_msg(nhref_tape_parse_node(tp, &n, fx_rhs[i], FX_N, fx_names, 1, fx_param, err,
                                            sizeof err) == NHREF_OK,
                      "%s: %s", fx_rhs[i], err);
        ck_assert_int_eq(nhref_tape_set_output(tp, (size_t)i, n), NHREF_OK);
    }
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    return tp;
}

/* W[i][k]: the closed-form coefficient k of state i, at 400 bits */
static void fx_closed(mpfr_t w[FX_N][FX_K + 1])
{
    mpfr_t x0, a, b, t, l, s, c;
    mpfr_inits2(400, x0, a, b, t, l, s, c, (mpfr_ptr)0);
    mpfr_set_str(x0, "0.4", 10, MPFR_RNDN);
    mpfr_set_str(a, "2.5", 10, MPFR_RNDN);
    for (int i = 0; i < FX_N; i++)
        for (int k = 0; k <= FX_K; k++)
            mpfr_set_zero(w[i][k], 1);
    mpfr_set(w[0][0], x0, MPFR_RNDN);
    mpfr_set_ui(w[0][1], 1, MPFR_RNDN);
    for (int i = 1; i <= 2; i++) {
        mpfr_set(w[i][1], x0, MPFR_RNDN);
        mpfr_set_str(w[i][2], "0.5", 10, MPFR_RNDN);
    }
    mpfr_set_ui(w[3][1], 1, MPFR_RNDN);
    mpfr_set_ui(b, 1, MPFR_RNDN); /* binom(a, k - 1) */
    mpfr_set_ui(l, 2, MPFR_RNDN);
    mpfr_pow(s, l, x0, MPFR_RNDN); /* 2^x0 log(2)^(k-1) / (k-1)! */
    mpfr_log(l, l, MPFR_RNDN);
    mpfr_sinh(c, x0, MPFR_RNDN); /* sinh^(k-1)(x0) / (k-1)! */
    mpfr_cosh(t, x0, MPFR_RNDN);
    for (int k = 1; k <= FX_K; k++) {
        if (k > 1) {
            mpfr_sub_ui(w[5][0], a, (unsigned long)k - 2, MPFR_RNDN);
            mpfr_mul(b, b, w[5][0], MPFR_RNDN);
            mpfr_div_ui(b, b, (unsigned long)k - 1, MPFR_RNDN);
            mpfr_mul(s, s, l, MPFR_RNDN);
            mpfr_div_ui(s, s, (unsigned long)k - 1, MPFR_RNDN);
            mpfr_swap(c, t);
            mpfr_div_ui(c, c, (unsigned long)k - 1, MPFR_RNDN);
            mpfr_div_ui(t, t, (unsigned long)k - 1, MPFR_RNDN);
        }
        mpfr_sub_ui(w[5][k], a, (unsigned long)k - 1, MPFR_RNDN);
        mpfr_pow(w[5][k], x0, w[5][k], MPFR_RNDN);
        mpfr_mul(w[5][k], w[5][k], b, MPFR_RNDN);
        mpfr_div_ui(w[5][k], w[5][k], (unsigned long)k, MPFR_RNDN);
        mpfr_div_ui(w[6][k], s, (unsigned long)k, MPFR_RNDN);
        mpfr_div_ui(w[7][k], c, (unsigned long)k, MPFR_RNDN);
    }
    mpfr_set_zero(w[5][0], 1);
    mpfr_clears(x0, a, b, t, l, s, c, (mpfr_ptr)0);
}

/* nhref_tape_expand_products: states x, y, z, parameters a, b, c, d;
 *   f0 = (a x + b y) y,  f1 = (c x - y/d) x,  f2 = (x + y)^2,  f3 = x y,  f4 = sin(z) (x + z)
 * has four candidates (f4's factor sin z is not a linear form) over the three monomials
 * x^2, x y, y^2: expanded.  Order 0 against the expressions computed here in MPFR, the
 * Taylor coefficients to order 10 of x' = f0, y' = f1, z' = f2 against the unexpanded
 * tape's, both to 55 digits at 200 bits; a tape whose one product is x y is copied as
 * it is (the same values, bit for bit). */
static nhref_tape_t *expand_src(int only_xy)
{
    nhref_tape_t *t;
    nhref_node_t x, y, z, a, b, c, d;
    ck_assert_int_eq(nhref_tape_new(&t, 3, 4, 5), NHREF_OK);
    x = nhref_tape_state(t, 0), y = nhref_tape_state(t, 1), z = nhref_tape_state(t, 2);
    a = nhref_tape_param(t, 0), b = nhref_tape_param(t, 1), c = nhref_tape_param(t, 2);
    d = nhref_tape_param(t, 3);
    if (only_xy) {
        for (size_t o = 0; o < 5; o++)
            nhref_tape_set_output(t, o, o == 0 ? nhref_tape_mul(t, x, y) : nhref_tape_add(t, x, z));
        return t;
    }
    nhref_tape_set_output(
        t, 0, nhref_tape_mul(t, nhref_tape_add(t, nhref_tape_mul(t, a, x), nhref_tape_mul(t, b, y)), y));
    nhref_tape_set_output(
        t, 1, nhref_tape_mul(t, nhref_tape_sub(t, nhref_tape_mul(t, c, x), nhref_tape_div(t, y, d)), x));
    nhref_tape_set_output(t, 2, nhref_tape_sqr(t, nhref_tape_add(t, x, y)));
    nhref_tape_set_output(t, 3, nhref_tape_mul(t, x, y));
    nhref_tape_set_output(t, 4, nhref_tape_mul(t, nhref_tape_sin(t, z), nhref_tape_add(t, x, z)));
    return t;
}

START_TEST(test_expand_products)
{
    const mpfr_prec_t prec = 200;
    const char *xs[3] = {"0.75", "-1.25", "0.5"}, *ps[4] = {"1.5", "-0.3", "2", "0.7"};
    nhref_tape_t *src = expand_src(0), *ex, *one = expand_src(1), *onex;
    nhref_tape_mp_t *w[2];
    mpfr_ptr x = nhref_vec_new(3, prec), p = nhref_vec_new(4, prec), f = nhref_vec_new(5, prec),
             g = nhref_vec_new(5, prec), want = nhref_vec_new(5, prec);
    mpfr_t t, u;
    size_t nc, nm;

    mpfr_inits2(prec, t, u, (mpfr_ptr)0);
    mpfr_set_zero(t, 1);
    for (int i = 0; i < 3; i++)
        mpfr_set_str(x + i, xs[i], 10, MPFR_RNDN);
    for (int i = 0; i < 4; i++)
        mpfr_set_str(p + i, ps[i], 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_tape_expand_products(&ex, src, &nc, &nm), NHREF_OK);
    ck_assert_uint_eq(nc, 4);
    ck_assert_uint_eq(nm, 3);
    /* order 0 against the expressions */
    ck_assert_int_eq(nhref_tape_mp_new(&w[0], ex, prec, 10), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(w[0], p), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_eval(f, w[0], t, x), NHREF_OK);
    mpfr_mul(want, p, x, MPFR_RNDN); /* (a x + b y) y */
    mpfr_fma(want, p + 1, x + 1, want, MPFR_RNDN);
    mpfr_mul(want, want, x + 1, MPFR_RNDN);
    mpfr_div(u, x + 1, p + 3, MPFR_RNDN); /* (c x - y/d) x */
    mpfr_fms(want + 1, p + 2, x, u, MPFR_RNDN);
    mpfr_mul(want + 1, want + 1, x, MPFR_RNDN);
    mpfr_add(want + 2, x, x + 1, MPFR_RNDN); /* (x + y)^2 */
    mpfr_sqr(want + 2, want + 2, MPFR_RNDN);
    mpfr_mul(want + 3, x, x + 1, MPFR_RNDN); /* x y */
    mpfr_sin(u, x + 2, MPFR_RNDN); /* sin(z) (x + z) */
    mpfr_add(want + 4, x, x + 2, MPFR_RNDN);
    mpfr_mul(want + 4, want + 4, u, MPFR_RNDN);
    for (int i = 0; i < 5; i++)
        ck_assert_mpfr_digits(f + i, want + i, 55, "1");
    /* the jets against the unexpanded tape's */
    ck_assert_int_eq(nhref_tape_mp_new(&w[1], src, prec, 10), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(w[1], p), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(w[0], t, x, 10), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(w[1], t, x, 10), NHREF_OK);
    for (size_t i = 0; i < 3; i++)
        for (int k = 1; k <= 10; k++)
            ck_assert_mpfr_digits(nhref_tape_mp_state_series(w[0], i) + k,
                                  nhref_tape_mp_state_series(w[1], i) + k, 55, "1");
    nhref_tape_mp_free(w[0]);
    nhref_tape_mp_free(w[1]);
    /* nothing to expand: a copy */
    ck_assert_int_eq(nhref_tape_expand_products(&onex, one, &nc, &nm), NHREF_OK);
    ck_assert_uint_eq(nc, 1);
    ck_assert_uint_eq(nm, 1);
    ck_assert_uint_eq(nhref_tape_nnodes(onex), nhref_tape_nnodes(one));
    ck_assert_int_eq(nhref_tape_mp_new(&w[0], onex, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&w[1], one, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(w[0], p), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(w[1], p), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_eval(f, w[0], t, x), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_eval(g, w[1], t, x), NHREF_OK);
    for (int i = 0; i < 5; i++)
        ck_assert(mpfr_equal_p(f + i, g + i));
    nhref_tape_mp_free(w[0]);
    nhref_tape_mp_free(w[1]);
    nhref_tape_free(src);
    nhref_tape_free(ex);
    nhref_tape_free(one);
    nhref_tape_free(onex);
    mpfr_clears(t, u, (mpfr_ptr)0);
    nhref_vec_free(x, 3);
    nhref_vec_free(p, 4);
    nhref_vec_free(f, 5);
    nhref_vec_free(g, 5);
    nhref_vec_free(want, 5);
}
END_TEST

/* nhref_tape_fold_linear: states x, y, z, parameters a, b, c, d;
 *   f0 = (a (b x) + c (b x))/d,  f1 = -(x y) + a (x y) - b z,  f2 = sin(a x + b x),
 *   f3 = (x - x) + y,            f4 = (c x + 1) z.
 * Counted by hand, weighting a product by a constant 2, a quotient by one 3, every
 * other instruction 1 (b x is computed once, for f0 and f2):
 *   before  f0 3 products b x, a (b x), c (b x) + 1 sum + 1 quotient = 10;
 *           f1 x y, -, a (x y), +, b z, - = 8;  f2 a x, +, sin = 4;  f3 2;
 *           f4 c x, + 1, (c x + 1) z = 4;  28 in all;
 *   after   f0 ((a b + c b)/d) x = 2;  f1 x y, (a - 1) (x y), (-b) z, + = 6;
 *           f2 ((a + b) x), sin = 3;  f3 y, no instruction;  f4 as it was, 4;  15.
 * At pseudo-random points (seed ck_seed()) and 256 bits, order 0 of both tapes
 * against the formulas computed here at 512 bits, to within 8 units in the last place
 * of 256 bits (relative to max(1, |f|)); the Taylor coefficients to order 10 of
 * x' = f0, y' = f1, z' = f2 of the folded tape against the unfolded tape's, to 70
 * digits.  A tape with nothing to fold (f = c x + 1) is copied as it is. */
static nhref_tape_t *fold_src(void)
{
    nhref_tape_t *t;
    nhref_node_t x, y, z, a, b, c, d, bx, xy, u;
    ck_assert_int_eq(nhref_tape_new(&t, 3, 4, 5), NHREF_OK);
    x = nhref_tape_state(t, 0), y = nhref_tape_state(t, 1), z = nhref_tape_state(t, 2);
    a = nhref_tape_param(t, 0), b = nhref_tape_param(t, 1), c = nhref_tape_param(t, 2);
    d = nhref_tape_param(t, 3);
    bx = nhref_tape_mul(t, b, x);
    u = nhref_tape_add(t, nhref_tape_mul(t, a, bx), nhref_tape_mul(t, c, bx));
    nhref_tape_set_output(t, 0, nhref_tape_div(t, u, d));
    xy = nhref_tape_mul(t, x, y);
    u = nhref_tape_add(t, nhref_tape_neg(t, xy), nhref_tape_mul(t, a, xy));
    nhref_tape_set_output(t, 1, nhref_tape_sub(t, u, nhref_tape_mul(t, b, z)));
    u = nhref_tape_add(t, nhref_tape_mul(t, a, x), nhref_tape_mul(t, b, x));
    nhref_tape_set_output(t, 2, nhref_tape_sin(t, u));
    nhref_tape_set_output(t, 3, nhref_tape_add(t, nhref_tape_sub(t, x, x), y));
    u = nhref_tape_add(t, nhref_tape_mul(t, c, x), nhref_tape_const(t, "1"));
    nhref_tape_set_output(t, 4, nhref_tape_mul(t, u, z));
    return t;
}

/* |GOT - WANT| <= 8 ulp of max(1, |WANT|) at 256 bits */
static void ck_fold_ulps(mpfr_srcptr got, mpfr_srcptr want, int out, int point)
{
    mpfr_t e, m;
    mpfr_inits2(512, e, m, (mpfr_ptr)0);
    mpfr_sub(e, got, want, MPFR_RNDN);
    mpfr_abs(e, e, MPFR_RNDN);
    mpfr_abs(m, want, MPFR_RNDN);
    if (mpfr_cmp_ui(m, 1) < 0)
        mpfr_set_ui(m, 1, MPFR_RNDN);
    mpfr_mul_2si(m, m, 3 - 255, MPFR_RNDN); /* 8 ulp: ulp(m) <= 2^(1 - 256) m */
    if (!mpfr_number_p(got) || mpfr_cmp(e, m) > 0) {
        char sg[64], sw[64];
        mpfr_snprintf(sg, sizeof sg, "%.40Rg", got);
        mpfr_snprintf(sw, sizeof sw, "%.40Rg", want);
        ck_abort_msg("f%d at point %d: %s against %s (seed %lu)", out, point, sg, sw, ck_seed());
    }
    mpfr_clears(e, m, (mpfr_ptr)0);
}

START_TEST(test_fold_linear)
{
    const mpfr_prec_t prec = 256;
    nhref_tape_t *src = fold_src(), *fo, *one, *onef;
    nhref_tape_mp_t *w[2];
    mpfr_ptr x = nhref_vec_new(3, prec), p = nhref_vec_new(4, prec), f = nhref_vec_new(5, prec),
             g = nhref_vec_new(5, prec);
    mpfr_ptr X = nhref_vec_new(3, 512), P = nhref_vec_new(4, 512), want = nhref_vec_new(5, 512);
    mpfr_t t, u;
    gmp_randstate_t rs;
    size_t nb, na;

    mpfr_inits2(512, t, u, (mpfr_ptr)0);
    ck_assert_int_eq(nhref_tape_fold_linear(&fo, src, &nb, &na), NHREF_OK);
    ck_assert_uint_eq(nb, 28);
    ck_assert_uint_eq(na, 15);
    ck_assert_int_eq(nhref_tape_mp_new(&w[0], fo, prec, 10), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&w[1], src, prec, 10), NHREF_OK);
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed());
    for (int pt = 0; pt < 20; pt++) {
        /* x, y, z, a, b, c in [-2, 2), d in [1/2, 5/2), all of 256 bits */
        for (int i = 0; i < 7; i++) {
            mpfr_ptr v = i < 3 ? x + i : p + i - 3;
            mpfr_urandomb(v, rs);
            if (i == 6) {
                mpfr_mul_2ui(v, v, 1, MPFR_RNDN);
                mpfr_add_d(v, v, 0.5, MPFR_RNDN);
            } else {
                mpfr_mul_2ui(v, v, 2, MPFR_RNDN);
                mpfr_sub_ui(v, v, 2, MPFR_RNDN);
            }
            mpfr_set(i < 3 ? X + i : P + i - 3, v, MPFR_RNDN);
        }
        mpfr_set_zero(t, 1);
        for (int k = 0; k < 2; k++) {
            ck_assert_int_eq(nhref_tape_mp_set_params(w[k], p), NHREF_OK);
            ck_assert_int_eq(nhref_tape_mp_eval(k == 0 ? f : g, w[k], t, x), NHREF_OK);
        }
        /* the formulas at 512 bits */
        mpfr_add(u, P, P + 2, MPFR_RNDN); /* f0 = (a + c) b x / d */
        mpfr_mul(u, u, P + 1, MPFR_RNDN);
        mpfr_mul(u, u, X, MPFR_RNDN);
        mpfr_div(want, u, P + 3, MPFR_RNDN);
        mpfr_sub_ui(u, P, 1, MPFR_RNDN); /* f1 = (a - 1) x y - b z */
        mpfr_mul(u, u, X, MPFR_RNDN);
        mpfr_mul(u, u, X + 1, MPFR_RNDN);
        mpfr_fms(want + 1, P + 1, X + 2, u, MPFR_RNDN);
        mpfr_neg(want + 1, want + 1, MPFR_RNDN);
        mpfr_add(u, P, P + 1, MPFR_RNDN); /* f2 = sin((a + b) x) */
        mpfr_mul(u, u, X, MPFR_RNDN);
        mpfr_sin(want + 2, u, MPFR_RNDN);
        mpfr_set(want + 3, X + 1, MPFR_RNDN);  /* f3 = y */
        mpfr_mul(u, P + 2, X, MPFR_RNDN);      /* f4 = (c x + 1) z */
        mpfr_add_ui(u, u, 1, MPFR_RNDN);
        mpfr_mul(want + 4, u, X + 2, MPFR_RNDN);
        for (int o = 0; o < 5; o++) {
            ck_fold_ulps(f + o, want + o, o, pt);
            ck_fold_ulps(g + o, want + o, o, pt);
        }
        /* the jets of x' = f0, y' = f1, z' = f2 */
        ck_assert_int_eq(nhref_tape_mp_ode_jet(w[0], t, x, 10), NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_ode_jet(w[1], t, x, 10), NHREF_OK);
        for (size_t i = 0; i < 3; i++)
            for (int k = 1; k <= 10; k++)
                ck_assert_mpfr_digits(nhref_tape_mp_state_series(w[0], i) + k,
                                      nhref_tape_mp_state_series(w[1], i) + k, 70, "1");
    }
    gmp_randclear(rs);
    nhref_tape_mp_free(w[0]);
    nhref_tape_mp_free(w[1]);
    /* nothing to fold: a copy, the same values bit for bit */
    ck_assert_int_eq(nhref_tape_new(&one, 1, 1, 1), NHREF_OK);
    nhref_tape_set_output(one, 0,
                          nhref_tape_add(one,
                                         nhref_tape_mul(one, nhref_tape_param(one, 0),
                                                        nhref_tape_state(one, 0)),
                                         nhref_tape_const(one, "1")));
    ck_assert_int_eq(nhref_tape_fold_linear(&onef, one, &nb, &na), NHREF_OK);
    ck_assert_uint_eq(nb, 3);
    ck_assert_uint_eq(na, 3);
    ck_assert_uint_eq(nhref_tape_nnodes(onef), nhref_tape_nnodes(one));
    ck_assert_int_eq(nhref_tape_mp_new(&w[0], onef, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&w[1], one, prec, 0), NHREF_OK);
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(nhref_tape_mp_set_params(w[k], p), NHREF_OK);
        ck_assert_int_eq(nhref_tape_mp_eval(k == 0 ? f : g, w[k], t, x), NHREF_OK);
    }
    ck_assert(mpfr_equal_p(f, g));
    nhref_tape_mp_free(w[0]);
    nhref_tape_mp_free(w[1]);
    nhref_tape_free(src);
    nhref_tape_free(fo);
    nhref_tape_free(one);
    nhref_tape_free(onef);
    mpfr_clears(t, u, (mpfr_ptr)0);
    nhref_vec_free(x, 3);
    nhref_vec_free(p, 4);
    nhref_vec_free(f, 5);
    nhref_vec_free(g, 5);
    nhref_vec_free(X, 3);
    nhref_vec_free(P, 4);
    nhref_vec_free(want, 5);
}
END_TEST

START_TEST(test_func_ode_jet)
{
    const mpfr_prec_t prec = 256;
    nhref_tape_t *tp = fx_ode();
    nhref_tape_mp_t *wm;
    nhref_tape_d_t *wd;
    nhref_tape_arb_t *wa;
    mpfr_t w[FX_N][FX_K + 1], t, x[FX_N], p, f;
    double td = 0, xd[FX_N], pd = 2.5;
    arb_ptr ta = _arb_vec_init(1), xa = _arb_vec_init(FX_N), pa = _arb_vec_init(1);

    for (int i = 0; i < FX_N; i++)
        for (int k = 0; k <= FX_K; k++)
            mpfr_init2(w[i][k], 400);
    fx_closed(w);
    mpfr_inits2(prec, t, p, f, (mpfr_ptr)0);
    for (int i = 0; i < FX_N; i++) {
        mpfr_init2(x[i], prec);
        mpfr_set_zero(x[i], 1);
        xd[i] = 0;
    }
    mpfr_set_zero(t, 1);
    mpfr_set_str(x[0], "0.4", 10, MPFR_RNDN);
    xd[0] = 0.4;
    mpfr_set_str(p, "2.5", 10, MPFR_RNDN);
    /* MPFR, to all but 5 digits (mixed with scale 1): measured 73.8 of 77 for acos(cos x) at
     * order 12, whose recurrence divides by d_0 = sin(0.4) = 0.39 at every order */
    ck_assert_int_eq(nhref_tape_mp_new(&wm, tp, prec, FX_K), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(wm, p), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_ode_jet(wm, t, x[0], FX_K), NHREF_OK);
    for (int i = 0; i < FX_N; i++)
        for (int k = 0; k <= FX_K; k++)
            ck_assert_msg(
                ck_mpfr_agree_digits(nhref_tape_mp_state_series(wm, (size_t)i) + k, w[i][k], "1") >=
                    (double)prec * 0.30103 - 5,
                "MPFR: state %s, order %d: %.2f digits", fx_names[i], k,
                ck_mpfr_agree_digits(nhref_tape_mp_state_series(wm, (size_t)i) + k, w[i][k], "1"));
    /* order 0 of the jet is the evaluation: p_1 = x0^a, correctly rounded */
    mpfr_pow(f, x[0], p, MPFR_RNDN);
    ck_assert_mpfr_eq(nhref_tape_mp_state_series(wm, 5) + 1, f);
    nhref_tape_mp_free(wm);
    /* double */
    ck_assert_int_eq(nhref_tape_d_new(&wd, tp, 53, FX_K), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_set_params(wd, &pd), NHREF_OK);
    ck_assert_int_eq(nhref_tape_d_ode_jet(wd, &td, xd, FX_K), NHREF_OK);
    for (int i = 0; i < FX_N; i++)
        for (int k = 0; k <= FX_K; k++) {
            double got = nhref_tape_d_state_series(wd, (size_t)i)[k];
            double want = mpfr_get_d(w[i][k], MPFR_RNDN);
            /* 1e-12: acos(cos x) at order 10 is 1.7e-14 off (the division by 0.39) */
            ck_assert_msg(fabs(got - want) <= 1e-12 * fmax(1.0, fabs(want)),
                          "double: state %s, order %d: %.17g vs %.17g", fx_names[i], k, got, want);
        }
    nhref_tape_d_free(wd);
    /* Arb: every ball contains the closed form */
    ck_assert_int_eq(nhref_tape_arb_new(&wa, tp, prec, FX_K), NHREF_OK);
    arb_set_str(pa, "2.5", prec);
    ck_assert_int_eq(nhref_tape_arb_set_params(wa, pa), NHREF_OK);
    arb_set_str(xa, "0.4", prec);
    ck_assert_int_eq(nhref_tape_arb_ode_jet(wa, ta, xa, FX_K), NHREF_OK);
    for (int i = 0; i < FX_N; i++)
        for (int k = 0; k <= FX_K; k++) {
            arb_srcptr b = nhref_tape_arb_state_series(wa, (size_t)i) + k;
            ck_assert_msg(arb_contains_mpfr(b, w[i][k]) && mag_cmp_2exp_si(arb_radref(b), -200) < 0,
                          "Arb: state %s, order %d: the ball misses or is wide", fx_names[i], k);
        }
    nhref_tape_arb_free(wa);
    _arb_vec_clear(ta, 1);
    _arb_vec_clear(xa, FX_N);
    _arb_vec_clear(pa, 1);
    for (int i = 0; i < FX_N; i++) {
        mpfr_clear(x[i]);
        for (int k = 0; k <= FX_K; k++)
            mpfr_clear(w[i][k]);
    }
    mpfr_clears(t, p, f, (mpfr_ptr)0);
    nhref_tape_free(tp);
}
END_TEST

/* the derivative rules of the new operations (tangent.c): J w from nhref_tape_linearize
 * against the central difference (f(x + e w) - f(x - e w)) / 2e, e = 10^-60, at 600
 * bits, of
 *   f0 = asin(u1) u0,  f1 = acos(u0 u1),  f2 = sinh(u2) + cosh(u0 - u2),
 *   f3 = u3^a + u2^u3 (constant and series exponents),  f4 = 2^(u4 u0) + u0^1.5 */
START_TEST(test_func_linearize)
{
    static const char *const names[5] = {"u0", "u1", "u2", "u3", "u4"};
    static const char *const rhs[5] = {"asin(u1)*u0", "acos(u0*u1)", "sinh(u2) + cosh(u0 - u2)",
                                       "u3^a + u2^u3", "2^(u4*u0) + u0^1.5"};
    static const char *x0[5] = {"0.7", "0.3", "0.6", "0.9", "-0.4"};
    static const char *w0[5] = {"0.3", "0.5", "-0.7", "1", "0.25"};
    const mpfr_prec_t prec = 600;
    nhref_tape_t *f, *lin;
    nhref_tape_mp_t *wf, *wl;
    mpfr_t t, p, e, x[10], out[10], fp[5], fm[5], fd;
    char err[256];

    ck_assert_int_eq(nhref_tape_new(&f, 5, 1, 5), NHREF_OK);
    for (int i = 0; i < 5; i++) {
        nhref_node_t n;
        ck_assert_int_eq(
            nhref_tape_parse_node(f, &n, rhs[i], 5, names, 1, fx_param, err, sizeof err), NHREF_OK);
        nhref_tape_set_output(f, (size_t)i, n);
    }
    ck_assert_int_eq(nhref_tape_linearize(&lin, f, 1), NHREF_OK);
    mpfr_inits2(prec, t, p, e, fd, (mpfr_ptr)0);
    for (int i = 0; i < 10; i++)
        mpfr_inits2(prec, x[i], out[i], (mpfr_ptr)0);
    for (int i = 0; i < 5; i++) {
        mpfr_inits2(prec, fp[i], fm[i], (mpfr_ptr)0);
        mpfr_set_str(x[i], x0[i], 10, MPFR_RNDN);
        mpfr_set_str(x[5 + i], w0[i], 10, MPFR_RNDN);
    }
    mpfr_set_str(t, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(p, "2.5", 10, MPFR_RNDN);
    wf = ws_with_param(f, prec, p);
    wl = ws_with_param(lin, prec, p);
    ck_assert_int_eq(nhref_tape_mp_eval(out[0], wl, t, x[0]), NHREF_OK);
    mpfr_set_str(e, "1e-60", 10, MPFR_RNDN);
    eval_shifted_n(fp[0], wf, t, x[0], x[5], e, prec, 5);
    mpfr_neg(e, e, MPFR_RNDN);
    eval_shifted_n(fm[0], wf, t, x[0], x[5], e, prec, 5);
    for (int i = 0; i < 5; i++) {
        mpfr_sub(fd, fp[i], fm[i], MPFR_RNDN);
        mpfr_div(fd, fd, e, MPFR_RNDN);
        mpfr_div_si(fd, fd, -2, MPFR_RNDN);
        ck_assert_msg(ck_mpfr_agree_digits(out[5 + i], fd, "1") >= 100, "J w of %s", rhs[i]);
    }
    nhref_tape_mp_free(wf);
    nhref_tape_mp_free(wl);
    nhref_tape_free(f);
    nhref_tape_free(lin);
    mpfr_clears(t, p, e, fd, (mpfr_ptr)0);
    for (int i = 0; i < 10; i++)
        mpfr_clears(x[i], out[i], (mpfr_ptr)0);
    for (int i = 0; i < 5; i++)
        mpfr_clears(fp[i], fm[i], (mpfr_ptr)0);
}
END_TEST

/* nhref_tape_format writes the grammar back (the expected strings by hand), and what it
 * writes parses to the same value, bit for bit; a real power with an integer exponent
 * made through the builder is written x^2.0, which the parser reads as a real power */
START_TEST(test_func_format)
{
    static const struct {
        const char *e, *want;
    } cases[] = {
        {"x^1.5 + asin(y)", "x^1.5 + asin(y)"},
        {"(x + y)^(a - 1)", "(x + y)^(a - 1)"},
        {"-x^0.5", "-x^0.5"},
        {"2^-x", "2^-x"},
        {"x^a^2", "x^a^2"},
        {"x^a^t", "x^a^t"},
        {"(x^a)^t", "(x^a)^t"},
        {"sinh(x)*cosh(x) - acos(y)", "sinh(x)*cosh(x) - acos(y)"},
        {"x^(-3)", "x^(-3)"},
        {"x^2.0", "x^2.0"},
        {"acos(x)/x^t", "acos(x)/x^t"},
    };
    char buf[256];
    mpfr_t g, h;

    mpfr_inits2(113, g, h, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nhref_tape_t *tp = fx_parse(cases[i].e);
        ck_assert_int_eq(
            nhref_tape_format(buf, sizeof buf, tp, nhref_tape_output(tp, 0), fx_state, fx_param),
            0);
        ck_assert_str_eq(buf, cases[i].want);
        ck_assert_int_eq(fx_eval(g, cases[i].e, "0.3", "0.7", "2.5", 113), NHREF_OK);
        ck_assert_int_eq(fx_eval(h, buf, "0.3", "0.7", "2.5", 113), NHREF_OK);
        ck_assert_msg(mpfr_equal_p(g, h), "%s read back from '%s'", cases[i].e, buf);
        nhref_tape_free(tp);
    }
    /* the builder's POW with an integer constant: x^2.0, x^(-2.0); NaN at x < 0 */
    for (int sign = 0; sign < 2; sign++) {
        nhref_tape_t *tp;
        ck_assert_int_eq(nhref_tape_new(&tp, 2, 1, 1), NHREF_OK);
        nhref_tape_set_output(
            tp, 0,
            nhref_tape_pow(tp, nhref_tape_state(tp, 0), nhref_tape_const(tp, sign ? "-2" : "2")));
        ck_assert_int_eq(
            nhref_tape_format(buf, sizeof buf, tp, nhref_tape_output(tp, 0), fx_state, fx_param),
            0);
        ck_assert_str_eq(buf, sign ? "x^(-2.0)" : "x^2.0");
        ck_assert_int_eq(fx_eval(g, buf, "0.3", "-0.7", "2.5", 113), NHREF_EDOMAIN);
        nhref_tape_free(tp);
    }
    mpfr_clears(g, h, (mpfr_ptr)0);
}
END_TEST

/* nhref_tape_format_simplified: a real power is an atom, parenthesized when raised to
 * an integer power or when its base or exponent is not one name or a positive integer;
 * an integer exponent is written 2.0, a real power as an exponent unparenthesized (x^a^t
 * reads x^(a^t)); d(x^a)/dx = a x^a / x; the simplified form
 * evaluates as the expression (to 30 digits at 113 bits) */
START_TEST(test_func_format_simplified)
{
    static const struct {
        const char *e, *want;
    } cases[] = {
        {"x^a*x^a", "(x^a)^2"}, {"x^a/x^a", "1"},         {"2*x^1.5", "2*x^(3/2)"},
        {"x^2.0", "x^2.0"},     {"x^(-2.0)", "x^(-2.0)"}, {"(x + 1)^0.5", "(x + 1)^(1/2)"},
        {"2^t*3", "3*2^t"},     {"y/x^a^2", "y/x^(a^2)"}, {"x^a^t", "x^a^t"},
    };
    char buf[512];
    mpfr_t g, h;
    nhref_tape_t *tp, *grad;

    mpfr_inits2(113, g, h, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tp = fx_parse(cases[i].e);
        ck_assert_int_eq(nhref_tape_format_simplified(buf, sizeof buf, tp, nhref_tape_output(tp, 0),
                                                      fx_state, fx_param),
                         0);
        ck_assert_str_eq(buf, cases[i].want);
        ck_assert_int_eq(fx_eval(g, cases[i].e, "0.3", "0.7", "2.5", 113), NHREF_OK);
        ck_assert_int_eq(fx_eval(h, buf, "0.3", "0.7", "2.5", 113), NHREF_OK);
        ck_assert_mpfr_digits(h, g, 30, "1");
        nhref_tape_free(tp);
    }
    tp = fx_parse("x^a");
    ck_assert_int_eq(nhref_tape_gradient(&grad, tp, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_format_simplified(buf, sizeof buf, grad, nhref_tape_output(grad, 0),
                                                  fx_state, fx_param),
                     0);
    ck_assert_str_eq(buf, "a*x^a/x");
    nhref_tape_free(grad);
    nhref_tape_free(tp);
    mpfr_clears(g, h, (mpfr_ptr)0);
}
END_TEST

/* nhref_tape_format_simplified of integer powers: a one-term base to any exponent in
 * closed form (x^2147483647 at once: it took 2^31 products, minutes); an exponent the
 * parser would not read back (beyond 2^31 - 1) or a coefficient far beyond any printable
 * length falls back to nhref_tape_format; a sum to the power 0 is 1 (it printed "1/",
 * which does not parse either).
 * Each form evaluates as the expression (to 30 digits at 113 bits). */
START_TEST(test_format_simplified_powi)
{
    static const struct {
        const char *e, *want;
    } cases[] = {
        {"x^2147483647", "x^2147483647"},
        {"(-2/3*x^2*y)^(-3)", "-27/(8*x^6*y^3)"},
        {"(x + 1)^0", "1"},
        {"((x + y)^0)^(-5)*y", "y"},
        {"(x^65536)^32767*x^(-1)", "x^2147418111"},
        {"(x^65536)^32768", "(x^65536)^32768"},
        {"x^2147483647*x", "x^2147483647*x"},
        {"(2*x)^2147483647", "(2*x)^2147483647"},
    };
    char buf[512];
    mpfr_t g, h;

    mpfr_inits2(113, g, h, (mpfr_ptr)0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nhref_tape_t *tp = fx_parse(cases[i].e);
        ck_assert_int_eq(nhref_tape_format_simplified(buf, sizeof buf, tp, nhref_tape_output(tp, 0),
                                                      fx_state, fx_param),
                         0);
        ck_assert_str_eq(buf, cases[i].want);
        ck_assert_int_eq(fx_eval(g, cases[i].e, "0.3", "0.7", "2.5", 113), NHREF_OK);
        ck_assert_int_eq(fx_eval(h, buf, "0.3", "0.7", "2.5", 113), NHREF_OK);
        ck_assert_mpfr_digits(h, g, 30, "1");
        nhref_tape_free(tp);
    }
    mpfr_clears(g, h, (mpfr_ptr)0);
}
END_TEST

/* sinh and cosh of one argument share a pair of nodes (like sin and cos); K_eff counts
 * asin 2, x^a (a constant exponent: Miller's two sums) 2, y^t 3, the sinh/cosh pair 2,
 * and nothing for a node of constants (asin(a)) */
START_TEST(test_func_builder)
{
    nhref_tape_t *tp;
    nhref_node_t x, y, a, s;

    ck_assert_int_eq(nhref_tape_new(&tp, 2, 1, 1), NHREF_OK);
    x = nhref_tape_state(tp, 0);
    y = nhref_tape_state(tp, 1);
    a = nhref_tape_param(tp, 0);
    s = ck_pair_shared(tp, x, nhref_tape_sinh, nhref_tape_cosh);
    ck_assert_int_ne(nhref_tape_sin(tp, x), s);
    nhref_tape_set_output(
        tp, 0,
        nhref_tape_add(tp, nhref_tape_add(tp, nhref_tape_asin(tp, x), nhref_tape_pow(tp, x, a)),
                       nhref_tape_add(tp, nhref_tape_pow(tp, y, nhref_tape_time(tp)),
                                      nhref_tape_mul(tp, s, nhref_tape_asin(tp, a)))));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    /* + the sin/cos pair made above: 2; the product s * asin(a) by a constant: 0 */
    ck_assert_uint_eq(nhref_tape_nnonlinear(tp), 2 + 2 + 3 + 2 + 2);
    /* invalid arguments are sticky errors */
    ck_assert_int_eq(nhref_tape_pow(tp, x, 99), NHREF_NODE_INVALID);
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_EINVAL);
    nhref_tape_free(tp);
}
END_TEST

static Suite *tape_suite(void)
{
    Suite *s = suite_create("tape");
    TCase *tc = tcase_create("builder");
    tcase_add_test(tc, test_builder_sticky_errors);
    tcase_add_test(tc, test_params_as_states);
    tcase_add_test(tc, test_builder_sharing);
    tcase_add_test(tc, test_builder_powi_bound);
    tcase_add_test(tc, test_nonlinear_count);
    suite_add_tcase(s, tc);
    tc = tcase_create("eval_mp");
    tcase_add_loop_test(tc, test_eval_matches_direct, 0, NPRECS);
    tcase_add_test(tc, test_eval_domain);
    suite_add_tcase(s, tc);
    tc = tcase_create("solve");
    tcase_add_loop_test(tc, test_solve_jet_mp, 0, NPRECS);
    tcase_add_test(tc, test_solve_jet_d);
    tcase_add_loop_test(tc, test_solve_jet_arb, 0, NPRECS);
    tcase_add_loop_test(tc, test_solve_kkt, 0, NPRECS);
    tcase_add_test(tc, test_solve_singular);
    tcase_add_test(tc, test_solve_builder_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("jet_mp");
    tcase_add_loop_test(tc, test_jet_order0_equals_eval, 0, NPRECS);
    tcase_add_loop_test(tc, test_jet_exp_and_time, 0, NPRECS);
    tcase_add_loop_test(tc, test_jet_oscillator_and_params, 0, NPRECS);
    tcase_add_test(tc, test_jet_domain_and_limits);
    suite_add_tcase(s, tc);
    tc = tcase_create("tangent");
    tcase_add_test(tc, test_linearize_matches_differences);
    tcase_add_test(tc, test_divergence_matches_differences);
    tcase_add_test(tc, test_solve_tangents);
    tcase_add_test(tc, test_expand_products);
    tcase_add_test(tc, test_fold_linear);
    suite_add_tcase(s, tc);
    tc = tcase_create("functions");
    tcase_add_loop_test(tc, test_func_eval_matches_mpfr, 0, NPRECS);
    tcase_add_test(tc, test_func_repeated_pair);
    tcase_add_test(tc, test_func_domain);
    tcase_add_test(tc, test_func_ode_jet);
    tcase_add_test(tc, test_func_linearize);
    tcase_add_test(tc, test_func_format);
    tcase_add_test(tc, test_func_format_simplified);
    tcase_add_test(tc, test_format_simplified_powi);
    tcase_add_test(tc, test_func_builder);
    tcase_add_test(tc, test_states_read);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(tape_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
