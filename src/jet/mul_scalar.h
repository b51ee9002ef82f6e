/* mul_scalar.h -- the jet of w = c v with c constant in t (one number, not a series):
 * w_k = c v_k, one multiplication (for every number type; see jet.h). */
JET_INLINE void jet_mul_scalar_k(num_ptr w, num_srcptr c, num_srcptr v, unsigned k,
                                 jet_ws_t *ws)
{
    num_mul(w + k, c, v + k, ws->prec);
}

JET_INLINE int jet_mul_scalar(num_ptr w, num_srcptr c, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    jet_mul_scalar_k(w, c, v, k, ws);
    if (!num_is_finite(c) || !num_is_finite(v + k))
        return jet_fail(w, NULL, k);
    return jet_done(w, k);
}
