/* cmd_golden.c -- `nhref golden`: certify cases and write golden files. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "config.h"

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref golden [OPTION]... CASES...\n"
            "Compute each case by independent routes (Taylor at p, Taylor at p + 64 bits,\n"
            "Gauss-Legendre at p, the closed form where there is one), certify each column by\n"
            "the digits on which all agree, and write OUTDIR/<model>/<case>.csv atomically.\n\n"
            "CASES are case files (data/cases/*.cases: every case in them), FILE:NAME (one\n"
            "case of a file), or MODEL/NAME (case NAME of MODEL.cases, looked up in\n"
            "$NHREF_CASES_DIR, then ./data/cases, then %s/cases).\n\n"
            "  -o, --output DIR   where to write (default: data/golden)\n"
            "  -l, --list         list the cases, compute nothing\n"
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

/* the case file of MODEL: $NHREF_CASES_DIR, ./data/cases, the installed data */
static char *find_cases(const char *model)
{
    const char *dirs[3] = {getenv("NHREF_CASES_DIR"), "data/cases", NHREF_PKGDATADIR "/cases"};
    for (int i = 0; i < 3; i++) {
        char *path;
        FILE *f;
        if (dirs[i] == NULL)
            continue;
        path = malloc(strlen(dirs[i]) + strlen(model) + 8);
        if (path == NULL)
            return NULL;
        sprintf(path, "%s/%s.cases", dirs[i], model);
        if ((f = fopen(path, "r")) != NULL) {
            fclose(f);
            return path;
        }
        free(path);
    }
    return NULL;
}

int cmd_golden(int argc, char **argv)
{
    static const struct option longopts[] = {{"output", required_argument, NULL, 'o'},
                                              {"list", no_argument, NULL, 'l'},
                                              {"quiet", no_argument, NULL, 'q'},
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    const char *out_dir = "data/golden";
    int list = 0, quiet = 0, c, rc = CLI_OK;

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:lqh", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            out_dir = optarg;
            break;
        case 'l':
            list = 1;
            break;
        case 'q':
            quiet = 1;
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
        char *arg = argv[a], *file = NULL, *only = NULL, *colon, *slash;
        nhref_case_t *cases;
        size_t n, done = 0;
        char err[512];
        int status;

        colon = strrchr(arg, ':');
        slash = strchr(arg, '/');
        if (colon != NULL) { /* FILE:NAME */
            file = malloc((size_t)(colon - arg) + 1);
            if (file == NULL) {
                cli_error("%s", nhref_strerror(NHREF_ENOMEM));
                rc = CLI_FAIL;
                break;
            }
            memcpy(file, arg, (size_t)(colon - arg));
            file[colon - arg] = '\0';
            only = colon + 1;
        } else if (strstr(arg, ".cases") == NULL && slash != NULL && strchr(slash + 1, '/') == NULL) {
            char model[128];
            snprintf(model, sizeof model, "%.*s", (int)(slash - arg), arg);
            only = slash + 1;
            if ((file = find_cases(model)) == NULL) {
                cli_error("no case file for model '%s' (looked in $NHREF_CASES_DIR, data/cases, "
                          "%s/cases)", model, NHREF_PKGDATADIR);
                rc = CLI_USAGE;
                break;
            }
        } else {
            file = malloc(strlen(arg) + 1);
            if (file == NULL) {
                cli_error("%s", nhref_strerror(NHREF_ENOMEM));
                rc = CLI_FAIL;
                break;
            }
            strcpy(file, arg);
        }
        status = nhref_cases_read(&cases, &n, file, err, sizeof err);
        if (status != NHREF_OK) {
            cli_error("%s", err);
            free(file);
            rc = CLI_USAGE;
            break;
        }
        for (size_t i = 0; i < n; i++) {
            golden_progress_t gp;
            if (only != NULL && strcmp(cases[i].name, only) != 0)
                continue;
            done++;
            if (list) {
                printf("%s:%s  model %s, %zu times, %g digits%s%s\n", file, cases[i].name,
                       cases[i].model, cases[i].ntimes, cases[i].digits,
                       cases[i].description ? "  -- " : "",
                       cases[i].description ? cases[i].description : "");
                continue;
            }
            cli_progress_init(&gp.p, cases[i].name);
            gp.p.active = gp.p.active && !quiet;
            gp.name = cases[i].name;
            status = nhref_golden_make(&cases[i], out_dir, progress, &gp, err, sizeof err);
            cli_progress_end(&gp.p);
            if (status != NHREF_OK) {
                cli_error("%s", err[0] ? err : nhref_strerror(status));
                rc = status == NHREF_EIO || status == NHREF_ENOMEM || status == NHREF_EDOMAIN ||
                             status == NHREF_ESTEP || status == NHREF_ENOCONV ||
                             status == NHREF_EMAXSTEPS
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
    }
    return rc;
}
