/* const.h -- the jet of a constant given as a decimal string (for every number type;
 * see jet.h): w_0 = c (double, MPFR: rounded to nearest; Arb: a ball containing c),
 * w_k = 0 for k >= 1.  Decimal or scientific notation only ("0.1", "-2", "1e-3"; not
 * "3/2", hexadecimal, "inf" or "nan"): NHREF_EPARSE (w_k = NaN) otherwise;
 * NHREF_EDOMAIN if c overflows. */

/* 1 if S is a decimal number in the accepted notation, 0 otherwise */
JET_INLINE int jet_decimal_ok(const char *s)
{
    size_t ndig = 0;

    if (*s == '+' || *s == '-')
        s++;
    for (; *s >= '0' && *s <= '9'; s++)
        ndig++;
    if (*s == '.')
        for (s++; *s >= '0' && *s <= '9'; s++)
            ndig++;
    if (ndig == 0)
        return 0;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (!(*s >= '0' && *s <= '9'))
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    return *s == '\0';
}

JET_INLINE int jet_const(num_ptr w, const char *decimal, unsigned k, jet_ws_t *ws)
{
    if (decimal == NULL || !jet_decimal_ok(decimal)) {
        num_set_nan(w + k);
        return NHREF_EPARSE;
    }
    if (k > 0) {
        num_set_zero(w + k);
        return NHREF_OK;
    }
    /* the syntax is right: a failure is an overflow */
    if (num_set_decimal(w, decimal, ws->prec) != NHREF_OK)
        return jet_fail(w, NULL, 0);
    return jet_done(w, 0);
}
