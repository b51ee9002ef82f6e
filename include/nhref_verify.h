/* nhref_verify.h -- judge a trajectory computed by any program against nhref's
 * reference: per column the largest error and the digits of agreement, the drift
 * of the first integrals along the given states, and a verdict that fails safe.
 * What `nhref verify` does, as a library call.
 *
 * Usage:
 *     nhref_verify_t *v;
 *     nhref_verify_report_t *rep;
 *     nhref_verify_new(&v);
 *     nhref_verify_set_model(v, "chaplygin_sleigh");      (or nhref_verify_set_golden)
 *     nhref_verify_set_param(v, "J", "30");                (decimal strings)
 *     nhref_verify_set_min_digits(v, NULL, 8);             (every column; default 6)
 *     nhref_verify_set_min_digits(v, "x", 10);             (one column)
 *     if (nhref_verify_file(&rep, v, "mine.csv") != NHREF_OK)
 *         puts(nhref_verify_error(v));                     (bad input: why, file:line)
 *     else
 *         puts(rep->summary);                              ("PASS: ..." or "FAIL: ...")
 *     nhref_verify_report_free(rep);
 *     nhref_verify_free(v);
 *
 * The reference.  MODEL with its parameters and initial state (defaults of the
 * model's tables, changed by _set_param and _set_init) at t-start, or the model,
 * parameters, initial state, t-start and digits of the metadata of a golden file
 * or of an `nhref run` output ("# model:", "# param: NAME = VALUE [unit]",
 * "# init: ...", "# t-start:", "# digits:").  It is nhref's Taylor integrator at
 * DREF digits (default max(30, the largest threshold + 15), at least the golden
 * file's digits), evaluated at exactly the input's times by dense output: forward
 * from t-start through the later rows, backward through the earlier ones; the rows
 * may come in any order.  Where the oracle has a closed form, the reference is
 * itself checked against it at a fixed sample of at most
 * NHREF_VERIFY_CLOSED_FORM_SAMPLES rows spread evenly over the input's times.
 *
 * The input.  Columns by name: the time "t" (required), any state variable and
 * first integral of the model (compared), anything else (listed as not compared);
 * _map renames columns first.  Values are decimal strings (parsed at the
 * reference's precision, never through double) or doubles (taken exactly).
 * Files: the CSV dialects of nhref_table_read (separator ',', ';' or tab, quotes,
 * CRLF, BOM, pandas' index column).
 *
 * The measure (the one of nhref_oracle.h): digits = -log10(|a - b| / max(|b|, 1)),
 * a the input's value, b the reference's; a column's digits are the minimum over
 * its rows (NHREF_ORACLE_DIGITS_EXACT when every value equals the reference,
 * -INFINITY where one side is NaN or infinite and the other is not).  Drift of a
 * first integral I along the input's own states: max |I(t) - I(t_first)| over
 * the rows, in digits -log10(drift / max(1, |I(t_first)|)), t_first the earliest
 * row; it needs every state column.
 *
 * The verdict fails safe.  PASS needs, all at once:
 *   - no row beyond the reference's end: a terminal event of the model (the
 *     skater's fall), a finite-time blow-up or a failed step ends the reference,
 *     and rows after it cannot be judged (a row whose time is written with at
 *     least 15 significant digits and lies past the end by at most 10 units of
 *     its last digit is a computed end time, rounded when printed: it is
 *     compared with the state at the end);
 *   - every compared column (state or integral) at or above its threshold:
 *     the default NHREF_VERIFY_MIN_DIGITS_DEFAULT = 6, or its own;
 *   - every integral with a drift threshold at or above it (none by default).
 * Thresholds are > 0: PASS is never given at 0 digits.
 *
 * Errors.  Each function returns a status of nhref_status.h; on error a one-line
 * message naming the parameter, the value, the admissible range, the file and
 * line is kept in the handle (nhref_verify_error).  Nothing is printed.
 * Guarantee level: VALIDATED (the reference's own error is checked against the
 * closed form where there is one; digits cannot exceed about DREF).
 *
 * Rigorous mode (nhref_verify_set_rigorous; `nhref verify --rigorous`): PROVEN.
 * The MPFR pass above runs as it is, and the validated integrator of nhref_arb.h
 * (nhref_proven_grid) ALSO runs forward from t-start through the input's times at
 * the same DREF and precision.  The initial state, t-start and the input's times
 * enter as balls that contain the decimal values as written (the times of
 * nhref_verify_doubles exactly); the parameters as nhref_proven_new takes them
 * (balls containing their decimals).  Equal times are one grid point.  Each row
 * then has, for every compared column, a ball m +- r that contains the true value
 * (a state variable: the enclosure; a first integral: nhref_proven_integrals on
 * the state balls).  With a the input's value (the ball of its decimal text), u
 * half a unit of the last digit printed in its text (0 for doubles), T the
 * column's threshold, and s_lo = max(1, min |x|), s_hi = max(1, max |x|) over the
 * ball x = m +- r:
 *   - proven digits (a lower bound of the digits of a against the true value):
 *     -log10((|a - m| + r) / s_lo), minimum over the rows, every quantity bounded
 *     the safe way in Arb (upper bounds of the error, lower bounds of the scale);
 *   - OUTSIDE: |a - m| - r > max(u, 10^-T s_hi) (a lower bound of the distance
 *     against an upper bound of the allowance): a is proven not to be the true
 *     value, not even to its printed precision and the threshold.
 * A column is PROVEN PASS when every row within the reference's range is enclosed
 * and its proven digits are >= T; FAIL (proven wrong) when a row is OUTSIDE; else
 * UNDECIDED (the enclosure is too wide to decide at T, or rows are not enclosed:
 * the proven run stopped UNPROVEN, or at an event whose time ball does not
 * contain the row's time).  A NaN or infinite input value where the enclosure is
 * finite is OUTSIDE.  The verdict is PASS only when every column is PROVEN PASS
 * and the VALIDATED verdict above passes; an UNDECIDED column fails safe.
 * Rows before t-start are refused (NHREF_EINVAL: the validated integrator runs
 * forward only), and so is a threshold above DREF (no enclosure at DREF digits
 * can prove it).  Cost: the validated integration (nhref_arb.h) plus a few Arb
 * operations per row and column: 1.2 to 4.6 times the CPU time of the plain
 * verification on the cases measured in docs/verify.md (the skater the most).
 */
#ifndef NHREF_VERIFY_H
#define NHREF_VERIFY_H

#include <stddef.h>
#include <stdio.h>

#include "nhref_integrate.h"
#include "nhref_status.h"

NHREF_BEGIN_DECLS

/* The default threshold [digits] of every compared column. */
#define NHREF_VERIFY_MIN_DIGITS_DEFAULT 6.0
/* Thresholds are at most this. */
#define NHREF_VERIFY_DIGITS_MAX 100000.0
/* The reference's digits are at most this: the largest DREF whose Taylor order
 * nhref_taylor_order(DREF) = ceil(1.1513 DREF + 1) is within NHREF_TAYLOR_MAX_ORDER
 * (nhref_scheme.h). */
#define NHREF_VERIFY_DREF_MAX 86857.0
/* The closed form checks the reference at at most this many rows. */
#define NHREF_VERIFY_CLOSED_FORM_SAMPLES 64

typedef struct nhref_verify nhref_verify_t;

/* nhref_verify_new -- an empty verification: no model yet, default threshold
 * 6 digits, default reference digits, separator detected.
 * Returns NHREF_OK or NHREF_ENOMEM. */
int nhref_verify_new(nhref_verify_t **v);
void nhref_verify_free(nhref_verify_t *v);

/* nhref_verify_error -- the message of the last error of V ("" if none);
 * static until the next call on V. */
const char *nhref_verify_error(const nhref_verify_t *v);

/* ------------------------------------------------------------------ the reference */
/* nhref_verify_set_model -- the reference is MODEL, with its default parameters
 * and initial state at t-start 0 (forgets earlier parameters, initial values and
 * golden file).  Returns NHREF_OK; NHREF_ENOTFOUND (unknown model: the message
 * lists the known ones); NHREF_ENOMEM. */
int nhref_verify_set_model(nhref_verify_t *v, const char *model);

/* nhref_verify_set_golden -- the reference's model, parameters, initial state,
 * t-start and digits from the metadata of FILE: a path, or a name "MODEL/CASE"
 * looked up in the catalogue (nhref_catalogue_find) when no file of that path
 * exists.  Later _set_param / _set_init / _set_t_start calls override values.
 * Returns NHREF_OK; NHREF_EIO (unreadable); NHREF_EPARSE (not a table, no
 * "# model:" line, a malformed param/init/digits line: the message names FILE
 * and the line); NHREF_ENOTFOUND (no such name in the catalogue, unknown model
 * or name); NHREF_ENOMEM. */
int nhref_verify_set_golden(nhref_verify_t *v, const char *file);

/* nhref_verify_set_param -- parameter NAME = VALUE (a decimal string, kept as
 * given).  Ranges are checked when the verification runs.
 * Returns NHREF_OK; NHREF_EINVAL (no model yet); NHREF_ENOTFOUND (unknown name:
 * the message lists the parameters); NHREF_EPARSE (not a finite decimal number:
 * the message gives the admissible range). */
int nhref_verify_set_param(nhref_verify_t *v, const char *name, const char *value);

/* nhref_verify_set_init -- initial state component NAME = VALUE (decimal).
 * Same returns (the message lists the state variables). */
int nhref_verify_set_init(nhref_verify_t *v, const char *name, const char *value);

/* nhref_verify_set_t_start -- the time [s] of the initial state (decimal).
 * Returns NHREF_OK or NHREF_EPARSE. */
int nhref_verify_set_t_start(nhref_verify_t *v, const char *t_start);

/* nhref_verify_set_digits -- DREF, the reference's digits: tolerance 10^-DREF,
 * precision DREF log2(10) + NHREF_GUARD_BITS bits; 0 restores the default.
 * Returns NHREF_OK or NHREF_EINVAL (outside [1, NHREF_VERIFY_DREF_MAX], or 0). */
int nhref_verify_set_digits(nhref_verify_t *v, double digits);

/* ------------------------------------------------------------------ the judgement */
/* nhref_verify_set_min_digits -- the threshold of COLUMN (a state variable or
 * first integral of the model, by its model name or its name in the input), or
 * of every column without its own when COLUMN is NULL or "".  A named column
 * must be present in the input when the verification runs (else NHREF_EPARSE).
 * Returns NHREF_OK or NHREF_EINVAL (DIGITS outside (0, NHREF_VERIFY_DIGITS_MAX]). */
int nhref_verify_set_min_digits(nhref_verify_t *v, const char *column, double digits);

/* nhref_verify_set_min_drift_digits -- a drift threshold for the first integral
 * INTEGRAL, or for every integral when NULL or "" (none by default).
 * Returns NHREF_OK or NHREF_EINVAL (DIGITS outside (0, NHREF_VERIFY_DIGITS_MAX]);
 * an unknown integral name is NHREF_ENOTFOUND when the verification runs. */
int nhref_verify_set_min_drift_digits(nhref_verify_t *v, const char *integral, double digits);

/* nhref_verify_map -- compare the input's column YOURS as the model's column
 * NAME ("t", a state variable or a first integral).  Checked when the
 * verification runs: YOURS must be a column of the input (NHREF_EPARSE), NAME a
 * name of the model (NHREF_ENOTFOUND), and no two columns may end up with one name.
 * Returns NHREF_OK, NHREF_EINVAL (empty name) or NHREF_ENOMEM. */
int nhref_verify_map(nhref_verify_t *v, const char *yours, const char *name);

/* nhref_verify_set_rigorous -- ON = 1: also judge against proven enclosures (the
 * rigorous mode above); 0: the VALIDATED judgement only (the default).
 * Returns NHREF_OK or NHREF_EINVAL (ON neither 0 nor 1). */
int nhref_verify_set_rigorous(nhref_verify_t *v, int on);

/* nhref_verify_set_separator -- the separator of files: ',', ';', '\t', or 0 to
 * detect it (the default).  Returns NHREF_OK or NHREF_EINVAL. */
int nhref_verify_set_separator(nhref_verify_t *v, char sep);

/* nhref_verify_set_progress -- called with what is being done ("integrating the
 * reference", "evaluating the closed form", "first-integral drift") and the
 * fraction done, in [0, 1]; NULL for none. */
void nhref_verify_set_progress(nhref_verify_t *v,
                               void (*progress)(void *arg, const char *what, double fraction),
                               void *arg);

/* ------------------------------------------------------------------ the report */
typedef enum { NHREF_VERIFY_STATE = 0, NHREF_VERIFY_INTEGRAL = 1 } nhref_verify_kind_t;

/* A row of the input, for the report. */
typedef struct {
    size_t row;     /* index in the input (0-based, input order) */
    size_t line;    /* its file line (1-based); 0 for array input */
    double t;       /* its time, rounded to double */
    char t_str[40]; /* its time with at most 15 significant digits ("2.5") */
} nhref_verify_where_t;

/* The rigorous judgement of a column (nhref_verify_set_rigorous). */
typedef enum {
    NHREF_VERIFY_PROOF_NONE = 0,     /* not asked for */
    NHREF_VERIFY_PROOF_PASS = 1,     /* PROVEN PASS: every row enclosed, proven digits >= T */
    NHREF_VERIFY_PROOF_FAIL = 2,     /* a value proven wrong (OUTSIDE) */
    NHREF_VERIFY_PROOF_UNDECIDED = 3 /* neither: fails safe */
} nhref_verify_proof_t;

/* A compared column. */
typedef struct {
    char *name;             /* its name in the input */
    const char *compared_as; /* the model's name (differs after a map) */
    nhref_verify_kind_t kind;
    size_t index;           /* in the model's state or integral table */
    double max_error;       /* max |yours - reference| (double; 0 if no row) */
    double digits;          /* min over the rows (see the measure above) */
    double min_digits;      /* its threshold */
    int named;              /* 1: the threshold was set for this column by name */
    int pass;               /* digits >= min_digits */
    nhref_verify_where_t worst; /* the row of the minimum */
    size_t rows;            /* rows compared */
    size_t nan_rows;        /* rows where exactly one side is NaN */
    /* The second measure, where the first counts decimal places (0 < |reference| <
     * 1): significant digits -log10(|yours - reference| / |reference|).  Informative:
     * the threshold judges DIGITS. */
    double sig_digits;      /* min over those rows; NaN if there are none */
    size_t sig_rows;        /* rows with 0 < |reference| < 1 */
    nhref_verify_where_t sig_worst; /* the row of the minimum */
    /* The rigorous judgement (rigorous mode only; else proof NONE, level
     * "VALIDATED", counts 0 and numbers NaN).  Doubles rounded the safe way:
     * digits down, radii and distances as stated. */
    nhref_verify_proof_t proof;
    const char *level;      /* "PROVEN" (proof PASS or FAIL), else "VALIDATED" */
    double proven_digits;   /* min over the enclosed rows of -log10((|a - m| + r) / s_lo):
                               a lower bound (NHREF_ORACLE_DIGITS_EXACT if |a - m| + r = 0;
                               -INFINITY for a NaN value); NaN if no row is enclosed */
    nhref_verify_where_t proven_worst; /* the row of the minimum */
    size_t enclosed;        /* rows compared with an enclosure */
    size_t not_enclosed;    /* rows within the reference's range without one */
    nhref_verify_where_t first_not_enclosed; /* the earliest */
    double max_radius;      /* the largest radius r over the enclosed rows (rounded up) */
    double max_rel_radius;  /* the largest r / s_lo (rounded up) */
    nhref_verify_where_t max_radius_at;
    size_t outside;         /* rows proven wrong */
    nhref_verify_where_t first_outside; /* the earliest */
    double outside_distance; /* there: a lower bound of |a - m| - r (rounded down) */
    double outside_allowed; /* there: an upper bound of max(u, 10^-T s_hi) */
    double outside_radius;  /* there: r (rounded up) */
    double outside_value;   /* there: a (nearest double) */
    double outside_mid;     /* there: m (nearest double) */
} nhref_verify_column_t;

/* The drift of a first integral along the input's states. */
typedef struct {
    const char *name;       /* the integral's name */
    const char *holds;      /* when it is conserved and defined (the model's table) */
    int defined;            /* 0: NaN at the first row, not measured */
    double first_value;     /* I(t_first) */
    char first_str[48];     /* I(t_first) with 16 significant digits */
    double max_drift;       /* max |I(t) - I(t_first)| */
    double digits;          /* -log10(max_drift / max(1, |I(t_first)|)), as above */
    double min_digits;      /* its threshold; NaN if none */
    int pass;               /* 1 if no threshold or digits >= min_digits */
    nhref_verify_where_t worst;
    size_t rows;            /* rows after the first */
    size_t nan_rows;        /* rows where it is NaN */
} nhref_verify_drift_t;

/* Where the reference ends, in one direction from t-start. */
typedef struct {
    int used;               /* 1 if the input has rows in this direction */
    nhref_outcome_t outcome; /* REACHED, EVENT, BLOWUP, UNDERFLOW or FAILED */
    char *event;            /* EVENT: the event's name; else NULL */
    char *t_end;            /* where it ended (decimal, about min(DREF, 30) digits) */
    double t_blowup;        /* BLOWUP: the estimated blow-up time; else NaN */
    int status;             /* FAILED, UNDERFLOW (NHREF_ESTEP): the integrator's status;
                               else NHREF_OK */
    char *why;              /* unless REACHED, a phrase: "the event 'fall' at t = ..." */
    size_t nbeyond;         /* rows beyond the end: not judged, and the verdict fails */
    nhref_verify_where_t first_beyond; /* the one nearest to the end */
    size_t nat_end;         /* rows past the end within the resolution of their time,
                               compared with the state at the end */
} nhref_verify_end_t;

/* The proven run (rigorous mode). */
typedef struct {
    int ran;                /* 1: rigorous mode; the fields below are set */
    nhref_outcome_t outcome; /* REACHED, EVENT, UNPROVEN, BLOWUP or FAILED */
    int status;             /* nhref_proven_grid's status */
    char *event;            /* EVENT: the event's name; else NULL */
    char *t_end;            /* where it stopped: the time ball, "MID +- RAD" ("MID" if exact) */
    char *why;              /* unless REACHED, a phrase: "no enclosure could be proven
                               beyond t = ..." */
    unsigned long nsteps;
    unsigned order;         /* the Taylor order N */
    long prec;              /* the midpoints' precision [bits] */
    size_t grid;            /* grid points (distinct times, t-start included) */
    size_t rows_at_event;   /* rows whose time lies in the event's time ball:
                               compared with the enclosure over that ball */
    size_t not_enclosed;    /* rows within the reference's range not enclosed */
    nhref_verify_where_t first_not_enclosed;
} nhref_verify_proven_t;

typedef struct {
    int pass;               /* the verdict */
    const char *level;      /* "PROVEN": rigorous mode and the verdict is proven (every
                               column PROVEN PASS, or a value proven wrong);
                               else "VALIDATED" */
    char *summary;          /* the verdict as one line: "PASS: ..." or "FAIL: ..."; in
                               rigorous mode "PROVEN PASS: ...", "FAIL (proven wrong at
                               ...): ...", "FAIL (undecided: ...): ..." or the
                               VALIDATED "FAIL: ..." */

    /* the input */
    char *source;           /* the file ("-": standard input), or "(arrays)" */
    size_t nrows;
    nhref_verify_where_t first, last; /* its earliest and latest rows */
    char sep;               /* the separator read (files), else 0 */
    int index_dropped;      /* 1: an unnamed index column (pandas) was dropped */
    size_t nnot_compared;
    char **not_compared;    /* names of the other columns */

    /* the reference */
    char *model;
    char *golden;           /* the file it came from, or NULL */
    char *scheme;           /* "taylor" */
    double digits;          /* DREF */
    long prec;              /* its precision [bits], also of the values read */
    int digits_raised;      /* 1: the digits asked for were raised to the golden file's */
    size_t nparam, ninit;
    char **param_name, **param_value; /* the model's table order, decimal strings */
    char **init_name, **init_value;
    char *t_start;
    unsigned long nsteps;
    nhref_verify_end_t end[2]; /* [0] backward (rows before t-start), [1] forward */
    nhref_verify_proven_t proven; /* the proven run (rigorous mode) */

    /* the reference against the closed form */
    int closed_form;        /* 1 checked; 0 the model has none; -1 none for these values;
                               -2 not available here (closed_form_note says why) */
    char *closed_form_note;
    double closed_form_digits; /* min over the sample and the state */
    char *closed_form_worst;   /* its state variable */
    nhref_verify_where_t closed_form_at;
    size_t closed_form_samples;
    int closed_form_warning;   /* 1: fewer digits than the largest threshold + 1 */

    /* the judgement */
    double min_digits;      /* the default threshold */
    size_t ncolumn;
    nhref_verify_column_t *column; /* in input order */
    int drift_computed;     /* 0: drift_note says why not */
    long drift_prec;        /* the integrals evaluated at this precision [bits]: 64 for
                               values of at most 17 significant digits (doubles), else
                               their digits in bits + 32; at most prec */
    char *drift_note;
    nhref_verify_where_t drift_from; /* t_first */
    size_t ndrift;
    nhref_verify_drift_t *drift; /* the model's integral order */
} nhref_verify_report_t;

/* ------------------------------------------------------------------ running it */
/* nhref_verify_file -- verify the trajectory in PATH ("-": standard input).
 * Returns NHREF_OK with *REP (pass or fail: see rep->pass); otherwise *REP is
 * NULL and the message says why: NHREF_EINVAL (no model or golden file yet);
 * NHREF_EIO (unreadable); NHREF_EPARSE (malformed input with file:line, no
 * column 't', no compared column, a non-finite time, a map or threshold naming
 * a column that is not there); NHREF_ENOTFOUND (a map or drift threshold naming
 * a name the model lacks); NHREF_EPARAM (parameters or initial state outside
 * the admissible ranges, named); NHREF_ENOMEM.  In rigorous mode also
 * NHREF_EINVAL for what it cannot honour, named: rows before t-start, a
 * threshold above DREF, two times too close to be ordered at the reference's
 * precision, a model the validated integrator cannot run.  A reference that
 * ends early (an event, a blow-up, a failed step; in rigorous mode a proven run
 * that stops UNPROVEN) is not an error: it is in the report.
 * Cost: reading the file; one integration over the input's time range at DREF
 * digits (dense output at every row); the closed form at <= 64 rows; the first
 * integrals at every row (drift, integral columns); about 10 us per row at 30
 * digits on the sleigh, plus the integration.  Rigorous mode adds the validated
 * integration over the forward rows (nhref_proven_grid) and a few Arb
 * operations per row and column. */
int nhref_verify_file(nhref_verify_report_t **rep, nhref_verify_t *v, const char *path);

/* nhref_verify_strings -- verify NROW rows of NCOL columns named NAMES, the
 * values CELLS[r * ncol + c] decimal strings ("nan", "inf", "" for NaN allowed).
 * Same returns, messages naming "row R" instead of a line. */
int nhref_verify_strings(nhref_verify_report_t **rep, nhref_verify_t *v, size_t ncol,
                         const char *const *names, size_t nrow, const char *const *cells);

/* nhref_verify_doubles -- the same with VALUES[r * ncol + c] doubles, taken
 * exactly (the time 0.1 is the double nearest to 0.1). */
int nhref_verify_doubles(nhref_verify_report_t **rep, nhref_verify_t *v, size_t ncol,
                         const char *const *names, size_t nrow, const double *values);

void nhref_verify_report_free(nhref_verify_report_t *rep);

/* nhref_verify_digits_text -- a digit count D of a report as text, as the reports
 * print it: "exact" (D >= NHREF_ORACLE_DIGITS_EXACT), "inf" or "-inf", else "%.2f".
 * Writes at most LEN bytes of BUF (NUL-terminated) and returns BUF. */
const char *nhref_verify_digits_text(char *buf, size_t len, double d);

/* nhref_verify_report_json -- the report as JSON (schema "nhref-verify/1",
 * docs/verify.md), written into BUF (LEN bytes, NUL-terminated, may be NULL when
 * LEN is 0).  Returns the length of the whole text (without the NUL), as
 * snprintf: call again with a larger buffer if it is >= LEN; 0 if out of memory. */
size_t nhref_verify_report_json(char *buf, size_t len, const nhref_verify_report_t *rep);

/* nhref_verify_report_write_json -- the same to OUT, indented.
 * nhref_verify_report_write_junit -- JUnit XML to OUT: one test suite, one test
 * case per compared column ("column x"), per drift threshold ("drift E") and
 * one for the rows beyond the reference's end ("time range"); a failing case
 * carries the reason.  Both return NHREF_OK, NHREF_EIO (a write failed) or
 * NHREF_ENOMEM. */
int nhref_verify_report_write_json(FILE *out, const nhref_verify_report_t *rep);
int nhref_verify_report_write_junit(FILE *out, const nhref_verify_report_t *rep);

NHREF_END_DECLS

#endif /* NHREF_VERIFY_H */
