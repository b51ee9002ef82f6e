/* bench_verify.c -- throughput of `nhref verify` (nhref_verify_file): rows per
 * second of CPU time on the Chaplygin sleigh (spec PUB-1: m = 2, J = 30, a = 1,
 * (x, y, phi, v, omega)(0) = (0, 0, 0, 0, 1)) at the default 30 digits.
 *
 * The trajectory is what a user would write: a classical RK4 in double with step
 * h = T/N, every step a row "t,x,y,phi,v,omega" printed with %.17g, N rows over
 * [0, T] (default N = 100000, T = 10).  The time is the CPU time of the process
 * (CLOCK_PROCESS_CPUTIME_ID) for the whole call: reading and parsing the file,
 * the reference at every row (dense output), the closed-form check on its sample,
 * the comparison and the first-integral drift.  The median of REPS runs is
 * reported, with the time of reading the file alone.  Target (issue 13):
 * >= 50 000 rows/s.
 *
 * Usage: bench_verify [N [REPS [T]]]
 * Output: one line "verify rows=N digits=30 reps=R cpu_s=... read_s=...
 * rows_per_s=... pass=1 min_digits=..." on stdout, progress on stderr. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nhref.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* the sleigh's right-hand side (spec 3.1), m = 2, J = 30, a = 1 */
static void f(double *d, const double *s)
{
    const double a = 1, g = 2.0 * 1 / (30 + 2.0 * 1 * 1);
    d[0] = s[3] * cos(s[2]);
    d[1] = s[3] * sin(s[2]);
    d[2] = s[4];
    d[3] = a * s[4] * s[4];
    d[4] = -g * s[3] * s[4];
}

static int write_rk4(const char *path, long n, double t_end)
{
    FILE *out = fopen(path, "w");
    double s[5] = {0, 0, 0, 0, 1}, h = t_end / (double)(n - 1);
    if (out == NULL)
        return -1;
    fprintf(out, "t,x,y,phi,v,omega\n");
    for (long i = 0; i < n; i++) {
        double k1[5], k2[5], k3[5], k4[5], tmp[5];
        fprintf(out, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", (double)i * h, s[0], s[1], s[2],
                s[3], s[4]);
        f(k1, s);
        for (int j = 0; j < 5; j++)
            tmp[j] = s[j] + h / 2 * k1[j];
        f(k2, tmp);
        for (int j = 0; j < 5; j++)
            tmp[j] = s[j] + h / 2 * k2[j];
        f(k3, tmp);
        for (int j = 0; j < 5; j++)
            tmp[j] = s[j] + h * k3[j];
        f(k4, tmp);
        for (int j = 0; j < 5; j++)
            s[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
    }
    return fclose(out) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int reps = argc > 2 ? atoi(argv[2]) : 3;
    double t_end = argc > 3 ? atof(argv[3]) : 10, t_run[32], t_read[32], min_digits = 0;
    char path[] = "/tmp/nhref-bench-verify-XXXXXX";
    int fd, pass = 0;

    if (n < 2 || reps < 1 || reps > 32 || !(t_end > 0)) {
        fprintf(stderr, "usage: bench_verify [N >= 2 [REPS <= 32 [T > 0]]]\n");
        return 2;
    }
    if ((fd = mkstemp(path)) < 0) {
        perror("bench_verify: mkstemp");
        return 1;
    }
    close(fd);
    if (write_rk4(path, n, t_end) != 0) {
        perror("bench_verify: writing the trajectory");
        unlink(path);
        return 1;
    }
    for (int r = 0; r < reps; r++) {
        nhref_verify_t *v;
        nhref_verify_report_t *rep;
        nhref_table_t *tab;
        char err[512];
        double t0;
        int status;

        nhref_verify_new(&v);
        nhref_verify_set_model(v, "chaplygin_sleigh");
        t0 = cpu_now();
        status = nhref_verify_file(&rep, v, path);
        t_run[r] = cpu_now() - t0;
        if (status != NHREF_OK) {
            fprintf(stderr, "bench_verify: %s\n", nhref_verify_error(v));
            nhref_verify_free(v);
            unlink(path);
            return 1;
        }
        pass = rep->pass;
        min_digits = INFINITY;
        for (size_t j = 0; j < rep->ncolumn; j++)
            min_digits = fmin(min_digits, rep->column[j].digits);
        t0 = cpu_now();
        status = nhref_table_read(&tab, path, (mpfr_prec_t)rep->prec, err, sizeof err);
        t_read[r] = cpu_now() - t0;
        if (status == NHREF_OK)
            nhref_table_free(tab);
        nhref_verify_report_free(rep);
        nhref_verify_free(v);
        fprintf(stderr, "  verify %ld rows, repetition %d/%d: %.3f s CPU (reading %.3f s)\n", n,
                r + 1, reps, t_run[r], t_read[r]);
    }
    unlink(path);
    qsort(t_run, (size_t)reps, sizeof *t_run, cmp_double);
    qsort(t_read, (size_t)reps, sizeof *t_read, cmp_double);
    printf("verify rows=%ld digits=30 reps=%d cpu_s=%.4g read_s=%.4g rows_per_s=%.0f pass=%d "
           "min_digits=%.2f\n",
           n, reps, t_run[reps / 2], t_read[reps / 2], (double)n / t_run[reps / 2], pass,
           min_digits);
    return 0;
}
