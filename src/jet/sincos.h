/* sincos.h -- the jets of s = sin(u) and c = cos(u) together (for every number type;
 * see jet.h).
 *
 * Recurrence (from s' = c u', c' = -s u'):
 *   s_0, c_0 = sin(u_0), cos(u_0);
 *   s_k =  (1/k) sum_{j=1..k} j u_j c_{k-j},
 *   c_k = -(1/k) sum_{j=1..k} j u_j s_{k-j}.
 * s_k is computed first; c_k needs s_0..s_{k-1} only.  s and c are distinct series.
 * DU, when not NULL (the interpreter of a type with NUM_CAUCHY_DU), is a series private
 * to the node that keeps du_j = j u_j, set here at order j, so that the weights are
 * not multiplied again at every order; the values are the same without it.
 * Defined everywhere: NHREF_EDOMAIN (s_k = c_k = NaN) only if u_k is not finite or a
 * sum overflows.
 */
JET_INLINE void jet_sincos_k(num_ptr s, num_ptr c, num_ptr du, num_srcptr u, unsigned k,
                             jet_ws_t *ws)
{
    if (k == 0) {
        num_sin_cos(s, c, u, ws->prec);
        if (du != NULL)
            num_set_zero(du);
        return;
    }
    if (du != NULL)
        num_mul_ui(du + k, u + k, k, ws->prec);
    num_cauchy_w(s + k, du, u, c, k, ws->tmp, ws->prec);
    num_div_ui(s + k, s + k, k, ws->prec);
    num_cauchy_w(c + k, du, u, s, k, ws->tmp, ws->prec);
    num_div_ui(c + k, c + k, k, ws->prec);
    num_neg(c + k, c + k);
}

JET_INLINE int jet_sincos(num_ptr s, num_ptr c, num_ptr du, num_srcptr u, unsigned k,
                          jet_ws_t *ws)
{
    if (!num_is_finite(u + k))
        return jet_fail(s, c, k);
    jet_sincos_k(s, c, du, u, k, ws);
    if (!num_is_finite(s + k) || !num_is_finite(c + k))
        return jet_fail(s, c, k);
    return NHREF_OK;
}
