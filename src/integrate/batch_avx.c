/* batch_avx.c -- the batch mode's lanes compiled for AVX (x86-64, GCC): the
 * interpreter in lanes (batch_jet.c) and the packs' driver (batch.c) once more, their
 * names ending in v_avx (num/num_v.h), a four-lane operation one 256-bit instruction
 * instead of two 128-bit ones.  nhref_integrate_batch_d runs them where the CPU has AVX
 * (__builtin_cpu_supports).  The same operations in the same order, without fused
 * multiply-adds (-ffp-contract=off; AVX has none): the values are the baseline's, bit
 * for bit. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC target("avx")
#define NHREF_NUM_V_AVX 1
#include "integrate/batch_jet.c"
#include "integrate/batch.c"
#else
typedef int nhref_batch_avx_none; /* no AVX instance on this target */
#endif
