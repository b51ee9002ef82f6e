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
};

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
    ctx = (nhref_run_ctx_t){spec, be, sink, 0, spec->nrows, 0, spec->model->nstate,
                            spec->integrals ? spec->model->nintegral : 0};
    nhref_spec_grid_size(spec, &ctx.first);
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
    end.notes = be->notes != NULL ? be->notes(h) : NULL;
    if (sink != NULL && sink->end != NULL && sink->end(sink->self, &end) != 0)
        status = NHREF_EIO;
    end.stop = NULL;
    end.notes = NULL;
    if (endp != NULL)
        *endp = end;
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
    if (p == NULL) {
        if (len > 0)
            buf[0] = '\0';
        return 0;
    }
    return nhref_run_backend(row->type)->format(buf, len, p, i, digits);
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
