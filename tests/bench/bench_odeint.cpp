/* bench_odeint.cpp -- the peer in multiple precision: Boost.odeint with
 * Boost.Multiprecision's MPFR numbers (number<mpfr_float_backend<50>>, 50
 * decimal digits = 168 bits) on the Chaplygin sleigh, timed and with its
 * accuracy measured exactly as bench_peers.c measures nhref's MPFR Taylor
 * scheme, in the same record format.
 *
 * Not part of the build: bench.sh compiles it on the fly
 * ($CXX -O2 bench_odeint.cpp -lmpfr -lgmp) and leaves the odeint rows out,
 * saying why, when that fails (libboost-dev missing).  Boost is a dependency
 * of neither the library nor `make check`.
 *
 * Case: the paper's Figure 2 (spec shared/models/chaplygin-sleigh.md §10
 * PUB-1, right-hand side of spec §3.1): m = 2, J = 30, a = 1,
 *   x' = v cos phi, y' = v sin phi, phi' = omega, v' = a omega^2,
 *   omega' = -(m a / (J + m a^2)) v omega        (m a / (J + m a^2) computed once),
 * from (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1) to T, state std::array of 5.
 *
 * Steppers (METHOD:TOL arguments, abs = rel tolerance TOL, first dt 0.1,
 * integrate_adaptive):
 *   bs     bulirsch_stoer (extrapolation, orders up to 18: odeint's best at
 *          high accuracy -- at 50 digits, rkf78 needs ~10x more time at 1e-30)
 *   rkf78  controlled runge_kutta_fehlberg78 (for comparison, at loose TOL)
 * Numbers: number<mpfr_float_backend<50, allocate_stack>, et_off> (MPFR
 * numbers inside the object, no heap allocation per temporary; expression
 * templates off, as odeint's algebra needs).  NHREF_ODEINT_DYNAMIC=1 at
 * compile time selects Boost's default allocate_dynamic instead.
 * Boost 1.74's odeint cannot extract the value type of a Boost.Multiprecision
 * number (number<>::value_type is the number itself: infinite recursion in
 * odeint::detail::extract_value_type); the specialisation below stops it.
 *
 * Timing, as bench_peers.c: one sample = integrations repeated until
 * MIN_SAMPLE seconds of process CPU time were spent in integrate_adaptive (at
 * least one), stepper construction excluded (t_new).  Accuracy: min over the
 * components of -log10(|s_i - ref_i| / max(1, |ref_i|)) computed at 150
 * digits.
 *
 * Usage: bench_odeint T REF MIN_SAMPLE METHOD:TOL...   (REF = "x,y,phi,v,omega" at T)
 * Output:
 *   odeint boost=.. digits10=50 prec=168 alloc=stack|dynamic
 *   peer impl=odeint-METHOD T=.. tol=.. prec=.. t=.. n=.. t_new=.. err=.. acc=.. nsteps=.. nfev=.. x=..
 */
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <time.h>

#include <boost/multiprecision/mpfr.hpp>
#include <boost/numeric/odeint/algebra/detail/extract_value_type.hpp>
#include <boost/version.hpp>

namespace bmp = boost::multiprecision;

#ifdef NHREF_ODEINT_DYNAMIC
#define NHREF_MPFR_ALLOCATION bmp::allocate_dynamic
#define NHREF_MPFR_ALLOCATION_NAME "dynamic"
#else
#define NHREF_MPFR_ALLOCATION bmp::allocate_stack
#define NHREF_MPFR_ALLOCATION_NAME "stack"
#endif

typedef bmp::number<bmp::mpfr_float_backend<50, NHREF_MPFR_ALLOCATION>, bmp::et_off> real_t;
typedef bmp::number<bmp::mpfr_float_backend<150>> big_t;
typedef std::array<real_t, 5> state_t;

namespace boost {
namespace numeric {
namespace odeint {
namespace detail {
template <> struct extract_value_type<real_t, void> {
    typedef real_t type;
};
} // namespace detail
} // namespace odeint
} // namespace numeric
} // namespace boost

#include <boost/numeric/odeint.hpp>

namespace ode = boost::numeric::odeint;

static double cpu_now()
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

struct sleigh_rhs {
    real_t a, g; /* a and m a / (J + m a^2) */
    unsigned long *nfev;
    void operator()(const state_t &s, state_t &ds, const real_t & /* t */) const
    {
        ++*nfev;
        ds[0] = s[3] * cos(s[2]);
        ds[1] = s[3] * sin(s[2]);
        ds[2] = s[4];
        ds[3] = a * s[4] * s[4];
        ds[4] = -g * s[3] * s[4];
    }
};

/* max_i |s_i - r_i| / max(1, |r_i|) at 150 digits */
static big_t error_of(const state_t &s, const std::array<big_t, 5> &ref)
{
    big_t worst = 0;
    for (size_t i = 0; i < 5; i++) {
        big_t d = abs(ref[i]) > 1 ? big_t(abs(ref[i])) : big_t(1);
        big_t e = abs(big_t(s[i]) - ref[i]) / d;
        if (e > worst)
            worst = e;
    }
    return worst;
}

static int sample(double T, const std::array<big_t, 5> &ref, double min_sample,
                  const std::string &method, const std::string &tol_str)
{
    unsigned long nfev = 0;
    const real_t m = 2, J = 30, a = 1;
    sleigh_rhs f = {a, m * a / (J + m * a * a), &nfev};
    const real_t tol(tol_str), t_end(T), dt0("0.1");
    double sum_run = 0, sum_new = 0;
    size_t nsteps = 0;
    long n = 0;
    state_t s;

    if (method != "bs" && method != "rkf78") {
        std::fprintf(stderr, "bench_odeint: unknown method '%s' (bs or rkf78)\n", method.c_str());
        return 1;
    }
    do {
        s = state_t{{0, 0, 0, 0, 1}};
        nfev = 0;
        double t0 = cpu_now(), t1, t2;
        if (method == "bs") {
            ode::bulirsch_stoer<state_t, real_t, state_t, real_t> stepper(tol, tol);
            t1 = cpu_now();
            nsteps = ode::integrate_adaptive(stepper, f, s, real_t(0), t_end, dt0);
            t2 = cpu_now();
        } else {
            auto stepper = ode::make_controlled(
                tol, tol, ode::runge_kutta_fehlberg78<state_t, real_t, state_t, real_t>());
            t1 = cpu_now();
            nsteps = ode::integrate_adaptive(stepper, f, s, real_t(0), t_end, dt0);
            t2 = cpu_now();
        }
        sum_run += t2 - t1;
        sum_new += (t1 - t0) + (cpu_now() - t2);
        n++;
    } while (sum_run < min_sample);

    big_t err = error_of(s, ref);
    double errd = err.convert_to<double>();
    double acc = err > 0 ? -log10(err).convert_to<double>() : INFINITY;
    std::printf("peer impl=odeint-%s T=%g tol=%s prec=%ld t=%.6g n=%ld t_new=%.4g err=%.3g "
                "acc=%.2f nsteps=%zu nfev=%lu x=%s\n",
                method.c_str(), T, tol_str.c_str(), (long)mpfr_get_prec(s[0].backend().data()),
                sum_run / (double)n, n, sum_new / (double)n, errd, acc, nsteps, nfev,
                s[0].str(20).c_str());
    std::fflush(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        std::fprintf(stderr, "usage: bench_odeint T REF MIN_SAMPLE METHOD:TOL...\n"
                             "  REF = x,y,phi,v,omega at T; METHOD = bs or rkf78\n");
        return 2;
    }
    char *end;
    double T = std::strtod(argv[1], &end);
    if (*end != '\0' || !(T > 0)) {
        std::fprintf(stderr, "bench_odeint: bad T '%s'\n", argv[1]);
        return 2;
    }
    std::array<big_t, 5> ref;
    {
        std::string r(argv[2]);
        size_t pos = 0;
        for (size_t i = 0; i < 5; i++) {
            size_t comma = r.find(',', pos);
            if ((comma == std::string::npos) != (i == 4)) {
                std::fprintf(stderr, "bench_odeint: bad REF\n");
                return 2;
            }
            ref[i] = big_t(r.substr(pos, comma == std::string::npos ? comma : comma - pos));
            pos = comma + 1;
        }
    }
    double min_sample = std::strtod(argv[3], &end);
    if (*end != '\0' || !(min_sample >= 0)) {
        std::fprintf(stderr, "bench_odeint: bad MIN_SAMPLE '%s'\n", argv[3]);
        return 2;
    }
    std::printf("odeint boost=%s digits10=50 prec=%ld alloc=%s\n", BOOST_LIB_VERSION,
                (long)mpfr_get_prec(real_t(1).backend().data()), NHREF_MPFR_ALLOCATION_NAME);
    int ret = 0;
    for (int k = 4; k < argc; k++) {
        const char *colon = std::strchr(argv[k], ':');
        if (colon == nullptr) {
            std::fprintf(stderr, "bench_odeint: bad METHOD:TOL '%s'\n", argv[k]);
            return 2;
        }
        ret |= sample(T, ref, min_sample, std::string(argv[k], (size_t)(colon - argv[k])),
                      std::string(colon + 1));
    }
    mpfr_free_cache();
    return ret;
}
