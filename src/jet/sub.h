/* sub.h -- the jet of w = u - v: w_k = u_k - v_k (for every number type; see jet.h). */
JET_INLINE void jet_sub_k(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    num_sub(w + k, u + k, v + k, ws->prec);
}

JET_INLINE int jet_sub(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    jet_sub_k(w, u, v, k, ws);
    if (!num_is_finite(u + k) || !num_is_finite(v + k))
        return jet_fail(w, NULL, k);
    return jet_done(w, k);
}
