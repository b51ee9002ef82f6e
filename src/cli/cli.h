/* cli.h -- the nhref command-line tool: subcommands and shared helpers. */
#ifndef NHREF_CLI_H
#define NHREF_CLI_H

#include <stdio.h>

#include "nhref.h"

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

/* The program name for messages ("nhref run"). */
extern const char *cli_prog;

/* "nhref run: message\n" on stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* S without leading and trailing white space (S is modified). */
char *cli_trim(char *s);

/* cli_write_error -- "nhref run: cannot write 'PATH': strerror(ERR)" (PATH "-":
 * "standard output"), for a failed write, flush, close or rename.  After it
 * names standard output, the final check of main() says nothing more. */
void cli_write_error(const char *path, int err);
extern int cli_stdout_reported;


/* The model named NAME, or NULL after an error listing the known models. */
const nhref_model_t *cli_model(const char *name);

/* Split "NAME=VALUE" of OPTION (for messages) into NAME and VALUE (pointers
 * into ARG, which is modified).  Returns 0 or -1 after an error. */
int cli_split_assignment(char *arg, const char *option, char **name, char **value);

/* cli_assign_params -- apply the "NAME=VALUE" strings ARGS[0..N-1] (modified:
 * split at '=') to the parameters of SYS, then the model's range checks.
 * OPTION names the source in messages ("--param"); WHERE prefixes them ("" on
 * the command line, "FILE: " for a file).  Returns 0, or -1 after a one-line
 * error (malformed assignment, unknown name listing the parameters, malformed
 * number with the admissible range, failed range check). */
int cli_assign_params(nhref_system_t *sys, char *const *args, size_t n, const char *where,
                      const char *option);

/* cli_assign_inits -- INIT_STR[i] = the model's default initial value of state
 * component i, overridden by the "NAME=VALUE" strings ARGS[0..N-1] (modified;
 * INIT_STR then points into them); then, unless X0 is NULL, X0 (nstate values)
 * = those decimal strings at the precision of X0.  OPTION and WHERE as for
 * cli_assign_params ("--init").  Returns 0, or -1 after a one-line error. */
int cli_assign_inits(mpfr_ptr x0, const char **init_str, const nhref_model_t *model,
                     char *const *args, size_t n, const char *where, const char *option);

/* cli_check_init -- the model's conditions on the initial state X0 (after
 * cli_assign_inits).  Returns 0, or -1 after a one-line error naming the condition. */
int cli_check_init(const nhref_system_t *sys, mpfr_srcptr x0, const char *where);

/* Parse a decimal string into X (precision of X).  Returns 0 or -1 after an
 * error naming OPTION and the admissible range RANGE. */
int cli_decimal(mpfr_ptr x, const char *s, const char *option, const char *range);

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

/* ------------------------------------------------------------------ limits.c
 * Bounded work, stated up front (docs/limits.md). */

/* The Taylor order the scheme takes for DIGITS: ceil(1.1513 DIGITS + 1), >= 2. */
unsigned long cli_taylor_order(double digits);

/* The largest --prec the library accepts: its implied digits, BITS log10(2) - 1,
 * at most 10^6 (3321931 bits). */
unsigned long cli_prec_max(void);

/* Bytes one MPFR number of PREC bits takes (struct, limbs, allocator overhead). */
double cli_mpfr_bytes(mpfr_prec_t prec);

/* Bytes this process may use: physical memory, or less under ulimit -v / -d. */
double cli_memory_available(void);

/* "12.3 GB" into BUF; returns BUF. */
const char *cli_bytes(char *buf, size_t len, double bytes);

/* 0 if BYTES fit in cli_memory_available(); else -1 after "not enough memory:
 * WHAT need about ..., more than ...". */
int cli_check_memory(double bytes, const char *what);

/* What a run will ask of a scheme, for cli_check_scheme. */
typedef struct {
    const char *scheme;     /* NULL: taylor */
    double digits;          /* resolved tolerance digits */
    mpfr_prec_t prec;       /* resolved working precision [bits] */
    unsigned long prec_opt; /* --prec as given (0: not given), for messages */
    unsigned long order;    /* --order (0: from the tolerance) */
    unsigned long stages;   /* --stages (0: from the tolerance) */
    size_t nnodes, nstate;  /* the right-hand side's tape */
    double grid_bytes;      /* memory of the output grid (0: none) */
    size_t nrows;           /* its rows */
    const char *grid_what;  /* what it is called: NULL for "the output grid" */
    int scheme_options;     /* the command has --order and --scheme (for advice) */
} cli_work_t;

/* cli_check_scheme -- the scheme's limits on the order (Taylor: order from the
 * tolerance <= 100000) and stages (Gauss: <= 2000), and the memory of its
 * workspace plus the output grid.  Returns 0, or -1 after a one-line error
 * naming the limit and what to change. */
int cli_check_scheme(const cli_work_t *w);

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
