/* check_servo.c -- the servo-constraint models (suslov_servo, servosleigh,
 * servosleigh_offset, and the test models M1 on so(3)/se(2) and Q1-Q4 of
 * tests/servo_epb_models.c) against the independent oracle (oracle/servo.c),
 * the public reference values P1-P4 of shared/models/servoconstraints.md §7
 * and identities.  One test per item of the spec's checklist (§10), named
 * after it.
 *
 * Expected values come from the spec's decimal strings, from oracle/ or from
 * identities -- never from the code under test.  The P2 blow-up test
 * (checklist item 8) is tagged "blowup" (CK_EXCLUDE_TAGS=blowup skips it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_mpfr.h"
#include "servo_epb_models.h"
#include "nhref_fast.h"
#include "nhref_integrate.h"
#include "nhref.h"
#include "nhref_oracle.h"
#include "../oracle/oracle_servo.h"
#include "../oracle/oracle_sleigh.h"

extern const nhref_model_t nhref_model_suslov_servo, nhref_model_servosleigh,
    nhref_model_servosleigh_offset, nhref_model_chaplygin_sleigh;

#define RN MPFR_RNDN

/* ------------------------------------------------------------------ helpers */
static __mpfr_struct *vec(size_t n, mpfr_prec_t prec)
{
    __mpfr_struct *v = malloc((n ? n : 1) * sizeof *v);
    for (size_t i = 0; i < n; i++)
        mpfr_init2(v + i, prec);
    return v;
}

static void vec_free(__mpfr_struct *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mpfr_clear(v + i);
    free(v);
}

static void set_strs(mpfr_ptr v, const char *const *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(mpfr_set_str(v + i, s[i], 10, RN), 0);
}

/* a system of MODEL with the parameters NAMES = VALUES (NULL-terminated names) */
static nhref_system_t *sys_new(const nhref_model_t *model, const char *const *names,
                               const char *const *values)
{
    nhref_system_t *sys;
    ck_assert_ptr_nonnull(model);
    ck_assert_int_eq(nhref_system_new(&sys, model), NHREF_OK);
    for (size_t i = 0; names != NULL && names[i] != NULL; i++)
        ck_assert_msg(nhref_system_set_param(sys, names[i], values[i]) == NHREF_OK, "param %s",
                      names[i]);
    return sys;
}

/* all parameters in table order */
static nhref_system_t *sys_all(const nhref_model_t *model, const char *const *values)
{
    nhref_system_t *sys;
    ck_assert_int_eq(nhref_system_new(&sys, model), NHREF_OK);
    for (size_t i = 0; i < model->nparam; i++)
        ck_assert_int_eq(nhref_system_set_param(sys, model->param[i].name, values[i]), NHREF_OK);
    return sys;
}

static nhref_integrator_t *integ_new(const nhref_system_t *sys, double digits, mpfr_prec_t prec)
{
    nhref_options_t opt;
    nhref_integrator_t *ig;
    nhref_options_default(&opt);
    opt.digits = digits;
    opt.prec = prec;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    return ig;
}

/* X: initial state in, x(T) out (T, T0 as MPFR numbers); returns the status */
static int flow(nhref_integrator_t *ig, mpfr_ptr x, mpfr_srcptr t0, mpfr_srcptr T,
                nhref_stats_t *st)
{
    mpfr_t t;
    int status;
    mpfr_init2(t, nhref_integrator_prec(ig));
    mpfr_set(t, t0, RN);
    status = nhref_integrate_until(ig, x, t, T, st);
    mpfr_clear(t);
    return status;
}

/* integrate SYS from X (in/out) over [0, T] (decimal), at DIGITS */
static void run(const nhref_system_t *sys, mpfr_ptr x, const char *T, double digits)
{
    nhref_integrator_t *ig = integ_new(sys, digits, 0);
    mpfr_t t0, tt;
    mpfr_inits2(nhref_integrator_prec(ig), t0, tt, (mpfr_ptr)0);
    mpfr_set_zero(t0, 1);
    mpfr_set_str(tt, T, 10, RN);
    {
        int status = flow(ig, x, t0, tt, NULL);
        ck_assert_msg(status == NHREF_OK, "%s over [0, %s]: %s", nhref_system_model(sys)->name, T,
                      nhref_strerror(status));
    }
    mpfr_clears(t0, tt, (mpfr_ptr)0);
    nhref_integrator_free(ig);
}

/* the right-hand side of SYS at X (t = 0) at PREC bits */
static void rhs_eval(mpfr_ptr f, const nhref_system_t *sys, mpfr_srcptr x, mpfr_prec_t prec)
{
    const nhref_model_t *m = nhref_system_model(sys);
    nhref_tape_mp_t *ws;
    __mpfr_struct *p = vec(m->nparam, prec);
    mpfr_t t;
    mpfr_init2(t, prec);
    mpfr_set_zero(t, 1);
    nhref_system_params(p, sys);
    ck_assert_int_eq(nhref_tape_mp_new(&ws, nhref_system_rhs_tape(sys), prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_set_params(ws, p), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_eval(f, ws, t, x), NHREF_OK);
    nhref_tape_mp_free(ws);
    mpfr_clear(t);
    vec_free(p, m->nparam);
}

/* uniform pseudo-random decimal in [lo, hi] (deterministic: seed from ck_seed) */
static unsigned long rng_state;
static double urand(double lo, double hi)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return lo + (hi - lo) * (double)(rng_state >> 11) / 9007199254740992.0;
}

/* ------------------------------------------------------------------ the public cases */
static const char *const P1_par[] = {"2", "0.3", "0.2", "1.5", "-0.25", "0",
                                     "0.2", "0.5", "1", "0", "0", "0"};
static const char *const P1_s0[] = {"0.5", "-0.4", "0.6", "0", "0.8", "0"};
static const char *const P1_sT[] = {
    "0.455552658794988706084708789742", "0.278287741200530617754752633257",
    "0.789259475120646254450175924698", "0.0257547372867585890663483173242",
    "0.613519498010920613739956845010", "-0.00635630876376043582219522428740"};
static const char *const P2_par[] = {"2", "0.3", "0", "1.5", "0", "0",
                                     "0.5", "1", "0.7", "1", "-0.5", "0"};
static const char *const P2_s0[] = {"0.3", "-0.2", "0.6", "0", "0.8", "0"};
static const char *const P2_sT[] = {
    "0.525258536659450741732788037177", "0.726062872933297493790350819504",
    "-0.0349941373415659949042485082501", "0.381363187604549458625928831384",
    "-0.923762701938012233466507328035", "-0.141992512573187718435574118451"};
static const char *const P3_par[] = {"0.8", "1.3", "0"};
static const char *const P3_s0[] = {"0", "0", "0", "0.4", "-0.3", "0"};
static const char *const P3_sT[] = {
    "0.497378348996361008806768578246", "-0.389566365752913255079919983676",
    "-8.06050526757461879709994070752", "0.000633218542915226830692910917582",
    "-0.948971019867762756400124019759", "-0.0799997995171384541585182505340"};
static const char *const P4_par[] = {"0.5", "1", "1"};
static const char *const P4_s0[] = {"0", "0", "NaN", "0", "0.2", "0"}; /* theta: pi/2 - 0.3 */
static const char *const P4_sT[] = {
    "4.05617245264484719725111064515", "-201.225158257612268213978393211",
    "1.58173134648735780477536395599", "-20.0693238857218443366127940704",
    "-0.000547591008918241029760060735666", "0.163722357390406184817264445815"};

typedef struct {
    const char *name;
    const nhref_model_t *model;
    const char *const *par, *const *s0, *const *sT;
    const char *T;
} pub_t;

static const pub_t pub[4] = {
    {"P1", &nhref_model_suslov_servo, P1_par, P1_s0, P1_sT, "20"},
    {"P2", &nhref_model_suslov_servo, P2_par, P2_s0, P2_sT, "10"},
    {"P3", &nhref_model_servosleigh, P3_par, P3_s0, P3_sT, "10"},
    {"P4", &nhref_model_servosleigh, P4_par, P4_s0, P4_sT, "20"},
};
/* the initial state of a public case (P4's theta0 = pi/2 - 0.3 exactly rounded) */
static void pub_s0(mpfr_ptr x, const pub_t *c)
{
    for (size_t i = 0; i < c->model->nstate; i++) {
        if (strcmp(c->s0[i], "NaN") == 0) {
            mpfr_t a;
            mpfr_init2(a, mpfr_get_prec(x + i) + 16);
            mpfr_const_pi(a, RN);
            mpfr_div_2ui(a, a, 1, RN);
            mpfr_set_str(x + i, "0.3", 10, RN);
            mpfr_sub(x + i, a, x + i, RN);
            mpfr_clear(a);
        } else {
            mpfr_set_str(x + i, c->s0[i], 10, RN);
        }
    }
}

/* ================================================================== §10 item 1 */
START_TEST(test_parameter_validation)
{
    static const struct {
        const nhref_model_t *model;
        const char *name[8], *value[8];
        const char *why; /* a word the reason must contain, or NULL if valid */
    } sets[] = {
        /* M3 */
        {&nhref_model_suslov_servo, {NULL}, {NULL}, NULL},
        {&nhref_model_suslov_servo, {"I12", NULL}, {"2", NULL}, "positive definite"},
        {&nhref_model_suslov_servo, {"I11", NULL}, {"-2", NULL}, "positive definite"},
        {&nhref_model_suslov_servo, {"b1", "b2", "b3", NULL}, {"0", "0", "0", NULL}, "b"},
        /* D = 0: b1 = 0, b3 = 0 and I11 I23 = I12 I13 (spec §4.2) */
        {&nhref_model_suslov_servo, {"b1", "b3", "I23", NULL}, {"0", "0", "0.03", NULL},
         "realizability"},
        /* D = 0 with a generic b: b3 = -(b1 k1 + b2 k2)/Delta for P1's inertia:
         * k1 = 0.3(-0.25) - 0.2(1.5) = -0.375, k2 = 0.3(0.2) - 2(-0.25) = 0.56,
         * Delta = 2.91; b = (2.91, 0, 0.375) gives D = -1.09125 + 1.09125 = 0 */
        {&nhref_model_suslov_servo, {"b1", "b2", "b3", NULL}, {"2.91", "0", "0.375", NULL},
         "realizability"},
        {&nhref_model_suslov_servo, {"I33", NULL}, {"1", NULL}, NULL},
        {&nhref_model_suslov_servo, {"I33", NULL}, {"0.01", NULL}, "det I"},
        {&nhref_model_suslov_servo, {"I33", NULL}, {"-1", NULL}, "I33"},
        /* classical Suslov: D = b3 Delta, automatic */
        {&nhref_model_suslov_servo, {"b1", "b2", NULL}, {"0", "0", NULL}, NULL},
        /* M1 */
        {&nhref_model_servo_epb_so3, {NULL}, {NULL}, NULL},
        /* (a, I^-1 b) = 0 with I = diag: a = e1, b = e2 */
        {&nhref_model_servo_epb_so3, {"I12", "I13", "I23", NULL}, {"0", "0", "0", NULL}, NULL},
        {&nhref_model_servo_epb_so3, {"I12", "I13", "I23", "a1", "a3", "b1", "b3", NULL},
         {"0", "0", "0", "1", "0", "0", "0", NULL}, "realizability"},
        {&nhref_model_servo_epb_so3, {"b1", "b2", "b3", NULL}, {"0", "0", "0", NULL}, "b"},
        {&nhref_model_servo_epb_so3, {"a3", NULL}, {"0", NULL}, "a must"},
        {&nhref_model_servo_epb_so3, {"I33", NULL}, {"0.01", NULL}, "positive definite"},
        /* M4 */
        {&nhref_model_servosleigh, {"g", NULL}, {"1", NULL}, NULL},
        {&nhref_model_servosleigh, {"g", NULL}, {"-0.5", NULL}, "g >= 0"},
        {&nhref_model_servosleigh, {"alpha", "beta", NULL}, {"-3", "-2", NULL}, NULL},
        /* X (physical sleigh parameters) */
        {&nhref_model_servosleigh_offset, {NULL}, {NULL}, NULL},
        {&nhref_model_servosleigh_offset, {"l", "b", NULL}, {"0", "0", NULL}, "b != 0"},
        /* b I_O - m l c = 0: m = 2, IC = 30, l = 1: I_O = 32, b = 1 -> c = 16 */
        {&nhref_model_servosleigh_offset, {"c", NULL}, {"16", NULL}, "realizability"},
        {&nhref_model_servosleigh_offset, {"m", NULL}, {"0", NULL}, "m > 0"},
        {&nhref_model_servosleigh_offset, {"IC", NULL}, {"-1", NULL}, "IC > 0"},
    };
    char why[512];

    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        nhref_system_t *sys = sys_new(sets[i].model, sets[i].name, sets[i].value);
        nhref_integrator_t *ig = NULL;
        int want = sets[i].why == NULL ? NHREF_OK : NHREF_EPARAM;
        why[0] = '\0';
        ck_assert_msg(nhref_system_check(sys, why, sizeof why) == want, "set %zu (%s): '%s'", i,
                      sets[i].model->name, why);
        if (sets[i].why != NULL)
            ck_assert_msg(strstr(why, sets[i].why) != NULL, "set %zu: reason '%s' lacks '%s'", i,
                          why, sets[i].why);
        ck_assert_int_eq(nhref_integrator_new(&ig, sys, NULL), want);
        nhref_integrator_free(ig);
        /* the oracle's checks agree (independent code) */
        if (sets[i].model == &nhref_model_suslov_servo ||
            sets[i].model == &nhref_model_servosleigh_offset) {
            __mpfr_struct *p = vec(sets[i].model->nparam, 256);
            nhref_system_params(p, sys);
            if (sets[i].model == &nhref_model_suslov_servo)
                ck_assert_int_eq(nhref_oracle_suslov_check(p), want);
            else
                ck_assert_int_eq(nhref_oracle_offset_check(p), want);
            vec_free(p, sets[i].model->nparam);
        }
        nhref_system_free(sys);
    }
    /* the initial vertical must be a unit vector */
    {
        nhref_system_t *sys = sys_new(&nhref_model_suslov_servo, NULL, NULL);
        __mpfr_struct *x = vec(6, 128);
        static const char *const bad[] = {"0.5", "-0.4", "0.6", "0", "0.9", "0"};
        set_strs(x, bad, 6);
        ck_assert_int_eq(nhref_system_check_init(sys, x, why, sizeof why), NHREF_EPARAM);
        ck_assert_msg(strstr(why, "unit vector") != NULL, "%s", why);
        set_strs(x, P1_s0, 6);
        ck_assert_int_eq(nhref_system_check_init(sys, x, why, sizeof why), NHREF_OK);
        vec_free(x, 6);
        nhref_system_free(sys);
    }
}
END_TEST

/* ================================================================== §10 item 2 */
/* at random states and random parameters, the coded M3 right-hand side equals
 * the oracle's solution of the 3x3 linear system: 1e-40 relative at 60 digits
 * (MPFR), 1e-14 with the double interpreter */
START_TEST(test_explicit_vs_implicit)
{
    const mpfr_prec_t prec = 232;
    const char *names[] = {"I11", "I12", "I13", "I22", "I23", "I33", "b1", "b2", "b3",
                           "c1",  "c2",  "c3",  NULL};
    rng_state = ck_seed();
    for (int trial = 0; trial < 40; trial++) {
        char buf[12][32];
        const char *vals[12];
        nhref_system_t *sys;
        __mpfr_struct *x = vec(6, prec), *f = vec(6, prec), *g = vec(6, prec), *p = vec(12, prec);
        mpfr_t lam, scale;
        double I11 = urand(1, 3), I22 = urand(1, 3), I12 = urand(-0.5, 0.5);
        snprintf(buf[0], 32, "%.6f", I11);
        snprintf(buf[1], 32, "%.6f", I12);
        snprintf(buf[2], 32, "%.6f", urand(-0.6, 0.6));
        snprintf(buf[3], 32, "%.6f", I22);
        snprintf(buf[4], 32, "%.6f", urand(-0.6, 0.6));
        snprintf(buf[5], 32, "0");
        for (int k = 6; k < 12; k++)
            snprintf(buf[k], 32, "%.6f", urand(-1.5, 1.5));
        if (trial % 4 == 0) /* free body */
            snprintf(buf[9], 32, "0"), snprintf(buf[10], 32, "0"), snprintf(buf[11], 32, "0");
        if (trial % 5 == 1) /* nonholonomic */
            snprintf(buf[6], 32, "0"), snprintf(buf[7], 32, "0");
        for (int k = 0; k < 12; k++)
            vals[k] = buf[k];
        sys = sys_new(&nhref_model_suslov_servo, names, vals);
        if (nhref_system_check(sys, NULL, 0) != NHREF_OK) { /* D = 0 by chance: skip */
            nhref_system_free(sys);
            vec_free(x, 6), vec_free(f, 6), vec_free(g, 6), vec_free(p, 12);
            continue;
        }
        nhref_system_params(p, sys);
        for (int k = 0; k < 6; k++)
            mpfr_set_d(x + k, urand(-2, 2), RN);
        rhs_eval(f, sys, x, prec);
        mpfr_inits2(prec, lam, scale, (mpfr_ptr)0);
        ck_assert_int_eq(nhref_oracle_suslov_rhs_implicit(g, lam, p, x), NHREF_OK);
        for (int k = 0; k < 6; k++)
            ck_assert_mpfr_digits(f + k, g + k, 40, "1e-3");
        /* double interpreter */
        {
            nhref_tape_d_t *ws;
            double pd[12], xd[6], fd[6];
            for (int k = 0; k < 12; k++)
                pd[k] = mpfr_get_d(p + k, RN);
            for (int k = 0; k < 6; k++)
                xd[k] = mpfr_get_d(x + k, RN);
            double t0 = 0;
            ck_assert_int_eq(nhref_tape_d_new(&ws, nhref_system_rhs_tape(sys), 53, 0), NHREF_OK);
            ck_assert_int_eq(nhref_tape_d_set_params(ws, pd), NHREF_OK);
            ck_assert_int_eq(nhref_tape_d_eval(fd, ws, &t0, xd), NHREF_OK);
            for (int k = 0; k < 6; k++) {
                double want = mpfr_get_d(g + k, RN);
                /* 1e-14 relative to the size of the terms (|f| may cancel) */
                ck_assert_msg(fabs(fd[k] - want) <= 1e-13 * fmax(1, fabs(want)),
                              "seed %lu trial %d k %d: %.17g vs %.17g", ck_seed(), trial, k,
                              fd[k], want);
            }
            nhref_tape_d_free(ws);
        }
        mpfr_clears(lam, scale, (mpfr_ptr)0);
        vec_free(x, 6), vec_free(f, 6), vec_free(g, 6), vec_free(p, 12);
        nhref_system_free(sys);
    }
}
END_TEST

/* ================================================================== §10 item 3 */
typedef struct {
    const char *name;
    const nhref_model_t *model;
    const char *par[12];
    const char *s0[6];
    const char *T;
    unsigned conserved; /* bit k: integral k of the model's table is conserved */
} integ_case_t;

#define BIT(k) (1u << (k))
static const integ_case_t integ_cases[] = {
    /* suslov_servo integrals: 0 gamma_sq, 1 T, 2 E, 3 E - W, 4 F, 5 J, 6 G2, 7 H */
    {"P1", &nhref_model_suslov_servo,
     {"2", "0.3", "0.2", "1.5", "-0.25", "0", "0.2", "0.5", "1", "0", "0", "0"},
     {"0.5", "-0.4", "0.6", "0", "0.8", "0"}, "20", BIT(0) | BIT(3)},
    {"P2 (Theorem 7)", &nhref_model_suslov_servo,
     {"2", "0.3", "0", "1.5", "0", "0", "0.5", "1", "0.7", "1", "-0.5", "0"},
     {"0.3", "-0.2", "0.6", "0", "0.8", "0"}, "10", BIT(0) | BIT(3) | BIT(4)},
    {"nonholonomic heavy", &nhref_model_suslov_servo,
     {"2", "0.3", "0.2", "1.5", "-0.25", "0", "0", "0", "1.7", "0.4", "-0.3", "0.6"},
     {"0.5", "-0.4", "0.6", "0", "0.8", "0"}, "10", BIT(0) | BIT(2) | BIT(3)},
    {"Kharlamova", &nhref_model_suslov_servo,
     {"2", "0.3", "0", "1.5", "0", "0", "0", "0", "1", "0.7", "-0.4", "0"},
     {"0.5", "-0.4", "0.6", "0", "0.8", "0"}, "10", BIT(0) | BIT(2) | BIT(3) | BIT(4)},
    {"S1", &nhref_model_suslov_servo,
     {"2", "0.3", "0", "1.5", "0", "0", "0.5", "1", "0.7", "0", "0", "0"},
     {"0.1", "-0.3", "0.6", "0", "0.8", "0"}, "5", BIT(0) | BIT(3) | BIT(5)},
    {"S2", &nhref_model_suslov_servo,
     {"2", "0", "0", "1.5", "0.4", "0", "0", "0.3", "1", "0", "0", "0"},
     {"0.5", "-0.4", "0.6", "0", "0.8", "0"}, "10", BIT(0) | BIT(3) | BIT(6)},
    /* servosleigh integrals: 0 gam, 1 u exp(-alpha theta), 2 u^2/2 + g y - Wn, 3 u^2/2 + g y */
    {"P3", &nhref_model_servosleigh, {"0.8", "1.3", "0"}, {"0", "0", "0", "0.4", "-0.3", "0"},
     "10", BIT(0) | BIT(1) | BIT(2)},
    {"P4", &nhref_model_servosleigh, {"0.5", "1", "1"},
     {"0", "0", "1.2707963267948966192313216916397514", "0", "0.2", "0"}, "20", BIT(2)},
    {"incline alpha = 0", &nhref_model_servosleigh, {"0", "0.7", "1"},
     {"0", "0", "1", "0.3", "0.2", "0"}, "10", BIT(2) | BIT(3)},
    /* X: E conserved for a = c = 0 */
    {"X nonholonomic", &nhref_model_servosleigh_offset, {"2", "3", "0.5", "0", "1", "0"},
     {"0", "0", "0", "-0.3", "0.8"}, "10", BIT(0)},
};
#define NINTEG (sizeof integ_cases / sizeof integ_cases[0])

/* along a run at 50 digits every conserved integral stays to 45 digits; the
 * monitoring tape agrees with the oracle's integrals at every row */
START_TEST(test_integrals)
{
    const integ_case_t *c = &integ_cases[_i];
    const nhref_model_t *m = c->model;
    const nhref_oracle_t *o = nhref_oracle_find(m->name);
    enum { NT = 11 };
    nhref_system_t *sys = sys_all(m, c->par);
    nhref_integrator_t *ig = integ_new(sys, 50, 0);
    mpfr_prec_t prec = nhref_integrator_prec(ig);
    size_t nx = m->nstate, ni = m->nintegral;
    __mpfr_struct *grid = vec(NT, prec), *rows = vec(NT * nx, prec), *x0 = vec(nx, prec);
    __mpfr_struct *I0 = vec(ni, prec), *I = vec(ni, prec), *J = vec(ni, prec);
    __mpfr_struct *p = vec(m->nparam, prec);

    ck_assert_ptr_nonnull(o);
    ck_assert_uint_eq(o->nintegral, ni);
    set_strs(x0, c->s0, nx);
    set_strs(p, c->par, m->nparam);
    for (int i = 0; i < NT; i++) {
        mpfr_set_str(grid + i, c->T, 10, RN);
        mpfr_mul_ui(grid + i, grid + i, (unsigned long)i, RN);
        mpfr_div_ui(grid + i, grid + i, NT - 1, RN);
    }
    ck_assert_int_eq(nhref_integrate_grid(ig, rows, x0, grid, NT, NULL), NHREF_OK);
    nhref_integrator_integrals(ig, I0, grid, rows);
    for (int i = 0; i < NT; i++) {
        nhref_integrator_integrals(ig, I, grid + i, rows + i * nx);
        ck_assert_int_eq(o->integrals(J, p, rows + i * nx, grid + i), NHREF_OK);
        for (size_t k = 0; k < ni; k++) {
            ck_assert_mpfr_digits(I + k, J + k, 46, "1");
            if (c->conserved & BIT(k))
                ck_assert_mpfr_digits(I + k, I0 + k, 45, "1");
        }
    }
    /* the complex centre integral Z of the level servosleigh (spec §5.4) */
    if (m == &nhref_model_servosleigh && strcmp(c->par[2], "0") == 0) {
        __mpfr_struct *Z0 = vec(2, prec), *Z = vec(2, prec);
        int s0, s;
        ck_assert_int_eq(nhref_oracle_servosleigh_centre(Z0, &s0, p, rows), NHREF_OK);
        for (int i = 1; i < NT; i++) {
            ck_assert_int_eq(nhref_oracle_servosleigh_centre(Z, &s, p, rows + i * nx), NHREF_OK);
            ck_assert_int_eq(s, s0);
            ck_assert_mpfr_digits(Z + 0, Z0 + 0, 45, "1");
            ck_assert_mpfr_digits(Z + 1, Z0 + 1, 45, "1");
        }
        if (strcmp(c->name, "P3") == 0) { /* spec §7 P3 */
            ck_assert_mpfr_str(Z0 + 0, "0.496913616532937012487477563187", 28, "1");
            ck_assert_mpfr_str(Z0 + 1, "-0.389801534820315818792625786274", 28, "1");
        }
        vec_free(Z0, 2);
        vec_free(Z, 2);
    }
    vec_free(grid, NT), vec_free(rows, NT * nx), vec_free(x0, nx);
    vec_free(I0, ni), vec_free(I, ni), vec_free(J, ni), vec_free(p, m->nparam);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* the cubic integral H (case S3, spec §4.6) for b along the divergence-free
 * direction of the oracle; and the spec's P1 and P2 integral values */
START_TEST(test_integrals_public_and_cubic)
{
    const mpfr_prec_t prec = 266;
    nhref_system_t *sys;
    __mpfr_struct *p = vec(12, prec), *b = vec(3, prec), *x = vec(6, prec), *I = vec(8, prec);
    __mpfr_struct *I0 = vec(8, prec);
    mpfr_t t;
    char bs[3][128];
    const char *names[] = {"b1", "b2", "b3", NULL}, *vals[3];

    mpfr_init2(t, prec);
    mpfr_set_zero(t, 1);
    /* S3: P1's inertia, b from the oracle (exact decimals to 40 digits) */
    set_strs(p, P1_par, 12);
    ck_assert_int_eq(nhref_oracle_suslov_measure_direction(b, p), NHREF_OK);
    for (int k = 0; k < 3; k++) {
        mpfr_snprintf(bs[k], sizeof bs[k], "%.70Re", b + k);
        vals[k] = bs[k];
    }
    sys = sys_new(&nhref_model_suslov_servo, names, vals);
    nhref_system_params(p, sys);
    set_strs(x, P1_s0, 6);
    ck_assert_int_eq(nhref_oracle_suslov_integrals(I0, p, x, t), NHREF_OK);
    run(sys, x, "10", 60);
    ck_assert_int_eq(nhref_oracle_suslov_integrals(I, p, x, t), NHREF_OK);
    ck_assert_mpfr_digits(I + 7, I0 + 7, 55, "1"); /* H */
    nhref_system_free(sys);

    /* P1: T_kin(T), T - W = 0.31, |gamma|^2 = 1 (spec §7) */
    sys = sys_all(&nhref_model_suslov_servo, P1_par);
    nhref_system_params(p, sys);
    set_strs(x, P1_s0, 6);
    run(sys, x, "20", 50);
    ck_assert_int_eq(nhref_oracle_suslov_integrals(I, p, x, t), NHREF_OK);
    ck_assert_mpfr_str(I + 1, "0.303643691236239564177804775713", 28, "1");
    ck_assert_mpfr_str(I + 3, "0.31", 45, "1");
    ck_assert_mpfr_str(I + 0, "1", 45, "1");
    nhref_system_free(sys);
    /* P2: F = 0.645, E(0) = 0.702, E(T), E - W = 0.702, T_kin(T) */
    sys = sys_all(&nhref_model_suslov_servo, P2_par);
    nhref_system_params(p, sys);
    set_strs(x, P2_s0, 6);
    ck_assert_int_eq(nhref_oracle_suslov_integrals(I, p, x, t), NHREF_OK);
    ck_assert_mpfr_str(I + 2, "0.702", 45, "1");
    ck_assert_mpfr_str(I + 4, "0.645", 45, "1");
    run(sys, x, "10", 50);
    ck_assert_int_eq(nhref_oracle_suslov_integrals(I, p, x, t), NHREF_OK);
    ck_assert_mpfr_str(I + 4, "0.645", 45, "1");
    ck_assert_mpfr_str(I + 3, "0.702", 45, "1");
    ck_assert_mpfr_str(I + 2, "0.560007487426812281564425881549", 28, "1");
    ck_assert_mpfr_str(I + 1, "0.785683218570653005781638805491", 28, "1");
    nhref_system_free(sys);
    /* D of P1 and P2 */
    set_strs(p, P1_par, 12);
    nhref_oracle_suslov_D(I, p);
    ck_assert_mpfr_str(I, "3.115", 60, "1");
    set_strs(p, P2_par, 12);
    nhref_oracle_suslov_D(I, p);
    ck_assert_mpfr_str(I, "2.037", 60, "1");
    mpfr_clear(t);
    vec_free(p, 12), vec_free(b, 3), vec_free(x, 6), vec_free(I, 8), vec_free(I0, 8);
}
END_TEST

/* ================================================================== §10 item 4 */
/* S0 sech/tanh, S1 Riccati, invariant rays of M3 against integration */
START_TEST(test_closed_forms_suslov)
{
    const double digits = 60;
    /* S0: P1's inertia, b = (0, 0, 2.5): the result does not depend on b3 */
    static const char *const s0par[] = {"2", "0.3", "0.2", "1.5", "-0.25", "0",
                                        "0", "0", "2.5", "0", "0", "0"};
    static const char *const s1par[] = {"2", "0.3", "0", "1.5", "0", "0",
                                        "0.5", "1", "0.7", "0", "0", "0"};
    static const char *const w0s[][2] = {{"0.5", "-0.4"}, {"-0.7", "0.2"}, {"0.1", "0.9"}};
    nhref_integrator_t *ig;
    mpfr_prec_t prec;
    __mpfr_struct *x, *p, *w, *w0, *z, *cc;
    mpfr_t t0, T;
    int n, axis;

    for (int which = 0; which < 2; which++) {
        nhref_system_t *sys = sys_all(&nhref_model_suslov_servo, which ? s1par : s0par);
        ig = integ_new(sys, digits, 0);
        prec = nhref_integrator_prec(ig);
        x = vec(6, prec), p = vec(12, prec), w = vec(3, prec), w0 = vec(2, prec);
        mpfr_inits2(prec, t0, T, (mpfr_ptr)0);
        nhref_system_params(p, sys);
        for (int k = 0; k < 3; k++) {
            set_strs(x, P1_s0, 6);
            set_strs(x, w0s[k], 2);
            set_strs(w0, w0s[k], 2);
            mpfr_set_zero(t0, 1);
            mpfr_set_ui(T, 3, RN);
            if (which) { /* stop before an S1 blow-up */
                mpfr_t ts;
                mpfr_init2(ts, prec);
                ck_assert_int_eq(nhref_oracle_suslov_s1_blowup_time(ts, p, w0), NHREF_OK);
                if (mpfr_cmp(ts, T) <= 0)
                    mpfr_mul_d(T, ts, 0.8, RN);
                mpfr_clear(ts);
            }
            ck_assert_int_eq(flow(ig, x, t0, T, NULL), NHREF_OK);
            if (which)
                ck_assert_int_eq(nhref_oracle_suslov_s1(w, p, w0, T), NHREF_OK);
            else
                ck_assert_int_eq(nhref_oracle_suslov_s0(w, p, w0, T), NHREF_OK);
            ck_assert_mpfr_digits(x + 0, w + 0, digits - 3, "1");
            ck_assert_mpfr_digits(x + 1, w + 1, digits - 3, "1");
        }
        mpfr_clears(t0, T, (mpfr_ptr)0);
        vec_free(x, 6), vec_free(p, 12), vec_free(w, 3), vec_free(w0, 2);
        nhref_integrator_free(ig);
        nhref_system_free(sys);
    }

    /* invariant rays of P1: the only one is omega2 = 0.63890929898 omega1,
     * c* = -0.0247817227382 (spec §7); the ray solution against integration */
    {
        nhref_system_t *sys = sys_all(&nhref_model_suslov_servo, P1_par);
        ig = integ_new(sys, digits, 0);
        prec = nhref_integrator_prec(ig);
        x = vec(6, prec), p = vec(12, prec), z = vec(3, prec), cc = vec(3, prec);
        w = vec(1, prec);
        mpfr_inits2(prec, t0, T, (mpfr_ptr)0);
        nhref_system_params(p, sys);
        ck_assert_int_eq(nhref_oracle_suslov_rays(z, cc, &n, &axis, p), NHREF_OK);
        ck_assert_int_eq(n, 1);
        ck_assert_int_eq(axis, 0);
        ck_assert_mpfr_str(z + 0, "0.63890929898", 10, "1");
        ck_assert_mpfr_str(cc + 0, "-0.0247817227382", 11, "0");
        /* start on the ray, omega1 = -0.8 (the ray blows up at 1/(c* omega10) = 50.4) */
        set_strs(x, P1_s0, 6);
        mpfr_set_str(x + 0, "-0.8", 10, RN);
        mpfr_mul(x + 1, x + 0, z + 0, RN);
        mpfr_set_zero(t0, 1);
        mpfr_set_ui(T, 30, RN);
        ck_assert_int_eq(flow(ig, x, t0, T, NULL), NHREF_OK);
        mpfr_set_str(t0, "-0.8", 10, RN);
        ck_assert_int_eq(nhref_oracle_ray_solution(w, cc, t0, T), NHREF_OK);
        ck_assert_mpfr_digits(x + 0, w, digits - 4, "1");
        mpfr_mul(w, w, z + 0, RN);
        ck_assert_mpfr_digits(x + 1, w, digits - 4, "1");
        mpfr_clears(t0, T, (mpfr_ptr)0);
        vec_free(x, 6), vec_free(p, 12), vec_free(z, 3), vec_free(cc, 3), vec_free(w, 1);
        nhref_integrator_free(ig);
        nhref_system_free(sys);
    }
}
END_TEST

/* Q1 ray (and the extra rays for k < 0), Q2 sech/tanh, Q3, Q4's H */
START_TEST(test_closed_forms_quadratic)
{
    const double digits = 60;
    static const char *const ks[] = {"2", "0.5", "-0.5", "-2"};
    __mpfr_struct *x, *w, *z, *c;
    mpfr_t t0, T, k, xi0;
    int n;

    for (size_t i = 0; i < 4; i++) {
        const char *nm[] = {"k", NULL}, *vl[] = {ks[i]};
        nhref_system_t *sys = sys_new(&nhref_model_servo_q1, nm, vl);
        nhref_integrator_t *ig = integ_new(sys, digits, 0);
        mpfr_prec_t prec = nhref_integrator_prec(ig);
        x = vec(2, prec), w = vec(1, prec), z = vec(3, prec), c = vec(3, prec);
        mpfr_inits2(prec, t0, T, k, xi0, (mpfr_ptr)0);
        mpfr_set_str(k, ks[i], 10, RN);
        ck_assert_int_eq(nhref_oracle_q1_rays(z, c, &n, k), NHREF_OK);
        ck_assert_int_eq(n, mpfr_sgn(k) > 0 ? 1 : 3);
        for (int r = 0; r < n; r++) {
            /* xi0 = -0.3: decays like 1/t along each ray (rate > 0) */
            mpfr_set_str(xi0, "-0.3", 10, RN);
            mpfr_set(x + 0, xi0, RN);
            mpfr_mul(x + 1, xi0, z + r, RN);
            mpfr_set_zero(t0, 1);
            mpfr_set_ui(T, 5, RN);
            ck_assert_int_eq(flow(ig, x, t0, T, NULL), NHREF_OK);
            ck_assert_int_eq(nhref_oracle_ray_solution(w, c + r, xi0, T), NHREF_OK);
            ck_assert_mpfr_digits(x + 0, w, digits - 3, "1");
            mpfr_mul(w, w, z + r, RN);
            ck_assert_mpfr_digits(x + 1, w, digits - 3, "1");
        }
        /* the ray x2 = x1 always, with rate 2 */
        ck_assert_mpfr_str(c + (mpfr_sgn(k) > 0 ? 0 : (mpfr_cmp_si(k, -4) < 0 ? 1 : 2)), "2", 60,
                           "1");
        mpfr_clears(t0, T, k, xi0, (mpfr_ptr)0);
        vec_free(x, 2), vec_free(w, 1), vec_free(z, 3), vec_free(c, 3);
        nhref_integrator_free(ig);
        nhref_system_free(sys);
    }
    /* Q2, Q3: both signs of x1, against the closed forms; Q4: H conserved */
    {
        static const char *const q0[][2] = {{"0.6", "0.8"}, {"-0.3", "-1.1"}, {"2", "0"}};
        for (int which = 2; which <= 4; which++) {
            const nhref_model_t *m = which == 2   ? &nhref_model_servo_q2
                                     : which == 3 ? &nhref_model_servo_q3
                                                  : &nhref_model_servo_q4;
            nhref_system_t *sys = sys_new(m, NULL, NULL);
            nhref_integrator_t *ig = integ_new(sys, digits, 0);
            mpfr_prec_t prec = nhref_integrator_prec(ig);
            x = vec(2, prec), w = vec(2, prec), z = vec(2, prec);
            mpfr_inits2(prec, t0, T, (mpfr_ptr)0);
            for (int r = 0; r < 3; r++) {
                set_strs(x, q0[r], 2);
                set_strs(z, q0[r], 2);
                mpfr_set_zero(t0, 1);
                mpfr_set_str(T, which == 4 ? "0.25" : "4", 10, RN);
                if (which == 4)
                    nhref_oracle_q4_hamiltonian(w + 1, z);
                ck_assert_int_eq(flow(ig, x, t0, T, NULL), NHREF_OK);
                if (which == 4) {
                    nhref_oracle_q4_hamiltonian(w, x);
                    ck_assert_mpfr_digits(w + 0, w + 1, digits - 3, "1");
                    continue;
                }
                ck_assert_int_eq(which == 2 ? nhref_oracle_q2(w, z, T) : nhref_oracle_q3(w, z, T),
                                 NHREF_OK);
                ck_assert_mpfr_digits(x + 0, w + 0, digits - 3, "1");
                ck_assert_mpfr_digits(x + 1, w + 1, digits - 3, "1");
            }
            mpfr_clears(t0, T, (mpfr_ptr)0);
            vec_free(x, 2), vec_free(w, 2), vec_free(z, 2);
            nhref_integrator_free(ig);
            nhref_system_free(sys);
        }
    }
}
END_TEST

/* the servosleigh closed forms (spec §5.5, §5.6) against integration on a grid */
typedef struct {
    const char *name;
    const char *par[3];
    const char *s0[6];
    const char *T;
} ss_case_t;

static const ss_case_t ss_cases[] = {
    {"P3 (6.5) spiral", {"0.8", "1.3", "0"}, {"0", "0", "0", "0.4", "-0.3", "0"}, "10"},
    {"generic gam < 0", {"0.6", "-0.9", "0"}, {"0.2", "-0.1", "0.4", "0.5", "0.7", "0.1"}, "3"},
    {"generic, series 2", {"0.5", "1", "0"}, {"0", "0", "0", "1", "0.6", "0"}, "1.5"},
    {"gam = 0", {"0.5", "1", "0"}, {"0", "0", "0.3", "0.4", "0.8", "0"}, "2"},
    {"alpha = 0", {"0", "0.7", "0"}, {"1", "2", "0.5", "0.6", "-0.4", "0"}, "3"},
    {"beta = 0", {"0.4", "0", "0"}, {"0", "0", "0", "0.7", "0.9", "0"}, "3"},
    {"alpha = beta = 0", {"0", "0", "0"}, {"0", "0", "1", "1.2", "0.5", "0"}, "6"},
    {"incline beta = 0", {"0.4", "0", "1.5"}, {"0", "0", "0.2", "0.5", "0.6", "0"}, "8"},
    {"incline beta = 0, omega0 = 0", {"0.4", "0", "1.5"}, {"0", "0", "0.2", "0.5", "0", "0"}, "3"},
    {"incline alpha = beta = 0", {"0", "0", "2"}, {"1", "-1", "0.7", "0.3", "1.1", "0"}, "10"},
};
#define NSS (sizeof ss_cases / sizeof ss_cases[0])

START_TEST(test_closed_forms_servosleigh)
{
    const ss_case_t *c = &ss_cases[_i];
    enum { NT = 9 };
    const double digits = 50;
    nhref_system_t *sys = sys_all(&nhref_model_servosleigh, c->par);
    nhref_integrator_t *ig = integ_new(sys, digits, 0);
    mpfr_prec_t prec = nhref_integrator_prec(ig);
    __mpfr_struct *grid = vec(NT, prec), *rows = vec(NT * 6, prec), *x0 = vec(6, prec);
    __mpfr_struct *want = vec(6, prec), *v = vec(3, prec), *p = vec(3, prec);
    nhref_oracle_servosleigh_t *o;

    set_strs(x0, c->s0, 6);
    set_strs(p, c->par, 3);
    for (int i = 0; i < NT; i++) {
        mpfr_set_str(grid + i, c->T, 10, RN);
        mpfr_mul_ui(grid + i, grid + i, (unsigned long)i, RN);
        mpfr_div_ui(grid + i, grid + i, NT - 1, RN);
    }
    ck_assert_int_eq(nhref_integrate_grid(ig, rows, x0, grid, NT, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_oracle_servosleigh_new(&o, p, x0, prec), NHREF_OK);
    for (int i = 0; i < NT; i++) {
        ck_assert_int_eq(nhref_oracle_servosleigh_state(want, o, grid + i), NHREF_OK);
        ck_assert_int_eq(nhref_oracle_servosleigh_velocity(v, p, x0, grid + i), NHREF_OK);
        for (int k = 0; k < 6; k++)
            ck_assert_mpfr_digits(rows + i * 6 + k, want + k, digits - 3, "1");
        for (int k = 0; k < 3; k++)
            ck_assert_mpfr_digits(v + k, want + 3 + (k == 2 ? -1 : k), digits, "1");
    }
    nhref_oracle_servosleigh_free(o);
    /* spec §5.8: t0 of P3, and the (6.5) formulas */
    if (_i == 0) {
        __mpfr_struct *sp = vec(5, prec);
        ck_assert_int_eq(nhref_oracle_servosleigh_spiral(sp, p, x0, grid + NT - 1), NHREF_OK);
        ck_assert_mpfr_str(sp + 2, "0.67213897863946142527", 19, "1");
        ck_assert_mpfr_digits(sp + 0, rows + (NT - 1) * 6 + 3, digits - 3, "1");
        ck_assert_mpfr_digits(sp + 1, rows + (NT - 1) * 6 + 4, digits - 3, "1");
        /* curvature |omega|/u = e^{gam (t - t0)}/alpha (spec §9 erratum 8) */
        mpfr_div(want, rows + (NT - 1) * 6 + 4, rows + (NT - 1) * 6 + 3, RN);
        mpfr_abs(want, want, RN);
        ck_assert_mpfr_digits(sp + 3, want, digits - 4, "1");
        vec_free(sp, 5);
    }
    vec_free(grid, NT), vec_free(rows, NT * 6), vec_free(x0, 6), vec_free(want, 6);
    vec_free(v, 3), vec_free(p, 3);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* remaining path length of (6.5): its decrease over [0, 7] equals the spec's
 * signed arc length s(7) = (gam 7 + ln(u(7)/u0))/beta (spec §5.5), computed
 * from the closed-form u (two independent formulas of the oracle) */
START_TEST(test_closed_forms_spiral_length)
{
    const mpfr_prec_t prec = 200;
    __mpfr_struct *p = vec(3, prec), *x0 = vec(6, prec), *a = vec(5, prec), *b = vec(5, prec);
    __mpfr_struct *v = vec(3, prec);
    mpfr_t t, s, g;
    mpfr_inits2(prec, t, s, g, (mpfr_ptr)0);
    set_strs(p, P3_par, 3);
    set_strs(x0, P3_s0, 6);
    mpfr_set_zero(t, 1);
    ck_assert_int_eq(nhref_oracle_servosleigh_spiral(a, p, x0, t), NHREF_OK);
    mpfr_set_ui(t, 7, RN);
    ck_assert_int_eq(nhref_oracle_servosleigh_spiral(b, p, x0, t), NHREF_OK);
    ck_assert_int_eq(nhref_oracle_servosleigh_velocity(v, p, x0, t), NHREF_OK);
    /* s(7) = (gam 7 + ln(u(7)/u0))/beta, gam = 0.76 */
    mpfr_div(s, v + 0, x0 + 3, RN);
    mpfr_log(s, s, RN);
    mpfr_set_str(g, "0.76", 10, RN);
    mpfr_mul_ui(g, g, 7, RN);
    mpfr_add(s, s, g, RN);
    mpfr_div(s, s, p + 1, RN);
    mpfr_sub(g, a + 4, b + 4, RN);
    ck_assert_mpfr_digits(g, s, 55, "1");
    mpfr_clears(t, s, g, (mpfr_ptr)0);
    vec_free(p, 3), vec_free(x0, 6), vec_free(a, 5), vec_free(b, 5), vec_free(v, 3);
}
END_TEST

/* extension X, a = c = 0: the tanh law of spec §5.9 against the integration of
 * servosleigh_offset, the chaplygin_sleigh model and the Chaplygin sleigh oracle */
START_TEST(test_closed_form_offset_tanh)
{
    static const char *const xp[][6] = {{"2", "30", "1", "0", "1", "0"},
                                        {"1.5", "0.7", "-0.4", "0", "2", "0"}};
    static const char *const xs[][5] = {{"0", "0", "0", "0", "1"},
                                        {"0.3", "-0.2", "0.5", "0.8", "-1.3"}};
    const double digits = 50;
    for (int k = 0; k < 2; k++) {
        nhref_system_t *sx = sys_all(&nhref_model_servosleigh_offset, xp[k]);
        const char *sn[] = {"m", "J", "a", NULL}, *sv[] = {xp[k][0], xp[k][1], xp[k][2]};
        nhref_system_t *sc = sys_new(&nhref_model_chaplygin_sleigh, sn, sv);
        nhref_integrator_t *ig = integ_new(sx, digits, 0);
        mpfr_prec_t prec = nhref_integrator_prec(ig);
        __mpfr_struct *x = vec(5, prec), *y = vec(5, prec), *p = vec(6, prec), *s0 = vec(5, prec);
        __mpfr_struct *v = vec(2, prec), *q = vec(3, prec), *z = vec(5, prec);
        nhref_oracle_sleigh_t *os;
        mpfr_t t0, T;
        mpfr_inits2(prec, t0, T, (mpfr_ptr)0);
        set_strs(x, xs[k], 5);
        set_strs(y, xs[k], 5);
        set_strs(s0, xs[k], 5);
        set_strs(p, xp[k], 6);
        set_strs(q, xp[k], 3);
        mpfr_set_zero(t0, 1);
        mpfr_set_ui(T, 7, RN);
        ck_assert_int_eq(flow(ig, x, t0, T, NULL), NHREF_OK);
        run(sc, y, "7", digits);
        ck_assert_int_eq(nhref_oracle_offset_tanh(v, p, s0, T), NHREF_OK);
        ck_assert_int_eq(nhref_oracle_sleigh_new(&os, q, s0, prec), NHREF_OK);
        ck_assert_int_eq(nhref_oracle_sleigh_state(z, os, T), NHREF_OK);
        for (int i = 0; i < 5; i++) {
            ck_assert_mpfr_digits(x + i, y + i, digits - 3, "1");
            ck_assert_mpfr_digits(x + i, z + i, digits - 3, "1");
        }
        ck_assert_mpfr_digits(x + 3, v + 0, digits - 3, "1");
        ck_assert_mpfr_digits(x + 4, v + 1, digits - 3, "1");
        nhref_oracle_sleigh_free(os);
        mpfr_clears(t0, T, (mpfr_ptr)0);
        vec_free(x, 5), vec_free(y, 5), vec_free(p, 6), vec_free(s0, 5), vec_free(v, 2);
        vec_free(q, 3), vec_free(z, 5);
        nhref_integrator_free(ig);
        nhref_system_free(sx);
        nhref_system_free(sc);
    }
}
END_TEST

/* ================================================================== §10 item 5 */
START_TEST(test_reference_values_mp)
{
    const pub_t *c = &pub[_i];
    nhref_system_t *sys = sys_all(c->model, c->par);
    __mpfr_struct *x = vec(6, 300);
    pub_s0(x, c);
    run(sys, x, c->T, 40);
    for (int k = 0; k < 6; k++)
        ck_assert_mpfr_str(x + k, c->sT[k], 28, "0");
    vec_free(x, 6);
    nhref_system_free(sys);
}
END_TEST

/* the double fast path: <= 1e-10 relative (max(1, |x|)) */
START_TEST(test_reference_values_double)
{
    const pub_t *c = &pub[_i];
    nhref_system_t *sys = sys_all(c->model, c->par);
    nhref_integrator_d_t *f;
    nhref_options_t opt;
    __mpfr_struct *x = vec(6, 64);
    double xd[6], t = 0, T = atof(c->T);
    nhref_options_default(&opt);
    ck_assert_int_eq(nhref_integrator_new_d(&f, sys, &opt), NHREF_OK);
    pub_s0(x, c);
    for (int k = 0; k < 6; k++)
        xd[k] = mpfr_get_d(x + k, RN);
    ck_assert_int_eq(nhref_integrate_until_d(f, xd, &t, &T, NULL), NHREF_OK);
    for (int k = 0; k < 6; k++) {
        double want = strtod(c->sT[k], NULL);
        ck_assert_msg(fabs(xd[k] - want) <= 1e-10 * fmax(1, fabs(want)), "%s %d: %.17g vs %.17g",
                      c->name, k, xd[k], want);
    }
    nhref_integrator_free_d(f);
    vec_free(x, 6);
    nhref_system_free(sys);
}
END_TEST

/* ================================================================== §10 item 6 */
/* flip(x): negate the components in MASK */
static void negate(mpfr_ptr x, size_t n, unsigned mask)
{
    for (size_t k = 0; k < n; k++)
        if (mask & BIT(k))
            mpfr_neg(x + k, x + k, RN);
}

/* integrate T forward, apply the symmetry, integrate T forward, apply it again:
 * the initial state (time reversal x(t) -> S x(-t)).  Run at 90 digits and
 * required to 54: the backward leg of the spiral P3 (u from 6e-4 back to 0.4)
 * loses about 17 digits to conditioning (measured: 43 of 60). */
static void check_reversal(const nhref_model_t *m, const char *const *par,
                           const char *const *s0, const char *T, unsigned mask)
{
    const mpfr_prec_t prec = 340;
    nhref_system_t *sys = sys_all(m, par);
    __mpfr_struct *x = vec(m->nstate, prec), *y = vec(m->nstate, prec);
    set_strs(x, s0, m->nstate);
    set_strs(y, s0, m->nstate);
    run(sys, x, T, 90);
    negate(x, m->nstate, mask);
    run(sys, x, T, 90);
    negate(x, m->nstate, mask);
    for (size_t k = 0; k < m->nstate; k++)
        ck_assert_msg(ck_mpfr_agree_digits(x + k, y + k, "1") >= 54, "%s: component %zu: %.1f digits",
                      m->name, k, ck_mpfr_agree_digits(x + k, y + k, "1"));
    vec_free(x, m->nstate), vec_free(y, m->nstate);
    nhref_system_free(sys);
}

/* scaling mu x(mu t): Phi_t(mu x0) = mu Phi_{mu t}(x0) on the components in MASK */
static void check_scaling(const nhref_model_t *m, const char *const *par, const char *const *s0,
                          unsigned mask, unsigned cmp)
{
    const mpfr_prec_t prec = 232;
    nhref_system_t *sys = sys_all(m, par);
    __mpfr_struct *x = vec(m->nstate, prec), *y = vec(m->nstate, prec);
    set_strs(x, s0, m->nstate);
    set_strs(y, s0, m->nstate);
    /* mu = 1.5: x from 1.5 x0 over t = 2, y from x0 over 3 */
    for (size_t k = 0; k < m->nstate; k++)
        if (mask & BIT(k))
            mpfr_mul_d(x + k, x + k, 1.5, RN);
    run(sys, x, "2", 60);
    run(sys, y, "3", 60);
    for (size_t k = 0; k < m->nstate; k++) {
        if (mask & BIT(k))
            mpfr_mul_d(y + k, y + k, 1.5, RN);
        if (!(cmp & BIT(k)))
            continue;
        ck_assert_msg(ck_mpfr_agree_digits(x + k, y + k, "1") >= 54, "%s: component %zu: %.1f digits",
                      m->name, k, ck_mpfr_agree_digits(x + k, y + k, "1"));
    }
    vec_free(x, m->nstate), vec_free(y, m->nstate);
    nhref_system_free(sys);
}

START_TEST(test_symmetries)
{
    static const char *const so3p[] = {"2", "0.3", "0.2", "1.5", "-0.25", "1",
                                       "0", "0", "1", "0.2", "0.5", "1"};
    static const char *const so3s[] = {"0.5", "-0.4", "0"};
    static const char *const so3g[] = {"0.3", "-0.1", "0.2"}; /* off the hyperplane */
    static const char *const q1p[] = {"0.5"};
    static const char *const qs[] = {"0.3", "-0.2"}, *const qsmall[] = {"0.1", "-0.05"};
    /* M1 (so(3), generic a and off the constraint hyperplane), M2, M3-free:
     * reversal -x(-t) and scaling mu x(mu t) */
    check_reversal(&nhref_model_servo_epb_so3, so3p, so3s, "5", 7);
    check_reversal(&nhref_model_servo_epb_so3, so3p, so3g, "5", 7);
    check_scaling(&nhref_model_servo_epb_so3, so3p, so3g, 7, 7);
    check_reversal(&nhref_model_servo_q1, q1p, qs, "0.5", 3);
    check_scaling(&nhref_model_servo_q1, q1p, qsmall, 3, 3);
    check_reversal(&nhref_model_servo_q4, NULL, qs, "1", 3);
    /* M3 free: omega(t) -> -omega(-t) with gamma(t) -> gamma(-t) (gamma' is linear
     * in omega) and W(t) -> W(-t) (W' is cubic in omega); scaling: mu omega(mu t),
     * gamma(mu t) (W scales by mu^2: not compared) */
    check_reversal(&nhref_model_suslov_servo, P1_par, P1_s0, "10", BIT(0) | BIT(1));
    check_scaling(&nhref_model_suslov_servo, P1_par, P1_s0, BIT(0) | BIT(1), 0x1f);
    /* heavy body: (omega, gamma)(t) -> (-omega, gamma)(-t); W -> -W */
    check_reversal(&nhref_model_suslov_servo, P2_par, P2_s0, "8", BIT(0) | BIT(1));
    /* M4: (x, y, theta, u, omega)(t) -> (x, y, theta, -u, -omega)(-t) (Wn(t) -> Wn(-t)),
     * level and incline */
    check_reversal(&nhref_model_servosleigh, P3_par, P3_s0, "10", BIT(3) | BIT(4));
    {
        static const char *const p4s[] = {"0", "0", "1.27", "0", "0.2", "0"};
        check_reversal(&nhref_model_servosleigh, P4_par, p4s, "10", BIT(3) | BIT(4));
    }
}
END_TEST

/* ================================================================== §10 item 7 */
START_TEST(test_limits_reductions)
{
    const mpfr_prec_t prec = 232;
    const double digits = 60;
    __mpfr_struct *x, *y, *p, *I, *f;
    mpfr_t t;

    mpfr_init2(t, prec);
    mpfr_set_zero(t, 1);
    /* b1 = b2 = 0: classical Suslov -- energy conserved, independent of b3, the line
     * I13 w1 + I23 w2 = 0 consists of equilibria */
    {
        static const char *const a[] = {"2", "0.3", "0.2", "1.5", "-0.25", "0",
                                        "0", "0", "1", "0", "0", "0"};
        static const char *const b[] = {"2", "0.3", "0.2", "1.5", "-0.25", "0",
                                        "0", "0", "-7.5", "0", "0", "0"};
        nhref_system_t *sa = sys_all(&nhref_model_suslov_servo, a);
        nhref_system_t *sb = sys_all(&nhref_model_suslov_servo, b);
        x = vec(6, prec), y = vec(6, prec), p = vec(12, prec), I = vec(8, prec);
        f = vec(6, prec);
        set_strs(x, P1_s0, 6);
        set_strs(y, P1_s0, 6);
        nhref_system_params(p, sa);
        ck_assert_int_eq(nhref_oracle_suslov_integrals(I, p, x, t), NHREF_OK);
        run(sa, x, "15", digits);
        run(sb, y, "15", digits);
        for (int k = 0; k < 5; k++)
            ck_assert_mpfr_digits(x + k, y + k, digits - 3, "1");
        {
            __mpfr_struct *I2 = vec(8, prec);
            ck_assert_int_eq(nhref_oracle_suslov_integrals(I2, p, x, t), NHREF_OK);
            ck_assert_mpfr_digits(I2 + 1, I + 1, digits - 3, "1"); /* T conserved */
            vec_free(I2, 8);
        }
        ck_assert(mpfr_zero_p(x + 5)); /* W' = lambda (b1 w1 + b2 w2) = 0 */
        /* equilibria on I13 w1 + I23 w2 = 0: w = (0.25, 0.2) */
        mpfr_set_str(x + 0, "0.25", 10, RN);
        mpfr_set_str(x + 1, "0.2", 10, RN);
        rhs_eval(f, sa, x, prec);
        ck_assert(mpfr_zero_p(f + 0) || mpfr_get_exp(f + 0) < -(mpfr_exp_t)prec + 8);
        ck_assert(mpfr_zero_p(f + 1) || mpfr_get_exp(f + 1) < -(mpfr_exp_t)prec + 8);
        vec_free(x, 6), vec_free(y, 6), vec_free(p, 12), vec_free(I, 8), vec_free(f, 6);
        nhref_system_free(sa);
        nhref_system_free(sb);
    }
    /* I13 = I23 = 0 and nonholonomic, free: every state is an equilibrium */
    {
        static const char *const a[] = {"2", "0.3", "0", "1.5", "0", "0",
                                        "0", "0", "1", "0", "0", "0"};
        nhref_system_t *sa = sys_all(&nhref_model_suslov_servo, a);
        x = vec(6, prec), f = vec(6, prec);
        rng_state = ck_seed() + 7;
        for (int r = 0; r < 10; r++) {
            for (int k = 0; k < 6; k++)
                mpfr_set_d(x + k, urand(-2, 2), RN);
            rhs_eval(f, sa, x, prec);
            ck_assert(mpfr_zero_p(f + 0) && mpfr_zero_p(f + 1) && mpfr_zero_p(f + 5));
        }
        vec_free(x, 6), vec_free(f, 6);
        nhref_system_free(sa);
    }
    /* sleigh alpha = beta = 0: uniform motion (g = 0), bounded y (g > 0) */
    {
        static const char *const lv[] = {"0", "0", "0"}, *const inc[] = {"0", "0", "2"};
        static const char *const s0[] = {"0", "0", "0.3", "1.2", "0.5", "0"};
        nhref_system_t *sa = sys_all(&nhref_model_servosleigh, lv);
        nhref_system_t *sb = sys_all(&nhref_model_servosleigh, inc);
        x = vec(6, prec);
        set_strs(x, s0, 6);
        run(sa, x, "20", digits);
        ck_assert_mpfr_str(x + 3, "1.2", digits - 2, "1");
        ck_assert_mpfr_str(x + 4, "0.5", digits - 2, "1");
        ck_assert_mpfr_str(x + 2, "10.3", digits - 2, "1");
        /* on the circle of radius |u0/omega0| = 2.4 about the start's centre */
        set_strs(x, s0, 6);
        for (int r = 1; r <= 20; r++) {
            char T[8];
            snprintf(T, sizeof T, "%d", 5);
            run(sb, x, T, 40);
            ck_assert_msg(fabs(mpfr_get_d(x + 1, RN)) < 20, "y = %g", mpfr_get_d(x + 1, RN));
        }
        /* mean horizontal drift g/(2 omega0) = 2 over 100 s: x(100) ~ 200 */
        ck_assert(fabs(mpfr_get_d(x + 0, RN) - 200) < 20);
        vec_free(x, 6);
        nhref_system_free(sa);
        nhref_system_free(sb);
    }
    /* X with l = 0 is M4: alpha = a/b, beta = m c/(IC b), g = 0 */
    {
        static const char *const xp[] = {"2", "5", "0", "1.6", "2", "3.25"};
        /* alpha = 0.8, beta = 2 * 3.25/(5 * 2) = 0.65 */
        static const char *const mp4[] = {"0.8", "0.65", "0"};
        static const char *const s0[] = {"0.1", "0.2", "0.3", "0.4", "-0.3", "0"};
        nhref_system_t *sa = sys_all(&nhref_model_servosleigh_offset, xp);
        nhref_system_t *sb = sys_all(&nhref_model_servosleigh, mp4);
        x = vec(5, prec), y = vec(6, prec);
        set_strs(x, s0, 5);
        set_strs(y, s0, 6);
        run(sa, x, "6", digits);
        run(sb, y, "6", digits);
        for (int k = 0; k < 5; k++)
            ck_assert_mpfr_digits(x + k, y + k, digits - 3, "1");
        vec_free(x, 5), vec_free(y, 6);
        nhref_system_free(sa);
        nhref_system_free(sb);
    }
    mpfr_clear(t);
}
END_TEST

/* M1 with so(3) structure constants reproduces M3 (free), with se(2) the
 * level servosleigh M4: the generic EPB tape against the component formulas,
 * at random states, to the working precision */
START_TEST(test_limits_epb_reproduces_m3_m4)
{
    const mpfr_prec_t prec = 232;
    rng_state = ck_seed() + 11;
    for (int trial = 0; trial < 20; trial++) {
        char bs[12][32];
        const char *pv[12], *mv[12];
        nhref_system_t *se, *sm;
        __mpfr_struct *x3 = vec(3, prec), *f3 = vec(3, prec), *x6 = vec(6, prec);
        __mpfr_struct *f6 = vec(6, prec);
        /* so(3): I (I33 = 1.7), a = e3, b random */
        snprintf(bs[0], 32, "%.5f", urand(1.5, 3));
        snprintf(bs[1], 32, "%.5f", urand(-0.4, 0.4));
        snprintf(bs[2], 32, "%.5f", urand(-0.3, 0.3));
        snprintf(bs[3], 32, "%.5f", urand(1.5, 3));
        snprintf(bs[4], 32, "%.5f", urand(-0.3, 0.3));
        snprintf(bs[5], 32, "1.7");
        snprintf(bs[6], 32, "0"), snprintf(bs[7], 32, "0"), snprintf(bs[8], 32, "1");
        for (int k = 9; k < 12; k++)
            snprintf(bs[k], 32, "%.5f", urand(-1, 1));
        snprintf(bs[11], 32, "%.5f", urand(0.5, 1.5));
        for (int k = 0; k < 12; k++)
            pv[k] = bs[k];
        se = sys_all(&nhref_model_servo_epb_so3, pv);
        /* suslov_servo: I11 I12 I13 I22 I23 I33 b1 b2 b3 c1 c2 c3 */
        for (int k = 0; k < 6; k++)
            mv[k] = bs[k];
        mv[6] = bs[9], mv[7] = bs[10], mv[8] = bs[11];
        mv[9] = mv[10] = mv[11] = "0";
        sm = sys_all(&nhref_model_suslov_servo, mv);
        for (int k = 0; k < 2; k++)
            mpfr_set_d(x3 + k, urand(-2, 2), RN), mpfr_set(x6 + k, x3 + k, RN);
        mpfr_set_zero(x3 + 2, 1);
        for (int k = 2; k < 6; k++)
            mpfr_set_d(x6 + k, urand(-1, 1), RN);
        rhs_eval(f3, se, x3, prec);
        rhs_eval(f6, sm, x6, prec);
        ck_assert_mpfr_digits(f3 + 0, f6 + 0, 60, "1");
        ck_assert_mpfr_digits(f3 + 1, f6 + 1, 60, "1");
        ck_assert(mpfr_get_exp(f3 + 2) < -190 || mpfr_zero_p(f3 + 2));
        nhref_system_free(se);
        nhref_system_free(sm);

        /* se(2): I = diag(m, m, Iz), a = e_v, b = (a, b, c) physical */
        {
            double m = urand(0.5, 3), Iz = urand(0.5, 3), a = urand(-1, 1), b = urand(0.5, 2),
                   c = urand(-1, 1);
            char ps[12][32], ms[3][64];
            const char *pp[12], *mm[3];
            snprintf(ps[0], 32, "%.5f", m), snprintf(ps[3], 32, "%.5f", m);
            snprintf(ps[5], 32, "%.5f", Iz);
            snprintf(ps[1], 32, "0"), snprintf(ps[2], 32, "0"), snprintf(ps[4], 32, "0");
            snprintf(ps[6], 32, "0"), snprintf(ps[7], 32, "1"), snprintf(ps[8], 32, "0");
            snprintf(ps[9], 32, "%.5f", a), snprintf(ps[10], 32, "%.5f", b);
            snprintf(ps[11], 32, "%.5f", c);
            for (int k = 0; k < 12; k++)
                pp[k] = ps[k];
            se = sys_all(&nhref_model_servo_epb_se2, pp);
            {
                /* alpha = a/b, beta = m c/(Iz b) as exact-enough decimals (80 digits) */
                mpfr_t al, be, q;
                mpfr_inits2(400, al, be, q, (mpfr_ptr)0);
                mpfr_set_str(al, ps[9], 10, RN);
                mpfr_set_str(q, ps[10], 10, RN);
                mpfr_div(al, al, q, RN);
                mpfr_set_str(be, ps[0], 10, RN);
                mpfr_set_str(q, ps[11], 10, RN);
                mpfr_mul(be, be, q, RN);
                mpfr_set_str(q, ps[5], 10, RN);
                mpfr_div(be, be, q, RN);
                mpfr_set_str(q, ps[10], 10, RN);
                mpfr_div(be, be, q, RN);
                mpfr_snprintf(ms[0], 64, "%.50Re", al);
                mpfr_snprintf(ms[1], 64, "%.50Re", be);
                mpfr_clears(al, be, q, (mpfr_ptr)0);
            }
            snprintf(ms[2], 64, "0");
            for (int k = 0; k < 3; k++)
                mm[k] = ms[k];
            sm = sys_all(&nhref_model_servosleigh, mm);
            mpfr_set_d(x3 + 0, urand(-2, 2), RN);
            mpfr_set_zero(x3 + 1, 1);
            mpfr_set_d(x3 + 2, urand(-2, 2), RN);
            for (int k = 0; k < 6; k++)
                mpfr_set_d(x6 + k, urand(-1, 1), RN);
            mpfr_set(x6 + 3, x3 + 0, RN);
            mpfr_set(x6 + 4, x3 + 2, RN);
            rhs_eval(f3, se, x3, prec);
            rhs_eval(f6, sm, x6, prec);
            ck_assert_mpfr_digits(f3 + 0, f6 + 3, 48, "1"); /* u' (alpha, beta to 50 digits) */
            ck_assert(mpfr_get_exp(f3 + 1) < -190 || mpfr_zero_p(f3 + 1)); /* v' = 0 */
            ck_assert_mpfr_digits(f3 + 2, f6 + 4, 48, "1"); /* w' */
            nhref_system_free(se);
            nhref_system_free(sm);
        }
        vec_free(x3, 3), vec_free(f3, 3), vec_free(x6, 6), vec_free(f6, 6);
    }
}
END_TEST

/* ================================================================== §10 item 8 */
/* Theorem 1 / P2: finite-time blow-up at t ~ 14.71689 is reported as an
 * outcome (NHREF_EBLOWUP, NHREF_OUTCOME_BLOWUP, stats.t_blowup), the run stops
 * before the singularity with a finite state.  Tagged "blowup". */
START_TEST(test_qualitative_blowup_p2)
{
    nhref_system_t *sys = sys_all(&nhref_model_suslov_servo, P2_par);
    nhref_integrator_t *ig = integ_new(sys, 30, 0);
    mpfr_prec_t prec = nhref_integrator_prec(ig);
    __mpfr_struct *x = vec(6, prec);
    nhref_stats_t st;
    mpfr_t t, T;
    mpfr_inits2(prec, t, T, (mpfr_ptr)0);
    set_strs(x, P2_s0, 6);
    mpfr_set_zero(t, 1);
    mpfr_set_ui(T, 20, RN);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, &st), NHREF_EBLOWUP);
    ck_assert_int_eq(st.outcome, NHREF_OUTCOME_BLOWUP);
    /* spec §7 P2: t* ~ 14.71689 (7 digits given) */
    ck_assert_msg(fabs(st.t_blowup - 14.71689) < 1e-3, "t_blowup = %.10g", st.t_blowup);
    ck_assert(mpfr_cmp_d(t, st.t_blowup) < 0);
    ck_assert(mpfr_cmp_ui(t, 14) > 0);
    for (int k = 0; k < 6; k++)
        ck_assert(mpfr_number_p(x + k));
    /* omega escapes along d = I2^-1 (b1, b2): omega2/omega1 -> 37/9 (spec §4.8) */
    {
        double r = mpfr_get_d(x + 1, RN) / mpfr_get_d(x + 0, RN);
        ck_assert_msg(fabs(r - 37.0 / 9) < 0.05, "omega2/omega1 = %g", r);
    }
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, 6);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* the runtime blow-up time against the closed-form ones: the level servosleigh
 * (spec §5.5) and S1 (spec §4.5).  Tagged "blowup". */
START_TEST(test_qualitative_blowup_closed_form)
{
    static const char *const ssp[] = {"0.5", "1", "0"};
    /* gam = 0.7, t* = ln(beta u0/(alpha omega0))/gam = ln(10/3)/0.7 = 1.72 */
    static const char *const sss[] = {"0", "0", "0", "1", "0.6", "0"};
    static const char *const s1p[] = {"2", "0.3", "0", "1.5", "0", "0",
                                      "0.5", "1", "0.7", "0", "0", "0"};
    for (int which = 0; which < 2; which++) {
        nhref_system_t *sys = sys_all(which ? &nhref_model_suslov_servo : &nhref_model_servosleigh,
                                      which ? s1p : ssp);
        nhref_integrator_t *ig = integ_new(sys, 30, 0);
        mpfr_prec_t prec = nhref_integrator_prec(ig);
        __mpfr_struct *x = vec(6, prec), *p = vec(12, prec);
        nhref_stats_t st;
        mpfr_t t, T, ts;
        mpfr_inits2(prec, t, T, ts, (mpfr_ptr)0);
        set_strs(x, which ? P1_s0 : sss, 6);
        set_strs(p, which ? s1p : ssp, which ? 12 : 3);
        if (which) {
            mpfr_set_str(x + 0, "-0.3", 10, RN); /* B > kappa: blow-up at t* ~ 11.8 */
            mpfr_set_str(x + 1, "-0.2", 10, RN);
            ck_assert_int_eq(nhref_oracle_suslov_s1_blowup_time(ts, p, x), NHREF_OK);
        } else {
            ck_assert_int_eq(nhref_oracle_servosleigh_blowup_time(ts, p, x), NHREF_OK);
        }
        ck_assert(mpfr_number_p(ts));
        mpfr_mul_ui(T, ts, 2, RN);
        mpfr_set_zero(t, 1);
        ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, &st), NHREF_EBLOWUP);
        ck_assert_int_eq(st.outcome, NHREF_OUTCOME_BLOWUP);
        ck_assert_msg(fabs(st.t_blowup - mpfr_get_d(ts, RN)) < 1e-3 * mpfr_get_d(ts, RN),
                      "t_blowup = %.10g, closed form %.10g", st.t_blowup, mpfr_get_d(ts, RN));
        ck_assert(mpfr_cmp(t, ts) < 0);
        mpfr_clears(t, T, ts, (mpfr_ptr)0);
        vec_free(x, 6), vec_free(p, 12);
        nhref_integrator_free(ig);
        nhref_system_free(sys);
    }
}
END_TEST

/* Theorem 6: on the incline beta > 0 makes the descent stable, phi = pi/2 - theta
 * -> 0 like 1/t (P4: phi(20) ~ -0.0109, phi t nearly constant); beta < 0
 * diverges; and the linearization (paper (7.7)) is solved exactly by the
 * Dawson-function formula of spec §5.6 (a 1e-12 perturbation agrees with it to
 * second order) */
START_TEST(test_qualitative_theorem6)
{
    const mpfr_prec_t prec = 200;
    static const char *const neg[] = {"0.5", "-1", "1"};
    nhref_system_t *sys = sys_all(&nhref_model_servosleigh, P4_par);
    __mpfr_struct *x = vec(6, prec), *ph = vec(2, prec);
    mpfr_t pi2, phi, a, eps, p0, d0, t;
    double pt[3];
    mpfr_inits2(prec, pi2, phi, a, eps, p0, d0, t, (mpfr_ptr)0);
    mpfr_const_pi(pi2, RN);
    mpfr_div_2ui(pi2, pi2, 1, RN);
    pub_s0(x, &pub[3]);
    for (int i = 0; i < 3; i++) {
        run(sys, x, i == 0 ? "20" : (i == 1 ? "20" : "40"), 30); /* t = 20, 40, 80 */
        mpfr_sub(phi, pi2, x + 2, RN);
        pt[i] = mpfr_get_d(phi, RN) * (i == 0 ? 20 : (i == 1 ? 40 : 80));
        if (i == 0)
            ck_assert(fabs(mpfr_get_d(phi, RN) + 0.0109) < 5e-4);
    }
    ck_assert_msg(fabs(pt[1] / pt[0] - 1) < 0.05 && fabs(pt[2] / pt[1] - 1) < 0.05,
                  "phi t = %g %g %g", pt[0], pt[1], pt[2]);
    nhref_system_free(sys);
    sys = sys_all(&nhref_model_servosleigh, neg);
    pub_s0(x, &pub[3]);
    run(sys, x, "20", 30);
    mpfr_sub(phi, pi2, x + 2, RN);
    ck_assert(mpfr_cmpabs_ui(phi, 10) > 0);
    nhref_system_free(sys);

    /* linearization: u0 = 0, theta0 = pi/2 - 1e-12, omega0 = 3e-12 */
    sys = sys_all(&nhref_model_servosleigh, P4_par);
    set_strs(x, P3_s0, 6);
    mpfr_set_zero(x + 3, 1);
    mpfr_set_str(p0, "1e-12", 10, RN);
    mpfr_set_str(d0, "-3e-12", 10, RN); /* phi'(0) = -omega0 */
    mpfr_sub(x + 2, pi2, p0, RN);
    mpfr_neg(x + 4, d0, RN);
    run(sys, x, "6", 40);
    mpfr_set_str(eps, "1", 10, RN); /* beta g */
    mpfr_set_ui(t, 6, RN);
    ck_assert_int_eq(nhref_oracle_servosleigh_linear_phi(ph, eps, p0, d0, t), NHREF_OK);
    mpfr_sub(phi, pi2, x + 2, RN);
    mpfr_sub(a, phi, ph + 0, RN);
    ck_assert_msg(mpfr_cmpabs(a, p0) < 0 && mpfr_get_exp(a) < mpfr_get_exp(p0) - 30,
                  "phi %g, linear %g", mpfr_get_d(phi, RN), mpfr_get_d(ph + 0, RN));
    mpfr_neg(a, x + 4, RN); /* phi' = -omega */
    mpfr_sub(a, a, ph + 1, RN);
    ck_assert(mpfr_get_exp(a) < mpfr_get_exp(p0) - 30);
    nhref_system_free(sys);
    mpfr_clears(pi2, phi, a, eps, p0, d0, t, (mpfr_ptr)0);
    vec_free(x, 6), vec_free(ph, 2);
}
END_TEST

/* no periodic orbits in planar reduced systems: P1's (omega1, omega2) orbit
 * (0 the only equilibrium, one invariant ray) decays to 0 like 1/(|c*| t) along
 * the ray omega2 = z* omega1 -- its polar angle tends to the ray's and never
 * returns -- and Q2's orbits are heteroclinic (x2 monotone) */
START_TEST(test_qualitative_no_periodic_orbits)
{
    const mpfr_prec_t prec = 160;
    nhref_system_t *sys = sys_all(&nhref_model_suslov_servo, P1_par);
    __mpfr_struct *x = vec(6, prec), *p = vec(12, prec), *z = vec(3, prec), *c = vec(3, prec);
    double prev = 1e300;
    int n, axis;
    set_strs(p, P1_par, 12);
    ck_assert_int_eq(nhref_oracle_suslov_rays(z, c, &n, &axis, p), NHREF_OK);
    set_strs(x, P1_s0, 6);
    for (int i = 1; i <= 10; i++) {
        double w1, w2, r, T = 200.0 * i;
        run(sys, x, "200", 25);
        w1 = mpfr_get_d(x + 0, RN), w2 = mpfr_get_d(x + 1, RN);
        r = hypot(w1, w2);
        ck_assert(r < prev); /* monotone decay of |omega| on this orbit */
        prev = r;
        if (i == 10) {
            /* |omega1| t -> 1/|c*| */
            double want = 1 / fabs(mpfr_get_d(c, RN));
            ck_assert_msg(fabs(fabs(w1) * T / want - 1) < 0.1, "|w1| t = %g, 1/|c*| = %g",
                          fabs(w1) * T, want);
            ck_assert(fabs(w2 / w1 - mpfr_get_d(z, RN)) < 0.01);
        }
    }
    vec_free(x, 6), vec_free(p, 12), vec_free(z, 3), vec_free(c, 3);
    nhref_system_free(sys);
}
END_TEST

/* ================================================================== §10 item 9 */
/* the divergence of the reduced M3 field (also with gravity, on the 5-D space)
 * is (C_1 omega1 + C_2 omega2)/D with the CORRECTED C_2 -- computed from the
 * model's tape by central differences, exact for a quadratic field up to
 * rounding -- and the printed (5.16) differs; for b along C_1-vec x C_2-vec
 * the field is divergence-free (H conserved: test_integrals_public_and_cubic) */
START_TEST(test_invariant_measure)
{
    const mpfr_prec_t prec = 300;
    rng_state = ck_seed() + 23;
    for (int trial = 0; trial < 12; trial++) {
        char bs[12][32];
        const char *pv[12];
        nhref_system_t *sys;
        __mpfr_struct *x = vec(6, prec), *fp = vec(6, prec), *fm = vec(6, prec);
        __mpfr_struct *p = vec(12, prec), *C = vec(3, prec);
        mpfr_t div, h, a, want, printed;
        for (int k = 0; k < 12; k++)
            snprintf(bs[k], 32, "%.4f", urand(-0.5, 0.5));
        snprintf(bs[0], 32, "%.4f", urand(1.5, 3));
        snprintf(bs[3], 32, "%.4f", urand(1.5, 3));
        snprintf(bs[5], 32, "0");
        if (trial % 2 == 0)
            snprintf(bs[6], 32, "0"); /* b1 = 0: the paper's setting of (5.15)-(5.16) */
        if (trial % 3 == 0)
            snprintf(bs[9], 32, "0"), snprintf(bs[10], 32, "0"), snprintf(bs[11], 32, "0");
        snprintf(bs[8], 32, "%.4f", urand(0.5, 1.5));
        for (int k = 0; k < 12; k++)
            pv[k] = bs[k];
        sys = sys_all(&nhref_model_suslov_servo, pv);
        nhref_system_params(p, sys);
        mpfr_inits2(prec, div, h, a, want, printed, (mpfr_ptr)0);
        for (int k = 0; k < 6; k++)
            mpfr_set_d(x + k, urand(-1, 1), RN);
        /* div over (omega1, omega2, gamma1, gamma2, gamma3) */
        mpfr_set_zero(div, 1);
        mpfr_set_ui_2exp(h, 1, -20, RN);
        for (int k = 0; k < 5; k++) {
            mpfr_add(x + k, x + k, h, RN);
            rhs_eval(fp, sys, x, prec);
            mpfr_mul_2ui(a, h, 1, RN);
            mpfr_sub(x + k, x + k, a, RN);
            rhs_eval(fm, sys, x, prec);
            mpfr_add(x + k, x + k, h, RN);
            mpfr_sub(a, fp + k, fm + k, RN);
            mpfr_div(a, a, h, RN);
            mpfr_div_2ui(a, a, 1, RN);
            mpfr_add(div, div, a, RN);
        }
        ck_assert_int_eq(nhref_oracle_suslov_divergence(C, p), NHREF_OK);
        mpfr_mul(want, C + 0, x + 0, RN);
        mpfr_fma(want, C + 1, x + 1, want, RN);
        mpfr_div(want, want, C + 2, RN);
        ck_assert_mpfr_digits(div, want, 60, "1");
        /* the printed (5.16) (b1 = 0): b2 (I12 I22 + I13 I23) + b3 (I22 I13 - I23 I12)
         * lacks the term b2 I11 I12; with it (sign: C_2 = -[...]) the divergence matches */
        if (trial % 2 == 0 && fabs(mpfr_get_d(p + 1, RN) * mpfr_get_d(p + 7, RN)) > 1e-3) {
            mpfr_mul(printed, p + 1, p + 3, RN);       /* I12 I22 */
            mpfr_fma(printed, p + 2, p + 4, printed, RN); /* + I13 I23 */
            mpfr_mul(printed, printed, p + 7, RN);     /* b2 (...) */
            mpfr_mul(a, p + 3, p + 2, RN);             /* I22 I13 */
            mpfr_mul(h, p + 4, p + 1, RN);
            mpfr_sub(a, a, h, RN);                     /* I22 I13 - I23 I12 */
            mpfr_fma(printed, a, p + 8, printed, RN);
            mpfr_neg(printed, printed, RN);
            ck_assert(ck_mpfr_agree_digits(printed, C + 1, "1") < 3);
            /* corrected: add -b2 I11 I12 */
            mpfr_mul(a, p + 0, p + 1, RN);
            mpfr_mul(a, a, p + 7, RN);
            mpfr_sub(printed, printed, a, RN);
            ck_assert_mpfr_digits(printed, C + 1, 80, "1");
        }
        mpfr_clears(div, h, a, want, printed, (mpfr_ptr)0);
        vec_free(x, 6), vec_free(fp, 6), vec_free(fm, 6), vec_free(p, 12), vec_free(C, 3);
        nhref_system_free(sys);
    }
}
END_TEST

/* ================================================================== golden data */
/* the servosleigh golden files of closed-form cases agree with the oracle's
 * closed form (the registry entry has none, see oracle/registry.c, so
 * check_golden cannot do it) */
START_TEST(test_golden_closed_form_servosleigh)
{
    static const char *const files[] = {"P3", "gam-zero", "alpha-zero", "beta-zero",
                                        "incline-beta-zero", "incline-alpha-beta-zero"};
    const char *top = getenv("top_srcdir");
    char path[1024], err[512];
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        nhref_table_t *tab;
        nhref_oracle_servosleigh_t *o;
        const nhref_model_t *m = &nhref_model_servosleigh;
        __mpfr_struct *p = vec(3, 300), *s0 = vec(6, 300), *s = vec(6, 300);
        mpfr_t one;
        size_t from = 0;
        const char *v;
        snprintf(path, sizeof path, "%s/data/golden/servosleigh/%s.csv", top ? top : "..",
                 files[f]);
        ck_assert_msg(nhref_table_read(&tab, path, 300, err, sizeof err) == NHREF_OK, "%s", err);
        mpfr_init2(one, 300);
        mpfr_set_ui(one, 1, RN);
        while ((v = nhref_table_meta(tab, "param", &from)) != NULL) {
            char name[64], value[128];
            ck_assert_int_eq(sscanf(v, "%63s = %127s", name, value), 2);
            mpfr_set_str(p + nhref_model_param_index(m, name), value, 10, RN);
        }
        from = 0;
        while ((v = nhref_table_meta(tab, "init", &from)) != NULL) {
            char name[64], value[128];
            ck_assert_int_eq(sscanf(v, "%63s = %127s", name, value), 2);
            mpfr_set_str(s0 + nhref_model_state_index(m, name), value, 10, RN);
        }
        ck_assert_int_eq(nhref_oracle_servosleigh_new(&o, p, s0, 300), NHREF_OK);
        for (size_t r = 0; r < tab->nrow; r++) {
            ck_assert_int_eq(nhref_oracle_servosleigh_state(s, o, tab->v + r * tab->ncol),
                             NHREF_OK);
            for (int k = 0; k < 6; k++) {
                double d = nhref_oracle_agree_digits(tab->v + r * tab->ncol + 1 + k, s + k, one);
                ck_assert_msg(d >= 36, "%s row %zu col %d: %.1f digits", path, r, k, d);
            }
        }
        nhref_oracle_servosleigh_free(o);
        nhref_table_free(tab);
        mpfr_clear(one);
        vec_free(p, 3), vec_free(s0, 6), vec_free(s, 6);
    }
}
END_TEST

static Suite *servo_suite(void)
{
    Suite *s = suite_create("servoconstraints");
    TCase *tc;

    tc = tcase_create("1 parameter validation");
    tcase_add_test(tc, test_parameter_validation);
    suite_add_tcase(s, tc);
    tc = tcase_create("2 explicit vs implicit");
    tcase_add_test(tc, test_explicit_vs_implicit);
    suite_add_tcase(s, tc);
    tc = tcase_create("3 integrals");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_integrals, 0, NINTEG);
    tcase_add_test(tc, test_integrals_public_and_cubic);
    suite_add_tcase(s, tc);
    tc = tcase_create("4 closed forms");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_closed_forms_suslov);
    tcase_add_test(tc, test_closed_forms_quadratic);
    tcase_add_loop_test(tc, test_closed_forms_servosleigh, 0, NSS);
    tcase_add_test(tc, test_closed_forms_spiral_length);
    tcase_add_test(tc, test_closed_form_offset_tanh);
    suite_add_tcase(s, tc);
    tc = tcase_create("5 reference values");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_reference_values_mp, 0, 4);
    tcase_add_loop_test(tc, test_reference_values_double, 0, 4);
    suite_add_tcase(s, tc);
    tc = tcase_create("6 symmetries");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_symmetries);
    suite_add_tcase(s, tc);
    tc = tcase_create("7 limits and reductions");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_limits_reductions);
    tcase_add_test(tc, test_limits_epb_reproduces_m3_m4);
    suite_add_tcase(s, tc);
    tc = tcase_create("8 qualitative");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_qualitative_theorem6);
    tcase_add_test(tc, test_qualitative_no_periodic_orbits);
    suite_add_tcase(s, tc);
    tc = tcase_create("8 qualitative: blow-up");
    tcase_set_tags(tc, "blowup");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_qualitative_blowup_p2);
    tcase_add_test(tc, test_qualitative_blowup_closed_form);
    suite_add_tcase(s, tc);
    tc = tcase_create("9 invariant measure");
    tcase_add_test(tc, test_invariant_measure);
    suite_add_tcase(s, tc);
    tc = tcase_create("golden");
    tcase_add_test(tc, test_golden_closed_form_servosleigh);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(servo_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
