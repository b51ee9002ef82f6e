/* check_tape.c -- the tape builder and its MPFR interpreters.
 *
 * Expected values come from MPFR applied directly to the formula (an
 * independent evaluation), from hand-derived Taylor coefficients, or from
 * identities; order 0 of a jet must equal the plain evaluation bit for bit.
 */
#include <stdlib.h>

#include "ck_mpfr.h"
#include "nhref_tape.h"

static const mpfr_prec_t precs[] = {53, 113, 333};
#define NPRECS (sizeof precs / sizeof precs[0])

/* ------------------------------------------------------------------ builder */
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

START_TEST(test_builder_sharing)
{
    nhref_tape_t *tp;
    nhref_node_t x, s, c, k1, k2;
    size_t n;

    ck_assert_int_eq(nhref_tape_new(&tp, 1, 0, 1), NHREF_OK);
    x = nhref_tape_state(tp, 0);
    s = nhref_tape_sin(tp, x);
    n = nhref_tape_nnodes(tp);
    c = nhref_tape_cos(tp, x);
    /* cos(x) after sin(x) reuses the pair; sin(x) again too; constants are shared */
    ck_assert_int_eq(nhref_tape_nnodes(tp), n);
    ck_assert_int_ne(s, c);
    ck_assert_int_eq(nhref_tape_sin(tp, x), s);
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

/* f(x + e w) at PREC into OUT (8 values) */
static void eval_shifted(mpfr_ptr out, nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x,
                         mpfr_srcptr w, mpfr_srcptr e, mpfr_prec_t prec)
{
    mpfr_t y[NOUT_ALL];
    for (int i = 0; i < NOUT_ALL; i++) {
        mpfr_init2(y[i], prec);
        mpfr_fma(y[i], e, w + i, x + i, MPFR_RNDN);
    }
    ck_assert_int_eq(nhref_tape_mp_eval(out, ws, t, y[0]), NHREF_OK);
    for (int i = 0; i < NOUT_ALL; i++)
        mpfr_clear(y[i]);
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
    ck_assert_int_eq(nhref_tape_mp_new(&wf, f, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&wl, lin, prec, 0), NHREF_OK);
    nhref_tape_mp_set_params(wf, p);
    nhref_tape_mp_set_params(wl, p);
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
    ck_assert_int_eq(nhref_tape_mp_new(&wf, f, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&wr, rho, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&wd, div, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&wdr, divr, prec, 0), NHREF_OK);
    nhref_tape_mp_set_params(wf, p);
    nhref_tape_mp_set_params(wr, p);
    nhref_tape_mp_set_params(wd, p);
    nhref_tape_mp_set_params(wdr, p);
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

static Suite *tape_suite(void)
{
    Suite *s = suite_create("tape");
    TCase *tc = tcase_create("builder");
    tcase_add_test(tc, test_builder_sticky_errors);
    tcase_add_test(tc, test_builder_sharing);
    tcase_add_test(tc, test_nonlinear_count);
    suite_add_tcase(s, tc);
    tc = tcase_create("eval_mp");
    tcase_add_loop_test(tc, test_eval_matches_direct, 0, NPRECS);
    tcase_add_test(tc, test_eval_domain);
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
