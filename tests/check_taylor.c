/* check_taylor.c -- the Taylor scheme and the driver on problems with known
 * solutions: y' = y (e^t), the harmonic oscillator (cos, sin), and two that
 * must fail cleanly (a pole, a right-hand side undefined at the start).
 * Expected values come from MPFR's exp/sin/cos at a higher precision.
 */
#include <math.h>
#include <stdlib.h>

#include "ck_mpfr.h"
#include "nhref_integrate.h"

/* ------------------------------------------------------------------ allocation counter */
#include "ck_alloc.h"

/* ------------------------------------------------------------------ test models */
static const nhref_state_desc_t one_state[] = {{"y", "1", "y", "1"}};
static const nhref_state_desc_t two_states[] = {{"x", "1", "x", "1"}, {"y", "1", "y", "0"}};

static int build_exp(nhref_tape_t *tp) /* y' = y */
{
    nhref_tape_set_output(tp, 0, nhref_tape_state(tp, 0));
    return nhref_tape_status(tp);
}

static int build_osc(nhref_tape_t *tp) /* x' = y, y' = -x */
{
    nhref_tape_set_output(tp, 0, nhref_tape_state(tp, 1));
    nhref_tape_set_output(tp, 1, nhref_tape_neg(tp, nhref_tape_state(tp, 0)));
    return nhref_tape_status(tp);
}

static int build_pole(nhref_tape_t *tp) /* y' = y^2: y = 1/(1 - t) from y(0) = 1 */
{
    nhref_tape_set_output(tp, 0, nhref_tape_sqr(tp, nhref_tape_state(tp, 0)));
    return nhref_tape_status(tp);
}

static int build_log(nhref_tape_t *tp) /* y' = log(y): undefined for y <= 0 */
{
    nhref_tape_set_output(tp, 0, nhref_tape_log(tp, nhref_tape_state(tp, 0)));
    return nhref_tape_status(tp);
}

#define TEST_MODEL(sym, nm, n, st, builder)                                                   \
    static const nhref_model_t sym = {.name = nm, .title = nm, .source = "test",             \
                                      .spec = "test", .description = nm, .nstate = n,        \
                                      .state = st, .default_t_end = "1",                     \
                                      .default_dt_out = "1", .build_rhs = builder}
TEST_MODEL(model_exp, "exp", 1, one_state, build_exp);
TEST_MODEL(model_osc, "osc", 2, two_states, build_osc);
TEST_MODEL(model_pole, "pole", 1, one_state, build_pole);
TEST_MODEL(model_log, "log", 1, one_state, build_log);

static nhref_integrator_t *make(const nhref_model_t *m, nhref_system_t **sys, double digits,
                                mpfr_prec_t prec)
{
    nhref_options_t opt;
    nhref_integrator_t *ig;
    ck_assert_int_eq(nhref_system_new(sys, m), NHREF_OK);
    nhref_options_default(&opt);
    opt.digits = digits;
    opt.prec = prec;
    ck_assert_int_eq(nhref_integrator_new(&ig, *sys, &opt), NHREF_OK);
    return ig;
}

/* ------------------------------------------------------------------ convergence */
/* y' = y from y(0) = 1 to T = +-10 at 200 bits: y(T) = e^T */
START_TEST(test_exp_forward_backward)
{
    nhref_system_t *sys;
    nhref_integrator_t *ig = make(&model_exp, &sys, 55, 200);
    nhref_stats_t st;
    mpfr_t y, t, T, want;
    const char *ends[] = {"10", "-10"};

    mpfr_inits2(200, y, t, T, (mpfr_ptr)0);
    mpfr_init2(want, 264);
    for (int i = 0; i < 2; i++) {
        mpfr_set_ui(y, 1, MPFR_RNDN);
        mpfr_set_zero(t, 1);
        mpfr_set_str(T, ends[i], 10, MPFR_RNDN);
        ck_assert_int_eq(nhref_integrate_until(ig, y, t, T, &st), NHREF_OK);
        ck_assert_int_eq(st.outcome, NHREF_OUTCOME_REACHED);
        ck_assert_mpfr_eq(t, T);
        mpfr_exp(want, T, MPFR_RNDN);
        ck_assert_mpfr_digits(y, want, 53, "0");
        ck_assert_uint_gt(st.nsteps, 1);
        ck_assert_uint_eq(st.order_min, (unsigned)ceil(1.1513 * 55 + 1));
    }
    mpfr_clears(y, t, T, want, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* harmonic oscillator over 3 periods-ish at 200 bits, and the error falls with
 * the requested digits: 15, 30, 55 digits give at least 13, 28, 53 */
START_TEST(test_oscillator_convergence)
{
    static const double digits[] = {15, 30, 55};
    double agree[3];
    mpfr_t x[2], t, T, c, s;

    mpfr_inits2(264, c, s, (mpfr_ptr)0);
    for (int d = 0; d < 3; d++) {
        nhref_system_t *sys;
        nhref_integrator_t *ig = make(&model_osc, &sys, digits[d], 200);
        mpfr_inits2(200, x[0], x[1], t, T, (mpfr_ptr)0);
        mpfr_set_ui(x[0], 1, MPFR_RNDN);
        mpfr_set_zero(x[1], 1);
        mpfr_set_zero(t, 1);
        mpfr_set_str(T, "20", 10, MPFR_RNDN);
        ck_assert_int_eq(nhref_integrate_until(ig, x[0], t, T, NULL), NHREF_OK);
        mpfr_sin_cos(s, c, T, MPFR_RNDN);
        mpfr_neg(s, s, MPFR_RNDN);
        agree[d] = fmin(ck_mpfr_agree_digits(x[0], c, "1"), ck_mpfr_agree_digits(x[1], s, "1"));
        ck_assert_msg(agree[d] >= digits[d] - 2, "digits %g: only %.2f correct", digits[d],
                      agree[d]);
        mpfr_clears(x[0], x[1], t, T, (mpfr_ptr)0);
        nhref_integrator_free(ig);
        nhref_system_free(sys);
    }
    ck_assert(agree[0] < agree[1] && agree[1] < agree[2]);
    mpfr_clears(c, s, (mpfr_ptr)0);
}
END_TEST

/* ------------------------------------------------------------------ dense output and grids */
/* rows of a grid come from dense output, stepping is not shortened by the grid:
 * the end state of a grid run equals integrate_until bit for bit, a row at t
 * agrees with integrating to t to the tolerance, and repeated times repeat rows */
START_TEST(test_grid_dense_output)
{
    enum { N = 7 };
    static const char *times[N] = {"0", "0.3", "0.3", "1.7", "2.25", "4", "6.5"};
    nhref_system_t *sys;
    nhref_integrator_t *ig = make(&model_osc, &sys, 40, 180);
    nhref_stats_t st;
    mpfr_t grid[N], rows[N][2], x[2], t, c;

    mpfr_inits2(180, x[0], x[1], t, (mpfr_ptr)0);
    mpfr_init2(c, 250);
    for (int i = 0; i < N; i++) {
        mpfr_init2(grid[i], 180);
        mpfr_set_str(grid[i], times[i], 10, MPFR_RNDN);
        mpfr_inits2(180, rows[i][0], rows[i][1], (mpfr_ptr)0);
    }
    mpfr_set_ui(x[0], 1, MPFR_RNDN);
    mpfr_set_zero(x[1], 1);
    ck_assert_int_eq(nhref_integrate_grid(ig, rows[0][0], x[0], grid[0], N, &st), NHREF_OK);
    ck_assert_uint_eq(st.nrows, N);
    ck_assert_mpfr_eq(rows[1][0], rows[2][0]);
    ck_assert_mpfr_eq(rows[0][0], x[0]);
    for (int i = 1; i < N; i++) {
        mpfr_cos(c, grid[i], MPFR_RNDN);
        ck_assert_mpfr_digits(rows[i][0], c, 38, "1");
        /* the same time reached by integrate_until */
        mpfr_set_ui(x[0], 1, MPFR_RNDN);
        mpfr_set_zero(x[1], 1);
        mpfr_set_zero(t, 1);
        ck_assert_int_eq(nhref_integrate_until(ig, x[0], t, grid[i], NULL), NHREF_OK);
        if (i == N - 1) {
            ck_assert_mpfr_eq(rows[i][0], x[0]);
            ck_assert_mpfr_eq(rows[i][1], x[1]);
        } else {
            ck_assert_mpfr_digits(rows[i][0], x[0], 38, "1");
            ck_assert_mpfr_digits(rows[i][1], x[1], 38, "1");
        }
    }
    for (int i = 0; i < N; i++)
        mpfr_clears(grid[i], rows[i][0], rows[i][1], (mpfr_ptr)0);
    mpfr_clears(x[0], x[1], t, c, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

START_TEST(test_grid_rejects_bad_input)
{
    nhref_system_t *sys;
    nhref_integrator_t *ig = make(&model_exp, &sys, 20, 0);
    mpfr_t grid[3], out[3], y;
    nhref_stats_t st;

    mpfr_init2(y, 100);
    mpfr_set_ui(y, 1, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_inits2(100, grid[i], out[i], (mpfr_ptr)0);
    mpfr_set_ui(grid[0], 0, MPFR_RNDN);
    mpfr_set_ui(grid[1], 2, MPFR_RNDN);
    mpfr_set_ui(grid[2], 1, MPFR_RNDN); /* not monotone */
    ck_assert_int_eq(nhref_integrate_grid(ig, out[0], y, grid[0], 3, &st), NHREF_EINVAL);
    mpfr_set_nan(grid[2]);
    ck_assert_int_eq(nhref_integrate_grid(ig, out[0], y, grid[0], 3, &st), NHREF_EINVAL);
    ck_assert_int_eq(nhref_integrate_grid(ig, out[0], y, grid[0], 0, &st), NHREF_EINVAL);
    for (int i = 0; i < 3; i++)
        mpfr_clears(grid[i], out[i], (mpfr_ptr)0);
    mpfr_clear(y);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ failures */
/* y' = y^2 from y(0) = 1 has a pole at t = 1: integrating to t = 2 ends before
 * the pole with NHREF_EBLOWUP (outcome BLOWUP), an estimate of the blow-up time,
 * and a state that is still on the solution 1/(1 - t) */
START_TEST(test_pole_is_a_blowup)
{
    nhref_system_t *sys;
    nhref_options_t opt;
    nhref_integrator_t *ig;
    nhref_stats_t st;
    mpfr_t y, t, T, want;
    int status;

    ck_assert_int_eq(nhref_system_new(&sys, &model_pole), NHREF_OK);
    nhref_options_default(&opt);
    opt.digits = 20;
    opt.max_steps = 100000;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    mpfr_inits2(nhref_integrator_prec(ig), y, t, T, want, (mpfr_ptr)0);
    mpfr_set_ui(y, 1, MPFR_RNDN);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(T, 2, MPFR_RNDN);
    status = nhref_integrate_until(ig, y, t, T, &st);
    ck_assert_msg(status == NHREF_EBLOWUP, "status %s", nhref_status_name(status));
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_BLOWUP);
    ck_assert(mpfr_cmp_ui(t, 1) < 0);
    ck_assert_msg(fabs(st.t_blowup - 1) < 1e-7, "blow-up estimated at %.17g, want 1", st.t_blowup);
    /* stopped by the radius rule: the radius of convergence, 1 - t, fell below
     * blowup_radius = 1e-8, long before the step size reaches the working precision's
     * floor (where a run without the rule stops, below) */
    ck_assert_msg(1 - mpfr_get_d(t, MPFR_RNDN) > 1e-12, "stopped at 1 - t = %g",
                  1 - mpfr_get_d(t, MPFR_RNDN));
    ck_assert(mpfr_cmp_d(y, 1e6) > 0);
    /* where it stopped, it is still on the solution 1/(1 - t), to the tolerance less
     * the conditioning there: an error d in the pole's place is a relative error
     * d / (1 - t) = d y in y, so log10(y) digits go */
    mpfr_ui_sub(want, 1, t, MPFR_RNDN);
    mpfr_ui_div(want, 1, want, MPFR_RNDN);
    ck_assert_mpfr_digits(y, want, 20 - 2 - log10(mpfr_get_d(y, MPFR_RNDN)), "0");
    mpfr_clears(y, t, T, want, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);

    /* with blow-up detection off, the same run fails at the step-size floor */
    ck_assert_int_eq(nhref_system_new(&sys, &model_pole), NHREF_OK);
    opt.blowup_radius = 0;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    mpfr_inits2(nhref_integrator_prec(ig), y, t, T, (mpfr_ptr)0);
    mpfr_set_ui(y, 1, MPFR_RNDN);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(T, 2, MPFR_RNDN);
    status = nhref_integrate_until(ig, y, t, T, &st);
    ck_assert_msg(status == NHREF_ESTEP || status == NHREF_EMAXSTEPS, "status %s",
                  nhref_status_name(status));
    mpfr_clears(y, t, T, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* max_steps is honoured, with the rows reached so far */
START_TEST(test_max_steps)
{
    nhref_system_t *sys;
    nhref_options_t opt;
    nhref_integrator_t *ig;
    nhref_stats_t st;
    mpfr_t grid[3], out[3], y;

    ck_assert_int_eq(nhref_system_new(&sys, &model_exp), NHREF_OK);
    nhref_options_default(&opt);
    opt.digits = 30;
    opt.max_steps = 2;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    mpfr_init2(y, 100);
    mpfr_set_ui(y, 1, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_inits2(100, grid[i], out[i], (mpfr_ptr)0);
        mpfr_set_ui(grid[i], 0, MPFR_RNDN);
    }
    mpfr_set_str(grid[1], "1e-3", 10, MPFR_RNDN);
    mpfr_set_ui(grid[2], 50, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_grid(ig, out[0], y, grid[0], 3, &st), NHREF_EMAXSTEPS);
    ck_assert_uint_eq(st.nsteps, 2);
    ck_assert_uint_eq(st.nrows, 2);
    for (int i = 0; i < 3; i++)
        mpfr_clears(grid[i], out[i], (mpfr_ptr)0);
    mpfr_clear(y);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* f undefined at the initial state: NHREF_EDOMAIN, state and time untouched */
START_TEST(test_domain_error_at_start)
{
    nhref_system_t *sys;
    nhref_integrator_t *ig = make(&model_log, &sys, 20, 0);
    mpfr_t y, t, T;

    mpfr_inits2(100, y, t, T, (mpfr_ptr)0);
    mpfr_set_si(y, -2, MPFR_RNDN);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(T, 1, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, y, t, T, NULL), NHREF_EDOMAIN);
    ck_assert(mpfr_cmp_si(y, -2) == 0);
    ck_assert(mpfr_zero_p(t));
    mpfr_clears(y, t, T, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

START_TEST(test_options)
{
    nhref_options_t opt;
    nhref_options_default(&opt);
    ck_assert_int_eq(nhref_options_resolve(&opt), NHREF_OK);
    ck_assert(opt.digits == 30);
    ck_assert_int_eq(opt.prec, (mpfr_prec_t)ceil(30 * log2(10.0)) + NHREF_GUARD_BITS);
    nhref_options_default(&opt);
    opt.prec = 333;
    ck_assert_int_eq(nhref_options_resolve(&opt), NHREF_OK);
    ck_assert(fabs(opt.digits - (333 * log10(2.0) - 1)) < 1e-9);
    nhref_options_default(&opt);
    opt.digits = -1;
    ck_assert_int_eq(nhref_options_resolve(&opt), NHREF_EINVAL);
    nhref_options_default(&opt);
    opt.prec = 3;
    ck_assert_int_eq(nhref_options_resolve(&opt), NHREF_EINVAL);
    nhref_options_default(&opt);
    opt.scheme = "no-such-scheme";
    {
        nhref_system_t *sys;
        nhref_integrator_t *ig;
        ck_assert_int_eq(nhref_system_new(&sys, &model_exp), NHREF_OK);
        ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_ENOTFOUND);
        nhref_system_free(sys);
    }
}
END_TEST

/* No allocation inside the step loop: integrating over a grid into rows the caller
 * owns allocates nothing, whatever the number of steps (oscillator: only additions,
 * products and Horner's rule, which MPFR does without the heap at 200 bits). */
START_TEST(test_step_loop_allocates_nothing)
{
#ifdef COUNT_ALLOCATIONS
    nhref_system_t *sys;
    nhref_integrator_t *ig = make(&model_osc, &sys, 50, 200);
    nhref_stats_t st;
    mpfr_t grid[3], rows[3][2], x[2];
    long counts[2];

    mpfr_inits2(200, x[0], x[1], (mpfr_ptr)0);
    for (int i = 0; i < 3; i++)
        mpfr_inits2(200, grid[i], rows[i][0], rows[i][1], (mpfr_ptr)0);
    mpfr_set_ui(x[0], 1, MPFR_RNDN);
    mpfr_set_zero(x[1], 1);
    for (int pass = 0; pass < 2; pass++) {
        mpfr_set_ui(grid[0], 0, MPFR_RNDN);
        mpfr_set_ui(grid[1], pass == 0 ? 5 : 50, MPFR_RNDN);
        mpfr_set_ui(grid[2], pass == 0 ? 10 : 100, MPFR_RNDN);
        int status;
        nalloc = 0;
        counting = 1; /* no Check assertion inside: Check allocates to record them */
        status = nhref_integrate_grid(ig, rows[0][0], x[0], grid[0], 3, &st);
        counting = 0;
        counts[pass] = nalloc;
        ck_assert_int_eq(status, NHREF_OK);
        ck_assert_uint_gt(st.nsteps, pass == 0 ? 1 : 20);
    }
    ck_assert_msg(counts[0] == 0 && counts[1] == 0, "%ld and %ld allocations", counts[0],
                  counts[1]);
    for (int i = 0; i < 3; i++)
        mpfr_clears(grid[i], rows[i][0], rows[i][1], (mpfr_ptr)0);
    mpfr_clears(x[0], x[1], (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
#endif
}
END_TEST

static Suite *taylor_suite(void)
{
    Suite *s = suite_create("taylor");
    TCase *tc = tcase_create("convergence");
    tcase_add_test(tc, test_exp_forward_backward);
    tcase_add_test(tc, test_oscillator_convergence);
    suite_add_tcase(s, tc);
    tc = tcase_create("driver");
    tcase_add_test(tc, test_grid_dense_output);
    tcase_add_test(tc, test_grid_rejects_bad_input);
    tcase_add_test(tc, test_options);
    tcase_add_test(tc, test_step_loop_allocates_nothing);
    suite_add_tcase(s, tc);
    tc = tcase_create("failures");
    tcase_add_test(tc, test_pole_is_a_blowup);
    tcase_add_test(tc, test_max_steps);
    tcase_add_test(tc, test_domain_error_at_start);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(taylor_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
