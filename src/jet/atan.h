/* atan.h -- the jet of w = atan(u) with its auxiliary series d = 1 + u^2 (for every
 * number type; see jet.h).
 *
 * Recurrence (from d w' = u'): d_0 = 1 + u_0^2, d_k = (u^2)_k;
 *   w_k = (u_k - (1/k) sum_{j=1..k-1} j w_j d_{k-j}) / d_0.
 * D is private to the node and filled to order k by this call.  Defined everywhere:
 * NHREF_EDOMAIN only on non-finite input or overflow.
 */
JET_INLINE int jet_atan(num_ptr w, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k))
        return jet_fail(w, d, k);
    if (k == 0) {
        num_sqr(d, u, ws->prec);
        num_add_ui(d, d, 1, ws->prec);
        num_atan(w, u, ws->prec);
    } else {
        if (jet_sqr(d, u, k, ws) != NHREF_OK)
            return jet_fail(w, NULL, k);
        num_dot_w(w + k, NULL, 0, w + 1, 1, d + k - 1, -1, (long)k - 1, 1, 1, ws->tmp, ws->prec);
        num_div_ui(w + k, w + k, k, ws->prec);
        num_sub(w + k, u + k, w + k, ws->prec);
        num_div(w + k, w + k, d, ws->prec);
    }
    if (!num_is_finite(w + k) || !num_is_finite(d + k))
        return jet_fail(w, NULL, k);
    return NHREF_OK;
}
