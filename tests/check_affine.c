/* check_affine.c -- the affine-rolling models (gen, red, cbcat, cbv, revcat,
 * hcat) against the spec's public reference values (shared/models/
 * affine-rolling.md §11 P1-P5), the independent oracle (oracle/affine.c:
 * Newton–Euler right-hand side, first integrals, closed forms) and identities
 * (time reversal, equivariance, reductions, limits, invariant measures by the
 * divergence of tangent tapes).  One test per item of the spec's checklist §12.
 *
 * Expected values come from the spec's numbers, from oracle/ or from an
 * identity, never from the code under test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_mpfr.h"
#include "nhref_integrate.h"
#include "nhref_oracle.h"
#include "../oracle/oracle_affine.h"
#include "nhref_tape.h"

/* ------------------------------------------------------------------ vectors */
static __mpfr_struct *vec(int n, mpfr_prec_t prec)
{
    __mpfr_struct *v = malloc((size_t)n * sizeof *v);
    for (int i = 0; i < n; i++) {
        mpfr_init2(v + i, prec);
        mpfr_set_zero(v + i, 1);
    }
    return v;
}

static void vec_free(__mpfr_struct *v, int n)
{
    for (int i = 0; i < n; i++)
        mpfr_clear(v + i);
    free(v);
}

/* whitespace-separated decimals into V (N of them) */
static void set_strs(mpfr_ptr v, const char *s, int n)
{
    char buf[2048], *tok, *save = NULL;
    int i = 0;
    snprintf(buf, sizeof buf, "%s", s);
    for (tok = strtok_r(buf, " ", &save); tok != NULL && i < n; tok = strtok_r(NULL, " ", &save))
        ck_assert_int_eq(mpfr_set_str(v + i++, tok, 10, MPFR_RNDN), 0);
    ck_assert_int_eq(i, n);
}

/* ------------------------------------------------------------------ systems */
/* MODEL with parameters "name=value name=value ..." (the others: defaults) */
static nhref_system_t *mk(const char *model, const char *assign)
{
    nhref_system_t *sys;
    char buf[1024], *tok, *save = NULL;
    const nhref_model_t *m = nhref_model_find(model);
    ck_assert_msg(m != NULL, "model %s", model);
    ck_assert_int_eq(nhref_system_new(&sys, m), NHREF_OK);
    snprintf(buf, sizeof buf, "%s", assign);
    for (tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        ck_assert_ptr_nonnull(eq);
        *eq = '\0';
        ck_assert_msg(nhref_system_set_param(sys, tok, eq + 1) == NHREF_OK, "param %s", tok);
    }
    return sys;
}

static int nstate(nhref_system_t *sys)
{
    return (int)nhref_system_model(sys)->nstate;
}

static int nparam(nhref_system_t *sys)
{
    return (int)nhref_system_model(sys)->nparam;
}

static int ninteg(nhref_system_t *sys)
{
    return (int)nhref_system_model(sys)->nintegral;
}

/* integrate X from 0 to T at PREC bits (or DIGITS if prec = 0) */
static void flow(nhref_system_t *sys, mpfr_ptr x, const char *T, mpfr_prec_t prec, double digits)
{
    nhref_options_t opt;
    nhref_integrator_t *ig;
    mpfr_t t, tend;
    char why[256];

    nhref_options_default(&opt);
    opt.prec = prec;
    opt.digits = digits;
    ck_assert_int_eq(nhref_integrator_new(&ig, sys, &opt), NHREF_OK);
    ck_assert_msg(nhref_system_check_init(sys, x, why, sizeof why) == NHREF_OK, "%s", why);
    mpfr_inits2(nhref_integrator_prec(ig), t, tend, (mpfr_ptr)0);
    mpfr_set_zero(t, 1);
    mpfr_set_str(tend, T, 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_integrate_until(ig, x, t, tend, NULL), NHREF_OK);
    mpfr_clears(t, tend, (mpfr_ptr)0);
    nhref_integrator_free(ig);
}

/* evaluate tape TP of SYS (its parameters) at X, precision PREC */
static int eval_tape(mpfr_ptr out, const nhref_tape_t *tp, nhref_system_t *sys, mpfr_srcptr x,
                     mpfr_prec_t prec)
{
    nhref_tape_mp_t *ws;
    __mpfr_struct *p = vec(nparam(sys), prec), *t = vec(1, prec);
    int status;
    ck_assert_int_eq(nhref_tape_mp_new(&ws, tp, prec, 0), NHREF_OK);
    nhref_system_params(p, sys);
    nhref_tape_mp_set_params(ws, p);
    status = nhref_tape_mp_eval(out, ws, t, x);
    nhref_tape_mp_free(ws);
    vec_free(p, nparam(sys));
    vec_free(t, 1);
    return status;
}

static void integrals(mpfr_ptr I, nhref_system_t *sys, mpfr_srcptr x, mpfr_prec_t prec)
{
    eval_tape(I, nhref_system_integral_tape(sys), sys, x, prec);
}

/* parameter values of SYS at PREC */
static __mpfr_struct *params(nhref_system_t *sys, mpfr_prec_t prec)
{
    __mpfr_struct *p = vec(nparam(sys), prec);
    nhref_system_params(p, sys);
    return p;
}

/* ------------------------------------------------------------------ states */
/* B0 = R1(theta): alpha = (1,0,0), beta = (0, cos, -sin), gamma = (0, sin, cos) into x[3..11] */
static void frame_r1(mpfr_ptr x, const char *theta)
{
    mpfr_t th, s, c;
    mpfr_inits2(mpfr_get_prec(x), th, s, c, (mpfr_ptr)0);
    mpfr_set_str(th, theta, 10, MPFR_RNDN);
    mpfr_sin_cos(s, c, th, MPFR_RNDN);
    for (int i = 3; i < 12; i++)
        mpfr_set_zero(x + i, 1);
    mpfr_set_ui(x + 3, 1, MPFR_RNDN);
    mpfr_set(x + 7, c, MPFR_RNDN);
    mpfr_neg(x + 8, s, MPFR_RNDN);
    mpfr_set(x + 10, s, MPFR_RNDN);
    mpfr_set(x + 11, c, MPFR_RNDN);
    mpfr_clears(th, s, c, (mpfr_ptr)0);
}

/* u3 = -<rho(gamma), gamma> = h(gamma) - <d, gamma> for gen's ellipsoid (spec §1 table) */
static void gen_contact(mpfr_ptr x, nhref_system_t *sys)
{
    mpfr_prec_t prec = mpfr_get_prec(x);
    __mpfr_struct *p = params(sys, prec + 32);
    mpfr_t h, t;
    mpfr_inits2(prec + 32, h, t, (mpfr_ptr)0);
    mpfr_set_zero(h, 1);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(t, p + 5 + i, x + 9 + i, MPFR_RNDN);
        mpfr_fma(h, t, t, h, MPFR_RNDN);
    }
    mpfr_sqrt(h, h, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(t, p + 8 + i, x + 9 + i, MPFR_RNDN);
        mpfr_sub(h, h, t, MPFR_RNDN);
    }
    mpfr_set(x + 14, h, MPFR_RNDN);
    mpfr_clears(h, t, (mpfr_ptr)0);
    vec_free(p, nparam(sys));
}

/* pseudo-random numbers in (-1, 1) from the suite's seed */
static unsigned long long rng_state;
static double rnd(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return ((double)(rng_state >> 11) / 9007199254740992.0) * 2 - 1;
}

static void normalize(mpfr_ptr v)
{
    mpfr_t n, t;
    mpfr_inits2(mpfr_get_prec(v), n, t, (mpfr_ptr)0);
    mpfr_sqr(n, v, MPFR_RNDN);
    mpfr_fma(n, v + 1, v + 1, n, MPFR_RNDN);
    mpfr_fma(n, v + 2, v + 2, n, MPFR_RNDN);
    mpfr_sqrt(n, n, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_div(v + i, v + i, n, MPFR_RNDN);
    mpfr_clears(n, t, (mpfr_ptr)0);
}

static void crossv(mpfr_ptr c, mpfr_srcptr a, mpfr_srcptr b)
{
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpfr_t t;
        mpfr_init2(t, mpfr_get_prec(c));
        mpfr_mul(t, a + k, b + j, MPFR_RNDN);
        mpfr_fms(c + i, a + j, b + k, t, MPFR_RNDN);
        mpfr_clear(t);
    }
}

static void dotv(mpfr_ptr d, mpfr_srcptr a, mpfr_srcptr b)
{
    mpfr_mul(d, a, b, MPFR_RNDN);
    mpfr_fma(d, a + 1, b + 1, d, MPFR_RNDN);
    mpfr_fma(d, a + 2, b + 2, d, MPFR_RNDN);
}

/* a random right-handed orthonormal frame into x[0..8] (alpha, beta, gamma) */
static void random_frame(mpfr_ptr x)
{
    mpfr_prec_t prec = mpfr_get_prec(x);
    __mpfr_struct *a = vec(3, prec);
    mpfr_t d;
    mpfr_init2(d, prec);
    for (int i = 0; i < 3; i++) {
        mpfr_set_d(x + 6 + i, rnd(), MPFR_RNDN);
        mpfr_set_d(a + i, rnd(), MPFR_RNDN);
    }
    normalize(x + 6);
    dotv(d, a, x + 6);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(x + i, d, x + 6 + i, MPFR_RNDN);
        mpfr_sub(x + i, a + i, x + i, MPFR_RNDN);
    }
    normalize(x);
    crossv(x + 3, x + 6, x); /* beta = gamma x alpha */
    mpfr_clear(d);
    vec_free(a, 3);
}

/* ------------------------------------------------------------------ public values (spec §11) */
typedef struct {
    const char *name, *model, *params, *T;
    void (*init)(mpfr_ptr x, nhref_system_t *sys);
    const char *final[15];
    int ninteg;
    struct {
        const char *name, *value;
    } integ[6];
} pub_t;

static void init_p1(mpfr_ptr x, nhref_system_t *sys)
{
    (void)sys;
    set_strs(x, "100 -160 120 0 0.6 0.8", 6);
}

static void init_p2(mpfr_ptr x, nhref_system_t *sys)
{
    mpfr_t h;
    (void)sys;
    set_strs(x, "0.3 -0.4 1 0 0 0", 6);
    mpfr_init2(h, mpfr_get_prec(x));
    mpfr_set_str(h, "0.5", 10, MPFR_RNDN);
    mpfr_sin_cos(x + 3, x + 5, h, MPFR_RNDN);
    mpfr_clear(h);
}

static void init_p3(mpfr_ptr x, nhref_system_t *sys)
{
    (void)sys;
    set_strs(x, "1.28 1.2 0.96 0.6 0 -0.8 0.9 0.5 -1.825", 9);
}

static void init_p4(mpfr_ptr x, nhref_system_t *sys)
{
    set_strs(x, "0.5 -0.3 0.8", 3);
    frame_r1(x, "0.4");
    set_strs(x + 12, "0.3 -0.2 0", 3);
    gen_contact(x, sys);
}

static void init_p5(mpfr_ptr x, nhref_system_t *sys)
{
    (void)sys;
    set_strs(x, "30 -20 40", 3);
    frame_r1(x, "0.6");
    set_strs(x + 12, "1.5 -0.5 5", 3);
}

static const pub_t pub[] = {
    {"P1", "cbcat", "I1=0.5 I2=2.5 I3=3 m=1 r=5 sigma=10", "5", init_p1,
     {"-27.6996272488475115892275160741", "-98.588481646632652460791037529",
      "198.778876988694352257038737956", "0.242580694349554163893185600263",
      "0.855228898166104198783332759225", "0.457971766018910334700612350029"},
     2, {{"M_norm2", "50000"}, {"M_gamma", "0"}}},
    {"P2", "revcat", "a=1 c=1 s=0.3 I1=0.4 I2=0.4 I3=0.6 m=1 g=9.81 sigma=2", "10", init_p2,
     {"-0.0419334872077132776438995170528", "-0.365056977015704898471228327526",
      "1.03842229169265910263045672387", "-0.382494436907639925731869522848",
      "-0.319922951738750117541127954933", "0.866802924940538501498715339528"},
     2, {{"E_cat", "11.0603871565297094157675713516"}, {"K1", "0.721410223471633616198267963169"}}},
    {"P3", "hcat", "I1=1 I2=1 I3=1 m=1 r=2 sigma=1 eta=1", "20", init_p3,
     {"-1.62099620409821625176401933413", "-1.10642748650751555037981895817",
      "-0.384953923736121354716575685189", "-0.200945544857937316000117973364",
      "0.571272270269009486366814442305", "-0.795781930696744635484767084552",
      "-7.45585910440393440929686029539", "-0.170424949287307345030318023257",
      "-0.752891407130602581174915305568"},
     4, {{"M_norm2", "4"}, {"M_gamma", "0"}, {"E_H", "-1.1810625"}, {"U_gamma", "2"}}},
    {"P4", "gen",
     "a1=1.2 a2=1.2 a3=0.7 d1=0 d2=0 d3=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 g=9.81 sigma=1.7 eta=-0.4",
     "5", init_p4,
     {"-0.483468597180386879343506743637", "-1.4793966437113997915625359938",
      "0.717451780194994685055305118005", "0.802950616475372941531367092201",
      "0.582836708396522365175549182362", "0.124786533116862042332186632459",
      "-0.534977341476134717816021807023", "0.797023597090155228424470411933",
      "-0.280272420670670074905893287303", "-0.26281086661122994647988892976",
      "0.158286945219677096419246912166", "0.951775021401632100271550934926",
      "-0.116090641622082615719082428979", "-0.692395584978977632619454429592",
      "0.570840169905720702459834587092"},
     2, {{"E_mov", "9.26943192356959131557247019836"}, {"x3", "0"}}},
    {"P5", "cbv", "r=5 I1=0.5 I2=2.5 I3=3 m=1 g=9.81 eta=0.9", "10", init_p5,
     {"-12.9039923327322652204746983492", "18.1356040500193360837449145429",
      "49.0365868267532377055899134229", "-0.393659207219174092938907924393",
      "0.902562463468359864037742141764", "0.174394461235146219816749453025",
      "-0.424924798575759836896141012234", "-0.0104360503535901166334554412135",
      "-0.905168495037452826663766864141", "-0.815151117356114088151268008561",
      "-0.430432443469289263413511053869", "0.387629420300028078159743611877",
      "-36.2125073194554256287153648638", "-75.9219842467115463193559496418", "5"},
     5, {{"E_rot", "166.324822878072635287122455727"}, {"M_alpha", "30"},
         {"M_beta", "-39.0924112339949802328568678055"},
         {"M_gamma", "21.720575128486424745619191045"}, {"x3", "0"}}},
};
#define NPUB ((int)(sizeof pub / sizeof pub[0]))

static int integral_index(nhref_system_t *sys, const char *name)
{
    int k = nhref_model_integral_index(nhref_system_model(sys), name);
    ck_assert_msg(k >= 0, "integral %s", name);
    return k;
}

/* §12: final states of §11 to >= 28 significant digits at >= 40-digit working
 * precision; the integrals of the §11 tables at T */
START_TEST(test_public_values_mp)
{
    const pub_t *c = &pub[_i];
    nhref_system_t *sys = mk(c->model, c->params);
    int n = nstate(sys), ni = ninteg(sys);
    __mpfr_struct *x = vec(n, 200), *I = vec(ni, 200);

    c->init(x, sys);
    flow(sys, x, c->T, 0, 45);
    for (int i = 0; i < n; i++)
        ck_assert_mpfr_str(x + i, c->final[i], 28, "0");
    integrals(I, sys, x, 200);
    for (int k = 0; k < c->ninteg; k++)
        ck_assert_mpfr_str(I + integral_index(sys, c->integ[k].name), c->integ[k].value, 28, "1e-12");
    vec_free(x, n);
    vec_free(I, ni);
    nhref_system_free(sys);
}
END_TEST

/* §12: <= 1e-9 relative error with double-precision arithmetic (MPFR at 53
 * bits, local tolerance from the precision, ~1e-15) */
START_TEST(test_public_values_53_bits)
{
    const pub_t *c = &pub[_i];
    nhref_system_t *sys = mk(c->model, c->params);
    int n = nstate(sys);
    __mpfr_struct *x = vec(n, 53);

    c->init(x, sys);
    flow(sys, x, c->T, 53, 0);
    for (int i = 0; i < n; i++)
        ck_assert_mpfr_str(x + i, c->final[i], 9, "1");
    vec_free(x, n);
    nhref_system_free(sys);
}
END_TEST

/* the oracle's integrals of the model's table, the oracle entry point of the registry */
static void oracle_integrals(mpfr_ptr I, nhref_system_t *sys, mpfr_srcptr x)
{
    const nhref_oracle_t *o = nhref_oracle_find(nhref_system_model(sys)->name);
    __mpfr_struct *p = params(sys, mpfr_get_prec(I) + 64), *t = vec(1, 64);
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq((int)o->nintegral, ninteg(sys));
    ck_assert_int_eq(o->integrals(I, p, x, t), NHREF_OK);
    vec_free(p, nparam(sys));
    vec_free(t, 1);
}

/* §12 items 1-2: along each public run at 50 digits the geometric invariants
 * stay within 1e-40 and every applicable integral within 10^-(digits-10)
 * relative; the model's monitoring tape agrees with the oracle at every row,
 * including where an integral is NaN (not applicable) */
START_TEST(test_integrals_drift)
{
    const pub_t *c = &pub[_i];
    enum { NT = 6 };
    const double digits = 50;
    nhref_system_t *sys = mk(c->model, c->params);
    int n = nstate(sys), ni = ninteg(sys);
    mpfr_prec_t prec = 240;
    __mpfr_struct *x = vec(n, prec), *I0 = vec(ni, prec), *I = vec(ni, prec), *J = vec(ni, prec);
    char T[32];

    c->init(x, sys);
    integrals(I0, sys, x, prec);
    for (int k = 0; k < NT; k++) {
        snprintf(T, sizeof T, "%.17g", atof(c->T) / NT);
        if (k > 0)
            flow(sys, x, T, 0, digits);
        integrals(I, sys, x, prec);
        oracle_integrals(J, sys, x);
        for (int q = 0; q < ni; q++) {
            const char *nm = nhref_system_model(sys)->integral[q].name;
            if (strstr(nhref_system_model(sys)->integral[q].holds, "on the invariant set") != NULL)
                continue; /* cbcat's f: only on M = lambda gamma */
            if (mpfr_nan_p(I0 + q)) {
                ck_assert_msg(mpfr_nan_p(I + q) && mpfr_nan_p(J + q), "%s: %s NaN pattern", c->name, nm);
                continue;
            }
            /* geometric ones are 0 (or r): absolute 1e-40 */
            ck_assert_mpfr_digits(I + q, I0 + q, digits - 10, "1");
            ck_assert_mpfr_digits(J + q, I + q, digits, "1");
        }
    }
    /* the geometric invariants: absolute 1e-40 */
    for (int q = 0; q < ni; q++)
        if (strstr(nhref_system_model(sys)->integral[q].holds, "(= 0)") != NULL) {
            mpfr_t a;
            mpfr_init2(a, 64);
            mpfr_set_str(a, "1e-40", 10, MPFR_RNDN);
            ck_assert_msg(mpfr_cmpabs(I + q, a) <= 0, "%s: %s drift %g", c->name,
                          nhref_system_model(sys)->integral[q].name, mpfr_get_d(I + q, MPFR_RNDN));
            mpfr_clear(a);
        }
    vec_free(x, n);
    vec_free(I0, ni);
    vec_free(I, ni);
    vec_free(J, ni);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ RHS vs Newton–Euler */
/* parameter sets of gen for the RHS unit test: the axisymmetric cat's toy with a
 * turntable, translation and a linear field; a triaxial offset ellipsoid with a
 * general linear field; the sphere */
static const char *const gen_sets[] = {
    "a1=1.2 a2=1.2 a3=0.7 d3=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 sigma=1.7 eta=-0.4 v1=0.3 v2=-0.2 "
    "k11=0.5 k12=-0.7 k21=0.2 k22=0.1",
    "a1=1.3 a2=0.8 a3=0.6 d1=0.1 d2=-0.15 d3=0.2 I1=0.5 I2=0.9 I3=1.1 m=2 sigma=0 eta=0.7 v1=0.1 "
    "k11=0.3 k12=1 k21=-0.4 k22=-0.3",
    "a1=2 a2=2 a3=2 d1=0 d2=0 d3=0 I1=0.5 I2=2.5 I3=3 m=1 sigma=2 eta=0.9",
};

/* a random state on gen's phase manifold */
static void gen_random_state(mpfr_ptr x, nhref_system_t *sys)
{
    for (int i = 0; i < 3; i++)
        mpfr_set_d(x + i, 2 * rnd(), MPFR_RNDN);
    random_frame(x + 3);
    mpfr_set_d(x + 12, 3 * rnd(), MPFR_RNDN);
    mpfr_set_d(x + 13, 3 * rnd(), MPFR_RNDN);
    gen_contact(x, sys);
}

/* §12 "RHS unit test": F of the tape equals the Newton–Euler right-hand side of
 * the oracle to working precision, at random states */
START_TEST(test_rhs_newton_euler)
{
    const mpfr_prec_t prec = 200;
    nhref_system_t *sys = mk("gen", gen_sets[_i]);
    __mpfr_struct *x = vec(15, prec), *f = vec(15, prec), *g = vec(15, prec + 64), *p;

    rng_state = ck_seed() + 17 * (unsigned long)_i;
    p = params(sys, prec + 64);
    for (int k = 0; k < 8; k++) {
        gen_random_state(x, sys);
        ck_assert_int_eq(eval_tape(f, nhref_system_rhs_tape(sys), sys, x, prec), NHREF_OK);
        ck_assert_int_eq(nhref_oracle_affine_gen_rhs(g, p, x), NHREF_OK);
        for (int i = 0; i < 15; i++)
            ck_assert_mpfr_digits(f + i, g + i, 55, "1");
    }
    vec_free(p, nparam(sys));
    vec_free(x, 15);
    vec_free(f, 15);
    vec_free(g, 15);
    nhref_system_free(sys);
}
END_TEST

/* the reduced models' right-hand sides against the Newton–Euler oracle of gen:
 * red, revcat, cbcat (their (M, gamma) part with V = 0), cbv (all 15), hcat
 * (M, gamma and U' = U x Omega + B^T u') */
START_TEST(test_rhs_reduced_vs_gen)
{
    static const struct {
        const char *model, *params, *gen;
    } c[] = {
        {"red", "a1=1.3 a2=0.8 a3=0.6 d1=0.1 d2=-0.15 d3=0.2 I1=0.5 I2=0.9 I3=1.1 m=2 sigma=0",
         "a1=1.3 a2=0.8 a3=0.6 d1=0.1 d2=-0.15 d3=0.2 I1=0.5 I2=0.9 I3=1.1 m=2 sigma=0 eta=0"},
        {"revcat", "a=1.2 c=0.7 s=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 sigma=1.7",
         "a1=1.2 a2=1.2 a3=0.7 d3=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 sigma=1.7 eta=0"},
        {"revcat", "a=1 c=1 s=0.3 I1=0.4 I2=0.4 I3=0.6 m=1 sigma=-3.1",
         "a1=1 a2=1 a3=1 d3=0.3 I1=0.4 I2=0.4 I3=0.6 m=1 sigma=-3.1 eta=0"},
        {"cbcat", "I1=0.5 I2=2.5 I3=3 m=1 r=5 sigma=10",
         "a1=5 a2=5 a3=5 d3=0 I1=0.5 I2=2.5 I3=3 m=1 sigma=10 eta=0"},
        {"cbv", "r=5 I1=0.5 I2=2.5 I3=3 m=1 eta=0.9 v1=0.2 k11=1 k12=0.5 k22=-1",
         "a1=5 a2=5 a3=5 d3=0 I1=0.5 I2=2.5 I3=3 m=1 sigma=0 eta=0.9 v1=0.2 k11=1 k12=0.5 k22=-1"},
        {"hcat", "I1=1 I2=1 I3=1 m=1 r=2 sigma=1 eta=1",
         "a1=2 a2=2 a3=2 d3=0 I1=1 I2=1 I3=1 m=1 sigma=1 eta=1"},
    };
    const mpfr_prec_t prec = 200;
    nhref_system_t *sys = mk(c[_i].model, c[_i].params), *gs = mk("gen", c[_i].gen);
    int n = nstate(sys);
    __mpfr_struct *y = vec(15, prec), *x = vec(n, prec), *f = vec(n, prec), *g = vec(15, prec + 64);
    __mpfr_struct *p = params(gs, prec + 64), *w = vec(3, prec + 64), *om = vec(3, prec + 64);

    rng_state = ck_seed() + 101 * (unsigned long)_i;
    for (int k = 0; k < 6; k++) {
        gen_random_state(y, gs);
        if (n == 15) {
            for (int i = 0; i < 15; i++)
                mpfr_set(x + i, y + i, MPFR_RNDN);
        } else {
            for (int i = 0; i < 3; i++) {
                mpfr_set(x + i, y + i, MPFR_RNDN);
                mpfr_set(x + 3 + i, y + 9 + i, MPFR_RNDN);
            }
            if (n == 9) /* U = B^T u */
                for (int j = 0; j < 3; j++) {
                    mpfr_mul(x + 6 + j, y + 3 + j, y + 12, MPFR_RNDN);
                    mpfr_fma(x + 6 + j, y + 6 + j, y + 13, x + 6 + j, MPFR_RNDN);
                    mpfr_fma(x + 6 + j, y + 9 + j, y + 14, x + 6 + j, MPFR_RNDN);
                }
        }
        ck_assert_int_eq(eval_tape(f, nhref_system_rhs_tape(sys), sys, x, prec), NHREF_OK);
        ck_assert_int_eq(nhref_oracle_affine_gen_rhs(g, p, y), NHREF_OK);
        for (int i = 0; i < 3; i++) {
            ck_assert_mpfr_digits(f + i, g + i, 55, "1");
            ck_assert_mpfr_digits(f + (n == 15 ? 9 : 3) + i, g + 9 + i, 55, "1");
        }
        if (n == 15)
            for (int i = 0; i < 15; i++)
                ck_assert_mpfr_digits(f + i, g + i, 55, "1");
        if (n == 9) {
            /* Omega from B' = B hat(Omega): Omega_1 = <beta', gamma>-type rows:
             * Omega = (sum_k B_k2' B_k3, sum_k B_k3' B_k1, sum_k B_k1' B_k2) */
            for (int i = 0; i < 3; i++) {
                int a = (i + 1) % 3, b = (i + 2) % 3;
                mpfr_set_zero(om + i, 1);
                for (int r = 0; r < 3; r++)
                    mpfr_fma(om + i, g + 3 + 3 * r + a, y + 3 + 3 * r + b, om + i, MPFR_RNDN);
            }
            crossv(w, x + 6, om); /* U x Omega */
            for (int j = 0; j < 3; j++) {
                for (int r = 0; r < 3; r++)
                    mpfr_fma(w + j, y + 3 + 3 * r + j, g + 12 + r, w + j, MPFR_RNDN);
                ck_assert_mpfr_digits(f + 6 + j, w + j, 55, "1");
            }
        }
    }
    vec_free(y, 15);
    vec_free(x, n);
    vec_free(f, n);
    vec_free(g, 15);
    vec_free(p, nparam(gs));
    vec_free(w, 3);
    vec_free(om, 3);
    nhref_system_free(sys);
    nhref_system_free(gs);
}
END_TEST

/* ------------------------------------------------------------------ time reversal */
/* §12: integrate to T with (sigma, eta), flip M, sigma, eta (and the whole of V),
 * integrate to T again: the initial state with M negated */
START_TEST(test_time_reversal)
{
    static const struct {
        const char *model, *fwd, *bwd;
        int pub;
    } c[] = {
        {"gen", pub[3].params, "a1=1.2 a2=1.2 a3=0.7 d1=0 d2=0 d3=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 "
                               "g=9.81 sigma=-1.7 eta=0.4", 3},
        {"cbv", "r=5 I1=0.5 I2=2.5 I3=3 m=1 g=9.81 eta=0.9 v1=0.3 k12=0.4",
         "r=5 I1=0.5 I2=2.5 I3=3 m=1 g=9.81 eta=-0.9 v1=-0.3 k12=-0.4", 4},
        {"cbcat", pub[0].params, "I1=0.5 I2=2.5 I3=3 m=1 r=5 sigma=-10", 0},
        {"revcat", pub[1].params, "a=1 c=1 s=0.3 I1=0.4 I2=0.4 I3=0.6 m=1 g=9.81 sigma=-2", 1},
        {"hcat", pub[2].params, "I1=1 I2=1 I3=1 m=1 r=2 sigma=-1 eta=-1", 2},
    };
    const mpfr_prec_t prec = 200;
    nhref_system_t *f = mk(c[_i].model, c[_i].fwd), *b = mk(c[_i].model, c[_i].bwd);
    int n = nstate(f);
    __mpfr_struct *x = vec(n, prec), *x0 = vec(n, prec);

    pub[c[_i].pub].init(x0, f);
    for (int i = 0; i < n; i++)
        mpfr_set(x + i, x0 + i, MPFR_RNDN);
    flow(f, x, "3", prec, 0);
    for (int i = 0; i < 3; i++)
        mpfr_neg(x + i, x + i, MPFR_RNDN);
    flow(b, x, "3", prec, 0);
    for (int i = 0; i < 3; i++)
        mpfr_neg(x + i, x + i, MPFR_RNDN);
    for (int i = 0; i < n; i++)
        ck_assert_mpfr_digits(x + i, x0 + i, 50, "1");
    vec_free(x, n);
    vec_free(x0, n);
    nhref_system_free(f);
    nhref_system_free(b);
}
END_TEST

/* ------------------------------------------------------------------ bad input */
/* §12 "errors on bad input": parameters and initial states, with the reason naming the condition */
START_TEST(test_bad_input)
{
    static const struct {
        const char *model, *params, *want;
    } bad[] = {
        {"gen", "m=0", "m"},           {"gen", "I2=-1", "I2"},        {"gen", "a3=0", "a3"},
        {"gen", "a1=1 a2=1.1", "cat's-toy"}, {"gen", "d1=0.1", "cat's-toy"},
        {"red", "a2=0.9", "cat's-toy"}, {"red", "m=-1", "m"},         {"cbcat", "r=0", "r"},
        {"cbcat", "I3=0", "I3"},       {"cbv", "r=-5", "r"},          {"cbv", "g=-1", "g"},
        {"revcat", "I2=0.5", "I1 and I2"}, {"revcat", "c=0", "c"},   {"hcat", "I3=2", "I1, I2, I3"},
        {"hcat", "r=0", "r"},
    };
    static const struct {
        const char *model, *params, *state, *want;
    } badinit[] = {
        {"cbcat", "", "1 0 0 0 0.6 0.81", "|gamma|^2"},
        {"red", "", "1 0 0 0.6 0.8 0.1", "|gamma|^2"},
        {"revcat", "", "1 0 0 0 0 1.000001", "|gamma|^2"},
        {"hcat", "", "1 0 0 0 0 1 0 0 2.5", "<U, gamma> = r"},
        {"hcat", "", "1 0 0 0 0 1.1 0 0 2", "|gamma|^2"},
        {"cbv", "", "1 2 3 1 0 0 0 1 0 0 0 1 0 0 4.9", "u3"},
        {"cbv", "", "1 2 3 1 0 0 0 1 0 0 0 -1 0 0 5", "right-handed"},
        {"cbv", "", "1 2 3 1 0 0 0.1 1 0 0 0 1 0 0 5", "|beta|^2"},
        {"gen", "", "1 2 3 1 0 0 0 1 0 0 0 1 0 0 0.6", "u3"},
        {"gen", "", "1 2 3 1 0 0 0 1 0 0 1e-12 1 0 0 0.5", "<beta,gamma>"},
    };
    char why[512];

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nhref_system_t *sys = mk(bad[i].model, bad[i].params);
        nhref_integrator_t *ig;
        why[0] = '\0';
        ck_assert_int_eq(nhref_system_check(sys, why, sizeof why), NHREF_EPARAM);
        ck_assert_msg(strstr(why, bad[i].want) != NULL, "%s %s: reason '%s'", bad[i].model,
                      bad[i].params, why);
        ck_assert_msg(strstr(why, "admissible") != NULL, "reason '%s'", why);
        ck_assert_int_eq(nhref_integrator_new(&ig, sys, NULL), NHREF_EPARAM);
        nhref_system_free(sys);
    }
    for (size_t i = 0; i < sizeof badinit / sizeof badinit[0]; i++) {
        nhref_system_t *sys = mk(badinit[i].model, badinit[i].params);
        int n = nstate(sys);
        __mpfr_struct *x = vec(n, 200);
        set_strs(x, badinit[i].state, n);
        why[0] = '\0';
        ck_assert_msg(nhref_system_check_init(sys, x, why, sizeof why) == NHREF_EPARAM,
                      "bad initial state %zu (%s) accepted", i, badinit[i].model);
        ck_assert_msg(strstr(why, badinit[i].want) != NULL, "%s: reason '%s'", badinit[i].model, why);
        vec_free(x, n);
        nhref_system_free(sys);
    }
    /* every default initial state is on its manifold; rounded input passes at 53 bits */
    for (size_t k = 0; k < 6; k++) {
        static const char *const models[] = {"gen", "red", "cbcat", "cbv", "revcat", "hcat"};
        const nhref_model_t *m = nhref_model_find(models[k]);
        nhref_system_t *sys = mk(models[k], "");
        for (int pass = 0; pass < 2; pass++) {
            mpfr_prec_t prec = pass ? 53 : 300;
            __mpfr_struct *x = vec((int)m->nstate, prec);
            for (size_t i = 0; i < m->nstate; i++)
                mpfr_set_str(x + i, m->state[i].default_init, 10, MPFR_RNDN);
            ck_assert_msg(nhref_system_check_init(sys, x, why, sizeof why) == NHREF_OK, "%s: %s",
                          models[k], why);
            vec_free(x, (int)m->nstate);
        }
        nhref_system_free(sys);
    }
    /* E_cat / E_mov with sigma != 0 and I1 != I2: the monitoring tape gives NaN and
     * the oracle refuses */
    {
        nhref_system_t *sys = mk("gen", "I1=0.5 I2=0.6 a1=1 a2=1 a3=1 d3=0.1 sigma=1 eta=0");
        __mpfr_struct *x = vec(15, 200), *I = vec(14, 200), *p = params(sys, 200), *v = vec(1, 200);
        rng_state = ck_seed();
        gen_random_state(x, sys);
        integrals(I, sys, x, 200);
        ck_assert(mpfr_nan_p(I + integral_index(sys, "E_cat")));
        ck_assert(mpfr_nan_p(I + integral_index(sys, "E_mov")));
        ck_assert_int_eq(nhref_oracle_affine_gen_integral(v, NHREF_ORACLE_AFFINE_E_CAT, p, x), NHREF_EPARAM);
        ck_assert_int_eq(nhref_oracle_affine_gen_integral(v, NHREF_ORACLE_AFFINE_E_MOV, p, x), NHREF_EPARAM);
        ck_assert_int_eq(nhref_oracle_affine_gen_integral(v, NHREF_ORACLE_AFFINE_M_ALPHA, p, x), NHREF_EPARAM);
        vec_free(x, 15);
        vec_free(I, 14);
        vec_free(p, nparam(sys));
        vec_free(v, 1);
        nhref_system_free(sys);
    }
}
END_TEST

/* ------------------------------------------------------------------ integral conservation along runs */
/* run SYS from X over T in NT pieces at 50 digits; integral NAME (the oracle's
 * value through FN when non-NULL) stays within 10^-40 relative to max(1, |I|) */
typedef int (*j_fn)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr);
static void conserved(nhref_system_t *sys, mpfr_ptr x, const char *T, const char *const *names, int nn)
{
    enum { NT = 4 };
    int ni = ninteg(sys);
    __mpfr_struct *I0 = vec(ni, 240), *I = vec(ni, 240);
    char dt[32];
    integrals(I0, sys, x, 240);
    snprintf(dt, sizeof dt, "%.17g", atof(T) / NT);
    for (int k = 0; k < NT; k++) {
        flow(sys, x, dt, 0, 50);
        integrals(I, sys, x, 240);
        for (int q = 0; q < nn; q++) {
            int j = integral_index(sys, names[q]);
            ck_assert_msg(!mpfr_nan_p(I0 + j), "%s undefined", names[q]);
            ck_assert_mpfr_digits(I + j, I0 + j, 40, "1");
        }
    }
    vec_free(I0, ni);
    vec_free(I, ni);
}

/* §12 table: every applicable integral of GEN (E for V = W = 0 and for V const;
 * E_rot for the turntable with a triaxial offset body; E_cat for the cat's toy
 * with V const; momentum integrals of the sphere for a non-rotational V) */
START_TEST(test_gen_integrals_table)
{
    static const struct {
        const char *params, *names[3];
        int nn;
    } c[] = {
        {"a1=1.3 a2=0.8 a3=0.6 d1=0.1 d2=-0.15 d3=0.2 I1=0.5 I2=0.9 I3=1.1 m=2 sigma=0 eta=0",
         {"E", "E_cat", "E_mov"}, 3}, /* classical rolling: sigma = eta = 0 (§12 limits) */
        {"a1=1.3 a2=0.8 a3=0.6 d1=0.1 d2=-0.15 d3=0.2 I1=0.5 I2=0.9 I3=1.1 m=2 sigma=0 eta=0 v1=0.4 v2=-0.3",
         {"E"}, 1},
        {"a1=1.3 a2=0.8 a3=0.6 d1=0.1 d2=-0.15 d3=0.2 I1=0.5 I2=0.9 I3=1.1 m=2 sigma=0 eta=0.7",
         {"E_rot", "E_mov"}, 2},
        {"a1=1.2 a2=1.2 a3=0.7 d3=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 sigma=1.7 eta=0 v1=0.2 v2=0.1",
         {"E_cat", "E_mov"}, 2},
        {"a1=2 a2=2 a3=2 d3=0 I1=0.5 I2=2.5 I3=3 m=1 sigma=1.5 eta=0.3 v1=0.2 k11=0.5 k12=1 k21=-0.2 k22=-0.5",
         {"M_alpha", "M_beta", "M_gamma"}, 3},
    };
    nhref_system_t *sys = mk("gen", c[_i].params);
    __mpfr_struct *x = vec(15, 240);
    rng_state = ck_seed() + 7 * (unsigned long)_i;
    gen_random_state(x, sys);
    conserved(sys, x, "2", c[_i].names, c[_i].nn);
    vec_free(x, 15);
    nhref_system_free(sys);
}
END_TEST

/* §12 limits: REVCAT with sigma = 0 and the Routh ball: Jellett J1 = -<M,rho>/R and
 * Routh J2 = mu Omega3 are conserved (tape K1, K2 and the oracle's J) */
START_TEST(test_revcat_jellett_routh)
{
    static const char *const names[] = {"E_cat", "K1", "K2"};
    nhref_system_t *sys = mk("revcat", "a=1 c=1 s=0.3 I1=0.4 I2=0.4 I3=0.6 m=1 g=9.81 sigma=0");
    __mpfr_struct *x = vec(6, 240);
    pub[1].init(x, sys);
    conserved(sys, x, "6", names, 3);
    vec_free(x, 6);
    nhref_system_free(sys);
}
END_TEST

/* §12 table REVCAT: E_cat, J1, J2 (the oracle's Prop. 4.2 integrals: Routh closed
 * form, and the (6.3) ODE for spheroids) conserved for sigma != 0 */
START_TEST(test_revcat_j)
{
    static const struct {
        const char *params, *init;
    } c[] = {
        {"a=1 c=1 s=0.3 I1=0.4 I2=0.4 I3=0.6 m=1 g=9.81 sigma=2", NULL},          /* a2 > 0 */
        {"a=1 c=1 s=0.3 I1=0.7 I2=0.7 I3=0.5 m=1 g=9.81 sigma=-3.1", NULL},       /* a2 < 0 */
        {"a=1 c=1 s=0.3 I1=0.5 I2=0.5 I3=0.5 m=1 g=9.81 sigma=1.7", NULL},        /* a2 = 0, a1 != 0 */
        {"a=1 c=1 s=0 I1=0.5 I2=0.5 I3=0.5 m=1 g=9.81 sigma=1.7", NULL},          /* a2 = a1 = 0 */
        {"a=1.2 c=0.7 s=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 g=9.81 sigma=1.7", NULL}, /* oblate */
        {"a=0.6 c=1.1 s=-0.2 I1=0.5 I2=0.5 I3=0.3 m=1 g=9.81 sigma=-2.5", NULL},  /* prolate */
    };
    const mpfr_prec_t prec = 240;
    nhref_system_t *sys = mk("revcat", c[_i].params);
    __mpfr_struct *x = vec(6, prec), *J0 = vec(2, prec), *J = vec(2, prec), *p = params(sys, prec + 64);
    __mpfr_struct *I0 = vec(4, prec), *I = vec(4, prec);

    set_strs(x, "0.3 -0.4 1 0.6 0 0.8", 6);
    ck_assert_int_eq(nhref_oracle_affine_revcat_j(J0, p, x), NHREF_OK);
    integrals(I0, sys, x, prec);
    for (int k = 0; k < 3; k++) {
        flow(sys, x, "1.5", 0, 50);
        ck_assert_int_eq(nhref_oracle_affine_revcat_j(J, p, x), NHREF_OK);
        ck_assert_mpfr_digits(J + 0, J0 + 0, 40, "1");
        ck_assert_mpfr_digits(J + 1, J0 + 1, 40, "1");
        integrals(I, sys, x, prec);
        ck_assert_mpfr_digits(I + 0, I0 + 0, 40, "1");
    }
    /* the Routh closed form at P2's initial state: spec §11 P2's J1, J2 */
    if (_i == 0) {
        pub[1].init(x, sys);
        ck_assert_int_eq(nhref_oracle_affine_revcat_j(J, p, x), NHREF_OK);
        ck_assert_mpfr_str(J + 0, "0.721410223471633616198267963169", 29, "1");
        ck_assert_mpfr_str(J + 1, "0.455498072134115867358357391905", 29, "1");
    }
    vec_free(x, 6);
    vec_free(J0, 2);
    vec_free(J, 2);
    vec_free(I0, 4);
    vec_free(I, 4);
    vec_free(p, nparam(sys));
    nhref_system_free(sys);
}
END_TEST

/* §12 table HCAT eta = 0: Omega3 - sigma m r^2 gamma3^2/(2(I + m r^2)) conserved,
 * with |M|^2, <M,gamma>, E_H */
START_TEST(test_hcat_eta0)
{
    static const char *const names[] = {"Omega3_s", "M_norm2", "M_gamma", "E_H"};
    nhref_system_t *sys = mk("hcat", "I1=1 I2=1 I3=1 m=1 r=2 sigma=1 eta=0");
    __mpfr_struct *x = vec(9, 240);
    pub[2].init(x, sys);
    conserved(sys, x, "10", names, 4);
    vec_free(x, 9);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ reductions */
/* §12: HCAT reduced vs GEN full with the same data: the (M, gamma, B^T u) histories agree */
START_TEST(test_hcat_vs_gen)
{
    const mpfr_prec_t prec = 200;
    nhref_system_t *h = mk("hcat", "I1=1 I2=1 I3=1 m=1 r=2 sigma=1 eta=1");
    nhref_system_t *g = mk("gen", "a1=2 a2=2 a3=2 d3=0 I1=1 I2=1 I3=1 m=1 g=9.81 sigma=1 eta=1");
    __mpfr_struct *y = vec(15, prec), *x = vec(9, prec), *U = vec(3, prec);

    rng_state = ck_seed() + 5;
    set_strs(y, "1.28 1.2 0.96", 3);
    random_frame(y + 3);
    set_strs(y + 12, "0.9 -0.7 2", 3);
    for (int i = 0; i < 3; i++) {
        mpfr_set(x + i, y + i, MPFR_RNDN);
        mpfr_set(x + 3 + i, y + 9 + i, MPFR_RNDN);
        mpfr_mul(x + 6 + i, y + 3 + i, y + 12, MPFR_RNDN); /* U = B^T u */
        mpfr_fma(x + 6 + i, y + 6 + i, y + 13, x + 6 + i, MPFR_RNDN);
        mpfr_fma(x + 6 + i, y + 9 + i, y + 14, x + 6 + i, MPFR_RNDN);
    }
    for (int k = 0; k < 4; k++) {
        flow(h, x, "2.5", prec, 0);
        flow(g, y, "2.5", prec, 0);
        for (int i = 0; i < 3; i++) {
            mpfr_mul(U + i, y + 3 + i, y + 12, MPFR_RNDN);
            mpfr_fma(U + i, y + 6 + i, y + 13, U + i, MPFR_RNDN);
            mpfr_fma(U + i, y + 9 + i, y + 14, U + i, MPFR_RNDN);
            ck_assert_mpfr_digits(x + i, y + i, 50, "1");
            ck_assert_mpfr_digits(x + 3 + i, y + 9 + i, 50, "1");
            ck_assert_mpfr_digits(x + 6 + i, U + i, 50, "1");
        }
    }
    vec_free(y, 15);
    vec_free(x, 9);
    vec_free(U, 3);
    nhref_system_free(h);
    nhref_system_free(g);
}
END_TEST

/* §12: CBCAT = RED with shape sphere and W = cat toy (same trajectories); and
 * REVCAT = RED with a1 = a2 (spheroid) */
START_TEST(test_cbcat_revcat_eq_red)
{
    static const struct {
        const char *model, *params, *red, *init;
    } c[] = {
        {"cbcat", "I1=0.5 I2=2.5 I3=3 m=1 r=5 sigma=10",
         "a1=5 a2=5 a3=5 d1=0 d2=0 d3=0 I1=0.5 I2=2.5 I3=3 m=1 g=9.81 sigma=10",
         "100 -160 120 0 0.6 0.8"},
        {"revcat", "a=1.2 c=0.7 s=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 g=9.81 sigma=1.7",
         "a1=1.2 a2=1.2 a3=0.7 d1=0 d2=0 d3=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 g=9.81 sigma=1.7",
         "0.5 -0.3 0.8 0 0.6 0.8"},
    };
    const mpfr_prec_t prec = 200;
    nhref_system_t *a = mk(c[_i].model, c[_i].params), *r = mk("red", c[_i].red);
    __mpfr_struct *x = vec(6, prec), *y = vec(6, prec);
    set_strs(x, c[_i].init, 6);
    set_strs(y, c[_i].init, 6);
    for (int k = 0; k < 3; k++) {
        flow(a, x, "1.5", prec, 0);
        flow(r, y, "1.5", prec, 0);
        for (int i = 0; i < 6; i++)
            ck_assert_mpfr_digits(x + i, y + i, 50, "1");
    }
    vec_free(x, 6);
    vec_free(y, 6);
    nhref_system_free(a);
    nhref_system_free(r);
}
END_TEST

/* ------------------------------------------------------------------ equivariance */
/* rotate the vectors v[0..2], v[3..5] (, v[6..8]) about E3 by phi */
static void rot_e3(mpfr_ptr x, int nvec, mpfr_srcptr phi)
{
    mpfr_t s, c, a, b;
    mpfr_inits2(mpfr_get_prec(x), s, c, a, b, (mpfr_ptr)0);
    mpfr_sin_cos(s, c, phi, MPFR_RNDN);
    for (int k = 0; k < nvec; k++) {
        mpfr_ptr v = x + 3 * k;
        mpfr_mul(a, c, v + 0, MPFR_RNDN);
        mpfr_fms(a, s, v + 1, a, MPFR_RNDN);
        mpfr_neg(a, a, MPFR_RNDN);
        mpfr_mul(b, s, v + 0, MPFR_RNDN);
        mpfr_fma(b, c, v + 1, b, MPFR_RNDN);
        mpfr_set(v + 0, a, MPFR_RNDN);
        mpfr_set(v + 1, b, MPFR_RNDN);
    }
    mpfr_clears(s, c, a, b, (mpfr_ptr)0);
}

/* §12: SO(2) equivariance (REVCAT, HCAT): rotating the initial (M, gamma[, U])
 * about E3 rotates the final state */
START_TEST(test_so2_equivariance)
{
    const pub_t *c = &pub[_i == 0 ? 1 : 2];
    const mpfr_prec_t prec = 200;
    nhref_system_t *sys = mk(c->model, c->params);
    int n = nstate(sys);
    __mpfr_struct *x = vec(n, prec), *y = vec(n, prec), *phi = vec(1, prec);

    mpfr_set_str(phi, "0.83", 10, MPFR_RNDN);
    c->init(x, sys);
    c->init(y, sys);
    rot_e3(y, n / 3, phi);
    flow(sys, x, "4", prec, 0);
    flow(sys, y, "4", prec, 0);
    rot_e3(x, n / 3, phi);
    for (int i = 0; i < n; i++)
        ck_assert_mpfr_digits(y + i, x + i, 50, "1");
    vec_free(x, n);
    vec_free(y, n);
    vec_free(phi, 1);
    nhref_system_free(sys);
}
END_TEST

/* §12: SE(2) equivariance (GEN, V = 0): B -> R_theta B (alpha -> cos alpha - sin
 * beta, beta -> sin alpha + cos beta), u -> R_theta u + (a1, a2, 0); the final
 * state transforms the same way, M and gamma unchanged */
START_TEST(test_se2_equivariance)
{
    const mpfr_prec_t prec = 200;
    nhref_system_t *sys = mk("gen", "a1=1.2 a2=1.2 a3=0.7 d3=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 g=9.81 sigma=1.7 eta=0");
    __mpfr_struct *x = vec(15, prec), *y = vec(15, prec);
    mpfr_t s, c, a, b;

    mpfr_inits2(prec, s, c, a, b, (mpfr_ptr)0);
    mpfr_set_str(a, "0.7", 10, MPFR_RNDN);
    mpfr_sin_cos(s, c, a, MPFR_RNDN);
    init_p4(x, sys);
    for (int pass = 0; pass < 2; pass++) {
        mpfr_ptr z = pass == 0 ? y : x;
        if (pass == 0)
            for (int i = 0; i < 15; i++)
                mpfr_set(y + i, x + i, MPFR_RNDN);
        /* the transformation applied to z */
        for (int j = 0; j < 3; j++) {
            mpfr_mul(a, c, z + 3 + j, MPFR_RNDN);
            mpfr_mul(b, s, z + 6 + j, MPFR_RNDN);
            mpfr_sub(a, a, b, MPFR_RNDN);
            mpfr_mul(b, s, z + 3 + j, MPFR_RNDN);
            mpfr_fma(b, c, z + 6 + j, b, MPFR_RNDN);
            mpfr_set(z + 3 + j, a, MPFR_RNDN);
            mpfr_set(z + 6 + j, b, MPFR_RNDN);
        }
        mpfr_mul(a, c, z + 12, MPFR_RNDN);
        mpfr_mul(b, s, z + 13, MPFR_RNDN);
        mpfr_sub(a, a, b, MPFR_RNDN);
        mpfr_mul(b, s, z + 12, MPFR_RNDN);
        mpfr_fma(b, c, z + 13, b, MPFR_RNDN);
        mpfr_add_d(z + 12, a, 1.5, MPFR_RNDN);
        mpfr_sub_d(z + 13, b, 2.25, MPFR_RNDN);
        if (pass == 0) {
            flow(sys, x, "3", prec, 0);
            flow(sys, y, "3", prec, 0);
        }
    }
    for (int i = 0; i < 15; i++)
        ck_assert_mpfr_digits(y + i, x + i, 50, "1");
    mpfr_clears(s, c, a, b, (mpfr_ptr)0);
    vec_free(x, 15);
    vec_free(y, 15);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ closed forms */
/* §12: CBCAT started on the parallel gamma3 = c* with M = lambda gamma follows the
 * closed form (4.3) to working precision over >= 10 periods */
START_TEST(test_cbcat_parallel)
{
    const mpfr_prec_t prec = 200;
    nhref_system_t *sys = mk("cbcat", "I1=0.5 I2=2.5 I3=3 m=1 r=5 sigma=10");
    __mpfr_struct *p = params(sys, prec + 64), *x = vec(6, prec), *x0 = vec(6, prec + 64);
    __mpfr_struct *want = vec(6, prec + 64), *lam = vec(1, 64), *phi = vec(1, 64), *t = vec(1, prec + 64);
    /* kappa = m r^2 sigma/(I3 + m r^2) = 250/28: period 2 pi/kappa = 0.70; 12 periods */
    mpfr_set_str(lam, "-20", 10, MPFR_RNDN); /* eps = 0.08 < I3/(I3 + m r^2) = 0.107 */
    mpfr_set_str(phi, "0.4", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_affine_cbcat_parallel_start(x0, p, lam, phi), NHREF_OK);
    for (int i = 0; i < 6; i++)
        mpfr_set(x + i, x0 + i, MPFR_RNDN);
    for (int k = 1; k <= 6; k++) {
        flow(sys, x, "1.4", prec, 0);
        mpfr_set_str(t, k == 1 ? "1.4" : k == 2 ? "2.8" : k == 3 ? "4.2" : k == 4 ? "5.6" : k == 5 ? "7" : "8.4", 10, MPFR_RNDN);
        ck_assert_int_eq(nhref_oracle_affine_cbcat_parallel(want, p, x0, t), NHREF_OK);
        for (int i = 0; i < 6; i++)
            ck_assert_mpfr_digits(x + i, want + i, 50, "1");
    }
    /* eps above the threshold: no parallel */
    mpfr_set_str(lam, "-40", 10, MPFR_RNDN);
    ck_assert_int_eq(nhref_oracle_affine_cbcat_parallel_start(x0, p, lam, phi), NHREF_EPARAM);
    /* a state off the parallel is refused */
    set_strs(x0, "100 -160 120 0 0.6 0.8", 6);
    ck_assert_int_eq(nhref_oracle_affine_cbcat_parallel(want, p, x0, t), NHREF_EPARAM);
    vec_free(p, 6);
    vec_free(x, 6);
    vec_free(x0, 6);
    vec_free(want, 6);
    vec_free(lam, 1);
    vec_free(phi, 1);
    vec_free(t, 1);
    nhref_system_free(sys);
}
END_TEST

/* §12: CBCAT M = lambda gamma, eps > I3/(I3 + m r^2): f(gamma) is conserved, and
 * the surface divergence of mu X on S^2 vanishes */
START_TEST(test_cbcat_f_and_measure)
{
    static const char *const names[] = {"f", "M_norm2", "M_gamma"};
    const mpfr_prec_t prec = 240;
    nhref_system_t *sys = mk("cbcat", "I1=0.5 I2=2.5 I3=3 m=1 r=5 sigma=10");
    __mpfr_struct *x = vec(6, prec), *p = params(sys, 128), *d = vec(1, 128);
    /* lambda = 200: eps = 0.8 > 0.107 */
    set_strs(x, "0 120 160 0 0.6 0.8", 6);
    ck_assert_int_eq(nhref_oracle_affine_cbcat_surface_div(d, p, x), NHREF_OK);
    ck_assert_msg(mpfr_get_exp(d) < -100 || mpfr_zero_p(d), "div %g", mpfr_get_d(d, MPFR_RNDN));
    conserved(sys, x, "2", names, 3);
    /* and at random points of the invariant set */
    rng_state = ck_seed() + 3;
    for (int k = 0; k < 5; k++) {
        for (int i = 0; i < 3; i++)
            mpfr_set_d(x + 3 + i, rnd(), MPFR_RNDN);
        normalize(x + 3);
        for (int i = 0; i < 3; i++)
            mpfr_mul_si(x + i, x + 3 + i, -150, MPFR_RNDN);
        ck_assert_int_eq(nhref_oracle_affine_cbcat_surface_div(d, p, x), NHREF_OK);
        ck_assert_msg(mpfr_get_exp(d) < -100 || mpfr_zero_p(d), "div %g", mpfr_get_d(d, MPFR_RNDN));
    }
    vec_free(x, 6);
    vec_free(p, 6);
    vec_free(d, 1);
    nhref_system_free(sys);
}
END_TEST

/* §12: homogeneous ball, sigma = 0, turntable (GEN): the centre moves on the
 * circle u_h(t) = c + Rot(kappa t)(u_h(0) - c), kappa = eta I/(I + m r^2); in
 * HCAT the same data give |U|^2 = |u_h|^2 + r^2 */
START_TEST(test_centre_circle)
{
    const mpfr_prec_t prec = 200;
    nhref_system_t *g = mk("gen", "a1=2 a2=2 a3=2 d3=0 I1=0.8 I2=0.8 I3=0.8 m=1.3 g=9.81 sigma=0 eta=0.9");
    nhref_system_t *h = mk("hcat", "I1=0.8 I2=0.8 I3=0.8 m=1.3 r=2 sigma=0 eta=0.9");
    __mpfr_struct *y = vec(15, prec), *x = vec(9, prec), *u = vec(3, prec + 64), *ms = vec(3, prec);
    __mpfr_struct *sc = vec(5, prec), *t = vec(1, prec), *w = vec(1, prec);

    rng_state = ck_seed() + 11;
    set_strs(y, "0.7 -1.1 0.4", 3);
    random_frame(y + 3);
    set_strs(y + 12, "1.5 -0.5 2", 3);
    set_strs(sc, "1.3 0.8 2 0.9 0", 5); /* m, I, r, eta, t */
    for (int r = 0; r < 3; r++) /* m_s = B M */
        dotv(ms + r, y + 3 + 3 * r, y);
    for (int i = 0; i < 3; i++) {
        mpfr_set(x + i, y + i, MPFR_RNDN);
        mpfr_set(x + 3 + i, y + 9 + i, MPFR_RNDN);
        mpfr_mul(x + 6 + i, y + 3 + i, y + 12, MPFR_RNDN);
        mpfr_fma(x + 6 + i, y + 6 + i, y + 13, x + 6 + i, MPFR_RNDN);
        mpfr_fma(x + 6 + i, y + 9 + i, y + 14, x + 6 + i, MPFR_RNDN);
    }
    for (int k = 1; k <= 4; k++) {
        flow(g, y, "3", prec, 0);
        flow(h, x, "3", prec, 0);
        mpfr_set_ui(t, 3 * (unsigned)k, MPFR_RNDN);
        {
            __mpfr_struct *u0 = vec(2, prec);
            set_strs(u0, "1.5 -0.5", 2);
            ck_assert_int_eq(nhref_oracle_affine_centre_circle(u, sc + 0, sc + 1, sc + 2, sc + 3, ms, u0, t), NHREF_OK);
            vec_free(u0, 2);
        }
        for (int i = 0; i < 3; i++)
            ck_assert_mpfr_digits(y + 12 + i, u + i, 50, "1");
        /* HCAT: |U|^2 = |u|^2 */
        dotv(w, x + 6, x + 6);
        dotv(t, u, u);
        ck_assert_mpfr_digits(w, t, 50, "1");
    }
    vec_free(y, 15);
    vec_free(x, 9);
    vec_free(u, 3);
    vec_free(ms, 3);
    vec_free(sc, 5);
    vec_free(t, 1);
    vec_free(w, 1);
    nhref_system_free(g);
    nhref_system_free(h);
}
END_TEST

/* ------------------------------------------------------------------ invariant measures */
/* a density tape with the inputs of SYS's right-hand side */
typedef nhref_node_t (*density_fn)(nhref_tape_t *tp);

/* REVCAT: 1/mu(gamma3), mu^2 = I1 I3 + m I1 f1^2 (1 - g3^2) + m I3 f2^2 (spheroid, spec §1) */
static nhref_node_t dens_revcat(nhref_tape_t *tp)
{
    nhref_node_t g3 = nhref_tape_state(tp, 5), m = nhref_tape_param(tp, 0);
    nhref_node_t i1 = nhref_tape_param(tp, 1), i3 = nhref_tape_param(tp, 3);
    nhref_node_t a2 = nhref_tape_sqr(tp, nhref_tape_param(tp, 5)), c2 = nhref_tape_sqr(tp, nhref_tape_param(tp, 6));
    nhref_node_t h = nhref_tape_sqrt(tp, nhref_tape_add(tp, a2, nhref_tape_mul(tp, nhref_tape_sub(tp, c2, a2), nhref_tape_sqr(tp, g3))));
    nhref_node_t f1 = nhref_tape_neg(tp, nhref_tape_div(tp, a2, h));
    nhref_node_t f2 = nhref_tape_sub(tp, nhref_tape_param(tp, 7), nhref_tape_div(tp, nhref_tape_mul(tp, c2, g3), h));
    nhref_node_t mu2 = nhref_tape_mul(tp, i1, i3);
    mu2 = nhref_tape_add(tp, mu2, nhref_tape_mul(tp, nhref_tape_mul(tp, m, i1), nhref_tape_mul(tp, nhref_tape_sqr(tp, f1), nhref_tape_sub(tp, nhref_tape_const(tp, "1"), nhref_tape_sqr(tp, g3)))));
    mu2 = nhref_tape_add(tp, mu2, nhref_tape_mul(tp, nhref_tape_mul(tp, m, i3), nhref_tape_sqr(tp, f2)));
    return nhref_tape_div(tp, nhref_tape_const(tp, "1"), nhref_tape_sqrt(tp, mu2));
}

/* Chaplygin ball (cbv: m I1 I2 I3 g r ...; cbcat: m I1 I2 I3 r ...):
 * (1 - m r^2 <gamma, A gamma>)^(-1/2), A = diag(1/(I_i + m r^2)) */
static nhref_node_t dens_chaplygin(nhref_tape_t *tp, size_t gamma0, size_t ir)
{
    nhref_node_t m = nhref_tape_param(tp, 0), mr2 = nhref_tape_mul(tp, m, nhref_tape_sqr(tp, nhref_tape_param(tp, ir)));
    nhref_node_t s = nhref_tape_const(tp, "1");
    for (size_t i = 0; i < 3; i++) {
        nhref_node_t g = nhref_tape_state(tp, gamma0 + i);
        nhref_node_t a = nhref_tape_div(tp, mr2, nhref_tape_add(tp, nhref_tape_param(tp, 1 + i), mr2));
        s = nhref_tape_sub(tp, s, nhref_tape_mul(tp, a, nhref_tape_sqr(tp, g)));
    }
    return nhref_tape_div(tp, nhref_tape_const(tp, "1"), nhref_tape_sqrt(tp, s));
}

static nhref_node_t dens_cbv(nhref_tape_t *tp)
{
    return dens_chaplygin(tp, 9, 5);
}

static nhref_node_t dens_cbcat(nhref_tape_t *tp)
{
    return dens_chaplygin(tp, 3, 4);
}

/* the divergence of rho F (rho = 1 for DENS = NULL) of SYS at X */
static void divergence(mpfr_ptr d, nhref_system_t *sys, density_fn dens, mpfr_srcptr x)
{
    const nhref_tape_t *f = nhref_system_rhs_tape(sys);
    nhref_tape_t *rho = NULL, *dv;
    if (dens != NULL) {
        ck_assert_int_eq(nhref_tape_new(&rho, nhref_tape_nstate(f), nhref_tape_nparam(f), 1), NHREF_OK);
        nhref_tape_set_output(rho, 0, dens(rho));
        ck_assert_int_eq(nhref_tape_status(rho), NHREF_OK);
    }
    ck_assert_int_eq(nhref_tape_divergence(&dv, f, rho), NHREF_OK);
    ck_assert_int_eq(eval_tape(d, dv, sys, x, mpfr_get_prec(d)), NHREF_OK);
    nhref_tape_free(dv);
    nhref_tape_free(rho);
}

static void random_reduced(mpfr_ptr x, int n)
{
    for (int i = 0; i < 3; i++)
        mpfr_set_d(x + i, 2 * rnd(), MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_set_d(x + 3 + i, rnd(), MPFR_RNDN);
    normalize(x + 3);
    if (n == 9) { /* U = r gamma + a x gamma, so <U, gamma> = r = 2 */
        __mpfr_struct *a = vec(3, mpfr_get_prec(x));
        for (int i = 0; i < 3; i++)
            mpfr_set_d(a + i, 2 * rnd(), MPFR_RNDN);
        crossv(x + 6, a, x + 3);
        for (int i = 0; i < 3; i++) {
            mpfr_mul_2ui(a + 0, x + 3 + i, 1, MPFR_RNDN);
            mpfr_add(x + 6 + i, x + 6 + i, a + 0, MPFR_RNDN);
        }
        vec_free(a, 3);
    }
}

/* §12 measures: zero divergence at random phase points (|value| <= 1e-10 asked;
 * here at 200 bits: <= 1e-45), and the spec's negative controls non-zero */
START_TEST(test_measures)
{
    static const struct {
        const char *model, *params;
        density_fn dens;
        int zero; /* 1: the divergence vanishes; 0: negative control */
        const char *what;
    } c[] = {
        {"revcat", "a=1.2 c=0.7 s=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 g=9.81 sigma=1.7", dens_revcat, 1, "REVCAT div(F/mu) = 0 (spheroid)"},
        {"revcat", "a=1 c=1 s=0.3 I1=0.4 I2=0.4 I3=0.6 m=1 g=9.81 sigma=2", dens_revcat, 1, "REVCAT div(F/mu) = 0 (Routh)"},
        {"revcat", "a=1.2 c=0.7 s=0.2 I1=0.6 I2=0.6 I3=0.86 m=1.5 g=9.81 sigma=1.7", NULL, 0, "REVCAT plain divergence != 0"},
        {"hcat", "I1=1 I2=1 I3=1 m=1 r=2 sigma=1 eta=1", NULL, 1, "HCAT div F = 0"},
        {"gen", "a1=2 a2=2 a3=2 d3=0 I1=1 I2=1 I3=1 m=1 sigma=1 eta=1", NULL, 1, "GEN homogeneous ball, turntable + cat: div F = 0"},
        {"gen", "a1=2 a2=2 a3=2 d3=0 I1=1 I2=1 I3=1 m=1 sigma=0 eta=0.5 k11=0.7 k12=0.3 k21=-1.1 k22=-0.7", NULL, 1, "GEN homogeneous ball, divergence-free linear V: div F = 0"},
        {"cbv", "r=5 I1=0.5 I2=2.5 I3=3 m=1 eta=0.9", dens_cbv, 1, "CBV Chaplygin density, turntable"},
        {"cbv", "r=5 I1=0.5 I2=2.5 I3=3 m=1 eta=0 v1=0.3 v2=-0.7", dens_cbv, 1, "CBV Chaplygin density, V constant"},
        {"cbv", "r=5 I1=0.5 I2=2.5 I3=3 m=1 eta=0 k11=1 k22=-1", dens_cbv, 0, "CBV negative control V = (x1, -x2)"},
        {"cbv", "r=5 I1=0.5 I2=2.5 I3=3 m=1 eta=0 k12=1", dens_cbv, 0, "CBV negative control shear V = (x2, 0)"},
        {"cbcat", "I1=0.5 I2=2.5 I3=3 m=1 r=5 sigma=10", dens_cbcat, 0, "CBCAT: the Chaplygin density is not invariant"},
    };
    const mpfr_prec_t prec = 200;
    nhref_system_t *sys = mk(c[_i].model, c[_i].params);
    int n = nstate(sys);
    __mpfr_struct *x = vec(n, prec), *d = vec(1, prec);
    mpfr_t tol;
    double maxabs = 0;

    mpfr_init2(tol, 64);
    mpfr_set_str(tol, "1e-45", 10, MPFR_RNDN);
    rng_state = ck_seed() + 1000 + (unsigned long)_i;
    for (int k = 0; k < 12; k++) {
        if (n == 15)
            gen_random_state(x, sys);
        else
            random_reduced(x, n);
        if (strcmp(c[_i].model, "cbv") == 0)
            mpfr_set_str(x + 14, "5", 10, MPFR_RNDN); /* u3 = r */
        divergence(d, sys, c[_i].dens, x);
        if (c[_i].zero)
            ck_assert_msg(mpfr_cmpabs(d, tol) <= 0, "%s: divergence %g at point %d", c[_i].what,
                          mpfr_get_d(d, MPFR_RNDN), k);
        if (fabs(mpfr_get_d(d, MPFR_RNDN)) > maxabs)
            maxabs = fabs(mpfr_get_d(d, MPFR_RNDN));
    }
    if (!c[_i].zero)
        ck_assert_msg(maxabs > 1e-3, "%s: divergence only %g", c[_i].what, maxabs);
    mpfr_clear(tol);
    vec_free(x, n);
    vec_free(d, 1);
    nhref_system_free(sys);
}
END_TEST

/* ------------------------------------------------------------------ descriptors */
/* every model is documented: units, defaults, ranges, holds, source */
START_TEST(test_descriptors)
{
    static const char *const models[] = {"gen", "red", "cbcat", "cbv", "revcat", "hcat"};
    const nhref_model_t *m = nhref_model_find(models[_i]);
    ck_assert_ptr_nonnull(m);
    ck_assert_ptr_nonnull(m->check_init);
    ck_assert(strstr(m->spec, "affine-rolling") != NULL);
    for (size_t i = 0; i < m->nparam; i++)
        ck_assert(m->param[i].unit && m->param[i].range && m->param[i].default_value);
    for (size_t i = 0; i < m->nstate; i++)
        ck_assert(m->state[i].unit && m->state[i].default_init);
    for (size_t i = 0; i < m->nintegral; i++)
        ck_assert(m->integral[i].holds && m->integral[i].unit);
    ck_assert_ptr_nonnull(nhref_oracle_find(models[_i]));
}
END_TEST

static Suite *affine_suite(void)
{
    Suite *s = suite_create("affine_rolling");
    TCase *tc = tcase_create("public values");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_public_values_mp, 0, NPUB);
    tcase_add_loop_test(tc, test_public_values_53_bits, 0, NPUB);
    tcase_add_loop_test(tc, test_integrals_drift, 0, NPUB);
    suite_add_tcase(s, tc);
    tc = tcase_create("oracle");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_rhs_newton_euler, 0, 3);
    tcase_add_loop_test(tc, test_rhs_reduced_vs_gen, 0, 6);
    tcase_add_loop_test(tc, test_gen_integrals_table, 0, 5);
    tcase_add_test(tc, test_revcat_jellett_routh);
    tcase_add_loop_test(tc, test_revcat_j, 0, 6);
    tcase_add_test(tc, test_hcat_eta0);
    tcase_add_test(tc, test_cbcat_parallel);
    tcase_add_test(tc, test_cbcat_f_and_measure);
    tcase_add_test(tc, test_centre_circle);
    suite_add_tcase(s, tc);
    tc = tcase_create("identities");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_time_reversal, 0, 5);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_hcat_vs_gen);
    tcase_add_loop_test(tc, test_cbcat_revcat_eq_red, 0, 2);
    tcase_add_loop_test(tc, test_so2_equivariance, 0, 2);
    tcase_add_test(tc, test_se2_equivariance);
    tcase_add_loop_test(tc, test_descriptors, 0, 6);
    suite_add_tcase(s, tc);
    tc = tcase_create("measures");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_measures, 0, 11);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(affine_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
