/* limits.c -- bounded work, stated up front (docs/limits.md): a scheme's limits and
 * the memory of its workspace and of the grid, compared with what the process may use,
 * before anything is allocated. */
#include "run/run_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "integrate/integrate_internal.h"

double nhref_memory_available(void)
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

const char *nhref_bytes_text(char *buf, size_t len, double bytes)
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

double nhref_mpfr_bytes(long prec)
{
    /* the struct, the limbs with MPFR's header word, malloc's overhead */
    return (double)sizeof(__mpfr_struct) + (double)mpfr_custom_get_size((mpfr_prec_t)prec) + 16.0;
}

/* the largest precision whose implied digits the scheme's default order takes (for the
 * message; the plan refused W's) */
static long max_prec(const nhref_scheme_t *scheme, const nhref_scheme_work_t *w0, double max_digits)
{
    nhref_scheme_work_t w = *w0;
    nhref_scheme_plan_t p;
    long bits = (long)(max_digits / 0.30102999566398119521) + 16;
    for (; bits > 16; bits--) {
        w.digits = nhref_prec_digits(bits);
        if (scheme->plan(&p, &w) == NHREF_OK)
            break;
    }
    return bits;
}

int nhref_spec_check_work(nhref_spec_t *spec, size_t nnodes, size_t nstate, long prec,
                          double grid_bytes, const char *grid_what)
{
    nhref_scheme_work_t w = {nnodes, nstate, prec, spec->wdigits,
                             spec->scheme_opt[0] != '\0' ? spec->scheme_opt : NULL};
    nhref_scheme_plan_t plan;
    char what[512], b[32], a[32], ld[64], lp[64], lo[64];
    double bytes, avail;
    int given_order = strstr(spec->scheme_opt, "order=") != NULL;

    memset(&plan, 0, sizeof plan);
    if (spec->scheme->plan == NULL) {
        plan.numbers = 0;
        what[0] = '\0';
    } else if (spec->scheme->plan(&plan, &w) != NHREF_OK) {
        const char *alt = spec->names == NHREF_SPEC_OPTIONS && !given_order
                              ? ", or --order N (N <= 100000), or --scheme gauss"
                              : "";
        nhref_spec_label(spec, ld, sizeof ld, "digits", NULL);
        nhref_spec_label(spec, lp, sizeof lp, "prec", NULL);
        nhref_spec_label(spec, lo, sizeof lo, "order", NULL);
        if (given_order && plan.max_order < NHREF_TAYLOR_MAX_ORDER) {
            unsigned long need = nhref_taylor_order(spec->wdigits);
            double ratio = ((double)plan.order / (double)need) * ((double)plan.order / (double)need);
            return nhref_spec_fail(spec, NHREF_EINVAL,
                                   "%s %lu is above the limit of %lu at %.0f digits (4 times the "
                                   "order %lu the tolerance needs, and at least %lu): each step "
                                   "would cost about %.2g times the step at order %lu, for no "
                                   "gain in accuracy; give %s <= %lu, or more %s",
                                   lo, plan.order, plan.max_order, floor(spec->wdigits), need,
                                   NHREF_TAYLOR_USEFUL_MIN, ratio, need, lo, plan.max_order, ld);
        }
        if (given_order)
            return nhref_spec_fail(spec, NHREF_EINVAL, "%s %lu is above the %s scheme's limit "
                                   "of %lu", lo, plan.order, spec->scheme->name, plan.max_order);
        if (spec->prec != 0 && spec->digits == 0)
            return nhref_spec_fail(spec, NHREF_EINVAL,
                                   "%s %ld implies %.0f digits and a Taylor order ceil(1.1513 D "
                                   "+ 1) = %lu, above the Taylor scheme's limit of %lu: give %s "
                                   "<= %ld%s",
                                   lp, spec->prec, floor(spec->wdigits), plan.order,
                                   plan.max_order, lp, max_prec(spec->scheme, &w, plan.max_digits), alt);
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "%s %.0f: the Taylor order ceil(1.1513 D + 1) = %lu is above the "
                               "Taylor scheme's limit of %lu: give %s <= %.0f%s",
                               ld, spec->wdigits, plan.order, plan.max_order, ld, plan.max_digits,
                               alt);
    } else {
        bytes = plan.numbers * nhref_mpfr_bytes(prec);
        snprintf(what, sizeof what, "%s: %s)%s", plan.what, nhref_bytes_text(b, sizeof b, bytes),
                 grid_bytes > 0 ? " and " : "");
    }
    bytes = plan.numbers * nhref_mpfr_bytes(prec);
    if (grid_bytes > 0 && grid_what != NULL) {
        size_t used = strlen(what);
        snprintf(what + used, sizeof what - used, "%s: %s)", grid_what,
                 nhref_bytes_text(b, sizeof b, grid_bytes));
    }
    avail = nhref_memory_available();
    if (bytes + grid_bytes <= avail)
        return NHREF_OK;
    return nhref_spec_fail(spec, NHREF_EINVAL,
                           "not enough memory: %s need about %s, more than the %s this process "
                           "may use (physical memory, or ulimit -v / -d)",
                           what, nhref_bytes_text(b, sizeof b, bytes + grid_bytes),
                           nhref_bytes_text(a, sizeof a, avail));
}
