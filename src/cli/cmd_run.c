/* cmd_run.c -- `nhref run MODEL`: argv -> a spec (nhref_run.h) -> the run -> a
 * trajectory sink (CSV, JSON Lines), written atomically. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nhref_paths.h" /* the configured directories (src/Makefile.am) */

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref run MODEL [OPTION]...\n"
            "Integrate MODEL from t-start (default 0) and write t, the state and the first\n"
            "integrals as CSV: a header row, '#' metadata lines, the rows\n"
            "(pandas.read_csv(f, comment='#') and numpy.genfromtxt(f, delimiter=',',\n"
            "names=True, comments='#') read it).  MODEL is a built-in model (see 'nhref\n"
            "list') or a model file: a name with '/' or '.' is a path (the shipped ones are\n"
            "in %s/models; docs/models/writing-a-model.md).\n\n"
            "  -p, --param NAME=VALUE  set a parameter: a decimal or a constant expression\n"
            "                          ('a=pi/7'; see 'nhref describe MODEL'); with\n"
            "                          --rigorous also a set, MID+-RAD or [LO, HI]\n"
            "                          ('a=0.5+-1e-12', 'a=[0.49, 0.51]'): the rows\n"
            "                          enclose every trajectory for every value in it\n"
            "  -i, --init NAME=VALUE   set an initial state component (as --param; a set:\n"
            "                          every trajectory from the box)\n"
            "  -T, --t-end T           final time [s], T > t-start (default: the model's)\n"
            "      --dt-out H          output interval [s], H > 0 (default: the model's): the\n"
            "                          rows t-start + k H (exact decimals) before T, then T\n"
            "      --times T1,T2,...   the rows at these times instead (monotone from t-start)\n"
            "      --t-start T0        the initial state's time [s] (default 0)\n"
            "  -d, --digits D          digits wanted: tolerance 10^-D, precision\n"
            "                          D log2(10) + %d bits (default 30; 1 <= D <= 100000;\n"
            "                          Taylor: the order ceil(1.1513 D + 1) <= 100000)\n"
            "      --prec BITS         working precision instead (tolerance 2^-BITS * 10;\n"
            "                          16 <= BITS <= %lu; Taylor: the same order limit)\n"
            "      --scheme NAME       integration scheme (default taylor; see 'nhref list')\n"
            "      --fast              the double-precision fast path: the same schemes,\n"
            "                          events and outcomes in IEEE double; tolerance\n"
            "                          max(1e-15, 10^-D); values printed with 17 digits;\n"
            "                          the initial state's constraints checked on its\n"
            "                          doubles (53 bits)\n"
            "      --rigorous          proven enclosures (validated Taylor in Arb balls,\n"
            "                          Lohner's method): every state and first integral\n"
            "                          column c gets c_rad, and [c - c_rad, c + c_rad]\n"
            "                          contains the exact value (t_rad: the time's ball)\n"
            "                          the tolerance is the steps' target, not a bound: the\n"
            "                          end says each column's proven digits, and the\n"
            "                          outcome 'PROVEN (n digits)' when n < D - 5\n"
            "      --require-digits N  with --rigorous: exit 1 when a column's proven digits\n"
            "                          fall below N (the rows are written all the same)\n"
            "      --order N           scheme taylor: the order, 2 <= N <= 100000 and at\n"
            "                          most 4 times the order from the tolerance (at least\n"
            "                          256) (default: from the tolerance)\n"
            "      --stages S          scheme gauss: the stages, order 2S, 1 <= S <= 128\n"
            "                          (default: ceil(D/2), from 2 to 64)\n"
            "      --max-steps N       give up after N steps (default 10000000); a run whose\n"
            "                          first steps show it would take over 4 N is stopped\n"
            "                          then, with the estimate\n"
            "      --max-rows N        refuse a grid of more than N rows (default 10000000)\n"
            "      --stop-when EXPR    stop where EXPR (of t, the state and the parameters)\n"
            "                          crosses zero, e.g. --stop-when 'y + 5'; repeatable\n"
            "      --event EXPR        record where EXPR crosses zero, and go on; repeatable\n"
            "      --no-model-events   ignore the events the model declares (see describe)\n"
            "  -o, --output FILE       write to FILE atomically (default: standard output)\n"
            "      --format FMT        csv (default) or jsonl (JSON Lines: one object per row)\n"
            "  -q, --quiet             no progress on stderr\n"
            "  -h, --help              show this help and exit\n\n"
            "Decimal values are read at the working precision, never through double; a\n"
            "constant expression (with '(', '*', '/', '^' or pi; no names, no t: 'pi/7',\n"
            "'1.2*sin(0.3)') is evaluated at the working precision plus 64 bits and rounded\n"
            "once.  Times are decimals.  Events are located to the working precision; a\n"
            "terminal one ends the run with one more row, the state at the event.  A\n"
            "finite-time blow-up ends it with its estimated time.  Event expressions must be\n"
            "defined at the initial state; parentheses nest at most %d levels.  Values must\n"
            "be below 2^(64 max(P, 64)) in magnitude at P bits.\n"
            "Before anything is allocated, the memory of the output grid and of the scheme's\n"
            "workspace is estimated and compared with what the process may use.\n"
            "Example: nhref run chaplygin_sleigh --digits 100 -T 10 --dt-out 0.5\n",
            NHREF_PKGDATADIR, NHREF_GUARD_BITS, cli_prec_max(), NHREF_TAPE_PARSE_MAX_DEPTH);
}

int cli_run_args(cli_run_args_t *a, int argc, char **argv, int need_model)
{
    const struct option longopts[] = {CLI_SPEC_LONGOPTS,
                                      {"output", required_argument, NULL, 'o'},
                                      {"format", required_argument, NULL, CLI_OPT_FORMAT},
                                      {"quiet", no_argument, NULL, 'q'},
                                      {"help", no_argument, NULL, 'h'},
                                      {NULL, 0, NULL, 0}};
    int c, h;

    memset(a, 0, sizeof *a);
    cli_spec_opts_init(&a->spec);
    a->output = "-";
    a->format = "csv";
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":p:i:T:d:o:qh", longopts, NULL)) != -1) {
        if ((h = cli_spec_option(&a->spec, c, optarg)) != 0) {
            if (h < 0)
                return CLI_USAGE;
            continue;
        }
        if (c == 'o') {
            a->output = optarg;
        } else if (c == CLI_OPT_FORMAT) {
            a->format = optarg;
        } else if (c == 'q') {
            a->quiet = 1;
        } else if (c == 'h') {
            usage(stdout);
            return 1;
        } else {
            cli_error(c == ':' ? "option '%s' needs a value (see 'nhref run --help')"
                               : "unknown option '%s' (see 'nhref run --help')",
                      argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (need_model && optind >= argc) {
        cli_error("missing MODEL (see 'nhref list' and 'nhref run --help')");
        return CLI_USAGE;
    }
    if (optind + need_model < argc) {
        cli_error("unexpected argument '%s'%s", argv[optind + need_model],
                  need_model ? " after the model" : "");
        return CLI_USAGE;
    }
    a->model = need_model ? argv[optind] : NULL;
    return 0;
}

int cmd_run(int argc, char **argv)
{
    cli_run_args_t a;
    nhref_spec_t *spec = NULL;
    int rc = cli_run_args(&a, argc, argv, 1);

    if (rc != 0)
        return rc == 1 ? CLI_OK : rc;
    if ((rc = cli_spec_new(&spec, a.model, &a.spec)) == 0)
        rc = cli_run_spec(spec, a.output, a.format, a.quiet, cli_prog);
    nhref_spec_free(spec);
    return rc;
}
