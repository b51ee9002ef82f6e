/* sqrt.h -- the jet of w = sqrt(u) (for every number type; see jet.h).
 *
 * Recurrence: w_0 = sqrt(u_0);
 *             w_k = (u_k - sum_{j=1..k-1} w_j w_{k-j}) / (2 w_0)
 * with the sum halved as for a square (num_dot_sym).  NHREF_EDOMAIN (w_k = NaN) if u_0 < 0 (Arb:
 * the ball reaches below 0), if u_0 or w_0 may be 0 at k >= 1 (not differentiable),
 * if u_k is not finite, or on overflow.
 */
JET_INLINE int jet_sqrt(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    num_ptr acc = w + k;

    if (!num_is_finite(u + k) || !num_is_finite(u) || !num_is_nonneg(u) ||
        (k > 0 && (num_may_be_zero(u) || num_may_be_zero(w))))
        return jet_fail(w, NULL, k);
    if (k == 0) {
        num_sqrt(w, u, ws->prec);
    } else {
        num_dot_sym(acc, u + k, 1, w + 1, 1, w + k - 1, -1, ((long)k - 1) / 2,
                    k % 2 == 0 ? w + k / 2 : NULL, ws->tmp, ws->prec);
        num_div(w + k, acc, w, ws->prec);
        num_mul_2si(w + k, w + k, -1);
    }
    return jet_done(w, k);
}
