/* pow_si.h -- the jet of w = u^n for an integer n (for every number type; see jet.h).
 *
 * Recurrences:
 *   w_0 = u_0^n in every case;
 *   n = 0: w_k = 0 (k >= 1);  n = 1: w_k = u_k;  n = 2: the square's;
 *   u_0 != 0: J.C.P. Miller's recurrence (from u w' = n w u')
 *     w_k = (1/(k u_0)) sum_{j=1..k} (n j - (k - j)) u_j w_{k-j};
 *   u_0 = 0 (Arb: the ball contains 0), n >= 3: left-to-right binary powering by
 *     Cauchy products, r = u; for each bit of n below the leading one: r = r^2, then
 *     r = r u if the bit is set; every partial power is a series of AUX (private to the
 *     node, nhref_jet_pow_si_naux(n) of them), the last one is w.
 * The path depends only on u_0 and n, so it is the same at every order.
 * NHREF_EDOMAIN (w_k = NaN) if u_0 may be 0 and n < 0 (at every order), if u_k is not
 * finite, or on overflow.
 */

/* floor(log2 n) for n >= 1 */
static inline unsigned jet_top_bit(unsigned long n)
{
    unsigned b = 0;
    while (n >>= 1)
        b++;
    return b;
}

/* order k of w = u^n, u_0 = 0, n >= 3, by binary powering through AUX */
JET_INLINE int jet_pow_binary(num_ptr w, num_ptr *aux, num_srcptr u, unsigned long n,
                              unsigned k, jet_ws_t *ws)
{
    num_srcptr r = u;
    num_ptr dst;
    unsigned a = 0, b = jet_top_bit(n);
    int st;

    while (b-- > 0) {
        int set = (n >> b) & 1;
        dst = (b == 0 && !set) ? w : aux[a++];
        if ((st = jet_sqr(dst, r, k, ws)) != NHREF_OK)
            return st;
        r = dst;
        if (set) {
            dst = b == 0 ? w : aux[a++];
            if ((st = jet_mul(dst, r, u, k, ws)) != NHREF_OK)
                return st;
            r = dst;
        }
    }
    return NHREF_OK;
}

/* order k >= 1 of w = u^n, u_0 != 0, n not in {0, 1, 2}, by Miller's recurrence */
JET_INLINE void jet_pow_miller(num_ptr w, num_srcptr u, long n, unsigned k, jet_ws_t *ws)
{
    /* the weight n j - (k - j) fits in a long when |n| <= LONG_MAX / (2 k); otherwise
     * two multiplications by j and k - j */
    unsigned long absn = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
    num_ptr acc = ws->acc, tmp = ws->tmp;

    if (absn <= (unsigned long)LONG_MAX / 2 / k) {
        num_dot_w(acc, NULL, 0, u + 1, 1, w + k - 1, -1, (long)k, n - (long)k + 1, n + 1, tmp,
                  ws->prec);
    } else {
        num_set_zero(acc);
        for (unsigned j = 1; j <= k; j++) {
            num_mul(tmp, u + j, w + (k - j), ws->prec);
            num_mul_ui(tmp, tmp, k - j, ws->prec);
            num_sub(acc, acc, tmp, ws->prec);
            num_mul(tmp, u + j, w + (k - j), ws->prec);
            num_mul_si(tmp, tmp, n, ws->prec);
            num_mul_ui(tmp, tmp, j, ws->prec);
            num_add(acc, acc, tmp, ws->prec);
        }
    }
    num_div_ui(acc, acc, k, ws->prec);
    num_div(w + k, acc, u, ws->prec);
}

JET_INLINE int jet_pow_si(num_ptr w, num_ptr *aux, num_srcptr u, long n, unsigned k,
                          jet_ws_t *ws)
{
    int st = NHREF_OK;

    if (!num_is_finite(u + k) || !num_is_finite(u) || (n < 0 && num_may_be_zero(u)))
        return jet_fail(w, NULL, k);
    if (n == 1)
        num_set(w + k, u + k);
    else if (n == 2)
        st = jet_sqr(w, u, k, ws);
    else if (n >= 3 && num_may_be_zero(u))
        st = jet_pow_binary(w, aux, u, (unsigned long)n, k, ws);
    else if (k == 0)
        ; /* n = 0, or u_0 != 0: below */
    else if (n == 0)
        num_set_zero(w + k);
    else
        jet_pow_miller(w, u, n, k, ws);
    if (k == 0 && st == NHREF_OK)
        num_pow_si(w, u, n, ws->prec);
    if (st != NHREF_OK)
        return jet_fail(w, NULL, k);
    return jet_done(w, k);
}
