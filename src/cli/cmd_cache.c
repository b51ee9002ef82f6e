/* cmd_cache.c -- `nhref cache`: the double jets compiled at run time (nhref_jit.h):
 * where they are cached, how many, how large; --clear empties the cache; --build
 * compiles the jets of models (and their four-lane jets) ahead of a sweep. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref cache [OPTION]... [MODEL|FILE.model]...\n"
            "The double-precision Taylor jets of every model are compiled by the system C\n"
            "compiler the first time a run uses them, and cached.  With no option, print\n"
            "the cache directory, its compiled jets and their size, and the compiler.\n\n"
            "      --clear   remove every compiled jet (and nhref's lock files) from the cache\n"
            "      --build   compile the jets of the MODELs given (default: every built-in\n"
            "                model), and their four-lane jets (the batches of 'sweep -- --fast'),\n"
            "                now, e.g. before a sweep's workers start\n"
            "      --dir     print the cache directory only\n"
            "  -h, --help    show this help and exit\n\n"
            "Environment: NHREF_CACHE_DIR (default $XDG_CACHE_HOME/nhref, else\n"
            "$HOME/.cache/nhref), NHREF_CACHE_MAX (size bound, default 256M; the least\n"
            "recently used jets go first), NHREF_CC (the compiler), NHREF_JIT=0 (interpret\n"
            "instead), NHREF_JIT_QUIET=1 (no 'compiling' line).\n\n"
            "Exit status: 0 success; 1 the cache could not be read or cleared, or a jet\n"
            "could not be compiled; 2 bad usage.\n");
}

/* compiles the jets of model NAME (a built-in or a model file): CLI_OK or CLI_FAIL */
static int build(const char *name)
{
    const nhref_model_t *m = nhref_model_find(name);
    nhref_model_file_t *mf = NULL;
    nhref_system_t *sys;
    nhref_tape_d_t *ws;
    char err[512];
    int rc = CLI_OK;

    if (m == NULL && nhref_model_is_file(name)) {
        if (nhref_model_file_read(&mf, name, err, sizeof err) != NHREF_OK) {
            cli_error("%s", err);
            return CLI_FAIL;
        }
        m = nhref_model_file_model(mf);
    }
    if (m == NULL) {
        cli_error("unknown model '%s' (see 'nhref list', or give a FILE.model)", name);
        return CLI_USAGE;
    }
    if (nhref_system_new(&sys, m) != NHREF_OK) {
        cli_error("model %s: its system cannot be built", name);
        nhref_model_file_free(mf);
        return CLI_FAIL;
    }
    if (nhref_tape_d_new(&ws, nhref_system_rhs_tape(sys), 53, 20) != NHREF_OK) {
        cli_error("model %s: out of memory", name);
        rc = CLI_FAIL;
    } else {
        if (!nhref_tape_d_compiled(ws)) {
            cli_error("model %s: its jets are interpreted (see the warning above)", name);
            rc = CLI_FAIL;
        } else if (nhref_jit_batch_compiled(nhref_system_rhs_tape(sys)) < 0) {
            cli_error("model %s: its four-lane jets (sweeps' batches) are interpreted (see the "
                      "warning above)",
                      name);
            rc = CLI_FAIL;
        }
        nhref_tape_d_free(ws);
    }
    nhref_system_free(sys);
    nhref_model_file_free(mf);
    return rc;
}

int cmd_cache(int argc, char **argv)
{
    static const struct option longopts[] = {{"clear", no_argument, NULL, 'c'},
                                             {"build", no_argument, NULL, 'b'},
                                             {"dir", no_argument, NULL, 'd'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    int c, clear = 0, dir_only = 0, do_build = 0, rc = CLI_OK;
    char *dir;
    size_t n;
    unsigned long long bytes;

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'c':
            clear = 1;
            break;
        case 'b':
            do_build = 1;
            break;
        case 'd':
            dir_only = 1;
            break;
        case 'h':
            usage(stdout);
            return CLI_OK;
        default:
            cli_error("unknown option '%s' (see 'nhref cache --help')", argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind < argc && !do_build) {
        cli_error("models are given with --build only (see 'nhref cache --help')");
        return CLI_USAGE;
    }
    if (clear + dir_only + do_build > 1) {
        cli_error("--clear, --build and --dir go alone (see 'nhref cache --help')");
        return CLI_USAGE;
    }
    if (nhref_jit_cache_dir(&dir) != NHREF_OK) {
        cli_error("no cache directory: set NHREF_CACHE_DIR, XDG_CACHE_HOME or HOME");
        return CLI_FAIL;
    }
    if (dir_only) {
        printf("%s\n", dir);
    } else if (clear) {
        int st = nhref_jit_cache_clear(&n);
        printf("removed %zu file%s from %s\n", n, n == 1 ? "" : "s", dir);
        if (st != NHREF_OK) {
            cli_error("%s: some files could not be removed (%s)", dir, nhref_strerror(st));
            rc = CLI_FAIL;
        }
    } else if (do_build) {
        if (!nhref_jit_enabled()) {
            cli_error("jets are not compiled at run time (NHREF_JIT=0, or built with "
                      "--disable-jit)");
            rc = CLI_FAIL;
        }
        for (int i = optind; rc == CLI_OK && i < argc; i++)
            rc = build(argv[i]);
        for (size_t i = 0; rc == CLI_OK && optind == argc && i < nhref_model_count(); i++)
            rc = build(nhref_model_get(i)->name);
        if (rc == CLI_OK && nhref_jit_cache_stat(&n, &bytes) == NHREF_OK)
            printf("%s: %zu compiled jets, %.1f MB\n", dir, n, (double)bytes / 1e6);
    } else {
        int st = nhref_jit_cache_stat(&n, &bytes);
        printf("cache:     %s\n", dir);
        if (st == NHREF_OK)
            printf("jets:      %zu compiled, %.1f MB (bound: NHREF_CACHE_MAX, default 256M)\n", n,
                   (double)bytes / 1e6);
        else {
            cli_error("%s: %s", dir, nhref_strerror(st));
            rc = CLI_FAIL;
        }
        printf("compiler:  %s\n", nhref_jit_compiler());
        printf("run-time compilation: %s\n",
               nhref_jit_enabled() ? "on (NHREF_JIT=0 turns it off)" : "off");
    }
    free(dir);
    return rc;
}
