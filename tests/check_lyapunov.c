/* check_lyapunov.c -- finite-time Lyapunov exponents (nhref_lyapunov.h).
 * Expected values: the closed form of a linear system, whose FTLE from u is
 * (1/T) ln |e^{AT} u| exactly (renormalising does not change a linear flow's
 * directions); and the identity tangent = two-trajectory up to O(delta0).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/* ---------------------------------------------------------------- the exponents in double
 * (nhref_lyapunov_batch_d, nhref_lyapunov_d) */

/* the skater with A1 and g = -9.81, and its default initial state with Omega1 */
static nhref_system_t *skater_sys(const char *A1)
{
    nhref_system_t *sys;
    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("skater")), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "A1", A1), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "g", "-9.81"), NHREF_OK);
    return sys;
}

static void skater_x0(double *x0, double omega1)
{
    const nhref_model_t *m = nhref_model_find("skater");
    for (size_t k = 0; k < m->nstate; k++)
        x0[k] = strtod(m->state[k].default_init, NULL);
    x0[nhref_model_state_index(m, "Omega1")] = omega1;
}

static const size_t skater_S[4] = {0, 1, 2, 3}; /* theta, Omega1, Omega2, v */

static void skater_opts(nhref_lyap_opts_t *lo, int project)
{
    nhref_lyap_opts_default(lo);
    lo->ncomponent = 4;
    lo->component = skater_S;
    lo->project_integral = project ? nhref_model_integral_index(nhref_model_find("skater"), "E")
                                   : -1;
}

/* (a) six lanes of the skater (each its A1 and Omega1), the direction projected on the
 * energy surface: each lane's FTLE, status and steps are those of nhref_lyapunov_d on its
 * own, bit for bit (the batch integrator's lanes are separate runs) */
#define NL 6
#define SKATER_NX 7
START_TEST(test_batch_lanes_equal_alone)
{
    static const char *A1[NL] = {"0", "0.05", "0.1", "0.15", "0.2", "0.25"};
    static const double om[NL] = {0.5, 1, 1.5, 2, 2.5, 0.25};
    const double t[2] = {5, 12};
    nhref_system_t *sys[NL];
    nhref_lyap_opts_t lo;
    double x0[NL * SKATER_NX], f[NL * 2], g[2];
    int status[NL];
    nhref_stats_t st[NL], alone;

    for (int b = 0; b < NL; b++) {
        sys[b] = skater_sys(A1[b]);
        skater_x0(x0 + b * SKATER_NX, om[b]);
    }
    skater_opts(&lo, 1);
    ck_assert_int_eq(nhref_lyapunov_batch_d(f, status, st, (const nhref_system_t *const *)sys,
                                            NL, x0, NL, t, 2, &lo, NULL),
                     NHREF_OK);
    for (int b = 0; b < NL; b++) {
        ck_assert_int_eq(status[b], NHREF_OK);
        ck_assert_int_eq(nhref_lyapunov_d(g, &alone, sys[b], x0 + b * SKATER_NX, t, 2, &lo, NULL),
                         NHREF_OK);
        ck_assert_msg(memcmp(g, f + 2 * b, sizeof g) == 0,
                      "lane %d: batch %.17g %.17g, alone %.17g %.17g", b, f[2 * b], f[2 * b + 1],
                      g[0], g[1]);
        ck_assert_uint_eq(st[b].nsteps, alone.nsteps);
        ck_assert_uint_eq(st[b].nrows, 2);
        ck_assert_int_eq(st[b].outcome, NHREF_OUTCOME_REACHED);
    }
    for (int b = 0; b < NL; b++)
        nhref_system_free(sys[b]);
}
END_TEST

/* the same lanes, the direction (1,1,1,1)/2 on S (no projection), against the recipe
 * written out here: the variational equations of each lane (nhref_tape_linearize) through
 * a new nhref_integrate_grid_d per interval, the norm by fused multiply-adds on S, the
 * vector divided by it and zeroed off S, ln d summed -- nhref_lyapunov's recipe in double,
 * which the batch claims to follow operation for operation */
START_TEST(test_batch_lanes_equal_separate_runs)
{
    static const char *A1[3] = {"0.05", "0.1", "0.2"};
    static const double om[3] = {1, 1.5, 0.5};
    const double t[2] = {3, 6.5};
    nhref_system_t *sys[3];
    nhref_lyap_opts_t lo;
    double x0[3 * SKATER_NX], f[3 * 2];
    int status[3];

    for (int b = 0; b < 3; b++) {
        sys[b] = skater_sys(A1[b]);
        skater_x0(x0 + b * SKATER_NX, om[b]);
    }
    skater_opts(&lo, 0);
    ck_assert_int_eq(nhref_lyapunov_batch_d(f, status, NULL, (const nhref_system_t *const *)sys,
                                            3, x0, 3, t, 2, &lo, NULL),
                     NHREF_OK);
    for (int b = 0; b < 3; b++) {
        nhref_tape_t *tl;
        nhref_system_t *lin;
        double x[2 * SKATER_NX], out[2 * 2 * SKATER_NX], now = 0, sum = 0, want[2];
        ck_assert_int_eq(status[b], NHREF_OK);
        ck_assert_int_eq(nhref_tape_linearize(&tl, nhref_system_rhs_tape(sys[b]), 1), NHREF_OK);
        ck_assert_int_eq(nhref_system_derive(&lin, sys[b], tl), NHREF_OK);
        for (int q = 0; q < SKATER_NX; q++) {
            x[q] = x0[b * SKATER_NX + q];
            x[SKATER_NX + q] = q < 4 ? 0.5 : 0;
        }
        for (int i = 0; i < 2;) {
            nhref_integrator_d_t *ig;
            double next = now + 1, tg[2], d = 0;
            int at = next >= t[i];
            if (at)
                next = t[i];
            tg[0] = now;
            tg[1] = next;
            ck_assert_int_eq(nhref_integrator_new_d(&ig, lin, NULL), NHREF_OK);
            ck_assert_int_eq(nhref_integrate_grid_d(ig, out, x, tg, 2, NULL), NHREF_OK);
            nhref_integrator_free_d(ig);
            for (int q = 0; q < 4; q++)
                d = fma(out[3 * SKATER_NX + q], out[3 * SKATER_NX + q], d); /* row 1's w */
            d = sqrt(d);
            sum += log(d);
            if (at)
                want[i++] = sum / next;
            for (int q = 0; q < SKATER_NX; q++) {
                x[q] = out[2 * SKATER_NX + q];
                x[SKATER_NX + q] = q < 4 ? out[3 * SKATER_NX + q] / d : 0;
            }
            now = next;
        }
        ck_assert_msg(memcmp(want, f + 2 * b, sizeof want) == 0,
                      "lane %d: batch %.17g %.17g, separate runs %.17g %.17g", b, f[2 * b],
                      f[2 * b + 1], want[0], want[1]);
        nhref_system_free(lin);
    }
    for (int b = 0; b < 3; b++)
        nhref_system_free(sys[b]);
}
END_TEST

/* (b) spec skater.md §6.2, case L1 (the map's cell A1 = 0.1, Omega1 = 1): the double FTLE
 * against nhref_lyapunov at 30 digits, T = 10, 20, 40.  Measured (x86-64, jets compiled
 * and interpreted alike): |difference| 2.9e-17, 2.8e-17, 4.9e-16 [1/s] (FTLE(40) =
 * 5.7e-3: 13 digits).  Asserted: 1e-14 -- the tolerance 1e-15 of each interval times the
 * growth of the tangent errors over 40 s (the exponent is about 0.07/s, e^2.8 ~ 16) plus
 * the rounding of 40 logarithms summed, with a factor 20 over what was measured for
 * other compilers' and FMA variants' last digits; a renormalisation that went wrong
 * (the components off S kept, an interval missed) moves FTLE in its 2nd to 5th digit */
START_TEST(test_fast_skater_l1)
{
    static const char *times[3] = {"10", "20", "40"};
    const nhref_model_t *m = nhref_model_find("skater");
    nhref_system_t *sys = skater_sys("0.1");
    nhref_lyap_opts_t lo;
    nhref_options_t io;
    double x0[SKATER_NX], t[3], fd[3];
    __mpfr_struct *xm;
    mpfr_t tm[3], fm[3];

    skater_x0(x0, 1);
    skater_opts(&lo, 1);
    xm = malloc(m->nstate * sizeof *xm);
    for (size_t k = 0; k < m->nstate; k++) {
        mpfr_init2(xm + k, 120);
        mpfr_set_str(xm + k, m->state[k].default_init, 10, MPFR_RNDN);
    }
    mpfr_set_ui(xm + nhref_model_state_index(m, "Omega1"), 1, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_inits2(120, tm[i], fm[i], (mpfr_ptr)0);
        mpfr_set_str(tm[i], times[i], 10, MPFR_RNDN);
        t[i] = mpfr_get_d(tm[i], MPFR_RNDN);
    }
    nhref_options_default(&io);
    io.digits = 30;
    ck_assert_int_eq(nhref_lyapunov(fm[0], sys, xm, tm[0], 3, &lo, &io, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_lyapunov_d(fd, NULL, sys, x0, t, 3, &lo, NULL), NHREF_OK);
    for (int i = 0; i < 3; i++) {
        double want = mpfr_get_d(fm[i], MPFR_RNDN);
        ck_assert_msg(fabs(fd[i] - want) <= 1e-14, "FTLE(%s): double %.17g, MPFR %.17g", times[i],
                      fd[i], want);
    }
    for (size_t k = 0; k < m->nstate; k++)
        mpfr_clear(xm + k);
    free(xm);
    for (int i = 0; i < 3; i++)
        mpfr_clears(tm[i], fm[i], (mpfr_ptr)0);
    nhref_system_free(sys);
}
END_TEST

/* (c) the sleigh (m = J = a = 1: IA = 2, rho = sqrt 2, g = m a/IA = 1/2) from v = 0,
 * omega = 1: the reduced system v' = a omega^2, omega' = -g v omega (spec
 * chaplygin-sleigh.md §3) is closed, so the (v, omega) part of the tangent vector from the
 * flow's own direction f(x0) = (1, 0) stays along the flow: renormalised or not,
 * FTLE(T) = (1/T) ln(|f(x(T))| / |f(x0)|) on S = (v, omega).  The tanh law (§5: c =
 * sqrt 2, Omega = a c/rho^2 = 1/sqrt 2, tau0 = 0) gives v = c tanh(Omega T), omega =
 * sech(Omega T), so FTLE(T) = ln(sech^4 + tanh^2 sech^2 / 2)/(2T), which tends to
 * -Omega (the attracting equilibrium).  Asserted to 1e-13 [1/s] (measured below 1e-15) */
START_TEST(test_fast_sleigh_closed_form)
{
    static const size_t S[2] = {3, 4};
    static const char *dir[2] = {"1", "0"};
    const double t[3] = {2, 5, 20};
    double x0[5] = {0, 0, 0, 0, 1}, f[3];
    nhref_system_t *sys;
    nhref_lyap_opts_t lo;
    mpfr_t w, th, sh, a, b;

    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "m", "1"), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "J", "1"), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "a", "1"), NHREF_OK);
    nhref_lyap_opts_default(&lo);
    lo.ncomponent = 2;
    lo.component = S;
    lo.direction = dir;
    lo.tau = "0.5";
    ck_assert_int_eq(nhref_lyapunov_d(f, NULL, sys, x0, t, 3, &lo, NULL), NHREF_OK);
    mpfr_inits2(200, w, th, sh, a, b, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++) {
        /* Omega T = T / sqrt 2 */
        mpfr_set_ui(w, 2, MPFR_RNDN);
        mpfr_sqrt(w, w, MPFR_RNDN);
        mpfr_ui_div(w, (unsigned long)t[i], w, MPFR_RNDN);
        mpfr_tanh(th, w, MPFR_RNDN);
        mpfr_sech(sh, w, MPFR_RNDN);
        mpfr_sqr(a, sh, MPFR_RNDN);
        mpfr_sqr(a, a, MPFR_RNDN); /* sech^4 */
        mpfr_mul(b, th, sh, MPFR_RNDN);
        mpfr_sqr(b, b, MPFR_RNDN);
        mpfr_div_2ui(b, b, 1, MPFR_RNDN); /* tanh^2 sech^2 / 2 */
        mpfr_add(a, a, b, MPFR_RNDN);
        mpfr_log(a, a, MPFR_RNDN);
        mpfr_div_ui(a, a, 2 * (unsigned long)t[i], MPFR_RNDN);
        ck_assert_msg(fabs(f[i] - mpfr_get_d(a, MPFR_RNDN)) <= 1e-13,
                      "FTLE(%g): %.17g, closed form %.17g", t[i], f[i], mpfr_get_d(a, MPFR_RNDN));
    }
    mpfr_clears(w, th, sh, a, b, (mpfr_ptr)0);
    nhref_system_free(sys);
}
END_TEST

/* (d) bad calls: nothing run, every lane's status NHREF_EINVAL */
START_TEST(test_fast_errors)
{
    nhref_system_t *sys[3] = {skater_sys("0.1"), skater_sys("0.2"), NULL};
    const nhref_system_t *const *cs = (const nhref_system_t *const *)sys;
    nhref_lyap_opts_t lo;
    const double t[2] = {1, 2}, tbad[2] = {2, 1}, tzero[1] = {0};
    const size_t S99[1] = {99};
    double x0[2 * SKATER_NX], f[4];
    int status[2];

    ck_assert_int_eq(nhref_system_new(&sys[2], nhref_model_find("chaplygin_sleigh")), NHREF_OK);
    skater_x0(x0, 1);
    skater_x0(x0 + SKATER_NX, 1);
#define BAD(call)                                                                                  \
    do {                                                                                           \
        status[0] = status[1] = NHREF_OK;                                                          \
        ck_assert_int_eq(call, NHREF_EINVAL);                                                      \
        ck_assert_int_eq(status[0], NHREF_EINVAL);                                                 \
        ck_assert_int_eq(status[1], NHREF_EINVAL);                                                 \
    } while (0)
    skater_opts(&lo, 0);
    lo.tau = "0";
    BAD(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 2, t, 2, &lo, NULL));
    lo.tau = "-1";
    BAD(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 2, t, 2, &lo, NULL));
    lo.tau = "one";
    BAD(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 2, t, 2, &lo, NULL));
    lo.tau = "1";
    lo.method = "benettin";
    BAD(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 2, t, 2, &lo, NULL));
    skater_opts(&lo, 0);
    BAD(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 2, tbad, 2, &lo, NULL));
    BAD(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 2, tzero, 1, &lo, NULL));
    /* lanes and systems that do not match: 2 systems for 1 lane (or none)... */
    status[0] = NHREF_OK;
    ck_assert_int_eq(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 1, t, 2, &lo, NULL),
                     NHREF_EINVAL);
    ck_assert_int_eq(status[0], NHREF_EINVAL);
    ck_assert_int_eq(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 0, t, 2, &lo, NULL),
                     NHREF_EINVAL);
    /* ... systems of two models */
    BAD(nhref_lyapunov_batch_d(f, status, NULL, cs + 1, 2, x0, 2, t, 2, &lo, NULL));
    lo.ncomponent = 1;
    lo.component = S99;
    BAD(nhref_lyapunov_batch_d(f, status, NULL, cs, 2, x0, 2, t, 2, &lo, NULL));
#undef BAD
    for (int b = 0; b < 3; b++)
        nhref_system_free(sys[b]);
}
END_TEST

/* (d) a lane that blows up leaves the batch without disturbing the others: y' = y^2 from
 * y0 (w' = 2 y w: FTLE(T) = -2 ln(1 - y0 T)/T exactly, blow-up at t = 1/y0 when y0 > 0).
 * Lane 1 (y0 = 1) blows up at t = 1: its FTLE(0.5), FTLE(0.9) only, then NaN, status
 * NHREF_EBLOWUP near t = 1; lane 4 (y0 = 1.5) after FTLE(0.5); the others reach T = 2 at
 * the closed form, bit for bit as on their own */
START_TEST(test_fast_blowup_lane)
{
    const double y0[5] = {0.4, 1, -1, -0.25, 1.5}, t[3] = {0.5, 0.9, 2};
    nhref_system_t *sys;
    double f[5 * 3], g[3];
    int status[5];
    nhref_stats_t st[5];

    ck_assert_int_eq(nhref_system_new(&sys, &model_riccati), NHREF_OK);
    ck_assert_int_eq(nhref_lyapunov_batch_d(f, status, st, (const nhref_system_t *const *)&sys, 1,
                                            y0, 5, t, 3, NULL, NULL),
                     NHREF_OK);
    for (int b = 0; b < 5; b++) {
        size_t reach = b == 1 ? 2 : b == 4 ? 1 : 3;
        ck_assert_msg(status[b] == (reach == 3 ? NHREF_OK : NHREF_EBLOWUP), "lane %d: status %d",
                      b, status[b]);
        ck_assert_uint_eq(st[b].nrows, reach);
        for (size_t i = 0; i < 3; i++) {
            double want = -2 * log(1 - y0[b] * t[i]) / t[i];
            if (i < reach)
                ck_assert_msg(fabs(f[3 * b + i] - want) <= 1e-13 * fmax(1, fabs(want)),
                              "lane %d, T = %g: %.17g, want %.17g", b, t[i], f[3 * b + i], want);
            else
                ck_assert(isnan(f[3 * b + i]));
        }
        ck_assert_int_eq(nhref_lyapunov_d(g, NULL, sys, y0 + b, t, 3, NULL, NULL), status[b]);
        ck_assert(memcmp(g, f + 3 * b, sizeof g) == 0);
    }
    ck_assert_msg(fabs(st[1].t_blowup - 1) < 1e-6, "blow-up at %.17g", st[1].t_blowup);
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
    tcase_add_test(tc, test_batch_lanes_equal_alone);
    tcase_add_test(tc, test_batch_lanes_equal_separate_runs);
    tcase_add_test(tc, test_fast_skater_l1);
    tcase_add_test(tc, test_fast_sleigh_closed_form);
    tcase_add_test(tc, test_fast_errors);
    tcase_add_test(tc, test_fast_blowup_lane);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
