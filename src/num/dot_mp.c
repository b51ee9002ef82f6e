/* dot_mp.c -- sums of products of MPFR numbers with one rounding (num_mp.h's num_dot,
 * num_dot_w and num_dot_sym; declared in num/dot_mp.h).
 *
 * The terms are accumulated at the limb level (GMP's mpn functions) in a fixed-point
 * two's-complement accumulator whose window spans from one limb above the largest
 * term down to 128 bits below the result's precision, then the accumulator is rounded
 * to nearest (ties to even) once.  Each product is computed exactly for small sizes,
 * or as a short product (the columns the window can see, plus two) for large ones:
 * schoolbook rows of mpn_addmul_1, or, for operands of equal size from
 * NHREF_DOT_MP_MULHIGH_MIN limbs, Mulders' short product over GMP's mpn_mul_n
 * (Karatsuba, Toom), whose error stays below the window (it keeps one limb more);
 * bits below the window are dropped.  So the result is
 *
 *   the exact value rounded to nearest, up to an error of at most (LEN + 3) 2^B,
 *   B = (exponent of the largest term) - 64 (limbs of the result) - 128,
 *
 * i.e. correctly rounded except when the exact value lies within 2^-128 ulps of a
 * halfway point (or after a cancellation of more than 128 bits, when the error is
 * still far below one ulp of the largest term).  The result depends only on the
 * operands, the weights and the precision (not on their order in memory, the machine
 * or the run): `nhref golden` stays bit-for-bit reproducible.
 *
 * This replaces a multiplication and an addition, each rounded, per term (MPFR's
 * mpfr_mul and mpfr_add: len roundings, the thread-local exponent range read twice a
 * term) by one limb product and one mpn_addmul_1 per term, which shifts the product
 * into place, multiplies it by its weight and adds it in one pass (mpn_mul_1,
 * mpn_lshift and mpn_add_n, three passes, only where the weight and the shift do not
 * fit one limb together; at 100 digits the one pass saved 17 % of the instructions of
 * a sleigh run, 9 % at 200).
 *
 * Sums of 1 to 4 limbs whose operands all have the result's precision take small_dot
 * (the products in registers); of 5 to 15 limbs, mid_dot (the general path's
 * operations with the checks hoisted out of the loop over the terms).
 *
 * Special operands (NaN, infinities), a result outside the current exponent range,
 * and precisions above NHREF_DOT_MP_MAX_LIMBS limbs take the slow path: each product
 * rounded, then added in order of the terms (MPFR's own semantics for NaN and
 * infinities).  Signed zeros follow IEEE 754 for a sum rounded to nearest: an exact
 * zero is -0 only if every term is -0.
 *
 * Source: the fixed-point accumulation of F. Johansson's arb_dot (Arb, "Faster
 * arbitrary-precision dot product and matrix multiplication", ARITH 26, 2019), here
 * without error bounds.
 */
#include <limits.h>
#include <string.h>

#include <gmp.h>
#include <mpfr.h>

#include "num/dot_mp.h"

#if GMP_NUMB_BITS != 64 || GMP_NAIL_BITS != 0
#error "dot_mp.c assumes 64-bit limbs without nails"
#endif

#define GUARD 2 /* guard limbs below the result's precision */
/* products of at least this many limbs (xn + yn) are short products (below: GMP's full
 * mpn_mul, faster here than rows of mpn_addmul_1; dot_mp.h) */
#define SHORT_MIN (2 * NHREF_DOT_MP_MULHIGH_MIN)
/* Mulders' recursion: sizes below MULHIGH_BASE limbs are schoolbook short products;
 * above, the full product of the top MULHIGH_K(n) limbs and two short products of
 * the rest (MPFR needs k >= (n + 4) / 2 for its error bound; 0.6 n measured best
 * here, within 2 % of MPFR's own tuned mpfr_mulhigh_n at 57 and 160 limbs) */
#define MULHIGH_BASE 32
#define MULHIGH_K(n) ((3 * (n)) / 5)

typedef struct {
    mp_limb_t *pos, *neg; /* the terms of each sign: an limbs each, nonnegative */
    long an;
    long bot;             /* absolute exponent of bit 0 of limb 0 */
} acc_t;

/* bit length of |w| (w != 0) */
static inline int bitlen_ul(unsigned long u)
{
    return 64 - __builtin_clzl(u);
}

static inline unsigned long abs_ul(long w)
{
    return w < 0 ? 0UL - (unsigned long)w : (unsigned long)w;
}

/* add P 2^LOWBIT (P: PN limbs) to the accumulator of the sign NEG (bits below the
 * window dropped); SCRATCH: PN + 1 limbs */
static void acc_put(acc_t *acc, const mp_limb_t *p, long pn, long lowbit, int neg,
                    mp_limb_t *scratch)
{
    long d = lowbit - acc->bot, q, s, j0, tn, rest;
    const mp_limb_t *t;
    mp_limb_t *a, c;

    /* q = floor(d / 64), s = d mod 64 */
    q = d >= 0 ? d / 64 : -((-d + 63) / 64);
    s = d - 64 * q;
    if (q + pn <= 0 && (s == 0 || q + pn < 0))
        return; /* entirely below the window */
    if (s != 0) {
        scratch[pn] = mpn_lshift(scratch, p, pn, (unsigned)s);
        t = scratch;
        tn = pn + 1;
    } else {
        t = p;
        tn = pn;
    }
    /* T[j] goes to limb q + j; keep q + j in [0, an) */
    j0 = q < 0 ? -q : 0;
    if (q + tn > acc->an)
        tn = acc->an - q; /* the limbs cut off are zero: every term is below the top */
    if (tn <= j0)
        return;
    a = (neg ? acc->neg : acc->pos) + q + j0;
    rest = acc->an - q - tn;
    c = mpn_add_n(a, a, t + j0, tn - j0);
    if (c && rest > 0)
        mpn_add_1(a + tn - j0, a + tn - j0, rest, c);
}

/* Mulders' short product (as MPFR's mpfr_mulhigh_n, mulders.c, and F. Mulders,
 * "On short multiplications and divisions", AAECC 11, 2000): {R + N, N} approximates
 * the high N limbs of X Y (N limbs each) from below, with an error less than N units
 * of R[N].  R: 2N limbs (the low ones are scratch). */
static void mulhigh(mp_limb_t *r, const mp_limb_t *x, const mp_limb_t *y, long n)
{
    if (n < MULHIGH_BASE) {
        /* the schoolbook rows of the columns >= n - 1: each row neglects less than
         * B^n, so the whole less than n B^n */
        unsigned __int128 t = (unsigned __int128)x[n - 1] * y[0];
        r += n - 1;
        r[0] = (mp_limb_t)t;
        r[1] = (mp_limb_t)(t >> 64);
        for (long i = 1; i < n; i++)
            r[i + 1] = mpn_addmul_1(r, x + (n - i - 1), i + 1, y[i]);
        return;
    }
    {
        long k = MULHIGH_K(n), l = n - k;
        mp_limb_t cy;
        mpn_mul_n(r + 2 * l, x + l, y + l, k); /* the top k x k limbs: exact */
        mulhigh(r, x + k, y, l);               /* the two l x l corners */
        cy = mpn_add_n(r + n - 1, r + n - 1, r + l - 1, l + 1);
        mulhigh(r, x, y + k, l);
        cy += mpn_add_n(r + n - 1, r + n - 1, r + l - 1, l + 1);
        mpn_add_1(r + n + l, r + n + l, k, cy);
    }
}

/* the limbs of X Y (N limbs each, N >= NHREF_DOT_MP_MULHIGH_MIN) down to the column C = the limb
 * below the one holding absolute exponent BOT, the product's bit 0 being at LOWBIT:
 * P[0..*PN) with bit 0 at *PLOW, returned as a pointer into R, with room for one limb
 * more.  Operands are cut to their top limbs (C >= N: T limbs dropped from each, the
 * dropped products less than 2 B^C) or padded with zero limbs below (C < N: G limbs)
 * so that Mulders' short product of S = 2N - C limbs keeps exactly the columns >= C,
 * its error less than S units of column C.  R: 4N + 1 limbs; XB, YB: 2N limbs. */
static mp_limb_t *product_mulhigh(mp_limb_t *r, long *pn, long *plow, const mp_limb_t *x,
                                  const mp_limb_t *y, long n, long lowbit, long bot, mp_limb_t *xb,
                                  mp_limb_t *yb)
{
    long below = bot - lowbit, c = (below >= 64 ? below / 64 : 0) - 1, s, t, g;

    if (c < 1) {
        /* (not reached for operands as wide as the result) the exact product */
        mpn_mul_n(r, x, y, n);
        *pn = 2 * n;
        *plow = lowbit;
        return r;
    }
    if (c > 2 * n - 2)
        c = 2 * n - 2;
    s = 2 * n - c;
    t = c > n ? c - n : 0;
    g = c < n ? n - c : 0;
    if (g > 0) {
        memset(xb, 0, (size_t)g * sizeof *xb);
        memcpy(xb + g, x, (size_t)n * sizeof *xb);
        memset(yb, 0, (size_t)g * sizeof *yb);
        memcpy(yb + g, y, (size_t)n * sizeof *yb);
        x = xb;
        y = yb;
    } else {
        x += t;
        y += t;
    }
    mulhigh(r, x, y, s);
    *pn = s;
    *plow = lowbit + 64 * c;
    return r + s;
}

/* add P M 2^LOWBIT (P: PN limbs, M = AW 2^s the weight and the shift in one limb) to
 * the accumulator of the sign NEG in one pass of mpn_addmul_1, the limb below the
 * window (acc->pos[-1], acc->neg[-1]) catching the carries of the bits below it (bits
 * below that limb dropped): 0, or -1 if AW 2^s does not fit a limb (nothing done) */
static inline __attribute__((always_inline)) int acc_addmul(acc_t *acc, const mp_limb_t *p,
                                                             long pn, long lowbit, int neg,
                                                             unsigned long aw)
{
    long d = lowbit - (acc->bot - 64), q, s, j0, at, tn, an = acc->an + 1;
    mp_limb_t *a, c;

    /* q = floor(d / 64), s = d mod 64, relative to the limb below the window (an
     * arithmetic shift, as small_dot's) */
    q = d >> 6;
    s = d & 63;
    if (bitlen_ul(aw) + s > 64)
        return -1;
    j0 = q < 0 ? -q : 0; /* P[j] goes to limb q + j; limbs below 0 dropped */
    if (j0 >= pn)
        return 0;
    at = q + j0;
    tn = pn - j0;
    if (at + tn > an)
        tn = an - at; /* the limbs cut off are zero: every term is below the top */
    if (tn <= 0)
        return 0;
    a = (neg ? acc->neg : acc->pos) - 1 + at;
    c = mpn_addmul_1(a, p + j0, tn, (mp_limb_t)aw << s);
    if (c != 0 && at + tn < an)
        mpn_add_1(a + tn, a + tn, an - at - tn, c);
    return 0;
}

/* add P W 2^LOWBIT (P: PN limbs with room for one more, W = AW, the sign NEG) to the
 * accumulator: by acc_addmul where the weight and the shift fit one limb, else the
 * weight first (a power of two as a shift, exact) and acc_put; SCRATCH: PN + 2 limbs */
static inline __attribute__((always_inline)) void acc_add_term(acc_t *acc, mp_limb_t *p, long pn,
                                                               long lowbit, int neg,
                                                               unsigned long aw,
                                                               mp_limb_t *scratch)
{
    if (acc_addmul(acc, p, pn, lowbit, neg, aw) == 0)
        return;
    if ((aw & (aw - 1)) == 0) {
        lowbit += __builtin_ctzl(aw); /* a power of two: exact */
    } else {
        p[pn] = mpn_mul_1(p, p, pn, aw);
        pn++;
    }
    acc_put(acc, p, pn, lowbit, neg, scratch);
}

/* the limbs of X Y (XN >= YN limbs) needed down to absolute exponent BOT, the product's
 * bit 0 being at LOWBIT: P[0..*PN) with bit 0 at *PLOW.  Small products are exact;
 * large ones skip the columns more than two limbs below BOT (their omitted carries
 * change the kept part by at most one unit in its third limb). */
static void product(mp_limb_t *p, long *pn, long *plow, const mp_limb_t *x, long xn,
                    const mp_limb_t *y, long yn, long lowbit, long bot)
{
    long cut = 0;

    if (xn + yn >= SHORT_MIN) {
        long below = bot - lowbit; /* bits of P below the window */
        cut = below > 0 ? below / 64 - 2 : 0;
        if (cut < 0)
            cut = 0;
        if (cut > xn + yn - 2)
            cut = xn + yn - 2;
    }
    if (cut == 0) {
        if (xn == yn)
            mpn_mul_n(p, x, y, xn);
        else
            mpn_mul(p, x, xn, y, yn);
        *pn = xn + yn;
        *plow = lowbit;
        return;
    }
    /* columns >= cut - 1 of the schoolbook product, row by row (rows of Y's limbs):
     * R[c - (cut - 1)] holds column c */
    {
        long base = cut - 1, rn = xn + yn - base;
        mp_limb_t *r = p;
        memset(r, 0, (size_t)rn * sizeof *r);
        for (long j = 0; j < yn; j++) {
            long i0 = base - j; /* first x limb whose column i + j >= base */
            if (i0 < 0)
                i0 = 0;
            if (i0 >= xn)
                continue;
            r[j + xn - base] = mpn_addmul_1(r + (j + i0 - base), x + i0, xn - i0, y[j]);
        }
        /* drop the incomplete lowest column */
        *pn = rn - 1;
        memmove(r, r + 1, (size_t)(rn - 1) * sizeof *r);
        *plow = lowbit + 64 * cut;
    }
}

/* the slow path: each product rounded, then added in order (MPFR semantics for NaN,
 * infinities, and every exponent range) */
static void dot_slow(mpfr_ptr res, mpfr_srcptr init, int sub, mpfr_srcptr x, long xs,
                     mpfr_srcptr y, long ys, long len, const nhref_dot_mp_weight_t *wt,
                     mpfr_srcptr mid, mpfr_ptr tmp)
{
    mpfr_t s;
    int have = 0;

    /* accumulate into a temporary of RES's precision: INIT may alias RES */
    mpfr_init2(s, mpfr_get_prec(res));
    if (init != NULL) {
        mpfr_set(s, init, MPFR_RNDN);
        have = 1;
    }
    for (long i = 0; i < len; i++) {
        mpfr_mul(tmp, x + i * xs, y + i * ys, MPFR_RNDN);
        if (wt != NULL) {
            long w = wt->w0 + i * wt->dw;
            mpfr_mul_si(tmp, tmp, w, MPFR_RNDN);
        }
        if (sub)
            mpfr_neg(tmp, tmp, MPFR_RNDN);
        if (have)
            mpfr_add(s, s, tmp, MPFR_RNDN);
        else
            mpfr_set(s, tmp, MPFR_RNDN);
        have = 1;
    }
    if (mid != NULL) {
        mpfr_sqr(tmp, mid, MPFR_RNDN);
        if (sub)
            mpfr_neg(tmp, tmp, MPFR_RNDN);
        if (have)
            mpfr_add(s, s, tmp, MPFR_RNDN);
        else
            mpfr_set(s, tmp, MPFR_RNDN);
        have = 1;
    }
    if (!have)
        mpfr_set_zero(s, 1);
    mpfr_swap(res, s);
    mpfr_clear(s);
}

static inline long limbs_of(mpfr_srcptr v)
{
    return (long)((mpfr_get_prec(v) + 63) / 64);
}

/* RES = the accumulator (pos - neg) rounded to nearest, ties to even; 0, or -1 if the
 * result is out of the exponent range (RES unchanged).  Destroys the accumulator. */
static int acc_round(mpfr_ptr res, acc_t *acc)
{
    mp_limb_t *a = acc->pos, m[NHREF_DOT_MP_MAX_LIMBS], ulp, rb, sticky;
    long an = acc->an, h, nr = limbs_of(res), lo, E;
    mpfr_prec_t prec = mpfr_get_prec(res);
    int negative = 0, lz;
    unsigned unused = (unsigned)(64 * nr - prec);

    if (mpn_sub_n(a, a, acc->neg, an) != 0) {
        mpn_neg(a, a, an);
        negative = 1;
    }
    for (h = an - 1; h >= 0 && a[h] == 0; h--)
        ;
    if (h < 0) {
        mpfr_set_zero(res, 1); /* an exact cancellation: +0 when rounding to nearest */
        return 0;
    }
    lz = __builtin_clzl(a[h]);
    if (lz != 0)
        mpn_lshift(a, a, h + 1, (unsigned)lz);
    E = acc->bot + 64 * (h + 1) - lz;
    /* the mantissa is a[lo..h] (lo may be negative: zeros below) */
    lo = h - nr + 1;
    for (long i = 0; i < nr; i++)
        m[i] = lo + i >= 0 ? a[lo + i] : 0;
    ulp = (mp_limb_t)1 << unused;
    if (unused != 0) {
        rb = m[0] & (ulp >> 1);
        sticky = m[0] & ((ulp >> 1) - 1);
        m[0] &= ~(ulp - 1);
    } else {
        rb = lo >= 1 ? a[lo - 1] >> 63 : 0;
        sticky = lo >= 1 ? a[lo - 1] << 1 : 0;
        lo--;
    }
    for (long i = 0; i < lo && sticky == 0; i++)
        sticky |= a[i];
    if (rb != 0 && (sticky != 0 || (m[0] & ulp) != 0) && mpn_add_1(m, m, nr, ulp) != 0) {
        m[nr - 1] = (mp_limb_t)1 << 63;
        E++;
    }
    if (E < mpfr_get_emin() || E > mpfr_get_emax())
        return -1;
    /* RES may be an operand: written only now */
    memcpy(mpfr_custom_get_significand(res), m, (size_t)nr * sizeof *m);
    mpfr_custom_init_set(res, negative ? -MPFR_REGULAR_KIND : MPFR_REGULAR_KIND, E, prec,
                         mpfr_custom_get_significand(res));
    return 0;
}

/* ------------------------------------------------------------------ small sizes
 * Every regular operand and the result of the same precision, of N <= 4 limbs (up to
 * 256 bits, about 67 digits): one pass per term computes the product column by column
 * (Comba), shifts each column into place and adds it to the accumulator of the term's
 * sign, all in registers.  The accumulators are padded with SMALL_PAD limbs below the
 * window (extra guard limbs: a term is dropped only if it lies entirely below them)
 * and two above (additions of zero). */
#define SMALL_MAX 4
#define SMALL_PAD (2 * SMALL_MAX + 3)
#define SMALL_LIMBS (SMALL_PAD + SMALL_MAX + GUARD + 1 + 2)
#define AI static inline __attribute__((always_inline))
typedef unsigned __int128 u128;

/* A += X Y 2^S, X of XN limbs (N or N + 1), Y of N limbs, 0 <= S < 64; A has room for
 * XN + N + 1 limbs and the carry stops inside it */
AI void small_mac(mp_limb_t *a, const mp_limb_t *x, int xn, const mp_limb_t *y, int n, unsigned s)
{
    u128 t = 0;
    mp_limb_t c2 = 0, prev = 0, carry = 0;
    int col;

#pragma GCC unroll 9
    for (col = 0; col < xn + n; col++) {
        mp_limb_t lo, v, s1, k;
#pragma GCC unroll 5
        for (int i = 0; i < xn; i++) {
            int j = col - i;
            if (j >= 0 && j < n) {
                u128 pr = (u128)x[i] * y[j];
                t += pr;
                c2 += t < pr;
            }
        }
        lo = (mp_limb_t)t;
        t = (t >> 64) | ((u128)c2 << 64);
        c2 = 0;
        v = (lo << s) | prev;
        prev = (lo >> 1) >> (63 - s);
        s1 = a[col] + carry;
        k = s1 < carry;
        v += s1;
        k += v < s1;
        a[col] = v;
        carry = k;
    }
    {
        mp_limb_t s1 = a[col] + carry, k = s1 < carry;
        mp_limb_t v = s1 + prev;
        k += v < s1;
        a[col] = v;
        carry = k;
    }
    for (a += col + 1; carry != 0; a++)
        carry = ++*a == 0;
}

/* A += X 2^S (X: N limbs) */
AI void small_add(mp_limb_t *a, const mp_limb_t *x, int n, unsigned s)
{
    mp_limb_t prev = 0, carry = 0;
    int j;
#pragma GCC unroll 8
    for (j = 0; j < n; j++) {
        mp_limb_t v = (x[j] << s) | prev, s1 = a[j] + carry, k = s1 < carry;
        prev = (x[j] >> 1) >> (63 - s);
        v += s1;
        k += v < s1;
        a[j] = v;
        carry = k;
    }
    {
        mp_limb_t s1 = a[j] + carry, k = s1 < carry, v = s1 + prev;
        k += v < s1;
        a[j] = v;
        carry = k;
    }
    for (a += j + 1; carry != 0; a++)
        carry = ++*a == 0;
}

/* the fast path for N limbs: 0, or -1 if it does not apply (nothing written) */
AI int small_dot(mpfr_ptr res, int n, mpfr_srcptr init, int sub, mpfr_srcptr x, long xs,
                 mpfr_srcptr y, long ys, long len, const nhref_dot_mp_weight_t *wt,
                 mpfr_srcptr mid)
{
    mp_limb_t buf[2 * SMALL_LIMBS], xw[SMALL_MAX + 1];
    mpfr_prec_t prec = mpfr_get_prec(res);
    long emax = LONG_MIN, bot, an = n + GUARD + 1;
    acc_t acc;

    /* the scan: every operand regular (zero products allowed) and of precision PREC */
    if (init != NULL) {
        if (!mpfr_regular_p(init) || mpfr_get_prec(init) != prec)
            return -1;
        emax = mpfr_custom_get_exp(init);
    }
    for (long i = 0; i < len; i++) {
        mpfr_srcptr a = x + i * xs, b = y + i * ys;
        long e;
        if (!mpfr_regular_p(a) || !mpfr_regular_p(b)) {
            if (mpfr_nan_p(a) || mpfr_nan_p(b) || mpfr_inf_p(a) || mpfr_inf_p(b))
                return -1;
            continue; /* a zero product */
        }
        if (mpfr_get_prec(a) != prec || mpfr_get_prec(b) != prec)
            return -1;
        e = mpfr_custom_get_exp(a) + mpfr_custom_get_exp(b);
        if (wt != NULL) {
            long w = wt->w0 + i * wt->dw;
            if (w == 0)
                continue;
            e += bitlen_ul(abs_ul(w));
        }
        if (e > emax)
            emax = e;
    }
    if (mid != NULL && mpfr_regular_p(mid)) {
        long e = 2 * mpfr_custom_get_exp(mid);
        if (mpfr_get_prec(mid) != prec)
            return -1;
        if (e > emax)
            emax = e;
    } else if (mid != NULL && !mpfr_zero_p(mid)) {
        return -1;
    }
    /* no term (the sign of a zero result), or an extreme exponent: the general path */
    if (emax == LONG_MIN || emax > NHREF_DOT_MP_MAX_EXP || emax < -NHREF_DOT_MP_MAX_EXP)
        return -1;

    bot = emax + 64 - 64 * an;
    memset(buf, 0, sizeof buf);
    acc.pos = buf;
    acc.neg = buf + SMALL_LIMBS;
    acc.an = SMALL_LIMBS;
    acc.bot = bot - 64 * SMALL_PAD;
    if (init != NULL) {
        long d = mpfr_custom_get_exp(init) - 64 * n - bot, q = d >> 6;
        if (q >= -SMALL_PAD)
            small_add((mpfr_signbit(init) ? acc.neg : acc.pos) + SMALL_PAD + q,
                      mpfr_custom_get_significand(init), n, (unsigned)d & 63);
    }
    for (long i = 0; i < len; i++) {
        mpfr_srcptr a = x + i * xs, b = y + i * ys;
        const mp_limb_t *xa = mpfr_custom_get_significand(a);
        long d, q;
        int neg;
        if (!mpfr_regular_p(a) || !mpfr_regular_p(b))
            continue;
        d = mpfr_custom_get_exp(a) + mpfr_custom_get_exp(b) - 128 * n - bot;
        neg = (mpfr_signbit(a) != mpfr_signbit(b)) != (sub != 0);
        if (wt == NULL) {
            q = d >> 6;
            if (q >= -SMALL_PAD)
                small_mac((neg ? acc.neg : acc.pos) + SMALL_PAD + q, xa, n,
                          mpfr_custom_get_significand(b), n, (unsigned)d & 63);
        } else {
            long w = wt->w0 + i * wt->dw;
            unsigned long aw = abs_ul(w);
            if (w == 0)
                continue;
            neg ^= w < 0;
            if ((aw & (aw - 1)) == 0) {
                d += __builtin_ctzl(aw); /* a power of two: exact */
                q = d >> 6;
                if (q >= -SMALL_PAD)
                    small_mac((neg ? acc.neg : acc.pos) + SMALL_PAD + q, xa, n,
                              mpfr_custom_get_significand(b), n, (unsigned)d & 63);
            } else {
                /* the weight times X first: N + 1 limbs */
                mp_limb_t c = 0;
#pragma GCC unroll 8
                for (int j = 0; j < n; j++) {
                    u128 t = (u128)xa[j] * aw + c;
                    xw[j] = (mp_limb_t)t;
                    c = (mp_limb_t)(t >> 64);
                }
                xw[n] = c;
                q = d >> 6;
                if (q >= -SMALL_PAD)
                    small_mac((neg ? acc.neg : acc.pos) + SMALL_PAD + q, xw, n + 1,
                              mpfr_custom_get_significand(b), n, (unsigned)d & 63);
            }
        }
    }
    if (mid != NULL && mpfr_regular_p(mid)) {
        long d = 2 * mpfr_custom_get_exp(mid) - 128 * n - bot, q = d >> 6;
        if (q >= -SMALL_PAD)
            small_mac((sub ? acc.neg : acc.pos) + SMALL_PAD + q, mpfr_custom_get_significand(mid), n,
                      mpfr_custom_get_significand(mid), n, (unsigned)d & 63);
    }
    return acc_round(res, &acc);
}

/* ------------------------------------------------------------------ middle sizes
 * Every regular operand and the result of the same precision, of N limbs with
 * SMALL_MAX < N < NHREF_DOT_MP_MULHIGH_MIN (about 68 to 300 digits): the general path's
 * operations in the same order (the same window, GMP's exact mpn_mul_n, acc_addmul,
 * acc_put), so the same result bit for bit, without its per-term checks of sizes and
 * exponent ranges (done once in the scan) and without product()'s dispatch.  A loop
 * over the terms in registers (Comba, as small_dot) was tried at 6 limbs and ran 1.8
 * times slower: GMP's basecase keeps more products in flight than C's carry chains. */
static int mid_dot(mpfr_ptr res, long n, mpfr_srcptr init, int sub, mpfr_srcptr x, long xs,
                   mpfr_srcptr y, long ys, long len, const nhref_dot_mp_weight_t *wt,
                   mpfr_srcptr mid)
{
    mp_limb_t abuf[2 * (NHREF_DOT_MP_MULHIGH_MIN + GUARD + 2)];
    mp_limb_t pbuf[2 * NHREF_DOT_MP_MULHIGH_MIN + 1], sbuf[2 * NHREF_DOT_MP_MULHIGH_MIN + 3];
    mpfr_prec_t prec = mpfr_get_prec(res);
    long emax = LONG_MIN;
    acc_t acc;

    /* the scan: the general path's largest term (a weight W counts bitlen(|W|), 1 without
     * weights), every operand regular or zero, of precision PREC, exponents in range.
     * The operand checks repeat small_dot's: one inline helper for both made the 3-limb
     * path 20 % slower (a micro-benchmark of 36-term sums, 20.8 -> 25.0 ns a term) */
    if (init != NULL) {
        if (!mpfr_regular_p(init) || mpfr_get_prec(init) != prec)
            return -1;
        emax = mpfr_custom_get_exp(init);
        if (emax > NHREF_DOT_MP_MAX_EXP || emax < -NHREF_DOT_MP_MAX_EXP)
            return -1;
    }
    for (long i = 0; i < len; i++) {
        mpfr_srcptr a = x + i * xs, b = y + i * ys;
        long w = wt != NULL ? wt->w0 + i * wt->dw : 1, ea, eb, e;
        if (!mpfr_regular_p(a) || !mpfr_regular_p(b)) {
            if (mpfr_nan_p(a) || mpfr_nan_p(b) || mpfr_inf_p(a) || mpfr_inf_p(b))
                return -1;
            continue; /* a zero product */
        }
        if (mpfr_get_prec(a) != prec || mpfr_get_prec(b) != prec)
            return -1;
        ea = mpfr_custom_get_exp(a);
        eb = mpfr_custom_get_exp(b);
        if (ea > NHREF_DOT_MP_MAX_EXP || ea < -NHREF_DOT_MP_MAX_EXP || eb > NHREF_DOT_MP_MAX_EXP ||
            eb < -NHREF_DOT_MP_MAX_EXP)
            return -1;
        if (w == 0)
            continue;
        e = ea + eb + bitlen_ul(abs_ul(w));
        if (e > emax)
            emax = e;
    }
    if (mid != NULL && mpfr_regular_p(mid)) {
        long e = mpfr_custom_get_exp(mid);
        if (mpfr_get_prec(mid) != prec || e > NHREF_DOT_MP_MAX_EXP / 2 ||
            e < -NHREF_DOT_MP_MAX_EXP / 2)
            return -1;
        if (2 * e > emax)
            emax = 2 * e;
    } else if (mid != NULL && !mpfr_zero_p(mid)) {
        return -1;
    }
    if (emax == LONG_MIN)
        return -1; /* no term: the general path gives the zero its sign */

    acc.an = n + GUARD + 1;
    acc.bot = emax + 64 - 64 * acc.an;
    acc.pos = abuf + 1;
    acc.neg = abuf + acc.an + 2;
    memset(abuf, 0, (size_t)(2 * acc.an + 2) * sizeof *abuf);
    if (init != NULL)
        acc_put(&acc, mpfr_custom_get_significand(init), n, mpfr_custom_get_exp(init) - 64 * n,
                mpfr_signbit(init), sbuf);
    for (long i = 0; i < len; i++) {
        mpfr_srcptr a = x + i * xs, b = y + i * ys;
        long w = wt != NULL ? wt->w0 + i * wt->dw : 1, plow;
        unsigned long aw = abs_ul(w);
        int neg;
        if (!mpfr_regular_p(a) || !mpfr_regular_p(b) || w == 0)
            continue;
        /* only now: a zero's exponent is MPFR's special value, near LONG_MIN */
        plow = mpfr_custom_get_exp(a) + mpfr_custom_get_exp(b) - 128 * n;
        neg = ((mpfr_signbit(a) != mpfr_signbit(b)) != (w < 0)) != (sub != 0);
        mpn_mul_n(pbuf, mpfr_custom_get_significand(a), mpfr_custom_get_significand(b), n);
        acc_add_term(&acc, pbuf, 2 * n, plow, neg, aw, sbuf);
    }
    if (mid != NULL && mpfr_regular_p(mid)) {
        const mp_limb_t *m = mpfr_custom_get_significand(mid);
        mpn_mul_n(pbuf, m, m, n);
        acc_put(&acc, pbuf, 2 * n, 2 * mpfr_custom_get_exp(mid) - 128 * n, sub != 0, sbuf);
    }
    return acc_round(res, &acc);
}

void nhref_dot_mp(mpfr_ptr res, mpfr_srcptr init, int sub, mpfr_srcptr x, long xs,
                  mpfr_srcptr y, long ys, long len, const nhref_dot_mp_weight_t *wt,
                  mpfr_srcptr mid, mpfr_ptr tmp)
{
    mp_limb_t abuf[2 * (NHREF_DOT_MP_MAX_LIMBS + GUARD + 2)];
    mp_limb_t pbuf[4 * NHREF_DOT_MP_MAX_LIMBS + 2], sbuf[2 * NHREF_DOT_MP_MAX_LIMBS + 3];
    mp_limb_t xbuf[2 * NHREF_DOT_MP_MAX_LIMBS], ybuf[2 * NHREF_DOT_MP_MAX_LIMBS], *p;
    long emax = LONG_MIN, nr = limbs_of(res), nterms = 0;
    int allneg = 1; /* every term seen is -0 */
    acc_t acc;

    switch (nr) {
    case 1:
        if (small_dot(res, 1, init, sub, x, xs, y, ys, len, wt, mid) == 0)
            return;
        break;
    case 2:
        if (small_dot(res, 2, init, sub, x, xs, y, ys, len, wt, mid) == 0)
            return;
        break;
    case 3:
        if (small_dot(res, 3, init, sub, x, xs, y, ys, len, wt, mid) == 0)
            return;
        break;
    case 4:
        if (small_dot(res, 4, init, sub, x, xs, y, ys, len, wt, mid) == 0)
            return;
        break;
    default:
        if (nr < NHREF_DOT_MP_MULHIGH_MIN &&
            mid_dot(res, nr, init, sub, x, xs, y, ys, len, wt, mid) == 0)
            return;
        break;
    }

    /* ---- the scan: specials, the largest term */
    if (nr > NHREF_DOT_MP_MAX_LIMBS)
        goto slow;
    if (init != NULL) {
        if (mpfr_regular_p(init)) {
            long e = mpfr_custom_get_exp(init);
            if (limbs_of(init) > NHREF_DOT_MP_MAX_LIMBS || e > NHREF_DOT_MP_MAX_EXP ||
                e < -NHREF_DOT_MP_MAX_EXP)
                goto slow;
            emax = e;
            nterms++;
        } else if (!mpfr_zero_p(init)) {
            goto slow;
        } else {
            allneg &= mpfr_signbit(init) != 0;
        }
    }
    for (long i = 0; i < len; i++) {
        mpfr_srcptr a = x + i * xs, b = y + i * ys;
        long w = wt != NULL ? wt->w0 + i * wt->dw : 1;
        if (mpfr_regular_p(a) && mpfr_regular_p(b)) {
            long ea = mpfr_custom_get_exp(a), eb = mpfr_custom_get_exp(b), e;
            if (ea > NHREF_DOT_MP_MAX_EXP || ea < -NHREF_DOT_MP_MAX_EXP ||
                eb > NHREF_DOT_MP_MAX_EXP || eb < -NHREF_DOT_MP_MAX_EXP ||
                limbs_of(a) > NHREF_DOT_MP_MAX_LIMBS || limbs_of(b) > NHREF_DOT_MP_MAX_LIMBS)
                goto slow;
            if (w == 0) {
                allneg &= (mpfr_signbit(a) != mpfr_signbit(b)) != (sub != 0);
                continue;
            }
            e = ea + eb + bitlen_ul(abs_ul(w));
            if (e > emax)
                emax = e;
            nterms++;
        } else if (mpfr_nan_p(a) || mpfr_nan_p(b) || mpfr_inf_p(a) || mpfr_inf_p(b)) {
            goto slow;
        } else {
            /* a zero product: its sign */
            int neg = (mpfr_signbit(a) != mpfr_signbit(b)) != (w < 0);
            allneg &= neg != (sub != 0);
        }
    }
    if (mid != NULL) {
        if (mpfr_regular_p(mid)) {
            long e = mpfr_custom_get_exp(mid);
            if (e > NHREF_DOT_MP_MAX_EXP / 2 || e < -NHREF_DOT_MP_MAX_EXP / 2 ||
                limbs_of(mid) > NHREF_DOT_MP_MAX_LIMBS)
                goto slow;
            if (2 * e > emax)
                emax = 2 * e;
            nterms++;
        } else if (!mpfr_zero_p(mid)) {
            goto slow;
        } else {
            allneg &= sub != 0; /* mid^2 = +0, negated if SUB */
        }
    }
    if (nterms == 0) {
        if (len == 0 && init == NULL && mid == NULL)
            allneg = 0;
        mpfr_set_zero(res, allneg ? -1 : 1);
        return;
    }

    /* ---- the accumulation: the window's top one limb above the largest term */
    acc.an = nr + GUARD + 1;
    acc.bot = emax + 64 - 64 * acc.an;
    /* each accumulator has one limb below the window (acc_addmul's carries) */
    acc.pos = abuf + 1;
    acc.neg = abuf + acc.an + 2;
    memset(abuf, 0, (size_t)(2 * acc.an + 2) * sizeof *abuf);
    if (init != NULL && mpfr_regular_p(init)) {
        long in = limbs_of(init);
        acc_put(&acc, mpfr_custom_get_significand(init), in,
                mpfr_custom_get_exp(init) - 64 * in, mpfr_signbit(init), sbuf);
    }
    for (long i = 0; i < len; i++) {
        mpfr_srcptr a = x + i * xs, b = y + i * ys;
        long w = wt != NULL ? wt->w0 + i * wt->dw : 1, an, bn, pn, plow;
        unsigned long aw;
        int neg;
        if (!mpfr_regular_p(a) || !mpfr_regular_p(b) || w == 0)
            continue;
        an = limbs_of(a);
        bn = limbs_of(b);
        if (an < bn) {
            mpfr_srcptr t = a;
            long tn = an;
            a = b;
            b = t;
            an = bn;
            bn = tn;
        }
        aw = abs_ul(w);
        /* the weight moves the product up by at most bitlen(aw) bits */
        neg = (mpfr_signbit(a) != mpfr_signbit(b)) != (w < 0);
        if (an == bn && an >= NHREF_DOT_MP_MULHIGH_MIN) {
            p = product_mulhigh(pbuf, &pn, &plow, mpfr_custom_get_significand(a),
                                mpfr_custom_get_significand(b), an,
                                mpfr_custom_get_exp(a) + mpfr_custom_get_exp(b) - 128 * an,
                                acc.bot - bitlen_ul(aw), xbuf, ybuf);
        } else {
            p = pbuf;
            product(pbuf, &pn, &plow, mpfr_custom_get_significand(a), an,
                    mpfr_custom_get_significand(b), bn,
                    mpfr_custom_get_exp(a) + mpfr_custom_get_exp(b) - 64 * (an + bn),
                    acc.bot - bitlen_ul(aw));
        }
        /* the weight and the shift in one pass where they fit (not mpn_mul_1, mpn_lshift,
         * mpn_add_n) */
        acc_add_term(&acc, p, pn, plow, neg != (sub != 0), aw, sbuf);
    }
    if (mid != NULL && mpfr_regular_p(mid)) {
        long mn = limbs_of(mid), pn, plow;
        const mp_limb_t *m = mpfr_custom_get_significand(mid);
        if (mn >= NHREF_DOT_MP_MULHIGH_MIN) {
            p = product_mulhigh(pbuf, &pn, &plow, m, m, mn, 2 * mpfr_custom_get_exp(mid) - 128 * mn,
                                acc.bot, xbuf, ybuf);
            if (acc_addmul(&acc, p, pn, plow, sub != 0, 1) == 0)
                pn = 0; /* added */
        } else {
            p = pbuf;
            product(pbuf, &pn, &plow, m, mn, m, mn, 2 * mpfr_custom_get_exp(mid) - 128 * mn,
                    acc.bot);
        }
        if (pn > 0)
            acc_put(&acc, p, pn, plow, sub != 0, sbuf);
    }

    if (acc_round(res, &acc) == 0)
        return;
slow:
    dot_slow(res, init, sub, x, xs, y, ys, len, wt, mid, tmp);
}
