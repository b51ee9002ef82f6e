/* trajectory.c -- a trajectory kept in memory (nhref_trajectory.h): a collector sink
 * of the run layer (nhref_run.h) that keeps the rows, the event crossings and the
 * stop in the run's own number type (MPFR, double or Arb balls), and the accessors
 * that read them through the run layer's row functions (nhref_row_get_d, _get_mpfr,
 * nhref_row_format).  The spec owns the defaults, the overrides, the times and digits
 * -> precision; this file only collects what nhref_run delivers. */
#include "nhref_trajectory.h"

#include <arb.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

/* rows of NCOLS values of the trajectory's type, grown geometrically */
typedef struct {
    void *v;
    size_t n, cap;
} table_t;

struct nhref_trajectory {
    nhref_run_type_t type;
    size_t nstate, nintegral, ncols;
    char **names;          /* ncols column names */
    table_t part[3];       /* ROWS, CROSSINGS, STOP */
    char **cname;          /* the event of each crossing */
    int *cterm;            /* 1 for the crossing that stopped the run */
    size_t *cindex;        /* the event's index in the spec */
    long prec;
    double digits;
    char *scheme;
    unsigned order;
    unsigned long nsteps;
    nhref_outcome_t outcome;
    int status;
    char *event;
    char t_end[128];
    int begun, nomem;      /* the run began; memory ran short while collecting */
};

/* ------------------------------------------------------------------ values by type */
static size_t elem_size(nhref_run_type_t type)
{
    return type == NHREF_RUN_DOUBLE   ? sizeof(double)
           : type == NHREF_RUN_PROVEN ? sizeof(arb_struct)
                                      : sizeof(__mpfr_struct);
}

/* DST (uninitialised) = a copy of value I of the array SRC of TYPE; SRC NULL: NaN
 * (MPFR: at PREC bits) */
static void elem_init_set(nhref_run_type_t type, void *dst, const void *src, size_t i, long prec)
{
    if (type == NHREF_RUN_DOUBLE) {
        *(double *)dst = src != NULL ? ((const double *)src)[i] : NAN;
    } else if (type == NHREF_RUN_PROVEN) {
        arb_init(dst);
        if (src != NULL)
            arb_set(dst, (arb_srcptr)src + i);
        else
            arb_indeterminate(dst);
    } else if (src != NULL) {
        mpfr_srcptr s = (mpfr_srcptr)src + i;
        mpfr_init2(dst, mpfr_get_prec(s));
        mpfr_set(dst, s, MPFR_RNDN); /* exact: the same precision */
    } else {
        mpfr_init2(dst, prec);
        mpfr_set_nan(dst);
    }
}

static void elem_clear(nhref_run_type_t type, void *p)
{
    if (type == NHREF_RUN_PROVEN)
        arb_clear(p);
    else if (type == NHREF_RUN_MPFR)
        mpfr_clear(p);
}

/* a bound of |x - D| for every point x of the ball X, rounded up to double (D its
 * midpoint rounded to double): +inf if X or D is not finite */
static double ball_error(arb_srcptr x, double d)
{
    arb_t e;
    arf_t ub;
    double r;
    if (!arb_is_finite(x) || !isfinite(d))
        return INFINITY;
    arb_init(e);
    arf_init(ub);
    arf_set_d(ub, d);
    arb_sub_arf(e, x, ub, arf_bits(arb_midref(x)) + 64);
    arb_get_abs_ubound_arf(ub, e, 64);
    r = arf_get_d(ub, ARF_RND_UP);
    arb_clear(e);
    arf_clear(ub);
    return r;
}

/* ------------------------------------------------------------------ the tables */
static void table_clear(const nhref_trajectory_t *tr, table_t *tab)
{
    size_t es = elem_size(tr->type);
    for (size_t i = 0; i < tab->n * tr->ncols; i++)
        elem_clear(tr->type, (char *)tab->v + i * es);
    free(tab->v);
    *tab = (table_t){0};
}

/* ROW appended to TAB: t, the state, the integrals (NaN if ROW has none or INTEGRALS
 * is 0).  0, or -1 if memory is short. */
static int table_add(nhref_trajectory_t *tr, table_t *tab, const nhref_row_t *row, int integrals)
{
    size_t es = elem_size(tr->type), ns = tr->nstate;
    char *p;
    if (tab->n == tab->cap) {
        size_t cap = tab->cap > 0 ? 2 * tab->cap : 16;
        void *v = realloc(tab->v, cap * tr->ncols * es);
        if (v == NULL)
            return -1;
        tab->v = v;
        tab->cap = cap;
    }
    p = (char *)tab->v + tab->n * tr->ncols * es;
    elem_init_set(tr->type, p, row->t, 0, tr->prec);
    for (size_t i = 0; i < ns; i++)
        elem_init_set(tr->type, p + (1 + i) * es, row->x, i, tr->prec);
    for (size_t i = 0; i < tr->nintegral; i++)
        elem_init_set(tr->type, p + (1 + ns + i) * es,
                      integrals && row->nintegral == tr->nintegral ? row->integrals : NULL, i,
                      tr->prec);
    tab->n++;
    return 0;
}

/* the table of PART, or NULL */
static const table_t *part_table(const nhref_trajectory_t *tr, nhref_trajectory_part_t part)
{
    return part == NHREF_TRAJECTORY_ROWS || part == NHREF_TRAJECTORY_CROSSINGS ||
                   part == NHREF_TRAJECTORY_STOP
               ? &tr->part[part]
               : NULL;
}

/* ROW = a view of row R of TAB, for the run layer's row functions */
static void row_view(const nhref_trajectory_t *tr, const table_t *tab, size_t r, nhref_row_t *row)
{
    size_t es = elem_size(tr->type);
    const char *p = (const char *)tab->v + r * tr->ncols * es;
    *row = (nhref_row_t){tr->type,   r, tr->nstate, tr->nintegral, p, p + es,
                         p + (1 + tr->nstate) * es};
}

/* ------------------------------------------------------------------ the collector sink */
/* memory ran short: the run stops (a sink's nonzero return), nhref_trajectory_run
 * says so */
static int out_of_memory(nhref_trajectory_t *tr)
{
    tr->nomem = 1;
    return -1;
}

static int on_begin(void *self, const nhref_run_info_t *info)
{
    nhref_trajectory_t *tr = self;
    const nhref_model_t *m = nhref_spec_model(info->spec);

    tr->begun = 1;
    tr->type = info->type;
    tr->prec = info->prec;
    tr->digits = info->digits;
    tr->order = info->order;
    tr->nstate = m->nstate;
    tr->nintegral = info->nintegral;
    tr->ncols = 1 + m->nstate + info->nintegral;
    tr->scheme = nhref_strdup(info->scheme);
    tr->names = calloc(tr->ncols, sizeof *tr->names);
    if (tr->scheme == NULL || tr->names == NULL)
        return out_of_memory(tr);
    for (size_t j = 0; j < tr->ncols; j++) {
        const char *name = j == 0                ? "t"
                           : j <= m->nstate      ? m->state[j - 1].name
                                                 : m->integral[j - 1 - m->nstate].name;
        if ((tr->names[j] = nhref_strdup(name)) == NULL)
            return out_of_memory(tr);
    }
    return 0;
}

static int on_row(void *self, const nhref_row_t *row)
{
    nhref_trajectory_t *tr = self;
    if (table_add(tr, &tr->part[NHREF_TRAJECTORY_ROWS], row, 1) != 0)
        return out_of_memory(tr);
    return 0;
}

/* crossing of event K (NAME) at AT appended; 0, or -1 if memory is short */
static int add_crossing(nhref_trajectory_t *tr, size_t k, const char *name, const nhref_row_t *at)
{
    table_t *tab = &tr->part[NHREF_TRAJECTORY_CROSSINGS];
    size_t n = tab->n;
    char **cn = realloc(tr->cname, (n + 1) * sizeof *cn);
    int *ct = cn != NULL ? realloc(tr->cterm, (n + 1) * sizeof *ct) : NULL;
    size_t *ci = ct != NULL ? realloc(tr->cindex, (n + 1) * sizeof *ci) : NULL;
    if (cn != NULL)
        tr->cname = cn;
    if (ct != NULL)
        tr->cterm = ct;
    if (ci != NULL)
        tr->cindex = ci;
    if (ci == NULL || (cn[n] = nhref_strdup(name != NULL ? name : "")) == NULL)
        return -1;
    if (table_add(tr, tab, at, 0) != 0) {
        free(cn[n]);
        return -1;
    }
    ct[n] = 0;
    ci[n] = k;
    return 0;
}

static void on_event(void *self, size_t k, const char *name, const nhref_row_t *at)
{
    nhref_trajectory_t *tr = self;
    if (add_crossing(tr, k, name, at) != 0)
        tr->nomem = 1;
}

/* the text of column 0 of ROW (a ball: its midpoint) into tr->t_end */
static void set_t_end(nhref_trajectory_t *tr, const nhref_row_t *row)
{
    mpfr_t t;
    mpfr_init2(t, tr->prec > MPFR_PREC_MIN ? tr->prec : MPFR_PREC_MIN);
    nhref_row_get_mpfr(t, row, 0);
    mpfr_snprintf(tr->t_end, sizeof tr->t_end, "%.*Rg",
                  tr->type == NHREF_RUN_DOUBLE ? 17 : (int)fmin(tr->digits, 60), t);
    mpfr_clear(t);
}

static int on_end(void *self, const nhref_run_end_t *end)
{
    nhref_trajectory_t *tr = self;
    table_t *rows = &tr->part[NHREF_TRAJECTORY_ROWS], *cr = &tr->part[NHREF_TRAJECTORY_CROSSINGS];
    nhref_row_t last;

    tr->status = end->status;
    tr->outcome = end->stats.outcome;
    tr->nsteps = end->stats.nsteps;
    if (end->event != NULL && (tr->event = nhref_strdup(end->event)) == NULL)
        tr->nomem = 1;
    if (end->stop != NULL && table_add(tr, &tr->part[NHREF_TRAJECTORY_STOP], end->stop, 1) != 0)
        tr->nomem = 1;
    /* the crossing that stopped the run: the last one of the terminal event, or else
     * (a proven run reports no crossings) the stop itself */
    if (end->stats.outcome == NHREF_OUTCOME_EVENT && end->stats.event >= 0 && !tr->nomem) {
        size_t k = (size_t)end->stats.event, c = cr->n;
        while (c > 0 && tr->cindex[c - 1] != k)
            c--;
        if (c > 0)
            tr->cterm[c - 1] = 1;
        else if (end->stop != NULL && add_crossing(tr, k, end->event, end->stop) != 0)
            tr->nomem = 1;
        else if (end->stop != NULL)
            tr->cterm[cr->n - 1] = 1;
    }
    if (end->stop != NULL) {
        set_t_end(tr, end->stop);
    } else if (rows->n > 0) {
        row_view(tr, rows, rows->n - 1, &last);
        set_t_end(tr, &last);
    } else {
        snprintf(tr->t_end, sizeof tr->t_end, "%.17g", end->stats.t_stop);
    }
    return 0;
}

void nhref_trajectory_free(nhref_trajectory_t *tr)
{
    if (tr == NULL)
        return;
    for (size_t c = 0; tr->cname != NULL && c < tr->part[NHREF_TRAJECTORY_CROSSINGS].n; c++)
        free(tr->cname[c]);
    free(tr->cname);
    free(tr->cterm);
    free(tr->cindex);
    for (int p = 0; p < 3; p++)
        table_clear(tr, &tr->part[p]);
    for (size_t j = 0; tr->names != NULL && j < tr->ncols; j++)
        free(tr->names[j]);
    free(tr->names);
    free(tr->scheme);
    free(tr->event);
    free(tr);
}

/* ------------------------------------------------------------------ running */
static void message(char *err, size_t len, const char *text)
{
    if (len > 0)
        snprintf(err, len, "%s", text);
}

int nhref_trajectory_run(nhref_trajectory_t **trp, nhref_spec_t *spec, char *err, size_t errlen)
{
    nhref_trajectory_t *tr = calloc(1, sizeof *tr);
    nhref_sink_t sink;
    int status;

    *trp = NULL;
    message(err, errlen, "");
    if (tr == NULL) {
        message(err, errlen, "out of memory");
        return NHREF_ENOMEM;
    }
    sink = (nhref_sink_t){tr, on_begin, on_row, on_event, on_end, NULL};
    status = nhref_run(spec, &sink, NULL);
    if (tr->nomem) {
        message(err, errlen, "out of memory for the trajectory's rows");
        status = NHREF_ENOMEM;
    } else if (!tr->begun) {
        message(err, errlen, nhref_spec_error(spec)); /* resolving or opening the run */
    } else if (status == NHREF_ENOMEM || status == NHREF_EINVAL || status == NHREF_EPARAM) {
        if (errlen > 0)
            snprintf(err, errlen, "the integration failed: %s", nhref_strerror(status));
    } else {
        status = NHREF_OK; /* the run's own status is kept: nhref_trajectory_status */
    }
    if (status != NHREF_OK) {
        nhref_trajectory_free(tr);
        return status;
    }
    *trp = tr;
    return NHREF_OK;
}

int nhref_trajectory_compute(nhref_trajectory_t **trp, const char *model, size_t nparam,
                             const char *const *param, size_t ninit, const char *const *init,
                             const char *t_start, size_t ntimes, const char *const *times,
                             double digits, const char *scheme, char *err, size_t errlen)
{
    nhref_spec_t *spec = NULL;
    int status = nhref_spec_new(&spec, model);

    *trp = NULL;
    if (status == NHREF_OK)
        status = nhref_spec_set_names(spec, NHREF_SPEC_WORDS, NULL);
    for (size_t i = 0; i < nparam && status == NHREF_OK; i++)
        status = nhref_spec_assign(spec, "param", param[i]);
    for (size_t i = 0; i < ninit && status == NHREF_OK; i++)
        status = nhref_spec_assign(spec, "init", init[i]);
    if (status == NHREF_OK && t_start != NULL)
        status = nhref_spec_set_t_start(spec, t_start);
    if (status == NHREF_OK)
        status = nhref_spec_set_times(spec, ntimes, times);
    if (status == NHREF_OK)
        status = nhref_spec_set_digits(spec, digits);
    if (status == NHREF_OK && scheme != NULL)
        status = nhref_spec_set_scheme(spec, scheme);
    if (status == NHREF_OK)
        status = nhref_trajectory_run(trp, spec, err, errlen);
    else
        message(err, errlen, spec != NULL ? nhref_spec_error(spec) : "out of memory");
    nhref_spec_free(spec);
    return status;
}

/* ------------------------------------------------------------------ accessors */
size_t nhref_trajectory_nrows(const nhref_trajectory_t *tr)
{
    return tr->part[NHREF_TRAJECTORY_ROWS].n;
}

size_t nhref_trajectory_ncols(const nhref_trajectory_t *tr)
{
    return tr->ncols;
}

const char *nhref_trajectory_column(const nhref_trajectory_t *tr, size_t j)
{
    return j < tr->ncols ? tr->names[j] : NULL;
}

nhref_run_type_t nhref_trajectory_type(const nhref_trajectory_t *tr)
{
    return tr->type;
}

size_t nhref_trajectory_count(const nhref_trajectory_t *tr, nhref_trajectory_part_t part)
{
    const table_t *tab = part_table(tr, part);
    return tab != NULL ? tab->n : 0;
}

int nhref_trajectory_get(const nhref_trajectory_t *tr, nhref_trajectory_part_t part,
                         double *values, double *radii)
{
    const table_t *tab = part_table(tr, part);
    size_t es = elem_size(tr->type);
    nhref_row_t row;

    if (tab == NULL || (radii != NULL && tr->type != NHREF_RUN_PROVEN))
        return NHREF_EINVAL;
    for (size_t r = 0; r < tab->n; r++) {
        const char *p = (const char *)tab->v + r * tr->ncols * es;
        row_view(tr, tab, r, &row);
        for (size_t j = 0; j < tr->ncols; j++) {
            double d = nhref_row_get_d(&row, j);
            if (values != NULL)
                values[r * tr->ncols + j] = d;
            if (radii != NULL)
                radii[r * tr->ncols + j] = ball_error((arb_srcptr)(p + j * es), d);
        }
    }
    return NHREF_OK;
}

int nhref_trajectory_values(const nhref_trajectory_t *tr, double *out)
{
    return nhref_trajectory_get(tr, NHREF_TRAJECTORY_ROWS, out, NULL);
}

int nhref_trajectory_get_mpfr(mpfr_ptr v, const nhref_trajectory_t *tr,
                              nhref_trajectory_part_t part, size_t r, size_t j)
{
    const table_t *tab = part_table(tr, part);
    nhref_row_t row;
    if (tab == NULL || r >= tab->n || j >= tr->ncols)
        return NHREF_EINVAL;
    row_view(tr, tab, r, &row);
    nhref_row_get_mpfr(v, &row, j);
    return NHREF_OK;
}

size_t nhref_trajectory_text(const nhref_trajectory_t *tr, nhref_trajectory_part_t part,
                             size_t r, size_t j, int digits, char *buf, size_t len)
{
    const table_t *tab = part_table(tr, part);
    nhref_row_t row;
    if (tab == NULL || r >= tab->n || j >= tr->ncols) {
        if (len > 0)
            buf[0] = '\0';
        return 0;
    }
    if (digits <= 0)
        digits = (int)ceil(tr->digits) + 2;
    row_view(tr, tab, r, &row);
    return nhref_row_format(buf, len, &row, j, digits);
}

size_t nhref_trajectory_value_str(const nhref_trajectory_t *tr, size_t r, size_t j, int digits,
                                  char *buf, size_t len)
{
    char small[256], *big = NULL, *s = small, *comma;
    size_t n = nhref_trajectory_text(tr, NHREF_TRAJECTORY_ROWS, r, j, digits, small, sizeof small);
    int out;

    if (n == 0) {
        if (len > 0)
            buf[0] = '\0';
        return 0;
    }
    if (n >= sizeof small) {
        if ((big = malloc(n + 1)) == NULL)
            return 0;
        nhref_trajectory_text(tr, NHREF_TRAJECTORY_ROWS, r, j, digits, big, n + 1);
        s = big;
    }
    if ((comma = strchr(s, ',')) != NULL)
        *comma = '\0'; /* a ball: its midpoint */
    out = snprintf(buf, len, "%s", s);
    free(big);
    return out < 0 ? 0 : (size_t)out;
}

const char *nhref_trajectory_crossing(const nhref_trajectory_t *tr, size_t k, int *terminal)
{
    if (k >= tr->part[NHREF_TRAJECTORY_CROSSINGS].n)
        return NULL;
    if (terminal != NULL)
        *terminal = tr->cterm[k];
    return tr->cname[k];
}

const char *nhref_trajectory_outcome(const nhref_trajectory_t *tr)
{
    return nhref_outcome_str(tr->outcome);
}

int nhref_trajectory_status(const nhref_trajectory_t *tr)
{
    return tr->status;
}

const char *nhref_trajectory_event(const nhref_trajectory_t *tr)
{
    return tr->event;
}

const char *nhref_trajectory_t_end(const nhref_trajectory_t *tr)
{
    return tr->t_end;
}

long nhref_trajectory_prec(const nhref_trajectory_t *tr)
{
    return tr->prec;
}

double nhref_trajectory_digits(const nhref_trajectory_t *tr)
{
    return tr->digits;
}

unsigned long nhref_trajectory_steps(const nhref_trajectory_t *tr)
{
    return tr->nsteps;
}

const char *nhref_trajectory_scheme(const nhref_trajectory_t *tr)
{
    return tr->scheme;
}

unsigned nhref_trajectory_order(const nhref_trajectory_t *tr)
{
    return tr->order;
}
