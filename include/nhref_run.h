/* nhref_run.h -- one way to put a run together: a specification says WHAT to run
 * (model, parameters, initial state, times, digits or precision, scheme, number
 * type, events), nhref_run opens the integrator of that type and hands every row
 * to a sink, which says WHERE the rows go (a CSV file, JSON Lines, the golden
 * routes' collectors, verify's comparator, Python's arrays).
 *
 * Usage:
 *     nhref_spec_t *spec;
 *     nhref_spec_new(&spec, "chaplygin_sleigh");
 *     nhref_spec_set_param(spec, "m", "2");
 *     nhref_spec_set_digits(spec, 50);
 *     nhref_spec_set_t_end(spec, "10");
 *     if (nhref_spec_resolve(spec) != NHREF_OK)
 *         fprintf(stderr, "%s\n", nhref_spec_error(spec));
 *     nhref_run(spec, &sink, &end);   (a sink of your own, or nhref_format_find("csv"))
 *     nhref_spec_free(spec);
 *
 * The rules every consumer shares live behind these functions and nowhere else
 * (docs/architecture.md): the model's defaults, then the overrides; digits ->
 * precision (ceil(D log2 10) + NHREF_GUARD_BITS bits) and precision -> digits;
 * the grid (t-start + k dt-out, k = 0, 1, ..., exact decimals, while before t-end,
 * then t-end), or explicit times; the scheme's limits and the memory a run needs,
 * checked before anything is allocated; events defined at the initial state.
 *
 * Messages.  A spec keeps the message of its last error (nhref_spec_error), naming
 * the input in the words of the caller (nhref_spec_set_names): "parameter m" for the
 * library, "--param m" for the command line, "param m" for case files.
 */
#ifndef NHREF_RUN_H
#define NHREF_RUN_H

#include <stddef.h>
#include <stdio.h>

#include <mpfr.h>

#include "nhref_golden.h"
#include "nhref_integrate.h"
#include "nhref_io.h"
#include "nhref_model.h"
#include "nhref_model_file.h"
#include "nhref_status.h"

NHREF_BEGIN_DECLS

/* The number type of a run: its arithmetic, and the type of its rows. */
typedef enum {
    NHREF_RUN_MPFR = 0,   /* the reference: MPFR at the working precision (default) */
    NHREF_RUN_DOUBLE = 1, /* the fast path: IEEE double, the same schemes (nhref_fast.h) */
    NHREF_RUN_PROVEN = 2  /* proven enclosures: validated Taylor in Arb balls (nhref_arb.h);
                             every value of a row is a ball that contains the exact value */
} nhref_run_type_t;

/* How a spec names its inputs in messages. */
typedef enum {
    NHREF_SPEC_WORDS = 0,   /* "parameter m", "initial value v", "t-end", "digits" */
    NHREF_SPEC_OPTIONS = 1, /* "--param m", "--init v", "--t-end", "--digits" */
    NHREF_SPEC_KEYS = 2     /* the keys of a case file: "param m", "init v", "t-end" */
} nhref_spec_names_t;

typedef struct nhref_spec nhref_spec_t;

/* ------------------------------------------------------------------ building a spec */

/* nhref_spec_new -- a spec of the registered model named MODEL, or of the model file
 * MODEL (a name with '/' or '.' that is not registered: nhref_model_file.h), with every
 * default: the model's parameters, initial state, t-end and dt-out; t-start 0; 30
 * digits; the first scheme (taylor); type MPFR; the model's events; at most 10^7 steps
 * and 10^7 rows; the first integrals in every row.
 * Returns NHREF_OK; NHREF_ENOTFOUND (no such model), or for a model file the statuses
 * of nhref_model_file_read (NHREF_EIO, NHREF_EPARSE, NHREF_EINVAL): *SPEC then holds
 * the message ("FILE:LINE: ..." for a model file), read it with nhref_spec_error, then
 * free it; NHREF_ENOMEM (*SPEC NULL).
 * Cost: builds the model's tapes (nhref_system_new); a model file is read and its
 * equations derived (nhref_model_file_read). */
int nhref_spec_new(nhref_spec_t **spec, const char *model);

/* nhref_spec_new_file -- the same for the model of the model file MF (read or parsed by
 * the caller, e.g. from a string): the spec holds a reference to MF (the caller may free
 * its own at once).  Returns as nhref_spec_new_model. */
int nhref_spec_new_file(nhref_spec_t **spec, nhref_model_file_t *mf);

/* nhref_spec_new_model -- the same for the descriptor MODEL (a registered model or
 * one of the caller's, checked by nhref_model_check).  Returns NHREF_OK; NHREF_EINVAL
 * (not a valid descriptor: the reason in *SPEC's message); NHREF_ETAPE; NHREF_ENOMEM. */
int nhref_spec_new_model(nhref_spec_t **spec, const nhref_model_t *model);

/* nhref_spec_copy -- a new spec equal to SPEC (its resolution undone: resolve the copy
 * after editing it).  Returns NHREF_OK or NHREF_ENOMEM.  Cost: one nhref_system_new. */
int nhref_spec_copy(nhref_spec_t **copy, const nhref_spec_t *spec);

/* nhref_spec_free -- SPEC and everything it owns (NULL allowed). */
void nhref_spec_free(nhref_spec_t *spec);

/* nhref_spec_error -- the message of SPEC's last error ("" if none): one line naming
 * the input, what is wrong and the admissible range; static while SPEC lives. */
const char *nhref_spec_error(const nhref_spec_t *spec);

/* nhref_spec_set_names -- how messages name the inputs (default NHREF_SPEC_WORDS), and
 * WHERE, a prefix of every message ("FILE: ", "FILE:LINE: case [NAME]: "; NULL: none;
 * copied).  Returns NHREF_OK; NHREF_EINVAL (NAMES not one of the styles); NHREF_ENOMEM. */
int nhref_spec_set_names(nhref_spec_t *spec, nhref_spec_names_t names, const char *where);

/* Overrides of the model's defaults.  Each returns NHREF_OK, or an error with the
 * message in SPEC, leaving SPEC unchanged:
 *   set_param  parameter NAME = DECIMAL (kept as written, parsed at each run's
 *              precision): NHREF_ENOTFOUND (unknown name: the message lists the
 *              model's parameters); NHREF_EPARSE or NHREF_ERANGE (not a finite
 *              decimal number, or out of the bounds of nhref_decimal_set);
 *              admissible ranges are checked by nhref_spec_resolve; a set of
 *              values, "MID+-RAD" or "[LO, HI]" (as for set_init), for the proven
 *              type only: the system takes its midpoint (MID, or the expression
 *              "(LO+HI)/2"), and nhref_spec_resolve checks the model's ranges at
 *              both ends (MID - RAD and MID + RAD, or LO and HI);
 *   set_init   state component NAME = DECIMAL at t-start: the same statuses, but the
 *              magnitude of a value is checked at the run's precision when the spec is
 *              resolved (a value beyond 2^4096 may be admissible at higher precision);
 *              "MID+-RAD" (RAD a decimal >= 0: "omega=1+-1e-8") is a set of initial
 *              values, every one within RAD of MID, for the proven type only (its
 *              rows enclose every trajectory from the box; nhref_spec_resolve refuses
 *              a set for the other types); MID is checked as a value, and is what
 *              nhref_spec_init_str gives, RAD nhref_spec_init_rad_str;
 *              "[LO, HI]" (LO <= HI, each a value; blanks allowed) is every value from
 *              LO to HI, enclosed from LO's lower bound to HI's upper bound
 *              (nhref_set_arb: no rounded midpoint and radius); nhref_spec_init_str
 *              then gives "(LO+HI)/2", nhref_spec_init_rad_str "(HI-(LO))/2" (exact
 *              as expressions).  A malformed set, an end that is not a finite value
 *              (nan), LO > HI or RAD < 0 is NHREF_EPARSE, the message naming the
 *              option, the set and the column;
 *   assign     "NAME=VALUE" for KIND "param" or "init": NHREF_EPARSE if not of that
 *              form, else as set_param / set_init. */
int nhref_spec_set_param(nhref_spec_t *spec, const char *name, const char *decimal);
int nhref_spec_set_init(nhref_spec_t *spec, const char *name, const char *decimal);
int nhref_spec_assign(nhref_spec_t *spec, const char *kind, const char *assignment);

/* The times.  t-start (default "0") is the initial state's time.  Then either the grid
 * t-start + k dt-out (k = 0, 1, ...) while before t-end, then t-end (every value an
 * exact decimal, rounded once to the run's type; default: the model's t-end and
 * dt-out), or the explicit TIMES (decimal strings, monotone from t-start, increasing or
 * decreasing, repeats allowed; a first time equal to t-start is a row like the others).
 * Setting t-end or dt-out drops explicit times and the other way round.  Each returns
 * NHREF_OK; NHREF_EPARSE/NHREF_ERANGE (a value that is not a finite decimal number);
 * NHREF_EINVAL (no times); NHREF_ENOMEM.  Ranges and order: nhref_spec_resolve. */
int nhref_spec_set_t_start(nhref_spec_t *spec, const char *decimal);
int nhref_spec_set_t_end(nhref_spec_t *spec, const char *decimal);
int nhref_spec_set_dt_out(nhref_spec_t *spec, const char *decimal);
int nhref_spec_set_times(nhref_spec_t *spec, size_t n, const char *const *times);

/* Precision and tolerance: DIGITS > 0 sets the tolerance 10^-DIGITS and, unless a
 * precision is also set, the precision ceil(DIGITS log2 10) + NHREF_GUARD_BITS; BITS
 * sets the precision and, unless digits are also set, the tolerance (BITS log10 2 -
 * 1 digits).  0 unsets.  Type double: 53 bits, tolerance max(10^-DIGITS, 10^-15).
 * Returns NHREF_OK or NHREF_EINVAL (DIGITS outside [0, 10^6], BITS outside [0,
 * MPFR_PREC_MAX]). */
int nhref_spec_set_digits(nhref_spec_t *spec, double digits);
int nhref_spec_set_prec(nhref_spec_t *spec, long bits);

/* nhref_spec_set_scheme -- the scheme NAME (nhref_scheme.h); its options reset.
 * nhref_spec_set_scheme_option -- the scheme's option NAME = VALUE ("order", "stages":
 * nhref_scheme_t.opt).  Return NHREF_OK; NHREF_ENOTFOUND (no such scheme); NHREF_EINVAL
 * (no such option of the scheme, or VALUE out of its range: the message says which). */
int nhref_spec_set_scheme(nhref_spec_t *spec, const char *name);
int nhref_spec_set_scheme_option(nhref_spec_t *spec, const char *name, unsigned long value);

/* nhref_spec_set_type -- the number type.  Returns NHREF_OK or NHREF_EINVAL. */
int nhref_spec_set_type(nhref_spec_t *spec, nhref_run_type_t type);

/* Events.  nhref_spec_add_event -- EXPR (nhref_tape_parse's grammar over t, the state
 * and the parameters) crosses zero: TERMINAL 1 stops the run there, 0 records the
 * crossing.  Returns NHREF_OK; NHREF_EPARSE (the message gives the column);
 * NHREF_ENOMEM.  nhref_spec_set_model_events -- ON 0 ignores the model's events. */
int nhref_spec_add_event(nhref_spec_t *spec, const char *expr, int terminal);
void nhref_spec_set_model_events(nhref_spec_t *spec, int on);

/* Bounds: give up after MAX_STEPS steps (0: no limit); refuse more than MAX_ROWS rows
 * (checked by nhref_spec_resolve, before anything is allocated). */
void nhref_spec_set_max_steps(nhref_spec_t *spec, unsigned long max_steps);
void nhref_spec_set_max_rows(nhref_spec_t *spec, unsigned long max_rows);

/* nhref_spec_set_meta -- one more metadata line, "# KEY: VALUE", right after the first '#'
 * line of the CSV sink's output (a field KEY of the JSON Lines sink's first object), for
 * provenance: nhref sweep records the sweep that wrote each output as "sweep".  KEY: 1 to
 * 32 of a-z, 0-9 and '-', none of the keys the sinks write themselves (format, nhref,
 * model, source, param, init, t-start, t-end, dt-out, times, scheme, precision,
 * tolerance, digits-printed, units, outcome, event, steps, sha256, ...); VALUE: one line
 * (no '\n' or '\r').  A second call replaces the first; VALUE NULL removes it.  Returns
 * NHREF_OK, NHREF_EINVAL (KEY or VALUE not admissible), NHREF_ENOMEM.  Cost: O(length). */
int nhref_spec_set_meta(nhref_spec_t *spec, const char *key, const char *value);

/* nhref_spec_meta -- the extra metadata line's KEY (NULL: none), its value in *VALUE. */
const char *nhref_spec_meta(const nhref_spec_t *spec, const char **value);

/* nhref_spec_set_require_digits -- a proven run (type NHREF_RUN_PROVEN) whose balls
 * give some column fewer than DIGITS proven digits (nhref_run_end_t.proven_digits) ends
 * with end->short_digits = 1 and says so on its outcome line; the rows are written all
 * the same (`nhref run --require-digits N` then exits with status 1).  0 (default):
 * no requirement.  Returns NHREF_OK, or NHREF_EINVAL (DIGITS < 0, NaN or above 1e6);
 * nhref_spec_resolve refuses a requirement on another type (NHREF_EINVAL, message in
 * SPEC): a plain run proves no digits. */
int nhref_spec_set_require_digits(nhref_spec_t *spec, double digits);
double nhref_spec_require_digits(const nhref_spec_t *spec);

/* nhref_spec_notes -- the notes of SPEC's last run (nhref_run_end_t.notes: lines
 * ending in '\n'), kept until the next run or nhref_spec_free; NULL if it had none. */
const char *nhref_spec_notes(const nhref_spec_t *spec);

/* nhref_spec_set_integrals -- ON 0: rows without the first integrals (cheaper).
 * The integrals of a double or MPFR run are guarded: each state variable is moved by
 * what the tolerance allows it, tol max(1, |x_i|), one at a time, and an integral that
 * these moves together move by more than 10^(-D/2) max(1, |I|) (fewer than half the
 * tolerance's D digits left) is NaN in that row, never a number without digits; the
 * run's end notes say which, from when, and by how much (nhref_run_end_t.notes).  E.g.
 * the sleigh's t0 as omega -> 0 below the tolerance.  Cost: 1 + k evaluations of the
 * integrals per row, k the state variables they read.  Proven runs print balls, which need no guard. */
void nhref_spec_set_integrals(nhref_spec_t *spec, int on);

/* nhref_spec_set_progress -- FN(ARG, fraction done in [0, 1]) after every step. */
void nhref_spec_set_progress(nhref_spec_t *spec, void (*fn)(void *arg, double fraction),
                             void *arg);

/* nhref_spec_from_case -- SPEC (a spec of C's model) takes case C's parameters,
 * initial state, t-start, times (its t-end and dt-out where it gives them, else its
 * list of times) and digits.  Returns NHREF_OK, or a status of the setters above. */
int nhref_spec_from_case(nhref_spec_t *spec, const nhref_case_t *c);

/* nhref_spec_from_table -- SPEC takes the parameters, initial state and t-start of
 * the metadata of TAB, a file written by nhref (a golden file, `nhref run`'s output):
 * its "# param: NAME = VALUE [unit]", "# init: ..." and "# t-start: T" lines.
 * Returns NHREF_OK; NHREF_EPARSE (a malformed line, named with the file); a status of
 * the setters.  The model is not read: see nhref_table_meta(tab, "model", NULL). */
int nhref_spec_from_table(nhref_spec_t *spec, const nhref_table_t *tab);

/* ------------------------------------------------------------------ resolving */

/* nhref_spec_resolve -- everything a run needs, checked before anything is allocated:
 * the parameters' admissible ranges; the initial state (finite, the model's
 * conditions, at the working precision); t-end after t-start, dt-out > 0, times
 * monotone from t-start; the number of rows (at most max_rows); digits and precision
 * (digits in [1, 10^6]); the scheme's limits and the memory of its workspace and of
 * the grid (compared with what the process may use); each event expression defined
 * at the initial state; for type double: the parameters and initial state rounded to
 * double still admissible, and the model they define the same at the start
 * (nhref_fast_check_params); for type proven: a scheme with a proven variant, no
 * events of the caller's.  Idempotent; a setter undoes it.
 * Returns NHREF_OK; NHREF_EPARAM (a range or condition); NHREF_EINVAL (times, digits,
 * precision, a scheme's limit, more memory than the process may use, a combination the
 * type cannot run); NHREF_EPARSE or NHREF_ERANGE (a value beyond the working
 * precision's bounds, an event undefined at the start, a constant beyond double);
 * NHREF_ENOMEM; each with the message in SPEC.
 * Cost: the model's checks, one evaluation of each event tape, O(1) otherwise. */
int nhref_spec_resolve(nhref_spec_t *spec);

/* What a resolved spec says (undefined before nhref_spec_resolve succeeds, except
 * model, system, type, param_str and init_str): */
const nhref_model_t *nhref_spec_model(const nhref_spec_t *spec);
const nhref_system_t *nhref_spec_system(const nhref_spec_t *spec);
nhref_run_type_t nhref_spec_type(const nhref_spec_t *spec);
/* the decimal strings of parameter I and initial value I (defaults or overrides) */
const char *nhref_spec_param_str(const nhref_spec_t *spec, size_t i);
const char *nhref_spec_init_str(const nhref_spec_t *spec, size_t i);
/* the radius of initial value I when it is a set (nhref_spec_set_init), else NULL */
const char *nhref_spec_init_rad_str(const nhref_spec_t *spec, size_t i);
/* initial value I and parameter I when they are sets: the set as given ("1+-1e-8",
 * "[0.99, 1.01]": the form nhref_set_arb reads), else NULL; the parameter's radius
 * (as nhref_spec_init_rad_str) */
const char *nhref_spec_init_set_str(const nhref_spec_t *spec, size_t i);
const char *nhref_spec_param_set_str(const nhref_spec_t *spec, size_t i);
const char *nhref_spec_param_rad_str(const nhref_spec_t *spec, size_t i);
/* t-start; t-end and dt-out (NULL with explicit times) */
const char *nhref_spec_t_start(const nhref_spec_t *spec);
const char *nhref_spec_t_end(const nhref_spec_t *spec);
const char *nhref_spec_dt_out(const nhref_spec_t *spec);
/* the rows asked for, and the decimal string of row I's time into BUF (LEN bytes);
 * returns the length of the whole string, as snprintf */
size_t nhref_spec_nrows(const nhref_spec_t *spec);
size_t nhref_spec_time_str(const nhref_spec_t *spec, size_t i, char *buf, size_t len);
/* working precision [bits] (53 for double) and tolerance digits, as resolved */
long nhref_spec_prec(const nhref_spec_t *spec);
double nhref_spec_digits(const nhref_spec_t *spec);
/* the scheme, and its options as "NAME=VALUE,..." ("" for none) */
const nhref_scheme_t *nhref_spec_scheme(const nhref_spec_t *spec);
const char *nhref_spec_scheme_options(const nhref_spec_t *spec);
/* the events watched: model events (unless off) then the caller's; the name of event
 * K (a model event's name, or the caller's expression) */
size_t nhref_spec_nevents(const nhref_spec_t *spec);
const char *nhref_spec_event_name(const nhref_spec_t *spec, size_t k);

/* ------------------------------------------------------------------ rows and sinks */

/* A row, in the run's own number type.  T, X and INTEGRALS point at 1, NSTATE and
 * NINTEGRAL values (NINTEGRAL 0 when the spec asked for none) of TYPE: double,
 * __mpfr_struct (MPFR) or arb_struct (proven: balls, nhref_arb.h).  INDEX is the row's
 * index among the rows asked for, or NHREF_ROW_OFF for a state that is not one of them
 * (where the run stopped early, an event crossing).  Valid only during the call that
 * receives it. */
#define NHREF_ROW_OFF ((size_t)-1)
typedef struct {
    nhref_run_type_t type;
    size_t index;
    size_t nstate, nintegral;
    const void *t, *x, *integrals;
} nhref_row_t;

/* Column J of ROW: 0 the time, 1 .. nstate the state, then the first integrals. */
/* nhref_row_get_d -- rounded to double (a ball: its midpoint). */
double nhref_row_get_d(const nhref_row_t *row, size_t j);
/* nhref_row_get_mpfr -- V = the value rounded at V's precision (a ball: its midpoint). */
void nhref_row_get_mpfr(mpfr_ptr v, const nhref_row_t *row, size_t j);
/* nhref_row_format -- the CSV text of column J with DIGITS significant digits into
 * BUF (LEN bytes): "d.ddde+XX" (nhref_csv_value's form; "nan", "inf", "-inf"), for a
 * ball "MID,RAD" (nhref_csv_ball: [MID - RAD, MID + RAD] contains the ball).  Returns
 * the length of the whole text, as snprintf (0 if J is out of range). */
size_t nhref_row_format(char *buf, size_t len, const nhref_row_t *row, size_t j, int digits);
/* nhref_row_fprint -- the same text written to OUT; 0, or -1 on a write error. */
int nhref_row_fprint(FILE *out, const nhref_row_t *row, size_t j, int digits);

/* What a sink learns when a run begins. */
typedef struct {
    const nhref_spec_t *spec; /* resolved: the model, parameters, times, ... */
    nhref_run_type_t type;
    const char *scheme;       /* the scheme's name */
    unsigned order;           /* its order as configured (Taylor N; Gauss 2s) */
    long prec;                /* working precision [bits] (53: double; proven: midpoints) */
    double digits;            /* tolerance 10^-digits */
    int print_digits;         /* digits a text sink prints: floor(digits), 17 for double */
    size_t nrows;             /* rows asked for */
    size_t nintegral;         /* first integrals per row (0 if the spec asked for none) */
} nhref_run_info_t;

/* What a sink learns when a run ends. */
typedef struct {
    int status;         /* of the integration: NHREF_OK (outcome REACHED or EVENT),
                           NHREF_EBLOWUP, NHREF_ESTEP (UNDERFLOW), NHREF_EUNPROVEN,
                           NHREF_EIO (a sink asked to stop), or another error (FAILED) */
    nhref_stats_t stats;      /* outcome, steps, rows delivered, event, t_blowup */
    const nhref_row_t *stop;  /* outcome EVENT, BLOWUP, UNDERFLOW, UNPROVEN, FAILED: the
                                 state where the run stopped (proven EVENT: the time ball
                                 of the first crossing and the enclosure over it); else
                                 NULL */
    const char *event;        /* outcome EVENT: the terminal event's name; else NULL */
    const char *notes;        /* what the run found about its rows, one finding per line
                                 ('\n'-terminated), or NULL: the first integrals printed as
                                 NaN because the state, known to the tolerance, does not
                                 determine them to half the digits, and those that keep
                                 fewer than D - 3 digits (nhref_spec_set_integrals); for
                                 a proven run, each column's proven digits at the final
                                 row and at its worst row; valid only during the sink's
                                 end callback (nhref_spec_notes keeps a copy) */
    /* A proven run's digits: per column c (the state, then the first integrals), d =
     * -log10(r / max(1, |m|)) for its ball m +- r as a text sink prints it (the
     * "MID,RAD" of nhref_row_format at floor(D) digits: the radius contains the
     * midpoint's rounding; the tolerance's mixed measure), rounded down to 0.1
     * (+INFINITY for an exact value, -INFINITY for a ball that is not finite); over the
     * rows written, the stopping row included.  Other types: NaN. */
    double proven_digits;     /* min over the columns and rows */
    size_t ncolumn;           /* proven: nstate + nintegral; else 0 */
    const double *proven_final; /* ncolumn: at the last row written */
    const double *proven_worst; /* ncolumn: the min over the rows */
    const double *proven_t_worst; /* ncolumn: its row's time (the ball's midpoint) */
    double t_final;           /* the last row's time */
    int short_digits;         /* 1: proven_digits < nhref_spec_require_digits */
} nhref_run_end_t;

/* A sink: where the rows of a run go.  Every callback may be NULL.  BEGIN is called
 * once before the first row; ROW with each row asked for, in order, as soon as it is
 * known (a nonzero return stops the run: status NHREF_EIO); EVENT with every event
 * crossing (event index K, its name, the time and state there; type proven: no
 * recorded crossings); END once, also after a failed integration.  A nonzero return of
 * BEGIN or END makes nhref_run return NHREF_EIO.  FREE releases SELF
 * (nhref_sink_free). */
typedef struct {
    void *self;
    int (*begin)(void *self, const nhref_run_info_t *info);
    int (*row)(void *self, const nhref_row_t *row);
    void (*event)(void *self, size_t k, const char *name, const nhref_row_t *at);
    int (*end)(void *self, const nhref_run_end_t *end);
    void (*free)(void *self);
} nhref_sink_t;

/* nhref_sink_free -- SINK->free(SINK->self) if set; SINK zeroed. */
void nhref_sink_free(nhref_sink_t *sink);

/* nhref_run -- run SPEC (resolved here if it is not) and feed SINK (NULL: none).
 * END (NULL allowed) receives what the sink's end callback received; its STOP row is
 * valid only during that callback (END->stop is NULL on return).
 * Returns: the status of nhref_spec_resolve (the message in SPEC), then NHREF_ENOMEM or
 * NHREF_EDOMAIN (the integrator cannot be set up: the message in SPEC), else the
 * integration's status (see nhref_run_end_t), or NHREF_EIO when the sink's begin or
 * end failed.
 * Cost: one integration (nhref_integrate_grid, _d, or nhref_proven_grid); the first
 * integrals at every row; memory of the grid in the run's type, no rows kept. */
int nhref_run(nhref_spec_t *spec, nhref_sink_t *sink, nhref_run_end_t *end);

/* nhref_spec_batch -- integrate the double (fast) Taylor runs among SPEC[0..N-1] at once,
 * in the SIMD lanes of nhref_integrate_batch_d (nhref_batch.h), and keep each one's rows
 * in its spec: a later nhref_run of that spec hands them to its sink instead of
 * integrating -- the same rows, integrals, statistics and end, bit for bit (a lane is
 * its separate run).  The specs that join are those resolved without error whose type is
 * double, scheme taylor, with no user event, no non-terminal model event and no
 * horizon, of the first such spec's model, options and grid; a spec whose lane did not
 * reach the end (an event, a failure) keeps no rows and nhref_run integrates it as
 * usual.  Rows are kept for the spec as it is: change nothing before nhref_run.
 * Shapes:    SPEC: N specs (resolved here).
 * Returns:   the number of specs that got rows (0 if fewer than two joined), or
 *            -NHREF_ENOMEM.
 * Cost:      the batch's integration (docs/performance.md, "Batch mode"); memory of the
 *            rows of every joining spec until nhref_spec_free. */
int nhref_spec_batch(nhref_spec_t *const *spec, size_t n);
/* nhref_spec_batched -- 1 if nhref_spec_batch kept rows for SPEC, else 0. */
int nhref_spec_batched(const nhref_spec_t *spec);

/* ------------------------------------------------------------------ trajectory formats
 * Sinks that write a trajectory to a file (docs/trajectory.md).  Registered in
 * src/io/formats.def: one source file and one line per format; adding one:
 * docs/architecture.md. */
typedef struct {
    const char *name;        /* "csv", "jsonl" */
    const char *description; /* one line */
    /* open -- fill SINK so that the run is written to OUT (an atomic output file of
     * nhref_io.h; the caller commits it after nhref_run, or aborts it on failure: the
     * sink only writes, ending with the data's sha256 where the format has comments).
     * Free SINK with nhref_sink_free after the run.  Returns NHREF_OK or NHREF_ENOMEM. */
    int (*open)(nhref_sink_t *sink, nhref_outfile_t *out);
} nhref_format_t;

/* The registry, in the order of formats.def (the first, "csv", is the default). */
size_t nhref_format_count(void);
const nhref_format_t *nhref_format_get(size_t i);
/* The format named NAME, or NULL. */
const nhref_format_t *nhref_format_find(const char *name);

NHREF_END_DECLS

#endif /* NHREF_RUN_H */
