/* check_lyapunov.c -- finite-time Lyapunov exponents (nhref_lyapunov.h).
 * Expected values: the closed form of a linear system, whose FTLE from u is
 * (1/T) ln |e^{AT} u| exactly (renormalising does not change a linear flow's
 * directions); and the identity tangent = two-trajectory up to O(delta0).
 */
#include <math.h>
#include <stdlib.h>

#include "ck_mpfr.h"
#include "nhref.h"

static const nhref_state_desc_t two[] = {{"x", "1", "x", "1"}, {"y", "1", "y", "1"}};
static const nhref_param_desc_t ab[] = {{"a", "1/s", "growth", "0.3", "any"},
                                        {"b", "1/s", "decay", "0.7", "any"}};

static int build_lin(nhref_tape_t *tp) /* x' = a x, y' = -b y */
{
    nhref_tape_set_output(tp, 0, nhref_tape_mul(tp, nhref_tape_param(tp, 0), nhref_tape_state(tp, 0)));
    nhref_tape_set_output(
        tp, 1, nhref_tape_neg(tp, nhref_tape_mul(tp, nhref_tape_param(tp, 1), nhref_tape_state(tp, 1))));
    return nhref_tape_status(tp);
}

static const nhref_model_t model_lin = {.name = "lin", .nstate = 2, .state = two, .nparam = 2,
                                        .param = ab, .build_rhs = build_lin};

/* FTLE(T) from u = (1, 1)/sqrt 2: (1/T) (1/2) ln((e^{2aT} + e^{-2bT}) / 2) */
START_TEST(test_linear_closed_form)
{
    static const char *methods[2] = {"tangent", "benettin"};
    static const char *times[3] = {"1", "5", "12.5"};
    nhref_system_t *sys;
    nhref_lyap_opts_t lo;
    nhref_options_t io;
    mpfr_t x0[2], t[3], f[3], want, a, b, e;

    ck_assert_int_eq(nhref_system_new(&sys, &model_lin), NHREF_OK);
    nhref_lyap_opts_default(&lo);
    lo.method = methods[_i];
    lo.tau = "0.75";
    lo.delta0 = "1e-20";
    nhref_options_default(&io);
    io.digits = 50;
    mpfr_inits2(250, x0[0], x0[1], want, a, b, e, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++) {
        mpfr_inits2(250, t[i], f[i], (mpfr_ptr)0);
        mpfr_set_str(t[i], times[i], 10, MPFR_RNDN);
    }
    mpfr_set_ui(x0[0], 1, MPFR_RNDN);
    mpfr_set_ui(x0[1], 1, MPFR_RNDN);
    ck_assert_int_eq(nhref_lyapunov(f[0], sys, x0[0], t[0], 3, &lo, &io, NULL), NHREF_OK);
    mpfr_set_str(a, "0.3", 10, MPFR_RNDN);
    mpfr_set_str(b, "0.7", 10, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(e, a, t[i], MPFR_RNDN);
        mpfr_mul_2ui(e, e, 1, MPFR_RNDN);
        mpfr_exp(want, e, MPFR_RNDN);
        mpfr_mul(e, b, t[i], MPFR_RNDN);
        mpfr_mul_si(e, e, -2, MPFR_RNDN);
        mpfr_exp(e, e, MPFR_RNDN);
        mpfr_add(want, want, e, MPFR_RNDN);
        mpfr_div_2ui(want, want, 1, MPFR_RNDN);
        mpfr_log(want, want, MPFR_RNDN);
        mpfr_div_2ui(want, want, 1, MPFR_RNDN);
        mpfr_div(want, want, t[i], MPFR_RNDN);
        /* tangent: to the tolerance; two trajectories: a linear flow has no O(delta0)
         * term, but y - x keeps only the working digits less log10(1/delta0) = 20 */
        ck_assert_mpfr_digits(f[i], want, _i == 0 ? 45 : 35, "1");
    }
    /* bad options */
    lo.tau = "0";
    ck_assert_int_eq(nhref_lyapunov(f[0], sys, x0[0], t[0], 3, &lo, &io, NULL), NHREF_EINVAL);
    lo.tau = "1";
    lo.method = "qr";
    ck_assert_int_eq(nhref_lyapunov(f[0], sys, x0[0], t[0], 3, &lo, &io, NULL), NHREF_EINVAL);
    mpfr_clears(x0[0], x0[1], want, a, b, e, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++)
        mpfr_clears(t[i], f[i], (mpfr_ptr)0);
    nhref_system_free(sys);
}
END_TEST

/* the sleigh (PUB-2 parameters), norm on (phi, v, omega), direction (1, 1, 1) projected
 * onto the energy surface: the tangent FTLE and the two-trajectory one with delta0 =
 * 1e-30 agree to O(delta0), and the projected direction keeps E to first order:
 * its FTLE differs from the unprojected one */
START_TEST(test_sleigh_tangent_equals_benettin)
{
    static const char *pn[3] = {"m", "J", "a"}, *pv[3] = {"1.5", "0.7", "0.4"};
    static const char *x0s[5] = {"0.3", "-0.2", "0.5", "-0.8", "1.3"};
    static const size_t S[3] = {2, 3, 4};
    nhref_system_t *sys;
    nhref_lyap_opts_t lo;
    nhref_options_t io;
    mpfr_t x0[5], t[2], ft[2], fb[2], fu[2];

    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
    for (int k = 0; k < 3; k++)
        nhref_system_set_param(sys, pn[k], pv[k]);
    for (int k = 0; k < 5; k++) {
        mpfr_init2(x0[k], 300);
        mpfr_set_str(x0[k], x0s[k], 10, MPFR_RNDN);
    }
    for (int i = 0; i < 2; i++)
        mpfr_inits2(300, t[i], ft[i], fb[i], fu[i], (mpfr_ptr)0);
    mpfr_set_ui(t[0], 3, MPFR_RNDN);
    mpfr_set_ui(t[1], 6, MPFR_RNDN);
    nhref_lyap_opts_default(&lo);
    lo.ncomponent = 3;
    lo.component = S;
    lo.project_integral = 0; /* E */
    lo.delta0 = "1e-30";
    nhref_options_default(&io);
    io.digits = 60;
    ck_assert_int_eq(nhref_lyapunov(ft[0], sys, x0[0], t[0], 2, &lo, &io, NULL), NHREF_OK);
    lo.method = "benettin";
    ck_assert_int_eq(nhref_lyapunov(fb[0], sys, x0[0], t[0], 2, &lo, &io, NULL), NHREF_OK);
    lo.project_integral = -1;
    ck_assert_int_eq(nhref_lyapunov(fu[0], sys, x0[0], t[0], 2, &lo, &io, NULL), NHREF_OK);
    for (int i = 0; i < 2; i++) {
        ck_assert_mpfr_digits(fb[i], ft[i], 27, "1");
        ck_assert(ck_mpfr_agree_digits(fu[i], ft[i], "1") < 10);
    }
    for (int k = 0; k < 5; k++)
        mpfr_clear(x0[k]);
    for (int i = 0; i < 2; i++)
        mpfr_clears(t[i], ft[i], fb[i], fu[i], (mpfr_ptr)0);
    nhref_system_free(sys);
}
END_TEST

/* spec skater.md §6.2, case L1: FTLE(10), FTLE(20) by the tangent equations of the
 * skater's tape (norm on theta, Omega1, Omega2, v; direction (1,1,1,1) on the energy
 * surface; tau = 1) against the spec's two-trajectory values, to >= 17 digits (the
 * methods differ by O(delta0) = 1e-20) */
START_TEST(test_skater_l1)
{
    static const char *want[2] = {"0.0747356558618958943", "0.0339464259482121633"};
    static const size_t S[4] = {0, 1, 2, 3};
    const nhref_model_t *m = nhref_model_find("skater");
    nhref_system_t *sys;
    nhref_lyap_opts_t lo;
    nhref_options_t io;
    __mpfr_struct *x0;
    mpfr_t t[2], f[2];

    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "A1", "0.1"), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "g", "-9.81"), NHREF_OK);
    x0 = malloc(m->nstate * sizeof *x0);
    for (size_t k = 0; k < m->nstate; k++) {
        mpfr_init2(x0 + k, 200);
        mpfr_set_str(x0 + k, m->state[k].default_init, 10, MPFR_RNDN);
    }
    mpfr_set_ui(x0 + nhref_model_state_index(m, "Omega1"), 1, MPFR_RNDN);
    for (int i = 0; i < 2; i++)
        mpfr_inits2(200, t[i], f[i], (mpfr_ptr)0);
    mpfr_set_ui(t[0], 10, MPFR_RNDN);
    mpfr_set_ui(t[1], 20, MPFR_RNDN);
    nhref_lyap_opts_default(&lo);
    lo.ncomponent = 4;
    lo.component = S;
    lo.project_integral = nhref_model_integral_index(m, "E");
    nhref_options_default(&io);
    io.digits = 35;
    ck_assert_int_eq(nhref_lyapunov(f[0], sys, x0, t[0], 2, &lo, &io, NULL), NHREF_OK);
    for (int i = 0; i < 2; i++)
        ck_assert_mpfr_str(f[i], want[i], 17, "0");
    for (size_t k = 0; k < m->nstate; k++)
        mpfr_clear(x0 + k);
    free(x0);
    for (int i = 0; i < 2; i++)
        mpfr_clears(t[i], f[i], (mpfr_ptr)0);
    nhref_system_free(sys);
}
END_TEST

/* y' = y^2, y(0) = 1 blows up at t = 1; its FTLE is exact: w' = 2 y w gives
 * FTLE(T) = -2 ln(1 - T) / T.  For the times 0.5, 0.9, 2 both methods give the
 * first two and end with the blow-up outcome near t = 1 (it was disabled: the run
 * failed with "step size underflow" and nothing), the third NaN */
static const nhref_state_desc_t one[] = {{"y", "1", "y", "1"}};

static int build_riccati(nhref_tape_t *tp)
{
    nhref_tape_set_output(tp, 0, nhref_tape_sqr(tp, nhref_tape_state(tp, 0)));
    return nhref_tape_status(tp);
}

static const nhref_model_t model_riccati = {.name = "riccati", .nstate = 1, .state = one,
                                            .build_rhs = build_riccati};

START_TEST(test_blowup_outcome)
{
    static const char *methods[2] = {"tangent", "benettin"};
    static const char *times[3] = {"0.5", "0.9", "2"};
    nhref_system_t *sys;
    nhref_lyap_opts_t lo;
    nhref_options_t io;
    nhref_stats_t st;
    mpfr_t x0, t[3], f[3], want;

    ck_assert_int_eq(nhref_system_new(&sys, &model_riccati), NHREF_OK);
    nhref_lyap_opts_default(&lo);
    lo.method = methods[_i];
    nhref_options_default(&io);
    io.digits = 30;
    mpfr_inits2(200, x0, want, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++) {
        mpfr_inits2(200, t[i], f[i], (mpfr_ptr)0);
        mpfr_set_str(t[i], times[i], 10, MPFR_RNDN);
    }
    mpfr_set_ui(x0, 1, MPFR_RNDN);
    ck_assert_int_eq(nhref_lyapunov(f[0], sys, x0, t[0], 3, &lo, &io, &st), NHREF_EBLOWUP);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_BLOWUP);
    ck_assert_uint_eq(st.nrows, 2);
    ck_assert_msg(fabs(st.t_blowup - 1) < 1e-6, "%s: blow-up at %.17g", methods[_i], st.t_blowup);
    ck_assert(st.nsteps > 0);
    for (int i = 0; i < 2; i++) {
        mpfr_ui_sub(want, 1, t[i], MPFR_RNDN);
        mpfr_log(want, want, MPFR_RNDN);
        mpfr_mul_si(want, want, -2, MPFR_RNDN);
        mpfr_div(want, want, t[i], MPFR_RNDN);
        ck_assert_mpfr_digits(f[i], want, 18, "1");
    }
    ck_assert(mpfr_nan_p(f[2]));
    for (int i = 0; i < 3; i++)
        mpfr_clears(t[i], f[i], (mpfr_ptr)0);
    mpfr_clears(x0, want, (mpfr_ptr)0);
    nhref_system_free(sys);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lyapunov");
    TCase *tc = tcase_create("ftle");
    SRunner *sr;
    int nfailed;
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_linear_closed_form, 0, 2);
    tcase_add_test(tc, test_sleigh_tangent_equals_benettin);
    tcase_add_test(tc, test_skater_l1);
    tcase_add_loop_test(tc, test_blowup_outcome, 0, 2);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
