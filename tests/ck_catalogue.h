/* ck_catalogue.h -- the golden catalogue for the test suites: every
 * data/golden/<model>/<case>.csv under $top_srcdir, and the metadata helpers the
 * suites share. */
#ifndef CK_CATALOGUE_H
#define CK_CATALOGUE_H

#include <stddef.h>

/* $top_srcdir, or ".." */
const char *ck_top_srcdir(void);

/* The golden files, sorted; *N of them (at most 512).  Free with ck_golden_free. */
char **ck_golden_files(size_t *n);
void ck_golden_free(char **files, size_t n);

/* "NAME = VALUE [unit]" (a param or init metadata line) -> NAME, VALUE, each at most
 * LEN bytes with the NUL. */
void ck_name_value(const char *s, char *name, char *value, size_t len);

#endif /* CK_CATALOGUE_H */
