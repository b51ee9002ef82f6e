/* cli_sources.c -- the helpers of the command-line tool (src/cli: util.c, spec_opts.c,
 * cases_cli.c; part of the nhref program, not of libnhref) compiled into the harnesses
 * of its parsers, fuzz_cli and fuzz_catalogue, and their replay programs. */
#include "cli/util.c"
#include "cli/spec_opts.c"
#include "cli/cases_cli.c"
