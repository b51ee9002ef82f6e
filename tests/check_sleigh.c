/* check_sleigh.c -- the chaplygin_sleigh model integrated by nhref against the
 * independent oracle (closed form, oracle/sleigh.c), the public reference
 * values of the spec (shared/models/chaplygin-sleigh.md §10) and identities
 * (first integrals, symmetries, reversibility, precision consistency).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_mpfr.h"
#include "nhref_integrate.h"
#include "nhref_oracle.h"
#include "../oracle/oracle_sleigh.h"

enum { NX = 5, NP = 3, NI = 4 };

/* A case: parameters (m, J, a), initial state, final time; spec values at T where known. */
typedef struct {
    const char *name;
    const char *p[NP];
    const char *s0[NX];
    const char *T;
    const char *sT[NX];   /* spec §10 values at T, or NULL */
    const char *integ[NI];/* spec §10 integrals E, P1, P2, t0, or NULL */
} sleigh_case_t;

static const sleigh_case_t cases[] = {
    {"PUB-1", {"2", "30", "1"}, {"0", "0", "0", "0", "1"}, "10",
     {"-1.30363549404995138366439519437", "-14.9261616624965221473959179613",
      "5.62797427574461501349372327669", "3.94645719260572115552510415695",
      "0.163071231929977826043195139321"},
     {"16", "0", "8", "0"}},
    {"PUB-2", {"1.5", "0.7", "0.4"}, {"0.3", "-0.2", "0.5", "-0.8", "1.3"}, "7",
     {"-1.18822032707472117212071858268", "-6.23448394868969923935733838897",
      "4.89252487596274446454110971794", "1.30338737773415510020699064608",
      "0.01989374286650588560518617361"},
     {"1.2743", "-1.54776969181993246930524138507", "1.19470037293190432359904889648",
      "0.859244724815757440604191275208"}},
    {"PUB-3", {"1", "0", "0.5"}, {"0", "0", "0.2", "-1", "-2"}, "5",
     {"-3.14068875174759925398411176501", "-5.37759783843921205825949568958",
      "-2.15619100718638750324799381908", "1.41421356236451690274071247856",
      "-9.85142852561521945773989044511e-6"},
     {"1", "-0.78139724704618041566478388963", "-1.17873590863630284658360914387",
      "0.311612620070115256697010040125"}},
    /* degenerate branches of spec §5.1 and §6, checked against the oracle only */
    {"omega0=0", {"2", "30", "1"}, {"1", "-1", "0.7", "1.5", "0"}, "6", {NULL}, {NULL}},
    {"a=0", {"2", "3", "0"}, {"0", "0", "0.3", "1.2", "0.8"}, "9", {NULL}, {NULL}},
    {"a<0", {"1.5", "0.7", "-0.4"}, {"0.3", "-0.2", "0.5", "0.8", "1.3"}, "7", {NULL}, {NULL}},
    {"v0=0,omega0<0", {"3", "2", "0.25"}, {"0", "0", "-1", "0", "-0.6"}, "8", {NULL}, {NULL}},
    {"unstable flip", {"1", "1", "1"}, {"0", "0", "0", "-2", "1e-3"}, "12", {NULL}, {NULL}},
};
#define NCASES (sizeof cases / sizeof cases[0])
#define NPUB 3

/* ------------------------------------------------------------------ helpers */
static nhref_system_t *sleigh_system(const sleigh_case_t *c)
{
    static const char *names[NP] = {"m", "J", "a"};
    nhref_system_t *sys;
    ck_assert_int_eq(nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")), NHREF_OK);
    for (int i = 0; i < NP; i++)
        ck_assert_int_eq(nhref_system_set_param(sys, names[i], c->p[i]), NHREF_OK);
    return sys;
}

static void set_strs(mpfr_ptr v, const char *const *s, int n)
{
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(mpfr_set_str(v + i, s[i], 10, MPFR_RNDN), 0);
}

static __mpfr_struct *vec(int n, mpfr_prec_t prec)
{
    __mpfr_struct *v = malloc((size_t)n * sizeof *v);
    for (int i = 0; i < n; i++)
        mpfr_init2(v + i, prec);
    return v;
}

static void vec_free(__mpfr_struct *v, int n)
{
    for (int i = 0; i < n; i++)
        mpfr_clear(v + i);
    free(v);
}

/* integrate case C from 0 to T (a decimal string) with OPT's digits or prec; X = x(T) */
static void integrate(mpfr_ptr x, const sleigh_case_t *c, const char *T, double digits,
                      mpfr_prec_t prec, nhref_integrator_t **keep, nhref_system_t **keep_sys)
{
    nhref_system_t *sys = sleigh_system(c);
    nhref_options_t opt;
    nhref_integrator_t *ig;
    mpfr_t t, tend;

    nhref_options_default(&opt);
    opt.digits = digits;
    opt.prec = prec;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    mpfr_inits2(nhref_integrator_prec(ig), t, tend, (mpfr_ptr)0);
    set_strs(x, c->s0, NX);
    mpfr_set_zero(t, 1);
    mpfr_set_str(tend, T, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, tend, NULL), NHREF_OK);
    mpfr_clears(t, tend, (mpfr_ptr)0);
    if (keep != NULL) {
        *keep = ig;
        *keep_sys = sys;
    } else {
        nhref_integrator_free(ig);
        nhref_system_free(sys);
    }
}

/* ------------------------------------------------------------------ public values */
/* spec §11 item 6: >= 28 significant digits in MP mode (run at 130 digits) */
START_TEST(test_public_values_mp)
{
    const sleigh_case_t *c = &cases[_i];
    nhref_integrator_t *ig;
    nhref_system_t *sys;
    __mpfr_struct *x = vec(NX, 500), *I = vec(NI, 500);
    mpfr_t T;

    integrate(x, c, c->T, 130, 0, &ig, &sys);
    for (int i = 0; i < NX; i++)
        ck_assert_mpfr_str(x + i, c->sT[i], 28, "0");
    mpfr_init2(T, 500);
    mpfr_set_str(T, c->T, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrator_integrals(ig, I, T, x), NHREF_OK);
    for (int i = 0; i < NI; i++)
        ck_assert_mpfr_str(I + i, c->integ[i], 28, "1e-30");
    mpfr_clear(T);
    vec_free(x, NX);
    vec_free(I, NI);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* spec §11 item 6 in double precision: |err| <= 1e-10 max(1, |value|), here with
 * the MPFR path at 53 bits */
START_TEST(test_public_values_53_bits)
{
    const sleigh_case_t *c = &cases[_i];
    __mpfr_struct *x = vec(NX, 53);
    integrate(x, c, c->T, 0, 53, NULL, NULL);
    for (int i = 0; i < NX; i++)
        ck_assert_mpfr_str(x + i, c->sT[i], 10, "1");
    vec_free(x, NX);
}
END_TEST

/* ------------------------------------------------------------------ against the oracle */
/* every case on a grid of 25 times at 60 digits: each component within
 * 10^-57 max(1, |x|) of the closed form (the integrator's mixed error control) */
START_TEST(test_oracle_grid)
{
    const sleigh_case_t *c = &cases[_i];
    enum { NT = 25 };
    const double digits = 60;
    nhref_system_t *sys = sleigh_system(c);
    nhref_options_t opt;
    nhref_integrator_t *ig;
    nhref_oracle_sleigh_t *orc;
    mpfr_prec_t prec;
    __mpfr_struct *grid, *rows, *x0, *want, *p;

    nhref_options_default(&opt);
    opt.digits = digits;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    prec = nhref_integrator_prec(ig);
    grid = vec(NT, prec);
    rows = vec(NT * NX, prec);
    x0 = vec(NX, prec);
    want = vec(NX, prec + 64);
    p = vec(NP, prec + 64);
    set_strs(x0, c->s0, NX);
    set_strs(p, c->p, NP);
    for (int i = 0; i < NT; i++) {
        mpfr_set_str(grid + i, c->T, 10, MPFR_RNDN);
        mpfr_mul_ui(grid + i, grid + i, (unsigned long)i, MPFR_RNDN);
        mpfr_div_ui(grid + i, grid + i, NT - 1, MPFR_RNDN);
    }
    ck_assert_int_eq(nhref_integrate_grid(ig, rows, x0, grid, NT, NULL), NHREF_OK);
    {
        __mpfr_struct *s0 = vec(NX, prec + 64);
        set_strs(s0, c->s0, NX);
        ck_assert_int_eq(nhref_oracle_sleigh_new(&orc, p, s0, prec + 64), NHREF_OK);
        vec_free(s0, NX);
    }
    for (int i = 0; i < NT; i++) {
        ck_assert_int_eq(nhref_oracle_sleigh_state(want, orc, grid + i), NHREF_OK);
        for (int k = 0; k < NX; k++)
            ck_assert_mpfr_digits(rows + i * NX + k, want + k, digits - 3, "1");
    }
    nhref_oracle_sleigh_free(orc);
    vec_free(grid, NT);
    vec_free(rows, NT * NX);
    vec_free(x0, NX);
    vec_free(want, NX);
    vec_free(p, NP);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* the acceptance: Fig. 2 at 100 digits agrees with the closed form to
 * >= 95 digits at T = 10, every component */
START_TEST(test_fig2_100_digits)
{
    const sleigh_case_t *c = &cases[0];
    nhref_oracle_sleigh_t *orc;
    __mpfr_struct *x = vec(NX, 400), *want = vec(NX, 450), *p = vec(NP, 450), *s0 = vec(NX, 450);
    mpfr_t T;

    integrate(x, c, "10", 100, 0, NULL, NULL);
    set_strs(p, c->p, NP);
    set_strs(s0, c->s0, NX);
    mpfr_init2(T, 450);
    mpfr_set_ui(T, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_sleigh_new(&orc, p, s0, 450), NHREF_OK);
    ck_assert_int_eq(nhref_oracle_sleigh_state(want, orc, T), NHREF_OK);
    for (int k = 0; k < NX; k++)
        ck_assert_mpfr_digits(x + k, want + k, 95, "0");
    nhref_oracle_sleigh_free(orc);
    mpfr_clear(T);
    vec_free(x, NX);
    vec_free(want, NX);
    vec_free(p, NP);
    vec_free(s0, NX);
}
END_TEST

/* ------------------------------------------------------------------ first integrals */
/* spec §11 items 2–4: along a long run at p = 50 digits, E drifts by at most
 * 10^(5-p) relative, P1 and P2 by as much relative to sqrt(2 m E), t0 stays
 * constant, and P1^2 + P2^2 = 2 m E at every row; the monitoring tape agrees
 * with the oracle's integrals */
START_TEST(test_integrals_conserved)
{
    const sleigh_case_t *c = &cases[_i];
    enum { NT = 41 };
    const double p_digits = 50;
    nhref_system_t *sys = sleigh_system(c);
    nhref_options_t opt;
    nhref_integrator_t *ig;
    mpfr_prec_t prec;
    __mpfr_struct *grid, *rows, *x0, *I0, *I, *J, *par, *q;
    mpfr_t scale, d;

    nhref_options_default(&opt);
    opt.digits = p_digits;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    prec = nhref_integrator_prec(ig);
    grid = vec(NT, prec);
    rows = vec(NT * NX, prec);
    x0 = vec(NX, prec);
    I0 = vec(NI, prec);
    I = vec(NI, prec);
    J = vec(NI, prec);
    par = vec(NP, prec);
    q = vec(1, prec);
    mpfr_inits2(prec, scale, d, (mpfr_ptr)0);
    set_strs(x0, c->s0, NX);
    set_strs(par, c->p, NP);
    for (int i = 0; i < NT; i++) /* to 5 T */
        mpfr_set_ui(grid + i, (unsigned long)i * 5, MPFR_RNDN), mpfr_mul_d(grid + i, grid + i, atof(c->T) / (NT - 1), MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_grid(ig, rows, x0, grid, NT, NULL), NHREF_OK);
    nhref_integrator_integrals(ig, I0, grid, rows);
    /* sqrt(2 m E) scales the momenta */
    mpfr_mul(scale, I0 + 0, par + 0, MPFR_RNDN);
    mpfr_mul_ui(scale, scale, 2, MPFR_RNDN);
    mpfr_sqrt(scale, scale, MPFR_RNDN);
    for (int i = 0; i < NT; i++) {
        mpfr_srcptr x = rows + i * NX;
        nhref_integrator_integrals(ig, I, grid + i, x);
        ck_assert_mpfr_digits(I + 0, I0 + 0, p_digits - 5, "0");
        for (int k = 1; k <= 2; k++) {
            mpfr_sub(d, I + k, I0 + k, MPFR_RNDN);
            mpfr_div(d, d, scale, MPFR_RNDN);
            ck_assert_msg(mpfr_cmpabs_ui(d, 0) == 0 || mpfr_get_exp(d) < -(mpfr_exp_t)((p_digits - 5) * 3.32),
                          "%s: P%d drifts by %g at row %d", c->name, k, mpfr_get_d(d, MPFR_RNDN), i);
        }
        /* t0: artanh(v/c) has condition ~ c^2/(rho omega)^2 = 2E/(IA omega^2) where
         * omega has decayed (spec §4): that many digits are lost, no more */
        double w = mpfr_get_d(x + 4, MPFR_RNDN), E = mpfr_get_d(I0 + 0, MPFR_RNDN);
        double ia = atof(c->p[1]) + atof(c->p[0]) * atof(c->p[2]) * atof(c->p[2]);
        double loss = w != 0 ? fmax(0, log10(2 * E / (ia * w * w))) : 0;
        /* where omega has decayed below ~10^-(p/2) relative, t0 has no digits left */
        if (!mpfr_nan_p(I0 + 3) && loss < p_digits - 10)
            ck_assert_mpfr_digits(I + 3, I0 + 3, p_digits - 8 - loss, "1");
        /* P1^2 + P2^2 = 2 m E */
        mpfr_sqr(d, I + 1, MPFR_RNDN);
        mpfr_fma(d, I + 2, I + 2, d, MPFR_RNDN);
        mpfr_mul(q, I + 0, par + 0, MPFR_RNDN);
        mpfr_mul_ui(q, q, 2, MPFR_RNDN);
        ck_assert_mpfr_digits(d, q, p_digits - 3, "1");
        /* the monitoring tape against the oracle's integrals at the same point */
        ck_assert_int_eq(nhref_oracle_sleigh_integrals(J, par, x, grid + i), NHREF_OK);
        for (int k = 0; k < 3; k++)
            ck_assert_mpfr_digits(I + k, J + k, p_digits - 3, "1");
        if (mpfr_nan_p(J + 3))
            ck_assert(mpfr_nan_p(I + 3));
        else if (loss < p_digits - 10)
            ck_assert_mpfr_digits(I + 3, J + 3, p_digits - 4 - loss, "1");
    }
    mpfr_clears(scale, d, (mpfr_ptr)0);
    vec_free(grid, NT);
    vec_free(rows, NT * NX);
    vec_free(x0, NX);
    vec_free(I0, NI);
    vec_free(I, NI);
    vec_free(J, NI);
    vec_free(par, NP);
    vec_free(q, 1);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ identities of the flow */
/* forward to T, back to 0: the initial state again (spec §11 item 10, time reversal
 * by integrating backwards); and reversing (v, omega) at T and integrating forward
 * returns (x0, y0, phi0, -v0, -omega0) */
START_TEST(test_reversibility)
{
    const sleigh_case_t *c = &cases[_i];
    const double digits = 40;
    nhref_system_t *sys = sleigh_system(c);
    nhref_options_t opt;
    nhref_integrator_t *ig;
    __mpfr_struct *x, *x0;
    mpfr_t t, T;
    mpfr_prec_t prec;

    nhref_options_default(&opt);
    opt.digits = digits;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    prec = nhref_integrator_prec(ig);
    x = vec(NX, prec);
    x0 = vec(NX, prec);
    mpfr_inits2(prec, t, T, (mpfr_ptr)0);
    set_strs(x0, c->s0, NX);
    set_strs(x, c->s0, NX);
    mpfr_set_zero(t, 1);
    mpfr_set_str(T, c->T, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, NULL), NHREF_OK);
    mpfr_set_zero(T, 1);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, NULL), NHREF_OK);
    for (int k = 0; k < NX; k++)
        ck_assert_mpfr_digits(x + k, x0 + k, digits - 4, "1");

    /* velocity reversal */
    set_strs(x, c->s0, NX);
    mpfr_set_zero(t, 1);
    mpfr_set_str(T, c->T, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, NULL), NHREF_OK);
    mpfr_neg(x + 3, x + 3, MPFR_RNDN);
    mpfr_neg(x + 4, x + 4, MPFR_RNDN);
    mpfr_mul_ui(T, T, 2, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, NULL), NHREF_OK);
    mpfr_neg(x0 + 3, x0 + 3, MPFR_RNDN);
    mpfr_neg(x0 + 4, x0 + 4, MPFR_RNDN);
    for (int k = 0; k < NX; k++)
        ck_assert_mpfr_digits(x + k, x0 + k, digits - 4, "1");
    mpfr_clears(t, T, (mpfr_ptr)0);
    vec_free(x, NX);
    vec_free(x0, NX);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* a run at p bits and one at p + 64 bits agree to the digits of p */
START_TEST(test_precision_consistency)
{
    const sleigh_case_t *c = &cases[_i];
    __mpfr_struct *lo = vec(NX, 232), *hi = vec(NX, 296);
    integrate(lo, c, c->T, 0, 232, NULL, NULL);
    integrate(hi, c, c->T, 0, 296, NULL, NULL);
    for (int k = 0; k < NX; k++)
        ck_assert_mpfr_digits(lo + k, hi + k, 232 * 0.30103 - 4, "1");
    vec_free(lo, NX);
    vec_free(hi, NX);
}
END_TEST

/* spec §11 item 10, mirror: (y, phi, omega) -> -(y, phi, omega) maps solutions to solutions */
START_TEST(test_mirror_symmetry)
{
    const sleigh_case_t *c = &cases[_i];
    sleigh_case_t m = *c;
    char neg[3][64];
    const int idx[3] = {1, 2, 4};
    __mpfr_struct *x = vec(NX, 200), *y = vec(NX, 200);

    for (int j = 0; j < 3; j++) {
        const char *s = c->s0[idx[j]];
        snprintf(neg[j], sizeof neg[j], "%s%s", s[0] == '-' ? "" : "-", s[0] == '-' ? s + 1 : s);
        m.s0[idx[j]] = neg[j];
    }
    integrate(x, c, c->T, 0, 200, NULL, NULL);
    integrate(y, &m, c->T, 0, 200, NULL, NULL);
    for (int k = 0; k < NX; k++) {
        if (k == 1 || k == 2 || k == 4)
            mpfr_neg(y + k, y + k, MPFR_RNDN);
        ck_assert_mpfr_digits(y + k, x + k, 200 * 0.30103 - 4, "1");
    }
    vec_free(x, NX);
    vec_free(y, NX);
}
END_TEST

/* integrate X (initial state in, x(T) out) with parameters P (decimal strings) at PREC bits */
static void flow(mpfr_ptr x, const char *const *p, mpfr_srcptr T, mpfr_prec_t prec)
{
    sleigh_case_t c = cases[0];
    nhref_system_t *sys;
    nhref_options_t opt;
    nhref_integrator_t *ig;
    mpfr_t t;

    memcpy(c.p, p, sizeof c.p);
    sys = sleigh_system(&c);
    nhref_options_default(&opt);
    opt.prec = prec;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    mpfr_init2(t, prec);
    mpfr_set_zero(t, 1);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, NULL), NHREF_OK);
    mpfr_clear(t);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}

/* spec §11 items 10 (SE(2) equivariance, a -> -a with (phi + pi, -v), velocity
 * scaling) on every case with a != 0, to the working precision */
START_TEST(test_symmetries)
{
    const sleigh_case_t *c = &cases[_i];
    const mpfr_prec_t prec = 200;
    const double digits = 200 * 0.30103 - 5;
    __mpfr_struct *x = vec(NX, prec), *y = vec(NX, prec), *z = vec(NX, prec);
    mpfr_t T, ca, sa, u, pi;
    char neg_a[64];
    const char *pa[NP];

    mpfr_inits2(prec, T, ca, sa, u, pi, (mpfr_ptr)0);
    mpfr_set_str(T, c->T, 10, MPFR_RNDN);
    set_strs(x, c->s0, NX);
    flow(x, c->p, T, prec);

    /* SE(2): rotate by alpha = 0.7 and translate by (1.5, -2) before and after */
    mpfr_set_str(u, "0.7", 10, MPFR_RNDN);
    mpfr_sin_cos(sa, ca, u, MPFR_RNDN);
    set_strs(y, c->s0, NX);
    mpfr_mul(z + 0, ca, y + 0, MPFR_RNDN); /* z0 = cos x - sin y + 1.5 */
    mpfr_fms(z + 0, sa, y + 1, z + 0, MPFR_RNDN);
    mpfr_neg(z + 0, z + 0, MPFR_RNDN);
    mpfr_add_d(z + 0, z + 0, 1.5, MPFR_RNDN);
    mpfr_mul(z + 1, sa, y + 0, MPFR_RNDN); /* z1 = sin x + cos y - 2 */
    mpfr_fma(z + 1, ca, y + 1, z + 1, MPFR_RNDN);
    mpfr_sub_ui(z + 1, z + 1, 2, MPFR_RNDN);
    mpfr_add(z + 2, y + 2, u, MPFR_RNDN);
    mpfr_set(z + 3, y + 3, MPFR_RNDN);
    mpfr_set(z + 4, y + 4, MPFR_RNDN);
    flow(z, c->p, T, prec);
    mpfr_mul(y + 0, ca, x + 0, MPFR_RNDN);
    mpfr_fms(y + 0, sa, x + 1, y + 0, MPFR_RNDN);
    mpfr_neg(y + 0, y + 0, MPFR_RNDN);
    mpfr_add_d(y + 0, y + 0, 1.5, MPFR_RNDN);
    mpfr_mul(y + 1, sa, x + 0, MPFR_RNDN);
    mpfr_fma(y + 1, ca, x + 1, y + 1, MPFR_RNDN);
    mpfr_sub_ui(y + 1, y + 1, 2, MPFR_RNDN);
    mpfr_add(y + 2, x + 2, u, MPFR_RNDN);
    mpfr_set(y + 3, x + 3, MPFR_RNDN);
    mpfr_set(y + 4, x + 4, MPFR_RNDN);
    for (int k = 0; k < NX; k++)
        ck_assert_mpfr_digits(z + k, y + k, digits, "1");

    /* a -> -a with (phi, v) -> (phi + pi, -v): the same motion */
    mpfr_const_pi(pi, MPFR_RNDN);
    snprintf(neg_a, sizeof neg_a, "%s%s", c->p[2][0] == '-' ? "" : "-",
             c->p[2][0] == '-' ? c->p[2] + 1 : c->p[2]);
    pa[0] = c->p[0];
    pa[1] = c->p[1];
    pa[2] = neg_a;
    set_strs(z, c->s0, NX);
    mpfr_add(z + 2, z + 2, pi, MPFR_RNDN);
    mpfr_neg(z + 3, z + 3, MPFR_RNDN);
    flow(z, pa, T, prec);
    mpfr_sub(z + 2, z + 2, pi, MPFR_RNDN);
    mpfr_neg(z + 3, z + 3, MPFR_RNDN);
    for (int k = 0; k < NX; k++)
        ck_assert_mpfr_digits(z + k, x + k, digits, "1");

    /* velocity scaling: (v, omega) * 2 over T / 2 reaches the same place twice as fast */
    set_strs(z, c->s0, NX);
    mpfr_mul_2ui(z + 3, z + 3, 1, MPFR_RNDN);
    mpfr_mul_2ui(z + 4, z + 4, 1, MPFR_RNDN);
    mpfr_div_2ui(u, T, 1, MPFR_RNDN);
    flow(z, c->p, u, prec);
    mpfr_div_2ui(z + 3, z + 3, 1, MPFR_RNDN);
    mpfr_div_2ui(z + 4, z + 4, 1, MPFR_RNDN);
    for (int k = 0; k < NX; k++)
        ck_assert_mpfr_digits(z + k, x + k, digits, "1");

    mpfr_clears(T, ca, sa, u, pi, (mpfr_ptr)0);
    vec_free(x, NX);
    vec_free(y, NX);
    vec_free(z, NX);
}
END_TEST

/* spec §11 item 9: J = 0 (PUB-3) -- the centre of mass C = A + a e1 moves on a
 * straight line at constant velocity (P1, P2)/m */
START_TEST(test_j0_centre_of_mass)
{
    const sleigh_case_t *c = &cases[2];
    const mpfr_prec_t prec = 200;
    __mpfr_struct *x = vec(NX, prec), *I = vec(NI, prec);
    mpfr_t T, t, a, xc[3], yc[3], w;
    nhref_system_t *sys = sleigh_system(c);
    nhref_integrator_t *ig;
    nhref_options_t opt;

    nhref_options_default(&opt);
    opt.prec = prec;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    mpfr_inits2(prec, T, t, a, w, xc[0], xc[1], xc[2], yc[0], yc[1], yc[2], (mpfr_ptr)0);
    mpfr_set_str(a, c->p[2], 10, MPFR_RNDN);
    set_strs(x, c->s0, NX);
    mpfr_set_zero(t, 1);
    for (int i = 0; i < 3; i++) {
        mpfr_set_ui(T, 2 * (unsigned)i, MPFR_RNDN); /* t = 0, 2, 4 */
        ck_assert_int_eq(nhref_integrate_until(ig, x, t, T, NULL), NHREF_OK);
        mpfr_cos(w, x + 2, MPFR_RNDN);
        mpfr_fma(xc[i], a, w, x + 0, MPFR_RNDN);
        mpfr_sin(w, x + 2, MPFR_RNDN);
        mpfr_fma(yc[i], a, w, x + 1, MPFR_RNDN);
    }
    nhref_integrator_integrals(ig, I, t, x);
    for (int i = 1; i < 3; i++) { /* xC(t) = xC(0) + t P1 / m, m = 1 */
        mpfr_mul_ui(w, I + 1, 2 * (unsigned)i, MPFR_RNDN);
        mpfr_add(w, w, xc[0], MPFR_RNDN);
        ck_assert_mpfr_digits(xc[i], w, 55, "1");
        mpfr_mul_ui(w, I + 2, 2 * (unsigned)i, MPFR_RNDN);
        mpfr_add(w, w, yc[0], MPFR_RNDN);
        ck_assert_mpfr_digits(yc[i], w, 55, "1");
    }
    mpfr_clears(T, t, a, w, xc[0], xc[1], xc[2], yc[0], yc[1], yc[2], (mpfr_ptr)0);
    vec_free(x, NX);
    vec_free(I, NI);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ structure (spec §11 item 8) */
START_TEST(test_structure)
{
    /* a > 0: v nondecreasing and omega of constant sign along PUB-2 (v0 < 0: it reverses) */
    const sleigh_case_t *c = &cases[1];
    enum { NT = 60 };
    nhref_system_t *sys = sleigh_system(c);
    nhref_options_t opt;
    nhref_integrator_t *ig;
    __mpfr_struct *grid = vec(NT, 200), *rows = vec(NT * NX, 200), *x0 = vec(NX, 200);

    nhref_options_default(&opt);
    opt.prec = 200;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    set_strs(x0, c->s0, NX);
    for (int i = 0; i < NT; i++)
        mpfr_set_d(grid + i, 0.25 * i, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_grid(ig, rows, x0, grid, NT, NULL), NHREF_OK);
    for (int i = 1; i < NT; i++) {
        ck_assert(mpfr_cmp(rows + i * NX + 3, rows + (i - 1) * NX + 3) >= 0);
        ck_assert_int_gt(mpfr_sgn(rows + i * NX + 4), 0);
    }
    ck_assert_int_gt(mpfr_sgn(rows + (NT - 1) * NX + 3), 0); /* it did reverse */
    vec_free(grid, NT);
    vec_free(rows, NT * NX);
    vec_free(x0, NX);
    nhref_integrator_free(ig);
    nhref_system_free(sys);

    /* omega0 = 0: omega stays exactly 0 and phi exactly phi0 (straight line) */
    {
        __mpfr_struct *x = vec(NX, 200);
        integrate(x, &cases[3], cases[3].T, 0, 200, NULL, NULL);
        ck_assert(mpfr_zero_p(x + 4));
        ck_assert_mpfr_str(x + 2, "0.7", 60, "0");
        ck_assert_mpfr_str(x + 3, "1.5", 60, "0");
        vec_free(x, NX);
    }
}
END_TEST

/* spec §4 (invariant measure): div f = -(m a / IA) v, and the density 1/|omega| is
 * invariant: div(f / omega) = 0 -- from the model's own tape by nhref_tape_divergence,
 * at random states of every case's parameters */
START_TEST(test_invariant_measure)
{
    const sleigh_case_t *c = &cases[_i];
    const mpfr_prec_t prec = 300;
    nhref_system_t *sys = sleigh_system(c);
    const nhref_tape_t *f = nhref_system_rhs_tape(sys);
    nhref_tape_t *rho, *div, *divr;
    nhref_tape_mp_t *wd, *wdr;
    __mpfr_struct *x = vec(NX, prec), *p = vec(NP, prec);
    mpfr_t t, got, want, ia;
    gmp_randstate_t rs;

    ck_assert_int_eq(nhref_tape_new(&rho, NX, NP, 1), NHREF_OK);
    nhref_tape_set_output(rho, 0, nhref_tape_div(rho, nhref_tape_const(rho, "1"),
                                                 nhref_tape_state(rho, 4)));
    ck_assert_int_eq(nhref_tape_divergence(&div, f, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_tape_divergence(&divr, f, rho), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&wd, div, prec, 0), NHREF_OK);
    ck_assert_int_eq(nhref_tape_mp_new(&wdr, divr, prec, 0), NHREF_OK);
    set_strs(p, c->p, NP);
    nhref_tape_mp_set_params(wd, p);
    nhref_tape_mp_set_params(wdr, p);
    mpfr_inits2(prec, t, got, want, ia, (mpfr_ptr)0);
    mpfr_set_zero(t, 1);
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed() + (unsigned long)_i);
    /* IA = J + m a^2 */
    mpfr_sqr(ia, p + 2, MPFR_RNDN);
    mpfr_fma(ia, ia, p + 0, p + 1, MPFR_RNDN);
    for (int trial = 0; trial < 20; trial++) {
        for (int k = 0; k < NX; k++) {
            mpfr_urandomb(x + k, rs);
            mpfr_mul_si(x + k, x + k, 6, MPFR_RNDN);
            mpfr_sub_ui(x + k, x + k, 3, MPFR_RNDN);
        }
        ck_assert_int_eq(nhref_tape_mp_eval(got, wd, t, x), NHREF_OK);
        mpfr_mul(want, p + 0, p + 2, MPFR_RNDN);
        mpfr_mul(want, want, x + 3, MPFR_RNDN);
        mpfr_div(want, want, ia, MPFR_RNDN);
        mpfr_neg(want, want, MPFR_RNDN);
        ck_assert_mpfr_digits(got, want, 85, "1");
        ck_assert_int_eq(nhref_tape_mp_eval(got, wdr, t, x), NHREF_OK);
        mpfr_set_zero(want, 1);
        ck_assert_mpfr_digits(got, want, 85, "1");
    }
    gmp_randclear(rs);
    mpfr_clears(t, got, want, ia, (mpfr_ptr)0);
    vec_free(x, NX);
    vec_free(p, NP);
    nhref_tape_mp_free(wd);
    nhref_tape_mp_free(wdr);
    nhref_tape_free(rho);
    nhref_tape_free(div);
    nhref_tape_free(divr);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ parameter validation */
START_TEST(test_parameter_validation)
{
    static const struct {
        const char *m, *J, *a;
        int ok;
    } sets[] = {
        {"2", "30", "1", 1},   {"1", "0", "0.5", 1}, {"2", "3", "0", 1}, {"1", "1", "-1", 1},
        {"0", "1", "1", 0},    {"-1", "1", "1", 0},  {"1", "-1e-30", "1", 0},
        {"1", "0", "0", 0},
    };
    const nhref_model_t *model = nhref_model_find("chaplygin_sleigh");
    char why[256];

    ck_assert_ptr_nonnull(model);
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        nhref_system_t *sys;
        nhref_integrator_t *ig;
        ck_assert_int_eq(nhref_system_new(&sys, model), NHREF_OK);
        nhref_system_set_param(sys, "m", sets[i].m);
        nhref_system_set_param(sys, "J", sets[i].J);
        nhref_system_set_param(sys, "a", sets[i].a);
        why[0] = '\0';
        ck_assert_int_eq(nhref_system_check(sys, why, sizeof why),
                         sets[i].ok ? NHREF_OK : NHREF_EPARAM);
        ck_assert_int_eq(nhref_integrator_new(&ig, sys, NULL),
                         sets[i].ok ? NHREF_OK : NHREF_EPARAM);
        if (!sets[i].ok) /* the reason names the parameter and the admissible range */
            ck_assert_msg(strstr(why, "admissible") != NULL, "reason '%s'", why);
        nhref_integrator_free(ig);
        nhref_system_free(sys);
    }
    /* non-finite and malformed values and unknown names never get in */
    {
        nhref_system_t *sys;
        ck_assert_int_eq(nhref_system_new(&sys, model), NHREF_OK);
        ck_assert_int_eq(nhref_system_set_param(sys, "m", "nan"), NHREF_EPARSE);
        ck_assert_int_eq(nhref_system_set_param(sys, "m", "inf"), NHREF_EPARSE);
        ck_assert_int_eq(nhref_system_set_param(sys, "m", "1..2"), NHREF_EPARSE);
        ck_assert_int_eq(nhref_system_set_param(sys, "m", ""), NHREF_EPARSE);
        ck_assert_int_eq(nhref_system_set_param(sys, "mass", "1"), NHREF_ENOTFOUND);
        ck_assert_str_eq(nhref_system_param_str(sys, 0), "2");
        nhref_system_free(sys);
    }
}
END_TEST

static Suite *sleigh_suite(void)
{
    Suite *s = suite_create("chaplygin_sleigh");
    TCase *tc = tcase_create("public values");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_public_values_mp, 0, NPUB);
    tcase_add_loop_test(tc, test_public_values_53_bits, 0, NPUB);
    tcase_add_test(tc, test_fig2_100_digits);
    suite_add_tcase(s, tc);
    tc = tcase_create("oracle");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_oracle_grid, 0, NCASES);
    tcase_add_loop_test(tc, test_integrals_conserved, 0, NCASES);
    suite_add_tcase(s, tc);
    tc = tcase_create("identities");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_reversibility, 0, NCASES);
    tcase_add_loop_test(tc, test_precision_consistency, 0, NCASES);
    tcase_add_loop_test(tc, test_mirror_symmetry, 0, NCASES);
    tcase_add_loop_test(tc, test_symmetries, 0, NCASES);
    tcase_add_test(tc, test_j0_centre_of_mass);
    tcase_add_loop_test(tc, test_invariant_measure, 0, NCASES);
    tcase_add_test(tc, test_structure);
    tcase_add_test(tc, test_parameter_validation);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(sleigh_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
