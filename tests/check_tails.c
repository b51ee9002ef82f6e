/* check_tails.c -- the Taylor-model tails of a tape's jet (tape/tails_arb.h): for every
 * tau in [0, h], |f(t + tau, P(tau) + d) - sum_{k<=N} f_k tau^k| <= R_f, where P is the
 * jet's polynomial of degree N and |d_i| <= rin_i.
 *
 * Expected values: the definition of the tail itself.  The tape is evaluated in Arb at
 * 256 bits (nhref_tape_arb_eval) at nine times tau_j = j h / 8 and at the states
 * P(tau_j) +- rin (the signs alternating over components and times); f_k for k <= N
 * comes from a jet one order longer (x_{k+1} (k + 1)).  The lower bound of |value -
 * series| must not exceed the bound: a rule that forgets a term is seen where its term
 * is the largest (long steps, low orders, N = 4).
 * - every operation of the tape, one right-hand side each (x' = exp(x), x' = 1 + x^3
 *   through x = 0 for the majorant power, x' = (2 + x)^(1 + x), ...);
 * - every built-in model at its default parameters and initial state (the solves of
 *   the skater and the rolling bodies, the square roots and divisions of the others);
 * - the bounds shrink with the step: at h = 0.02 and N = 8 every tail of the one-line
 *   right-hand sides (rates of order 1) is below 1e-8 (max(1, |f|) scaled), so a rule
 *   that returns a bound independent of h fails.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arb.h>
#include <check.h>

#include "nhref_arb.h"
#include "nhref_model.h"
#include "nhref_tape.h"
#include "models/models_internal.h"
#include "tape/tails_arb.h"

#define P 256

static int checked, passed_h, tight; /* tight: test the width at short steps */

/* one case: the tails of the jet of order N at (T0, X0) over [0, H] with input tails
 * RREL |x0_i| (+ RREL), against the tape's values; 1 if the tails could be computed */
static int check_case(const char *what, const nhref_tape_t *tape, arb_srcptr params, arb_srcptr x0,
                      double t0, unsigned N, double h, double rrel)
{
    size_t n = nhref_tape_nstate(tape), nout = nhref_tape_nout(tape);
    nhref_tape_arb_t *ws, *wl, *we;
    nhref_tails_arb_t *tw;
    mag_ptr rin = _mag_vec_init((slong)n), rout = _mag_vec_init((slong)n);
    arb_ptr x = _arb_vec_init((slong)n), out = _arb_vec_init((slong)nout);
    arb_t t, tau, F, d;
    mag_t hm, lo;
    int status, ok = 1;

    arb_init(t);
    arb_init(tau);
    arb_init(F);
    arb_init(d);
    mag_init(hm);
    mag_init(lo);
    ck_assert_int_eq(nhref_tape_arb_new(&ws, tape, P, N), NHREF_OK);
    ck_assert_int_eq(nhref_tape_arb_new(&wl, tape, P, N + 1), NHREF_OK);
    ck_assert_int_eq(nhref_tape_arb_new(&we, tape, P, 0), NHREF_OK);
    if (params != NULL) {
        nhref_tape_arb_set_params(ws, params);
        nhref_tape_arb_set_params(wl, params);
        nhref_tape_arb_set_params(we, params);
    }
    ck_assert_int_eq(nhref_tails_arb_new(&tw, ws), NHREF_OK);
    arb_set_d(t, t0);
    mag_set_d(hm, h);
    for (size_t i = 0; i < n; i++) {
        arb_get_mag(rin + i, x0 + i);
        mag_mul_2exp_si(rin + i, rin + i, 0);
        mag_set_d(lo, rrel);
        mag_mul(rin + i, rin + i, lo);
        mag_add(rin + i, rin + i, lo);
    }
    status = nhref_tape_arb_ode_jet(ws, t, x0, N);
    if (status == NHREF_OK)
        status = nhref_tails_arb_eval(tw, ws, N, hm, rin, rout, NULL);
    for (size_t i = 0; i < n && status == NHREF_OK; i++)
        if (!mag_is_finite(rout + i))
            status = NHREF_EDOMAIN;
    if (status != NHREF_OK) {
        ok = 0;
        goto out;
    }
    ck_assert_int_eq(nhref_tape_arb_ode_jet(wl, t, x0, N + 1), NHREF_OK);
    for (int j = 0; j <= 8; j++) {
        arb_set_d(tau, h * j / 8);
        for (size_t i = 0; i < n; i++) {
            arb_srcptr c = nhref_tape_arb_state_series(wl, i);
            /* P(tau) = sum_{k<=N} x_k tau^k, then + -rin_i */
            arb_zero(x + i);
            for (unsigned k = N + 1; k-- > 0;) {
                arb_mul(x + i, x + i, tau, P);
                arb_add(x + i, x + i, c + k, P);
            }
            if (rrel > 0) {
                arf_t r;
                arf_init(r);
                arf_set_mag(r, rin + i);
                if ((i + (size_t)j) % 2)
                    arf_neg(r, r);
                arb_add_arf(x + i, x + i, r, P);
                arf_clear(r);
            }
        }
        arb_add(d, t, tau, P);
        if (nhref_tape_arb_eval(out, we, d, x) != NHREF_OK)
            continue; /* outside the domain at the perturbed state: nothing to test */
        for (size_t i = 0; i < n; i++) {
            arb_srcptr c = nhref_tape_arb_state_series(wl, i);
            /* F(tau) = sum_{k<=N} f_k tau^k, f_k = (k + 1) x_{k+1} */
            arb_zero(F);
            for (unsigned k = N + 1; k-- > 0;) {
                arb_mul(F, F, tau, P);
                arb_mul_ui(d, c + k + 1, k + 1, P);
                arb_add(F, F, d, P);
            }
            arb_sub(d, out + i, F, P);
            arb_get_mag_lower(lo, d);
            checked++;
            if (mag_cmp(lo, rout + i) > 0) {
                printf("%s: N %u h %g rin %g: output %zu at tau = %g: |f - F| >= %.3e > R "
                       "= %.3e\n",
                       what, N, h, rrel, i, h * j / 8, mag_get_d(lo), mag_get_d(rout + i));
                ck_abort_msg("%s: a tail does not hold", what);
            }
        }
    }
    /* the bound is no wider than the step allows */
    if (tight && h <= 0.02 && N == 8 && rrel == 0) {
        for (size_t i = 0; i < n; i++) {
            double s = fmax(1, fabs(arf_get_d(arb_midref(nhref_tape_arb_state_series(wl, i) + 1),
                                              ARF_RND_NEAR)));
            ck_assert_msg(mag_get_d(rout + i) <= 1e-8 * s, "%s: output %zu: tail %g at h = %g",
                          what, i, mag_get_d(rout + i), h);
        }
        passed_h++;
    }
out:
    nhref_tails_arb_free(tw);
    nhref_tape_arb_free(ws);
    nhref_tape_arb_free(wl);
    nhref_tape_arb_free(we);
    _mag_vec_clear(rin, (slong)n);
    _mag_vec_clear(rout, (slong)n);
    _arb_vec_clear(x, (slong)n);
    _arb_vec_clear(out, (slong)nout);
    arb_clear(t);
    arb_clear(tau);
    arb_clear(F);
    arb_clear(d);
    mag_clear(hm);
    mag_clear(lo);
    return ok;
}

static const unsigned orders[] = {4, 8, 16};
static const double steps[] = {0.02, 0.1, 0.3, 0.6};
static const double rins[] = {0, 1e-6};

/* every order, step and input tail; the number of cases whose tails were computed */
static int sweep(const char *what, const nhref_tape_t *tape, arb_srcptr params, arb_srcptr x0,
                 double t0)
{
    int done = 0;
    for (size_t a = 0; a < sizeof orders / sizeof *orders; a++)
        for (size_t b = 0; b < sizeof steps / sizeof *steps; b++)
            for (size_t c = 0; c < sizeof rins / sizeof *rins; c++)
                done += check_case(what, tape, params, x0, t0, orders[a], steps[b], rins[c]);
    return done;
}

static const struct {
    const char *f;
    double x0;
} ops[] = {
    {"x*x + t", 0.3},          {"1/(1 + x*x) - x", 0.4},  {"sqrt(2 + x)", 0.5},
    {"exp(x) - 2", 0.2},       {"log(2 + x)", 0.1},       {"atan(x) + 1", 0.3},
    {"atanh(x/3) + 1", 0.2},   {"asin(x/3) + 1", 0.2},    {"acos(x/3)", 0.2},
    {"tanh(x) + 1", -0.3},     {"sin(x) + cos(2*x)", 0.4}, {"sinh(x) - cosh(x/2)", 0.3},
    {"1 + x^3", 0.0},          {"1 + x^3", 0.5},          {"x^-2", 1.0},
    {"(1 + x)^2.5 - 2", 0.3},  {"(2 + x)^(1 + x)", 0.1},  {"-x/2 + 3*t", 0.7},
    {"sqrt(x*x + 1)/(2 + sin(t))", -0.5},
    /* terms that dominate only where the argument moves fast */
    {"exp(4*x)", -0.5},        {"atan(4*x) - 2*x", 0.1},  {"asin(x/2) - 2*x", 0.5},
    {"x^-3", 1.2},             {"(1 + x*x)^(3*x) - 1", 0.4},
};

START_TEST(test_operations)
{
    tight = 1;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        const char *names[] = {"x"};
        nhref_tape_t *tape;
        char err[128];
        arb_t x0;
        ck_assert_int_eq(nhref_tape_parse(&tape, ops[i].f, 1, names, 0, NULL, err, sizeof err),
                         NHREF_OK);
        arb_init(x0);
        arb_set_d(x0, ops[i].x0);
        ck_assert_msg(sweep(ops[i].f, tape, NULL, x0, 0.25) >= 6,
                      "%s: too few cases where the tails could be computed", ops[i].f);
        arb_clear(x0);
        nhref_tape_free(tape);
    }
    ck_assert_int_eq(passed_h, (int)(sizeof ops / sizeof *ops));
    tight = 0;
}
END_TEST

/* OUT[i] = the nodes of the N expressions EXPR in the state x */
static void parse_nodes(nhref_tape_t *tape, nhref_node_t *out, const char *const *expr, int n)
{
    const char *names[] = {"x"};
    char err[128];
    for (int i = 0; i < n; i++)
        ck_assert_msg(nhref_tape_parse_node(tape, out + i, expr[i], 1, names, 0, NULL, err,
                                            sizeof err) == NHREF_OK,
                      "%s: %s", expr[i], err);
}

/* a linear solve: M y = b with M = [[2 + x, sin x], [x, 3 + t]], b = (1, cos 2x),
 * x' = y_0 + y_1 */
START_TEST(test_solve)
{
    const char *me[] = {"2 + x", "sin(x)", "x", "3 + t"}, *be[] = {"1", "cos(2*x)"};
    nhref_node_t m[4], b[2], y[2];
    nhref_tape_t *tape;
    arb_t x0;
    ck_assert_int_eq(nhref_tape_new(&tape, 1, 0, 1), NHREF_OK);
    parse_nodes(tape, m, me, 4);
    parse_nodes(tape, b, be, 2);
    ck_assert_int_eq(nhref_tape_solve(tape, y, 2, m, b), NHREF_OK);
    ck_assert_int_eq(nhref_tape_set_output(tape, 0, nhref_tape_mul(tape, nhref_tape_add(tape, y[0], y[1]), nhref_tape_const(tape, "4"))), NHREF_OK);
    ck_assert_int_eq(nhref_tape_status(tape), NHREF_OK);
    arb_init(x0);
    arb_set_d(x0, 0.3);
    ck_assert_int_ge(sweep("solve", tape, NULL, x0, 0.5), 6);
    arb_clear(x0);
    nhref_tape_free(tape);
}
END_TEST

/* two solves with the same matrix nodes (as the linearised tape's, one per column of the
 * variational matrix): the second takes the first's preconditioners, in the jet and over
 * the pieces of the tails (solve_ws_t.lead); M as in test_solve, b = (1, cos 2x), c = (x, 1),
 * x' = 4 (y_0 + y_1) + z_0 - z_1 with M y = b, M z = c */
START_TEST(test_shared_solve)
{
    const char *me[] = {"2 + x", "sin(x)", "x", "3 + t"}, *be[] = {"1", "cos(2*x)"},
               *ce[] = {"x", "1"};
    nhref_node_t m[4], b[2], c[2], y[2], z[2];
    nhref_tape_t *tape;
    arb_t x0;
    ck_assert_int_eq(nhref_tape_new(&tape, 1, 0, 1), NHREF_OK);
    parse_nodes(tape, m, me, 4);
    parse_nodes(tape, b, be, 2);
    parse_nodes(tape, c, ce, 2);
    ck_assert_int_eq(nhref_tape_solve(tape, y, 2, m, b), NHREF_OK);
    ck_assert_int_eq(nhref_tape_solve(tape, z, 2, m, c), NHREF_OK);
    ck_assert_int_eq(
        nhref_tape_set_output(
            tape, 0,
            nhref_tape_add(tape,
                           nhref_tape_mul(tape, nhref_tape_add(tape, y[0], y[1]),
                                          nhref_tape_const(tape, "4")),
                           nhref_tape_sub(tape, z[0], z[1]))),
        NHREF_OK);
    ck_assert_int_eq(nhref_tape_status(tape), NHREF_OK);
    arb_init(x0);
    arb_set_d(x0, 0.3);
    ck_assert_int_ge(sweep("shared solve", tape, NULL, x0, 0.5), 6);
    arb_clear(x0);
    nhref_tape_free(tape);
}
END_TEST

START_TEST(test_models)
{
    for (size_t k = 0; k < nhref_model_count(); k++) {
        const nhref_model_t *m = nhref_model_get(k);
        nhref_system_t *sys;
        size_t n = m->nstate;
        arb_ptr p = _arb_vec_init((slong)(m->nparam + 1)), x0 = _arb_vec_init((slong)n);
        int done;
        ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
        ck_assert_int_eq(nhref_system_params_arb(p, sys, P), NHREF_OK);
        for (size_t i = 0; i < n; i++)
            ck_assert_int_eq(nhref_value_arb(x0 + i, m->state[i].default_init, P), NHREF_OK);
        done = sweep(m->name, nhref_system_rhs_tape(sys), p, x0, 0);
        ck_assert_msg(done >= 4, "%s: tails computed in %d cases only", m->name, done);
        _arb_vec_clear(p, (slong)(m->nparam + 1));
        _arb_vec_clear(x0, (slong)n);
        nhref_system_free(sys);
    }
    printf("check_tails: %d comparisons\n", checked);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tails");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int nfail;

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_operations);
    tcase_add_test(tc, test_solve);
    tcase_add_test(tc, test_shared_solve);
    tcase_add_test(tc, test_models);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    nfail = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return nfail == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
