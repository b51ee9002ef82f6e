/* verify_internal.h -- the verification handle, shared by the files of src/verify/. */
#ifndef NHREF_VERIFY_INTERNAL_H
#define NHREF_VERIFY_INTERNAL_H

#include "nhref_io.h"
#include "nhref_model.h"
#include "nhref_run.h"
#include "nhref_verify.h"

/* "NAME" -> value lists (thresholds, maps, initial values) */
typedef struct {
    char **name;
    char **value; /* strings (initial values, map targets), or NULL */
    double *num;  /* numbers (thresholds), or NULL */
    size_t n, cap;
} nhref_verify_list_t;

struct nhref_verify {
    const nhref_model_t *model;
    nhref_spec_t *ref;        /* the reference's spec: the model, its parameters, initial
                                 state and t-start (nhref_run.h) */
    char *golden;             /* the golden file the values came from, or NULL */
    double golden_digits;     /* its digits, 0 if none */
    double digits;            /* DREF asked for, 0: default */
    double min_digits;        /* the default threshold */
    nhref_verify_list_t min;  /* per-column thresholds */
    double min_drift;         /* drift threshold of every integral, NaN: none */
    nhref_verify_list_t drift; /* per-integral drift thresholds */
    nhref_verify_list_t map;  /* yours -> model name */
    nhref_verify_list_t define; /* model name -> expression over the input's columns */
    char *chart;                /* the model's chart the input is written in, or NULL */
    int angles;                 /* 0 unwrapped, 1 wrapped (the model's angles, or ANGLE) */
    nhref_verify_list_t angle;  /* the wrapped columns named, or none: the model's */
    char sep;
    int rigorous;             /* 1: also judge against proven enclosures */
    int errors;               /* 1: record the per-row errors (nhref_verify_set_errors) */
    void (*progress)(void *, const char *, double);
    void *progress_arg;
    char err[2048];
};

/* the message of V's last error; returns STATUS */
int nhref_verify_fail(nhref_verify_t *v, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* where the input came from (nhref_verify_run's FROM) */
enum { NHREF_VERIFY_FROM_STRINGS = 0, NHREF_VERIFY_FROM_FILE = 1, NHREF_VERIFY_FROM_DOUBLES = 2 };

/* nhref_verify_run -- the verification of TAB (read at the precision PREC of the
 * reference, which nhref_verify_prepare computed); takes TAB over.  FROM: one of
 * NHREF_VERIFY_FROM_*. */
int nhref_verify_run(nhref_verify_report_t **rep, nhref_verify_t *v, nhref_table_t *tab,
                     int from);

/* W = row R of TAB (TCOL its time column; file lines when FROM is a file) */
void nhref_verify_where_set(nhref_verify_where_t *w, const nhref_table_t *tab, int tcol, int from,
                            size_t r);

/* What the proven pass (proven.c) reads of a run (run.c). */
typedef struct {
    nhref_verify_t *v;
    const nhref_table_t *tab;
    int from;               /* NHREF_VERIFY_FROM_* */
    int tcol;               /* the time column */
    const size_t *order;    /* the rows by time (ties in input order) */
    size_t nback;           /* order[0 .. nback-1] lie before t-start */
    const char *judged;     /* nrow: 1 if within the reference's range (VALIDATED pass) */
    size_t ncol;            /* compared columns */
    const int *col;         /* ncol: the table column of each compared column */
    const double *min_digits; /* ncol: their thresholds */
    long prec;              /* the reference's precision [bits] */
    double dref;            /* its digits */
} nhref_verify_proof_in_t;

/* nhref_verify_init_is_set -- 1 if V's reference starts from a set of initial values
 * (an --init MID+-RAD): rigorous mode then judges by the enclosure of the set alone
 * (rigorous.c, run.c) */
int nhref_verify_init_is_set(const nhref_verify_t *v);

/* nhref_verify_proven_check -- what rigorous mode cannot honour, before any
 * integration (rows before t-start, a threshold above DREF): NHREF_OK or
 * NHREF_EINVAL with the message in V. */
int nhref_verify_proven_check(const nhref_verify_proof_in_t *in);

/* nhref_verify_proven_pass -- the proven run through the forward rows and the
 * rigorous judgement of every column of REP (rep->column filled by run.c);
 * fills rep->proven and the columns' rigorous fields.  Returns NHREF_OK, or an
 * error with the message in V (NHREF_EINVAL, NHREF_ENOMEM, NHREF_EDOMAIN). */
int nhref_verify_proven_pass(nhref_verify_report_t *rep, const nhref_verify_proof_in_t *in);

/* nhref_verify_decimate -- the rows of a series Y[0 .. N-1] (time order) kept when
 * it is cut to at most MAX points: N <= MAX keeps every row; else bucket b < MAX
 * holds the rows [b N / MAX, (b + 1) N / MAX) and keeps the one of the least Y
 * (KEEP_MAX = 0: digits, so that the worst row survives) or of the largest |Y|
 * (KEEP_MAX = 1: a drift); NaN values lose against any number, and a bucket of
 * NaN only keeps its first row.  KEEP: at least min(N, MAX) slots, filled with
 * row indices in increasing order.  Returns their number.  Cost: O(N). */
size_t nhref_verify_decimate(size_t *keep, const double *y, size_t n, size_t max, int keep_max);

/* nhref_verify_xml_escaped -- S to OUT escaped for XML and HTML text and attributes
 * (&, <, >, ", '); control characters and bytes that are not UTF-8 as '?'
 * (report.c). */
void nhref_verify_xml_escaped(FILE *out, const char *s);

/* The HTML pages of verify (html.c): nhref_verify_html_head -- the page's head and
 * styles up to <body>, the title TITLE then TITLE2 (NULL: none), escaped;
 * nhref_verify_html_figure -- a <figure id=ID> with the plot P of the NS series S
 * inlined as SVG (plot.h), or a paragraph saying why it is missing, that reason also
 * into NOTE (LEN bytes) unless NOTE holds one already. */
#include "plot.h"
void nhref_verify_html_head(FILE *out, const char *title, const char *title2);
void nhref_verify_html_figure(FILE *out, const char *id, const nhref_plot_t *p, size_t ns,
                              const nhref_plot_series_t *s, char *note, size_t len);

/* The series of the JSON report and the HTML page keep at most this many points. */
#define NHREF_VERIFY_SERIES_MAX 2000
/* nhref_verify_define_columns -- V's defines (the chart's, then the caller's) applied
 * to TAB, whose time column is TCOL: one column appended per define, named after the
 * model's column, its values EXPR at PREC bits from the row's values and the
 * parameters P (the model's nparam); *USED (calloc'd, TAB's columns before: 1 if a
 * define reads it) and *EXPR (calloc'd, TAB's columns after: the expression of a
 * defined column, pointing into V or the chart, else NULL).  Returns NHREF_OK, or an
 * error with the message in V (define.c). */
int nhref_verify_define_columns(nhref_verify_t *v, nhref_table_t *tab, int tcol, mpfr_srcptr p,
                                mpfr_prec_t prec, char **used, const char ***expr);

/* NHREF_OK if V's model (if any) has the chart CHART, else NHREF_ENOTFOUND with the
 * message naming --chart and the model's charts */
int nhref_verify_chart_check(nhref_verify_t *v, const char *chart);

/* DREF and its precision for V's thresholds and golden file */
int nhref_verify_precision(nhref_verify_t *v, double *dref, mpfr_prec_t *prec, int *raised);

/* nhref_verify_report_to_json -- REP as a new jansson value (the object that
 * nhref_verify_report_json prints; report.c), or NULL if out of memory; for
 * embedding in the JSON of a study (study.c). */
struct json_t *nhref_verify_report_to_json(const nhref_verify_report_t *rep);

#endif /* NHREF_VERIFY_INTERNAL_H */
