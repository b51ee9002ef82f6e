/* log.h -- the jet of w = log(u) (for every number type; see jet.h).
 *
 * Recurrence (from u w' = u'): w_0 = log(u_0);
 *   w_k = (u_k - (1/k) sum_{j=1..k-1} j w_j u_{k-j}) / u_0.
 * NHREF_EDOMAIN (w_k = NaN) if u_0 <= 0 (Arb: the ball reaches 0 or below), if u_k is
 * not finite, or on overflow.
 */
JET_INLINE int jet_log(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k) || !num_is_finite(u) || !num_is_pos(u))
        return jet_fail(w, NULL, k);
    if (k == 0) {
        num_log(w, u, ws->prec);
    } else {
        num_dot_w(w + k, NULL, 0, w + 1, 1, u + k - 1, -1, (long)k - 1, 1, 1, ws->tmp, ws->prec);
        num_div_ui(w + k, w + k, k, ws->prec);
        num_sub(w + k, u + k, w + k, ws->prec);
        num_div(w + k, w + k, u, ws->prec);
    }
    return jet_done(w, k);
}
