/* cmd_sweep.c -- `nhref sweep FILE`: run every case of a case or sweep file
 * through `nhref run` or `nhref lyapunov` (the subcommands themselves, called in
 * this process with the case's options), one output file per case, written
 * atomically; a shard of the cases (--shard K/N), skipping the done ones
 * (--resume), and a manifest that `nhref catalogue` checks the outputs against. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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
            "lyapunov', writing OUTDIR/<model>/<case>.csv atomically, each with a sha256 line\n"
            "and a '# sweep:' line (the sha256 of FILE, a NUL byte and the command), and\n"
            "OUTDIR/<stem of FILE>.manifest, the list of every case of the sweep (for\n"
            "'nhref catalogue OUTDIR').  A case's model may be a model file, a path relative\n"
            "to FILE (<model> is then its name: [model] name, or the file's stem); param and\n"
            "init values may be constant expressions ('param a = pi/7, pi/5'), or a set\n"
            "('init omega = 1+-1e-8', 'param a = [0.4, 0.6]') for '-- --rigorous'.  Options\n"
            "after '--' go to every command (not those the sweep sets per case: --param,\n"
            "--init, --t-end, --dt-out, --times, --digits, --prec, --output).  With\n"
            "'-- --fast' (double, scheme taylor) the cases are integrated in SIMD batches of\n"
            "up to 8 (run: nhref_integrate_batch_d; lyapunov: the tangent equations by\n"
            "nhref_lyapunov_batch_d); each output is the one the case alone writes.\n\n"
            "  -c, --command CMD  run (default: the case's t-end, dt-out, digits) or lyapunov\n"
            "                     (FTLE at the case's times after t = 0, its digits)\n"
            "  -o, --output DIR   where to write (default: the stem of FILE)\n"
            "      --shard K/N    only the cases whose index i (0-based, in file order) has\n"
            "                     i mod N = K - 1 (Slurm: --shard\n"
            "                     $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)\n"
            "      --resume       skip a case whose output exists, is that case's (model,\n"
            "                     parameters, initial state) and this sweep's ('# sweep:'), and\n"
            "                     checks out (its sha256 line);\n"
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

/* the content of PATH (NULL if unreadable or longer than MAX bytes: *LEN is then MAX + 1),
 * *LEN bytes; read in chunks, so that no more than MAX + 64 KiB is ever held */
static char *slurp(const char *path, size_t max, size_t *len)
{
    FILE *f = fopen(path, "rb"), *cp;
    char *buf = NULL, chunk[65536];
    size_t got, n = 0;
    *len = 0;
    if (f == NULL)
        return NULL;
    if ((cp = open_memstream(&buf, len)) != NULL) {
        while (n <= max && (got = fread(chunk, 1, sizeof chunk, f)) > 0) {
            fwrite(chunk, 1, got, cp);
            n += got;
        }
        fclose(cp);
    }
    fclose(f);
    if (n > max) {
        free(buf);
        *len = max + 1;
        return NULL;
    }
    return buf;
}

/* the sweep's identity, for the manifest and every output ("# sweep: HEX"): into
 * FILE_HEX the SHA-256 of the sweep FILE's bytes, into SWEEP_HEX the SHA-256 of those
 * bytes, a NUL byte and COMMAND (the manifest's "# command:" value: "run", "lyapunov
 * --method benettin", ...), i.e. { cat FILE; printf '\0%s' COMMAND; } | sha256sum.
 * 0, or -1 (FILE unreadable, changed beyond the limit of a case file since it was read,
 * or memory short: a message said which) */
static int sweep_identity(char file_hex[65], char sweep_hex[65], const char *file,
                          const char *command)
{
    size_t flen, clen = strlen(command);
    char *all = slurp(file, NHREF_CASES_MAX_BYTES, &flen), *both;
    if (all == NULL) {
        if (flen > NHREF_CASES_MAX_BYTES)
            cli_error("%s: more than %lu bytes (the limit of a case or sweep file)", file,
                      (unsigned long)NHREF_CASES_MAX_BYTES);
        else
            cli_error("cannot read '%s': %s", file, strerror(errno ? errno : ENOMEM));
        return -1;
    }
    if ((both = realloc(all, flen + 1 + clen)) == NULL) {
        free(all);
        cli_error("out of memory");
        return -1;
    }
    nhref_sha256_hex(file_hex, both, flen); /* every byte, '#' lines included */
    both[flen] = '\0';
    memcpy(both + flen + 1, command, clen);
    nhref_sha256_hex(sweep_hex, both, flen + 1 + clen);
    free(both);
    return 0;
}

/* "run" or "lyapunov", then each option after '--' after a blank: the manifest's
 * "# command:" value (NULL if memory is short) */
static char *command_text(sweep_cmd_t cmd, char **extra, int nextra)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return NULL;
    fputs(cmd_name[cmd], m);
    for (int i = 0; i < nextra; i++)
        fprintf(m, " %s", extra[i]);
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* the manifest's text: the sweep's identity and every case (not only the shard's).
 * With LEGACY, the text an nhref before the '# sweep:' lines wrote (no such line) */
static char *manifest_text(const char *file, const nhref_case_t *c, size_t n, const char *command,
                           const char *file_hex, const char *sweep_hex, int legacy, size_t *len)
{
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    const char *b = strrchr(file, '/');
    if (m == NULL)
        return NULL;
    fprintf(m, "# nhref sweep manifest\n");
    nhref_csv_meta(m, "format", MANIFEST_FORMAT);
    nhref_csv_meta(m, "cases", "%s (sha256 of the file: %s)", b ? b + 1 : file, file_hex);
    fprintf(m, "# command: %s\n", command);
    if (!legacy)
        nhref_csv_meta(m, "sweep",
                       "%s (sha256 of the file, a NUL byte and the command; every "
                       "output has this line)",
                       sweep_hex);
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

/* the most a manifest may hold when read back: 10^6 cases (NHREF_CASES_MAX_CASES) of a few
 * hundred bytes each */
#define MANIFEST_MAX_BYTES ((size_t)1 << 30)

/* write DIR/STEM.manifest, or check that the one there is the same (TEXT); one that an nhref
 * before the '# sweep:' lines wrote for this sweep (LEGACY, LLEN) is replaced by TEXT */
static int write_manifest(const char *dir, const char *stem_s, const char *text, size_t len,
                          const char *legacy, size_t llen)
{
    char *path = malloc(strlen(dir) + strlen(stem_s) + 16), *old = NULL;
    size_t oldlen = 0;
    int rc = CLI_OK;

    if (path == NULL)
        return CLI_FAIL;
    sprintf(path, "%s/%s.manifest", dir, stem_s);
    if ((old = slurp(path, MANIFEST_MAX_BYTES, &oldlen)) != NULL || oldlen > MANIFEST_MAX_BYTES) {
        int same = old != NULL && oldlen == len && memcmp(old, text, len) == 0;
        int older = old != NULL && oldlen == llen && memcmp(old, legacy, llen) == 0;
        free(old);
        if (same) {
            free(path);
            return CLI_OK; /* another shard wrote it */
        }
        if (!older) {
            cli_error("%s is the manifest of another sweep (a different case file or command): "
                      "write to another directory (-o), or remove it to start afresh",
                      path);
            free(path);
            return CLI_USAGE;
        }
        /* this sweep's, from an older nhref: rewritten with its '# sweep:' line */
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

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the value of the metadata line "# KEY: VALUE" in TEXT (up to the end of its line), or
 * "(unknown)" */
static void meta_value(const char *text, const char *key, char *out, size_t len)
{
    char pat[64];
    const char *p;
    size_t l;
    snprintf(pat, sizeof pat, "\n# %s: ", key);
    if ((p = strstr(text, pat)) == NULL) {
        snprintf(out, len, "(unknown)");
        return;
    }
    p += strlen(pat);
    l = strcspn(p, "\n");
    if (strncmp(key, "cases", 5) == 0 && strstr(p, " (sha256") != NULL &&
        (size_t)(strstr(p, " (sha256") - p) < l) /* the file's name, not its hash */
        l = (size_t)(strstr(p, " (sha256") - p);
    snprintf(out, len, "%.*s", (int)(l < 512 ? l : 512), p);
}

/* the file column (the 4th) of the manifest line LINE, cut off in place; NULL for a '#'
 * line or a line with fewer columns */
static char *manifest_file(char *line)
{
    char *f = line;
    if (line[0] == '#')
        return NULL;
    for (int k = 0; k < 3 && f != NULL; k++)
        if ((f = strchr(f, '\t')) != NULL)
            f++;
    if (f != NULL)
        f[strcspn(f, "\t")] = '\0';
    return f;
}

/* another sweep's manifest in DIR that lists an output file of this sweep (the output
 * files of TEXT, this sweep's manifest): refused before anything is written, naming
 * both sweeps and the file (two sweeps into one directory would overwrite each other's
 * outputs, and each manifest would call the other's output its own).  CLI_OK or
 * CLI_USAGE (CLI_FAIL if memory ran out) */
static int foreign_manifests(const char *dir, const char *stem_s, const char *text)
{
    char **mine = NULL, *copy = strdup(text), *line, *save = NULL, own[1024];
    size_t nmine = 0, cap = 0;
    DIR *d;
    struct dirent *de;
    int rc = CLI_OK;

    snprintf(own, sizeof own, "%s.manifest", stem_s);
    if (copy == NULL)
        return CLI_FAIL;
    for (line = strtok_r(copy, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
        char *f = manifest_file(line);
        if (f == NULL)
            continue;
        if (nmine == cap) {
            char **m = realloc(mine, (cap = cap ? 2 * cap : 64) * sizeof *m);
            if (m == NULL) {
                rc = CLI_FAIL;
                goto out;
            }
            mine = m;
        }
        mine[nmine++] = f;
    }
    if (nmine > 0) /* MINE is NULL then, which qsort may not take */
        qsort(mine, nmine, sizeof *mine, cmp_str);
    if ((d = opendir(dir)) == NULL)
        goto out; /* made just now: no manifest there */
    while (rc == CLI_OK && (de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name), olen;
        char *path, *other, *ol, *osave = NULL, theirs[600], tcmd[600];
        if (l < 10 || strcmp(de->d_name + l - 9, ".manifest") != 0 || strcmp(de->d_name, own) == 0)
            continue;
        if ((path = malloc(strlen(dir) + l + 2)) == NULL) {
            rc = CLI_FAIL;
            break;
        }
        sprintf(path, "%s/%s", dir, de->d_name);
        if ((other = slurp(path, MANIFEST_MAX_BYTES, &olen)) == NULL ||
            strncmp(other, "# nhref sweep manifest\n", 23) != 0) {
            free(other);
            free(path);
            continue; /* not a manifest of nhref's */
        }
        meta_value(other, "cases", theirs, sizeof theirs); /* before strtok_r cuts it */
        meta_value(other, "command", tcmd, sizeof tcmd);
        for (ol = strtok_r(other, "\n", &osave); ol != NULL; ol = strtok_r(NULL, "\n", &osave)) {
            char *key = manifest_file(ol);
            if (key != NULL && bsearch(&key, mine, nmine, sizeof *mine, cmp_str) != NULL) {
                char ours[600], ocmd[600];
                meta_value(text, "cases", ours, sizeof ours);
                meta_value(text, "command", ocmd, sizeof ocmd);
                cli_error("%s (command %s) would overwrite %s/%s, an output of another sweep: "
                          "%s (command %s, manifest %s); nothing was written: write to another "
                          "directory (-o), or remove %s and its outputs to start afresh",
                          ours, ocmd, dir, key, theirs, tcmd, path, path);
                rc = CLI_USAGE;
                break;
            }
        }
        free(other);
        free(path);
    }
    closedir(d);
out:
    free(mine);
    free(copy);
    return rc;
}

/* the lock of the cases of the sweep STEM in DIR: DIR/.STEM.lock, a byte per case
 * index, held (fcntl, so also over NFS with a lock daemon) while a process checks,
 * cleans or computes that case -- two processes of one shard (a job run twice, a
 * requeue) take turns on each case instead of deleting each other's temporary files.
 * The descriptor, or -1 (then nothing is locked, as before) */
static int open_lock(const char *dir, const char *stem_s)
{
    char *path = malloc(strlen(dir) + strlen(stem_s) + 16);
    int fd;
    if (path == NULL)
        return -1;
    sprintf(path, "%s/.%s.lock", dir, stem_s);
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    free(path);
    return fd;
}

/* lock (TYPE F_WRLCK, waiting for another holder) or unlock (F_UNLCK) byte I of FD: case
 * I's lock.  A file system without record locks (NFS without a lock daemon) is said once,
 * and the sweep goes on unlocked, as before the locks */
static void lock_case(int fd, size_t i, short type, const char *prog, const char *name, int quiet)
{
    static int warned;
    struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = (off_t)i, .l_len = 1};
    if (fd < 0)
        return;
    if (fcntl(fd, F_SETLK, &fl) == 0 || type == F_UNLCK)
        return;
    if (errno == EACCES || errno == EAGAIN) {
        struct flock who = fl;
        if (!quiet && fcntl(fd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK)
            fprintf(stderr,
                    "%s: %s: waiting for another nhref sweep (pid %ld, maybe on another host) that "
                    "has this case\n",
                    prog, name, (long)who.l_pid);
        while (fcntl(fd, F_SETLKW, &fl) != 0 && errno == EINTR)
            ;
    } else if (!warned++) {
        fprintf(stderr,
                "%s: warning: cannot lock the cases (%s): two processes of one shard "
                "would not take turns\n",
                prog, strerror(errno));
    }
}

/* the options after '--', parsed once by the command's own parser */
typedef struct {
    cli_run_args_t run;
    cli_lyap_args_t lyap;
} extras_t;

static int parse_extras(extras_t *x, sweep_cmd_t cmd, char **extra, int nextra)
{
    char **av = malloc(((size_t)nextra + 2) * sizeof *av);
    int rc;
    if (av == NULL)
        return CLI_FAIL;
    av[0] = (char *)cmd_name[cmd];
    for (int i = 0; i < nextra; i++)
        av[i + 1] = extra[i];
    av[nextra + 1] = NULL;
    rc = cmd == SWEEP_RUN ? cli_run_args(&x->run, nextra + 1, av, 0)
                          : cli_lyap_args(&x->lyap, nextra + 1, av, 0);
    free(av);
    return rc;
}

/* the times of case C after t = 0 (the exponents'), into SPEC */
static int times_after_zero(nhref_spec_t *spec, const nhref_case_t *c, char *why, size_t len)
{
    const char **t = malloc((c->ntimes + 1) * sizeof *t);
    size_t n = 0;
    int status;
    if (t == NULL) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < c->ntimes; i++) {
        mpfr_t v;
        mpfr_init2(v, 64);
        nhref_decimal_set(v, c->times[i]);
        if (mpfr_sgn(v) > 0)
            t[n++] = c->times[i];
        mpfr_clear(v);
    }
    status = n > 0 ? nhref_spec_set_times(spec, n, t) : NHREF_EINVAL;
    if (n == 0)
        snprintf(why, len, "no time after t = 0 for the exponents");
    else if (status != NHREF_OK)
        snprintf(why, len, "%s", nhref_spec_error(spec));
    free(t);
    return status == NHREF_OK ? 0 : -1;
}

/* case C through CMD into PATH: its spec, the options after '--', the run (READY: a run
 * spec with its rows, DONE: a lyapunov case's exponents, computed ahead by batch_ahead).
 * Returns the command's exit status (messages prefixed with WHO) */
static int run_case(const nhref_case_t *c, sweep_cmd_t cmd, const extras_t *x, const char *path,
                    const char *sweep_hex, const char *who, nhref_spec_t *ready,
                    const cli_lyap_done_t *done)
{
    nhref_spec_t *spec = NULL;
    char why[512], line[160];
    int rc;

    if (ready != NULL) { /* built, with its rows, by batch_ahead */
        rc = cli_run_spec(ready, path, "csv", 1, who);
        nhref_spec_free(ready);
        return rc;
    }
    rc = c->mf != NULL ? nhref_spec_new_file(&spec, c->mf) : nhref_spec_new(&spec, c->model);

    if (rc == NHREF_OK) {
        nhref_spec_set_names(spec, NHREF_SPEC_KEYS, NULL);
        rc = nhref_spec_from_case(spec, c);
    }
    if (rc == NHREF_OK) { /* the sweep that wrote the output: right after its first '#' line */
        snprintf(line, sizeof line,
                 "%s (the sweep that wrote this file: its manifest's '# sweep:')", sweep_hex);
        rc = nhref_spec_set_meta(spec, "sweep", line);
    }
    if (rc != NHREF_OK) {
        cli_error_in(who, "%s:%zu: case [%s]: %s", c->file, c->line, c->name,
                     spec != NULL ? nhref_spec_error(spec) : nhref_strerror(rc));
        rc = cli_spec_exit(rc);
    } else if (cmd == SWEEP_RUN) {
        if ((rc = cli_spec_apply(spec, &x->run.spec)) == 0)
            rc = cli_run_spec(spec, path, "csv", 1, who);
    } else if (times_after_zero(spec, c, why, sizeof why) != 0) {
        cli_error_in(who, "%s:%zu: case [%s]: %s", c->file, c->line, c->name, why);
        rc = CLI_USAGE;
    } else if ((rc = cli_spec_apply(spec, &x->lyap.spec)) == 0) {
        cli_lyap_args_t a = x->lyap;
        a.output = path;
        a.quiet = 1;
        rc = cli_lyap_spec_done(spec, &a, who, done);
    }
    nhref_spec_free(spec);
    return rc;
}

/* an option after '--' that would override what the sweep sets for each case (the
 * case's values, the output file), or print help for every case: its name, or NULL.
 * getopt_long takes unambiguous prefixes of long names, so a prefix counts. */
static const char *overriding(const char *arg)
{
    static const char *longs[] = {"output", "param", "init", "t-end", "dt-out", "times",
                                  "t-start", "digits", "prec", "format", "help"};
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

/* 1 if the output PATH has exactly one "# sweep:" line, and it names SWEEP_HEX; else 0 with
 * WHY */
static int output_of_sweep(const char *path, const char *sweep_hex, char *why, size_t len)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0, n = 0, match = 0, lineno = 0;
    long got;
    if (f == NULL) {
        snprintf(why, len, "cannot read it: %s", strerror(errno));
        return 0;
    }
    while ((got = cli_read_line(f, &line, &cap, &lineno, 1)) >= 0)
        if (strncmp(line, "# sweep: ", 9) == 0) {
            n++;
            match += strncmp(line + 9, sweep_hex, 64) == 0 &&
                     (line[73] == ' ' || line[73] == '\0');
        }
    free(line);
    fclose(f);
    if (got < -1) {
        snprintf(why, len, "%s", got == -2 ? "it has a '#' line over the limit of a line"
                                           : "out of memory");
        return 0;
    }
    if (n == 1 && match == 1)
        return 1;
    snprintf(why, len,
             n == 0  ? "it has no '# sweep:' line (an older nhref, or not a sweep, wrote it)"
             : n > 1 ? "it has several '# sweep:' lines"
                     : "another sweep wrote it (its '# sweep:' line differs)");
    return 0;
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

/* case C's spec as run_case builds it, for a batch (no message: run_case says why it
 * fails), or NULL */
static nhref_spec_t *ahead_spec(const nhref_case_t *c, sweep_cmd_t cmd, const extras_t *x,
                                const char *line)
{
    nhref_spec_t *s = NULL;
    char why[512];
    int rc = c->mf != NULL ? nhref_spec_new_file(&s, c->mf) : nhref_spec_new(&s, c->model);
    if (rc == NHREF_OK) {
        nhref_spec_set_names(s, NHREF_SPEC_KEYS, NULL);
        rc = nhref_spec_from_case(s, c);
    }
    if (rc == NHREF_OK)
        rc = nhref_spec_set_meta(s, "sweep", line);
    if (rc == NHREF_OK && cmd == SWEEP_LYAPUNOV && times_after_zero(s, c, why, sizeof why) != 0)
        rc = NHREF_EINVAL;
    if (rc == NHREF_OK &&
        cli_spec_apply_quiet(s, cmd == SWEEP_RUN ? &x->run.spec : &x->lyap.spec) != 0)
        rc = NHREF_EINVAL;
    if (rc != NHREF_OK) {
        nhref_spec_free(s);
        return NULL;
    }
    return s;
}

/* the cases of `run --fast` or `lyapunov --fast` integrated in batches (SIMD lanes, each
 * lane its separate run bit for bit: nhref_spec_batch, cli_lyap_batch): from case I on,
 * the next BATCH_AHEAD cases of the shard that are not done (--resume) get a spec built
 * as run_case builds it; for run, those whose rows the batch computed go to READY[j] for
 * run_case; for lyapunov, the exponents of those whose lane reached every time go to
 * DONE[j]; the others are run there as usual.  TRIED[j] marks the cases looked at. */
#define BATCH_AHEAD 8
static void batch_ahead(const nhref_case_t *cases, size_t n, size_t i, unsigned long shard_k,
                        unsigned long shard_n, sweep_cmd_t cmd, const extras_t *x,
                        const char *out_dir, const char *sweep_hex, int resume,
                        nhref_spec_t **ready, cli_lyap_done_t **done, char *tried)
{
    nhref_spec_t *spec[BATCH_AHEAD];
    cli_lyap_done_t *got[BATCH_AHEAD];
    size_t idx[BATCH_AHEAD], m = 0;
    char line[160], path[4096], why[512];

    snprintf(line, sizeof line, "%s (the sweep that wrote this file: its manifest's '# sweep:')",
             sweep_hex);
    for (size_t j = i; j < n && m < BATCH_AHEAD; j++) {
        const nhref_case_t *c = &cases[j];
        if (j % shard_n != shard_k - 1 || tried[j])
            continue;
        tried[j] = 1;
        snprintf(path, sizeof path, "%s/%s/%s.csv", out_dir, c->model, c->name);
        if (resume && cli_output_matches(path, c, first_line[cmd], why, sizeof why) &&
            output_of_sweep(path, sweep_hex, why, sizeof why))
            continue; /* skipped by the loop */
        if ((spec[m] = ahead_spec(c, cmd, x, line)) != NULL)
            idx[m++] = j;
    }
    if (m > 1 && cmd == SWEEP_RUN)
        nhref_spec_batch(spec, m);
    if (m > 1 && cmd == SWEEP_LYAPUNOV)
        cli_lyap_batch(spec, m, &x->lyap, got);
    for (size_t k = 0; k < m; k++) {
        if (m > 1 && cmd == SWEEP_LYAPUNOV)
            done[idx[k]] = got[k];
        if (m > 1 && cmd == SWEEP_RUN && nhref_spec_batched(spec[k]))
            ready[idx[k]] = spec[k];
        else
            nhref_spec_free(spec[k]);
    }
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
    char *stem_s = NULL, err[1024], *manifest = NULL, *legacy = NULL, *command = NULL;
    char file_hex[65], sweep_hex[65];
    char **extra = NULL, *tried = NULL;
    nhref_spec_t **ready = NULL; /* cases batched ahead (batch_ahead): run's rows */
    cli_lyap_done_t **done = NULL; /* lyapunov's exponents */
    int nextra = 0, own = argc, list = 0, quiet = 0, resume = 0, c, rc = CLI_OK, lock_fd = -1;
    int dir_fd;
    unsigned long shard_k = 1, shard_n = 1;
    nhref_case_t *cases = NULL;
    size_t n = 0, mine = 0, k = 0, ndone = 0, nskip = 0, nfail = 0, mlen = 0, llen = 0;
    const char *prog = cli_prog;
    double t_start = now();
    extras_t x;

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
                      "set it in the sweep file (param, init, t-start, t-end, dt-out, times, digits)",
                      extra[i], o);
            return CLI_USAGE;
        }
    }
    file = argv[optind]; /* before the options after '--' are parsed (getopt again) */
    if ((rc = parse_extras(&x, cmd, extra, nextra)) != 0)
        return rc == 1 ? CLI_OK : rc;
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
    if ((command = command_text(cmd, extra, nextra)) == NULL) {
        rc = CLI_FAIL;
        goto done;
    }
    if (sweep_identity(file_hex, sweep_hex, file, command) != 0) {
        rc = CLI_USAGE;
        goto done;
    }
    if ((manifest = manifest_text(file, cases, n, command, file_hex, sweep_hex, 0, &mlen)) ==
            NULL ||
        (legacy = manifest_text(file, cases, n, command, file_hex, sweep_hex, 1, &llen)) == NULL) {
        rc = CLI_FAIL;
        goto done;
    }
    /* DIR's own lock (DIR/...lock, held for a moment: no message while waiting) around the
     * check and the manifest: two sweeps started at once into DIR see each other's manifest */
    dir_fd = open_lock(out_dir, ".");
    lock_case(dir_fd, 0, F_WRLCK, prog, out_dir, 1);
    if ((rc = foreign_manifests(out_dir, stem_s, manifest)) == CLI_OK)
        rc = write_manifest(out_dir, stem_s, manifest, mlen, legacy, llen);
    if (dir_fd >= 0)
        close(dir_fd);
    if (rc != CLI_OK)
        goto done;
    lock_fd = open_lock(out_dir, stem_s);
    /* run --fast: the cases in batches (batch_ahead), once a case has run: each lane is
     * its case's run bit for bit, compiled (the lanes' jets are compiled as the double
     * jets, in the same variant) or interpreted (NHREF_JIT=0, no compiler) */
    if ((cmd == SWEEP_RUN ? x.run.spec.fast : x.lyap.spec.fast) &&
        ((ready = calloc(n + 1, sizeof *ready)) == NULL ||
         (done = calloc(n + 1, sizeof *done)) == NULL || (tried = calloc(n + 1, 1)) == NULL)) {
        free(ready);
        free(done);
        ready = NULL;
        done = NULL;
    }
    if (!quiet)
        fprintf(stderr, "%s: %s: %zu cases; shard %lu/%lu: %zu of them -> %s/\n", prog, file, n,
                shard_k, shard_n, mine, out_dir);

    for (size_t i = 0; i < n; i++) {
        const nhref_case_t *cs = &cases[i];
        char path[4096], why[512] = "", label[300];
        int r;
        double t0;

        if (i % shard_n != shard_k - 1)
            continue;
        k++;
        snprintf(path, sizeof path, "%s/%s/%s.csv", out_dir, cs->model, cs->name);
        lock_case(lock_fd, i, F_WRLCK, prog, cs->name, quiet);
        if (resume) {
            remove_temporaries(path); /* this case's lock is ours: nobody else writes it */
            if (cli_output_matches(path, cs, first_line[cmd], why, sizeof why) &&
                output_of_sweep(path, sweep_hex, why, sizeof why)) {
                lock_case(lock_fd, i, F_UNLCK, prog, cs->name, quiet);
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
        snprintf(label, sizeof label, "%s: %s", prog, cs->name); /* messages name the case */
        t0 = now();
        if (ready != NULL && ndone > 0 && !tried[i])
            batch_ahead(cases, n, i, shard_k, shard_n, cmd, &x, out_dir, sweep_hex, resume,
                        ready, done, tried);
        r = run_case(cs, cmd, &x, path, sweep_hex, label, ready != NULL ? ready[i] : NULL,
                     done != NULL ? done[i] : NULL);
        if (ready != NULL) {
            ready[i] = NULL;
            cli_lyap_done_free(done[i]);
            done[i] = NULL;
        }
        lock_case(lock_fd, i, F_UNLCK, prog, cs->name, quiet);
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
    for (size_t i = 0; ready != NULL && i < n; i++) {
        nhref_spec_free(ready[i]);
        cli_lyap_done_free(done[i]);
    }
    free(ready);
    free(done);
    free(tried);
    if (lock_fd >= 0)
        close(lock_fd); /* releases every lock of this process on it */
    free(manifest);
    free(legacy);
    free(command);
    free(stem_s);
    nhref_cases_free(cases, n);
    return rc;
}
