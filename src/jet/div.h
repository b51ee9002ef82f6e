/* div.h -- the jet of w = u / v, and of w = u / c with c constant in t (for every
 * number type; see jet.h).
 *
 * Recurrence: w_0 = u_0 / v_0;  w_k = (u_k - sum_{j=1..k} v_j w_{k-j}) / v_0.
 * Constant divisor: w_k = u_k / c.
 * NHREF_EDOMAIN (w_k = NaN) if v_0 may be 0 (checked at every order), if u_k or v_k
 * is not finite, or if the result overflows.
 */
JET_INLINE int jet_div(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    if (num_may_be_zero(v) || !num_is_finite(v) || !num_is_finite(u + k) ||
        !num_is_finite(v + k))
        return jet_fail(w, NULL, k);
    if (k == 0) {
        num_div(w, u, v, ws->prec);
    } else {
        num_dot(w + k, u + k, 1, v + 1, 1, w + k - 1, -1, (long)k, ws->tmp, ws->prec);
        num_div(w + k, w + k, v, ws->prec);
    }
    return jet_done(w, k);
}

JET_INLINE void jet_div_scalar_k(num_ptr w, num_srcptr u, num_srcptr c, unsigned k,
                                 jet_ws_t *ws)
{
    num_div(w + k, u + k, c, ws->prec);
}

JET_INLINE int jet_div_scalar(num_ptr w, num_srcptr u, num_srcptr c, unsigned k, jet_ws_t *ws)
{
    if (num_may_be_zero(c))
        return jet_fail(w, NULL, k);
    jet_div_scalar_k(w, u, c, k, ws);
    return jet_done(w, k);
}
