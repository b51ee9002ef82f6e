/* run.c -- nhref_run (nhref_run.h): the backend of the spec's number type opened, the
 * rows, events and end handed to the sink; the rows' accessors. */
#include "run/run_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrate/integrate_internal.h"

struct nhref_run_ctx {
    nhref_spec_t *spec;
    const nhref_run_backend_t *be;
    nhref_sink_t *sink;
    size_t first, nrows; /* grid point of row 0; rows asked for */
    size_t delivered;    /* rows handed to the sink */
    size_t nstate, nintegral;
    /* a proven run's digits per column (nhref_run_end_t), NULL for the other types */
    double *pd_final, *pd_worst, *pd_t_worst, t_final;
    int print_digits;
};

/* the proven digits of ball I of P as a text sink prints it with DIGITS digits
 * (nhref_run_end_t.proven_digits): the printed radius, which contains the printed
 * midpoint's rounding too, over max(1, |printed midpoint|) */
static double ball_digits(const nhref_run_backend_t *be, const void *p, size_t i, int digits)
{
    char buf[256], *e;
    double m, r, d;
    if (be->format(buf, sizeof buf, p, i, digits) >= sizeof buf)
        return -INFINITY;
    m = fabs(strtod(buf, &e));
    r = *e == ',' ? strtod(e + 1, NULL) : NAN;
    if (!(r < INFINITY) || m != m)
        return -INFINITY;
    if (r == 0)
        return INFINITY;
    d = -log10(r / fmax(1.0, m));
    return floor(d * 10) / 10;
}

/* ROW's digits into CTX's columns */
static void count_digits(nhref_run_ctx_t *ctx, const void *t, const void *x, const void *integrals)
{
    double tt = ctx->be->get_d(t, 0);
    ctx->t_final = tt;
    for (size_t c = 0; c < ctx->nstate + ctx->nintegral; c++) {
        double d = c < ctx->nstate
                       ? ball_digits(ctx->be, x, c, ctx->print_digits)
                       : ball_digits(ctx->be, integrals, c - ctx->nstate, ctx->print_digits);
        ctx->pd_final[c] = d;
        if (d < ctx->pd_worst[c] || ctx->pd_t_worst[c] != ctx->pd_t_worst[c]) {
            ctx->pd_worst[c] = d;
            ctx->pd_t_worst[c] = tt;
        }
    }
}

/* SPEC's notes = the backend's, then a proven run's digits per column */
static void keep_notes(nhref_spec_t *spec, const char *be_notes, const nhref_run_ctx_t *ctx)
{
    const nhref_model_t *m = spec->model;
    size_t len = 0;
    FILE *f;

    free(spec->notes);
    spec->notes = NULL;
    if ((f = open_memstream(&spec->notes, &len)) == NULL)
        return;
    if (be_notes != NULL)
        fputs(be_notes, f);
    for (size_t c = 0;
         ctx->pd_final != NULL && ctx->delivered > 0 && c < ctx->nstate + ctx->nintegral; c++) {
        const char *name = c < ctx->nstate ? m->state[c].name : m->integral[c - ctx->nstate].name;
        fprintf(f,
                "proven digits of %s: %.1f at the last row (t = %.6g), %.1f at its worst "
                "(t = %.6g)\n",
                name, ctx->pd_final[c], ctx->t_final, ctx->pd_worst[c], ctx->pd_t_worst[c]);
    }
    if (fclose(f) != 0 || len == 0) {
        free(spec->notes);
        spec->notes = NULL;
    }
}

const nhref_run_backend_t *nhref_run_backend(nhref_run_type_t type)
{
    return type == NHREF_RUN_DOUBLE   ? &nhref_run_backend_d
           : type == NHREF_RUN_PROVEN ? &nhref_run_backend_proven
                                      : &nhref_run_backend_mp;
}

nhref_spec_t *nhref_run_spec(nhref_run_ctx_t *ctx)
{
    return ctx->spec;
}

int nhref_run_wants_integrals(const nhref_run_ctx_t *ctx)
{
    return ctx->nintegral > 0;
}

int nhref_run_row(nhref_run_ctx_t *ctx, size_t i, const void *t, const void *x,
                  const void *integrals)
{
    nhref_row_t row;
    if (i < ctx->first || i - ctx->first >= ctx->nrows)
        return 0; /* t-start before the first row, or the horizon after the last */
    ctx->delivered = i - ctx->first + 1;
    if (ctx->pd_final != NULL)
        count_digits(ctx, t, x, integrals);
    if (ctx->sink == NULL || ctx->sink->row == NULL)
        return 0;
    row = (nhref_row_t){ctx->spec->type, i - ctx->first, ctx->nstate, ctx->nintegral,
                        t, x, integrals};
    return ctx->sink->row(ctx->sink->self, &row);
}

void nhref_run_event(nhref_run_ctx_t *ctx, size_t k, const void *t, const void *x)
{
    nhref_row_t row = {ctx->spec->type, NHREF_ROW_OFF, ctx->nstate, 0, t, x, NULL};
    if (ctx->sink != NULL && ctx->sink->event != NULL)
        ctx->sink->event(ctx->sink->self, k, nhref_spec_event_name(ctx->spec, k), &row);
}

void nhref_sink_free(nhref_sink_t *sink)
{
    if (sink == NULL)
        return;
    if (sink->free != NULL)
        sink->free(sink->self);
    *sink = (nhref_sink_t){0};
}

/* the message of a run stopped by its step limit: counted, or extrapolated after the
 * first steps (src/integrate/budget.h) */
void nhref_spec_max_steps_message(nhref_spec_t *spec, const nhref_stats_t *st)
{
    char lm[64], e[32];
    nhref_spec_label(spec, lm, sizeof lm, "max-steps", NULL);
    snprintf(e, sizeof e, st->steps_estimate < 1e15 ? "%.0f" : "%.2g", st->steps_estimate);
    if (st->steps_estimate > 0 && st->nsteps == 0)
        nhref_spec_fail(spec, NHREF_EMAXSTEPS,
                        "the run would take at least %s steps (one per renormalisation "
                        "interval, --tau, and per time), more than the limit of %lu steps; "
                        "nothing was integrated (%s raises the limit; or a larger --tau, or "
                        "shorter times)",
                        e, spec->max_steps, lm);
    else if (st->steps_estimate > 0)
        nhref_spec_fail(spec, NHREF_EMAXSTEPS,
                        "the run would take about %s steps (the mean step size of the last "
                        "steps, extrapolated from t = %.6g to the end), more than the limit of "
                        "%lu steps: stopped after %lu steps (%s raises the limit; or shorten "
                        "the interval, or check the parameters for stiffness)",
                        e, st->t_stop, spec->max_steps, st->nsteps, lm);
    else
        nhref_spec_fail(spec, NHREF_EMAXSTEPS,
                        "stopped at t = %.6g by the limit of %lu steps (%s raises it)",
                        st->t_stop, spec->max_steps, lm);
}

int nhref_run(nhref_spec_t *spec, nhref_sink_t *sink, nhref_run_end_t *endp)
{
    const nhref_run_backend_t *be;
    nhref_run_ctx_t ctx;
    nhref_run_info_t info;
    nhref_run_end_t end;
    nhref_row_t stop;
    void *h = NULL;
    int status = nhref_spec_resolve(spec);

    if (status != NHREF_OK)
        return status;
    be = nhref_run_backend(spec->type);
    if ((status = be->open(&h, spec)) != NHREF_OK) {
        be->close(h);
        return status;
    }
    ctx = (nhref_run_ctx_t){.spec = spec,
                            .be = be,
                            .sink = sink,
                            .nrows = spec->nrows,
                            .nstate = spec->model->nstate,
                            .nintegral = spec->integrals ? spec->model->nintegral : 0,
                            .print_digits = (int)floor(spec->wdigits)};
    nhref_spec_grid_size(spec, &ctx.first);
    if (be->rad_d != NULL) {
        size_t nc = ctx.nstate + ctx.nintegral;
        ctx.pd_final = malloc(3 * (nc + 1) * sizeof(double));
        if (ctx.pd_final == NULL) {
            be->close(h);
            return nhref_spec_fail(spec, NHREF_ENOMEM, "out of memory");
        }
        ctx.pd_worst = ctx.pd_final + nc + 1;
        ctx.pd_t_worst = ctx.pd_worst + nc + 1;
        for (size_t c = 0; c < nc; c++) {
            ctx.pd_final[c] = ctx.pd_worst[c] = INFINITY;
            ctx.pd_t_worst[c] = NAN;
        }
    }
    info = (nhref_run_info_t){spec,
                              spec->type,
                              spec->scheme->name,
                              be->order(h),
                              spec->wprec,
                              spec->wdigits,
                              spec->type == NHREF_RUN_DOUBLE ? 17 : (int)floor(spec->wdigits),
                              spec->nrows,
                              ctx.nintegral};
    if (sink != NULL && sink->begin != NULL && sink->begin(sink->self, &info) != 0) {
        free(ctx.pd_final);
        be->close(h);
        return nhref_spec_fail(spec, NHREF_EIO, "the sink could not begin");
    }
    memset(&end, 0, sizeof end);
    nhref_stats_start(&end.stats);
    end.status = status = be->integrate(h, &ctx, &end.stats);
    end.stats.nrows = ctx.delivered; /* the rows asked for, not the integrator's grid points */
    if (status == NHREF_EMAXSTEPS)
        nhref_spec_max_steps_message(spec, &end.stats);
    if (end.stats.outcome != NHREF_OUTCOME_REACHED && end.stats.outcome != NHREF_OUTCOME_NONE) {
        be->stop(h, &stop);
        end.stop = &stop;
    }
    if (end.stats.outcome == NHREF_OUTCOME_EVENT && end.stats.event >= 0)
        end.event = nhref_spec_event_name(spec, (size_t)end.stats.event);
    /* the stopping row, which the sinks write after the rows */
    if (end.stop != NULL && ctx.pd_final != NULL &&
        (end.stats.outcome == NHREF_OUTCOME_EVENT || end.stats.outcome == NHREF_OUTCOME_BLOWUP ||
         end.stats.outcome == NHREF_OUTCOME_UNDERFLOW || status == NHREF_EUNPROVEN)) {
        count_digits(&ctx, stop.t, stop.x, stop.integrals);
        ctx.delivered++;
    }
    end.proven_digits = NAN;
    if (ctx.pd_final != NULL) {
        end.ncolumn = ctx.nstate + ctx.nintegral;
        end.proven_final = ctx.pd_final;
        end.proven_worst = ctx.pd_worst;
        end.proven_t_worst = ctx.pd_t_worst;
        end.t_final = ctx.t_final;
        end.proven_digits = ctx.delivered > 0 ? INFINITY : NAN;
        for (size_t c = 0; c < end.ncolumn && ctx.delivered > 0; c++)
            end.proven_digits = fmin(end.proven_digits, ctx.pd_worst[c]);
        end.short_digits = spec->require_digits > 0 && !(end.proven_digits >= spec->require_digits);
    }
    keep_notes(spec, be->notes != NULL ? be->notes(h) : NULL, &ctx);
    end.notes = spec->notes;
    if (sink != NULL && sink->end != NULL && sink->end(sink->self, &end) != 0)
        status = NHREF_EIO;
    end.stop = NULL;
    end.notes = NULL;
    end.proven_final = end.proven_worst = end.proven_t_worst = NULL; /* freed below */
    if (endp != NULL)
        *endp = end;
    free(ctx.pd_final);
    be->close(h);
    return status;
}

/* ------------------------------------------------------------------ rows */
/* the values array and index of column J of ROW, or NULL */
static const void *column(const nhref_row_t *row, size_t j, size_t *i)
{
    if (j == 0) {
        *i = 0;
        return row->t;
    }
    if (j <= row->nstate) {
        *i = j - 1;
        return row->x;
    }
    *i = j - 1 - row->nstate;
    return *i < row->nintegral ? row->integrals : NULL;
}

double nhref_row_get_d(const nhref_row_t *row, size_t j)
{
    size_t i;
    const void *p = column(row, j, &i);
    return p != NULL ? nhref_run_backend(row->type)->get_d(p, i) : NAN;
}

void nhref_row_get_mpfr(mpfr_ptr v, const nhref_row_t *row, size_t j)
{
    size_t i;
    const void *p = column(row, j, &i);
    if (p != NULL)
        nhref_run_backend(row->type)->get(v, p, i);
    else
        mpfr_set_nan(v);
}

size_t nhref_row_format(char *buf, size_t len, const nhref_row_t *row, size_t j, int digits)
{
    size_t i;
    const void *p = column(row, j, &i);
    const nhref_run_backend_t *be = nhref_run_backend(row->type);
    if (j == 0 && p != NULL && be->time_digits != NULL)
        digits = be->time_digits(p, digits); /* a proven row holds at its printed time */
    if (p == NULL) {
        if (len > 0)
            buf[0] = '\0';
        return 0;
    }
    return be->format(buf, len, p, i, digits);
}

int nhref_row_fprint(FILE *out, const nhref_row_t *row, size_t j, int digits)
{
    char small[128], *big = NULL;
    size_t n = nhref_row_format(small, sizeof small, row, j, digits);
    int rc;
    if (n >= sizeof small) {
        if ((big = malloc(n + 1)) == NULL)
            return -1;
        nhref_row_format(big, n + 1, row, j, digits);
    }
    rc = fputs(big != NULL ? big : small, out) < 0 ? -1 : 0;
    free(big);
    return rc;
}
