/* nhref_io.h -- output files that respect their target, and the CSV dialect.
 *
 * One CSV dialect for `nhref run` output and golden files: the first line is the
 * header row of column names ("t,x,y,..."), then "# key: value" metadata lines,
 * then rows of decimal numbers separated by commas (an undefined value, e.g. an
 * integral outside its domain, is "nan"); `nhref run` adds its outcome as "#"
 * lines after the rows.  So, identically,
 *     pandas.read_csv(path, comment='#')
 *     numpy.genfromtxt(path, delimiter=',', names=True, comments='#')
 *     numpy.loadtxt(path, delimiter=',', skiprows=1)
 * read the numbers with their names.  The header row comes first because
 * genfromtxt(names=True) takes its names from the first line of the file, even a
 * '#' line; pandas takes the first line that is not a comment.
 * (Format versions: nhref-trajectory 2 and nhref-golden 4 -- 4 adds the route
 * proven and a "proven" line per column (its level, PROVEN or VALIDATED), 3 the
 * column sig_digits and significant digits in the certified lines, docs/golden.md.
 * Version 1 files had the header after the metadata, and run's as a "# t,x,..."
 * comment; the reader below still reads them.)
 */
#ifndef NHREF_IO_H
#define NHREF_IO_H

#include <stddef.h>
#include <stdio.h>

#include <mpfr.h>

#include "nhref_status.h"

NHREF_BEGIN_DECLS

/* ------------------------------------------------------------------ decimal input
 * Values enter nhref as decimal strings, parsed by MPFR at the destination's
 * precision, never through double. */

/* nhref_decimal_set -- X = the decimal string S (whole string, finite value,
 * optional sign and exponent), rounded to nearest at the precision P of X.
 * Bounded work: a value that MPFR's exponent range cannot hold, or with
 * |x| >= 2^nhref_decimal_max_exp(P) = 2^(64 max(P, 64)), is refused: sin and
 * cos of it would reduce the argument by pi at about its exponent in bits
 * (MPFR hangs for minutes at 1e100000000), and no physical value is near.
 * The bound grows with P and is at least 2^4096 (about 1.04e1233), so a
 * value accepted at 64 bits (how parameters, tape constants and case files
 * are checked when stored) is accepted at every precision.
 * Returns NHREF_OK; NHREF_EPARSE (not a finite decimal number: empty, leading
 * blank, trailing text, nan, inf); NHREF_ERANGE (a finite decimal number out
 * of these bounds, too large or so small that it underflows).  X is untouched
 * on error; MPFR's flags are left as they were.
 * Cost: one mpfr_strtofr at P bits. */
#define NHREF_DECIMAL_BOUND_FACTOR 64
int nhref_decimal_set(mpfr_ptr x, const char *s);

/* nhref_plain_number -- the length of the plain decimal number at the start of S, or
 * 0 if there is none: digits with at most one decimal point (at least one digit), then
 * optionally an exponent e or E, an optional sign and digits.  No sign in front, no
 * blank, no hex, no inf or nan: the grammar of the digit settings (--min-digits, a golden
 * file's '# digits:', a case file's digits; the CLI's counts take digits only), so that
 * '+5', ' 5' and '0x10' are refused rather than read as 5 and 16.  The caller decides what may
 * follow (S[length] == '\0' for a whole value).  Cost: one pass over the number. */
size_t nhref_plain_number(const char *s);

/* nhref_decimal_max_exp -- 64 max(PREC, 64): nhref_decimal_set at PREC bits
 * refuses |x| >= 2^this. */
mpfr_exp_t nhref_decimal_max_exp(mpfr_prec_t prec);

/* nhref_decimal_why -- the reason nhref_decimal_set refused S at PREC bits
 * with STATUS, for messages, in BUF (LEN bytes): "'S' is not a finite decimal
 * number", or for NHREF_ERANGE "'S' is too large in magnitude: |x| must be
 * below 2^B (about 1.04e1233), ..." (or too small).  S is shortened to 32
 * characters and "..." beyond 40.  Returns BUF. */
const char *nhref_decimal_why(char *buf, size_t len, const char *s, mpfr_prec_t prec, int status);

/* nhref_value_set -- X = the value S of a parameter or an initial state component: a
 * decimal number (nhref_decimal_set, exactly as there), or else a constant expression
 * of nhref_tape_parse's grammar without names other than pi ("pi/7", "1.2*sin(0.3)",
 * "sqrt(2)/2"), evaluated at X's precision + 64 guard bits and rounded to nearest once
 * (relative error at most 2^-P(1 + 2^-60), P X's precision).  The same bounds as
 * nhref_decimal_set.
 * Returns NHREF_OK; NHREF_EPARSE (neither a decimal nor a constant expression, or an
 * expression that reads t); NHREF_ERANGE (beyond the bounds); NHREF_EDOMAIN (undefined:
 * sqrt(-1), log(0), 1/0); NHREF_ENOMEM.  X is untouched on error.
 * nhref_value_why -- the reason, as nhref_decimal_why (the parser's column for an
 * expression).  nhref_value_arb (nhref_arb.h) -- the same value enclosed in a ball.
 * Cost: a decimal, one mpfr_strtofr; an expression, its parse and one evaluation. */
int nhref_value_set(mpfr_ptr x, const char *s);
const char *nhref_value_why(char *buf, size_t len, const char *s, mpfr_prec_t prec, int status);

/* nhref_vec_new -- N MPFR numbers at PREC bits, contiguous, set to +0 (N = 0
 * allowed): the vectors of the MPFR API (a state, a grid, rows).  NULL if memory is
 * short.  nhref_vec_free clears and frees them (NULL allowed). */
__mpfr_struct *nhref_vec_new(size_t n, mpfr_prec_t prec);
void nhref_vec_free(__mpfr_struct *v, size_t n);

/* ------------------------------------------------------------------ atomic files */
typedef struct nhref_outfile nhref_outfile_t;

/* nhref_outfile_open -- start writing PATH so that nothing is lost and nothing
 * but PATH's data changes.  What happens depends on what is at PATH, symbolic
 * links followed (the file a link points to is written, the link stays):
 *   - "-", /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: that open
 *     descriptor (duplicated), written directly, wherever it leads;
 *   - a regular file, or nothing yet: the data go to a temporary file
 *     PATH.tmp.XXXXXX beside the target, renamed over it by
 *     nhref_outfile_commit; nothing at PATH changes before that, and an
 *     interrupted or failed run leaves it as it was.  The new file keeps the old
 *     one's mode and, where the process may set them, its owner and group; a new
 *     file gets mode 0666 minus the umask.  A read-only file is refused
 *     (EACCES), as the shell's '>' would;
 *   - a regular file with several hard links: the same temporary file, copied
 *     into the target in place at commit, so that every link sees the new data
 *     (that last copy is not atomic);
 *   - a device (/dev/null, /dev/full, a terminal), a FIFO, or another
 *     process's descriptor in /proc: written directly (opened for appending),
 *     since there is nothing to replace;
 *   - a directory: refused (EISDIR).
 * While the temporary file exists, SIGINT, SIGTERM and SIGHUP remove it and then
 * end the process as they would have (the handler is installed only for signals
 * whose disposition is the default, and removed when no temporary file is left).
 * Returns:   NHREF_OK; NHREF_EIO with errno saying why (ENOENT, EACCES, EISDIR,
 *            ELOOP, ...); NHREF_ENOMEM.
 * Cost:      a few system calls; no data copied except for hard-linked targets. */
int nhref_outfile_open(nhref_outfile_t **f, const char *path);
/* The stream to write to. */
FILE *nhref_outfile_stream(nhref_outfile_t *f);
/* nhref_outfile_error -- 0 while every write to F's stream succeeded, else the
 * errno value of the failure (ENOSPC, EIO, ...), found by flushing again.  For
 * a caller whose writing stopped early, to say why. */
int nhref_outfile_error(nhref_outfile_t *f);
/* nhref_outfile_commit -- flush, close (for a temporary file: fsync, then
 * rename or copy into place); frees F.
 * Returns:   NHREF_OK, or NHREF_EIO with errno set (a write, flush, sync, close
 *            or rename error: ENOSPC, EIO, ...); then PATH is untouched (except a
 *            device, FIFO or hard-linked file written directly) and the
 *            temporary file removed. */
int nhref_outfile_commit(nhref_outfile_t *f);
/* nhref_outfile_abort -- close, remove the temporary file (PATH untouched);
 * frees F (NULL allowed); errno is preserved. */
void nhref_outfile_abort(nhref_outfile_t *f);

/* ------------------------------------------------------------------ data checksums
 * The data lines of an output file are the lines that do not start with '#', each
 * with its '\n' (a last line without one counts with one); their SHA-256 is what
 * `grep -v '^#' FILE | sha256sum` prints, and what nhref writes on a
 * "# sha256: HEX (...)" metadata line (golden files before the data, trajectory and
 * Lyapunov files after it). */

/* nhref_outfile_data_sha256 -- the SHA-256 (64 hex digits + NUL in HEX) of the data
 * lines written to F so far, whatever F writes to (a file, standard output, a device
 * or a FIFO): the stream hashes them as they pass (where the C library lacks
 * fopencookie, the temporary file is read back instead, and standard output has no
 * checksum).  F may be written on afterwards.
 * Returns NHREF_OK; NHREF_EINVAL (no checksum for this F); NHREF_EIO (a flush or
 * read error).  Cost: none beyond hashing the data once. */
int nhref_outfile_data_sha256(nhref_outfile_t *f, char hex[65]);

/* nhref_file_data_sha256 -- the SHA-256 of the data lines of the file PATH in HEX,
 * and in CLAIMED the 64 hex digits of its last "# sha256:" line ("" if it has none).
 * The file checks out when both are equal.
 * Returns NHREF_OK or NHREF_EIO (cannot open or read PATH: errno says why).
 * Cost: one read of the file. */
int nhref_file_data_sha256(const char *path, char hex[65], char claimed[65]);

/* ------------------------------------------------------------------ CSV */
/* "# key: value" */
void nhref_csv_meta(FILE *out, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* nhref_csv_value -- X in scientific notation with DIGITS significant digits
 * ("nan" for NaN, "inf"/"-inf"), exactly as mpfr_printf's %.*Re. */
void nhref_csv_value(FILE *out, mpfr_srcptr x, int digits);

/* ------------------------------------------------------------------ reading CSV tables
 * A table read from a CSV file written by nhref or by any other program
 * (numpy.savetxt, pandas' to_csv, a spreadsheet, a C printf loop):
 *   - text is ASCII or UTF-8; a UTF-8 byte-order mark is skipped; lines end with
 *     LF or CRLF;
 *   - lines starting with '#' are metadata; "# key: value" lines are kept in order,
 *     wherever they stand (nhref run puts its outcome after the rows);
 *   - the separator is ',', ';' or tab: given, or detected on the first line that is
 *     not a comment (the one of the three that occurs most often there outside
 *     quotes; ',' when none does);
 *   - a field may be quoted ("..." with "" for a quote, RFC 4180), and may then
 *     contain the separator; blanks around a field are dropped;
 *   - the column names are the first non-comment line if it is not all values
 *     (a plain header row), else the "# columns: a,b,..." line, else the last
 *     comment line that is a comma-separated list of names (nhref run's "# t,x,...");
 *   - a header row whose first name is empty (pandas' default index column:
 *     ",t,x,y") marks an index column: it is dropped, whatever its values;
 *   - every other non-empty line is a row of values: a decimal number, "nan"
 *     (any case) or an empty field (pandas' NaN) for NaN, "inf", "-inf" or
 *     "infinity" (any case) for an infinity.  Numbers are parsed with
 *     nhref_decimal_set at the precision asked, never through double.
 * Every form that is not read is an error naming the form, the file and the line:
 * a NUL byte (binary data), UTF-16 or UTF-32 text, a carriage return inside a line,
 * a quoted field running past its line, text after a closing quote or a stray
 * quote, a row with the wrong number of values, a value that is not a number
 * (with a hint for a decimal comma or blank-separated values), a missing, empty or
 * duplicated column name.
 * Cost: linear in the size of the file (column names are checked for duplicates
 * through a hash table).
 */
typedef struct {
    char *path;
    size_t ncol, nrow;
    char **name;           /* ncol column names */
    __mpfr_struct *v;      /* nrow x ncol values, row-major, at the precision asked */
    char **text;           /* nrow x ncol values as written (unquoted, trimmed) */
    size_t *line;          /* nrow: the file line of each row (1-based) */
    size_t nmeta;
    char **meta_key;       /* nmeta "# key: value" pairs, in file order */
    char **meta_value;
    char sha256[65];       /* SHA-256 (hex) of the lines after the metadata: the header
                              row, if plain, and the rows, each with its '\n' */
    char sep;              /* the separator of the rows: ',', ';' or '\t' */
    int index_dropped;     /* 1 if an unnamed first column (an index) was dropped */
    size_t header_line;    /* the line of the column names (0 if none was read) */
} nhref_table_t;

/* The limits of a table, checked as it is read (in chunks of at most the buffer's size, so
 * little is read beyond them): a line of at most NHREF_TABLE_MAX_LINE bytes (1 MiB); a
 * regular file of at most NHREF_TABLE_MAX_BYTES (1 GiB: its size is known, and a larger one
 * is refused before it is read); anything else -- standard input from a pipe, a FIFO, a
 * device, a socket, whose end nobody knows -- at most NHREF_TABLE_MAX_STREAM (32 MiB, about
 * 85 000 rows of 10 values at 30 digits: write a larger table to a file).  /dev/zero is
 * refused within 2 MiB, an endless pipe after 32 MiB (docs/limits.md). */
#define NHREF_TABLE_MAX_LINE (1 << 20)
#define NHREF_TABLE_MAX_BYTES ((size_t)1 << 30)
#define NHREF_TABLE_MAX_STREAM ((size_t)1 << 25)

/* nhref_table_read -- read PATH ("-" for standard input) into *TAB, values at
 * PREC bits (parsed as decimal strings, never through double); the separator
 * detected.  Same as nhref_table_read_sep(tab, path, prec, 0, err, errlen). */
int nhref_table_read(nhref_table_t **tab, const char *path, mpfr_prec_t prec, char *err,
                     size_t errlen);

/* nhref_table_read_sep -- read PATH ("-" for standard input) into *TAB with
 * separator SEP (',', ';' or '\t'; 0 to detect it).
 * Returns: NHREF_OK; NHREF_EINVAL (SEP not one of those); NHREF_EIO (cannot
 * read: the message in ERR says why); NHREF_EPARSE with "path:line: what was
 * expected" in ERR (any form listed above that is not read; no column names,
 * no rows; a line or a file beyond the limits above); NHREF_ENOMEM.  Cost: linear in the file's
 * size. */
int nhref_table_read_sep(nhref_table_t **tab, const char *path, mpfr_prec_t prec, char sep,
                         char *err, size_t errlen);

/* nhref_table_parse -- the same from LEN bytes at DATA (may contain NUL bytes,
 * which are an error); NAME stands for the file in messages. */
int nhref_table_parse(nhref_table_t **tab, const char *data, size_t len, const char *name,
                      mpfr_prec_t prec, char sep, char *err, size_t errlen);
void nhref_table_free(nhref_table_t *tab);

/* Index of column NAME, or -1. */
int nhref_table_column(const nhref_table_t *tab, const char *name);
/* The first metadata value for KEY (after *FROM, which is updated; FROM may be
 * NULL to start at the beginning), or NULL. */
const char *nhref_table_meta(const nhref_table_t *tab, const char *key, size_t *from);

/* nhref_sha256_hex -- SHA-256 of LEN bytes at DATA as 64 hex digits + NUL in OUT. */
void nhref_sha256_hex(char out[65], const void *data, size_t len);

NHREF_END_DECLS

#endif /* NHREF_IO_H */
