/* rigorous.c -- the rigorous mode of a verification (nhref_verify_set_rigorous):
 * the validated integrator of nhref_arb.h through the input's forward rows, and
 * per compared column the proven digits (a lower bound), the values proven wrong
 * (OUTSIDE) and the column's rigorous verdict.  See nhref_verify.h.
 *
 * Every bound is taken the safe way in Arb: the input's decimal text becomes a
 * ball that contains it (an interval rounded down and up by MPFR); the error
 * |a - x| over the enclosure x = m +- r is bounded above (arb_get_abs_ubound_arf)
 * and below (arb_get_abs_lbound_arf); scales and allowances are bounded on the
 * side that makes a PASS harder and an OUTSIDE harder to claim. */
#include <arb.h>

#include "verify_internal.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_io.h"
#include "strutil.h"
#include "nhref_arb.h"
#include "nhref_oracle.h"

/* one compared column's accumulators */
typedef struct {
    nhref_verify_kind_t kind;
    size_t index;
    int col;
    double T;    /* its threshold */
    int wrapped; /* compared modulo 2 pi (nhref_verify_set_angles) */
    int box;     /* the reference starts from a set: the enclosure alone judges (tenT 0) */
    arf_t tenT;  /* an upper bound of 10^-T */
    arf_t worst; /* max (|a - m| + r) / s_lo, rounded up (+inf: a NaN value) */
    size_t worst_row;
    arf_t maxr, maxrel; /* max r, max r / s_lo, rounded up */
    size_t maxr_row;
    size_t enclosed, not_enclosed, first_ne, outside, first_out;
    double out_dist, out_allow, out_rad, out_val, out_mid;
} pcol_t;

typedef struct {
    const nhref_verify_proof_in_t *in;
    nhref_verify_report_t *rep;
    const nhref_model_t *m;
    nhref_proven_t *pv;
    pcol_t *pc;
    size_t ncol;
    const size_t *fwd; /* the forward rows in time order */
    size_t nfwd;
    size_t *gstart; /* grid point i holds fwd[gstart[i] .. gstart[i+1]-1] */
    size_t ngrid;
    char *done; /* nrow: compared with an enclosure */
    int need_integrals;
    arb_ptr I; /* nintegral (+1) */
    arb_t a, d, tb;
    arf_t ub, lb, slo, shi, u, q;
    long wp;  /* the working precision of the comparisons */
    long u_k; /* the cached half unit: its decimal position, or LONG_MIN */
    arf_t u_cache;
} pr_t;

/* ------------------------------------------------------------------ decimals as balls */
/* X = a ball that contains the decimal number S exactly (any syntax MPFR reads in
 * base 10, as nhref_decimal_set): S rounded down and up at PREC bits.
 * Returns 0, or -1 if S is not entirely a finite number. */
static int decimal_ball(arb_ptr x, const char *s, long prec)
{
    mpfr_t lo, hi;
    char *end1, *end2;
    int ok;
    mpfr_inits2(prec, lo, hi, (mpfr_ptr)0);
    mpfr_strtofr(lo, s, &end1, 10, MPFR_RNDD);
    mpfr_strtofr(hi, s, &end2, 10, MPFR_RNDU);
    ok = end1 != s && *end1 == '\0' && *end2 == '\0' && mpfr_number_p(lo) && mpfr_number_p(hi);
    if (ok)
        arb_set_interval_mpfr(x, lo, hi, prec);
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return ok ? 0 : -1;
}

/* the decimal position K of the last digit written in S: S's unit is 10^K
 * ("1.25e-3": -5; "12": 0; "1e5": 5) */
static long last_digit_position(const char *s)
{
    const char *p = s;
    long frac = 0, e = 0;
    int dot = 0;
    if (*p == '+' || *p == '-')
        p++;
    for (; *p != '\0' && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.')
            dot = 1;
        else if (dot)
            frac++;
    }
    if (*p == 'e' || *p == 'E')
        e = strtol(p + 1, NULL, 10);
    return e - frac;
}

/* P->u = an upper bound of half a unit of the last digit of the decimal S */
static void half_unit(pr_t *P, const char *s)
{
    long k = last_digit_position(s);
    if (k != P->u_k) {
        arb_t x;
        arb_init(x);
        /* 5 * 10^(k-1) */
        arb_set_ui(x, 10);
        arb_pow_ui(x, x, (ulong)labs(k - 1), P->wp);
        if (k - 1 < 0)
            arb_inv(x, x, P->wp);
        arb_mul_ui(x, x, 5, P->wp);
        arb_get_ubound_arf(P->u_cache, x, P->wp);
        arb_clear(x);
        P->u_k = k;
    }
    arf_set(P->u, P->u_cache);
}

/* P->tb = the time of row R as a ball: its text, or its double exactly */
static int time_ball(pr_t *P, arb_ptr tb, size_t r)
{
    const nhref_table_t *tab = P->in->tab;
    const char *txt = tab->text[r * tab->ncol + (size_t)P->in->tcol];
    if (P->in->from == NHREF_VERIFY_FROM_DOUBLES) {
        arb_set_d(tb, strtod(txt, NULL)); /* "%.17g" reads back as the double itself */
        return 0;
    }
    return decimal_ball(tb, txt, P->in->prec);
}

/* ------------------------------------------------------------------ one row */
static void where(const pr_t *P, nhref_verify_where_t *w, size_t r)
{
    nhref_verify_where_set(w, P->in->tab, P->in->tcol, P->in->from, r);
}

/* row R's time is before row S's (ties: input order) */
static int earlier(const pr_t *P, size_t r, size_t s)
{
    const nhref_table_t *tab = P->in->tab;
    int c = mpfr_cmp(tab->v + r * tab->ncol + (size_t)P->in->tcol,
                     tab->v + s * tab->ncol + (size_t)P->in->tcol);
    return c < 0 || (c == 0 && r < s);
}

static double arf_to_d(const arf_t x, arf_rnd_t rnd)
{
    return arf_get_d(x, rnd);
}

/* A = A - k 2 pi for a wrapped angle, k the integer nearest to (mid A - mid X) / (2 pi)
 * (any integer k keeps the judgement rigorous: the shifted ball contains a - k 2 pi) */
static void unwrap_ball(arb_t a, arb_srcptr x, slong wp)
{
    arb_t tp;
    arf_t k;
    fmpz_t kz;
    if (!arb_is_finite(a) || !arb_is_finite(x))
        return;
    arb_init(tp);
    arf_init(k);
    fmpz_init(kz);
    arb_const_pi(tp, wp);
    arb_mul_2exp_si(tp, tp, 1);
    arf_sub(k, arb_midref(a), arb_midref(x), wp, ARF_RND_NEAR);
    arf_div(k, k, arb_midref(tp), wp, ARF_RND_NEAR);
    arf_get_fmpz(kz, k, ARF_RND_NEAR);
    if (!fmpz_is_zero(kz)) {
        arb_mul_fmpz(tp, tp, kz, wp);
        arb_sub(a, a, tp, wp);
    }
    fmpz_clear(kz);
    arb_clear(tp);
    arf_clear(k);
}

/* Compare row R with the enclosure X (nstate balls) at the time ball T. */
static void compare(pr_t *P, size_t r, arb_srcptr t, arb_srcptr x)
{
    const nhref_table_t *tab = P->in->tab;
    if (P->need_integrals)
        nhref_proven_integrals(P->pv, P->I, t, x);
    for (size_t j = 0; j < P->ncol; j++) {
        pcol_t *c = P->pc + j;
        arb_srcptr xb = c->kind == NHREF_VERIFY_STATE ? x + c->index : P->I + c->index;
        mpfr_srcptr cell = tab->v + r * tab->ncol + (size_t)c->col;
        const char *txt = tab->text[r * tab->ncol + (size_t)c->col];
        int number = mpfr_number_p(cell), outside;

        if (!arb_is_finite(xb)) {
            if (c->not_enclosed++ == 0 || earlier(P, r, c->first_ne))
                c->first_ne = r;
            continue;
        }
        c->enclosed++;
        /* the radius and the scales s_lo = max(1, min |x|), s_hi = max(1, max |x|) */
        arf_set_mag(P->ub, arb_radref(xb));
        arb_get_abs_lbound_arf(P->slo, xb, P->wp);
        if (arf_cmp_si(P->slo, 1) < 0)
            arf_one(P->slo);
        arb_get_abs_ubound_arf(P->shi, xb, P->wp);
        if (arf_cmp_si(P->shi, 1) < 0)
            arf_one(P->shi);
        if (arf_cmp(P->ub, c->maxr) > 0) {
            arf_set(c->maxr, P->ub);
            c->maxr_row = r;
        }
        arf_div(P->q, P->ub, P->slo, 64, ARF_RND_UP);
        if (arf_cmp(P->q, c->maxrel) > 0)
            arf_set(c->maxrel, P->q);

        if (!number) {
            /* NaN or infinite against a finite enclosure: proven wrong */
            arf_pos_inf(P->q);
            arf_pos_inf(P->lb);
            arf_zero(P->u);
        } else {
            if (P->in->from == NHREF_VERIFY_FROM_DOUBLES) {
                arb_set_d(P->a, strtod(txt, NULL)); /* the double exactly ("%.17g") */
                arf_zero(P->u);
            } else {
                if (decimal_ball(P->a, txt, P->in->prec) != 0) {
                    arf_set_mpfr(arb_midref(P->a), cell); /* cannot happen: the table read it */
                    mag_set_ui_2exp_si(arb_radref(P->a), 1,
                                       mpfr_zero_p(cell) ? -P->in->prec
                                                         : mpfr_get_exp(cell) - P->in->prec + 1);
                }
                half_unit(P, txt);
            }
            if (c->wrapped) /* a - k 2 pi, k nearest to (a - m) / (2 pi): exact k, pi in Arb */
                unwrap_ball(P->a, xb, P->wp);
            arb_sub(P->d, P->a, xb, P->wp); /* contains a - x for every x in the ball */
            arb_get_abs_ubound_arf(P->ub, P->d, P->wp);
            arf_div(P->q, P->ub, P->slo, 64, ARF_RND_UP);
            arb_get_abs_lbound_arf(P->lb, P->d, P->wp);
        }
        if (c->enclosed == 1 || arf_cmp(P->q, c->worst) > 0) {
            arf_set(c->worst, P->q);
            c->worst_row = r;
        }
        /* OUTSIDE: |a - m| - r > max(u, 10^-T s_hi) */
        arf_mul(P->ub, c->tenT, P->shi, 64, ARF_RND_UP);
        if (arf_cmp(P->u, P->ub) > 0)
            arf_set(P->ub, P->u);
        outside = arf_cmp(P->lb, P->ub) > 0;
        if (P->rep->column[j].row_dist != NULL) { /* errors mode */
            P->rep->column[j].row_dist[r] = arf_to_d(P->lb, ARF_RND_DOWN);
            P->rep->column[j].row_outside[r] = (signed char)outside;
        }
        if (outside && (c->outside++ == 0 || earlier(P, r, c->first_out))) {
            c->first_out = r;
            c->out_dist = arf_to_d(P->lb, ARF_RND_DOWN);
            c->out_allow = arf_to_d(P->ub, ARF_RND_UP);
            c->out_rad = mag_get_d(arb_radref(xb));
            c->out_val = mpfr_get_d(cell, MPFR_RNDN);
            c->out_mid = arf_get_d(arb_midref(xb), ARF_RND_NEAR);
        }
    }
    P->done[r] = 1;
}

/* nhref_proven_on_row: grid point I holds the rows fwd[gstart[i] ..] */
static int on_row(void *arg, size_t i, arb_srcptr t, arb_srcptr x)
{
    pr_t *P = arg;
    for (size_t k = P->gstart[i]; k < P->gstart[i + 1]; k++)
        compare(P, P->fwd[k], t, x);
    return 0;
}

static void progress(void *arg, double f)
{
    pr_t *P = arg;
    if (P->in->v->progress != NULL)
        P->in->v->progress(P->in->v->progress_arg, "proving the reference (validated Taylor)", f);
}

/* ------------------------------------------------------------------ checks */
int nhref_verify_proven_check(const nhref_verify_proof_in_t *in)
{
    nhref_verify_where_t w;
    char at[64];
    if (in->nback > 0) {
        /* the latest of the rows before t-start, for the message */
        nhref_verify_where_set(&w, in->tab, in->tcol, in->from, in->order[in->nback - 1]);
        if (w.line > 0)
            snprintf(at, sizeof at, "%s:%zu", in->tab->path, w.line);
        else
            snprintf(at, sizeof at, "row %zu", w.row + 1);
        return nhref_verify_fail(in->v, NHREF_EINVAL,
                                 "--rigorous: %zu row%s before t-start = %s (e.g. t = %s, %s): the "
                                 "validated integrator runs forward only; drop %s, set --t-start "
                                 "no later than the earliest time, or verify without --rigorous",
                                 in->nback, in->nback == 1 ? " lies" : "s lie",
                                 nhref_spec_t_start(in->v->ref), w.t_str, at,
                                 in->nback == 1 ? "it" : "them");
    }
    /* a threshold above DREF cannot be proven by enclosures computed at DREF digits */
    for (size_t j = 0; j < in->ncol; j++)
        if (in->min_digits[j] > in->dref)
            return nhref_verify_fail(
                in->v, NHREF_EINVAL,
                "--rigorous: the threshold of column %s, %g digits, exceeds the reference's %g "
                "digits: no enclosure computed at %g digits can prove it (raise --digits to at "
                "least %g)",
                in->tab->name[in->col[j]], in->min_digits[j], in->dref, in->dref,
                ceil(in->min_digits[j]) + 5);
    return NHREF_OK;
}

/* ------------------------------------------------------------------ the pass */
/* "MID +- RAD" of the ball X */
static char *ball_str(arb_srcptr x, int digits)
{
    char buf[160];
    mpfr_t mid;
    mpfr_init2(mid, arf_bits(arb_midref(x)) > 2 ? arf_bits(arb_midref(x)) : 2);
    arf_get_mpfr(mid, arb_midref(x), MPFR_RNDN);
    if (mag_is_zero(arb_radref(x)))
        mpfr_snprintf(buf, sizeof buf, "%.*Rg", digits, mid);
    else
        mpfr_snprintf(buf, sizeof buf, "%.*Rg +- %.3g", digits, mid, mag_get_d(arb_radref(x)));
    mpfr_clear(mid);
    return nhref_strdup(buf);
}

static void pr_clear(pr_t *P)
{
    if (P->pc != NULL)
        for (size_t j = 0; j < P->ncol; j++) {
            pcol_t *c = P->pc + j;
            arf_clear(c->tenT);
            arf_clear(c->worst);
            arf_clear(c->maxr);
            arf_clear(c->maxrel);
        }
    free(P->pc);
    free(P->gstart);
    free(P->done);
    if (P->I != NULL)
        _arb_vec_clear(P->I, (slong)P->m->nintegral + 1);
    arb_clear(P->a);
    arb_clear(P->d);
    arb_clear(P->tb);
    arf_clear(P->ub);
    arf_clear(P->lb);
    arf_clear(P->slo);
    arf_clear(P->shi);
    arf_clear(P->u);
    arf_clear(P->q);
    arf_clear(P->u_cache);
    nhref_proven_free(P->pv);
}

/* the column's results into the report */
static void finish_column(pr_t *P, size_t j)
{
    pcol_t *c = P->pc + j;
    nhref_verify_column_t *rc = P->rep->column + j;
    rc->enclosed = c->enclosed;
    rc->not_enclosed = c->not_enclosed;
    if (c->not_enclosed > 0)
        where(P, &rc->first_not_enclosed, c->first_ne);
    rc->outside = c->outside;
    if (c->outside > 0) {
        where(P, &rc->first_outside, c->first_out);
        rc->outside_distance = c->out_dist;
        rc->outside_allowed = c->out_allow;
        rc->outside_radius = c->out_rad;
        rc->outside_value = c->out_val;
        rc->outside_mid = c->out_mid;
    }
    if (c->enclosed > 0) {
        rc->max_radius = arf_to_d(c->maxr, ARF_RND_UP);
        rc->max_rel_radius = arf_to_d(c->maxrel, ARF_RND_UP);
        where(P, &rc->max_radius_at, c->maxr_row);
        where(P, &rc->proven_worst, c->worst_row);
        if (arf_is_zero(c->worst)) {
            rc->proven_digits = NHREF_ORACLE_DIGITS_EXACT;
        } else if (arf_is_inf(c->worst)) {
            rc->proven_digits = -INFINITY;
        } else {
            /* -log10(worst), rounded down: minus an upper bound of log10(worst) */
            arb_t y;
            arb_init(y);
            arb_set_arf(y, c->worst);
            arb_log_base_ui(y, y, 10, 64);
            arb_get_ubound_arf(P->ub, y, 64);
            rc->proven_digits = -arf_get_d(P->ub, ARF_RND_CEIL);
            if (!isfinite(rc->proven_digits))
                rc->proven_digits = -INFINITY;
            arb_clear(y);
        }
    }
    if (c->outside > 0)
        rc->proof = NHREF_VERIFY_PROOF_FAIL;
    else if (c->not_enclosed > 0 || c->enclosed == 0 ||
             (!c->box && !(rc->proven_digits >= c->T))) /* a set: in its enclosure suffices */
        rc->proof = NHREF_VERIFY_PROOF_UNDECIDED;
    else
        rc->proof = NHREF_VERIFY_PROOF_PASS;
    rc->level = rc->proof == NHREF_VERIFY_PROOF_PASS || rc->proof == NHREF_VERIFY_PROOF_FAIL
                    ? "PROVEN"
                    : "VALIDATED";
}

/* P's state and the report's columns before the pass: VALIDATED until proven */
static void pass_init(pr_t *P, nhref_verify_report_t *rep, const nhref_verify_proof_in_t *in)
{
    memset(P, 0, sizeof *P);
    P->in = in;
    P->rep = rep;
    P->m = in->v->model;
    P->ncol = rep->ncolumn;
    P->fwd = in->order + in->nback;
    P->nfwd = in->tab->nrow - in->nback;
    P->wp = in->prec + 64;
    P->u_k = LONG_MIN;
    arb_init(P->a);
    arb_init(P->d);
    arb_init(P->tb);
    arf_init(P->ub);
    arf_init(P->lb);
    arf_init(P->slo);
    arf_init(P->shi);
    arf_init(P->u);
    arf_init(P->q);
    arf_init(P->u_cache);
    rep->proven.ran = 1;
    rep->proven.status = NHREF_OK;
    rep->proven.prec = in->prec;
    for (size_t j = 0; j < rep->ncolumn; j++) {
        rep->column[j].level = "VALIDATED";
        rep->column[j].proven_digits = NAN;
        rep->column[j].max_radius = NAN;
        rep->column[j].max_rel_radius = NAN;
        rep->column[j].outside_distance = NAN;
        rep->column[j].outside_allowed = NAN;
        rep->column[j].outside_radius = NAN;
        rep->column[j].outside_value = NAN;
        rep->column[j].outside_mid = NAN;
    }
}

/* the compared columns' accumulators, with an upper bound of 10^-T for each */
static int pass_columns(pr_t *P)
{
    const nhref_verify_proof_in_t *in = P->in;
    P->pc = calloc(P->ncol, sizeof *P->pc);
    P->gstart = malloc((P->nfwd + 2) * sizeof *P->gstart);
    P->done = calloc(in->tab->nrow, 1);
    P->I = _arb_vec_init((slong)P->m->nintegral + 1);
    if (P->pc == NULL || P->gstart == NULL || P->done == NULL)
        return nhref_verify_fail(in->v, NHREF_ENOMEM, "out of memory");
    for (size_t j = 0; j < P->ncol; j++) {
        pcol_t *c = P->pc + j;
        arb_t e;
        c->kind = P->rep->column[j].kind;
        c->index = P->rep->column[j].index;
        c->wrapped = P->rep->column[j].wrapped;
        c->col = in->col[j];
        c->T = P->rep->column[j].min_digits;
        P->need_integrals |= c->kind == NHREF_VERIFY_INTEGRAL;
        arf_init(c->tenT);
        arf_init(c->worst);
        arf_init(c->maxr);
        arf_init(c->maxrel);
        arb_init(e);
        arb_set_d(e, -c->T); /* exact */
        arb_const_log10(P->a, 64);
        arb_mul(e, e, P->a, 64);
        arb_exp(e, e, 64);
        arb_get_ubound_arf(c->tenT, e, 64);
        arb_clear(e);
        /* a set of initial values: a value is proven wrong as soon as it lies outside the
         * enclosure of the set by more than its own last digit (no 10^-T allowance) */
        if ((c->box = nhref_verify_init_is_set(in->v)) != 0)
            arf_zero(c->tenT);
    }
    return NHREF_OK;
}

/* TG = the grid: t-start, then the distinct times of the forward rows, as balls that
 * contain the input's text (the spec's times are decimals or exact numbers: the input's
 * texts, rounded down and up, are neither -- so this pass drives the proven integrator
 * itself, with the spec's system, t-start and initial state) */
static int pass_grid(pr_t *P, arb_ptr tg)
{
    const nhref_verify_proof_in_t *in = P->in;
    const nhref_table_t *tab = in->tab;
    nhref_verify_t *v = in->v;

    if (decimal_ball(tg, nhref_spec_t_start(v->ref), in->prec) != 0)
        return nhref_verify_fail(v, NHREF_EINVAL, "--rigorous: t-start '%s' is not a decimal",
                                 nhref_spec_t_start(v->ref));
    P->ngrid = 1;
    P->gstart[0] = 0;
    for (size_t k = 0; k < P->nfwd; k++) {
        size_t r = P->fwd[k];
        if (time_ball(P, P->tb, r) != 0)
            return nhref_verify_fail(v, NHREF_EPARSE,
                                     "--rigorous: the time '%s' is not a finite decimal",
                                     tab->text[r * tab->ncol + (size_t)in->tcol]);
        if (arb_equal(P->tb, tg + P->ngrid - 1))
            continue; /* the same grid point */
        if (!arb_lt(tg + P->ngrid - 1, P->tb)) {
            nhref_verify_where_t w;
            where(P, &w, r);
            return nhref_verify_fail(
                v, NHREF_EINVAL,
                "--rigorous: the time t = %s (%s %zu) cannot be ordered after the previous one "
                "at %ld bits (their enclosures overlap): write equal times identically, or "
                "raise --digits",
                w.t_str, w.line > 0 ? "line" : "row", w.line > 0 ? w.line : w.row + 1, in->prec);
        }
        P->gstart[P->ngrid] = k;
        arb_set(tg + P->ngrid, P->tb);
        P->ngrid++;
    }
    P->gstart[P->ngrid] = P->nfwd;
    P->rep->proven.grid = P->ngrid;
    return NHREF_OK;
}

/* how the proven run ended (where it stopped, why), and the rows in an event's time
 * ball compared with the enclosure over it */
static void pass_outcome(pr_t *P, int status, const nhref_stats_t *stats, arb_srcptr te,
                         arb_srcptr xe)
{
    nhref_verify_proven_t *pr = &P->rep->proven;
    char why[320];

    pr->t_end = ball_str(te, (int)fmin(P->in->dref, 30));
    if (status == NHREF_OK && stats->outcome == NHREF_OUTCOME_EVENT) {
        const char *ev = stats->event >= 0 && (size_t)stats->event < P->m->nevent
                             ? P->m->event[stats->event].name
                             : "(event)";
        pr->event = nhref_strdup(ev);
        snprintf(why, sizeof why, "the event '%s', proven within t = %s", ev, pr->t_end);
        pr->why = nhref_strdup(why);
        for (size_t k = 0; k < P->nfwd; k++) {
            size_t r = P->fwd[k];
            if (P->done[r] || time_ball(P, P->tb, r) != 0 || !arb_contains(te, P->tb))
                continue;
            compare(P, r, te, xe);
            pr->rows_at_event++;
        }
    } else if (status != NHREF_OK) {
        pr->outcome = stats->outcome;
        if (status == NHREF_EUNPROVEN)
            snprintf(why, sizeof why,
                     "no enclosure could be proven beyond t = %s (the validated step shrank "
                     "too far)",
                     pr->t_end);
        else if (status == NHREF_EBLOWUP)
            snprintf(why, sizeof why, "a finite-time blow-up ahead: nothing proven beyond t = %s",
                     pr->t_end);
        else
            snprintf(why, sizeof why, "nothing proven beyond t = %s: %s", pr->t_end,
                     nhref_strerror(status));
        pr->why = nhref_strdup(why);
    }
}

/* the proven run through the grid TG from the initial box (the spec's decimal strings) */
static int pass_run(pr_t *P, arb_srcptr tg)
{
    const nhref_verify_proof_in_t *in = P->in;
    nhref_verify_t *v = in->v;
    nhref_verify_proven_t *pr = &P->rep->proven;
    size_t ns = P->m->nstate;
    arb_ptr x0 = _arb_vec_init((slong)ns), xe = _arb_vec_init((slong)ns);
    arb_ptr pb = _arb_vec_init((slong)P->m->nparam + 1);
    arb_srcptr *psets = NULL;
    nhref_options_t opt;
    nhref_stats_t stats;
    arb_t te;
    int status = NHREF_OK;

    arb_init(te);
    for (size_t k = 0; k < ns && status == NHREF_OK; k++) {
        const char *set = nhref_spec_init_set_str(v->ref, k); /* MID+-RAD or [LO, HI] */
        if (nhref_set_arb(x0 + k, set != NULL ? set : nhref_spec_init_str(v->ref, k), in->prec) !=
            NHREF_OK)
            status = nhref_verify_fail(v, NHREF_EINVAL,
                                       "--rigorous: initial value %s = '%s' is not a finite "
                                       "number or set",
                                       P->rep->init_name[k], P->rep->init_value[k]);
    }
    /* the parameters that are sets (every trajectory for every value in them) */
    for (size_t k = 0; k < P->m->nparam && status == NHREF_OK; k++)
        if (nhref_spec_param_set_str(v->ref, k) != NULL) {
            if (psets == NULL && (psets = calloc(P->m->nparam, sizeof *psets)) == NULL) {
                status = nhref_verify_fail(v, NHREF_ENOMEM, "out of memory");
                break;
            }
            psets[k] = pb + k;
            if (nhref_set_arb(pb + k, nhref_spec_param_set_str(v->ref, k), in->prec) != NHREF_OK)
                status = nhref_verify_fail(
                    v, NHREF_EINVAL, "--rigorous: parameter %s = '%s' is not a finite set",
                    P->m->param[k].name, nhref_spec_param_set_str(v->ref, k));
        }
    nhref_options_default(&opt);
    opt.digits = in->dref;
    opt.progress = progress;
    opt.progress_arg = P;
    if (status == NHREF_OK && (status = nhref_proven_new_sets(&P->pv, nhref_spec_system(v->ref),
                                                              psets, &opt)) != NHREF_OK)
        status = nhref_verify_fail(
            v, status == NHREF_ENOMEM ? NHREF_ENOMEM : NHREF_EINVAL,
            "--rigorous: the validated integrator cannot run model %s at %g digits: %s", P->m->name,
            in->dref, nhref_strerror(status));
    if (status == NHREF_OK) {
        pr->order = nhref_proven_order(P->pv);
        pr->prec = nhref_proven_prec(P->pv);
        nhref_proven_on_row(P->pv, on_row, P);
        status = nhref_proven_grid(P->pv, NULL, x0, tg, P->ngrid, &stats);
        pr->status = status;
        pr->nsteps = stats.nsteps;
        pr->outcome = stats.outcome;
        if (status == NHREF_ENOMEM || status == NHREF_EINVAL || status == NHREF_EPARAM) {
            status = nhref_verify_fail(v, status == NHREF_ENOMEM ? NHREF_ENOMEM : NHREF_EINVAL,
                                       "--rigorous: the proven run could not start: %s",
                                       nhref_strerror(status));
        } else {
            nhref_proven_state(P->pv, te, xe);
            pass_outcome(P, status, &stats, te, xe);
            status = NHREF_OK;
        }
    }
    _arb_vec_clear(x0, (slong)ns);
    _arb_vec_clear(xe, (slong)ns);
    _arb_vec_clear(pb, (slong)P->m->nparam + 1);
    free(psets);
    arb_clear(te);
    return status;
}

int nhref_verify_proven_pass(nhref_verify_report_t *rep, const nhref_verify_proof_in_t *in)
{
    nhref_verify_proven_t *pr = &rep->proven;
    arb_ptr tg;
    pr_t P;
    int status;

    pass_init(&P, rep, in);
    tg = _arb_vec_init((slong)P.nfwd + 1);
    if ((status = nhref_verify_proven_check(in)) == NHREF_OK &&
        (status = pass_columns(&P)) == NHREF_OK && (status = pass_grid(&P, tg)) == NHREF_OK &&
        (status = pass_run(&P, tg)) == NHREF_OK) {
        /* rows within the reference's range left without an enclosure */
        for (size_t k = 0; k < P.nfwd; k++) {
            size_t r = P.fwd[k];
            if (P.done[r] || !in->judged[r])
                continue;
            if (pr->not_enclosed++ == 0)
                where(&P, &pr->first_not_enclosed, r);
            for (size_t j = 0; j < P.ncol; j++)
                if (P.pc[j].not_enclosed++ == 0 || earlier(&P, r, P.pc[j].first_ne))
                    P.pc[j].first_ne = r;
        }
        for (size_t j = 0; j < P.ncol; j++)
            finish_column(&P, j);
    }
    _arb_vec_clear(tg, (slong)P.nfwd + 1);
    pr_clear(&P);
    return status;
}
