/* certify.h -- the certify layer (internal: io/golden.c writes what it certifies;
 * tests/check_golden.c tests its rules).  A case is computed by independent routes
 * (routes.c: a table, each route an edit of the case's spec and a sink that collects
 * its columns, or the oracle), then every column is certified by the digits on which
 * all routes agree, and the proven route's balls check the certified digits
 * (certify.c).  The rules: DESIGN §4, docs/golden.md "What the digits mean". */
#ifndef NHREF_CERTIFY_H
#define NHREF_CERTIFY_H

#include <stddef.h>

#include <arb.h>
#include <mpfr.h>

#include "nhref_golden.h"
#include "nhref_oracle.h"
#include "nhref_run.h"

#define NHREF_GOLDEN_MARGIN 1    /* digits taken off the agreement of the routes */
#define NHREF_GOLDEN_MAX_ROUTES 8
/* the proven route's step budget: a case it cannot prove (validated steps far below
 * the Taylor steps) stops there, VALIDATED, instead of creeping on for minutes; the
 * shipped cases it proves take at most about 1700 steps */
#define NHREF_GOLDEN_PROVEN_MAX_STEPS 5000

/* ------------------------------------------------------------------ the routes */
typedef enum {
    NHREF_ROUTE_RUN,       /* an integration: the case's spec edited by EDIT */
    NHREF_ROUTE_CLOSED,    /* the oracle's closed form at the case's times */
    NHREF_ROUTE_INTEGRALS, /* the oracle's first integrals of the values */
    NHREF_ROUTE_PROVEN     /* the validated integrator: balls, after the certification */
} nhref_route_kind_t;

typedef struct {
    const char *name;        /* "taylor@p" */
    nhref_route_kind_t kind;
    int values;              /* 1: its rows are the values written */
    const char *label;       /* the scheme in words for the file: "Taylor" */
    /* edit -- the route's spec from the case's (precision P bits, D digits asked) */
    int (*edit)(nhref_spec_t *spec, long p, double d);
} nhref_route_t;

/* The table (routes.c), in the order of the golden file's "route" lines. */
size_t nhref_route_count(void);
const nhref_route_t *nhref_route_get(size_t i);

/* What one route computed: NT rows of NC columns (state, then first integrals). */
typedef struct {
    const nhref_route_t *route;
    int ran;                /* 0: not available here (NOTE says why, or nothing) */
    __mpfr_struct *rows;    /* nt x nc (MPFR routes; the oracle's integrals: nt x ni) */
    arb_ptr balls;          /* nt x nc (proven), indeterminate where not enclosed */
    size_t nrows;           /* rows filled */
    nhref_stats_t stats;
    int status;             /* of the run (proven: why it stopped) */
    unsigned order;
    long prec;
    double digits;
    mpfr_t te;              /* the case's event: its time in this route */
    arb_t teb;              /* the proven route's: a ball */
    int have_te;
    double first_digits;    /* the proven route ran twice: the first run's digits (its
                             * balls did not keep every certified column; routes.c), or 0 */
    char note[256];         /* the proven route: how it ended, when not at the last row */
    const char *oracle;     /* closed form: the oracle's name and description */
    const char *oracle_what;
} nhref_route_result_t;

/* ------------------------------------------------------------------ one column */
/* One column, certified against its routes. */
typedef struct {
    size_t nroute;
    nhref_oracle_column_t per[NHREF_GOLDEN_MAX_ROUTES]; /* each route against the values
                                                         (mixed measure), over the rows
                                                         where the values are defined */
    double certified;   /* mixed digits: floor(min over routes and rows) - margin, in
                           [0, cap]; -1: undefined (NaN) on every row */
    int mismatch;       /* a route is NaN where the values are defined: certified 0 */
    size_t nundef;      /* rows where the values are NaN (left out) */
    size_t nelsewhere;  /* of them, rows where some route is defined */
    size_t nsmall;      /* rows with |value| < 1 (an exact 0, on which every route
                           agrees exactly, not counted) */
    size_t nzero;       /* of them, rows 0 to their certified decimal places: no
                           significant digit */
    size_t tiny_row;    /* the row of the smallest |value| < 1 */
    double significant; /* significant digits, floor(min) - margin over the nsmall -
                           nzero rows, at most cap; NaN if there are none */
} nhref_golden_column_t;

/* nhref_golden_certify_column -- COL from the NT values V[i * VSTRIDE] and NROUTE
 * routes R[q][i * RSTRIDE[q]] (each compared with the values, scale 1), digits at
 * most CAP.  ROWMIN[i] and SIGROW[i] (NT values each, not floored) are lowered to
 * the cell's mixed and significant agreement (the minimum over the routes), except
 * where the values or a route are NaN (NaN is never a digit count) and, for
 * SIGROW, where the value has no significant digit. */
void nhref_golden_certify_column(nhref_golden_column_t *col, size_t nt, mpfr_srcptr v,
                                 size_t vstride, size_t nroute, mpfr_srcptr const *r,
                                 const size_t *rstride, double cap, double *rowmin,
                                 double *sigrow);

/* ------------------------------------------------------------------ a certified case */
typedef struct {
    const nhref_case_t *c;
    const nhref_model_t *m;
    nhref_spec_t *spec;          /* the case's spec (its parameters, initial state) */
    size_t nt, nx, ni, nc;       /* rows, state, integrals, nx + ni */
    long p;                      /* the working precision of the case [bits] */
    int event;                   /* the case's event in the model's table, or -1 */
    size_t nroute;
    nhref_route_result_t route[NHREF_GOLDEN_MAX_ROUTES];
    const nhref_route_result_t *values, *proven;
    /* per column */
    double *certified;           /* -1: undefined on every row */
    double *need;                /* the digits the proven route must keep (0: none) */
    char **why;                  /* the agreement, in words */
    double *pdig;                /* the proven route: min proven digits over the rows */
    size_t *pdig_row;
    int *alive;                  /* 1 while every row keeps NEED digits */
    int *proven_col;             /* 1: PROVEN */
    size_t nproven, nlevel;      /* columns PROVEN, columns certified (>= 0) */
    /* per row: the digits every route agrees on (mixed) and significant ones */
    double *rowmin, *sigrow;
    /* the event's time, certified like a column */
    double event_digits;
    char event_agree[256];
    double event_proven;         /* digits the proven time ball gives (NaN: none) */
    /* progress */
    nhref_golden_progress_t progress;
    void *arg;
    double done, total;
} nhref_certificate_t;

/* nhref_certify_case -- compute C by every route of the table and certify every column
 * into CERT (freed with nhref_certificate_clear, also after an error).
 * Returns NHREF_OK; the case's errors (NHREF_ENOTFOUND, NHREF_EPARSE, NHREF_EPARAM),
 * a route's integration status, NHREF_ETOLERANCE (a value outside a proven ball), with
 * the reason in ERR (ERRLEN bytes); NHREF_ENOMEM. */
int nhref_certify_case(nhref_certificate_t *cert, const nhref_case_t *c,
                       nhref_golden_progress_t progress, void *arg, char *err, size_t errlen);
void nhref_certificate_clear(nhref_certificate_t *cert);

/* nhref_route_run -- route R of the table for CERT into RES (routes.c).  Returns
 * NHREF_OK, or an error with the reason in ERR. */
int nhref_route_run(nhref_certificate_t *cert, const nhref_route_t *r, nhref_route_result_t *res,
                    char *err, size_t errlen);
void nhref_route_result_clear(nhref_route_result_t *res, size_t nt, size_t nc);

/* nhref_certify_fail -- ERR (LEN bytes) = the formatted message; returns STATUS. */
int nhref_certify_fail(char *err, size_t len, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* nhref_proven_cell_digits -- the digits the ball B proves for the printed value V (P
 * significant digits): -log10((|v - b| + conversion) / max(|v|, 1)), every operation
 * rounded the safe way (a lower bound).  NaN if V is NaN; -inf if B is not finite;
 * +inf if V is exact. */
double nhref_proven_cell_digits(mpfr_srcptr v, arb_srcptr b, int printed);

/* ------------------------------------------------------------------ test hook
 * For tests/check_golden.c only: every proven ball's midpoint is moved by this times
 * max(|mid|, 1) (0: none), so that a test can show that a route value outside a
 * proven ball stops nhref_golden_make with NHREF_ETOLERANCE.  Per thread; not exported. */
extern _Thread_local double nhref_golden_test_proven_shift;
/* test hook (tests/check_golden.c): the proven route's first run at this many digits
 * fewer than D + 8 (0 normally), so that it cannot keep the certified columns and the
 * second run (D + 24) must */
extern _Thread_local double nhref_golden_test_proven_first_less;

#endif /* NHREF_CERTIFY_H */
