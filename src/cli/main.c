/* main.c -- nhref: certified reference trajectories of nonholonomic systems.
 * Dispatches to the subcommands; GNU conventions (--help, --version, errors on
 * stderr, exit status 0 success, 1 failure, 2 bad usage or input).  Whatever the
 * command, a failed write to standard output (a full disk, /dev/full, a closed
 * pipe's EIO) is an error with exit status 1, checked once at the end. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "nhref_paths.h" /* the configured directories (src/Makefile.am) */

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *summary;
} commands[] = {
    {"list", cmd_list, "list the models"},
    {"describe", cmd_describe, "state, parameters, integrals and source of a model"},
    {"run", cmd_run, "integrate a model and write its trajectory as CSV"},
    {"golden", cmd_golden, "certify cases and write golden files"},
    {"lyapunov", cmd_lyapunov, "finite-time Lyapunov exponents of a model"},
    {"verify", cmd_verify, "check a trajectory from any program against the reference"},
    {"sweep", cmd_sweep, "run every case of a sweep (a shard of it) through run or lyapunov"},
    {"catalogue", cmd_catalogue, "index a directory of outputs; find missing and duplicate cases"},
    {"cache", cmd_cache, "the double jets compiled at run time: where, how many; --clear, --build"},
};

static void usage(FILE *out)
{
    fprintf(out, "Usage: nhref COMMAND [OPTION]...\n"
                 "Certified reference trajectories of nonholonomic mechanical systems in\n"
                 "multiple precision (MPFR).\n\nCommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "  %-10s %s\n", "help",
            "the help of a command: 'nhref help run' is 'nhref run --help'");
    fprintf(out,
            "\nOptions:\n"
            "  -h, --help     show this help and exit\n"
            "  -V, --version  show the version and exit (also after a command:\n"
            "                 'nhref run --version')\n\n"
            "MODEL is a built-in model ('nhref list') or a model file, a path (a name\n"
            "with '/' or '.'): your own system as a Lagrangian with constraints, an ODE\n"
            "or M x' = F (docs/models/writing-a-model.md; examples in\n"
            "%s/models).\n\n"
            "'nhref COMMAND --help' describes a command.  Examples:\n"
            "  nhref run chaplygin_sleigh --digits 50 -o sleigh.csv\n"
            "  nhref run %s/models/knife_edge_incline.model -p 'alpha=pi/7'\n",
            NHREF_PKGDATADIR, NHREF_PKGDATADIR);
}

/* Flush and close standard output; 0, or -1 after the message (exit status 1). */
static int close_stdout(void)
{
    int e = 0;
    errno = 0;
    if (fflush(stdout) != 0)
        e = errno != 0 ? errno : EIO;
    else if (ferror(stdout))
        e = EIO;
    errno = 0;
    if (fclose(stdout) != 0 && e == 0)
        e = errno != 0 ? errno : EIO;
    if (e == 0)
        return 0;
    if (!cli_stdout_reported)
        cli_write_error("-", e);
    return -1;
}

static int version(void)
{
    printf("nhref %s (MPFR %s, GMP %s)\n", nhref_version(), nhref_mpfr_version(),
           nhref_gmp_version());
    return CLI_OK;
}

/* the command NAME's index, or -1 */
static int find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return (int)i;
    return -1;
}

static int dispatch(int argc, char **argv)
{
    int c;
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0)
        return version();
    if (strcmp(argv[1], "help") == 0) { /* nhref help [COMMAND]: nhref COMMAND --help */
        static char help[] = "--help";
        static char *args[4];
        char names[256] = "";
        if (argc == 2) {
            usage(stdout);
            return CLI_OK;
        }
        if (argc > 3 || (c = find_command(argv[2])) < 0) {
            for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                         commands[i].name);
            cli_error("%s '%s' (usage: nhref help [COMMAND], COMMAND one of: %s)",
                      argc > 3 ? "unexpected argument" : "unknown command", argv[argc > 3 ? 3 : 2],
                      names);
            return CLI_USAGE;
        }
        args[0] = argv[0];
        args[1] = argv[2];
        args[2] = help;
        args[3] = NULL;
        argc = 3;
        argv = args;
    }
    if ((c = find_command(argv[1])) >= 0) {
        static char prog[64];
        /* --version anywhere before '--' (GNU): the program's version, whatever the command */
        for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++)
            if (strcmp(argv[i], "--version") == 0)
                return version();
        snprintf(prog, sizeof prog, "nhref %s", commands[c].name);
        cli_prog = prog;
        return commands[c].run(argc - 1, argv + 1);
    }
    cli_error("unknown command '%s' (see 'nhref --help')", argv[1]);
    return CLI_USAGE;
}

int main(int argc, char **argv)
{
    int rc;
    /* a help text is written whole at the flush, where a full device's ENOSPC is
     * reported (a failed write inside fprintf leaves no errno to report: "I/O error") */
    static char outbuf[1 << 16];
    if (!isatty(STDOUT_FILENO)) /* a terminal keeps its line buffering */
        setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    rc = dispatch(argc, argv);
    if (close_stdout() != 0 && rc == CLI_OK)
        rc = CLI_FAIL;
    return rc;
}
