/* jet.h -- the Taylor-mode recurrences ("jets") of the tape operations, written once
 * for every number type (internal; include after defining NHREF_NUM).
 *
 * Each operation is one file in this directory (add.h, mul.h, ..., pow_si.h, pow.h) defining
 * `static inline` kernels, so that the interpreter of each type inlines them; the
 * public per-type entry points of include/nhref_jet.h and include/nhref_arb.h are the
 * thin wrappers of jet/api.c.
 *
 * Conventions (the contract of include/nhref_jet.h): a series is a contiguous array of
 * num_t indexed by order; a kernel computes coefficient K of its result from the
 * arguments to order K and the result (and its auxiliary series) to order K - 1, and
 * writes nothing else.  It returns NHREF_OK, or NHREF_EDOMAIN with the coefficient set
 * to NaN when the operation is undefined at the order-0 values (rigorously, for Arb:
 * when it may be undefined somewhere in the balls), when an input coefficient is not
 * finite, or when the result is not finite.
 *
 * Hot kernels (add, sub, neg, the products, sin/cos, division by a constant) come in
 * two forms: jet_OP_k (the recurrence alone) and jet_OP (with the checks).  The
 * interpreter of a type with NUM_LAZY_CHECKS (double) uses the unchecked form in its
 * hot loop and checks the state coefficients instead (a NaN or an infinity in a
 * product or a sum reaches them).
 *
 * Source: R. E. Moore, "Interval Analysis" (1966), ch. 11; A. Jorba and M. Zou,
 * Exp. Math. 14(1) (2005), §2 (the recurrences); J. C. P. Miller's power recurrence.
 */
#ifndef NHREF_JET_JET_H
#define NHREF_JET_JET_H

#include <limits.h>
#include <stddef.h>

#include "num/num.h"

#include "nhref_jet.h"
#include "nhref_status.h"
#if NHREF_NUM == NHREF_NUM_ARB
#include "nhref_arb.h"
#endif

/* every kernel is inlined where it is called: the interpreter's switch, and the
 * generated jets, where its sums have constant lengths and unroll */
#define JET_INLINE static inline __attribute__((always_inline))

/* the kernels' scratch of this type: two temporaries and the precision */
typedef NUM_TYPE(nhref_jet_ws) jet_ws_t;

/* coefficient K of W (and of D, if not NULL) is NaN: the status of a failed kernel */
static inline int jet_fail(num_ptr w, num_ptr d, unsigned k)
{
    num_set_nan(w + k);
    if (d != NULL)
        num_set_nan(d + k);
    return NHREF_EDOMAIN;
}

/* the status of a computed coefficient W_k: NaN (and EDOMAIN) if it is not finite */
static inline int jet_done(num_ptr w, unsigned k)
{
    return num_is_finite(w + k) ? NHREF_OK : jet_fail(w, NULL, k);
}

#include "jet/add.h"
#include "jet/sub.h"
#include "jet/neg.h"
#include "jet/mul.h"
#include "jet/mul_scalar.h"
#include "jet/sqr.h"
#include "jet/div.h"
#include "jet/sqrt.h"
#include "jet/sincos.h"
#include "jet/exp.h"
#include "jet/log.h"
#include "jet/atan.h"
#include "jet/atanh.h"
#include "jet/tanh.h"
#include "jet/asin.h"
#include "jet/sinhcosh.h"
#include "jet/pow_si.h"
#include "jet/pow.h"
#include "jet/const.h"

#endif /* NHREF_JET_JET_H */
