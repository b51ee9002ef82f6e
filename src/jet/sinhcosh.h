/* sinhcosh.h -- the jets of s = sinh(u) and c = cosh(u) together (for every number
 * type; see jet.h).
 *
 * Recurrence (from s' = c u', c' = s u'):
 *   s_0, c_0 = sinh(u_0), cosh(u_0);
 *   s_k = (1/k) sum_{j=1..k} j u_j c_{k-j},
 *   c_k = (1/k) sum_{j=1..k} j u_j s_{k-j}.
 * s_k is computed first; c_k needs s_0..s_{k-1} only.  s and c are distinct series.
 * NHREF_EDOMAIN (s_k = c_k = NaN) if u_k is not finite or on overflow (sinh and cosh
 * of |u_0| > 710.47 in double).
 * Source: the sin/cos pair (jet/sincos.h) with the sign of c' changed; Jorba & Zou
 * 2005, §2.
 */
JET_INLINE int jet_sinhcosh(num_ptr s, num_ptr c, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k))
        return jet_fail(s, c, k);
    if (k == 0) {
        num_sinh_cosh(s, c, u, ws->prec);
    } else {
        num_cauchy_w(s + k, NULL, u, c, k, ws->tmp, ws->prec);
        num_div_ui(s + k, s + k, k, ws->prec);
        num_cauchy_w(c + k, NULL, u, s, k, ws->tmp, ws->prec);
        num_div_ui(c + k, c + k, k, ws->prec);
    }
    if (!num_is_finite(s + k) || !num_is_finite(c + k))
        return jet_fail(s, c, k);
    return NHREF_OK;
}
