/* run.c -- one verification: the input's columns matched to the model, the
 * reference integrated through the input's times (rows compared as they come,
 * so the memory does not grow with the reference), rows beyond the reference's
 * end found, the reference checked against the closed form on a fixed sample of
 * rows, the drift of the first integrals along the input's states, and the
 * verdict.  See nhref_verify.h. */
#include "verify_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_io.h"
#include "strutil.h"
#include "nhref_integrate.h"
#include "integrate/integrate_internal.h"
#include "run/run_internal.h"
#include "nhref_oracle.h"
#include "tape/tape_internal.h"

/* a compared column */
typedef struct {
    int col;                   /* in the table */
    nhref_verify_kind_t kind;
    size_t index;              /* in the model's state or integral table */
    nhref_oracle_column_t acc;
    double min_digits;
    int named;
    /* significant digits -log10(|a - b| / |b|) over the rows with 0 < |b| < 1 */
    double sig;
    size_t sig_rows, sig_worst_row;
    int wrapped;         /* compared modulo 2 pi */
    size_t wrapped_rows; /* rows taken as a - k 2 pi, k != 0 */
    long worst_k;        /* not wrapped: a - b near k 2 pi at the worst row, else 0 */
} ccol_t;

typedef struct {
    nhref_verify_t *v;
    const nhref_model_t *m;
    nhref_table_t *tab;
    int from_file;
    int from;                  /* NHREF_VERIFY_FROM_* */
    mpfr_prec_t prec;
    double dref;
    nhref_spec_t *spec;        /* the reference's spec (a copy of the handle's, at DREF) */
    size_t filled;             /* rows of the running pass compared */
    mpfr_t tend;               /* where the running pass stopped */
    __mpfr_struct *xend;       /* nstate: the state there */
    int stopped;               /* the pass stopped before its last row */
    nhref_integrator_t *ig_drift; /* the integrals at the input's precision */
    nhref_verify_report_t *rep;
    int tcol;
    int *state_col;            /* nstate: the column of each state variable, or -1 */
    int *integral_col;         /* nintegral: the column of each integral, or -1 */
    ccol_t *cc;                /* the compared columns, in table order */
    size_t ncc;
    int need_integrals;        /* an integral column is compared */
    size_t *order;             /* the rows by time (ties in input order) */
    size_t nback;              /* order[0 .. nback-1] are before t-start */
    const size_t *pass_rows;   /* row i of the running pass is input row pass_rows[i] */
    char *judged;              /* nrow: 1 if compared (within the reference's range) */
    int *slot;                 /* nrow: its closed-form sample slot, or -1 */
    char *slot_filled;
    __mpfr_struct *sample;     /* NSAMPLES x nstate: the reference at the sample rows */
    __mpfr_struct *x0;         /* nstate: the initial state */
    __mpfr_struct *I;          /* nintegral: scratch */
    mpfr_t t0, one, tiny;       /* tiny: the scale of relative digits (sig_add) */
    mpfr_t e, ed;              /* a - b, at prec + 64 and drift_prec + 64 bits (acc_add) */
    mpfr_t twopi, w;           /* 2 pi and scratch at prec + 64 bits (wrapped angles) */
    const char *what;          /* progress */
    int *pcol;                 /* ncc: the table column of each compared column (rigorous) */
    double *pmin;              /* ncc: their thresholds (rigorous) */
    nhref_verify_proof_in_t pin; /* what the proven pass reads */
    char *used;                  /* the input's columns (before the defines): 1 if a define
                                    reads it */
    size_t nused;                /* the input's columns before the defines */
    const char **defexpr;        /* the table's columns: a define's expression, else NULL */
} run_t;

static mpfr_srcptr cell(const run_t *R, size_t r, int c)
{
    return R->tab->v + r * R->tab->ncol + (size_t)c;
}

static char *dup_or_null(const char *s)
{
    return s != NULL ? nhref_strdup(s) : NULL;
}

void nhref_verify_where_set(nhref_verify_where_t *w, const nhref_table_t *tab, int tcol, int from,
                            size_t r)
{
    mpfr_srcptr t = tab->v + r * tab->ncol + (size_t)tcol;
    w->row = r;
    w->line = from == NHREF_VERIFY_FROM_FILE ? tab->line[r] : 0;
    w->t = mpfr_get_d(t, MPFR_RNDN);
    mpfr_snprintf(w->t_str, sizeof w->t_str, "%.15Rg", t);
}

/* "where" of row R */
static void where_set(nhref_verify_where_t *w, const run_t *R, size_t r)
{
    nhref_verify_where_set(w, R->tab, R->tcol, R->from, r);
}

/* "line 12" or "row 12" */
static const char *where_str(char *buf, size_t len, const nhref_verify_where_t *w)
{
    if (w->line > 0)
        snprintf(buf, len, "line %zu", w->line);
    else
        snprintf(buf, len, "row %zu", w->row + 1);
    return buf;
}

static void progress(run_t *R, double f)
{
    if (R->v->progress != NULL)
        R->v->progress(R->v->progress_arg, R->what, f);
}

static void integ_progress(void *arg, double f)
{
    progress(arg, f);
}

/* ------------------------------------------------------------------ the columns */
/* The model's name of column C after the maps (the input's name if unmapped). */
static const char *mapped(const nhref_verify_t *v, const char *name)
{
    for (size_t i = 0; i < v->map.n; i++)
        if (strcmp(v->map.name[i], name) == 0)
            return v->map.value[i];
    return name;
}

/* "a, b, c" of the names of TAB (the first 20) */
static void column_list(char *buf, size_t len, const nhref_table_t *tab)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < tab->ncol && k < 20 && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", k ? ", " : "", tab->name[k]);
    if (tab->ncol > 20 && used < len)
        used += (size_t)snprintf(buf + used, len - used, ", ... (%zu in all)", tab->ncol);
    if (used >= len && len > 4)
        strcpy(buf + len - 4, "...");
}

/* Maps applied to the names, the time column, the compared columns and their
 * thresholds. */
static int match_columns(run_t *R)
{
    nhref_verify_t *v = R->v;
    const nhref_model_t *m = R->m;
    nhref_table_t *tab = R->tab;
    char list[1024];

    /* maps: every source a column, every target a name of the model, no clashes */
    for (size_t i = 0; i < v->map.n; i++) {
        const char *to = v->map.value[i];
        if (nhref_table_column(tab, v->map.name[i]) < 0) {
            column_list(list, sizeof list, tab);
            return nhref_verify_fail(v, NHREF_EPARSE, "map %s=%s: no column '%s' in %s (columns: %s)",
                                     v->map.name[i], to, v->map.name[i], tab->path, list);
        }
        if (strcmp(to, "t") != 0 && nhref_model_state_index(m, to) < 0 &&
            nhref_model_integral_index(m, to) < 0)
            return nhref_verify_fail(v, NHREF_ENOTFOUND,
                                     "map %s=%s: '%s' is not 't', a state variable or a first "
                                     "integral of model %s (see 'nhref describe %s')",
                                     v->map.name[i], to, to, m->name, m->name);
    }
    /* no two columns with one name: the input's names are distinct (checked when
     * read), so only the maps can make a clash: two maps to one name, or a map to
     * the name of a column that keeps its own */
    for (size_t i = 0; i < v->map.n; i++) {
        const char *to = v->map.value[i];
        int c;
        for (size_t j = 0; j < i; j++)
            if (strcmp(v->map.value[j], to) == 0)
                return nhref_verify_fail(v, NHREF_EPARSE,
                                         "%s: columns '%s' and '%s' are both compared as '%s' "
                                         "(check the maps)",
                                         tab->path, v->map.name[j], v->map.name[i], to);
        c = nhref_table_column(tab, to);
        if (c >= 0 && strcmp(mapped(v, to), to) == 0 && strcmp(v->map.name[i], to) != 0)
            return nhref_verify_fail(v, NHREF_EPARSE,
                                     "%s: columns '%s' and '%s' are both compared as '%s' (check "
                                     "the maps)",
                                     tab->path, to, v->map.name[i], to);
    }
    R->tcol = -1;
    for (size_t i = 0; i < v->map.n && R->tcol < 0; i++)
        if (strcmp(v->map.value[i], "t") == 0)
            R->tcol = nhref_table_column(tab, v->map.name[i]);
    if (R->tcol < 0 && strcmp(mapped(v, "t"), "t") == 0)
        R->tcol = nhref_table_column(tab, "t");
    if (R->tcol < 0) {
        const char *hint = "";
        column_list(list, sizeof list, tab);
        for (size_t c = 0; c < tab->ncol; c++)
            if (strcmp(tab->name[c], "time") == 0 || strcmp(tab->name[c], "T") == 0 ||
                strcmp(tab->name[c], "Time") == 0)
                hint = "; name it with a map, e.g. --map time=t";
        return nhref_verify_fail(v, NHREF_EPARSE, "%s: no time column 't' (columns found: %s%s)",
                                 tab->path, list, hint);
    }

    /* the defines (a chart's, the caller's): new columns named after the model's */
    {
        __mpfr_struct *p = nhref_vec_new(m->nparam, R->prec);
        int status = p != NULL ? NHREF_OK : nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        if (status == NHREF_OK) {
            nhref_system_params(p, nhref_spec_system(R->spec));
            R->nused = tab->ncol;
            status =
                nhref_verify_define_columns(v, tab, R->tcol, p, R->prec, &R->used, &R->defexpr);
        }
        nhref_vec_free(p, m->nparam);
        if (status != NHREF_OK)
            return status;
    }

    R->state_col = malloc((m->nstate ? m->nstate : 1) * sizeof *R->state_col);
    R->integral_col = malloc((m->nintegral ? m->nintegral : 1) * sizeof *R->integral_col);
    R->cc = calloc(tab->ncol, sizeof *R->cc);
    if (R->state_col == NULL || R->integral_col == NULL || R->cc == NULL)
        return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    for (size_t k = 0; k < m->nstate; k++)
        R->state_col[k] = -1;
    for (size_t k = 0; k < m->nintegral; k++)
        R->integral_col[k] = -1;
    for (size_t c = 0; c < tab->ncol; c++) {
        const char *nm = mapped(v, tab->name[c]);
        int ks = nhref_model_state_index(m, nm), ki = ks < 0 ? nhref_model_integral_index(m, nm) : -1;
        ccol_t *cc;
        if ((int)c == R->tcol || (ks < 0 && ki < 0))
            continue;
        cc = R->cc + R->ncc++;
        cc->col = (int)c;
        cc->kind = ks >= 0 ? NHREF_VERIFY_STATE : NHREF_VERIFY_INTEGRAL;
        cc->index = (size_t)(ks >= 0 ? ks : ki);
        cc->min_digits = v->min_digits;
        nhref_oracle_column_init(&cc->acc);
        cc->sig = NHREF_ORACLE_DIGITS_EXACT;
        cc->sig_rows = 0;
        cc->sig_worst_row = 0;
        if (ks >= 0)
            R->state_col[ks] = (int)c;
        else {
            R->integral_col[ki] = (int)c;
            R->need_integrals = 1;
        }
    }
    if (R->ncc == 0) {
        column_list(list, sizeof list, tab);
        return nhref_verify_fail(v, NHREF_EPARSE,
                                 "%s: no column is a state variable or first integral of model "
                                 "%s (columns found: %s; see 'nhref describe %s')",
                                 tab->path, m->name, list, m->name);
    }
    /* wrapped angles: the named state variables, or those whose unit is rad */
    for (size_t i = 0; i < v->angle.n; i++) {
        int found = 0;
        if (nhref_model_state_index(m, v->angle.name[i]) < 0)
            return nhref_verify_fail(v, NHREF_ENOTFOUND,
                                     "--angles wrapped=...: '%s' is not a state variable of "
                                     "model %s (see 'nhref describe %s')",
                                     v->angle.name[i], m->name, m->name);
        for (size_t j = 0; j < R->ncc; j++)
            if (R->cc[j].kind == NHREF_VERIFY_STATE &&
                strcmp(m->state[R->cc[j].index].name, v->angle.name[i]) == 0)
                R->cc[j].wrapped = found = 1;
        if (!found) {
            column_list(list, sizeof list, tab);
            return nhref_verify_fail(v, NHREF_EPARSE,
                                     "--angles wrapped=...: %s has no column compared as '%s' "
                                     "(columns: %s)",
                                     tab->path, v->angle.name[i], list);
        }
    }
    for (size_t j = 0; v->angles && v->angle.n == 0 && j < R->ncc; j++)
        R->cc[j].wrapped = R->cc[j].kind == NHREF_VERIFY_STATE &&
                           strcmp(m->state[R->cc[j].index].unit, "rad") == 0;
    /* per-column thresholds: by the model's name or the input's */
    for (size_t i = 0; i < v->min.n; i++) {
        int found = 0;
        for (size_t j = 0; j < R->ncc; j++) {
            ccol_t *cc = R->cc + j;
            const char *model_name = cc->kind == NHREF_VERIFY_STATE ? m->state[cc->index].name
                                                                     : m->integral[cc->index].name;
            if (strcmp(v->min.name[i], model_name) == 0 ||
                strcmp(v->min.name[i], tab->name[cc->col]) == 0) {
                cc->min_digits = v->min.num[i];
                cc->named = 1;
                found = 1;
            }
        }
        if (!found) {
            int known = nhref_model_state_index(m, v->min.name[i]) >= 0 ||
                        nhref_model_integral_index(m, v->min.name[i]) >= 0;
            column_list(list, sizeof list, tab);
            return nhref_verify_fail(
                v, NHREF_EPARSE, "minimum digits %s=%g: %s (columns found: %s)", v->min.name[i],
                v->min.num[i],
                known ? "the input has no such column, so it cannot be judged"
                      : "not a state variable or first integral of the model",
                list);
        }
    }
    /* drift thresholds: integrals of the model */
    for (size_t i = 0; i < v->drift.n; i++)
        if (nhref_model_integral_index(m, v->drift.name[i]) < 0) {
            size_t used = 0;
            list[0] = '\0';
            for (size_t k = 0; k < m->nintegral && used < sizeof list; k++)
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "",
                                         m->integral[k].name);
            return nhref_verify_fail(v, NHREF_ENOTFOUND,
                                     "minimum drift digits %s=%g: model %s has no first integral "
                                     "'%s' (integrals: %s)",
                                     v->drift.name[i], v->drift.num[i], m->name, v->drift.name[i],
                                     m->nintegral ? list : "none");
        }
    return NHREF_OK;
}

/* ------------------------------------------------------------------ times */
typedef struct {
    mpfr_srcptr t;
    size_t row;
} row_key_t;

static int cmp_key(const void *a, const void *b)
{
    const row_key_t *p = a, *q = b;
    int c = mpfr_cmp(p->t, q->t);
    return c != 0 ? c : (p->row > q->row) - (p->row < q->row);
}

/* The rows sorted by time; every time finite. */
static int sort_rows(run_t *R)
{
    nhref_table_t *tab = R->tab;
    row_key_t *keys = malloc(tab->nrow * sizeof *keys);
    R->order = malloc(tab->nrow * sizeof *R->order);
    if (keys == NULL || R->order == NULL) {
        free(keys);
        return nhref_verify_fail(R->v, NHREF_ENOMEM, "out of memory");
    }
    for (size_t r = 0; r < tab->nrow; r++) {
        if (!mpfr_number_p(cell(R, r, R->tcol))) {
            const char *txt = tab->text[r * tab->ncol + (size_t)R->tcol];
            free(keys);
            if (R->from_file)
                return nhref_verify_fail(R->v, NHREF_EPARSE,
                                         "%s:%zu: column '%s': '%s' is not a finite time",
                                         tab->path, tab->line[r], tab->name[R->tcol], txt);
            return nhref_verify_fail(R->v, NHREF_EPARSE,
                                     "row %zu, column '%s': '%s' is not a finite time", r + 1,
                                     tab->name[R->tcol], txt);
        }
        keys[r].t = cell(R, r, R->tcol);
        keys[r].row = r;
    }
    qsort(keys, tab->nrow, sizeof *keys, cmp_key);
    for (size_t r = 0; r < tab->nrow; r++)
        R->order[r] = keys[r].row;
    free(keys);
    R->nback = 0;
    while (R->nback < tab->nrow && mpfr_cmp(cell(R, R->order[R->nback], R->tcol), R->t0) < 0)
        R->nback++;
    return NHREF_OK;
}

/* U = ten units of the last digit written of the decimal TEXT ("1.25e-3": 1e-4)
 * if TEXT has at least 15 significant digits (a computed time, rounded when
 * printed); else 0 (a time as typed, e.g. a grid time: taken as exact) */
static void end_slack(mpfr_ptr u, const char *text)
{
    const char *p = text, *dot = NULL;
    long frac = 0, e = 0, sig = 0;
    if (*p == '+' || *p == '-')
        p++;
    for (; *p != '\0' && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.')
            dot = p;
        else {
            if (dot != NULL)
                frac++;
            if (sig > 0 || *p != '0')
                sig++;
        }
    }
    if (*p == 'e' || *p == 'E')
        e = strtol(p + 1, NULL, 10);
    if (sig < 15) {
        mpfr_set_zero(u, 1);
        return;
    }
    mpfr_set_ui(u, 10, MPFR_RNDN);
    mpfr_pow_si(u, u, e - frac + 1, MPFR_RNDU);
}

/* significant digits of the decimal TEXT ("0.0125e3": 3) */
static long significant_digits(const char *text)
{
    long sig = 0, zeros = 0;
    for (const char *p = text; *p != '\0' && *p != 'e' && *p != 'E'; p++) {
        if (*p < '0' || *p > '9')
            continue;
        if (*p == '0') {
            if (sig > 0)
                zeros++; /* counted if a nonzero digit follows */
        } else {
            sig += zeros + 1;
            zeros = 0;
        }
    }
    return sig;
}

/* ------------------------------------------------------------------ comparison */
/* nhref_oracle_column_add(C, ROW, A, B, 1), the same numbers, faster: the
 * digits (a division and a logarithm) are computed only for a row whose error
 * may be the worst, by a bound from the binary exponents of a - b and
 * max(|b|, 1): digits > -(E(a - b) - E(max(|b|, 1)) + 1) log10(2). */
static void acc_add(run_t *R, nhref_oracle_column_t *c, size_t row, mpfr_srcptr a, mpfr_srcptr b)
{
    mpfr_prec_t p = mpfr_get_prec(a) > mpfr_get_prec(b) ? mpfr_get_prec(a) : mpfr_get_prec(b);
    mpfr_ptr e = p + 64 == mpfr_get_prec(R->e) ? R->e : R->ed;
    double v, bound;
    mpfr_exp_t em;
    if (!mpfr_number_p(a) || !mpfr_number_p(b) || p + 64 != mpfr_get_prec(e)) {
        nhref_oracle_column_add(c, row, a, b, R->one);
        return;
    }
    c->rows++;
    mpfr_sub(e, a, b, MPFR_RNDN);
    if (mpfr_zero_p(e))
        return; /* exact: never below the minimum */
    v = fabs(mpfr_get_d(e, MPFR_RNDN));
    if (v > c->max_abs)
        c->max_abs = v;
    em = mpfr_cmpabs_ui(b, 1) < 0 ? 1 : mpfr_get_exp(b);
    bound = -(double)(mpfr_get_exp(e) - em + 1) * 0.30102999566398119521;
    if (bound > c->digits)
        return;
    bound = nhref_oracle_agree_digits(a, b, R->one);
    if (bound < c->digits) {
        c->digits = bound;
        c->worst_row = row;
    }
}

/* the second measure where the mixed one counts decimal places: significant digits
 * of A against B for 0 < |B| < 1, -log10(|a - b| / |b|), computed only for a row
 * that may be the worst (the bound of acc_add, with E(b)) */
static void sig_add(run_t *R, ccol_t *cc, size_t row, mpfr_srcptr a, mpfr_srcptr b)
{
    mpfr_prec_t p = mpfr_get_prec(a) > mpfr_get_prec(b) ? mpfr_get_prec(a) : mpfr_get_prec(b);
    mpfr_ptr e = p + 64 == mpfr_get_prec(R->e) ? R->e : R->ed;
    double d;
    if (!mpfr_number_p(a) || !mpfr_regular_p(b) || mpfr_cmpabs_ui(b, 1) >= 0 ||
        p + 64 != mpfr_get_prec(e))
        return;
    cc->sig_rows++;
    mpfr_sub(e, a, b, MPFR_RNDN);
    if (mpfr_zero_p(e))
        return;
    if (-(double)(mpfr_get_exp(e) - mpfr_get_exp(b) + 1) * 0.30102999566398119521 > cc->sig)
        return;
    d = nhref_oracle_agree_digits(a, b, R->tiny);
    if (d < cc->sig) {
        cc->sig = d;
        cc->sig_worst_row = row;
    }
}

/* errors mode: row R's error and digits of column J, A against the reference B
 * (the measure of nhref_oracle_column_add, every row) */
static void record_row(run_t *R, size_t j, size_t r, mpfr_srcptr a, mpfr_srcptr b)
{
    nhref_verify_column_t *c = R->rep->column + j;
    mpfr_prec_t p = mpfr_get_prec(a) > mpfr_get_prec(b) ? mpfr_get_prec(a) : mpfr_get_prec(b);
    mpfr_t e;
    mpfr_init2(e, p + 64);
    mpfr_sub(e, a, b, MPFR_RNDN);
    c->row_error[r] = fabs(mpfr_get_d(e, MPFR_RNDN));
    c->row_digits[r] = nhref_oracle_agree_digits(a, b, R->one);
    mpfr_clear(e);
}

/* A wrapped angle: A = a - k 2 pi, k the nearest integer to (a - b) / (2 pi) (rounded
 * at A's precision; 2 pi and the quotient at prec + 64 bits); 1 if k != 0 */
static int unwrap(run_t *R, mpfr_ptr a, mpfr_srcptr b)
{
    if (!mpfr_number_p(a) || !mpfr_number_p(b))
        return 0;
    mpfr_sub(R->w, a, b, MPFR_RNDN);
    mpfr_div(R->w, R->w, R->twopi, MPFR_RNDN);
    mpfr_rint(R->w, R->w, MPFR_RNDN);
    if (mpfr_zero_p(R->w))
        return 0;
    mpfr_mul(R->w, R->w, R->twopi, MPFR_RNDN);
    mpfr_sub(a, a, R->w, MPFR_RNDN);
    return 1;
}

/* k != 0 if a - b is within 10^-T max(|b|, 1) of k 2 pi (a hint for a FAIL), else 0 */
static long off_by_2pi(run_t *R, mpfr_srcptr a, mpfr_srcptr b, double T)
{
    double k, e, s;
    if (!mpfr_number_p(a) || !mpfr_number_p(b))
        return 0;
    mpfr_sub(R->w, a, b, MPFR_RNDN);
    mpfr_div(R->w, R->w, R->twopi, MPFR_RNDN);
    mpfr_rint(R->w, R->w, MPFR_RNDN);
    k = mpfr_get_d(R->w, MPFR_RNDN);
    if (k == 0 || !(fabs(k) < 1e15))
        return 0;
    mpfr_mul(R->w, R->w, R->twopi, MPFR_RNDN);
    mpfr_sub(R->w, a, R->w, MPFR_RNDN);
    mpfr_sub(R->w, R->w, b, MPFR_RNDN);
    e = fabs(mpfr_get_d(R->w, MPFR_RNDU));
    s = fmax(fabs(mpfr_get_d(b, MPFR_RNDN)), 1);
    return e <= pow(10, -T) * s ? (long)k : 0;
}

/* Compare row R with the reference state X and first integrals I (NULL unless asked). */
static void compare_row(run_t *R, size_t r, mpfr_srcptr x, mpfr_srcptr I)
{
    for (size_t j = 0; j < R->ncc; j++) {
        ccol_t *cc = R->cc + j;
        mpfr_srcptr b = cc->kind == NHREF_VERIFY_STATE ? x + cc->index : I + cc->index;
        mpfr_ptr a = R->tab->v + r * R->tab->ncol + (size_t)cc->col;
        double before = cc->acc.digits;
        if (cc->wrapped)
            cc->wrapped_rows += unwrap(R, a, b);
        acc_add(R, &cc->acc, r, a, b);
        sig_add(R, cc, r, a, b);
        if (R->rep->errors)
            record_row(R, j, r, a, b);
        if (!cc->wrapped && cc->kind == NHREF_VERIFY_STATE && cc->acc.digits < before)
            cc->worst_k = off_by_2pi(R, a, b, cc->min_digits);
    }
    R->judged[r] = 1;
}

/* the comparator sink: row i of the pass is the reference at input row pass_rows[i] */
static int on_row(void *arg, const nhref_row_t *row)
{
    run_t *R = arg;
    size_t r = R->pass_rows[row->index];
    mpfr_srcptr x = row->x;
    compare_row(R, r, x, row->integrals);
    if (R->slot[r] >= 0) {
        for (size_t k = 0; k < R->m->nstate; k++)
            mpfr_set(R->sample + (size_t)R->slot[r] * R->m->nstate + k, x + k, MPFR_RNDN);
        R->slot_filled[R->slot[r]] = 1;
    }
    R->filled = row->index + 1;
    return 0;
}

/* where the pass stopped (its state and integrals), when it did before its last row */
static int on_end(void *arg, const nhref_run_end_t *end)
{
    run_t *R = arg;
    R->stopped = end->stop != NULL;
    if (end->stop != NULL) {
        nhref_row_get_mpfr(R->tend, end->stop, 0);
        for (size_t k = 0; k < R->m->nstate; k++)
            nhref_row_get_mpfr(R->xend + k, end->stop, 1 + k);
        for (size_t k = 0; k < end->stop->nintegral; k++)
            nhref_row_get_mpfr(R->I + k, end->stop, 1 + R->m->nstate + k);
    }
    return 0;
}

/* The closed-form sample: at most NHREF_VERIFY_CLOSED_FORM_SAMPLES rows evenly
 * spread over the rows in time order (the first and the last included). */
static void choose_sample(run_t *R)
{
    size_t n = R->tab->nrow, ns = NHREF_VERIFY_CLOSED_FORM_SAMPLES;
    for (size_t r = 0; r < n; r++)
        R->slot[r] = -1;
    if (n <= ns) {
        for (size_t i = 0; i < n; i++)
            R->slot[R->order[i]] = (int)i;
        return;
    }
    for (size_t s = 0; s < ns; s++)
        R->slot[R->order[(s * (n - 1) + (ns - 1) / 2) / (ns - 1)]] = (int)s;
}

/* One direction (PASS 0 backward, 1 forward): the reference from t-start through the
 * rows, compared as they come; then the rows it did not reach: at its end within their
 * time's resolution, or beyond. */
static int integrate_pass(run_t *R, int pass)
{
    const nhref_model_t *m = R->m;
    nhref_verify_end_t *end = R->rep->end + pass;
    size_t n = pass == 0 ? R->nback : R->tab->nrow - R->nback;
    size_t *rows = NULL;
    __mpfr_struct *times;
    nhref_sink_t sink = {R, NULL, on_row, NULL, on_end, NULL};
    nhref_run_end_t e;
    mpfr_t d, u;
    char tb[96];
    int status;

    end->t_blowup = NAN;
    end->status = NHREF_OK;
    if (n == 0)
        return NHREF_OK;
    end->used = 1;
    if (pass == 0) {
        rows = malloc(n * sizeof *rows);
        if (rows == NULL)
            return nhref_verify_fail(R->v, NHREF_ENOMEM, "out of memory");
        for (size_t k = 0; k < n; k++) /* descending times */
            rows[k] = R->order[n - 1 - k];
        R->pass_rows = rows;
    } else {
        R->pass_rows = R->order + R->nback;
    }
    times = nhref_vec_new(n, R->prec);
    status = times != NULL ? NHREF_OK : NHREF_ENOMEM;
    for (size_t k = 0; k < n && times != NULL; k++)
        mpfr_set(times + k, cell(R, R->pass_rows[k], R->tcol), MPFR_RNDN);
    if (status == NHREF_OK)
        status = nhref_spec_set_times_num(R->spec, n, times);
    nhref_vec_free(times, n);
    R->what = "integrating the reference";
    R->filled = 0;
    memset(&e, 0, sizeof e);
    if (status == NHREF_OK)
        status = nhref_run(R->spec, &sink, &e);
    R->rep->nsteps += e.stats.nsteps;
    if (status == NHREF_ENOMEM || status == NHREF_EPARAM || status == NHREF_EINVAL ||
        e.stats.outcome == NHREF_OUTCOME_NONE) {
        free(rows);
        return nhref_verify_fail(R->v, status, "the reference integration failed: %s",
                                 e.stats.outcome == NHREF_OUTCOME_NONE
                                     ? nhref_spec_error(R->spec)
                                     : nhref_strerror(status));
    }
    if (!R->stopped) /* reached the last row */
        mpfr_set(R->tend, cell(R, R->pass_rows[n - 1], R->tcol), MPFR_RNDN);

    /* where it ended */
    mpfr_inits2(R->prec, d, (mpfr_ptr)0);
    mpfr_init2(u, 64);
    mpfr_snprintf(tb, sizeof tb, "%.*Rg", (int)fmin(R->dref, 30), R->tend);
    end->t_end = nhref_strdup(tb);
    end->outcome = e.stats.outcome;
    if (status == NHREF_OK && e.stats.outcome == NHREF_OUTCOME_EVENT) {
        const char *ev = e.stats.event >= 0 && (size_t)e.stats.event < m->nevent
                             ? m->event[e.stats.event].name
                             : "(user event)";
        char why[256];
        end->event = nhref_strdup(ev);
        snprintf(why, sizeof why, "the event '%s' at t = %s", ev, tb);
        end->why = nhref_strdup(why);
    } else if (status == NHREF_EBLOWUP) {
        char why[256];
        end->t_blowup = e.stats.t_blowup;
        snprintf(why, sizeof why,
                 "a finite-time blow-up ahead (estimated at t = %.6g; the reference stops at t = %s)",
                 e.stats.t_blowup, tb);
        end->why = nhref_strdup(why);
    } else if (status == NHREF_ESTEP) {
        char why[256];
        end->status = status;
        end->outcome = NHREF_OUTCOME_UNDERFLOW;
        snprintf(why, sizeof why,
                 "t = %s, where the step size of the reference underflowed (no finite-time "
                 "blow-up recognised)",
                 tb);
        end->why = nhref_strdup(why);
    } else if (status != NHREF_OK) {
        char why[256];
        char *big = NULL;
        end->status = status;
        end->outcome = NHREF_OUTCOME_FAILED;
        if (status == NHREF_EMAXSTEPS) {
            /* the step limit: its message names the estimate and the option (run.c) */
            const char *msg = nhref_spec_error(R->spec);
            size_t len = strlen(msg) + strlen(tb) + 64;
            if ((big = malloc(len)) != NULL)
                snprintf(big, len, "the reference integration stopped at t = %s: %s", tb, msg);
        }
        if (big == NULL)
            snprintf(why, sizeof why, "a failure of the reference integration at t = %s: %s",
                     tb, nhref_strerror(status));
        end->why = big != NULL ? big : nhref_strdup(why);
    }
    /* rows 0 .. filled-1 were compared; the others lie past the end */
    for (size_t k = R->filled; k < n; k++) {
        size_t r = R->pass_rows[k];
        mpfr_sub(d, cell(R, r, R->tcol), R->tend, MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
        end_slack(u, R->tab->text[r * R->tab->ncol + (size_t)R->tcol]);
        if (mpfr_cmp(d, u) <= 0) {
            compare_row(R, r, R->xend, R->I);
            end->nat_end++;
            if (R->rep->errors)
                R->rep->row_where[r] = NHREF_VERIFY_ROW_AT_END;
        } else {
            if (end->nbeyond++ == 0)
                where_set(&end->first_beyond, R, r);
            if (R->rep->errors)
                R->rep->row_where[r] = NHREF_VERIFY_ROW_BEYOND;
        }
    }
    mpfr_clears(d, u, (mpfr_ptr)0);
    free(rows);
    R->pass_rows = NULL;
    return NHREF_OK;
}

/* The closed form at the filled sample rows. */
static int closed_form(run_t *R)
{
    const nhref_model_t *m = R->m;
    nhref_verify_report_t *rep = R->rep;
    const nhref_oracle_t *oracle = nhref_model_oracle(m);
    size_t ns = m->nstate, nsample = 0, total = 0;
    __mpfr_struct *p, *cf;
    void *sol = NULL;
    mpfr_t dt;
    int status;
    double worst = NHREF_ORACLE_DIGITS_EXACT;
    size_t worst_k = 0, worst_r = 0;

    if (!nhref_oracle_has_solution(oracle)) {
        rep->closed_form = 0;
        rep->closed_form_note = nhref_strdup("none for this model");
        return NHREF_OK;
    }
    if (oracle->nstate != ns || oracle->nparam != m->nparam) {
        rep->closed_form = -2;
        rep->closed_form_note = nhref_strdup("skipped: the oracle's tables do not match the model's");
        return NHREF_OK;
    }
    p = nhref_vec_new(m->nparam, R->prec);
    cf = nhref_vec_new(ns, R->prec);
    if (p == NULL || cf == NULL) {
        nhref_vec_free(p, m->nparam);
        nhref_vec_free(cf, ns);
        return nhref_verify_fail(R->v, NHREF_ENOMEM, "out of memory");
    }
    mpfr_init2(dt, R->prec + 64);
    nhref_system_params(p, nhref_spec_system(R->spec));
    status = nhref_oracle_solution_new(oracle, &sol, p, R->x0, R->t0, R->prec);
    R->what = "evaluating the closed form";
    for (size_t r = 0; r < R->tab->nrow; r++)
        total += R->slot[r] >= 0 && R->slot_filled[R->slot[r]];
    for (size_t i = 0; i < R->tab->nrow && status == NHREF_OK; i++) {
        size_t r = R->order[i];
        mpfr_srcptr ref;
        if (R->slot[r] < 0 || !R->slot_filled[R->slot[r]])
            continue;
        ref = R->sample + (size_t)R->slot[r] * ns;
        mpfr_sub(dt, cell(R, r, R->tcol), R->t0, MPFR_RNDN);
        status = oracle->solution_state(cf, sol, dt);
        for (size_t k = 0; k < ns && status == NHREF_OK; k++) {
            double dg = nhref_oracle_agree_digits(ref + k, cf + k, R->one);
            if (dg < worst) {
                worst = dg;
                worst_k = k;
                worst_r = r;
            }
        }
        nsample++;
        progress(R, (double)nsample / (double)(total ? total : 1));
    }
    if (status == NHREF_ENOTFOUND) {
        rep->closed_form = -1;
        rep->closed_form_note = nhref_strdup("none for these parameters and this initial state");
    } else if (status != NHREF_OK) {
        char note[160];
        snprintf(note, sizeof note, "not available here (%s)", nhref_strerror(status));
        rep->closed_form = -2;
        rep->closed_form_note = nhref_strdup(note);
    } else if (nsample > 0) {
        double top = 0;
        rep->closed_form = 1;
        rep->closed_form_digits = worst;
        rep->closed_form_worst = nhref_strdup(m->state[worst_k].name);
        rep->closed_form_samples = nsample;
        where_set(&rep->closed_form_at, R, worst_r);
        for (size_t j = 0; j < R->ncc; j++)
            top = fmax(top, R->cc[j].min_digits);
        rep->closed_form_warning = worst < top + 1;
    } else {
        rep->closed_form = -2;
        rep->closed_form_note = nhref_strdup("no row within the reference's range to check it at");
    }
    if (sol != NULL)
        oracle->solution_free(sol);
    mpfr_clear(dt);
    nhref_vec_free(cf, ns);
    nhref_vec_free(p, m->nparam);
    return NHREF_OK;
}

/* The drift of the first integrals along the input's own states. */
static int drift(run_t *R)
{
    const nhref_model_t *m = R->m;
    nhref_verify_t *v = R->v;
    nhref_verify_report_t *rep = R->rep;
    size_t ns = m->nstate, ni = m->nintegral, used = 0, first = (size_t)-1, done = 0;
    __mpfr_struct *x, *I0, *I;
    nhref_oracle_column_t *acc;
    char missing[512] = "";

    rep->ndrift = ni;
    if (ni == 0) {
        char note[256];
        snprintf(note, sizeof note, "model %s has no first integrals", m->name);
        rep->drift_note = nhref_strdup(note);
        return NHREF_OK;
    }
    rep->drift = calloc(ni, sizeof *rep->drift);
    if (rep->drift == NULL)
        return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    for (size_t k = 0; k < ni; k++) {
        nhref_verify_drift_t *dr = rep->drift + k;
        dr->name = m->integral[k].name;
        dr->holds = m->integral[k].holds;
        dr->min_digits = v->min_drift;
        for (size_t i = 0; i < v->drift.n; i++)
            if (strcmp(v->drift.name[i], dr->name) == 0)
                dr->min_digits = v->drift.num[i];
        dr->digits = NHREF_ORACLE_DIGITS_EXACT;
        dr->first_value = NAN;
        dr->pass = isnan(dr->min_digits);
        if (rep->errors) {
            if ((dr->row_drift = malloc(R->tab->nrow * sizeof *dr->row_drift)) == NULL)
                return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
            for (size_t r = 0; r < R->tab->nrow; r++)
                dr->row_drift[r] = NAN;
        }
    }
    /* each integral needs the state variables its tape reads: one missing skips it */
    {
        const nhref_tape_t *it = nhref_system_integral_tape(nhref_spec_system(R->spec));
        size_t nskip = 0;
        for (size_t k = 0; k < ni; k++) {
            char *need = nhref_tape_node_needs(it, nhref_tape_output(it, k));
            size_t u = 0;
            if (need == NULL)
                return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
            missing[0] = '\0';
            for (size_t i = 0; i < ns; i++)
                if (R->state_col[i] < 0 && it->state[i] != NHREF_NODE_INVALID &&
                    need[it->state[i]] && u < sizeof missing)
                    u += (size_t)snprintf(missing + u, sizeof missing - u, "%s%s", u ? ", " : "",
                                          m->state[i].name);
            free(need);
            if (u > 0) {
                char why[700];
                snprintf(why, sizeof why, "needs %s, which the input lacks", missing);
                if ((rep->drift[k].skipped = nhref_strdup(why)) == NULL)
                    return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
                nskip++;
            }
        }
        for (size_t k = 0; k < ns; k++)
            if (R->state_col[k] < 0 && used < sizeof missing)
                used += (size_t)snprintf(missing + used, sizeof missing - used, "%s%s",
                                         used ? ", " : "", m->state[k].name);
        if (nskip == ni) {
            char note[700];
            snprintf(note, sizeof note,
                     "every integral needs a state variable the input lacks; "
                     "missing: %s",
                     missing);
            rep->drift_note = nhref_strdup(note);
            return NHREF_OK;
        }
    }
    for (size_t i = 0; i < R->tab->nrow && first == (size_t)-1; i++)
        if (R->judged[R->order[i]])
            first = i;
    if (first == (size_t)-1) {
        rep->drift_note = nhref_strdup("no row within the reference's range");
        return NHREF_OK;
    }
    /* the integrals at the precision the input's digits need: 64 bits for values
     * of at most 17 significant digits (what a double prints: 53 bits, and 11
     * more), else their digits in bits + 32 guard bits; at most the reference's */
    {
        long sig = 0;
        nhref_options_t opt;
        mpfr_prec_t pd;
        int status;
        for (size_t r = 0; r < R->tab->nrow; r++)
            for (size_t k = 0; R->judged[r] && k < ns + R->nused; k++) {
                /* the state columns as given; a defined one by the columns it reads
                 * (its own text has the reference's digits) */
                int c = k < ns ? R->state_col[k] : (int)(k - ns);
                long n;
                if (c < 0 || (k < ns && R->defexpr[c] != NULL) || (k >= ns && !R->used[c]))
                    continue;
                n = significant_digits(R->tab->text[r * R->tab->ncol + (size_t)c]);
                if (n > sig)
                    sig = n;
            }
        pd = sig <= 17 ? 64 : (mpfr_prec_t)nhref_digits_prec((double)sig);
        if (pd > R->prec)
            pd = R->prec;
        nhref_options_default(&opt);
        opt.scheme = "taylor";
        opt.prec = pd;
        status = nhref_integrator_new(&R->ig_drift, nhref_spec_system(R->spec), &opt);
        if (status != NHREF_OK)
            return nhref_verify_fail(v, status, "cannot evaluate the first integrals: %s",
                                     nhref_strerror(status));
        rep->drift_prec = (long)pd;
        mpfr_set_prec(R->ed, pd + 64);
    }
    x = nhref_vec_new(ns, rep->drift_prec);
    I0 = nhref_vec_new(ni, rep->drift_prec);
    I = nhref_vec_new(ni, rep->drift_prec);
    acc = malloc(ni * sizeof *acc);
    if (x == NULL || I0 == NULL || I == NULL || acc == NULL) {
        nhref_vec_free(x, ns);
        nhref_vec_free(I0, ni);
        nhref_vec_free(I, ni);
        free(acc);
        return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    }
    for (size_t k = 0; k < ni; k++)
        nhref_oracle_column_init(acc + k);
    R->what = "first-integral drift";
    for (size_t i = first; i < R->tab->nrow; i++) {
        size_t r = R->order[i];
        if (!R->judged[r])
            continue;
        for (size_t k = 0; k < ns; k++) /* a missing one NaN: read by skipped integrals only */
            if (R->state_col[k] >= 0)
                mpfr_set(x + k, cell(R, r, R->state_col[k]), MPFR_RNDN);
            else
                mpfr_set_nan(x + k);
        nhref_integrator_integrals(R->ig_drift, i == first ? I0 : I, cell(R, r, R->tcol), x);
        for (size_t k = 0; i > first && k < ni; k++)
            acc_add(R, acc + k, r, I + k, I0 + k);
        for (size_t k = 0; rep->errors && k < ni; k++) {
            if (i == first) {
                rep->drift[k].row_drift[r] = mpfr_nan_p(I0 + k) ? NAN : 0.0;
            } else {
                mpfr_sub(R->ed, I + k, I0 + k, MPFR_RNDN);
                rep->drift[k].row_drift[r] = mpfr_get_d(R->ed, MPFR_RNDN);
            }
        }
        if (++done % 4096 == 0)
            progress(R, (double)i / (double)R->tab->nrow);
    }
    rep->drift_computed = 1;
    where_set(&rep->drift_from, R, R->order[first]);
    for (size_t k = 0; k < ni; k++) {
        nhref_verify_drift_t *dr = rep->drift + k;
        dr->defined = dr->skipped == NULL && !mpfr_nan_p(I0 + k);
        if (dr->skipped != NULL) {
            dr->pass = isnan(dr->min_digits);
            continue;
        }
        dr->first_value = mpfr_get_d(I0 + k, MPFR_RNDN);
        mpfr_snprintf(dr->first_str, sizeof dr->first_str, "%.15Re", I0 + k);
        if (!dr->defined) {
            dr->pass = isnan(dr->min_digits);
            continue;
        }
        dr->max_drift = acc[k].max_abs;
        dr->digits = acc[k].digits;
        dr->rows = acc[k].rows;
        dr->nan_rows = acc[k].nan_rows;
        if (acc[k].rows + acc[k].nan_rows > 0)
            where_set(&dr->worst, R, acc[k].worst_row);
        else
            dr->worst = rep->drift_from;
        dr->pass = isnan(dr->min_digits) || dr->digits >= dr->min_digits;
    }
    nhref_vec_free(x, ns);
    nhref_vec_free(I0, ni);
    nhref_vec_free(I, ni);
    free(acc);
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the report */
/* the first chart of the model whose own columns (not names of the model) are all among
 * the columns not compared, or NULL */
static const char *chart_hint(const nhref_model_t *m, const nhref_verify_report_t *rep)
{
    for (size_t k = 0; k < m->nchart; k++) {
        const char *p = m->chart[k].columns;
        size_t own = 0, found = 0;
        while (*p != '\0') {
            size_t n = strcspn(p, ", ");
            char name[128];
            if (n > 0 && n < sizeof name) {
                memcpy(name, p, n);
                name[n] = '\0';
                if (nhref_model_state_index(m, name) < 0 &&
                    nhref_model_integral_index(m, name) < 0) {
                    own++;
                    for (size_t i = 0; i < rep->nnot_compared; i++)
                        if (strcmp(rep->not_compared[i], name) == 0) {
                            found++;
                            break;
                        }
                }
            }
            p += n;
            p += strspn(p, ", ");
        }
        if (own > 0 && found == own)
            return m->chart[k].name;
    }
    return NULL;
}

static int fill_report_header(run_t *R)
{
    nhref_verify_t *v = R->v;
    const nhref_model_t *m = R->m;
    nhref_verify_report_t *rep = R->rep;
    nhref_table_t *tab = R->tab;
    size_t n = 0;

    rep->source = nhref_strdup(tab->path);
    rep->nrows = tab->nrow;
    where_set(&rep->first, R, R->order[0]);
    where_set(&rep->last, R, R->order[tab->nrow - 1]);
    rep->sep = R->from_file ? tab->sep : 0;
    rep->index_dropped = tab->index_dropped;
    rep->model = nhref_strdup(m->name);
    rep->chart = dup_or_null(v->chart);
    rep->golden = dup_or_null(v->golden);
    rep->scheme = nhref_strdup(nhref_spec_scheme(R->spec)->name);
    rep->digits = nhref_spec_digits(R->spec);
    rep->prec = (long)R->prec;
    rep->t_start = nhref_strdup(nhref_spec_t_start(R->spec));
    rep->min_digits = v->min_digits;
    rep->nparam = m->nparam;
    rep->ninit = m->nstate;
    rep->param_name = calloc(m->nparam + 1, sizeof(char *));
    rep->param_value = calloc(m->nparam + 1, sizeof(char *));
    rep->init_name = calloc(m->nstate + 1, sizeof(char *));
    rep->init_value = calloc(m->nstate + 1, sizeof(char *));
    if (rep->param_name == NULL || rep->param_value == NULL || rep->init_name == NULL ||
        rep->init_value == NULL)
        return NHREF_ENOMEM;
    for (size_t k = 0; k < m->nparam; k++) {
        rep->param_name[k] = nhref_strdup(m->param[k].name);
        const char *set = nhref_spec_param_set_str(R->v->ref, k); /* a set, as given */
        rep->param_value[k] = nhref_strdup(set != NULL ? set : nhref_spec_param_str(R->spec, k));
    }
    for (size_t k = 0; k < m->nstate; k++) {
        rep->init_name[k] = nhref_strdup(m->state[k].name);
        const char *set = nhref_spec_init_set_str(R->v->ref, k); /* a set, as given */
        rep->init_value[k] = nhref_strdup(set != NULL ? set : nhref_spec_init_str(R->spec, k));
    }
    for (size_t c = 0; c < tab->ncol; c++) {
        int cmp = (int)c == R->tcol;
        for (size_t j = 0; j < R->ncc && !cmp; j++)
            cmp = R->cc[j].col == (int)c;
        n += !cmp;
    }
    rep->not_compared = calloc(n + 1, sizeof(char *));
    if (rep->not_compared == NULL)
        return NHREF_ENOMEM;
    {
        /* the compared columns are marked once: linear in the number of columns */
        char *mark = calloc(tab->ncol, 1);
        if (mark == NULL)
            return NHREF_ENOMEM;
        mark[R->tcol] = 1;
        for (size_t j = 0; j < R->ncc; j++)
            mark[R->cc[j].col] = 1;
        for (size_t c = 0; c < R->nused; c++)
            mark[c] |= R->used[c];
        for (size_t c = 0; c < tab->ncol; c++)
            if (!mark[c])
                rep->not_compared[rep->nnot_compared++] = nhref_strdup(tab->name[c]);
        free(mark);
    }
    if (v->chart == NULL && chart_hint(m, rep) != NULL &&
        (rep->chart_hint = nhref_strdup(chart_hint(m, rep))) == NULL)
        return NHREF_ENOMEM;
    return NHREF_OK;
}

static void fill_columns(run_t *R)
{
    nhref_verify_report_t *rep = R->rep;
    const nhref_model_t *m = R->m;
    rep->ncolumn = R->ncc;
    for (size_t j = 0; j < R->ncc; j++) {
        ccol_t *cc = R->cc + j;
        nhref_verify_column_t *c = rep->column + j;
        c->name = nhref_strdup(R->tab->name[cc->col]);
        c->defined_as = dup_or_null(R->defexpr[cc->col]);
        c->wrapped = cc->wrapped;
        c->wrapped_rows = cc->wrapped_rows;
        c->off_by_2pi = cc->worst_k;
        c->compared_as = cc->kind == NHREF_VERIFY_STATE ? m->state[cc->index].name
                                                        : m->integral[cc->index].name;
        c->kind = cc->kind;
        c->index = cc->index;
        c->max_error = cc->acc.max_abs;
        c->digits = cc->acc.digits;
        c->min_digits = cc->min_digits;
        c->named = cc->named;
        c->pass = c->digits >= c->min_digits;
        c->rows = cc->acc.rows;
        c->nan_rows = cc->acc.nan_rows;
        if (c->rows + c->nan_rows > 0)
            where_set(&c->worst, R, cc->acc.worst_row);
        else
            c->worst = rep->first;
        c->proof = NHREF_VERIFY_PROOF_NONE; /* rigorous mode: nhref_verify_proven_pass */
        c->level = "VALIDATED";
        c->proven_digits = c->max_radius = c->max_rel_radius = NAN;
        c->outside_distance = c->outside_allowed = c->outside_radius = NAN;
        c->outside_value = c->outside_mid = NAN;
        c->sig_rows = cc->sig_rows;
        c->sig_digits = cc->sig_rows > 0 ? cc->sig : NAN;
        if (cc->sig_rows > 0)
            where_set(&c->sig_worst, R, cc->sig_worst_row);
        else
            c->sig_worst = rep->first;
    }
}

/* "--min-digits 15" or "--min-digits x=15" for column C */
static const char *threshold_str(char *buf, size_t len, const nhref_verify_column_t *c)
{
    if (c->named)
        snprintf(buf, len, "--min-digits %s=%g", c->compared_as, c->min_digits);
    else
        snprintf(buf, len, "--min-digits %g", c->min_digits);
    return buf;
}

/* W is before V in time (ties: input order) */
static int where_before(const nhref_verify_where_t *w, const nhref_verify_where_t *v)
{
    return w->t < v->t || (w->t == v->t && w->row < v->row);
}

/* "; column phi is off by 1·2π ..." for the first failing column whose error at its
 * worst row is within its threshold of a nonzero multiple of 2 pi, into BUF; else "" */
static void hint_2pi(char *buf, size_t len, const nhref_verify_report_t *rep)
{
    buf[0] = '\0';
    for (size_t j = 0; j < rep->ncolumn; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        if (!c->pass && c->off_by_2pi != 0) {
            snprintf(buf, len,
                     "; column %s is off by %ld·2π at t = %s (an angle kept in another range? "
                     "compare it modulo 2π: --angles wrapped)",
                     c->name, c->off_by_2pi, c->worst.t_str);
            return;
        }
    }
}

int nhref_verify_init_is_set(const nhref_verify_t *v)
{
    const nhref_model_t *m = nhref_spec_model(v->ref);
    for (size_t k = 0; k < m->nstate; k++)
        if (nhref_spec_init_set_str(v->ref, k) != NULL)
            return 1;
    for (size_t k = 0; k < m->nparam; k++)
        if (nhref_spec_param_set_str(v->ref, k) != NULL)
            return 1;
    return 0;
}

/* Rigorous mode: the verdict and its line from the columns' rigorous judgement and
 * the VALIDATED verdict already in BUF (rep->pass).  A value proven wrong is named
 * first (it is the strongest statement); then a VALIDATED failure stands as it is;
 * then an undecided column fails safe; else PROVEN PASS. */
static void verdict_rigorous(run_t *R, char *buf, size_t len)
{
    nhref_verify_report_t *rep = R->rep;
    const nhref_verify_column_t *wrong = NULL, *und = NULL, *low = NULL;
    size_t nwrong = 0, nout = 0, nund = 0;
    char d[32], w[48], thr[160];

    for (size_t j = 0; j < rep->ncolumn; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        if (c->proof == NHREF_VERIFY_PROOF_FAIL) {
            nwrong++;
            nout += c->outside;
            if (wrong == NULL || where_before(&c->first_outside, &wrong->first_outside))
                wrong = c;
        } else if (c->proof == NHREF_VERIFY_PROOF_UNDECIDED) {
            nund++;
            /* rows without an enclosure first: they say more than a wide one */
            if (und == NULL || (c->not_enclosed > 0 && und->not_enclosed == 0))
                und = c;
        }
        if (c->enclosed > 0 &&
            (low == NULL || c->proven_digits - c->min_digits < low->proven_digits - low->min_digits))
            low = c;
    }
    if (wrong != NULL) {
        char more[96] = "";
        if (nout > 1)
            snprintf(more, sizeof more, " (%zu values proven wrong in %zu column%s)", nout, nwrong,
                     nwrong == 1 ? "" : "s");
        rep->pass = 0;
        rep->level = "PROVEN";
        snprintf(buf, len,
                 "FAIL (proven wrong at t = %s, %s, column %s): your value %.17g lies at least "
                 "%.3e from the enclosure %.17g +- %.3g of the true value, more than the %.3g "
                 "allowed (%s%g of the scale)%s",
                 wrong->first_outside.t_str, where_str(w, sizeof w, &wrong->first_outside),
                 wrong->name, wrong->outside_value, wrong->outside_distance, wrong->outside_mid,
                 wrong->outside_radius, wrong->outside_allowed,
                 nhref_verify_init_is_set(R->v)
                     ? "half a unit of its last printed digit: against a set of initial values "
                       "or parameters, the enclosure itself, not 10^-"
                     : "half a unit of its last printed digit, or 10^-",
                 wrong->min_digits, more);
        {
            size_t l = strlen(buf);
            hint_2pi(buf + l, len - l, rep);
        }
        return;
    }
    if (nhref_verify_init_is_set(R->v) && und == NULL) {
        /* a set of initial values: every value in the enclosure of the set (the VALIDATED
         * comparison is with the trajectory from its midpoint alone: not a verdict) */
        rep->pass = 1;
        rep->level = "PROVEN";
        snprintf(buf, len,
                 "PROVEN PASS: every value lies in the enclosure of the trajectories from the "
                 "set of initial values or parameters (--init, --param MID+-RAD or [LO, HI]; the "
                 "minimum proven digits, %s in %s at t = %s, measure the set's width)",
                 low != NULL ? nhref_verify_digits_text(d, sizeof d, low->proven_digits) : "-",
                 low != NULL ? low->name : "-", low != NULL ? low->proven_worst.t_str : "-");
        return;
    }
    if (!rep->pass)
        return; /* the VALIDATED verdict fails: its line stands */
    if (und != NULL) {
        rep->pass = 0;
        if (und->not_enclosed > 0 && rep->proven.not_enclosed > 0)
            snprintf(buf, len,
                     "FAIL (undecided: %zu row%s not enclosed, the first at t = %s, %s): the "
                     "proven run stopped, %s; no value is proven wrong, and none there can be "
                     "proven right (more --digits may help)",
                     rep->proven.not_enclosed, rep->proven.not_enclosed == 1 ? "" : "s",
                     rep->proven.first_not_enclosed.t_str,
                     where_str(w, sizeof w, &rep->proven.first_not_enclosed),
                     rep->proven.why != NULL ? rep->proven.why : "?");
        else if (und->not_enclosed > 0)
            snprintf(buf, len,
                     "FAIL (undecided: column %s has %zu row%s without an enclosure, the first at "
                     "t = %s, %s): the enclosure there is indeterminate (undefined somewhere in "
                     "the ball); no value is proven wrong",
                     und->name, und->not_enclosed, und->not_enclosed == 1 ? "" : "s",
                     und->first_not_enclosed.t_str, where_str(w, sizeof w, &und->first_not_enclosed));
        else
            snprintf(buf, len,
                     "FAIL (undecided: column %s is proven to %s digits only, at t = %s, %s, < "
                     "%s%s): the enclosure (radius up to %.3g) is too wide to decide and no value "
                     "is proven wrong; more --digits may help",
                     und->name, nhref_verify_digits_text(d, sizeof d, und->proven_digits),
                     und->proven_worst.t_str, where_str(w, sizeof w, &und->proven_worst),
                     threshold_str(thr, sizeof thr, und),
                     nund > 1 ? "; more columns undecided" : "", und->max_radius);
        return;
    }
    rep->level = "PROVEN";
    if (low == NULL) /* cannot happen: every column PROVEN PASS has an enclosed row */
        return;
    snprintf(buf, len, "PROVEN PASS: minimum proven %s digits (%s at t = %s) >= %s",
             nhref_verify_digits_text(d, sizeof d, low->proven_digits), low->name,
             low->proven_worst.t_str, threshold_str(thr, sizeof thr, low));
}

/* the verdict and its line */
static void verdict(run_t *R)
{
    nhref_verify_report_t *rep = R->rep;
    char buf[1024], d[32], w[48], thr[160];
    size_t nbeyond = rep->end[0].nbeyond + rep->end[1].nbeyond, nfail = 0;
    const nhref_verify_column_t *worst = NULL;
    int all_exact = 1;

    for (size_t j = 0; j < rep->ncolumn; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        double margin = c->digits - c->min_digits;
        nfail += !c->pass;
        all_exact &= c->digits >= NHREF_ORACLE_DIGITS_EXACT;
        if (worst == NULL || margin < worst->digits - worst->min_digits)
            worst = c;
    }
    if (worst != NULL) {
        if (worst->named)
            snprintf(thr, sizeof thr, "--min-digits %s=%g", worst->compared_as, worst->min_digits);
        else
            snprintf(thr, sizeof thr, "--min-digits %g", worst->min_digits);
    }
    rep->pass = 0;
    if (nbeyond > 0) {
        const nhref_verify_end_t *e = rep->end[1].nbeyond > 0 ? rep->end + 1 : rep->end;
        snprintf(buf, sizeof buf,
                 "FAIL: %zu row%s beyond the reference's end, %s (the first: t = %s, %s): %s "
                 "cannot be judged",
                 nbeyond, nbeyond == 1 ? " lies" : "s lie", e->why != NULL ? e->why : "?",
                 e->first_beyond.t_str, where_str(w, sizeof w, &e->first_beyond),
                 nbeyond == 1 ? "it" : "they");
    } else if (nfail > 0) {
        char more[64] = "";
        if (nfail > 1)
            snprintf(more, sizeof more, " (%zu columns below their threshold)", nfail);
        size_t len;
        snprintf(buf, sizeof buf, "FAIL: minimum %s digits (%s at t = %s, %s) < %s%s",
                 nhref_verify_digits_text(d, sizeof d, worst->digits), worst->name,
                 worst->worst.t_str, where_str(w, sizeof w, &worst->worst), thr, more);
        len = strlen(buf);
        hint_2pi(buf + len, sizeof buf - len, rep);
    } else {
        const nhref_verify_drift_t *bad = NULL;
        for (size_t k = 0; k < rep->ndrift && bad == NULL; k++)
            if (!rep->drift[k].pass)
                bad = rep->drift + k;
        if (bad != NULL && bad->skipped != NULL)
            snprintf(buf, sizeof buf,
                     "FAIL: the drift of %s is not measured (it %s), and --min-drift-digits asks "
                     "for %g",
                     bad->name, bad->skipped, bad->min_digits);
        else if (bad != NULL && !rep->drift_computed)
            snprintf(buf, sizeof buf,
                     "FAIL: the drift of %s is not measured (%s), and --min-drift-digits asks "
                     "for %g",
                     bad->name, rep->drift_note != NULL ? rep->drift_note : "?", bad->min_digits);
        else if (bad != NULL && !bad->defined)
            snprintf(buf, sizeof buf,
                     "FAIL: the drift of %s is not measured (NaN at the first row), and "
                     "--min-drift-digits asks for %g",
                     bad->name, bad->min_digits);
        else if (bad != NULL)
            snprintf(buf, sizeof buf,
                     "FAIL: drift of %s: %s digits (at t = %s, %s) < "
                     "--min-drift-digits %g",
                     bad->name, nhref_verify_digits_text(d, sizeof d, bad->digits),
                     bad->worst.t_str, where_str(w, sizeof w, &bad->worst), bad->min_digits);
        else if (all_exact) {
            rep->pass = 1;
            snprintf(buf, sizeof buf, "PASS: every compared value equals the reference (>= %s)",
                     thr);
        } else {
            rep->pass = 1;
            snprintf(buf, sizeof buf, "PASS: minimum %s digits (%s at t = %s) >= %s",
                     nhref_verify_digits_text(d, sizeof d, worst->digits), worst->name,
                     worst->worst.t_str, thr);
        }
    }
    rep->level = "VALIDATED";
    if (rep->proven.ran)
        verdict_rigorous(R, buf, sizeof buf);
    rep->summary = nhref_strdup(buf);
}

/* ------------------------------------------------------------------ errors mode */
/* N doubles, each NaN */
static double *nan_array(size_t n)
{
    double *a = malloc((n ? n : 1) * sizeof *a);
    for (size_t i = 0; a != NULL && i < n; i++)
        a[i] = NAN;
    return a;
}

/* The per-row arrays of the columns and of the report, indexed by input row until
 * errors_finish puts them in time order (the integrals' in drift()). */
static int errors_alloc(run_t *R)
{
    nhref_verify_report_t *rep = R->rep;
    size_t n = R->tab->nrow;
    rep->errors = 1;
    rep->row_where = calloc(n ? n : 1, 1); /* NHREF_VERIFY_ROW_COMPARED */
    if (rep->row_where == NULL)
        return nhref_verify_fail(R->v, NHREF_ENOMEM, "out of memory");
    for (size_t j = 0; j < R->ncc; j++) {
        nhref_verify_column_t *c = rep->column + j;
        c->row_error = nan_array(n);
        c->row_digits = nan_array(n);
        if (c->row_error == NULL || c->row_digits == NULL)
            return nhref_verify_fail(R->v, NHREF_ENOMEM, "out of memory");
        if (R->v->rigorous) {
            c->row_dist = nan_array(n);
            c->row_outside = malloc(n ? n : 1);
            if (c->row_dist == NULL || c->row_outside == NULL)
                return nhref_verify_fail(R->v, NHREF_ENOMEM, "out of memory");
            memset(c->row_outside, -1, n);
        }
    }
    return NHREF_OK;
}

/* A[i] = A[order[i]] for every i < N (TMP: N * SIZE bytes) */
static void permute(void *a, size_t size, const size_t *order, size_t n, void *tmp)
{
    if (a == NULL)
        return;
    for (size_t i = 0; i < n; i++)
        memcpy((char *)tmp + i * size, (const char *)a + order[i] * size, size);
    memcpy(a, tmp, n * size);
}

/* the per-row arrays in time order, with the rows' times and lines */
static int errors_finish(run_t *R)
{
    nhref_verify_report_t *rep = R->rep;
    size_t n = R->tab->nrow;
    void *tmp = malloc((n ? n : 1) * sizeof(double));
    rep->row = malloc((n ? n : 1) * sizeof *rep->row);
    rep->row_line = malloc((n ? n : 1) * sizeof *rep->row_line);
    rep->row_t = malloc((n ? n : 1) * sizeof *rep->row_t);
    if (tmp == NULL || rep->row == NULL || rep->row_line == NULL || rep->row_t == NULL) {
        free(tmp);
        return nhref_verify_fail(R->v, NHREF_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        size_t r = R->order[i];
        rep->row[i] = r;
        rep->row_line[i] = R->from_file ? R->tab->line[r] : 0;
        rep->row_t[i] = mpfr_get_d(cell(R, r, R->tcol), MPFR_RNDN);
    }
    permute(rep->row_where, 1, R->order, n, tmp);
    for (size_t j = 0; j < rep->ncolumn; j++) {
        nhref_verify_column_t *c = rep->column + j;
        permute(c->row_error, sizeof(double), R->order, n, tmp);
        permute(c->row_digits, sizeof(double), R->order, n, tmp);
        permute(c->row_dist, sizeof(double), R->order, n, tmp);
        permute(c->row_outside, 1, R->order, n, tmp);
    }
    for (size_t k = 0; k < rep->ndrift; k++)
        permute(rep->drift[k].row_drift, sizeof(double), R->order, n, tmp);
    free(tmp);
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the run */
static void run_free(run_t *R)
{
    const nhref_model_t *m = R->m;
    nhref_vec_free(R->x0, m->nstate);
    nhref_vec_free(R->I, m->nintegral);
    nhref_vec_free(R->sample, NHREF_VERIFY_CLOSED_FORM_SAMPLES * m->nstate);
    mpfr_clears(R->t0, R->one, R->tiny, R->e, R->ed, R->twopi, R->w, (mpfr_ptr)0);
    free(R->state_col);
    free(R->integral_col);
    free(R->cc);
    free(R->order);
    free(R->judged);
    free(R->slot);
    free(R->slot_filled);
    free(R->pcol);
    free(R->pmin);
    free(R->used);
    free(R->defexpr);
    nhref_vec_free(R->xend, m->nstate);
    mpfr_clear(R->tend);
    nhref_integrator_free(R->ig_drift); /* before the spec: it integrates its system */
    nhref_spec_free(R->spec);
    nhref_table_free(R->tab);
}

int nhref_verify_run(nhref_verify_report_t **repp, nhref_verify_t *v, nhref_table_t *tab,
                     int from)
{
    run_t R;
    const nhref_model_t *m = v->model;
    char why[4200], lab[300];
    const char *set, *name;
    int raised, status, par;

    *repp = NULL;
    memset(&R, 0, sizeof R);
    R.v = v;
    R.m = m;
    R.tab = tab;
    R.from = from;
    R.from_file = from == NHREF_VERIFY_FROM_FILE;
    mpfr_inits2(MPFR_PREC_MIN, R.t0, R.one, R.tiny, R.e, R.ed, R.tend, R.twopi, R.w, (mpfr_ptr)0);
    if ((status = nhref_verify_precision(v, &R.dref, &R.prec, &raised)) != NHREF_OK)
        goto out;
    R.rep = calloc(1, sizeof *R.rep);
    if (R.rep == NULL) {
        status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        goto out;
    }
    R.rep->digits_raised = raised;
    R.rep->closed_form_digits = NAN;

    /* the reference's spec: the handle's, at DREF digits (messages prefixed with the
     * golden file); its parameters and initial state checked */
    mpfr_set_prec(R.t0, R.prec);
    mpfr_set_prec(R.tend, R.prec);
    mpfr_set_prec(R.e, R.prec + 64);
    mpfr_set_prec(R.twopi, R.prec + 64);
    mpfr_set_prec(R.w, R.prec + 64);
    mpfr_const_pi(R.twopi, MPFR_RNDN);
    mpfr_mul_2ui(R.twopi, R.twopi, 1, MPFR_RNDN);
    mpfr_set_ui(R.one, 1, MPFR_RNDN);
    mpfr_set_ui_2exp(R.tiny, 1, mpfr_get_emin() + 1, MPFR_RNDN);
    nhref_decimal_set(R.t0, nhref_spec_t_start(v->ref));
    if ((status = nhref_spec_copy(&R.spec, v->ref)) != NHREF_OK) {
        status = nhref_verify_fail(v, status, "out of memory");
        goto out;
    }
    if (v->golden != NULL) {
        snprintf(why, sizeof why, "%s: ", v->golden);
        nhref_spec_set_names(R.spec, NHREF_SPEC_WORDS, why);
    } else {
        nhref_spec_set_names(R.spec, NHREF_SPEC_WORDS, NULL);
    }
    nhref_spec_set_scheme(R.spec, "taylor");
    nhref_spec_set_digits(R.spec, R.dref);
    nhref_spec_set_progress(R.spec, integ_progress, &R);
    nhref_spec_set_times_num(R.spec, 1, R.t0); /* the rows' times come with each pass */
    /* a set of initial values (MID+-RAD): judged by its enclosure, --rigorous; the
     * VALIDATED reference runs from MID */
    if (!v->rigorous && nhref_spec_first_set(v->ref, &set, &par, &name, lab, sizeof lab)) {
        status = nhref_verify_fail(
            v, NHREF_EINVAL,
            "--%s %s: '%s' is a set of %s values: verify against it with --rigorous (every "
            "row must lie in the enclosure of the trajectories %s), or give the midpoint alone",
            par ? "param" : "init", name, set, par ? "parameter" : "initial",
            par ? "for every value in the set" : "from the set");
        goto out;
    }
    if (v->rigorous && (status = nhref_spec_check_param_sets(v->ref)) != NHREF_OK) {
        status = nhref_verify_fail(v, NHREF_EINVAL, "%s", nhref_spec_error(v->ref));
        goto out;
    }
    nhref_spec_set_init_as_point(R.spec, 1);
    if ((status = nhref_spec_resolve(R.spec)) != NHREF_OK) {
        status = nhref_verify_fail(v, status, "%s", nhref_spec_error(R.spec));
        goto out;
    }
    R.x0 = nhref_vec_new(m->nstate, R.prec);
    R.xend = nhref_vec_new(m->nstate, R.prec);
    R.I = nhref_vec_new(m->nintegral, R.prec);
    if (R.x0 == NULL || R.xend == NULL || R.I == NULL) {
        status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        goto out;
    }
    nhref_spec_x0(R.spec, R.x0);

    /* the input */
    if ((status = match_columns(&R)) != NHREF_OK || (status = sort_rows(&R)) != NHREF_OK)
        goto out;
    if (v->rigorous) {
        /* what the proven pass cannot honour is refused before any integration */
        R.pcol = malloc(R.ncc * sizeof *R.pcol);
        R.pmin = malloc(R.ncc * sizeof *R.pmin);
        if (R.pcol == NULL || R.pmin == NULL) {
            status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
            goto out;
        }
        for (size_t j = 0; j < R.ncc; j++) {
            R.pcol[j] = R.cc[j].col;
            R.pmin[j] = R.cc[j].min_digits;
        }
        R.pin.v = v;
        R.pin.tab = tab;
        R.pin.from = R.from;
        R.pin.tcol = R.tcol;
        R.pin.order = R.order;
        R.pin.nback = R.nback;
        R.pin.ncol = R.ncc;
        R.pin.col = R.pcol;
        R.pin.min_digits = R.pmin;
        R.pin.prec = (long)R.prec;
        R.pin.dref = R.dref;
        if ((status = nhref_verify_proven_check(&R.pin)) != NHREF_OK)
            goto out;
    }
    R.rep->column = calloc(R.ncc, sizeof *R.rep->column);
    R.judged = calloc(tab->nrow, 1);
    R.slot = malloc(tab->nrow * sizeof *R.slot);
    R.slot_filled = calloc(NHREF_VERIFY_CLOSED_FORM_SAMPLES, 1);
    R.sample = nhref_vec_new(NHREF_VERIFY_CLOSED_FORM_SAMPLES * m->nstate, R.prec);
    if (R.rep->column == NULL || R.judged == NULL || R.slot == NULL || R.slot_filled == NULL ||
        R.sample == NULL) {
        status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        goto out;
    }
    choose_sample(&R);
    if (v->errors && (status = errors_alloc(&R)) != NHREF_OK)
        goto out;

    /* the reference, compared row by row (with the first integrals if a column is one) */
    nhref_spec_set_integrals(R.spec, R.need_integrals);
    nhref_spec_set_integral_guard(R.spec, 0);
    if ((status = fill_report_header(&R)) != NHREF_OK) {
        status = nhref_verify_fail(v, status, "out of memory");
        goto out;
    }
    for (int pass = 0; pass < 2 && status == NHREF_OK; pass++)
        status = integrate_pass(&R, pass);
    if (status != NHREF_OK)
        goto out;
    fill_columns(&R);
    if ((status = closed_form(&R)) != NHREF_OK || (status = drift(&R)) != NHREF_OK)
        goto out;
    if (v->rigorous) {
        R.pin.judged = R.judged;
        if ((status = nhref_verify_proven_pass(R.rep, &R.pin)) != NHREF_OK)
            goto out;
    }
    if (v->errors && (status = errors_finish(&R)) != NHREF_OK)
        goto out;
    verdict(&R);
    if (R.rep->summary == NULL)
        status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");

out:
    run_free(&R);
    if (status != NHREF_OK) {
        nhref_verify_report_free(R.rep);
        return status;
    }
    *repp = R.rep;
    return NHREF_OK;
}
