/* check_schemes.c -- the scheme battery: every registered scheme (schemes.def) is
 * run through the same tests, so a new scheme is tested by registering it:
 * observed order, dense output vs stepping, a right-hand side undefined mid-run,
 * precision consistency.  Then what only Gauss–Legendre promises: the order
 * conditions B(2s) and C(s) at the working precision, and quadratic first
 * integrals conserved to round-off.  Expected values: MPFR's exp/sin/cos, exact
 * rationals (B, C), or the closed form of y' = sqrt(1 - t).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ck_mpfr.h"
#include "nhref_integrate.h"
#include "schemes/gauss_coeffs.h"

/* ------------------------------------------------------------------ test models */
static const nhref_state_desc_t one[] = {{"y", "1", "y", "0"}};
static const nhref_state_desc_t two[] = {{"x", "1", "x", "1"}, {"y", "1", "y", "0"}};

static int build_osc(nhref_tape_t *tp) /* x' = y, y' = -x */
{
    nhref_tape_set_output(tp, 0, nhref_tape_state(tp, 1));
    nhref_tape_set_output(tp, 1, nhref_tape_neg(tp, nhref_tape_state(tp, 0)));
    return nhref_tape_status(tp);
}

static int build_sqrt(nhref_tape_t *tp) /* y' = sqrt(1 - t): y = (2/3)(1 - (1 - t)^{3/2}) */
{
    nhref_tape_set_output(
        tp, 0, nhref_tape_sqrt(tp, nhref_tape_sub(tp, nhref_tape_const(tp, "1"), nhref_tape_time(tp))));
    return nhref_tape_status(tp);
}

static const nhref_model_t model_osc = {.name = "osc", .nstate = 2, .state = two,
                                        .build_rhs = build_osc};

/* the oscillator declaring an event: x = 1/2, terminal, falling (cos t = 1/2: t = pi/3) */
static int build_half(nhref_tape_t *tp)
{
    nhref_tape_set_output(tp, 0, nhref_tape_sub(tp, nhref_tape_state(tp, 0),
                                                nhref_tape_const(tp, "0.5")));
    return nhref_tape_status(tp);
}
static const nhref_event_desc_t half_event[] = {{"half", "x = 1/2", -1, 1}};
static const nhref_model_t model_osc_event = {.name = "osc_event", .nstate = 2, .state = two,
                                              .build_rhs = build_osc, .nevent = 1,
                                              .event = half_event, .build_events = build_half};
static const nhref_model_t model_sqrt = {.name = "sqrt", .nstate = 1, .state = one,
                                         .build_rhs = build_sqrt};

static nhref_integrator_t *make(nhref_system_t **sys, const nhref_model_t *m, size_t scheme,
                                const nhref_options_t *opt0)
{
    nhref_options_t opt = *opt0;
    nhref_integrator_t *ig;
    opt.scheme = nhref_scheme_get(scheme)->name;
    ck_assert_int_eq(nhref_system_new(sys, m), NHREF_OK);
    ck_assert_int_eq(nhref_integrator_new(&ig, *sys, &opt), NHREF_OK);
    return ig;
}

/* oscillator from (1, 0) to T; returns the max-norm error against (cos T, -sin T) as digits */
static double osc_digits(size_t scheme, const nhref_options_t *opt, const char *T,
                         unsigned *order, mpfr_prec_t prec)
{
    nhref_system_t *sys;
    nhref_integrator_t *ig = make(&sys, &model_osc, scheme, opt);
    nhref_stats_t st;
    mpfr_t x[2], t, tend, c, s;
    double d;

    mpfr_inits2(prec, x[0], x[1], t, tend, (mpfr_ptr)0);
    mpfr_inits2(prec + 64, c, s, (mpfr_ptr)0);
    mpfr_set_ui(x[0], 1, MPFR_RNDN);
    mpfr_set_zero(x[1], 1);
    mpfr_set_zero(t, 1);
    mpfr_set_str(tend, T, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x[0], t, tend, &st), NHREF_OK);
    mpfr_sin_cos(s, c, tend, MPFR_RNDN);
    mpfr_neg(s, s, MPFR_RNDN);
    d = fmin(ck_mpfr_agree_digits(x[0], c, "1"), ck_mpfr_agree_digits(x[1], s, "1"));
    if (order != NULL)
        *order = st.order_max;
    mpfr_clears(x[0], x[1], t, tend, c, s, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
    return d;
}

/* ------------------------------------------------------------------ the battery */
/* observed order with a fixed step: errors at h = 1/4, 1/8, 1/16 fall by 2^p,
 * p the order the scheme reports (Taylor order 6; Gauss 3 stages, order 6) */
START_TEST(test_observed_order)
{
    nhref_options_t opt;
    double d[3];
    unsigned order = 0;
    const double h[3] = {0.25, 0.125, 0.0625};

    nhref_options_default(&opt);
    opt.prec = 300;
    opt.digits = 80;
    opt.order = 6;
    opt.stages = 3;
    for (int i = 0; i < 3; i++) {
        opt.h_fixed = h[i];
        d[i] = osc_digits((size_t)_i, &opt, "2", &order, 300);
    }
    ck_assert_uint_eq(order, 6);
    for (int i = 0; i < 2; i++) {
        double p = (d[i + 1] - d[i]) / log10(2.0);
        ck_assert_msg(fabs(p - order) < 0.4, "%s: observed order %.3f between h = %g and %g, want %u",
                      nhref_scheme_get((size_t)_i)->name, p, h[i], h[i + 1], order);
    }
}
END_TEST

/* adaptive runs meet their tolerance, and the error falls as the digits rise */
START_TEST(test_tolerance_met)
{
    nhref_options_t opt;
    const double digits[2] = {20, 40};
    double got[2];

    nhref_options_default(&opt);
    for (int i = 0; i < 2; i++) {
        opt.digits = digits[i];
        got[i] = osc_digits((size_t)_i, &opt, "10", NULL, 200);
        ck_assert_msg(got[i] >= digits[i] - 2, "%s: %.2f digits for a tolerance of 1e-%g",
                      nhref_scheme_get((size_t)_i)->name, got[i], digits[i]);
    }
    ck_assert(got[1] > got[0] + 10);
}
END_TEST

/* rows between steps (dense output) agree with integrating to the same time */
START_TEST(test_dense_matches_stepping)
{
    enum { N = 6 };
    static const char *times[N] = {"0", "0.37", "1.5", "2.9", "4.41", "7"};
    nhref_options_t opt;
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    mpfr_t grid[N], rows[N][2], x[2], t;

    nhref_options_default(&opt);
    opt.digits = 30;
    ig = make(&sys, &model_osc, (size_t)_i, &opt);
    mpfr_inits2(200, x[0], x[1], t, (mpfr_ptr)0);
    for (int i = 0; i < N; i++) {
        mpfr_inits2(200, grid[i], rows[i][0], rows[i][1], (mpfr_ptr)0);
        mpfr_set_str(grid[i], times[i], 10, MPFR_RNDN);
    }
    mpfr_set_ui(x[0], 1, MPFR_RNDN);
    mpfr_set_zero(x[1], 1);
    ck_assert_int_eq(nhref_integrate_grid(ig, rows[0][0], x[0], grid[0], N, NULL), NHREF_OK);
    for (int i = 1; i < N; i++) {
        mpfr_set_ui(x[0], 1, MPFR_RNDN);
        mpfr_set_zero(x[1], 1);
        mpfr_set_zero(t, 1);
        ck_assert_int_eq(nhref_integrate_until(ig, x[0], t, grid[i], NULL), NHREF_OK);
        ck_assert_mpfr_digits(rows[i][0], x[0], 28, "1");
        ck_assert_mpfr_digits(rows[i][1], x[1], 28, "1");
    }
    for (int i = 0; i < N; i++)
        mpfr_clears(grid[i], rows[i][0], rows[i][1], (mpfr_ptr)0);
    mpfr_clears(x[0], x[1], t, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* y' = sqrt(1 - t) is undefined past t = 1: integrating to t = 2 ends with an
 * error at t = 1 (DESIGN §7: trial steps shrink, the run stops) and the state
 * there is right to the tolerance.  A scheme may land a hair past t = 1: the
 * Taylor step from t = 1 - d, d ~ 1e-20, is sized on coefficients of size
 * d^{3/2 - k} (the function is nearly constant), which overestimates the radius
 * d, and its error there is still within the tolerance; so the test allows
 * t - 1 up to 1e-12 and compares with the solution's limit beyond 1. */
START_TEST(test_undefined_mid_run)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    nhref_stats_t st;
    mpfr_t y, t, T, want;
    int status;

    nhref_options_default(&opt);
    opt.digits = 25;
    opt.max_steps = 20000;
    ig = make(&sys, &model_sqrt, (size_t)_i, &opt);
    mpfr_inits2(nhref_integrator_prec(ig), y, t, T, want, (mpfr_ptr)0);
    mpfr_set_zero(y, 1);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(T, 2, MPFR_RNDN);
    status = nhref_integrate_until(ig, y, t, T, &st);
    ck_assert_msg(status != NHREF_OK, "%s integrated through the singularity",
                  nhref_scheme_get((size_t)_i)->name);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_FAILED);
    mpfr_sub_ui(want, t, 1, MPFR_RNDN);
    ck_assert_msg(mpfr_cmp_d(want, -0.01) > 0 && mpfr_cmp_d(want, 1e-12) <= 0,
                  "%s stopped at t = 1 + %.3g (%s)", nhref_scheme_get((size_t)_i)->name,
                  mpfr_get_d(want, MPFR_RNDN), nhref_status_name(status));
    /* y(t) = (2/3)(1 - (1 - t)^{3/2}), and 2/3 past t = 1 */
    mpfr_ui_sub(want, 1, t, MPFR_RNDN);
    if (mpfr_sgn(want) < 0)
        mpfr_set_zero(want, 1);
    mpfr_pow_ui(want, want, 3, MPFR_RNDN);
    mpfr_sqrt(want, want, MPFR_RNDN);
    mpfr_ui_sub(want, 1, want, MPFR_RNDN);
    mpfr_mul_ui(want, want, 2, MPFR_RNDN);
    mpfr_div_ui(want, want, 3, MPFR_RNDN);
    ck_assert_mpfr_digits(y, want, 22, "1");
    mpfr_clears(y, t, T, want, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* the same run at p and p + 64 bits (same tolerance) agrees to the tolerance */
static void osc_state(mpfr_ptr x, size_t scheme, mpfr_prec_t prec)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    mpfr_t t, T;

    nhref_options_default(&opt);
    opt.digits = 45;
    opt.prec = prec;
    ig = make(&sys, &model_osc, scheme, &opt);
    mpfr_inits2(prec, t, T, (mpfr_ptr)0);
    mpfr_set_ui(x, 1, MPFR_RNDN);
    mpfr_set_zero(x + 1, 1);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(T, 12, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, NULL), NHREF_OK);
    mpfr_clears(t, T, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}

START_TEST(test_precision_consistency)
{
    mpfr_t a[2], b[2];
    mpfr_inits2(200, a[0], a[1], (mpfr_ptr)0);
    mpfr_inits2(264, b[0], b[1], (mpfr_ptr)0);
    osc_state(a[0], (size_t)_i, 200);
    osc_state(b[0], (size_t)_i, 264);
    ck_assert_mpfr_digits(a[0], b[0], 43, "1");
    ck_assert_mpfr_digits(a[1], b[1], 43, "1");
    mpfr_clears(a[0], a[1], b[0], b[1], (mpfr_ptr)0);
}
END_TEST

/* the same integrator run twice from the same state gives the same bits: nothing
 * carries over from one integration to the next (step-size history, compensation) */
START_TEST(test_runs_are_independent)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    mpfr_t x[3][2], t, T;

    nhref_options_default(&opt);
    opt.digits = 25;
    ig = make(&sys, &model_osc, (size_t)_i, &opt);
    mpfr_inits2(nhref_integrator_prec(ig), t, T, (mpfr_ptr)0);
    for (int r = 0; r < 3; r++) {
        mpfr_inits2(nhref_integrator_prec(ig), x[r][0], x[r][1], (mpfr_ptr)0);
        mpfr_set_ui(x[r][0], 1, MPFR_RNDN);
        mpfr_set_zero(x[r][1], 1);
        mpfr_set_zero(t, 1);
        mpfr_set_str(T, r == 1 ? "3.3" : "7", 10, MPFR_RNDN); /* a different run between */
        ck_assert_int_eq(nhref_integrate_until(ig, x[r][0], t, T, NULL), NHREF_OK);
    }
    ck_assert_mpfr_eq(x[2][0], x[0][0]);
    ck_assert_mpfr_eq(x[2][1], x[0][1]);
    for (int r = 0; r < 3; r++)
        mpfr_clears(x[r][0], x[r][1], (mpfr_ptr)0);
    mpfr_clears(t, T, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ events */
typedef struct {
    int n;
    size_t k[8];
    double t[8];
} event_log_t;

static void log_event(void *arg, size_t k, mpfr_srcptr t, mpfr_srcptr x)
{
    event_log_t *l = arg;
    (void)x;
    if (l->n < 8) {
        l->k[l->n] = k;
        l->t[l->n++] = mpfr_get_d(t, MPFR_RNDN);
    }
}

/* a model-declared terminal event (x = 1/2 falling, at t = pi/3) stops the run
 * there to the working precision, with the state cos(pi/3) = 1/2; grid rows
 * after it stay unfilled */
START_TEST(test_model_event_stops)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    nhref_stats_t st;
    mpfr_t x[2], t, T, want;

    nhref_options_default(&opt);
    opt.digits = 40;
    ig = make(&sys, &model_osc_event, (size_t)_i, &opt);
    mpfr_inits2(nhref_integrator_prec(ig), x[0], x[1], t, T, want, (mpfr_ptr)0);
    mpfr_set_ui(x[0], 1, MPFR_RNDN);
    mpfr_set_zero(x[1], 1);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(T, 5, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x[0], t, T, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_EVENT);
    ck_assert_int_eq(st.event, 0);
    mpfr_const_pi(want, MPFR_RNDN);
    mpfr_div_ui(want, want, 3, MPFR_RNDN);
    ck_assert_mpfr_digits(t, want, 38, "1");
    ck_assert_mpfr_str(x[0], "0.5", 38, "1");
    mpfr_clears(x[0], x[1], t, T, want, (mpfr_ptr)0);
    nhref_integrator_free(ig);

    /* the same model with its events off reaches T */
    opt.no_model_events = 1;
    opt.scheme = nhref_scheme_get((size_t)_i)->name;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    mpfr_inits2(nhref_integrator_prec(ig), x[0], x[1], t, T, (mpfr_ptr)0);
    mpfr_set_ui(x[0], 1, MPFR_RNDN);
    mpfr_set_zero(x[1], 1);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(T, 5, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x[0], t, T, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_REACHED);
    mpfr_clears(x[0], x[1], t, T, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* user events on the oscillator x = cos t, y = -sin t over [0, 8.5]: x = 0 recorded
 * in both directions (pi/2, 3pi/2, 5pi/2), y = 0 recorded rising only (at pi; at 2pi
 * it falls), and the terminal event t - 8 = 0 */
START_TEST(test_user_events)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    nhref_stats_t st;
    nhref_tape_t *gx, *gy, *gt;
    const nhref_tape_t *tapes[3];
    static const nhref_event_desc_t desc[3] = {
        {"x0", "x = 0", 0, 0}, {"y0", "y = 0 rising", 1, 0}, {"t8", "t = 8", 0, 1}};
    event_log_t log = {0};
    mpfr_t x[2], t, T;
    const double pi = 3.14159265358979323846;
    const double want_t[] = {pi / 2, pi, 3 * pi / 2, 5 * pi / 2};
    const size_t want_k[] = {0, 1, 0, 0};

    ck_assert_int_eq(nhref_tape_new(&gx, 2, 0, 1), NHREF_OK);
    nhref_tape_set_output(gx, 0, nhref_tape_state(gx, 0));
    ck_assert_int_eq(nhref_tape_new(&gy, 2, 0, 1), NHREF_OK);
    nhref_tape_set_output(gy, 0, nhref_tape_state(gy, 1));
    ck_assert_int_eq(nhref_tape_new(&gt, 2, 0, 1), NHREF_OK);
    nhref_tape_set_output(gt, 0, nhref_tape_sub(gt, nhref_tape_time(gt), nhref_tape_const(gt, "8")));
    tapes[0] = gx;
    tapes[1] = gy;
    tapes[2] = gt;
    nhref_options_default(&opt);
    opt.digits = 30;
    opt.nuser_event = 3;
    opt.user_event_tape = tapes;
    opt.user_event = desc;
    opt.on_event = log_event;
    opt.on_event_arg = &log;
    ig = make(&sys, &model_osc, (size_t)_i, &opt);
    mpfr_inits2(nhref_integrator_prec(ig), x[0], x[1], t, T, (mpfr_ptr)0);
    mpfr_set_ui(x[0], 1, MPFR_RNDN);
    mpfr_set_zero(x[1], 1);
    mpfr_set_zero(t, 1);
    mpfr_set_str(T, "8.5", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x[0], t, T, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_EVENT);
    ck_assert_int_eq(st.event, 2);
    ck_assert_mpfr_str(t, "8", 28, "1");
    /* recorded: x = 0 at pi/2, 3pi/2, 5pi/2; y = 0 rising at pi only (2pi is falling);
     * the terminal event last */
    ck_assert_int_eq(log.n, 5);
    {
        /* order within a step follows the event index: sort by time */
        for (int a = 0; a < log.n; a++)
            for (int b = a + 1; b < log.n; b++)
                if (log.t[b] < log.t[a]) {
                    double tt = log.t[a];
                    size_t kk = log.k[a];
                    log.t[a] = log.t[b];
                    log.k[a] = log.k[b];
                    log.t[b] = tt;
                    log.k[b] = kk;
                }
        for (int a = 0; a < 4; a++) {
            ck_assert_uint_eq(log.k[a], want_k[a]);
            ck_assert_msg(fabs(log.t[a] - want_t[a]) < 1e-14, "event %d at %.17g, want %.17g", a,
                          log.t[a], want_t[a]);
        }
        ck_assert_uint_eq(log.k[4], 2);
    }
    mpfr_clears(x[0], x[1], t, T, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
    nhref_tape_free(gx);
    nhref_tape_free(gy);
    nhref_tape_free(gt);
}
END_TEST

/* ------------------------------------------------------------------ Gauss–Legendre only */
static const unsigned stage_counts[] = {1, 2, 3, 5, 8, 20, 40};
static const mpfr_prec_t coeff_precs[] = {53, 200, 1000};
#define NSC (sizeof stage_counts / sizeof stage_counts[0])
#define NCP (sizeof coeff_precs / sizeof coeff_precs[0])

/* B(2s): sum_i b_i c_i^{k-1} = 1/k, k <= 2s;  C(s): sum_j a_ij c_j^{k-1} = c_i^k / k, k <= s;
 * nodes in (0, 1), increasing, symmetric: c_i + c_{s-1-i} = 1 */
START_TEST(test_gauss_order_conditions)
{
    unsigned s = stage_counts[_i % NSC];
    mpfr_prec_t prec = coeff_precs[_i / NSC];
    /* round-off of sums of s terms of size up to ~1 at prec bits, with the
     * Lagrange weights' growth: a few bits per doubling of s */
    double digits = (double)prec * 0.30103 - 2 - 0.5 * log10((double)s) - (s >= 20 ? 1 : 0);
    nhref_gauss_coeffs_t g;
    mpfr_t sum, p, want;

    ck_assert_int_eq(nhref_gauss_coeffs_init(&g, s, prec), 0);
    mpfr_inits2(prec + 64, sum, p, want, (mpfr_ptr)0);
    for (unsigned i = 0; i < s; i++) {
        ck_assert(mpfr_sgn(g.c + i) > 0 && mpfr_cmp_ui(g.c + i, 1) < 0);
        if (i > 0)
            ck_assert(mpfr_greater_p(g.c + i, g.c + i - 1));
        mpfr_add(sum, g.c + i, g.c + (s - 1 - i), MPFR_RNDN);
        mpfr_set_ui(want, 1, MPFR_RNDN);
        ck_assert_mpfr_digits(sum, want, digits, "1");
    }
    for (unsigned k = 1; k <= 2 * s; k++) {
        mpfr_set_zero(sum, 1);
        for (unsigned i = 0; i < s; i++) {
            mpfr_pow_ui(p, g.c + i, k - 1, MPFR_RNDN);
            mpfr_fma(sum, g.b + i, p, sum, MPFR_RNDN);
        }
        mpfr_set_ui(want, 1, MPFR_RNDN);
        mpfr_div_ui(want, want, k, MPFR_RNDN);
        ck_assert_mpfr_digits(sum, want, digits, "1");
    }
    for (unsigned i = 0; i < s; i++)
        for (unsigned k = 1; k <= s; k++) {
            mpfr_set_zero(sum, 1);
            for (unsigned j = 0; j < s; j++) {
                mpfr_pow_ui(p, g.c + j, k - 1, MPFR_RNDN);
                mpfr_fma(sum, g.a + (size_t)i * s + j, p, sum, MPFR_RNDN);
            }
            mpfr_pow_ui(want, g.c + i, k, MPFR_RNDN);
            mpfr_div_ui(want, want, k, MPFR_RNDN);
            ck_assert_mpfr_digits(sum, want, digits, "1");
        }
    mpfr_clears(sum, p, want, (mpfr_ptr)0);
    nhref_gauss_coeffs_clear(&g);
}
END_TEST

/* a quadratic first integral: the sleigh's energy E = (m v^2 + IA omega^2)/2 over a
 * long run (Fig. 2 case to T = 400, 30 digits).  Gauss keeps it to round-off; the
 * Taylor scheme, which is not built to, drifts at the level of its tolerance */
static double energy_drift(const char *scheme, mpfr_prec_t *prec)
{
    const nhref_model_t *m = nhref_model_find("chaplygin_sleigh");
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    nhref_options_t opt;
    mpfr_t x[5], t, T, I0[4], I1[4], d;
    double r;

    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    nhref_options_default(&opt);
    opt.digits = 30;
    opt.scheme = scheme;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    *prec = nhref_integrator_prec(ig);
    for (int i = 0; i < 5; i++)
        mpfr_init2(x[i], *prec);
    for (int i = 0; i < 4; i++)
        mpfr_inits2(*prec, I0[i], I1[i], (mpfr_ptr)0);
    mpfr_inits2(*prec, t, T, d, (mpfr_ptr)0);
    for (int i = 0; i < 5; i++)
        mpfr_set_ui(x[i], i == 4, MPFR_RNDN);
    mpfr_set_zero(t, 1);
    nhref_integrator_integrals(ig, I0[0], t, x[0]);
    mpfr_set_ui(T, 400, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x[0], t, T, NULL), NHREF_OK);
    nhref_integrator_integrals(ig, I1[0], t, x[0]);
    mpfr_sub(d, I1[0], I0[0], MPFR_RNDN);
    mpfr_div(d, d, I0[0], MPFR_RNDN);
    r = fabs(mpfr_get_d(d, MPFR_RNDN));
    for (int i = 0; i < 5; i++)
        mpfr_clear(x[i]);
    for (int i = 0; i < 4; i++)
        mpfr_clears(I0[i], I1[i], (mpfr_ptr)0);
    mpfr_clears(t, T, d, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
    return r;
}

START_TEST(test_gauss_quadratic_integral)
{
    mpfr_prec_t pg, pt;
    double dg = energy_drift("gauss", &pg), dt = energy_drift("taylor", &pt);
    double roundoff = ldexp(1.0, 20 - (int)pg); /* ~ 10^6 ulps over the run */
    printf("energy drift over T = 400 at 30 digits (%ld bits): gauss %.3g, taylor %.3g, "
           "round-off level %.3g\n", (long)pg, dg, dt, roundoff);
    ck_assert_msg(dg <= roundoff, "gauss: energy drift %.3g above round-off %.3g", dg, roundoff);
    ck_assert_msg(dt > 100 * dg, "taylor drift %.3g vs gauss %.3g: expected the Taylor drift to "
                  "sit at its tolerance, far above Gauss's round-off", dt, dg);
}
END_TEST

static Suite *schemes_suite(void)
{
    Suite *s = suite_create("schemes");
    TCase *tc = tcase_create("battery");
    int n = (int)nhref_scheme_count();
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_observed_order, 0, n);
    tcase_add_loop_test(tc, test_tolerance_met, 0, n);
    tcase_add_loop_test(tc, test_dense_matches_stepping, 0, n);
    tcase_add_loop_test(tc, test_undefined_mid_run, 0, n);
    tcase_add_loop_test(tc, test_precision_consistency, 0, n);
    tcase_add_loop_test(tc, test_model_event_stops, 0, n);
    tcase_add_loop_test(tc, test_runs_are_independent, 0, n);
    tcase_add_loop_test(tc, test_user_events, 0, n);
    suite_add_tcase(s, tc);
    tc = tcase_create("gauss");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_gauss_order_conditions, 0, (int)(NSC * NCP));
    tcase_add_test(tc, test_gauss_quadratic_integral);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(schemes_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
