/* nhref_arb.h -- the tape interpreter and the jet kernels in Arb ball arithmetic
 * (libflint-arb): rigorous enclosures.
 *
 * The same sources as the MPFR and double interpreters (nhref_tape.h, nhref_jet.h),
 * compiled for Arb's arb_t: every value is a ball [m - r, m + r], and every operation
 * returns a ball that contains the exact result for every point of its argument
 * balls.  Hence:
 *   - nhref_tape_arb_eval: each output ball contains f(t, x, p) for every t, x, p in
 *     the input balls (the parameters and the decimal constants of the tape enter as
 *     balls that contain their decimal values exactly);
 *   - nhref_tape_arb_ode_jet: each coefficient ball contains the exact Taylor
 *     coefficient of the solution through (t, x), for every point of the balls.
 * Where Arb cannot bound a result -- a square root or logarithm of a ball that reaches
 * below 0, a division by a ball that contains 0, atanh of a ball that reaches +-1 --
 * the status is NHREF_EDOMAIN and the value NaN (indeterminate): never a ball that
 * might not contain the result.
 *
 * Control decisions inside the interpreter (the pivot order of a linear solve) look
 * at midpoints; they change only how wide a ball is, never whether it encloses.
 *
 * Precision: PREC bits for every midpoint; radii grow with the condition of the
 * computation.  For exact inputs (radius 0), the relative radius of a coefficient is a
 * modest multiple of 2^-PREC.
 *
 * Source: F. Johansson, "Arb: efficient arbitrary-precision midpoint-radius interval
 * arithmetic", IEEE Trans. Computers 66(8) (2017); R. E. Moore, "Interval Analysis"
 * (1966), ch. 11 (interval Taylor coefficients).
 */
#ifndef NHREF_ARB_H
#define NHREF_ARB_H

#include <stddef.h>

#include <arb.h>

#include "nhref_status.h"
#include "nhref_tape.h"

NHREF_BEGIN_DECLS

/* ------------------------------------------------------------------ jet kernels
 * As nhref_jet.h, on arb_t series; every kernel rigorous (see above). */
typedef struct {
    arb_t acc, tmp; /* scratch */
    long prec;      /* the working precision [bits] */
} nhref_jet_ws_arb_t;

void nhref_jet_ws_init_arb(nhref_jet_ws_arb_t *ws, long prec);
void nhref_jet_ws_clear_arb(nhref_jet_ws_arb_t *ws);
int nhref_jet_const_arb(arb_ptr w, const char *decimal, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_add_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_sub_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_neg_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_mul_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_mul_scalar_arb(arb_ptr w, arb_srcptr c, arb_srcptr v, unsigned k,
                             nhref_jet_ws_arb_t *ws);
int nhref_jet_sqr_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_div_arb(arb_ptr w, arb_srcptr u, arb_srcptr v, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_div_scalar_arb(arb_ptr w, arb_srcptr u, arb_srcptr c, unsigned k,
                             nhref_jet_ws_arb_t *ws);
int nhref_jet_sqrt_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_sincos_arb(arb_ptr s, arb_ptr c, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_exp_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_log_arb(arb_ptr w, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_atan_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_atanh_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_tanh_arb(arb_ptr w, arb_ptr d, arb_srcptr u, unsigned k, nhref_jet_ws_arb_t *ws);
int nhref_jet_pow_si_arb(arb_ptr w, arb_ptr *aux, arb_srcptr u, long n, unsigned k,
                         nhref_jet_ws_arb_t *ws);

/* ------------------------------------------------------------------ tape interpreter
 * As nhref_tape_mp_new, ..., nhref_tape_mp_state_series, in Arb at PREC bits.
 * Statuses as the MPFR functions; NHREF_EDOMAIN also where a ball is too wide for the
 * operation to be bounded (see above). */
typedef struct nhref_tape_arb nhref_tape_arb_t;

int nhref_tape_arb_new(nhref_tape_arb_t **ws, const nhref_tape_t *tape, long prec,
                       unsigned order);
void nhref_tape_arb_free(nhref_tape_arb_t *ws);
long nhref_tape_arb_prec(const nhref_tape_arb_t *ws);
unsigned nhref_tape_arb_order(const nhref_tape_arb_t *ws);
int nhref_tape_arb_set_params(nhref_tape_arb_t *ws, arb_srcptr params);
int nhref_tape_arb_eval(arb_ptr out, nhref_tape_arb_t *ws, arb_srcptr t, arb_srcptr x);
int nhref_tape_arb_ode_jet(nhref_tape_arb_t *ws, arb_srcptr t, arb_srcptr x, unsigned order);
arb_srcptr nhref_tape_arb_state_series(const nhref_tape_arb_t *ws, size_t i);

NHREF_END_DECLS

#endif /* NHREF_ARB_H */
