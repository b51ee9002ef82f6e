/* verify.c -- the verification handle: the reference's definition (a model with
 * its parameters and initial state, or the metadata of a golden file), the
 * thresholds and column maps, and the entry points that read the input into a
 * table for run.c.  See nhref_verify.h. */
#include "verify_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "strutil.h"
#include "io/io_internal.h"
#include "nhref_golden.h"
#include "nhref_integrate.h"

int nhref_verify_fail(nhref_verify_t *v, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->err, sizeof v->err, fmt, ap);
    va_end(ap);
    return status;
}

/* ------------------------------------------------------------------ name lists */
static void list_clear(nhref_verify_list_t *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->name[i]);
        if (l->value != NULL)
            free(l->value[i]);
    }
    free(l->name);
    free(l->value);
    free(l->num);
    memset(l, 0, sizeof *l);
}

/* set NAME to VALUE (a string, or NUM): replaces an earlier entry of NAME */
static int list_set(nhref_verify_list_t *l, const char *name, const char *value, double num)
{
    size_t i;
    char *nv = NULL;
    for (i = 0; i < l->n; i++)
        if (strcmp(l->name[i], name) == 0)
            break;
    if (value != NULL && (nv = nhref_strdup(value)) == NULL)
        return NHREF_ENOMEM;
    if (i == l->n) {
        if (l->n == l->cap) {
            size_t cap = l->cap ? 2 * l->cap : 8;
            char **nn = realloc(l->name, cap * sizeof *nn);
            if (nn != NULL)
                l->name = nn;
            char **vv = realloc(l->value, cap * sizeof *vv);
            if (vv != NULL)
                l->value = vv;
            double *dd = realloc(l->num, cap * sizeof *dd);
            if (dd != NULL)
                l->num = dd;
            if (nn == NULL || vv == NULL || dd == NULL) {
                free(nv);
                return NHREF_ENOMEM;
            }
            l->cap = cap;
        }
        if ((l->name[i] = nhref_strdup(name)) == NULL) {
            free(nv);
            return NHREF_ENOMEM;
        }
        l->value[i] = NULL;
        l->n++;
    }
    free(l->value[i]);
    l->value[i] = nv;
    l->num[i] = num;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the handle */
int nhref_verify_new(nhref_verify_t **vp)
{
    nhref_verify_t *v = calloc(1, sizeof *v);
    *vp = v;
    if (v == NULL)
        return NHREF_ENOMEM;
    v->min_digits = NHREF_VERIFY_MIN_DIGITS_DEFAULT;
    v->min_drift = NAN;
    return NHREF_OK;
}

/* forget the reference's definition */
static void reset_reference(nhref_verify_t *v)
{
    nhref_spec_free(v->ref);
    v->ref = NULL;
    v->model = NULL;
    free(v->golden);
    v->golden = NULL;
    v->golden_digits = 0;
}

void nhref_verify_free(nhref_verify_t *v)
{
    if (v == NULL)
        return;
    reset_reference(v);
    list_clear(&v->min);
    list_clear(&v->drift);
    list_clear(&v->map);
    list_clear(&v->define);
    list_clear(&v->angle);
    free(v->chart);
    free(v);
}

const char *nhref_verify_error(const nhref_verify_t *v)
{
    return v != NULL ? v->err : "no verification handle";
}

/* the reference is the model of REF, a new spec (STATUS: how it was made) */
static int set_reference(nhref_verify_t *v, nhref_spec_t *ref, int status)
{
    if (status != NHREF_OK) {
        nhref_verify_fail(v, status, "%s", ref != NULL ? nhref_spec_error(ref) : "out of memory");
        nhref_spec_free(ref);
        return status;
    }
    reset_reference(v);
    nhref_spec_set_max_rows(ref, (unsigned long)-1);
    v->ref = ref;
    v->model = nhref_spec_model(ref);
    return NHREF_OK;
}

int nhref_verify_set_model(nhref_verify_t *v, const char *name)
{
    nhref_spec_t *ref = NULL;
    int status = nhref_spec_new(&ref, name);
    v->err[0] = '\0';
    return set_reference(v, ref, status);
}

int nhref_verify_set_model_file(nhref_verify_t *v, nhref_model_file_t *mf)
{
    nhref_spec_t *ref = NULL;
    int status = nhref_spec_new_file(&ref, mf);
    v->err[0] = '\0';
    return set_reference(v, ref, status);
}

/* the spec's message of STATUS as V's (a value out of bounds is malformed here) */
static int spec_fail(nhref_verify_t *v, int status)
{
    return nhref_verify_fail(v, status == NHREF_ERANGE ? NHREF_EPARSE : status, "%s",
                             nhref_spec_error(v->ref));
}

/* WHERE prefixes the messages ("" or "FILE: ") */
static int set_param(nhref_verify_t *v, const char *name, const char *value, const char *where)
{
    int status;
    v->err[0] = '\0';
    if (v->ref == NULL)
        return nhref_verify_fail(v, NHREF_EINVAL, "no model yet: set a model or a golden file "
                                                  "before its parameters");
    nhref_spec_set_names(v->ref, NHREF_SPEC_WORDS, where);
    status = nhref_spec_set_param(v->ref, name, value);
    return status == NHREF_OK ? NHREF_OK : spec_fail(v, status);
}

static int set_init(nhref_verify_t *v, const char *name, const char *value, const char *where)
{
    int status;
    v->err[0] = '\0';
    if (v->ref == NULL)
        return nhref_verify_fail(v, NHREF_EINVAL, "no model yet: set a model or a golden file "
                                                  "before its initial state");
    nhref_spec_set_names(v->ref, NHREF_SPEC_WORDS, where);
    status = nhref_spec_set_init(v->ref, name, value);
    return status == NHREF_OK ? NHREF_OK : spec_fail(v, status);
}

static int set_t_start(nhref_verify_t *v, const char *t_start, const char *where)
{
    int status;
    v->err[0] = '\0';
    if (v->ref == NULL)
        return nhref_verify_fail(v, NHREF_EINVAL, "no model yet: set a model or a golden file "
                                                  "before its t-start");
    if (t_start == NULL)
        return nhref_verify_fail(v, NHREF_EPARSE,
                                 "%st-start: '(null)' is not a finite decimal number (admissible "
                                 "range: any finite real)",
                                 where);
    nhref_spec_set_names(v->ref, NHREF_SPEC_WORDS, where);
    status = nhref_spec_set_t_start(v->ref, t_start);
    return status == NHREF_OK ? NHREF_OK : spec_fail(v, status);
}

int nhref_verify_set_param(nhref_verify_t *v, const char *name, const char *value)
{
    return set_param(v, name, value, "");
}

int nhref_verify_set_init(nhref_verify_t *v, const char *name, const char *value)
{
    return set_init(v, name, value, "");
}

int nhref_verify_set_t_start(nhref_verify_t *v, const char *t_start)
{
    return set_t_start(v, t_start, "");
}

/* MODEL/CASE: one '/', no ".csv" */
static int looks_like_name(const char *s)
{
    const char *slash = strchr(s, '/');
    return slash != NULL && slash != s && slash[1] != '\0' && strchr(slash + 1, '/') == NULL &&
           strstr(s, ".csv") == NULL;
}

/* 1 if one of the first two lines of PATH starts with "# nhref " (a golden file or a
 * trajectory of nhref's, in any format version: the header row comes first since
 * version 2), 0 if not, -1 if it cannot be read.  Reads at most 2 MB. */
static int nhref_output_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char head[9];
    int found = 0, ch = 0;
    if (f == NULL)
        return -1;
    for (int line = 0; line < 2 && !found && ch != EOF; line++) {
        size_t n = 0;
        while ((ch = getc(f)) != EOF && ch != '\n' && n < (1u << 20))
            if (n < 8)
                head[n++] = (char)ch;
            else
                n++;
        found = n >= 8 && memcmp(head, "# nhref ", 8) == 0;
        if (ch != '\n')
            break; /* a line of a megabyte: not nhref's */
    }
    fclose(f);
    return found;
}

/* FILE was read and refused with STATUS (V's message kept): no reference is left, as
 * nhref_verify.h says (an earlier model must not be verified against silently) */
static int golden_refused(nhref_verify_t *v, int status)
{
    char msg[sizeof v->err];
    snprintf(msg, sizeof msg, "%s", v->err);
    reset_reference(v);
    return nhref_verify_fail(v, status, "%s", msg);
}

int nhref_verify_set_golden(nhref_verify_t *v, const char *file)
{
    nhref_table_t *gt = NULL;
    struct stat st;
    char path[4096], err[1024], where[4200];
    const char *s;
    int status;

    v->err[0] = '\0';
    if (file == NULL)
        return nhref_verify_fail(v, NHREF_EINVAL, "no golden file given");
    snprintf(path, sizeof path, "%s", file);
    if (strcmp(file, "-") != 0 && stat(file, &st) != 0 && looks_like_name(file)) {
        status = nhref_catalogue_find(path, sizeof path, "golden", file, err, sizeof err);
        if (status != NHREF_OK)
            return nhref_verify_fail(v, status, "%s", err);
    }
    /* a file of another format gets a message that names it without quoting it */
    if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
        nhref_output_file(path) == 0) { /* a regular file: a pipe would lose what is peeked */
        nhref_verify_fail(v, NHREF_EPARSE,
                          "%s: not a golden file or trajectory of nhref's (expected a "
                          "'# nhref golden file' or '# nhref trajectory' line among its "
                          "first two lines)",
                          path);
        return golden_refused(v, NHREF_EPARSE);
    }
    status = nhref_table_read(&gt, path, 64, err, sizeof err);
    if (status != NHREF_OK) { /* a file that cannot be read keeps the earlier reference */
        nhref_verify_fail(v, status, "%s", status == NHREF_ENOMEM ? "out of memory" : err);
        return status == NHREF_EIO ? status : golden_refused(v, status);
    }
    snprintf(where, sizeof where, "%s: ", path);
    s = nhref_table_meta(gt, "model", NULL);
    static const char *const single[] = {"model", "model-file", "model-sha256", "digits"};
    /* keys that a reference has once: a second line must not win or be ignored silently */
    for (size_t k = 0; k < sizeof single / sizeof single[0]; k++) {
        size_t from = 0;
        const char *first = nhref_table_meta(gt, single[k], &from), *again;
        if (first != NULL && (again = nhref_table_meta(gt, single[k], &from)) != NULL) {
            status = nhref_verify_fail(v, NHREF_EPARSE,
                                       "%s: the '# %s:' line is given twice: '%s', then '%s'", path,
                                       single[k], first, again);
            nhref_table_free(gt);
            return golden_refused(v, status);
        }
    }
    if (s == NULL) {
        nhref_table_free(gt);
        nhref_verify_fail(v, NHREF_EPARSE,
                          "%s: no '# model: NAME' line (expected a golden file or the "
                          "output of 'nhref run')",
                          path);
        return golden_refused(v, NHREF_EPARSE);
    }
    if (nhref_table_meta(gt, "model-file", NULL) != NULL) {
        /* certified from a model file: that file, unchanged */
        const nhref_model_t *m;
        nhref_model_file_t *mf;
        if ((status = nhref_golden_model(&m, &mf, gt, path, err, sizeof err)) != NHREF_OK) {
            nhref_table_free(gt);
            nhref_verify_fail(v, status, "%s", err);
            return golden_refused(v, status);
        }
        status = nhref_verify_set_model_file(v, mf);
        nhref_model_file_free(mf);
    } else {
        status = nhref_verify_set_model(v, s);
    }
    if (status != NHREF_OK) {
        char msg[sizeof v->err];
        snprintf(msg, sizeof msg, "%s", v->err);
        nhref_table_free(gt);
        nhref_verify_fail(v, status, "%s%s", where, msg);
        return golden_refused(v, status);
    }
    /* the parameters, initial state and t-start of the file's metadata */
    nhref_spec_set_names(v->ref, NHREF_SPEC_WORDS, where);
    if ((status = nhref_spec_from_table(v->ref, gt)) != NHREF_OK)
        status = spec_fail(v, status);
    if (status == NHREF_OK && (s = nhref_table_meta(gt, "digits", NULL)) != NULL) {
        char *end;
        double d;
        size_t l = nhref_plain_number(s); /* not '0x28' (strtod: 40) nor '+30' */
        errno = 0;
        d = strtod(s, &end);
        if (l == 0 || end != s + l || errno != 0 || !(d > 0 && d <= NHREF_VERIFY_DIGITS_MAX) ||
            (*end != '\0' && !isspace((unsigned char)*end)))
            status = nhref_verify_fail(v, NHREF_EPARSE,
                                       "%s: malformed '# digits: %s' line (expected a plain "
                                       "decimal number of digits in (0, %g])",
                                       path, s, NHREF_VERIFY_DIGITS_MAX);
        else
            v->golden_digits = d;
    }
    nhref_table_free(gt);
    if (status == NHREF_OK && (v->golden = nhref_strdup(path)) == NULL)
        status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    return status != NHREF_OK ? golden_refused(v, status) : NHREF_OK;
}

int nhref_verify_set_digits(nhref_verify_t *v, double digits)
{
    v->err[0] = '\0';
    if (digits == 0) {
        v->digits = 0;
        return NHREF_OK;
    }
    if (!(digits >= 1 && digits <= NHREF_VERIFY_DREF_MAX))
        return nhref_verify_fail(v, NHREF_EINVAL,
                                 "reference digits %g are out of range [1, %g] (the Taylor order "
                                 "ceil(1.1513 D + 1) is at most %lu)",
                                 digits, NHREF_VERIFY_DREF_MAX, NHREF_TAYLOR_MAX_ORDER);
    v->digits = digits;
    return NHREF_OK;
}

int nhref_verify_set_min_digits(nhref_verify_t *v, const char *column, double digits)
{
    v->err[0] = '\0';
    if (!(digits > 0 && digits <= NHREF_VERIFY_DIGITS_MAX))
        return nhref_verify_fail(v, NHREF_EINVAL,
                                 "minimum digits%s%s: %g is out of range (0, %g] (a threshold "
                                 "of 0 would pass anything)",
                                 column != NULL && *column ? " of " : "",
                                 column != NULL ? column : "", digits, NHREF_VERIFY_DIGITS_MAX);
    if (column == NULL || *column == '\0') {
        v->min_digits = digits;
        return NHREF_OK;
    }
    return list_set(&v->min, column, NULL, digits) == NHREF_OK
               ? NHREF_OK
               : nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
}

int nhref_verify_set_min_drift_digits(nhref_verify_t *v, const char *integral, double digits)
{
    v->err[0] = '\0';
    if (!(digits > 0 && digits <= NHREF_VERIFY_DIGITS_MAX))
        return nhref_verify_fail(v, NHREF_EINVAL,
                                 "minimum drift digits%s%s: %g is out of range (0, %g]",
                                 integral != NULL && *integral ? " of " : "",
                                 integral != NULL ? integral : "", digits,
                                 NHREF_VERIFY_DIGITS_MAX);
    if (integral == NULL || *integral == '\0') {
        v->min_drift = digits;
        return NHREF_OK;
    }
    return list_set(&v->drift, integral, NULL, digits) == NHREF_OK
               ? NHREF_OK
               : nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
}

int nhref_verify_map(nhref_verify_t *v, const char *yours, const char *name)
{
    v->err[0] = '\0';
    if (yours == NULL || name == NULL || *yours == '\0' || *name == '\0')
        return nhref_verify_fail(v, NHREF_EINVAL, "a column map needs two names, YOURS=NAME");
    return list_set(&v->map, yours, name, 0) == NHREF_OK
               ? NHREF_OK
               : nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
}

int nhref_verify_define(nhref_verify_t *v, const char *name, const char *expr)
{
    v->err[0] = '\0';
    if (name == NULL || expr == NULL || *name == '\0' || *expr == '\0')
        return nhref_verify_fail(v, NHREF_EINVAL,
                                 "a define needs a name and an expression, NAME=EXPR (e.g. "
                                 "--define 'v=vx*cos(phi)+vy*sin(phi)')");
    return list_set(&v->define, name, expr, 0) == NHREF_OK
               ? NHREF_OK
               : nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
}

/* "com, cartesian" of M's charts into BUF */
static const char *chart_list(char *buf, size_t len, const nhref_model_t *m)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < m->nchart && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", k ? ", " : "", m->chart[k].name);
    return m->nchart > 0 ? buf : "none";
}

int nhref_verify_chart_check(nhref_verify_t *v, const char *chart)
{
    char list[512];
    if (v->model == NULL || nhref_model_chart_index(v->model, chart) >= 0)
        return NHREF_OK;
    return nhref_verify_fail(v, NHREF_ENOTFOUND,
                             "--chart %s: model %s has no chart '%s' (charts: %s; see 'nhref "
                             "describe %s')",
                             chart, v->model->name, chart, chart_list(list, sizeof list, v->model),
                             v->model->name);
}

int nhref_verify_set_chart(nhref_verify_t *v, const char *chart)
{
    char *c = NULL;
    int status;
    v->err[0] = '\0';
    if (chart != NULL && *chart != '\0') {
        if ((status = nhref_verify_chart_check(v, chart)) != NHREF_OK)
            return status;
        if ((c = nhref_strdup(chart)) == NULL)
            return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    }
    free(v->chart);
    v->chart = c;
    return NHREF_OK;
}

int nhref_verify_set_angles(nhref_verify_t *v, const char *angles)
{
    nhref_verify_list_t l;
    const char *p;
    v->err[0] = '\0';
    memset(&l, 0, sizeof l);
    if (angles == NULL || *angles == '\0' || strcmp(angles, "unwrapped") == 0) {
        list_clear(&v->angle);
        v->angles = 0;
        return NHREF_OK;
    }
    if (strcmp(angles, "wrapped") == 0) {
        list_clear(&v->angle);
        v->angles = 1;
        return NHREF_OK;
    }
    if (strncmp(angles, "wrapped=", 8) != 0 || angles[8] == '\0')
        return nhref_verify_fail(v, NHREF_EINVAL,
                                 "--angles: '%s' is not 'wrapped', 'wrapped=NAME[,NAME...]' or "
                                 "'unwrapped'",
                                 angles);
    for (p = angles + 8;;) { /* every name, the one after a trailing ',' too (empty) */
        size_t n = strcspn(p, ",");
        char name[128];
        if (n == 0 || n >= sizeof name) {
            list_clear(&l);
            return nhref_verify_fail(v, NHREF_EINVAL,
                                     "--angles %s: %s name in the list (expected "
                                     "wrapped=NAME[,NAME...])",
                                     angles, n == 0 ? "an empty" : "a too long");
        }
        memcpy(name, p, n);
        name[n] = '\0';
        if (list_set(&l, name, NULL, 0) != NHREF_OK) {
            list_clear(&l);
            return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        }
        if (p[n] == '\0')
            break;
        p += n + 1;
    }
    list_clear(&v->angle);
    v->angle = l;
    v->angles = 1;
    return NHREF_OK;
}

int nhref_verify_set_separator(nhref_verify_t *v, char sep)
{
    v->err[0] = '\0';
    if (sep != 0 && sep != ',' && sep != ';' && sep != '\t')
        return nhref_verify_fail(v, NHREF_EINVAL,
                                 "separator '%c' is not read (',', ';', tab, or 0 to detect it)",
                                 sep);
    v->sep = sep;
    return NHREF_OK;
}

int nhref_verify_set_rigorous(nhref_verify_t *v, int on)
{
    v->err[0] = '\0';
    if (on != 0 && on != 1)
        return nhref_verify_fail(v, NHREF_EINVAL, "rigorous: %d is neither 0 (off) nor 1 (on)", on);
    v->rigorous = on;
    return NHREF_OK;
}

int nhref_verify_set_errors(nhref_verify_t *v, int on)
{
    v->err[0] = '\0';
    if (on != 0 && on != 1)
        return nhref_verify_fail(v, NHREF_EINVAL, "errors: %d is neither 0 (off) nor 1 (on)", on);
    v->errors = on;
    return NHREF_OK;
}

size_t nhref_verify_decimate(size_t *keep, const double *y, size_t n, size_t max, int keep_max)
{
    if (n <= max) {
        for (size_t i = 0; i < n; i++)
            keep[i] = i;
        return n;
    }
    for (size_t b = 0; b < max; b++) {
        /* n > max: every bucket holds at least one row */
        size_t lo = (size_t)((unsigned long long)b * n / max);
        size_t hi = (size_t)((unsigned long long)(b + 1) * n / max), best = lo;
        for (size_t i = lo + 1; i < hi; i++) {
            double a = keep_max ? fabs(y[i]) : y[i], c = keep_max ? fabs(y[best]) : y[best];
            if (isnan(a))
                continue;
            if (isnan(c) || (keep_max ? a > c : a < c))
                best = i;
        }
        keep[b] = best;
    }
    return max;
}

void nhref_verify_set_progress(nhref_verify_t *v,
                               void (*progress)(void *arg, const char *what, double fraction),
                               void *arg)
{
    v->progress = progress;
    v->progress_arg = arg;
}

/* ------------------------------------------------------------------ precision */
int nhref_verify_precision(nhref_verify_t *v, double *dref, mpfr_prec_t *prec, int *raised)
{
    nhref_options_t opt;
    double top = v->min_digits;
    for (size_t i = 0; i < v->min.n; i++)
        top = fmax(top, v->min.num[i]);
    if (!isnan(v->min_drift))
        top = fmax(top, v->min_drift);
    for (size_t i = 0; i < v->drift.n; i++)
        top = fmax(top, v->drift.num[i]);
    *raised = 0;
    *dref = v->digits != 0 ? v->digits : fmax(30, ceil(top) + 15);
    if (*dref < ceil(v->golden_digits)) {
        *dref = ceil(v->golden_digits);
        *raised = v->digits != 0;
    }
    *dref = fmin(*dref, NHREF_VERIFY_DIGITS_MAX);
    nhref_options_default(&opt);
    opt.digits = *dref;
    if (nhref_options_resolve(&opt) != NHREF_OK)
        return nhref_verify_fail(v, NHREF_EINVAL, "reference digits %g are out of range [1, %g]",
                                 *dref, NHREF_VERIFY_DIGITS_MAX);
    *prec = opt.prec;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the entry points */
int nhref_verify_file(nhref_verify_report_t **rep, nhref_verify_t *v, const char *path)
{
    nhref_table_t *tab;
    mpfr_prec_t prec;
    double dref;
    int raised, status;

    *rep = NULL;
    v->err[0] = '\0';
    if (v->model == NULL)
        return nhref_verify_fail(v, NHREF_EINVAL, "no reference: set a model or a golden file");
    if ((status = nhref_verify_precision(v, &dref, &prec, &raised)) != NHREF_OK)
        return status;
    status = nhref_table_read_sep(&tab, path, prec, v->sep, v->err, sizeof v->err);
    if (status != NHREF_OK) {
        if (status == NHREF_ENOMEM)
            nhref_verify_fail(v, status, "out of memory");
        return status;
    }
    return nhref_verify_run(rep, v, tab, NHREF_VERIFY_FROM_FILE);
}

static int strcmp_ptr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* a table of NROW x NCOL cells from strings (CELLS) or doubles (VALUES) */
static int table_from_arrays(nhref_verify_t *v, nhref_table_t **tabp, size_t ncol,
                             const char *const *names, size_t nrow, const char *const *cells,
                             const double *values, mpfr_prec_t prec)
{
    nhref_table_t *tab = calloc(1, sizeof *tab);
    int status = NHREF_OK;

    *tabp = NULL;
    if (tab == NULL || (tab->path = nhref_strdup("(arrays)")) == NULL) {
        free(tab);
        return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    }
    if (ncol == 0 || nrow == 0 || names == NULL || (cells == NULL && values == NULL)) {
        nhref_table_free(tab);
        return nhref_verify_fail(v, NHREF_EPARSE, "no %s given", ncol == 0 ? "columns" : "rows");
    }
    tab->name = calloc(ncol, sizeof *tab->name);
    tab->v = malloc(nrow * ncol * sizeof *tab->v);
    tab->text = calloc(nrow * ncol, sizeof *tab->text);
    tab->line = calloc(nrow, sizeof *tab->line);
    if (tab->name == NULL || tab->v == NULL || tab->text == NULL || tab->line == NULL) {
        nhref_table_free(tab);
        return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    }
    for (size_t c = 0; c < ncol && status == NHREF_OK; c++) {
        if (names[c] == NULL || *names[c] == '\0')
            status = nhref_verify_fail(v, NHREF_EPARSE, "column %zu has no name", c + 1);
        else if ((tab->name[c] = nhref_strdup(names[c])) == NULL)
            status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        else
            tab->ncol = c + 1;
    }
    if (status == NHREF_OK) { /* duplicates: sort the names */
        char **sorted = malloc(ncol * sizeof *sorted);
        if (sorted == NULL) {
            status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        } else {
            memcpy(sorted, tab->name, ncol * sizeof *sorted);
            qsort(sorted, ncol, sizeof *sorted, strcmp_ptr);
            for (size_t c = 1; c < ncol && status == NHREF_OK; c++)
                if (strcmp(sorted[c - 1], sorted[c]) == 0)
                    status = nhref_verify_fail(v, NHREF_EPARSE,
                                               "column name '%s' appears twice", sorted[c]);
            free(sorted);
        }
    }
    for (size_t r = 0; r < nrow && status == NHREF_OK; r++) {
        for (size_t c = 0; c < ncol; c++)
            mpfr_init2(tab->v + r * ncol + c, prec);
        tab->nrow = r + 1;
        for (size_t c = 0; c < ncol && status == NHREF_OK; c++) {
            mpfr_ptr x = tab->v + r * ncol + c;
            char buf[40];
            const char *s;
            if (cells != NULL) {
                s = cells[r * ncol + c] != NULL ? cells[r * ncol + c] : "";
                int cs = nhref_table_cell_set(x, s);
                if (cs != NHREF_OK) {
                    char why[256];
                    status = nhref_verify_fail(v, NHREF_EPARSE, "row %zu, column '%s': %s", r + 1,
                                               tab->name[c],
                                               nhref_decimal_why(why, sizeof why, s, prec, cs));
                    break;
                }
            } else {
                mpfr_set_d(x, values[r * ncol + c], MPFR_RNDN);
                snprintf(buf, sizeof buf, "%.17g", values[r * ncol + c]);
                s = buf;
            }
            if ((tab->text[r * ncol + c] = nhref_strdup(s)) == NULL)
                status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        }
    }
    if (status != NHREF_OK) {
        nhref_table_free(tab);
        return status;
    }
    *tabp = tab;
    return NHREF_OK;
}

static int verify_arrays(nhref_verify_report_t **rep, nhref_verify_t *v, size_t ncol,
                         const char *const *names, size_t nrow, const char *const *cells,
                         const double *values)
{
    nhref_table_t *tab;
    mpfr_prec_t prec;
    double dref;
    int raised, status;

    *rep = NULL;
    v->err[0] = '\0';
    if (v->model == NULL)
        return nhref_verify_fail(v, NHREF_EINVAL, "no reference: set a model or a golden file");
    if ((status = nhref_verify_precision(v, &dref, &prec, &raised)) != NHREF_OK)
        return status;
    if ((status = table_from_arrays(v, &tab, ncol, names, nrow, cells, values, prec)) != NHREF_OK)
        return status;
    return nhref_verify_run(rep, v, tab,
                            values != NULL ? NHREF_VERIFY_FROM_DOUBLES : NHREF_VERIFY_FROM_STRINGS);
}

int nhref_verify_strings(nhref_verify_report_t **rep, nhref_verify_t *v, size_t ncol,
                         const char *const *names, size_t nrow, const char *const *cells)
{
    return verify_arrays(rep, v, ncol, names, nrow, cells, NULL);
}

int nhref_verify_doubles(nhref_verify_report_t **rep, nhref_verify_t *v, size_t ncol,
                         const char *const *names, size_t nrow, const double *values)
{
    return verify_arrays(rep, v, ncol, names, nrow, NULL, values);
}
