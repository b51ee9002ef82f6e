/* bench_model_files.c -- what a model file costs against the same compiled model
 * (issue 24): the same case integrated with a built-in model (its tapes written in C,
 * src/models/) and with a model file (its tapes derived at run time from the file),
 * in MPFR at 30 and 100 digits and in double (the fast path), and the ratio
 * model file / built-in of their CPU times.  `make bench` runs it (bench.sh, section
 * 7b); alone: `make -C tests/bench bench-model-files`.
 *
 * Pairs (the file's defaults are the built-in's: the program checks that every
 * parameter with the same name has the same decimal value, and prints how far the
 * final states with the same names are apart):
 *   sleigh        chaplygin_sleigh (5 states, the reduced equations) against
 *                 examples/sleigh.model (the Lagrangian and the blade constraint: 6
 *                 states x, y, phi and their velocities, the Lagrange-d'Alembert
 *                 equations solved for the accelerations and the multiplier, a KKT
 *                 solve, at every evaluation): not the same equations -- the ratio is
 *                 what a user pays for writing the Lagrangian instead of the reduced
 *                 equations; the paper's Figure 2 (m = 2, J = 30, a = 1; omega0 = 1),
 *                 T = 100;
 *   one_wheel     one_wheel against data/models/one_wheel_mass.model (the same state
 *                 and equations in mass-matrix form M x' = F: one linear solve on the
 *                 tape), case OW-1, T = 20;
 *   suslov_servo  suslov_servo against data/models/suslov_servo_ode.model (the same
 *                 state and equations as an explicit ODE, Cramer's rule written out),
 *                 case P1, T = 20.
 * Precisions: `nhref run --digits 30`, `--digits 100` (precision ceil(D log2 10) + 32
 * bits, tolerance 10^-D, scheme taylor) and `--fast` (double, tolerance 1e-15), each
 * side through the spec a CLI run makes (nhref_spec_new with the model's name or the
 * file's path, nhref_spec_resolve), then nhref_integrator_new / _new_d and
 * nhref_integrate_until / _until_d from 0 to T.
 *
 * In double both sides run jets compiled at run time (nhref_jit.h; the FMA variant of
 * the unrolled form where the CPU has FMA), compiled before the timing; NHREF_JIT=0
 * measures both on the interpreter (the report says which).  MPFR runs the interpreter
 * for both.
 *
 * Timing, as bench_peers: one sample = integrations repeated until MIN_SAMPLE seconds
 * of CPU time have been spent in them (at least one), each from a freshly created
 * integrator; the sample is the time of one call to nhref_integrate_until(_d).
 * Creating and freeing the integrator (t_new) and creating the spec (t_spec: reading
 * the file and deriving its equations, or building the built-in's tapes) are excluded
 * and printed apart.  The sides alternate, round after round (the built-in first in
 * odd rounds, the file first in even ones), so that a burst of load hits both; times
 * are CPU time of the process (CLOCK_PROCESS_CPUTIME_ID).  Reported: the median of
 * each side's samples and the median of the per-round ratios file / built-in, with
 * their range.
 *
 * Usage: bench_model_files [-r ROUNDS] [-m MIN_SAMPLE] TOP_SRCDIR [PAIR:LEVEL]...
 *   ROUNDS default 7 (at least 1), MIN_SAMPLE default 0.2 [s]; PAIR one of the
 *   labels above, LEVEL 30, 100 or fast; default: every pair at every level.
 * Output: a report on stdout, then one line per pair and level for results.tsv
 * (bench.sh's format):
 *   result name=model-file/PAIR/mpfr/D (or /double/fast) measure=file/builtin ...
 * nhref_s = the built-in's median time, peer_s = the file's, err_peer = how far apart
 * the two final states are (not an error against a reference); progress on stderr.
 * Cost: a little over 2 ROUNDS MIN_SAMPLE seconds of CPU per pair and level (35 s by
 * default for the 9 pairs and levels). */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpfr.h>

#include "nhref.h"

/* what runs the double jets of both sides (nhref_jit.h) */
static const char *double_kind(void)
{
    return nhref_jit_enabled() ? "both on jets compiled at run time (nhref_jit.h; NHREF_JIT=0 "
                                 "interprets both)"
                               : "both on the interpreter (NHREF_JIT=0, or a --disable-jit build)";
}

#define MAX_ROUNDS 101
#define MAX_STATE 64

/* the pairs: a row each (data, not branches) */
typedef struct {
    const char *label;   /* the pair's name in the rows */
    const char *builtin; /* the registered model */
    const char *file;    /* the model file, relative to TOP_SRCDIR */
    const char *t_end;   /* T */
    const char *what;    /* what the ratio means */
} pair_t;

static const pair_t pairs[] = {
    {"sleigh", "chaplygin_sleigh", "examples/sleigh.model", "100",
     "Lagrangian + constraint (6 states, a KKT solve per evaluation) vs the reduced "
     "equations (5 states): what writing the Lagrangian costs"},
    {"one_wheel", "one_wheel", "data/models/one_wheel_mass.model", "20",
     "same state and equations, mass-matrix form (a linear solve on the tape)"},
    {"suslov_servo", "suslov_servo", "data/models/suslov_servo_ode.model", "20",
     "same state and equations, explicit ODE (Cramer's rule written out)"},
};
#define NPAIRS (sizeof pairs / sizeof pairs[0])

/* the levels: digits (MPFR), or 0 for double (the fast path) */
static const struct {
    const char *name;
    double digits;
} levels[] = {{"30", 30}, {"100", 100}, {"fast", 0}};
#define NLEVELS (sizeof levels / sizeof levels[0])

/* one side of a pair at one level: its spec, and what its runs measured */
typedef struct {
    const char *model; /* a name or a path */
    nhref_spec_t *spec;
    double t_spec;              /* CPU time of nhref_spec_new + resolve [s] */
    double sample[MAX_ROUNDS];  /* per round: time of one integration [s] */
    double t_new;               /* mean time of new + free [s] */
    long runs;                  /* integrations in the last sample */
    nhref_stats_t stats;        /* of the last integration */
    char final[MAX_STATE][160]; /* the final state, decimal (MPFR: 120 digits; double: 17) */
} side_t;

/* the result records, printed after the report (open_memstream) */
static FILE *records;

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

/* the median of A[0..N-1] (sorts a copy) */
static double median(const double *a, size_t n)
{
    double b[MAX_ROUNDS];
    memcpy(b, a, n * sizeof *b);
    qsort(b, n, sizeof *b, cmp_double);
    return n % 2 ? b[n / 2] : 0.5 * (b[n / 2 - 1] + b[n / 2]);
}

/* S's spec of MODEL at level L with T; 0, or 1 with a message */
static int side_open(side_t *s, const char *model, size_t l, const char *t_end)
{
    double t0 = cpu_now();
    int status;

    s->model = model;
    status = nhref_spec_new(&s->spec, model);
    if (status == NHREF_OK)
        status = nhref_spec_set_t_end(s->spec, t_end);
    if (status == NHREF_OK)
        status = nhref_spec_set_dt_out(s->spec, t_end);
    if (status == NHREF_OK && levels[l].digits > 0)
        status = nhref_spec_set_digits(s->spec, levels[l].digits);
    if (status == NHREF_OK && levels[l].digits == 0)
        status = nhref_spec_set_type(s->spec, NHREF_RUN_DOUBLE);
    if (status == NHREF_OK)
        status = nhref_spec_resolve(s->spec);
    s->t_spec = cpu_now() - t0;
    if (status != NHREF_OK) {
        if (s->spec != NULL && nhref_spec_error(s->spec)[0] != '\0')
            fprintf(stderr, "bench_model_files: %s\n", nhref_spec_error(s->spec));
        else
            fprintf(stderr, "bench_model_files: %s: %s\n", model, nhref_strerror(status));
        return 1;
    }
    if (nhref_spec_model(s->spec)->nstate > MAX_STATE) {
        fprintf(stderr, "bench_model_files: %s: more than %d states\n", model, MAX_STATE);
        return 1;
    }
    return 0;
}

/* the integrator options of S's resolved spec (those of `nhref run`) */
static void side_options(nhref_options_t *opt, const side_t *s)
{
    nhref_options_default(opt);
    opt->scheme = nhref_spec_scheme(s->spec)->name;
    opt->prec = nhref_spec_type(s->spec) == NHREF_RUN_DOUBLE ? 0 : nhref_spec_prec(s->spec);
    opt->digits = nhref_spec_digits(s->spec);
}

/* One sample of S into S->sample[R]: MPFR integrations from 0 to T, repeated until
 * MIN_SAMPLE s of CPU time; the final state kept.  0, or 1 with a message. */
static int sample_mp(side_t *s, size_t r, double min_sample)
{
    const nhref_system_t *sys = nhref_spec_system(s->spec);
    size_t n = nhref_spec_model(s->spec)->nstate;
    nhref_options_t opt;
    mpfr_t x[MAX_STATE], t, t_end;
    double sum_run = 0, sum_new = 0;
    long runs = 0;
    int status;

    side_options(&opt, s);
    for (size_t i = 0; i < n; i++)
        mpfr_init2(x[i], opt.prec);
    mpfr_inits2(opt.prec, t, t_end, (mpfr_ptr)0);
    mpfr_set_str(t_end, nhref_spec_t_end(s->spec), 10, MPFR_RNDN);
    do {
        nhref_integrator_t *ig = NULL;
        double t0, t1, t2, t3;
        mpfr_set_zero(t, 1);
        for (size_t i = 0; i < n; i++)
            mpfr_set_str(x[i], nhref_spec_init_str(s->spec, i), 10, MPFR_RNDN);
        t0 = cpu_now();
        status = nhref_integrator_new(&ig, sys, &opt);
        t1 = cpu_now();
        if (status == NHREF_OK)
            status = nhref_integrate_until(ig, x[0], t, t_end, &s->stats);
        t2 = cpu_now();
        nhref_integrator_free(ig);
        t3 = cpu_now();
        sum_run += t2 - t1;
        sum_new += (t1 - t0) + (t3 - t2);
        runs++;
    } while (status == NHREF_OK && sum_run < min_sample);
    if (status == NHREF_OK)
        for (size_t i = 0; i < n; i++)
            mpfr_snprintf(s->final[i], sizeof s->final[i], "%.120Rg", x[i]);
    for (size_t i = 0; i < n; i++)
        mpfr_clear(x[i]);
    mpfr_clears(t, t_end, (mpfr_ptr)0);
    if (status != NHREF_OK) {
        fprintf(stderr, "bench_model_files: %s: %s\n", s->model, nhref_strerror(status));
        return 1;
    }
    s->sample[r] = sum_run / (double)runs;
    s->t_new = sum_new / (double)runs;
    s->runs = runs;
    return 0;
}

/* the same in double (the fast path) */
static int sample_d(side_t *s, size_t r, double min_sample)
{
    const nhref_system_t *sys = nhref_spec_system(s->spec);
    size_t n = nhref_spec_model(s->spec)->nstate;
    nhref_options_t opt;
    double x[MAX_STATE], T = strtod(nhref_spec_t_end(s->spec), NULL);
    double sum_run = 0, sum_new = 0;
    long runs = 0;
    int status;

    side_options(&opt, s);
    do {
        nhref_integrator_d_t *ig = NULL;
        double t = 0, t0, t1, t2, t3;
        for (size_t i = 0; i < n; i++)
            x[i] = strtod(nhref_spec_init_str(s->spec, i), NULL);
        t0 = cpu_now();
        status = nhref_integrator_new_d(&ig, sys, &opt);
        t1 = cpu_now();
        if (status == NHREF_OK)
            status = nhref_integrate_until_d(ig, x, &t, &T, &s->stats);
        t2 = cpu_now();
        nhref_integrator_free_d(ig);
        t3 = cpu_now();
        sum_run += t2 - t1;
        sum_new += (t1 - t0) + (t3 - t2);
        runs++;
    } while (status == NHREF_OK && sum_run < min_sample);
    if (status != NHREF_OK) {
        fprintf(stderr, "bench_model_files: %s (double): %s\n", s->model, nhref_strerror(status));
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        snprintf(s->final[i], sizeof s->final[i], "%.17g", x[i]);
    s->sample[r] = sum_run / (double)runs;
    s->t_new = sum_new / (double)runs;
    s->runs = runs;
    return 0;
}

static int sample(side_t *s, size_t r, double min_sample)
{
    return nhref_spec_type(s->spec) == NHREF_RUN_DOUBLE ? sample_d(s, r, min_sample)
                                                        : sample_mp(s, r, min_sample);
}

/* Do the sides define the same case?  Every parameter with the same name the same
 * decimal string (else 1, with a message); *DIFF = the largest mixed difference
 * |a - b| / max(1, |a|) of the final states with the same names (computed at 512 bits
 * from the printed values), *NSAME the number of such states. */
static int same_case(const side_t *a, const side_t *b, double *diff, size_t *nsame)
{
    const nhref_model_t *ma = nhref_spec_model(a->spec), *mb = nhref_spec_model(b->spec);
    mpfr_t u, v, d;

    for (size_t i = 0; i < ma->nparam; i++)
        for (size_t j = 0; j < mb->nparam; j++)
            if (strcmp(ma->param[i].name, mb->param[j].name) == 0 &&
                strcmp(nhref_spec_param_str(a->spec, i), nhref_spec_param_str(b->spec, j)) != 0) {
                fprintf(stderr, "bench_model_files: parameter %s: %s in %s, %s in %s\n",
                        ma->param[i].name, nhref_spec_param_str(a->spec, i), a->model,
                        nhref_spec_param_str(b->spec, j), b->model);
                return 1;
            }
    mpfr_inits2(512, u, v, d, (mpfr_ptr)0);
    *diff = 0;
    *nsame = 0;
    for (size_t i = 0; i < ma->nstate; i++)
        for (size_t j = 0; j < mb->nstate; j++)
            if (strcmp(ma->state[i].name, mb->state[j].name) == 0) {
                double e;
                mpfr_set_str(u, a->final[i], 10, MPFR_RNDN);
                mpfr_set_str(v, b->final[j], 10, MPFR_RNDN);
                mpfr_sub(d, u, v, MPFR_RNDN);
                mpfr_abs(d, d, MPFR_RNDN);
                mpfr_abs(u, u, MPFR_RNDN);
                if (mpfr_cmp_ui(u, 1) > 0)
                    mpfr_div(d, d, u, MPFR_RNDN);
                e = mpfr_get_d(d, MPFR_RNDU);
                if (!(e <= *diff))
                    *diff = e;
                (*nsame)++;
            }
    mpfr_clears(u, v, d, (mpfr_ptr)0);
    return 0;
}

/* Pair P at level L: ROUNDS interleaved rounds, then its report line (stdout) and its
 * result record (RECORDS).  0, or 1 with a message. */
static int bench_pair(const char *top, size_t p, size_t l, size_t rounds, double min_sample)
{
    const pair_t *pr = &pairs[p];
    const int mp = levels[l].digits > 0;
    side_t *b = calloc(1, sizeof *b), *f = calloc(1, sizeof *f);
    char path[4096], range[32], steps[48], order[32], level[64];
    double q[MAX_ROUNDS], tb, tf, qm, qlo, qhi, diff = 0;
    size_t nsame = 0;
    int status = 0;

    if (b == NULL || f == NULL) {
        free(b);
        free(f);
        fprintf(stderr, "bench_model_files: out of memory\n");
        return 1;
    }
    snprintf(path, sizeof path, "%s/%s", top, pr->file);
    fprintf(stderr, "bench_model_files: %s at %s: %s against %s, %zu rounds\n", pr->label,
            levels[l].name, pr->builtin, path, rounds);
    if (side_open(b, pr->builtin, l, pr->t_end) != 0 || side_open(f, path, l, pr->t_end) != 0)
        status = 1;
    for (size_t r = 0; r < rounds && status == 0; r++) {
        side_t *first = r % 2 == 0 ? b : f, *second = r % 2 == 0 ? f : b;
        status = sample(first, r, min_sample) || sample(second, r, min_sample);
        if (status == 0)
            q[r] = f->sample[r] / b->sample[r];
    }
    if (status == 0)
        status = same_case(b, f, &diff, &nsame);
    if (status == 0) {
        tb = median(b->sample, rounds);
        tf = median(f->sample, rounds);
        qm = median(q, rounds);
        qlo = qhi = q[0];
        for (size_t r = 1; r < rounds; r++) {
            qlo = fmin(qlo, q[r]);
            qhi = fmax(qhi, q[r]);
        }
        snprintf(range, sizeof range, "%.2f-%.2f", qlo, qhi);
        snprintf(steps, sizeof steps, "%lu/%lu", b->stats.nsteps, f->stats.nsteps);
        snprintf(order, sizeof order, "%u/%u", b->stats.order_max, f->stats.order_max);
        if (mp)
            snprintf(level, sizeof level, "MPFR at %s digits (%ld bits)", levels[l].name,
                     nhref_spec_prec(b->spec));
        else
            snprintf(level, sizeof level, "double (the fast path, tol %.3g)",
                     pow(10, -nhref_spec_digits(b->spec)));
        printf("%-13s %5s %12.4g %12.4g %8.3f %11s %11s %9s %9.2g %10.3g %10.3g %10.3g %10.3g\n",
               pr->label, levels[l].name, tb, tf, qm, range, steps, order, diff, b->t_new, f->t_new,
               b->t_spec, f->t_spec);
        fprintf(records,
                "result name=model-file/%s/%s/%s measure=file/builtin value=%.4g better_if=lower "
                "nhref_s=%.4g peer_s=%.4g prec=%ld digits=%s tol=%.3g T=%s err_peer=%.3g "
                "peer=%s peer_version=this rounds=%zu note=%s: the model file %s against the "
                "built-in %s, %s, %s; CPU time of one integration from 0 to T (creating the "
                "integrator excluded: built-in %.3g s, file %.3g s; the spec and its tapes: "
                "built-in %.3g s, file %.3g s); rounds interleaved (the built-in first in odd "
                "rounds); median over %zu rounds of the per-round ratio file/built-in (range "
                "%s); steps built-in/file %s, orders %s; err_peer: the largest mixed difference "
                "between the two runs' final values of the %zu states of the same names\n",
                pr->label, mp ? "mpfr" : "double", levels[l].name, qm, tb, tf,
                nhref_spec_prec(b->spec), mp ? levels[l].name : "-",
                pow(10, -nhref_spec_digits(b->spec)), pr->t_end, diff, pr->file, rounds, pr->what,
                pr->file, pr->builtin, level,
                mp ? "both interpreted (the MPFR tape interpreter)" : double_kind(),
                b->t_new, f->t_new, b->t_spec, f->t_spec, rounds, range, steps, order, nsame);
        fflush(stdout);
    } else {
        printf("%-13s %5s  failed (see the messages of bench_model_files)\n", pr->label,
               levels[l].name);
        fprintf(records,
                "result name=model-file/%s/%s/%s measure=file/builtin value=NA better_if=lower "
                "T=%s peer=%s peer_version=this rounds=0 note=%s against the built-in %s: a run "
                "failed (see the messages of bench_model_files)\n",
                pr->label, mp ? "mpfr" : "double", levels[l].name, pr->t_end, pr->file, pr->file,
                pr->builtin);
    }
    nhref_spec_free(b->spec);
    nhref_spec_free(f->spec);
    free(b);
    free(f);
    return status;
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_model_files [-r ROUNDS] [-m MIN_SAMPLE] TOP_SRCDIR "
                    "[PAIR:LEVEL]...\n  PAIR:");
    for (size_t p = 0; p < NPAIRS; p++)
        fprintf(stderr, " %s", pairs[p].label);
    fprintf(stderr, "; LEVEL:");
    for (size_t l = 0; l < NLEVELS; l++)
        fprintf(stderr, " %s", levels[l].name);
    fprintf(stderr, "\n");
    return 2;
}

/* the pair and level of the word "PAIR:LEVEL" into *P, *L; 0, or -1 if unknown */
static int find_case(size_t *p, size_t *l, const char *word)
{
    const char *colon = strchr(word, ':');
    if (colon == NULL)
        return -1;
    for (*p = 0; *p < NPAIRS; (*p)++)
        if (strlen(pairs[*p].label) == (size_t)(colon - word) &&
            strncmp(pairs[*p].label, word, (size_t)(colon - word)) == 0)
            break;
    for (*l = 0; *l < NLEVELS; (*l)++)
        if (strcmp(levels[*l].name, colon + 1) == 0)
            break;
    return *p < NPAIRS && *l < NLEVELS ? 0 : -1;
}


int main(int argc, char **argv)
{
    size_t rounds = 7, p, l;
    double min_sample = 0.2;
    const char *top;
    char *rec = NULL;
    size_t reclen = 0;
    int a = 1, failed = 0;

    for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
        if (strcmp(argv[a], "-r") == 0)
            rounds = strtoul(argv[a + 1], NULL, 10);
        else if (strcmp(argv[a], "-m") == 0)
            min_sample = strtod(argv[a + 1], NULL);
        else
            return usage();
    }
    if (a >= argc || rounds < 1 || rounds > MAX_ROUNDS || !(min_sample >= 0))
        return usage();
    top = argv[a++];
    for (int i = a; i < argc; i++)
        if (find_case(&p, &l, argv[i]) != 0) {
            fprintf(stderr, "bench_model_files: unknown case '%s'\n", argv[i]);
            return usage();
        }
    records = open_memstream(&rec, &reclen);
    if (records == NULL) {
        fprintf(stderr, "bench_model_files: out of memory\n");
        return 1;
    }

    printf("Model files against the same compiled model: the model file's time over the "
           "built-in's\n");
    for (p = 0; p < NPAIRS; p++)
        printf("  %-13s %s (T = %s) against %s: %s\n", pairs[p].label, pairs[p].builtin,
               pairs[p].t_end, pairs[p].file, pairs[p].what);
    printf("  MPFR: both sides on the tape interpreter; double: %s\n", double_kind());
    printf("%-13s %5s %12s %12s %8s %11s %11s %9s %9s %10s %10s %10s %10s\n", "pair", "level",
           "built-in [s]", "file [s]", "file/b-in", "range", "steps b/f", "order", "diff",
           "new b [s]", "new f [s]", "spec b [s]", "spec f [s]");
    fflush(stdout);
    if (a == argc) {
        for (p = 0; p < NPAIRS; p++)
            for (l = 0; l < NLEVELS; l++)
                failed |= bench_pair(top, p, l, rounds, min_sample);
    } else {
        for (int i = a; i < argc; i++) {
            find_case(&p, &l, argv[i]);
            failed |= bench_pair(top, p, l, rounds, min_sample);
        }
    }
    printf("  times: CPU seconds of one integration from 0 to T, medians over %zu rounds "
           "(built-in and\n  file alternating); file/b-in: the median of the per-round "
           "ratios (range: smallest-\n  largest); diff: the largest mixed difference of the "
           "final states of the same names;\n  new: creating + freeing the integrator; spec: "
           "nhref_spec_new + resolve (for a file:\n  reading it and deriving its equations) "
           "-- neither is in the ratio\n",
           rounds);
    fclose(records);
    fputs(rec, stdout);
    free(rec);
    return failed;
}
