/* exp.h -- the jet of w = exp(u) (for every number type; see jet.h).
 *
 * Recurrence (from w' = w u'): w_0 = exp(u_0); w_k = (1/k) sum_{j=1..k} j u_j w_{k-j}.
 * NHREF_EDOMAIN (w_k = NaN) if u_k is not finite (checked first: exp(-Inf) = 0 would
 * pass the test of the result) or on overflow; underflow to 0 is not an error.
 */
JET_INLINE int jet_exp(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k))
        return jet_fail(w, NULL, k);
    if (k == 0) {
        num_exp(w, u, ws->prec);
    } else {
        num_cauchy_w(w + k, NULL, u, w, k, ws->tmp, ws->prec);
        num_div_ui(w + k, w + k, k, ws->prec);
    }
    return jet_done(w, k);
}
