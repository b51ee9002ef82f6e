/* tanh.h -- the jet of w = tanh(u) with its auxiliary series d = 1 - w^2 (for every
 * number type; see jet.h).
 *
 * Recurrence (from w' = d u'): w_0 = tanh(u_0), d_0 = sech(u_0)^2 (keeps its digits
 * where w_0 rounds to +-1); w_k = (1/k) sum_{j=1..k} j u_j d_{k-j}, d_k = -(w^2)_k.
 * Defined everywhere: NHREF_EDOMAIN (w_k = d_k = NaN) only on non-finite input or
 * overflow.
 */
JET_INLINE int jet_tanh(num_ptr w, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k))
        return jet_fail(w, d, k);
    if (k == 0) {
        num_tanh(w, u, ws->prec);
        num_sech2(d, u, ws->prec);
    } else {
        num_cauchy_w(w + k, NULL, u, d, k, ws->tmp, ws->prec);
        num_div_ui(w + k, w + k, k, ws->prec);
        if (num_is_finite(w + k) && jet_sqr(d, w, k, ws) == NHREF_OK)
            num_neg(d + k, d + k);
    }
    if (!num_is_finite(w + k) || !num_is_finite(d + k))
        return jet_fail(w, d, k);
    return NHREF_OK;
}
