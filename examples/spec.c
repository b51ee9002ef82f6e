/* spec.c -- the same case as sleigh.c (PUB-1, x(10) at 40 digits) through the run layer
 * (nhref_run.h): a spec says what to run, a sink of your own receives the rows in the
 * run's own number type.  Prints x at every row, then writes the run as JSON Lines.
 * Build: cc spec.c $(pkg-config --cflags --libs nhref)   (tests/install.sh does) */
#include <stdio.h>
#include <nhref.h>

/* the sink: x (column 1) of every row, printed with 30 digits */
static int print_x(void *self, const nhref_row_t *row)
{
    char buf[128];
    (void)self;
    nhref_row_format(buf, sizeof buf, row, 1, 30);
    printf("x(%g) = %s\n", nhref_row_get_d(row, 0), buf);
    return 0; /* nonzero would stop the run */
}

int main(void)
{
    nhref_spec_t *spec;
    nhref_sink_t sink = {NULL, NULL, print_x, NULL, NULL, NULL};
    nhref_outfile_t *of;
    nhref_run_end_t end;

    if (nhref_spec_new(&spec, "chaplygin_sleigh") != NHREF_OK ||
        nhref_spec_set_param(spec, "J", "30") != NHREF_OK || /* decimal strings */
        nhref_spec_set_digits(spec, 40) != NHREF_OK ||
        nhref_spec_set_t_end(spec, "10") != NHREF_OK || nhref_spec_set_dt_out(spec, "5") != NHREF_OK)
        return 1;
    if (nhref_run(spec, &sink, &end) != NHREF_OK) { /* resolves the spec, then runs it */
        fprintf(stderr, "%s\n", nhref_spec_error(spec));
        return 1;
    }
    printf("%s after %lu steps\n", nhref_outcome_str(end.stats.outcome), end.stats.nsteps);
    /* the same spec into a format of the library: JSON Lines, atomically */
    if (nhref_outfile_open(&of, "pub1.jsonl") == NHREF_OK &&
        nhref_format_find("jsonl")->open(&sink, of) == NHREF_OK) {
        nhref_run(spec, &sink, NULL);
        nhref_sink_free(&sink);
        nhref_outfile_commit(of);
    }
    nhref_spec_free(spec);
    return 0;
}
