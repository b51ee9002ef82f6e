/* nhref_golden.h -- cases (what to compute) and golden files (what was computed,
 * with the digits each column is certified to).
 *
 * A case file (data/cases/<model>.cases) is human-editable text:
 *
 *     # every key before the first [section] is a default of every section
 *     # (a section may set it again)
 *     model = chaplygin_sleigh
 *     [PUB-1]
 *     source = docs/models/chaplygin-sleigh.md §10 PUB-1
 *     description = the paper's Figure 2 case (k = 4)
 *     param m = 2
 *     init omega = 1
 *     times = 0, 1, 2, 4, 6, 10          (or: t-end = 10 and dt-out = 0.5; a section's
 *                                          own times replace inherited t-end/dt-out and
 *                                          the other way round)
 *     t-start = 0                         (optional; the initial state's time.  The case
 *                                          is one integration from t-start: the times run
 *                                          from it outwards, all after it or all before
 *                                          it; t-end and dt-out give t-start + k dt-out,
 *                                          k = 0, 1, ..., exact decimals, then t-end,
 *                                          with t-end after t-start.  A closed form is
 *                                          evaluated at t - t-start: the models are
 *                                          autonomous)
 *     digits = 40                         (a decimal number in [1, 10000])
 *     fast-tolerance = 1e-12              (optional: how far the double fast path may be
 *                                          from the values, mixed; default 1e-13)
 *     event = fall                        (optional: a terminal event of the model that ends
 *     event-horizon = 2                    the run after the last time and before the
 *                                          horizon; its time is certified like a column)
 *     fast-horizon = 20                   (optional: compare the fast path only up to this
 *                                          time, e.g. where a chaotic case stops being
 *                                          predictable in double; default: every row)
 *
 * Comments: a '#' at the start of a line or after a blank (space or tab) starts a
 * comment to the end of the line, on any line: 'param m = 2   # kg', '[grid]  # 15 cases'.
 * A '#' inside a word ('C#') is text; no value other than a source or description
 * can hold a '#'.  Errors name the line of the file as counted with its comments.
 *
 * Lines may be of any length up to 1 MiB (a longer line, or a NUL byte, is an
 * error, never a split line).  A param or init line may appear once per section
 * (once more in a section to override a default).
 *
 * Sweeps.  A param or init value may instead be
 *     0, 0.05, 0.1                        a list (used exactly as written)
 *     linspace(A, B, N)                   A + (B - A) i / (N - 1), i = 0 .. N-1
 *     logspace(A, B, N)                   10^(A + (B - A) i / (N - 1)) (numpy's convention:
 *                                          A and B are exponents)
 *     uniform(A, B, n=N, seed=S)          N samples, uniform in (A, B)
 *     normal(MU, SIGMA, n=N, seed=S)      N samples, normal with mean MU and deviation SIGMA
 * A section with such values expands into the cases NAME-00000, NAME-00001, ...
 * (at least 5 digits, more when there are more than 100000 cases): the product
 * of the lists, linspaces and logspaces, in the order of their lines, the last
 * varying fastest (case k of axes of sizes n1, n2 is (k / n2, k % n2)); the
 * samples of a section are drawn together (sample j of every sampled line goes
 * into the same case) and form one axis, at the place of the first sampled
 * line, so they must have the same n.  At most 1000000 cases per section.
 * Generated values are decimal strings: computed exactly (linspace, the
 * exponent of logspace, uniform) or at 400 bits with MPFR's correctly rounded
 * functions (exp10, log, sqrt, cos, pi), then rounded to nearest with 20
 * significant digits (a value with at most 20 digits is exact), as C's "%.20g"
 * writes them.  Samples come from a counter-based SplitMix64 (Steele, Lea &
 * Flood, OOPSLA 2014; Vigna's splitmix64.c), the same on every machine:
 *     mix(z):  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
 *              z = (z ^ (z >> 27)) * 0x94D049BB133111EB;  return z ^ (z >> 31)
 *     key   =  "param NAME" or "init NAME" (one space), as bytes
 *     base  =  S xor FNV-1a-64(key)   (offset basis 0xcbf29ce484222325,
 *                                      prime 0x100000001b3)
 *     w(j, s) = mix(base + (2 j + s + 1) * 0x9E3779B97F4A7C15)   (mod 2^64)
 *     u(j, s) = (2 w(j, s) + 1) / 2^65, in (0, 1)
 *     uniform: A + (B - A) u(j, 0)
 *     normal:  MU + SIGMA sqrt(-2 ln u(j, 0)) cos(2 pi u(j, 1))   (Box-Muller)
 * Every case, expanded or not, gets the model's checks when the file is read:
 * its parameters' admissible ranges and its initial state's conditions
 * (nhref_system_check_init at 256 bits), so a bad sample is an error naming the
 * case (NAME-00017) and its values, never a case silently dropped.
 *
 * Sets.  A param or init value may be a set of values, as `nhref run --rigorous`
 * takes them: "MID+-RAD" ('init omega = 1+-1e-8') or "[LO, HI]" ('param a = [0.4,
 * 0.6]'), one set per line (not in a list or a sweep).  It is read and checked as the
 * command line reads it (the same messages, with FILE:LINE), the model's ranges at both
 * ends of a parameter set, and kept as the run's output writes it ("[0.4, 0.6]").
 * Only a run that encloses every trajectory from the set uses it: `nhref sweep FILE --
 * --rigorous`.  `nhref golden` refuses such a case (a golden file certifies one
 * trajectory), as do `nhref sweep` without --rigorous and `--command lyapunov`.
 *
 * Values are decimal strings, used exactly as written.  A golden file
 * (data/golden/<model>/<case>.csv; docs/golden.md) is what `nhref golden`
 * writes: the header row first, then metadata lines "# key: value", then rows of
 * decimal strings (the CSV dialect of nhref_io.h).
 * Certification (docs/golden.md): every column is computed by independent routes
 *   taylor@p       Taylor at the working precision p, tolerance 10^-digits,
 *   taylor@p+64    Taylor at p + 64 bits, tolerance 10^-(digits + 19) (the
 *                  values written),
 *   gauss@p        Gauss–Legendre collocation at p, tolerance 10^-digits,
 *   closed-form    the oracle's closed form at p + 64 bits, where the model has one,
 * and its certified digits are the digits on which all routes agree
 * (nhref_oracle_agree_digits, scale 1), minus a margin of one digit, at most
 * the digits asked for (level VALIDATED).  Then the route
 *   proven         the validated Taylor integrator in Arb (nhref_arb.h) at
 *                  tolerance 10^-(digits + 8), p + 32 bits, forward in time,
 * encloses every value in a ball: a column whose balls prove its printed values to
 * at least its certified digits on every row is PROVEN (its "proven" line gives the
 * bound); another route's value farther from a ball than 2 10^-certified (mixed) is
 * an error (NHREF_ETOLERANCE: a proof and a certificate contradict each other).
 */
#ifndef NHREF_GOLDEN_H
#define NHREF_GOLDEN_H

#include <stddef.h>

#include "nhref_io.h"
#include "nhref_model.h"
#include "nhref_model_file.h"
#include "nhref_status.h"

NHREF_BEGIN_DECLS

typedef struct {
    char *name;        /* [section] name: letters, digits, '.', '_', '-' */
    char *model;       /* the model's name (a model file's: its [model] name) */
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
    char *t_end;          /* as written, or NULL (times given as a list) */
    char *dt_out;         /* as written, or NULL */
    char *file;        /* where the case was defined */
    struct nhref_model_file *mf; /* the model file MODEL names (a path relative to FILE's
                                    directory: nhref_model_file.h), or NULL (a built-in) */
    size_t line;       /* the line of its [section] */
    char *sweep;          /* an expanded case: the name of its [section]; else NULL */
    size_t sweep_index;   /* an expanded case: its index k in NAME-k, and how many */
    size_t sweep_count;   /*   cases its section expanded into */
    char *swept;          /* an expanded case: its swept values, "param A1 = 0.1, init
                             theta = 0.5"; else NULL */
} nhref_case_t;

/* The limits of a case or sweep file, checked as it is read (so that /dev/zero or an
 * endless pipe is refused within seconds and 100 MB): lines of at most
 * NHREF_CASES_MAX_LINE bytes (1 MiB), at most NHREF_CASES_MAX_BYTES (16 MiB) in all, at
 * most NHREF_CASES_MAX_SECTIONS (10^5) [sections] written, at most NHREF_CASES_MAX_CASES
 * (10^6) cases in all, sweeps expanded (a case takes about 440 bytes: docs/limits.md). */
#define NHREF_CASES_MAX_LINE ((size_t)1 << 20)
#define NHREF_CASES_MAX_BYTES ((size_t)1 << 24)
#define NHREF_CASES_MAX_SECTIONS 100000UL
#define NHREF_CASES_MAX_CASES 1000000UL

/* nhref_cases_read -- the cases of PATH into *CASES (*N of them), sweeps
 * expanded (in file order), each checked against its model.
 * Returns: NHREF_OK; NHREF_EIO (unreadable; ERR says why); NHREF_EPARSE with
 * "path:line: what was expected" in ERR (unknown key, a key without '=', a
 * malformed number or sweep, a case without model/times/digits, times not
 * monotone, a duplicate case name, a param/init line twice in a section, an
 * unknown parameter, state variable or event of the model, a file beyond the limits
 * above); NHREF_ENOTFOUND (unknown model);
 * NHREF_EPARAM (a parameter outside its range or an inadmissible initial state:
 * ERR names the case, e.g. [NAME-00017], its swept values and the condition, and
 * how many more cases of the section fail); NHREF_ENOMEM.
 * Cost: the model's checks once per case (a few microseconds each). */
int nhref_cases_read(nhref_case_t **cases, size_t *n, const char *path, char *err, size_t errlen);
void nhref_cases_free(nhref_case_t *cases, size_t n);

/* nhref_golden_model -- the model of the golden file PATH, read into TAB
 * (nhref_table_read): its '# model: NAME', a built-in; or, for a file certified from a
 * model file, its '# model-file: REL', relative to PATH's directory, which must be the
 * file it was certified with (its '# model-sha256:').  *MF: the model file (free it with
 * nhref_model_file_free after *M's last use), or NULL for a built-in.
 * Returns NHREF_OK with *M; NHREF_EPARSE (no '# model:' line, or a model file changed
 * since: ERR says so); NHREF_ENOTFOUND (an unknown model); a status of
 * nhref_model_file_read (ERR has its message).  ERR: "PATH: why".
 * Cost: reading the model file, if any (its derivation: nhref_model_file_read). */
int nhref_golden_model(const nhref_model_t **m, nhref_model_file_t **mf, const nhref_table_t *tab,
                       const char *path, char *err, size_t errlen);

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
 * (NHREF_EDOMAIN, NHREF_ESTEP, ...) if a route fails; NHREF_ETOLERANCE if a
 * route's value lies outside a proven ball (ERR names the case, route, column and
 * time); NHREF_EIO.  The proven route failing to prove is not an error: its columns
 * stay VALIDATED.
 * Cost: three integrations (one at p + 64 bits, one of them Gauss), the closed
 * form at every time, and the proven route (typically 1.5-4 times one Taylor
 * integration at p + 32 bits; it stops where no column can keep its digits). */
int nhref_golden_make(const nhref_case_t *c, const char *out_dir, nhref_golden_progress_t progress,
                      void *arg, char *err, size_t errlen);

/* nhref_catalogue_find -- the path of a file of the data catalogue, by name:
 *   KIND "golden": NAME "MODEL/CASE" is the golden file <dir>/MODEL/CASE.csv,
 *                  <dir> being $NHREF_GOLDEN_DIR, then the installed catalogue
 *                  $(pkgdatadir)/golden, then data/golden (in the current
 *                  directory: a source tree), then the data/golden of the
 *                  source tree nhref was built from;
 *   KIND "cases":  NAME "MODEL" is the case file <dir>/MODEL.cases, <dir> being
 *                  $NHREF_CASES_DIR, $(pkgdatadir)/cases, data/cases, then the
 *                  build's source tree.
 * The first regular file found is written to PATH (LEN bytes).
 * Returns: NHREF_OK; NHREF_ENOTFOUND (ERR lists where it looked);
 * NHREF_EINVAL (KIND unknown, NAME not of that form -- parts of letters,
 * digits, '.', '_', '-', not starting with '.' -- or the path longer than
 * LEN).  Cost: up to four stat() calls. */
int nhref_catalogue_find(char *path, size_t len, const char *kind, const char *name, char *err,
                         size_t errlen);

NHREF_END_DECLS

#endif /* NHREF_GOLDEN_H */
