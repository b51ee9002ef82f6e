/* nhref_io.h -- output files written atomically, and the trajectory CSV format.
 *
 * Trajectory CSV (what `nhref run` writes): `#` metadata lines "# key: value";
 * the last of them is "# columns: t,x,..." followed by a line "# t,x,..." (the
 * column names, commented); then rows of decimal numbers separated by commas,
 * an undefined value (an integral outside its domain) written "nan".  So
 *     numpy.loadtxt(path, delimiter=',')
 * reads the numbers (comments skipped), and
 *     pandas.read_csv(path, comment='#', header=None, names=[...])
 * reads them with the names of the "# columns:" line.
 */
#ifndef NHREF_IO_H
#define NHREF_IO_H

#include <stdio.h>

#include <mpfr.h>

#include "nhref_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ atomic files */
typedef struct nhref_outfile nhref_outfile_t;

/* nhref_outfile_open -- start writing PATH atomically: the data go to a
 * temporary file in the same directory, renamed over PATH by
 * nhref_outfile_commit; nothing at PATH changes before that.  PATH "-" is
 * standard output (written directly).
 * Returns NHREF_OK, NHREF_EIO (directory not writable: errno tells why),
 * NHREF_ENOMEM. */
int nhref_outfile_open(nhref_outfile_t **f, const char *path);
/* The stream to write to. */
FILE *nhref_outfile_stream(nhref_outfile_t *f);
/* nhref_outfile_commit -- flush, sync and rename into place; frees F.
 * Returns NHREF_OK or NHREF_EIO (then PATH is untouched and the temporary
 * file removed). */
int nhref_outfile_commit(nhref_outfile_t *f);
/* nhref_outfile_abort -- remove the temporary file; PATH is untouched; frees F. */
void nhref_outfile_abort(nhref_outfile_t *f);

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

#ifdef __cplusplus
}
#endif

#endif /* NHREF_IO_H */
