/* asin.h -- the jets of w = asin(u) and w = acos(u) with their auxiliary series
 * q = 1 - u^2 and d = sqrt(q) (for every number type; see jet.h).
 *
 * Recurrence (from d w' = u' for asin, d w' = -u' for acos):
 *   q_0 = (1 - u_0)(1 + u_0) (keeps its digits near |u_0| = 1), q_k = -(u^2)_k;
 *   d_k by the square root's recurrence (jet_sqrt of q);
 *   w_0 = asin(u_0) or acos(u_0);
 *   w_k = (+-u_k - (1/k) sum_{j=1..k-1} j w_j d_{k-j}) / d_0.
 * Q and D are private to the node and filled to order k by the call.
 * NHREF_EDOMAIN (w_k = NaN) if |u_0| > 1 at k = 0 (Arb: the ball reaches beyond +-1),
 * if |u_0| >= 1 at k >= 1 (Arb: the ball reaches +-1; not differentiable there), if
 * u_k is not finite, or on overflow.
 * Source: the atan/atanh recurrence (jet/atan.h) with d = sqrt(1 - u^2); Moore 1966,
 * ch. 11.
 */
JET_INLINE int jet_asin_acos(num_ptr w, num_ptr q, num_ptr d, num_srcptr u, int acos, unsigned k,
                             jet_ws_t *ws)
{
    if (!num_is_finite(u + k) || !num_is_finite(u) || (k > 0 && !num_abs_lt_1(u))) {
        num_set_nan(q + k);
        return jet_fail(w, d, k);
    }
    if (k == 0) {
        num_ui_sub(ws->acc, 1, u, ws->prec);
        num_add_ui(ws->tmp, u, 1, ws->prec);
        num_mul(q, ws->acc, ws->tmp, ws->prec);
        /* d_0 = 0 at u_0 = +-1 (Arb: may be indeterminate near them): orders >= 1 fail */
        num_sqrt(d, q, ws->prec);
        if (acos)
            num_acos(w, u, ws->prec);
        else
            num_asin(w, u, ws->prec);
        return jet_done(w, 0);
    }
    if (jet_sqr(q, u, k, ws) != NHREF_OK)
        return jet_fail(w, d, k);
    num_neg(q + k, q + k);
    if (jet_sqrt(d, q, k, ws) != NHREF_OK)
        return jet_fail(w, NULL, k);
    num_dot_w(w + k, NULL, 0, w + 1, 1, d + k - 1, -1, (long)k - 1, 1, 1, ws->tmp, ws->prec);
    num_div_ui(w + k, w + k, k, ws->prec);
    if (acos) {
        num_add(w + k, u + k, w + k, ws->prec);
        num_neg(w + k, w + k);
    } else {
        num_sub(w + k, u + k, w + k, ws->prec);
    }
    num_div(w + k, w + k, d, ws->prec);
    return jet_done(w, k);
}

JET_INLINE int jet_asin(num_ptr w, num_ptr q, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_asin_acos(w, q, d, u, 0, k, ws);
}

JET_INLINE int jet_acos(num_ptr w, num_ptr q, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_asin_acos(w, q, d, u, 1, k, ws);
}
