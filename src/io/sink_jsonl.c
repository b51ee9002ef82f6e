/* sink_jsonl.c -- the trajectory as JSON Lines (docs/trajectory.md): one JSON object per
 * line -- first what was run, then one per row with "t" and every column (a ball as
 * "c" and "c_rad"), one per event crossing, and last the outcome.  Numbers are JSON
 * numbers with the run's printed digits (read them with
 * json.loads(line, parse_float=decimal.Decimal) to keep them all); NaN and infinities,
 * which JSON lacks, are null. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref.h"
#include "nhref_run.h"

typedef struct {
    FILE *out;
    const nhref_model_t *m;
    const nhref_spec_t *spec;
    int digits, balls;
    size_t ncol;
    char *cell;
    size_t cap;
} jsonl_t;

static const char *const type_name[] = {"mpfr", "double", "proven"};

/* one line: the object J (taken over) */
static int put(jsonl_t *c, json_t *j)
{
    int rc = j != NULL && json_dumpf(j, c->out, JSON_COMPACT | JSON_PRESERVE_ORDER) == 0 ? 0 : -1;
    json_decref(j);
    fputc('\n', c->out);
    return rc;
}

static int jsonl_begin(void *self, const nhref_run_info_t *info)
{
    jsonl_t *c = self;
    const nhref_spec_t *spec = info->spec;
    const nhref_model_t *m = nhref_spec_model(spec);
    json_t *j = json_object(), *p = json_object(), *x = json_object(), *cols = json_array();
    char ver[256];
    const char *mv, *mk = nhref_spec_meta(spec, &mv); /* provenance: nhref_spec_set_meta */

    c->spec = spec;
    c->m = m;
    c->digits = info->print_digits;
    c->balls = info->type == NHREF_RUN_PROVEN;
    c->ncol = 1 + m->nstate + info->nintegral;
    snprintf(ver, sizeof ver, "%s (MPFR %s, GMP %s)", nhref_version(), nhref_mpfr_version(),
             nhref_gmp_version());
    for (size_t i = 0; i < m->nparam; i++)
        json_object_set_new(p, m->param[i].name, /* a set: as given */
                            json_string(nhref_spec_param_set_str(spec, i)
                                            ? nhref_spec_param_set_str(spec, i)
                                            : nhref_spec_param_str(spec, i)));
    for (size_t i = 0; i < m->nstate; i++)
        json_object_set_new(x, m->state[i].name, /* a set: "MID+-RAD" or "[LO, HI]", as given */
                            json_string(nhref_spec_init_set_str(spec, i)
                                            ? nhref_spec_init_set_str(spec, i)
                                            : nhref_spec_init_str(spec, i)));
    for (size_t k = 0; k < c->ncol; k++) {
        const char *nm = k == 0 ? "t" : k <= m->nstate ? m->state[k - 1].name
                                                        : m->integral[k - 1 - m->nstate].name;
        json_array_append_new(cols, json_string(nm));
    }
    json_object_set_new(j, "format", json_string("nhref-trajectory-jsonl 1"));
    json_object_set_new(j, "nhref", json_string(ver));
    if (mk != NULL)
        json_object_set_new(j, mk, json_string(mv));
    json_object_set_new(j, "model", json_string(m->name));
    json_object_set_new(j, "params", p);
    json_object_set_new(j, "init", x);
    json_object_set_new(j, "t_start", json_string(nhref_spec_t_start(spec)));
    if (nhref_spec_t_end(spec) != NULL) {
        json_object_set_new(j, "t_end", json_string(nhref_spec_t_end(spec)));
        json_object_set_new(j, "dt_out", json_string(nhref_spec_dt_out(spec)));
    }
    json_object_set_new(j, "type", json_string(type_name[info->type]));
    json_object_set_new(j, "scheme", json_string(info->scheme));
    json_object_set_new(j, "order", json_integer(info->order));
    json_object_set_new(j, "precision", json_integer(info->prec));
    json_object_set_new(j, "tolerance_digits", json_real(info->digits));
    json_object_set_new(j, "digits_printed", json_integer(c->digits));
    json_object_set_new(j, "rows", json_integer((json_int_t)info->nrows));
    json_object_set_new(j, "columns", cols);
    return put(c, j);
}

/* a value's CSV text as JSON: the number, or null for nan and the infinities */
static void number(FILE *out, const char *s, size_t n)
{
    if (n == 0 || strncmp(s, "nan", 3) == 0 || strstr(s, "inf") != NULL)
        fputs("null", out);
    else
        fwrite(s, 1, n, out);
}

static int write_row(jsonl_t *c, const nhref_row_t *row, const char *event)
{
    const nhref_model_t *m = c->m;
    fputc('{', c->out);
    if (event != NULL)
        fprintf(c->out, "\"event\":%s,", event);
    for (size_t k = 0; k < (event != NULL ? 1 : c->ncol); k++) {
        const char *nm = k == 0 ? "t" : k <= m->nstate ? m->state[k - 1].name
                                                        : m->integral[k - 1 - m->nstate].name;
        size_t n = nhref_row_format(c->cell, c->cap, row, k, c->digits);
        char *comma;
        if (n >= c->cap) {
            char *p = realloc(c->cell, n + 1);
            if (p == NULL)
                return -1;
            c->cell = p;
            c->cap = n + 1;
            n = nhref_row_format(c->cell, c->cap, row, k, c->digits);
        }
        fprintf(c->out, "%s\"%s\":", k ? "," : "", nm);
        comma = c->balls ? strchr(c->cell, ',') : NULL;
        number(c->out, c->cell, comma != NULL ? (size_t)(comma - c->cell) : n);
        if (comma != NULL) {
            fprintf(c->out, ",\"%s_rad\":", nm);
            number(c->out, comma + 1, strlen(comma + 1));
        }
    }
    fputs("}\n", c->out);
    return ferror(c->out) ? -1 : 0;
}

static int jsonl_row(void *self, const nhref_row_t *row)
{
    return write_row(self, row, NULL);
}

static void jsonl_event(void *self, size_t k, const char *name, const nhref_row_t *at)
{
    jsonl_t *c = self;
    json_t *s = json_string(name);
    char *q = s != NULL ? json_dumps(s, JSON_ENCODE_ANY) : NULL;
    (void)k;
    if (q != NULL)
        write_row(c, at, q);
    free(q);
    json_decref(s);
}

static json_t *finite_or_null(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static int jsonl_end(void *self, const nhref_run_end_t *end)
{
    jsonl_t *c = self;
    json_t *j = json_object();
    if (end->stop != NULL && end->stats.outcome != NHREF_OUTCOME_FAILED &&
        write_row(c, end->stop, NULL) != 0)
        return -1;
    json_object_set_new(j, "outcome", json_string(nhref_outcome_str(end->stats.outcome)));
    json_object_set_new(j, "status", json_string(nhref_status_name(end->status)));
    if (end->event != NULL)
        json_object_set_new(j, "event", json_string(end->event));
    if (end->stop != NULL)
        json_object_set_new(j, "t_stop", json_real(nhref_row_get_d(end->stop, 0)));
    if (end->stats.outcome == NHREF_OUTCOME_BLOWUP)
        json_object_set_new(j, "t_blowup", json_real(end->stats.t_blowup));
    if (end->status == NHREF_EMAXSTEPS) {
        json_object_set_new(j, "message", json_string(nhref_spec_error(c->spec)));
        if (end->stats.steps_estimate > 0)
            json_object_set_new(j, "steps_estimate", json_real(end->stats.steps_estimate));
    }
    if (end->notes != NULL && *end->notes != '\0') {
        json_t *a = json_array();
        for (const char *p = end->notes, *q; *p != '\0'; p = *q ? q + 1 : q) {
            q = strchr(p, '\n');
            if (q == NULL)
                q = p + strlen(p);
            json_array_append_new(a, json_stringn(p, (size_t)(q - p)));
        }
        json_object_set_new(j, "notes", a);
    }
    if (end->ncolumn > 0) {
        /* a proven run's digits: numbers, null for an exact value or no finite ball */
        const nhref_model_t *m = nhref_spec_model(c->spec);
        json_t *o = json_object();
        for (size_t k = 0; k < end->ncolumn; k++) {
            json_t *a = json_array();
            json_array_append_new(a, finite_or_null(end->proven_final[k]));
            json_array_append_new(a, finite_or_null(end->proven_worst[k]));
            json_array_append_new(a, finite_or_null(end->proven_t_worst[k]));
            json_object_set_new(
                o, k < m->nstate ? m->state[k].name : m->integral[k - m->nstate].name, a);
        }
        json_object_set_new(j, "proven_digits", finite_or_null(end->proven_digits));
        json_object_set_new(j, "proven", o);
        if (nhref_spec_require_digits(c->spec) > 0)
            json_object_set_new(j, "short_digits", json_boolean(end->short_digits));
    }
    json_object_set_new(j, "rows", json_integer((json_int_t)end->stats.nrows));
    json_object_set_new(j, "steps", json_integer((json_int_t)end->stats.nsteps));
    json_object_set_new(j, "order", json_integer(end->stats.order_max));
    return put(c, j);
}

static void jsonl_free(void *self)
{
    jsonl_t *c = self;
    if (c != NULL)
        free(c->cell);
    free(c);
}

static int jsonl_open(nhref_sink_t *sink, nhref_outfile_t *of)
{
    jsonl_t *c = calloc(1, sizeof *c);
    if (c == NULL || (c->cell = malloc(128)) == NULL) {
        free(c);
        return NHREF_ENOMEM;
    }
    c->cap = 128;
    c->out = nhref_outfile_stream(of);
    *sink = (nhref_sink_t){c, jsonl_begin, jsonl_row, jsonl_event, jsonl_end, jsonl_free};
    return NHREF_OK;
}

const nhref_format_t nhref_format_jsonl = {
    "jsonl", "JSON Lines: what was run, one object per row (t and the columns), the outcome",
    jsonl_open};
