/* verify_internal.h -- the verification handle, shared by the files of src/verify/. */
#ifndef NHREF_VERIFY_INTERNAL_H
#define NHREF_VERIFY_INTERNAL_H

#include "nhref_io.h"
#include "nhref_model.h"
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
    nhref_system_t *sys;      /* the model with its parameters */
    nhref_verify_list_t init; /* initial values set (name -> decimal) */
    char *t_start;            /* NULL: "0" */
    char *golden;             /* the golden file the values came from, or NULL */
    double golden_digits;     /* its digits, 0 if none */
    double digits;            /* DREF asked for, 0: default */
    double min_digits;        /* the default threshold */
    nhref_verify_list_t min;  /* per-column thresholds */
    double min_drift;         /* drift threshold of every integral, NaN: none */
    nhref_verify_list_t drift; /* per-integral drift thresholds */
    nhref_verify_list_t map;  /* yours -> model name */
    char sep;
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

/* nhref_verify_run -- the verification of TAB (read at the precision PREC of the
 * reference, which nhref_verify_prepare computed); takes TAB over.  SOURCE names it. */
int nhref_verify_run(nhref_verify_report_t **rep, nhref_verify_t *v, nhref_table_t *tab,
                     int from_file);

/* DREF and its precision for V's thresholds and golden file */
int nhref_verify_precision(nhref_verify_t *v, double *dref, mpfr_prec_t *prec, int *raised);

#endif /* NHREF_VERIFY_INTERNAL_H */
