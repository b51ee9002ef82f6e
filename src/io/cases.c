/* cases.c -- reading case files (data/cases/NAME.cases; format in nhref_golden.h):
 * sections with their defaults, sweeps expanded into named cases, and every case
 * checked against its model (parameters, initial state) before anything runs. */
#include "nhref_golden.h"

#include <ctype.h>
#include <errno.h>
#include <gmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "nhref_io.h"
#include "nhref_model.h"
#include "nhref_model_file.h"
#include "strutil.h"
#include "io/sweep_values.h"
#include "run/grid.h"
#include "run/run_internal.h"

/* the longest line read (a longer one is an error, never split) */
#define MAX_LINE NHREF_CASES_MAX_LINE
/* the most time strings all the cases of one section may hold together */
#define MAX_TIME_STRINGS 20000000UL

static void fail(char *err, size_t len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static int push_str(char ***arr, size_t *n, const char *s)
{
    char **p = *arr;
    /* the capacity doubles at 0, 1, 2, 4, ... (linear time for 10^5 times) */
    if ((*n & (*n - 1)) == 0 && (p = realloc(*arr, (*n ? 2 * *n : 1) * sizeof *p)) == NULL)
        return -1;
    *arr = p;
    if ((p[*n] = nhref_strdup(s)) == NULL)
        return -1;
    (*n)++;
    return 0;
}

static void free_strs(char **a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(a[i]);
    free(a);
}

/* a copy of S (NULL stays NULL); sets *OOM on failure */
static char *dup_or_null(const char *s, int *oom)
{
    char *c;
    if (s == NULL)
        return NULL;
    if ((c = nhref_strdup(s)) == NULL)
        *oom = 1;
    return c;
}

static void case_clear(nhref_case_t *c)
{
    free(c->name);
    free(c->model);
    free(c->source);
    free(c->description);
    for (size_t i = 0; i < c->nparam; i++) {
        free(c->param_name[i]);
        free(c->param_value[i]);
    }
    for (size_t i = 0; i < c->ninit; i++) {
        free(c->init_name[i]);
        free(c->init_value[i]);
    }
    free_strs(c->times, c->ntimes);
    free(c->param_name);
    free(c->param_value);
    free(c->init_name);
    free(c->init_value);
    free(c->t_start);
    free(c->t_end);
    free(c->dt_out);
    free(c->fast_tolerance);
    free(c->fast_horizon);
    free(c->event);
    free(c->event_horizon);
    free(c->file);
    nhref_model_file_free(c->mf);
    free(c->sweep);
    free(c->swept);
}

void nhref_cases_free(nhref_case_t *cases, size_t n)
{
    for (size_t i = 0; i < n; i++)
        case_clear(&cases[i]);
    free(cases);
}

/* S is a finite decimal number within nhref_decimal_set's bounds at 64 bits (then
 * at every precision); else WHY (if not NULL, WHY_LEN bytes) says what is wrong */
static int is_decimal_why(const char *s, char *why, size_t why_len)
{
    mpfr_t v;
    int status;
    mpfr_init2(v, 64);
    status = nhref_decimal_set(v, s);
    mpfr_clear(v);
    if (status != NHREF_OK && why != NULL)
        nhref_decimal_why(why, why_len, s, 64, status);
    return status == NHREF_OK;
}

/* Significant digits beyond which t-start + k dt-out is refused (it would need a
 * string of about the difference of their decimal exponents) */
#define GRID_MAX_DIGITS 1000

/* *TIMES from t-start, t-end and dt-out: the grid of a run (run/grid.h), each time an
 * exact decimal string.  t-end must be after t-start. */
static int grid_times(char ***times, size_t *n, const char *t_start, const char *t_end,
                      const char *dt, char *err, size_t errlen, const char *path, size_t line)
{
    nhref_grid_t g;
    double rows;
    int why = nhref_grid_init(&g, t_start, t_end, dt, 100001, &rows), status = NHREF_OK;
    long span;

    if (why == NHREF_GRID_DT) {
        fail(err, errlen, "%s:%zu: dt-out must be > 0", path, line);
        return NHREF_EPARSE;
    }
    if (why == NHREF_GRID_NOT_AFTER) {
        fail(err, errlen,
             "%s:%zu: t-end = %s must be after t-start = %s (for times before t-start, give "
             "'times = ...')",
             path, line, t_end, t_start);
        return NHREF_EPARSE;
    }
    if ((span = nhref_dec_span(t_start, dt)) > GRID_MAX_DIGITS) {
        fail(err, errlen,
             "%s:%zu: t-start = %s plus multiples of dt-out = %s would need more than %d "
             "significant digits: give 'times = ...'",
             path, line, t_start, dt, GRID_MAX_DIGITS);
        nhref_grid_clear(&g);
        return NHREF_EPARSE;
    }
    if (why == NHREF_GRID_ROWS) {
        fail(err, errlen, "%s:%zu: more than 100000 times ((t-end - t-start) / dt-out)", path,
             line);
        return NHREF_EPARSE;
    }
    if (why != NHREF_GRID_OK || span < 0) {
        nhref_grid_clear(&g);
        return NHREF_ENOMEM;
    }
    for (size_t k = 0; k < g.n && status == NHREF_OK; k++) {
        char *s = nhref_grid_time_str(&g, k);
        if (s == NULL || push_str(times, n, s) != 0)
            status = NHREF_ENOMEM;
        free(s);
    }
    nhref_grid_clear(&g);
    return status;
}

static int name_ok(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
        if (!isalnum((unsigned char)*s) && *s != '.' && *s != '_' && *s != '-')
            return 0;
    return 1;
}

/* ------------------------------------------------------------------ sections */
/* one "param NAME = ..." or "init NAME = ..." line, with its values */
typedef struct {
    int is_param;
    char *name, *text;
    char **v;
    size_t nv;
    int kind; /* NHREF_SWEEP_ONE, _AXIS, _SAMPLE */
    size_t line;
    int inherited; /* from the defaults (a case may set it again) */
} assign_t;

/* a [section] as written (or the defaults before the first one) */
typedef struct {
    char *name;
    size_t line;
    char *model, *source, *description, *t_start, *fast_tolerance, *event, *event_horizon,
        *fast_horizon, *t_end, *dt_out;
    double digits; /* 0: not given */
    char **times;
    size_t ntimes;
    int own_times, own_t_end, own_dt; /* given in this section, not inherited */
    assign_t *as;
    size_t nas;
} section_t;

static void assign_clear(assign_t *a)
{
    free(a->name);
    free(a->text);
    nhref_sweep_values_free(a->v, a->nv);
}

static void section_clear(section_t *s)
{
    free(s->name);
    free(s->model);
    free(s->source);
    free(s->description);
    free(s->t_start);
    free(s->fast_tolerance);
    free(s->event);
    free(s->event_horizon);
    free(s->fast_horizon);
    free(s->t_end);
    free(s->dt_out);
    free_strs(s->times, s->ntimes);
    for (size_t i = 0; i < s->nas; i++)
        assign_clear(&s->as[i]);
    free(s->as);
    memset(s, 0, sizeof *s);
}

/* S = a new section NAME at LINE inheriting every key of the defaults D */
static int section_start(section_t *s, const section_t *d, const char *name, size_t line)
{
    int oom = 0;
    memset(s, 0, sizeof *s);
    s->name = dup_or_null(name, &oom);
    s->line = line;
    s->model = dup_or_null(d->model, &oom);
    s->source = dup_or_null(d->source, &oom);
    s->description = dup_or_null(d->description, &oom);
    s->t_start = dup_or_null(d->t_start, &oom);
    s->fast_tolerance = dup_or_null(d->fast_tolerance, &oom);
    s->event = dup_or_null(d->event, &oom);
    s->event_horizon = dup_or_null(d->event_horizon, &oom);
    s->fast_horizon = dup_or_null(d->fast_horizon, &oom);
    s->t_end = dup_or_null(d->t_end, &oom);
    s->dt_out = dup_or_null(d->dt_out, &oom);
    s->digits = d->digits;
    for (size_t i = 0; i < d->ntimes && !oom; i++)
        if (push_str(&s->times, &s->ntimes, d->times[i]) != 0)
            oom = 1;
    if (!oom && d->nas > 0) {
        s->as = calloc(d->nas, sizeof *s->as);
        if (s->as == NULL)
            oom = 1;
        for (size_t i = 0; i < d->nas && !oom; i++) {
            assign_t *a = &s->as[s->nas++];
            const assign_t *b = &d->as[i];
            *a = (assign_t){b->is_param, dup_or_null(b->name, &oom), dup_or_null(b->text, &oom),
                            NULL, 0, b->kind, b->line, 1};
            for (size_t k = 0; k < b->nv && !oom; k++)
                if (push_str(&a->v, &a->nv, b->v[k]) != 0)
                    oom = 1;
        }
    }
    return oom ? NHREF_ENOMEM : NHREF_OK;
}

static int set_str(char **slot, const char *v)
{
    char *c = nhref_strdup(v);
    if (c == NULL)
        return NHREF_ENOMEM;
    free(*slot);
    *slot = c;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ checks against the model */
/* "param A1 = 0.1, init theta = 0.5": the swept values of expanded case IDX */
static char *swept_str(const section_t *s, const size_t *idx, const int *axis_of)
{
    size_t len = 1, o = 0;
    char *out;
    for (size_t i = 0; i < s->nas; i++)
        if (s->as[i].kind != NHREF_SWEEP_ONE)
            len += strlen(s->as[i].name) + strlen(s->as[i].v[idx[axis_of[i]]]) + 16;
    out = malloc(len);
    if (out == NULL)
        return NULL;
    out[0] = '\0';
    for (size_t i = 0; i < s->nas; i++)
        if (s->as[i].kind != NHREF_SWEEP_ONE)
            o += (size_t)snprintf(out + o, len - o, "%s%s %s = %s", o ? ", " : "",
                                  s->as[i].is_param ? "param" : "init", s->as[i].name,
                                  s->as[i].v[idx[axis_of[i]]]);
    return out;
}

/* the names of S's parameter and state assignments exist in model M, and its event
 * is one of M's terminal events */
static int check_names(const section_t *s, const nhref_model_t *m, const char *path, char *err,
                       size_t errlen)
{
    for (size_t i = 0; i < s->nas; i++) {
        const assign_t *a = &s->as[i];
        if ((a->is_param ? nhref_model_param_index(m, a->name)
                         : nhref_model_state_index(m, a->name)) < 0) {
            size_t n = a->is_param ? m->nparam : m->nstate, o = 0;
            char names[512];
            names[0] = '\0';
            for (size_t k = 0; k < n && o < sizeof names; k++)
                o += (size_t)snprintf(names + o, sizeof names - o, "%s%s", k ? ", " : "",
                                      a->is_param ? m->param[k].name : m->state[k].name);
            fail(err, errlen, "%s:%zu: unknown %s '%s' of model %s (%s: %s)", path, a->line,
                 a->is_param ? "parameter" : "state variable", a->name, m->name,
                 a->is_param ? "parameters" : "state", names);
            return NHREF_EPARSE;
        }
    }
    if (s->event != NULL) {
        int found = 0;
        for (size_t k = 0; k < m->nevent; k++)
            found |= strcmp(m->event[k].name, s->event) == 0 && m->event[k].terminal;
        if (!found) {
            fail(err, errlen, "%s:%zu: case [%s]: model %s has no terminal event '%s'", path,
                 s->line, s->name, m->name, s->event);
            return NHREF_EPARSE;
        }
    }
    return NHREF_OK;
}

/* the model's checks on case C: its parameters (ranges) and its initial state
 * (nhref_system_check_init at 256 bits, as the golden routes check it), through SPEC, a
 * spec of C's model (the run layer's defaults, then the case's overrides).  Returns
 * NHREF_OK, or NHREF_EPARSE / NHREF_EPARAM with the reason in WHY. */
static int check_case(nhref_spec_t *spec, const nhref_case_t *c, char *why, size_t len)
{
    int status = NHREF_OK;
    nhref_spec_reset_overrides(spec);
    for (size_t i = 0; i < c->nparam && status == NHREF_OK; i++)
        status = nhref_spec_set_param(spec, c->param_name[i], c->param_value[i]);
    for (size_t i = 0; i < c->ninit && status == NHREF_OK; i++)
        status = nhref_spec_set_init(spec, c->init_name[i], c->init_value[i]);
    if (status == NHREF_OK)
        status = nhref_spec_check_state(spec, 256);
    if (status != NHREF_OK) {
        fail(why, len, "%s", nhref_spec_error(spec));
        return status == NHREF_EPARAM || status == NHREF_ENOMEM ? status : NHREF_EPARSE;
    }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ expansion */
typedef struct {
    nhref_case_t *v;
    size_t n, cap;
    nhref_model_file_t *mf; /* the last model file read (sections share it), its path */
    char *mf_path;
    nhref_model_file_t *mf_now; /* the model file of the section being expanded, or NULL */
    nhref_spec_t *spec;         /* the spec that checks the cases of spec_model, kept for the
                                   next section of the same model (building a system costs
                                   about 40 k instructions; 100000 one-case sections) */
    const nhref_model_t *spec_model;
} case_list_t;

static nhref_case_t *case_push(case_list_t *l)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        nhref_case_t *p = realloc(l->v, cap * sizeof *p);
        if (p == NULL)
            return NULL;
        l->v = p;
        l->cap = cap;
    }
    memset(&l->v[l->n], 0, sizeof l->v[l->n]);
    return &l->v[l->n++];
}

/* the keys a case needs: model, digits, and times (a list, or t-end and dt-out from
 * t-start, 0 unless given, made into the list here); event and event-horizon together */
static int check_keys(section_t *s, const char *path, char *err, size_t errlen)
{
    int status;

    if (s->model == NULL) {
        fail(err, errlen, "%s:%zu: case [%s] has no 'model ='", path, s->line, s->name);
        return NHREF_EPARSE;
    }
    if (s->digits <= 0) {
        fail(err, errlen, "%s:%zu: case [%s] has no 'digits ='", path, s->line, s->name);
        return NHREF_EPARSE;
    }
    if (s->ntimes == 0) {
        if (s->t_end == NULL || s->dt_out == NULL) {
            fail(err, errlen,
                 "%s:%zu: case [%s] has no times: give 'times = t0, t1, ...' or 't-end =' and "
                 "'dt-out ='",
                 path, s->line, s->name);
            return NHREF_EPARSE;
        }
        if (s->t_start == NULL && set_str(&s->t_start, "0") != NHREF_OK)
            return NHREF_ENOMEM;
        if ((status = grid_times(&s->times, &s->ntimes, s->t_start, s->t_end, s->dt_out, err,
                                 errlen, path, s->line)) != NHREF_OK)
            return status;
    }
    if (s->t_start == NULL && set_str(&s->t_start, "0") != NHREF_OK)
        return NHREF_ENOMEM;
    if ((s->event == NULL) != (s->event_horizon == NULL)) {
        fail(err, errlen, "%s:%zu: case [%s]: 'event' and 'event-horizon' go together", path,
             s->line, s->name);
        return NHREF_EPARSE;
    }
    return NHREF_OK;
}

/* the times of S are monotone and run from t-start outwards */
static int check_times(const section_t *s, const char *path, char *err, size_t errlen)
{
    mpfr_t a, b;
    int dir = 0, ok = 1;

    mpfr_inits2(256, a, b, (mpfr_ptr)0);
    nhref_decimal_set(a, s->times[0]);
    for (size_t i = 1; i < s->ntimes && ok; i++) {
        int cmp;
        nhref_decimal_set(b, s->times[i]);
        cmp = mpfr_cmp(b, a);
        if (dir == 0)
            dir = cmp;
        if (cmp * dir < 0)
            ok = 0;
        mpfr_set(a, b, MPFR_RNDN);
    }
    if (!ok) {
        mpfr_clears(a, b, (mpfr_ptr)0);
        fail(err, errlen, "%s:%zu: case [%s]: times must be monotone", path, s->line, s->name);
        return NHREF_EPARSE;
    }
    /* one integration from t-start: the times on one side of it, running away from it
     * (a grid that crossed it made the routes fail with 'invalid argument') */
    {
        int s0, s1;
        nhref_decimal_set(a, s->t_start);
        nhref_decimal_set(b, s->times[0]);
        s0 = mpfr_cmp(b, a);
        nhref_decimal_set(b, s->times[s->ntimes - 1]);
        s1 = mpfr_cmp(b, a);
        ok = !(s0 * s1 < 0) && !(s0 != 0 && dir != 0 && s0 * dir < 0);
    }
    mpfr_clears(a, b, (mpfr_ptr)0);
    if (!ok) {
        fail(err, errlen,
             "%s:%zu: case [%s]: the times (%s ... %s) must run from t-start = %s outwards, "
             "all after it or all before it: the case is one integration from t-start",
             path, s->line, s->name, s->times[0], s->times[s->ntimes - 1], s->t_start);
        return NHREF_EPARSE;
    }
    return NHREF_OK;
}

/* the axes of the product a section expands into */
typedef struct {
    size_t naxis, n[64]; /* the number of values on each axis */
    int of[256];         /* the axis of each param/init line; -1 for a single value */
    size_t total;        /* the number of cases: the product of the n */
    size_t width;        /* the digits of k in the case names NAME-k */
} axes_t;

/* the axes of the product of S: each list/linspace/logspace line, and one for all the
 * samples together (at the place of the first), in the order of the lines */
static int sweep_axes(axes_t *ax, const section_t *s, const char *path, char *err, size_t errlen)
{
    int sample_axis = -1;
    size_t sample_line = 0;

    ax->naxis = 0;
    ax->total = 1;
    ax->width = 5;
    if (s->nas > sizeof ax->of / sizeof ax->of[0]) {
        fail(err, errlen, "%s:%zu: case [%s]: more than %zu param/init lines", path, s->line,
             s->name, sizeof ax->of / sizeof ax->of[0]);
        return NHREF_EPARSE;
    }
    for (size_t i = 0; i < s->nas; i++) {
        const assign_t *a = &s->as[i];
        ax->of[i] = -1;
        if (a->kind == NHREF_SWEEP_SAMPLE && sample_axis >= 0) {
            if (a->nv != ax->n[sample_axis]) {
                fail(err, errlen,
                     "%s:%zu: %s %s: n = %zu, but the sample of line %zu has n = %zu (the "
                     "samples of a case are drawn together: give them the same n)",
                     path, a->line, a->is_param ? "param" : "init", a->name, a->nv, sample_line,
                     ax->n[sample_axis]);
                return NHREF_EPARSE;
            }
            ax->of[i] = sample_axis;
            continue;
        }
        if (a->kind == NHREF_SWEEP_ONE)
            continue;
        if (ax->naxis == sizeof ax->n / sizeof ax->n[0]) {
            fail(err, errlen, "%s:%zu: case [%s]: more than %zu sweep axes", path, s->line, s->name,
                 sizeof ax->n / sizeof ax->n[0]);
            return NHREF_EPARSE;
        }
        if (a->kind == NHREF_SWEEP_SAMPLE) {
            sample_axis = (int)ax->naxis;
            sample_line = a->line;
        }
        ax->of[i] = (int)ax->naxis;
        ax->n[ax->naxis++] = a->nv;
        if (ax->total > NHREF_SWEEP_MAX / a->nv) {
            fail(err, errlen, "%s:%zu: case [%s] expands to more than %lu cases", path, s->line,
                 s->name, NHREF_SWEEP_MAX);
            return NHREF_EPARSE;
        }
        ax->total *= a->nv;
    }
    if (ax->total * s->ntimes > MAX_TIME_STRINGS) {
        fail(err, errlen, "%s:%zu: case [%s]: %zu cases of %zu times each is more than %lu", path,
             s->line, s->name, ax->total, s->ntimes, MAX_TIME_STRINGS);
        return NHREF_EPARSE;
    }
    for (size_t t = ax->total - 1; t >= 100000; t /= 10)
        ax->width++;
    return NHREF_OK;
}

/* the name of case C, number K of S: S's name, or in a sweep NAME-k with its swept
 * values (IDX: its index on each axis); 1 if memory ran out */
static int case_name(nhref_case_t *c, const section_t *s, const axes_t *ax, const size_t *idx,
                     size_t k)
{
    int oom = 0;
    if (ax->naxis == 0) {
        c->name = dup_or_null(s->name, &oom);
    } else {
        size_t nl = strlen(s->name) + ax->width + 2;
        if ((c->name = malloc(nl)) == NULL)
            oom = 1;
        else
            snprintf(c->name, nl, "%s-%0*zu", s->name, (int)ax->width, k);
        c->sweep = dup_or_null(s->name, &oom);
        c->sweep_index = k;
        c->sweep_count = ax->total;
        if (!oom && (c->swept = swept_str(s, idx, ax->of)) == NULL)
            oom = 1;
    }
    return oom;
}

/* case C, number K of S (read from PATH): its name, S's keys and times, and the
 * values of its parameters and initial state; 1 if memory ran out */
static int case_fill(nhref_case_t *c, const section_t *s, const axes_t *ax, size_t k,
                     const char *path, nhref_model_file_t *mf)
{
    size_t idx[64], r = k;
    int oom;

    for (size_t a = ax->naxis; a-- > 0;) { /* the last axis varies fastest */
        idx[a] = r % ax->n[a];
        r /= ax->n[a];
    }
    oom = case_name(c, s, ax, idx, k);
    c->model = dup_or_null(mf != NULL ? nhref_model_file_model(mf)->name : s->model, &oom);
    c->source = dup_or_null(s->source, &oom);
    c->description = dup_or_null(s->description, &oom);
    c->t_start = dup_or_null(s->t_start, &oom);
    c->t_end = s->own_times ? NULL : dup_or_null(s->t_end, &oom);
    c->dt_out = s->own_times ? NULL : dup_or_null(s->dt_out, &oom);
    c->fast_tolerance = dup_or_null(s->fast_tolerance, &oom);
    c->fast_horizon = dup_or_null(s->fast_horizon, &oom);
    c->event = dup_or_null(s->event, &oom);
    c->event_horizon = dup_or_null(s->event_horizon, &oom);
    c->file = dup_or_null(path, &oom);
    c->mf = mf != NULL ? nhref_model_file_ref(mf) : NULL;
    c->line = s->line;
    c->digits = s->digits;
    for (size_t i = 0; i < s->ntimes && !oom; i++)
        if (push_str(&c->times, &c->ntimes, s->times[i]) != 0)
            oom = 1;
    for (size_t i = 0; i < s->nas && !oom; i++) {
        const assign_t *a = &s->as[i];
        const char *v = a->v[a->kind == NHREF_SWEEP_ONE ? 0 : idx[ax->of[i]]];
        size_t m0 = a->is_param ? c->nparam : c->ninit, m1 = m0;
        if (a->is_param) {
            if (push_str(&c->param_name, &m0, a->name) != 0 ||
                push_str(&c->param_value, &m1, v) != 0)
                oom = 1;
            c->nparam = m0 < m1 ? m0 : m1;
        } else {
            if (push_str(&c->init_name, &m0, a->name) != 0 || push_str(&c->init_value, &m1, v) != 0)
                oom = 1;
            c->ninit = m0 < m1 ? m0 : m1;
        }
    }
    return oom;
}

/* the cases of a section its model refuses: how many, the first with its reason, the
 * next four by name */
typedef struct {
    size_t n;
    char first[768], more[256];
} bad_cases_t;

/* one more refused case: C, for the reason WHY */
static void bad_case_add(bad_cases_t *bad, const nhref_case_t *c, const char *why)
{
    if (bad->n == 0)
        snprintf(bad->first, sizeof bad->first, "case [%s]%s%s%s: %s", c->name,
                 c->swept ? " (" : "", c->swept ? c->swept : "", c->swept ? ")" : "", why);
    else if (bad->n <= 4) {
        size_t o = strlen(bad->more);
        snprintf(bad->more + o, sizeof bad->more - o, "%s[%s]", bad->n > 1 ? ", " : "", c->name);
    }
    bad->n++;
}

/* append the cases of S (its product AX) to L, each checked against model M; on
 * error, none of them */
static int section_expand(const section_t *s, const axes_t *ax, const nhref_model_t *m,
                          case_list_t *l, const char *path, char *err, size_t errlen)
{
    size_t first = l->n;
    bad_cases_t bad;
    int status = NHREF_OK;

    memset(&bad, 0, sizeof bad);
    if (l->spec == NULL || l->spec_model != m) {
        nhref_spec_free(l->spec);
        l->spec = NULL;
        if ((status = nhref_spec_new_model(&l->spec, m)) != NHREF_OK ||
            (status = nhref_spec_set_names(l->spec, NHREF_SPEC_KEYS, NULL)) != NHREF_OK) {
            nhref_spec_free(l->spec);
            l->spec = NULL;
            return status;
        }
        l->spec_model = m;
    }
    for (size_t k = 0; k < ax->total && status == NHREF_OK; k++) {
        nhref_case_t *c;
        char why[512];

        if ((c = case_push(l)) == NULL || case_fill(c, s, ax, k, path, l->mf_now) != 0) {
            status = NHREF_ENOMEM;
            break;
        }
        /* the model's checks: every expanded case, reported by name */
        if (check_case(l->spec, c, why, sizeof why) != NHREF_OK)
            bad_case_add(&bad, c, why);
    }
    if (status == NHREF_OK && bad.n > 0) {
        if (bad.n == 1)
            fail(err, errlen, "%s:%zu: %s", path, s->line, bad.first);
        else
            fail(err, errlen,
                 "%s:%zu: %zu of the %zu cases of [%s] are not admissible: %s; also %s%s", path,
                 s->line, bad.n, ax->total, s->name, bad.first, bad.more, bad.n > 5 ? ", ..." : "");
        status = NHREF_EPARAM;
    }
    if (status != NHREF_OK) { /* drop this section's cases */
        for (size_t i = first; i < l->n; i++)
            case_clear(&l->v[i]);
        l->n = first;
    }
    return status;
}

/* l->mf = the model file S names, relative to the case file PATH (read once for the
 * sections that share it) */
static int section_model_file(const section_t *s, case_list_t *l, const char *path, char *err,
                              size_t errlen)
{
    char *full = nhref_path_beside(path, s->model, strlen(s->model)), why[1024];
    nhref_model_file_t *mf;
    int status;

    if (full == NULL)
        return NHREF_ENOMEM;
    if (l->mf != NULL && strcmp(l->mf_path, full) == 0) {
        free(full);
        return NHREF_OK;
    }
    if ((status = nhref_model_file_read(&mf, full, why, sizeof why)) != NHREF_OK) {
        fail(err, errlen, "%s:%zu: case [%s]: %s", path, s->line, s->name, why);
        free(full);
        return status;
    }
    nhref_spec_free(l->spec); /* it may be of the model file freed here */
    l->spec = NULL;
    nhref_model_file_free(l->mf);
    free(l->mf_path);
    l->mf = mf;
    l->mf_path = full;
    return NHREF_OK;
}

/* check section S and append its case (or, for a sweep, its expanded cases) to L */
static int section_finish(section_t *s, case_list_t *l, const char *path, char *err, size_t errlen)
{
    const nhref_model_t *m;
    axes_t ax;
    int status;

    if ((status = check_keys(s, path, err, errlen)) != NHREF_OK ||
        (status = check_times(s, path, err, errlen)) != NHREF_OK)
        return status;
    l->mf_now = NULL;
    if ((m = nhref_model_find(s->model)) == NULL && nhref_model_is_file(s->model)) {
        if ((status = section_model_file(s, l, path, err, errlen)) != NHREF_OK)
            return status;
        m = nhref_model_file_model(l->mf_now = l->mf);
    }
    if (m == NULL) {
        fail(err, errlen,
             "%s:%zu: case [%s]: unknown model '%s' (see 'nhref list'; a model "
             "file's name contains '/' or '.')",
             path, s->line, s->name, s->model);
        return NHREF_ENOTFOUND;
    }
    if ((status = check_names(s, m, path, err, errlen)) != NHREF_OK ||
        (status = sweep_axes(&ax, s, path, err, errlen)) != NHREF_OK)
        return status;
    if (ax.total > NHREF_CASES_MAX_CASES - l->n) { /* all sections together, before expanding */
        fail(err, errlen,
             "%s:%zu: case [%s]: its %zu cases and the %zu before it are more than %lu (the "
             "limit of the cases of a case or sweep file)",
             path, s->line, s->name, ax.total, l->n, NHREF_CASES_MAX_CASES);
        return NHREF_EPARSE;
    }
    return section_expand(s, &ax, m, l, path, err, errlen);
}

/* ------------------------------------------------------------------ one line */
/* 1 if the value VAL is a set, MID+-RAD or [LO, HI] (nhref_set_parse's forms; a
 * malformed "[..." is one, for nhref_set_read to say what is wrong with it) */
static int is_set(const char *val)
{
    char *a, *b, why[160];
    int kind, status = nhref_set_parse(val, &kind, &a, &b, why, sizeof why);
    free(a);
    free(b);
    return status != NHREF_OK || kind != NHREF_SET_POINT;
}

/* "param NAME = VALUE" or "init NAME = VALUE" (KEY, VAL) at LINENO: a new assignment of
 * CUR, or one that replaces an inherited one; each NAME once per section */
static int parse_assign(section_t *cur, int is_defaults, char *key, const char *val,
                        const char *path, size_t lineno, char *err, size_t errlen)
{
    int is_param = key[0] == 'p';
    char *name = nhref_trim(key + (is_param ? 6 : 5)), why[512], full[300];
    assign_t *a = NULL;
    char **v;
    size_t nv;
    int kind;

    if (!name_ok(name)) {
        fail(err, errlen, "%s:%zu: expected '%s NAME = VALUE', got a bad name '%s'", path, lineno,
             is_param ? "param" : "init", name);
        return NHREF_EPARSE;
    }
    snprintf(full, sizeof full, "%s %s", is_param ? "param" : "init", name);
    if (is_set(val)) {
        /* a set of values, MID+-RAD or [LO, HI], read and checked as the command line
         * reads it (nhref_set_read); one value of the case, the set as the run's output
         * writes it (for --resume); nhref sweep -- --rigorous encloses it */
        char *mid, *rad, *set, msg[1200];
        int st = nhref_set_read(&mid, &rad, &set, full, val, msg, sizeof msg);
        free(mid);
        free(rad);
        if (st != NHREF_OK) {
            fail(err, errlen, "%s:%zu: %s", path, lineno, msg);
            return st == NHREF_ENOMEM ? NHREF_ENOMEM : NHREF_EPARSE;
        }
        if ((v = malloc(sizeof *v)) == NULL) {
            free(set);
            return NHREF_ENOMEM;
        }
        v[0] = set;
        nv = 1;
        kind = NHREF_SWEEP_ONE;
    } else if (nhref_sweep_values(&v, &nv, &kind, full, val, why, sizeof why) != 0) {
        fail(err, errlen, "%s:%zu: %s: %s", path, lineno, full, why);
        return NHREF_EPARSE;
    }
    for (size_t i = 0; i < cur->nas; i++)
        if (cur->as[i].is_param == is_param && strcmp(cur->as[i].name, name) == 0)
            a = &cur->as[i];
    if (a != NULL && !a->inherited) {
        fail(err, errlen, "%s:%zu: %s is given twice in %s%s%s (first at line %zu)", path, lineno,
             full, is_defaults ? "the defaults" : "[", is_defaults ? "" : cur->name,
             is_defaults ? "" : "]", a->line);
        nhref_sweep_values_free(v, nv);
        return NHREF_EPARSE;
    }
    if (a == NULL) {
        assign_t *p = realloc(cur->as, (cur->nas + 1) * sizeof *p);
        if (p == NULL) {
            nhref_sweep_values_free(v, nv);
            return NHREF_ENOMEM;
        }
        cur->as = p;
        a = &cur->as[cur->nas++];
        memset(a, 0, sizeof *a);
    } else {
        assign_clear(a);
    }
    *a = (assign_t){is_param, nhref_strdup(name), nhref_strdup(val), v, nv, kind, lineno, 0};
    return a->name != NULL && a->text != NULL ? NHREF_OK : NHREF_ENOMEM;
}

/* "digits = VAL": a decimal number (never hex, inf or nan), 1 <= digits <= 10000 */
static int parse_digits(section_t *cur, const char *val, const char *path, size_t lineno, char *err,
                        size_t errlen)
{
    mpfr_t d;
    int ok;
    mpfr_init2(d, 64);
    ok = nhref_plain_number(val) == strlen(val) && /* not '+20' */
         nhref_decimal_set(d, val) == NHREF_OK && mpfr_cmp_ui(d, 1) >= 0 &&
         mpfr_cmp_ui(d, 10000) <= 0;
    if (ok)
        cur->digits = mpfr_get_d(d, MPFR_RNDN);
    mpfr_clear(d);
    if (!ok) {
        fail(err, errlen, "%s:%zu: digits: '%s' is not a plain decimal number in [1, 10000]", path,
             lineno, val);
        return NHREF_EPARSE;
    }
    return NHREF_OK;
}

/* the slot in CUR of KEY if it is a key with a decimal value (fast-tolerance,
 * fast-horizon, event-horizon, t-start, t-end, dt-out), else NULL */
static char **decimal_slot(section_t *cur, const char *key)
{
    return strcmp(key, "fast-tolerance") == 0  ? &cur->fast_tolerance
           : strcmp(key, "fast-horizon") == 0  ? &cur->fast_horizon
           : strcmp(key, "event-horizon") == 0 ? &cur->event_horizon
           : strcmp(key, "t-start") == 0       ? &cur->t_start
           : strcmp(key, "t-end") == 0         ? &cur->t_end
           : strcmp(key, "dt-out") == 0        ? &cur->dt_out
                                               : NULL;
}

/* "KEY = VAL" into SLOT, KEY a key with a decimal value; t-end and dt-out replace
 * inherited times, and a section gives its times as a list or as a grid, not both */
static int parse_decimal(section_t *cur, char **slot, const char *key, const char *val,
                         const char *path, size_t lineno, char *err, size_t errlen)
{
    char why[400];
    if (!is_decimal_why(val, why, sizeof why)) {
        fail(err, errlen, "%s:%zu: %s: %s", path, lineno, key, why);
        return NHREF_EPARSE;
    }
    if (slot == &cur->t_end || slot == &cur->dt_out) {
        if (cur->own_times) {
            fail(err, errlen,
                 "%s:%zu: %s: this section already has 'times' (give the times "
                 "as a list or as t-end and dt-out, not both)",
                 path, lineno, key);
            return NHREF_EPARSE;
        }
        free_strs(cur->times, cur->ntimes); /* inherited times give way */
        cur->times = NULL;
        cur->ntimes = 0;
        *(slot == &cur->t_end ? &cur->own_t_end : &cur->own_dt) = 1;
    }
    return set_str(slot, val);
}

/* "times = t0, t1, ...": the times of CUR as a list (inherited t-end and dt-out give
 * way) */
static int parse_times(section_t *cur, char *val, const char *path, size_t lineno, char *err,
                       size_t errlen)
{
    char **times = NULL;
    size_t nt = 0;
    if (cur->own_t_end || cur->own_dt) {
        fail(err, errlen,
             "%s:%zu: times: this section already has t-end/dt-out (give the "
             "times as a list or as t-end and dt-out, not both)",
             path, lineno);
        return NHREF_EPARSE;
    }
    for (char *p = val;;) {
        char *comma = strchr(p, ','), *tok;
        if (comma != NULL)
            *comma = '\0';
        tok = nhref_trim(p);
        char why[400];
        if (!is_decimal_why(tok, why, sizeof why)) {
            fail(err, errlen, "%s:%zu: times: %s", path, lineno, why);
            free_strs(times, nt);
            return NHREF_EPARSE;
        }
        if (push_str(&times, &nt, tok) != 0) {
            free_strs(times, nt);
            return NHREF_ENOMEM;
        }
        if (comma == NULL)
            break;
        p = comma + 1;
    }
    free_strs(cur->times, cur->ntimes);
    cur->times = times;
    cur->ntimes = nt;
    cur->own_times = 1;
    free(cur->t_end); /* inherited t-end/dt-out give way */
    free(cur->dt_out);
    cur->t_end = cur->dt_out = NULL;
    return NHREF_OK;
}

/* the line "KEY = VAL" at LINENO into CUR (IS_DEFAULTS: the defaults, before any [CASE]) */
static int parse_key(section_t *cur, int is_defaults, char *key, char *val, const char *path,
                     size_t lineno, char *err, size_t errlen)
{
    char **slot;

    if (strncmp(key, "param ", 6) == 0 || strncmp(key, "init ", 5) == 0)
        return parse_assign(cur, is_defaults, key, val, path, lineno, err, errlen);
    if (strcmp(key, "model") == 0)
        return set_str(&cur->model, val);
    if (strcmp(key, "source") == 0)
        return set_str(&cur->source, val);
    if (strcmp(key, "description") == 0)
        return set_str(&cur->description, val);
    if (strcmp(key, "event") == 0)
        return set_str(&cur->event, val);
    if (strcmp(key, "digits") == 0)
        return parse_digits(cur, val, path, lineno, err, errlen);
    if ((slot = decimal_slot(cur, key)) != NULL)
        return parse_decimal(cur, slot, key, val, path, lineno, err, errlen);
    if (strcmp(key, "times") == 0)
        return parse_times(cur, val, path, lineno, err, errlen);
    fail(err, errlen,
         "%s:%zu: unknown key '%s' (known: model, source, description, param NAME, "
         "init NAME, times, t-start, t-end, dt-out, digits, fast-tolerance, "
         "fast-horizon, event, event-horizon)",
         path, lineno, key);
    return NHREF_EPARSE;
}

/* the next line of F into *BUF (grown as needed; NUL-terminated, with its '\n'):
 * its length; -1 at the end of the file; -2 for a line longer than MAX_LINE (not
 * read further: bounded memory whatever the file holds).  *NUL says whether it holds
 * a NUL byte. */
static long read_line(char **buf, size_t *cap, FILE *f, int *nul)
{
    size_t len = 0;
    int ch = EOF;
    *nul = 0;
    while ((ch = getc(f)) != EOF) {
        if (len + 2 > *cap) {
            size_t ncap = *cap ? 2 * *cap : 4096;
            char *p;
            if (len > MAX_LINE)
                return -2;
            if ((p = realloc(*buf, ncap)) == NULL)
                return -3;
            *buf = p;
            *cap = ncap;
        }
        *nul |= ch == '\0';
        (*buf)[len++] = (char)ch;
        if (ch == '\n')
            break;
    }
    if (len == 0)
        return -1;
    if (len > MAX_LINE)
        return -2;
    (*buf)[len] = '\0';
    return (long)len;
}

static int cmp_name(const void *a, const void *b)
{
    const nhref_case_t *const *x = a, *const *y = b;
    return strcmp((*x)->name, (*y)->name);
}

/* case names are unique (an expanded name may meet a written one): else the error
 * names the later definition and the line of the first */
static int check_unique_names(const case_list_t *l, const char *path, char *err, size_t errlen)
{
    const nhref_case_t **byname = malloc(l->n * sizeof *byname);
    int status = NHREF_OK;

    if (byname == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < l->n; i++)
        byname[i] = &l->v[i];
    qsort(byname, l->n, sizeof *byname, cmp_name);
    for (size_t i = 1; i < l->n && status == NHREF_OK; i++)
        if (strcmp(byname[i]->name, byname[i - 1]->name) == 0) {
            const nhref_case_t *a = byname[i - 1], *b = byname[i];
            if (a->line > b->line) {
                const nhref_case_t *t = a;
                a = b;
                b = t;
            }
            fail(err, errlen, "%s:%zu: case [%s] defined twice (first at line %zu)", path, b->line,
                 b->name, a->line);
            status = NHREF_EPARSE;
        }
    free(byname);
    return status;
}

/* Cut the comment off line S in place: a '#' at the start of the line or after a
 * blank (space or tab) starts one, to the end of the line, on every line ('[CASE]  # ...',
 * 'key = value  # ...').  A '#' inside a word ("C#", "eq.#3") is text: no value
 * (expression, list, sampler, name) contains '#', and a source or description keeps a
 * '#' written without a blank before it. */
static void strip_comment(char *s)
{
    for (char *p = s; *p != '\0'; p++)
        if (*p == '#' && (p == s || p[-1] == ' ' || p[-1] == '\t')) {
            *p = '\0';
            return;
        }
}

int nhref_cases_read(nhref_case_t **cases_out, size_t *n_out, const char *path, char *err,
                     size_t errlen)
{
    FILE *f = fopen(path, "r");
    char *buf = NULL;
    size_t cap = 0, lineno = 0, nbytes = 0, nsections = 0;
    section_t defaults, sec, *cur = &defaults;
    case_list_t l = {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL};
    int status = NHREF_OK;
    struct {
        char key[32];
        size_t line;
    } seen[32]; /* the keys of the current section (not param/init), with their lines */
    size_t nseen = 0;

    *cases_out = NULL;
    *n_out = 0;
    err[0] = '\0';
    memset(&defaults, 0, sizeof defaults);
    memset(&sec, 0, sizeof sec);
    if (f == NULL) {
        fail(err, errlen, "%s: %s", path, strerror(errno));
        return NHREF_EIO;
    }
    while (status == NHREF_OK) {
        char *s, *eq, *key, *val;
        int nul;
        long got = read_line(&buf, &cap, f, &nul);
        if (got == -1)
            break;
        lineno++;
        if (got >= 0 && (nbytes += (size_t)got) > NHREF_CASES_MAX_BYTES) {
            fail(err, errlen,
                 "%s: more than %zu bytes by line %zu (the limit of a case or sweep file: "
                 "write a sweep's values as lists, linspace or uniform)",
                 path, NHREF_CASES_MAX_BYTES, lineno);
            status = NHREF_EPARSE;
            break;
        }
        if (got == -3) {
            status = NHREF_ENOMEM;
            break;
        }
        if (got == -2) {
            fail(err, errlen,
                 "%s:%zu: a line longer than %zu bytes (the limit of a line of a case or sweep "
                 "file; not a case file?)",
                 path, lineno, MAX_LINE);
            status = NHREF_EPARSE;
            break;
        }
        if (nul) {
            fail(err, errlen, "%s:%zu: a NUL byte (this is not a text file)", path, lineno);
            status = NHREF_EPARSE;
            break;
        }
        s = buf;
        if (lineno == 1 && strncmp(s, "\xef\xbb\xbf", 3) == 0)
            s += 3; /* a UTF-8 byte order mark: not part of the first key */
        strip_comment(s);
        s = nhref_trim(s);
        if (*s == '\0')
            continue;
        if (*s == '[') {
            char *close = strchr(s, ']'), *name;
            if (++nsections > NHREF_CASES_MAX_SECTIONS) {
                fail(err, errlen,
                     "%s:%zu: more than %lu [sections] (the limit of a case or sweep file: "
                     "write many cases as one sweep)",
                     path, lineno, NHREF_CASES_MAX_SECTIONS);
                status = NHREF_EPARSE;
                break;
            }
            if (cur != &defaults) {
                status = section_finish(cur, &l, path, err, errlen);
                section_clear(cur);
                cur = &defaults;
            }
            if (status != NHREF_OK)
                break;
            if (close == NULL || close[1] != '\0' || !name_ok((*close = '\0', nhref_trim(s + 1)))) {
                fail(err, errlen,
                     "%s:%zu: expected a case name '[NAME]' (letters, digits, '.', '_', '-')",
                     path, lineno);
                status = NHREF_EPARSE;
                break;
            }
            name = nhref_trim(s + 1);
            if ((status = section_start(&sec, &defaults, name, lineno)) != NHREF_OK) {
                section_clear(&sec);
                break;
            }
            cur = &sec;
            nseen = 0;
            continue;
        }
        eq = strchr(s, '=');
        if (eq == NULL) {
            fail(err, errlen, "%s:%zu: expected 'key = value' or '[CASE]'", path, lineno);
            status = NHREF_EPARSE;
            break;
        }
        *eq = '\0';
        key = nhref_trim(s);
        val = nhref_trim(eq + 1);
        /* a key given twice in one section: an error, not the last one winning (param
         * and init names: parse_assign) */
        if (strncmp(key, "param ", 6) != 0 && strncmp(key, "init ", 5) != 0) {
            size_t k = 0;
            while (k < nseen && strcmp(seen[k].key, key) != 0)
                k++;
            if (k < nseen) {
                fail(err, errlen, "%s:%zu: %s is given twice in %s%s%s (first at line %zu)", path,
                     lineno, key, cur == &defaults ? "the defaults" : "[",
                     cur == &defaults ? "" : cur->name, cur == &defaults ? "" : "]", seen[k].line);
                status = NHREF_EPARSE;
                break;
            }
            if (nseen < sizeof seen / sizeof seen[0] && strlen(key) < sizeof seen[0].key) {
                snprintf(seen[nseen].key, sizeof seen[0].key, "%s", key);
                seen[nseen++].line = lineno;
            }
        }
        status = parse_key(cur, cur == &defaults, key, val, path, lineno, err, errlen);
    }
    if (status == NHREF_OK && ferror(f)) {
        fail(err, errlen, "%s: %s", path, strerror(errno));
        status = NHREF_EIO;
    }
    fclose(f);
    free(buf);
    if (status == NHREF_OK && cur != &defaults)
        status = section_finish(cur, &l, path, err, errlen);
    if (cur != &defaults)
        section_clear(cur);
    section_clear(&defaults);
    if (status == NHREF_OK && l.n == 0) {
        fail(err, errlen, "%s: no [CASE] sections", path);
        status = NHREF_EPARSE;
    }
    if (status == NHREF_OK)
        status = check_unique_names(&l, path, err, errlen);
    nhref_spec_free(l.spec);
    nhref_model_file_free(l.mf);
    free(l.mf_path);
    if (status != NHREF_OK) {
        nhref_cases_free(l.v, l.n);
        return status;
    }
    *cases_out = l.v;
    *n_out = l.n;
    return NHREF_OK;
}
