/* sqr.h -- the jet of w = u^2 (for every number type; see jet.h).
 *
 * Recurrence: w_k = 2 sum_{j < k/2} u_j u_{k-j} + [k even] u_{k/2}^2, half the products
 * of the Cauchy product (the type's num_cauchy_sym); order 0 is the square u_0^2.
 * NHREF_EDOMAIN (w_k = NaN) if u_k is not finite or the result overflows.
 */
JET_INLINE void jet_sqr_k(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (k == 0) {
        num_sqr(w, u, ws->prec);
        return;
    }
    num_cauchy_sym(w + k, u, k, ws->tmp, ws->prec);
}

JET_INLINE int jet_sqr(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k))
        return jet_fail(w, NULL, k);
    jet_sqr_k(w, u, k, ws);
    return jet_done(w, k);
}
