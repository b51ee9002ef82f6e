/* bench_peers.c -- nhref's side of the peer comparisons of `make bench`:
 * the double-precision fast path (nhref_fast.h) and the MPFR integrators on
 * the Chaplygin sleigh, timed and with their error measured against a
 * reference, in the record format that bench.sh reads (one key=value record
 * per line).  The peers (bench_gsl.c: GSL rk8pd in double; bench_odeint.cpp:
 * Boost.odeint with Boost.Multiprecision mpfr_float) print the same records,
 * and bench.sh runs nhref and the peers alternately, round after round, so
 * that a burst of load on a shared machine hits both sides of a ratio.
 *
 * Case: the paper's Figure 2 (spec shared/models/chaplygin-sleigh.md §10
 * PUB-1): m = 2, J = 30, a = 1; (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1);
 * model "chaplygin_sleigh" through the public API.
 *
 * Modes (one round each; REF = "x,y,phi,v,omega", decimal strings of the
 * reference state at T):
 *   bench_peers ref T DIGITS
 *       the state at T by nhref's MPFR Taylor scheme at DIGITS digits, and
 *       again at DIGITS + 20 digits to say how far it is right:
 *       "ref T=.. src=nhref-taylor digits=.. agree=.. vals=x,y,phi,v,omega"
 *       (45 significant digits each; agree = digits of agreement of the two,
 *       measured as below).  bench.sh uses it at T = 100, where the golden
 *       file has no row.
 *   bench_peers double T REF MIN_SAMPLE TOL...
 *       for scheme taylor and gauss and each TOL: the fast path
 *       (nhref_integrator_new_d with digits = -log10(TOL), nhref_integrate_until_d
 *       from 0 to T); then the MPFR integrators at 53 bits (opt.prec = 53,
 *       opt.digits from it: 14.95), schemes taylor and gauss.
 *   bench_peers mp T REF MIN_SAMPLE PREC DIGITS...
 *       nhref's MPFR Taylor scheme at PREC bits (0: from the digits, i.e.
 *       ceil(D log2 10) + 32 as `nhref run --digits D`) with tolerance
 *       10^-DIGITS (opt.digits), for each DIGITS.
 *   bench_peers count T SCHEME TOL RUNS
 *       no timing: one fast-path integrator (SCHEME taylor or gauss, TOL),
 *       RUNS integrations from 0 to T; prints "count ... nsteps=.. x=..".  For
 *       instruction counts that do not depend on the machine's load:
 *         valgrind --tool=callgrind --toggle-collect=nhref_integrate_until_d \
 *             ./bench_peers count 10 taylor 1e-15 100
 *       (instructions per integration = the Ir total / RUNS; see
 *       docs/performance.md).
 *
 * One sample per configuration and round: integrations repeated until
 * MIN_SAMPLE seconds of CPU time have been spent in them (at least one), each
 * from a freshly created integrator (the Gauss fast path keeps its last step
 * size between calls on one integrator, so reusing one would change the
 * steps); the time of one integration (the call to nhref_integrate_until_d or
 * nhref_integrate_until only: creating and freeing the integrator are
 * excluded, and their time is printed as t_new) is the sample.  Times are CPU
 * time of the process (CLOCK_PROCESS_CPUTIME_ID), so that other processes on
 * a shared machine do not count; bench.sh takes the median over the rounds.
 *
 * Error at T: err = max_i |s_i(T) - ref_i| / max(1, |ref_i|) (the measure of
 * the golden files), computed in long double for the double results (the
 * reference rounded to long double is far more accurate than the errors
 * measured) and in MPFR at 64 bits more than the reference needs for the
 * MPFR results; acc = -log10(err) digits.
 *
 * Output records:
 *   peer impl=IMPL T=.. tol=.. t=SECONDS n=RUNS t_new=.. err=.. acc=.. nsteps=.. order=.. x=..
 * with IMPL one of nhref-fast-taylor, nhref-fast-gauss, nhref-mpfr53-taylor,
 * nhref-mpfr53-gauss (tol= the implied 10^-digits), nhref-mp-taylor (tol=
 * 10^-DIGITS, prec=..).
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpfr.h>

#include "nhref_fast.h"
#include "nhref_integrate.h"
#include "nhref_model.h"
#include "nhref_status.h"

#define NSTATE 5
/* bits of the MPFR reference values (about 150 digits) */
#define REF_PREC 512
#define MAX_TOL 64

static const char *const param_name[3] = {"m", "J", "a"};
static const char *const param_value[3] = {"2", "30", "1"};
static const char *const state0[NSTATE] = {"0", "0", "0", "0", "1"};

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int fail(const char *what, int status)
{
    fprintf(stderr, "bench_peers: %s: %s\n", what, nhref_strerror(status));
    return 1;
}

/* REF "x,y,phi,v,omega" into R (NSTATE values at their precision); -1 if malformed */
static int parse_ref(mpfr_ptr r, const char *ref)
{
    char buf[4096], *save = NULL, *tok;
    size_t i = 0;

    if (strlen(ref) >= sizeof buf)
        return -1;
    strcpy(buf, ref);
    for (tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        if (i == NSTATE || mpfr_set_str(r + i, tok, 10, MPFR_RNDN) != 0)
            return -1;
        i++;
    }
    return i == NSTATE ? 0 : -1;
}

/* err = max_i |s_i - r_i| / max(1, |r_i|) in MPFR at the precision of R */
static double err_mp(mpfr_srcptr s, mpfr_srcptr r)
{
    mpfr_t e, d, worst;
    double w;

    mpfr_inits2(mpfr_get_prec(r), e, d, worst, (mpfr_ptr)0);
    mpfr_set_zero(worst, 1);
    for (size_t i = 0; i < NSTATE; i++) {
        mpfr_sub(e, s + i, r + i, MPFR_RNDN);
        mpfr_abs(e, e, MPFR_RNDN);
        mpfr_abs(d, r + i, MPFR_RNDN);
        if (mpfr_cmp_ui(d, 1) < 0)
            mpfr_set_ui(d, 1, MPFR_RNDN);
        mpfr_div(e, e, d, MPFR_RNDN);
        if (mpfr_greater_p(e, worst))
            mpfr_set(worst, e, MPFR_RNDN);
    }
    w = mpfr_get_d(worst, MPFR_RNDU);
    mpfr_clears(e, d, worst, (mpfr_ptr)0);
    return w;
}

/* the same for a double state, in long double */
static double err_d(const double *s, const long double *r)
{
    long double worst = 0;
    for (size_t i = 0; i < NSTATE; i++) {
        long double d = fabsl(r[i]) > 1 ? fabsl(r[i]) : 1;
        long double e = fabsl((long double)s[i] - r[i]) / d;
        if (e > worst)
            worst = e;
    }
    return (double)worst;
}

static double acc_of(double err)
{
    return err > 0 ? -log10(err) : INFINITY;
}

static int make_system(nhref_system_t **sys)
{
    const nhref_model_t *model = nhref_model_find("chaplygin_sleigh");
    int status;

    if (model == NULL)
        return fail("nhref_model_find(\"chaplygin_sleigh\")", NHREF_ENOTFOUND);
    status = nhref_system_new(sys, model);
    if (status != NHREF_OK)
        return fail("nhref_system_new", status);
    for (size_t i = 0; i < 3; i++) {
        status = nhref_system_set_param(*sys, param_name[i], param_value[i]);
        if (status != NHREF_OK) {
            nhref_system_free(*sys);
            *sys = NULL;
            return fail("nhref_system_set_param", status);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ MPFR runs */

/* One MPFR integration from 0 to T_END with OPT, into X (at opt->prec); the
 * CPU time of nhref_integrate_until into *T_RUN, of new + free into *T_NEW. */
static int mp_run(const nhref_system_t *sys, const nhref_options_t *opt, mpfr_ptr x,
                  mpfr_srcptr t_end, double *t_run, double *t_new, nhref_stats_t *stats)
{
    nhref_integrator_t *ig = NULL;
    mpfr_t t;
    double t0, t1, t2, t3;
    int status;

    mpfr_init2(t, opt->prec);
    mpfr_set_zero(t, 1);
    for (size_t i = 0; i < NSTATE; i++)
        mpfr_set_str(x + i, state0[i], 10, MPFR_RNDN);
    t0 = cpu_now();
    status = nhref_integrator_new(&ig, sys, opt);
    t1 = cpu_now();
    if (status == NHREF_OK)
        status = nhref_integrate_until(ig, x, t, t_end, stats);
    t2 = cpu_now();
    nhref_integrator_free(ig);
    t3 = cpu_now();
    mpfr_clear(t);
    *t_run = t2 - t1;
    *t_new = (t1 - t0) + (t3 - t2);
    return status;
}

/* One sample of an MPFR configuration, and its record. */
static int mp_sample(const nhref_system_t *sys, const char *impl, const nhref_options_t *opt0,
                     double T, mpfr_srcptr ref, double min_sample, double tol_shown)
{
    nhref_options_t opt = *opt0;
    nhref_stats_t stats;
    mpfr_t x[NSTATE], t_end;
    double sum_run = 0, sum_new = 0, err;
    long n = 0;
    int status;

    status = nhref_options_resolve(&opt);
    if (status != NHREF_OK)
        return fail("nhref_options_resolve", status);
    for (size_t i = 0; i < NSTATE; i++)
        mpfr_init2(x[i], opt.prec);
    mpfr_init2(t_end, 64);
    mpfr_set_d(t_end, T, MPFR_RNDN);
    do {
        double t_run, t_new;
        status = mp_run(sys, &opt, x[0], t_end, &t_run, &t_new, &stats);
        if (status != NHREF_OK)
            break;
        sum_run += t_run;
        sum_new += t_new;
        n++;
    } while (sum_run < min_sample);
    if (status == NHREF_OK) {
        err = err_mp(x[0], ref);
        printf("peer impl=%s T=%g tol=%.3g prec=%ld digits=%.4g t=%.6g n=%ld t_new=%.4g err=%.3g "
               "acc=%.2f nsteps=%lu order=%u",
               impl, T, tol_shown > 0 ? tol_shown : pow(10, -opt.digits), (long)opt.prec,
               opt.digits, sum_run / (double)n, n, sum_new / (double)n, err, acc_of(err),
               stats.nsteps, stats.order_max);
        mpfr_printf(" x=%.20Rg\n", x[0]);
        fflush(stdout);
    } else {
        fprintf(stderr, "bench_peers: %s at prec %ld, digits %g: %s\n", impl, (long)opt.prec,
                opt.digits, nhref_strerror(status));
    }
    for (size_t i = 0; i < NSTATE; i++)
        mpfr_clear(x[i]);
    mpfr_clear(t_end);
    return status == NHREF_OK ? 0 : 1;
}

/* ------------------------------------------------------------------ the fast path
 * The only calls into nhref's double-precision API (nhref_fast.h). */

/* *F = a fast-path integrator of SYS with SCHEME at tolerance TOL (defaults otherwise) */
static int fast_new(nhref_integrator_d_t **f, const nhref_system_t *sys, const char *scheme,
                    double tol)
{
    nhref_options_t opt;
    nhref_options_default(&opt);
    opt.scheme = scheme;
    opt.digits = -log10(tol);
    return nhref_integrator_new_d(f, sys, &opt);
}

/* X (NSTATE values) from 0 to T */
static int fast_run(nhref_integrator_d_t *f, double *x, double T, nhref_stats_t *stats)
{
    double t = 0;
    return nhref_integrate_until_d(f, x, &t, &T, stats);
}

static void fast_free(nhref_integrator_d_t *f)
{
    nhref_integrator_free_d(f);
}

static int fast_sample(const nhref_system_t *sys, const char *scheme, double tol, double T,
                       const long double *ref, double min_sample)
{
    nhref_stats_t stats;
    double x[NSTATE], sum_run = 0, sum_new = 0, err;
    long n = 0;
    int status;

    do {
        nhref_integrator_d_t *f = NULL;
        double t0, t1, t2, t3;
        for (size_t i = 0; i < NSTATE; i++)
            x[i] = strtod(state0[i], NULL);
        t0 = cpu_now();
        status = fast_new(&f, sys, scheme, tol);
        t1 = cpu_now();
        if (status == NHREF_OK)
            status = fast_run(f, x, T, &stats);
        t2 = cpu_now();
        fast_free(f);
        t3 = cpu_now();
        if (status != NHREF_OK)
            break;
        sum_run += t2 - t1;
        sum_new += (t1 - t0) + (t3 - t2);
        n++;
    } while (sum_run < min_sample);
    if (status != NHREF_OK) {
        fprintf(stderr, "bench_peers: fast %s tol %g: %s\n", scheme, tol, nhref_strerror(status));
        return 1;
    }
    err = err_d(x, ref);
    printf("peer impl=nhref-fast-%s T=%g tol=%.3g t=%.6g n=%ld t_new=%.4g err=%.3g acc=%.2f "
           "nsteps=%lu order=%u x=%.17g\n",
           scheme, T, tol, sum_run / (double)n, n, sum_new / (double)n, err, acc_of(err),
           stats.nsteps, stats.order_max, x[0]);
    fflush(stdout);
    return 0;
}

/* ------------------------------------------------------------------ modes */

static int mode_ref(const nhref_system_t *sys, double T, double digits)
{
    static const double extra = 20;
    nhref_options_t opt;
    mpfr_t x[NSTATE], y[NSTATE], t_end;
    nhref_stats_t stats;
    double t_run, t_new, err;
    int status;

    for (size_t i = 0; i < NSTATE; i++) {
        mpfr_init2(x[i], REF_PREC);
        mpfr_init2(y[i], REF_PREC);
    }
    mpfr_init2(t_end, 64);
    mpfr_set_d(t_end, T, MPFR_RNDN);
    nhref_options_default(&opt);
    opt.digits = digits;
    status = nhref_options_resolve(&opt);
    if (status == NHREF_OK)
        status = mp_run(sys, &opt, x[0], t_end, &t_run, &t_new, &stats);
    if (status == NHREF_OK) {
        nhref_options_default(&opt);
        opt.digits = digits + extra;
        status = nhref_options_resolve(&opt);
    }
    if (status == NHREF_OK)
        status = mp_run(sys, &opt, y[0], t_end, &t_run, &t_new, &stats);
    if (status == NHREF_OK) {
        err = err_mp(x[0], y[0]);
        printf("ref T=%g src=nhref-taylor digits=%g agree=%.2f vals=", T, digits, acc_of(err));
        for (size_t i = 0; i < NSTATE; i++)
            mpfr_printf("%s%.44Re", i ? "," : "", y[i]);
        printf("\n");
    }
    for (size_t i = 0; i < NSTATE; i++) {
        mpfr_clear(x[i]);
        mpfr_clear(y[i]);
    }
    mpfr_clear(t_end);
    return status == NHREF_OK ? 0 : fail("reference", status);
}

static int mode_double(const nhref_system_t *sys, double T, mpfr_srcptr ref, double min_sample,
                       const double *tol, int ntol)
{
    static const char *const scheme[2] = {"taylor", "gauss"};
    long double rl[NSTATE];
    int ret = 0;

    for (size_t i = 0; i < NSTATE; i++)
        rl[i] = mpfr_get_ld(ref + i, MPFR_RNDN);
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < ntol; k++)
            ret |= fast_sample(sys, scheme[s], tol[k], T, rl, min_sample);
    for (int s = 0; s < 2; s++) {
        nhref_options_t opt;
        char impl[64];
        nhref_options_default(&opt);
        opt.scheme = scheme[s];
        opt.prec = 53;
        snprintf(impl, sizeof impl, "nhref-mpfr53-%s", scheme[s]);
        ret |= mp_sample(sys, impl, &opt, T, ref, min_sample, 0);
    }
    return ret;
}

static int mode_mp(const nhref_system_t *sys, double T, mpfr_srcptr ref, double min_sample,
                   long prec, const double *digits, int nd)
{
    int ret = 0;
    for (int k = 0; k < nd; k++) {
        nhref_options_t opt;
        nhref_options_default(&opt);
        opt.prec = (mpfr_prec_t)prec;
        opt.digits = digits[k];
        ret |= mp_sample(sys, "nhref-mp-taylor", &opt, T, ref, min_sample, pow(10, -digits[k]));
    }
    return ret;
}

/* RUNS fast-path integrations on one integrator, untimed (for callgrind) */
static int mode_count(const nhref_system_t *sys, double T, const char *scheme, double tol, long runs)
{
    nhref_integrator_d_t *f = NULL;
    nhref_stats_t stats;
    double x[NSTATE];
    int status;

    status = fast_new(&f, sys, scheme, tol);
    for (long k = 0; status == NHREF_OK && k < runs; k++) {
        for (size_t i = 0; i < NSTATE; i++)
            x[i] = strtod(state0[i], NULL);
        status = fast_run(f, x, T, &stats);
    }
    fast_free(f);
    if (status != NHREF_OK)
        return fail("fast path", status);
    printf("count impl=nhref-fast-%s T=%g tol=%.3g runs=%ld nsteps=%lu order=%u x=%.17g\n", scheme, T,
           tol, runs, stats.nsteps, stats.order_max, x[0]);
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_peers ref T DIGITS\n"
                    "       bench_peers double T REF MIN_SAMPLE TOL...\n"
                    "       bench_peers mp T REF MIN_SAMPLE PREC DIGITS...\n"
                    "       bench_peers count T SCHEME TOL RUNS\n"
                    "  REF: x,y,phi,v,omega at T (decimal strings)\n");
    return 2;
}

/* ARGV[0..N) as positive numbers into V; -1 if one is not */
static int parse_numbers(double *v, char **argv, int n)
{
    if (n < 1 || n > MAX_TOL)
        return -1;
    for (int i = 0; i < n; i++) {
        char *end;
        v[i] = strtod(argv[i], &end);
        if (*end != '\0' || !(v[i] > 0))
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    nhref_system_t *sys = NULL;
    mpfr_t ref[NSTATE];
    double T, min_sample = 0, v[MAX_TOL];
    char *end;
    int ret;

    if (argc < 4)
        return usage();
    T = strtod(argv[2], &end);
    if (*end != '\0' || !(T > 0))
        return usage();
    if (strcmp(argv[1], "ref") == 0) {
        double digits = strtod(argv[3], &end);
        if (*end != '\0' || !(digits >= 1) || argc != 4)
            return usage();
        if (make_system(&sys) != 0)
            return 1;
        ret = mode_ref(sys, T, digits);
        nhref_system_free(sys);
        mpfr_free_cache();
        return ret;
    }
    if (strcmp(argv[1], "count") == 0) {
        double tol;
        long runs;
        if (argc != 6)
            return usage();
        tol = strtod(argv[4], &end);
        if (*end != '\0' || !(tol > 0))
            return usage();
        runs = strtol(argv[5], &end, 10);
        if (*end != '\0' || runs < 1)
            return usage();
        if (make_system(&sys) != 0)
            return 1;
        ret = mode_count(sys, T, argv[3], tol, runs);
        nhref_system_free(sys);
        mpfr_free_cache();
        return ret;
    }
    if (argc < 6)
        return usage();
    min_sample = strtod(argv[4], &end);
    if (*end != '\0' || !(min_sample >= 0))
        return usage();
    for (size_t i = 0; i < NSTATE; i++)
        mpfr_init2(ref[i], REF_PREC);
    ret = parse_ref(ref[0], argv[3]);
    if (ret != 0) {
        fprintf(stderr, "bench_peers: bad REF '%s'\n", argv[3]);
        ret = usage();
    } else if (strcmp(argv[1], "double") == 0) {
        if (parse_numbers(v, argv + 5, argc - 5) != 0)
            ret = usage();
        else if ((ret = make_system(&sys)) == 0)
            ret = mode_double(sys, T, ref[0], min_sample, v, argc - 5);
    } else if (strcmp(argv[1], "mp") == 0 && argc >= 7) {
        long prec = strtol(argv[5], &end, 10);
        if (*end != '\0' || prec < 0 || parse_numbers(v, argv + 6, argc - 6) != 0)
            ret = usage();
        else if ((ret = make_system(&sys)) == 0)
            ret = mode_mp(sys, T, ref[0], min_sample, prec, v, argc - 6);
    } else {
        ret = usage();
    }
    nhref_system_free(sys);
    for (size_t i = 0; i < NSTATE; i++)
        mpfr_clear(ref[i]);
    mpfr_free_cache();
    return ret;
}
