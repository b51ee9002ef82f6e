/* report.c -- the verification report: freeing it, and writing it as JSON
 * (jansson; schema "nhref-verify/1", docs/verify.md) and as JUnit XML. */
#include "nhref_verify.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nhref.h"
#include "verify_internal.h"

static void free_strings(char **s, size_t n)
{
    if (s == NULL)
        return;
    for (size_t i = 0; i < n; i++)
        free(s[i]);
    free(s);
}

void nhref_verify_report_free(nhref_verify_report_t *rep)
{
    if (rep == NULL)
        return;
    free(rep->summary);
    free(rep->source);
    free_strings(rep->not_compared, rep->nnot_compared);
    free(rep->model);
    free(rep->golden);
    free(rep->scheme);
    free_strings(rep->param_name, rep->nparam);
    free_strings(rep->param_value, rep->nparam);
    free_strings(rep->init_name, rep->ninit);
    free_strings(rep->init_value, rep->ninit);
    free(rep->t_start);
    for (int d = 0; d < 2; d++) {
        free(rep->end[d].event);
        free(rep->end[d].t_end);
        free(rep->end[d].why);
    }
    free(rep->proven.event);
    free(rep->proven.t_end);
    free(rep->proven.why);
    free(rep->closed_form_note);
    free(rep->closed_form_worst);
    if (rep->column != NULL)
        for (size_t j = 0; j < rep->ncolumn; j++) {
            free(rep->column[j].name);
            free(rep->column[j].row_error);
            free(rep->column[j].row_digits);
            free(rep->column[j].row_dist);
            free(rep->column[j].row_outside);
            free(rep->column[j].defined_as);
        }
    free(rep->column);
    free(rep->drift_note);
    for (size_t k = 0; rep->drift != NULL && k < rep->ndrift; k++) {
        free(rep->drift[k].row_drift);
        free(rep->drift[k].skipped);
    }
    free(rep->drift);
    free(rep->row);
    free(rep->row_line);
    free(rep->row_t);
    free(rep->row_where);
    free(rep->chart);
    free(rep->chart_hint);
    free(rep);
}

int nhref_verify_report_series(double *out, const nhref_verify_report_t *rep,
                               nhref_verify_series_t what, const char *name)
{
    const double *src = NULL;
    const signed char *sc = NULL;
    if (rep == NULL || !rep->errors)
        return NHREF_EINVAL;
    if (what >= NHREF_VERIFY_SERIES_ERROR && what <= NHREF_VERIFY_SERIES_OUTSIDE) {
        const nhref_verify_column_t *c = NULL;
        for (size_t j = 0; j < rep->ncolumn && c == NULL && name != NULL; j++)
            if (strcmp(rep->column[j].name, name) == 0)
                c = rep->column + j;
        if (c == NULL)
            return NHREF_ENOTFOUND;
        src = what == NHREF_VERIFY_SERIES_ERROR    ? c->row_error
              : what == NHREF_VERIFY_SERIES_DIGITS ? c->row_digits
              : what == NHREF_VERIFY_SERIES_DIST   ? c->row_dist
                                                   : NULL;
        sc = what == NHREF_VERIFY_SERIES_OUTSIDE ? c->row_outside : NULL;
        if (src == NULL && sc == NULL)
            return NHREF_EINVAL;
    } else if (what == NHREF_VERIFY_SERIES_DRIFT) {
        const nhref_verify_drift_t *d = NULL;
        for (size_t k = 0; k < rep->ndrift && d == NULL && name != NULL; k++)
            if (strcmp(rep->drift[k].name, name) == 0)
                d = rep->drift + k;
        if (d == NULL)
            return NHREF_ENOTFOUND;
        if ((src = d->row_drift) == NULL)
            return NHREF_EINVAL;
    } else if (what != NHREF_VERIFY_SERIES_T && what != NHREF_VERIFY_SERIES_LINE &&
               what != NHREF_VERIFY_SERIES_ROW && what != NHREF_VERIFY_SERIES_WHERE) {
        return NHREF_EINVAL;
    }
    for (size_t i = 0; i < rep->nrows; i++)
        out[i] = src != NULL                        ? src[i]
                 : sc != NULL                       ? (double)sc[i]
                 : what == NHREF_VERIFY_SERIES_T    ? rep->row_t[i]
                 : what == NHREF_VERIFY_SERIES_LINE ? (double)rep->row_line[i]
                 : what == NHREF_VERIFY_SERIES_ROW  ? (double)rep->row[i]
                                                    : (double)rep->row_where[i];
    return NHREF_OK;
}

/* ------------------------------------------------------------------ JSON */
/* a JSON string of S (NULL: null); bytes that are not UTF-8 become '?' */
static json_t *jstr(const char *s)
{
    json_t *j;
    char *copy;
    if (s == NULL)
        return json_null();
    if ((j = json_string(s)) != NULL)
        return j;
    if ((copy = malloc(strlen(s) + 1)) == NULL)
        return NULL;
    for (size_t i = 0; s[i] != '\0'; i++)
        copy[i] = (unsigned char)s[i] < 0x80 ? s[i] : '?';
    copy[strlen(s)] = '\0';
    j = json_string(copy);
    free(copy);
    return j;
}

/* a JSON number of X, null if not finite */
static json_t *jnum(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

/* digits: a number, or null with "exact" for an exact match (-inf: null, not exact) */
static void jdigits(json_t *o, double d)
{
    json_object_set_new(o, "digits", d < NHREF_ORACLE_DIGITS_EXACT ? jnum(d) : json_null());
    json_object_set_new(o, "exact", json_boolean(d >= NHREF_ORACLE_DIGITS_EXACT));
}

static json_t *jwhere(const nhref_verify_where_t *w)
{
    json_t *o = json_object();
    json_object_set_new(o, "row", json_integer((json_int_t)w->row));
    json_object_set_new(o, "line", w->line > 0 ? json_integer((json_int_t)w->line) : json_null());
    json_object_set_new(o, "t", jnum(w->t));
    json_object_set_new(o, "t_text", jstr(w->t_str));
    return o;
}

static const char *outcome_name(nhref_outcome_t o)
{
    switch (o) {
    case NHREF_OUTCOME_REACHED:
        return "reached";
    case NHREF_OUTCOME_EVENT:
        return "event";
    case NHREF_OUTCOME_BLOWUP:
        return "blowup";
    case NHREF_OUTCOME_FAILED:
        return "failed";
    case NHREF_OUTCOME_UNDERFLOW:
        return "underflow";
    case NHREF_OUTCOME_UNPROVEN:
        return "unproven";
    default:
        return "none";
    }
}

static json_t *jend(const nhref_verify_end_t *e)
{
    json_t *o;
    if (!e->used)
        return json_null();
    o = json_object();
    json_object_set_new(o, "outcome", jstr(outcome_name(e->outcome)));
    json_object_set_new(o, "t_end", jstr(e->t_end));
    json_object_set_new(o, "event", jstr(e->event));
    json_object_set_new(o, "t_blowup", jnum(e->t_blowup));
    json_object_set_new(o, "error", e->status != NHREF_OK ? jstr(nhref_strerror(e->status))
                                                          : json_null());
    json_object_set_new(o, "why", jstr(e->why));
    json_object_set_new(o, "rows_beyond", json_integer((json_int_t)e->nbeyond));
    json_object_set_new(o, "first_beyond", e->nbeyond > 0 ? jwhere(&e->first_beyond) : json_null());
    json_object_set_new(o, "rows_at_end", json_integer((json_int_t)e->nat_end));
    return o;
}

static const char *proof_name(nhref_verify_proof_t p)
{
    switch (p) {
    case NHREF_VERIFY_PROOF_PASS:
        return "proven-pass";
    case NHREF_VERIFY_PROOF_FAIL:
        return "proven-fail";
    case NHREF_VERIFY_PROOF_UNDECIDED:
        return "undecided";
    default:
        return "none";
    }
}

/* the proven run (rigorous mode), or null */
static json_t *jproven(const nhref_verify_proven_t *p)
{
    json_t *o;
    if (!p->ran)
        return json_null();
    o = json_object();
    json_object_set_new(o, "outcome", jstr(outcome_name(p->outcome)));
    json_object_set_new(o, "t_end", jstr(p->t_end));
    json_object_set_new(o, "event", jstr(p->event));
    json_object_set_new(o, "error", p->status != NHREF_OK ? jstr(nhref_strerror(p->status))
                                                          : json_null());
    json_object_set_new(o, "why", jstr(p->why));
    json_object_set_new(o, "steps", json_integer((json_int_t)p->nsteps));
    json_object_set_new(o, "order", json_integer((json_int_t)p->order));
    json_object_set_new(o, "precision_bits", json_integer(p->prec));
    json_object_set_new(o, "grid_times", json_integer((json_int_t)p->grid));
    json_object_set_new(o, "rows_at_event", json_integer((json_int_t)p->rows_at_event));
    json_object_set_new(o, "rows_not_enclosed", json_integer((json_int_t)p->not_enclosed));
    json_object_set_new(o, "first_not_enclosed",
                        p->not_enclosed > 0 ? jwhere(&p->first_not_enclosed) : json_null());
    return o;
}

/* a column's rigorous judgement, or null */
static json_t *jcolumn_proof(const nhref_verify_column_t *c)
{
    json_t *o, *out;
    if (c->proof == NHREF_VERIFY_PROOF_NONE)
        return json_null();
    o = json_object();
    json_object_set_new(o, "verdict", jstr(proof_name(c->proof)));
    if (c->enclosed > 0)
        jdigits(o, c->proven_digits);
    else {
        json_object_set_new(o, "digits", json_null());
        json_object_set_new(o, "exact", json_false());
    }
    json_object_set_new(o, "worst", c->enclosed > 0 ? jwhere(&c->proven_worst) : json_null());
    json_object_set_new(o, "rows_enclosed", json_integer((json_int_t)c->enclosed));
    json_object_set_new(o, "rows_not_enclosed", json_integer((json_int_t)c->not_enclosed));
    json_object_set_new(o, "first_not_enclosed",
                        c->not_enclosed > 0 ? jwhere(&c->first_not_enclosed) : json_null());
    json_object_set_new(o, "max_radius", jnum(c->max_radius));
    json_object_set_new(o, "max_rel_radius", jnum(c->max_rel_radius));
    json_object_set_new(o, "max_radius_at", c->enclosed > 0 ? jwhere(&c->max_radius_at)
                                                           : json_null());
    json_object_set_new(o, "outside", json_integer((json_int_t)c->outside));
    if (c->outside > 0) {
        out = json_object();
        json_object_set_new(out, "where", jwhere(&c->first_outside));
        json_object_set_new(out, "value", jnum(c->outside_value));
        json_object_set_new(out, "mid", jnum(c->outside_mid));
        json_object_set_new(out, "radius", jnum(c->outside_radius));
        json_object_set_new(out, "distance", jnum(c->outside_distance));
        json_object_set_new(out, "allowed", jnum(c->outside_allowed));
        json_object_set_new(o, "first_outside", out);
    } else {
        json_object_set_new(o, "first_outside", json_null());
    }
    return o;
}

/* A series of REP (errors mode): Y over the compared rows (row_where not BEYOND),
 * cut by nhref_verify_decimate (KEEP_MAX as there) to NHREF_VERIFY_SERIES_MAX
 * points: {"t": [...], "row": [...], "line": [...], NAME: [...]}; digits of an
 * exact match as NHREF_ORACLE_DIGITS_EXACT, other values that are not finite as
 * null. */
static json_t *jseries(const nhref_verify_report_t *rep, const double *y, const char *name,
                       int keep_max)
{
    size_t n = 0, nk;
    size_t *idx = malloc((rep->nrows ? rep->nrows : 1) * sizeof *idx);
    double *yy = malloc((rep->nrows ? rep->nrows : 1) * sizeof *yy);
    size_t *keep = malloc((rep->nrows ? rep->nrows : 1) * sizeof *keep);
    json_t *o = NULL, *jt, *jr, *jl, *jy;
    if (idx == NULL || yy == NULL || keep == NULL)
        goto out;
    for (size_t i = 0; i < rep->nrows; i++)
        if (rep->row_where[i] != NHREF_VERIFY_ROW_BEYOND) {
            idx[n] = i;
            yy[n++] = y[i];
        }
    nk = nhref_verify_decimate(keep, yy, n, NHREF_VERIFY_SERIES_MAX, keep_max);
    o = json_object();
    jt = json_array();
    jr = json_array();
    jl = json_array();
    jy = json_array();
    for (size_t k = 0; k < nk; k++) {
        size_t i = idx[keep[k]];
        double val = y[i];
        json_array_append_new(jt, jnum(rep->row_t[i]));
        json_array_append_new(jr, json_integer((json_int_t)rep->row[i]));
        json_array_append_new(jl, rep->row_line[i] > 0 ? json_integer((json_int_t)rep->row_line[i])
                                                       : json_null());
        json_array_append_new(jy, val >= NHREF_ORACLE_DIGITS_EXACT
                                      ? json_real(NHREF_ORACLE_DIGITS_EXACT)
                                      : jnum(val));
    }
    json_object_set_new(o, "points", json_integer((json_int_t)nk));
    json_object_set_new(o, "rows", json_integer((json_int_t)n));
    json_object_set_new(o, "t", jt);
    json_object_set_new(o, "row", jr);
    json_object_set_new(o, "line", jl);
    json_object_set_new(o, name, jy);
out:
    free(idx);
    free(yy);
    free(keep);
    return o != NULL ? o : json_null();
}

/* the "series" member: null unless errors mode */
static json_t *jseries_all(const nhref_verify_report_t *rep)
{
    json_t *o, *cols, *ints;
    if (!rep->errors)
        return json_null();
    o = json_object();
    json_object_set_new(o, "max_points", json_integer(NHREF_VERIFY_SERIES_MAX));
    json_object_set_new(o, "rule",
                        jstr("rows beyond the reference's end left out; above "
                             "max_points rows, consecutive rows in max_points "
                             "buckets, each keeping its row of the least digits "
                             "(of the largest |drift| for an integral)"));
    cols = json_object();
    for (size_t j = 0; j < rep->ncolumn; j++)
        json_object_set_new(cols, rep->column[j].name,
                            jseries(rep, rep->column[j].row_digits, "digits", 0));
    json_object_set_new(o, "columns", cols);
    ints = json_object();
    for (size_t k = 0; rep->drift_computed && k < rep->ndrift; k++)
        if (rep->drift[k].defined && rep->drift[k].row_drift != NULL)
            json_object_set_new(ints, rep->drift[k].name,
                                jseries(rep, rep->drift[k].row_drift, "drift", 1));
    json_object_set_new(o, "drift", ints);
    return o;
}

static json_t *report_json(const nhref_verify_report_t *rep)
{
    json_t *root = json_object(), *in, *ref, *params, *init, *nc, *cf, *cols, *dr, *ints;
    const char *cf_status[] = {"unavailable", "none-for-these-values", "none", "checked"};
    char sep[2] = {rep->sep, '\0'};

    if (root == NULL)
        return NULL;
    json_object_set_new(root, "schema", jstr("nhref-verify/1"));
    json_object_set_new(root, "nhref", jstr(nhref_version()));
    json_object_set_new(root, "pass", json_boolean(rep->pass));
    json_object_set_new(root, "summary", jstr(rep->summary));
    json_object_set_new(root, "level", jstr(rep->level != NULL ? rep->level : "VALIDATED"));
    json_object_set_new(root, "min_digits", jnum(rep->min_digits));

    in = json_object();
    json_object_set_new(in, "source", jstr(rep->source));
    json_object_set_new(in, "rows", json_integer((json_int_t)rep->nrows));
    json_object_set_new(in, "first", jwhere(&rep->first));
    json_object_set_new(in, "last", jwhere(&rep->last));
    json_object_set_new(in, "separator", rep->sep ? jstr(sep) : json_null());
    json_object_set_new(in, "index_column_dropped", json_boolean(rep->index_dropped));
    nc = json_array();
    for (size_t i = 0; i < rep->nnot_compared; i++)
        json_array_append_new(nc, jstr(rep->not_compared[i]));
    json_object_set_new(in, "not_compared", nc);
    json_object_set_new(in, "chart", jstr(rep->chart));
    json_object_set_new(in, "chart_hint", jstr(rep->chart_hint));
    json_object_set_new(root, "input", in);

    ref = json_object();
    json_object_set_new(ref, "model", jstr(rep->model));
    json_object_set_new(ref, "golden", jstr(rep->golden));
    json_object_set_new(ref, "scheme", jstr(rep->scheme));
    json_object_set_new(ref, "digits", jnum(rep->digits));
    json_object_set_new(ref, "precision_bits", json_integer(rep->prec));
    json_object_set_new(ref, "digits_raised", json_boolean(rep->digits_raised));
    params = json_object();
    for (size_t k = 0; k < rep->nparam; k++)
        json_object_set_new(params, rep->param_name[k], jstr(rep->param_value[k]));
    json_object_set_new(ref, "params", params);
    init = json_object();
    for (size_t k = 0; k < rep->ninit; k++)
        json_object_set_new(init, rep->init_name[k], jstr(rep->init_value[k]));
    json_object_set_new(ref, "init", init);
    json_object_set_new(ref, "t_start", jstr(rep->t_start));
    json_object_set_new(ref, "steps", json_integer((json_int_t)rep->nsteps));
    json_object_set_new(ref, "backward", jend(rep->end));
    json_object_set_new(ref, "forward", jend(rep->end + 1));
    json_object_set_new(ref, "proven", jproven(&rep->proven));
    json_object_set_new(root, "reference", ref);

    cf = json_object();
    json_object_set_new(cf, "status", jstr(cf_status[rep->closed_form + 2]));
    json_object_set_new(cf, "note", jstr(rep->closed_form_note));
    if (rep->closed_form == 1) {
        jdigits(cf, rep->closed_form_digits);
        json_object_set_new(cf, "worst_column", jstr(rep->closed_form_worst));
        json_object_set_new(cf, "worst", jwhere(&rep->closed_form_at));
    } else {
        json_object_set_new(cf, "digits", json_null());
        json_object_set_new(cf, "exact", json_false());
        json_object_set_new(cf, "worst_column", json_null());
        json_object_set_new(cf, "worst", json_null());
    }
    json_object_set_new(cf, "samples", json_integer((json_int_t)rep->closed_form_samples));
    json_object_set_new(cf, "warning", json_boolean(rep->closed_form_warning));
    json_object_set_new(root, "closed_form", cf);

    cols = json_array();
    for (size_t j = 0; j < rep->ncolumn; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        json_t *o = json_object();
        json_object_set_new(o, "name", jstr(c->name));
        json_object_set_new(o, "compared_as", jstr(c->compared_as));
        json_object_set_new(o, "defined_as", jstr(c->defined_as));
        json_object_set_new(o, "wrapped", json_boolean(c->wrapped));
        json_object_set_new(o, "wrapped_rows", json_integer((json_int_t)c->wrapped_rows));
        json_object_set_new(o, "off_by_2pi", json_integer((json_int_t)c->off_by_2pi));
        json_object_set_new(o, "kind", jstr(c->kind == NHREF_VERIFY_STATE ? "state" : "integral"));
        json_object_set_new(o, "max_error", jnum(c->max_error));
        jdigits(o, c->digits);
        json_object_set_new(o, "min_digits", jnum(c->min_digits));
        json_object_set_new(o, "threshold_named", json_boolean(c->named));
        json_object_set_new(o, "pass", json_boolean(c->pass));
        json_object_set_new(o, "level", jstr(c->level != NULL ? c->level : "VALIDATED"));
        json_object_set_new(o, "rigorous", jcolumn_proof(c));
        json_object_set_new(o, "worst", jwhere(&c->worst));
        json_object_set_new(o, "rows", json_integer((json_int_t)c->rows));
        json_object_set_new(o, "nan_rows", json_integer((json_int_t)c->nan_rows));
        /* significant digits where 0 < |reference| < 1 (null: no such row; exact: null
         * digits as above) */
        if (c->sig_rows > 0) {
            json_t *sg = json_object();
            json_object_set_new(sg, "digits", c->sig_digits < NHREF_ORACLE_DIGITS_EXACT
                                                  ? jnum(c->sig_digits)
                                                  : json_null());
            json_object_set_new(sg, "exact",
                                json_boolean(c->sig_digits >= NHREF_ORACLE_DIGITS_EXACT));
            json_object_set_new(sg, "rows", json_integer((json_int_t)c->sig_rows));
            json_object_set_new(sg, "worst", jwhere(&c->sig_worst));
            json_object_set_new(o, "significant", sg);
        } else {
            json_object_set_new(o, "significant", json_null());
        }
        json_array_append_new(cols, o);
    }
    json_object_set_new(root, "columns", cols);

    dr = json_object();
    json_object_set_new(dr, "computed", json_boolean(rep->drift_computed));
    json_object_set_new(dr, "note", jstr(rep->drift_note));
    json_object_set_new(dr, "from", rep->drift_computed ? jwhere(&rep->drift_from) : json_null());
    json_object_set_new(dr, "precision_bits",
                        rep->drift_computed ? json_integer(rep->drift_prec) : json_null());
    ints = json_array();
    for (size_t k = 0; k < rep->ndrift; k++) {
        const nhref_verify_drift_t *d = rep->drift + k;
        int measured = rep->drift_computed && d->defined;
        json_t *o = json_object();
        json_object_set_new(o, "name", jstr(d->name));
        json_object_set_new(o, "holds", jstr(d->holds));
        json_object_set_new(o, "skipped", jstr(d->skipped));
        json_object_set_new(o, "defined", json_boolean(measured));
        json_object_set_new(o, "first_value", measured ? jnum(d->first_value) : json_null());
        json_object_set_new(o, "first_value_text", measured ? jstr(d->first_str) : json_null());
        json_object_set_new(o, "max_drift", measured ? jnum(d->max_drift) : json_null());
        if (measured)
            jdigits(o, d->digits);
        else {
            json_object_set_new(o, "digits", json_null());
            json_object_set_new(o, "exact", json_false());
        }
        json_object_set_new(o, "min_digits", jnum(d->min_digits));
        json_object_set_new(o, "pass", json_boolean(d->pass));
        json_object_set_new(o, "worst", measured ? jwhere(&d->worst) : json_null());
        json_object_set_new(o, "rows", json_integer((json_int_t)d->rows));
        json_object_set_new(o, "nan_rows", json_integer((json_int_t)d->nan_rows));
        json_array_append_new(ints, o);
    }
    json_object_set_new(dr, "integrals", ints);
    json_object_set_new(root, "drift", dr);
    json_object_set_new(root, "series", jseries_all(rep));
    return root;
}

size_t nhref_verify_report_json(char *buf, size_t len, const nhref_verify_report_t *rep)
{
    json_t *root = report_json(rep);
    char *s;
    size_t n;
    if (root == NULL)
        return 0;
    s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(root);
    if (s == NULL)
        return 0;
    n = strlen(s);
    if (len > 0) {
        size_t k = n < len - 1 ? n : len - 1;
        memcpy(buf, s, k);
        buf[k] = '\0';
    }
    free(s);
    return n;
}

int nhref_verify_report_write_json(FILE *out, const nhref_verify_report_t *rep)
{
    json_t *root = report_json(rep);
    int rc;
    if (root == NULL)
        return NHREF_ENOMEM;
    rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(root);
    if (rc != 0 || fputc('\n', out) == EOF || fflush(out) != 0 || ferror(out))
        return NHREF_EIO;
    return NHREF_OK;
}

json_t *nhref_verify_report_to_json(const nhref_verify_report_t *rep)
{
    return report_json(rep);
}

/* ------------------------------------------------------------------ JUnit XML */
/* S escaped for XML text and attributes; control characters and bytes that are
 * not ASCII dropped to '?' unless they form UTF-8 (kept as they are) */
void nhref_verify_xml_escaped(FILE *out, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        switch (*p) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&apos;", out);
            break;
        case '\n':
        case '\t':
            fputc(*p, out);
            break;
        default:
            if (*p < 0x20) {
                fputc('?', out);
            } else if (*p >= 0x80) {
                /* a well-formed UTF-8 sequence is copied, anything else is '?' */
                int n = (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
                int ok = n > 0;
                for (int k = 1; ok && k <= n; k++)
                    ok = (p[k] & 0xC0) == 0x80;
                if (ok) {
                    fwrite(p, 1, (size_t)n + 1, out);
                    p += n;
                } else {
                    fputc('?', out);
                }
            } else {
                fputc(*p, out);
            }
        }
    }
}

const char *nhref_verify_digits_text(char *buf, size_t len, double d)
{
    if (d >= NHREF_ORACLE_DIGITS_EXACT)
        snprintf(buf, len, "exact");
    else if (isinf(d))
        snprintf(buf, len, "%s", d < 0 ? "-inf" : "inf");
    else
        snprintf(buf, len, "%.2f", d);
    return buf;
}

static const char *where_text(char *buf, size_t len, const nhref_verify_where_t *w)
{
    if (w->line > 0)
        snprintf(buf, len, "t = %s, line %zu", w->t_str, w->line);
    else
        snprintf(buf, len, "t = %s, row %zu", w->t_str, w->row + 1);
    return buf;
}

/* a column's test case passes: its threshold, and in rigorous mode PROVEN PASS */
static int column_passes(const nhref_verify_column_t *c)
{
    return c->pass && (c->proof == NHREF_VERIFY_PROOF_NONE || c->proof == NHREF_VERIFY_PROOF_PASS);
}

int nhref_verify_report_write_junit(FILE *out, const nhref_verify_report_t *rep)
{
    size_t ntests = rep->ncolumn + 1, nfail = 0, nbeyond = rep->end[0].nbeyond + rep->end[1].nbeyond;
    char d[32], w[96], msg[1024];

    for (size_t k = 0; k < rep->ndrift; k++)
        ntests += !isnan(rep->drift[k].min_digits);
    nfail += nbeyond > 0;
    for (size_t j = 0; j < rep->ncolumn; j++)
        nfail += !column_passes(rep->column + j);
    for (size_t k = 0; k < rep->ndrift; k++)
        nfail += !isnan(rep->drift[k].min_digits) && !rep->drift[k].pass;

    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<testsuites name=\"nhref verify\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
            ntests, nfail);
    fprintf(out, "  <testsuite name=\"nhref verify ");
    nhref_verify_xml_escaped(out, rep->source);
    fprintf(out, " against ");
    nhref_verify_xml_escaped(out, rep->model);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\">\n", ntests, nfail);
    fprintf(out, "    <properties>\n");
    fprintf(out, "      <property name=\"model\" value=\"");
    nhref_verify_xml_escaped(out, rep->model);
    fprintf(out, "\"/>\n      <property name=\"reference digits\" value=\"%g\"/>\n", rep->digits);
    fprintf(out, "      <property name=\"min-digits\" value=\"%g\"/>\n", rep->min_digits);
    fprintf(out, "      <property name=\"rows\" value=\"%zu\"/>\n", rep->nrows);
    fprintf(out, "      <property name=\"level\" value=\"%s\"/>\n",
            rep->level != NULL ? rep->level : "VALIDATED");
    fprintf(out, "      <property name=\"verdict\" value=\"");
    nhref_verify_xml_escaped(out, rep->summary);
    fprintf(out, "\"/>\n    </properties>\n");

    /* the time range: rows beyond the reference's end */
    fprintf(out, "    <testcase classname=\"nhref.verify.");
    nhref_verify_xml_escaped(out, rep->model);
    fprintf(out, "\" name=\"time range\" time=\"0\">\n");
    if (nbeyond > 0) {
        const nhref_verify_end_t *e = rep->end[1].nbeyond > 0 ? rep->end + 1 : rep->end;
        snprintf(msg, sizeof msg, "%zu rows beyond the reference's end, %s (the first: %s)",
                 nbeyond, e->why != NULL ? e->why : "?",
                 where_text(w, sizeof w, &e->first_beyond));
        fprintf(out, "      <failure type=\"beyond-end\" message=\"");
        nhref_verify_xml_escaped(out, msg);
        fprintf(out, "\"/>\n");
    }
    fprintf(out, "    </testcase>\n");

    for (size_t j = 0; j < rep->ncolumn; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        fprintf(out, "    <testcase classname=\"nhref.verify.");
        nhref_verify_xml_escaped(out, rep->model);
        fprintf(out, "\" name=\"column ");
        nhref_verify_xml_escaped(out, c->name);
        fprintf(out, "\" time=\"0\">\n");
        snprintf(msg, sizeof msg, "%s: %s digits (max |error| %.3e, worst at %s), threshold %g",
                 c->name, nhref_verify_digits_text(d, sizeof d, c->digits), c->max_error,
                 where_text(w, sizeof w, &c->worst), c->min_digits);
        if (c->proof != NHREF_VERIFY_PROOF_NONE) {
            size_t used = strlen(msg);
            char pd[32];
            if (c->proof == NHREF_VERIFY_PROOF_FAIL)
                snprintf(msg + used, sizeof msg - used,
                         "; PROVEN WRONG at %s: %.17g lies at least %.3e from the enclosure "
                         "%.17g +- %.3g (%.3g allowed); %zu values outside",
                         where_text(w, sizeof w, &c->first_outside), c->outside_value,
                         c->outside_distance, c->outside_mid, c->outside_radius,
                         c->outside_allowed, c->outside);
            else if (c->proof == NHREF_VERIFY_PROOF_UNDECIDED && c->not_enclosed > 0)
                snprintf(msg + used, sizeof msg - used,
                         "; UNDECIDED: %zu rows not enclosed (the first at %s)", c->not_enclosed,
                         where_text(w, sizeof w, &c->first_not_enclosed));
            else
                snprintf(msg + used, sizeof msg - used,
                         "; %s: proven %s digits (worst at %s), "
                         "max radius %.3g",
                         c->proof == NHREF_VERIFY_PROOF_PASS ? "PROVEN PASS" : "UNDECIDED",
                         isnan(c->proven_digits)
                             ? "no"
                             : nhref_verify_digits_text(pd, sizeof pd, c->proven_digits),
                         where_text(w, sizeof w, &c->proven_worst), c->max_radius);
        }
        if (!column_passes(c)) {
            fprintf(out, "      <failure type=\"%s\" message=\"",
                    c->proof == NHREF_VERIFY_PROOF_FAIL ? "proven-wrong"
                    : !c->pass                          ? "digits"
                                                        : "undecided");
            nhref_verify_xml_escaped(out, msg);
            fprintf(out, "\"/>\n");
        } else {
            fprintf(out, "      <system-out>");
            nhref_verify_xml_escaped(out, msg);
            fprintf(out, "</system-out>\n");
        }
        fprintf(out, "    </testcase>\n");
    }
    for (size_t k = 0; k < rep->ndrift; k++) {
        const nhref_verify_drift_t *dr = rep->drift + k;
        if (isnan(dr->min_digits))
            continue;
        fprintf(out, "    <testcase classname=\"nhref.verify.");
        nhref_verify_xml_escaped(out, rep->model);
        fprintf(out, "\" name=\"drift ");
        nhref_verify_xml_escaped(out, dr->name);
        fprintf(out, "\" time=\"0\">\n");
        if (!rep->drift_computed || !dr->defined)
            snprintf(msg, sizeof msg, "drift of %s not measured (%s), threshold %g", dr->name,
                     !rep->drift_computed && rep->drift_note ? rep->drift_note
                     : dr->skipped != NULL                   ? dr->skipped
                                                             : "NaN at the first row",
                     dr->min_digits);
        else
            snprintf(msg, sizeof msg,
                     "drift of %s: %s digits (max %.3e, worst at %s), threshold %g", dr->name,
                     nhref_verify_digits_text(d, sizeof d, dr->digits), dr->max_drift,
                     where_text(w, sizeof w, &dr->worst), dr->min_digits);
        fprintf(out, dr->pass ? "      <system-out>" : "      <failure type=\"drift\" message=\"");
        nhref_verify_xml_escaped(out, msg);
        fprintf(out, dr->pass ? "</system-out>\n" : "\"/>\n");
        fprintf(out, "    </testcase>\n");
    }
    fprintf(out, "  </testsuite>\n</testsuites>\n");
    return fflush(out) != 0 || ferror(out) ? NHREF_EIO : NHREF_OK;
}

const char *nhref_verify_proof_str(nhref_verify_proof_t p)
{
    switch (p) {
    case NHREF_VERIFY_PROOF_PASS:
        return "PROVEN PASS";
    case NHREF_VERIFY_PROOF_FAIL:
        return "FAIL (proven)";
    case NHREF_VERIFY_PROOF_UNDECIDED:
        return "UNDECIDED";
    default:
        return "-";
    }
}
