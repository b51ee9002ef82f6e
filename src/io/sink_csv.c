/* sink_csv.c -- the trajectory CSV format (nhref_io.h's dialect; docs/trajectory.md):
 * the header row, "# key: value" metadata, the rows in the run's own type (a ball as
 * "c,c_rad"), then the outcome, the events, the steps and the data's sha256. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref.h"
#include "nhref_run.h"

typedef struct {
    nhref_outfile_t *of;
    FILE *out;
    const nhref_spec_t *spec;
    nhref_run_type_t type;
    const char *scheme;
    int digits;
    double tol_digits; /* the tolerance's digits */
    size_t ncol;
    char *ebuf; /* the events, written after the rows */
    size_t elen;
    FILE *ef;
} csv_t;

/* the column names first: the one line both pandas.read_csv(comment='#') and
 * numpy.genfromtxt(names=True, comments='#') take for the header; with balls, each
 * column c is followed by c_rad */
static void header_row(FILE *out, const nhref_model_t *m, size_t nintegral, int balls)
{
    fprintf(out, balls ? "t,t_rad" : "t");
    for (size_t i = 0; i < m->nstate; i++)
        fprintf(out, balls ? ",%s,%s_rad" : ",%s", m->state[i].name, m->state[i].name);
    for (size_t i = 0; i < nintegral; i++)
        fprintf(out, balls ? ",%s,%s_rad" : ",%s", m->integral[i].name, m->integral[i].name);
    fputc('\n', out);
}

/* the times: t-start, then t-end and dt-out, or how many explicit times */
static void times_meta(FILE *out, const nhref_spec_t *spec, size_t nrows)
{
    char a[128], b[128];
    nhref_csv_meta(out, "t-start", "%s", nhref_spec_t_start(spec));
    if (nhref_spec_t_end(spec) != NULL) {
        nhref_csv_meta(out, "t-end", "%s", nhref_spec_t_end(spec));
        nhref_csv_meta(out, "dt-out", "%s", nhref_spec_dt_out(spec));
        return;
    }
    nhref_spec_time_str(spec, 0, a, sizeof a);
    nhref_spec_time_str(spec, nrows - 1, b, sizeof b);
    nhref_csv_meta(out, "times", "%zu times, from %s to %s (the column t)", nrows, a, b);
}

static int csv_begin(void *self, const nhref_run_info_t *info)
{
    csv_t *c = self;
    const nhref_spec_t *spec = info->spec;
    const nhref_model_t *m = nhref_spec_model(spec);
    int balls = info->type == NHREF_RUN_PROVEN;
    FILE *out = c->out;

    c->spec = spec;
    c->type = info->type;
    c->scheme = info->scheme;
    c->digits = info->print_digits;
    c->ncol = 1 + m->nstate + info->nintegral;
    header_row(out, m, info->nintegral, balls);
    fprintf(out, "# nhref trajectory\n");
    {
        const char *v, *k = nhref_spec_meta(spec, &v); /* provenance: nhref_spec_set_meta */
        if (k != NULL)
            nhref_csv_meta(out, k, "%s", v);
    }
    nhref_csv_meta(out, "format", "nhref-trajectory 2");
    nhref_csv_meta(out, "nhref", "%s (MPFR %s, GMP %s)", nhref_version(), nhref_mpfr_version(),
                   nhref_gmp_version());
    nhref_csv_meta(out, "model", "%s", m->name);
    nhref_csv_meta(out, "source", "%s", m->source);
    for (size_t i = 0; i < m->nparam; i++)
        nhref_csv_meta(out, "param", "%s = %s [%s]", m->param[i].name, /* a set as given */
                       nhref_spec_param_set_str(spec, i) ? nhref_spec_param_set_str(spec, i)
                                                         : nhref_spec_param_str(spec, i),
                       m->param[i].unit);
    for (size_t i = 0; i < m->nstate; i++)
        nhref_csv_meta(out, "init", "%s = %s [%s]", m->state[i].name,
                       nhref_spec_init_set_str(spec, i) ? nhref_spec_init_set_str(spec, i)
                                                        : nhref_spec_init_str(spec, i),
                       m->state[i].unit);
    times_meta(out, spec, info->nrows);
    if (info->type == NHREF_RUN_DOUBLE) {
        nhref_csv_meta(out, "scheme", "%s (fast path, IEEE double)", info->scheme);
        nhref_csv_meta(out, "precision", "53 bits (double)");
    } else if (balls) {
        nhref_csv_meta(out, "scheme", "%s, validated (Arb balls, Lohner's method, order %u)",
                       info->scheme, info->order);
        nhref_csv_meta(out, "precision", "%ld bits (midpoints)", info->prec);
    } else {
        nhref_csv_meta(out, "scheme", "%s", info->scheme);
        nhref_csv_meta(out, "precision", "%ld bits", info->prec);
    }
    if (balls)
        nhref_csv_meta(out, "tolerance",
                       "1e-%g (the validated steps' target, |error| <= tol * max(1, |x|), not "
                       "a bound: what the balls prove is at the end, '# note: proven digits')",
                       info->digits);
    else
        nhref_csv_meta(out, "tolerance", "1e-%g (mixed: |error| <= tol * max(1, |x|))",
                       info->digits);
    c->tol_digits = info->digits;
    if (balls)
        nhref_csv_meta(out, "digits-printed",
                       "%d (midpoints; PROVEN: the exact value lies in [c - c_rad, c + c_rad], "
                       "the printed midpoint's rounding included)",
                       c->digits);
    else
        nhref_csv_meta(out, "digits-printed", "%d (not certified: see 'nhref golden')", c->digits);
    fprintf(out, "# units: s%s", balls ? ",s" : "");
    for (size_t i = 0; i < m->nstate; i++)
        fprintf(out, balls ? ",%s,%s" : ",%s", m->state[i].unit, m->state[i].unit);
    for (size_t i = 0; i < info->nintegral; i++)
        fprintf(out, balls ? ",%s,%s" : ",%s", m->integral[i].unit, m->integral[i].unit);
    fputc('\n', out);
    c->ef = open_memstream(&c->ebuf, &c->elen);
    return ferror(out) || c->ef == NULL ? -1 : 0;
}

static int csv_row(void *self, const nhref_row_t *row)
{
    csv_t *c = self;
    int bad = 0;
    for (size_t j = 0; j < c->ncol && !bad; j++) {
        if (j > 0)
            fputc(',', c->out);
        bad = nhref_row_fprint(c->out, row, j, c->digits);
    }
    fputc('\n', c->out);
    return bad || ferror(c->out) ? -1 : 0;
}

static void csv_event(void *self, size_t k, const char *name, const nhref_row_t *at)
{
    csv_t *c = self;
    (void)k;
    if (c->ef == NULL)
        return;
    fprintf(c->ef, "# event: %s at t = ", name);
    nhref_row_fprint(c->ef, at, 0, c->digits);
    fputc('\n', c->ef);
}

/* the outcome lines (after the row where the run stopped, if any) */
/* a proven run whose widest ball leaves fewer digits than the tolerance's D - 5, or
 * than --require-digits: which column, where, and by how much (the notes have every
 * column) */
static const char *column_name(const nhref_spec_t *spec, size_t k)
{
    const nhref_model_t *m = nhref_spec_model(spec);
    return k < m->nstate ? m->state[k].name : m->integral[k - m->nstate].name;
}

static void proven_line(csv_t *c, const nhref_run_end_t *end)
{
    size_t w = 0;
    double req = nhref_spec_require_digits(c->spec);
    if (end->ncolumn == 0 || !(end->proven_digits < c->tol_digits - 5 || end->short_digits))
        return;
    for (size_t k = 1; k < end->ncolumn; k++)
        if (end->proven_worst[k] < end->proven_worst[w])
            w = k;
    fprintf(c->out, "# proven: %.1f digits", end->proven_digits);
    if (end->proven_digits < c->tol_digits - 5)
        fprintf(c->out, ", fewer than the tolerance's %g - 5", c->tol_digits);
    if (end->short_digits)
        fprintf(c->out, ", fewer than the %g required (--require-digits)", req);
    fprintf(c->out, ": the widest ball is %s's, at t = %.6g", column_name(c->spec, w),
            end->proven_t_worst[w]);
    fputc('\n', c->out);
}

static void outcome(csv_t *c, const nhref_run_end_t *end)
{
    FILE *out = c->out;
    const nhref_scheme_t *sch = nhref_spec_scheme(c->spec);
    double te = end->stop != NULL ? nhref_row_get_d(end->stop, 0) : end->stats.t_stop;

    if (end->status == NHREF_EUNPROVEN) {
        nhref_csv_meta(out, "outcome",
                       "stopped at t = %.15g: no enclosure could be proven beyond (the validated "
                       "steps could not be validated or fell far below the Taylor steps: a "
                       "blow-up or singularity ahead, or a radius beyond the precision's reach); "
                       "the last row is the last proven state",
                       te);
    } else if (end->stats.outcome == NHREF_OUTCOME_EVENT) {
        fprintf(out, "# outcome: stopped by the event '%s' at t = ", end->event);
        nhref_row_fprint(out, end->stop, 0, c->digits);
        fputs(c->type == NHREF_RUN_PROVEN
                  ? " (t, t_rad: the first crossing lies in [t - t_rad, t + t_rad]; the last row "
                    "encloses the state over it)\n"
                  : " (the last row)\n",
              out);
    } else if (end->stats.outcome == NHREF_OUTCOME_BLOWUP) {
        nhref_csv_meta(out, "outcome",
                       "stopped before a finite-time blow-up: the solution leaves every bound "
                       "near t = %.15g (estimated from %s); the last row is the last state "
                       "reached",
                       end->stats.t_blowup,
                       sch->flags & NHREF_SCHEME_RADIUS ? "the radius of convergence"
                                                        : "the shrinking steps");
    } else if (end->stats.outcome == NHREF_OUTCOME_UNDERFLOW) {
        nhref_csv_meta(out, "outcome",
                       "stopped: step size underflow near t = %.15g (the step no longer advances "
                       "t at the working precision, and the last steps show no finite-time "
                       "blow-up); the last row is the last state reached",
                       te);
    } else if (end->stats.outcome == NHREF_OUTCOME_FAILED && end->status == NHREF_EMAXSTEPS) {
        nhref_csv_meta(out, "outcome", "stopped at t = %.15g: %s", te, nhref_spec_error(c->spec));
    } else if (end->stats.outcome == NHREF_OUTCOME_FAILED) {
        nhref_csv_meta(out, "outcome", "stopped at t = %.15g by an error: %s", te,
                       nhref_strerror(end->status));
    } else if (end->proven_digits < c->tol_digits - 5 || end->short_digits) {
        nhref_csv_meta(out, "outcome", "PROVEN (%.1f digits): %s", end->proven_digits,
                       nhref_outcome_str(end->stats.outcome));
    } else {
        nhref_csv_meta(out, "outcome", "%s", nhref_outcome_str(end->stats.outcome));
    }
    proven_line(c, end);
}

static int csv_end(void *self, const nhref_run_end_t *end)
{
    csv_t *c = self;
    char hex[65];
    int stopped = end->stats.outcome == NHREF_OUTCOME_EVENT ||
                  end->stats.outcome == NHREF_OUTCOME_BLOWUP ||
                  end->stats.outcome == NHREF_OUTCOME_UNDERFLOW || end->status == NHREF_EUNPROVEN;

    if (stopped && end->stop != NULL && csv_row(c, end->stop) != 0)
        return -1;
    outcome(c, end);
    if (c->ef != NULL) {
        fclose(c->ef);
        c->ef = NULL;
        fwrite(c->ebuf, 1, c->elen, c->out);
    }
    for (const char *p = end->notes, *q; p != NULL && *p != '\0'; p = *q ? q + 1 : q) {
        q = strchr(p, '\n');
        if (q == NULL)
            q = p + strlen(p);
        nhref_csv_meta(c->out, "note", "%.*s", (int)(q - p), p);
    }
    nhref_csv_meta(c->out, "steps", "%lu (order %u, |h| from %.6g to %.6g s)", end->stats.nsteps,
                   end->stats.order_max, end->stats.h_min, end->stats.h_max);
    if (nhref_outfile_data_sha256(c->of, hex) == NHREF_OK)
        fprintf(c->out,
                "# sha256: %s (of the lines not starting with '#': grep -v '^#' FILE | "
                "sha256sum)\n",
                hex);
    return ferror(c->out) ? -1 : 0;
}

static void csv_free(void *self)
{
    csv_t *c = self;
    if (c == NULL)
        return;
    if (c->ef != NULL)
        fclose(c->ef);
    free(c->ebuf);
    free(c);
}

static int csv_open(nhref_sink_t *sink, nhref_outfile_t *of)
{
    csv_t *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NHREF_ENOMEM;
    c->of = of;
    c->out = nhref_outfile_stream(of);
    *sink = (nhref_sink_t){c, csv_begin, csv_row, csv_event, csv_end, csv_free};
    return NHREF_OK;
}

const nhref_format_t nhref_format_csv = {
    "csv", "CSV: a header row, '#' metadata, one row per time (pandas, numpy, gnuplot)",
    csv_open};
