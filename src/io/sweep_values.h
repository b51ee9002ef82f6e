/* sweep_values.h -- the values of one param/init line of a case file: a single
 * decimal, a list, linspace, logspace, or a seeded sample (uniform, normal) drawn
 * from a counter-based SplitMix64 stream.  The format is documented in
 * include/nhref_golden.h; this header is internal to libnhref. */
#ifndef NHREF_SWEEP_VALUES_H
#define NHREF_SWEEP_VALUES_H

#include <stddef.h>
#include <stdint.h>

/* What a line gives: one value, an axis of the product (list, linspace,
 * logspace), or a sample (all samples of a case are drawn jointly: sample j of
 * every sampled line goes into expanded case j of that axis). */
enum { NHREF_SWEEP_ONE = 0, NHREF_SWEEP_AXIS = 1, NHREF_SWEEP_SAMPLE = 2 };

/* The most values one line (or one expanded section) may give. */
#define NHREF_SWEEP_MAX 1000000UL

/* Significant digits of generated values (linspace, logspace, samples). */
#define NHREF_SWEEP_DIGITS 20

/* SplitMix64's output function (Steele, Lea & Flood 2014; Vigna's splitmix64.c). */
uint64_t nhref_splitmix64_mix(uint64_t z);

/* The 64-bit word of draw S (0 or 1) of sample I in the stream of KEY
 * ("param A1", "init theta") for SEED:
 *   base = SEED xor FNV-1a-64(KEY),  word = mix(base + (2 I + S + 1) * 0x9E3779B97F4A7C15). */
uint64_t nhref_splitmix64_word(uint64_t seed, const char *key, uint64_t i, unsigned s);

/* nhref_sweep_values -- the values of TEXT (the right-hand side of the line
 * "KEY = TEXT", KEY like "param A1") as *N malloc'ed decimal strings in *V, and
 * their *KIND.  Returns 0, or -1 with a one-line reason in WHY (LEN bytes). */
int nhref_sweep_values(char ***v, size_t *n, int *kind, const char *key, const char *text,
                       char *why, size_t len);

/* Free N strings and the array V. */
void nhref_sweep_values_free(char **v, size_t n);

#endif /* NHREF_SWEEP_VALUES_H */
