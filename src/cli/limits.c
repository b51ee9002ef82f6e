/* limits.c -- bounded work, stated up front: the limits of the schemes on the
 * order and the stages, checked before anything is allocated, and estimates of
 * the memory a run needs (output grid, Taylor jets, collocation stages)
 * compared with what the process may use.  See docs/limits.md. */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>


/* The schemes' own rules: the Taylor order (nhref_scheme.h); the Gauss stages,
 * the range of the scheme's option "stages" */
#define TAYLOR_MAX_ORDER NHREF_TAYLOR_MAX_ORDER
/* nhref_options_resolve refuses digits above 10^6, also when they were implied by
 * a precision in an earlier call (src/integrate/integrator.c) */
#define MAX_DIGITS 1e6
#define LOG10_2 0.30102999566398119521

unsigned long cli_taylor_order(double digits)
{
    return nhref_taylor_order(digits);
}

/* the digits a precision alone implies (nhref_options_resolve) */
static double digits_of_prec(unsigned long prec)
{
    return (double)prec * LOG10_2 - 1;
}

unsigned long cli_prec_max(void)
{
    unsigned long p = (unsigned long)((MAX_DIGITS + 1) / LOG10_2) + 16;
    while (digits_of_prec(p) > MAX_DIGITS)
        p--;
    return p;
}

/* the largest D with cli_taylor_order(D) <= TAYLOR_MAX_ORDER */
static unsigned long taylor_max_digits(void)
{
    unsigned long d = (unsigned long)((TAYLOR_MAX_ORDER - 1) / 1.1513) + 2;
    while (d > 1 && cli_taylor_order((double)d) > TAYLOR_MAX_ORDER)
        d--;
    return d;
}

/* the largest --prec whose implied digits keep the Taylor order in range */
static unsigned long taylor_max_prec(void)
{
    unsigned long p = (unsigned long)((double)taylor_max_digits() / LOG10_2) + 16;
    while (p > 16 && cli_taylor_order(digits_of_prec(p)) > TAYLOR_MAX_ORDER)
        p--;
    return p;
}

double cli_mpfr_bytes(mpfr_prec_t prec)
{
    /* the struct, the limbs with MPFR's header word, malloc's overhead */
    return (double)sizeof(__mpfr_struct) + (double)mpfr_custom_get_size(prec) + 16.0;
}

double cli_memory_available(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    double m = pages > 0 && size > 0 ? (double)pages * (double)size : INFINITY;
    struct rlimit rl;

    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (double)rl.rlim_cur < m)
        m = (double)rl.rlim_cur;
    if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (double)rl.rlim_cur < m)
        m = (double)rl.rlim_cur;
    return m;
}

const char *cli_bytes(char *buf, size_t len, double bytes)
{
    static const char *unit[] = {"bytes", "KB", "MB", "GB", "TB", "PB", "EB"};
    int u = 0;
    while (bytes >= 1000 && u < 6) {
        bytes /= 1000;
        u++;
    }
    snprintf(buf, len, u ? "%.3g %s" : "%.0f %s", bytes, unit[u]);
    return buf;
}

int cli_check_memory(double bytes, const char *what)
{
    double avail = cli_memory_available();
    char b[32], a[32];

    if (bytes <= avail)
        return 0;
    cli_error("not enough memory: %s need about %s, more than the %s this process may use "
              "(physical memory, or ulimit -v / -d)",
              what, cli_bytes(b, sizeof b, bytes), cli_bytes(a, sizeof a, avail));
    return -1;
}

int cli_check_scheme(const cli_work_t *w)
{
    const char *scheme = w->scheme != NULL ? w->scheme : "taylor";
    double unit = cli_mpfr_bytes(w->prec), bytes;
    char what[512], b1[32];

    if (strcmp(scheme, "taylor") == 0) {
        unsigned long order = w->order ? w->order : cli_taylor_order(w->digits);
        if (order > TAYLOR_MAX_ORDER) {
            const char *alt =
                w->scheme_options ? ", or --order N (N <= 100000), or --scheme gauss" : "";
            if (w->prec_opt != 0)
                cli_error("--prec %lu implies %.0f digits and a Taylor order ceil(1.1513 D + 1) = "
                          "%lu, above the Taylor scheme's limit of %lu: give --prec <= %lu%s",
                          w->prec_opt, floor(w->digits), order, TAYLOR_MAX_ORDER, taylor_max_prec(),
                          alt);
            else
                cli_error("--digits %.0f: the Taylor order ceil(1.1513 D + 1) = %lu is above the "
                          "Taylor scheme's limit of %lu: give --digits <= %lu%s",
                          w->digits, order, TAYLOR_MAX_ORDER, taylor_max_digits(), alt);
            return -1;
        }
        /* the workspace: every tape node's series to the order (and a few more) */
        bytes = ((double)w->nnodes + (double)w->nstate) * (double)(order + 1) * unit;
        snprintf(what, sizeof what,
                 "the Taylor jets (%zu tape nodes to order %lu at %ld bits: %s)%s", w->nnodes,
                 order, (long)w->prec, cli_bytes(b1, sizeof b1, bytes),
                 w->grid_bytes > 0 ? " and " : "");
    } else if (strcmp(scheme, "gauss") == 0) {
        double s = w->stages ? (double)w->stages : ceil(w->digits / 2);
        s = w->stages ? s : s < 2 ? 2 : s > 64 ? 64 : s;
        /* Butcher matrix s^2, stages of three collocations s n each, the tape */
        bytes = (s * s + 5 * s * (double)w->nstate + (double)w->nnodes + 12.0 * (double)w->nstate) *
                unit;
        snprintf(what, sizeof what, "the Gauss-Legendre stages (%.0f stages at %ld bits: %s)%s", s,
                 (long)w->prec, cli_bytes(b1, sizeof b1, bytes), w->grid_bytes > 0 ? " and " : "");
    } else {
        bytes = 0;
        what[0] = '\0';
    }
    if (w->grid_bytes > 0) {
        size_t used = strlen(what);
        snprintf(what + used, sizeof what - used, "%s (%zu rows at %ld bits: %s)",
                 w->grid_what != NULL ? w->grid_what : "the output grid", w->nrows, (long)w->prec,
                 cli_bytes(b1, sizeof b1, w->grid_bytes));
    }
    return cli_check_memory(bytes + w->grid_bytes, what);
}
