/* util.c -- helpers shared by the subcommands: messages, value parsing, progress. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ctype.h>
#include <sys/stat.h>
#include <unistd.h>

const char *cli_prog = "nhref";

char *cli_trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

const char cli_silent[] = "";

void cli_error_va(const char *who, const char *fmt, va_list ap)
{
    if (who == cli_silent)
        return;
    fprintf(stderr, "%s: ", who != NULL ? who : cli_prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_error_va(cli_prog, fmt, ap);
    va_end(ap);
}

void cli_error_in(const char *who, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_error_va(who, fmt, ap);
    va_end(ap);
}

int cli_stdout_reported = 0;

void cli_write_error_in(const char *who, const char *path, int err)
{
    if (strcmp(path, "-") == 0) {
        cli_error_in(who, "cannot write standard output: %s", strerror(err != 0 ? err : EIO));
        cli_stdout_reported = 1;
    } else {
        cli_error_in(who, "cannot write '%s': %s", path, strerror(err != 0 ? err : EIO));
    }
}

void cli_write_error(const char *path, int err)
{
    cli_write_error_in(cli_prog, path, err);
}

const nhref_model_t *cli_model(const char *name)
{
    const nhref_model_t *m = nhref_model_find(name);
    if (m == NULL) {
        fprintf(stderr, "%s: unknown model '%s' (known models:", cli_prog, name);
        for (size_t i = 0; i < nhref_model_count(); i++)
            fprintf(stderr, " %s", nhref_model_get(i)->name);
        fprintf(stderr, "; see 'nhref list')\n");
    }
    return m;
}

int cli_split_assignment(char *arg, const char *option, char **name, char **value)
{
    char *eq = strchr(arg, '=');
    if (eq == NULL || eq == arg) {
        cli_error("%s expects NAME=VALUE, got '%s'", option, arg);
        return -1;
    }
    *eq = '\0';
    *name = arg;
    *value = eq + 1;
    return 0;
}

int cli_decimal_in(const char *who, mpfr_ptr x, const char *s, const char *option,
                   const char *range)
{
    int status = nhref_decimal_set(x, s);
    if (status != NHREF_OK) {
        char why[400];
        cli_error_in(who, "%s: %s (admissible range: %s)", option,
                     nhref_decimal_why(why, sizeof why, s, mpfr_get_prec(x), status), range);
        return -1;
    }
    return 0;
}

int cli_decimal(mpfr_ptr x, const char *s, const char *option, const char *range)
{
    return cli_decimal_in(cli_prog, x, s, option, range);
}

const char *cli_shorten(char *buf, size_t len, const char *s)
{
    size_t n = strlen(s);
    snprintf(buf, len, n > 40 ? "%.32s..." : "%s", s);
    return buf;
}

/* the canonical path of PATH, which need not exist: its directory's realpath and its
 * name (malloc'ed), or NULL */
static char *canonical(const char *path)
{
    char *copy = strdup(path), *slash, *dir, *out = NULL;
    const char *name;
    if (copy == NULL)
        return NULL;
    slash = strrchr(copy, '/');
    if (slash == NULL) {
        dir = realpath(".", NULL);
        name = copy;
    } else {
        *slash = '\0';
        dir = realpath(slash == copy ? "/" : copy, NULL);
        name = slash + 1;
    }
    if (dir != NULL && (out = malloc(strlen(dir) + strlen(name) + 2)) != NULL)
        sprintf(out, "%s/%s", dir, name);
    free(dir);
    free(copy);
    return out;
}

long cli_read_line(FILE *f, char **buf, size_t *cap, size_t *lineno, int meta_only)
{
    int ch;
    for (;;) {
        size_t len = 0;
        if ((ch = getc(f)) == EOF)
            return -1;
        ++*lineno;
        if (meta_only && ch != '#') { /* a data line: skipped as read */
            while (ch != '\n' && ch != EOF)
                ch = getc(f);
            continue;
        }
        if (ch == '\n') { /* an empty line */
            if (*cap == 0 && (*buf = malloc(*cap = 256)) == NULL)
                return -3;
            (*buf)[0] = '\0';
            return 0;
        }
        do {
            if (len + 2 > *cap) {
                size_t ncap = *cap ? 2 * *cap : 256;
                char *p;
                if (len > NHREF_TABLE_MAX_LINE)
                    return -2;
                if ((p = realloc(*buf, ncap)) == NULL)
                    return -3;
                *buf = p;
                *cap = ncap;
            }
            (*buf)[len++] = (char)ch;
        } while ((ch = getc(f)) != '\n' && ch != EOF);
        if (len > NHREF_TABLE_MAX_LINE)
            return -2;
        (*buf)[len] = '\0';
        return (long)len;
    }
}

int cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    char *ca, *cb;
    int same;
    if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
        return 0; /* standard streams: the callers check them apart */
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) /* devices (/dev/null) may be shared */
        return S_ISREG(sa.st_mode) && S_ISREG(sb.st_mode) && sa.st_dev == sb.st_dev &&
               sa.st_ino == sb.st_ino;
    ca = canonical(a);
    cb = canonical(b);
    same = ca != NULL && cb != NULL && strcmp(ca, cb) == 0;
    free(ca);
    free(cb);
    return same;
}

int cli_ulong(unsigned long *v, const char *s, const char *option, unsigned long lo,
              unsigned long hi)
{
    char *end;
    unsigned long r;

    errno = 0;
    r = strtoul(s, &end, 10);
    /* digits only: strtoul would also take ' 5', '+5' and '-5' (as a huge number) */
    if (!isdigit((unsigned char)*s) || *end != '\0' || errno != 0 || r < lo || r > hi) {
        cli_error("%s: '%s' is not a whole number in [%lu, %lu]", option, s, lo, hi);
        return -1;
    }
    *v = r;
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cli_progress_init(cli_progress_t *p, const char *what)
{
    p->what = what;
    p->last = now();
    p->active = isatty(STDERR_FILENO) && getenv("NHREF_NO_PROGRESS") == NULL;
}

void cli_progress(void *pv, double fraction)
{
    cli_progress_t *p = pv;
    double t;
    if (!p->active)
        return;
    t = now();
    if (t - p->last < 0.25)
        return;
    p->last = t;
    fprintf(stderr, "\r%s: %s %5.1f%%", cli_prog, p->what, 100.0 * fraction);
    fflush(stderr);
}

void cli_progress_end(cli_progress_t *p)
{
    if (p->active)
        fprintf(stderr, "\r%*s\r", 60, "");
}
