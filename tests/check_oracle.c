/* check_oracle.c -- Check suite of the oracle (oracle/, nhref_oracle.h): the
 * Chaplygin sleigh closed form, its first integrals and reaction, and the
 * Gauss–Legendre rule behind its positions.
 *
 * Test cases:
 *   legendre    the Gauss–Legendre rule integrates x^j exactly for j < 2n,
 *               its weights sum to 2, and e^x is integrated to the precision.
 *   pub         spec §10 PUB-1..3: every state component at T, E, P1, P2, t0
 *               at t = 0 and t = T, lambda; at 440 bits to >= 28 significant
 *               digits and at 53 bits to 14 (loop test).
 *   figure2     spec §7 Figure-2 table, every row and column, to 14 digits.
 *   elementary  positions of the quadrature against the elementary K of spec
 *               §5.3 for beta = +-1, 2, +-4 (coded here), and v, omega, phi
 *               against gd differences, at 333 bits, t of both signs, up to
 *               t = 4000 (straight-line tails).
 *   identities  P1^2 + P2^2 = 2 m E at random states; E, P1, P2, t0 equal at
 *               t = 0 and t = T along the closed form (random cases, seed from
 *               ck_seed()); two-precision consistency.
 *   symmetry    time reversal for v0 = 0; a -> -a with (phi + pi, -v).
 *   branches    omega0 = 0 straight line, a = 0 circle, J = 0 centre of mass
 *               moving uniformly, a > 0 monotone v, constant sign of omega.
 *   asymptote   Figure 2 at t = 60: phi -> 2 pi, v -> 4, y -> -8 pi within the
 *               exponentially small tail; sin(phi/4) = tanh(t/4); the flip
 *               phi(+inf) - phi(-inf) = beta pi; a -> 0 tends to the circle.
 *   reject      invalid parameters and inputs (m <= 0, J < 0, J = a = 0, NaN,
 *               Inf) give NHREF_EPARAM / NHREF_EINVAL.
 * Expected values come from the spec's decimal strings or from formulas coded
 * in this file, never from the oracle function under test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <gmp.h>
#include <mpfr.h>

#include "ck_mpfr.h"
#include "nhref_oracle.h"
#include "../oracle/oracle_sleigh.h"
#include "nhref_status.h"

#include "../oracle/oracle_internal.h"

#define RND MPFR_RNDN
#define NS NHREF_ORACLE_SLEIGH_NSTATE
#define NI NHREF_ORACLE_SLEIGH_NINTEGRAL

#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char *const state_names[NS] = {"x", "y", "phi", "v", "omega"};
static const char *const integral_names[NI] = {"E", "P1", "P2", "t0"};

/* ------------------------------------------------------------------ helpers */

/* Decimal digits of PREC bits, less MARGIN. */
static double prec_digits(mpfr_prec_t prec, double margin)
{
    return (double)prec * 0.30102999566398120 - margin;
}

static void vec_init(mpfr_t *v, int n, mpfr_prec_t prec)
{
    int i;
    for (i = 0; i < n; i++)
        mpfr_init2(v[i], prec);
}

static void vec_clear(mpfr_t *v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        mpfr_clear(v[i]);
}

static void set_str(mpfr_t x, const char *s)
{
    ck_assert_msg(mpfr_set_str(x, s, 10, RND) == 0, "malformed constant '%s'", s);
}

/* Agreement of GOT with the decimal string WANT: relative (significant
 * digits) when WANT is nonzero, absolute when it is zero. */
static double agree_str(mpfr_srcptr got, const char *want)
{
    mpfr_t w;
    double d;

    mpfr_init2(w, mpfr_get_prec(got) + 64);
    set_str(w, want);
    d = ck_mpfr_agree_digits(got, w, mpfr_zero_p(w) ? "1" : "1e-1000000");
    mpfr_clear(w);
    return d;
}

/* Assert agree_str(got, want) >= digits; return the agreement. */
static double check_str(mpfr_srcptr got, const char *want, double digits, const char *what,
                        const char *ctx)
{
    double d = agree_str(got, want);
    if (!(d >= digits)) {
        char buf[256];
        mpfr_snprintf(buf, sizeof buf, "%s %s: got %.40Rg, want %s: %.2f digits < %.2f (seed %lu)",
                      ctx, what, got, want, d, digits, ck_seed());
        ck_abort_msg("%s", buf);
    }
    return d;
}

/* An oracle with its parameters and initial state, parsed at PREC + 64 bits. */
typedef struct {
    mpfr_prec_t prec;
    mpfr_t p[3], s0[NS];
    nhref_oracle_sleigh_t *o;
} fixture;

static void fx_init(fixture *f, const char *const *p, const char *const *s0, mpfr_prec_t prec)
{
    int i, st;

    f->prec = prec;
    vec_init(f->p, 3, prec + 64);
    vec_init(f->s0, NS, prec + 64);
    for (i = 0; i < 3; i++)
        set_str(f->p[i], p[i]);
    for (i = 0; i < NS; i++)
        set_str(f->s0[i], s0[i]);
    st = nhref_oracle_sleigh_new(&f->o, f->p[0], f->s0[0], prec);
    ck_assert_msg(st == NHREF_OK, "nhref_oracle_sleigh_new: %s", nhref_status_name(st));
}

/* Same, from MPFR values (copied). */
static void fx_init_mp(fixture *f, mpfr_t *p, mpfr_t *s0, mpfr_prec_t prec)
{
    int i, st;

    f->prec = prec;
    vec_init(f->p, 3, mpfr_get_prec(p[0]));
    vec_init(f->s0, NS, mpfr_get_prec(s0[0]));
    for (i = 0; i < 3; i++)
        mpfr_set(f->p[i], p[i], RND);
    for (i = 0; i < NS; i++)
        mpfr_set(f->s0[i], s0[i], RND);
    st = nhref_oracle_sleigh_new(&f->o, f->p[0], f->s0[0], prec);
    ck_assert_msg(st == NHREF_OK, "nhref_oracle_sleigh_new: %s", nhref_status_name(st));
}

static void fx_clear(fixture *f)
{
    nhref_oracle_sleigh_free(f->o);
    vec_clear(f->p, 3);
    vec_clear(f->s0, NS);
}

/* s = state at t (s initialised by the caller). */
static void fx_state(mpfr_t *s, fixture *f, mpfr_srcptr t)
{
    int st = nhref_oracle_sleigh_state(s[0], f->o, t);
    ck_assert_msg(st == NHREF_OK, "nhref_oracle_sleigh_state: %s", nhref_status_name(st));
}

static void integrals(mpfr_t *I, mpfr_srcptr p, mpfr_t *s, mpfr_srcptr t)
{
    int st = nhref_oracle_sleigh_integrals(I[0], p, s[0], t);
    ck_assert_msg(st == NHREF_OK, "nhref_oracle_sleigh_integrals: %s", nhref_status_name(st));
}

/* gd(u) = 2 atan(tanh(u/2)) (a different route from the oracle's). */
static void gd(mpfr_t r, const mpfr_t u)
{
    mpfr_t h;
    mpfr_init2(h, mpfr_get_prec(r) + 16);
    mpfr_div_2ui(h, u, 1, RND);
    mpfr_tanh(h, h, RND);
    mpfr_atan(h, h, RND);
    mpfr_mul_2ui(r, h, 1, RND);
    mpfr_clear(h);
}

/* ------------------------------------------------------------------ legendre */

static const struct {
    size_t n;
    mpfr_prec_t prec;
} gl_cases[] = {{1, 53}, {2, 64}, {7, 113}, {20, 200}, {33, 333}, {64, 333}, {120, 500}};

START_TEST(test_legendre)
{
    size_t n = gl_cases[_i].n, i;
    mpfr_prec_t prec = gl_cases[_i].prec;
    nhref_oracle_gl_t r;
    mpfr_t sum, term, want, xp;
    unsigned long j;
    double dig = prec_digits(prec, 3.0);

    ck_assert_int_eq(nhref_oracle_gl_init(&r, n, prec), NHREF_OK);
    ck_assert_uint_eq(r.n, n);
    ck_assert_uint_eq(r.nhalf, (n + 1) / 2);
    mpfr_inits2(prec + 32, sum, term, want, xp, (mpfr_ptr)0);
    /* nodes decreasing in (0, 1), the middle one 0 for odd n; weights positive */
    for (i = 0; i < r.nhalf; i++) {
        ck_assert(mpfr_cmp_ui(r.x[i], 1) < 0);
        ck_assert(mpfr_sgn(r.w[i]) > 0);
        if (i > 0)
            ck_assert(mpfr_less_p(r.x[i], r.x[i - 1]));
        if (2 * i + 1 == n)
            ck_assert(mpfr_zero_p(r.x[i]));
        else
            ck_assert(mpfr_sgn(r.x[i]) > 0);
    }
    /* even moments: sum w x^j over +-x = 2/(j + 1) for even j <= 2n - 2
     * (odd moments vanish by symmetry) */
    for (j = 0; j + 1 < 2 * n; j += 2) {
        mpfr_set_zero(sum, 1);
        for (i = 0; i < r.nhalf; i++) {
            mpfr_pow_ui(xp, r.x[i], j, RND);
            mpfr_mul(term, xp, r.w[i], RND);
            if (2 * i + 1 != n)
                mpfr_mul_2ui(term, term, 1, RND);
            mpfr_add(sum, sum, term, RND);
        }
        mpfr_set_ui(want, 2, RND);
        mpfr_div_ui(want, want, j + 1, RND);
        ck_assert_mpfr_digits(sum, want, dig, "1");
    }
    /* int_{-1}^{1} e^x dx = 2 sinh 1, when the rule is long enough */
    if (n >= 64) {
        mpfr_set_zero(sum, 1);
        for (i = 0; i < r.nhalf; i++) {
            mpfr_cosh(term, r.x[i], RND); /* (e^x + e^-x) / 2 */
            mpfr_mul(term, term, r.w[i], RND);
            if (2 * i + 1 != n)
                mpfr_mul_2ui(term, term, 1, RND);
            else
                mpfr_set(term, r.w[i], RND);
            mpfr_add(sum, sum, term, RND);
        }
        mpfr_set_ui(want, 1, RND);
        mpfr_sinh(want, want, RND);
        mpfr_mul_2ui(want, want, 1, RND);
        ck_assert_mpfr_digits(sum, want, dig, "1");
    }
    mpfr_clears(sum, term, want, xp, (mpfr_ptr)0);
    nhref_oracle_gl_clear(&r);
    ck_assert_int_eq(nhref_oracle_gl_init(&r, 0, prec), NHREF_EINVAL);
    nhref_oracle_gl_clear(&r);
}
END_TEST

/* ------------------------------------------------------------------ pub */

/* Spec §10, verbatim. */
static const struct {
    const char *name;
    const char *p[3];
    const char *s0[NS];
    const char *t;
    const char *sT[NS];
    const char *integ[NI]; /* E, P1, P2, t0 */
    const char *lam0;      /* lambda(0): §10, or from v0 = 0 / J = 0 (lambda = 0) */
    const char *lamT;
} pub[] = {
    {"PUB-1",
     {"2", "30", "1"},
     {"0", "0", "0", "0", "1"},
     "10",
     {"-1.30363549404995138366439519437", "-14.9261616624965221473959179613",
      "5.62797427574461501349372327669", "3.94645719260572115552510415695",
      "0.163071231929977826043195139321"},
     {"16", "0", "8", "0"},
     "0",
     "1.20666306779463136317416398109"},
    {"PUB-2",
     {"1.5", "0.7", "0.4"},
     {"0.3", "-0.2", "0.5", "-0.8", "1.3"},
     "7",
     {"-1.18822032707472117212071858268", "-6.23448394868969923935733838897",
      "4.89252487596274446454110971794", "1.30338737773415510020699064608",
      "0.01989374286650588560518617361"},
     {"1.2743", "-1.54776969181993246930524138507", "1.19470037293190432359904889648",
      "0.859244724815757440604191275208"},
     "-1.16170212765957446808510638298",
     "0.028963527676060950202915178845"},
    {"PUB-3",
     {"1", "0", "0.5"},
     {"0", "0", "0.2", "-1", "-2"},
     "5",
     {"-3.14068875174759925398411176501", "-5.37759783843921205825949568958",
      "-2.15619100718638750324799381908", "1.41421356236451690274071247856",
      "-9.85142852561521945773989044511e-6"},
     {"1", "-0.78139724704618041566478388963", "-1.17873590863630284658360914387",
      "0.311612620070115256697010040125"},
     "0",
     "0"},
};

static const struct {
    mpfr_prec_t prec;
    double digits;
} pub_precs[] = {{440, 28.0}, {53, 14.0}};

START_TEST(test_pub)
{
    int ic = _i % NELEM(pub), ip = _i / NELEM(pub), i;
    mpfr_prec_t prec = pub_precs[ip].prec;
    double dig = pub_precs[ip].digits, worst = 1e9, d;
    const char *worst_what = "";
    char ctx[64];
    fixture f;
    mpfr_t s[NS], I[NI], t, t0, lam;

    snprintf(ctx, sizeof ctx, "%s at %ld bits", pub[ic].name, (long)prec);
    fx_init(&f, pub[ic].p, pub[ic].s0, prec);
    vec_init(s, NS, prec);
    vec_init(I, NI, prec);
    mpfr_inits2(prec, t, t0, lam, (mpfr_ptr)0);
    set_str(t, pub[ic].t);
    mpfr_set_zero(t0, 1);

    fx_state(s, &f, t);
    for (i = 0; i < NS; i++) {
        d = check_str(s[i], pub[ic].sT[i], dig, state_names[i], ctx);
        if (d < worst)
            worst = d, worst_what = state_names[i];
    }
    /* integrals at t = T (along the closed form) and at t = 0 (from s0) */
    integrals(I, f.p[0], s, t);
    for (i = 0; i < NI; i++) {
        d = check_str(I[i], pub[ic].integ[i], dig, integral_names[i], ctx);
        if (d < worst)
            worst = d, worst_what = integral_names[i];
    }
    integrals(I, f.p[0], f.s0, t0);
    for (i = 0; i < NI; i++)
        check_str(I[i], pub[ic].integ[i], dig, integral_names[i], ctx);
    /* reaction at T and at 0 */
    ck_assert_int_eq(nhref_oracle_sleigh_reaction(lam, f.p[0], s[0]), NHREF_OK);
    d = check_str(lam, pub[ic].lamT, dig, "lambda(T)", ctx);
    if (d < worst)
        worst = d, worst_what = "lambda";
    ck_assert_int_eq(nhref_oracle_sleigh_reaction(lam, f.p[0], f.s0[0]), NHREF_OK);
    check_str(lam, pub[ic].lam0, dig, "lambda(0)", ctx);
    if (mpfr_zero_p(f.p[1])) /* J = 0: lambda vanishes identically */
        ck_assert(mpfr_zero_p(lam));
    printf("oracle %s: worst agreement %.2f digits (%s)\n", ctx, worst, worst_what);

    mpfr_clears(t, t0, lam, (mpfr_ptr)0);
    vec_clear(I, NI);
    vec_clear(s, NS);
    fx_clear(&f);
}
END_TEST

/* ------------------------------------------------------------------ figure2 */

/* Spec §7 table: t, x, y, phi, v, omega, E_T/E0, E_R/E0, E_TC/E0, E_RC/E0, lambda. */
static const char *const fig2[][11] = {
    {"0", "0", "0", "0", "0", "1", "0", "1", "0.0625", "0.9375", "0"},
    {"1", "0.379733870283488", "0.296185556613809", "0.989743195929726", "0.979674649614837",
     "0.969543629140215", "0.059985151193622", "0.940014848806378", "0.118736079244021",
     "0.881263920755979", "1.78094496593294"},
    {"2", "0.462485847159901", "1.67146647567418", "1.92152431653492", "1.84846862904004",
     "0.886818883970074", "0.213552267034073", "0.786447732965927", "0.262705250344443",
     "0.737294749655557", "3.07360666248559"},
    {"4", "-3.82525917262621", "3.20533176185147", "3.46307793295863", "3.04637662382306",
     "0.648054273663885", "0.580025658385974", "0.419974341614026", "0.606274054736851",
     "0.393725945263149", "3.7016576067343"},
    {"6", "-7.79268883190037", "-1.86346102847566", "4.52691338100204", "3.62059301457947",
     "0.42509603494228", "0.819293361076351", "0.180706638923649", "0.83058752600908",
     "0.16941247399092", "2.88581200244522"},
    {"10", "-1.30363549404995", "-14.9261616624965", "5.62797427574462", "3.94645719260572",
     "0.163071231929978", "0.973407773316839", "0.0265922266831606", "0.975069787484537",
     "0.0249302125154631", "1.20666306779463"},
    {"20", "36.9219917650897", "-24.2704536621269", "6.2292825469042", "3.99963681705038",
     "0.0134752822213046", "0.999818416769056", "0.000181583230943807", "0.99982976572099",
     "0.000170234279009819", "0.101055440423389"},
};

static const char *const fig2_p[3] = {"2", "30", "1"};
static const char *const fig2_s0[NS] = {"0", "0", "0", "0", "1"};

START_TEST(test_figure2)
{
    const mpfr_prec_t prec = 100;
    const char *const *row = fig2[_i];
    static const char *const cols[11] = {"t",     "x",     "y",      "phi",    "v",     "omega",
                                         "ET/E0", "ER/E0", "ETC/E0", "ERC/E0", "lambda"};
    fixture f;
    mpfr_t s[NS], I[NI], t, e0, r, u, ia;
    char ctx[32];
    int i;

    snprintf(ctx, sizeof ctx, "Figure 2, t = %s", row[0]);
    fx_init(&f, fig2_p, fig2_s0, prec);
    vec_init(s, NS, prec);
    vec_init(I, NI, prec);
    mpfr_inits2(prec, t, e0, r, u, ia, (mpfr_ptr)0);
    set_str(t, row[0]);
    fx_state(s, &f, t);
    for (i = 0; i < NS; i++)
        check_str(s[i], row[1 + i], 14.0, cols[1 + i], ctx);

    /* E0 from the initial state; E at t equals it */
    mpfr_set_zero(u, 1);
    integrals(I, f.p[0], f.s0, u);
    mpfr_set(e0, I[0], RND);
    check_str(e0, "16", 14.0, "E0", ctx);
    integrals(I, f.p[0], s, t);
    check_str(I[0], "16", 14.0, "E", ctx);

    /* IA = J + m a^2; the energy splits of spec §4 */
    mpfr_sqr(ia, f.p[2], RND);
    mpfr_mul(ia, ia, f.p[0], RND);
    mpfr_add(ia, ia, f.p[1], RND);
    /* E_T = m v^2 / 2 */
    mpfr_sqr(r, s[3], RND);
    mpfr_mul(r, r, f.p[0], RND);
    mpfr_div_2ui(r, r, 1, RND);
    mpfr_div(r, r, e0, RND);
    check_str(r, row[6], 14.0, cols[6], ctx);
    /* E_R = IA omega^2 / 2 */
    mpfr_sqr(r, s[4], RND);
    mpfr_mul(r, r, ia, RND);
    mpfr_div_2ui(r, r, 1, RND);
    mpfr_div(r, r, e0, RND);
    check_str(r, row[7], 14.0, cols[7], ctx);
    /* E_TC = m (v^2 + a^2 omega^2) / 2 */
    mpfr_mul(u, f.p[2], s[4], RND);
    mpfr_sqr(u, u, RND);
    mpfr_sqr(r, s[3], RND);
    mpfr_add(r, r, u, RND);
    mpfr_mul(r, r, f.p[0], RND);
    mpfr_div_2ui(r, r, 1, RND);
    mpfr_div(r, r, e0, RND);
    check_str(r, row[8], 14.0, cols[8], ctx);
    /* E_RC = J omega^2 / 2 */
    mpfr_sqr(r, s[4], RND);
    mpfr_mul(r, r, f.p[1], RND);
    mpfr_div_2ui(r, r, 1, RND);
    mpfr_div(r, r, e0, RND);
    check_str(r, row[9], 14.0, cols[9], ctx);
    /* lambda */
    ck_assert_int_eq(nhref_oracle_sleigh_reaction(r, f.p[0], s[0]), NHREF_OK);
    check_str(r, row[10], 14.0, cols[10], ctx);
    /* spec (1.23): E_T/E0 = tanh^2(t/4), sin(phi/4) = tanh(t/4) */
    mpfr_div_2ui(u, t, 2, RND);
    mpfr_tanh(u, u, RND);
    mpfr_div_2ui(r, s[2], 2, RND);
    mpfr_sin(r, r, RND);
    ck_assert_mpfr_digits(r, u, prec_digits(prec, 2.0), "1");

    mpfr_clears(t, e0, r, u, ia, (mpfr_ptr)0);
    vec_clear(I, NI);
    vec_clear(s, NS);
    fx_clear(&f);
}
END_TEST

/* ------------------------------------------------------------------ elementary */

/* K(beta, psi(tau)) of spec §5.3 for beta in {+-1, +-2, +-4}, psi = gd(tau),
 * written with cos psi = sech tau, sin psi = tanh tau (no cancellation of
 * cos psi at large tau):
 *   |beta| = 1: K = (1 - sech tau) + i (tau - tanh tau)
 *   |beta| = 2: K = tanh^2 tau - ln cosh tau + i (gd tau - tanh tau sech tau)
 *   |beta| = 4: K = (-2 cos^4 psi + 4 cos^2 psi - ln cos psi - 2)
 *                 + i (sin 2psi - psi - sin(4 psi)/4),
 *               sin 2psi = 2 th ch, sin(4 psi)/4 = th ch (2 ch^2 - 1);
 * K(-beta, psi) = conj K(beta, psi). */
static void k_elem(mpfr_t kr, mpfr_t ki, int beta, const mpfr_t tau)
{
    mpfr_prec_t p = mpfr_get_prec(kr) + 32;
    mpfr_t th, ch, lc, g, u;

    mpfr_inits2(p, th, ch, lc, g, u, (mpfr_ptr)0);
    mpfr_tanh(th, tau, RND);
    mpfr_sech(ch, tau, RND);
    mpfr_abs(u, tau, RND); /* ln cosh tau = |tau| + ln(1 + e^{-2|tau|}) - ln 2 */
    mpfr_mul_si(lc, u, -2, RND);
    mpfr_exp(lc, lc, RND);
    mpfr_log1p(lc, lc, RND);
    mpfr_add(lc, lc, u, RND);
    mpfr_const_log2(u, RND);
    mpfr_sub(lc, lc, u, RND);
    gd(g, tau);
    switch (abs(beta)) {
    case 1:
        mpfr_ui_sub(kr, 1, ch, RND);
        mpfr_sub(ki, tau, th, RND);
        break;
    case 2:
        mpfr_sqr(u, th, RND);
        mpfr_sub(kr, u, lc, RND);
        mpfr_mul(u, th, ch, RND);
        mpfr_sub(ki, g, u, RND);
        break;
    case 4:
        /* real: -2 ch^4 + 4 ch^2 + ln cosh tau - 2 */
        mpfr_sqr(u, ch, RND);
        mpfr_mul_si(kr, u, -2, RND);
        mpfr_add_ui(kr, kr, 4, RND);
        mpfr_mul(kr, kr, u, RND);
        mpfr_add(kr, kr, lc, RND);
        mpfr_sub_ui(kr, kr, 2, RND);
        /* imaginary: 2 th ch - psi - th ch (2 ch^2 - 1) = th ch (3 - 2 ch^2) - psi */
        mpfr_mul_2ui(u, u, 1, RND);
        mpfr_ui_sub(u, 3, u, RND);
        mpfr_mul(u, u, th, RND);
        mpfr_mul(u, u, ch, RND);
        mpfr_sub(ki, u, g, RND);
        break;
    default:
        ck_abort_msg("k_elem: beta = %d", beta);
    }
    if (beta < 0)
        mpfr_neg(ki, ki, RND);
    mpfr_clears(th, ch, lc, g, u, (mpfr_ptr)0);
}

/* The closed form of spec §5.1 branch 3 coded independently at the precision
 * of r[0]: v = c tanh tau, omega = sigma (c/rho) sech tau,
 * phi = phi0 + beta (gd tau - gd tau0), and z from the elementary K:
 * z = z0 + (rho^2/a) e^{i (phi0 - beta psi0)} [K(beta, psi) - K(beta, psi0)].
 * BETA is the expected integer beta = sigma rho / a. */
static void tanh_law_ref(mpfr_t *r, mpfr_t *p, mpfr_t *s0, const mpfr_t t, int beta)
{
    mpfr_prec_t prec = mpfr_get_prec(r[0]) + 32;
    mpfr_t rho2, rho, c, om, tau0, tau, b, g0, g, kr, ki, kr0, ki0, u, cs, sn;
    int sigma = mpfr_sgn(s0[4]) > 0 ? 1 : -1;

    mpfr_inits2(prec, rho2, rho, c, om, tau0, tau, b, g0, g, kr, ki, kr0, ki0, u, cs, sn,
                (mpfr_ptr)0);
    mpfr_sqr(rho2, p[2], RND); /* rho^2 = (J + m a^2) / m = J/m + a^2 */
    mpfr_div(u, p[1], p[0], RND);
    mpfr_add(rho2, rho2, u, RND);
    mpfr_sqrt(rho, rho2, RND);
    mpfr_mul(c, rho, s0[4], RND); /* c = hypot(v0, rho omega0) */
    mpfr_hypot(c, s0[3], c, RND);
    mpfr_mul(om, p[2], c, RND);
    mpfr_div(om, om, rho2, RND); /* Omega */
    mpfr_div(u, s0[3], c, RND);  /* tau0 = artanh(v0/c) (the oracle uses asinh) */
    mpfr_atanh(tau0, u, RND);
    mpfr_fma(tau, om, t, tau0, RND);
    mpfr_div(b, rho, p[2], RND);
    mpfr_mul_si(b, b, sigma, RND);
    mpfr_sub_si(u, b, beta, RND);
    ck_assert_msg(fabs(mpfr_get_d(u, RND)) < 1e-30, "test case has beta != %d", beta);
    /* v, omega, phi */
    mpfr_tanh(u, tau, RND);
    mpfr_mul(r[3], u, c, RND);
    mpfr_sech(u, tau, RND);
    mpfr_mul(u, u, c, RND);
    mpfr_div(u, u, rho, RND);
    mpfr_mul_si(r[4], u, sigma, RND);
    gd(g0, tau0);
    gd(g, tau);
    mpfr_sub(u, g, g0, RND);
    mpfr_fma(r[2], b, u, s0[2], RND);
    /* z */
    k_elem(kr, ki, beta, tau);
    k_elem(kr0, ki0, beta, tau0);
    mpfr_sub(kr, kr, kr0, RND);
    mpfr_sub(ki, ki, ki0, RND);
    mpfr_mul(u, b, g0, RND);
    mpfr_sub(u, s0[2], u, RND);
    mpfr_sin_cos(sn, cs, u, RND);
    mpfr_div(u, rho2, p[2], RND);
    mpfr_mul(cs, cs, u, RND);
    mpfr_mul(sn, sn, u, RND);
    /* (cs + i sn)(kr + i ki) */
    mpfr_mul(u, cs, kr, RND);
    mpfr_fms(u, sn, ki, u, RND);
    mpfr_sub(r[0], s0[0], u, RND);
    mpfr_mul(u, cs, ki, RND);
    mpfr_fma(u, sn, kr, u, RND);
    mpfr_add(r[1], s0[1], u, RND);
    mpfr_clears(rho2, rho, c, om, tau0, tau, b, g0, g, kr, ki, kr0, ki0, u, cs, sn, (mpfr_ptr)0);
}

static const struct {
    const char *name;
    int beta;
    const char *p[3];
    const char *s0[NS];
} elem[] = {
    /* PUB-1 (paper case) */
    {"k=4 paper", 4, {"2", "30", "1"}, {"0", "0", "0", "0", "1"}},
    /* a < 0, omega0 < 0: beta = sigma rho / a = +4; J = m a^2 (k^2 - 1) */
    {"k=4 a<0", 4, {"1", "3.75", "-0.5"}, {"0.1", "-0.3", "0.7", "0.6", "-1.1"}},
    {"k=4 beta<0", -4, {"3", "11.25", "0.5"}, {"-1", "2", "-0.4", "-0.9", "-0.8"}},
    {"k=2", 2, {"1", "1.92", "0.8"}, {"0.5", "0.25", "1.1", "0.3", "0.9"}},
    {"k=2 beta<0", -2, {"0.5", "0.24", "-0.4"}, {"0", "0", "2.5", "-1.5", "0.6"}},
    /* PUB-3 */
    {"k=1 beta<0", -1, {"1", "0", "0.5"}, {"0", "0", "0.2", "-1", "-2"}},
    {"k=1 a<0", 1, {"2", "0", "-0.7"}, {"0", "1", "-0.3", "0.4", "-1.5"}},
};

static const char *const elem_t[] = {"0.25", "1", "3", "-2.5", "10", "-17", "4000", "-4000"};

START_TEST(test_elementary)
{
    const mpfr_prec_t prec = 333;
    int ic = _i, it, i;
    double dig = prec_digits(prec, 3.0), worst = 1e9;
    fixture f;
    mpfr_t s[NS], r[NS], t;
    char ctx[96];

    fx_init(&f, elem[ic].p, elem[ic].s0, prec);
    vec_init(s, NS, prec);
    vec_init(r, NS, prec + 64);
    mpfr_init2(t, prec + 64);
    for (it = 0; it < NELEM(elem_t); it++) {
        set_str(t, elem_t[it]);
        fx_state(s, &f, t);
        tanh_law_ref(r, f.p, f.s0, t, elem[ic].beta);
        snprintf(ctx, sizeof ctx, "%s, t = %s", elem[ic].name, elem_t[it]);
        for (i = 0; i < NS; i++) {
            /* omega decays like e^{-|Omega t|}: compare it relatively */
            double d = ck_mpfr_agree_digits(s[i], r[i], i == 4 ? "1e-1000000" : "1");
            if (d < worst)
                worst = d;
            ck_assert_msg(d >= dig, "%s: %s agrees to %.2f digits < %.2f", ctx, state_names[i], d,
                          dig);
        }
    }
    printf("oracle elementary %s at %ld bits: worst agreement %.2f digits\n", elem[ic].name,
           (long)prec, worst);
    mpfr_clear(t);
    vec_clear(r, NS);
    vec_clear(s, NS);
    fx_clear(&f);
}
END_TEST

/* ------------------------------------------------------------------ identities */

/* x uniform in [lo, hi). */
static void rand_in(mpfr_t x, gmp_randstate_t rs, double lo, double hi)
{
    mpfr_urandomb(x, rs);
    mpfr_mul_d(x, x, hi - lo, RND);
    mpfr_add_d(x, x, lo, RND);
}

/* Random admissible parameters (|a| >= 0.1) and initial state. */
static void rand_case(mpfr_t *p, mpfr_t *s0, gmp_randstate_t rs)
{
    rand_in(p[0], rs, 0.2, 5.0);
    rand_in(p[1], rs, 0.0, 3.0);
    rand_in(p[2], rs, 0.1, 2.0);
    if (mpfr_urandomb(s0[0], rs), mpfr_cmp_d(s0[0], 0.5) < 0)
        mpfr_neg(p[2], p[2], RND);
    rand_in(s0[0], rs, -3.0, 3.0);
    rand_in(s0[1], rs, -3.0, 3.0);
    rand_in(s0[2], rs, -10.0, 10.0);
    rand_in(s0[3], rs, -2.0, 2.0);
    rand_in(s0[4], rs, -2.0, 2.0);
}

START_TEST(test_identity_p2_2me)
{
    const mpfr_prec_t prec = 200;
    gmp_randstate_t rs;
    mpfr_t p[3], s[NS], I[NI], t, lhs, rhs;
    int k;

    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed());
    vec_init(p, 3, prec);
    vec_init(s, NS, prec);
    vec_init(I, NI, prec);
    mpfr_inits2(prec, t, lhs, rhs, (mpfr_ptr)0);
    for (k = 0; k < 50; k++) {
        rand_case(p, s, rs);
        if (k % 10 == 0)
            mpfr_set_zero(p[1], 1); /* J = 0 */
        rand_in(t, rs, -5.0, 5.0);
        integrals(I, p[0], s, t);
        mpfr_sqr(lhs, I[1], RND);
        mpfr_sqr(rhs, I[2], RND);
        mpfr_add(lhs, lhs, rhs, RND);
        mpfr_mul(rhs, I[0], p[0], RND);
        mpfr_mul_2ui(rhs, rhs, 1, RND);
        ck_assert_mpfr_digits(lhs, rhs, prec_digits(prec, 2.0), "1e-1000000");
        /* E = (m v^2 + IA omega^2)/2 = (m/2)|vC|^2 + (J/2) omega^2 (spec §4) */
        mpfr_mul(lhs, p[2], s[4], RND); /* vC = v e1 + a omega e2 */
        mpfr_hypot(lhs, lhs, s[3], RND);
        mpfr_sqr(lhs, lhs, RND);
        mpfr_mul(lhs, lhs, p[0], RND);
        mpfr_sqr(rhs, s[4], RND);
        mpfr_mul(rhs, rhs, p[1], RND);
        mpfr_add(lhs, lhs, rhs, RND);
        mpfr_div_2ui(lhs, lhs, 1, RND);
        ck_assert_mpfr_digits(I[0], lhs, prec_digits(prec, 2.0), "1e-1000000");
    }
    mpfr_clears(t, lhs, rhs, (mpfr_ptr)0);
    vec_clear(I, NI);
    vec_clear(s, NS);
    vec_clear(p, 3);
    gmp_randclear(rs);
}
END_TEST

/* E, P1, P2, t0 at t = 0 and at t = T along the closed form: PUB-2, PUB-3
 * and random cases. */
START_TEST(test_identity_conserved)
{
    const mpfr_prec_t prec = 200;
    gmp_randstate_t rs;
    mpfr_t p[3], s0[NS], s[NS], I0[NI], I1[NI], t, zero;
    double dig = prec_digits(prec, 4.0);
    int k, i;

    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed() + 1);
    vec_init(p, 3, prec);
    vec_init(s0, NS, prec);
    vec_init(s, NS, prec);
    vec_init(I0, NI, prec);
    vec_init(I1, NI, prec);
    mpfr_inits2(prec, t, zero, (mpfr_ptr)0);
    mpfr_set_zero(zero, 1);
    for (k = 0; k < 10; k++) {
        fixture f;
        if (k < 2) {
            for (i = 0; i < 3; i++)
                set_str(p[i], pub[k + 1].p[i]);
            for (i = 0; i < NS; i++)
                set_str(s0[i], pub[k + 1].s0[i]);
            set_str(t, pub[k + 1].t);
        } else {
            rand_case(p, s0, rs);
            rand_in(t, rs, -8.0, 8.0);
        }
        fx_init_mp(&f, p, s0, prec);
        fx_state(s, &f, t);
        integrals(I0, p[0], s0, zero);
        integrals(I1, p[0], s, t);
        for (i = 0; i < NI; i++) {
            double d = ck_mpfr_agree_digits(I1[i], I0[i], "1");
            ck_assert_msg(d >= dig, "case %d: %s(T) vs %s(0): %.2f digits < %.2f (seed %lu)", k,
                          integral_names[i], integral_names[i], d, dig, ck_seed());
        }
        fx_clear(&f);
    }
    mpfr_clears(t, zero, (mpfr_ptr)0);
    vec_clear(I1, NI);
    vec_clear(I0, NI);
    vec_clear(s, NS);
    vec_clear(s0, NS);
    vec_clear(p, 3);
    gmp_randclear(rs);
}
END_TEST

/* The state at PREC agrees with the state at PREC + 128 to about PREC bits. */
START_TEST(test_identity_precision)
{
    static const mpfr_prec_t precs[] = {53, 100, 256};
    gmp_randstate_t rs;
    mpfr_t p[3], s0[NS], s[NS], r[NS], t;
    int k, ip, i;

    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, ck_seed() + 2);
    vec_init(p, 3, 512);
    vec_init(s0, NS, 512);
    mpfr_init2(t, 512);
    for (k = 0; k < 4; k++) {
        if (k == 0) {
            for (i = 0; i < 3; i++)
                set_str(p[i], pub[1].p[i]);
            for (i = 0; i < NS; i++)
                set_str(s0[i], pub[1].s0[i]);
            set_str(t, pub[1].t);
        } else {
            rand_case(p, s0, rs);
            rand_in(t, rs, -12.0, 12.0);
        }
        for (ip = 0; ip < NELEM(precs); ip++) {
            fixture lo, hi;
            double dig = prec_digits(precs[ip], 2.0);
            vec_init(s, NS, precs[ip]);
            vec_init(r, NS, precs[ip] + 128);
            fx_init_mp(&lo, p, s0, precs[ip]);
            fx_init_mp(&hi, p, s0, precs[ip] + 128);
            fx_state(s, &lo, t);
            fx_state(r, &hi, t);
            for (i = 0; i < NS; i++) {
                double d = ck_mpfr_agree_digits(s[i], r[i], i == 4 ? "1e-1000000" : "1");
                ck_assert_msg(d >= dig, "case %d at %ld bits: %s %.2f digits < %.2f (seed %lu)", k,
                              (long)precs[ip], state_names[i], d, dig, ck_seed());
            }
            fx_clear(&hi);
            fx_clear(&lo);
            vec_clear(r, NS);
            vec_clear(s, NS);
        }
    }
    mpfr_clear(t);
    vec_clear(s0, NS);
    vec_clear(p, 3);
    gmp_randclear(rs);
}
END_TEST

/* ------------------------------------------------------------------ symmetry */

/* v0 = 0: v(-t) = -v(t), omega(-t) = omega(t), phi(-t) - phi0 = -(phi(t) - phi0),
 * and w(-t) = conj w(t) for w = (z - z0) e^{-i phi0} (spec §6). */
static const struct {
    const char *p[3];
    const char *s0[NS];
} trev[] = {
    {{"2", "30", "1"}, {"0", "0", "0", "0", "1"}},
    {{"1.3", "0.4", "-0.6"}, {"0.2", "-0.1", "0.3", "0", "-0.7"}},
    {{"1", "0", "0.5"}, {"1", "2", "-1.2", "0", "2"}},
};

START_TEST(test_time_reversal)
{
    static const char *const ts[] = {"0.5", "3", "11.75"};
    const mpfr_prec_t prec = 200;
    double dig = prec_digits(prec, 3.0);
    fixture f;
    mpfr_t sp[NS], sm[NS], t, u, w1, w2, cs, sn;
    int it;

    fx_init(&f, trev[_i].p, trev[_i].s0, prec);
    vec_init(sp, NS, prec);
    vec_init(sm, NS, prec);
    mpfr_inits2(prec + 32, t, u, w1, w2, cs, sn, (mpfr_ptr)0);
    mpfr_sin_cos(sn, cs, f.s0[2], RND);
    for (it = 0; it < NELEM(ts); it++) {
        set_str(t, ts[it]);
        fx_state(sp, &f, t);
        mpfr_neg(t, t, RND);
        fx_state(sm, &f, t);
        mpfr_neg(u, sm[3], RND);
        ck_assert_mpfr_digits(u, sp[3], dig, "1");
        ck_assert_mpfr_digits(sm[4], sp[4], dig, "1e-1000000");
        mpfr_sub(u, sm[2], f.s0[2], RND);
        mpfr_sub(w1, sp[2], f.s0[2], RND);
        mpfr_neg(w1, w1, RND);
        ck_assert_mpfr_digits(u, w1, dig, "1");
        /* Re and Im of w = (dx + i dy)(cs - i sn) at +t and -t */
        mpfr_sub(sp[0], sp[0], f.s0[0], RND);
        mpfr_sub(sp[1], sp[1], f.s0[1], RND);
        mpfr_sub(sm[0], sm[0], f.s0[0], RND);
        mpfr_sub(sm[1], sm[1], f.s0[1], RND);
        mpfr_mul(w1, sp[0], cs, RND); /* Re w(t) = dx cs + dy sn */
        mpfr_fma(w1, sp[1], sn, w1, RND);
        mpfr_mul(w2, sm[0], cs, RND);
        mpfr_fma(w2, sm[1], sn, w2, RND);
        ck_assert_mpfr_digits(w2, w1, dig, "1");
        mpfr_mul(w1, sp[0], sn, RND); /* Im w(t) = dy cs - dx sn */
        mpfr_fms(w1, sp[1], cs, w1, RND);
        mpfr_mul(w2, sm[0], sn, RND);
        mpfr_fms(w2, sm[1], cs, w2, RND);
        mpfr_neg(w2, w2, RND);
        ck_assert_mpfr_digits(w2, w1, dig, "1");
    }
    mpfr_clears(t, u, w1, w2, cs, sn, (mpfr_ptr)0);
    vec_clear(sm, NS);
    vec_clear(sp, NS);
    fx_clear(&f);
}
END_TEST

/* (a, phi, v, omega) -> (-a, phi + pi, -v, omega), (x, y) unchanged (spec §6). */
START_TEST(test_reflection_a)
{
    static const char *const ts[] = {"0.7", "-3.25", "9"};
    const mpfr_prec_t prec = 200;
    double dig = prec_digits(prec, 3.0);
    int ic = _i + 1, it, i; /* PUB-2, PUB-3 */
    fixture f, g;
    mpfr_t p[3], s0[NS], s[NS], r[NS], t, u;

    vec_init(p, 3, prec + 64);
    vec_init(s0, NS, prec + 64);
    vec_init(s, NS, prec);
    vec_init(r, NS, prec);
    mpfr_inits2(prec + 64, t, u, (mpfr_ptr)0);
    fx_init(&f, pub[ic].p, pub[ic].s0, prec);
    for (i = 0; i < 3; i++)
        mpfr_set(p[i], f.p[i], RND);
    for (i = 0; i < NS; i++)
        mpfr_set(s0[i], f.s0[i], RND);
    mpfr_neg(p[2], p[2], RND);
    mpfr_const_pi(u, RND);
    mpfr_add(s0[2], s0[2], u, RND);
    mpfr_neg(s0[3], s0[3], RND);
    fx_init_mp(&g, p, s0, prec);
    for (it = 0; it < NELEM(ts); it++) {
        set_str(t, ts[it]);
        fx_state(s, &f, t);
        fx_state(r, &g, t);
        ck_assert_mpfr_digits(r[0], s[0], dig, "1");
        ck_assert_mpfr_digits(r[1], s[1], dig, "1");
        mpfr_const_pi(u, RND);
        mpfr_sub(u, r[2], u, RND);
        ck_assert_mpfr_digits(u, s[2], dig, "1");
        mpfr_neg(u, r[3], RND);
        ck_assert_mpfr_digits(u, s[3], dig, "1");
        ck_assert_mpfr_digits(r[4], s[4], dig, "1e-1000000");
    }
    fx_clear(&g);
    fx_clear(&f);
    mpfr_clears(t, u, (mpfr_ptr)0);
    vec_clear(r, NS);
    vec_clear(s, NS);
    vec_clear(s0, NS);
    vec_clear(p, 3);
}
END_TEST

/* ------------------------------------------------------------------ branches */

static const char *const branch_t[] = {"0", "2.5", "-4", "31.125"};

/* omega0 = 0: v = v0, omega = 0, phi = phi0, z = z0 + v0 t e^{i phi0}, for a != 0 and a = 0. */
START_TEST(test_branch_line)
{
    static const char *const ps[][3] = {{"2", "1", "0.3"}, {"2", "0.5", "0"}, {"1", "0", "-2"}};
    static const char *const s0s[NS] = {"1", "-2", "0.4", "1.7", "0"};
    const mpfr_prec_t prec = 150;
    double dig = prec_digits(prec, 2.0);
    fixture f;
    mpfr_t s[NS], I[NI], t, u;
    int it;

    fx_init(&f, ps[_i], s0s, prec);
    vec_init(s, NS, prec);
    vec_init(I, NI, prec);
    mpfr_inits2(prec + 64, t, u, (mpfr_ptr)0);
    for (it = 0; it < NELEM(branch_t); it++) {
        set_str(t, branch_t[it]);
        fx_state(s, &f, t);
        mpfr_cos(u, f.s0[2], RND);
        mpfr_mul(u, u, f.s0[3], RND);
        mpfr_fma(u, u, t, f.s0[0], RND);
        ck_assert_mpfr_digits(s[0], u, dig, "1");
        mpfr_sin(u, f.s0[2], RND);
        mpfr_mul(u, u, f.s0[3], RND);
        mpfr_fma(u, u, t, f.s0[1], RND);
        ck_assert_mpfr_digits(s[1], u, dig, "1");
        ck_assert_mpfr_digits(s[2], f.s0[2], dig, "1");
        ck_assert_mpfr_digits(s[3], f.s0[3], dig, "1");
        ck_assert(mpfr_zero_p(s[4]));
        integrals(I, f.p[0], s, t);
        ck_assert(mpfr_nan_p(I[3])); /* t0 undefined on omega = 0 */
    }
    mpfr_clears(t, u, (mpfr_ptr)0);
    vec_clear(I, NI);
    vec_clear(s, NS);
    fx_clear(&f);
}
END_TEST

/* a = 0: circle of radius |v0/omega0| about z0 + i (v0/omega0) e^{i phi0}; the
 * spec's x0 + (v0/omega0)(sin phi - sin phi0), y0 - (v0/omega0)(cos phi - cos phi0);
 * v, omega constant, phi = phi0 + omega0 t, lambda = m v0 omega0 (spec §6). */
START_TEST(test_branch_circle)
{
    static const char *const s0s[][NS] = {{"0.5", "-0.25", "0.3", "1.4", "-0.8"},
                                          {"-1", "3", "-2", "0", "2.5"}};
    static const char *const ps[3] = {"1.2", "0.9", "0"};
    const mpfr_prec_t prec = 150;
    double dig = prec_digits(prec, 2.0);
    fixture f;
    mpfr_t s[NS], I[NI], t, r, u, w, q, cx, cy;
    int it;

    fx_init(&f, ps, s0s[_i], prec);
    vec_init(s, NS, prec);
    vec_init(I, NI, prec);
    mpfr_inits2(prec + 64, t, r, u, w, q, cx, cy, (mpfr_ptr)0);
    mpfr_div(r, f.s0[3], f.s0[4], RND);
    mpfr_sin(u, f.s0[2], RND); /* centre = z0 + i r e^{i phi0} */
    mpfr_mul(u, u, r, RND);
    mpfr_sub(cx, f.s0[0], u, RND);
    mpfr_cos(u, f.s0[2], RND);
    mpfr_mul(u, u, r, RND);
    mpfr_add(cy, f.s0[1], u, RND);
    for (it = 0; it < NELEM(branch_t); it++) {
        set_str(t, branch_t[it]);
        fx_state(s, &f, t);
        mpfr_fma(u, f.s0[4], t, f.s0[2], RND);
        ck_assert_mpfr_digits(s[2], u, dig, "1");
        ck_assert_mpfr_digits(s[3], f.s0[3], dig, "1");
        ck_assert_mpfr_digits(s[4], f.s0[4], dig, "1");
        /* the spec's formulas, with phi = phi0 + omega0 t */
        mpfr_sin(w, u, RND);
        mpfr_sin(q, f.s0[2], RND);
        mpfr_sub(w, w, q, RND);
        mpfr_fma(w, w, r, f.s0[0], RND);
        ck_assert_mpfr_digits(s[0], w, dig, "1");
        mpfr_cos(w, u, RND);
        mpfr_cos(q, f.s0[2], RND);
        mpfr_sub(w, w, q, RND);
        mpfr_mul(w, w, r, RND);
        mpfr_sub(w, f.s0[1], w, RND);
        ck_assert_mpfr_digits(s[1], w, dig, "1");
        /* distance from the centre */
        mpfr_sub(u, s[0], cx, RND);
        mpfr_sub(w, s[1], cy, RND);
        mpfr_hypot(u, u, w, RND);
        mpfr_abs(w, r, RND);
        ck_assert_mpfr_digits(u, w, dig, "1");
        integrals(I, f.p[0], s, t);
        ck_assert(mpfr_nan_p(I[3])); /* t0 undefined for a = 0 */
        ck_assert_int_eq(nhref_oracle_sleigh_reaction(u, f.p[0], s[0]), NHREF_OK);
        mpfr_mul(w, f.p[0], f.s0[3], RND);
        mpfr_mul(w, w, f.s0[4], RND);
        ck_assert_mpfr_digits(u, w, dig, "1");
    }
    mpfr_clears(t, r, u, w, q, cx, cy, (mpfr_ptr)0);
    vec_clear(I, NI);
    vec_clear(s, NS);
    fx_clear(&f);
}
END_TEST

/* J = 0: the centre of mass moves uniformly with its initial velocity
 * vC0 = v0 e1 + a omega0 e2 (spec §6), and lambda = 0. */
START_TEST(test_branch_j0)
{
    static const char *const ts[] = {"0.5", "-2", "5", "40"};
    const mpfr_prec_t prec = 200;
    double dig = prec_digits(prec, 3.0);
    int ic = _i, it;
    fixture f;
    mpfr_t s[NS], t, cs, sn, vx, vy, u, w;

    fx_init(&f, elem[5 + ic].p, elem[5 + ic].s0, prec);
    vec_init(s, NS, prec);
    mpfr_inits2(prec + 64, t, cs, sn, vx, vy, u, w, (mpfr_ptr)0);
    mpfr_sin_cos(sn, cs, f.s0[2], RND);
    mpfr_mul(u, f.p[2], f.s0[4], RND); /* a omega0 */
    mpfr_mul(vx, f.s0[3], cs, RND);
    mpfr_mul(w, u, sn, RND);
    mpfr_sub(vx, vx, w, RND);
    mpfr_mul(vy, f.s0[3], sn, RND);
    mpfr_fma(vy, u, cs, vy, RND);
    for (it = 0; it < NELEM(ts); it++) {
        set_str(t, ts[it]);
        fx_state(s, &f, t);
        /* xC(t) - xC0 - vCx t = 0 */
        mpfr_cos(u, s[2], RND);
        mpfr_fma(u, u, f.p[2], s[0], RND);
        mpfr_sub(u, u, f.s0[0], RND);
        mpfr_fms(w, f.p[2], cs, u, RND);
        mpfr_neg(w, w, RND);
        mpfr_mul(u, vx, t, RND);
        ck_assert_mpfr_digits(w, u, dig, "1");
        mpfr_sin(u, s[2], RND);
        mpfr_fma(u, u, f.p[2], s[1], RND);
        mpfr_sub(u, u, f.s0[1], RND);
        mpfr_fms(w, f.p[2], sn, u, RND);
        mpfr_neg(w, w, RND);
        mpfr_mul(u, vy, t, RND);
        ck_assert_mpfr_digits(w, u, dig, "1");
        ck_assert_int_eq(nhref_oracle_sleigh_reaction(u, f.p[0], s[0]), NHREF_OK);
        ck_assert(mpfr_zero_p(u));
    }
    mpfr_clears(t, cs, sn, vx, vy, u, w, (mpfr_ptr)0);
    vec_clear(s, NS);
    fx_clear(&f);
}
END_TEST

/* a > 0: v nondecreasing; a < 0: nonincreasing; sign(omega) = sign(omega0) (spec §11.8). */
START_TEST(test_branch_structure)
{
    const mpfr_prec_t prec = 64;
    int ic = _i, k, sa;
    fixture f;
    mpfr_t s[NS], vprev, t;

    fx_init(&f, elem[ic].p, elem[ic].s0, prec);
    sa = mpfr_sgn(f.p[2]);
    vec_init(s, NS, prec);
    mpfr_inits2(prec, vprev, t, (mpfr_ptr)0);
    for (k = -40; k <= 40; k++) {
        mpfr_set_si(t, k, RND);
        mpfr_div_2ui(t, t, 1, RND);
        fx_state(s, &f, t);
        ck_assert_int_eq(mpfr_sgn(s[4]), mpfr_sgn(f.s0[4]));
        if (k > -40)
            ck_assert(sa > 0 ? mpfr_greaterequal_p(s[3], vprev) : mpfr_lessequal_p(s[3], vprev));
        mpfr_set(vprev, s[3], RND);
    }
    mpfr_clears(vprev, t, (mpfr_ptr)0);
    vec_clear(s, NS);
    fx_clear(&f);
}
END_TEST

/* ------------------------------------------------------------------ asymptote */

/* Figure 2 at t = 60 (tau = 15): phi = 4 gd(15) = 2 pi - 8 atan(e^-15), so
 * |phi - 2 pi| <= 8 e^-15; |v - 4| = 4 (1 - tanh 15) <= 8 e^-30; and
 * y(inf) - y(t) = 16 int_psi^{pi/2} tan s sin 4s ds with |tan s sin 4s| <= 4 near
 * pi/2, so |y + 8 pi| <= 64 (pi/2 - psi) <= 128 e^-15 (we allow 130 e^-15). */
START_TEST(test_asymptote)
{
    const mpfr_prec_t prec = 200;
    fixture f;
    mpfr_t s[NS], t, u, b, pi;

    fx_init(&f, fig2_p, fig2_s0, prec);
    vec_init(s, NS, prec);
    mpfr_inits2(prec, t, u, b, pi, (mpfr_ptr)0);
    mpfr_const_pi(pi, RND);
    set_str(t, "60");
    fx_state(s, &f, t);
    /* phi */
    mpfr_mul_2ui(u, pi, 1, RND);
    mpfr_sub(u, s[2], u, RND);
    mpfr_abs(u, u, RND);
    set_str(b, "-15");
    mpfr_exp(b, b, RND);
    mpfr_mul_ui(b, b, 8, RND);
    ck_assert_msg(mpfr_lessequal_p(u, b), "|phi(60) - 2 pi| too large");
    ck_assert_msg(mpfr_cmp_ui(s[2], 6) > 0, "phi(60) not near 2 pi");
    /* v */
    mpfr_sub_ui(u, s[3], 4, RND);
    mpfr_abs(u, u, RND);
    set_str(b, "-30");
    mpfr_exp(b, b, RND);
    mpfr_mul_ui(b, b, 8, RND);
    ck_assert_msg(mpfr_lessequal_p(u, b), "|v(60) - 4| too large");
    /* y */
    mpfr_mul_2ui(u, pi, 3, RND);
    mpfr_add(u, s[1], u, RND);
    mpfr_abs(u, u, RND);
    set_str(b, "-15");
    mpfr_exp(b, b, RND);
    mpfr_mul_ui(b, b, 130, RND);
    ck_assert_msg(mpfr_lessequal_p(u, b), "|y(60) + 8 pi| too large");
    /* sin(phi/4) = tanh(t/4) (spec erratum 2) */
    mpfr_div_2ui(u, s[2], 2, RND);
    mpfr_sin(u, u, RND);
    mpfr_div_2ui(b, t, 2, RND);
    mpfr_tanh(b, b, RND);
    ck_assert_mpfr_digits(u, b, prec_digits(prec, 3.0), "1");
    mpfr_clears(t, u, b, pi, (mpfr_ptr)0);
    vec_clear(s, NS);
    fx_clear(&f);
}
END_TEST

/* Over t from -inf to +inf the heading turns by exactly beta pi (spec §5.4):
 * PUB-2 (a v0 < 0 at t = 0, the sleigh reverses), tau(+-60) ~ +-50. */
START_TEST(test_asymptote_flip)
{
    const mpfr_prec_t prec = 200;
    fixture f;
    mpfr_t sp[NS], sm[NS], t, u, b;

    fx_init(&f, pub[1].p, pub[1].s0, prec);
    vec_init(sp, NS, prec);
    vec_init(sm, NS, prec);
    mpfr_inits2(prec, t, u, b, (mpfr_ptr)0);
    set_str(t, "60");
    fx_state(sp, &f, t);
    mpfr_neg(t, t, RND);
    fx_state(sm, &f, t);
    /* beta = sigma rho / a, rho = sqrt(J/m + a^2) */
    mpfr_div(b, f.p[1], f.p[0], RND);
    mpfr_sqr(u, f.p[2], RND);
    mpfr_add(b, b, u, RND);
    mpfr_sqrt(b, b, RND);
    mpfr_div(b, b, f.p[2], RND);
    mpfr_const_pi(u, RND);
    mpfr_mul(b, b, u, RND); /* beta pi (sigma = +1) */
    mpfr_sub(u, sp[2], sm[2], RND);
    ck_assert_mpfr_digits(u, b, 15.0, "1");
    mpfr_clears(t, u, b, (mpfr_ptr)0);
    vec_clear(sm, NS);
    vec_clear(sp, NS);
    fx_clear(&f);
}
END_TEST

/* a -> 0 at fixed J tends to the circle of a = 0 (spec §6): here the states
 * differ by about 5 a at t = 5; we allow 100 a. */
START_TEST(test_limit_a0)
{
    static const char *const as[] = {"1e-3", "1e-6", "1e-9"};
    static const char *const pc[3] = {"1", "1", "0"};
    static const char *const s0s[NS] = {"0.5", "-0.25", "0.3", "1.4", "-0.8"};
    const mpfr_prec_t prec = 150;
    const char *pa[3] = {"1", "1", as[_i]};
    fixture f, g;
    mpfr_t s[NS], r[NS], t, u, bound;
    int i;

    fx_init(&f, pa, s0s, prec);
    fx_init(&g, pc, s0s, prec);
    vec_init(s, NS, prec);
    vec_init(r, NS, prec);
    mpfr_inits2(prec, t, u, bound, (mpfr_ptr)0);
    set_str(t, "5");
    set_str(bound, as[_i]);
    mpfr_mul_ui(bound, bound, 100, RND);
    fx_state(s, &f, t);
    fx_state(r, &g, t);
    for (i = 0; i < NS; i++) {
        mpfr_sub(u, s[i], r[i], RND);
        mpfr_abs(u, u, RND);
        ck_assert_msg(mpfr_lessequal_p(u, bound), "a = %s: %s differs from the circle by %g",
                      as[_i], state_names[i], mpfr_get_d(u, RND));
    }
    mpfr_clears(t, u, bound, (mpfr_ptr)0);
    vec_clear(r, NS);
    vec_clear(s, NS);
    fx_clear(&g);
    fx_clear(&f);
}
END_TEST

/* ------------------------------------------------------------------ reject */

static const struct {
    const char *p[3];
    const char *s0[NS];
} bad[] = {
    {{"0", "1", "1"}, {"0", "0", "0", "0", "1"}},     /* m = 0 */
    {{"-1", "1", "1"}, {"0", "0", "0", "0", "1"}},    /* m < 0 */
    {{"1", "-0.1", "1"}, {"0", "0", "0", "0", "1"}},  /* J < 0 */
    {{"1", "0", "0"}, {"0", "0", "0", "0", "1"}},     /* J = a = 0 */
    {{"1", "0", "-0"}, {"0", "0", "0", "1", "0"}},    /* J = a = 0, omega0 = 0 */
    {{"@NaN@", "1", "1"}, {"0", "0", "0", "0", "1"}}, /* NaN */
    {{"1", "@NaN@", "1"}, {"0", "0", "0", "0", "1"}},
    {{"1", "1", "@NaN@"}, {"0", "0", "0", "0", "1"}},
    {{"@Inf@", "1", "1"}, {"0", "0", "0", "0", "1"}}, /* Inf */
    {{"1", "@Inf@", "1"}, {"0", "0", "0", "0", "1"}},
    {{"1", "1", "-@Inf@"}, {"0", "0", "0", "0", "1"}},
    {{"1", "1", "1"}, {"@NaN@", "0", "0", "0", "1"}}, /* non-finite initial state */
    {{"1", "1", "1"}, {"0", "0", "@Inf@", "0", "1"}},
    {{"1", "1", "1"}, {"0", "0", "0", "0", "@NaN@"}},
};

START_TEST(test_reject)
{
    const mpfr_prec_t prec = 64;
    mpfr_t p[3], s0[NS], I[NI], t, lam;
    nhref_oracle_sleigh_t *o = (nhref_oracle_sleigh_t *)&o; /* must be reset to NULL */
    int i, bad_p = _i < 11;

    vec_init(p, 3, prec);
    vec_init(s0, NS, prec);
    vec_init(I, NI, prec);
    mpfr_inits2(prec, t, lam, (mpfr_ptr)0);
    for (i = 0; i < 3; i++)
        set_str(p[i], bad[_i].p[i]);
    for (i = 0; i < NS; i++)
        set_str(s0[i], bad[_i].s0[i]);
    mpfr_set_ui(t, 1, RND);
    ck_assert_int_eq(nhref_oracle_sleigh_new(&o, p[0], s0[0], prec), NHREF_EPARAM);
    ck_assert_ptr_null(o);
    if (bad_p) {
        ck_assert_int_eq(nhref_oracle_sleigh_integrals(I[0], p[0], s0[0], t), NHREF_EPARAM);
        ck_assert_int_eq(nhref_oracle_sleigh_reaction(lam, p[0], s0[0]), NHREF_EPARAM);
    } else {
        ck_assert_int_eq(nhref_oracle_sleigh_integrals(I[0], p[0], s0[0], t), NHREF_EINVAL);
        ck_assert_int_eq(nhref_oracle_sleigh_reaction(lam, p[0], s0[0]), NHREF_EINVAL);
    }
    mpfr_clears(t, lam, (mpfr_ptr)0);
    vec_clear(I, NI);
    vec_clear(s0, NS);
    vec_clear(p, 3);
}
END_TEST

/* Valid edge cases are accepted; a non-finite t and a bad precision are refused. */
START_TEST(test_reject_inputs)
{
    static const char *const okp[][3] = {{"1", "0", "1"}, {"1", "1", "0"}, {"1", "1", "-1"}};
    static const char *const s0s[NS] = {"0", "0", "0", "0.5", "1"};
    const mpfr_prec_t prec = 64;
    mpfr_t s[NS], I[NI], t;
    fixture f;
    int i;

    vec_init(s, NS, prec);
    vec_init(I, NI, prec);
    mpfr_init2(t, prec);
    for (i = 0; i < NELEM(okp); i++) {
        nhref_oracle_sleigh_t *o = NULL;
        fx_init(&f, okp[i], s0s, prec);
        mpfr_set_nan(t);
        ck_assert_int_eq(nhref_oracle_sleigh_state(s[0], f.o, t), NHREF_EINVAL);
        mpfr_set_inf(t, 1);
        ck_assert_int_eq(nhref_oracle_sleigh_state(s[0], f.o, t), NHREF_EINVAL);
        ck_assert_int_eq(nhref_oracle_sleigh_integrals(I[0], f.p[0], f.s0[0], t), NHREF_EINVAL);
        ck_assert_int_eq(nhref_oracle_sleigh_new(&o, f.p[0], f.s0[0], 0), NHREF_EINVAL);
        ck_assert_ptr_null(o);
        fx_clear(&f);
    }
    ck_assert_int_eq(nhref_oracle_sleigh_new(NULL, NULL, NULL, 64), NHREF_EINVAL);
    nhref_oracle_sleigh_free(NULL);
    mpfr_clear(t);
    vec_clear(I, NI);
    vec_clear(s, NS);
}
END_TEST

/* ------------------------------------------------------------------ suite */

static Suite *oracle_suite(void)
{
    Suite *s = suite_create("oracle");
    TCase *tc;

    tc = tcase_create("legendre");
    tcase_add_loop_test(tc, test_legendre, 0, NELEM(gl_cases));
    suite_add_tcase(s, tc);

    tc = tcase_create("pub");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_pub, 0, NELEM(pub) * NELEM(pub_precs));
    suite_add_tcase(s, tc);

    tc = tcase_create("figure2");
    tcase_add_loop_test(tc, test_figure2, 0, NELEM(fig2));
    suite_add_tcase(s, tc);

    tc = tcase_create("elementary");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_elementary, 0, NELEM(elem));
    suite_add_tcase(s, tc);

    tc = tcase_create("identities");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_identity_p2_2me);
    tcase_add_test(tc, test_identity_conserved);
    tcase_add_test(tc, test_identity_precision);
    suite_add_tcase(s, tc);

    tc = tcase_create("symmetry");
    tcase_add_loop_test(tc, test_time_reversal, 0, NELEM(trev));
    tcase_add_loop_test(tc, test_reflection_a, 0, 2);
    suite_add_tcase(s, tc);

    tc = tcase_create("branches");
    tcase_add_loop_test(tc, test_branch_line, 0, 3);
    tcase_add_loop_test(tc, test_branch_circle, 0, 2);
    tcase_add_loop_test(tc, test_branch_j0, 0, 2);
    tcase_add_loop_test(tc, test_branch_structure, 0, NELEM(elem));
    suite_add_tcase(s, tc);

    tc = tcase_create("asymptote");
    tcase_add_test(tc, test_asymptote);
    tcase_add_test(tc, test_asymptote_flip);
    tcase_add_loop_test(tc, test_limit_a0, 0, 3);
    suite_add_tcase(s, tc);

    tc = tcase_create("reject");
    tcase_add_loop_test(tc, test_reject, 0, NELEM(bad));
    tcase_add_test(tc, test_reject_inputs);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(oracle_suite());
    int nfail;

    printf("check_oracle: seed %lu (set NHREF_TEST_SEED to change)\n", ck_seed());
    srunner_run_all(sr, CK_ENV);
    nfail = srunner_ntests_failed(sr);
    srunner_free(sr);
    mpfr_free_cache();
    return nfail == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
