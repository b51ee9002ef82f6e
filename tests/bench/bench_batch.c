/* bench_batch.c -- batch mode's throughput (nhref_batch.h, issue 27 item 4): B lanes
 * of nhref_batch_grid_d against the same B runs of nhref_integrate_grid_d one after the
 * other (each side on its integrator, made once before the rounds), on the sleigh (PUB-1: m = 2, J = 30, a = 1, (x, y, phi, v,
 * omega)(0) = (0, 0, 0, 0, 1 + b/1000) for lane b) and the skater's case C2
 * (data/cases/skater.cases, Omega2(0) = 1.25 + b/1000), T = 10, rows every 0.5 s,
 * tolerance 1e-15, B = 4 and 8.  Rounds alternate which side runs first; in a round
 * each side repeats its work REPS times, REPS chosen before the rounds so that the
 * batch's share takes about MIN_SAMPLE = 0.02 s of CPU (one sleigh batch takes 30 us,
 * the scale of a scheduler's interruption on a shared machine); the ratio is the
 * median over the rounds of (separate CPU time) / (batch CPU time): > 1 means the
 * batch has the higher throughput.  The batch's rows are also compared with the
 * separate runs' (the largest mixed difference |a - b| / max(1, |b|) goes in the note).
 *
 * Usage: bench_batch [-r ROUNDS]; one "result" record per (case, B) on stdout.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nhref.h"

#define NT 21
#define MAXB 8
#define MIN_SAMPLE 0.02 /* [s] of CPU for the batch's side of a round */

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

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

typedef struct {
    const char *name, *model;
    const char *const *params; /* NAME, VALUE pairs, NULL-terminated */
    const char *vary;          /* the state component perturbed per lane */
} bcase_t;

static const char *const sleigh_p[] = {"m", "2", "J", "30", "a", "1", NULL};
static const char *const skater_p[] = {"m",  "50",    "g",  "-9.81", "I1", "15.95",
                                       "I2", "13.56", "I3", "3.99",  "A1", "0.1",
                                       "A2", "0.12",  "A3", "0.875", NULL};

static int run_case(const bcase_t *c, size_t B, int rounds)
{
    const nhref_model_t *m = nhref_model_find(c->model);
    nhref_system_t *sys;
    nhref_integrator_d_t *ig;
    nhref_batch_d_t *bt;
    nhref_options_t opt;
    size_t nx = m->nstate;
    double tgrid[NT], x0[MAXB * 16], *out = malloc(B * NT * nx * sizeof *out),
                                     *one = malloc(B * NT * nx * sizeof *one);
    double ratio[64], tb[64], ts[64], worst = 0, t1b;
    int status[MAXB], k = nhref_model_state_index(m, c->vary);
    long reps;
    nhref_stats_t st[MAXB];

    if (nhref_system_new(&sys, m) != NHREF_OK || k < 0 || nx > 16)
        return 1;
    for (size_t i = 0; c->params[i] != NULL; i += 2)
        if (nhref_system_set_param(sys, c->params[i], c->params[i + 1]) != NHREF_OK)
            return 1;
    for (size_t b = 0; b < B; b++)
        for (size_t i = 0; i < nx; i++)
            x0[b * nx + i] =
                strtod(m->state[i].default_init, NULL) + (i == (size_t)k ? b / 1e3 : 0);
    if (strcmp(c->model, "chaplygin_sleigh") == 0) /* PUB-1: at rest, spinning */
        for (size_t b = 0; b < B; b++) {
            for (size_t i = 0; i < nx; i++)
                x0[b * nx + i] = 0;
            x0[b * nx + (size_t)k] = 1 + b / 1e3;
        }
    for (int i = 0; i < NT; i++)
        tgrid[i] = 0.5 * i;
    nhref_options_default(&opt);
    opt.digits = 15;
    if (nhref_integrator_new_d(&ig, sys, &opt) != NHREF_OK ||
        nhref_batch_new_d(&bt, (const nhref_system_t *const *)&sys, 1, &opt) != NHREF_OK)
        return 1;
    /* REPS: the batch's calls in MIN_SAMPLE s (its first call timed alone, warm) */
    nhref_batch_grid_d(bt, out, status, st, x0, B, tgrid, NT);
    t1b = cpu_now();
    nhref_batch_grid_d(bt, out, status, st, x0, B, tgrid, NT);
    t1b = cpu_now() - t1b;
    reps = t1b > 0 ? (long)ceil(MIN_SAMPLE / t1b) : 1000;
    if (reps < 1)
        reps = 1;
    for (int r = 0; r < rounds; r++) {
        double t0, t1, t2;
        int batch_first = r % 2 == 0;
        t0 = cpu_now();
        for (long q = 0; q < reps; q++) {
            if (batch_first)
                nhref_batch_grid_d(bt, out, status, st, x0, B, tgrid, NT);
            else
                for (size_t b = 0; b < B; b++)
                    nhref_integrate_grid_d(ig, one + b * NT * nx, x0 + b * nx, tgrid, NT, NULL);
        }
        t1 = cpu_now();
        for (long q = 0; q < reps; q++) {
            if (batch_first)
                for (size_t b = 0; b < B; b++)
                    nhref_integrate_grid_d(ig, one + b * NT * nx, x0 + b * nx, tgrid, NT, NULL);
            else
                nhref_batch_grid_d(bt, out, status, st, x0, B, tgrid, NT);
        }
        t2 = cpu_now();
        tb[r] = (batch_first ? t1 - t0 : t2 - t1) / (double)reps;
        ts[r] = (batch_first ? t2 - t1 : t1 - t0) / (double)reps;
        ratio[r] = ts[r] / tb[r];
    }
    for (size_t i = 0; i < B * NT * nx; i++) {
        double d = fabs(out[i] - one[i]) / fmax(1, fabs(one[i]));
        if (!(d <= worst))
            worst = d;
    }
    printf("result name=batch/%s/B%zu measure=separate/batch value=%.3f better_if=higher "
           "nhref_s=%.4g peer_s=%.4g prec=53 tol=1e-15 T=10 rounds=%d note=throughput of "
           "nhref_batch_grid_d against %zu nhref_integrate_grid_d runs, each on one integrator made "
           "before (median of per-round ratios; CPU time; each side %ld times a round); lanes "
           "differ from the separate runs by at most %.2g (mixed)%s\n",
           c->name, B, median(ratio, rounds), median(tb, rounds), median(ts, rounds), rounds, B,
           reps, worst,
           nhref_jit_batch_compiled(nhref_system_rhs_tape(sys)) == 1
               ? " [jets compiled at run time: separate runs and lanes]"
           : nhref_jit_enabled() ? " [separate runs: jets compiled at run time; lanes interpreted]"
                                 : " [the interpreter]");
    fflush(stdout);
    nhref_integrator_free_d(ig);
    nhref_batch_free_d(bt);
    nhref_system_free(sys);
    free(out);
    free(one);
    return 0;
}

int main(int argc, char **argv)
{
    static const bcase_t cases[] = {
        {"sleigh", "chaplygin_sleigh", sleigh_p, "omega"},
        {"skater-C2", "skater", skater_p, "Omega2"},
    };
    int rounds = 7, rc = 0;

    if (argc == 3 && strcmp(argv[1], "-r") == 0)
        rounds = atoi(argv[2]);
    if (rounds < 1 || rounds > 64) {
        fprintf(stderr, "bench_batch: -r ROUNDS: 1 to 64\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t B = 4; B <= MAXB; B += 4)
            rc |= run_case(&cases[i], B, rounds);
    return rc;
}
