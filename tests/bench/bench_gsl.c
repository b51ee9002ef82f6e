/* bench_gsl.c -- the peer in double precision: GSL's rk8pd (Prince–Dormand
 * 8(7), gsl_odeiv2_step_rk8pd driven by gsl_odeiv2_driver) on the Chaplygin
 * sleigh, timed and with its error measured exactly as bench_peers.c measures
 * nhref's fast path, in the same record format.
 *
 * Not part of the build: bench.sh compiles it on the fly
 * ($CC $CFLAGS bench_gsl.c -lgsl -lgslcblas -lm) and leaves the GSL rows out,
 * saying why, when that fails (libgsl-dev missing).  GSL is a dependency of
 * neither the library nor `make check`.
 *
 * Case: the paper's Figure 2 (spec shared/models/chaplygin-sleigh.md §10
 * PUB-1, right-hand side of spec §3.1): m = 2, J = 30, a = 1,
 *   x' = v cos phi, y' = v sin phi, phi' = omega, v' = a omega^2,
 *   omega' = -(m a / (J + m a^2)) v omega,
 * from (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1) to T.  The constants are
 * the doubles nearest to m, J, a, as in nhref's fast path; m a / (J + m a^2)
 * is computed once.
 *
 * Error control: gsl_odeiv2_driver_alloc_y_new(sys, rk8pd, hstart = 1e-3,
 * epsabs = TOL, epsrel = TOL), i.e. the per-step local error is kept below
 * TOL (1 + |y_i|) -- the mixed tolerance of the fast path at digits = -log10(TOL).
 *
 * Timing, as bench_peers.c: one sample = integrations repeated until
 * MIN_SAMPLE seconds of process CPU time were spent in
 * gsl_odeiv2_driver_apply (at least one), each with a fresh driver (its
 * allocation and freeing excluded, printed as t_new).
 *
 * Usage: bench_gsl T REF MIN_SAMPLE TOL...     (REF = "x,y,phi,v,omega" at T)
 * Output:
 *   gsl version=..
 *   peer impl=gsl-rk8pd T=.. tol=.. t=.. n=.. t_new=.. err=.. acc=.. nsteps=.. nfev=.. x=..
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_version.h>

#define NSTATE 5

typedef struct {
    double a, g; /* a and m a / (J + m a^2) */
    unsigned long nfev;
} sleigh_t;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int rhs(double t, const double s[], double ds[], void *params)
{
    sleigh_t *p = params;
    double v = s[3], w = s[4];
    (void)t;
    p->nfev++;
    ds[0] = v * cos(s[2]);
    ds[1] = v * sin(s[2]);
    ds[2] = w;
    ds[3] = p->a * w * w;
    ds[4] = -p->g * v * w;
    return GSL_SUCCESS;
}

/* REF "x,y,phi,v,omega" into R; -1 if malformed */
static int parse_ref(long double *r, const char *ref)
{
    const char *s = ref;
    for (size_t i = 0; i < NSTATE; i++) {
        char *end;
        r[i] = strtold(s, &end);
        if (end == s || (*end != (i + 1 < NSTATE ? ',' : '\0')))
            return -1;
        s = end + 1;
    }
    return 0;
}

/* err = max_i |s_i - r_i| / max(1, |r_i|), in long double */
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

static int sample(double T, const long double *ref, double min_sample, double tol)
{
    const double m = 2.0, J = 30.0, a = 1.0;
    sleigh_t p = {a, m * a / (J + m * a * a), 0};
    gsl_odeiv2_system sys = {rhs, NULL, NSTATE, &p};
    double y[NSTATE], sum_run = 0, sum_new = 0, err;
    unsigned long nsteps = 0, nfev = 0;
    long n = 0;
    int status;

    do {
        gsl_odeiv2_driver *d;
        double t = 0, t0, t1, t2, t3;
        y[0] = y[1] = y[2] = y[3] = 0;
        y[4] = 1;
        p.nfev = 0;
        t0 = cpu_now();
        d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, tol, tol);
        t1 = cpu_now();
        status = d != NULL ? gsl_odeiv2_driver_apply(d, &t, T, y) : GSL_ENOMEM;
        t2 = cpu_now();
        if (d != NULL)
            nsteps = d->n;
        gsl_odeiv2_driver_free(d);
        t3 = cpu_now();
        if (status != GSL_SUCCESS)
            break;
        nfev = p.nfev;
        sum_run += t2 - t1;
        sum_new += (t1 - t0) + (t3 - t2);
        n++;
    } while (sum_run < min_sample);
    if (status != GSL_SUCCESS) {
        fprintf(stderr, "bench_gsl: tol %g: %s\n", tol, gsl_strerror(status));
        return 1;
    }
    err = err_d(y, ref);
    printf("peer impl=gsl-rk8pd T=%g tol=%.3g t=%.6g n=%ld t_new=%.4g err=%.3g acc=%.2f "
           "nsteps=%lu nfev=%lu x=%.17g\n",
           T, tol, sum_run / (double)n, n, sum_new / (double)n, err,
           err > 0 ? -log10(err) : INFINITY, nsteps, nfev, y[0]);
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    long double ref[NSTATE];
    double T, min_sample;
    char *end;
    int ret = 0;

    if (argc < 5) {
        fprintf(stderr, "usage: bench_gsl T REF MIN_SAMPLE TOL...  (REF = x,y,phi,v,omega at T)\n");
        return 2;
    }
    T = strtod(argv[1], &end);
    if (*end != '\0' || !(T > 0) || parse_ref(ref, argv[2]) != 0) {
        fprintf(stderr, "bench_gsl: bad T or REF\n");
        return 2;
    }
    min_sample = strtod(argv[3], &end);
    if (*end != '\0' || !(min_sample >= 0)) {
        fprintf(stderr, "bench_gsl: bad MIN_SAMPLE\n");
        return 2;
    }
    gsl_set_error_handler_off();
    printf("gsl version=%s\n", GSL_VERSION);
    for (int k = 4; k < argc; k++) {
        double tol = strtod(argv[k], &end);
        if (*end != '\0' || !(tol > 0)) {
            fprintf(stderr, "bench_gsl: bad TOL '%s'\n", argv[k]);
            return 2;
        }
        ret |= sample(T, ref, min_sample, tol);
    }
    return ret;
}
