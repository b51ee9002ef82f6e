/* run_internal.h -- the run layer's internals (spec.c, run.c, backend*.c, row.c) and
 * what the library's other consumers of a spec need beyond nhref_run.h (verify's
 * reference, the golden routes, the Lyapunov exponents). */
#ifndef NHREF_RUN_INTERNAL_H
#define NHREF_RUN_INTERNAL_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_integrate.h"
#include "nhref_run.h"
#include "nhref_model_file.h"
#include "run/grid.h"

#define NHREF_SPEC_ERRLEN 1024
#define NHREF_SPEC_DEFAULT_MAX_ROWS 10000000UL

struct nhref_spec {
    const nhref_model_t *model;
    nhref_model_file_t *mf; /* the model file MODEL comes from (one reference), or NULL */
    nhref_system_t *sys;
    char **init;           /* nstate overrides (NULL: the model's default); of a set, its
                              midpoint */
    char **init_rad;       /* nstate: a set's radius ("omega=1+-1e-8"), else NULL */
    char **init_set;       /* nstate: a set as given ("1+-1e-8", "[0.99, 1.01]"), or NULL */
    char **param_set;      /* nparam: a parameter's set as given, or NULL (its midpoint is
                              the system's value) */
    char **param_rad;      /* nparam: its radius, or NULL */
    int init_as_point;     /* 1: a set's midpoint alone, initial values and parameters
                              (verify's VALIDATED reference, whose proven pass takes the
                              set) */
    char *t_start;         /* NULL: "0" */
    char *meta_key, *meta_value; /* the extra metadata line (nhref_spec_set_meta), or NULL */
    char *t_end, *dt_out;  /* NULL: the model's defaults (unless explicit times) */
    char **times;          /* explicit times (ntimes > 0), or NULL: the grid */
    size_t ntimes;
    __mpfr_struct *tnum;   /* explicit times as numbers (nhref_spec_set_times_num) */
    size_t ntnum;
    char *horizon;         /* a last grid time after the rows, not a row (golden's event
                              horizon), or NULL */
    double digits;         /* as set (0: unset) */
    long prec;             /* as set (0: unset) */
    const nhref_scheme_t *scheme;
    char scheme_opt[256];  /* "NAME=VALUE,..." */
    nhref_run_type_t type;
    int model_events;
    size_t nuser;          /* the caller's events */
    char **uexpr;
    int *uterm;
    nhref_tape_t **utape;
    nhref_event_desc_t *udesc;
    unsigned long max_steps, max_rows;
    int integrals;
    int integral_guard; /* 1 (default): an integral that the state at the tolerance does
                           not determine to half the digits is printed as NaN
                           (backend.c, guard); 0: every value as evaluated (golden's
                           routes and verify's reference, which judge their digits
                           themselves) */
    void (*progress)(void *, double);
    void *progress_arg;
    double require_digits; /* nhref_spec_set_require_digits (0: none) */
    char *notes;           /* the last run's notes (nhref_spec_notes), or NULL */
    nhref_spec_names_t names;
    char *where;

    /* resolved (nhref_spec_resolve) */
    int resolved;
    long iprec;            /* precision of the inputs' checks and of MPFR runs [bits] */
    long wprec;            /* the integrator's precision (53 for double) */
    double wdigits;        /* the integrator's tolerance digits */
    nhref_grid_t grid;     /* the grid (no explicit times), when HAVE_GRID */
    int have_grid;
    size_t nrows;
    char err[NHREF_SPEC_ERRLEN];

    /* the rows of this run computed by the batch mode (nhref_spec_batch: grid points
     * 0..batch_nrows-1, nstate doubles each, and the run's statistics), which the double
     * backend hands over instead of integrating; NULL: none */
    double *batch_rows;
    size_t batch_nrows;
    nhref_stats_t batch_stats;
};

/* nhref_spec_fail -- SPEC's message = WHERE + the formatted text; returns STATUS. */
int nhref_spec_fail(nhref_spec_t *spec, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* nhref_spec_max_steps_message -- SPEC's message for a run stopped by its step limit
 * (status NHREF_EMAXSTEPS, statistics ST): the limit, the estimate when the steps were
 * extrapolated (ST->steps_estimate, src/integrate/budget.h), the option that raises it. */
void nhref_spec_max_steps_message(nhref_spec_t *spec, const nhref_stats_t *st);

/* nhref_set_parse -- the parts of a set of values S (value_set.c): *KIND
 * NHREF_SET_POINT (not a set; *A = *B = NULL), NHREF_SET_MIDRAD ("MID+-RAD": *A = MID,
 * *B = RAD) or NHREF_SET_INTERVAL ("[LO, HI]": *A = LO, *B = HI), the parts malloc'ed
 * and trimmed, not checked as values.  Returns NHREF_OK; NHREF_EPARSE (a malformed
 * "[LO, HI]": WHY, LEN bytes, says what and at which column of S); NHREF_ENOMEM. */
enum { NHREF_SET_POINT = 0, NHREF_SET_MIDRAD = 1, NHREF_SET_INTERVAL = 2 };
int nhref_set_parse(const char *s, int *kind, char **a, char **b, char *why, size_t len);

/* nhref_set_read -- TEXT, a value or a set of values for the option labelled LAB
 * ("--init omega", "init omega"), read into *MID (a value for a point run: MID, or
 * "(LO+HI)/2"), *RAD (the set's radius: RAD, or "(HI-LO)/2"; NULL for a value) and *SET
 * (the set: "[LO, HI]" with its ends trimmed, MID+-RAD as given; NULL for a value), all
 * malloc'ed.  Checks what a set must be (the ends of [LO, HI] values with LO <= HI, RAD a
 * decimal >= 0 after a MID); a value is not checked.  Returns NHREF_OK, or NHREF_EPARSE /
 * NHREF_ENOMEM with the message "LAB: 'TEXT' is not a set ..." in MSG (MSGLEN bytes).
 * The spec's setters (nhref_spec_set_init, _param) and the case files (io/cases.c) read
 * sets with it. */
int nhref_set_read(char **mid, char **rad, char **set, const char *lab, const char *text,
                   char *msg, size_t msglen);

/* nhref_spec_check_param_sets -- the model's admissible ranges at both ends of every
 * parameter set of SPEC (MID - RAD and MID + RAD, or LO and HI; the system's values are
 * restored): NHREF_OK, or NHREF_EPARAM with the message in SPEC naming the option, the
 * set and the end (nhref_spec_resolve calls it; verify for its proven pass). */
int nhref_spec_check_param_sets(nhref_spec_t *spec);

/* nhref_spec_first_set -- the first initial value of SPEC given as a set of values
 * (nhref_spec_init_set_str), else its first parameter given as one
 * (nhref_spec_param_set_str): 1 with *SET the set as given, *IS_PARAM 0 (initial value)
 * or 1 (parameter), *NAME the state variable's or parameter's name and, in LAB (LEN
 * bytes), its label in SPEC's words (nhref_spec_label: "--init omega", "init omega");
 * 0 if SPEC has no set.  The routes that integrate one point refuse it, each with its
 * own message: nhref_spec_resolve but for the proven type, nhref_lyapunov_check, verify
 * but for --rigorous, the golden routes (certify/certify.c). */
int nhref_spec_first_set(const nhref_spec_t *spec, const char **set, int *is_param,
                         const char **name, char *lab, size_t len);

/* nhref_spec_set_init_as_point -- ON 1: a set of initial values (MID+-RAD) runs from
 * MID alone, for any type (verify's reference; its proven pass encloses the set). */
void nhref_spec_set_init_as_point(nhref_spec_t *spec, int on);

/* nhref_spec_set_integral_guard -- ON 0: the first integrals as evaluated, not guarded
 * (spec->integral_guard), for consumers that judge their digits themselves. */
void nhref_spec_set_integral_guard(nhref_spec_t *spec, int on);

/* nhref_spec_undo -- forget the resolution (a setter changed SPEC). */
void nhref_spec_undo(nhref_spec_t *spec);

/* nhref_spec_label -- the name of an input in SPEC's words: KEY one of "param",
 * "init", "t-start", "t-end", "dt-out", "times", "digits", "prec", "order",
 * "stages", "scheme", "max-rows", "max-steps", "require-digits", "stop-when", "event",
 * "type-double", "type-proven"; NAME the parameter's or state's name for "param"/"init" (else
 * NULL). Into BUF (LEN bytes); returns BUF. */
const char *nhref_spec_label(const nhref_spec_t *spec, char *buf, size_t len, const char *key,
                             const char *name);

/* nhref_spec_set_times_num -- explicit times as numbers (N values, copied at their own
 * precision), for consumers whose times are already numbers (verify's rows).
 * nhref_spec_set_horizon -- a last grid time after the rows (decimal), not a row: the
 * run goes on to it (an event is expected before). */
int nhref_spec_set_times_num(nhref_spec_t *spec, size_t n, mpfr_srcptr t);
int nhref_spec_set_horizon(nhref_spec_t *spec, const char *decimal);

/* nhref_spec_reset_overrides -- every override of the model's defaults forgotten: the
 * parameters and initial values back to the model's (the other settings kept).
 * nhref_spec_check_state -- what nhref_spec_resolve checks first, alone: the parameters'
 * admissible ranges and the initial state's conditions, at PREC bits.  NHREF_OK, or an
 * error with the message in SPEC (for readers of many cases: io/cases.c). */
void nhref_spec_reset_overrides(nhref_spec_t *spec);
int nhref_spec_check_state(nhref_spec_t *spec, long prec);

/* nhref_spec_options -- the integrator options of a resolved SPEC (scheme, options,
 * precision, tolerance, steps, events, progress) into OPT. */
void nhref_spec_options(const nhref_spec_t *spec, nhref_options_t *opt);

/* nhref_spec_x0 -- X0 (nstate values, their own precision) = the initial state. */
void nhref_spec_x0(const nhref_spec_t *spec, mpfr_ptr x0);

/* nhref_spec_grid_size -- the points the integrator is given: t-start unless it is the
 * first row, the rows, the horizon.  *FIRST: the point of row 0. */
size_t nhref_spec_grid_size(const nhref_spec_t *spec, size_t *first);

/* nhref_spec_grid_point -- V = grid point K rounded at V's precision; its decimal
 * string into BUF where it has one (NULL: not wanted).  Returns 0, or -1 if memory is
 * short. */
void nhref_spec_grid_point(nhref_spec_t *spec, size_t k, mpfr_ptr v);
char *nhref_spec_grid_point_str(nhref_spec_t *spec, size_t k);
/* nhref_spec_inputs_d -- a double run's inputs, as the double backend (run/backend.c)
 * reads them: X0 (nstate) the initial state rounded to nearest from its decimals (or
 * constant expressions), T[k] grid point FROM + k rounded to nearest, COUNT of them
 * (run/batch_run.c's batches, run/lyapunov_run.c's exponents in double).  SPEC resolved. */
void nhref_spec_inputs_d(nhref_spec_t *spec, double *x0, double *t, size_t from, size_t count);

/* The memory this process may use (physical memory, or less under ulimit -v / -d);
 * BYTES as "12.3 GB" in BUF; the bytes one MPFR number of PREC bits takes. */
double nhref_memory_available(void);
const char *nhref_bytes_text(char *buf, size_t len, double bytes);
double nhref_mpfr_bytes(long prec);

/* nhref_spec_check_work -- the scheme's limits and the memory of a run of a tape of
 * NNODES nodes and NSTATE states at PREC bits, plus GRID_BYTES for GRID_WHAT ("the
 * output grid (N rows at P bits", NULL: none).  NHREF_OK, or NHREF_EINVAL /
 * NHREF_ENOMEM with the message in SPEC. */
int nhref_spec_check_work(nhref_spec_t *spec, size_t nnodes, size_t nstate, long prec,
                          double grid_bytes, const char *grid_what);

/* ------------------------------------------------------------------ backends
 * One per number type: the generic driver compiled for double and MPFR
 * (run/backend.c), the proven integrator (run/backend_proven.c). */
typedef struct nhref_run_ctx nhref_run_ctx_t;

typedef struct {
    nhref_run_type_t type;
    /* check -- what this type adds to nhref_spec_resolve (messages in SPEC) */
    int (*check)(nhref_spec_t *spec);
    /* grid_bytes -- bytes of one grid point of this type at PREC bits */
    double (*point_bytes)(long prec);
    /* open -- the integrator, the initial state and the grid of SPEC into *H */
    int (*open)(void **h, nhref_spec_t *spec);
    /* integrate -- the run: rows and events to CTX (nhref_run_row, nhref_run_event) */
    int (*integrate)(void *h, nhref_run_ctx_t *ctx, nhref_stats_t *stats);
    /* stop -- ROW = the state where the run stopped (its numbers stay valid until close) */
    void (*stop)(void *h, nhref_row_t *row);
    unsigned (*order)(const void *h);
    void (*close)(void *h);
    /* format -- the CSV text of one value (nhref_row_format) */
    size_t (*format)(char *buf, size_t len, const void *v, size_t i, int digits);
    /* get -- V = value I of the array P rounded (a ball: its midpoint) */
    void (*get)(mpfr_ptr v, const void *p, size_t i);
    double (*get_d)(const void *p, size_t i);
    /* notes -- what the run found about its rows for the sink's end (the first integrals
     * printed as NaN where the state at the tolerance does not determine them), one
     * line per integral concerned, or NULL; valid until close.  NULL: none kept. */
    const char *(*notes)(void *h);
    /* rad_d -- the radius of value I of the array P, rounded up to double; NULL for the
     * types of points (double, MPFR) */
    double (*rad_d)(const void *p, size_t i);
    /* time_digits -- the digits, DIGITS or more, to print the time T with (the proven
     * type: nhref_ball_time_digits); NULL: DIGITS */
    int (*time_digits)(const void *t, int digits);
} nhref_run_backend_t;

extern const nhref_run_backend_t nhref_run_backend_d, nhref_run_backend_mp,
    nhref_run_backend_proven;
const nhref_run_backend_t *nhref_run_backend(nhref_run_type_t type);

/* A row of grid point I (the backend's numbering) for the sink: dropped if it is not a
 * row (t-start prepended, the horizon).  Returns what the sink returned. */
int nhref_run_row(nhref_run_ctx_t *ctx, size_t i, const void *t, const void *x,
                  const void *integrals);
/* An event crossing K at (T, X). */
void nhref_run_event(nhref_run_ctx_t *ctx, size_t k, const void *t, const void *x);
/* the spec of the run in progress, and whether rows need their integrals */
nhref_spec_t *nhref_run_spec(nhref_run_ctx_t *ctx);
int nhref_run_wants_integrals(const nhref_run_ctx_t *ctx);

/* nhref_ball_text -- the CSV text "MID,RAD" of the ball X (nhref_csv_ball) into BUF (LEN
 * bytes); returns the length of the whole text, 0 if memory is short.  (With arb.h.) */
#ifdef ARB_H
size_t nhref_ball_text(char *buf, size_t len, arb_srcptr x, int digits);
/* nhref_ball_time_digits -- the digits, DIGITS or more, with which the printed midpoint
 * of the time ball X lies in X (proven: the printed decimal as an Arb ball is contained
 * in X), so that the row's enclosures, which hold over X, hold at the printed time: a
 * grid time that DIGITS digits cannot write (12 at --digits 1) is printed exactly, the
 * stopping time of an UNPROVEN run with the digits its ball needs.  Capped at 4000
 * digits and at those of X's exact midpoint (then DIGITS when still outside: a ball
 * far narrower than its midpoint's decimal).  Cost: one print per digit tried
 * (doubling above 40). */
int nhref_ball_time_digits(arb_srcptr x, int digits);
#endif

#endif /* NHREF_RUN_INTERNAL_H */
