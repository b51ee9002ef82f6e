/* bench_heyoka.cpp -- nhref against heyoka (the reference Taylor integrator:
 * LLVM JIT, multiple precision through mp++ on MPFR), both in this one
 * process, on the Chaplygin sleigh and the figure skater.
 *
 * Optional: built by `make bench` only when configure found heyoka (set
 * HEYOKA_PREFIX; see docs/performance.md).  heyoka is a dependency of neither
 * the library nor `make check`.
 *
 * Cases (CASE arguments, PROBLEM:KIND:LEVEL):
 *   PROBLEM  sleigh     paper Fig. 2 (spec chaplygin-sleigh.md §10 PUB-1):
 *                       m = 2, J = 30, a = 1, (x, y, phi, v, omega)(0) =
 *                       (0, 0, 0, 0, 1), T = 10; reference: the oracle's
 *                       closed form (nhref_oracle_sleigh_state) at 64 bits
 *                       more than the integrators (at least 256 bits);
 *            skater     data/cases/skater.cases [C2] (spec skater.md §7 C2,
 *                       A1 = 0.1: not integrable), T = 10; reference: nhref's
 *                       MPFR Taylor scheme at max(2 D, 40) digits (D = 17 for
 *                       double), computed once per level.
 *   KIND     mp         MPFR at D = LEVEL digits: precision ceil(D log2 10) +
 *                       32 bits and tolerance 10^-D on both sides (nhref:
 *                       nhref_options_t.digits = D; heyoka: kw::prec, kw::tol,
 *                       compact mode, as its documentation advises for
 *                       mppp::real -- its default mode spends minutes in the
 *                       JIT at 30 digits);
 *            d          double, tolerance LEVEL (nhref's fast path with
 *                       nhref_options_t.digits = -log10(tol); heyoka's default mode);
 *            dha        the same with heyoka's kw::high_accuracy = true
 *                       (compensated sums, as nhref's fast path always uses):
 *                       the comparison at equal error near 1e-15.
 *   Both sides compute the Taylor order from the tolerance by the same
 *   formula, ceil(-ln(tol)/2 + 1), and take their step sizes by the same rule
 *   (Jorba & Zou, as heyoka); the record shows both orders and step counts.
 *   Equations: heyoka gets the right-hand sides written as nhref's model files
 *   write their tapes (src/models/chaplygin_sleigh.c, skater.c), in heyoka's
 *   own primitives where it has one (squares as pow(x, 2), n-ary sums, signs
 *   folded into constants: see sq() below), constants from the same decimal
 *   strings (correctly rounded at the working precision, or to double);
 *   nhref's model events are switched off (heyoka has none; the skater's
 *   event 'fall' is not reached in C2).
 *
 * Timing.  Each side is constructed once: nhref_integrator_new /
 * nhref_integrator_new_d (t_new) and heyoka's taylor_adaptive constructor (JIT
 * compilation, t_jit) are timed apart and excluded from the ratio.  One warm-up
 * integration per side fixes REPS, the integrations per sample (a sample lasts
 * at least MIN_SAMPLE seconds on the faster side).  Then ROUNDS rounds: each
 * round times one sample of each side, nhref first in odd rounds and heyoka
 * first in even ones, each integration resetting time and state and
 * integrating from 0 to T (nhref_integrate_until / nhref_integrate_until_d; heyoka's
 * propagate_until).  Times are CPU time of the process
 * (CLOCK_PROCESS_CPUTIME_ID), so that other processes on a shared machine
 * count as little as possible; the ratio is the median over the rounds of the
 * per-round ratio nhref time / heyoka time (< 1: nhref faster).  Rounds stop
 * early (at least 3) once BUDGET seconds of CPU have been spent on a case.
 * Every integration of a side must end on the same state bit for bit (both
 * are deterministic); the record says so (same=1).
 *
 * Error at T of both sides against the same reference:
 *   err = max_i |s_i(T) - ref_i| / max(1, |ref_i|)    (the golden files' measure)
 * computed in MPFR at the reference's precision; the ratio is at equal
 * accuracy only as far as err_nhref and err_heyoka agree, so both are printed.
 *
 * Fresh processes.  One process measures one instance of each side per case,
 * and about one heyoka double instance in ten runs 1.5-1.9x slower for its
 * whole life (issue 27), so the rounds of one process share its luck.
 * bench.sh therefore runs this program in several fresh processes, and
 * heyoka_merge.awk takes, per case, the median of the per-process medians and
 * writes the rows of results.tsv.
 *
 * Output (key=value records, one per line, values without spaces):
 *   heyoka version=.. mppp=.. cxx=..
 *   hycase case=.. problem=.. kind=.. prec=.. digits=.. tol=.. T=.. order_nhref=..
 *          order_heyoka=.. steps_nhref=.. steps_heyoka=.. t_new=.. t_jit=.. reps=..
 *          rounds=.. t_nhref=.. t_heyoka=.. ratio=.. ratio_lo=.. ratio_hi=..
 *          err_nhref=.. err_heyoka=.. same=0|1 ref=.. mode=compact|default|
 *          default+high_accuracy heyoka_version=..
 *   (t_new: nhref's construction, t_jit: heyoka's, CPU seconds; ratio: the
 *   median over this process's rounds, ratio_lo/hi their range)
 *
 * Usage: bench_heyoka [-r ROUNDS] [-s MIN_SAMPLE] [-b BUDGET] CASE...
 *        bench_heyoka --only nhref|heyoka [-n RUNS] CASE
 *            no timing: construct, then RUNS integrations of one side (for
 *            valgrind --tool=callgrind --toggle-collect=...; docs/performance.md)
 */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include <time.h>

#include <heyoka/config.hpp>
#include <heyoka/heyoka.hpp>
#include <mp++/config.hpp>
#include <mp++/real.hpp>

#include <mpfr.h>

#include "nhref_fast.h"
#include "nhref_integrate.h"
#include "nhref_model.h"
#include "nhref_oracle.h"
#include "nhref_status.h"

namespace hy = heyoka;

#define NSTATE_MAX 8

static double cpu_now()
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ------------------------------------------------------------------ the problems */

struct problem_t {
    const char *name;  /* sleigh | skater */
    const char *model; /* nhref model name */
    const char *const *pname;
    const char *const *pval;
    size_t npar;
    const char *const *x0;
    size_t n;
    const char *T;
};

static const char *const sleigh_pn[] = {"m", "J", "a"};
static const char *const sleigh_pv[] = {"2", "30", "1"};
static const char *const sleigh_x0[] = {"0", "0", "0", "0", "1"};
static const char *const skater_pn[] = {"m", "g", "I1", "I2", "I3", "A1", "A2", "A3"};
static const char *const skater_pv[] = {"50", "-9.81", "15.95", "13.56", "3.99", "0.1", "0.12", "0.875"};
static const char *const skater_x0[] = {"0", "0.01", "1.25", "0.5", "0", "0", "0"};

static const problem_t problems[] = {
    {"sleigh", "chaplygin_sleigh", sleigh_pn, sleigh_pv, 3, sleigh_x0, 5, "10"},
    {"skater", "skater", skater_pn, skater_pv, 8, skater_x0, 7, "10"},
};

typedef std::vector<std::pair<hy::expression, hy::expression>> sys_t;
/* a constant of the model: its decimal string at the working precision */
typedef std::function<hy::expression(const char *)> num_t;

/* heyoka's own best formulation of nhref's tapes: the same operations, in
 * heyoka's primitives where it has one for them:
 *   - nhref's SQR(x) is heyoka's square, pow(x, 2) (heyoka 7.2.1 has no
 *     square() function: pow with the exponent 2 takes its square kernel,
 *     taylor_diff_square_impl, floor(k/2) + 1 products at order k, as nhref's
 *     SQR; x * x would be a general product, k + 1);
 *   - a sum of three terms or more is one n-ary hy::sum (one node, one
 *     function call per order in compact mode, instead of a chain);
 *   - a negated product whose other factor is a constant takes the sign into
 *     the constant (-g) * (...), folded when the equations are built, instead
 *     of a product by -1 (nhref's NEG, exact in both).
 * heyoka's own passes do the rest: constants folded (numbers only), common
 * subexpressions shared, subtractions from sums with -1 * x terms, sin and
 * cos of one argument computed together, products by pow(x, -1) made
 * divisions, sums of squares (pow(a, 2) + pow(b, 2)) its sum_sq kernel. */
static hy::expression sq(const hy::expression &x, const num_t &num)
{
    return hy::pow(x, num("2"));
}

/* The sleigh as src/models/chaplygin_sleigh.c writes it:
 *   x' = v cos phi, y' = v sin phi, phi' = omega, v' = a omega^2 (SQR),
 *   omega' = -g (v omega) (NEG),  g = m a / (J + m a^2) (a number here). */
static sys_t sleigh_sys(const num_t &num)
{
    auto [x, y, phi, v, omega] = hy::make_vars("x", "y", "phi", "v", "omega");
    hy::expression m = num("2"), J = num("30"), a = num("1");
    hy::expression g = (m * a) / (J + m * (a * a)); /* numbers: folded */
    return {hy::prime(x) = v * hy::cos(phi), hy::prime(y) = v * hy::sin(phi),
            hy::prime(phi) = omega, hy::prime(v) = a * sq(omega, num),
            hy::prime(omega) = (-g) * (v * omega)};
}

/* The skater as src/models/skater.c writes it (spec skater.md §2.2-2.3);
 * its SQR nodes are sq() here, its NEG(ADD(ma1 X, Y)) the sum -ma1 X - Y. */
static sys_t skater_sys(const num_t &num)
{
    auto [th, w1, w2, v, psi, r1, r2]
        = hy::make_vars("theta", "Omega1", "Omega2", "v", "psi", "r1", "r2");
    hy::expression m = num("50"), g = num("-9.81"), i1 = num("15.95"), i2 = num("13.56"),
                   i3 = num("3.99"), a1 = num("0.1"), a2 = num("0.12"), a3 = num("0.875"),
                   two = num("2");
    /* numbers (folded): m a1, d, It1 */
    hy::expression ma1 = m * a1, d = i2 - i3, it1 = i1 + m * (a2 * a2 + a3 * a3);
    hy::expression s = hy::sin(th), c = hy::cos(th), sc = s * c;
    hy::expression phi = a3 * s - a2 * c, dphi = a2 * s + a3 * c;
    hy::expression ig = i2 * sq(s, num) + i3 * sq(c, num);
    hy::expression a22 = ig + ma1 * a1;
    hy::expression ma1dphi = ma1 * dphi, mdphi = m * dphi;
    hy::expression delta = it1 * a22 - sq(ma1dphi, num);
    hy::expression w1s = sq(w1, num), w2s = sq(w2, num), w12 = w1 * w2, vw2 = v * w2;
    hy::expression f1 = hy::sum({w2s * (d * sc + mdphi * phi), mdphi * vw2, (m * g) * phi});
    hy::expression f2 = (-ma1) * (phi * (w1s + w2s) + vw2) - (two * d) * (sc * w12);
    hy::expression dw1 = (a22 * f1 + ma1dphi * f2) / delta;
    hy::expression dw2 = (it1 * f2 + ma1dphi * f1) / delta;
    hy::expression dv = hy::sum({a1 * w2s, -((two * dphi) * w12), -(phi * dw2)});
    return {hy::prime(th) = w1,  hy::prime(w1) = dw1,           hy::prime(w2) = dw2,
            hy::prime(v) = dv,   hy::prime(psi) = w2,           hy::prime(r1) = v * hy::cos(psi),
            hy::prime(r2) = v * hy::sin(psi)};
}

static sys_t problem_sys(const problem_t &pb, const num_t &num)
{
    return std::strcmp(pb.name, "sleigh") == 0 ? sleigh_sys(num) : skater_sys(num);
}

/* ------------------------------------------------------------------ nhref side
 * Every call into nhref's integrators is in this section (the MPFR API, and the
 * double fast path nhref_*_d). */

static int nh_fail(const char *what, int status)
{
    std::fprintf(stderr, "bench_heyoka: nhref: %s: %s\n", what, nhref_strerror(status));
    return 1;
}

static int nh_system(nhref_system_t **sys, const problem_t &pb)
{
    const nhref_model_t *model = nhref_model_find(pb.model);
    if (model == nullptr)
        return nh_fail(pb.model, NHREF_ENOTFOUND);
    int status = nhref_system_new(sys, model);
    for (size_t i = 0; status == NHREF_OK && i < pb.npar; i++)
        status = nhref_system_set_param(*sys, pb.pname[i], pb.pval[i]);
    return status == NHREF_OK ? 0 : nh_fail("system", status);
}

/* the MPFR Taylor scheme at DIGITS: construct once, integrate many times */
struct nh_mp_t {
    nhref_integrator_t *ig = nullptr;
    size_t n = 0;
    mpfr_prec_t prec = 0;
    mpfr_t x0[NSTATE_MAX], x[NSTATE_MAX], t, t_end;
    unsigned long nsteps = 0;
    unsigned order = 0;
};

static int nh_mp_new(nh_mp_t *s, const nhref_system_t *sys, const problem_t &pb, double digits)
{
    nhref_options_t opt;
    nhref_options_default(&opt);
    opt.digits = digits;
    opt.no_model_events = 1;
    int status = nhref_options_resolve(&opt);
    if (status != NHREF_OK)
        return nh_fail("nhref_options_resolve", status);
    s->n = pb.n;
    s->prec = opt.prec;
    for (size_t i = 0; i < s->n; i++) {
        mpfr_inits2(s->prec, s->x0[i], s->x[i], (mpfr_ptr)0);
        mpfr_set_str(s->x0[i], pb.x0[i], 10, MPFR_RNDN);
    }
    mpfr_inits2(s->prec, s->t, s->t_end, (mpfr_ptr)0);
    mpfr_set_str(s->t_end, pb.T, 10, MPFR_RNDN);
    status = nhref_integrator_new(&s->ig, sys, &opt);
    return status == NHREF_OK ? 0 : nh_fail("nhref_integrator_new", status);
}

static int nh_mp_run(nh_mp_t *s)
{
    nhref_stats_t stats;
    for (size_t i = 0; i < s->n; i++)
        mpfr_set(s->x[i], s->x0[i], MPFR_RNDN);
    mpfr_set_zero(s->t, 1);
    int status = nhref_integrate_until(s->ig, s->x[0], s->t, s->t_end, &stats);
    s->nsteps = stats.nsteps;
    s->order = stats.order_max;
    return status == NHREF_OK ? 0 : nh_fail("nhref_integrate_until", status);
}

static void nh_mp_free(nh_mp_t *s)
{
    nhref_integrator_free(s->ig);
    for (size_t i = 0; i < s->n; i++)
        mpfr_clears(s->x0[i], s->x[i], (mpfr_ptr)0);
    if (s->prec != 0)
        mpfr_clears(s->t, s->t_end, (mpfr_ptr)0);
}

/* the double fast path (Taylor) at tolerance TOL */
struct nh_d_t {
    nhref_integrator_d_t *f = nullptr;
    size_t n = 0;
    double x0[NSTATE_MAX], x[NSTATE_MAX], T = 0;
    unsigned long nsteps = 0;
    unsigned order = 0;
};

static int nh_d_new(nh_d_t *s, const nhref_system_t *sys, const problem_t &pb, double tol)
{
    nhref_options_t opt;
    nhref_options_default(&opt);
    opt.scheme = "taylor";
    opt.digits = -std::log10(tol);
    opt.no_model_events = 1; /* heyoka has none */
    s->n = pb.n;
    for (size_t i = 0; i < s->n; i++)
        s->x0[i] = std::strtod(pb.x0[i], nullptr);
    s->T = std::strtod(pb.T, nullptr);
    int status = nhref_integrator_new_d(&s->f, sys, &opt);
    return status == NHREF_OK ? 0 : nh_fail("nhref_integrator_new_d", status);
}

static int nh_d_run(nh_d_t *s)
{
    nhref_stats_t stats;
    double t = 0;
    std::memcpy(s->x, s->x0, s->n * sizeof s->x[0]);
    int status = nhref_integrate_until_d(s->f, s->x, &t, &s->T, &stats);
    s->nsteps = stats.nsteps;
    s->order = stats.order_max;
    return status == NHREF_OK ? 0 : nh_fail("nhref_integrate_until_d", status);
}

static void nh_d_free(nh_d_t *s)
{
    nhref_integrator_free_d(s->f);
}

/* ------------------------------------------------------------------ references */

/* REF (pb.n values at their precision): the state at T.  The sleigh: the
 * oracle's closed form; the skater: nhref's MPFR Taylor scheme at DIGITS. */
static int reference(mpfr_ptr ref, const problem_t &pb, const nhref_system_t *sys, double digits,
                     std::string *src)
{
    mpfr_prec_t prec = mpfr_get_prec(ref);
    if (std::strcmp(pb.name, "sleigh") == 0) {
        /* the closed form through the oracle registry (as bench_sleigh.c) */
        const nhref_oracle_t *oracle = nhref_oracle_find("chaplygin_sleigh");
        if (oracle == nullptr || oracle->solution_new == nullptr)
            return nh_fail("the sleigh's oracle", NHREF_ENOTFOUND);
        mpfr_t p[3], s0[5], t;
        void *o = nullptr;
        for (size_t i = 0; i < 3; i++) {
            mpfr_init2(p[i], prec);
            mpfr_set_str(p[i], pb.pval[i], 10, MPFR_RNDN);
        }
        for (size_t i = 0; i < 5; i++) {
            mpfr_init2(s0[i], prec);
            mpfr_set_str(s0[i], pb.x0[i], 10, MPFR_RNDN);
        }
        mpfr_init2(t, prec);
        mpfr_set_str(t, pb.T, 10, MPFR_RNDN);
        int status = oracle->solution_new(&o, p[0], s0[0], prec);
        if (status == NHREF_OK)
            status = oracle->solution_state(ref, o, t);
        if (o != nullptr)
            oracle->solution_free(o);
        for (size_t i = 0; i < 3; i++)
            mpfr_clear(p[i]);
        for (size_t i = 0; i < 5; i++)
            mpfr_clear(s0[i]);
        mpfr_clear(t);
        *src = "oracle-" + std::to_string((long)prec) + "bits";
        return status == NHREF_OK ? 0 : nh_fail("oracle", status);
    }
    nh_mp_t s;
    std::fprintf(stderr, "bench_heyoka: reference for %s: nhref at %g digits\n", pb.name, digits);
    int ret = nh_mp_new(&s, sys, pb, digits);
    if (ret == 0)
        ret = nh_mp_run(&s);
    if (ret == 0)
        for (size_t i = 0; i < pb.n; i++)
            mpfr_set(ref + i, s.x[i], MPFR_RNDN);
    nh_mp_free(&s);
    char buf[64];
    std::snprintf(buf, sizeof buf, "nhref-taylor-%gdigits", digits);
    *src = buf;
    return ret;
}

/* max_i |s_i - r_i| / max(1, |r_i|) at the precision of R (S: N values), as
 * a decimal string of 3 digits (an MPFR exponent: no underflow at 400 digits) */
static std::string error_of(mpfr_srcptr s, mpfr_srcptr r, size_t n)
{
    mpfr_t e, d, worst;
    mpfr_inits2(mpfr_get_prec(r), e, d, worst, (mpfr_ptr)0);
    mpfr_set_zero(worst, 1);
    for (size_t i = 0; i < n; i++) {
        mpfr_sub(e, s + i, r + i, MPFR_RNDN);
        mpfr_abs(e, e, MPFR_RNDN);
        mpfr_abs(d, r + i, MPFR_RNDN);
        if (mpfr_cmp_ui(d, 1) < 0)
            mpfr_set_ui(d, 1, MPFR_RNDN);
        mpfr_div(e, e, d, MPFR_RNDN);
        if (mpfr_greater_p(e, worst))
            mpfr_set(worst, e, MPFR_RNDN);
    }
    char buf[64];
    mpfr_snprintf(buf, sizeof buf, "%.3RUg", worst);
    mpfr_clears(e, d, worst, (mpfr_ptr)0);
    return buf;
}

/* ------------------------------------------------------------------ one case */

struct opts_t {
    int rounds = 9;
    double min_sample = 0.05;
    double budget = 20;
    int only = 0; /* 1 nhref, 2 heyoka: no timing */
    long runs = 10;
};

struct case_t {
    std::string spec;
    const problem_t *pb = nullptr;
    std::string kind;  /* mp | d | dha */
    std::string level_str; /* LEVEL as given */
    double level = 0;  /* digits (mp) or tolerance */
};

/* the per-case state the timing loop needs from each side */
struct side_t {
    std::function<int()> run;        /* one integration (reset + integrate) */
    std::function<int()> same_as_first; /* 1 if the last run ended on the first run's state */
    std::function<std::string()> err; /* error of the last run */
    std::function<unsigned long()> steps;
    std::function<unsigned()> order;
};

/* time REPS runs of SIDE; -1 on failure */
static double sample(side_t &side, long reps)
{
    double t0 = cpu_now();
    for (long k = 0; k < reps; k++)
        if (side.run() != 0)
            return -1;
    return (cpu_now() - t0) / (double)reps;
}

static int time_case(const case_t &c, const opts_t &o, side_t &nh, side_t &he, double t_new,
                     double t_jit, mpfr_prec_t prec, const std::string &ref_src)
{
    if (o.only != 0) {
        side_t &s = o.only == 1 ? nh : he;
        for (long k = 0; k < o.runs; k++)
            if (s.run() != 0)
                return 1;
        std::printf("only side=%s case=%s runs=%ld steps=%lu order=%u err=%s\n",
                    o.only == 1 ? "nhref" : "heyoka", c.spec.c_str(), o.runs, s.steps(), s.order(),
                    s.err().c_str());
        return 0;
    }
    /* warm-up: one run each, untimed except to size the samples */
    double w0 = cpu_now();
    if (nh.run() != 0)
        return 1;
    double w1 = cpu_now();
    if (he.run() != 0)
        return 1;
    double w2 = cpu_now();
    double fastest = std::max(1e-7, std::min(w1 - w0, w2 - w1));
    long reps = std::max(1L, (long)std::ceil(o.min_sample / fastest));
    std::vector<double> tn, th, ratio;
    int same = 1;
    double spent = 0;
    for (int r = 1; r <= o.rounds; r++) {
        double a, b, s0 = cpu_now();
        if (r % 2) {
            a = sample(nh, reps);
            b = sample(he, reps);
        } else {
            b = sample(he, reps);
            a = sample(nh, reps);
        }
        if (a < 0 || b < 0)
            return 1;
        same &= nh.same_as_first() & he.same_as_first();
        tn.push_back(a);
        th.push_back(b);
        ratio.push_back(a / b);
        spent += cpu_now() - s0;
        std::fprintf(stderr, "  heyoka %s round %d/%d: nhref %.4g s, heyoka %.4g s, ratio %.3f\n",
                     c.spec.c_str(), r, o.rounds, a, b, a / b);
        if (r >= 3 && spent > o.budget)
            break;
    }
    double rm = median(ratio);
    double lo = *std::min_element(ratio.begin(), ratio.end());
    double hi = *std::max_element(ratio.begin(), ratio.end());
    std::string en = nh.err(), eh = he.err();
    char cond[64];
    if (c.kind == "mp")
        std::snprintf(cond, sizeof cond, "prec=%ld digits=%s tol=1e-%s", (long)prec, c.level_str.c_str(),
                      c.level_str.c_str());
    else
        std::snprintf(cond, sizeof cond, "prec=53 digits=- tol=%s", c.level_str.c_str());
    const char *mode = c.kind == "mp"    ? "compact"
                       : c.kind == "dha" ? "default+high_accuracy"
                                         : "default";
    std::printf("hycase case=%s problem=%s kind=%s %s T=%s order_nhref=%u order_heyoka=%u "
                "steps_nhref=%lu steps_heyoka=%lu t_new=%.4g t_jit=%.4g reps=%ld rounds=%zu "
                "t_nhref=%.6g t_heyoka=%.6g ratio=%.4f ratio_lo=%.4f ratio_hi=%.4f err_nhref=%s "
                "err_heyoka=%s same=%d ref=%s mode=%s heyoka_version=%s\n",
                c.spec.c_str(), c.pb->name, c.kind.c_str(), cond, c.pb->T, nh.order(), he.order(),
                nh.steps(), he.steps(), t_new, t_jit, reps, ratio.size(), median(tn), median(th),
                rm, lo, hi, en.c_str(), eh.c_str(), same, ref_src.c_str(), mode,
                HEYOKA_VERSION_STRING);
    std::fflush(stdout);
    return 0;
}

/* The MPFR case: both sides at D digits. */
static int run_mp(const case_t &c, const opts_t &o, const nhref_system_t *sys)
{
    const problem_t &pb = *c.pb;
    double D = c.level;
    nh_mp_t nh;
    int ret = nh_mp_new(&nh, sys, pb, D);
    if (ret != 0) {
        nh_mp_free(&nh);
        return ret;
    }
    mpfr_prec_t prec = nh.prec;
    /* the reference */
    double refd = std::max(2 * D, 40.0);
    mpfr_prec_t refprec = std::max<mpfr_prec_t>(prec + 64, 256);
    if (std::strcmp(pb.name, "sleigh") != 0)
        refprec = (mpfr_prec_t)std::ceil(refd * std::log2(10.0)) + 64;
    mpfr_t ref[NSTATE_MAX];
    for (size_t i = 0; i < pb.n; i++)
        mpfr_init2(ref[i], refprec);
    std::string ref_src;
    ret = reference(ref[0], pb, sys, refd, &ref_src);

    if (ret == 0) {
        try {
            /* heyoka, constructed once (JIT) */
            num_t num = [prec](const char *dec) { return hy::expression(mppp::real(dec, prec)); };
            std::vector<mppp::real> x0;
            for (size_t i = 0; i < pb.n; i++)
                x0.emplace_back(pb.x0[i], prec);
            mppp::real tol = mppp::pow(mppp::real(10, prec), mppp::real(-D, prec));
            double j0 = cpu_now();
            hy::taylor_adaptive<mppp::real> ta(problem_sys(pb, num), x0, hy::kw::tol = tol,
                                               hy::kw::prec = prec, hy::kw::compact_mode = true);
            double j1 = cpu_now();
            double t_new = 0;
            {
                /* nhref's construction time: a second integrator, timed */
                nh_mp_t tmp;
                double n0 = cpu_now();
                nh_mp_new(&tmp, sys, pb, D);
                t_new = cpu_now() - n0;
                nh_mp_free(&tmp);
            }
            mppp::real T(pb.T, prec), zero(0, prec);
            unsigned long hsteps = 0;
            std::vector<mppp::real> hfirst, nfirst;
            mpfr_t xs[NSTATE_MAX];
            for (size_t i = 0; i < pb.n; i++)
                mpfr_init2(xs[i], prec);

            side_t nside, hside;
            nside.run = [&]() { return nh_mp_run(&nh); };
            nside.steps = [&]() { return nh.nsteps; };
            nside.order = [&]() { return nh.order; };
            nside.err = [&]() { return error_of(nh.x[0], ref[0], pb.n); };
            nside.same_as_first = [&]() {
                if (nfirst.empty()) {
                    for (size_t i = 0; i < pb.n; i++)
                        nfirst.emplace_back(mppp::real(nh.x[i]));
                    return 1;
                }
                for (size_t i = 0; i < pb.n; i++)
                    if (!mpfr_equal_p(nfirst[i].get_mpfr_t(), nh.x[i]))
                        return 0;
                return 1;
            };
            hside.run = [&]() {
                ta.set_time(zero);
                std::copy(x0.begin(), x0.end(), ta.get_state_data());
                auto res = ta.propagate_until(T);
                hsteps = (unsigned long)std::get<3>(res);
                if (std::get<0>(res) != hy::taylor_outcome::time_limit) {
                    std::fprintf(stderr, "bench_heyoka: heyoka stopped before T\n");
                    return 1;
                }
                return 0;
            };
            hside.steps = [&]() { return hsteps; };
            hside.order = [&]() { return (unsigned)ta.get_order(); };
            hside.err = [&]() {
                for (size_t i = 0; i < pb.n; i++)
                    mpfr_set(xs[i], ta.get_state()[i].get_mpfr_t(), MPFR_RNDN);
                return error_of(xs[0], ref[0], pb.n);
            };
            hside.same_as_first = [&]() {
                if (hfirst.empty()) {
                    hfirst = ta.get_state();
                    return 1;
                }
                for (size_t i = 0; i < pb.n; i++)
                    if (!mpfr_equal_p(hfirst[i].get_mpfr_t(), ta.get_state()[i].get_mpfr_t()))
                        return 0;
                return 1;
            };
            ret = time_case(c, o, nside, hside, t_new, j1 - j0, prec, ref_src);
            for (size_t i = 0; i < pb.n; i++)
                mpfr_clear(xs[i]);
        } catch (const std::exception &e) {
            std::fprintf(stderr, "bench_heyoka: %s: heyoka: %s\n", c.spec.c_str(), e.what());
            ret = 1;
        }
    }
    for (size_t i = 0; i < pb.n; i++)
        mpfr_clear(ref[i]);
    nh_mp_free(&nh);
    return ret;
}

/* The double case: nhref's fast path against heyoka<double>. */
static int run_d(const case_t &c, const opts_t &o, const nhref_system_t *sys)
{
    const problem_t &pb = *c.pb;
    double tol = c.level;
    nh_d_t nh;
    double n0 = cpu_now();
    int ret = nh_d_new(&nh, sys, pb, tol);
    double t_new = cpu_now() - n0;
    if (ret != 0) {
        nh_d_free(&nh);
        return ret;
    }
    /* reference at 40 digits: far below every double error */
    mpfr_prec_t refprec = 256;
    mpfr_t ref[NSTATE_MAX], xs[NSTATE_MAX];
    for (size_t i = 0; i < pb.n; i++) {
        mpfr_init2(ref[i], refprec);
        mpfr_init2(xs[i], 53);
    }
    std::string ref_src;
    ret = reference(ref[0], pb, sys, 40, &ref_src);
    if (ret == 0) {
        try {
            num_t num = [](const char *dec) { return hy::expression(std::strtod(dec, nullptr)); };
            std::vector<double> x0(nh.x0, nh.x0 + pb.n);
            double j0 = cpu_now();
            hy::taylor_adaptive<double> ta(problem_sys(pb, num), x0, hy::kw::tol = tol,
                                           hy::kw::high_accuracy = (c.kind == "dha"));
            double j1 = cpu_now();
            unsigned long hsteps = 0;
            std::vector<double> hfirst, nfirst;
            side_t nside, hside;
            nside.run = [&]() { return nh_d_run(&nh); };
            nside.steps = [&]() { return nh.nsteps; };
            nside.order = [&]() { return nh.order; };
            nside.err = [&]() {
                for (size_t i = 0; i < pb.n; i++)
                    mpfr_set_d(xs[i], nh.x[i], MPFR_RNDN);
                return error_of(xs[0], ref[0], pb.n);
            };
            nside.same_as_first = [&]() {
                if (nfirst.empty()) {
                    nfirst.assign(nh.x, nh.x + pb.n);
                    return 1;
                }
                return std::memcmp(nfirst.data(), nh.x, pb.n * sizeof(double)) == 0 ? 1 : 0;
            };
            hside.run = [&]() {
                ta.set_time(0.);
                std::copy(x0.begin(), x0.end(), ta.get_state_data());
                auto res = ta.propagate_until(nh.T);
                hsteps = (unsigned long)std::get<3>(res);
                if (std::get<0>(res) != hy::taylor_outcome::time_limit) {
                    std::fprintf(stderr, "bench_heyoka: heyoka stopped before T\n");
                    return 1;
                }
                return 0;
            };
            hside.steps = [&]() { return hsteps; };
            hside.order = [&]() { return (unsigned)ta.get_order(); };
            hside.err = [&]() {
                for (size_t i = 0; i < pb.n; i++)
                    mpfr_set_d(xs[i], ta.get_state()[i], MPFR_RNDN);
                return error_of(xs[0], ref[0], pb.n);
            };
            hside.same_as_first = [&]() {
                if (hfirst.empty()) {
                    hfirst = ta.get_state();
                    return 1;
                }
                return std::memcmp(hfirst.data(), ta.get_state().data(), pb.n * sizeof(double)) == 0
                           ? 1
                           : 0;
            };
            ret = time_case(c, o, nside, hside, t_new, j1 - j0, 53, ref_src);
        } catch (const std::exception &e) {
            std::fprintf(stderr, "bench_heyoka: %s: heyoka: %s\n", c.spec.c_str(), e.what());
            ret = 1;
        }
    }
    for (size_t i = 0; i < pb.n; i++)
        mpfr_clears(ref[i], xs[i], (mpfr_ptr)0);
    nh_d_free(&nh);
    return ret;
}

/* ------------------------------------------------------------------ main */

static int usage()
{
    std::fprintf(stderr,
                 "usage: bench_heyoka [-r ROUNDS] [-s MIN_SAMPLE] [-b BUDGET] CASE...\n"
                 "       bench_heyoka --only nhref|heyoka [-n RUNS] CASE\n"
                 "  CASE = PROBLEM:KIND:LEVEL, PROBLEM sleigh|skater, KIND mp (LEVEL = digits,\n"
                 "         1..1000), d or dha (LEVEL = tolerance, 1e-16..1e-3)\n"
                 "  e.g. sleigh:mp:30 skater:d:1e-12 sleigh:dha:1e-15\n");
    return 2;
}

static int parse_case(case_t *c, const char *arg)
{
    std::string s(arg);
    size_t a = s.find(':'), b = a == std::string::npos ? a : s.find(':', a + 1);
    if (b == std::string::npos)
        return -1;
    std::string name = s.substr(0, a), level = s.substr(b + 1);
    c->spec = s;
    c->kind = s.substr(a + 1, b - a - 1);
    c->pb = nullptr;
    for (const problem_t &pb : problems)
        if (name == pb.name)
            c->pb = &pb;
    char *end;
    c->level = std::strtod(level.c_str(), &end);
    c->level_str = level;
    if (c->pb == nullptr || *end != '\0' || level.empty())
        return -1;
    if (c->kind == "mp")
        return c->level >= 1 && c->level <= 1000 ? 0 : -1;
    if (c->kind == "d" || c->kind == "dha")
        return c->level >= 1e-16 && c->level <= 1e-3 ? 0 : -1;
    return -1;
}

int main(int argc, char **argv)
{
    opts_t o;
    std::vector<case_t> cases;
    for (int i = 1; i < argc; i++) {
        std::string a(argv[i]);
        char *end = nullptr;
        if ((a == "-r" || a == "-s" || a == "-b" || a == "-n" || a == "--only") && i + 1 < argc) {
            const char *v = argv[++i];
            if (a == "--only") {
                o.only = std::strcmp(v, "nhref") == 0 ? 1 : std::strcmp(v, "heyoka") == 0 ? 2 : -1;
                if (o.only < 0)
                    return usage();
                continue;
            }
            double x = std::strtod(v, &end);
            if (*end != '\0' || !(x > 0))
                return usage();
            if (a == "-r")
                o.rounds = (int)x;
            else if (a == "-s")
                o.min_sample = x;
            else if (a == "-b")
                o.budget = x;
            else
                o.runs = (long)x;
        } else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else {
            case_t c;
            if (parse_case(&c, argv[i]) != 0) {
                std::fprintf(stderr, "bench_heyoka: bad case '%s'\n", argv[i]);
                return usage();
            }
            cases.push_back(c);
        }
    }
    if (cases.empty() || o.rounds < 1 || (o.only != 0 && cases.size() != 1))
        return usage();
    std::printf("heyoka version=%s mppp=%s cxx=%s\n", HEYOKA_VERSION_STRING, MPPP_VERSION_STRING,
                __VERSION__);
    std::fflush(stdout);
    int ret = 0;
    for (const case_t &c : cases) {
        nhref_system_t *sys = nullptr;
        if (nh_system(&sys, *c.pb) != 0)
            return 1;
        std::fprintf(stderr, "bench_heyoka: %s\n", c.spec.c_str());
        ret |= c.kind == "mp" ? run_mp(c, o, sys) : run_d(c, o, sys);
        nhref_system_free(sys);
    }
    mpfr_free_cache();
    return ret;
}
