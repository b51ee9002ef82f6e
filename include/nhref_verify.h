/* nhref_verify.h -- judge a trajectory computed by any program against nhref's
 * reference: per column the largest error and the digits of agreement, the drift of
 * the first integrals along the given states, and a verdict that fails safe.  What
 * `nhref verify` does, as library calls.
 *
 * Contract.  A handle (nhref_verify_new) holds the reference's definition (a model
 * with parameters, initial state and t-start, or a golden file's metadata), the
 * thresholds and the column maps.  nhref_verify_file, _strings or _doubles read the
 * input, integrate the reference at exactly its times and return a report; PASS or
 * FAIL is in the report (rep->pass, rep->summary), not in the status.  Every function
 * returns a status of nhref_status.h and prints nothing; on error a one-line message
 * naming the parameter, the value, the admissible range, the file and the line is
 * kept in the handle (nhref_verify_error).  Level VALIDATED; with
 * nhref_verify_set_rigorous, PROVEN where the proven enclosures decide.
 *
 * The rules are in docs/verify.md: the reference ("The reference"), the digits and
 * the drift ("What PASS means"), rigorous mode ("Rigorous mode"), the input
 * ("Input"), the JSON schema, and an example program ("The C library").
 */
#ifndef NHREF_VERIFY_H
#define NHREF_VERIFY_H

#include <stddef.h>
#include <stdio.h>

#include "nhref_integrate.h"
#include "nhref_model_file.h"
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

/* nhref_verify_new -- *V = an empty verification: no reference yet, the threshold
 * NHREF_VERIFY_MIN_DIGITS_DEFAULT for every column, no drift threshold, the default
 * reference digits, the separator detected, rigorous mode off.
 *
 * Returns:   NHREF_OK; NHREF_ENOMEM (*V = NULL).
 * Cost:      one small allocation.
 */
int nhref_verify_new(nhref_verify_t **v);

/* nhref_verify_free -- release V and everything it holds (V may be NULL).  Reports
 * made from V are separate (nhref_verify_report_free). */
void nhref_verify_free(nhref_verify_t *v);

/* nhref_verify_error -- the message of V's last failed call: one line naming the
 * parameter, the value, the admissible range, the file and the line as they apply.
 *
 * Returns:   the message; "" after a call that succeeded (every function taking V
 *            clears it first, except nhref_verify_set_progress); "no verification
 *            handle" for V = NULL.  The string lives in V: valid until the next
 *            call on V or nhref_verify_free.
 * Cost:      O(1).
 */
const char *nhref_verify_error(const nhref_verify_t *v);

/* ------------------------------------------------------------------ the reference */
/* nhref_verify_set_model -- the reference is the registered model MODEL (a name of
 * `nhref list`), or the model file MODEL (a name with '/' or '.' that is not
 * registered: nhref_model_file.h), with its default parameters and initial state at
 * t-start 0.  Forgets the earlier reference (parameters, initial values, t-start,
 * golden file); thresholds, maps and options are kept.
 *
 * Returns:   NHREF_OK; NHREF_ENOTFOUND (MODEL unknown or NULL: the message lists
 *            the known models); for a model file the statuses of
 *            nhref_model_file_read (NHREF_EIO, NHREF_EPARSE, NHREF_EINVAL: the
 *            message "FILE:LINE: ..."); NHREF_ENOMEM.  On error the earlier
 *            reference is kept.
 * Cost:      a registry lookup and a new system of the model (nhref_system_new); a
 *            model file is read and its equations derived.
 */
int nhref_verify_set_model(nhref_verify_t *v, const char *model);

/* nhref_verify_set_model_file -- the same for the model of the model file MF (read or
 * parsed by the caller, e.g. from a string: nhref_model_file.h); V holds a reference to
 * MF (the caller may free its own at once).
 *
 * Returns:   NHREF_OK; NHREF_EINVAL (MF NULL, or its descriptor refused: the message
 *            says why); NHREF_ETAPE; NHREF_ENOMEM (as nhref_spec_new_file).  On error
 *            the earlier reference is kept.
 * Cost:      a new system of the model (nhref_system_new).
 */
int nhref_verify_set_model_file(nhref_verify_t *v, nhref_model_file_t *mf);

/* nhref_verify_set_golden -- the reference's model, parameters, initial state,
 * t-start and digits from the metadata of FILE ("# model:", "# param: NAME = VALUE
 * [unit]", "# init: ...", "# t-start:", "# digits:"): a golden file or an `nhref run`
 * output, given as a path ("-": standard input), or as a name "MODEL/CASE" looked up
 * in the catalogue (nhref_catalogue_find) when no file of that path exists.  Later
 * nhref_verify_set_param, _set_init and _set_t_start calls override its values; the
 * reference's digits are never below its "# digits:".
 *
 * Units:     as in the model's tables; t-start in the model's time unit.
 * Precision: the values are kept as the decimal strings written in FILE.
 * Returns:   NHREF_OK; NHREF_EINVAL (FILE NULL, or a catalogue name of a form
 *            nhref_catalogue_find refuses); NHREF_EIO (unreadable); NHREF_EPARSE
 *            (not a table, no "# model:" line, a malformed param, init or digits
 *            line, a value that is not a finite decimal: the message names FILE
 *            and the line); NHREF_ENOTFOUND (no such name in the catalogue, an
 *            unknown model, parameter or state name); NHREF_ENOMEM.  A FILE that
 *            cannot be found or read leaves the earlier reference as it was; a
 *            FILE read and refused leaves none (a run then returns NHREF_EINVAL).
 * Cost:      reading FILE (linear in its size), up to four stat() calls for a name.
 */
int nhref_verify_set_golden(nhref_verify_t *v, const char *file);

/* nhref_verify_set_param -- the reference's parameter NAME = VALUE.
 *
 * Units:     those of the parameter in the model's table (`nhref describe MODEL`).
 * Precision: VALUE is a decimal string, kept as given and parsed at the reference's
 *            precision when the verification runs (never through double).  The
 *            model's admissible ranges are checked then (NHREF_EPARAM).
 * Returns:   NHREF_OK; NHREF_EINVAL (no model yet); NHREF_ENOTFOUND (unknown NAME:
 *            the message lists the parameters); NHREF_EPARSE (VALUE not a finite
 *            decimal number: the message gives the admissible range).
 * Cost:      a name lookup and a parse of VALUE.
 */
int nhref_verify_set_param(nhref_verify_t *v, const char *name, const char *value);

/* nhref_verify_set_init -- the reference's initial state component NAME = VALUE
 * (a state variable of the model), at t-start.
 *
 * Units, Precision: as nhref_verify_set_param, for the model's state table.
 * Returns:   NHREF_OK; NHREF_EINVAL (no model yet); NHREF_ENOTFOUND (unknown NAME:
 *            the message lists the state variables); NHREF_EPARSE (VALUE not a
 *            finite decimal number); NHREF_ENOMEM.
 * Cost:      a name lookup and a parse of VALUE.
 */
int nhref_verify_set_init(nhref_verify_t *v, const char *name, const char *value);

/* nhref_verify_set_t_start -- the time T_START of the reference's initial state
 * (default 0, or the golden file's).
 *
 * Units:     the model's time unit (seconds for the built-in models).
 * Precision: a decimal string, kept as given.
 * Returns:   NHREF_OK; NHREF_EPARSE (T_START NULL or not a finite decimal number);
 *            NHREF_ENOMEM.
 * Cost:      a parse of T_START.
 */
int nhref_verify_set_t_start(nhref_verify_t *v, const char *t_start);

/* nhref_verify_set_digits -- DREF, the reference's digits: tolerance 10^-DREF,
 * precision ceil(DREF log2(10)) + NHREF_GUARD_BITS bits (also the precision at
 * which the input's decimal values are read).  0 restores the default,
 * max(30, the largest threshold + 15).  Either way DREF is raised to a golden
 * file's digits (the report's digits_raised says so).
 *
 * Returns:   NHREF_OK; NHREF_EINVAL (DIGITS neither 0 nor in [1,
 *            NHREF_VERIFY_DREF_MAX]).
 * Cost:      O(1).
 */
int nhref_verify_set_digits(nhref_verify_t *v, double digits);

/* ------------------------------------------------------------------ the judgement */
/* nhref_verify_set_min_digits -- the threshold DIGITS of COLUMN (a state variable or
 * first integral of the model, by its model name or by its name in the input), or of
 * every column without its own when COLUMN is NULL or "".  A column passes when its
 * digits (docs/verify.md, "What PASS means") are >= its threshold.
 *
 * Units:     decimal digits of the mixed measure -log10(|a - b| / max(|b|, 1)).
 * Returns:   NHREF_OK; NHREF_EINVAL (DIGITS outside (0, NHREF_VERIFY_DIGITS_MAX]:
 *            PASS is never given at 0 digits); NHREF_ENOMEM.  A named column that
 *            is not in the input is NHREF_EPARSE when the verification runs.
 * Cost:      O(number of named thresholds).
 */
int nhref_verify_set_min_digits(nhref_verify_t *v, const char *column, double digits);

/* nhref_verify_set_min_drift_digits -- a drift threshold DIGITS for the first
 * integral INTEGRAL (the model's name), or for every integral when INTEGRAL is NULL
 * or "" (none by default: the drift is reported, not judged).
 *
 * Units:     decimal digits, -log10(max |I(t) - I(t_first)| / max(1, |I(t_first)|)).
 * Returns:   NHREF_OK; NHREF_EINVAL (DIGITS outside (0, NHREF_VERIFY_DIGITS_MAX]);
 *            NHREF_ENOMEM.  An INTEGRAL the model lacks is NHREF_ENOTFOUND when the
 *            verification runs.
 * Cost:      O(number of named thresholds).
 */
int nhref_verify_set_min_drift_digits(nhref_verify_t *v, const char *integral, double digits);

/* nhref_verify_map -- compare the input's column YOURS as the model's column NAME
 * ("t", a state variable or a first integral); a later map of YOURS replaces this
 * one.  Checked when the verification runs: YOURS must be a column of the input
 * (NHREF_EPARSE), NAME a name of the model (NHREF_ENOTFOUND), and no two columns
 * may end up compared under one name (NHREF_EPARSE).
 *
 * Returns:   NHREF_OK; NHREF_EINVAL (a name NULL or empty); NHREF_ENOMEM.
 * Cost:      O(number of maps).
 */
int nhref_verify_map(nhref_verify_t *v, const char *yours, const char *name);

/* nhref_verify_define -- the model's column NAME (a state variable or a first integral)
 * is the value of EXPR, an expression over the input's columns (by their names in the
 * input), t and the model's parameters, in the grammar of nhref_tape_parse
 * (nhref_tape.h): e.g. NAME "v", EXPR "vx*cos(phi) + vy*sin(phi)".  A later define of
 * NAME replaces this one.  The input's columns that EXPR reads are used, not listed as
 * not compared; a column of the input that is also a name of the model is compared
 * as well.  An input column named like a parameter shadows the parameter.  Checked
 * when the verification runs (the messages name "--define NAME=EXPR" and the column
 * of EXPR): NAME must be a name of the model (NHREF_ENOTFOUND), not compared already
 * (an input column of that name or a map to it: NHREF_EPARSE); EXPR must parse and
 * name only columns, parameters, t and pi (NHREF_EPARSE).
 *
 * Units:     those of NAME in the model's tables; the input's and parameters' own.
 * Precision: evaluated at the reference's precision (nhref_verify_set_digits) from
 *            the decimal values read, each operation correctly rounded (never
 *            through double); an operation undefined at a row (sqrt of a negative
 *            number, ...) gives NaN there (a row with NaN on one side).  In
 *            rigorous mode the value is taken as printed to DREF digits (its
 *            allowance half a unit of the last), not as an enclosure of EXPR.
 * Returns:   NHREF_OK; NHREF_EINVAL (NAME or EXPR NULL or empty); NHREF_ENOMEM.
 * Cost:      O(number of defines) here; when the verification runs, one parse of
 *            EXPR and one MPFR operation per node of EXPR and row.
 */
int nhref_verify_define(nhref_verify_t *v, const char *name, const char *expr);

/* nhref_verify_set_chart -- the input is written in the chart CHART of the model (a
 * named set of defines the model declares, `nhref describe MODEL`: e.g. "com" for the
 * sleigh's centre of mass); NULL or "" for none (the default).  The chart's defines
 * are applied as nhref_verify_define's; a define of the caller for a name of the
 * chart is NHREF_EPARSE when the verification runs (defined twice).
 *
 * Returns:   NHREF_OK; NHREF_ENOTFOUND (the model, if set, has no chart CHART: the
 *            message lists its charts; checked again when the verification runs);
 *            NHREF_ENOMEM.
 * Cost:      O(number of the model's charts).
 */
int nhref_verify_set_chart(nhref_verify_t *v, const char *chart);

/* nhref_verify_set_angles -- how angle columns are compared: "wrapped" (the model's
 * angles: the state variables whose unit is "rad"), "wrapped=NAME[,NAME...]" (these
 * state variables), or NULL, "" or "unwrapped" (none; the default).  A wrapped column
 * is compared modulo 2 pi: its error at a row is the distance on the circle
 * |remainder(a - b, 2 pi)| <= pi, and its value is taken as a - k 2 pi, k the
 * nearest integer to (a - b)/(2 pi), in the digits, the rigorous judgement and the
 * drift (the integrals then read the angle unwrapped along the reference).
 *
 * Precision: remainder(a - b, 2 pi) at the reference's precision + 64 bits, pi from
 *            MPFR (mpfr_const_pi); a - k 2 pi rounded to the reference's precision.
 * Returns:   NHREF_OK; NHREF_EINVAL (another ANGLES: the message gives the forms);
 *            NHREF_ENOMEM.  A NAME that is not a state variable of the model is
 *            NHREF_ENOTFOUND when the verification runs, one not in the input
 *            NHREF_EPARSE.
 * Cost:      O(strlen(ANGLES)); when running, two MPFR operations per row and
 *            wrapped column.
 */
int nhref_verify_set_angles(nhref_verify_t *v, const char *angles);

/* nhref_verify_set_rigorous -- ON = 1: also judge against proven enclosures of the
 * true solution (docs/verify.md, "Rigorous mode"; level PROVEN); 0: the VALIDATED
 * judgement only (the default).  Rigorous mode refuses, when the verification runs,
 * what it cannot honour (NHREF_EINVAL: see nhref_verify_file).
 *
 * Returns:   NHREF_OK; NHREF_EINVAL (ON neither 0 nor 1).
 * Cost:      O(1) here; the validated integration when the verification runs.
 */
int nhref_verify_set_rigorous(nhref_verify_t *v, int on);

/* nhref_verify_set_errors -- ON = 1: the report also records every input row's
 * error and digits per compared column, under rigorous mode its distance to the
 * enclosure, and the drift of each first integral per row (the row_* arrays of
 * the report, docs/verify.md "Error over time"); 0: only the summaries (the
 * default).
 *
 * Returns:   NHREF_OK; NHREF_EINVAL (ON neither 0 nor 1).
 * Cost:      O(1) here; when the verification runs, a subtraction, a division and
 *            a logarithm per row and column at the reference's precision, and
 *            memory of about (3 + 2 x columns + integrals) x 8 bytes per row (x 2
 *            under rigorous mode for the columns): O(rows x columns) only when on.
 */
int nhref_verify_set_errors(nhref_verify_t *v, int on);

/* nhref_verify_set_separator -- the separator of the files read by
 * nhref_verify_file: ',', ';', '\t', or 0 to detect it (the default).
 *
 * Returns:   NHREF_OK; NHREF_EINVAL (any other SEP).
 * Cost:      O(1).
 */
int nhref_verify_set_separator(nhref_verify_t *v, char sep);

/* nhref_verify_set_progress -- PROGRESS(ARG, WHAT, FRACTION) is called during a
 * verification with what is being done ("integrating the reference", "evaluating
 * the closed form", "first-integral drift", in rigorous mode "proving the reference
 * (validated Taylor)") and the fraction done, in [0, 1]; PROGRESS NULL for none (the
 * default).  Returns nothing; does not touch V's message.  Cost: O(1).
 */
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

/* nhref_verify_proof_str -- P in words: "PROVEN PASS", "FAIL (proven)", "UNDECIDED", or
 * "-" (NONE and unknown values); static. */
const char *nhref_verify_proof_str(nhref_verify_proof_t p);

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
    /* Per row (nhref_verify_set_errors; else NULL): rep->nrows values each, row i
     * being the input row rep->row[i] (time order). */
    double *row_error;        /* |yours - reference| (nearest double); NaN where a side
                                 is NaN or the row is not compared */
    double *row_digits;       /* -log10(|yours - reference| / max(|reference|, 1)), the
                                 measure of DIGITS (nhref_oracle_agree_digits):
                                 NHREF_ORACLE_DIGITS_EXACT where equal (or both NaN),
                                 -INFINITY where one side is NaN; NaN where the row is
                                 not compared (rep->row_where) */
    double *row_dist;         /* rigorous mode: a lower bound of the distance from
                                 yours to the enclosure, rounded down (0: within it);
                                 NaN without an enclosure; NULL outside rigorous mode */
    signed char *row_outside; /* rigorous mode: 1 proven wrong (OUTSIDE), 0 enclosed
                               and not proven wrong, -1 no enclosure; else NULL */
    int wrapped;            /* 1: compared modulo 2 pi (nhref_verify_set_angles) */
    size_t wrapped_rows;    /* rows whose value was taken as a - k 2 pi, k != 0 */
    long off_by_2pi;        /* not wrapped: k != 0 if at the worst row a - b is within
                               the threshold (10^-min_digits max(|b|, 1)) of k 2 pi (the
                               verdict then suggests --angles wrapped); else 0 */
    char *defined_as;       /* the expression of its define (nhref_verify_define or the
                               chart's), else NULL; NAME is then the model's name */
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
    double *row_drift;      /* nhref_verify_set_errors: rep->nrows values in the
                               order of rep->row, I(t) - I(t_first) (nearest double;
                               0 at t_first), NaN where not measured (before t_first,
                               a row not compared, drift not computed); else NULL */
    char *skipped;          /* NULL, or why it is not measured although the drift is
                               ("needs y, which the input lacks": a state variable it
                               depends on is not a column); defined is then 0 */
} nhref_verify_drift_t;

/* Where a row stands (rep->row_where). */
typedef enum {
    NHREF_VERIFY_ROW_COMPARED = 0, /* compared with the reference at its time */
    NHREF_VERIFY_ROW_AT_END = 1,   /* past the reference's end within its time's
                                      resolution: compared with the state at the end */
    NHREF_VERIFY_ROW_BEYOND = 2    /* beyond the reference's end (a terminal event, a
                                      blow-up): not judged */
} nhref_verify_row_where_t;

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
    int drift_computed;     /* 0: drift_note says why not; 1: measured for every
                               integral whose state variables are all columns (after
                               the maps, defines and chart), the others skipped
                               (drift[k].skipped) */
    long drift_prec;        /* the integrals evaluated at this precision [bits]: 64 for
                               values of at most 17 significant digits (doubles), else
                               their digits in bits + 32; at most prec */
    char *drift_note;
    nhref_verify_where_t drift_from; /* t_first */
    size_t ndrift;
    nhref_verify_drift_t *drift; /* the model's integral order */

    /* the rows in time order (nhref_verify_set_errors; else 0 and NULL): the index
     * of the per-row arrays of the columns and integrals */
    int errors;               /* 1: the row_* arrays below and in the columns and
                                 integrals are filled */
    size_t *row;              /* nrows: the input row (0-based, input order) of row i,
                                 sorted by time (ties in input order) */
    size_t *row_line;         /* nrows: its file line (1-based), 0 for array input */
    double *row_t;            /* nrows: its time (nearest double) */
    unsigned char *row_where; /* nrows: an nhref_verify_row_where_t */
    /* the conventions */
    char *chart;            /* the chart of nhref_verify_set_chart, or NULL */
    char *chart_hint;       /* no chart set, and the not-compared columns include every
                               own column of the model's chart CHART_HINT (one not a
                               name of the model: "xc, yc" of "com"): its name; else
                               NULL */
} nhref_verify_report_t;

/* ------------------------------------------------------------------ running it */
/* nhref_verify_file -- verify the trajectory in the CSV file PATH ("-": standard
 * input) against V's reference; *REP = the report (free it with
 * nhref_verify_report_free).
 *
 * Shapes:    the input: a header row naming the columns ("t" required; state
 *            variables and first integrals of the model compared, after V's maps,
 *            defines and chart; others listed as not compared), then rows in any
 *            order (CSV dialects of nhref_table_read; docs/verify.md, "Input").
 * Units:     as in the model's tables; t in the model's time unit.
 * Precision: the values read as decimal strings at the reference's precision
 *            (nhref_verify_set_digits), never through double.  The reference at DREF
 *            digits: VALIDATED; with rigorous mode, proven enclosures too.
 * Returns:   NHREF_OK with *REP, whether the trajectory passes or fails
 *            (rep->pass).  Otherwise *REP = NULL and the message says why:
 *            NHREF_EINVAL (no model or golden file yet; the reference's digits out
 *            of range; in rigorous mode what it cannot honour, named: rows before
 *            t-start, a threshold above DREF, two times too close to be ordered at
 *            the reference's precision, a model the validated integrator cannot run);
 *            NHREF_EIO (unreadable); NHREF_EPARSE (malformed input with file:line;
 *            no column 't'; no compared column; a time that is not finite; a map or
 *            named threshold naming a column that is not there; two columns
 *            compared under one name; a define that does not parse, reads an
 *            unknown name, or gives a column the input has, or one the chart
 *            gives too; a wrapped angle not in the input); NHREF_ENOTFOUND (a
 *            map, drift threshold, define or wrapped angle naming a name the model
 *            lacks; a chart the model lacks); NHREF_EPARAM (parameters or initial
 *            state outside the model's admissible ranges, named); NHREF_EDOMAIN (a
 *            constant of the model undefined for these parameters: the reference
 *            integrator cannot be set up); NHREF_ENOMEM.  A reference that ends
 *            early (an event, a blow-up, a failed step; in rigorous mode a proven
 *            run that stops UNPROVEN) is not an error: it is in the report.
 * Cost:      reading the file (linear in its size); one integration over the
 *            input's time range at DREF digits (dense output at every row); the
 *            closed form at <= NHREF_VERIFY_CLOSED_FORM_SAMPLES rows; the first
 *            integrals at every row (drift, integral columns): about 10 us per row
 *            at 30 digits on the sleigh, plus the integration; each define one
 *            MPFR operation per node of its expression and row.  Rigorous mode adds
 *            the validated integration over the forward rows (nhref_proven_grid) and
 *            a few Arb operations per row and column: 1.2 to 4.6 times the plain
 *            verification on the cases of docs/verify.md.
 * Source:    docs/verify.md (the rules); docs/golden.md (the measure of digits).
 */
int nhref_verify_file(nhref_verify_report_t **rep, nhref_verify_t *v, const char *path);

/* nhref_verify_strings -- nhref_verify_file for a table given as strings.
 *
 * Shapes:    NAMES: NCOL column names (non-empty, distinct); CELLS: NROW x NCOL
 *            values, row-major (CELLS[r * ncol + c]), decimal strings, "nan" or ""
 *            (NaN; a NULL cell is ""), "inf", "-inf".
 * Units, Precision: as nhref_verify_file.
 * Returns:   as nhref_verify_file (no NHREF_EIO), the messages naming "row R" for
 *            a line; also NHREF_EPARSE for NCOL or NROW 0, NAMES or CELLS NULL, an
 *            empty or repeated name, a cell that is not a number.
 * Cost:      as nhref_verify_file, without the reading.
 */
int nhref_verify_strings(nhref_verify_report_t **rep, nhref_verify_t *v, size_t ncol,
                         const char *const *names, size_t nrow, const char *const *cells);

/* nhref_verify_doubles -- nhref_verify_file for a table of doubles.
 *
 * Shapes:    NAMES: NCOL column names (non-empty, distinct); VALUES: NROW x NCOL
 *            doubles, row-major (VALUES[r * ncol + c]); NaN and infinities allowed
 *            as values (a time must be finite).
 * Precision: each double taken exactly (the time 0.1 is the double nearest to 0.1,
 *            not one tenth); in rigorous mode, a value's allowance u is 0.
 * Returns:   as nhref_verify_strings.
 * Cost:      as nhref_verify_file, without the reading.
 */
int nhref_verify_doubles(nhref_verify_report_t **rep, nhref_verify_t *v, size_t ncol,
                         const char *const *names, size_t nrow, const double *values);

/* nhref_verify_report_free -- release REP and every string and array it holds (REP
 * may be NULL). */
void nhref_verify_report_free(nhref_verify_report_t *rep);

/* nhref_verify_digits_text -- a digit count D of a report as text, as the reports
 * print it: "exact" (D >= NHREF_ORACLE_DIGITS_EXACT), "inf" or "-inf", else
 * printf's "%.2f" ("nan" for NaN).
 *
 * Shapes:    BUF: LEN bytes; at most LEN bytes are written, NUL-terminated (LEN > 0).
 * Returns:   BUF.
 * Cost:      one snprintf.
 */
const char *nhref_verify_digits_text(char *buf, size_t len, double d);

/* nhref_verify_report_json -- REP as JSON (schema "nhref-verify/1", docs/verify.md),
 * indented, written into BUF as snprintf does.
 *
 * Shapes:    BUF: LEN bytes, NUL-terminated when LEN > 0 (the text cut at LEN - 1
 *            bytes); BUF may be NULL when LEN is 0.
 * Precision: doubles with 17 significant digits (exact as doubles).
 * Returns:   the length of the whole text without the NUL: call again with a larger
 *            buffer if it is >= LEN; 0 if out of memory.
 * Cost:      linear in the size of the report.
 */
size_t nhref_verify_report_json(char *buf, size_t len, const nhref_verify_report_t *rep);

/* nhref_verify_report_write_json -- REP as JSON, as nhref_verify_report_json, to
 * OUT, with a final newline; OUT is flushed.
 *
 * Returns:   NHREF_OK; NHREF_EIO (a write or the flush failed); NHREF_ENOMEM.
 * Cost:      linear in the size of the report.
 */
int nhref_verify_report_write_json(FILE *out, const nhref_verify_report_t *rep);

/* nhref_verify_report_write_junit -- REP as JUnit XML to OUT: one test suite, one
 * test case per compared column ("column x"; in rigorous mode it passes only PROVEN
 * PASS), per drift threshold ("drift E") and one for the rows beyond the reference's
 * end ("time range"); a failing case carries the reason.  Text is escaped for XML
 * (control characters and malformed UTF-8 as '?'); OUT is flushed.
 *
 * Returns:   NHREF_OK; NHREF_EIO (a write or the flush failed).
 * Cost:      linear in the size of the report.
 */
int nhref_verify_report_write_junit(FILE *out, const nhref_verify_report_t *rep);

/* What nhref_verify_report_series copies. */
typedef enum {
    NHREF_VERIFY_SERIES_T = 0,       /* rep->row_t */
    NHREF_VERIFY_SERIES_LINE = 1,    /* rep->row_line */
    NHREF_VERIFY_SERIES_ROW = 2,     /* rep->row */
    NHREF_VERIFY_SERIES_WHERE = 3,   /* rep->row_where */
    NHREF_VERIFY_SERIES_ERROR = 4,   /* the column NAME's row_error */
    NHREF_VERIFY_SERIES_DIGITS = 5,  /* its row_digits */
    NHREF_VERIFY_SERIES_DIST = 6,    /* its row_dist (rigorous mode) */
    NHREF_VERIFY_SERIES_OUTSIDE = 7, /* its row_outside (rigorous mode) */
    NHREF_VERIFY_SERIES_DRIFT = 8    /* the integral NAME's row_drift */
} nhref_verify_series_t;

/* nhref_verify_report_series -- OUT = the per-row series WHAT of REP (made with
 * nhref_verify_set_errors), of the compared column NAME (its name in the input)
 * or the first integral NAME for the per-column and per-integral series (NAME
 * ignored otherwise), as doubles in time order: for the bindings, which need
 * not mirror the report's struct.
 *
 * Shapes:    OUT: rep->nrows doubles (row, line, where and outside as exact
 *            integers).
 * Units:     as the fields named above.
 * Returns:   NHREF_OK; NHREF_EINVAL (REP has no per-row series, WHAT unknown, or
 *            DIST/OUTSIDE outside rigorous mode, a DRIFT not measured); NHREF_ENOTFOUND
 *            (no compared column or integral NAME).  OUT is untouched on error.
 * Cost:      O(rep->nrows + columns).
 */
int nhref_verify_report_series(double *out, const nhref_verify_report_t *rep,
                               nhref_verify_series_t what, const char *name);

/* nhref_verify_report_write_html -- REP as one self-contained HTML page to OUT (no
 * external resource: styles inline, plots as inline SVG): the verdict, the
 * metadata (model, parameters, initial state, the reference's digits, precision
 * and level), the per-column table (and the rigorous one), the drift table, and,
 * for a report made in errors mode (nhref_verify_set_errors), a plot of the
 * digits vs t of every column with its threshold, a plot of the relative drift
 * |I(t) - I(t_first)| / max(1, |I(t_first)|) vs t of every integral, the reference's
 * end and the rows beyond it marked (docs/verify.md, "The HTML report").  Every
 * string of the report is escaped.  The plots are drawn by gnuplot's SVG terminal
 * ($NHREF_GNUPLOT, default "gnuplot" in PATH), each series cut to at most 2000
 * points as the JSON series are.  When they cannot be drawn, the page says why in
 * their place, and so does NOTE.
 *
 * Shapes:    NOTE: LEN bytes, NUL-terminated when LEN > 0: "" or why the plots are
 *            missing (gnuplot absent or failed, no per-row errors recorded); NOTE
 *            may be NULL when LEN is 0.
 * Returns:   NHREF_OK (also when the plots are missing); NHREF_EIO (a write or the
 *            flush failed); NHREF_ENOMEM.
 * Cost:      linear in the size of the report and the rows; two runs of gnuplot
 *            (about 20 ms each).
 */
int nhref_verify_report_write_html(FILE *out, const nhref_verify_report_t *rep, char *note,
                                   size_t len);
/* ------------------------------------------------------------------ order studies */
/* A study: runs of one integrator at decreasing steps (or tightening tolerances),
 * each verified as nhref_verify_file verifies it, against one reference; per
 * compared column the digits of each run and, between successive runs k-1 and k,
 * the observed order and the work-precision slope (docs/verify.md, "Order
 * studies"):
 *     order p_k = (d_k - d_{k-1}) / log10(h_{k-1} / h_k)        (steps h known)
 *     slope s_k = (d_k - d_{k-1}) / log10(c_k / c_{k-1})        (costs c known)
 * d the column's digits (nhref_verify_column_t.digits).  A run's step comes from
 * the argument STEP, else its file's "# step: H" line; its cost from COST, else its
 * "# cost: N" line, else the largest value of its column "cost" (a counter of work
 * done, e.g. right-hand-side evaluations, read at the end). */
typedef struct {
    char *source;                  /* the file */
    double step;                   /* its step h; NaN if none */
    const char *step_from;         /* "argument", "# step:" or NULL */
    double cost;                   /* its cost c; NaN if none */
    const char *cost_from;         /* "argument", "# cost:", "column cost" or NULL */
    double min_digits;             /* the minimum of its columns' digits */
    nhref_verify_report_t *report; /* its verification (pass, summary, columns, ...) */
} nhref_verify_study_run_t;

typedef struct {
    char *model;       /* the reference's model */
    double ref_digits; /* the reference's digits DREF (of the first run) */
    size_t nrun;
    nhref_verify_study_run_t *run; /* in the order given */
    size_t ncolumn;
    char **column;          /* the compared columns (the model's names), first run's order */
    int has_step, has_cost; /* 1: every run has a step (a cost) */
    /* nrun x ncolumn, row-major ([k * ncolumn + j]: run k, column j): */
    double *digits;     /* run k's digits of column j (NHREF_ORACLE_DIGITS_EXACT:
                           exact; -INFINITY: a NaN on one side) */
    double *order;      /* p_k; NaN for k = 0, without steps, or where d_{k-1} or
                           d_k is not finite or exact */
    double *slope;      /* s_k; NaN for k = 0, without costs, or as above */
    double *min_order;  /* nrun: p_k of the runs' minimum digits (NaN as above) */
    double *min_slope;  /* nrun: s_k of the runs' minimum digits */
    int near_reference; /* 1: some run's digits are within 2 of DREF (its orders
                           measure the reference, not the run: raise the digits) */
} nhref_verify_study_t;

/* nhref_verify_study -- verify the NRUN files PATHS[0..NRUN-1] against V's reference
 * (each as nhref_verify_file does, with V's thresholds, maps and options) and
 * compute the study above; *ST = the study (free with nhref_verify_study_free).
 *
 * Shapes:    PATHS, and STEP and COST when not NULL: NRUN entries, the runs in the
 *            order of decreasing step or increasing cost; a NaN entry of STEP or
 *            COST: take the file's.
 * Units:     steps in the model's time unit; costs in any unit (one for all runs).
 * Precision: the digits as nhref_verify_file; orders and slopes in double.
 * Returns:   NHREF_OK; the statuses of nhref_verify_file (the message names the
 *            file); NHREF_EINVAL (NRUN < 2; a step or cost that is not a positive
 *            finite number, or given for some runs and not for others, naming the
 *            run; two runs with the same step or cost); NHREF_EPARSE
 *            (a "# step:" or "# cost:" line, or a "cost" column, that is not a
 *            positive finite number; a run that does not compare the same columns as
 *            the first, naming file and column); NHREF_ENOMEM.  *ST = NULL on error.
 * Cost:      NRUN verifications (nhref_verify_file), then O(NRUN x columns).
 */
int nhref_verify_study(nhref_verify_study_t **st, nhref_verify_t *v, size_t nrun,
                       const char *const *paths, const double *step, const double *cost);

/* nhref_verify_study_free -- release ST and its runs' reports (ST may be NULL). */
void nhref_verify_study_free(nhref_verify_study_t *st);

/* nhref_verify_study_write_json -- ST as JSON (schema "nhref-verify-study/1",
 * docs/verify.md; each run's report under "report", schema "nhref-verify/1") to OUT,
 * indented, with a final newline; OUT is flushed.  Doubles with 17 significant
 * digits; NaN and infinities as null (exact digits: null with "exact": true).
 *
 * Returns:   NHREF_OK; NHREF_EIO (a write or the flush failed); NHREF_ENOMEM.
 * Cost:      linear in the size of the study and its reports.
 */
int nhref_verify_study_write_json(FILE *out, const nhref_verify_study_t *st);

/* nhref_verify_study_write_csv -- ST as a plain CSV table to OUT: a header row, then
 * one row per run: run (1-based), source (quoted when it holds ',' or '"'), step,
 * cost, min_digits, min_order, min_slope, then per column C digits_C, order_C,
 * slope_C.  No comment lines (numpy.genfromtxt(names=True) and gnuplot's
 * columnheader read it); missing values "nan", exact digits "inf"; doubles with 17
 * significant digits.  OUT is flushed.
 *
 * Returns:   NHREF_OK; NHREF_EIO (a write or the flush failed).
 * Cost:      O(NRUN x columns).
 */
int nhref_verify_study_write_csv(FILE *out, const nhref_verify_study_t *st);

/* nhref_verify_study_write_html -- ST as one self-contained HTML page to OUT (as
 * nhref_verify_report_write_html: styles inline, plots as inline SVG drawn by
 * gnuplot, every string escaped): the runs with their steps, costs, digits and
 * verdicts, the digits, the observed orders and the work-precision slopes as
 * tables, and plots of each column's digits against the step and against the cost
 * (log axis) when the runs have them.  When a plot cannot be drawn, the page says why
 * in its place, and so does NOTE.
 *
 * Shapes:    NOTE: LEN bytes, NUL-terminated when LEN > 0 ("" or why plots are
 *            missing); NULL allowed when LEN is 0.
 * Returns:   NHREF_OK (also when plots are missing); NHREF_EIO; NHREF_ENOMEM.
 * Cost:      O(NRUN x columns), and a run of gnuplot per plot (about 20 ms each).
 */
int nhref_verify_study_write_html(FILE *out, const nhref_verify_study_t *st, char *note,
                                  size_t len);

NHREF_END_DECLS

#endif /* NHREF_VERIFY_H */
