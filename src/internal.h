/* internal.h -- helpers shared inside libnhref (not installed). */
#ifndef NHREF_INTERNAL_H
#define NHREF_INTERNAL_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_model.h"

/* nhref_decimal_set -- X = the decimal string S (whole string, finite value,
 * optional sign and exponent), rounded to nearest at the precision of X.
 * Returns NHREF_OK or NHREF_EPARSE (X untouched on error). */
int nhref_decimal_set(mpfr_ptr x, const char *s);

/* nhref_table_cell_set -- X = a value of a CSV cell (nhref_io.h): a decimal
 * number (nhref_decimal_set), "nan" or "" for NaN, "inf", "-inf", "infinity"
 * (any case) for an infinity.  Returns NHREF_OK or NHREF_EPARSE. */
int nhref_table_cell_set(mpfr_ptr x, const char *s);

/* nhref_strdup -- a malloc'ed copy of S, or NULL. */
char *nhref_strdup(const char *s);

/* nhref_trim -- S without leading and trailing white space (S is modified). */
char *nhref_trim(char *s);

/* nhref_vec_new -- N MPFR numbers at PREC bits, contiguous, set to +0 (N = 0
 * allowed); NULL if memory is short.  nhref_vec_free clears and frees them
 * (NULL allowed). */
__mpfr_struct *nhref_vec_new(size_t n, mpfr_prec_t prec);
void nhref_vec_free(__mpfr_struct *v, size_t n);

/* nhref_system_workspace -- an MPFR workspace for TAPE (one of SYS's tapes, or one
 * derived from them) at PREC bits and jets to ORDER, with SYS's parameters set.
 * STRICT: a constant of the tape undefined for these parameters is NHREF_EDOMAIN
 * (no workspace); otherwise it evaluates as NaN (monitoring tapes).
 * Returns NHREF_OK or the status of nhref_tape_mp_new / the parameters. */
int nhref_system_workspace(nhref_tape_mp_t **ws, const nhref_system_t *sys,
                           const nhref_tape_t *tape, mpfr_prec_t prec, unsigned order, int strict);

/* Statistics of the drivers (integrate/stats.c): a fresh record; one step taken
 * (LAST: the step that reached the end, whose clipped size says nothing of h_min). */
#include "nhref_integrate.h"
void nhref_stats_start(nhref_stats_t *s);
void nhref_stats_step(nhref_stats_t *s, const nhref_step_info_t *info, int last);

#endif /* NHREF_INTERNAL_H */
