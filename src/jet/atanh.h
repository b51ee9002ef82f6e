/* atanh.h -- the jet of w = atanh(u) with its auxiliary series d = 1 - u^2 (for every
 * number type; see jet.h).
 *
 * Recurrence (from d w' = u'): d_0 = (1 - u_0)(1 + u_0) (keeps its digits near
 * |u_0| = 1), d_k = -(u^2)_k; w_k = (u_k - (1/k) sum_{j=1..k-1} j w_j d_{k-j}) / d_0.
 * NHREF_EDOMAIN (w_k = NaN) if |u_0| >= 1 (Arb: the ball reaches +-1), if u_k is not
 * finite, or on overflow.
 */
JET_INLINE int jet_atanh(num_ptr w, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k) || !num_is_finite(u) || !num_abs_lt_1(u))
        return jet_fail(w, d, k);
    if (k == 0) {
        num_ui_sub(ws->acc, 1, u, ws->prec);
        num_add_ui(ws->tmp, u, 1, ws->prec);
        num_mul(d, ws->acc, ws->tmp, ws->prec);
        num_atanh(w, u, ws->prec);
    } else {
        if (num_may_be_zero(d) || jet_sqr(d, u, k, ws) != NHREF_OK)
            return jet_fail(w, NULL, k);
        num_neg(d + k, d + k);
        num_dot_w(w + k, NULL, 0, w + 1, 1, d + k - 1, -1, (long)k - 1, 1, 1, ws->tmp, ws->prec);
        num_div_ui(w + k, w + k, k, ws->prec);
        num_sub(w + k, u + k, w + k, ws->prec);
        num_div(w + k, w + k, d, ws->prec);
    }
    if (!num_is_finite(w + k) || !num_is_finite(d + k))
        return jet_fail(w, NULL, k);
    return NHREF_OK;
}
