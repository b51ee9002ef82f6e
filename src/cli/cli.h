/* cli.h -- the nhref command-line tool: subcommands and shared helpers. */
#ifndef NHREF_CLI_H
#define NHREF_CLI_H

#include <stdarg.h>
#include <stdio.h>

#include "nhref.h"
#include "nhref_run.h"

/* exit codes: 0 success, 1 failure of the computation or a check, 2 bad usage or input */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

int cmd_list(int argc, char **argv);
int cmd_describe(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_golden(int argc, char **argv);
int cmd_lyapunov(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_catalogue(int argc, char **argv);
int cmd_cache(int argc, char **argv);

/* The program name for messages ("nhref run"). */
extern const char *cli_prog;

/* "nhref run: message\n" on stderr; cli_error_in with another WHO than cli_prog
 * ("nhref sweep: CASE"). */
/* a WHO that silences cli_error_in (work done ahead whose errors a later run reports) */
extern const char cli_silent[];
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
void cli_error_in(const char *who, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void cli_error_va(const char *who, const char *fmt, va_list ap);

/* S without leading and trailing white space (S is modified). */
char *cli_trim(char *s);

/* cli_write_error -- "nhref run: cannot write 'PATH': strerror(ERR)" (PATH "-":
 * "standard output"), for a failed write, flush, close or rename.  After it
 * names standard output, the final check of main() says nothing more. */
void cli_write_error(const char *path, int err);
void cli_write_error_in(const char *who, const char *path, int err);
extern int cli_stdout_reported;


/* The model named NAME, or NULL after an error listing the known models. */
const nhref_model_t *cli_model(const char *name);

/* Split "NAME=VALUE" of OPTION (for messages) into NAME and VALUE (pointers
 * into ARG, which is modified).  Returns 0 or -1 after an error. */
int cli_split_assignment(char *arg, const char *option, char **name, char **value);

/* Parse a decimal string into X (precision of X).  Returns 0 or -1 after an
 * error naming OPTION and the admissible range RANGE. */
int cli_decimal(mpfr_ptr x, const char *s, const char *option, const char *range);
int cli_decimal_in(const char *who, mpfr_ptr x, const char *s, const char *option,
                   const char *range);

/* cli_read_line -- the next line of F into *BUF (grown as needed, NUL-terminated, without
 * its '\n'), for the readers of outputs and manifests (catalogue, sweep --resume), held
 * up to NHREF_TABLE_MAX_LINE bytes (nhref_io.h); with META_ONLY the next line whose first
 * byte is '#', the others skipped as read, never held.  *LINENO counts every line.
 * Returns its length; -1 at the end of F; -2 for a line over the limit (not read
 * further); -3 out of memory. */
long cli_read_line(FILE *f, char **buf, size_t *cap, size_t *lineno, int meta_only);

/* cli_same_file -- 1 if the paths A and B name one file: the same inode when both exist and
 * are regular files, else the same canonical path (the directory's realpath and the
 * name), so that 'r.json' and './r.json' clash before either is written; 0 otherwise,
 * for '-' and for two devices (/dev/null twice is fine). */
int cli_same_file(const char *a, const char *b);

/* Parse a whole number in [LO, HI]. Returns 0 or -1 after an error. */
int cli_ulong(unsigned long *v, const char *s, const char *option, unsigned long lo,
              unsigned long hi);

/* ------------------------------------------------------------------ cases, shards, resume */
/* cli_shard_parse -- "K/N" (1 <= K <= N) into *K, *N.  Returns 0, or -1 after an error.
 * Shard K of N runs the cases whose index i (0-based, in the order they are read)
 * has i mod N = K - 1. */
int cli_shard_parse(const char *s, unsigned long *k, unsigned long *n);

/* cli_case_source -- what a case argument names: an existing FILE (whatever its
 * name holds, ':' included), FILE:NAME (FILE existing; *ONLY = NAME), or MODEL/NAME
 * (the case file of MODEL: nhref_catalogue_find), or MODEL (every case of that file).
 * *FILE and *ONLY (NULL: every case) are malloc'ed.  Returns 0, or -1 after an error. */
int cli_case_source(const char *arg, char **file, char **only);

/* cli_sha256_line -- append "# sha256: HEX (...)" of the data lines written so far
 * to OF (nothing for standard output). */
void cli_sha256_line(nhref_outfile_t *of);

/* cli_output_matches -- 1 if PATH exists, its first "#" line is FIRST_LINE ("# nhref
 * trajectory", ...), its metadata name case C (model, the case name for golden
 * files, every param and init value of C as written) and its data match its sha256
 * line; else 0 with the reason in WHY. */
int cli_output_matches(const char *path, const nhref_case_t *c, const char *first_line,
                       char *why, size_t len);

/* ------------------------------------------------------------------ the spec options
 * (spec_opts.c): what to run, shared by `run`, `lyapunov` and the options that `sweep`
 * passes to them. */
#define CLI_MAX_ASSIGN 64
enum {
    CLI_OPT_DT_OUT = 256,
    CLI_OPT_T_START,
    CLI_OPT_TIMES,
    CLI_OPT_PREC,
    CLI_OPT_SCHEME,
    CLI_OPT_ORDER,
    CLI_OPT_STAGES,
    CLI_OPT_MAX_STEPS,
    CLI_OPT_MAX_ROWS,
    CLI_OPT_STOP_WHEN,
    CLI_OPT_EVENT,
    CLI_OPT_NO_MODEL_EVENTS,
    CLI_OPT_FAST,
    CLI_OPT_RIGOROUS,
    CLI_OPT_REQUIRE_DIGITS,
    CLI_OPT_FORMAT,
    CLI_OPT_COMMAND_FIRST /* the commands' own options from here */
};
/* the long options of a spec (getopt_long's table rows); short ones: "p:i:T:d:" */
#define CLI_SPEC_LONGOPTS                                                                \
    {"param", required_argument, NULL, 'p'}, {"init", required_argument, NULL, 'i'},     \
        {"t-end", required_argument, NULL, 'T'},                                         \
        {"dt-out", required_argument, NULL, CLI_OPT_DT_OUT},                             \
        {"t-start", required_argument, NULL, CLI_OPT_T_START},                           \
        {"times", required_argument, NULL, CLI_OPT_TIMES},                               \
        {"digits", required_argument, NULL, 'd'},                                        \
        {"prec", required_argument, NULL, CLI_OPT_PREC},                                 \
        {"scheme", required_argument, NULL, CLI_OPT_SCHEME},                             \
        {"order", required_argument, NULL, CLI_OPT_ORDER},                               \
        {"stages", required_argument, NULL, CLI_OPT_STAGES},                             \
        {"max-steps", required_argument, NULL, CLI_OPT_MAX_STEPS},                       \
        {"max-rows", required_argument, NULL, CLI_OPT_MAX_ROWS},                         \
        {"stop-when", required_argument, NULL, CLI_OPT_STOP_WHEN},                       \
        {"event", required_argument, NULL, CLI_OPT_EVENT},                               \
        {"no-model-events", no_argument, NULL, CLI_OPT_NO_MODEL_EVENTS},                 \
        {"fast", no_argument, NULL, CLI_OPT_FAST},                                       \
        {"rigorous", no_argument, NULL, CLI_OPT_RIGOROUS}, {                             \
        "require-digits", required_argument, NULL, CLI_OPT_REQUIRE_DIGITS                \
    }

typedef struct {
    const char *params[CLI_MAX_ASSIGN], *inits[CLI_MAX_ASSIGN], *events[CLI_MAX_ASSIGN];
    int terminal[CLI_MAX_ASSIGN];
    size_t nparam, ninit, nevent;
    const char *t_start, *t_end, *dt_out, *times, *scheme;
    unsigned long digits, prec, order, stages, max_steps, max_rows, require_digits;
    int no_model_events, fast, rigorous;
} cli_spec_opts_t;

void cli_spec_opts_init(cli_spec_opts_t *o);
/* cli_spec_option -- getopt's option C with ARG: 1 taken into O, 0 not a spec option,
 * -1 after an error (a whole number out of range, an unknown scheme, too many). */
int cli_spec_option(cli_spec_opts_t *o, int c, const char *arg);
/* cli_spec_apply -- O into SPEC (messages naming the options), in one order whatever
 * the order of argv.  Returns 0, or the exit status after the message. */
int cli_spec_apply(nhref_spec_t *spec, const cli_spec_opts_t *o);
/* cli_spec_apply_quiet -- cli_spec_apply without its messages and without the check of
 * O's combinations (for a spec built ahead, whose options were applied once already:
 * cmd_sweep.c's batches) */
int cli_spec_apply_quiet(nhref_spec_t *spec, const cli_spec_opts_t *o);
/* cli_spec_new -- *SPEC = a spec of MODEL with O applied.  Returns 0, or the exit status
 * after the message (*SPEC NULL). */
int cli_spec_new(nhref_spec_t **spec, const char *model, const cli_spec_opts_t *o);
/* the exit status of a spec's error STATUS: CLI_FAIL for memory and writes, else
 * CLI_USAGE */
int cli_spec_exit(int status);

/* cli_run_spec -- run SPEC into OUTPUT ("-": standard output) in FORMAT ("csv",
 * "jsonl"), atomically; stop-early outcomes and errors on stderr, prefixed with WHO.
 * Returns the exit status (0; 1 an underflow, no proof, a failed run or write; 2 a
 * spec refused). */
int cli_run_spec(nhref_spec_t *spec, const char *output, const char *format, int quiet,
                 const char *who);

/* The largest --prec the library accepts: its implied digits, BITS log10(2) - 1,
 * at most 10^6 (3321931 bits). */
unsigned long cli_prec_max(void);

/* ------------------------------------------------------------------ the commands' arguments
 * parsed apart from running, so that `sweep` passes its options after '--' through
 * the same parser */
typedef struct {
    cli_spec_opts_t spec;
    const char *model, *output, *format;
    int quiet;
} cli_run_args_t;
/* cli_run_args -- argv of `nhref run` (ARGV[0] the command) into A; NEED_MODEL: the
 * one operand.  Returns 0, 1 after --help, or the exit status after an error. */
int cli_run_args(cli_run_args_t *a, int argc, char **argv, int need_model);

typedef struct {
    cli_spec_opts_t spec;
    const char *model, *output;
    const char *method, *tau, *delta0, *components, *direction, *project;
    int quiet;
} cli_lyap_args_t;
int cli_lyap_args(cli_lyap_args_t *a, int argc, char **argv, int need_model);
/* cli_lyap_spec -- the exponents of SPEC (its times: after 0) with A's method, written to
 * A->output; messages prefixed with WHO.  Returns the exit status. */
int cli_lyap_spec(nhref_spec_t *spec, const cli_lyap_args_t *a, const char *who);
/* the exponents of a spec computed ahead (cli_lyap_batch): its FTLE (nrows doubles) and
 * statistics */
typedef struct {
    double *ftle;
    nhref_stats_t stats;
} cli_lyap_done_t;
/* cli_lyap_batch -- the exponents of the double specs SPEC[0 .. N-1] (their times: after
 * 0) with A's method at once (nhref_lyapunov_run_batch), silently: DONE[k] (malloc'ed,
 * for cli_lyap_spec_done; free with cli_lyap_done_free) for each spec whose lane reached
 * every time, else NULL (run it with cli_lyap_spec, which says why).  Returns how many. */
size_t cli_lyap_batch(nhref_spec_t *const *spec, size_t n, const cli_lyap_args_t *a,
                      cli_lyap_done_t **done);
void cli_lyap_done_free(cli_lyap_done_t *d);
/* cli_lyap_spec_done -- cli_lyap_spec with the exponents DONE computed ahead (NULL: compute
 * them): the same checks, messages and output file, byte for byte. */
int cli_lyap_spec_done(nhref_spec_t *spec, const cli_lyap_args_t *a, const char *who,
                       const cli_lyap_done_t *done);

/* The first 40 characters of S for a message (with "..." if longer), in BUF. */
const char *cli_shorten(char *buf, size_t len, const char *s);

/* A progress reporter on stderr, active only when stderr is a terminal. */
typedef struct {
    const char *what;
    double last;
    int active;
} cli_progress_t;
void cli_progress_init(cli_progress_t *p, const char *what);
void cli_progress(void *p, double fraction);
void cli_progress_end(cli_progress_t *p);

#endif /* NHREF_CLI_H */
