/* internal.h -- helpers shared inside libnhref (not installed). */
#ifndef NHREF_INTERNAL_H
#define NHREF_INTERNAL_H

#include <stddef.h>

#include <mpfr.h>

/* nhref_decimal_set -- X = the decimal string S (whole string, finite value,
 * optional sign and exponent), rounded to nearest at the precision of X.
 * Returns NHREF_OK or NHREF_EPARSE (X untouched on error). */
int nhref_decimal_set(mpfr_ptr x, const char *s);

/* nhref_strdup -- a malloc'ed copy of S, or NULL. */
char *nhref_strdup(const char *s);

#endif /* NHREF_INTERNAL_H */
