/* cmd_golden.c -- `nhref golden`: certify cases and write golden files. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "config.h"
#include "nhref_paths.h" /* the configured directories (src/Makefile.am) */

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref golden [OPTION]... CASES...\n"
            "Compute each case by independent routes (Taylor at p, Taylor at p + 64 bits,\n"
            "Gauss-Legendre at p, the closed form where there is one), certify each column by\n"
            "the digits on which all agree (VALIDATED), enclose the values in proven balls\n"
            "(validated Taylor in Arb: a column whose balls keep its digits is PROVEN; a\n"
            "route outside a ball is an error), and write OUTDIR/<model>/<case>.csv\n"
            "atomically.\n\n"
            "CASES are case files (data/cases/*.cases: every case in them, sweeps expanded),\n"
            "FILE:NAME (one case of an existing file), MODEL/NAME (case NAME of MODEL.cases)\n"
            "or MODEL (all its cases); MODEL.cases is looked up in $NHREF_CASES_DIR, then\n"
            "the installed %s/cases, then ./data/cases.  A case's 'model =' is a\n"
            "built-in model or a model file, a path relative to the case file ('model =\n"
            "../models/NAME.model'; the golden file records it relative to itself, with its\n"
            "sha256); 'param' and 'init' values are decimals or constant expressions\n"
            "('param alpha = pi/6').\n\n"
            "  -o, --output DIR   where to write (default: golden, in the current directory;\n"
            "                     said on stderr; the repository's catalogue: -o data/golden)\n"
            "      --shard K/N    only the cases whose index i (0-based, over all CASES in\n"
            "                     order) has i mod N = K - 1 (Slurm: --shard\n"
            "                     $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)\n"
            "      --resume       skip a case whose golden file exists, is that case's and\n"
            "                     checks out (its sha256 line)\n"
            "  -l, --list         list the cases (of the shard), compute nothing\n"
            "  -q, --quiet        no progress on stderr\n"
            "  -h, --help         show this help and exit\n\n"
            "Example: nhref golden data/cases/chaplygin_sleigh.cases -o data/golden\n",
            NHREF_PKGDATADIR);
}

typedef struct {
    cli_progress_t p;
    const char *name;
} golden_progress_t;

static void progress(void *arg, const char *route, double f)
{
    golden_progress_t *g = arg;
    char what[160];
    snprintf(what, sizeof what, "%s (%s)", g->name, route);
    g->p.what = what;
    cli_progress(&g->p, f);
    g->p.what = NULL;
}

int cmd_golden(int argc, char **argv)
{
    static const struct option longopts[] = {{"output", required_argument, NULL, 'o'},
                                              {"list", no_argument, NULL, 'l'},
                                              {"shard", required_argument, NULL, 'S'},
                                              {"resume", no_argument, NULL, 'R'},
                                              {"quiet", no_argument, NULL, 'q'},
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    /* the default: golden/ where the user stands, said once before the first case (an
     * installed nhref has no data/golden of its own to write into) */
    const char *out_dir = "golden";
    int list = 0, quiet = 0, resume = 0, out_given = 0, told = 0, c, rc = CLI_OK;
    unsigned long shard_k = 1, shard_n = 1, index = 0;

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:lqh", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            out_dir = optarg;
            out_given = 1;
            break;
        case 'l':
            list = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'S':
            if (cli_shard_parse(optarg, &shard_k, &shard_n) != 0)
                return CLI_USAGE;
            break;
        case 'R':
            resume = 1;
            break;
        case 'h':
            usage(stdout);
            return CLI_OK;
        case ':':
            cli_error("option '%s' needs a value (see 'nhref golden --help')", argv[optind - 1]);
            return CLI_USAGE;
        default:
            cli_error("unknown option '%s' (see 'nhref golden --help')", argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind >= argc) {
        cli_error("no cases given (see 'nhref golden --help')");
        return CLI_USAGE;
    }
    for (int a = optind; a < argc && rc != CLI_USAGE; a++) {
        char *file = NULL, *only = NULL;
        nhref_case_t *cases;
        size_t n, done = 0;
        char err[512];
        int status;

        if (cli_case_source(argv[a], &file, &only) != 0) {
            rc = CLI_USAGE;
            break;
        }
        status = nhref_cases_read(&cases, &n, file, err, sizeof err);
        if (status != NHREF_OK) {
            cli_error("%s", err);
            free(file);
            free(only);
            rc = CLI_USAGE;
            break;
        }
        for (size_t i = 0; i < n; i++) {
            golden_progress_t gp;
            if (only != NULL && strcmp(cases[i].name, only) != 0)
                continue;
            done++;
            if (index++ % shard_n != shard_k - 1)
                continue;
            if (list) {
                printf("%s:%s  model %s, %zu times, %g digits%s%s%s%s", file, cases[i].name,
                       cases[i].model, cases[i].ntimes, cases[i].digits,
                       cases[i].swept ? "  (" : "", cases[i].swept ? cases[i].swept : "",
                       cases[i].swept ? ")" : "", cases[i].description ? "  -- " : "");
                printf("%s\n", cases[i].description ? cases[i].description : "");
                continue;
            }
            if (!out_given && !quiet && !told) {
                fprintf(stderr, "%s: no -o DIR: writing under %s/ in the current directory\n",
                        cli_prog, out_dir);
                told = 1;
            }
            if (resume) {
                char path[4096], why[256] = "";
                snprintf(path, sizeof path, "%s/%s/%s.csv", out_dir, cases[i].model,
                         cases[i].name);
                if (cli_output_matches(path, &cases[i], "# nhref golden file", why,
                                       sizeof why)) {
                    if (!quiet)
                        fprintf(stderr, "%s: %s checks out: skipped (--resume)\n", cli_prog,
                                path);
                    continue;
                }
            }
            cli_progress_init(&gp.p, cases[i].name);
            gp.p.active = gp.p.active && !quiet;
            gp.name = cases[i].name;
            status = nhref_golden_make(&cases[i], out_dir, progress, &gp, err, sizeof err);
            cli_progress_end(&gp.p);
            if (status != NHREF_OK) {
                cli_error("%s", err[0] ? err : nhref_strerror(status));
                /* 1: the computation failed (a blow-up or an underflow is an outcome of
                 * the case, not bad input); 2: the input is wrong */
                rc = status == NHREF_EIO || status == NHREF_ENOMEM || status == NHREF_EDOMAIN ||
                             status == NHREF_ESTEP || status == NHREF_ENOCONV ||
                             status == NHREF_EMAXSTEPS || status == NHREF_EBLOWUP
                         ? CLI_FAIL
                         : CLI_USAGE;
                continue;
            }
            if (!quiet)
                fprintf(stderr, "%s: wrote %s/%s/%s.csv\n", cli_prog, out_dir, cases[i].model,
                        cases[i].name);
        }
        if (only != NULL && done == 0) {
            cli_error("no case [%s] in %s", only, file);
            rc = CLI_USAGE;
        }
        nhref_cases_free(cases, n);
        free(file);
        free(only);
    }
    return rc;
}
