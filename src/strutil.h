/* strutil.h -- the string helpers the library shares (defined in decimal.c; private,
 * not installed).  The decimal parsing and the MPFR vectors of decimal.c are public:
 * nhref_io.h. */
#ifndef NHREF_STRUTIL_H
#define NHREF_STRUTIL_H

/* nhref_strdup -- a malloc'ed copy of S, or NULL. */
char *nhref_strdup(const char *s);

/* nhref_trim -- S without leading and trailing white space (S is modified). */
char *nhref_trim(char *s);

/* nhref_shorten -- the first 40 characters of S for a message ("..." after 32 when it
 * is longer), in BUF (LEN bytes); returns BUF. */
#include <stddef.h>
const char *nhref_shorten(char *buf, size_t len, const char *s);

/* nhref_path_beside -- the first LEN bytes of REL as a path relative to the directory
 * of FILE (REL itself if it is absolute or FILE has no directory): a model file named by
 * a case or golden file, a symbolic link's target.  A malloc'ed string, or NULL. */
char *nhref_path_beside(const char *file, const char *rel, size_t len);

#endif /* NHREF_STRUTIL_H */
