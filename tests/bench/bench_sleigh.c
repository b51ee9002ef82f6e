/* bench_sleigh.c -- how fast nhref's MPFR Taylor scheme integrates the
 * Chaplygin sleigh, against the cost floor: nhref's own operation count times
 * the measured cost of one multiply-add.
 *
 * Case: the paper's Figure 2 (spec shared/models/chaplygin-sleigh.md §10
 * PUB-1): m = 2, J = 30, a = 1; x = y = phi = v = 0, omega = 1 at t = 0;
 * integrated to T = 10 with the default scheme ("taylor") through the public
 * API (nhref_model_find, nhref_system_new, nhref_integrator_new,
 * nhref_integrate_until).
 *
 * For each requested number of digits D (default 30, 100, 300, 1000) and each
 * repetition:
 *   - t_new: CPU time of nhref_integrator_new (allocation of every MPFR
 *     number, order and precision from D);
 *   - t_run: CPU time of nhref_integrate_until from 0 to T;
 *   - one sample of a multiply-add micro-benchmark at the integrator's
 *     precision, taken right after the run so that the run and its floor see
 *     the same machine load: the triangular Cauchy-product loop of a jet
 *     product, acc = a_0 b_k; acc += a_j b_{k-j} (j = 1..k), with mpfr_mul +
 *     mpfr_add (what src/jet/mul.c does) and, for information, with mpfr_fma,
 *     on pseudo-random full-precision operands of mixed signs and exponents.
 * All times are CPU times of the process (CLOCK_PROCESS_CPUTIME_ID: other
 * processes on a shared machine do not count, though they still slow the
 * caches); the medians over the repetitions are printed (medians and ratios
 * measured in the same run are what to read).
 *
 * The cost floor (DESIGN §8, counted as the method needs it).  A Taylor step
 * of order N needs the right-hand side's jet to order N - 1.  Its coefficient
 * k (k = 0..N-1) costs, in multiply-adds at the working precision:
 *   a product of two series (a Cauchy sum)      k + 1
 *   a square                                    floor(k/2) + 1 (half the terms)
 *   a sin/cos pair (s_k = (1/k) sum j th_j c_{k-j}, c_k likewise)
 *                                               k for sin + k for cos
 * (linear operations, products by constants, the 0th-order sin/cos and the
 * step-size and Horner work are not counted).  The sleigh's right-hand side
 * (src/models/chaplygin_sleigh.c) has SLEIGH_PRODUCTS products (v cos phi,
 * v sin phi, v omega), SLEIGH_SQUARES square (omega^2) and SLEIGH_SINCOS
 * sin/cos pair (of phi); the program checks this list against
 * nhref_tape_nnonlinear of the model's tape (products + squares + 2 pairs) and
 * refuses to run when they disagree.  Then
 *   ops      = multiply-adds per step = sum_{k=0}^{N-1} [P (k+1) + S (floor(k/2)+1) + 2 C k]
 *   floor    = nsteps * ops * (median time of one mpfr_mul + mpfr_add)
 * This is nhref's own operation count times a measured product cost: NOT a
 * lower bound (another method, or a fused or exact-accumulation product, can
 * need fewer or cheaper operations, and the micro-benchmark's operands are not
 * the jets' operands), but a yardstick of how much of nhref's time goes to
 * anything else than the products its method needs.
 *   ratio    = median over the repetitions of t_run / floor, each run paired
 *              with the micro-benchmark sample taken right after it (so a
 *              burst of load on the shared machine slows both); floor= in the
 *              output uses the median multiply-add time;
 *   accuracy = min over the state components of
 *              -log10(|s_i(T) - ref_i| / max(1, |ref_i|)), ref = the closed
 *              form of the oracle (nhref_oracle_find("chaplygin_sleigh")) at 64 bits more
 *              than the integrator.
 *
 * Output: one machine-readable line per digit count,
 *   sleigh digits=D prec=BITS order=N nsteps=S keff=K ops=.. reps=R t_new=.. t_run=..
 *          t_run_min=.. t_total=.. t_total_min=.. acc=.. ns_muladd=.. ns_fma=.. floor=.. ratio=..
 *          x=..
 * and one results.tsv row per digit count,
 *   result name=floor/sleigh/mpfr/D measure=nhref/floor value=RATIO ...
 * (times in seconds, multiply-add times in nanoseconds), preceded by a line
 * "mpfr version=..." and followed by "ref T=10 x=.. y=.. phi=.. v=.. omega=.."
 * (the oracle's state at T to 80 digits, for bench_mpmath.py).  bench.sh turns
 * these lines into the report and results.tsv.
 *
 * Usage: bench_sleigh [D[:REPS[:[T0-]T]]]...   (default 30:15 100:11 300:5 1000:1;
 * one run at 1000 digits costs about 35 s of CPU time).  T0-T (decimals,
 * 0 <= T0 < T <= 10; T0 = 0 if left out) shortens the run to the interval from T0 to
 * T, starting from the oracle's state at T0 (for 3000 digits, whose run from 0 to 10
 * costs about 20 minutes): the floor counts the steps taken, the accuracy is against
 * the oracle at T, and the line's T0= and T= and the row's note say it.  (A short
 * run from 0 is not representative: at t = 0 the state x = y = phi = v = 0 makes
 * many Taylor coefficients exactly zero, and the sums skip zero products.)
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>
#include <mpfr.h>

#include "nhref_integrate.h"
#include "nhref_model.h"
#include "nhref_oracle.h"
#include "nhref_status.h"
#include "nhref_tape.h"

#define NSTATE 5
#define T_END "10"
/* extra bits of the oracle over the integrator */
#define REF_EXTRA_BITS 64
/* digits of the reference line printed for bench_mpmath.py */
#define REF_DIGITS 80
/* operands of the multiply-add micro-benchmark (at most) */
#define MULADD_LEN 256
/* minimum duration of one micro-benchmark sample [s] */
#define MULADD_MIN_TIME 0.05
#define MAX_LEVELS 16
#define MAX_REPS 99
/* the sleigh's nonlinear operations (src/models/chaplygin_sleigh.c) */
#define SLEIGH_PRODUCTS 3
#define SLEIGH_SQUARES 1
#define SLEIGH_SINCOS 1

static const char *const param_name[3] = {"m", "J", "a"};
static const char *const param_value[3] = {"2", "30", "1"};
static const char *const state0[NSTATE] = {"0", "0", "0", "0", "1"};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* the median of the N values of V (sorts V) */
static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double minimum(const double *v, size_t n)
{
    double m = v[0];
    for (size_t i = 1; i < n; i++)
        if (v[i] < m)
            m = v[i];
    return m;
}

static int fail(const char *what, int status)
{
    fprintf(stderr, "bench_sleigh: %s: %s\n", what, nhref_strerror(status));
    return 1;
}

/* ------------------------------------------------------- multiply-add micro-benchmark */
typedef struct {
    size_t len;
    mpfr_t *a, *b;
    mpfr_t acc, tmp;
} muladd_t;

static int muladd_init(muladd_t *mb, size_t len, mpfr_prec_t prec)
{
    gmp_randstate_t rs;

    mb->len = len;
    mb->a = malloc(len * sizeof *mb->a);
    mb->b = malloc(len * sizeof *mb->b);
    if (mb->a == NULL || mb->b == NULL) {
        free(mb->a);
        free(mb->b);
        return -1;
    }
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 20240601UL);
    /* full-precision mantissas, both signs, exponents spread over a few bits:
     * the products of one Cauchy sum have comparable sizes, as in a jet */
    for (size_t i = 0; i < len; i++) {
        mpfr_init2(mb->a[i], prec);
        mpfr_init2(mb->b[i], prec);
        mpfr_urandomb(mb->a[i], rs);
        mpfr_urandomb(mb->b[i], rs);
        mpfr_mul_2si(mb->a[i], mb->a[i], -(long)gmp_urandomm_ui(rs, 4), MPFR_RNDN);
        mpfr_mul_2si(mb->b[i], mb->b[i], -(long)gmp_urandomm_ui(rs, 4), MPFR_RNDN);
        if (gmp_urandomm_ui(rs, 2))
            mpfr_neg(mb->a[i], mb->a[i], MPFR_RNDN);
        if (gmp_urandomm_ui(rs, 2))
            mpfr_neg(mb->b[i], mb->b[i], MPFR_RNDN);
    }
    gmp_randclear(rs);
    mpfr_init2(mb->acc, prec);
    mpfr_init2(mb->tmp, prec);
    return 0;
}

static void muladd_clear(muladd_t *mb)
{
    for (size_t i = 0; i < mb->len; i++) {
        mpfr_clear(mb->a[i]);
        mpfr_clear(mb->b[i]);
    }
    free(mb->a);
    free(mb->b);
    mpfr_clears(mb->acc, mb->tmp, (mpfr_ptr)0);
}

/* One sample: seconds per multiply-add, repeating the triangular Cauchy loop
 * of length len until MULADD_MIN_TIME has passed.  USE_FMA selects mpfr_fma
 * instead of mpfr_mul + mpfr_add. */
static double muladd_sample(muladd_t *mb, int use_fma)
{
    double nops = 0, t0 = now(), dt;
    size_t n = mb->len;

    do {
        for (size_t k = 0; k < n; k++) {
            mpfr_mul(mb->acc, mb->a[0], mb->b[k], MPFR_RNDN);
            if (use_fma) {
                for (size_t j = 1; j <= k; j++)
                    mpfr_fma(mb->acc, mb->a[j], mb->b[k - j], mb->acc, MPFR_RNDN);
            } else {
                for (size_t j = 1; j <= k; j++) {
                    mpfr_mul(mb->tmp, mb->a[j], mb->b[k - j], MPFR_RNDN);
                    mpfr_add(mb->acc, mb->acc, mb->tmp, MPFR_RNDN);
                }
            }
        }
        nops += 0.5 * (double)n * (double)(n + 1);
        dt = now() - t0;
    } while (dt < MULADD_MIN_TIME);
    return dt / nops;
}

/* ------------------------------------------------------------------ the sleigh */

/* multiply-adds per Taylor step of order N (the floor's count, header comment) */
static double step_muladds(unsigned order)
{
    double ops = 0;
    for (unsigned k = 0; k < order; k++)
        ops += SLEIGH_PRODUCTS * (double)(k + 1) + SLEIGH_SQUARES * (double)(k / 2 + 1) +
               SLEIGH_SINCOS * 2.0 * (double)k;
    return ops;
}

/* ACC = min_i -log10(|s_i - r_i| / max(1, |r_i|)), computed at the precision
 * of R; returns 1 if every component agrees exactly (ACC is then the digits
 * of R's precision). */
static int accuracy(double *acc, mpfr_srcptr s, mpfr_srcptr r)
{
    mpfr_prec_t prec = mpfr_get_prec(r);
    mpfr_t e, d, worst;
    int exact;

    mpfr_inits2(prec, e, d, worst, (mpfr_ptr)0);
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
    exact = mpfr_zero_p(worst);
    if (exact) {
        *acc = (double)prec * log10(2.0);
    } else {
        mpfr_log10(worst, worst, MPFR_RNDN);
        *acc = -mpfr_get_d(worst, MPFR_RNDN);
    }
    mpfr_clears(e, d, worst, (mpfr_ptr)0);
    return exact;
}

/* the closed-form state at T_STR at PREC bits, into R (NSTATE values at PREC) */
static int reference(mpfr_ptr r, mpfr_prec_t prec, const char *t_str)
{
    const nhref_oracle_t *oracle = nhref_oracle_find("chaplygin_sleigh");
    mpfr_t p[3], s0[NSTATE], t;
    void *o = NULL;
    int status;

    for (size_t i = 0; i < 3; i++) {
        mpfr_init2(p[i], prec);
        mpfr_set_str(p[i], param_value[i], 10, MPFR_RNDN);
    }
    for (size_t i = 0; i < NSTATE; i++) {
        mpfr_init2(s0[i], prec);
        mpfr_set_str(s0[i], state0[i], 10, MPFR_RNDN);
    }
    mpfr_init2(t, prec);
    mpfr_set_str(t, t_str, 10, MPFR_RNDN);
    status = oracle->solution_new(&o, p[0], s0[0], prec);
    if (status == NHREF_OK)
        status = oracle->solution_state(r, o, t);
    oracle->solution_free(o);
    for (size_t i = 0; i < 3; i++)
        mpfr_clear(p[i]);
    for (size_t i = 0; i < NSTATE; i++)
        mpfr_clear(s0[i]);
    mpfr_clear(t);
    return status;
}

/* One digit count: REPS repetitions from T0_STR (the oracle's state there) to T_STR,
 * one result line. */
static int bench_level(const nhref_system_t *sys, double digits, int reps, const char *t0_str,
                       const char *t_str)
{
    double t_new[MAX_REPS], t_run[MAX_REPS], t_tot[MAX_REPS], ma[MAX_REPS], fm[MAX_REPS];
    double ratio[MAX_REPS];
    nhref_options_t opt;
    nhref_integrator_t *ig = NULL;
    nhref_stats_t stats;
    mpfr_prec_t prec;
    mpfr_t x[NSTATE], ref[NSTATE], x0[NSTATE], t, t_end;
    int from0 = strcmp(t0_str, "0") == 0, full = from0 && strcmp(t_str, T_END) == 0;
    unsigned long nsteps = 0;
    unsigned order = 0;
    size_t keff = nhref_tape_nnonlinear(nhref_system_rhs_tape(sys));
    double acc = 0, floor_s, tma, muladds;
    int status, exact = 0, ret = 0;
    muladd_t mb;

    nhref_options_default(&opt);
    opt.digits = digits;
    status = nhref_options_resolve(&opt);
    if (status != NHREF_OK)
        return fail("nhref_options_resolve", status);
    prec = opt.prec;

    for (size_t i = 0; i < NSTATE; i++) {
        mpfr_init2(x[i], prec);
        mpfr_init2(ref[i], prec + REF_EXTRA_BITS);
        mpfr_init2(x0[i], prec + REF_EXTRA_BITS);
        mpfr_set_str(x0[i], state0[i], 10, MPFR_RNDN);
    }
    mpfr_inits2(prec, t, t_end, (mpfr_ptr)0);
    mpfr_set_str(t_end, t_str, 10, MPFR_RNDN);

    status = reference(ref[0], prec + REF_EXTRA_BITS, t_str);
    if (status == NHREF_OK && !from0)
        status = reference(x0[0], prec + REF_EXTRA_BITS, t0_str);
    if (status != NHREF_OK) {
        ret = fail("oracle", status);
        goto done;
    }
    if (muladd_init(&mb, MULADD_LEN, prec) != 0) {
        ret = fail("muladd_init", NHREF_ENOMEM);
        goto done;
    }

    for (int r = 0; r < reps; r++) {
        double t0, t1, t2;

        for (size_t i = 0; i < NSTATE; i++)
            mpfr_set(x[i], x0[i], MPFR_RNDN);
        mpfr_set_str(t, t0_str, 10, MPFR_RNDN);
        t0 = now();
        status = nhref_integrator_new(&ig, sys, &opt);
        t1 = now();
        if (status == NHREF_OK)
            status = nhref_integrate_until(ig, x[0], t, t_end, &stats);
        t2 = now();
        if (status != NHREF_OK) {
            ret = fail("integration", status);
            nhref_integrator_free(ig);
            muladd_clear(&mb);
            goto done;
        }
        nsteps = stats.nsteps;
        order = stats.order_max;
        nhref_integrator_free(ig);
        ig = NULL;
        t_new[r] = t1 - t0;
        t_run[r] = t2 - t1;
        t_tot[r] = t2 - t0;
        ma[r] = muladd_sample(&mb, 0);
        fm[r] = muladd_sample(&mb, 1);
        fprintf(stderr, "  %g digits, repetition %d/%d: %.4g s\n", digits, r + 1, reps, t_run[r]);
    }
    muladd_clear(&mb);
    exact = accuracy(&acc, x[0], ref[0]);

    /* the multiply-adds of the floor: nsteps * ops(N) */
    muladds = (double)nsteps * step_muladds(order);
    for (int r = 0; r < reps; r++)
        ratio[r] = t_run[r] / (muladds * ma[r]);
    tma = median(ma, (size_t)reps);
    floor_s = muladds * tma;
    {
        size_t n = (size_t)reps;
        double run_min = minimum(t_run, n), run_med = median(t_run, n);
        double tot_min = minimum(t_tot, n), tot_med = median(t_tot, n);

        printf("sleigh digits=%g prec=%ld order=%u nsteps=%lu keff=%zu ops=%.0f reps=%d T0=%s "
               "T=%s",
               digits, (long)prec, order, nsteps, keff, step_muladds(order), reps, t0_str, t_str);
        printf(" t_new=%.6g t_run=%.6g t_run_min=%.6g t_total=%.6g t_total_min=%.6g",
               median(t_new, n), run_med, run_min, tot_med, tot_min);
        printf(" acc=%s%.2f ns_muladd=%.4g ns_fma=%.4g floor=%.6g ratio=%.3g", exact ? ">=" : "",
               acc, 1e9 * tma, 1e9 * median(fm, n), floor_s, median(ratio, n));
        mpfr_printf(" x=%.40Rg\n", x[0]);
        /* the error 10^-acc, written with its decimal exponent (no double underflow) */
        double ex = ceil(acc);
        printf("result name=floor/sleigh/mpfr/%g measure=nhref/floor value=%.4f better_if=<1 "
               "nhref_s=%.6g peer_s=%.6g prec=%ld digits=%g tol=1e-%g T=%s err_nhref=%s%.3ge-%.0f "
               "err_peer=- peer=floor peer_version=MPFR-%s rounds=%d note=floor = nsteps %lu x "
               "%.0f multiply-adds per step (order %u: products k+1, square floor(k/2)+1, sin/cos "
               "pair 2k per coefficient k < N) x %.4g ns per mpfr_mul+mpfr_add; nhref's own "
               "operation count, not a lower bound%s%s%s\n",
               digits, median(ratio, n), run_med, floor_s, (long)prec, digits, digits, t_str,
               exact ? "<" : "", pow(10, ex - acc), ex, mpfr_get_version(), reps, nsteps,
               step_muladds(order), order, 1e9 * tma,
               full ? "" : "; shortened: from the oracle's state at t = ", full ? "" : t0_str,
               full ? "" : " to T (the run from 0 to " T_END " costs too long)");
        fflush(stdout);
    }

done:
    for (size_t i = 0; i < NSTATE; i++) {
        mpfr_clear(x[i]);
        mpfr_clear(ref[i]);
        mpfr_clear(x0[i]);
    }
    mpfr_clears(t, t_end, (mpfr_ptr)0);
    return ret;
}

/* the reference line for bench_mpmath.py */
static int print_reference(void)
{
    static const char *const name[NSTATE] = {"x", "y", "phi", "v", "omega"};
    mpfr_prec_t prec = (mpfr_prec_t)ceil((REF_DIGITS + 10) * log2(10.0)) + REF_EXTRA_BITS;
    mpfr_t r[NSTATE];
    int status;

    for (size_t i = 0; i < NSTATE; i++)
        mpfr_init2(r[i], prec);
    status = reference(r[0], prec, T_END);
    if (status == NHREF_OK) {
        printf("ref T=%s", T_END);
        for (size_t i = 0; i < NSTATE; i++)
            mpfr_printf(" %s=%.*Re", name[i], REF_DIGITS - 1, r[i]);
        printf("\n");
    }
    for (size_t i = 0; i < NSTATE; i++)
        mpfr_clear(r[i]);
    return status == NHREF_OK ? 0 : fail("oracle", status);
}

int main(int argc, char **argv)
{
    static const char *const defaults[] = {"30:15", "100:11", "300:5", "1000:1"};
    const char *const *level = defaults;
    int nlevel = (int)(sizeof defaults / sizeof defaults[0]);
    const nhref_model_t *model;
    nhref_system_t *sys = NULL;
    int status, ret = 0;

    if (argc > 1) {
        if (argc - 1 > MAX_LEVELS || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
            fprintf(stderr, "usage: bench_sleigh [DIGITS[:REPS[:[T0-]T]]]...  (at most %d)\n",
                    MAX_LEVELS);
            return 2;
        }
        level = (const char *const *)(argv + 1);
        nlevel = argc - 1;
    }

    model = nhref_model_find("chaplygin_sleigh");
    if (model == NULL)
        return fail("nhref_model_find(\"chaplygin_sleigh\")", NHREF_ENOTFOUND);
    status = nhref_system_new(&sys, model);
    if (status != NHREF_OK)
        return fail("nhref_system_new", status);
    if (nhref_tape_nnonlinear(nhref_system_rhs_tape(sys)) !=
        SLEIGH_PRODUCTS + SLEIGH_SQUARES + 2 * SLEIGH_SINCOS) {
        fprintf(stderr,
                "bench_sleigh: the sleigh's tape has %zu nonlinear operations, the floor's list "
                "%d (SLEIGH_PRODUCTS + SLEIGH_SQUARES + 2 SLEIGH_SINCOS): update the list\n",
                nhref_tape_nnonlinear(nhref_system_rhs_tape(sys)),
                SLEIGH_PRODUCTS + SLEIGH_SQUARES + 2 * SLEIGH_SINCOS);
        nhref_system_free(sys);
        return 1;
    }
    for (size_t i = 0; i < 3; i++) {
        status = nhref_system_set_param(sys, param_name[i], param_value[i]);
        if (status != NHREF_OK) {
            nhref_system_free(sys);
            return fail("nhref_system_set_param", status);
        }
    }

    printf("mpfr version=%s gmp=%s bits_per_limb=%d\n", mpfr_get_version(), gmp_version,
           mp_bits_per_limb);
    fflush(stdout);
    for (int l = 0; l < nlevel && ret == 0; l++) {
        char *end, t0_str[32] = "0";
        const char *t_str = T_END;
        double digits = strtod(level[l], &end), t_val = 10, t0_val = 0;
        long reps = 5;
        int bad = 0;

        if (*end == ':')
            reps = strtol(end + 1, &end, 10);
        if (*end == ':') {
            t_str = end + 1;
            t_val = strtod(t_str, &end);
            if (*end == '-') { /* T0-T */
                size_t k = (size_t)(end - t_str);
                bad = k == 0 || k >= sizeof t0_str;
                if (!bad) {
                    memcpy(t0_str, t_str, k);
                    t0_str[k] = '\0';
                }
                t0_val = t_val;
                t_str = end + 1;
                t_val = strtod(t_str, &end);
            }
        }
        if (bad || *end != '\0' || !(digits >= 1) || reps < 1 || reps > MAX_REPS ||
            !(t0_val >= 0) || !(t_val > t0_val) || t_val > 10) {
            fprintf(stderr,
                    "bench_sleigh: bad level '%s' (DIGITS[:REPS[:[T0-]T]], 1 <= REPS <= %d, "
                    "0 <= T0 < T <= %s)\n",
                    level[l], MAX_REPS, T_END);
            ret = 2;
            break;
        }
        ret = bench_level(sys, digits, (int)reps, t0_str, t_str);
    }
    if (ret == 0)
        ret = print_reference();
    nhref_system_free(sys);
    mpfr_free_cache();
    return ret;
}
