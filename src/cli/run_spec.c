/* run_spec.c -- one spec run into one trajectory file, atomically, and what the user is
 * told about it: `nhref run` and every case of `nhref sweep`. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* the stop-early outcomes on stderr; the exit status */
static int report(const char *who, nhref_spec_t *spec, int status, const nhref_run_end_t *e,
                  size_t nrows, const char *output)
{
    const nhref_stats_t *st = &e->stats;
    if (status == NHREF_EMAXSTEPS) {
        cli_error_in(who, "%s (%zu of %zu rows written)", nhref_spec_error(spec), st->nrows,
                     nrows);
        return -1;
    }
    if (status == NHREF_EBLOWUP) {
        cli_error_in(who, "the solution leaves every bound near t = %.15g: stopped at t = %.15g "
                          "(%zu of %zu rows written)",
                     st->t_blowup, st->t_stop, st->nrows, nrows);
        return CLI_OK;
    }
    if (status == NHREF_ESTEP) {
        cli_error_in(who, "step size underflow near t = %.15g after %lu steps (%zu of %zu rows "
                          "written)",
                     st->t_stop, st->nsteps, st->nrows, nrows);
        return CLI_FAIL;
    }
    if (status == NHREF_EUNPROVEN) {
        cli_error_in(who, "no enclosure could be proven beyond t = %.15g (%zu of %zu rows "
                          "written; a larger --digits may help unless the solution blows up)",
                     st->t_stop, st->nrows, nrows);
        return CLI_FAIL;
    }
    if (status != NHREF_OK) {
        cli_error_in(who, "integration failed after %lu steps and %zu of %zu rows: %s",
                     st->nsteps, st->nrows, nrows, nhref_strerror(status));
        return -1;
    }
    if (e->short_digits) {
        cli_error_in(who,
                     "the proven balls leave %.1f digits in some column, fewer than the %g "
                     "required (--require-digits): see the '# note: proven digits' lines "
                     "of %s (more --digits may help; a chaotic run loses digits with time)",
                     e->proven_digits, nhref_spec_require_digits(spec),
                     output != NULL && strcmp(output, "-") != 0 ? output : "the output");
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* SPEC's notes on stderr, one line each (the integral guard's, a proven run's digits) */
static void print_notes(const char *who, const nhref_spec_t *spec)
{
    for (const char *p = nhref_spec_notes(spec), *q; p != NULL && *p != '\0'; p = *q ? q + 1 : q) {
        q = strchr(p, '\n');
        if (q == NULL)
            q = p + strlen(p);
        fprintf(stderr, "%s: note: %.*s\n", who, (int)(q - p), p);
    }
}

int cli_run_spec(nhref_spec_t *spec, const char *output, const char *format, int quiet,
                 const char *who)
{
    const nhref_format_t *fmt = nhref_format_find(format != NULL ? format : "csv");
    nhref_outfile_t *of = NULL;
    nhref_sink_t sink = {0};
    nhref_run_end_t end;
    cli_progress_t progress;
    int status, rc;

    if (fmt == NULL) {
        cli_error_in(who, "--format: unknown format '%s' (formats: csv, jsonl)", format);
        return CLI_USAGE;
    }
    if ((status = nhref_spec_resolve(spec)) != NHREF_OK) {
        cli_error_in(who, "%s", nhref_spec_error(spec));
        return cli_spec_exit(status);
    }
    if (nhref_outfile_open(&of, output) != NHREF_OK) {
        cli_write_error_in(who, output, errno);
        return CLI_FAIL;
    }
    if ((status = fmt->open(&sink, of)) != NHREF_OK) {
        cli_error_in(who, "%s", nhref_strerror(status));
        nhref_outfile_abort(of);
        return CLI_FAIL;
    }
    cli_progress_init(&progress, "integrating");
    progress.active = progress.active && !quiet;
    nhref_spec_set_progress(spec, cli_progress, &progress);
    memset(&end, 0, sizeof end);
    status = nhref_run(spec, &sink, &end);
    cli_progress_end(&progress);
    nhref_spec_set_progress(spec, NULL, NULL);
    nhref_sink_free(&sink);
    if (end.stats.outcome == NHREF_OUTCOME_NONE && status != NHREF_OK && status != NHREF_EIO) {
        /* refused before the run began: the integrator could not be set up */
        cli_error_in(who, "%s", nhref_spec_error(spec));
        nhref_outfile_abort(of);
        return status == NHREF_EDOMAIN || status == NHREF_EINVAL || status == NHREF_ENOTFOUND
                   ? CLI_USAGE
                   : CLI_FAIL;
    }
    if (nhref_outfile_error(of) != 0 || status == NHREF_EIO) {
        cli_write_error_in(who, output, nhref_outfile_error(of));
        nhref_outfile_abort(of);
        return CLI_FAIL;
    }
    if (!quiet)
        print_notes(who, spec);
    if ((rc = report(who, spec, status, &end, nhref_spec_nrows(spec), output)) < 0) {
        nhref_outfile_abort(of);
        return CLI_FAIL;
    }
    if (nhref_outfile_commit(of) != NHREF_OK) {
        cli_write_error_in(who, output, errno);
        return CLI_FAIL;
    }
    return rc;
}
