/* dot_mp.h -- sums of products of MPFR numbers with one rounding (internal; dot_mp.c
 * says how and how accurately).  Used by num_mp.h's num_dot, num_dot_w and
 * num_dot_sym. */
#ifndef NHREF_NUM_DOT_MP_H
#define NHREF_NUM_DOT_MP_H

#include <mpfr.h>

/* operands and results of at most this many limbs take the fast path (256 limbs:
 * 16384 bits, about 4900 digits; the buffers are on the stack); larger ones the slow
 * path */
#define NHREF_DOT_MP_MAX_LIMBS 256
/* operands of equal size of at least this many limbs take Mulders' short product over
 * GMP's mpn_mul_n (Karatsuba, Toom) instead of schoolbook rows of mpn_addmul_1.
 * Measured (CPU time per term of the Cauchy sums of 150 terms, MPFR 4.2.0, GMP 6.2.1,
 * x86-64, a shared 2-core machine; new / old): 1.04 at 8 limbs, 0.98 at 12, 0.93 at
 * 16, 0.93 at 17, 0.94 at 24, 0.96 at 32, 0.85 at 53 (1000 digits), 0.75 at 100,
 * 0.60 at 157 (3000 digits).  Below it, products are GMP's full mpn_mul (its
 * basecase, two rows at a time) rather than a short product of mpn_addmul_1 rows: the
 * sleigh's run at 200 digits (11 limbs; bench_sleigh 200:5, fastest of 5 runs, three
 * interleaved rounds, load 1) 0.208-0.219 s -> 0.184-0.191 s; at 300 digits (17
 * limbs) the full product was 10 % slower than Mulders' (0.67-0.74 s against
 * 0.75-0.80 s), so the crossover stays at 16 */
#define NHREF_DOT_MP_MULHIGH_MIN 16
/* exponents beyond +-2^60 take the slow path (no overflow in the exponent arithmetic) */
#define NHREF_DOT_MP_MAX_EXP (1L << 60)

/* the integer weight W0 + i DW of term i */
typedef struct {
    long w0, dw;
} nhref_dot_mp_weight_t;

/* nhref_dot_mp -- RES = INIT +- (sum_{i < LEN} W_i X[i XS] Y[i YS] + MID^2), sign -
 * if SUB, rounded to nearest once (dot_mp.c gives the error bound).  INIT NULL: no
 * initial value; WT NULL: every weight 1; MID NULL: no square term.  RES may alias
 * INIT, X, Y or MID.  TMP: a number of RES's precision for the slow path (special
 * operands, huge precisions). */
void nhref_dot_mp(mpfr_ptr res, mpfr_srcptr init, int sub, mpfr_srcptr x, long xs,
                  mpfr_srcptr y, long ys, long len, const nhref_dot_mp_weight_t *wt,
                  mpfr_srcptr mid, mpfr_ptr tmp);

#endif /* NHREF_NUM_DOT_MP_H */
