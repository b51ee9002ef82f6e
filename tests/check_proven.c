/* check_proven.c -- the validated integrator (nhref_arb.h: nhref_proven_*) returns
 * enclosures: balls that contain the exact solution.
 *
 * The exact solution comes from oracle/ (closed forms coded independently of the
 * integrators), evaluated in MPFR at three times the working precision, at the exact
 * decimal times of a case; or from a mathematical identity (the skater's fall is
 * |theta| = pi/2); or from data/golden (an event time certified to 40 digits).
 * - Containment at random parameters and initial states: every public case of the
 *   sleigh (all branches: generic, omega0 = 0, a = 0, the flip), the servosleigh
 *   (its velocity laws), the generalised Suslov problem (sech/tanh and Riccati laws)
 *   and the one-wheeled vehicle, as written and perturbed at random (every nonzero
 *   value times 1 + 0.2 u, u uniform in [-1, 1]; zeros stay zero), over t <= 10.
 *   The first integrals on the state balls contain the oracle's integrals.
 * - The radius shrinks when the precision grows.
 * - The test can fail: a wrong remainder (the test hook drops it) makes the
 *   containment check report misses.
 * - The P2 blow-up of suslov_servo (t ~ 14.71689) is never proven past: the run
 *   stops with UNPROVEN before it.
 * - One blow-up rule: the generic driver and the proven integrator both stop before the
 *   servosleigh's blow-up at t* = 2.5 (a closed form), each estimating t*.
 * - The skater's fall: the time ball contains the golden time, and the state
 *   enclosure over it contains |theta| = pi/2.
 * - The Chaplygin ball with the cat's toy (cbcat P1, no closed form): its validated
 *   steps are not held far below the Taylor steps (at most 600 to t = 0.5 at D = 40:
 *   1550 with the Gronwall margin of before), its balls keep 35 digits there, and they
 *   contain the golden values (data/golden, certified to 37 digits and more).
 * - The first integrals of a row, on its Lohner form, contain their initial values (the
 *   oracle's), and are never wider than on the row's hull.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arb.h>

#include "ck_catalogue.h"
#include "ck_mpfr.h"
#include "strutil.h"
#include "integrate/integrate_internal.h"
#include "nhref.h"
#include "nhref_arb.h"
#include "nhref_golden.h"
#include "nhref_oracle.h"
#include "../oracle/oracle_servo.h"

#define DIGITS 30   /* the tolerance of the containment runs */
#define TMAX 10.0   /* their horizon [s] */
#define VARIANTS 3  /* random variants per case, besides the case as written */

static flint_rand_t rng;

/* ------------------------------------------------------------------ helpers */
static double uniform(double a, double b)
{
    return a + (b - a) * (double)n_randint(rng, 1UL << 30) / (double)(1UL << 30);
}

/* OUT = the decimal V times (1 + 0.2 u), or V itself when it is zero or K = 0 */
static void perturb(char *out, size_t len, const char *v, int k)
{
    double x = strtod(v, NULL);
    if (k == 0 || x == 0)
        snprintf(out, len, "%s", v);
    else
        snprintf(out, len, "%.17g", x * (1 + 0.2 * uniform(-1, 1)));
}

/* A = the oracle's value V (computed in MPFR at HP bits, within a few ulps of the
 * exact value) as a ball of radius 2^(24 - HP) max(1, |V|): far below any radius the
 * validated integrator reaches at HP / 3 bits, so a miss is still a miss */
static void oracle_ball(arb_ptr a, mpfr_srcptr v, long hp)
{
    arf_set_mpfr(arb_midref(a), v);
    mag_set_ui_2exp_si(arb_radref(a), 1, 24 - hp);
    if (mpfr_cmpabs_ui(v, 1) > 0) {
        mag_t m;
        mag_init(m);
        arf_get_mag(m, arb_midref(a));
        mag_mul(arb_radref(a), arb_radref(a), m);
        mag_clear(m);
    }
}

/* X = the decimal S as a ball containing it */
static void ball_dec(arb_ptr x, const char *s, long prec)
{
    ck_assert_msg(arb_set_str(x, *s == '+' ? s + 1 : s, prec) == 0, "not a decimal: %s", s);
}

/* A run of the validated integrator from decimal inputs, and its comparison with the
 * oracle: the number of components (state and integrals) outside their balls. */
typedef struct {
    const nhref_model_t *m;
    nhref_system_t *sys;
    char **init; /* nstate decimal strings */
    char **times;
    size_t ntimes;
    double digits;
    int drop_remainder; /* the test that can fail: no Lagrange remainder (not proven) */
    /* results */
    nhref_stats_t st;
    int status;
    arb_ptr out; /* ntimes x nstate */
    long prec;
} prun_t;

static void prun_free(prun_t *r)
{
    if (r->out != NULL)
        _arb_vec_clear(r->out, (slong)(r->ntimes * r->m->nstate));
    r->out = NULL;
}

/* Integrate R from its decimal initial state over its decimal times. */
static void prun(prun_t *r)
{
    const nhref_model_t *m = r->m;
    nhref_proven_t *pv;
    nhref_options_t o;
    arb_ptr x0 = _arb_vec_init((slong)m->nstate), g = _arb_vec_init((slong)r->ntimes);

    nhref_options_default(&o);
    o.digits = r->digits;
    ck_assert_int_eq(nhref_proven_new(&pv, r->sys, &o), NHREF_OK);
    if (r->drop_remainder)
        nhref_proven_test_scale_remainder(pv, 0);
    r->prec = nhref_proven_prec(pv);
    for (size_t i = 0; i < m->nstate; i++)
        ball_dec(x0 + i, r->init[i], r->prec);
    for (size_t k = 0; k < r->ntimes; k++)
        ball_dec(g + k, r->times[k], r->prec);
    r->out = _arb_vec_init((slong)(r->ntimes * m->nstate));
    r->status = nhref_proven_grid(pv, r->out, x0, g, r->ntimes, &r->st);
    nhref_proven_free(pv);
    _arb_vec_clear(x0, (slong)m->nstate);
    _arb_vec_clear(g, (slong)r->ntimes);
}

/* The misses of R's rows against the model's oracle at 3 prec bits (state and
 * integrals), or -1 when the oracle has no closed form for these values.  *CHECKED
 * counts the values compared. */
static long misses(prun_t *r, size_t *checked, int verbose)
{
    const nhref_model_t *m = r->m;
    const nhref_oracle_t *or = nhref_oracle_find(m->name);
    long hp = 3 * r->prec, bad = 0;
    __mpfr_struct *p = nhref_vec_new(m->nparam, hp), *s0 = nhref_vec_new(m->nstate, hp);
    __mpfr_struct *s = nhref_vec_new(m->nstate, hp), *I = nhref_vec_new(m->nintegral + 1, hp);
    arb_ptr Ib = _arb_vec_init((slong)m->nintegral + 1);
    arb_t tb;
    mpfr_t t;
    void *sol = NULL;
    nhref_proven_t *pv;
    nhref_options_t o;

    ck_assert_ptr_nonnull(or);
    nhref_system_params(p, r->sys);
    for (size_t i = 0; i < m->nstate; i++)
        nhref_decimal_set(s0 + i, r->init[i]);
    if (or->solution_new == NULL || or->solution_new(&sol, p, s0, hp) != NHREF_OK) {
        bad = -1;
        goto out;
    }
    nhref_options_default(&o);
    o.digits = r->digits;
    ck_assert_int_eq(nhref_proven_new(&pv, r->sys, &o), NHREF_OK); /* for the integrals */
    mpfr_init2(t, hp);
    arb_init(tb);
    for (size_t k = 0; k < r->st.nrows; k++) {
        arb_srcptr x = r->out + k * m->nstate;
        nhref_decimal_set(t, r->times[k]);
        ball_dec(tb, r->times[k], r->prec);
        ck_assert_int_eq(or->solution_state(s, sol, t), NHREF_OK);
        for (size_t i = 0; i < m->nstate; i++) {
            arb_t a;
            arb_init(a);
            oracle_ball(a, s + i, hp);
            (*checked)++;
            if (!arb_overlaps(x + i, a)) {
                bad++;
                if (verbose)
                    mpfr_fprintf(stderr, "  miss: %s t = %s %s = %.40Re, ball %s\n", m->name,
                                 r->times[k], m->state[i].name, s + i,
                                 arb_get_str(x + i, 20, 0));
            }
            arb_clear(a);
        }
        if (m->nintegral > 0 && or->integrals != NULL &&
            or->integrals(I, p, s, t) == NHREF_OK) {
            nhref_proven_integrals(pv, Ib, tb, x);
            for (size_t j = 0; j < m->nintegral; j++) {
                arb_t a;
                if (!mpfr_number_p(I + j))
                    continue;
                arb_init(a);
                oracle_ball(a, I + j, hp);
                (*checked)++;
                if (!arb_overlaps(Ib + j, a)) {
                    bad++;
                    if (verbose)
                        mpfr_fprintf(stderr, "  miss: %s t = %s integral %s = %.30Re\n",
                                     m->name, r->times[k], m->integral[j].name, I + j);
                }
                arb_clear(a);
            }
        }
    }
    mpfr_clear(t);
    arb_clear(tb);
    nhref_proven_free(pv);
    or->solution_free(sol);
out:
    nhref_vec_free(p, m->nparam);
    nhref_vec_free(s0, m->nstate);
    nhref_vec_free(s, m->nstate);
    nhref_vec_free(I, m->nintegral + 1);
    _arb_vec_clear(Ib, (slong)m->nintegral + 1);
    return bad;
}

/* R from case C, variant K (0: as written), times t <= TMAX; 0 if the values are not
 * admissible (then R is not set up) */
static int prun_from_case(prun_t *r, const nhref_case_t *c, int k)
{
    const nhref_model_t *m = nhref_model_find(c->model);
    char v[64], why[256];
    __mpfr_struct *x;
    int ok;

    memset(r, 0, sizeof *r);
    r->m = m;
    r->digits = DIGITS;
    ck_assert_int_eq(nhref_system_new(&r->sys, m), NHREF_OK);
    for (size_t i = 0; i < c->nparam; i++) {
        perturb(v, sizeof v, c->param_value[i], k);
        ck_assert_int_eq(nhref_system_set_param(r->sys, c->param_name[i], v), NHREF_OK);
    }
    r->init = calloc(m->nstate, sizeof *r->init);
    for (size_t i = 0; i < m->nstate; i++) {
        const char *val = m->state[i].default_init;
        for (size_t j = 0; j < c->ninit; j++)
            if (strcmp(c->init_name[j], m->state[i].name) == 0)
                val = c->init_value[j];
        perturb(v, sizeof v, val, k);
        r->init[i] = nhref_strdup(v);
    }
    r->times = c->times;
    while (r->ntimes < c->ntimes && strtod(c->times[r->ntimes], NULL) <= TMAX)
        r->ntimes++;
    x = nhref_vec_new(m->nstate, 128);
    for (size_t i = 0; i < m->nstate; i++)
        nhref_decimal_set(x + i, r->init[i]);
    ok = nhref_system_check(r->sys, why, sizeof why) == NHREF_OK &&
         nhref_system_check_init(r->sys, x, why, sizeof why) == NHREF_OK;
    nhref_vec_free(x, m->nstate);
    return ok;
}

static void prun_clear(prun_t *r)
{
    prun_free(r);
    for (size_t i = 0; r->init != NULL && i < r->m->nstate; i++)
        free(r->init[i]);
    free(r->init);
    nhref_system_free(r->sys);
}

/* ------------------------------------------------------------------ containment */
static const char *const models[] = {"chaplygin_sleigh", "servosleigh", "one_wheel"};

START_TEST(test_contains_closed_forms)
{
    const char *model = models[_i];
    char path[1024], err[512];
    nhref_case_t *cases;
    size_t ncase, compared_cases = 0;

    snprintf(path, sizeof path, "%s/data/cases/%s.cases", ck_top_srcdir(), model);
    ck_assert_int_eq(nhref_cases_read(&cases, &ncase, path, err, sizeof err), NHREF_OK);
    for (size_t c = 0; c < ncase; c++) {
        int compared = 0;
        for (int k = 0; k <= VARIANTS; k++) {
            prun_t r;
            size_t checked = 0;
            long bad;
            if (!prun_from_case(&r, cases + c, k)) {
                prun_clear(&r);
                continue;
            }
            prun(&r);
            bad = misses(&r, &checked, 1);
            if (bad >= 0) {
                /* the horizon t <= TMAX is proven (P2's blow-up is later) */
                ck_assert_msg(r.status == NHREF_OK, "%s [%s] variant %d: %s after %zu rows",
                              model, cases[c].name, k, nhref_strerror(r.status), r.st.nrows);
                ck_assert_msg(bad == 0, "%s [%s] variant %d: %ld of %zu values outside their "
                              "balls", model, cases[c].name, k, bad, checked);
                ck_assert_uint_gt(checked, 0);
                compared++;
            }
            prun_clear(&r);
        }
        /* the case as written has a closed form where the oracle covers its branch */
        if (compared > 0)
            compared_cases++;
        fprintf(stderr, "check_proven: %s [%s]: %d of %d variants against the closed form\n",
                model, cases[c].name, compared, VARIANTS + 1);
    }
    ck_assert_msg(compared_cases > 0, "%s: no case has a closed form", model);
    nhref_cases_free(cases, ncase);
}
END_TEST

/* ------------------------------------------------------------------ Suslov's laws */
/* The generalised Suslov problem's closed forms for omega (oracle/oracle_servo.h):
 * S0, the classical problem (b1 = b2 = 0, c = 0: sech/tanh, spec §4.4), and S1
 * (I13 = I23 = 0, c = 0: the Riccati law, spec §4.5), at random parameters around
 * the spec's (every nonzero value times 1 + 0.2 u), up to t = 10 or 0.9 t* (S1's
 * blow-up time). */
START_TEST(test_suslov_laws)
{
    /* I11 I12 I13 I22 I23 I33 b1 b2 b3 c1 c2 c3 */
    static const char *const base[2][12] = {
        {"2", "0.3", "0.2", "1.5", "-0.25", "1", "0", "0", "1", "0", "0", "0"},
        {"2", "0.3", "0", "1.5", "0", "1", "0.5", "1", "0.7", "0", "0", "0"}};
    static const char *const init[6] = {"0.5", "-0.4", "0.6", "0", "0.8", "0"};
    const nhref_model_t *m = nhref_model_find("suslov_servo");
    int law = _i;

    ck_assert_uint_eq(m->nparam, 12);
    for (int k = 0; k <= VARIANTS; k++) {
        prun_t r;
        char v[64], *times[11], tb[11][32];
        long hp;
        double tmax = TMAX;
        __mpfr_struct *p, *w0, *w;
        mpfr_t t, tstar;
        size_t checked = 0, bad = 0;

        memset(&r, 0, sizeof r);
        r.m = m;
        r.digits = DIGITS;
        ck_assert_int_eq(nhref_system_new(&r.sys, m), NHREF_OK);
        for (size_t i = 0; i < 12; i++) {
            perturb(v, sizeof v, base[law][i], k);
            ck_assert_int_eq(nhref_system_set_param(r.sys, m->param[i].name, v), NHREF_OK);
        }
        r.init = calloc(6, sizeof *r.init);
        for (size_t i = 0; i < 6; i++) {
            perturb(v, sizeof v, init[i], k && i < 2);
            r.init[i] = nhref_strdup(v);
        }
        hp = 3 * 132;
        p = nhref_vec_new(12, hp);
        w0 = nhref_vec_new(2, hp);
        w = nhref_vec_new(3, hp);
        mpfr_inits2(hp, t, tstar, (mpfr_ptr)0);
        nhref_system_params(p, r.sys);
        nhref_decimal_set(w0, r.init[0]);
        nhref_decimal_set(w0 + 1, r.init[1]);
        if (law == 1) {
            ck_assert_int_eq(nhref_oracle_suslov_s1_blowup_time(tstar, p, w0), NHREF_OK);
            if (mpfr_cmp_d(tstar, TMAX / 0.9) < 0)
                tmax = 0.9 * mpfr_get_d(tstar, MPFR_RNDD);
        }
        for (int j = 0; j <= 10; j++) {
            snprintf(tb[j], sizeof tb[j], "%.6f", tmax * j / 10);
            times[j] = tb[j];
        }
        r.times = times;
        r.ntimes = 11;
        prun(&r);
        ck_assert_msg(r.status == NHREF_OK, "Suslov %s variant %d: %s", law ? "S1" : "S0", k,
                      nhref_strerror(r.status));
        ck_assert_int_eq(r.prec, 132);
        for (size_t j = 0; j < r.st.nrows; j++) {
            nhref_decimal_set(t, times[j]);
            ck_assert_int_eq(law ? nhref_oracle_suslov_s1(w, p, w0, t)
                                 : nhref_oracle_suslov_s0(w, p, w0, t),
                             NHREF_OK);
            for (size_t i = 0; i < 2; i++) { /* omega1, omega2 */
                arb_t a;
                arb_init(a);
                oracle_ball(a, w + i, hp);
                checked++;
                if (!arb_overlaps(r.out + j * m->nstate + i, a)) {
                    bad++;
                    mpfr_fprintf(stderr, "  miss: Suslov %s t = %s omega%zu = %.40Re\n",
                                 law ? "S1" : "S0", times[j], i + 1, w + i);
                }
                arb_clear(a);
            }
        }
        fprintf(stderr, "check_proven: Suslov %s variant %d: t <= %g, %zu values, %zu outside\n",
                law ? "S1 (Riccati)" : "S0 (sech/tanh)", k, tmax, checked, bad);
        ck_assert_uint_eq(checked, 22);
        ck_assert_uint_eq(bad, 0);
        mpfr_clears(t, tstar, (mpfr_ptr)0);
        nhref_vec_free(p, 12);
        nhref_vec_free(w0, 2);
        nhref_vec_free(w, 3);
        prun_clear(&r);
    }
}
END_TEST

/* ------------------------------------------------------------------ radius vs precision */
/* the largest radius relative to max(1, |value|) at the last row */
static double final_radius(const prun_t *r)
{
    double w = 0;
    arb_srcptr x = r->out + (r->st.nrows - 1) * r->m->nstate;
    for (size_t i = 0; i < r->m->nstate; i++) {
        double v = fabs(arf_get_d(arb_midref(x + i), ARF_RND_NEAR));
        w = fmax(w, mag_get_d(arb_radref(x + i)) / fmax(1, v));
    }
    return w;
}

START_TEST(test_radius_shrinks)
{
    const double digits[] = {20, 40, 80};
    char *times[] = {"0", "2.5", "5", "7.5", "10"};
    double prev = HUGE_VAL;
    for (size_t d = 0; d < sizeof digits / sizeof digits[0]; d++) {
        prun_t r;
        char *init[] = {"0", "0", "0", "0", "1"};
        double w;
        memset(&r, 0, sizeof r);
        r.m = nhref_model_find("chaplygin_sleigh");
        ck_assert_int_eq(nhref_system_new(&r.sys, r.m), NHREF_OK);
        r.init = init;
        r.times = times;
        r.ntimes = 5;
        r.digits = digits[d];
        prun(&r);
        ck_assert_int_eq(r.status, NHREF_OK);
        w = final_radius(&r);
        fprintf(stderr, "check_proven: sleigh PUB-1 at %g digits: final radius %.3e\n", digits[d], w);
        /* the radius follows the tolerance: <= 10^-(D-5), and shrinks with it */
        ck_assert_msg(w <= pow(10, -(digits[d] - 5)), "radius %g at %g digits", w, digits[d]);
        ck_assert_msg(w < prev * 1e-15, "radius %g did not shrink from %g", w, prev);
        prev = w;
        prun_free(&r);
        nhref_system_free(r.sys);
    }
}
END_TEST

/* ------------------------------------------------------------------ the test can fail */
START_TEST(test_wrong_remainder_is_caught)
{
    char path[1024], err[512];
    nhref_case_t *cases;
    size_t ncase, checked = 0;
    prun_t r;
    long bad;

    snprintf(path, sizeof path, "%s/data/cases/chaplygin_sleigh.cases", ck_top_srcdir());
    ck_assert_int_eq(nhref_cases_read(&cases, &ncase, path, err, sizeof err), NHREF_OK);
    ck_assert(prun_from_case(&r, cases, 0)); /* PUB-1 */
    r.drop_remainder = 1; /* the Lagrange remainder dropped */
    prun(&r);
    r.drop_remainder = 0;
    bad = misses(&r, &checked, 0);
    fprintf(stderr, "check_proven: without the remainder, %ld of %zu values outside\n", bad,
            checked);
    ck_assert_int_gt(bad, 0);
    prun_free(&r);
    /* and with it, none */
    prun(&r);
    checked = 0;
    ck_assert_int_eq(misses(&r, &checked, 1), 0);
    prun_clear(&r);
    nhref_cases_free(cases, ncase);
}
END_TEST

/* ------------------------------------------------------------------ cbcat P1 */
/* The Chaplygin ball with the cat's toy: the state's components have different scales
 * (M ~ 200 kg m^2/s, gamma ~ 1), which made the Gronwall margin of the a priori box and
 * the bound |V| <= e^{mu h} astronomically wide (the max-norm logarithmic norm mu is 3e4
 * to 1e5 there): 1550 validated steps to t = 0.5 against 17 Taylor steps, 34.5 proven
 * digits.  Now: at most 600 steps, at least 35 digits (mixed measure) in every state,
 * and the balls contain the golden row at t = 0.5 (VALIDATED, certified to 37 to 39
 * digits: the ball widened by 10^-36 max(1, |g|) must hold it). */
START_TEST(test_cbcat_steps)
{
    char path[1024], err[512], line[8192];
    nhref_case_t *cases;
    size_t ncase, c = 0, n;
    prun_t r;
    FILE *f;
    int found = 0;
    arb_t gv, w;
    char *times[2] = {"0", "0.5"};

    snprintf(path, sizeof path, "%s/data/cases/cbcat.cases", ck_top_srcdir());
    ck_assert_int_eq(nhref_cases_read(&cases, &ncase, path, err, sizeof err), NHREF_OK);
    while (c < ncase && strcmp(cases[c].name, "P1") != 0)
        c++;
    ck_assert_uint_lt(c, ncase);
    ck_assert(prun_from_case(&r, cases + c, 0));
    r.digits = 40; /* the case's */
    r.times = times;
    r.ntimes = 2;
    prun(&r);
    n = r.m->nstate;
    ck_assert_int_eq(r.status, NHREF_OK);
    ck_assert_int_eq(r.st.outcome, NHREF_OUTCOME_REACHED);
    fprintf(stderr, "check_proven: cbcat P1 to t = 0.5 at D = 40: %lu validated steps\n",
            (unsigned long)r.st.nsteps);
    ck_assert_uint_le(r.st.nsteps, 600);
    arb_init(gv);
    arb_init(w);
    /* the golden row at t = 0.5: t, then the states in the model's order */
    snprintf(path, sizeof path, "%s/data/golden/cbcat/P1.csv", ck_top_srcdir());
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    while (!found && fgets(line, sizeof line, f) != NULL) {
        char *tok, *save = NULL;
        size_t k = 0;
        if (line[0] == '#' || strncmp(line, "0.5,", 4) != 0)
            continue;
        found = 1;
        tok = strtok_r(line, ",", &save); /* t */
        for (k = 0; k < n && (tok = strtok_r(NULL, ",", &save)) != NULL; k++) {
            arb_srcptr x = r.out + n + k;
            ball_dec(gv, tok, 4 * r.prec);
            /* the ball keeps 35 digits: rad <= 10^-35 max(1, |x|) */
            {
                double rel = mag_get_d(arb_radref(x)) /
                             fmax(1.0, fabs(arf_get_d(arb_midref(x), ARF_RND_NEAR)));
                ck_assert_msg(rel <= 1e-35, "cbcat P1: state %zu keeps %.1f digits at t = 0.5",
                              k, -log10(rel));
            }
            /* the golden value within 10^-36 max(1, |g|) of the ball */
            arb_set(w, x);
            arb_add_error_2exp_si(w, -119); /* 2^-119 < 10^-35.8 */
            if (arf_cmpabs_2exp_si(arb_midref(gv), 0) > 0) {
                mag_t a;
                mag_init(a);
                arf_get_mag(a, arb_midref(gv));
                mag_mul_2exp_si(a, a, -119);
                arb_add_error_mag(w, a);
                mag_clear(a);
            }
            ck_assert_msg(arb_contains(w, gv), "cbcat P1: the golden %s misses state %zu", tok,
                          k);
        }
        ck_assert_uint_eq(k, n);
    }
    fclose(f);
    ck_assert(found);
    arb_clear(gv);
    arb_clear(w);
    prun_clear(&r);
    nhref_cases_free(cases, ncase);
}
END_TEST

/* ------------------------------------------------------------------ gen's turntable */
/* 1 if every state of the row of R at time index K lies, widened by 10^-D max(1, |g|)
 * (the golden file's certified digits), around the golden file's value at time TG
 * (PATH: t, then the states in the model's order); 0 with a message otherwise */
static int golden_row_inside(prun_t *r, size_t k, const char *path, const char *tg, int d)
{
    char line[16384];
    size_t n = r->m->nstate, lt = strlen(tg), i = 0;
    FILE *f = fopen(path, "r");
    arb_t gv, w;
    mag_t a;
    int found = 0, ok = 1;

    ck_assert_ptr_nonnull(f);
    arb_init(gv);
    arb_init(w);
    mag_init(a);
    while (!found && fgets(line, sizeof line, f) != NULL) {
        char *tok, *save = NULL;
        if (line[0] == '#' || strncmp(line, tg, lt) != 0 || line[lt] != ',')
            continue;
        found = 1;
        tok = strtok_r(line, ",", &save); /* t */
        for (i = 0; i < n && (tok = strtok_r(NULL, ",", &save)) != NULL; i++) {
            ball_dec(gv, tok, 4 * r->prec);
            arb_set(w, r->out + k * n + i);
            mag_set_ui_2exp_si(a, 1, 0);
            if (arf_cmpabs_2exp_si(arb_midref(gv), 0) > 0)
                arf_get_mag(a, arb_midref(gv));
            for (int j = 0; j < d; j++)
                mag_div_ui(a, a, 10); /* rounds up: a >= 10^-d max(1, |g|) */
            arb_add_error_mag(w, a);
            if (!arb_contains(w, gv)) {
                fprintf(stderr, "check_proven: %s at t = %s: the golden %s misses state %s %s\n",
                        r->m->name, tg, tok, r->m->state[i].name, arb_get_str(w, 40, 0));
                ok = 0;
            }
        }
    }
    fclose(f);
    ck_assert_msg(found && i == n, "no golden row at t = %s in %s", tg, path);
    arb_clear(gv);
    arb_clear(w);
    mag_clear(a);
    return ok;
}

/* gen's homogeneous turntable (data/cases/gen.cases, D = 32) to t = 1, where the
 * validated step was held at about 1/100 of the point step (docs/proven.md: the
 * interval Taylor coefficients over the step's box).  Loop 0, the case's point state:
 * at most 100 times the plain Taylor route's steps to t = 1 (2 Taylor steps; 145
 * validated now: a guard against the steps' falling further, not the target of
 * 5 to 30), every state keeps 29 digits (30.2 now), and the balls hold the golden row at
 * t = 1 widened by 10^-32 max(1, |g|) (certified 32).
 * Loop 1, the initial box M1 in [0.2, 0.2 + 2e-12] (M is free of the model's
 * conditions): the golden trajectory starts on the box's edge, so at t = 1 it lies on
 * the edge of the set, where only a right Jacobian enclosure J (jacobian, jac_at: the
 * Lohner part J B r is 1e-12 wide) keeps it: the balls must hold it too. */
START_TEST(test_turntable)
{
    char path[1024], err[512];
    nhref_case_t *cases;
    size_t ncase, c = 0, n;
    prun_t r;
    char *times[2] = {"0", "1"};

    snprintf(path, sizeof path, "%s/data/cases/gen.cases", ck_top_srcdir());
    ck_assert_int_eq(nhref_cases_read(&cases, &ncase, path, err, sizeof err), NHREF_OK);
    while (c < ncase && strcmp(cases[c].name, "homogeneous-turntable") != 0)
        c++;
    ck_assert_uint_lt(c, ncase);
    ck_assert(prun_from_case(&r, cases + c, 0));
    r.digits = 32; /* the case's */
    r.times = times;
    r.ntimes = 2;
    n = r.m->nstate;
    if (_i == 1) {
        ck_assert_str_eq(r.m->state[0].name, "M1");
        ck_assert_str_eq(r.init[0], "0.2");
        free(r.init[0]);
        r.init[0] = nhref_strdup("[0.200000000001 +/- 1.0001e-12]");
    }
    prun(&r);
    ck_assert_int_eq(r.status, NHREF_OK);
    ck_assert_int_eq(r.st.outcome, NHREF_OUTCOME_REACHED);
    if (_i == 0) {
        nhref_options_t opt;
        nhref_integrator_t *ig;
        nhref_stats_t sm;
        __mpfr_struct *xm = nhref_vec_new(n, 200), *tm = nhref_vec_new(2, 200);
        for (size_t i = 0; i < n; i++)
            ck_assert_int_eq(nhref_decimal_set(xm + i, r.init[i]), NHREF_OK);
        mpfr_set_ui(tm, 0, MPFR_RNDN);
        mpfr_set_ui(tm + 1, 1, MPFR_RNDN);
        nhref_options_default(&opt);
        opt.digits = 32;
        ck_assert_int_eq(nhref_integrator_new(&ig, r.sys, &opt), NHREF_OK);
        ck_assert_int_eq(nhref_integrate_grid(ig, NULL, xm, tm, 2, &sm), NHREF_OK);
        fprintf(stderr,
                "check_proven: gen turntable to t = 1 at D = 32: %lu validated steps, %lu "
                "Taylor steps\n",
                (unsigned long)r.st.nsteps, (unsigned long)sm.nsteps);
        ck_assert_uint_le(r.st.nsteps, 100 * sm.nsteps);
        nhref_integrator_free(ig);
        nhref_vec_free(xm, n);
        nhref_vec_free(tm, 2);
        for (size_t i = 0; i < n; i++) {
            arb_srcptr x = r.out + n + i;
            double rel = mag_get_d(arb_radref(x)) /
                         fmax(1.0, fabs(arf_get_d(arb_midref(x), ARF_RND_NEAR)));
            ck_assert_msg(rel <= 1e-29, "gen turntable: state %zu keeps %.1f digits at t = 1",
                          i, -log10(rel));
        }
    }
    snprintf(path, sizeof path, "%s/data/golden/gen/homogeneous-turntable.csv",
             ck_top_srcdir());
    ck_assert(golden_row_inside(&r, 1, path, "1", 32));
    prun_clear(&r);
    nhref_cases_free(cases, ncase);
}
END_TEST

/* ------------------------------------------------------------------ integrals of rows */
/* The first integrals of a row, on its Lohner form (nhref_proven_integrals during the row
 * callback), contain the integrals' values at the initial state (conserved: an identity;
 * the oracle's, from the decimal initial state at 3 prec bits), are never wider than on
 * the row's hull (the same call on a copy of the hull), and are narrower somewhere:
 * cbcat P1 at D = 40, rows 0, 0.25, 0.5. */
typedef struct {
    nhref_proven_t *pv;
    const nhref_model_t *m;
    arb_ptr Ib, Ih, xc, I0;
    long narrower, rows;
} irow_t;

static int integrals_row(void *arg, size_t i, arb_srcptr t, arb_srcptr x)
{
    irow_t *w = arg;
    size_t ni = w->m->nintegral;
    (void)i;
    _arb_vec_set(w->xc, x, (slong)w->m->nstate);
    ck_assert_int_eq(nhref_proven_integrals(w->pv, w->Ih, t, w->xc), NHREF_OK); /* hull */
    ck_assert_int_eq(nhref_proven_integrals(w->pv, w->Ib, t, x), NHREF_OK);     /* form */
    for (size_t j = 0; j < ni; j++) {
        if (!arb_is_finite(w->I0 + j))
            continue; /* not conserved here (f: on M parallel to gamma only) */
        ck_assert_msg(arb_overlaps(w->Ib + j, w->I0 + j), "integral %s misses its initial value",
                      w->m->integral[j].name);
        ck_assert_msg(mag_cmp(arb_radref(w->Ib + j), arb_radref(w->Ih + j)) <= 0,
                      "integral %s wider on the form than on the hull", w->m->integral[j].name);
        if (mag_cmp(arb_radref(w->Ib + j), arb_radref(w->Ih + j)) < 0 &&
            mag_cmp_2exp_si(arb_radref(w->Ih + j), 1) < 0) {
            mag_t h;
            mag_init(h);
            mag_mul_2exp_si(h, arb_radref(w->Ib + j), 1);
            if (mag_cmp(h, arb_radref(w->Ih + j)) < 0)
                w->narrower++; /* by more than a factor 2 */
            mag_clear(h);
        }
    }
    w->rows++;
    return 0;
}

START_TEST(test_integrals_on_rows)
{
    char path[1024], err[512];
    nhref_case_t *cases;
    size_t ncase, c = 0, n, ni;
    prun_t r;
    irow_t w;
    nhref_options_t o;
    arb_ptr x0, g;
    const nhref_oracle_t *or;
    __mpfr_struct *p, *s0, *I;
    mpfr_t t0;
    long hp;

    snprintf(path, sizeof path, "%s/data/cases/cbcat.cases", ck_top_srcdir());
    ck_assert_int_eq(nhref_cases_read(&cases, &ncase, path, err, sizeof err), NHREF_OK);
    while (c < ncase && strcmp(cases[c].name, "P1") != 0)
        c++;
    ck_assert_uint_lt(c, ncase);
    ck_assert(prun_from_case(&r, cases + c, 0));
    n = r.m->nstate;
    ni = r.m->nintegral;
    ck_assert_uint_gt(ni, 0);
    nhref_options_default(&o);
    o.digits = 40;
    memset(&w, 0, sizeof w);
    ck_assert_int_eq(nhref_proven_new(&w.pv, r.sys, &o), NHREF_OK);
    r.prec = nhref_proven_prec(w.pv);
    hp = 3 * r.prec;
    w.m = r.m;
    w.Ib = _arb_vec_init((slong)ni);
    w.Ih = _arb_vec_init((slong)ni);
    w.I0 = _arb_vec_init((slong)ni);
    w.xc = _arb_vec_init((slong)n);
    /* the integrals at the initial state, by the oracle */
    or = nhref_oracle_find(r.m->name);
    ck_assert(or != NULL && or->integrals != NULL);
    p = nhref_vec_new(r.m->nparam, hp);
    s0 = nhref_vec_new(n, hp);
    I = nhref_vec_new(ni + 1, hp);
    mpfr_init2(t0, hp);
    mpfr_set_zero(t0, 1);
    nhref_system_params(p, r.sys);
    for (size_t i = 0; i < n; i++)
        nhref_decimal_set(s0 + i, r.init[i]);
    ck_assert_int_eq(or->integrals(I, p, s0, t0), NHREF_OK);
    for (size_t j = 0; j < ni; j++) {
        if (mpfr_number_p(I + j) && strncmp(r.m->integral[j].holds, "always", 6) == 0)
            oracle_ball(w.I0 + j, I + j, hp); /* conserved on every solution */
        else
            arb_indeterminate(w.I0 + j);
    }
    x0 = _arb_vec_init((slong)n);
    g = _arb_vec_init(3);
    for (size_t i = 0; i < n; i++)
        ball_dec(x0 + i, r.init[i], r.prec);
    ball_dec(g + 1, "0.25", r.prec);
    ball_dec(g + 2, "0.5", r.prec);
    nhref_proven_on_row(w.pv, integrals_row, &w);
    ck_assert_int_eq(nhref_proven_grid(w.pv, NULL, x0, g, 3, &r.st), NHREF_OK);
    fprintf(stderr, "check_proven: cbcat P1 rows' integrals: %ld of %ld narrower than on the hull "
            "by more than 2 times\n", w.narrower, w.rows * (long)ni);
    ck_assert_int_eq(w.rows, 3);
    ck_assert_int_gt(w.narrower, 0);
    mpfr_clear(t0);
    nhref_vec_free(p, r.m->nparam);
    nhref_vec_free(s0, n);
    nhref_vec_free(I, ni + 1);
    _arb_vec_clear(x0, (slong)n);
    _arb_vec_clear(g, 3);
    _arb_vec_clear(w.Ib, (slong)ni);
    _arb_vec_clear(w.Ih, (slong)ni);
    _arb_vec_clear(w.I0, (slong)ni);
    _arb_vec_clear(w.xc, (slong)n);
    nhref_proven_free(w.pv);
    prun_clear(&r);
    nhref_cases_free(cases, ncase);
}
END_TEST

/* ------------------------------------------------------------------ blow-up */
START_TEST(test_blowup_not_proven_past)
{
    char path[1024], err[512];
    nhref_case_t *cases;
    size_t ncase, c = 0;
    prun_t r;
    char *times[21], buf[21][12]; /* room for any int: gcc -O1 checks %d */

    snprintf(path, sizeof path, "%s/data/cases/suslov_servo.cases", ck_top_srcdir());
    ck_assert_int_eq(nhref_cases_read(&cases, &ncase, path, err, sizeof err), NHREF_OK);
    while (c < ncase && strcmp(cases[c].name, "P2") != 0)
        c++;
    ck_assert_uint_lt(c, ncase);
    ck_assert(prun_from_case(&r, cases + c, 0));
    for (int k = 0; k <= 20; k++) {
        snprintf(buf[k], sizeof buf[k], "%d", k);
        times[k] = buf[k];
    }
    r.times = times;
    r.ntimes = 21;
    prun(&r);
    /* spec §4.8: P2 blows up at t ~ 14.71689; the run stops before, as UNPROVEN (the
     * steps can no longer be validated) or BLOWUP (the radius of convergence says
     * so): never with a row beyond */
    ck_assert_msg(r.status == NHREF_EUNPROVEN || r.status == NHREF_EBLOWUP, "%s",
                  nhref_strerror(r.status));
    ck_assert(r.st.outcome == NHREF_OUTCOME_UNPROVEN || r.st.outcome == NHREF_OUTCOME_BLOWUP);
    ck_assert_uint_le(r.st.nrows, 15); /* rows at t = 0 ... 14 at most */
    ck_assert_uint_ge(r.st.nrows, 13); /* and the case's own horizon, T = 12 */
    /* the spec gives t* to 7 digits, 14.71689 (+- 5e-6); omega2 ~ C / (t* - t) through
     * the plain run's last state (t = 14.7168907539, -2.2439e7) and the proven one's
     * (14.7168908716, -7.1218e8) puts it at 14.7168908754: the enclosures reach within
     * 4e-9 of it since the a priori box is validated for the start box itself (no
     * Gronwall margin), past the 7-digit value.  The bound is the spec's, rounded up. */
    ck_assert(r.st.t_stop < 14.716895);
    fprintf(stderr, "check_proven: P2 proven up to t = %.10g (%zu rows)\n", r.st.t_stop,
            r.st.nrows);
    prun_clear(&r);
    nhref_cases_free(cases, ncase);
}
END_TEST

/* One blow-up rule (integrate/blowup.h) for the generic driver and the proven
 * integrator: on the servosleigh with gam = 0, which blows up at t* = 1/(alpha omega0)
 * = 2.5 exactly (spec servoconstraints.md §5.5: u = u0 / (1 - alpha omega0 t)), both
 * stop with BLOWUP under the same limit (blowup_radius 1e-3), before t*, each
 * estimating t* to within the limit. */
START_TEST(test_blowup_rule_shared)
{
    static const char *const p[][2] = {{"alpha", "0.5"}, {"beta", "1"}, {"g", "0"}};
    static const char *const x[] = {"0", "0", "0.3", "0.4", "0.8", "0"};
    nhref_system_t *sys;
    nhref_options_t opt;
    nhref_integrator_t *ig;
    nhref_proven_t *pv;
    nhref_stats_t sm, sp;
    arb_ptr xb = _arb_vec_init(6), tb = _arb_vec_init(2);
    __mpfr_struct *xm = nhref_vec_new(6, 200), *tm = nhref_vec_new(2, 200);

    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("servosleigh")), NHREF_OK);
    for (size_t i = 0; i < 3; i++)
        ck_assert_int_eq(nhref_system_set_param(sys, p[i][0], p[i][1]), NHREF_OK);
    for (size_t i = 0; i < 6; i++) {
        ck_assert_int_eq(nhref_decimal_set(xm + i, x[i]), NHREF_OK);
        ball_dec(xb + i, x[i], 200);
    }
    mpfr_set_ui(tm, 0, MPFR_RNDN);
    mpfr_set_ui(tm + 1, 3, MPFR_RNDN);
    arb_set_ui(tb + 1, 3);
    nhref_options_default(&opt);
    opt.digits = 30;
    opt.blowup_radius = 1e-3;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    ck_assert_int_eq(nhref_integrate_grid(ig, NULL, xm, tm, 2, &sm), NHREF_EBLOWUP);
    ck_assert_int_eq(nhref_proven_new(&pv, sys, &opt), NHREF_OK);
    ck_assert_int_eq(nhref_proven_grid(pv, NULL, xb, tb, 2, &sp), NHREF_EBLOWUP);
    ck_assert_int_eq(sm.outcome, NHREF_OUTCOME_BLOWUP);
    ck_assert_int_eq(sp.outcome, NHREF_OUTCOME_BLOWUP);
    fprintf(stderr, "check_proven: t* = 2.5: driver stops at %.10g (t_blowup %.10g), proven at "
                    "%.10g (%.10g)\n",
            sm.t_stop, sm.t_blowup, sp.t_stop, sp.t_blowup);
    ck_assert(sm.t_stop < 2.5 && sp.t_stop < 2.5);
    ck_assert(fabs(sm.t_blowup - 2.5) < 2.5e-3 && fabs(sp.t_blowup - 2.5) < 2.5e-3);
    nhref_integrator_free(ig);
    nhref_proven_free(pv);
    nhref_vec_free(xm, 6);
    nhref_vec_free(tm, 2);
    _arb_vec_clear(xb, 6);
    _arb_vec_clear(tb, 2);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ events */
START_TEST(test_skater_fall)
{
    static const char *const name[] = {"fall-A1-0", "fall-A1-0.1"};
    char path[1024], err[512], line[4096];
    nhref_case_t *cases;
    size_t ncase, c = 0;
    prun_t r;
    nhref_proven_t *pv;
    nhref_options_t o;
    arb_ptr x0, g, xe;
    arb_t te, tg, half_pi;
    FILE *f;
    const char *golden_t = NULL;
    static char tbuf[128];

    snprintf(path, sizeof path, "%s/data/cases/skater.cases", ck_top_srcdir());
    ck_assert_int_eq(nhref_cases_read(&cases, &ncase, path, err, sizeof err), NHREF_OK);
    while (c < ncase && strcmp(cases[c].name, name[_i]) != 0)
        c++;
    ck_assert_uint_lt(c, ncase);
    /* the golden event time, certified to 40 digits */
    snprintf(path, sizeof path, "%s/data/golden/skater/%s.csv", ck_top_srcdir(), name[_i]);
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    while (fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "# event: fall at t = %127s", tbuf) == 1)
            golden_t = tbuf;
    fclose(f);
    ck_assert_ptr_nonnull(golden_t);

    ck_assert(prun_from_case(&r, cases + c, 0));
    nhref_options_default(&o);
    o.digits = 40;
    ck_assert_int_eq(nhref_proven_new(&pv, r.sys, &o), NHREF_OK);
    r.prec = nhref_proven_prec(pv);
    x0 = _arb_vec_init((slong)r.m->nstate);
    xe = _arb_vec_init((slong)r.m->nstate);
    g = _arb_vec_init(2);
    arb_init(te);
    arb_init(tg);
    arb_init(half_pi);
    for (size_t i = 0; i < r.m->nstate; i++)
        ball_dec(x0 + i, r.init[i], r.prec);
    arb_set_ui(g + 1, 3); /* the case's event horizon */
    ck_assert_int_eq(nhref_proven_grid(pv, NULL, x0, g, 2, &r.st), NHREF_OK);
    ck_assert_int_eq(r.st.outcome, NHREF_OUTCOME_EVENT);
    nhref_proven_state(pv, te, xe);
    /* the time ball meets the golden time's (40 certified digits) */
    ball_dec(tg, golden_t, 4 * r.prec);
    arb_add_error_2exp_si(tg, -132); /* 10^-40 < 2^-132 */
    {
        char *ts = arb_get_str(te, 45, 0); /* flint_malloc'd */
        fprintf(stderr, "check_proven: %s: fall at t in %s (golden %s)\n", name[_i], ts,
                golden_t);
        flint_free(ts);
    }
    ck_assert(arb_overlaps(te, tg));
    ck_assert(mag_cmp_2exp_si(arb_radref(te), -100) < 0); /* and is narrow */
    /* theta (state 0) is +-pi/2 there: the fall's definition */
    arb_const_pi(half_pi, 4 * r.prec);
    arb_mul_2exp_si(half_pi, half_pi, -1);
    if (arf_sgn(arb_midref(xe)) < 0)
        arb_neg(half_pi, half_pi);
    ck_assert(arb_overlaps(xe, half_pi));
    arb_clear(te);
    arb_clear(tg);
    arb_clear(half_pi);
    _arb_vec_clear(x0, (slong)r.m->nstate);
    _arb_vec_clear(xe, (slong)r.m->nstate);
    _arb_vec_clear(g, 2);
    nhref_proven_free(pv);
    prun_clear(&r);
    nhref_cases_free(cases, ncase);
}
END_TEST

/* ------------------------------------------------------------------ input checks */
/* ------------------------------------------------------------------ parameter sets */
/* nhref_set_arb: "[LO, HI]" holds both exact ends (as rationals) and is no wider than
 * HI - LO by more than rounding; "MID+-RAD" holds MID - RAD and MID + RAD; LO > HI,
 * RAD < 0 and malformed sets refused */
START_TEST(test_set_arb)
{
    arb_t x;
    fmpq_t q;
    mag_t w;
    arb_init(x);
    fmpq_init(q);
    mag_init(w);
    ck_assert_int_eq(nhref_set_arb(x, "[0.1, 0.3]", 64), NHREF_OK);
    fmpq_set_si(q, 1, 10);
    ck_assert(arb_contains_fmpq(x, q));
    fmpq_set_si(q, 3, 10);
    ck_assert(arb_contains_fmpq(x, q));
    fmpq_set_si(q, 31, 100);
    ck_assert(!arb_contains_fmpq(x, q));
    mag_set_d(w, 0.1 * (1 + 1e-8)); /* mag_t keeps 30 bits */
    ck_assert(mag_cmp(arb_radref(x), w) <= 0);
    ck_assert_int_eq(nhref_set_arb(x, "0.5+-1e-3", 64), NHREF_OK);
    fmpq_set_si(q, 499, 1000);
    ck_assert(arb_contains_fmpq(x, q));
    fmpq_set_si(q, 501, 1000);
    ck_assert(arb_contains_fmpq(x, q));
    ck_assert_int_eq(nhref_set_arb(x, "[-1e-30, 1e-30]", 128), NHREF_OK);
    fmpq_set_si(q, -1, 1);
    fmpz_set_ui(fmpq_denref(q), 10);
    fmpz_pow_ui(fmpq_denref(q), fmpq_denref(q), 30); /* -10^-30 */
    ck_assert(arb_contains_fmpq(x, q));
    ck_assert_int_eq(nhref_set_arb(x, "[0.3, 0.1]", 64), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_set_arb(x, "1+--1", 64), NHREF_EDOMAIN);
    ck_assert_int_eq(nhref_set_arb(x, "[0.1, 0.3", 64), NHREF_EPARSE);
    ck_assert_int_eq(nhref_set_arb(x, "[0.1, nan]", 64), NHREF_EPARSE);
    ck_assert_int_eq(nhref_set_arb(x, "pi/4", 64), NHREF_OK); /* a value */
    arb_clear(x);
    fmpq_clear(q);
    mag_clear(w);
}
END_TEST

/* nhref_proven_new_sets on the sleigh from omega = 1 with a in [0.5 - 1e-10, 0.5 +
 * 1e-10]: the closed form (oracle/) at a = both ends and the midpoint lies in every
 * row's balls, at a = 0.5 + 1e-8 (outside the set) outside some; the row balls stay
 * within 4 times half the ends' spread (Lohner carries the parameter: no wrapping); a
 * set that is not finite is NHREF_EPARAM */
START_TEST(test_param_sets)
{
    static const char *const as[] = {"0.4999999999", "0.5000000001", "0.5", "0.50000001"};
    const nhref_model_t *m = nhref_model_find("chaplygin_sleigh");
    const nhref_oracle_t *or = nhref_oracle_find(m->name);
    size_t n = m->nstate, ia = (size_t)nhref_model_param_index(m, "a"), nt = 4;
    nhref_system_t *sys;
    nhref_proven_t *pv;
    nhref_options_t o;
    arb_ptr x0 = _arb_vec_init((slong)n), g = _arb_vec_init((slong)nt);
    arb_ptr out = _arb_vec_init((slong)(nt * n)), pb = _arb_vec_init((slong)m->nparam);
    arb_srcptr *ps = calloc(m->nparam, sizeof *ps);
    long hp = 400;
    __mpfr_struct *p = nhref_vec_new(m->nparam, hp), *s0 = nhref_vec_new(n, hp);
    __mpfr_struct *s = nhref_vec_new(n, hp), *lo = nhref_vec_new(nt * n, hp);
    mpfr_t t, half;

    ck_assert_ptr_nonnull(or);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    ck_assert_int_eq(nhref_system_set_param(sys, "a", "0.5"), NHREF_OK);
    ck_assert_int_eq(nhref_set_arb(pb + ia, "[0.4999999999, 0.5000000001]", 128), NHREF_OK);
    ps[ia] = pb + ia;
    nhref_options_default(&o);
    o.digits = 30;
    ck_assert_int_eq(nhref_proven_new_sets(&pv, sys, ps, &o), NHREF_OK);
    for (size_t i = 0; i < n; i++)
        ball_dec(x0 + i, m->state[i].default_init, 128);
    for (size_t k = 0; k < nt; k++)
        arb_set_ui(g + k, 2 * k);
    ck_assert_int_eq(nhref_proven_grid(pv, out, x0, g, nt, NULL), NHREF_OK);
    nhref_proven_free(pv);
    mpfr_inits2(hp, t, half, (mpfr_ptr)0);
    nhref_system_params(p, sys);
    for (size_t i = 0; i < n; i++)
        nhref_decimal_set(s0 + i, m->state[i].default_init);
    for (size_t j = 0; j < sizeof as / sizeof as[0]; j++) {
        void *sol = NULL;
        int missed = 0;
        nhref_decimal_set(p + ia, as[j]);
        ck_assert_int_eq(or->solution_new(&sol, p, s0, hp), NHREF_OK);
        for (size_t k = 0; k < nt; k++) {
            mpfr_set_ui(t, 2 * k, MPFR_RNDN);
            ck_assert_int_eq(or->solution_state(s, sol, t), NHREF_OK);
            for (size_t i = 0; i < n; i++) {
                arb_t a;
                arb_init(a);
                oracle_ball(a, s + i, hp);
                if (!arb_overlaps(out + k * n + i, a))
                    missed++;
                ck_assert_msg(j == 3 || arb_overlaps(out + k * n + i, a),
                              "a = %s, t = %zu: %s outside its ball", as[j], 2 * k,
                              m->state[i].name);
                arb_clear(a);
                if (j == 0)
                    mpfr_set(lo + k * n + i, s + i, MPFR_RNDN);
                if (j == 1 && k > 0) { /* the ball within 4 half-spreads of the ends */
                    mpfr_sub(half, s + i, lo + k * n + i, MPFR_RNDN);
                    mpfr_abs(half, half, MPFR_RNDN);
                    mpfr_mul_ui(half, half, 2, MPFR_RNDU); /* 4 x half the spread */
                    ck_assert_msg(mag_get_d(arb_radref(out + k * n + i)) <=
                                      mpfr_get_d(half, MPFR_RNDU) + 1e-24,
                                  "t = %zu: %s's radius %g above 4 half-spreads %g", 2 * k,
                                  m->state[i].name, mag_get_d(arb_radref(out + k * n + i)),
                                  mpfr_get_d(half, MPFR_RNDU));
                }
            }
        }
        if (j == 3)
            ck_assert_msg(missed > 0, "a = 0.5 + 1e-8 (outside the set) lies in every ball");
        or->solution_free(sol);
    }
    /* a set that is not finite */
    arb_indeterminate(pb + ia);
    ck_assert_int_eq(nhref_proven_new_sets(&pv, sys, ps, &o), NHREF_EPARAM);
    ck_assert_ptr_null(pv);
    mpfr_clears(t, half, (mpfr_ptr)0);
    nhref_vec_free(p, m->nparam);
    nhref_vec_free(s0, n);
    nhref_vec_free(s, n);
    nhref_vec_free(lo, nt * n);
    _arb_vec_clear(x0, (slong)n);
    _arb_vec_clear(g, (slong)nt);
    _arb_vec_clear(out, (slong)(nt * n));
    _arb_vec_clear(pb, (slong)m->nparam);
    free(ps);
    nhref_system_free(sys);
}
END_TEST

START_TEST(test_bad_input)
{
    nhref_system_t *sys;
    nhref_proven_t *pv;
    nhref_options_t o;
    arb_ptr x0 = _arb_vec_init(5), g = _arb_vec_init(3);

    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
    nhref_options_default(&o);
    o.scheme = "gauss";
    ck_assert_int_eq(nhref_proven_new(&pv, sys, &o), NHREF_EINVAL);
    ck_assert_ptr_null(pv);
    nhref_options_default(&o);
    o.h_fixed = 0.1;
    ck_assert_int_eq(nhref_proven_new(&pv, sys, &o), NHREF_EINVAL);
    nhref_options_default(&o);
    ck_assert_int_eq(nhref_proven_new(&pv, sys, &o), NHREF_OK);
    arb_set_ui(x0 + 4, 1);
    arb_set_ui(g + 1, 2);
    arb_set_ui(g + 2, 1); /* decreasing */
    ck_assert_int_eq(nhref_proven_grid(pv, NULL, x0, g, 3, NULL), NHREF_EINVAL);
    ck_assert_int_eq(nhref_proven_grid(pv, NULL, x0, g, 0, NULL), NHREF_EINVAL);
    arb_indeterminate(x0);
    arb_set_ui(g + 2, 3);
    ck_assert_int_eq(nhref_proven_grid(pv, NULL, x0, g, 3, NULL), NHREF_EPARAM);
    nhref_proven_free(pv);
    nhref_system_free(sys);
    _arb_vec_clear(x0, 5);
    _arb_vec_clear(g, 3);
}
END_TEST

static Suite *proven_suite(void)
{
    Suite *s = suite_create("proven");
    TCase *tc = tcase_create("containment");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_contains_closed_forms, 0, sizeof models / sizeof models[0]);
    tcase_add_loop_test(tc, test_suslov_laws, 0, 2);
    tcase_add_test(tc, test_wrong_remainder_is_caught);
    suite_add_tcase(s, tc);
    tc = tcase_create("behaviour");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_radius_shrinks);
    tcase_add_test(tc, test_blowup_not_proven_past);
    tcase_add_test(tc, test_cbcat_steps);
    tcase_add_loop_test(tc, test_turntable, 0, 2);
    tcase_add_test(tc, test_integrals_on_rows);
    tcase_add_test(tc, test_blowup_rule_shared);
    tcase_add_loop_test(tc, test_skater_fall, 0, 2);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_set_arb);
    tcase_add_test(tc, test_param_sets);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr;
    int nfail;
    unsigned long seed = ck_seed();
    flint_randinit(rng);
    flint_randseed(rng, seed, seed ^ 0x9e3779b97f4a7c15UL);
    fprintf(stderr, "check_proven: seed %lu\n", seed);
    sr = srunner_create(proven_suite());
    srunner_run_all(sr, CK_NORMAL);
    nfail = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_randclear(rng);
    flint_cleanup();
    return nfail == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
