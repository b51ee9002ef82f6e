/* internal.h -- helpers shared inside libnhref (not installed). */
#ifndef NHREF_INTERNAL_H
#define NHREF_INTERNAL_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_model.h"

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

/* nhref_decimal_max_exp -- 64 max(PREC, 64): nhref_decimal_set at PREC bits
 * refuses |x| >= 2^this. */
mpfr_exp_t nhref_decimal_max_exp(mpfr_prec_t prec);

/* nhref_decimal_why -- the reason nhref_decimal_set refused S at PREC bits
 * with STATUS, for messages, in BUF (LEN bytes): "'S' is not a finite decimal
 * number", or for NHREF_ERANGE "'S' is too large in magnitude: |x| must be
 * below 2^B (about 1.04e1233), ..." (or too small).  S is shortened to 32
 * characters and "..." beyond 40.  Returns BUF. */
const char *nhref_decimal_why(char *buf, size_t len, const char *s, mpfr_prec_t prec, int status);

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
