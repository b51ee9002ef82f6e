/* mul.h -- the jet of w = u v (Cauchy product, for every number type; see jet.h).
 *
 * Recurrence: w_k = sum_{j=0..k} u_j v_{k-j}; order 0 is the product u_0 v_0.
 * The sum is the type's num_cauchy (MPFR: rounded once; double: the two terms with
 * u_k, v_k last).
 * NHREF_EDOMAIN (w_k = NaN) if u_k or v_k is not finite or the sum overflows.
 */
JET_INLINE void jet_mul_k(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    if (k == 0)
        num_mul(w, u, v, ws->prec);
    else
        num_cauchy(w + k, u, v, k, ws->tmp, ws->prec);
}

JET_INLINE int jet_mul(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k) || !num_is_finite(v + k))
        return jet_fail(w, NULL, k);
    jet_mul_k(w, u, v, k, ws);
    return jet_done(w, k);
}
