/* study.c -- order and work-precision studies: runs of one integrator at
 * decreasing steps, each verified as nhref_verify_file verifies it (run.c), then
 * per column the observed order between successive runs and the slope of digits
 * against cost.  See nhref_verify.h ("order studies") and docs/verify.md. */
#include "verify_internal.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "nhref.h"
#include "nhref_oracle.h"

void nhref_verify_study_free(nhref_verify_study_t *st)
{
    if (st == NULL)
        return;
    for (size_t k = 0; k < st->nrun; k++) {
        free(st->run[k].source);
        nhref_verify_report_free(st->run[k].report);
    }
    for (size_t j = 0; j < st->ncolumn; j++)
        free(st->column[j]);
    free(st->run);
    free(st->column);
    free(st->model);
    free(st->digits);
    free(st->order);
    free(st->slope);
    free(st->min_order);
    free(st->min_slope);
    free(st);
}

/* a positive finite plain decimal number, or NaN */
static double positive(const char *s)
{
    char *end;
    double x;
    size_t n = nhref_plain_number(s);
    if (n == 0 || s[n] != '\0')
        return NAN;
    errno = 0;
    x = strtod(s, &end);
    return *end == '\0' && errno == 0 && isfinite(x) && x > 0 ? x : NAN;
}

/* *X = the value of TAB's "# KEY:" line; 0 if none, -1 (message in V) if malformed
 * or repeated */
static int meta_value(nhref_verify_t *v, const nhref_table_t *tab, const char *key, double *x)
{
    size_t from = 0;
    const char *s = nhref_table_meta(tab, key, &from);
    if (s == NULL)
        return 0;
    if (nhref_table_meta(tab, key, &from) != NULL) {
        nhref_verify_fail(v, NHREF_EPARSE, "%s: two '# %s:' lines: give one", tab->path, key);
        return -1;
    }
    if (isnan(*x = positive(s))) {
        nhref_verify_fail(v, NHREF_EPARSE,
                          "%s: the line '# %s: %.60s': '%.60s' is not a positive finite plain "
                          "decimal number",
                          tab->path, key, s, s);
        return -1;
    }
    return 1;
}

/* *X = the largest value of TAB's column "cost"; 0 if there is none, -1 (message in
 * V) if a value is not a number or the largest is not positive and finite */
static int cost_column(nhref_verify_t *v, const nhref_table_t *tab, double *x)
{
    int c = nhref_table_column(tab, "cost");
    *x = -INFINITY;
    if (c < 0)
        return 0;
    for (size_t r = 0; r < tab->nrow; r++) {
        mpfr_srcptr y = tab->v + r * tab->ncol + (size_t)c;
        double d = mpfr_get_d(y, MPFR_RNDN);
        if (!isfinite(d) || d < 0) {
            nhref_verify_fail(v, NHREF_EPARSE,
                              "%s:%zu: column cost: '%s' is not a finite number >= 0 (the cost "
                              "column counts the work done, e.g. right-hand-side evaluations)",
                              tab->path, tab->line[r], tab->text[r * tab->ncol + (size_t)c]);
            return -1;
        }
        *x = fmax(*x, d);
    }
    if (!(*x > 0)) {
        nhref_verify_fail(v, NHREF_EPARSE, "%s: column cost: its largest value is not positive",
                          tab->path);
        return -1;
    }
    return 1;
}

/* verify PATH as nhref_verify_file does, and take its step and cost */
static int study_run(nhref_verify_study_run_t *run, nhref_verify_t *v, const char *path,
                     double step, double cost)
{
    nhref_table_t *tab;
    mpfr_prec_t prec;
    double dref, x;
    int raised, status, got;

    run->step = run->cost = NAN;
    if ((status = nhref_verify_precision(v, &dref, &prec, &raised)) != NHREF_OK)
        return status;
    status = nhref_table_read_sep(&tab, path, prec, v->sep, v->err, sizeof v->err);
    if (status != NHREF_OK)
        return status == NHREF_ENOMEM ? nhref_verify_fail(v, status, "out of memory") : status;
    if (!isnan(step)) {
        run->step = step;
        run->step_from = "argument";
    } else if ((got = meta_value(v, tab, "step", &x)) < 0) {
        nhref_table_free(tab);
        return NHREF_EPARSE;
    } else if (got > 0) {
        run->step = x;
        run->step_from = "# step:";
    }
    if (!isnan(cost)) {
        run->cost = cost;
        run->cost_from = "argument";
    } else if ((got = meta_value(v, tab, "cost", &x)) < 0) {
        nhref_table_free(tab);
        return NHREF_EPARSE;
    } else if (got > 0) {
        run->cost = x;
        run->cost_from = "# cost:";
    } else if ((got = cost_column(v, tab, &x)) < 0) {
        nhref_table_free(tab);
        return NHREF_EPARSE;
    } else if (got > 0) {
        run->cost = x;
        run->cost_from = "column cost";
    }
    /* the verification itself, as nhref_verify_file (takes TAB over) */
    status = nhref_verify_run(&run->report, v, tab, NHREF_VERIFY_FROM_FILE);
    if (status != NHREF_OK && strncmp(v->err, path, strlen(path)) != 0) {
        char msg[sizeof v->err];
        snprintf(msg, sizeof msg, "%s", v->err);
        nhref_verify_fail(v, status, "%s: %s", path, msg);
    }
    return status;
}

/* (d1 - d0) / x, NaN unless both digits are finite and not exact */
static double rate(double d0, double d1, double x)
{
    if (!isfinite(d0) || !isfinite(d1) || d0 >= NHREF_ORACLE_DIGITS_EXACT ||
        d1 >= NHREF_ORACLE_DIGITS_EXACT || !(x != 0))
        return NAN;
    return (d1 - d0) / x;
}

/* the columns of run K must be those of the first run */
static int same_columns(nhref_verify_t *v, nhref_verify_study_t *st, size_t k)
{
    const nhref_verify_report_t *r = st->run[k].report;
    for (size_t j = 0; j < st->ncolumn; j++) {
        size_t i;
        for (i = 0; i < r->ncolumn && strcmp(r->column[i].compared_as, st->column[j]) != 0; i++)
            ;
        if (i == r->ncolumn)
            return nhref_verify_fail(v, NHREF_EPARSE,
                                     "%s: no column compared as '%s', which %s has: the runs of "
                                     "a study must compare the same columns",
                                     r->source, st->column[j], st->run[0].source);
        st->digits[k * st->ncolumn + j] = r->column[i].digits;
    }
    if (r->ncolumn != st->ncolumn)
        return nhref_verify_fail(v, NHREF_EPARSE,
                                 "%s: compares %zu columns, %s compares %zu: the runs of a study "
                                 "must compare the same columns",
                                 r->source, r->ncolumn, st->run[0].source, st->ncolumn);
    return NHREF_OK;
}

/* every run has a WHAT (X[k] not NaN), or none; positive and distinct */
static int check_all_or_none(nhref_verify_t *v, const nhref_verify_study_t *st, int step, int *has)
{
    const char *what = step ? "step" : "cost";
    size_t with = 0, without = 0;
    for (size_t k = 0; k < st->nrun; k++) {
        double x = step ? st->run[k].step : st->run[k].cost;
        if (isnan(x))
            without = k + 1;
        else
            with = k + 1;
    }
    *has = without == 0;
    if (with != 0 && without != 0)
        return nhref_verify_fail(v, NHREF_EINVAL,
                                 "%s has a %s and %s has none: give every run its %s (a '# %s: "
                                 "...' line%s, or --%ss) or none",
                                 st->run[with - 1].source, what, st->run[without - 1].source, what,
                                 what, step ? "" : " or a column 'cost'", what);
    for (size_t k = 0; *has && k < st->nrun; k++)
        for (size_t i = 0; i < k; i++) {
            double a = step ? st->run[i].step : st->run[i].cost;
            double b = step ? st->run[k].step : st->run[k].cost;
            if (a == b)
                return nhref_verify_fail(v, NHREF_EINVAL,
                                         "%s and %s have the same %s %.17g: no order can be "
                                         "observed between them",
                                         st->run[i].source, st->run[k].source, what, a);
        }
    return NHREF_OK;
}

int nhref_verify_study(nhref_verify_study_t **stp, nhref_verify_t *v, size_t nrun,
                       const char *const *paths, const double *step, const double *cost)
{
    nhref_verify_study_t *st;
    int status = NHREF_OK;
    size_t nc;

    *stp = NULL;
    v->err[0] = '\0';
    if (v->model == NULL)
        return nhref_verify_fail(v, NHREF_EINVAL, "no reference: set a model or a golden file");
    if (nrun < 2 || paths == NULL)
        return nhref_verify_fail(v, NHREF_EINVAL,
                                 "a study needs at least 2 runs (got %zu): runs at decreasing "
                                 "steps or tolerances",
                                 nrun);
    for (size_t k = 0; k < nrun; k++) {
        const char *what = NULL;
        if (paths[k] == NULL)
            return nhref_verify_fail(v, NHREF_EINVAL, "run %zu: no file", k + 1);
        if (step != NULL && !isnan(step[k]) && !(isfinite(step[k]) && step[k] > 0))
            what = "step";
        else if (cost != NULL && !isnan(cost[k]) && !(isfinite(cost[k]) && cost[k] > 0))
            what = "cost";
        if (what != NULL)
            return nhref_verify_fail(v, NHREF_EINVAL,
                                     "run %zu (%s): the %s %g is not a positive finite number",
                                     k + 1, paths[k], what, what[0] == 's' ? step[k] : cost[k]);
    }
    if ((st = calloc(1, sizeof *st)) == NULL || (st->run = calloc(nrun, sizeof *st->run)) == NULL) {
        free(st);
        return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    }
    st->nrun = nrun;
    for (size_t k = 0; k < nrun && status == NHREF_OK; k++) {
        if ((st->run[k].source = nhref_strdup(paths[k])) == NULL)
            status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        else
            status = study_run(st->run + k, v, paths[k], step != NULL ? step[k] : NAN,
                               cost != NULL ? cost[k] : NAN);
    }
    if (status != NHREF_OK)
        goto fail;

    nc = st->run[0].report->ncolumn;
    st->ncolumn = nc;
    st->ref_digits = st->run[0].report->digits;
    if ((st->model = nhref_strdup(st->run[0].report->model)) == NULL ||
        (st->column = calloc(nc ? nc : 1, sizeof *st->column)) == NULL ||
        (st->digits = calloc(nrun * (nc ? nc : 1), sizeof *st->digits)) == NULL ||
        (st->order = calloc(nrun * (nc ? nc : 1), sizeof *st->order)) == NULL ||
        (st->slope = calloc(nrun * (nc ? nc : 1), sizeof *st->slope)) == NULL ||
        (st->min_order = calloc(nrun, sizeof *st->min_order)) == NULL ||
        (st->min_slope = calloc(nrun, sizeof *st->min_slope)) == NULL) {
        status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        goto fail;
    }
    for (size_t j = 0; j < nc; j++)
        if ((st->column[j] = nhref_strdup(st->run[0].report->column[j].compared_as)) == NULL) {
            status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
            goto fail;
        }
    for (size_t k = 0; k < nrun && status == NHREF_OK; k++)
        status = same_columns(v, st, k);
    if (status == NHREF_OK)
        status = check_all_or_none(v, st, 1, &st->has_step);
    if (status == NHREF_OK)
        status = check_all_or_none(v, st, 0, &st->has_cost);
    if (status != NHREF_OK)
        goto fail;

    for (size_t k = 0; k < nrun; k++) {
        nhref_verify_study_run_t *r = st->run + k;
        r->min_digits = INFINITY;
        for (size_t j = 0; j < nc; j++) {
            double d = st->digits[k * nc + j];
            r->min_digits = isnan(d) ? d : fmin(r->min_digits, d);
            if (d > st->ref_digits - 2 && d < NHREF_ORACLE_DIGITS_EXACT)
                st->near_reference = 1;
        }
    }
    for (size_t k = 0; k < nrun; k++) {
        double lh = NAN, lc = NAN;
        if (k > 0 && st->has_step)
            lh = log10(st->run[k - 1].step / st->run[k].step);
        if (k > 0 && st->has_cost)
            lc = log10(st->run[k].cost / st->run[k - 1].cost);
        for (size_t j = 0; j < nc; j++) {
            double d0 = k > 0 ? st->digits[(k - 1) * nc + j] : NAN, d1 = st->digits[k * nc + j];
            st->order[k * nc + j] = rate(d0, d1, lh);
            st->slope[k * nc + j] = rate(d0, d1, lc);
        }
        st->min_order[k] = k > 0 ? rate(st->run[k - 1].min_digits, st->run[k].min_digits, lh) : NAN;
        st->min_slope[k] = k > 0 ? rate(st->run[k - 1].min_digits, st->run[k].min_digits, lc) : NAN;
    }
    *stp = st;
    return NHREF_OK;

fail:
    nhref_verify_study_free(st);
    return status;
}

/* ------------------------------------------------------------------ JSON */
static json_t *jnum(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *jstr(const char *s)
{
    json_t *j = s != NULL ? json_string(s) : json_null();
    return j != NULL ? j : json_string("?"); /* not UTF-8 */
}

int nhref_verify_study_write_json(FILE *out, const nhref_verify_study_t *st)
{
    json_t *root = json_object(), *cols = json_array(), *runs = json_array();
    size_t nc = st->ncolumn;
    int rc;

    if (root == NULL || cols == NULL || runs == NULL) {
        json_decref(root);
        json_decref(cols);
        json_decref(runs);
        return NHREF_ENOMEM;
    }
    json_object_set_new(root, "schema", jstr("nhref-verify-study/1"));
    json_object_set_new(root, "nhref", jstr(nhref_version()));
    json_object_set_new(root, "model", jstr(st->model));
    json_object_set_new(root, "reference_digits", jnum(st->ref_digits));
    json_object_set_new(root, "order_from", st->has_step ? jstr("step") : json_null());
    json_object_set_new(root, "slope_from", st->has_cost ? jstr("cost") : json_null());
    json_object_set_new(root, "near_reference", json_boolean(st->near_reference));
    for (size_t j = 0; j < nc; j++)
        json_array_append_new(cols, jstr(st->column[j]));
    json_object_set_new(root, "columns", cols);
    for (size_t k = 0; k < st->nrun; k++) {
        const nhref_verify_study_run_t *r = st->run + k;
        json_t *o = json_object(), *per = json_array();
        json_object_set_new(o, "source", jstr(r->source));
        json_object_set_new(o, "step", jnum(r->step));
        json_object_set_new(o, "step_from", jstr(r->step_from));
        json_object_set_new(o, "cost", jnum(r->cost));
        json_object_set_new(o, "cost_from", jstr(r->cost_from));
        json_object_set_new(o, "pass", json_boolean(r->report->pass));
        json_object_set_new(o, "summary", jstr(r->report->summary));
        json_object_set_new(o, "min_digits",
                            r->min_digits < NHREF_ORACLE_DIGITS_EXACT ? jnum(r->min_digits)
                                                                      : json_null());
        json_object_set_new(o, "min_order", jnum(st->min_order[k]));
        json_object_set_new(o, "min_slope", jnum(st->min_slope[k]));
        for (size_t j = 0; j < nc; j++) {
            json_t *c = json_object();
            double d = st->digits[k * nc + j];
            json_object_set_new(c, "name", jstr(st->column[j]));
            json_object_set_new(c, "digits", d < NHREF_ORACLE_DIGITS_EXACT ? jnum(d) : json_null());
            json_object_set_new(c, "exact", json_boolean(d >= NHREF_ORACLE_DIGITS_EXACT));
            json_object_set_new(c, "order", jnum(st->order[k * nc + j]));
            json_object_set_new(c, "slope", jnum(st->slope[k * nc + j]));
            json_array_append_new(per, c);
        }
        json_object_set_new(o, "columns", per);
        json_object_set_new(o, "report", nhref_verify_report_to_json(r->report));
        json_array_append_new(runs, o);
    }
    json_object_set_new(root, "runs", runs);
    rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(root);
    if (rc != 0 || fputc('\n', out) == EOF || fflush(out) != 0 || ferror(out))
        return NHREF_EIO;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ CSV */
static void csv_num(FILE *out, double x)
{
    if (isnan(x))
        fputs(",nan", out);
    else if (x >= NHREF_ORACLE_DIGITS_EXACT || x == INFINITY)
        fputs(",inf", out);
    else if (x == -INFINITY)
        fputs(",-inf", out);
    else
        fprintf(out, ",%.17g", x);
}

/* S as a CSV field: quoted (RFC 4180) when it holds the separator, a quote or a line end */
static void csv_field(FILE *out, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s != '\0'; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

int nhref_verify_study_write_csv(FILE *out, const nhref_verify_study_t *st)
{
    size_t nc = st->ncolumn;
    fputs("run,source,step,cost,min_digits,min_order,min_slope", out);
    for (size_t j = 0; j < nc; j++) {
        fputs(",digits_", out);
        csv_field(out, st->column[j]);
        fputs(",order_", out);
        csv_field(out, st->column[j]);
        fputs(",slope_", out);
        csv_field(out, st->column[j]);
    }
    fputc('\n', out);
    for (size_t k = 0; k < st->nrun; k++) {
        const nhref_verify_study_run_t *r = st->run + k;
        fprintf(out, "%zu,", k + 1);
        csv_field(out, r->source);
        csv_num(out, r->step);
        csv_num(out, r->cost);
        csv_num(out, r->min_digits);
        csv_num(out, st->min_order[k]);
        csv_num(out, st->min_slope[k]);
        for (size_t j = 0; j < nc; j++) {
            csv_num(out, st->digits[k * nc + j]);
            csv_num(out, st->order[k * nc + j]);
            csv_num(out, st->slope[k * nc + j]);
        }
        fputc('\n', out);
    }
    if (fflush(out) != 0 || ferror(out))
        return NHREF_EIO;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the study's page */
/* one table of VALUES (nrun x ncolumn, from run FIRST on) with the runs' minimum */
static void html_table(FILE *out, const char *id, const nhref_verify_study_t *st,
                       const double *values, const double *min, size_t first, int arrows)
{
    char d[32];
    fprintf(out, "<table id=\"%s\">\n<tr><th>column</th>", id);
    for (size_t k = first; k < st->nrun; k++) {
        if (arrows)
            fprintf(out, "<th>%zu&rarr;%zu</th>", k, k + 1);
        else
            fprintf(out, "<th>run %zu</th>", k + 1);
    }
    fputs("</tr>\n", out);
    for (size_t j = 0; j <= st->ncolumn; j++) {
        fputs("<tr><th>", out);
        nhref_verify_xml_escaped(out, j < st->ncolumn ? st->column[j] : "(minimum)");
        fputs("</th>", out);
        for (size_t k = first; k < st->nrun; k++) {
            double x = j < st->ncolumn ? values[k * st->ncolumn + j]
                       : min != NULL   ? min[k]
                                       : st->run[k].min_digits;
            fprintf(out, "<td class=\"num\">%s</td>",
                    isnan(x) ? "-" : nhref_verify_digits_text(d, sizeof d, x));
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
}

/* the digits of every column against X (the runs' steps or costs): one series each */
static void html_plot(FILE *out, const char *id, const nhref_verify_study_t *st, const double *xrun,
                      const char *xlabel, const char *title, char *note, size_t len)
{
    nhref_plot_series_t *s = calloc(st->ncolumn + 1, sizeof *s);
    double *x = malloc((st->nrun + 1) * sizeof *x);
    double *y = malloc((st->ncolumn * st->nrun + 1) * sizeof *y);
    nhref_plot_t p = {0};

    if (s == NULL || x == NULL || y == NULL) {
        fprintf(out,
                "<figure id=\"%s\"><p class=\"missing\">Plot missing: out of "
                "memory</p></figure>\n",
                id);
    } else {
        for (size_t k = 0; k < st->nrun; k++)
            x[k] = xrun[k];
        for (size_t j = 0; j < st->ncolumn; j++) {
            for (size_t k = 0; k < st->nrun; k++) { /* exact digits drawn at DREF */
                double dg = st->digits[k * st->ncolumn + j];
                y[j * st->nrun + k] = dg >= NHREF_ORACLE_DIGITS_EXACT ? st->ref_digits : dg;
            }
            s[j] = (nhref_plot_series_t){st->column[j], st->nrun, x, y + j * st->nrun, 0};
        }
        p.title = title;
        p.xlabel = xlabel;
        p.ylabel = "digits (-log10 of the worst relative error)";
        p.logx = 1;
        nhref_verify_html_figure(out, id, &p, st->ncolumn, s, note, len);
    }
    free(s);
    free(x);
    free(y);
}

int nhref_verify_study_write_html(FILE *out, const nhref_verify_study_t *st, char *note, size_t len)
{
    const nhref_verify_report_t *r0 = st->run[0].report;
    double *xs = malloc((st->nrun + 1) * sizeof *xs);
    char d[32], buf[160];

    if (len > 0)
        note[0] = '\0';
    if (xs == NULL)
        return NHREF_ENOMEM;
    nhref_verify_html_head(out, "nhref verify --study: ", st->model);
    fputs("<h1>nhref verify --study</h1>\n<p id=\"study\">", out);
    fprintf(out, "%zu runs against ", st->nrun);
    nhref_verify_xml_escaped(out, r0->model);
    fprintf(out, ", %s at %g digits (%ld bits), from t-start = ", r0->scheme, r0->digits, r0->prec);
    nhref_verify_xml_escaped(out, r0->t_start);
    if (r0->golden != NULL) {
        fputs(", as defined by ", out);
        nhref_verify_xml_escaped(out, r0->golden);
    }
    fputs(".", out);
    if (st->has_step)
        fprintf(out,
                " Observed order (minimum digits) between the last two runs: "
                "<span id=\"order\">%s</span>.",
                isnan(st->min_order[st->nrun - 1])
                    ? "-"
                    : nhref_verify_digits_text(d, sizeof d, st->min_order[st->nrun - 1]));
    fputs("</p>\n", out);
    if (st->near_reference)
        fprintf(out,
                "<p class=\"missing\">A run agrees with the reference to within 2 of its %g "
                "digits: orders there measure the reference; raise --digits.</p>\n",
                st->ref_digits);

    fputs("<h2>Runs</h2>\n<table id=\"runs\">\n<tr><th>run</th><th>file</th><th>step</th>"
          "<th>cost</th><th>min digits</th><th>verdict (as nhref verify judges it)</th></tr>\n",
          out);
    for (size_t k = 0; k < st->nrun; k++) {
        const nhref_verify_study_run_t *r = st->run + k;
        fprintf(out, "<tr class=\"%s\"><td class=\"num\">%zu</td><td>",
                r->report->pass ? "pass" : "fail", k + 1);
        nhref_verify_xml_escaped(out, r->source);
        snprintf(buf, sizeof buf, "%.6g", r->step);
        fprintf(out, "</td><td class=\"num\">%s</td>", isnan(r->step) ? "-" : buf);
        snprintf(buf, sizeof buf, "%.6g", r->cost);
        fprintf(out, "<td class=\"num\">%s</td><td class=\"num\">%s</td><td>",
                isnan(r->cost) ? "-" : buf, nhref_verify_digits_text(d, sizeof d, r->min_digits));
        nhref_verify_xml_escaped(out, r->report->summary);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n<h2>Digits of each run</h2>\n", out);
    html_table(out, "digits", st, st->digits, NULL, 0, 0);
    if (st->has_step) {
        fputs("<h2>Observed order</h2>\n<p>p = (d<sub>k</sub> &minus; d<sub>k&minus;1</sub>) / "
              "log10(h<sub>k&minus;1</sub> / h<sub>k</sub>)</p>\n",
              out);
        html_table(out, "orders", st, st->order, st->min_order, 1, 1);
        for (size_t k = 0; k < st->nrun; k++)
            xs[k] = st->run[k].step;
        html_plot(out, "digits-vs-step", st, xs, "step h", "digits vs step", note, len);
    }
    if (st->has_cost) {
        fputs("<h2>Work and precision</h2>\n<p>s = (d<sub>k</sub> &minus; "
              "d<sub>k&minus;1</sub>) / log10(c<sub>k</sub> / c<sub>k&minus;1</sub>), digits "
              "per decade of cost</p>\n",
              out);
        html_table(out, "slopes", st, st->slope, st->min_slope, 1, 1);
        for (size_t k = 0; k < st->nrun; k++)
            xs[k] = st->run[k].cost;
        html_plot(out, "digits-vs-cost", st, xs, "cost", "digits vs cost", note, len);
    }
    if (!st->has_step && !st->has_cost) {
        for (size_t k = 0; k < st->nrun; k++)
            xs[k] = (double)(k + 1);
        fputs("<p>No steps and no costs: the digits only.</p>\n", out);
        html_plot(out, "digits-vs-run", st, xs, "run", "digits of each run", note, len);
    }
    fprintf(out, "<p>nhref %s</p>\n</body>\n</html>\n", nhref_version());
    free(xs);
    return fflush(out) != 0 || ferror(out) ? NHREF_EIO : NHREF_OK;
}
