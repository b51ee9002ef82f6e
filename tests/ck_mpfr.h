/* ck_mpfr.h -- MPFR-aware assertions for the Check suites.
 *
 * Check's float assertions are double-only; these compare MPFR numbers without
 * going through double.  Each macro records the caller's file and line, and on
 * failure prints both values with 40 significant digits.  Expected values must
 * come from oracle/, data/ or an identity, never from the code under test.
 */
#ifndef CK_MPFR_H
#define CK_MPFR_H

#include <check.h>
#include <mpfr.h>

/* got == want exactly (mpfr_equal_p: NaN never equals). */
#define ck_assert_mpfr_eq(got, want) ck_mpfr_eq_at((got), (want), #got, __FILE__, __LINE__)

/* |got - want| <= 10^-digits * max(|want|, scale): mixed relative/absolute
 * agreement to DIGITS decimal digits (scale is a decimal string, e.g. "1"). */
#define ck_assert_mpfr_digits(got, want, digits, scale) \
    ck_mpfr_digits_at((got), (want), (digits), (scale), #got, __FILE__, __LINE__)

/* Same, WANT given as a decimal string parsed at the precision of GOT + 64. */
#define ck_assert_mpfr_str(got, want_str, digits, scale) \
    ck_mpfr_str_at((got), (want_str), (digits), (scale), #got, __FILE__, __LINE__)

/* Decimal digits of agreement: -log10(|got - want| / max(|want|, scale)),
 * capped at 10000 for an exact match. */
double ck_mpfr_agree_digits(mpfr_srcptr got, mpfr_srcptr want, const char *scale);

void ck_mpfr_eq_at(mpfr_srcptr got, mpfr_srcptr want, const char *what, const char *file,
                   int line);
void ck_mpfr_digits_at(mpfr_srcptr got, mpfr_srcptr want, double digits, const char *scale,
                       const char *what, const char *file, int line);
void ck_mpfr_str_at(mpfr_srcptr got, const char *want, double digits, const char *scale,
                    const char *what, const char *file, int line);

/* Seed of the suites' pseudo-random tests: NHREF_TEST_SEED from the
 * environment, else a fixed default; printed in every failure message. */
unsigned long ck_seed(void);

#endif /* CK_MPFR_H */
