/* io_internal.h -- what the files of io/ share with each other and with verify/
 * (private, not installed): the CSV cell reader of table.c, the data-line hash of
 * data_sha256.c and the hooks of outfile.c that feed it. */
#ifndef NHREF_IO_INTERNAL_H
#define NHREF_IO_INTERNAL_H

#include <stddef.h>

#include <mpfr.h>
#include <nettle/sha2.h>

#include "nhref_io.h"

/* nhref_table_cell_set -- X = a value of a CSV cell (nhref_io.h): a decimal
 * number (nhref_decimal_set), "nan" or "" for NaN, "inf", "-inf", "infinity"
 * (any case) for an infinity.  Returns NHREF_OK or NHREF_EPARSE. */
int nhref_table_cell_set(mpfr_ptr x, const char *s);

/* The SHA-256 of the data lines of a stream (the lines not starting with '#', each
 * with its '\n'), fed as it is written (data_sha256.c). */
typedef struct {
    struct sha256_ctx ctx;
    int at_start, skip;
} nhref_linehash_t;
void nhref_linehash_init(nhref_linehash_t *h);
void nhref_linehash_update(nhref_linehash_t *h, const char *p, size_t n);
/* HEX (64 hex digits + NUL) = the hash so far; H may still be fed */
void nhref_linehash_final(const nhref_linehash_t *h, char hex[65]);

/* nhref_outfile_linehash -- the hash of F's data lines written so far, or NULL when
 * F's stream does not go through nhref's own write function (no fopencookie). */
const nhref_linehash_t *nhref_outfile_linehash(nhref_outfile_t *f);

/* nhref_outfile_readfd -- the descriptor of F's temporary file, open for reading and
 * writing (a file that will be renamed or copied into place), or -1 when F writes
 * directly (standard output, a device, a FIFO). */
int nhref_outfile_readfd(nhref_outfile_t *f);

#endif /* NHREF_IO_INTERNAL_H */
