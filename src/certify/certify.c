/* certify.c -- the certification of a golden case (certify.h; DESIGN §4, docs/golden.md
 * "What the digits mean"): every route of the table computed, then each column's
 * certified digits (the digits on which every route agrees, minus a margin), the
 * proven route's balls checked against them (a route value outside a ball is an
 * error: a proof and a certificate contradict each other), and the case's event
 * time certified like a column.  One file for the rule and the proven checks;
 * io/golden.c writes what it finds. */
#include "certify/certify.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrate/integrate_internal.h"
#include "run/run_internal.h"
#include "strutil.h"

int nhref_certify_fail(char *err, size_t len, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return status;
}

/* append to BUF (LEN bytes, *USED of them written so far), truncating */
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (*used + 1 >= len)
        return;
    va_start(ap, fmt);
    n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used = *used + (size_t)n < len ? *used + (size_t)n : len - 1;
}

/* ------------------------------------------------------------------ distances to balls */
/* U = an upper bound (UPPER) or a lower bound of |W - B|, W exact, at U's precision */
static void distance_bound(mpfr_ptr u, mpfr_srcptr w, arb_srcptr b, int upper)
{
    arb_t d;
    mag_t e;
    arf_t ea;
    arb_init(d);
    mag_init(e);
    arf_init(ea);
    arf_set_mpfr(arb_midref(d), w);
    arb_sub(d, d, b, ARF_PREC_EXACT);
    if (upper)
        arb_get_mag(e, d);
    else
        arb_get_mag_lower(e, d);
    arf_set_mag(ea, e);
    arf_get_mpfr(u, ea, upper ? MPFR_RNDU : MPFR_RNDD);
    arf_clear(ea);
    mag_clear(e);
    arb_clear(d);
}

/* The digits the ball B proves for the printed value V (P significant digits):
 * -log10((|v - b| + conversion) / max(|v|, 1)), every operation rounded the safe way
 * (a lower bound); the conversion error of printing v is at most |v| 5 10^-P.
 * NaN if V is NaN; -inf if B is not finite; +inf if V is exact (B = v, exact). */
double nhref_proven_cell_digits(mpfr_srcptr v, arb_srcptr b, int printed)
{
    mpfr_t u, s;
    double r;

    if (mpfr_nan_p(v))
        return NAN;
    if (!arb_is_finite(b) || !mpfr_number_p(v))
        return -INFINITY;
    mpfr_inits2(64, u, s, (mpfr_ptr)0);
    distance_bound(u, v, b, 1);
    if (!mpfr_zero_p(v)) { /* + |v| 5 10^-P */
        mpfr_set_si(s, -(long)printed, MPFR_RNDN);
        mpfr_exp10(s, s, MPFR_RNDU);
        mpfr_mul_ui(s, s, 5, MPFR_RNDU);
        mpfr_mul(s, s, v, mpfr_sgn(v) > 0 ? MPFR_RNDU : MPFR_RNDD); /* |.| rounded up */
        mpfr_abs(s, s, MPFR_RNDN);
        mpfr_add(u, u, s, MPFR_RNDU);
    }
    if (mpfr_zero_p(u)) {
        r = INFINITY;
    } else {
        mpfr_abs(s, v, MPFR_RNDD);
        if (mpfr_cmp_ui(s, 1) < 0)
            mpfr_set_ui(s, 1, MPFR_RNDN);
        mpfr_div(u, u, s, MPFR_RNDU);
        mpfr_log10(u, u, MPFR_RNDU);
        mpfr_neg(u, u, MPFR_RNDD);
        r = mpfr_get_d(u, MPFR_RNDD);
    }
    mpfr_clears(u, s, (mpfr_ptr)0);
    return r;
}

/* 1 if W lies farther than 2 10^-CERT max(|w|, 1) from the ball B (a lower bound of the
 * distance, so that only a proven inconsistency counts) */
static int outside_ball(mpfr_srcptr w, arb_srcptr b, double cert)
{
    mpfr_t lo, a;
    int out;
    if (!mpfr_number_p(w) || !arb_is_finite(b) || cert < 0)
        return 0;
    mpfr_inits2(64, lo, a, (mpfr_ptr)0);
    distance_bound(lo, w, b, 0);
    /* the allowance a = 2 10^-cert max(|w|, 1), rounded up: only a distance proven
     * beyond it counts */
    mpfr_set_d(a, -cert, MPFR_RNDU);
    mpfr_exp10(a, a, MPFR_RNDU);
    mpfr_mul_ui(a, a, 2, MPFR_RNDU);
    if (mpfr_cmpabs_ui(w, 1) > 0) {
        mpfr_t aw;
        mpfr_init2(aw, mpfr_get_prec(w));
        mpfr_abs(aw, w, MPFR_RNDN); /* exact */
        mpfr_mul(a, a, aw, MPFR_RNDU);
        mpfr_clear(aw);
    }
    out = mpfr_cmp(lo, a) > 0;
    mpfr_clears(lo, a, (mpfr_ptr)0);
    return out;
}


/* ------------------------------------------------------------------ one column */
void nhref_golden_certify_column(nhref_golden_column_t *col, size_t nt, mpfr_srcptr v,
                                 size_t vstride, size_t nroute, mpfr_srcptr const *r,
                                 const size_t *rstride, double cap, double *rowmin,
                                 double *sigrow)
{
    mpfr_t one;
    double worst = NHREF_ORACLE_DIGITS_EXACT, sigmin = NHREF_ORACLE_DIGITS_EXACT;

    memset(col, 0, sizeof *col);
    col->nroute = nroute < NHREF_GOLDEN_MAX_ROUTES ? nroute : NHREF_GOLDEN_MAX_ROUTES;
    mpfr_init2(one, 2);
    mpfr_set_ui(one, 1, MPFR_RNDN);
    for (size_t q = 0; q < col->nroute; q++)
        nhref_oracle_column_init(&col->per[q]);
    for (size_t i = 0; i < nt; i++) {
        mpfr_srcptr vi = v + i * vstride;
        double cell = NHREF_ORACLE_DIGITS_EXACT, dsig;
        int elsewhere = 0;
        for (size_t q = 0; q < col->nroute; q++) {
            mpfr_srcptr a = r[q] + i * rstride[q];
            if (mpfr_nan_p(vi)) {
                elsewhere |= !mpfr_nan_p(a);
                continue; /* undefined here: neither the column nor the row */
            }
            nhref_oracle_column_add(&col->per[q], i, a, vi, one);
            if (!mpfr_nan_p(a)) { /* a route NaN is the column's disagreement only */
                double dg = nhref_oracle_agree_digits(a, vi, one);
                if (dg < cell)
                    cell = dg;
            }
        }
        if (mpfr_nan_p(vi)) {
            col->nundef++;
            col->nelsewhere += (size_t)elsewhere;
            continue;
        }
        if (cell < rowmin[i])
            rowmin[i] = cell;
        /* significant digits: mixed + log10 |v| where |v| < 1 (the mixed measure
         * counts decimal places there) */
        if (mpfr_cmpabs_ui(vi, 1) >= 0 || (mpfr_zero_p(vi) && cell >= NHREF_ORACLE_DIGITS_EXACT)) {
            dsig = cell; /* the two measures are one (or an exact 0: exact in both) */
        } else {
            long e;
            double f = mpfr_zero_p(vi) ? 0 : mpfr_get_d_2exp(&e, vi, MPFR_RNDN);
            if (col->nsmall++ == 0 || mpfr_cmpabs(vi, v + col->tiny_row * vstride) < 0)
                col->tiny_row = i;
            if (cell >= NHREF_ORACLE_DIGITS_EXACT)
                dsig = cell; /* every route exact */
            else if (mpfr_zero_p(vi))
                dsig = -INFINITY;
            else
                dsig = cell + log10(fabs(f)) + (double)e * 0.30102999566398119521;
            if (!(floor(dsig) - NHREF_GOLDEN_MARGIN > 0)) {
                col->nzero++; /* 0 to its certified decimal places: no significant digit */
                continue;
            }
            if (dsig < sigmin)
                sigmin = dsig;
        }
        if (dsig < sigrow[i])
            sigrow[i] = dsig;
    }
    for (size_t q = 0; q < col->nroute; q++) {
        col->mismatch |= col->per[q].nan_rows > 0;
        if (col->per[q].digits < worst)
            worst = col->per[q].digits;
    }
    if (col->nundef == nt) {
        col->certified = -1;
    } else if (col->mismatch) {
        col->certified = 0;
    } else {
        double d = floor(worst) - NHREF_GOLDEN_MARGIN;
        col->certified = d > cap ? cap : d < 0 ? 0 : d;
    }
    if (col->nsmall > col->nzero) {
        double d = floor(sigmin) - NHREF_GOLDEN_MARGIN;
        col->significant = col->mismatch ? 0 : d > cap ? cap : d;
    } else {
        col->significant = NAN;
    }
    mpfr_clear(one);
}


/* ------------------------------------------------------------------ the case */
/* the sources that certify column K: every route but the values and the proven one (the
 * oracle's integrals for integral columns only) */
static size_t sources(const nhref_certificate_t *c, size_t k, mpfr_srcptr *src, size_t *stride,
                      const char **names)
{
    size_t n = 0;
    for (size_t q = 0; q < c->nroute; q++) {
        const nhref_route_result_t *r = &c->route[q];
        if (!r->ran || r->route->values || r->route->kind == NHREF_ROUTE_PROVEN)
            continue;
        if (r->route->kind == NHREF_ROUTE_INTEGRALS) {
            if (k < c->nx)
                continue;
            src[n] = r->rows + (k - c->nx);
            stride[n] = c->ni;
        } else {
            src[n] = r->rows + k;
            stride[n] = c->nc;
        }
        names[n++] = r->route->name;
    }
    return n;
}

/* column K's agreement in words (the "certified" line of the golden file) */
static char *agreement(const nhref_certificate_t *c, size_t k, const nhref_golden_column_t *col,
                       const char *const *names)
{
    const char *nm = k < c->nx ? c->m->state[k].name : c->m->integral[k - c->nx].name;
    char buf[768];
    size_t used = 0;

    buf[0] = '\0';
    for (size_t q = 0; q < col->nroute; q++) {
        if (col->per[q].digits >= NHREF_ORACLE_DIGITS_EXACT)
            append(buf, sizeof buf, &used, "%s%s exact", q ? ", " : "", names[q]);
        else
            append(buf, sizeof buf, &used, "%s%s %.1f", q ? ", " : "", names[q],
                   col->per[q].digits);
    }
    if (col->certified < 0) {
        append(buf, sizeof buf, &used, "; undefined on every row");
    } else {
        if (col->mismatch)
            append(buf, sizeof buf, &used,
                   "; NaN in a route where the values are defined: the routes disagree");
        append(buf, sizeof buf, &used, "; margin %d", NHREF_GOLDEN_MARGIN);
        if (col->nundef > 0)
            append(buf, sizeof buf, &used, "; undefined (NaN) on %zu of %zu rows", col->nundef,
                   c->nt);
        if (col->nsmall > 0) {
            /* the second measure, where the mixed one counts decimal places */
            char tv[32];
            mpfr_t av;
            mpfr_init2(av, 64);
            mpfr_abs(av, c->values->rows + col->tiny_row * c->nc + k, MPFR_RNDN);
            mpfr_snprintf(tv, sizeof tv, "%.2Rg", av);
            mpfr_clear(av);
            append(buf, sizeof buf, &used, "; where |%s| < 1 (%zu rows, down to %s at t = %s): ",
                   nm, col->nsmall, tv, c->c->times[col->tiny_row]);
            if (col->nzero < col->nsmall)
                append(buf, sizeof buf, &used, "significant %g", col->significant);
            if (col->nzero > 0)
                append(buf, sizeof buf, &used,
                       "%s%zu of them 0 to their certified decimal places (no significant "
                       "digit)",
                       col->nzero < col->nsmall ? ", " : "", col->nzero);
        }
    }
    if (col->nelsewhere > 0)
        append(buf, sizeof buf, &used, "; NaN in the values but defined in another route on %zu rows",
               col->nelsewhere);
    return nhref_strdup(buf);
}

/* every column against every other route, in two measures (docs/golden.md): mixed
 * digits, -log10(|a - b| / max(|b|, 1)), and where |b| < 1 significant digits,
 * -log10(|a - b| / |b|) = mixed + log10 |b|.  NaN is never a digit count */
static int certify_columns(nhref_certificate_t *c)
{
    for (size_t i = 0; i < c->nt; i++)
        c->rowmin[i] = c->sigrow[i] = NHREF_ORACLE_DIGITS_EXACT;
    for (size_t k = 0; k < c->nc; k++) {
        nhref_golden_column_t col;
        mpfr_srcptr src[NHREF_GOLDEN_MAX_ROUTES];
        size_t stride[NHREF_GOLDEN_MAX_ROUTES];
        const char *names[NHREF_GOLDEN_MAX_ROUTES];
        size_t n = sources(c, k, src, stride, names);
        nhref_golden_certify_column(&col, c->nt, c->values->rows + k, c->nc, n, src, stride,
                                    c->c->digits, c->rowmin, c->sigrow);
        c->certified[k] = col.certified;
        c->need[k] = col.mismatch ? 0 : col.certified; /* the proven route must keep these */
        c->alive[k] = c->need[k] >= 1;
        c->pdig[k] = INFINITY;
        if ((c->why[k] = agreement(c, k, &col, names)) == NULL)
            return NHREF_ENOMEM;
    }
    return NHREF_OK;
}

/* every route's values checked against the proven balls; the columns PROVEN */
static int check_proven(nhref_certificate_t *c, char *err, size_t errlen)
{
    const nhref_route_result_t *pr = c->proven;
    for (size_t k = 0; k < c->nc; k++) {
        const char *nm = k < c->nx ? c->m->state[k].name : c->m->integral[k - c->nx].name;
        for (size_t i = 0; pr->ran && i < pr->nrows && c->certified[k] >= 0; i++) {
            arb_srcptr b = pr->balls + i * c->nc + k;
            for (size_t q = 0; q < c->nroute; q++) {
                const nhref_route_result_t *r = &c->route[q];
                mpfr_srcptr w;
                if (!r->ran || r->route->kind == NHREF_ROUTE_PROVEN ||
                    (r->route->kind == NHREF_ROUTE_INTEGRALS && k < c->nx))
                    continue;
                w = r->route->kind == NHREF_ROUTE_INTEGRALS ? r->rows + i * c->ni + (k - c->nx)
                                                            : r->rows + i * c->nc + k;
                /* a model file's [solution] is the user's claim, evaluated at p + 64 bits: it
                 * must meet the balls to the digits asked, not only to the digits it has
                 * itself lowered the certification to */
                int claim = r->route->kind == NHREF_ROUTE_CLOSED && c->m->build != NULL;
                double cert = claim ? fmax(c->certified[k], c->c->digits) : c->certified[k];
                if (outside_ball(w, b, cert)) {
                    char *bs = arb_get_str(b, 20, 0);
                    if (claim)
                        mpfr_snprintf(err, errlen,
                                      "case [%s]: the model file's [solution] gives %s = %.25Rg "
                                      "at t = %s, outside the proven ball %s by more than 10^-%g: "
                                      "the closed form is wrong, or holds for other parameters or "
                                      "initial values",
                                      c->c->name, nm, w, c->c->times[i], bs, cert);
                    else
                        mpfr_snprintf(err, errlen,
                                      "case [%s]: route %s: %s = %.25Rg at t = %s lies outside "
                                      "the proven ball %s by more than its %g certified digits "
                                      "allow: a bug in a route or in the proof",
                                      c->c->name, r->route->name, nm, w, c->c->times[i], bs, cert);
                    flint_free(bs);
                    return NHREF_ETOLERANCE;
                }
            }
        }
        c->proven_col[k] = pr->ran && pr->nrows == c->nt && c->alive[k];
        c->nproven += (size_t)c->proven_col[k];
        c->nlevel += c->certified[k] >= 0;
    }
    return NHREF_OK;
}

/* the case's event: its time by every integration, certified like a column, and within
 * the proven time ball */
static int certify_event(nhref_certificate_t *c, char *err, size_t errlen)
{
    const nhref_route_result_t *v = c->values;
    double worst = NHREF_ORACLE_DIGITS_EXACT, d;
    size_t used = 0;
    mpfr_t one;

    mpfr_init2(one, 2);
    mpfr_set_ui(one, 1, MPFR_RNDN);
    c->event_agree[0] = '\0';
    for (size_t q = 0; q < c->nroute; q++) {
        const nhref_route_result_t *r = &c->route[q];
        nhref_oracle_column_t per;
        if (r->route->kind != NHREF_ROUTE_RUN || r->route->values)
            continue;
        nhref_oracle_column_init(&per);
        nhref_oracle_column_add(&per, 0, r->te, v->te, one);
        worst = per.digits < worst ? per.digits : worst;
        append(c->event_agree, sizeof c->event_agree, &used, "%s%s %.1f", used ? ", " : "",
               r->route->name, per.digits);
    }
    mpfr_clear(one);
    d = floor(worst) - NHREF_GOLDEN_MARGIN;
    c->event_digits = d > c->c->digits ? c->c->digits : d < 0 ? 0 : d;
    c->event_proven = NAN;
    if (!c->proven->have_te)
        return NHREF_OK;
    for (size_t q = 0; q < c->nroute; q++) {
        const nhref_route_result_t *r = &c->route[q];
        if (r->route->kind == NHREF_ROUTE_RUN && outside_ball(r->te, c->proven->teb, c->event_digits)) {
            char *bs = arb_get_str(c->proven->teb, 20, 0);
            mpfr_snprintf(err, errlen,
                          "case [%s]: route %s: the event '%s' at t = %.25Rg lies outside the "
                          "proven time ball %s by more than its %g certified digits allow: a bug "
                          "in a route or in the proof",
                          c->c->name, r->route->name, c->c->event, r->te, bs, c->event_digits);
            flint_free(bs);
            return NHREF_ETOLERANCE;
        }
    }
    c->event_proven = nhref_proven_cell_digits(v->te, c->proven->teb, (int)c->c->digits + 4);
    return NHREF_OK;
}

/* the case's spec (KEYS words, messages naming the case), its event, the arrays */
static int setup(nhref_certificate_t *c, char *err, size_t errlen)
{
    const nhref_case_t *cs = c->c;
    char where[512];
    int status;

    c->m = cs->mf != NULL ? nhref_model_file_model(cs->mf) : nhref_model_find(cs->model);
    if (c->m == NULL)
        return nhref_certify_fail(err, errlen, NHREF_ENOTFOUND,
                                  "%s:%zu: case [%s]: unknown model '%s' (see 'nhref list')",
                                  cs->file, cs->line, cs->name, cs->model);
    snprintf(where, sizeof where, "%s:%zu: case [%s]: ", cs->file, cs->line, cs->name);
    status = cs->mf != NULL ? nhref_spec_new_file(&c->spec, cs->mf)
                            : nhref_spec_new_model(&c->spec, c->m);
    if (status == NHREF_OK &&
        (status = nhref_spec_set_names(c->spec, NHREF_SPEC_KEYS, where)) == NHREF_OK)
        status = nhref_spec_from_case(c->spec, cs);
    c->event = -1;
    for (size_t k = 0; status == NHREF_OK && cs->event != NULL && k < c->m->nevent; k++)
        if (strcmp(c->m->event[k].name, cs->event) == 0 && c->m->event[k].terminal)
            c->event = (int)k;
    if (status == NHREF_OK && cs->event != NULL && c->event < 0)
        return nhref_certify_fail(err, errlen, NHREF_EPARSE,
                                  "%smodel %s has no terminal event '%s'", where, c->m->name,
                                  cs->event);
    if (status == NHREF_OK && c->event >= 0)
        status = nhref_spec_set_horizon(c->spec, cs->event_horizon);
    if (status == NHREF_OK) { /* a case file's set (MID+-RAD, [LO, HI]): nhref sweep's */
        const char *set, *name;
        char lab[300];
        int par;
        if (nhref_spec_first_set(c->spec, &set, &par, &name, lab, sizeof lab))
            return nhref_certify_fail(
                err, errlen, NHREF_EINVAL,
                "%s%s %s = %s is a set of %s values: a golden file certifies one trajectory, "
                "the routes agreeing on it (give the midpoint alone; 'nhref sweep FILE -- "
                "--rigorous' encloses every trajectory %s)",
                where, par ? "param" : "init", name, set, par ? "parameter" : "initial",
                par ? "for every value in the set" : "from the set");
    }
    if (status == NHREF_OK)
        status = nhref_spec_resolve(c->spec);
    if (status != NHREF_OK)
        return nhref_certify_fail(
            err, errlen, status == NHREF_ENOTFOUND ? NHREF_EPARSE : status, "%s",
            c->spec != NULL ? nhref_spec_error(c->spec) : nhref_strerror(status));
    c->nt = cs->ntimes;
    c->nx = c->m->nstate;
    c->ni = c->m->nintegral;
    c->nc = c->nx + c->ni;
    c->p = nhref_digits_prec(cs->digits);
    c->certified = calloc(c->nc, sizeof *c->certified);
    c->need = calloc(c->nc, sizeof *c->need);
    c->why = calloc(c->nc, sizeof *c->why);
    c->pdig = calloc(c->nc, sizeof *c->pdig);
    c->pdig_row = calloc(c->nc, sizeof *c->pdig_row);
    c->alive = calloc(c->nc, sizeof *c->alive);
    c->proven_col = calloc(c->nc, sizeof *c->proven_col);
    c->rowmin = calloc(c->nt + 1, sizeof *c->rowmin);
    c->sigrow = calloc(c->nt + 1, sizeof *c->sigrow);
    if (c->certified == NULL || c->need == NULL || c->why == NULL || c->pdig == NULL ||
        c->pdig_row == NULL || c->alive == NULL || c->proven_col == NULL || c->rowmin == NULL ||
        c->sigrow == NULL)
        return NHREF_ENOMEM;
    return NHREF_OK;
}

int nhref_certify_case(nhref_certificate_t *c, const nhref_case_t *cs,
                       nhref_golden_progress_t progress, void *arg, char *err, size_t errlen)
{
    int status;

    memset(c, 0, sizeof *c);
    err[0] = '\0';
    c->c = cs;
    c->progress = progress;
    c->arg = arg;
    if ((status = setup(c, err, errlen)) != NHREF_OK)
        return status;
    c->nroute = nhref_route_count();
    for (size_t q = 0; q < c->nroute; q++) {
        const nhref_route_t *r = nhref_route_get(q);
        c->total += r->kind == NHREF_ROUTE_RUN || r->kind == NHREF_ROUTE_PROVEN;
    }
    /* the routes, the certification, then the proven route (it needs the certified
     * digits to know when to stop) */
    for (size_t q = 0; q < c->nroute && status == NHREF_OK; q++) {
        const nhref_route_t *r = nhref_route_get(q);
        if (r->kind == NHREF_ROUTE_PROVEN) {
            c->route[q].route = r;
            c->proven = &c->route[q];
            continue;
        }
        status = nhref_route_run(c, r, &c->route[q], err, errlen);
        if (r->values)
            c->values = &c->route[q];
    }
    if (status == NHREF_OK)
        status = certify_columns(c);
    if (status == NHREF_OK && c->proven != NULL)
        status = nhref_route_run(c, c->proven->route, (nhref_route_result_t *)c->proven, err,
                                 errlen);
    if (status == NHREF_OK && c->proven != NULL)
        status = check_proven(c, err, errlen);
    if (status == NHREF_OK && c->event >= 0)
        status = certify_event(c, err, errlen);
    return status;
}

void nhref_certificate_clear(nhref_certificate_t *c)
{
    for (size_t q = 0; q < c->nroute; q++)
        nhref_route_result_clear(&c->route[q], c->nt, c->nc);
    for (size_t k = 0; c->why != NULL && k < c->nc; k++)
        free(c->why[k]);
    free(c->why);
    free(c->certified);
    free(c->need);
    free(c->pdig);
    free(c->pdig_row);
    free(c->alive);
    free(c->proven_col);
    free(c->rowmin);
    free(c->sigrow);
    nhref_spec_free(c->spec);
    memset(c, 0, sizeof *c);
}
