/* neg.h -- the jet of w = -u: w_k = -u_k (exact; for every number type; see jet.h). */
JET_INLINE void jet_neg_k(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    (void)ws;
    num_neg(w + k, u + k);
}

JET_INLINE int jet_neg(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k))
        return jet_fail(w, NULL, k);
    jet_neg_k(w, u, k, ws);
    return NHREF_OK;
}
