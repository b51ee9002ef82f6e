/* check_arb.c -- the Arb interpreter and jet kernels are rigorous (nhref_arb.h).
 *
 * Containment: for random input balls, thin (radius 2^-(p-8) of the value) and wide
 * (radius 1e-6), every Taylor coefficient the Arb kernels compute at p bits must
 * contain the coefficient that the MPFR kernels compute at 2p bits from points
 * inside the balls (the midpoints, both ends, random interior points).  The MPFR
 * value at 2p bits is within 2^-2p of the exact one, far inside any Arb radius at p
 * bits, so a miss means an enclosure that is not one.  Checked for every kernel
 * (jet level) and for every registered model's right-hand side (tape level, the
 * solution's Taylor coefficients).
 *
 * Tightness: for exact inputs (radius 0), the radius of a coefficient is at most
 * 2^(20 - p) relative to the size of the coefficient's terms (the sum of the
 * magnitudes whose cancellation made it: measured by the same jet in MPFR on the
 * absolute values where that applies, else by the largest coefficient of the jet).
 *
 * The test can fail: the containment check is run on a deliberately broken result
 * (the ball moved by 3 radii, or its radius dropped) and must report it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arb.h>

#include "ck_mpfr.h"
#include "nhref.h"
#include "nhref_arb.h"

#define P 128    /* Arb precision */
#define P2 256   /* MPFR precision of the reference */
#define K 12     /* jet order */
#define NPTS 6   /* points inside the balls per trial */

static flint_rand_t rng;

/* ------------------------------------------------------------------ helpers */
/* a random double in [a, b] */
static double uniform(double a, double b)
{
    return a + (b - a) * (double)n_randint(rng, 1UL << 30) / (double)(1UL << 30);
}

/* X = the point of ball B selected by WHICH: 0 midpoint, 1 lower end, 2 upper end,
 * else a random interior point (at MPFR's precision) */
static void point_in(mpfr_ptr x, arb_srcptr b, int which)
{
    arf_t a;
    arf_init(a);
    if (which == 0) {
        arf_set(a, arb_midref(b));
    } else {
        arf_t r;
        arf_init(r);
        arf_set_mag(r, arb_radref(b));
        if (which == 1)
            arf_sub(a, arb_midref(b), r, P2, ARF_RND_UP);
        else if (which == 2)
            arf_add(a, arb_midref(b), r, P2, ARF_RND_DOWN);
        else {
            arf_t f;
            arf_init(f);
            arf_set_d(f, uniform(-0.999, 0.999));
            arf_mul(r, r, f, P2, ARF_RND_DOWN);
            arf_clear(f);
            arf_add(a, arb_midref(b), r, P2, ARF_RND_DOWN);
        }
        arf_clear(r);
    }
    arf_get_mpfr(x, a, MPFR_RNDN);
    arf_clear(a);
}

/* B = a ball around MID with radius REL |MID| (REL < 0: radius 1e-6) */
static void ball(arb_ptr b, double mid, double rel)
{
    arb_set_d(b, mid);
    if (rel < 0)
        arb_add_error_2exp_si(b, -20);
    else if (rel > 0 && mid != 0)
        mag_set_d(arb_radref(b), fabs(mid) * rel);
}

/* does ball B contain the MPFR number X?  (NaN: no) */
static int contains(arb_srcptr b, mpfr_srcptr x)
{
    return !mpfr_nan_p(x) && arb_contains_mpfr(b, x);
}

/* ------------------------------------------------------------------ kernels */
enum {
    OP_ADD,
    OP_SUB,
    OP_NEG,
    OP_MUL,
    OP_MULS,
    OP_SQR,
    OP_DIV,
    OP_DIVS,
    OP_SQRT,
    OP_SINCOS,
    OP_EXP,
    OP_LOG,
    OP_ATAN,
    OP_ATANH,
    OP_TANH,
    OP_POW,
    OP_ASIN,
    OP_ACOS,
    OP_SINHCOSH,
    OP_POWS,
    OP_POWV,
    NOP
};

typedef struct {
    int op;
    const char *name;
    double u0a, u0b; /* the range of u_0 */
    double v0a, v0b; /* the range of v_0 (binary operations) */
    long n;          /* pow_si exponent */
} kcase_t;

static const kcase_t kcases[] = {
    {OP_ADD, "add", -2, 2, -2, 2, 0},
    {OP_SUB, "sub", -2, 2, -2, 2, 0},
    {OP_NEG, "neg", -2, 2, 0, 0, 0},
    {OP_MUL, "mul", -2, 2, -2, 2, 0},
    {OP_MULS, "mul_scalar", -2, 2, -2, 2, 0},
    {OP_SQR, "sqr", -2, 2, 0, 0, 0},
    {OP_DIV, "div", -2, 2, 0.5, 2, 0},
    {OP_DIVS, "div_scalar", -2, 2, 0.5, 2, 0},
    {OP_SQRT, "sqrt", 0.5, 3, 0, 0, 0},
    {OP_SINCOS, "sincos", -3, 3, 0, 0, 0},
    {OP_EXP, "exp", -2, 2, 0, 0, 0},
    {OP_LOG, "log", 0.5, 3, 0, 0, 0},
    {OP_ATAN, "atan", -3, 3, 0, 0, 0},
    {OP_ATANH, "atanh", -0.8, 0.8, 0, 0, 0},
    {OP_TANH, "tanh", -3, 3, 0, 0, 0},
    {OP_POW, "pow_si -3", 0.5, 2, 0, 0, -3},
    {OP_POW, "pow_si -1", 0.5, 2, 0, 0, -1},
    {OP_POW, "pow_si 0", -2, 2, 0, 0, 0},
    {OP_POW, "pow_si 2", -2, 2, 0, 0, 2},
    {OP_POW, "pow_si 5", 0.5, 2, 0, 0, 5},
    {OP_POW, "pow_si 7 (u0 = 0)", 0, 0, 0, 0, 7},
    {OP_ASIN, "asin", -0.8, 0.8, 0, 0, 0},
    {OP_ACOS, "acos", -0.8, 0.8, 0, 0, 0},
    {OP_SINHCOSH, "sinhcosh", -3, 3, 0, 0, 0},
    {OP_POWS, "pow_scalar", 0.5, 3, -2.5, 2.5, 0}, /* the exponent: v_0 */
    {OP_POWV, "pow (series exponent)", 0.5, 3, -2.5, 2.5, 0},
};
#define NKCASE (sizeof kcases / sizeof kcases[0])

/* Coefficients 0..K of the kernel's result (and of its second output or auxiliary
 * series D, where it has one) in Arb, from the series U, V.  Returns the status. */
static int run_arb(const kcase_t *c, arb_ptr w, arb_ptr d, arb_ptr *aux, arb_srcptr u, arb_srcptr v,
                   nhref_jet_ws_arb_t *ws)
{
    int st = NHREF_OK;
    for (unsigned k = 0; k <= K && st == NHREF_OK; k++) {
        switch (c->op) {
        case OP_ADD: st = nhref_jet_add_arb(w, u, v, k, ws); break;
        case OP_SUB: st = nhref_jet_sub_arb(w, u, v, k, ws); break;
        case OP_NEG: st = nhref_jet_neg_arb(w, u, k, ws); break;
        case OP_MUL: st = nhref_jet_mul_arb(w, u, v, k, ws); break;
        case OP_MULS: st = nhref_jet_mul_scalar_arb(w, v, u, k, ws); break;
        case OP_SQR: st = nhref_jet_sqr_arb(w, u, k, ws); break;
        case OP_DIV: st = nhref_jet_div_arb(w, u, v, k, ws); break;
        case OP_DIVS: st = nhref_jet_div_scalar_arb(w, u, v, k, ws); break;
        case OP_SQRT: st = nhref_jet_sqrt_arb(w, u, k, ws); break;
        case OP_SINCOS: st = nhref_jet_sincos_arb(w, d, u, k, ws); break;
        case OP_EXP: st = nhref_jet_exp_arb(w, u, k, ws); break;
        case OP_LOG: st = nhref_jet_log_arb(w, u, k, ws); break;
        case OP_ATAN: st = nhref_jet_atan_arb(w, d, u, k, ws); break;
        case OP_ATANH: st = nhref_jet_atanh_arb(w, d, u, k, ws); break;
        case OP_TANH: st = nhref_jet_tanh_arb(w, d, u, k, ws); break;
        case OP_ASIN:
            st = nhref_jet_asin_arb(w, aux[0], d, u, k, ws);
            break;
        case OP_ACOS:
            st = nhref_jet_acos_arb(w, aux[0], d, u, k, ws);
            break;
        case OP_SINHCOSH:
            st = nhref_jet_sinhcosh_arb(w, d, u, k, ws);
            break;
        case OP_POWS:
            st = nhref_jet_pow_scalar_arb(w, u, v, k, ws);
            break;
        case OP_POWV:
            st = nhref_jet_pow_arb(w, aux[0], d, u, v, k, ws);
            break;
        default: st = nhref_jet_pow_si_arb(w, aux, u, c->n, k, ws); break;
        }
    }
    return st;
}

/* the same in MPFR */
static int run_mp(const kcase_t *c, mpfr_ptr w, mpfr_ptr d, mpfr_ptr *aux, mpfr_srcptr u,
                  mpfr_srcptr v, nhref_jet_ws_t *ws)
{
    int st = NHREF_OK;
    for (unsigned k = 0; k <= K && st == NHREF_OK; k++) {
        switch (c->op) {
        case OP_ADD: st = nhref_jet_add(w, u, v, k, ws); break;
        case OP_SUB: st = nhref_jet_sub(w, u, v, k, ws); break;
        case OP_NEG: st = nhref_jet_neg(w, u, k, ws); break;
        case OP_MUL: st = nhref_jet_mul(w, u, v, k, ws); break;
        case OP_MULS: st = nhref_jet_mul_scalar(w, v, u, k, ws); break;
        case OP_SQR: st = nhref_jet_sqr(w, u, k, ws); break;
        case OP_DIV: st = nhref_jet_div(w, u, v, k, ws); break;
        case OP_DIVS: st = nhref_jet_div_scalar(w, u, v, k, ws); break;
        case OP_SQRT: st = nhref_jet_sqrt(w, u, k, ws); break;
        case OP_SINCOS: st = nhref_jet_sincos(w, d, u, k, ws); break;
        case OP_EXP: st = nhref_jet_exp(w, u, k, ws); break;
        case OP_LOG: st = nhref_jet_log(w, u, k, ws); break;
        case OP_ATAN: st = nhref_jet_atan(w, d, u, k, ws); break;
        case OP_ATANH: st = nhref_jet_atanh(w, d, u, k, ws); break;
        case OP_TANH: st = nhref_jet_tanh(w, d, u, k, ws); break;
        case OP_ASIN:
            st = nhref_jet_asin(w, aux[0], d, u, k, ws);
            break;
        case OP_ACOS:
            st = nhref_jet_acos(w, aux[0], d, u, k, ws);
            break;
        case OP_SINHCOSH:
            st = nhref_jet_sinhcosh(w, d, u, k, ws);
            break;
        case OP_POWS:
            st = nhref_jet_pow_scalar(w, u, v, k, ws);
            break;
        case OP_POWV:
            st = nhref_jet_pow(w, aux[0], d, u, v, k, ws);
            break;
        default: st = nhref_jet_pow_si(w, aux, u, c->n, k, ws); break;
        }
    }
    return st;
}

/* Random input balls (REL as for ball()), the kernel in Arb, and NPTS points inside
 * the balls in MPFR at 2p: the number of MPFR coefficients outside their ball.  With
 * BREAK, the Arb result is first moved by 3 radii (of at least 2^-P relative). */
static int kernel_misses(const kcase_t *c, double rel, int brk, unsigned long seed)
{
    arb_ptr u = _arb_vec_init(K + 1), v = _arb_vec_init(K + 1), w = _arb_vec_init(K + 1);
    arb_ptr d = _arb_vec_init(K + 1), auxa = _arb_vec_init(4 * (K + 1));
    arb_ptr auxp[4];
    __mpfr_struct *um = nhref_vec_new(K + 1, P2), *vm = nhref_vec_new(K + 1, P2);
    __mpfr_struct *wm = nhref_vec_new(K + 1, P2), *dm = nhref_vec_new(K + 1, P2);
    __mpfr_struct *auxm = nhref_vec_new(4 * (K + 1), P2);
    mpfr_ptr auxmp[4];
    nhref_jet_ws_arb_t wsa;
    nhref_jet_ws_t wsm;
    int misses = 0, has_d = c->op == OP_SINCOS || c->op == OP_ATAN || c->op == OP_ATANH ||
                            c->op == OP_TANH || c->op == OP_ASIN || c->op == OP_ACOS ||
                            c->op == OP_SINHCOSH || c->op == OP_POWV;

    flint_randseed(rng, seed, seed * 7 + 1);
    for (int i = 0; i < 4; i++) {
        auxp[i] = auxa + i * (K + 1);
        auxmp[i] = auxm + i * (K + 1);
    }
    nhref_jet_ws_init_arb(&wsa, P);
    nhref_jet_ws_init(&wsm, P2);
    ball(u, c->u0a == c->u0b ? c->u0a : uniform(c->u0a, c->u0b), c->u0a == c->u0b ? 0 : rel);
    ball(v, uniform(c->v0a, c->v0b), rel);
    for (unsigned j = 1; j <= K; j++) {
        ball(u + j, uniform(-1, 1) / j, rel);
        ball(v + j, uniform(-1, 1) / j, rel);
    }
    ck_assert_msg(run_arb(c, w, d, auxp, u, v, &wsa) == NHREF_OK, "%s: Arb kernel failed",
                  c->name);
    if (brk)
        for (unsigned k = 0; k <= K; k++) {
            arf_t s;
            arf_init(s);
            arf_t e;
            arf_init(e);
            arf_set_mag(s, arb_radref(w + k));
            arf_mul_ui(s, s, 3, P, ARF_RND_UP);
            /* at least 2^-(P-4) of the value (or absolutely, for a value 0) */
            arf_abs(e, arb_midref(w + k));
            if (arf_is_zero(e))
                arf_one(e);
            arf_mul_2exp_si(e, e, 4 - P);
            arf_add(s, s, e, P, ARF_RND_UP);
            arf_add(arb_midref(w + k), arb_midref(w + k), s, P, ARF_RND_UP);
            arf_clear(e);
            mag_mul_2exp_si(arb_radref(w + k), arb_radref(w + k), -1);
            arf_clear(s);
        }
    for (int pt = 0; pt < NPTS; pt++) {
        for (unsigned j = 0; j <= K; j++) {
            point_in(um + j, u + j, pt);
            point_in(vm + j, v + j, (pt + (int)j) % NPTS);
        }
        ck_assert_msg(run_mp(c, wm, dm, auxmp, um, vm, &wsm) == NHREF_OK, "%s: MPFR kernel failed",
                      c->name);
        for (unsigned k = 0; k <= K; k++) {
            if (!contains(w + k, wm + k)) {
                if (!brk && misses == 0) {
                    printf("%s (radius %g): order %u: ", c->name, rel, k);
                    arb_printd(w + k, 30);
                    mpfr_printf(" does not contain %.30Rg\n", wm + k);
                }
                misses++;
            }
            if (has_d && !brk && !contains(d + k, dm + k))
                misses++;
        }
    }
    nhref_jet_ws_clear_arb(&wsa);
    nhref_jet_ws_clear(&wsm);
    _arb_vec_clear(u, K + 1);
    _arb_vec_clear(v, K + 1);
    _arb_vec_clear(w, K + 1);
    _arb_vec_clear(d, K + 1);
    _arb_vec_clear(auxa, 4 * (K + 1));
    nhref_vec_free(um, K + 1);
    nhref_vec_free(vm, K + 1);
    nhref_vec_free(wm, K + 1);
    nhref_vec_free(dm, K + 1);
    nhref_vec_free(auxm, 4 * (K + 1));
    return misses;
}

/* every kernel, thin and wide balls, several seeds: no MPFR point outside */
START_TEST(test_kernels_contain)
{
    const kcase_t *c = &kcases[_i];
    const double rel[2] = {ldexp(1.0, 8 - P), -1}; /* thin; wide (1e-6) */
    for (int r = 0; r < 2; r++)
        for (unsigned long seed = 1; seed <= 5; seed++) {
            int m = kernel_misses(c, rel[r], 0, ck_seed() + seed + 100 * (unsigned long)_i);
            ck_assert_msg(m == 0, "%s: %d coefficients outside their ball (radius %g, seed %lu)",
                          c->name, m, rel[r], ck_seed() + seed);
        }
}
END_TEST

/* the check can fail: a result moved off its value is reported */
START_TEST(test_broken_result_is_caught)
{
    const kcase_t *c = &kcases[_i];
    int m = kernel_misses(c, ldexp(1.0, 8 - P), 1, ck_seed() + 7);
    ck_assert_msg(m > 0, "%s: a ball moved by 3 radii still contains every MPFR point", c->name);
}
END_TEST

/* ------------------------------------------------------------------ models */
/* the model's default state (and parameters) as balls of relative radius REL (0: exact
 * points, the parameters rounded to P bits) */
/* WORST_RAD[0]: the worst relative radius at orders 0 and 1; [1]: above */
static int model_jet_check(const nhref_model_t *m, double rel, int exact, double *worst_rad)
{
    nhref_system_t *sys;
    nhref_tape_arb_t *wa;
    nhref_tape_mp_t *wm;
    arb_ptr pa, xa, ta;
    __mpfr_struct *pm, *xm, *tm;
    int status, misses = 0;
    size_t n = m->nstate;

    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    pa = _arb_vec_init((slong)m->nparam + 1);
    xa = _arb_vec_init((slong)n);
    ta = _arb_vec_init(1);
    pm = nhref_vec_new(m->nparam, P2);
    xm = nhref_vec_new(n, P2);
    tm = nhref_vec_new(1, P2);
    ck_assert_int_eq(nhref_tape_arb_new(&wa, nhref_system_rhs_tape(sys), P, K), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&wm, nhref_system_rhs_tape(sys), P2, K), NHREF_OK);
    for (size_t i = 0; i < m->nparam; i++) {
        if (exact) {
            mpfr_t r;
            mpfr_init2(r, P);
            nhref_decimal_set(r, nhref_system_param_str(sys, i));
            arb_set_interval_mpfr(pa + i, r, r, P);
            mpfr_set(pm + i, r, MPFR_RNDN);
            mpfr_clear(r);
        } else {
            ck_assert_int_eq(arb_set_str(pa + i, nhref_system_param_str(sys, i), P), 0);
            nhref_decimal_set(pm + i, nhref_system_param_str(sys, i));
        }
    }
    for (size_t i = 0; i < n; i++) {
        mpfr_t r;
        mpfr_init2(r, P);
        nhref_decimal_set(r, m->state[i].default_init);
        ball(xa + i, mpfr_get_d(r, MPFR_RNDN), exact ? 0 : rel);
        if (exact)
            arb_set_interval_mpfr(xa + i, r, r, P);
        mpfr_clear(r);
    }
    nhref_tape_arb_set_params(wa, pa);
    nhref_tape_mp_set_params(wm, pm);
    status = nhref_tape_arb_ode_jet(wa, ta, xa, K);
    if (status != NHREF_OK) {
        /* a ball too wide for an operation: allowed only for wide balls */
        ck_assert_msg(!exact && rel > 1e-20, "%s: Arb jet failed (%s) for thin balls", m->name,
                      nhref_status_name(status));
        goto out;
    }
    worst_rad[0] = worst_rad[1] = 0;
    for (int pt = 0; pt < (exact ? 1 : NPTS); pt++) {
        for (size_t i = 0; i < n; i++)
            point_in(xm + i, xa + i, pt);
        ck_assert_int_eq(nhref_tape_mp_ode_jet(wm, tm, xm, K), NHREF_OK);
        for (size_t i = 0; i < n; i++) {
            arb_srcptr ca = nhref_tape_arb_state_series(wa, i);
            mpfr_srcptr cm = nhref_tape_mp_state_series(wm, i);
            double scale = 0;
            for (unsigned k = 0; k <= K; k++)
                scale = fmax(scale, fabs(mpfr_get_d(cm + k, MPFR_RNDN)));
            for (unsigned k = 0; k <= K; k++) {
                if (!contains(ca + k, cm + k)) {
                    if (misses == 0) {
                        printf("%s: state %zu order %u: ", m->name, i, k);
                        arb_printd(ca + k, 25);
                        mpfr_printf(" does not contain %.25Rg\n", cm + k);
                    }
                    misses++;
                }
                if (exact && scale > 0) {
                    /* the radius relative to the largest coefficient of the component's
                     * jet: at order <= 1 (x and f(x), the f interpreter) it is bounded by
                     * the test; above, the radii of the earlier coefficients accumulate
                     * through the recurrences (measured: ~2^5 per order on cbv), which
                     * is reported, not bounded */
                    double r = mag_get_d(arb_radref(ca + k)) / scale;
                    if (k <= 1)
                        *worst_rad = fmax(*worst_rad, r);
                    else if (r > worst_rad[1])
                        worst_rad[1] = r;
                }
            }
        }
    }
out:
    nhref_tape_arb_free(wa);
    nhref_tape_mp_free(wm);
    _arb_vec_clear(pa, (slong)m->nparam + 1);
    _arb_vec_clear(xa, (slong)n);
    _arb_vec_clear(ta, 1);
    nhref_vec_free(pm, m->nparam);
    nhref_vec_free(xm, n);
    nhref_vec_free(tm, 1);
    nhref_system_free(sys);
    return misses;
}

/* every registered model: the Arb jet of the solution through balls around the default
 * state contains the MPFR jets at points inside (thin and wide balls) */
START_TEST(test_models_contain)
{
    const nhref_model_t *m = nhref_model_get((size_t)_i);
    double w[2];
    flint_randseed(rng, ck_seed() + (unsigned long)_i, 3);
    ck_assert_int_eq(model_jet_check(m, ldexp(1.0, 8 - P), 0, w), 0);
    ck_assert_int_eq(model_jet_check(m, 1e-6, 0, w), 0);
}
END_TEST

/* exact inputs: f(x) (order 1 of the jet) with a radius at most 2^(20 - P) relative
 * to the jet's scale; the radii of the higher orders are printed */
START_TEST(test_models_tight)
{
    const nhref_model_t *m = nhref_model_get((size_t)_i);
    double w[2] = {0, 0};
    flint_randseed(rng, ck_seed(), 5);
    ck_assert_int_eq(model_jet_check(m, 0, 1, w), 0);
    printf("%s: exact inputs at %d bits: f to %.3g relative, the jet to order %d to %.3g\n",
           m->name, P, w[0], K, w[1]);
    ck_assert_msg(w[0] <= ldexp(1.0, 20 - P), "%s: f(x) to %.3g relative > 2^(20 - %d) = %.3g",
                  m->name, w[0], P, ldexp(1.0, 20 - P));
}
END_TEST

/* exact inputs, kernel level: the radius of every coefficient is at most 2^(20 - P)
 * relative to the largest |coefficient| of the result */
START_TEST(test_kernels_tight)
{
    const kcase_t *c = &kcases[_i];
    arb_ptr u = _arb_vec_init(K + 1), v = _arb_vec_init(K + 1), w = _arb_vec_init(K + 1);
    arb_ptr d = _arb_vec_init(K + 1), auxa = _arb_vec_init(4 * (K + 1));
    arb_ptr auxp[4];
    nhref_jet_ws_arb_t wsa;
    double scale = 0, worst = 0;

    flint_randseed(rng, ck_seed() + (unsigned long)_i, 11);
    for (int i = 0; i < 4; i++)
        auxp[i] = auxa + i * (K + 1);
    nhref_jet_ws_init_arb(&wsa, P);
    arb_set_d(u, c->u0a == c->u0b ? c->u0a : uniform(c->u0a, c->u0b));
    arb_set_d(v, uniform(c->v0a, c->v0b));
    for (unsigned j = 1; j <= K; j++) {
        arb_set_d(u + j, uniform(-1, 1) / j);
        arb_set_d(v + j, uniform(-1, 1) / j);
    }
    ck_assert_int_eq(run_arb(c, w, d, auxp, u, v, &wsa), NHREF_OK);
    for (unsigned k = 0; k <= K; k++)
        scale = fmax(scale, fabs(arf_get_d(arb_midref(w + k), ARF_RND_NEAR)));
    for (unsigned k = 0; k <= K && scale > 0; k++)
        worst = fmax(worst, mag_get_d(arb_radref(w + k)) / scale);
    ck_assert_msg(worst <= ldexp(1.0, 20 - P), "%s: relative radius %.3g > 2^(20 - %d)", c->name,
                  worst, P);
    nhref_jet_ws_clear_arb(&wsa);
    _arb_vec_clear(u, K + 1);
    _arb_vec_clear(v, K + 1);
    _arb_vec_clear(w, K + 1);
    _arb_vec_clear(d, K + 1);
    _arb_vec_clear(auxa, 4 * (K + 1));
}
END_TEST

/* a domain that may be crossed inside a ball is an error, never a wrong ball:
 * sqrt and log of a ball around 0, division by a ball around 0, atanh of a ball
 * around 1, asin and acos of a ball around +-1 (order 0: beyond it; order 1: at it),
 * a real power of a ball around 0 */
START_TEST(test_domain_is_rigorous)
{
    arb_ptr u = _arb_vec_init(2), w = _arb_vec_init(2), d = _arb_vec_init(2);
    arb_ptr q = _arb_vec_init(2), v = _arb_vec_init(2);
    nhref_jet_ws_arb_t ws;
    nhref_jet_ws_init_arb(&ws, P);
    arb_set_str(u, "0 +/- 1e-30", P);
    ck_assert_int_eq(nhref_jet_sqrt_arb(w, u, 0, &ws), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_jet_log_arb(w, u, 0, &ws), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_jet_div_arb(w, d, u, 0, &ws), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_jet_pow_si_arb(w, NULL, u, -2, 0, &ws), NHREF_EDOMAIN);
    arb_set_d(v, 1.5);
    ck_assert_int_eq(nhref_jet_pow_scalar_arb(w, u, v, 0, &ws), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_jet_pow_arb(w, q, d, u, v, 0, &ws), NHREF_EDOMAIN);
    ck_assert(!arb_is_finite(w));
    arb_set_str(u, "1 +/- 1e-30", P);
    ck_assert_int_eq(nhref_jet_atanh_arb(w, d, u, 0, &ws), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_jet_asin_arb(w, q, d, u, 0, &ws), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_jet_acos_arb(w, q, d, u, 0, &ws), NHREF_EDOMAIN);
    arb_set_str(u, "-1 +/- 1e-30", P);
    ck_assert_int_eq(nhref_jet_asin_arb(w, q, d, u, 0, &ws), NHREF_EDOMAIN);
    /* exactly 1: asin(1) = pi/2 contains the value; not differentiable there */
    arb_one(u);
    arb_one(u + 1);
    ck_assert_int_eq(nhref_jet_asin_arb(w, q, d, u, 0, &ws), NHREF_OK);
    arb_const_pi(v, P);
    arb_mul_2exp_si(v, v, -1);
    ck_assert(arb_overlaps(w, v) && arb_is_finite(w));
    ck_assert_int_eq(nhref_jet_asin_arb(w, q, d, u, 1, &ws), NHREF_EDOMAIN);
    /* inside: [0.5 - 1e-30, 0.5 + 1e-30] */
    arb_set_str(u, "0.5 +/- 1e-30", P);
    ck_assert_int_eq(nhref_jet_asin_arb(w, q, d, u, 0, &ws), NHREF_OK);
    ck_assert_int_eq(nhref_jet_asin_arb(w, q, d, u, 1, &ws), NHREF_OK);
    nhref_jet_ws_clear_arb(&ws);
    _arb_vec_clear(q, 2);
    _arb_vec_clear(v, 2);
    _arb_vec_clear(u, 2);
    _arb_vec_clear(w, 2);
    _arb_vec_clear(d, 2);
}
END_TEST

/* a square root of parameters only whose argument ball contains 0 is the square root
 * of its nonnegative part (the applicability gate sqrt(-s) of a first integral, s a
 * vanishing sum of squares: gen's E_mov with I1 = I2 = "0.6"): a finite ball holding
 * sqrt(0) = 0, of radius about sqrt(rad s); the gate of s > 0, and a square root of a
 * state ball around 0, stay NaN with NHREF_EDOMAIN */
START_TEST(test_param_sqrt_at_boundary)
{
    nhref_tape_t *tp;
    nhref_tape_arb_t *ws;
    nhref_node_t p0, p1, x, gate;
    arb_ptr par = _arb_vec_init(2), out = _arb_vec_init(2), xs = _arb_vec_init(1);
    arb_t t, r;

    arb_init(t);
    arb_init(r);
    ck_assert_int_eq(nhref_tape_new(&tp, 1, 2, 2), NHREF_OK);
    p0 = nhref_tape_param(tp, 0);
    p1 = nhref_tape_param(tp, 1);
    x = nhref_tape_state(tp, 0);
    /* gate = sqrt(-(p0 - p1)^2): 0 where p0 = p1, NaN elsewhere */
    gate = nhref_tape_sqrt(tp, nhref_tape_neg(tp, nhref_tape_sqr(tp, nhref_tape_sub(tp, p0, p1))));
    nhref_tape_set_output(tp, 0, nhref_tape_add(tp, x, gate));
    nhref_tape_set_output(tp, 1, nhref_tape_sqrt(tp, x));
    ck_assert_int_eq(nhref_tape_status(tp), NHREF_OK);
    ck_assert_int_eq(nhref_tape_arb_new(&ws, tp, P, 0), NHREF_OK);
    /* p0 = p1 = 0.6: the balls are not exact, their difference is a ball around 0 */
    ck_assert_int_eq(nhref_value_arb(par, "0.6", P), NHREF_OK);
    ck_assert_int_eq(nhref_value_arb(par + 1, "0.6", P), NHREF_OK);
    ck_assert(!arb_is_exact(par));
    ck_assert_int_eq(nhref_tape_arb_set_params(ws, par), NHREF_OK);
    arb_set_str(xs, "2.5 +/- 1e-40", P);
    ck_assert_int_eq(nhref_tape_arb_eval(out, ws, t, xs), NHREF_OK);
    arb_set_str(r, "2.5", P); /* x + gate at the exact data: x + 0 */
    ck_assert(arb_is_finite(out) && arb_contains(out, r));
    ck_assert_msg(mag_cmp_2exp_si(arb_radref(out), -(P / 2) + 8) < 0,
                  "the gate's ball is too wide");
    /* p1 = 0.7: the gate is NaN (the integral does not hold), and says so */
    ck_assert_int_eq(nhref_value_arb(par + 1, "0.7", P), NHREF_OK);
    ck_assert_int_eq(nhref_tape_arb_set_params(ws, par), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_tape_arb_eval(out, ws, t, xs), NHREF_EDOMAIN);
    ck_assert(!arb_is_finite(out));
    /* the rule is for parameters only: sqrt of a state ball around 0 is NaN */
    ck_assert_int_eq(nhref_tape_arb_set_params(ws, par), NHREF_EDOMAIN);
    arb_set_str(xs, "0 +/- 1e-40", P);
    ck_assert_int_eq(nhref_tape_arb_eval(out, ws, t, xs), NHREF_EDOMAIN);
    ck_assert(!arb_is_finite(out + 1));
    nhref_tape_arb_free(ws);
    nhref_tape_free(tp);
    _arb_vec_clear(par, 2);
    _arb_vec_clear(out, 2);
    _arb_vec_clear(xs, 1);
    arb_clear(t);
    arb_clear(r);
}
END_TEST

static Suite *arb_suite(void)
{
    Suite *s = suite_create("arb");
    TCase *tc = tcase_create("kernels");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_kernels_contain, 0, (int)NKCASE);
    tcase_add_loop_test(tc, test_broken_result_is_caught, 0, (int)NKCASE);
    tcase_add_loop_test(tc, test_kernels_tight, 0, (int)NKCASE);
    tcase_add_test(tc, test_domain_is_rigorous);
    tcase_add_test(tc, test_param_sqrt_at_boundary);
    suite_add_tcase(s, tc);
    tc = tcase_create("models");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_models_contain, 0, (int)nhref_model_count());
    tcase_add_loop_test(tc, test_models_tight, 0, (int)nhref_model_count());
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(arb_suite());
    int nfailed;
    flint_randinit(rng);
    printf("check_arb: seed %lu (set NHREF_TEST_SEED to change)\n", ck_seed());
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_randclear(rng);
    flint_cleanup();
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
