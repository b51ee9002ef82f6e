/* define.c -- the model's columns given by expressions over the input's columns: the
 * caller's defines (nhref_verify_define) and those of a model's chart
 * (nhref_verify_set_chart, nhref_chart_desc_t).  Each expression is parsed by the
 * tape's parser (nhref_tape_parse) with the input's columns as its states and the
 * model's parameters as its parameters, and evaluated row by row by the MPFR
 * interpreter at the reference's precision; the values become new columns of the
 * table, named after the model's columns, which run.c then compares like any other.
 * See nhref_verify.h. */
#include "verify_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "nhref_integrate.h"
#include "nhref_tape.h"
#include "tape/tape_internal.h"

typedef struct {
    char name[128];   /* the model's column */
    const char *expr; /* its expression */
    char option[200]; /* for messages: "--define v=..." or "--chart com: v = ..." */
    nhref_tape_t *tape;
} def_t;

/* "a, b, c" of the LEN names NAMES into BUF (the first 20) */
static const char *name_list(char *buf, size_t len, size_t n, const char *const *names)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < n && k < 20 && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", k ? ", " : "", names[k]);
    if (n > 20 && used < len)
        used += (size_t)snprintf(buf + used, len - used, ", ... (%zu in all)", n);
    if (used >= len && len > 4)
        strcpy(buf + len - 4, "...");
    return n > 0 ? buf : "none";
}

/* D from "NAME = EXPR" of chart CHART (trimmed); 0, or -1 if it has no '=' */
static int def_from_chart(def_t *d, const char *chart, const char *entry)
{
    const char *eq = strchr(entry, '=');
    size_t n;
    if (eq == NULL)
        return -1;
    n = (size_t)(eq - entry);
    while (n > 0 && isspace((unsigned char)entry[n - 1]))
        n--;
    if (n >= sizeof d->name)
        n = sizeof d->name - 1;
    memcpy(d->name, entry, n);
    d->name[n] = '\0';
    for (d->expr = eq + 1; isspace((unsigned char)*d->expr); d->expr++)
        ;
    snprintf(d->option, sizeof d->option, "--chart %s: %s", chart, entry);
    return 0;
}

/* the model's name of the input's column NAME after V's maps */
static const char *mapped(const nhref_verify_t *v, const char *name)
{
    for (size_t i = 0; i < v->map.n; i++)
        if (strcmp(v->map.name[i], name) == 0)
            return v->map.value[i];
    return name;
}

/* the defines of V: the chart's, then the caller's; *DP (ND) */
static int collect(nhref_verify_t *v, def_t **dp, size_t *nd)
{
    const nhref_model_t *m = v->model;
    const nhref_chart_desc_t *ch = NULL;
    size_t n = v->define.n;
    def_t *d;
    int status;

    *dp = NULL;
    *nd = 0;
    if (v->chart != NULL) {
        if ((status = nhref_verify_chart_check(v, v->chart)) != NHREF_OK)
            return status;
        ch = m->chart + nhref_model_chart_index(m, v->chart);
        for (size_t k = 0; ch->define[k] != NULL; k++)
            n++;
    }
    if (n == 0)
        return NHREF_OK;
    if ((d = calloc(n, sizeof *d)) == NULL)
        return nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
    n = 0;
    for (size_t k = 0; ch != NULL && ch->define[k] != NULL; k++)
        if (def_from_chart(d + n++, ch->name, ch->define[k]) != 0) {
            free(d);
            return nhref_verify_fail(v, NHREF_EINVAL,
                                     "--chart %s: the entry '%s' of model %s is not NAME = EXPR",
                                     ch->name, ch->define[k], m->name);
        }
    for (size_t i = 0; i < v->define.n; i++, n++) {
        snprintf(d[n].name, sizeof d[n].name, "%s", v->define.name[i]);
        d[n].expr = v->define.value[i];
        snprintf(d[n].option, sizeof d[n].option, "--define %s=%s", d[n].name, d[n].expr);
        for (size_t j = 0; j < n; j++)
            if (strcmp(d[j].name, d[n].name) == 0) {
                free(d);
                return nhref_verify_fail(v, NHREF_EPARSE,
                                         "--define %s=%s: '%s' is defined by the chart '%s' "
                                         "too (drop the define or the chart)",
                                         v->define.name[i], v->define.value[i], v->define.name[i],
                                         v->chart);
            }
    }
    *dp = d;
    *nd = n;
    return NHREF_OK;
}

/* DEF checked against the model and TAB's columns, and parsed */
static int parse_def(nhref_verify_t *v, def_t *def, const nhref_table_t *tab, char **pname)
{
    const nhref_model_t *m = v->model;
    char err[512], cols[1024], pars[512];
    int status;

    if (nhref_model_state_index(m, def->name) < 0 && nhref_model_integral_index(m, def->name) < 0)
        return nhref_verify_fail(v, NHREF_ENOTFOUND,
                                 "%s: '%s' is not a state variable or first integral of model %s "
                                 "(see 'nhref describe %s')",
                                 def->option, def->name, m->name, m->name);
    for (size_t c = 0; c < tab->ncol; c++)
        if (strcmp(tab->name[c], def->name) == 0 || strcmp(mapped(v, tab->name[c]), def->name) == 0)
            return nhref_verify_fail(
                v, NHREF_EPARSE,
                "%s: %s has a column '%s'%s%s already: a column is given once (drop the define, "
                "or rename the column with --map)",
                def->option, tab->path, tab->name[c],
                strcmp(tab->name[c], def->name) ? " compared as " : "",
                strcmp(tab->name[c], def->name) ? def->name : "");
    status = nhref_tape_parse(&def->tape, def->expr, tab->ncol, (const char *const *)tab->name,
                              m->nparam, (const char *const *)pname, err, sizeof err);
    if (status == NHREF_ENOMEM)
        return nhref_verify_fail(v, status, "out of memory");
    if (status != NHREF_OK)
        return nhref_verify_fail(
            v, NHREF_EPARSE,
            "%s: %s in the expression '%s' (it may read the columns of %s: "
            "%s; the parameters of model %s: %s; t and pi)",
            def->option, err, def->expr, tab->path,
            name_list(cols, sizeof cols, tab->ncol, (const char *const *)tab->name), m->name,
            name_list(pars, sizeof pars, m->nparam, (const char *const *)pname));
    return NHREF_OK;
}

/* the decimal text of X to the reference's digits, those of PREC - NHREF_GUARD_BITS
 * bits (at least 17): rigorous mode's allowance for the value, half a unit of its last
 * digit, is then about 2^32 times the rounding of the expression's evaluation at PREC
 * bits (unless it cancels that many bits) */
static char *value_text(mpfr_srcptr x, mpfr_prec_t prec)
{
    int digits = (int)floor((double)(prec - NHREF_GUARD_BITS) * 0.30102999566398119521);
    if (digits < 17)
        digits = 17;
    int n = mpfr_snprintf(NULL, 0, "%.*Re", digits, x);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s != NULL)
        mpfr_snprintf(s, (size_t)n + 1, "%.*Re", digits, x);
    return s;
}

int nhref_verify_define_columns(nhref_verify_t *v, nhref_table_t *tab, int tcol, mpfr_srcptr p,
                                mpfr_prec_t prec, char **usedp, const char ***exprp)
{
    const nhref_model_t *m = v->model;
    size_t nd = 0, ncol = tab->ncol, nrow = tab->nrow, ncol2;
    def_t *d = NULL;
    char **pname = NULL, **name2 = NULL, **text2 = NULL, *used = NULL;
    const char **expr = NULL;
    __mpfr_struct *v2 = NULL;
    int status;

    *usedp = NULL;
    *exprp = NULL;
    if ((status = collect(v, &d, &nd)) != NHREF_OK)
        return status;
    used = calloc(ncol ? ncol : 1, 1);
    expr = calloc(ncol + nd, sizeof *expr);
    pname = calloc(m->nparam + 1, sizeof *pname);
    if (used == NULL || expr == NULL || pname == NULL) {
        status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        goto out;
    }
    if (nd == 0)
        goto out;
    for (size_t k = 0; k < m->nparam; k++)
        pname[k] = (char *)m->param[k].name;
    for (size_t i = 0; i < nd && status == NHREF_OK; i++)
        status = parse_def(v, d + i, tab, pname);
    if (status != NHREF_OK)
        goto out;
    for (size_t i = 0; i < nd; i++)
        for (size_t c = 0; c < ncol; c++)
            if (d[i].tape->state[c] != NHREF_NODE_INVALID)
                used[c] = 1;

    /* the table, NCOL2 columns wide: the cells moved (not copied), the new ones NaN */
    ncol2 = ncol + nd;
    name2 = calloc(ncol2, sizeof *name2);
    text2 = calloc(nrow * ncol2, sizeof *text2);
    v2 = malloc(nrow * ncol2 * sizeof *v2);
    if (name2 == NULL || text2 == NULL || v2 == NULL) {
        free(name2);
        free(text2);
        free(v2);
        status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
        goto out;
    }
    memcpy(name2, tab->name, ncol * sizeof *name2);
    for (size_t r = 0; r < nrow; r++) {
        memcpy(v2 + r * ncol2, tab->v + r * ncol, ncol * sizeof *v2);
        memcpy(text2 + r * ncol2, tab->text + r * ncol, ncol * sizeof *text2);
        for (size_t i = 0; i < nd; i++)
            mpfr_init2(v2 + r * ncol2 + ncol + i, prec); /* NaN */
    }
    free(tab->name);
    free(tab->v);
    free(tab->text);
    tab->name = name2;
    tab->v = v2;
    tab->text = text2;
    tab->ncol = ncol2; /* nhref_table_free frees the new cells from here on */
    for (size_t i = 0; i < nd && status == NHREF_OK; i++)
        if ((tab->name[ncol + i] = nhref_strdup(d[i].name)) == NULL)
            status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");

    /* the values: each define on its own workspace at PREC bits, NaN where undefined */
    for (size_t i = 0; i < nd && status == NHREF_OK; i++) {
        nhref_tape_mp_t *ws = NULL;
        expr[ncol + i] = d[i].expr;
        status = nhref_tape_mp_new(&ws, d[i].tape, prec, 0);
        if (status == NHREF_OK)
            nhref_tape_mp_set_params(ws, p); /* a constant undefined: NaN, as any row */
        for (size_t r = 0; r < nrow && status == NHREF_OK; r++) {
            mpfr_ptr out = tab->v + r * ncol2 + ncol + i;
            nhref_tape_mp_eval(out, ws, tab->v + r * ncol2 + (size_t)tcol, tab->v + r * ncol2);
            if ((tab->text[r * ncol2 + ncol + i] = value_text(out, prec)) == NULL)
                status = NHREF_ENOMEM;
        }
        nhref_tape_mp_free(ws);
        if (status != NHREF_OK)
            status = nhref_verify_fail(v, status, "%s: cannot evaluate it: %s", d[i].option,
                                       nhref_strerror(status));
    }

out:
    for (size_t i = 0; i < nd; i++)
        nhref_tape_free(d[i].tape);
    free(d);
    free(pname);
    if (status != NHREF_OK) {
        free(used);
        free(expr);
        return status;
    }
    *usedp = used;
    *exprp = expr;
    return NHREF_OK;
}
