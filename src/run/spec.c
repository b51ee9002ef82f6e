/* spec.c -- a run specification (nhref_run.h): the model's defaults, then the
 * overrides, each checked where it is set; the names inputs go by in messages; the
 * accessors of a resolved spec.  Resolution itself: resolve.c. */
#include "run/run_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "nhref_scheme.h"

int nhref_spec_fail(nhref_spec_t *spec, int status, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(spec->err, sizeof spec->err, "%s", spec->where != NULL ? spec->where : "");
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof spec->err)
        vsnprintf(spec->err + n, sizeof spec->err - (size_t)n, fmt, ap);
    va_end(ap);
    return status;
}

const char *nhref_spec_error(const nhref_spec_t *spec)
{
    return spec->err;
}

/* the words of each input, per style: WORDS, OPTIONS, KEYS */
static const struct {
    const char *key, *name[3];
} labels[] = {
    {"param", {"parameter", "--param", "param"}},
    {"init", {"initial value", "--init", "init"}},
    {"type-double", {"the double type", "--fast", "type double"}},
    {"type-proven", {"the proven type", "--rigorous", "type proven"}},
    {"max-steps",
     {"the library's nhref_spec_set_max_steps", "--max-steps",
      "--max-steps (after '--' in nhref sweep)"}},
    {"require-digits",
     {"the library's nhref_spec_set_require_digits", "--require-digits",
      "--require-digits (after '--' in nhref sweep)"}},
};

const char *nhref_spec_label(const nhref_spec_t *spec, char *buf, size_t len, const char *key,
                             const char *name)
{
    const char *word = NULL;
    for (size_t i = 0; i < sizeof labels / sizeof labels[0] && word == NULL; i++)
        if (strcmp(labels[i].key, key) == 0)
            word = labels[i].name[spec->names];
    if (word == NULL)
        snprintf(buf, len, "%s%s", spec->names == NHREF_SPEC_OPTIONS ? "--" : "", key);
    else if (name != NULL)
        snprintf(buf, len, "%s %s", word, name);
    else
        snprintf(buf, len, "%s", word);
    return buf;
}

int nhref_spec_set_names(nhref_spec_t *spec, nhref_spec_names_t names, const char *where)
{
    char *w = NULL;
    if (names != NHREF_SPEC_WORDS && names != NHREF_SPEC_OPTIONS && names != NHREF_SPEC_KEYS)
        return NHREF_EINVAL;
    if (where != NULL && (w = nhref_strdup(where)) == NULL)
        return NHREF_ENOMEM;
    free(spec->where);
    spec->where = w;
    spec->names = names;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ construction */
void nhref_spec_undo(nhref_spec_t *spec)
{
    if (spec->have_grid)
        nhref_grid_clear(&spec->grid);
    spec->have_grid = 0;
    spec->resolved = 0;
}

static void free_strings(char **s, size_t n)
{
    for (size_t i = 0; s != NULL && i < n; i++)
        free(s[i]);
    free(s);
}

static void clear_events(nhref_spec_t *spec)
{
    for (size_t i = 0; i < spec->nuser; i++) {
        free(spec->uexpr[i]);
        nhref_tape_free(spec->utape[i]);
    }
    free(spec->uexpr);
    free(spec->uterm);
    free(spec->utape);
    free(spec->udesc);
    spec->uexpr = NULL;
    spec->uterm = NULL;
    spec->utape = NULL;
    spec->udesc = NULL;
    spec->nuser = 0;
}

static void clear_times(nhref_spec_t *spec)
{
    free_strings(spec->times, spec->ntimes);
    nhref_vec_free(spec->tnum, spec->ntnum);
    spec->times = NULL;
    spec->ntimes = 0;
    spec->tnum = NULL;
    spec->ntnum = 0;
}

void nhref_spec_free(nhref_spec_t *spec)
{
    if (spec == NULL)
        return;
    nhref_spec_undo(spec);
    if (spec->model != NULL)
        free_strings(spec->init, spec->model->nstate);
    if (spec->model != NULL) {
        free_strings(spec->init_rad, spec->model->nstate);
        free_strings(spec->init_set, spec->model->nstate);
        free_strings(spec->param_set, spec->model->nparam);
        free_strings(spec->param_rad, spec->model->nparam);
    }
    clear_times(spec);
    clear_events(spec);
    free(spec->t_start);
    free(spec->t_end);
    free(spec->dt_out);
    free(spec->horizon);
    free(spec->where);
    free(spec->meta_key);
    free(spec->meta_value);
    free(spec->notes);
    free(spec->batch_rows);
    nhref_system_free(spec->sys);
    nhref_model_file_free(spec->mf); /* after the system of its model */
    free(spec);
}

int nhref_spec_new_model(nhref_spec_t **specp, const nhref_model_t *model)
{
    nhref_spec_t *spec = calloc(1, sizeof *spec);
    int status;

    *specp = spec;
    if (spec == NULL)
        return NHREF_ENOMEM;
    spec->scheme = nhref_scheme_get(0);
    spec->type = NHREF_RUN_MPFR;
    spec->model_events = 1;
    spec->max_steps = 10000000UL;
    spec->max_rows = NHREF_SPEC_DEFAULT_MAX_ROWS;
    spec->integrals = 1;
    spec->integral_guard = 1;
    if (model == NULL)
        return nhref_spec_fail(spec, NHREF_EINVAL, "no model given");
    status = nhref_system_new(&spec->sys, model);
    if (status != NHREF_OK) {
        char why[256] = "";
        if (status == NHREF_EINVAL)
            nhref_model_check(model, why, sizeof why);
        return nhref_spec_fail(spec, status, "cannot build model %s%s%s", model->name,
                               why[0] ? ": " : "", why);
    }
    spec->model = model;
    spec->init = calloc(model->nstate, sizeof *spec->init);
    spec->init_rad = calloc(model->nstate + 1, sizeof *spec->init_rad);
    spec->init_set = calloc(model->nstate + 1, sizeof *spec->init_set);
    spec->param_set = calloc(model->nparam + 1, sizeof *spec->param_set);
    spec->param_rad = calloc(model->nparam + 1, sizeof *spec->param_rad);
    if (spec->init == NULL || spec->init_rad == NULL || spec->init_set == NULL ||
        spec->param_set == NULL || spec->param_rad == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    return NHREF_OK;
}

/* "a, b, c" of the names of model M: its parameters (PARAMS) or its state */
static void name_list(char *buf, size_t len, const nhref_model_t *m, int params)
{
    size_t n = params ? m->nparam : m->nstate, used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                                 params ? m->param[i].name : m->state[i].name);
}

int nhref_spec_new_file(nhref_spec_t **specp, nhref_model_file_t *mf)
{
    int status = nhref_spec_new_model(specp, mf != NULL ? nhref_model_file_model(mf) : NULL);
    if (*specp != NULL && mf != NULL)
        (*specp)->mf = nhref_model_file_ref(mf);
    return status;
}

int nhref_spec_new(nhref_spec_t **specp, const char *model)
{
    const nhref_model_t *m = model != NULL ? nhref_model_find(model) : NULL;
    char names[1024];
    size_t used = 0;

    if (m != NULL)
        return nhref_spec_new_model(specp, m);
    if (model != NULL && nhref_model_is_file(model)) {
        nhref_model_file_t *mf;
        char err[NHREF_SPEC_ERRLEN];
        int status = nhref_model_file_read(&mf, model, err, sizeof err);
        if (status != NHREF_OK) {
            if (nhref_spec_new_model(specp, NULL) == NHREF_ENOMEM)
                return NHREF_ENOMEM;
            snprintf((*specp)->err, sizeof(*specp)->err, "%s", err);
            return status;
        }
        status = nhref_spec_new_file(specp, mf);
        nhref_model_file_free(mf); /* the spec holds its own reference */
        return status;
    }
    if (nhref_spec_new_model(specp, NULL) == NHREF_ENOMEM)
        return NHREF_ENOMEM;
    names[0] = '\0';
    for (size_t i = 0; i < nhref_model_count() && used < sizeof names; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, " %s",
                                 nhref_model_get(i)->name);
    return nhref_spec_fail(*specp, NHREF_ENOTFOUND,
                           "unknown model '%s' (known models:%s; see 'nhref list'; a model "
                           "file's name contains '/' or '.')",
                           model != NULL ? model : "(null)", names);
}

/* *DST = a malloc'ed copy of SRC (NULL stays NULL); -1 if memory is short */
static int copy_str(char **dst, const char *src)
{
    *dst = NULL;
    return src != NULL && (*dst = nhref_strdup(src)) == NULL ? -1 : 0;
}

int nhref_spec_copy(nhref_spec_t **copyp, const nhref_spec_t *s)
{
    nhref_spec_t *c;
    int status = nhref_spec_new_model(copyp, s->model), bad = 0;

    c = *copyp;
    if (c != NULL)
        c->mf = nhref_model_file_ref(s->mf);
    if (status != NHREF_OK)
        return status;
    for (size_t i = 0; i < s->model->nparam && status == NHREF_OK; i++)
        status = nhref_system_set_param(c->sys, s->model->param[i].name,
                                        nhref_system_param_str(s->sys, i));
    for (size_t i = 0; i < s->model->nstate; i++)
        bad |= copy_str(&c->init[i], s->init[i]) | copy_str(&c->init_rad[i], s->init_rad[i]) |
               copy_str(&c->init_set[i], s->init_set[i]);
    for (size_t i = 0; i < s->model->nparam; i++)
        bad |= copy_str(&c->param_set[i], s->param_set[i]) |
               copy_str(&c->param_rad[i], s->param_rad[i]);
    bad |= copy_str(&c->t_start, s->t_start) | copy_str(&c->t_end, s->t_end) |
           copy_str(&c->dt_out, s->dt_out) | copy_str(&c->horizon, s->horizon) |
           copy_str(&c->where, s->where);
    if (s->ntimes > 0)
        bad |= nhref_spec_set_times(c, s->ntimes, (const char *const *)s->times) != NHREF_OK;
    if (s->ntnum > 0)
        bad |= nhref_spec_set_times_num(c, s->ntnum, s->tnum) != NHREF_OK;
    for (size_t i = 0; i < s->nuser && !bad; i++)
        bad |= nhref_spec_add_event(c, s->uexpr[i], s->uterm[i]) != NHREF_OK;
    c->digits = s->digits;
    c->prec = s->prec;
    c->scheme = s->scheme;
    memcpy(c->scheme_opt, s->scheme_opt, sizeof c->scheme_opt);
    c->type = s->type;
    c->model_events = s->model_events;
    c->max_steps = s->max_steps;
    c->max_rows = s->max_rows;
    if (s->meta_key != NULL)
        bad |= nhref_spec_set_meta(c, s->meta_key, s->meta_value) != NHREF_OK;
    c->integrals = s->integrals;
    c->integral_guard = s->integral_guard;
    c->require_digits = s->require_digits;
    c->init_as_point = s->init_as_point;
    c->progress = s->progress;
    c->progress_arg = s->progress_arg;
    c->names = s->names;
    if (status != NHREF_OK || bad) {
        nhref_spec_free(c);
        *copyp = NULL;
        return NHREF_ENOMEM;
    }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ overrides */
/* NHREF_OK if S is a decimal number (its magnitude is checked at the run's precision
 * when the spec is resolved); else the message "LABEL: 'S' is not a finite decimal
 * number (admissible range: RANGE)" */
static int number_syntax(nhref_spec_t *spec, const char *s, const char *label, const char *range,
                         int value);
static int decimal_syntax(nhref_spec_t *spec, const char *s, const char *label, const char *range)
{
    return number_syntax(spec, s, label, range, 0);
}

/* the same for a value (VALUE 1: a decimal or a constant expression, nhref_value_set) */
static int number_syntax(nhref_spec_t *spec, const char *s, const char *label, const char *range,
                         int value)
{
    mpfr_t v;
    int status;
    char why[400];
    mpfr_init2(v, 64);
    status = s == NULL ? NHREF_EPARSE : value ? nhref_value_set(v, s) : nhref_decimal_set(v, s);
    mpfr_clear(v);
    if (status == NHREF_OK || status == NHREF_ERANGE)
        return NHREF_OK;
    return nhref_spec_fail(
        spec, NHREF_EPARSE, "%s: %s (admissible range: %s)", label,
        value ? nhref_value_why(why, sizeof why, s != NULL ? s : "(null)", 64, status)
              : nhref_decimal_why(why, sizeof why, s != NULL ? s : "(null)", 64, status),
        range);
}

/* the column (from 1) of PART within TEXT, for messages (0: not found) */
static size_t column_of(const char *text, const char *part)
{
    const char *p = part[0] != '\0' ? strstr(text, part) : NULL;
    return p != NULL ? (size_t)(p - text) + 1 : 0;
}

/* the column (from 1) after the '[' (E 0) or the ',' (E 1) of TEXT, where an empty end of
 * "[LO, HI]" is */
static size_t empty_column(const char *text, int e)
{
    const char *p = strchr(text, e == 0 ? '[' : ',');
    return p != NULL ? (size_t)(p - text) + 2 : 1;
}

/* a failure of nhref_set_read: STATUS, the message in WHY */
static int set_fail(char *why, size_t len, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return status;
}

int nhref_set_read(char **mid, char **rad, char **set, const char *lab, const char *text, char *msg,
                   size_t msglen)
{
    char *a, *b, why[400];
    int kind, status = nhref_set_parse(text, &kind, &a, &b, why, sizeof why);
    size_t n;

    *mid = *rad = *set = NULL;
    if (status == NHREF_ENOMEM)
        return set_fail(msg, msglen, NHREF_ENOMEM, "out of memory");
    if (status != NHREF_OK)
        return set_fail(msg, msglen, NHREF_EPARSE,
                        "%s: '%s' is not a set [LO, HI]: %s (e.g. '[0.99, 1.01]'; the "
                        "set is then every value from LO to HI)",
                        lab, text, why);
    if (kind == NHREF_SET_POINT) {
        *mid = nhref_strdup(text);
        return *mid != NULL ? NHREF_OK : set_fail(msg, msglen, NHREF_ENOMEM, "out of memory");
    }
    if (kind == NHREF_SET_MIDRAD) {
        mpfr_t r;
        mpfr_init2(r, 64);
        status = nhref_decimal_set(r, b);
        if (status != NHREF_OK || mpfr_sgn(r) < 0 || !mpfr_number_p(r))
            status = set_fail(msg, msglen, NHREF_EPARSE,
                              "%s: '%s' is not a set MID+-RAD: the radius '%s' must be a "
                              "decimal >= 0 (column %zu; e.g. '1+-1e-8'; for the "
                              "expression MID + (-X) write 'MID - X')",
                              lab, text, b, column_of(text, b) ? column_of(text, b) : 1);
        mpfr_clear(r);
        if (status == NHREF_OK && a[0] == '\0')
            status = set_fail(msg, msglen, NHREF_EPARSE,
                              "%s: '%s' is not a set MID+-RAD: no midpoint before the "
                              "'+-' (e.g. '1+-1e-8')",
                              lab, text);
        if (status == NHREF_OK) {
            *mid = a;
            *rad = b;
            a = b = NULL;
        }
    } else { /* [LO, HI]: both values, LO <= HI */
        mpfr_t lo, hi;
        mpfr_inits2(256, lo, hi, (mpfr_ptr)0);
        for (int e = 0; e < 2 && status == NHREF_OK; e++) {
            const char *v = e == 0 ? a : b;
            int st = v[0] == '\0' ? NHREF_EPARSE : nhref_value_set(e == 0 ? lo : hi, v);
            if (st != NHREF_OK && st != NHREF_ERANGE) {
                if (v[0] == '\0')
                    snprintf(why, sizeof why, "is empty (e.g. '[0.99, 1.01]')");
                else
                    nhref_value_why(why, sizeof why, v, 64, st);
                status = set_fail(msg, msglen, NHREF_EPARSE,
                                  "%s: '%s' is not a set [LO, HI]: its %s end (column "
                                  "%zu) %s",
                                  lab, text, e == 0 ? "lower" : "upper",
                                  v[0] == '\0' ? empty_column(text, e) : column_of(text, v), why);
            }
        }
        if (status == NHREF_OK && mpfr_cmp(lo, hi) > 0)
            status = set_fail(msg, msglen, NHREF_EPARSE,
                              "%s: '%s' is not a set [LO, HI]: its lower end %s exceeds "
                              "its upper end %s (LO <= HI)",
                              lab, text, a, b);
        if (status == NHREF_OK) {
            int point = mpfr_equal_p(lo, hi);
            n = 2 * strlen(a) + 2 * strlen(b) + 16;
            *mid = malloc(n);
            *rad = malloc(n);
            *set = malloc(n);
            if (*mid == NULL || *rad == NULL || *set == NULL) {
                status = set_fail(msg, msglen, NHREF_ENOMEM, "out of memory");
            } else {
                snprintf(*mid, n, point ? "%s" : "(%s+%s)/2", a, b);
                snprintf(*rad, n, point ? "0" : "(%s-(%s))/2", b, a);
                snprintf(*set, n, "[%s, %s]", a, b);
            }
        }
        mpfr_clears(lo, hi, (mpfr_ptr)0);
    }
    if (status == NHREF_OK && *set == NULL && (*set = nhref_strdup(text)) == NULL)
        status = set_fail(msg, msglen, NHREF_ENOMEM, "out of memory");
    free(a);
    free(b);
    if (status != NHREF_OK) {
        free(*mid);
        free(*rad);
        free(*set);
        *mid = *rad = *set = NULL;
    }
    return status;
}

/* nhref_set_read into SPEC: its message there */
static int read_set(nhref_spec_t *spec, const char *lab, const char *text, char **mid, char **rad,
                    char **set)
{
    char msg[1200];
    int status = nhref_set_read(mid, rad, set, lab, text, msg, sizeof msg);
    return status == NHREF_OK ? NHREF_OK : nhref_spec_fail(spec, status, "%s", msg);
}

int nhref_spec_set_param(nhref_spec_t *spec, const char *name, const char *decimal)
{
    const nhref_model_t *m = spec->model;
    char names[512], why[400], lab[300], *mid, *rad, *set;
    int k = name != NULL ? nhref_model_param_index(m, name) : -1, status;

    if (k < 0) {
        name_list(names, sizeof names, m, 1);
        return nhref_spec_fail(spec, NHREF_ENOTFOUND,
                               "unknown parameter '%s' of model %s (parameters: %s)",
                               name != NULL ? name : "(null)", m->name, names);
    }
    nhref_spec_label(spec, lab, sizeof lab, "param", name);
    /* a set, MID+-RAD or [LO, HI]: every value in it (the proven type only; resolve) */
    if (decimal != NULL && (status = read_set(spec, lab, decimal, &mid, &rad, &set)) != NHREF_OK)
        return status;
    if (decimal == NULL)
        mid = rad = set = NULL;
    status = nhref_system_set_param(spec->sys, name, mid != NULL ? mid : "");
    if (status != NHREF_OK) {
        /* parameters are checked at 64 bits when set (nhref_decimal_set) */
        nhref_spec_fail(
            spec, status, "%s: %s (admissible range: %s%s)", lab,
            status == NHREF_ENOMEM
                ? nhref_strerror(status)
                : nhref_value_why(why, sizeof why, mid != NULL ? mid : "(null)", 64, status),
            m->param[k].range, set != NULL ? "; a set: MID+-RAD or [LO, HI], with --rigorous" : "");
        free(mid);
        free(rad);
        free(set);
        return status;
    }
    free(mid);
    free(spec->param_set[k]);
    free(spec->param_rad[k]);
    spec->param_set[k] = set; /* read_set: a set has both, a value neither */
    spec->param_rad[k] = rad;
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_set_init(nhref_spec_t *spec, const char *name, const char *decimal)
{
    const nhref_model_t *m = spec->model;
    char names[512], lab[300], *v, *r, *set;
    int k = name != NULL ? nhref_model_state_index(m, name) : -1, status;

    if (k < 0) {
        name_list(names, sizeof names, m, 0);
        return nhref_spec_fail(spec, NHREF_ENOTFOUND,
                               "unknown state variable '%s' of model %s (state: %s)",
                               name != NULL ? name : "(null)", m->name, names);
    }
    nhref_spec_label(spec, lab, sizeof lab, "init", name);
    if (decimal == NULL)
        return number_syntax(spec, NULL, lab, "any finite real", 1);
    /* a set, MID+-RAD or [LO, HI]: every state in it (the proven type only; resolve) */
    if ((status = read_set(spec, lab, decimal, &v, &r, &set)) != NHREF_OK)
        return status;
    if (number_syntax(spec, v, lab, "any finite real; a set: MID+-RAD or [LO, HI], with --rigorous",
                      1) != NHREF_OK) {
        free(v);
        free(r);
        free(set);
        return NHREF_EPARSE;
    }
    free(spec->init[k]);
    free(spec->init_rad[k]);
    free(spec->init_set[k]);
    spec->init[k] = v;
    spec->init_rad[k] = r;
    spec->init_set[k] = set;
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_assign(nhref_spec_t *spec, const char *kind, const char *a)
{
    const char *eq = a != NULL ? strchr(a, '=') : NULL;
    int param = kind != NULL && strcmp(kind, "param") == 0, status;
    char lab[64], *name;

    if (!param && (kind == NULL || strcmp(kind, "init") != 0))
        return nhref_spec_fail(spec, NHREF_EINVAL, "assignment of '%s': not param or init",
                               kind != NULL ? kind : "(null)");
    if (eq == NULL || eq == a) {
        nhref_spec_label(spec, lab, sizeof lab, kind, NULL);
        return nhref_spec_fail(spec, NHREF_EPARSE, "%s expects NAME=VALUE, got '%s'", lab,
                               a != NULL ? a : "(null)");
    }
    if ((name = malloc((size_t)(eq - a) + 1)) == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    memcpy(name, a, (size_t)(eq - a));
    name[eq - a] = '\0';
    status = param ? nhref_spec_set_param(spec, name, eq + 1)
                   : nhref_spec_set_init(spec, name, eq + 1);
    free(name);
    return status;
}

/* *SLOT = a copy of the decimal DECIMAL (NULL: the default), its syntax checked */
static int set_time(nhref_spec_t *spec, char **slot, const char *decimal, const char *key,
                    const char *range)
{
    char lab[64], *v = NULL;
    if (decimal != NULL) {
        if (decimal_syntax(spec, decimal, nhref_spec_label(spec, lab, sizeof lab, key, NULL),
                           range) != NHREF_OK)
            return NHREF_EPARSE;
        if ((v = nhref_strdup(decimal)) == NULL)
            return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    }
    free(*slot);
    *slot = v;
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_set_t_start(nhref_spec_t *spec, const char *decimal)
{
    return set_time(spec, &spec->t_start, decimal, "t-start", "any finite real");
}

int nhref_spec_set_t_end(nhref_spec_t *spec, const char *decimal)
{
    int status = set_time(spec, &spec->t_end, decimal,  "t-end",
                          spec->t_start == NULL ? "T > 0" : "T > t-start");
    if (status == NHREF_OK)
        clear_times(spec);
    return status;
}

int nhref_spec_set_dt_out(nhref_spec_t *spec, const char *decimal)
{
    int status = set_time(spec, &spec->dt_out, decimal, "dt-out", "H > 0");
    if (status == NHREF_OK)
        clear_times(spec);
    return status;
}

int nhref_spec_set_times(nhref_spec_t *spec, size_t n, const char *const *times)
{
    char **t;
    char lab[64];
    if (n == 0 || times == NULL)
        return nhref_spec_fail(spec, NHREF_EINVAL, "%s: no times given",
                               nhref_spec_label(spec, lab, sizeof lab, "times", NULL));
    for (size_t i = 0; i < n; i++)
        if (decimal_syntax(spec, times[i], nhref_spec_label(spec, lab, sizeof lab, "times", NULL),
                           "times monotone from t-start") != NHREF_OK)
            return NHREF_EPARSE;
    if ((t = calloc(n, sizeof *t)) == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++)
        if ((t[i] = nhref_strdup(times[i])) == NULL) {
            free_strings(t, i);
            return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
        }
    clear_times(spec);
    free(spec->t_end);
    free(spec->dt_out);
    spec->t_end = spec->dt_out = NULL; /* explicit times replace the grid */
    spec->times = t;
    spec->ntimes = n;
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_set_times_num(nhref_spec_t *spec, size_t n, mpfr_srcptr t)
{
    __mpfr_struct *v;
    if (n == 0)
        return nhref_spec_fail(spec, NHREF_EINVAL, "no times given");
    v = malloc(n * sizeof *v);
    if (v == NULL)
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        mpfr_init2(v + i, mpfr_get_prec(t + i));
        mpfr_set(v + i, t + i, MPFR_RNDN);
    }
    clear_times(spec);
    free(spec->t_end);
    free(spec->dt_out);
    spec->t_end = spec->dt_out = NULL;
    spec->tnum = v;
    spec->ntnum = n;
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_set_horizon(nhref_spec_t *spec, const char *decimal)
{
    return set_time(spec, &spec->horizon, decimal, "event-horizon", "after the last time");
}

int nhref_spec_set_digits(nhref_spec_t *spec, double digits)
{
    char lab[64];
    if (!(digits >= 0 && digits <= 1e6))
        return nhref_spec_fail(spec, NHREF_EINVAL,
                               "%s %g: out of range (admissible: 0 for the default, or [1, 1e6])",
                               nhref_spec_label(spec, lab, sizeof lab, "digits", NULL), digits);
    spec->digits = digits;
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_set_prec(nhref_spec_t *spec, long bits)
{
    char lab[64];
    if (bits < 0 || bits > MPFR_PREC_MAX)
        return nhref_spec_fail(spec, NHREF_EINVAL, "%s %ld: out of range [%ld, %ld]",
                               nhref_spec_label(spec, lab, sizeof lab, "prec", NULL), bits,
                               (long)MPFR_PREC_MIN, (long)MPFR_PREC_MAX);
    spec->prec = bits;
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_set_scheme(nhref_spec_t *spec, const char *name)
{
    const nhref_scheme_t *s = name != NULL ? nhref_scheme_find(name) : NULL;
    if (s == NULL) {
        char names[256];
        size_t used = 0;
        names[0] = '\0';
        for (size_t i = 0; i < nhref_scheme_count() && used < sizeof names; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                     nhref_scheme_get(i)->name);
        return nhref_spec_fail(spec, NHREF_ENOTFOUND, "unknown scheme '%s' (schemes: %s)",
                               name != NULL ? name : "(null)", names);
    }
    spec->scheme = s;
    spec->scheme_opt[0] = '\0';
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_set_scheme_option(nhref_spec_t *spec, const char *name, unsigned long value)
{
    char item[128], opt[sizeof spec->scheme_opt], why[256], lab[64];
    int n = snprintf(item, sizeof item, "%s=%lu", name != NULL ? name : "", value);
    /* the option replaces one of the same name */
    size_t used = 0;
    const char *p = spec->scheme_opt;
    opt[0] = '\0';
    while (*p != '\0') {
        size_t l = strcspn(p, ",");
        size_t nl = strcspn(p, "=");
        if (!(nl < l && name != NULL && nl == strlen(name) && strncmp(p, name, nl) == 0))
            used += (size_t)snprintf(opt + used, sizeof opt - used, "%s%.*s", used ? "," : "",
                                     (int)l, p);
        p += l + (p[l] == ',');
    }
    if (n < 0 || (size_t)n >= sizeof item || used + (size_t)n + 2 > sizeof opt)
        return nhref_spec_fail(spec, NHREF_EINVAL, "scheme options too long");
    snprintf(opt + used, sizeof opt - used, "%s%s", used ? "," : "", item);
    if (nhref_scheme_check_opts(spec->scheme, opt, why, sizeof why) != NHREF_OK)
        return nhref_spec_fail(spec, NHREF_EINVAL, "%s: %s",
                               nhref_spec_label(spec, lab, sizeof lab, name != NULL ? name : "",
                                                NULL),
                               why);
    memcpy(spec->scheme_opt, opt, sizeof opt);
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_set_type(nhref_spec_t *spec, nhref_run_type_t type)
{
    if (type != NHREF_RUN_MPFR && type != NHREF_RUN_DOUBLE && type != NHREF_RUN_PROVEN)
        return nhref_spec_fail(spec, NHREF_EINVAL, "unknown number type %d", (int)type);
    spec->type = type;
    nhref_spec_undo(spec);
    return NHREF_OK;
}

int nhref_spec_add_event(nhref_spec_t *spec, const char *expr, int terminal)
{
    const nhref_model_t *m = spec->model;
    const char **sn = calloc(m->nstate + 1, sizeof *sn), **pn = calloc(m->nparam + 1, sizeof *pn);
    size_t n = spec->nuser;
    char err[512], lab[64], e[64];
    nhref_tape_t *tape = NULL;
    int status;

    if (sn == NULL || pn == NULL) {
        free((void *)sn);
        free((void *)pn);
        return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < m->nstate; i++)
        sn[i] = m->state[i].name;
    for (size_t i = 0; i < m->nparam; i++)
        pn[i] = m->param[i].name;
    status = nhref_tape_parse(&tape, expr != NULL ? expr : "", m->nstate, sn, m->nparam, pn, err,
                              sizeof err);
    free((void *)sn);
    free((void *)pn);
    if (status != NHREF_OK) {
        size_t l = strlen(expr != NULL ? expr : "");
        snprintf(e, sizeof e, l > 40 ? "%.32s..." : "%s", expr != NULL ? expr : "");
        return nhref_spec_fail(spec, status, "%s '%s': %s",
                               nhref_spec_label(spec, lab, sizeof lab,
                                                terminal ? "stop-when" : "event", NULL),
                               e, err);
    }
    {
        char **ue = realloc(spec->uexpr, (n + 1) * sizeof *ue);
        int *ut = ue != NULL ? realloc(spec->uterm, (n + 1) * sizeof *ut) : NULL;
        nhref_tape_t **up = ut != NULL ? realloc(spec->utape, (n + 1) * sizeof *up) : NULL;
        nhref_event_desc_t *ud = up != NULL ? realloc(spec->udesc, (n + 1) * sizeof *ud) : NULL;
        char *copy = ud != NULL ? nhref_strdup(expr) : NULL;
        if (ue != NULL)
            spec->uexpr = ue;
        if (ut != NULL)
            spec->uterm = ut;
        if (up != NULL)
            spec->utape = up;
        if (ud != NULL)
            spec->udesc = ud;
        if (copy == NULL) {
            nhref_tape_free(tape);
            return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
        }
        spec->uexpr[n] = copy;
        spec->uterm[n] = terminal != 0;
        spec->utape[n] = tape;
        spec->nuser = n + 1;
        /* the descriptors point at the copies, which stay put */
        for (size_t i = 0; i < spec->nuser; i++)
            spec->udesc[i] = (nhref_event_desc_t){spec->uexpr[i], spec->uexpr[i], 0,
                                                  spec->uterm[i]};
    }
    nhref_spec_undo(spec);
    return NHREF_OK;
}

void nhref_spec_set_model_events(nhref_spec_t *spec, int on)
{
    spec->model_events = on != 0;
    nhref_spec_undo(spec);
}

void nhref_spec_set_max_steps(nhref_spec_t *spec, unsigned long max_steps)
{
    spec->max_steps = max_steps;
}

int nhref_spec_set_meta(nhref_spec_t *spec, const char *key, const char *value)
{
    /* the keys the sinks write (sink_csv.c, sink_jsonl.c, cmd_lyapunov.c), and the first
     * lines' words */
    static const char *const own[] = {
        "format", "nhref", "model", "model-file", "model-sha256", "source", "param", "init",
        "t-start", "t-end", "dt-out", "times", "scheme", "precision", "tolerance",
        "digits-printed", "digits", "units", "outcome", "event", "steps", "sha256", "method",
        "columns", "type", "rows", "status", "order", "message", "t_stop", "t_blowup",
        "steps_estimate", "t_start", "t_end", "dt_out", "params", "cases", "command",
        "count", "kind"};
    char *k, *v;
    size_t n = key != NULL ? strlen(key) : 0;

    if (n == 0 || n > 32 || strspn(key, "abcdefghijklmnopqrstuvwxyz0123456789-") != n)
        return NHREF_EINVAL;
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (strcmp(key, own[i]) == 0)
            return NHREF_EINVAL;
    if (value == NULL) {
        free(spec->meta_key);
        free(spec->meta_value);
        spec->meta_key = spec->meta_value = NULL;
        return NHREF_OK;
    }
    if (strpbrk(value, "\n\r") != NULL)
        return NHREF_EINVAL;
    if ((k = nhref_strdup(key)) == NULL || (v = nhref_strdup(value)) == NULL) {
        free(k);
        return NHREF_ENOMEM;
    }
    free(spec->meta_key);
    free(spec->meta_value);
    spec->meta_key = k;
    spec->meta_value = v;
    return NHREF_OK;
}

const char *nhref_spec_meta(const nhref_spec_t *spec, const char **value)
{
    if (value != NULL)
        *value = spec->meta_value;
    return spec->meta_key;
}

void nhref_spec_set_max_rows(nhref_spec_t *spec, unsigned long max_rows)
{
    spec->max_rows = max_rows;
    nhref_spec_undo(spec);
}

void nhref_spec_set_init_as_point(nhref_spec_t *spec, int on)
{
    spec->init_as_point = on != 0;
    nhref_spec_undo(spec);
}

int nhref_spec_set_require_digits(nhref_spec_t *spec, double digits)
{
    if (!(digits >= 0 && digits <= 1e6))
        return NHREF_EINVAL;
    spec->require_digits = digits;
    return NHREF_OK;
}

double nhref_spec_require_digits(const nhref_spec_t *spec)
{
    return spec->require_digits;
}

const char *nhref_spec_notes(const nhref_spec_t *spec)
{
    return spec->notes;
}

void nhref_spec_set_integral_guard(nhref_spec_t *spec, int on)
{
    spec->integral_guard = on != 0;
}

void nhref_spec_set_integrals(nhref_spec_t *spec, int on)
{
    spec->integrals = on != 0;
}

void nhref_spec_set_progress(nhref_spec_t *spec, void (*fn)(void *, double), void *arg)
{
    spec->progress = fn;
    spec->progress_arg = arg;
}

void nhref_spec_reset_overrides(nhref_spec_t *spec)
{
    const nhref_model_t *m = spec->model;
    for (size_t i = 0; i < m->nparam; i++) {
        nhref_system_set_param(spec->sys, m->param[i].name, m->param[i].default_value);
        free(spec->param_set[i]);
        free(spec->param_rad[i]);
        spec->param_set[i] = spec->param_rad[i] = NULL;
    }
    for (size_t i = 0; i < m->nstate; i++) {
        free(spec->init[i]);
        free(spec->init_rad[i]);
        free(spec->init_set[i]);
        spec->init[i] = spec->init_rad[i] = spec->init_set[i] = NULL;
    }
    nhref_spec_undo(spec);
}

/* ------------------------------------------------------------------ from files */
int nhref_spec_from_case(nhref_spec_t *spec, const nhref_case_t *c)
{
    int status = NHREF_OK;
    for (size_t i = 0; i < c->nparam && status == NHREF_OK; i++)
        status = nhref_spec_set_param(spec, c->param_name[i], c->param_value[i]);
    for (size_t i = 0; i < c->ninit && status == NHREF_OK; i++)
        status = nhref_spec_set_init(spec, c->init_name[i], c->init_value[i]);
    if (status == NHREF_OK && c->t_start != NULL && nhref_dec_cmp(c->t_start, "0") != 0)
        status = nhref_spec_set_t_start(spec, c->t_start);
    if (status == NHREF_OK && c->t_end != NULL && c->dt_out != NULL) {
        status = nhref_spec_set_t_end(spec, c->t_end);
        if (status == NHREF_OK)
            status = nhref_spec_set_dt_out(spec, c->dt_out);
    } else if (status == NHREF_OK) {
        status = nhref_spec_set_times(spec, c->ntimes, (const char *const *)c->times);
    }
    if (status == NHREF_OK)
        status = nhref_spec_set_digits(spec, c->digits);
    return status;
}

/* "NAME = VALUE [unit]" of a param/init metadata line: NAME and VALUE (the token
 * after '=' up to a blank or '[') copied into N and VAL.  0, or -1 if malformed. */
static int meta_assignment(const char *s, char *n, size_t nlen, char *val, size_t vlen)
{
    const char *eq = strchr(s, '='), *ns = s, *ne, *vs, *ve;
    if (eq == NULL)
        return -1;
    while (isspace((unsigned char)*ns))
        ns++;
    for (ne = eq; ne > ns && isspace((unsigned char)ne[-1]); ne--)
        ;
    for (vs = eq + 1; isspace((unsigned char)*vs); vs++)
        ;
    for (ve = vs; *ve != '\0' && !isspace((unsigned char)*ve) && *ve != '['; ve++)
        ;
    if (ne == ns || ve == vs || (size_t)(ne - ns) >= nlen || (size_t)(ve - vs) >= vlen)
        return -1;
    snprintf(n, nlen, "%.*s", (int)(ne - ns), ns);
    snprintf(val, vlen, "%.*s", (int)(ve - vs), vs);
    return 0;
}

/* the value of an earlier '# KEY: NAME = ...' line than the one at index BEFORE of TAB's
 * metadata, or NULL */
static const char *meta_earlier(const nhref_table_t *tab, const char *key, const char *name,
                                size_t before)
{
    char n[256], val[1024];
    size_t from = 0;
    const char *s;
    while ((s = nhref_table_meta(tab, key, &from)) != NULL && from - 1 < before)
        if (meta_assignment(s, n, sizeof n, val, sizeof val) == 0 && strcmp(n, name) == 0)
            return s;
    return NULL;
}

int nhref_spec_from_table(nhref_spec_t *spec, const nhref_table_t *tab)
{
    char n[256], val[1024];
    const char *s;
    int status = NHREF_OK;

    for (int pass = 0; pass < 2 && status == NHREF_OK; pass++) {
        const char *key = pass == 0 ? "param" : "init";
        size_t from = 0;
        while (status == NHREF_OK && (s = nhref_table_meta(tab, key, &from)) != NULL) {
            const char *first = NULL;
            if (meta_assignment(s, n, sizeof n, val, sizeof val) != 0)
                status = nhref_spec_fail(spec, NHREF_EPARSE,
                                         "%s%smalformed '# %s: %s' line (expected 'NAME = "
                                         "VALUE [unit]')",
                                         spec->where != NULL ? "" : tab->path,
                                         spec->where != NULL ? "" : ": ", key, s);
            else if ((first = meta_earlier(tab, key, n, from - 1)) != NULL)
                /* a reference has one value per name: the last one must not win silently */
                status = nhref_spec_fail(
                    spec, NHREF_EPARSE, "%s%s%s %s is given twice: '# %s: %s', then '# %s: %s'",
                    spec->where != NULL ? "" : tab->path, spec->where != NULL ? "" : ": ", key, n,
                    key, first, key, s);
            else
                status = pass == 0 ? nhref_spec_set_param(spec, n, val)
                                   : nhref_spec_set_init(spec, n, val);
        }
    }
    if (status == NHREF_OK && (s = nhref_table_meta(tab, "t-start", NULL)) != NULL) {
        size_t from = 0;
        const char *again;
        nhref_table_meta(tab, "t-start", &from);
        if ((again = nhref_table_meta(tab, "t-start", &from)) != NULL)
            status = nhref_spec_fail(
                spec, NHREF_EPARSE, "%s%sthe '# t-start:' line is given twice: '%s', then '%s'",
                spec->where != NULL ? "" : tab->path, spec->where != NULL ? "" : ": ", s, again);
        else
            status = nhref_spec_set_t_start(spec, s);
    }
    return status;
}

/* ------------------------------------------------------------------ accessors */
const nhref_model_t *nhref_spec_model(const nhref_spec_t *spec)
{
    return spec->model;
}

const nhref_system_t *nhref_spec_system(const nhref_spec_t *spec)
{
    return spec->sys;
}

nhref_run_type_t nhref_spec_type(const nhref_spec_t *spec)
{
    return spec->type;
}

const char *nhref_spec_param_str(const nhref_spec_t *spec, size_t i)
{
    return i < spec->model->nparam ? nhref_system_param_str(spec->sys, i) : NULL;
}

const char *nhref_spec_init_str(const nhref_spec_t *spec, size_t i)
{
    if (i >= spec->model->nstate)
        return NULL;
    return spec->init[i] != NULL ? spec->init[i] : spec->model->state[i].default_init;
}

const char *nhref_spec_init_rad_str(const nhref_spec_t *spec, size_t i)
{
    return i < spec->model->nstate && !spec->init_as_point ? spec->init_rad[i] : NULL;
}

const char *nhref_spec_init_set_str(const nhref_spec_t *spec, size_t i)
{
    return i < spec->model->nstate && !spec->init_as_point ? spec->init_set[i] : NULL;
}

const char *nhref_spec_param_set_str(const nhref_spec_t *spec, size_t i)
{
    return i < spec->model->nparam && !spec->init_as_point ? spec->param_set[i] : NULL;
}

const char *nhref_spec_param_rad_str(const nhref_spec_t *spec, size_t i)
{
    return i < spec->model->nparam && !spec->init_as_point ? spec->param_rad[i] : NULL;
}

const char *nhref_spec_t_start(const nhref_spec_t *spec)
{
    return spec->t_start != NULL ? spec->t_start : "0";
}

const char *nhref_spec_t_end(const nhref_spec_t *spec)
{
    if (spec->ntimes > 0 || spec->ntnum > 0)
        return NULL;
    return spec->t_end != NULL ? spec->t_end : spec->model->default_t_end;
}

const char *nhref_spec_dt_out(const nhref_spec_t *spec)
{
    if (spec->ntimes > 0 || spec->ntnum > 0)
        return NULL;
    return spec->dt_out != NULL ? spec->dt_out : spec->model->default_dt_out;
}

size_t nhref_spec_nrows(const nhref_spec_t *spec)
{
    return spec->nrows;
}

size_t nhref_spec_time_str(const nhref_spec_t *spec, size_t i, char *buf, size_t len)
{
    int n = -1;
    if (spec->ntimes > 0 && i < spec->ntimes) {
        n = snprintf(buf, len, "%s", spec->times[i]);
    } else if (spec->ntnum > 0 && i < spec->ntnum) {
        n = mpfr_snprintf(buf, len, "%.*Rg", (int)ceil(spec->wdigits) + 2, spec->tnum + i);
    } else if (spec->have_grid && i < spec->grid.n) {
        char *s = nhref_grid_time_str((nhref_grid_t *)&spec->grid, i);
        n = s != NULL ? snprintf(buf, len, "%s", s) : -1;
        free(s);
    }
    if (n < 0) {
        if (len > 0)
            buf[0] = '\0';
        return 0;
    }
    return (size_t)n;
}

long nhref_spec_prec(const nhref_spec_t *spec)
{
    return spec->wprec;
}

double nhref_spec_digits(const nhref_spec_t *spec)
{
    return spec->wdigits;
}

const nhref_scheme_t *nhref_spec_scheme(const nhref_spec_t *spec)
{
    return spec->scheme;
}

const char *nhref_spec_scheme_options(const nhref_spec_t *spec)
{
    return spec->scheme_opt;
}

size_t nhref_spec_nevents(const nhref_spec_t *spec)
{
    return (spec->model_events ? spec->model->nevent : 0) + spec->nuser;
}

const char *nhref_spec_event_name(const nhref_spec_t *spec, size_t k)
{
    size_t nm = spec->model_events ? spec->model->nevent : 0;
    if (k < nm)
        return spec->model->event[k].name;
    return k - nm < spec->nuser ? spec->uexpr[k - nm] : NULL;
}

void nhref_spec_options(const nhref_spec_t *spec, nhref_options_t *opt)
{
    nhref_options_default(opt);
    opt->scheme = spec->scheme->name;
    opt->scheme_opt = spec->scheme_opt[0] != '\0' ? spec->scheme_opt : NULL;
    opt->prec = spec->type == NHREF_RUN_DOUBLE ? 0 : spec->wprec;
    opt->digits = spec->wdigits;
    opt->max_steps = spec->max_steps;
    opt->progress = spec->progress;
    opt->progress_arg = spec->progress_arg;
    opt->no_model_events = !spec->model_events;
    opt->nuser_event = spec->nuser;
    opt->user_event_tape = (const nhref_tape_t *const *)spec->utape;
    opt->user_event = spec->udesc;
}

void nhref_spec_x0(const nhref_spec_t *spec, mpfr_ptr x0)
{
    for (size_t i = 0; i < spec->model->nstate; i++)
        nhref_value_set(x0 + i, nhref_spec_init_str(spec, i));
}
