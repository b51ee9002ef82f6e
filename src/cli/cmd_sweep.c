/* cmd_sweep.c -- `nhref sweep FILE`: run every case of a case or sweep file
 * through `nhref run` or `nhref lyapunov` (the subcommands themselves, called in
 * this process with the case's options), one output file per case, written
 * atomically; a shard of the cases (--shard K/N), skipping the done ones
 * (--resume), and a manifest that `nhref catalogue` checks the outputs against. */
#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define MANIFEST_FORMAT "nhref-manifest 1"

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref sweep [OPTION]... FILE [-- COMMAND-OPTION...]\n"
            "Run every case of the case or sweep FILE (format: data/cases/*.cases, sweeps\n"
            "expanded into NAME-00000, NAME-00001, ...) through 'nhref run' or 'nhref\n"
            "lyapunov', writing OUTDIR/<model>/<case>.csv atomically, each with a sha256 line,\n"
            "and OUTDIR/<stem of FILE>.manifest, the list of every case of the sweep (for\n"
            "'nhref catalogue OUTDIR').  Options after '--' go to every command (not those\n"
            "the sweep sets per case: --param, --init, --t-end, --dt-out, --times, --digits,\n"
            "--prec, --output).\n\n"
            "  -c, --command CMD  run (default: the case's t-end, dt-out, digits) or lyapunov\n"
            "                     (FTLE at the case's times after t = 0, its digits)\n"
            "  -o, --output DIR   where to write (default: the stem of FILE)\n"
            "      --shard K/N    only the cases whose index i (0-based, in file order) has\n"
            "                     i mod N = K - 1 (Slurm: --shard\n"
            "                     $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)\n"
            "      --resume       skip a case whose output exists, is that case's (model,\n"
            "                     parameters, initial state) and checks out (its sha256 line);\n"
            "                     remove the temporary files a killed run left for the shard\n"
            "  -l, --list         list the cases of the shard (index, name, model, swept\n"
            "                     values as TSV), compute nothing\n"
            "  -q, --quiet        no line per case on stderr\n"
            "  -h, --help         show this help and exit\n\n"
            "Exit status: 0 every case of the shard done, 1 a case failed (the others are\n"
            "done; its message names it), 2 bad usage or a bad FILE (nothing computed).\n"
            "Example:\n"
            "  nhref sweep data/cases/skater_ftle_map.sweep --command lyapunov -o ftle \\\n"
            "      --shard 1/4 -- --components theta,Omega1,Omega2,v --project E\n");
}

typedef enum { SWEEP_RUN, SWEEP_LYAPUNOV } sweep_cmd_t;

static const char *first_line[] = {"# nhref trajectory", "# nhref finite-time Lyapunov exponents"};
static const char *cmd_name[] = {"run", "lyapunov"};

/* mkdir -p PATH */
static int make_dirs(const char *path)
{
    char *p = strdup(path);
    int ok = p != NULL;
    for (char *s = p ? p + 1 : NULL; ok && s != NULL && *s != '\0'; s++)
        if (*s == '/') {
            *s = '\0';
            ok = mkdir(p, 0777) == 0 || errno == EEXIST;
            *s = '/';
        }
    if (ok)
        ok = mkdir(p, 0777) == 0 || errno == EEXIST;
    free(p);
    return ok ? 0 : -1;
}

/* FILE's name without directory and extension */
static char *stem(const char *path)
{
    const char *b = strrchr(path, '/');
    char *s = strdup(b ? b + 1 : path), *dot;
    if (s != NULL && (dot = strrchr(s, '.')) != NULL && dot != s)
        *dot = '\0';
    return s;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* the content of PATH (NULL if unreadable), *LEN bytes */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb"), *cp;
    char *buf = NULL, chunk[65536];
    size_t got;
    *len = 0;
    if (f == NULL)
        return NULL;
    if ((cp = open_memstream(&buf, len)) != NULL) {
        while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
            fwrite(chunk, 1, got, cp);
        fclose(cp);
    }
    fclose(f);
    return buf;
}

/* the manifest's text: the sweep's identity and every case (not only the shard's) */
static char *manifest_text(const char *file, const nhref_case_t *c, size_t n, sweep_cmd_t cmd,
                           char **extra, int nextra, size_t *len)
{
    char *buf = NULL, hex[65];
    FILE *m = open_memstream(&buf, len);
    const char *b = strrchr(file, '/');
    if (m == NULL)
        return NULL;
    fprintf(m, "# nhref sweep manifest\n");
    nhref_csv_meta(m, "format", MANIFEST_FORMAT);
    { /* the file's whole content, '#' lines included: every byte of a case file counts */
        size_t flen;
        char *all = slurp(file, &flen);
        nhref_sha256_hex(hex, all ? all : "", flen);
        free(all);
    }
    nhref_csv_meta(m, "cases", "%s (sha256 of the file: %s)", b ? b + 1 : file, hex);
    fprintf(m, "# command: %s", cmd_name[cmd]);
    for (int i = 0; i < nextra; i++)
        fprintf(m, " %s", extra[i]);
    fputc('\n', m);
    nhref_csv_meta(m, "count", "%zu", n);
    fprintf(m, "# index\tcase\tmodel\tfile\tswept\n");
    for (size_t i = 0; i < n; i++)
        fprintf(m, "%zu\t%s\t%s\t%s/%s.csv\t%s\n", i, c[i].name, c[i].model, c[i].model,
                c[i].name, c[i].swept ? c[i].swept : "");
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* write DIR/STEM.manifest, or check that the one there is the same */
static int write_manifest(const char *dir, const char *stem_s, const char *text, size_t len)
{
    char *path = malloc(strlen(dir) + strlen(stem_s) + 16), *old = NULL;
    size_t oldlen = 0;
    int rc = CLI_OK;

    if (path == NULL)
        return CLI_FAIL;
    sprintf(path, "%s/%s.manifest", dir, stem_s);
    if ((old = slurp(path, &oldlen)) != NULL) {
        if (oldlen == len && memcmp(old, text, len) == 0) {
            free(old);
            free(path);
            return CLI_OK; /* another shard wrote it */
        }
        cli_error("%s is the manifest of another sweep (a different case file or command): "
                  "write to another directory (-o), or remove it to start afresh",
                  path);
        free(old);
        free(path);
        return CLI_USAGE;
    }
    {
        nhref_outfile_t *of;
        if (nhref_outfile_open(&of, path) != NHREF_OK) {
            cli_error("cannot write '%s': %s", path, strerror(errno));
            rc = CLI_FAIL;
        } else {
            fwrite(text, 1, len, nhref_outfile_stream(of));
            if (nhref_outfile_commit(of) != NHREF_OK) {
                cli_error("cannot write '%s': %s", path, strerror(errno));
                rc = CLI_FAIL;
            }
        }
    }
    free(path);
    return rc;
}

/* the argument vector of CMD for case C, writing OUT; *N its length.  Every string
 * is malloc'ed (the commands modify their NAME=VALUE arguments). */
static char **case_argv(const nhref_case_t *c, sweep_cmd_t cmd, const char *out, char **extra,
                        int nextra, int *n, char *why, size_t len)
{
    size_t cap = 16 + 2 * (c->nparam + c->ninit) + (size_t)nextra, k = 0;
    char **v = calloc(cap, sizeof *v), digits[32];
    mpfr_t t0;
    int zero;

    if (v == NULL) {
        snprintf(why, len, "out of memory");
        return NULL;
    }
    mpfr_init2(t0, 64);
    zero = nhref_decimal_set(t0, c->t_start) == NHREF_OK && mpfr_zero_p(t0);
    mpfr_clear(t0);
    if (!zero) {
        snprintf(why, len, "t-start = %s: 'nhref %s' starts at t = 0", c->t_start, cmd_name[cmd]);
        free(v);
        return NULL;
    }
    snprintf(digits, sizeof digits, "%.17g", c->digits);
#define ADD(s) (v[k++] = strdup(s))
    ADD(cmd_name[cmd]);
    ADD(c->model);
    for (size_t i = 0; i < c->nparam; i++) {
        char *a = malloc(strlen(c->param_name[i]) + strlen(c->param_value[i]) + 2);
        ADD("--param");
        if (a != NULL)
            sprintf(a, "%s=%s", c->param_name[i], c->param_value[i]);
        v[k++] = a;
    }
    for (size_t i = 0; i < c->ninit; i++) {
        char *a = malloc(strlen(c->init_name[i]) + strlen(c->init_value[i]) + 2);
        ADD("--init");
        if (a != NULL)
            sprintf(a, "%s=%s", c->init_name[i], c->init_value[i]);
        v[k++] = a;
    }
    if (cmd == SWEEP_RUN) {
        if (c->t_end == NULL || c->dt_out == NULL) {
            snprintf(why, len, "its times are a list: 'nhref run' needs t-end and dt-out");
            goto bad;
        }
        ADD("--quiet");
        ADD("--t-end");
        ADD(c->t_end);
        ADD("--dt-out");
        ADD(c->dt_out);
    } else {
        size_t tl = 1, o = 0;
        char *times;
        mpfr_t t;
        for (size_t i = 0; i < c->ntimes; i++)
            tl += strlen(c->times[i]) + 1;
        times = malloc(tl);
        if (times == NULL)
            goto bad;
        times[0] = '\0';
        mpfr_init2(t, 64);
        for (size_t i = 0; i < c->ntimes; i++) { /* the times after t = 0 */
            nhref_decimal_set(t, c->times[i]);
            if (mpfr_sgn(t) > 0)
                o += (size_t)sprintf(times + o, "%s%s", o ? "," : "", c->times[i]);
        }
        mpfr_clear(t);
        if (o == 0) {
            snprintf(why, len, "no time after t = 0 for the exponents");
            free(times);
            goto bad;
        }
        ADD("--times");
        v[k++] = times;
    }
    ADD("--digits");
    ADD(digits);
    ADD("--output");
    ADD(out);
    for (int i = 0; i < nextra; i++)
        ADD(extra[i]);
#undef ADD
    for (size_t i = 0; i < k; i++)
        if (v[i] == NULL) {
            snprintf(why, len, "out of memory");
            goto bad;
        }
    *n = (int)k;
    return v;
bad:
    for (size_t i = 0; i < k; i++)
        free(v[i]);
    free(v);
    return NULL;
}

/* an option after '--' that would override what the sweep sets for each case (the
 * case's values, the output file), or print help for every case: its name, or NULL.
 * getopt_long takes unambiguous prefixes of long names, so a prefix counts. */
static const char *overriding(const char *arg)
{
    static const char *longs[] = {"output", "param", "init", "t-end", "dt-out", "times",
                                  "digits", "prec", "help"};
    if (arg[0] != '-' || arg[1] == '\0')
        return NULL;
    if (arg[1] == '-') {
        size_t l = strcspn(arg + 2, "=");
        for (size_t i = 0; l > 0 && i < sizeof longs / sizeof longs[0]; i++)
            if (strncmp(arg + 2, longs[i], l) == 0)
                return longs[i];
        return NULL;
    }
    /* short options, possibly clustered (-qo FILE): up to the first non-letter */
    for (const char *p = arg + 1; (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'); p++)
        if (strchr("opiTdh", *p) != NULL)
            return *p == 'o' ? "output" : *p == 'p' ? "param" : *p == 'i' ? "init"
                 : *p == 'T' ? "t-end" : *p == 'd' ? "digits" : "help";
    return NULL;
}

/* remove PATH.tmp.* (what a killed writer leaves) */
static void remove_temporaries(const char *path)
{
    char *pat = malloc(strlen(path) + 8);
    glob_t g;
    if (pat == NULL)
        return;
    sprintf(pat, "%s.tmp.*", path);
    if (glob(pat, GLOB_NOSORT, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc; i++)
            unlink(g.gl_pathv[i]);
        globfree(&g);
    }
    free(pat);
}

int cmd_sweep(int argc, char **argv)
{
    static const struct option longopts[] = {{"command", required_argument, NULL, 'c'},
                                              {"output", required_argument, NULL, 'o'},
                                              {"shard", required_argument, NULL, 'S'},
                                              {"resume", no_argument, NULL, 'R'},
                                              {"list", no_argument, NULL, 'l'},
                                              {"quiet", no_argument, NULL, 'q'},
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    sweep_cmd_t cmd = SWEEP_RUN;
    const char *out_dir = NULL, *file;
    char *stem_s = NULL, err[1024], *manifest = NULL;
    char **extra = NULL;
    int nextra = 0, own = argc, list = 0, quiet = 0, resume = 0, c, rc = CLI_OK;
    unsigned long shard_k = 1, shard_n = 1;
    nhref_case_t *cases = NULL;
    size_t n = 0, mine = 0, k = 0, ndone = 0, nskip = 0, nfail = 0, mlen = 0;
    const char *prog = cli_prog;
    double t_start = now();

    for (int i = 1; i < argc; i++) /* COMMAND-OPTIONs after '--' */
        if (strcmp(argv[i], "--") == 0) {
            own = i;
            extra = argv + i + 1;
            nextra = argc - i - 1;
            break;
        }
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(own, argv, ":c:o:lqh", longopts, NULL)) != -1) {
        switch (c) {
        case 'c':
            if (strcmp(optarg, "run") == 0)
                cmd = SWEEP_RUN;
            else if (strcmp(optarg, "lyapunov") == 0)
                cmd = SWEEP_LYAPUNOV;
            else {
                cli_error("--command: '%s' is not run or lyapunov", optarg);
                return CLI_USAGE;
            }
            break;
        case 'o':
            out_dir = optarg;
            break;
        case 'S':
            if (cli_shard_parse(optarg, &shard_k, &shard_n) != 0)
                return CLI_USAGE;
            break;
        case 'R':
            resume = 1;
            break;
        case 'l':
            list = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return CLI_OK;
        case ':':
            cli_error("option '%s' needs a value (see 'nhref sweep --help')", argv[optind - 1]);
            return CLI_USAGE;
        default:
            cli_error("unknown option '%s' (see 'nhref sweep --help'; options of the command go "
                      "after '--')",
                      argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind + 1 != own) {
        cli_error(optind >= own ? "missing FILE (see 'nhref sweep --help')"
                                : "one FILE only (options of the command go after '--')");
        return CLI_USAGE;
    }
    for (int i = 0; i < nextra; i++) {
        const char *o = overriding(extra[i]);
        if (o != NULL) {
            cli_error("'%s' after '--' would replace what the sweep gives each case (--%s): "
                      "set it in the sweep file (param, init, t-end, dt-out, times, digits)",
                      extra[i], o);
            return CLI_USAGE;
        }
    }
    file = argv[optind];
    if (nhref_cases_read(&cases, &n, file, err, sizeof err) != NHREF_OK) {
        cli_error("%s", err);
        return CLI_USAGE;
    }
    for (size_t i = 0; i < n; i++)
        mine += i % shard_n == shard_k - 1;
    if (list) {
        for (size_t i = 0; i < n; i++)
            if (i % shard_n == shard_k - 1)
                printf("%zu\t%s\t%s\t%s\n", i, cases[i].name, cases[i].model,
                       cases[i].swept ? cases[i].swept : "");
        goto done;
    }
    if ((stem_s = stem(file)) == NULL) {
        rc = CLI_FAIL;
        goto done;
    }
    if (out_dir == NULL)
        out_dir = stem_s;
    if (make_dirs(out_dir) != 0) {
        cli_error("cannot make the directory '%s': %s", out_dir, strerror(errno));
        rc = CLI_FAIL;
        goto done;
    }
    if ((manifest = manifest_text(file, cases, n, cmd, extra, nextra, &mlen)) == NULL) {
        rc = CLI_FAIL;
        goto done;
    }
    if ((rc = write_manifest(out_dir, stem_s, manifest, mlen)) != CLI_OK)
        goto done;
    if (!quiet)
        fprintf(stderr, "%s: %s: %zu cases; shard %lu/%lu: %zu of them -> %s/\n", prog, file, n,
                shard_k, shard_n, mine, out_dir);

    for (size_t i = 0; i < n; i++) {
        const nhref_case_t *cs = &cases[i];
        char path[4096], why[512] = "", label[300], **av;
        int ac, r;
        double t0;

        if (i % shard_n != shard_k - 1)
            continue;
        k++;
        snprintf(path, sizeof path, "%s/%s/%s.csv", out_dir, cs->model, cs->name);
        if (resume) {
            remove_temporaries(path); /* this shard's case: nobody else writes it */
            if (cli_output_matches(path, cs, first_line[cmd], why, sizeof why)) {
                nskip++;
                if (!quiet)
                    fprintf(stderr, "%s: [%zu/%zu] %s: skipped: its output checks out (--resume)\n",
                            prog, k, mine, cs->name);
                continue;
            }
        }
        snprintf(path, sizeof path, "%s/%s", out_dir, cs->model);
        if (make_dirs(path) != 0) {
            cli_error("cannot make the directory '%s': %s", path, strerror(errno));
            rc = CLI_FAIL;
            break;
        }
        snprintf(path, sizeof path, "%s/%s/%s.csv", out_dir, cs->model, cs->name);
        if ((av = case_argv(cs, cmd, path, extra, nextra, &ac, why, sizeof why)) == NULL) {
            cli_error("%s:%zu: case [%s]: %s", cs->file, cs->line, cs->name, why);
            nfail++;
            continue;
        }
        snprintf(label, sizeof label, "%s: %s", prog, cs->name);
        cli_prog = label; /* the command's messages name the case */
        t0 = now();
        r = cmd == SWEEP_RUN ? cmd_run(ac, av) : cmd_lyapunov(ac, av);
        cli_prog = prog;
        for (int a = 0; a < ac; a++)
            free(av[a]);
        free(av);
        if (r != CLI_OK) {
            nfail++;
            fprintf(stderr, "%s: [%zu/%zu] %s: FAILED (nhref %s exit %d)\n", prog, k, mine,
                    cs->name, cmd_name[cmd], r);
            continue;
        }
        ndone++;
        if (!quiet)
            fprintf(stderr, "%s: [%zu/%zu] %s: done in %.2f s\n", prog, k, mine, cs->name,
                    now() - t0);
    }
    if (rc == CLI_OK && nfail > 0)
        rc = CLI_FAIL;
    if (!quiet || nfail > 0)
        fprintf(stderr, "%s: shard %lu/%lu: %zu cases: %zu computed, %zu skipped, %zu failed "
                        "(%.1f s)\n",
                prog, shard_k, shard_n, mine, ndone, nskip, nfail, now() - t_start);

done:
    free(manifest);
    free(stem_s);
    nhref_cases_free(cases, n);
    return rc;
}
