/* num.h -- the number types of the integration core (internal).
 *
 * One source for the jet recurrences, the tape interpreters, the schemes and the
 * driver is compiled once per number type (DESIGN §3 "Number types"); the type is
 * chosen at compile time by NHREF_NUM:
 *
 *   NHREF_NUM_D    IEEE double, round to nearest          (the fast path)
 *   NHREF_NUM_MP   MPFR at the workspace's precision, RNDN (the reference)
 *   NHREF_NUM_ARB  Arb balls (midpoint-radius intervals)   (the proven level)
 *
 * Each type header (num_d.h, num_mp.h, num_arb.h) defines the same static inline
 * operations on the same names, so that generic code reads the same for every type:
 *
 *   num_t, num_ptr, num_srcptr       one number, a pointer to numbers (a series or a
 *                                    vector is a contiguous array of num_t)
 *   NUM_FN(name)                     public name of a per-type function: name (MPFR),
 *                                    name##_d, name##_arb
 *   NUM_TAPE_FN(verb)                nhref_tape_mp_verb, nhref_tape_d_verb, nhref_tape_arb_verb
 *   NUM_JET_FN(op)                   nhref_jet_op, nhref_jet_op_d, nhref_jet_op_arb
 *   NUM_TYPE(base)                   base_t, base_d_t, base_arb_t
 *   NUM_IN(name)                     internal (hidden) per-type name: name##_mp, _d, _arb
 *
 * Arithmetic takes the destination first and the precision (bits) last; MPFR rounds to
 * nearest at the destination's precision (the precision argument is unused), double
 * rounds to nearest (unused), Arb rounds its midpoint at the given precision and adds
 * the rounding error to the radius.  So every operation of the generic code is, per
 * type: correctly rounded (double, MPFR), or rigorous (Arb: the result ball contains
 * the exact result for every point of the argument balls).
 *
 * Two kinds of tests, kept apart by name:
 *   - domain predicates, which decide whether a mathematical operation is defined,
 *     are RIGOROUS: num_may_be_zero (Arb: the ball contains 0), num_is_pos,
 *     num_is_nonneg, num_abs_lt_1 (Arb: true only if every point of the ball passes);
 *   - control tests, which steer step sizes, event brackets and iterations, look at
 *     the value (Arb: the midpoint): num_sgn, num_cmp, num_cmpabs, num_equal,
 *     num_is_zero, num_get_d, num_log_abs.  A control decision never makes an Arb result wrong, only slower or
 *     wider.
 *
 * Sums of products (Cauchy products, the heart of every jet) go through num_dot,
 * num_dot_w (integer weights) and num_dot_sym (the Cauchy square: twice the sum plus a
 * middle square), one kernel per type: MPFR accumulates the exact products at the
 * limb level and rounds once (dot_mp.c: correctly rounded but within 2^-128 ulps of a
 * tie; the result depends only on the operands and the precision), double a plain
 * loop, Arb arb_dot (one rounding error bound for the whole sum).
 *
 * Source of the idea: GSL's templates_on.h (one source, several element types) and
 * Arb's own module-per-type layout.
 */
#ifndef NHREF_NUM_H
#define NHREF_NUM_H

#define NHREF_NUM_D 1
#define NHREF_NUM_MP 2
#define NHREF_NUM_ARB 3
#define NHREF_NUM_V 4 /* four doubles in SIMD lanes: the batch mode's jets (num_v.h) */

#define NHREF_CAT2(a, b) a##b
#define NHREF_CAT(a, b) NHREF_CAT2(a, b)
#define NHREF_CAT3(a, b, c) NHREF_CAT(NHREF_CAT(a, b), c)

#if !defined(NHREF_NUM)
#error "num.h: define NHREF_NUM (NHREF_NUM_D, NHREF_NUM_MP or NHREF_NUM_ARB) before including it"
#elif NHREF_NUM == NHREF_NUM_D
#include "num/num_d.h"
#elif NHREF_NUM == NHREF_NUM_MP
#include "num/num_mp.h"
#elif NHREF_NUM == NHREF_NUM_ARB
#include "num/num_arb.h"
#elif NHREF_NUM == NHREF_NUM_V
#include "num/num_v.h"
#else
#error "num.h: unknown NHREF_NUM"
#endif

/* Cauchy products, coefficient K >= 1 of a product of series (num_d.h says what each
 * computes), for the types whose sums of products are num_dot calls (MPFR: accumulated
 * exactly and rounded once; Arb: arb_dot, rigorous).  num_d.h and num_v.h have their own
 * kernels (NUM_CAUCHY_OWN).  NUM_CAUCHY_DU 1: the interpreter keeps DU_j = j U_j for
 * each SIN node and num_cauchy_w takes it (one sum; Arb, whose num_dot_w is a ball
 * product and an arb_addmul_si per term); 0: DU is NULL. */
#ifndef NUM_CAUCHY_DU
#define NUM_CAUCHY_DU 0
#endif
#ifndef NUM_CAUCHY_OWN

static inline void num_cauchy(num_ptr wk, num_srcptr u, num_srcptr v, unsigned k, num_ptr tmp,
                              long p)
{
    num_dot(wk, NULL, 0, u, 1, v + k, -1, (long)k + 1, tmp, p);
}

static inline void num_cauchy_sym(num_ptr wk, num_srcptr u, unsigned k, num_ptr tmp, long p)
{
    num_dot_sym(wk, NULL, 0, u, 1, u + k, -1, ((long)k + 1) / 2, k % 2 == 0 ? u + k / 2 : NULL, tmp,
                p);
}

static inline void num_cauchy_w(num_ptr wk, num_srcptr du, num_srcptr u, num_srcptr v, unsigned k,
                                num_ptr tmp, long p)
{
    if (du != NULL)
        num_dot(wk, NULL, 0, du + 1, 1, v + k - 1, -1, (long)k, tmp, p);
    else
        num_dot_w(wk, NULL, 0, u + 1, 1, v + k - 1, -1, (long)k, 1, 1, tmp, p);
}
#endif

/* W = sum_{k=FROM..N} C[k] S^(k-FROM) by Horner's rule, N - FROM fused multiply-adds
 * (num_fma: one rounding each in MPFR and Arb, two in double); ACC: scratch of W's
 * precision.  num_d.h keeps the sum in a register (NUM_HORNER_OWN 1). */
#ifndef NUM_HORNER_OWN
#define NUM_HORNER_OWN 0

static inline void num_horner(num_ptr w, num_srcptr c, unsigned from, unsigned n, num_srcptr s,
                              num_ptr acc, long p)
{
    num_set(acc, c + n);
    for (unsigned k = n; k-- > from;)
        num_fma(acc, acc, s, c + k, p);
    num_set(w, acc);
}
#endif

/* A += D with Kahan's compensation E: Y = D + E, S = A + Y, E = Y - (S - A) (the part of Y
 * that S lost), A = S; four roundings.  Y, S: scratch of A's precision, apart from A, E
 * and D.  Used where NUM_COMPENSATED (double).  Source: W. Kahan, "Further remarks on
 * reducing truncation errors", Comm. ACM 8(1), 1965, p. 40. */
#ifndef NUM_KAHAN_ADD_OWN
#define NUM_KAHAN_ADD_OWN 0
static inline void num_kahan_add(num_ptr a, num_ptr e, num_srcptr d, num_ptr y, num_ptr s,
                                 long p)
{
    num_add(y, d, e, p);
    num_add(s, a, y, p);
    num_sub(e, s, a, p);
    num_sub(e, y, e, p);
    num_set(a, s);
}
#endif

/* W[i] = sum_{k=FROM..N} C[i][k] S^(k-FROM) (num_horner of C[i], same operations), for the
 * NC components i < NC of a state (W must not overlap the C[i]); NC (N - FROM) fused
 * multiply-adds.  num_d.h runs four components at a time, as independent chains
 * (NUM_HORNER_N_OWN 1). */
#ifndef NUM_HORNER_N_OWN
#define NUM_HORNER_N_OWN 0
static inline void num_horner_n(num_ptr w, num_srcptr const *c, size_t nc, unsigned from,
                                unsigned N, num_srcptr s, num_ptr acc, long p)
{
    for (size_t i = 0; i < nc; i++)
        num_horner(w + i, c[i], from, N, s, acc, p);
}
#endif

/* names */
#define NUM_IN(name) NHREF_CAT3(name, _, NUM_SUFFIX)
#define NUM_TAPE_FN(verb) NHREF_CAT(NHREF_CAT3(nhref_tape_, NUM_TAPE_INFIX, _), verb)
#define NUM_JET_FN(op) NHREF_CAT(nhref_jet_, NHREF_CAT(op, NUM_PUB_SUFFIX))
#define NUM_FN(name) NHREF_CAT(name, NUM_PUB_SUFFIX)
/* public type name of a per-type type: base_t (MPFR), base_d_t, base_arb_t */
#define NUM_TYPE(base) NHREF_CAT(base, NHREF_CAT(NUM_PUB_SUFFIX, _t))

#endif /* NHREF_NUM_H */
