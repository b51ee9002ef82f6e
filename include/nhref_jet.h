/* nhref_jet.h -- Taylor-mode automatic differentiation kernels ("jets") in MPFR.
 *
 * A series (jet) is a contiguous array of MPFR numbers indexed by order:
 * u + j holds the normalised Taylor coefficient u_j = u^(j)(t0) / j! of a
 * function u(t0 + h) = sum_j u_j h^j.  Series are passed as mpfr_ptr (output)
 * or mpfr_srcptr (input); an array declared `mpfr_t u[N + 1]` is passed as
 * `u[0]`.
 *
 * Every kernel computes ONE coefficient, of order k, of the result w of an
 * elementary operation, assuming that the arguments are known to order k
 * (u[0..k], v[0..k]) and the result and its auxiliary series to order k - 1.
 * Order by order is what an ODE needs: x_{k+1} = f_k / (k + 1).  Calling a
 * kernel for k = 0, 1, ..., K in turn yields the jet to order K; order 0 is
 * the function value, computed with the same MPFR function as the plain
 * evaluator so that order 0 of a jet equals f exactly.
 *
 * One source, three number types.  The recurrences are written once
 * (src/jet/<op>.h) and compiled for each number type: MPFR (the functions
 * below without suffix), IEEE double (suffix _d, below) and Arb balls (suffix
 * _arb, in nhref_arb.h).  Every kernel of every type has the same shape:
 * outputs, inputs, the order k, the type's scratch workspace.
 *
 * Precision and error: MPFR kernels round every operation to nearest at the
 * precision of the destination, and sum the products of a coefficient in
 * order, each product rounded; the relative error of a coefficient of order k
 * is then a small multiple of k * 2^-prec times the condition of the sum (level
 * VALIDATED, see docs/golden.md).  Double kernels do the same in IEEE double.  Arb
 * kernels are rigorous: each coefficient is a ball containing the exact
 * coefficient for every point of the input balls (nhref_arb.h).
 *
 * Aliasing: the result w must not alias an argument; auxiliary series are
 * private to one node.
 *
 * Returns (every kernel): NHREF_OK, or NHREF_EDOMAIN when the operation is
 * undefined at the order-0 values (each kernel says when), when an input
 * coefficient of order k is not finite, or when the result overflows; on
 * NHREF_EDOMAIN the coefficient is set to NaN.  Domain checks are made at
 * k = 0 and, where a higher order would divide by an order-0 value, at k >= 1.
 *
 * Output: W is the START of the result's series; a call writes W + k (and
 * the auxiliary series' coefficient k), nothing else.
 *
 * Cost: a Cauchy-type kernel at order k costs k + 1 multiplications and
 * additions at the working precision; the whole jet to order K, about
 * (K + 1)(K + 2) / 2 per nonlinear operation.  Linear kernels cost O(1).
 *
 * Source: the recurrences are the classical ones of R. E. Moore, "Interval
 * Analysis" (1966), ch. 11, and A. Jorba & M. Zou, Exp. Math. 14(1) (2005),
 * §2; the auxiliary-series forms of atan, atanh, asin, acos and tanh follow from
 * w' = u' d^-1 and w' = d u' with the auxiliary d stated below.
 */
#ifndef NHREF_JET_H
#define NHREF_JET_H

#include <mpfr.h>

#include "nhref_status.h"

NHREF_BEGIN_DECLS

/* The kernels' scratch: two temporaries at the working precision, and the
 * precision itself.  Initialise with nhref_jet_ws_init (PREC bits), clear with
 * nhref_jet_ws_clear.  One workspace serves every kernel, one call at a time. */
typedef struct {
    mpfr_t acc;  /* an accumulator */
    mpfr_t tmp;  /* one product */
    long prec;   /* the working precision [bits] */
} nhref_jet_ws_t;

void nhref_jet_ws_init(nhref_jet_ws_t *ws, long prec);
void nhref_jet_ws_clear(nhref_jet_ws_t *ws);

/* w = c, a constant given as a decimal string (e.g. "0.1", "-2", "1e-3"; "3/2",
 * hexadecimal, "inf" and "nan" are NOT accepted).  w_0 = c rounded to nearest,
 * w_k = 0 for k >= 1.  Returns NHREF_EPARSE for a malformed string,
 * NHREF_EDOMAIN if c overflows. */
int nhref_jet_const(mpfr_ptr w, const char *decimal, unsigned k, nhref_jet_ws_t *ws);

/* w = u + v, w = u - v, w = -u: w_k = u_k +- v_k. */
int nhref_jet_add(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr v, unsigned k, nhref_jet_ws_t *ws);
int nhref_jet_sub(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr v, unsigned k, nhref_jet_ws_t *ws);
int nhref_jet_neg(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = u * v (Cauchy product): w_k = sum_{j=0..k} u_j v_{k-j}. */
int nhref_jet_mul(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr v, unsigned k, nhref_jet_ws_t *ws);

/* w = c * v with c constant in t (c is one number, not a series):
 * w_k = c v_k.  One multiplication. */
int nhref_jet_mul_scalar(mpfr_ptr w, mpfr_srcptr c, mpfr_srcptr v, unsigned k,
                         nhref_jet_ws_t *ws);

/* w = u^2: w_k = 2 sum_{j < k/2} u_j u_{k-j} + [k even] u_{k/2}^2
 * (half the products of nhref_jet_mul). */
int nhref_jet_sqr(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = u / v: w_k = (u_k - sum_{j=1..k} v_j w_{k-j}) / v_0.
 * NHREF_EDOMAIN if v_0 = 0. */
int nhref_jet_div(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr v, unsigned k, nhref_jet_ws_t *ws);

/* w = u / c with c constant in t (one number): w_k = u_k / c.  NHREF_EDOMAIN if
 * c = 0. */
int nhref_jet_div_scalar(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr c, unsigned k,
                         nhref_jet_ws_t *ws);

/* w = sqrt(u): w_0 = sqrt(u_0); w_k = (u_k - sum_{j=1..k-1} w_j w_{k-j}) / (2 w_0).
 * NHREF_EDOMAIN if u_0 < 0 (k = 0) or u_0 = 0 (k >= 1: not differentiable). */
int nhref_jet_sqrt(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* s = sin(u), c = cos(u), computed together (each needs the other):
 * s_k = (1/k) sum_{j=1..k} j u_j c_{k-j},  c_k = -(1/k) sum_{j=1..k} j u_j s_{k-j}.
 * Order 0 uses mpfr_sin_cos.  Fails only on non-finite input, or (NHREF_EDOMAIN,
 * NaN) on |u_0| >= 2^(64 max(P, 64)) at P bits (nhref_decimal_max_exp: bounded
 * argument reduction). */
int nhref_jet_sincos(mpfr_ptr s, mpfr_ptr c, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = exp(u): w_k = (1/k) sum_{j=1..k} j u_j w_{k-j}.
 * NHREF_EDOMAIN (and NaN) on overflow; underflow to 0 is not an error. */
int nhref_jet_exp(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = log(u): w_k = (u_k - (1/k) sum_{j=1..k-1} j w_j u_{k-j}) / u_0.
 * NHREF_EDOMAIN if u_0 <= 0. */
int nhref_jet_log(mpfr_ptr w, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = atan(u), auxiliary d = 1 + u^2 (a series owned by this node, filled to
 * order k by this call): w_k = (u_k - (1/k) sum_{j=1..k-1} j w_j d_{k-j}) / d_0.
 * Fails only on non-finite input. */
int nhref_jet_atan(mpfr_ptr w, mpfr_ptr d, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = atanh(u), auxiliary d = 1 - u^2 (d_0 computed as (1 - u_0)(1 + u_0) to
 * keep its digits near |u_0| = 1), same recurrence as atan.
 * NHREF_EDOMAIN if |u_0| >= 1. */
int nhref_jet_atanh(mpfr_ptr w, mpfr_ptr d, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = tanh(u), auxiliary d = 1 - w^2 (filled to order k by this call; d_0 is
 * computed as sech(u_0)^2, which keeps its digits where w_0 rounds to +-1):
 * w_k = (1/k) sum_{j=1..k} j u_j d_{k-j}.  Fails only on non-finite input. */
int nhref_jet_tanh(mpfr_ptr w, mpfr_ptr d, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = asin(u) and w = acos(u), auxiliary series q = 1 - u^2 and d = sqrt(q)
 * (private to the node, filled to order k by the call; q_0 computed as
 * (1 - u_0)(1 + u_0) to keep its digits near |u_0| = 1):
 * w_k = (+-u_k - (1/k) sum_{j=1..k-1} j w_j d_{k-j}) / d_0 (+ for asin, - for acos).
 * Order 0 uses mpfr_asin, mpfr_acos.
 * NHREF_EDOMAIN if |u_0| > 1 (k = 0), or |u_0| >= 1 (k >= 1: not differentiable).
 * Cost: at order k, a sum of k - 1 products (w) and two half Cauchy products (q, d).
 * Source: from d w' = +-u'; Moore 1966, ch. 11. */
int nhref_jet_asin(mpfr_ptr w, mpfr_ptr q, mpfr_ptr d, mpfr_srcptr u, unsigned k,
                   nhref_jet_ws_t *ws);
int nhref_jet_acos(mpfr_ptr w, mpfr_ptr q, mpfr_ptr d, mpfr_srcptr u, unsigned k,
                   nhref_jet_ws_t *ws);

/* s = sinh(u), c = cosh(u), computed together (each needs the other; distinct series):
 * s_k = (1/k) sum_{j=1..k} j u_j c_{k-j},  c_k = (1/k) sum_{j=1..k} j u_j s_{k-j}.
 * Order 0 uses mpfr_sinh_cosh.  Fails only on non-finite input or overflow
 * (NHREF_EDOMAIN, NaN in both).
 * Cost: two sums of k products at order k.
 * Source: from s' = c u', c' = s u' (the sin/cos pair's with one sign changed). */
int nhref_jet_sinhcosh(mpfr_ptr s, mpfr_ptr c, mpfr_srcptr u, unsigned k, nhref_jet_ws_t *ws);

/* w = u^c, a real power of a positive base with c constant in t (one number, not a
 * series): Miller's recurrence with a real exponent,
 * w_k = (c S1 - S2) / (k u_0), S1 = sum_{j=1..k} j u_j w_{k-j},
 * S2 = sum_{j=1..k-1} (k - j) u_j w_{k-j}.  Order 0 uses mpfr_pow.
 * NHREF_EDOMAIN if u_0 <= 0 (at every order; also for an integer c: use
 * nhref_jet_pow_si for powers of any base) or c is not finite.
 * Cost: two sums of k products at order k.
 * Source: from u w' = c w u' (J.C.P. Miller; Knuth, TAOCP vol. 2, §4.7). */
int nhref_jet_pow_scalar(mpfr_ptr w, mpfr_srcptr u, mpfr_srcptr c, unsigned k, nhref_jet_ws_t *ws);

/* w = u^v with v a series, u_0 > 0: w = exp(g), g = v log u, through the auxiliary
 * series l = log u and g = v l (private to the node, filled to order k by the call):
 * l_k as nhref_jet_log, g_k = (v l)_k, w_k = (1/k) sum_{j=1..k} j g_j w_{k-j}.
 * Order 0 uses mpfr_pow (correctly rounded), not exp(g_0).
 * NHREF_EDOMAIN if u_0 <= 0 (at every order).
 * Precision: the terms of w_k are about w_0 / u_0^k, so a u_0 much below 1 loses
 * digits that nhref_jet_pow_scalar keeps when v is constant (measured: at u_0 = 1e-5,
 * w = u^2, order 3 is 1e-11 off at 53 bits where the exact value is 0).
 * Cost: three Cauchy products at order k (l, g, w).
 * Source: w = exp(v log u): the recurrences of exp, log and the product. */
int nhref_jet_pow(mpfr_ptr w, mpfr_ptr l, mpfr_ptr g, mpfr_srcptr u, mpfr_srcptr v, unsigned k,
                  nhref_jet_ws_t *ws);

/* w = u^n for an integer n.  If u_0 != 0, J.C.P. Miller's recurrence
 * w_k = (1/(k u_0)) sum_{j=1..k} (n j - (k - j)) u_j w_{k-j}  (k + 1 products);
 * if u_0 = 0 and n >= 0, binary powering by Cauchy products, the partial
 * powers kept in AUX, an array of nhref_jet_pow_si_naux(n) series (each at
 * least k + 1 long, private to this node), about 2 log2(n) products.
 * n = 0 gives 1 (also at u_0 = 0), n = 1 a copy.
 * NHREF_EDOMAIN if u_0 = 0 and n < 0. */
int nhref_jet_pow_si(mpfr_ptr w, mpfr_ptr *aux, mpfr_srcptr u, long n, unsigned k,
                     nhref_jet_ws_t *ws);

/* Number of auxiliary series nhref_jet_pow_si needs for exponent N:
 * 0 for n < 3, else floor(log2 n) + popcount(n) - 2 (3 -> 1, 5 -> 2, 7 -> 3).
 * AUX may be NULL when it is 0. */
unsigned nhref_jet_pow_si_naux(long n);

/* ------------------------------------------------------------------ double precision
 * The same kernels, from the same source, on double series (the fast path): every
 * operation in IEEE double, round to nearest.  Order 0 uses the C library's
 * functions (sin, cos, exp, log, atan, atanh, tanh, asin, acos, sinh, cosh, pow, sqrt;
 * pow_si: pow(|u0|, n)
 * with the sign from the parity of n, exact special cases n = -1, 0, 1, 2).  Same
 * statuses: NHREF_EDOMAIN (and NaN in w[k]) where the MPFR kernel gives it,
 * including a non-finite input coefficient of order k or a non-finite result.  No
 * allocation. */
typedef struct {
    double acc[1], tmp[1]; /* scratch */
    long prec;             /* 53 */
} nhref_jet_ws_d_t;

void nhref_jet_ws_init_d(nhref_jet_ws_d_t *ws, long prec);
void nhref_jet_ws_clear_d(nhref_jet_ws_d_t *ws);
int nhref_jet_const_d(double *w, const char *decimal, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_add_d(double *w, const double *u, const double *v, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_sub_d(double *w, const double *u, const double *v, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_neg_d(double *w, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_mul_d(double *w, const double *u, const double *v, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_mul_scalar_d(double *w, const double *c, const double *v, unsigned k,
                           nhref_jet_ws_d_t *ws);
int nhref_jet_sqr_d(double *w, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_div_d(double *w, const double *u, const double *v, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_div_scalar_d(double *w, const double *u, const double *c, unsigned k,
                           nhref_jet_ws_d_t *ws);
int nhref_jet_sqrt_d(double *w, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_sincos_d(double *s, double *c, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_exp_d(double *w, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_log_d(double *w, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_atan_d(double *w, double *d, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_atanh_d(double *w, double *d, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_tanh_d(double *w, double *d, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_pow_si_d(double *w, double **aux, const double *u, long n, unsigned k,
                       nhref_jet_ws_d_t *ws);
int nhref_jet_asin_d(double *w, double *q, double *d, const double *u, unsigned k,
                     nhref_jet_ws_d_t *ws);
int nhref_jet_acos_d(double *w, double *q, double *d, const double *u, unsigned k,
                     nhref_jet_ws_d_t *ws);
int nhref_jet_sinhcosh_d(double *s, double *c, const double *u, unsigned k, nhref_jet_ws_d_t *ws);
int nhref_jet_pow_scalar_d(double *w, const double *u, const double *c, unsigned k,
                           nhref_jet_ws_d_t *ws);
int nhref_jet_pow_d(double *w, double *l, double *g, const double *u, const double *v, unsigned k,
                    nhref_jet_ws_d_t *ws);

NHREF_END_DECLS

#endif /* NHREF_JET_H */
