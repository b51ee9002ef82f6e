/* check_schemes.c -- the scheme battery: every registered scheme (schemes.def) in the
 * number type this program is compiled for (check_schemes_d, _mp, _arb: one source,
 * -DNHREF_NUM), so a new scheme or a new type is tested by registering it.
 *
 * Per scheme: observed order (the order the scheme reports, not a number written
 * here), tolerance met, dense output vs stepping, a right-hand side undefined mid-run,
 * precision consistency (MPFR and Arb), runs independent of the runs before, events
 * (model-declared and user, terminal and recorded), the blow-up outcome, the model's
 * initial-state checks, statistics and progress, for symmetric schemes a quadratic
 * first integral kept to round-off, and no allocation in the step loop.  In MPFR
 * only: the Gauss–Legendre order conditions B(2s), C(s) of the tableau, and the
 * Taylor scheme's drift against Gauss's.  Expected values: cos, sin, pi, exact
 * rationals, the closed forms of y' = sqrt(1 - t) and y' = y^2.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/num.h"

#include "ck_mpfr.h"
#include "nhref_integrate.h"
#include "schemes/gauss_coeffs.h"
#if NHREF_NUM == NHREF_NUM_D
#include "nhref_fast.h"
#elif NHREF_NUM == NHREF_NUM_ARB
#include "integrate/driver_arb.h"
#endif

/* ------------------------------------------------------------------ allocation counter */
#if NHREF_NUM == NHREF_NUM_ARB
#define CK_ALLOC_FLINT 1 /* Arb's own allocations counted apart */
#endif
#include "ck_alloc.h"

typedef NUM_TYPE(nhref_integrator) integrator_t;

/* the working precision, and digits that this type can reach (double: fewer) */
#if NHREF_NUM == NHREF_NUM_D
#define TPREC 53
#define DIG(mp, d) (d)
#else
#define TPREC 200
#define DIG(mp, d) (mp)
#endif

#define SCHEME(i) (nhref_scheme_get((size_t)(i)))

/* ------------------------------------------------------------------ helpers */
static num_ptr vec(size_t n)
{
    num_ptr v = num_vec_new(n, TPREC);
    ck_assert_ptr_nonnull(v);
    return v;
}

static void set(num_ptr x, const char *decimal)
{
    ck_assert_int_eq(num_set_decimal(x, decimal, TPREC), NHREF_OK);
}

/* digits of agreement of X with the MPFR value WANT (mixed, scale 1; Arb: midpoint) */
static double digits(num_srcptr x, mpfr_srcptr want)
{
    mpfr_t m;
    double d;
    mpfr_init2(m, TPREC + 64);
    num_get_mpfr(m, x);
    d = ck_mpfr_agree_digits(m, want, "1");
    mpfr_clear(m);
    return d;
}

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
    nhref_tape_set_output(tp, 0, nhref_tape_sqrt(tp, nhref_tape_sub(tp, nhref_tape_const(tp, "1"),
                                                                   nhref_tape_time(tp))));
    return nhref_tape_status(tp);
}

static int build_riccati(nhref_tape_t *tp) /* y' = y^2: y = 1/(1 - t), blow-up at t = 1 */
{
    nhref_tape_set_output(tp, 0, nhref_tape_sqr(tp, nhref_tape_state(tp, 0)));
    return nhref_tape_status(tp);
}

/* the oscillator declaring an event: x = 1/2, terminal, falling (cos t = 1/2: t = pi/3) */
static int build_half(nhref_tape_t *tp)
{
    nhref_tape_set_output(tp, 0, nhref_tape_sub(tp, nhref_tape_state(tp, 0),
                                                nhref_tape_const(tp, "0.5")));
    return nhref_tape_status(tp);
}

/* the oscillator's initial state must lie on the unit circle (to 1e-10) */
static int check_circle(mpfr_srcptr p, mpfr_srcptr x0, char *why, size_t len)
{
    mpfr_t r;
    int bad;
    (void)p;
    mpfr_init2(r, mpfr_get_prec(x0));
    mpfr_hypot(r, x0, x0 + 1, MPFR_RNDN);
    mpfr_sub_ui(r, r, 1, MPFR_RNDN);
    bad = mpfr_cmp_d(r, 1e-10) > 0 || mpfr_cmp_d(r, -1e-10) < 0;
    mpfr_clear(r);
    if (bad) {
        snprintf(why, len, "x^2 + y^2 must be 1");
        return NHREF_EPARAM;
    }
    return NHREF_OK;
}

static const nhref_event_desc_t half_event[] = {{"half", "x = 1/2", -1, 1}};
static const nhref_model_t model_osc = {.name = "osc", .nstate = 2, .state = two,
                                        .build_rhs = build_osc};
static const nhref_model_t model_osc_event = {.name = "osc_event", .nstate = 2, .state = two,
                                              .build_rhs = build_osc, .nevent = 1,
                                              .event = half_event, .build_events = build_half};
static const nhref_model_t model_circle = {.name = "circle", .nstate = 2, .state = two,
                                           .build_rhs = build_osc, .check_init = check_circle};
static const nhref_model_t model_sqrt = {.name = "sqrt", .nstate = 1, .state = one,
                                         .build_rhs = build_sqrt};
static const nhref_model_t model_riccati = {.name = "riccati", .nstate = 1, .state = one,
                                            .build_rhs = build_riccati};

static integrator_t *make(nhref_system_t **sys, const nhref_model_t *m, int scheme,
                          const nhref_options_t *opt0)
{
    nhref_options_t opt = *opt0;
    integrator_t *ig;
    opt.scheme = SCHEME(scheme)->name;
    if (NHREF_NUM != NHREF_NUM_D && opt.prec == 0)
        opt.prec = TPREC;
    ck_assert_int_eq(nhref_system_new(sys, m), NHREF_OK);
    ck_assert_int_eq(NUM_FN(nhref_integrator_new)(&ig, *sys, &opt), NHREF_OK);
    return ig;
}

/* the oscillator from (1, 0) at t = 0 to T: the digits of the max-norm error against
 * (cos T, -sin T); *ORDER = the order the integrator reports */
static double osc_digits(int scheme, const nhref_options_t *opt, const char *T, unsigned *order)
{
    nhref_system_t *sys;
    integrator_t *ig = make(&sys, &model_osc, scheme, opt);
    num_ptr x = vec(2), t = vec(1), tend = vec(1);
    mpfr_t c, s, Tm;
    double d;

    mpfr_inits2(TPREC + 64, c, s, Tm, (mpfr_ptr)0);
    set(x, "1");
    set(tend, T);
    ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, tend, NULL), NHREF_OK);
    num_get_mpfr(Tm, tend);
    mpfr_sin_cos(s, c, Tm, MPFR_RNDN);
    mpfr_neg(s, s, MPFR_RNDN);
    d = fmin(digits(x, c), digits(x + 1, s));
    if (order != NULL)
        *order = NUM_FN(nhref_integrator_order)(ig);
    mpfr_clears(c, s, Tm, (mpfr_ptr)0);
    num_vec_free(x, 2);
    num_vec_free(t, 1);
    num_vec_free(tend, 1);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
    return d;
}

/* ------------------------------------------------------------------ the battery */
/* observed order with a fixed step: the errors at h = 1/2, 1/4, 1/8 fall by 2^p, p the
 * order the scheme reports for a tolerance of 10^-4 (taylor: 6; gauss: 2 stages, 4) */
START_TEST(test_observed_order)
{
    nhref_options_t opt;
    double d[3];
    unsigned order = 0;
    const double h[3] = {0.5, 0.25, 0.125};

    nhref_options_default(&opt);
    opt.digits = 4;
    for (int i = 0; i < 3; i++) {
        opt.h_fixed = h[i];
        d[i] = osc_digits(_i, &opt, "2", &order);
    }
    ck_assert_uint_ge(order, 2);
    for (int i = 0; i < 2; i++) {
        double p = (d[i + 1] - d[i]) / log10(2.0);
        ck_assert_msg(fabs(p - order) < 0.5, "%s/%s: observed order %.3f between h = %g and %g, "
                      "reported %u", SCHEME(_i)->name, NUM_NAME, p, h[i], h[i + 1], order);
    }
}
END_TEST

/* adaptive runs meet their tolerance, and the error falls as the digits rise */
START_TEST(test_tolerance_met)
{
    nhref_options_t opt;
    const double want[2] = {DIG(20, 6), DIG(40, 12)};
    double got[2];

    nhref_options_default(&opt);
    for (int i = 0; i < 2; i++) {
        opt.digits = want[i];
        got[i] = osc_digits(_i, &opt, "10", NULL);
        ck_assert_msg(got[i] >= want[i] - 2, "%s/%s: %.2f digits for a tolerance of 1e-%g",
                      SCHEME(_i)->name, NUM_NAME, got[i], want[i]);
    }
    ck_assert(got[1] > got[0] + DIG(10, 4));
}
END_TEST

/* rows between steps (dense output) agree with integrating to the same time */
START_TEST(test_dense_matches_stepping)
{
    enum { N = 6 };
    static const char *times[N] = {"0", "0.37", "1.5", "2.9", "4.41", "7"};
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    num_ptr grid = vec(N), rows = vec(2 * N), x = vec(2), t = vec(1);
    mpfr_t a, b;

    nhref_options_default(&opt);
    opt.digits = DIG(30, 14);
    ig = make(&sys, &model_osc, _i, &opt);
    mpfr_inits2(TPREC, a, b, (mpfr_ptr)0);
    for (int i = 0; i < N; i++)
        set(grid + i, times[i]);
    set(x, "1");
    ck_assert_int_eq(NUM_FN(nhref_integrate_grid)(ig, rows, x, grid, N, NULL), NHREF_OK);
    for (int i = 1; i < N; i++) {
        set(x, "1");
        set(x + 1, "0");
        set(t, "0");
        ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, grid + i, NULL), NHREF_OK);
        for (int k = 0; k < 2; k++) {
            num_get_mpfr(a, rows + 2 * i + k);
            num_get_mpfr(b, x + k);
            ck_assert_mpfr_digits(a, b, DIG(28, 12), "1");
        }
    }
    mpfr_clears(a, b, (mpfr_ptr)0);
    num_vec_free(grid, N);
    num_vec_free(rows, 2 * N);
    num_vec_free(x, 2);
    num_vec_free(t, 1);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
}
END_TEST

/* y' = sqrt(1 - t) is undefined past t = 1: integrating to t = 2 ends with an error at
 * t = 1 (DESIGN §7: trial steps shrink, the run stops) and the state there is right to
 * the tolerance.  A scheme may land a hair past t = 1 (the Taylor step from t = 1 - d
 * is sized on coefficients of size d^{3/2 - k}), so t - 1 up to 1e-8 is allowed and the
 * solution's limit is used beyond 1. */
START_TEST(test_undefined_mid_run)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_stats_t st;
    num_ptr y = vec(1), t = vec(1), T = vec(1);
    mpfr_t want, tm;
    int status;

    nhref_options_default(&opt);
    opt.digits = DIG(25, 12);
    opt.max_steps = 20000;
    ig = make(&sys, &model_sqrt, _i, &opt);
    mpfr_inits2(TPREC + 64, want, tm, (mpfr_ptr)0);
    set(T, "2");
    status = NUM_FN(nhref_integrate_until)(ig, y, t, T, &st);
    ck_assert_msg(status != NHREF_OK, "%s/%s integrated through the singularity",
                  SCHEME(_i)->name, NUM_NAME);
    /* an error, or (status NHREF_ESTEP) the step size underflowed: not a blow-up, y
     * stays below 1 */
    ck_assert_msg((st.outcome == NHREF_OUTCOME_FAILED && status != NHREF_ESTEP) ||
                      (st.outcome == NHREF_OUTCOME_UNDERFLOW && status == NHREF_ESTEP),
                  "%s/%s: %s, outcome %s", SCHEME(_i)->name, NUM_NAME, nhref_status_name(status),
                  nhref_outcome_str(st.outcome));
    num_get_mpfr(tm, t);
    mpfr_sub_ui(want, tm, 1, MPFR_RNDN);
    ck_assert_msg(mpfr_cmp_d(want, -0.01) > 0 && mpfr_cmp_d(want, 1e-8) <= 0,
                  "%s/%s stopped at t = 1 + %.3g (%s)", SCHEME(_i)->name, NUM_NAME,
                  mpfr_get_d(want, MPFR_RNDN), nhref_status_name(status));
    /* y(t) = (2/3)(1 - (1 - t)^{3/2}), and 2/3 past t = 1 */
    mpfr_ui_sub(want, 1, tm, MPFR_RNDN);
    if (mpfr_sgn(want) < 0)
        mpfr_set_zero(want, 1);
    mpfr_pow_ui(want, want, 3, MPFR_RNDN);
    mpfr_sqrt(want, want, MPFR_RNDN);
    mpfr_ui_sub(want, 1, want, MPFR_RNDN);
    mpfr_mul_ui(want, want, 2, MPFR_RNDN);
    mpfr_div_ui(want, want, 3, MPFR_RNDN);
    ck_assert_msg(digits(y, want) >= DIG(22, 9), "%s/%s: y(1) to %.1f digits", SCHEME(_i)->name,
                  NUM_NAME, digits(y, want));
    mpfr_clears(want, tm, (mpfr_ptr)0);
    num_vec_free(y, 1);
    num_vec_free(t, 1);
    num_vec_free(T, 1);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
}
END_TEST

#if NHREF_NUM != NHREF_NUM_D
/* the same run at p and p + 64 bits (same tolerance) agrees to the tolerance */
static void osc_state(mpfr_ptr out, int scheme, long prec)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    num_ptr x = num_vec_new(2, prec), t = num_vec_new(1, prec), T = num_vec_new(1, prec);

    nhref_options_default(&opt);
    opt.digits = 45;
    opt.prec = prec;
    ig = make(&sys, &model_osc, scheme, &opt);
    num_set_decimal(x, "1", prec);
    num_set_decimal(T, "12", prec);
    ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, T, NULL), NHREF_OK);
    num_get_mpfr(out, x);
    num_get_mpfr(out + 1, x + 1);
    num_vec_free(x, 2);
    num_vec_free(t, 1);
    num_vec_free(T, 1);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
}

START_TEST(test_precision_consistency)
{
    mpfr_t a[2], b[2];
    mpfr_inits2(200, a[0], a[1], (mpfr_ptr)0);
    mpfr_inits2(264, b[0], b[1], (mpfr_ptr)0);
    osc_state(a[0], _i, 200);
    osc_state(b[0], _i, 264);
    ck_assert_mpfr_digits(a[0], b[0], 43, "1");
    ck_assert_mpfr_digits(a[1], b[1], 43, "1");
    mpfr_clears(a[0], a[1], b[0], b[1], (mpfr_ptr)0);
}
END_TEST
#endif

/* the same integrator run twice from the same state gives the same bits: nothing
 * carries over from one integration to the next (step-size history, compensation) */
START_TEST(test_runs_are_independent)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    num_ptr x = vec(6), t = vec(1), T = vec(1);

    nhref_options_default(&opt);
    opt.digits = DIG(25, 12);
    ig = make(&sys, &model_osc, _i, &opt);
    for (int r = 0; r < 3; r++) {
        set(x + 2 * r, "1");
        set(t, "0");
        set(T, r == 1 ? "3.3" : "7"); /* a different run between */
        ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x + 2 * r, t, T, NULL), NHREF_OK);
    }
    ck_assert(num_equal(x + 4, x) && num_equal(x + 5, x + 1));
    num_vec_free(x, 6);
    num_vec_free(t, 1);
    num_vec_free(T, 1);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ events */
typedef struct {
    int n;
    size_t k[8];
    double t[8];
} event_log_t;

static void log_event(void *arg, size_t k, num_srcptr t, num_srcptr x)
{
    event_log_t *l = arg;
    (void)x;
    if (l->n < 8) {
        l->k[l->n] = k;
        l->t[l->n++] = num_get_d(t);
    }
}

/* a model-declared terminal event (x = 1/2 falling, at t = pi/3) stops the run there to
 * the working precision, with the state cos(pi/3) = 1/2; with the model's events off the
 * run reaches T */
START_TEST(test_model_event_stops)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_stats_t st;
    num_ptr x = vec(2), t = vec(1), T = vec(1);
    mpfr_t want;

    nhref_options_default(&opt);
    opt.digits = DIG(40, 14);
    ig = make(&sys, &model_osc_event, _i, &opt);
    mpfr_init2(want, TPREC + 64);
    set(x, "1");
    set(T, "5");
    ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, T, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_EVENT);
    ck_assert_int_eq(st.event, 0);
    mpfr_const_pi(want, MPFR_RNDN);
    mpfr_div_ui(want, want, 3, MPFR_RNDN);
    ck_assert_msg(digits(t, want) >= DIG(38, 13), "%s/%s: event at pi/3 to %.1f digits",
                  SCHEME(_i)->name, NUM_NAME, digits(t, want));
    mpfr_set_str(want, "0.5", 10, MPFR_RNDN);
    ck_assert(digits(x, want) >= DIG(38, 13));
    NUM_FN(nhref_integrator_free)(ig);

    opt.no_model_events = 1;
    opt.scheme = SCHEME(_i)->name;
    if (NHREF_NUM != NHREF_NUM_D)
        opt.prec = TPREC;
    ck_assert_int_eq(NUM_FN(nhref_integrator_new)(&ig, sys, &opt), NHREF_OK);
    set(x, "1");
    set(x + 1, "0");
    set(t, "0");
    ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, T, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_REACHED);
    mpfr_clear(want);
    num_vec_free(x, 2);
    num_vec_free(t, 1);
    num_vec_free(T, 1);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
}
END_TEST

/* user events on the oscillator x = cos t, y = -sin t over [0, 8.5]: x = 0 recorded in
 * both directions (pi/2, 3pi/2, 5pi/2), y = 0 recorded rising only (at pi; at 2pi it
 * falls), and the terminal event t - 8 = 0 */
START_TEST(test_user_events)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_stats_t st;
    nhref_tape_t *gx, *gy, *gt;
    const nhref_tape_t *tapes[3];
    static const nhref_event_desc_t desc[3] = {
        {"x0", "x = 0", 0, 0}, {"y0", "y = 0 rising", 1, 0}, {"t8", "t = 8", 0, 1}};
    event_log_t log = {0};
    num_ptr x = vec(2), t = vec(1), T = vec(1);
    const double pi = 3.14159265358979323846;
    const double want_t[] = {pi / 2, pi, 3 * pi / 2, 5 * pi / 2};
    const size_t want_k[] = {0, 1, 0, 0};

    ck_assert_int_eq(nhref_tape_new(&gx, 2, 0, 1), NHREF_OK);
    nhref_tape_set_output(gx, 0, nhref_tape_state(gx, 0));
    ck_assert_int_eq(nhref_tape_new(&gy, 2, 0, 1), NHREF_OK);
    nhref_tape_set_output(gy, 0, nhref_tape_state(gy, 1));
    ck_assert_int_eq(nhref_tape_new(&gt, 2, 0, 1), NHREF_OK);
    nhref_tape_set_output(gt, 0,
                          nhref_tape_sub(gt, nhref_tape_time(gt), nhref_tape_const(gt, "8")));
    tapes[0] = gx;
    tapes[1] = gy;
    tapes[2] = gt;
    nhref_options_default(&opt);
    opt.digits = DIG(30, 14);
    opt.nuser_event = 3;
    opt.user_event_tape = tapes;
    opt.user_event = desc;
    ig = make(&sys, &model_osc, _i, &opt);
    NUM_FN(nhref_integrator_on_event)(ig, log_event, &log);
    set(x, "1");
    set(T, "8.5");
    ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, T, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_EVENT);
    ck_assert_int_eq(st.event, 2);
    ck_assert(fabs(num_get_d(t) - 8) < 1e-13);
    /* recorded: x = 0 at pi/2, 3pi/2, 5pi/2; y = 0 rising at pi only; the terminal last */
    ck_assert_int_eq(log.n, 5);
    for (int a = 0; a < log.n; a++) /* order within a step follows the event index */
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
        ck_assert_msg(fabs(log.t[a] - want_t[a]) < DIG(1e-14, 1e-12),
                      "%s/%s: event %d at %.17g, want %.17g", SCHEME(_i)->name, NUM_NAME, a,
                      log.t[a], want_t[a]);
    }
    ck_assert_uint_eq(log.k[4], 2);
    num_vec_free(x, 2);
    num_vec_free(t, 1);
    num_vec_free(T, 1);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
    nhref_tape_free(gx);
    nhref_tape_free(gy);
    nhref_tape_free(gt);
}
END_TEST

/* a sign change across a pole is no event: on the oscillator x = cos t over [0, 2],
 * g = 1/x changes sign at t = pi/2 through a pole only.  Recorded or terminal, it was
 * reported as a crossing there; now the run reaches T with no event, while x itself
 * (a zero at pi/2) is still recorded */
START_TEST(test_event_pole)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_stats_t st;
    nhref_tape_t *g, *gx;
    const nhref_tape_t *tapes[2];
    static const nhref_event_desc_t desc[2] = {{"g", "1/x = 0", 0, 0}, {"x", "x = 0", 0, 0}};
    static const nhref_event_desc_t tdesc[1] = {{"g", "1/x = 0", 0, 1}};
    event_log_t log = {0};
    num_ptr x = vec(2), t = vec(1), T = vec(1);
    const double pi = 3.14159265358979323846;

    ck_assert_int_eq(nhref_tape_new(&g, 2, 0, 1), NHREF_OK);
    nhref_tape_set_output(g, 0, nhref_tape_div(g, nhref_tape_const(g, "1"), nhref_tape_state(g, 0)));
    ck_assert_int_eq(nhref_tape_new(&gx, 2, 0, 1), NHREF_OK);
    nhref_tape_set_output(gx, 0, nhref_tape_state(gx, 0));
    tapes[0] = g;
    tapes[1] = gx;
    nhref_options_default(&opt);
    opt.digits = DIG(30, 14);
    opt.nuser_event = 2;
    opt.user_event_tape = tapes;
    opt.user_event = desc;
    ig = make(&sys, &model_osc, _i, &opt);
    NUM_FN(nhref_integrator_on_event)(ig, log_event, &log);
    set(x, "1");
    set(T, "2");
    ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, T, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_REACHED);
    ck_assert_msg(log.n == 1 && log.k[0] == 1, "%s/%s: %d events (the first: %zu at %.17g)",
                  SCHEME(_i)->name, NUM_NAME, log.n, log.n > 0 ? log.k[0] : 0,
                  log.n > 0 ? log.t[0] : 0.0);
    ck_assert(fabs(log.t[0] - pi / 2) < DIG(1e-14, 1e-12));
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);

    /* terminal: the pole does not stop the run */
    opt.nuser_event = 1;
    opt.user_event = tdesc;
    ig = make(&sys, &model_osc, _i, &opt);
    set(x, "1");
    set(x + 1, "0");
    set(t, "0");
    ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, T, &st), NHREF_OK);
    ck_assert_msg(st.outcome == NHREF_OUTCOME_REACHED, "%s/%s: %s at t = %.17g",
                  SCHEME(_i)->name, NUM_NAME, nhref_outcome_str(st.outcome), num_get_d(t));
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
    num_vec_free(x, 2);
    num_vec_free(t, 1);
    num_vec_free(T, 1);
    nhref_tape_free(g);
    nhref_tape_free(gx);
}
END_TEST

/* ------------------------------------------------------------------ outcomes, checks, stats */
/* y' = y^2, y(0) = 1 blows up at t = 1.  Every scheme in every type ends with the
 * outcome BLOWUP (issue 16 item 8: the schemes without a radius of convergence ended
 * with "step size underflow"), estimates t* = 1 (from the radius of convergence, or
 * from the geometric decrease of the steps), and stops on the closed form
 * 1/(1 - t), never past the singularity; at 5 digits too (a low Taylor order, whose
 * radius estimate shrinks by less than 10% a step) */
START_TEST(test_blowup)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_stats_t st;
    num_ptr y = vec(1), t = vec(1), T = vec(1);
    int status;

    static const double dg[] = {DIG(30, 14), 5};
    for (int k = 0; k < 2; k++) {
        nhref_options_default(&opt);
        opt.digits = dg[k];
        opt.max_steps = 100000;
        ig = make(&sys, &model_riccati, _i, &opt);
        set(y, "1");
        set(t, "0");
        set(T, "2");
        status = NUM_FN(nhref_integrate_until)(ig, y, t, T, &st);
        ck_assert_msg(status == NHREF_EBLOWUP && st.outcome == NHREF_OUTCOME_BLOWUP,
                      "%s/%s at %g digits: %s, outcome %s", SCHEME(_i)->name, NUM_NAME, dg[k],
                      nhref_status_name(status), nhref_outcome_str(st.outcome));
        ck_assert_msg(fabs(st.t_blowup - 1) < (k == 0 ? 1e-6 : 1e-4),
                      "%s/%s at %g digits: blow-up estimated at %.17g", SCHEME(_i)->name,
                      NUM_NAME, dg[k], st.t_blowup);
        /* stopped before the estimate; at 30 digits (double: 14) before t = 1, on the
         * closed form 1/(1 - t) (at 5 digits the computed blow-up time itself is off by
         * about 1e-7 from 1) */
        ck_assert_msg(num_get_d(t) < st.t_blowup, "%s/%s at %g digits: t = %.17g, past %.17g",
                      SCHEME(_i)->name, NUM_NAME, dg[k], num_get_d(t), st.t_blowup);
        if (k == 0) {
            ck_assert_msg(num_cmp_d(t, 1) < 0, "%s/%s stopped at t = %.17g, past the blow-up at 1",
                          SCHEME(_i)->name, NUM_NAME, num_get_d(t));
            ck_assert_msg(fabs(num_get_d(y) * (1 - num_get_d(t)) - 1) < 1e-6,
                          "%s/%s: y = %.17g at t = %.17g", SCHEME(_i)->name, NUM_NAME,
                          num_get_d(y), num_get_d(t));
        }
        /* with the detection off, the run ends at the step size underflow (outcome
         * UNDERFLOW), not past it */
        if (k == 0) {
            NUM_FN(nhref_integrator_free)(ig);
            nhref_system_free(sys);
            opt.blowup_radius = 0;
            ig = make(&sys, &model_riccati, _i, &opt);
            set(y, "1");
            set(t, "0");
            status = NUM_FN(nhref_integrate_until)(ig, y, t, T, &st);
            /* (within round-off of t = 1: steps of an ulp may land on either side) */
            ck_assert_msg(status != NHREF_OK && st.outcome != NHREF_OUTCOME_BLOWUP &&
                              num_get_d(t) <= 1 + 1e-12,
                          "%s/%s without detection: %s, outcome %s at t = %.17g",
                          SCHEME(_i)->name, NUM_NAME, nhref_status_name(status),
                          nhref_outcome_str(st.outcome), num_get_d(t));
            ck_assert(status != NHREF_ESTEP || st.outcome == NHREF_OUTCOME_UNDERFLOW);
        }
        NUM_FN(nhref_integrator_free)(ig);
        nhref_system_free(sys);
    }
    num_vec_free(y, 1);
    num_vec_free(t, 1);
    num_vec_free(T, 1);
}
END_TEST

/* the model's initial-state conditions are checked in every type: off the unit circle
 * is NHREF_EPARAM with nothing integrated, on it the run goes */
START_TEST(test_initial_state_checked)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_stats_t st;
    num_ptr x = vec(2), grid = vec(2), rows = vec(4);

    nhref_options_default(&opt);
    opt.digits = DIG(20, 10);
    ig = make(&sys, &model_circle, _i, &opt);
    set(grid + 1, "1");
    set(x, "0.6");
    set(x + 1, "0.81");
    ck_assert_int_eq(NUM_FN(nhref_integrate_grid)(ig, rows, x, grid, 2, &st), NHREF_EPARAM);
    ck_assert_uint_eq(st.nrows, 0);
    ck_assert_uint_eq(st.nsteps, 0);
    set(x + 1, "0.8");
    ck_assert_int_eq(NUM_FN(nhref_integrate_grid)(ig, rows, x, grid, 2, &st), NHREF_OK);
    ck_assert_uint_eq(st.nrows, 2);
    num_vec_free(x, 2);
    num_vec_free(grid, 2);
    num_vec_free(rows, 4);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
}
END_TEST

typedef struct {
    int calls;
    double last;
    int monotone;
} progress_t;

static void on_progress(void *arg, double f)
{
    progress_t *p = arg;
    if (f < p->last || f < 0 || f > 1)
        p->monotone = 0;
    p->last = f;
    p->calls++;
}

static int count_rows(void *arg, size_t i, num_srcptr t, num_srcptr x)
{
    (void)t;
    (void)x;
    ck_assert_uint_eq((size_t)*(int *)arg, i); /* rows in order */
    (*(int *)arg)++;
    return 0;
}

/* statistics and progress: one progress call per step, rising to 1; rows to the
 * callback in order; the order reported for every step is the scheme's; t_stop = T */
START_TEST(test_stats_and_progress)
{
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_stats_t st;
    progress_t pr = {0, 0, 1};
    int nrow = 0;
    num_ptr x = vec(2), grid = vec(11);

    nhref_options_default(&opt);
    opt.digits = DIG(20, 10);
    opt.progress = on_progress;
    opt.progress_arg = &pr;
    ig = make(&sys, &model_osc, _i, &opt);
    NUM_FN(nhref_integrator_on_row)(ig, count_rows, &nrow);
    for (int i = 0; i <= 10; i++)
        num_set_si(grid + i, i);
    set(x, "1");
    ck_assert_int_eq(NUM_FN(nhref_integrate_grid)(ig, NULL, x, grid, 11, &st), NHREF_OK);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_REACHED);
    ck_assert_uint_eq(st.nrows, 11);
    ck_assert_int_eq(nrow, 11);
    ck_assert_uint_ge(st.nsteps, 1);
    ck_assert_uint_eq(st.order_max, NUM_FN(nhref_integrator_order)(ig));
    ck_assert_uint_eq(st.order_min, NUM_FN(nhref_integrator_order)(ig));
    ck_assert(st.h_min > 0 && st.h_min <= st.h_max && st.h_max <= 10);
    ck_assert(st.t_stop == 10);
    ck_assert_int_eq(pr.calls, (int)st.nsteps);
    ck_assert(pr.monotone && pr.last == 1);
    num_vec_free(x, 2);
    num_vec_free(grid, 11);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ symmetric schemes */
/* a quadratic first integral: the sleigh's energy E = (m v^2 + IA omega^2)/2 over a long
 * run (Fig. 2 case to T = 400).  A symmetric scheme keeps it to round-off; for the
 * others the test records the drift (and, in MPFR, that it sits far above) */
static double energy_drift(const char *scheme, long *prec)
{
    const nhref_model_t *m = nhref_model_find("chaplygin_sleigh");
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_options_t opt;
    num_ptr x = vec(5), t = vec(1), T = vec(1), I0 = vec(4), I1 = vec(4);
    mpfr_t a, b;
    double r;

    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    nhref_options_default(&opt);
    opt.digits = DIG(30, 15);
    opt.scheme = scheme;
    if (NHREF_NUM != NHREF_NUM_D)
        opt.prec = 0; /* from the digits */
    ck_assert_int_eq(NUM_FN(nhref_integrator_new)(&ig, sys, &opt), NHREF_OK);
    *prec = NUM_FN(nhref_integrator_prec)(ig);
    set(x + 4, "1");
    NUM_FN(nhref_integrator_integrals)(ig, I0, t, x);
    set(T, "400");
    ck_assert_int_eq(NUM_FN(nhref_integrate_until)(ig, x, t, T, NULL), NHREF_OK);
    NUM_FN(nhref_integrator_integrals)(ig, I1, t, x);
    mpfr_inits2(*prec + 64, a, b, (mpfr_ptr)0);
    num_get_mpfr(a, I1);
    num_get_mpfr(b, I0);
    mpfr_sub(a, a, b, MPFR_RNDN);
    mpfr_div(a, a, b, MPFR_RNDN);
    r = fabs(mpfr_get_d(a, MPFR_RNDN));
    mpfr_clears(a, b, (mpfr_ptr)0);
    num_vec_free(x, 5);
    num_vec_free(t, 1);
    num_vec_free(T, 1);
    num_vec_free(I0, 4);
    num_vec_free(I1, 4);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
    return r;
}

START_TEST(test_quadratic_integral)
{
    long prec;
    double d = energy_drift(SCHEME(_i)->name, &prec);
    double roundoff = ldexp(1.0, 20 - (int)prec); /* ~ 10^6 ulps over the run */
    printf("%s/%s: energy drift over T = 400 at %ld bits: %.3g (round-off level %.3g)\n",
           SCHEME(_i)->name, NUM_NAME, prec, d, roundoff);
    if (SCHEME(_i)->flags & NHREF_SCHEME_SYMMETRIC)
        ck_assert_msg(d <= roundoff, "%s/%s: energy drift %.3g above round-off %.3g",
                      SCHEME(_i)->name, NUM_NAME, d, roundoff);
}
END_TEST

#if NHREF_NUM == NHREF_NUM_MP
/* a scheme not built to keep quadratic integrals drifts at its tolerance, far above a
 * symmetric one's round-off (MPFR, 30 digits) */
START_TEST(test_symmetric_beats_others)
{
    long p;
    double sym = -1, other = -1;
    for (size_t i = 0; i < nhref_scheme_count(); i++) {
        double d = energy_drift(SCHEME(i)->name, &p);
        if (SCHEME(i)->flags & NHREF_SCHEME_SYMMETRIC)
            sym = fmax(sym, d);
        else
            other = other < 0 ? d : fmin(other, d);
    }
    if (sym >= 0 && other >= 0)
        ck_assert_msg(other > 100 * sym, "drift %.3g (not symmetric) vs %.3g (symmetric)", other,
                      sym);
}
END_TEST

/* ------------------------------------------------------------------ the Gauss tableau */
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
    /* round-off of sums of s terms of size up to ~1 at prec bits, with the Lagrange
     * weights' growth: a few bits per doubling of s */
    double dg = (double)prec * 0.30103 - 2 - 0.5 * log10((double)s) - (s >= 20 ? 1 : 0);
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
        ck_assert_mpfr_digits(sum, want, dg, "1");
    }
    for (unsigned k = 1; k <= 2 * s; k++) {
        mpfr_set_zero(sum, 1);
        for (unsigned i = 0; i < s; i++) {
            mpfr_pow_ui(p, g.c + i, k - 1, MPFR_RNDN);
            mpfr_fma(sum, g.b + i, p, sum, MPFR_RNDN);
        }
        mpfr_set_ui(want, 1, MPFR_RNDN);
        mpfr_div_ui(want, want, k, MPFR_RNDN);
        ck_assert_mpfr_digits(sum, want, dg, "1");
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
            ck_assert_mpfr_digits(sum, want, dg, "1");
        }
    mpfr_clears(sum, p, want, (mpfr_ptr)0);
    nhref_gauss_coeffs_clear(&g);
}
END_TEST
#endif

/* No allocation inside the step loop, in every scheme and every type: integrating the
 * oscillator over a grid into rows the caller owns allocates nothing, over 10 and over
 * 100 time units (a few steps and many: a per-step allocation would show in both).
 * The integrator has integrated once before, so that what a type grows on first use
 * is grown.  In Arb, what Arb's arithmetic allocates inside itself is counted apart
 * (ck_alloc.h) and printed, not asserted: an arf_t keeps a mantissa of up to two limbs
 * inline and a longer one on the heap, so a number whose value alternates between
 * short (0, 1/2, ...) and long mantissas allocates, and arb_fma forms its product in
 * a heap temporary (docs/performance.md). */
START_TEST(test_step_loop_allocates_nothing)
{
#ifdef COUNT_ALLOCATIONS
    nhref_options_t opt;
    nhref_system_t *sys;
    integrator_t *ig;
    nhref_stats_t st;
    num_ptr grid = vec(3), rows = vec(6), x = vec(2);
    long counts[3];
#ifdef CK_ALLOC_FLINT
    long arb_counts[3];
#endif

    nhref_options_default(&opt);
    opt.digits = DIG(30, 14);
#ifdef CK_ALLOC_FLINT
    ck_alloc_flint_apart();
#endif
    ig = make(&sys, &model_osc, _i, &opt);
    for (int pass = 0; pass < 3; pass++) {
        int status;
        set(x, "1");
        set(x + 1, "0");
        set(grid, "0");
        set(grid + 1, pass < 2 ? "5" : "50");
        set(grid + 2, pass < 2 ? "10" : "100");
        nalloc = 0;
#ifdef CK_ALLOC_FLINT
        nalloc_arb = 0;
#endif
        counting = 1; /* no Check assertion inside: Check allocates to record them */
        status = NUM_FN(nhref_integrate_grid)(ig, rows, x, grid, 3, &st);
        counting = 0;
        counts[pass] = nalloc;
#ifdef CK_ALLOC_FLINT
        arb_counts[pass] = nalloc_arb;
#endif
        ck_assert_int_eq(status, NHREF_OK);
        ck_assert_uint_gt(st.nsteps, pass < 2 ? 1 : 10);
    }
    ck_assert_msg(counts[1] == 0 && counts[2] == 0,
                  "%s: %ld allocations over 10 time units, %ld over 100 (first run: %ld)",
                  SCHEME(_i)->name, counts[1], counts[2], counts[0]);
#ifdef CK_ALLOC_FLINT
    printf("%s/arb: inside Arb, %ld allocations over 10 time units, %ld over 100 (first run: "
           "%ld)\n",
           SCHEME(_i)->name, arb_counts[1], arb_counts[2], arb_counts[0]);
#endif
    num_vec_free(grid, 3);
    num_vec_free(rows, 6);
    num_vec_free(x, 2);
    NUM_FN(nhref_integrator_free)(ig);
    nhref_system_free(sys);
#endif
}
END_TEST

/* ------------------------------------------------------------------ number kernels */
/* num_horner_n = the sum of each component's series, for every count of components
 * (each block size of num_d.h's version and its rest): coefficients c_ik = small
 * integers and S = 1/2, so that the sums are dyadic and exact in every type; the
 * expected value is the sum written out term by term with powers of two. */
START_TEST(test_horner_n_exact)
{
    enum { NMAX = 9, N = 12, FROM = 1 };
    num_ptr cs = vec((size_t)NMAX * (N + 1)), w = vec(NMAX), s = vec(1), acc = vec(1);
    num_srcptr c[NMAX];

    set(s, "0.5");
    for (size_t i = 0; i < NMAX; i++) {
        c[i] = cs + i * (N + 1);
        for (unsigned k = 0; k <= N; k++)
            num_set_si(cs + i * (N + 1) + k, (long)((7 * i + 3 * k) % 23) - 11);
    }
    for (size_t nc = 1; nc <= NMAX; nc++) {
        num_horner_n(w, c, nc, FROM, N, s, acc, TPREC);
        for (size_t i = 0; i < nc; i++) {
            double want = 0; /* exact: |sum| < 2^5, terms down to 2^-11 */
            for (unsigned k = FROM; k <= N; k++)
                want += (double)((long)((7 * i + 3 * k) % 23) - 11) * ldexp(1.0, -(int)(k - FROM));
            ck_assert_msg(num_get_d(w + i) == want, "%zu components, component %zu: %.17g, want %.17g",
                          nc, i, num_get_d(w + i), want);
        }
    }
    num_vec_free(cs, (size_t)NMAX * (N + 1));
    num_vec_free(w, NMAX);
    num_vec_free(s, 1);
    num_vec_free(acc, 1);
}
END_TEST

#if NUM_COMPENSATED
/* num_kahan_add keeps what the sum loses: 1 + K 2^-60, by K additions of 2^-60 (each
 * below half an ulp of 1, so a plain sum stays 1), is A + E exactly. */
START_TEST(test_kahan_add_keeps_the_lost_part)
{
    num_ptr a = vec(1), e = vec(1), d = vec(1), y = vec(1), s = vec(1);
    const long K = 1000;

    num_set_si(a, 1);
    num_set_zero(e);
    num_set_d(d, ldexp(1.0, -60));
    for (long k = 0; k < K; k++)
        num_kahan_add(a, e, d, y, s, TPREC);
    /* a - 1 and its sum with e are exact (Sterbenz; dyadics of a few bits) */
    ck_assert_msg((num_get_d(a) - 1) + num_get_d(e) == (double)K * ldexp(1.0, -60),
                  "a - 1 = %a, e = %a", num_get_d(a) - 1, num_get_d(e));
    ck_assert(num_get_d(a) > 1); /* the carried part did reach A */
    num_vec_free(a, 1);
    num_vec_free(e, 1);
    num_vec_free(d, 1);
    num_vec_free(y, 1);
    num_vec_free(s, 1);
}
END_TEST
#endif

static Suite *schemes_suite(void)
{
    Suite *s = suite_create("schemes/" NUM_NAME);
    TCase *tc = tcase_create("battery");
    int n = (int)nhref_scheme_count();
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_observed_order, 0, n);
    tcase_add_loop_test(tc, test_tolerance_met, 0, n);
    tcase_add_loop_test(tc, test_dense_matches_stepping, 0, n);
    tcase_add_loop_test(tc, test_undefined_mid_run, 0, n);
#if NHREF_NUM != NHREF_NUM_D
    tcase_add_loop_test(tc, test_precision_consistency, 0, n);
#endif
    tcase_add_loop_test(tc, test_runs_are_independent, 0, n);
    tcase_add_loop_test(tc, test_model_event_stops, 0, n);
    tcase_add_loop_test(tc, test_user_events, 0, n);
    tcase_add_loop_test(tc, test_event_pole, 0, n);
    tcase_add_loop_test(tc, test_blowup, 0, n);
    tcase_add_loop_test(tc, test_initial_state_checked, 0, n);
    tcase_add_loop_test(tc, test_stats_and_progress, 0, n);
    tcase_add_loop_test(tc, test_quadratic_integral, 0, n);
    tcase_add_loop_test(tc, test_step_loop_allocates_nothing, 0, n);
    suite_add_tcase(s, tc);

    tc = tcase_create("number kernels");
    tcase_add_test(tc, test_horner_n_exact);
#if NUM_COMPENSATED
    tcase_add_test(tc, test_kahan_add_keeps_the_lost_part);
#endif
    suite_add_tcase(s, tc);
#if NHREF_NUM == NHREF_NUM_MP
    tc = tcase_create("gauss tableau, symmetry");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_gauss_order_conditions, 0, (int)(NSC * NCP));
    tcase_add_test(tc, test_symmetric_beats_others);
    suite_add_tcase(s, tc);
#endif
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
