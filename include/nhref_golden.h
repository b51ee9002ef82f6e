/* nhref_golden.h -- cases (what to compute) and golden files (what was computed,
 * with the digits each column is certified to).
 *
 * A case file (data/cases/<model>.cases) is human-editable text:
 *
 *     # comments start with '#'; keys before the first [section] are defaults
 *     model = chaplygin_sleigh
 *     [PUB-1]
 *     source = shared/models/chaplygin-sleigh.md §10 PUB-1
 *     description = the paper's Figure 2 case (k = 4)
 *     param m = 2
 *     init omega = 1
 *     times = 0, 1, 2, 4, 6, 10          (or: t-end = 10 and dt-out = 0.5)
 *     t-start = 0                         (optional; the initial state's time)
 *     digits = 40
 *     fast-tolerance = 1e-12              (optional: how far the double fast path may be
 *                                          from the values, mixed; default 1e-13)
 *     event = fall                        (optional: a terminal event of the model that ends
 *     event-horizon = 2                    the run after the last time and before the
 *                                          horizon; its time is certified like a column)
 *     fast-horizon = 20                   (optional: compare the fast path only up to this
 *                                          time, e.g. where a chaotic case stops being
 *                                          predictable in double; default: every row)
 *
 * Values are decimal strings, used exactly as written.  A golden file
 * (data/golden/<model>/<case>.csv, DESIGN §5; docs/golden.md) is what `nhref golden`
 * writes: the header row first, then metadata lines "# key: value", then rows of
 * decimal strings (the CSV dialect of nhref_io.h).
 * Certification (DESIGN §4): every column is computed by independent routes
 *   taylor@p       Taylor at the working precision p, tolerance 10^-digits,
 *   taylor@p+64    Taylor at p + 64 bits, tolerance 10^-(digits + 19) (the
 *                  values written),
 *   gauss@p        Gauss–Legendre collocation at p, tolerance 10^-digits,
 *   closed-form    the oracle's closed form at p + 64 bits, where the model has one,
 * and its certified digits are the digits on which all routes agree
 * (nhref_oracle_agree_digits, scale 1), minus a margin of one digit, at most
 * the digits asked for.  The level is VALIDATED, not rigorous.
 */
#ifndef NHREF_GOLDEN_H
#define NHREF_GOLDEN_H

#include <stddef.h>

#include "nhref_status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char *name;        /* [section] name: letters, digits, '.', '_', '-' */
    char *model;
    char *source;      /* may be NULL */
    char *description; /* may be NULL */
    size_t nparam, ninit, ntimes;
    char **param_name, **param_value; /* as written */
    char **init_name, **init_value;
    char **times;      /* ntimes decimal strings, monotone */
    char *t_start;     /* decimal string, default "0" */
    double digits;     /* digits asked for, 1..10000 */
    char *fast_tolerance; /* decimal string or NULL (default 1e-13) */
    char *event;          /* a model event's name, or NULL */
    char *event_horizon;  /* decimal string (with event) */
    char *fast_horizon;   /* decimal string or NULL (every row) */
    char *file;        /* where the case was defined */
    size_t line;
} nhref_case_t;

/* nhref_cases_read -- the cases of PATH into *CASES (*N of them).
 * Returns: NHREF_OK; NHREF_EIO (unreadable; ERR says why); NHREF_EPARSE with
 * "path:line: what was expected" in ERR (unknown key, a key without '=', a
 * malformed number, a case without model/times/digits, times not monotone, a
 * duplicate case name); NHREF_ENOMEM. */
int nhref_cases_read(nhref_case_t **cases, size_t *n, const char *path, char *err, size_t errlen);
void nhref_cases_free(nhref_case_t *cases, size_t n);

/* Progress of nhref_golden_make: called with the route running and the
 * fraction of the work done, in [0, 1]. */
typedef void (*nhref_golden_progress_t)(void *arg, const char *route, double fraction);

/* nhref_golden_make -- compute CASE by every route, certify each column and
 * write OUT_DIR/<model>/<case>.csv atomically (the directory <model> is made if
 * missing).  The file is a function of the case and of the nhref, MPFR and GMP
 * versions only: regenerating it changes nothing, bit for bit.
 * Returns: NHREF_OK; NHREF_ENOTFOUND (unknown model), NHREF_EPARAM (parameters
 * outside their range) or NHREF_EPARSE (unknown parameter or state name, a
 * malformed value), with the reason in ERR; an integration status
 * (NHREF_EDOMAIN, NHREF_ESTEP, ...) if a route fails; NHREF_EIO.
 * Cost: three integrations (one at p + 64 bits, one of them Gauss) and the
 * closed form at every time. */
int nhref_golden_make(const nhref_case_t *c, const char *out_dir, nhref_golden_progress_t progress,
                      void *arg, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* NHREF_GOLDEN_H */
