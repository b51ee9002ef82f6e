/* pow.h -- the jets of a real power of a positive base: w = u^c with c constant in t
 * (one number), and w = u^v with v a series (for every number type; see jet.h).
 *
 * Constant exponent, J.C.P. Miller's recurrence (from u w' = c w u'):
 *   w_0 = u_0^c;
 *   w_k = (c S1 - S2) / (k u_0),  S1 = sum_{j=1..k} j u_j w_{k-j},
 *                                 S2 = sum_{j=1..k-1} (k - j) u_j w_{k-j}.
 * Series exponent, w = exp(g) with g = v log u, through the auxiliary series l = log u
 * and g = v l (private to the node, filled to order k by the call):
 *   w_0 = u_0^v_0 (the type's pow, not exp(g_0): correctly rounded in MPFR);
 *   l_k by the logarithm's recurrence, g_k = (v l)_k by the Cauchy product,
 *   w_k = (1/k) sum_{j=1..k} j g_j w_{k-j} (the exponential's).
 * Both: NHREF_EDOMAIN (w_k = NaN) if u_0 <= 0 (Arb: the ball reaches 0 or below; a
 * real power is defined for positive bases only, at every order), if c, u_k or v_k
 * is not finite, or on overflow.
 * Source: D. E. Knuth, TAOCP vol. 2, §4.7 (Miller's power recurrence); Jorba & Zou
 * 2005, §2.
 */
JET_INLINE int jet_pow_scalar(num_ptr w, num_srcptr u, num_srcptr c, unsigned k, jet_ws_t *ws)
{
    if (!num_is_finite(u + k) || !num_is_finite(u) || !num_is_pos(u) || !num_is_finite(c))
        return jet_fail(w, NULL, k);
    if (k == 0) {
        num_pow(w, u, c, ws->prec);
    } else {
        num_dot_w(ws->acc, NULL, 0, u + 1, 1, w + k - 1, -1, (long)k, 1, 1, ws->tmp, ws->prec);
        num_dot_w(w + k, NULL, 0, u + 1, 1, w + k - 1, -1, (long)k - 1, (long)k - 1, -1, ws->tmp,
                  ws->prec);
        num_mul(ws->acc, ws->acc, c, ws->prec);
        num_sub(w + k, ws->acc, w + k, ws->prec);
        num_div_ui(w + k, w + k, k, ws->prec);
        num_div(w + k, w + k, u, ws->prec);
    }
    return jet_done(w, k);
}

JET_INLINE int jet_pow(num_ptr w, num_ptr l, num_ptr g, num_srcptr u, num_srcptr v, unsigned k,
                       jet_ws_t *ws)
{
    if (!num_is_finite(u + k) || !num_is_finite(v + k) || !num_is_finite(u) || !num_is_pos(u) ||
        !num_is_finite(v)) {
        num_set_nan(l + k);
        return jet_fail(w, g, k);
    }
    if (jet_log(l, u, k, ws) != NHREF_OK || jet_mul(g, v, l, k, ws) != NHREF_OK)
        return jet_fail(w, g, k);
    if (k == 0) {
        num_pow(w, u, v, ws->prec);
    } else {
        num_cauchy_w(w + k, NULL, g, w, k, ws->tmp, ws->prec);
        num_div_ui(w + k, w + k, k, ws->prec);
    }
    return jet_done(w, k);
}
